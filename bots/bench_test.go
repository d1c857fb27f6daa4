package bots

import (
	"context"
	"testing"
)

// BenchmarkStrongDecision4 is one strong decision on the standard table
// at four players, at several points of a game (go test -bench Strong
// -cpu 1 ./bots).
func BenchmarkStrongDecision4(b *testing.B) {
	benchDecision(b, "standard", 4, Strong)
}

// BenchmarkStrongDecision9 is the same on the nine-house map at nine.
func BenchmarkStrongDecision9(b *testing.B) {
	benchDecision(b, "nine", 9, Strong)
}

func benchDecision(b *testing.B, mapName string, players int, l Level) {
	ps := samplePositions(b, mapName, players, 1, 3)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := ps[i%len(ps)]
		if _, err := Decide(context.Background(), g.Information(g.ToAct()), l, uint64(i)); err != nil {
			b.Fatal(err)
		}
	}
}
