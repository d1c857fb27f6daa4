package bots

import (
	"math/rand/v2"
	"slices"

	"notrueking/board"
	"notrueking/rules"
)

// steady is the baseline every tournament compares against: it arranges
// its loyalty card in the order of the ranking shown, places its agents
// at random, draws with them where it may and otherwise musters and moves
// nothing, plays no card, declines every card effect, and exchanges two
// tokens only when that raises its score against the ranking just
// computed (the best such exchange). What is left to choose (the winner
// of a tied combat, a retreat, a discard) it chooses at random. It reads
// only what its seat sees: g is a sample of its information, used for the
// public ranking and its own card.
func steady(g *rules.Game, legal []rules.Action, r *rand.Rand) rules.Action {
	first := legal[0]
	switch first.Verb {
	case rules.VArrange:
		return byRanking(g, first)
	case rules.VChoose:
		for _, a := range legal {
			if a.Choice == rules.ChooseDraw {
				return a
			}
		}
	case rules.VExchange, rules.VKeep:
		return steadyExchange(g, legal, r)
	}
	for _, v := range []rules.Verb{rules.VDone, rules.VPass, rules.VDecline} {
		if a, ok := findVerb(legal, v); ok {
			return a
		}
	}
	return legal[r.IntN(len(legal))]
}

// steadyExchange is the exchange that raises the seat's score the most
// against the ranking shown (one of the best at random), or keep when
// none raises it.
func steadyExchange(g *rules.Game, legal []rules.Action, r *rand.Rand) rules.Action {
	m, card, shown := g.Map(), g.LoyaltyCard(g.ToAct()), g.Shown()
	best := cardScore(m, card, shown)
	var bestActs []rules.Action
	swapped := make([]board.HouseID, len(card))
	for _, a := range legal {
		if a.Verb != rules.VExchange {
			continue
		}
		copy(swapped, card)
		i, j := slices.Index(swapped, a.A), slices.Index(swapped, a.B)
		if i < 0 || j < 0 {
			continue
		}
		swapped[i], swapped[j] = swapped[j], swapped[i]
		switch sc := cardScore(m, swapped, shown); {
		case sc > best:
			best, bestActs = sc, append(bestActs[:0], a)
		case sc == best && len(bestActs) > 0:
			bestActs = append(bestActs, a)
		}
	}
	if len(bestActs) == 0 {
		a, _ := findVerb(legal, rules.VKeep)
		return a
	}
	return bestActs[r.IntN(len(bestActs))]
}

// byRanking is the loyalty card that follows the ranking shown (the
// strongest house in the best slot).
func byRanking(g *rules.Game, a rules.Action) rules.Action {
	shown := g.Shown()
	if len(shown) != int(a.Order.N) {
		return a
	}
	order := make([]board.HouseID, len(shown))
	for i, rk := range shown {
		order[i] = rk.House
	}
	a.Order = rules.NewArrangement(order)
	return a
}

func findVerb(legal []rules.Action, v rules.Verb) (rules.Action, bool) {
	for _, a := range legal {
		if a.Verb == v {
			return a, true
		}
	}
	return rules.Action{}, false
}

// cardScore is what a loyalty card (houses best slot first) scores
// against a ranking: a token scores its slot's value when its house's
// rank span contains the slot's position.
func cardScore(m *board.Map, card []board.HouseID, ranking []rules.Rank) int {
	n := 0
	for _, rk := range ranking {
		for pos := rk.From; pos <= rk.To && pos <= len(card) && pos <= len(m.LoyaltySlots); pos++ {
			if card[pos-1] == rk.House {
				n += m.LoyaltySlots[pos-1]
			}
		}
	}
	return n
}
