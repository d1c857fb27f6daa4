package table

import (
	"fmt"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestCombatPanelShowsBothSides: while a combat lasts the table shows
// both sides' powers and every term of them, and where it is.
func TestCombatPanelShowsBothSides(t *testing.T) {
	for seed := int64(1); seed < 40; seed++ {
		e, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		tabletest.PlayUntil(t, e, e, seed, func() bool { return e.View(rules.Public).Combat != nil })
		v := e.View(rules.Public)
		if v.Combat == nil {
			continue
		}
		u := New(rules.HotSeat(e), Options{Seed: uint64(seed)})
		u.Reveal(e.ToAct())
		ws := u.Widgets(u.Layout())
		c := v.Combat
		for _, want := range []string{
			fmt.Sprintf("%s attacks: %d", tabletest.HouseName(u.pos.m, c.Attacker), c.AttackerPower),
			fmt.Sprintf("%s defends: %d", tabletest.HouseName(u.pos.m, c.Defender), c.DefenderPower),
			"Combat in " + tabletest.TerrName(u.pos.m, c.Territory),
		} {
			if !ui.HasText(ws, want) {
				t.Errorf("combat panel lacks %q", want)
			}
		}
		for _, term := range append(append([]string{}, c.AttackerTerms...), c.DefenderTerms...) {
			if !ui.HasText(ws, term) {
				t.Errorf("combat panel lacks the term %q", term)
			}
		}
		return
	}
	t.Fatal("no combat in 40 random games")
}

// TestEndScreenFitsNineHouses: at the end of a nine-player game on the
// nine-house map every ranking line, card and token of the end screen lies
// inside the window and none covers another.
func TestEndScreenFitsNineHouses(t *testing.T) {
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}
	for _, tc := range []struct {
		mapName string
		players int
		variant rules.Variant
	}{{"nine", 9, rules.Plain}, {"nine", 2, rules.Plain}, {"standard", 4, rules.Plain},
		// The Citadel's line on the Dark Wings cards held takes a row.
		{"nine", 9, rules.Citadel}} {
		e, err := tabletest.RulesVariant(tc.mapName, names[:tc.players], 3, tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		u := New(rules.HotSeat(e), Options{Seed: 3})
		if tc.variant == rules.Citadel {
			// Studying for the rookery and never playing a card: cards
			// are held at the end.
			tabletest.PlayCitadel(e, 3, rules.VisitRookery, func() bool { return false })
			if HeldWings(e.View(rules.Public)) == "" {
				t.Fatal("the Citadel game ended with no Dark Wings card held: the line went untested")
			}
		} else {
			tabletest.PlayUntil(t, e, e, 3, func() bool { return false })
		}
		if !e.Over() {
			t.Fatalf("%s: game did not end", tc.mapName)
		}
		u.Hide()
		var shown []ui.Widget
		for _, w := range u.screens.End(true) {
			if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > ui.BaseW+0.5 || w.R.Y+w.R.H > ui.BaseH+0.5 {
				t.Errorf("%s, %d players: %q at %v is outside the window", tc.mapName, tc.players, w.Text, w.R)
			}
			if w.Kind != ui.WPanel && w.Text != "" {
				shown = append(shown, w)
			}
		}
		for i, w := range shown {
			for _, o := range shown[i+1:] {
				if ui.Overlap(w.R, o.R) > 0 {
					t.Errorf("%s, %d players: %q at %v overlaps %q at %v", tc.mapName, tc.players, w.Text, w.R, o.Text, o.R)
				}
			}
		}
	}
}
