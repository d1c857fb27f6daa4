package rules

import (
	"fmt"
	"slices"
	"strings"

	"notrueking/board"
)

// score returns what seat's loyalty card scores against the displayed
// ranking: a token scores its slot's value when its house's rank span
// contains the slot's position.
func (g *Game) score(seat Seat) int {
	return ScoreCard(g.m.LoyaltySlots, g.st.Players[seat].Loyalty, g.st.Ranking)
}

// ScoreCard is what a loyalty card (houses, best slot first) scores
// against a ranking: each token scores its slot's value (slots, the map's
// LoyaltySlots) when its house's rank span contains the slot's position.
// A house the ranking does not list scores nothing.
func ScoreCard(slots []int, card []board.HouseID, ranking []Rank) int {
	n := 0
	for i, h := range card {
		for _, r := range ranking {
			if r.House == h && i < len(slots) && r.From <= i+1 && i+1 <= r.To {
				n += slots[i]
			}
		}
	}
	return n
}

func (g *Game) revealedCount(seat Seat) int {
	n := 0
	for _, r := range g.st.Players[seat].Revealed {
		if r {
			n++
		}
	}
	return n
}

func (g *Game) cardsOf(seat Seat, h board.HouseID) int {
	n := 0
	for _, c := range g.st.Players[seat].Hand {
		if g.cardHouse(c) == h {
			n++
		}
	}
	return n
}

// finish scores the game and decides the winner with the seed's tie-breaks.
func (g *Game) finish() {
	s := &g.st
	n := g.numSeats()
	best := -1
	for i := range g.numSeats() {
		s.Players[i].Score = g.score(i)
		best = max(best, s.Players[i].Score)
	}
	var cands []Seat
	for i := range n {
		if s.Players[i].Score == best {
			cands = append(cands, i)
		}
	}
	filter := func(key func(Seat) int) {
		top := key(cands[0])
		for _, c := range cands {
			top = max(top, key(c))
		}
		var out []Seat
		for _, c := range cands {
			if key(c) == top {
				out = append(out, c)
			}
		}
		cands = out
	}
	tie := fmt.Sprintf("No tie: %s wins outright with %d points.", g.seatName(cands[0]), best)
	if len(cands) > 1 {
		names := g.seatList(cands)
		tie = ""
		filter(func(c Seat) int { return -g.revealedCount(c) })
		if len(cands) == 1 {
			tie = fmt.Sprintf("%s tied on %d points; %s wins with the fewest revealed tokens (%d).", names, best, g.seatName(cands[0]), g.revealedCount(cands[0]))
		}
		for _, r := range s.Ranking {
			if tie != "" {
				break
			}
			h := r.House
			filter(func(c Seat) int { return g.cardsOf(c, h) })
			if len(cands) == 1 {
				tie = fmt.Sprintf("%s tied on %d points and revealed tokens; %s wins with the most %s cards in hand (%d).", names, best, g.seatName(cands[0]), g.houseName(h), g.cardsOf(cands[0], h))
			}
		}
		if tie == "" {
			for i := Seat(1); i <= n; i++ {
				if c := (s.First + i) % n; slices.Contains(cands, c) {
					cands = []Seat{c}
					break
				}
			}
			tie = fmt.Sprintf("%s tied on points, revealed tokens and house cards; %s wins as the next in turn order after the last first player.", names, g.seatName(cands[0]))
		}
	}
	s.Winners = cands
	s.TieBreak = tie
	s.Phase = PhaseOver
	s.Turn = -1
	start := len(g.items)
	g.addRanking(s.Ranking)
	for i := range n {
		g.addItem(s.Players[i].Score)
	}
	g.emit(Event{Seat: Public, Kind: EvGameOver, Who: cands[0], N: int16(len(s.Ranking)), List: g.listFrom(start)})
	for i := range n {
		start := len(g.items)
		for _, h := range s.Players[i].Loyalty {
			g.addItem(int(h))
		}
		g.emit(Event{Seat: Public, Kind: EvLoyaltyRevealed, Who: i, List: g.listFrom(start)})
	}
}

func (g *Game) seatList(seats []Seat) string {
	var names []string
	for _, s := range seats {
		names = append(names, g.seatName(s))
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
