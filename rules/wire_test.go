package rules_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"notrueking/rules"
)

// TestActionsAndViewsEncode: what a game answers and is asked (its legal
// actions, each seat's view, the events of an action) encodes to JSON and
// decodes to the same value, at every step of random games: a game served
// by another process can stand behind a screen (table.Game). An agent
// action's zero Choice once wrote "choice(0)", which did not read back.
func TestActionsAndViewsEncode(t *testing.T) {
	m := mustStandard(t)
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := rules.New(m, rules.Config{Players: playerNames[:3], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		p := newRandomPlayer(seed, 0.35)
		roundTrip := func(what string, v, into any) {
			t.Helper()
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatalf("seed %d, %s: %v", seed, what, err)
			}
			if err := json.Unmarshal(b, into); err != nil {
				t.Fatalf("seed %d, %s: %s does not read back: %v", seed, what, b, err)
			}
		}
		for step := 0; !g.Over(); step++ {
			legal := g.Legal()
			var back []rules.Action
			roundTrip("legal actions", legal, &back)
			if !reflect.DeepEqual(back, legal) {
				t.Fatalf("seed %d step %d: the legal actions read back as %v, were %v", seed, step, back, legal)
			}
			if step%7 == 0 {
				for seat := rules.Public; int(seat) < len(g.Seats()); seat++ {
					v := g.View(seat)
					var vb rules.View
					roundTrip("a view", v, &vb)
					a, _ := json.Marshal(v)
					b, _ := json.Marshal(vb)
					if string(a) != string(b) {
						t.Fatalf("seed %d step %d: seat %d's view reads back otherwise", seed, step, seat)
					}
				}
			}
			evs, err := g.Apply(p.pick(legal))
			if err != nil {
				t.Fatal(err)
			}
			var eb []rules.Event
			roundTrip("events", evs, &eb)
			if !reflect.DeepEqual(eb, evs) {
				t.Fatalf("seed %d step %d: the events read back as %v, were %v", seed, step, eb, evs)
			}
		}
	}
}
