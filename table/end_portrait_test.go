package table

import (
	"math/rand/v2"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestEndPortraitFitsAPhone plays whole random games (four players, and
// nine on the nine-house map with the Citadel) to their end and checks
// the portrait end screen: every widget on the 390×844 canvas, no line
// cut, every house ranked and every player scored, New game and Watch
// the replay at least a finger's 44 px tall, no two taps on one spot.
func TestEndPortraitFitsAPhone(t *testing.T) {
	canvas := ui.Canvas(true)
	for _, tc := range []struct {
		mapName string
		names   []string
		v       rules.Variant
		seed    uint64
	}{
		{"standard", []string{"Alexandra", "Bartholomew", "Christabel", "Demetrius"}, rules.Plain, 3},
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, rules.Citadel, 2},
	} {
		g, err := tabletest.RulesVariant(tc.mapName, tc.names, tc.seed, tc.v)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(tc.seed, 2))
		for !g.Over() {
			legal := g.Legal()
			a := legal[rng.IntN(len(legal))]
			if a.Verb == rules.VArrange {
				a = rules.RandomArrangement(a, rng)
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		u := New(rules.HotSeat(g), Options{Seed: tc.seed})
		u.SetPortrait(true)
		ws := u.Screens().EndPortrait(true)
		var taps []ui.Widget
		for _, w := range ws {
			if !ui.Within(w.R, canvas) {
				t.Fatalf("%s: %q %+v leaves the canvas", tc.mapName, w.Text, w.R)
			}
			if w.Text != "" && !ui.Fits(w, w.Text) {
				t.Fatalf("%s: %q is cut (room %.0f px)", tc.mapName, w.Text, w.R.W)
			}
			if w.T.Kind == ui.TNone {
				continue
			}
			if w.R.H < 44 {
				t.Errorf("%s: %q is %.0f px tall", tc.mapName, w.Text, w.R.H)
			}
			for _, o := range taps {
				if ui.Overlap(w.R, o.R) > 0 {
					t.Fatalf("%s: %q lies over %q", tc.mapName, w.Text, o.Text)
				}
			}
			taps = append(taps, w)
		}
		if len(taps) != 2 {
			t.Fatalf("%s: %d buttons, want New game and Watch the replay", tc.mapName, len(taps))
		}
		v := g.View(rules.Public)
		for _, rk := range v.Ranking {
			if !ui.HasText(ws, RankText(rk)) {
				t.Errorf("%s: the ranking %q is not shown", tc.mapName, RankText(rk))
			}
		}
		for _, p := range v.Players {
			name := u.pos.seatName(p.Seat)
			if _, ok := ui.Find(ws, func(w ui.Widget) bool {
				return w.Text == name+" · "+pointsText(p.Score) || w.Tip == name+" · "+pointsText(p.Score)
			}); !ok {
				t.Errorf("%s: %s's score is not shown", tc.mapName, name)
			}
		}
	}
}
