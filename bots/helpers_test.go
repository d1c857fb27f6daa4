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
	m, err := maps.Load(mapName)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}[:players]
	var out []*rules.Game
	for i := 0; i < games; i++ {
		g, err := rules.New(m, rules.Config{Players: names, Seed: uint64(40 + i)})
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
			if err := g.Step(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}
