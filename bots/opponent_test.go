package bots

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"notrueking/rules"
)

// steadyPositions are positions of games of steady seats (and one random
// seat), every k-th steady decision.
func steadyPositions(t *testing.T, mapName string, players, games, k int) []*rules.Game {
	var out []*rules.Game
	n := 0
	steadyGames(t, mapName, players, games, func(g *rules.Game, a rules.Action) {
		if n++; n%k == 0 && len(g.Legal()) > 1 {
			out = append(out, g.Clone())
		}
	})
	return out
}

// The model finds cards that explain what a seat did: against steady
// seats (which arrange by the ranking and exchange only to gain), deals
// weighted by the model put more of their face-down tokens on their real
// slots than uniform deals do.
func TestOpponentModelFindsTheCardsThatExplainTheDeeds(t *testing.T) {
	var hits [2]int
	tokens := 0
	for i, g := range steadyPositions(t, "standard", 4, 2, 9) {
		seat := g.ToAct()
		in := g.Information(seat)
		om := newOpponentModel(in)
		r := rand.New(rand.NewPCG(uint64(i), 5))
		for range 20 {
			for k, s := range []*rules.Game{in.Sample(r), in.SampleWeighted(r, modelCandidates, om.weight)} {
				for o := range rules.Seat(in.Players()) {
					if o == seat {
						continue
					}
					real, dealt := g.LoyaltyCard(o), s.LoyaltyCard(o)
					for j := range real {
						if k == 0 && !g.View(seat).Players[o].Loyalty[j].Revealed {
							tokens++
						}
						if real[j] == dealt[j] && !g.View(seat).Players[o].Loyalty[j].Revealed {
							hits[k]++
						}
					}
				}
			}
		}
	}
	if tokens == 0 {
		t.Fatal("no face-down tokens to deal")
	}
	uni, mod := float64(hits[0])/float64(tokens), float64(hits[1])/float64(tokens)
	t.Logf("face-down tokens on their real slot: uniform %.3f, model %.3f (%d tokens)", uni, mod, tokens)
	if mod < 1.5*uni {
		t.Fatalf("the model put %.3f of the tokens on their real slot, uniform deals %.3f: it explains nothing", mod, uni)
	}
}

// The model cannot cheat: it reads only the public deeds, so with every
// secret hidden from the seat dealt again from the real state
// (RedealSecrets, not Information), the deeds, the weights and the
// searches that use them stay the same — at positions where the model
// does change the search (the control: the same search with uniform deals
// differs somewhere).
func TestOpponentModelCannotCheat(t *testing.T) {
	ctx := context.Background()
	uniform := tiny
	uniform.Candidates = 0
	modelMatters := 0
	for i, g := range steadyPositions(t, "standard", 4, 1, 11) {
		seat := g.ToAct()
		r := rand.New(rand.NewPCG(uint64(i), 13))
		h := g.RedealSecrets(seat, r)
		a, b := g.Information(seat), h.Information(seat)
		for o := range rules.Seat(a.Players()) {
			if !reflect.DeepEqual(a.Deeds(o), b.Deeds(o)) {
				t.Fatalf("position %d: seat %d's deeds changed with the secrets", i, o)
			}
			card := h.LoyaltyCard(o)
			if wa, wb := newOpponentModel(a).weight(o, card), newOpponentModel(b).weight(o, card); wa != wb {
				t.Fatalf("position %d: seat %d's card weighs %v, then %v", i, o, wa, wb)
			}
		}
		want, err := DecideWith(ctx, a, Easy, tiny, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		got, err := DecideWith(ctx, b, Easy, tiny, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("position %d: the modelled search changed with the other seats' secrets: %q, then %q", i, want.Action.Format(g.Map()), got.Action.Format(g.Map()))
		}
		u, err := DecideWith(ctx, a, Easy, uniform, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(u.Top, want.Top) {
			modelMatters++
		}
	}
	if modelMatters == 0 {
		t.Fatal("the model never changed a search: the test could not see it cheat")
	}
}

// The greedy playout exchanges like steady: it makes the most points any
// exchange makes against the ranking just computed, never fewer than
// keeping; the uniform one often makes fewer.
func TestGreedyPlayoutExchangesOnlyToGain(t *testing.T) {
	n, worse := 0, 0
	for i, g := range samplePositions(t, "standard", 4, 2, 1) {
		legal := g.Legal()
		if legal[0].Verb != rules.VExchange && legal[0].Verb != rules.VKeep {
			continue
		}
		n++
		after, _, best := exchangeScores(t, g)
		if got := after(playout(g, legal, Greedy, rand.New(rand.NewPCG(uint64(i), 1)))); got != best {
			t.Fatalf("the greedy playout makes %d points where %d are possible", got, best)
		}
		if after(playout(g, legal, Uniform, rand.New(rand.NewPCG(uint64(i), 1)))) < best {
			worse++
		}
	}
	if n == 0 || worse == 0 {
		t.Fatalf("%d exchanges, the uniform playout made fewer points in %d: the policies do not differ", n, worse)
	}
}
