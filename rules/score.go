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

// Decider is what decided a game's winner: points alone, or the first
// tie-break that left one seat.
type Decider int

// The deciders, in the order the rules apply them.
const (
	ByPoints    Decider = iota // one seat scored the most points
	ByReveals                  // fewest revealed tokens among the tied
	ByCards                    // most cards of the best-ranked house that separates them
	ByTurnOrder                // next in turn order after the last first player
)

var deciderNames = [...]string{"points", "fewest revealed tokens", "house cards", "turn order"}

func (d Decider) String() string {
	if d >= 0 && int(d) < len(deciderNames) {
		return deciderNames[d]
	}
	return fmt.Sprintf("decider(%d)", int(d))
}

// decide applies the rules' order to scores: the most points, then the
// fewest revealed tokens, then, house by house down ranking, the most
// cards of that house in hand, then turn order after the first player.
// It returns the seats tied on points, the winner, what decided it and,
// for ByCards, the house whose cards did.
func (g *Game) decide(scores []int, ranking []Rank) (tied []Seat, win Seat, by Decider, house board.HouseID) {
	best := slices.Max(scores)
	for i, sc := range scores {
		if sc == best {
			tied = append(tied, Seat(i))
		}
	}
	cands := slices.Clone(tied)
	filter := func(key func(Seat) int) {
		top := key(cands[0])
		for _, c := range cands {
			top = max(top, key(c))
		}
		cands = slices.DeleteFunc(cands, func(c Seat) bool { return key(c) != top })
	}
	if len(cands) == 1 {
		return tied, cands[0], ByPoints, board.NoHouse
	}
	filter(func(c Seat) int { return -g.revealedCount(c) })
	if len(cands) == 1 {
		return tied, cands[0], ByReveals, board.NoHouse
	}
	for _, r := range ranking {
		filter(func(c Seat) int { return g.cardsOf(c, r.House) })
		if len(cands) == 1 {
			return tied, cands[0], ByCards, r.House
		}
	}
	n := g.numSeats()
	for i := Seat(1); i <= n; i++ {
		if c := (g.st.First + i) % n; slices.Contains(cands, c) {
			return tied, c, ByTurnOrder, board.NoHouse
		}
	}
	return tied, cands[0], ByTurnOrder, board.NoHouse
}

// Standing is the game's result as if it ended now: every seat's score
// against the ranking the board makes now (Provisional) and the winner
// the tie-breaks would choose. At game over it is the real result.
func (g *Game) Standing() (scores []int, winner Seat, by Decider) {
	scores = g.Provisional()
	if len(scores) == 0 {
		return scores, -1, ByPoints
	}
	ranking := g.st.Ranking
	if g.st.Phase != PhaseOver {
		ranking = g.computeRanking()
	}
	_, winner, by, _ = g.decide(scores, ranking)
	return scores, winner, by
}

// finish scores the game and decides the winner with the seed's tie-breaks.
func (g *Game) finish() {
	s := &g.st
	n := g.numSeats()
	scores := make([]int, n)
	for i := range n {
		s.Players[i].Score = g.score(i)
		scores[i] = s.Players[i].Score
	}
	tied, win, by, h := g.decide(scores, s.Ranking)
	best, names := scores[win], g.seatList(tied)
	cands := []Seat{win}
	var tie string
	switch by {
	case ByPoints:
		tie = fmt.Sprintf("No tie: %s wins outright with %d points.", g.seatName(win), best)
	case ByReveals:
		tie = fmt.Sprintf("%s tied on %d points; %s wins with the fewest revealed tokens (%d).", names, best, g.seatName(win), g.revealedCount(win))
	case ByCards:
		tie = fmt.Sprintf("%s tied on %d points and revealed tokens; %s wins with the most %s cards in hand (%d).", names, best, g.seatName(win), g.houseName(h), g.cardsOf(win, h))
	default:
		tie = fmt.Sprintf("%s tied on points, revealed tokens and house cards; %s wins as the next in turn order after the last first player.", names, g.seatName(win))
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
