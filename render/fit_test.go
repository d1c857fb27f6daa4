package render

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"notrueking/board"
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
				if adv := text.Advance(line, f); adv > w.R.W-6 && !reported[line] {
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
		l := layoutTable(g.Map().Grid.W, g.Map().Grid.H, len(names))
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
// standard five, every text of the Houses panel lies inside the panel and
// no two of them overlap — the deck and played counts under a house's
// rank must not run into the next house's row.
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
		// Every house has played cards: the longest second line.
		u.pub.Discards = map[string][]board.Card{}
		for _, h := range g.Map().Houses {
			u.pub.Discards[h.ID] = make([]board.Card, 12)
		}
		l := layoutTable(g.Map().Grid.W, g.Map().Grid.H, len(tc.names))
		var texts []Widget
		for _, w := range u.housesWidgets(l.Houses) {
			if w.Kind == WText && w.Text != "" && w.R.X > l.Houses.X+l.Houses.W-120 {
				texts = append(texts, w)
			}
		}
		if len(texts) < 2*len(g.Map().Houses) {
			t.Fatalf("%s: %d texts in the rank column, want rank and deck for %d houses", tc.mapName, len(texts), len(g.Map().Houses))
		}
		for i, w := range texts {
			if adv := text.Advance(w.Text, p.face(w.Size, w.Bold)); adv > w.R.W {
				t.Errorf("%s: %q needs %.0f px, has %.0f", tc.mapName, w.Text, adv, w.R.W)
			}
			if w.R.Y+w.R.H > l.Houses.Y+l.Houses.H {
				t.Errorf("%s: %q %+v runs below the panel %+v", tc.mapName, w.Text, w.R, l.Houses)
			}
			for _, o := range texts[:i] {
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
		l := layoutTable(70, 126, n)
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
	for _, w := range u.tableWidgets(layoutTable(70, 126, 3)) {
		if w.Kind == WText && w.R.Y < 50 && overlap(w.R, testerBadge) > 0 {
			t.Errorf("top bar text %q %+v under the badge %+v", w.Text, w.R, testerBadge)
		}
	}
}
