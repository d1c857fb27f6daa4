package table

import (
	"math/rand/v2"
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestPortraitNoticesFitAPhone plays random games on a phone's portrait
// table (the standard game and the Citadel's) and checks every notice
// that comes — a house card drawn, a combat's result, a Citadel roll and
// secret — and a long scenario comment: the card lies on the 390×844
// canvas, no line of it is cut, and Continue is on it, the whole width,
// at least a finger's 44 px tall, with nothing else to tap over it.
func TestPortraitNoticesFitAPhone(t *testing.T) {
	canvas := ui.Canvas(true)
	seen := map[string]bool{}
	check := func(u *Table, where string) {
		t.Helper()
		kind := u.State().Notices[0].Kind
		ws := u.notices.widgets()
		var cont ui.Widget
		for _, w := range ws {
			if !ui.Within(w.R, canvas) {
				t.Fatalf("%s: the %s notice's %q %+v leaves the canvas", where, kind, w.Text, w.R)
			}
			if w.T.Cmd.Kind == ui.CmdDismiss {
				cont = w
			}
			if w.Text != "" && (w.Kind == ui.WText || w.Kind == ui.WBox || w.Kind == ui.WButton) && !ui.Fits(w, w.Text) {
				t.Fatalf("%s: the %s notice's line %q is cut (room %.0f px)", where, kind, w.Text, w.R.W)
			}
		}
		if cont.R.H < 44 || cont.R.W < canvas.W/2 {
			t.Fatalf("%s: the %s notice's Continue %+v: not a finger's size", where, kind, cont.R)
		}
		for _, w := range ws {
			if w.T.Kind != ui.TNone && w.T.Cmd.Kind != ui.CmdDismiss && w.R != canvas && ui.Overlap(w.R, cont.R) > 0 {
				t.Fatalf("%s: %q lies over Continue", where, w.Text)
			}
		}
		seen[kind] = true
	}
	for _, tc := range []struct {
		mapName string
		names   []string
		v       rules.Variant
		seed    uint64
	}{
		{"standard", []string{"Maximilian Aurelio", "Ben", "Cy"}, rules.Plain, 3},
		{"standard", []string{"Ann", "Ben", "Cy", "Di"}, rules.Citadel, 7},
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, rules.Citadel, 2},
	} {
		g, err := tabletest.RulesVariant(tc.mapName, tc.names, tc.seed, tc.v)
		if err != nil {
			t.Fatal(err)
		}
		u := New(rules.HotSeat(g), Options{Seed: tc.seed})
		u.SetPortrait(true)
		rng := rand.New(rand.NewPCG(tc.seed, 1))
		for step := 0; step < 900 && !g.Over(); step++ {
			u.Reveal(g.ToAct())
			legal := g.Legal()
			a := legal[rng.IntN(len(legal))]
			if a.Verb == rules.VArrange {
				a = rules.RandomArrangement(a, rng)
			}
			u.Apply(a)
			for n := 0; u.notices.holding() && n < 10; n++ {
				check(u, tc.mapName)
				u.Do(ui.Command{Kind: ui.CmdDismiss})
			}
		}
	}
	g, _ := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 3)
	u := New(rules.HotSeat(g), Options{Seed: 3})
	u.SetPortrait(true)
	u.NoticeScenario("a-very-long-scenario-file-name-for-a-phone.toml", []string{strings.Repeat("Move the Greyjoy ships to Blackwater Bay and attack. ", 12), "Then see what happens."})
	check(u, "scenario")
	for _, k := range []string{"drawn", "result", "roll", "scenario"} {
		if !seen[k] {
			t.Errorf("no %s notice came to be checked", k)
		}
	}
}
