package bots

import (
	"math/rand/v2"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
)

// samplePositions plays games random games of the map and keeps the
// position at every k-th decision.
func samplePositions(t testing.TB, mapName string, players, games, k int) []*rules.Game {
	t.Helper()
	return variantPositions(t, mapName, rules.Plain, players, games, k)
}

// variantPositions is samplePositions for games of variant v.
func variantPositions(t testing.TB, mapName string, v rules.Variant, players, games, k int) []*rules.Game {
	t.Helper()
	m, err := maps.Load(mapName)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}[:players]
	var out []*rules.Game
	for i := 0; i < games; i++ {
		g, err := rules.New(m, rules.Config{Players: names, Seed: uint64(40 + i), Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 9))
		var legal []rules.Action
		for n := 0; !g.Over(); n++ {
			legal = g.AppendLegal(legal[:0])
			if n%k == k-1 && len(legal) > 1 {
				out = append(out, g.Clone())
			}
			a := legal[r.IntN(len(legal))]
			if a.Verb == rules.VArrange {
				a = rules.RandomArrangement(a, r)
			}
			for _, l := range legal {
				// In a Citadel game, study often and hold the Dark Wings
				// cards a while, so that their secrets are in play.
				if (l.Verb == rules.VStudy && r.IntN(3) > 0) || ((l.Verb == rules.VLostOrders || l.Verb == rules.VIllTidings) && r.IntN(5) == 0) {
					a = l
					break
				}
			}
			if err := g.Step(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// exchangeScores scores the exchange choices of the seat to act on the
// real game (the ranking was just computed, so Provisional scores against
// it): after gives the seat's score after an action, now its score now,
// best the most any legal action makes.
func exchangeScores(t testing.TB, g *rules.Game) (after func(rules.Action) int, now, best int) {
	t.Helper()
	seat := g.ToAct()
	after = func(a rules.Action) int {
		c := g.Clone()
		if _, err := c.Apply(a); err != nil {
			t.Fatal(err)
		}
		return c.Provisional()[seat]
	}
	now = g.Provisional()[seat]
	best = now
	for _, a := range g.Legal() {
		best = max(best, after(a))
	}
	return after, now, best
}
