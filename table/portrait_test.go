package table

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestPortraitLayoutSplitsTheCanvas: the portrait layout's parts lie on
// the portrait canvas, one under the other without overlapping (the top
// bar, the board, the tabs, the pane, the message line), the message
// line clear of the page's ☰ menu (bottom left, 40 px square), and its
// controls are a finger's 44 px tall — 44 CSS px on a 390×844 phone,
// where one base pixel is one CSS pixel.
func TestPortraitLayoutSplitsTheCanvas(t *testing.T) {
	canvas := ui.Canvas(true)
	if sc := ui.NewScalerFor(390, 844, canvas); sc.S != 1 {
		t.Fatalf("a 390×844 phone scales the portrait canvas by %v, want 1", sc.S)
	}
	for _, houses := range []int{5, 9} {
		for _, n := range []int{2, 4, 9} {
			l := NewPortraitLayout(n, houses)
			where := fmt.Sprintf("%d houses, %d players", houses, n)
			parts := map[string]ui.Rect{"top": l.Top, "board": l.Board, "pane": l.Pane, "message": l.Message}
			for i, r := range l.Tabs {
				parts[tabNames[i][0]+" tab"] = r
			}
			for a, ra := range parts {
				if !ui.Within(ra, canvas) || ra.W <= 0 || ra.H <= 0 {
					t.Errorf("%s: the %s %+v is not on the canvas", where, a, ra)
				}
				for b, rb := range parts {
					if a < b && ui.Overlap(ra, rb) > 0 {
						t.Errorf("%s: the %s %+v overlaps the %s %+v", where, a, ra, b, rb)
					}
				}
			}
			if menu := (ui.Rect{X: 0, Y: ui.PortraitH - 40, W: 40, H: 40}); ui.Overlap(l.Message, menu) > 0 {
				t.Errorf("%s: the message line %+v lies under the page's menu", where, l.Message)
			}
			for name, r := range map[string]ui.Rect{"undo": l.Undo, "redo": l.Redo, "help": l.Help, "tools": l.Tools, "hint": l.Hint, "prompt": l.Prompt} {
				if r.H < 44 || !ui.Within(r, l.Top) {
					t.Errorf("%s: %s %+v: under 44 px tall or off the top bar", where, name, r)
				}
			}
			for _, r := range []ui.Rect{l.Houses, l.Players, l.Log, l.Actions, l.Private} {
				if !ui.Within(r, l.Pane) {
					t.Errorf("%s: a panel %+v leaves the pane %+v", where, r, l.Pane)
				}
			}
			if l.Board.H < 300 || l.Board.W < 380 {
				t.Errorf("%s: the board is only %+v", where, l.Board)
			}
		}
	}
}

// TestPortraitTableOnAPhone plays random standard games (four players,
// and nine on the nine-house map) and, at every step and in every tab,
// checks the table the seat to act sees in the portrait layout (also
// with a muster chooser or move steppers open): every widget lies on the
// canvas and in its part (the top bar, the board, a tab, the pane, the
// message line), no two clickable widgets overlap, and every button of
// the top bar, the tabs and the decision is at least 44 px tall. The log
// (its rows and arrows) is the one exception, and the Houses tab's slots
// are 44 px tall up to six houses.
func TestPortraitTableOnAPhone(t *testing.T) {
	canvas := ui.Canvas(true)
	small := map[string]bool{}
	check := func(u *Table, l Layout, where string) {
		t.Helper()
		for tab := range NumTabs {
			u.tab = tab
			ws := u.panels.table(l)
			var click []ui.Widget
			at := fmt.Sprintf("%s, tab %s", where, tabNames[tab][0])
			for _, w := range ws {
				if !ui.Within(w.R, canvas) {
					t.Fatalf("%s: %q %+v leaves the canvas", at, w.Text, w.R)
				}
				in := 0
				first, last := l.Tabs[0], l.Tabs[NumTabs-1]
				tabRow := ui.Rect{X: first.X, Y: first.Y, W: last.X + last.W - first.X, H: first.H} // four tabs or five (talk)
				for _, p := range []ui.Rect{l.Top, l.Board, l.Pane, l.Message, tabRow} {
					if ui.Within(w.R, p) {
						in++
					}
				}
				if in != 1 {
					t.Fatalf("%s: %q %+v lies across the layout's parts", at, w.Text, w.R)
				}
				if w.T.Kind != ui.TNone {
					for _, o := range click {
						if ui.Overlap(w.R, o.R) > 0 {
							t.Fatalf("%s: clickable %q %+v overlaps %q %+v", at, w.Text, w.R, o.Text, o.R)
						}
					}
					click = append(click, w)
				}
				log := w.T.Cmd.Kind == ui.CmdLogEntry || w.T.Cmd.Kind == ui.CmdLogScroll
				slot := w.T.Kind == ui.TSlot && l.NumHouses > 6
				if (w.Kind == ui.WButton || w.T.Kind == ui.TSlot) && w.R.H < 44 && !log && !slot && !small[w.Text] {
					small[w.Text] = true
					t.Errorf("%s: %q is %.0f px tall, under a finger's 44", at, w.Text, w.R.H)
				}
			}
		}
		u.tab = TabPlay
	}
	for _, tc := range []struct {
		mapName string
		names   []string
		seed    uint64
	}{
		{"standard", []string{"Alexandra", "Bartholomew", "Christabel", "Demetrius"}, 3},
		{"standard", []string{"Ann", "Ben", "Cy"}, 6},
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 2},
	} {
		v := rules.Plain
		if tc.seed > 4 {
			v = rules.Citadel
		}
		g, err := tabletest.RulesVariant(tc.mapName, tc.names, tc.seed, v)
		if err != nil {
			t.Fatal(err)
		}
		l := NewPortraitLayout(len(tc.names), len(g.Map().Houses))
		rng := rand.New(rand.NewSource(int64(tc.seed)))
		u := New(rules.HotSeat(g), Options{Seed: tc.seed})
		u.SetPortrait(true)
		if got := u.Layout(); !got.Portrait {
			t.Fatal("SetPortrait(true): Layout is not the portrait one")
		}
		for step := 0; step < 120 && !g.Over(); step++ {
			u.Reveal(g.ToAct())
			check(u, l, fmt.Sprintf("%s step %d", tc.mapName, step))
			legal := g.Legal()
			a := legal[rng.Intn(len(legal))]
			if from := a.From; a.Verb == rules.VMuster || a.Verb == rules.VMove {
				probe := *u
				probe.wire()
				probe.pos.eng = rules.HotSeat(g.Clone())
				probe.ch.items = nil
				probe.Reveal(g.ToAct())
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

// TestPortraitTabsSwitchThePane: the Decision tab shows the decision and
// the hand (the loyalty card's Confirm), Houses the slots (lit while one
// waits for the seat), Players the conspiracies, Log the log's entries;
// a tab's button switches, and each shows only its own.
func TestPortraitTabsSwitchThePane(t *testing.T) {
	g, err := tabletest.RulesVariant("standard", []string{"Ann", "Ben", "Cy"}, 4, rules.Plain)
	if err != nil {
		t.Fatal(err)
	}
	u := New(rules.HotSeat(g), Options{Seed: 4})
	u.SetPortrait(true)
	u.Reveal(g.ToAct())
	l := u.Layout()
	has := func(ws []ui.Widget, f func(ui.Widget) bool) bool { _, ok := ui.Find(ws, f); return ok }
	confirm := func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdConfirmArrange }
	slot := func(w ui.Widget) bool { return w.T.Kind == ui.TSlot }
	entry := func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdLogEntry }
	consp := func(w ui.Widget) bool { return w.Text == "Conspiracies" }
	tabAt := func(ws []ui.Widget, i int) ui.Widget {
		w, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdTab && w.T.Cmd.N == i })
		if !ok {
			t.Fatalf("no button of tab %d", i)
		}
		return w
	}
	ws := u.Widgets(l)
	if u.Tab() != TabPlay || !has(ws, confirm) || has(ws, slot) || has(ws, entry) || has(ws, consp) {
		t.Fatal("the first tab is not the decision and the hand alone")
	}
	if !tabAt(ws, TabPlay).Selected || tabAt(ws, TabHouses).Selected {
		t.Error("the Decision tab is not the one drawn selected")
	}
	for _, c := range []struct {
		tab  int
		show func(ui.Widget) bool
	}{{TabHouses, slot}, {TabPlayers, consp}, {TabLog, entry}, {TabPlay, confirm}} {
		b := tabAt(u.Widgets(l), c.tab)
		if moved := u.Click(b.T); moved {
			t.Errorf("tab %d played something", c.tab)
		}
		ws := u.Widgets(l)
		if u.Tab() != c.tab || !has(ws, c.show) {
			t.Fatalf("after a click on tab %d: tab %d, its pane not shown", c.tab, u.Tab())
		}
		n := 0
		for _, f := range []func(ui.Widget) bool{slot, consp, entry, confirm} {
			if has(ws, f) {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("tab %d shows %d panes' widgets, want its own alone", c.tab, n)
		}
	}
	// Placing an agent: the Houses tab is lit while the Decision tab is up.
	for g.ToAct() >= 0 && !u.pos.has(rules.VPlace) {
		u.Reveal(g.ToAct())
		if _, err := g.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
		u.Refresh()
		u.Reveal(g.ToAct())
	}
	ws = u.Widgets(l)
	if !tabAt(ws, TabHouses).Hot {
		t.Error("a slot waits for the seat, and the Houses tab is not lit")
	}
	u.Click(tabAt(ws, TabHouses).T)
	if tabAt(u.Widgets(l), TabHouses).Hot {
		t.Error("the Houses tab is lit while it is up")
	}
	// A log entry's table (the past): its banner over the top bar, its
	// Return a finger's height, on the canvas.
	u.Do(ui.Command{Kind: ui.CmdLogEntry, N: 0})
	if !u.InPast() {
		t.Fatal("a log entry did not show the past")
	}
	for _, w := range u.Widgets(l) {
		if !ui.Within(w.R, ui.Canvas(true)) {
			t.Errorf("the past: %q %+v leaves the canvas", w.Text, w.R)
		}
		if w.T.Cmd.Kind == ui.CmdPresent && w.R.H < 44 {
			t.Errorf("the past's Return is %.0f px tall", w.R.H)
		}
	}
	u.Do(ui.Command{Kind: ui.CmdPresent})
	// The landscape layout is as it was: no tabs.
	u.SetPortrait(false)
	if l := u.Layout(); l.Portrait || has(u.Widgets(l), func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdTab }) {
		t.Error("the landscape layout has tabs")
	}
}

// TestPortraitCurtain: the portrait curtain lies on the portrait canvas,
// names the seat and its player, and its button — a thumb's 60 px — and
// the whole screen lift it; the landscape curtain is the old one.
func TestPortraitCurtain(t *testing.T) {
	g, err := tabletest.RulesVariant("standard", []string{"Bartholomew-Alexander", "Ben", "Cy"}, 4, rules.Plain)
	if err != nil {
		t.Fatal(err)
	}
	u := New(rules.HotSeat(g), Options{Seed: 4})
	u.SetPortrait(true)
	ws := u.screens.Curtain(g.ToAct())
	canvas := ui.Canvas(true)
	if ws[len(ws)-1].R != canvas || ws[len(ws)-1].T.Cmd.Kind != ui.CmdLift {
		t.Error("the whole portrait canvas does not lift the curtain")
	}
	b, ok := ui.Find(ws, func(w ui.Widget) bool { return w.Kind == ui.WButton && w.T.Cmd.Kind == ui.CmdLift })
	if !ok || b.R.H < 44 || b.Text != "I am "+u.SeatName(g.ToAct()) {
		t.Errorf("the lift button: %+v", b)
	}
	for _, w := range ws {
		if !ui.Within(w.R, canvas) {
			t.Errorf("%q %+v leaves the portrait canvas", w.Text, w.R)
		}
		if w.Kind == ui.WText && w.Text != "" {
			for _, line := range strings.Split(w.Text, "\n") {
				if adv := advance(line, w.Size, w.Bold); adv > w.R.W {
					t.Errorf("%q needs %.0f px, its box is %.0f wide", line, adv, w.R.W)
				}
			}
		}
	}
	u.SetPortrait(false)
	if ws := u.screens.Curtain(g.ToAct()); ws[len(ws)-1].R != ui.Canvas(false) {
		t.Error("the landscape curtain is not the whole landscape canvas")
	}
}

// TestPortraitLogScrollsUnderAFinger: on the Log tab a finger's drag
// begun on the log scrolls it, the rows following the finger (down:
// older entries), a row a log row's height; a drag begun elsewhere, or
// with another tab up, does not.
func TestPortraitLogScrollsUnderAFinger(t *testing.T) {
	g, err := tabletest.RulesVariant("standard", []string{"Ann", "Ben", "Cy"}, 2, rules.Plain)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(2))
	for range 80 {
		legal := g.Legal()
		if _, err := g.Apply(legal[rng.Intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	u := New(rules.HotSeat(g), Options{Seed: 2})
	u.SetPortrait(true)
	l := u.Layout()
	u.Widgets(l)
	drag := func(x, y, dy float64) bool {
		return u.Wheel(ui.Input{Touch: true, Down: true, X: x, Y: y + dy, PanY: dy, GestX: x, GestY: y})
	}
	cx, cy := l.Log.Center()
	if drag(cx, cy, 3*logRowH) || u.log.back != 0 {
		t.Fatal("a drag over the Decision tab's pane scrolled the log behind its tab")
	}
	u.Do(ui.Command{Kind: ui.CmdTab, N: TabLog})
	u.Widgets(l)
	if u.log.maxBack < 5 {
		t.Fatalf("the log has %d rows to scroll: too few for the test", u.log.maxBack)
	}
	if !drag(cx, cy, 3*logRowH+2) || u.log.back != 3 {
		t.Fatalf("a drag of three rows down scrolled the log back %d rows, want 3", u.log.back)
	}
	if drag(cx, cy, logRowH/2) || u.log.back != 3 {
		t.Error("half a row scrolled the log")
	}
	if !drag(cx, cy, -2*logRowH) || u.log.back != 2 {
		t.Errorf("half a row, then two rows up: back %d, want 2 (the half row kept)", u.log.back)
	}
	bx, by := l.Board.Center()
	if drag(bx, by, 4*logRowH) || u.log.back != 2 {
		t.Error("a drag begun on the board scrolled the log")
	}
}
