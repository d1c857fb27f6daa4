package table

import (
	"math/rand/v2"
	"regexp"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
)

// secondPerson finds "you" or "your" as words.
var secondPerson = regexp.MustCompile(`(?i)\byou(r|rs)?\b`)

// TestSpectatorIsNeverAddressed: over random games on both maps (the
// nine-house one with the Citadel), a spectator's table — a desk holding
// no seat, nobody shown — never says "you" or "your" in any text or
// tooltip: it watches other people's turns, none of them its own.
func TestSpectatorIsNeverAddressed(t *testing.T) {
	for _, tc := range []struct {
		mapName string
		names   []string
		v       rules.Variant
		seed    uint64
	}{
		{"standard", []string{"Ann", "Ben", "Cy", "Di"}, rules.Plain, 4},
		{"nine", []string{"A", "B", "C", "D", "E", "F"}, rules.Citadel, 6},
	} {
		g, err := tabletest.RulesVariant(tc.mapName, tc.names, tc.seed, tc.v)
		if err != nil {
			t.Fatal(err)
		}
		u := New(rules.DeskOf(g), Options{Seed: tc.seed})
		u.Reveal(rules.Public)
		rng := rand.New(rand.NewPCG(tc.seed, 3))
		seen := map[string]bool{}
		steps := 400
		if testing.Short() {
			steps = 120
		}
		for step := 0; step < steps && !g.Over(); step++ {
			for _, portrait := range []bool{false, true} {
				u.SetPortrait(portrait)
				for _, w := range u.Widgets(u.Layout()) {
					for _, s := range []string{w.Text, w.Tip} {
						if secondPerson.MatchString(s) && !seen[s] {
							seen[s] = true
							t.Errorf("%s after %d actions: a spectator reads %q", tc.mapName, g.Len(), s)
						}
					}
				}
			}
			legal := g.Legal()
			a := legal[rng.IntN(len(legal))]
			if a.Verb == rules.VArrange {
				a = rules.RandomArrangement(a, rng)
			}
			evs, err := g.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			u.Follow(rules.ForDesk(evs, u.Game().Holds), false, "")
		}
	}
}
