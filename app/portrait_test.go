package app

import (
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// TestPortraitWindow: a window of a phone held upright (390×844 CSS
// pixels, at a device scale of 1 and of 3) lays the curtain and the table
// out on the portrait canvas, one base pixel a CSS pixel, every button
// at least 44 CSS pixels tall and inside the window; a tap on a tab
// switches the pane; help, a notice over the table and try mode, and any
// window 800 wide or wider or lying on its side, keep the landscape canvas.
func TestPortraitWindow(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, dpr := range []float64{1, 3} {
		e := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, 5)
		a := curtainApp(t, rules.HotSeat(e), 5)
		a.win.scale.s = dpr
		a.resize(int(390*dpr), int(844*dpr))
		if !a.win.portrait || a.f.canvas != ui.Canvas(true) {
			t.Fatalf("dpr %v: a 390×844 window: portrait %v, canvas %+v", dpr, a.win.portrait, a.f.canvas)
		}
		if s := a.win.sc.S / dpr; s != 1 {
			t.Errorf("dpr %v: the portrait canvas is scaled %v CSS px a base pixel, want 1", dpr, s)
		}
		checkButtons := func(where string) {
			t.Helper()
			for _, w := range a.f.ws {
				if w.Kind != ui.WButton || w.T.Kind == ui.TNone {
					continue
				}
				r := a.win.sc.Rect(w.R)
				if h := r.H / dpr; h < 44 && w.T.Cmd.Kind != ui.CmdLogEntry && w.T.Cmd.Kind != ui.CmdLogScroll {
					t.Errorf("dpr %v, %s: %q is %.1f CSS px tall", dpr, where, w.Text, h)
				}
				if r.X < -0.5 || r.Y < -0.5 || r.X+r.W > float64(a.win.w)+0.5 || r.Y+r.H > float64(a.win.h)+0.5 {
					t.Errorf("dpr %v, %s: %q %+v leaves the window", dpr, where, w.Text, r)
				}
			}
		}
		checkButtons("the curtain")
		lift, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.Kind == ui.WButton && w.T.Cmd.Kind == ui.CmdLift })
		if !ok {
			t.Fatal("no lift button on the portrait curtain")
		}
		a.press(lift.T)
		a.rebuild()
		if !atTable(a) || !tbl(a).Layout().Portrait || a.f.canvas != ui.Canvas(true) {
			t.Fatalf("dpr %v: the table after the curtain is not in the portrait layout", dpr)
		}
		checkButtons("the table")
		if b := a.f.board.Camera.Viewport(); b != tbl(a).Layout().Board {
			t.Errorf("the board's viewport %+v is not the portrait layout's %+v", b, tbl(a).Layout().Board)
		}
		// A tap on the Players tab (through the window's scaler).
		tab, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdTab && w.T.Cmd.N == table.TabPlayers })
		if !ok {
			t.Fatal("no Players tab")
		}
		f := &fingers{a: a}
		sx, sy := a.win.sc.ToScreen(tab.R.Center())
		f.tap(a.win.sc.ToBase(sx, sy))
		if tbl(a).Tab() != table.TabPlayers || !ui.HasText(a.f.ws, "Conspiracies") {
			t.Errorf("dpr %v: a tap on the Players tab shows tab %d", dpr, tbl(a).Tab())
		}
		// Help over the table: the landscape canvas (its overlay is drawn
		// for it), and back to portrait when it closes.
		a.do(ui.Command{Kind: ui.CmdHelp})
		a.rebuild()
		if a.f.canvas != ui.Canvas(false) || tbl(a).Layout().Portrait {
			t.Errorf("dpr %v: help over the table keeps the portrait canvas", dpr)
		}
		a.do(ui.Command{Kind: ui.CmdHelp})
		a.rebuild()
		if a.f.canvas != ui.Canvas(true) {
			t.Errorf("dpr %v: after help the table is not portrait again", dpr)
		}
		// A notice over the table (a scenario's card here) is a portrait
		// card, its Continue a finger's size on the canvas; try mode is
		// shown on the landscape canvas, and the table is portrait again
		// after it.
		tbl(a).NoticeScenario("a.toml", []string{"Try: this."})
		a.rebuild()
		if a.f.canvas != ui.Canvas(true) || !tbl(a).Layout().Portrait {
			t.Errorf("dpr %v: a notice over the table leaves the portrait canvas", dpr)
		}
		if b, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDismiss }); !ok || b.R.H < 44 || !ui.Within(b.R, ui.Canvas(true)) {
			t.Errorf("dpr %v: the notice's Continue %+v (found %v): not a finger's size on the canvas", dpr, b.R, ok)
		}
		a.do(ui.Command{Kind: ui.CmdDismiss})
		a.do(ui.Command{Kind: ui.CmdTryMode})
		a.rebuild()
		if !tryUp(a) || a.f.canvas != ui.Canvas(false) {
			t.Errorf("dpr %v: try mode keeps the portrait canvas (try mode %v)", dpr, tryUp(a))
		}
		a.do(ui.Command{Kind: ui.CmdTryMode})
		a.rebuild()
		if a.f.canvas != ui.Canvas(true) {
			t.Errorf("dpr %v: after the notice and try mode the table is not portrait again", dpr)
		}
		// Wide or lying windows are landscape.
		for _, sz := range [][2]int{{800, 1200}, {844, 390}, {1280, 720}, {1600, 900}, {1920, 1080}} {
			a.resize(int(float64(sz[0])*dpr), int(float64(sz[1])*dpr))
			if a.win.portrait || a.f.canvas != ui.Canvas(false) || tbl(a).Layout().Portrait {
				t.Errorf("dpr %v: a %d×%d window takes the portrait layout", dpr, sz[0], sz[1])
			}
		}
	}
}

// TestPortraitCodesLegend: a phone's board names most territories by a
// code; its Codes button opens a legend of the codes in view, each with
// the name of the territory the board writes it on (the map's shown
// code), and a tap on the legend closes it.
func TestPortraitCodesLegend(t *testing.T) {
	needDisplay(t)
	e := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, 5)
	a := curtainApp(t, rules.HotSeat(e), 5)
	a.win.scale.s = 1
	a.resize(390, 844)
	lift, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdLift })
	if !ok {
		t.Fatal("no lift button")
	}
	a.press(lift.T)
	shot(t, a, 390, 844) // the board drawn: its names placed
	pressCmd(t, a, ui.Command{Kind: ui.CmdCodes})
	a.rebuild()
	m := e.Map()
	byName := map[string]string{}
	for i, tr := range m.Territories {
		byName[tr.Name] = m.ShownCode(board.TerrID(i))
	}
	n := 0
	for _, w := range a.f.ws {
		code, name, ok := strings.Cut(w.Text, ": ")
		if !ok || w.Kind != ui.WText || byName[name] == "" {
			continue
		}
		if byName[name] != code {
			t.Errorf("the legend says %q stands for %s, whose code on the board is %q", code, name, byName[name])
		}
		n++
	}
	if n < 3 {
		t.Fatalf("the legend lists %d codes of a phone's board", n)
	}
	look(t, a, "portrait-codes-legend", 390, 844)
	legend, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.Kind == ui.WText && w.T.Cmd.Kind == ui.CmdCodes })
	if !ok {
		t.Fatal("the legend cannot be tapped to close")
	}
	a.press(legend.T)
	a.rebuild()
	if ui.HasText(a.f.ws, "Codes on the board in view") {
		t.Fatal("a tap on the legend left it open")
	}
}
