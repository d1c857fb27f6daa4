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
// of a tied combat, a retreat, a discard) it chooses at random. In the
// Citadel variant it plays no Dark Wings card and never studies (it draws
// with its Maesters); a roll's gain or look it chooses at random. It reads
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
	case rules.VResolve:
		// Not a Dark Wings card: an agent, at random.
		n := 0
		for n < len(legal) && legal[n].Verb == rules.VResolve {
			n++
		}
		return legal[r.IntN(n)]
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
	gains, best := raisingExchanges(g, legal)
	var bestActs []rules.Action
	for _, x := range gains {
		if x.score == best {
			bestActs = append(bestActs, x.act)
		}
	}
	if len(bestActs) == 0 {
		a, _ := findVerb(legal, rules.VKeep)
		return a
	}
	return bestActs[r.IntN(len(bestActs))]
}

// gain is an exchange and the seat's score after it.
type gain struct {
	act   rules.Action
	score int
}

// raisingExchanges are the exchanges among legal that raise the seat's
// score against the ranking shown (just computed: the exchange comes
// after it), in legal's order, and the best score any of them makes (the
// score now when none raises it).
func raisingExchanges(g *rules.Game, legal []rules.Action) ([]gain, int) {
	m, card, shown := g.Map(), g.LoyaltyCard(g.ToAct()), g.Shown()
	now := cardScore(m, card, shown)
	best := now
	var out []gain
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
		if sc := cardScore(m, swapped, shown); sc > now {
			out = append(out, gain{a, sc})
			best = max(best, sc)
		}
	}
	return out, best
}

// worthExchanging is what a search weighs at an exchange: keeping, and
// the exchanges that raise the score against the ranking just computed.
// Every exchange reveals a token, and fewest revealed tokens is the
// first tie-break: an exchange that gains nothing now only costs. On the
// nine-house map an exchange has some 70 forms, and a search that gave
// each its share of the iterations could not tell the useless ones from
// keeping (docs/bots.md).
func worthExchanging(g *rules.Game, legal []rules.Action) []rules.Action {
	gains, _ := raisingExchanges(g, legal)
	out := make([]rules.Action, 0, len(gains)+1)
	if a, ok := findVerb(legal, rules.VKeep); ok {
		out = append(out, a)
	}
	for _, x := range gains {
		out = append(out, x.act)
	}
	if len(out) == 0 {
		return legal
	}
	return out
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
