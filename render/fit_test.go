package render

import (
	"math/rand"
	"strings"
	"testing"

	"notrueking/rules"
)

// TestWidgetsFitAndDoNotOverlap plays random standard games and, at every
// step, checks the table the seat to act sees (also with a muster chooser
// or move steppers open, on a copy of the game): no two clickable widgets
// overlap (a click would be ambiguous) and every button or box label fits.
func TestWidgetsFitAndDoNotOverlap(t *testing.T) {
	p, err := newPainter()
	if err != nil {
		t.Fatal(err)
	}
	reported := map[string]bool{}
	check := func(u *tableUI, l tableLayout, where string) {
		t.Helper()
		var click []Widget
		for _, w := range u.tableWidgets(l) {
			if w.T.Kind != TNone {
				for _, o := range click {
					if overlap(w.R, o.R) > 0 {
						t.Fatalf("%s: clickable %q %+v overlaps %q %+v", where, w.Text, w.R, o.Text, o.R)
					}
				}
				click = append(click, w)
			}
			if w.Kind != WButton && w.Kind != WBox {
				continue
			}
			f := p.face(w.Size, w.Bold || w.Kind == WButton)
			for _, line := range strings.Split(w.Text, "\n") {
				room := w.R.W - 6 - p.keyHintW(w.Key, 1)
				if w.T.Kind == TSlot || line == "" {
					continue // a long name is shortened; the tooltip names the owner in full
				}
				if adv := advance(line, f); adv > room && !reported[line] {
					reported[line] = true
					t.Errorf("%s: label %q needs %.0f px, its box is %.0f wide", where, line, adv, w.R.W)
				}
			}
		}
	}
	for seed := uint64(1); seed <= 4; seed++ {
		names := []string{"Alexandra", "Bartholomew", "Christabel", "Demetrius"}[:2+int(seed)%3]
		e, err := newRulesGame("standard", names, seed)
		if err != nil {
			t.Fatal(err)
		}
		g := e
		l := layoutTable(g.Map().Grid.W, g.Map().Grid.H, len(names), 0)
		rng := rand.New(rand.NewSource(int64(seed)))
		u := newTableUI(g, g, seed)
		for step := 0; step < 400 && !g.Over(); step++ {
			u.reveal(g.ToAct())
			check(u, l, "table")
			legal := g.Legal()
			a := legal[rng.Intn(len(legal))]
			if from := a.From; a.Verb == rules.VMuster || a.Verb == rules.VMove {
				probe := *u
				c := g.Clone()
				probe.eng, probe.act = c, c
				probe.chooser = nil
				probe.reveal(g.ToAct())
				probe.clickTerritory(from)
				if a.Verb == rules.VMove {
					probe.clickTerritory(a.To)
				}
				check(&probe, l, "chooser/steppers")
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHousesPanelRowsFit: with nine houses (short rows) and with the
// standard five, every widget of the Houses panel (names, slots, ranks,
// rank facts, decks) lies inside the panel, no two of them overlap, and
// every rank, fact and deck count fits its box.
func TestHousesPanelRowsFit(t *testing.T) {
	p, err := newPainter()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mapName string
		names   []string
	}{
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}},
		{"standard", []string{"A", "B", "C", "D"}},
	} {
		g, err := newRulesGame(tc.mapName, tc.names, 1)
		if err != nil {
			t.Fatal(err)
		}
		u := newTableUI(g, g, 1)
		u.reveal(g.ToAct())
		l := layoutTable(g.Map().Grid.W, g.Map().Grid.H, len(tc.names), len(g.Map().Houses))
		ws := u.housesWidgets(l)
		var parts []Widget
		ranks := 0
		for _, w := range ws[1:] {
			if w.Kind == WPanel {
				continue
			}
			parts = append(parts, w)
			if w.Kind == WBox && w.T.Kind == TNone && strings.Contains(w.Tip, " ranks ") {
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
			if w.Kind == WBox && w.T.Kind == TNone {
				if adv := advance(w.Text, p.face(w.Size, w.Bold)); adv > w.R.W-4 {
					t.Errorf("%s: %q needs %.0f px, has %.0f", tc.mapName, w.Text, adv, w.R.W)
				}
			}
			for _, o := range parts[:i] {
				if overlap(w.R, o.R) > 0 {
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
		l := layoutTable(70, 126, n, 0)
		if overlap(testerBadge, l.Board) > 0 || overlap(testerBadge, l.Top) < testerBadge.W*testerBadge.H {
			t.Errorf("%d players: badge %+v not inside the top bar %+v or on the board %+v", n, testerBadge, l.Top, l.Board)
		}
	}
	g, err := newRulesGame("nine", []string{"A", "B", "C"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	u := newTableUI(g, g, 1)
	u.tester = true
	u.reveal(g.ToAct())
	for _, w := range u.tableWidgets(layoutTable(70, 126, 3, 0)) {
		if w.Kind == WText && w.R.Y < 50 && overlap(w.R, testerBadge) > 0 {
			t.Errorf("top bar text %q %+v under the badge %+v", w.Text, w.R, testerBadge)
		}
	}
}
