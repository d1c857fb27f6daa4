package bots

import (
	"math"
	"slices"

	"notrueking/board"
	"notrueking/rules"
)

// The opponent model: how likely a card makes what a seat did in public.
// A seat is taken to be a player who wants its card to score against the
// rankings it saw:
//
//   - it arranged its card near the ranking shown then: log-weight
//     modelBeta per point the card scored against it;
//   - each exchange moved its score against the ranking just computed:
//     modelBeta per point gained (a loss counts against the card);
//   - each agent it placed on a house's slot helps that house:
//     modelAgent times the slot value of the house's token on its card
//     over the best slot's value.
//
// Keeping a card says little (random seats rarely keep, search seats
// often): it is not weighed. Each sample draws modelCandidates random
// orders of each other seat's face-down tokens and keeps one in
// proportion to exp(log-weight) (rules.Information.SampleWeighted): a
// cheap approximation of the posterior that cannot trust the model more
// than the best of a few random orders.
const (
	modelBeta       = 0.6
	modelAgent      = 0.5
	modelCandidates = 8
)

// opponentModel weighs cards by the deeds of in's other seats.
type opponentModel struct {
	m     *board.Map
	deeds [][]rules.Deed
	top   float64
	work  []board.HouseID
}

func newOpponentModel(in *rules.Information) *opponentModel {
	om := &opponentModel{m: in.Map(), deeds: make([][]rules.Deed, in.Players())}
	for o := range om.deeds {
		om.deeds[o] = in.Deeds(rules.Seat(o))
	}
	om.top = float64(slices.Max(om.m.LoyaltySlots))
	return om
}

// logWeight is how well card (the seat's card now) explains o's deeds:
// the deeds are read newest first, undoing each exchange to get the card
// the seat held before it.
func (om *opponentModel) logWeight(o rules.Seat, card []board.HouseID) float64 {
	c := append(om.work[:0], card...)
	om.work = c
	lw := 0.0
	ds := om.deeds[o]
	for i := len(ds) - 1; i >= 0; i-- {
		d := ds[i]
		switch d.Verb {
		case rules.VExchange:
			if d.I < 0 || d.J < 0 || d.I >= len(c) || d.J >= len(c) {
				continue
			}
			after := cardScore(om.m, c, d.Ranking)
			c[d.I], c[d.J] = c[d.J], c[d.I]
			lw += modelBeta * float64(after-cardScore(om.m, c, d.Ranking))
		case rules.VPlace:
			if i := slices.Index(c, d.House); i >= 0 {
				lw += modelAgent * float64(om.m.LoyaltySlots[i]) / om.top
			}
		case rules.VArrange:
			lw += modelBeta * float64(cardScore(om.m, c, d.Ranking))
		}
	}
	return lw
}

func (om *opponentModel) weight(o rules.Seat, card []board.HouseID) float64 {
	return math.Exp(om.logWeight(o, card))
}
