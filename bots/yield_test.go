package bots

import (
	"context"
	"reflect"
	"testing"
)

// TestYieldKeepsDecisions: a search with a Yield hook (the browser's turn
// between iterations) calls it before every iteration and decides exactly
// as without it, on positions of both maps.
func TestYieldKeepsDecisions(t *testing.T) {
	ctx := context.Background()
	searched := 0
	for i, g := range positions(t) {
		in := g.Information(g.ToAct())
		plain, err := DecideWith(ctx, in, Strong, tiny, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		calls := 0
		hooked := tiny
		hooked.Yield = func() { calls++ }
		got, err := DecideWith(ctx, in, Strong, hooked, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, plain) {
			t.Errorf("position %d: with Yield %+v, without %+v", i, got, plain)
		}
		if plain.Iterations > 0 {
			searched++
		}
		if plain.Iterations > 0 && calls != plain.Iterations {
			t.Errorf("position %d: Yield called %d times in %d iterations", i, calls, plain.Iterations)
		}
	}
	if searched == 0 {
		t.Fatal("no position was searched: the test checked nothing")
	}
}
