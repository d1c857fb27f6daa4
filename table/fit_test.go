package table

import (
	"math/rand"
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestWidgetsFitAndDoNotOverlap plays random standard games and, at every
// step, checks the table the seat to act sees (also with a muster chooser
// or move steppers open, on a copy of the game): no two clickable widgets
// overlap (a click would be ambiguous) and every button or box label fits.
func TestWidgetsFitAndDoNotOverlap(t *testing.T) {
	reported := map[string]bool{}
	check := func(u *Table, l Layout, where string) {
		t.Helper()
		var click []ui.Widget
		for _, w := range u.panels.table(l) {
			if w.T.Kind != ui.TNone {
				for _, o := range click {
					if ui.Overlap(w.R, o.R) > 0 {
						t.Fatalf("%s: clickable %q %+v overlaps %q %+v", where, w.Text, w.R, o.Text, o.R)
					}
				}
				click = append(click, w)
			}
			if w.Kind != ui.WButton && w.Kind != ui.WBox {
				continue
			}
			bold := w.Bold || w.Kind == ui.WButton
			for _, line := range strings.Split(w.Text, "\n") {
				room := w.R.W - 6 - keyHintW(w.Key)
				if w.T.Kind == ui.TSlot || line == "" {
					continue // a long name is shortened; the tooltip names the owner in full
				}
				if adv := advance(line, w.Size, bold); adv > room && !reported[line] {
					reported[line] = true
					t.Errorf("%s: label %q needs %.0f px, its box is %.0f wide", where, line, adv, w.R.W)
				}
			}
		}
	}
	probed := map[rules.Verb]bool{}
	// Seeds 5 to 7 are Citadel games (its pieces on every row, the Dark
	// Wings cards, its choosers).
	for seed := uint64(1); seed <= 7; seed++ {
		names := []string{"Alexandra", "Bartholomew", "Christabel", "Demetrius"}[:2+int(seed)%3]
		v := rules.Plain
		if seed > 4 {
			v = rules.Citadel
		}
		e, err := tabletest.RulesVariant("standard", names, seed, v)
		if err != nil {
			t.Fatal(err)
		}
		g := e
		l := NewLayout(g.Map().Grid.W, g.Map().Grid.H, len(names), 0)
		rng := rand.New(rand.NewSource(int64(seed)))
		u := New(rules.HotSeat(g), Options{Seed: seed})
		for step := 0; step < 400 && !g.Over(); step++ {
			u.Reveal(g.ToAct())
			check(u, l, "table")
			legal := g.Legal()
			a := legal[rng.Intn(len(legal))]
			if c := tabletest.CitadelActions(legal); len(c) > 0 && rng.Intn(2) == 0 {
				a = c[rng.Intn(len(c))]
			}
			if from := a.From; a.Verb == rules.VMuster || a.Verb == rules.VMove {
				probe := *u
				probe.wire()
				c := g.Clone()
				probe.pos.eng = rules.HotSeat(c)
				probe.ch.items = nil
				probe.Reveal(g.ToAct())
				probe.clickTerritory(from)
				if a.Verb == rules.VMove {
					probe.clickTerritory(a.To)
				}
				check(&probe, l, "chooser/steppers")
			}
			if c := citadelChooser(a); c.Kind != ui.CmdNone {
				probe := *u
				probe.wire()
				probe.ch.items = nil
				probe.Reveal(g.ToAct())
				probe.command(c)
				check(&probe, l, "Citadel chooser "+a.Verb.String())
				probed[a.Verb] = true
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, v := range []rules.Verb{rules.VStudy, rules.VLostOrders, rules.VIllTidings} {
		if !probed[v] {
			t.Errorf("no chooser of %s was checked", v)
		}
	}
}

// TestHousesPanelRowsFit: with nine houses (short rows) and with the
// standard five, every widget of the Houses panel (names, slots, ranks,
// rank facts, decks) lies inside the panel, no two of them overlap, and
// every rank, fact and deck count fits its box.
func TestHousesPanelRowsFit(t *testing.T) {
	for _, tc := range []struct {
		mapName string
		names   []string
	}{
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}},
		{"standard", []string{"A", "B", "C", "D"}},
	} {
		g, err := tabletest.RulesGame(tc.mapName, tc.names, 1)
		if err != nil {
			t.Fatal(err)
		}
		u := New(rules.HotSeat(g), Options{Seed: 1})
		u.Reveal(g.ToAct())
		l := NewLayout(g.Map().Grid.W, g.Map().Grid.H, len(tc.names), len(g.Map().Houses))
		ws := u.panels.houses.widgets(l)
		var parts []ui.Widget
		ranks := 0
		for _, w := range ws[1:] {
			if w.Kind == ui.WPanel {
				continue
			}
			parts = append(parts, w)
			if w.Kind == ui.WBox && w.T.Kind == ui.TNone && strings.Contains(w.Tip, " ranks ") {
				ranks++
			}
		}
		if ranks != len(g.Map().Houses) {
			t.Errorf("%s: %d rank boxes, want one per house (%d)", tc.mapName, ranks, len(g.Map().Houses))
		}
		for i, w := range parts {
			if w.R.X < l.Houses.X || w.R.Y < l.Houses.Y || w.R.X+w.R.W > l.Houses.X+l.Houses.W || w.R.Y+w.R.H > l.Houses.Y+l.Houses.H {
				t.Errorf("%s: %q %+v leaves the panel %+v", tc.mapName, w.Text, w.R, l.Houses)
			}
			if w.Kind == ui.WBox && w.T.Kind == ui.TNone {
				if adv := advance(w.Text, w.Size, w.Bold); adv > w.R.W-4 {
					t.Errorf("%s: %q needs %.0f px, has %.0f", tc.mapName, w.Text, adv, w.R.W)
				}
			}
			for _, o := range parts[:i] {
				if ui.Overlap(w.R, o.R) > 0 {
					t.Errorf("%s: %q %+v overlaps %q %+v", tc.mapName, w.Text, w.R, o.Text, o.R)
				}
			}
		}
	}
}

// TestTesterBadgeCoversNoBoard: a tester's game says so in the top bar,
// clear of the board, the prompt and the round.
func TestTesterBadgeCoversNoBoard(t *testing.T) {
	for _, n := range []int{3, 9} {
		l := NewLayout(70, 126, n, 0)
		if ui.Overlap(TesterBadge, l.Board) > 0 || ui.Overlap(TesterBadge, l.Top) < TesterBadge.W*TesterBadge.H {
			t.Errorf("%d players: badge %+v not inside the top bar %+v or on the board %+v", n, TesterBadge, l.Top, l.Board)
		}
	}
	g, err := tabletest.RulesGame("nine", []string{"A", "B", "C"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	u := New(rules.HotSeat(g), Options{Seed: 1})
	u.tester = true
	u.Reveal(g.ToAct())
	for _, w := range u.panels.table(NewLayout(70, 126, 3, 0)) {
		if w.Kind == ui.WText && w.R.Y < 50 && ui.Overlap(w.R, TesterBadge) > 0 {
			t.Errorf("top bar text %q %+v under the badge %+v", w.Text, w.R, TesterBadge)
		}
	}
}

// advance is the width of one line of s as the painter draws it at size
// (its faces come in half pixels).
func advance(s string, size float64, bold bool) float64 {
	w, _ := ui.Measure(s, ui.FontSize(size), bold, 0)
	return w
}

// keyHintW is the width a key hint takes at the right end of a button
// (the painter's keyHintW at scale 1).
func keyHintW(key ui.Key) float64 {
	if key == ui.KeyNone {
		return 0
	}
	return advance(key.String(), 15, false) + 15
}

// citadelChooser is the command that opens the chooser a Citadel action
// is picked from (CmdNone for another).
func citadelChooser(a rules.Action) ui.Command {
	switch a.Verb {
	case rules.VStudy:
		return ui.Command{Kind: ui.CmdStudy}
	case rules.VUncover:
		return ui.Command{Kind: ui.CmdUncoverSeat, N: int(a.Target)}
	case rules.VLostOrders:
		return ui.Command{Kind: ui.CmdWing, N: int(rules.LostOrders)}
	case rules.VIllTidings:
		return ui.Command{Kind: ui.CmdWing, N: int(rules.IllTidings)}
	}
	return ui.Command{}
}
