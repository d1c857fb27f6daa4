package bots

import (
	"context"
	"slices"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
)

// steadyGames plays games on the map where every seat is steady except
// the seats listed as random, and calls at for every decision before it
// is applied.
func steadyGames(t *testing.T, mapName string, players, games int, at func(g *rules.Game, a rules.Action)) {
	t.Helper()
	m, err := maps.Load(mapName)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}[:players]
	for i := range games {
		g, err := rules.New(m, rules.Config{Players: names, Seed: uint64(70 + i)})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Over() {
			seat := g.ToAct()
			lv := Steady
			if int(seat) == i%players {
				lv = Random // one random seat, so the ranking moves
			}
			d, err := Decide(context.Background(), g.Information(seat), lv, uint64(i)*31+uint64(g.Len()))
			if err != nil {
				t.Fatal(err)
			}
			if lv == Steady {
				at(g, d.Action)
			}
			if _, err := g.Apply(d.Action); err != nil {
				t.Fatalf("steady's %q refused: %v", d.Action.Format(m), err)
			}
		}
	}
}

// The steady bot arranges its card by the ranking shown, never musters,
// moves, plays a card or uses a card's effect, and exchanges exactly when
// an exchange raises its score against the ranking just computed — by as
// much as the best exchange does.
func TestSteadyPlaysTheBaseline(t *testing.T) {
	exchanges, keeps, places := 0, 0, 0
	steadyGames(t, "standard", 4, 2, func(g *rules.Game, a rules.Action) {
		seat := g.ToAct()
		switch a.Verb {
		case rules.VMuster, rules.VMove, rules.VPlay, rules.VRemove, rules.VLook:
			t.Fatalf("steady chose %q", a.Format(g.Map()))
		case rules.VPlace:
			places++
		case rules.VArrange:
			v := g.View(seat)
			for i, h := range a.Order.Houses() {
				if h != v.Ranking[i].House {
					t.Fatalf("steady's card %q does not follow the ranking shown", a.Format(g.Map()))
				}
			}
		case rules.VExchange, rules.VKeep:
			// Score every legal choice on the real game.
			after, now, best := exchangeScores(t, g)
			got := after(a)
			if a.Verb == rules.VKeep {
				keeps++
				if best > now {
					t.Fatalf("steady kept at %d points where an exchange makes %d", now, best)
				}
			} else {
				exchanges++
				if got != best || got <= now {
					t.Fatalf("steady's exchange %q makes %d points from %d; the best makes %d", a.Format(g.Map()), got, now, best)
				}
			}
		}
	})
	if exchanges == 0 || keeps == 0 || places == 0 {
		t.Fatalf("%d exchanges, %d keeps, %d placements: the games did not test the choices", exchanges, keeps, places)
	}
}

// Steady places its agents at random (from the seed), so two seeds place
// differently, and the same seed places the same.
func TestSteadyIsDeterministicFromTheSeed(t *testing.T) {
	var slots [2][]rules.Action
	for _, g := range positions(t) {
		if g.Legal()[0].Verb != rules.VPlace {
			continue
		}
		for k := range slots {
			a, err := Decide(context.Background(), g.Information(g.ToAct()), Steady, uint64(k))
			if err != nil {
				t.Fatal(err)
			}
			b, _ := Decide(context.Background(), g.Information(g.ToAct()), Steady, uint64(k))
			if a.Action != b.Action {
				t.Fatalf("the same seed placed %q, then %q", a.Action.Format(g.Map()), b.Action.Format(g.Map()))
			}
			slots[k] = append(slots[k], a.Action)
		}
	}
	if len(slots[0]) == 0 || slices.Equal(slots[0], slots[1]) {
		t.Fatalf("%d placements, the same with two seeds", len(slots[0]))
	}
}

// At an exchange a search weighs only keeping and the exchanges that
// raise its seat's score against the ranking just computed: every option
// it considers makes more points than keeping, or is keeping, and with
// no gain to be had it keeps without searching. (Every exchange reveals
// a token, the first tie-break: on the nine-house map a search that
// spread its iterations over some 70 exchanges revealed twice as many
// tokens as steady and lost on the tie-break.) The positions come from
// random games (cards that gain by an exchange) and steady ones (cards
// that follow the ranking: often nothing to gain).
func TestSearchWeighsOnlyKeepingAndGains(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		mapName string
		players int
	}{{"standard", 4}, {"nine", 9}} {
		kept, gained := 0, 0
		check := func(g *rules.Game, i int) {
			legal := g.Legal()
			if legal[0].Verb != rules.VExchange && legal[0].Verb != rules.VKeep {
				return
			}
			after, now, best := exchangeScores(t, g)
			d, err := DecideWith(ctx, g.Information(g.ToAct()), Strong, tiny, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			opts := []rules.Action{d.Action}
			for _, o := range d.Top {
				opts = append(opts, o.Action)
			}
			for _, a := range opts {
				if a.Verb != rules.VKeep && after(a) <= now {
					t.Fatalf("%s position %d: the search weighed %q, which makes %d points where keeping makes %d",
						c.mapName, i, a.Format(g.Map()), after(a), now)
				}
			}
			if best > now {
				gained++
				return
			}
			kept++
			if d.Action.Verb != rules.VKeep || d.Iterations != 0 {
				t.Errorf("%s position %d: nothing to gain, the search chose %q after %d iterations", c.mapName, i, d.Action.Format(g.Map()), d.Iterations)
			}
		}
		for i, g := range samplePositions(t, c.mapName, c.players, 1, 1) {
			check(g, i)
		}
		n := 0
		steadyGames(t, c.mapName, c.players, 1, func(g *rules.Game, _ rules.Action) {
			n++
			check(g, 1000+n)
		})
		if kept == 0 || gained == 0 {
			t.Fatalf("%s: %d exchange positions with nothing to gain, %d with a gain: the test sees too little", c.mapName, kept, gained)
		}
	}
}
