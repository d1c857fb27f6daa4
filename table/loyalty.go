package table

import (
	"math/rand"

	"notrueking/board"
	"notrueking/rules"
)

// The seat's loyalty card on the table: laid out to arrange (in the map's
// house order, a hint's order, shuffled, tokens swapped by two clicks),
// or its tokens picked to exchange at the end of a round. The private
// panel draws it.

// loyaltyCard is the loyalty card being arranged (houses, in slot order;
// sel the token picked to swap, -1 none) and the tokens picked to
// exchange; rng seeds its Shuffle button.
type loyaltyCard struct {
	t      *Table
	houses []board.HouseID
	sel    int
	picked []int
	rng    *rand.Rand
}

// reset drops the tokens picked.
func (lc *loyaltyCard) reset() {
	lc.picked = nil
	lc.sel = -1
}

// shuffle lays the card being arranged out at random.
func (lc *loyaltyCard) shuffle() {
	lc.rng.Shuffle(len(lc.houses), func(i, j int) { lc.houses[i], lc.houses[j] = lc.houses[j], lc.houses[i] })
	lc.sel = -1
}

// ready lays out the loyalty card to arrange, in the map's house
// order, when the seat shown is to arrange it and has not begun: at the
// curtain's lift, or when its turn comes with its panel in view (a seat
// played alone at a screen while bots or other devices arrange first).
func (lc *loyaltyCard) ready() {
	u := lc.t
	if u.pos.shown < 0 || len(lc.houses) > 0 || !u.pos.has(rules.VArrange) {
		return
	}
	lc.houses = make([]board.HouseID, len(u.pos.m.Houses))
	for h := range u.pos.m.NumHouses() {
		lc.houses[h] = h
	}
}

// click is a click on token i of the seat's loyalty card: while it is
// arranged, the first click picks a token and the second swaps them;
// at the exchange, two tokens picked ask the engine (or the chooser,
// which token to reveal).
func (lc *loyaltyCard) click(i int) {
	u := lc.t
	if u.pos.has(rules.VArrange) {
		if i < 0 || i >= len(lc.houses) {
			return
		}
		if lc.sel < 0 {
			lc.sel = i
			return
		}
		lc.houses[lc.sel], lc.houses[i] = lc.houses[i], lc.houses[lc.sel]
		lc.sel = -1
		return
	}
	if !u.pos.has(rules.VExchange) {
		u.setMsg("Your loyalty tokens can only be exchanged at the end of a round.", true)
		return
	}
	for k, s := range lc.picked {
		if s == i {
			lc.picked = append(lc.picked[:k], lc.picked[k+1:]...)
			return
		}
	}
	lc.picked = append(lc.picked, i)
	if len(lc.picked) < 2 {
		return
	}
	card := u.pos.priv.Players[u.pos.shown].Loyalty
	if lc.picked[0] >= len(card) || lc.picked[1] >= len(card) {
		lc.picked = nil
		return
	}
	a, b := card[lc.picked[0]].House, card[lc.picked[1]].House
	as := u.pos.filter(func(x rules.Action) bool {
		return x.Verb == rules.VExchange && ((x.A == a && x.B == b) || (x.A == b && x.B == a))
	})
	if !u.ch.pick("Which token do you reveal?", as) {
		reveal := a
		if card[lc.picked[0]].Revealed {
			reveal = b
		}
		u.ch.explain(rules.Action{Seat: u.pos.shown, Verb: rules.VExchange, A: a, B: b, Reveal: reveal}, "")
		lc.picked = nil
	}
}
