package app

import (
	"math"
	"strings"
	"testing"
	"time"

	"notrueking/rules"
	"notrueking/ui"
)

// fingers drives an app's handle with touches, through the gestures the
// window reads them with (mergeTouch), on a clock of its own.
type fingers struct {
	a   *App
	now time.Time
}

func (f *fingers) tick(ts ...ui.Touch) {
	f.now = f.now.Add(time.Second / 60)
	g, ok := f.a.ptr.touch.Update(f.now, ts)
	f.a.handle(mergeTouch(ui.Input{}, g, ok))
}

// tap taps (x, y): down, a tick held, up.
func (f *fingers) tap(x, y float64) {
	f.tick(ui.Touch{ID: 1, X: x, Y: y})
	f.tick(ui.Touch{ID: 1, X: x, Y: y})
	f.tick()
}

// TestTouchPlaysTheTable: a tap lifts the curtain as a click would, a
// pinch on the board zooms it, a drag pans it without clicking, a tap on
// a territory clicks it, and a long press on a widget with a tooltip
// shows that tooltip (a tap shows none).
func TestTouchPlaysTheTable(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	e := rulesGame(t, "standard", []string{"Ann", "Ben"}, 9)
	a := curtainApp(t, rules.HotSeat(e), 9)
	f := &fingers{a: a, now: time.Date(2026, 11, 29, 1, 0, 0, 0, time.UTC)}
	lift := -1
	for i, w := range a.f.ws {
		if w.T.Kind == ui.TButton && w.T.Cmd.Kind == ui.CmdLift {
			lift = i
		}
	}
	if lift < 0 {
		t.Fatal("no lift button on the curtain")
	}
	f.tap(a.f.ws[lift].R.Center())
	if !atTable(a) {
		t.Fatalf("a tap on the curtain's button left %T up, want the table", a.mgr.cur)
	}
	v := a.f.board.Camera
	vp := v.Viewport()
	x, y := vp.X+vp.W/2, vp.Y+vp.H/2
	f.tick(ui.Touch{ID: 1, X: x - 20, Y: y}, ui.Touch{ID: 2, X: x + 20, Y: y})
	f.tick(ui.Touch{ID: 1, X: x - 60, Y: y}, ui.Touch{ID: 2, X: x + 60, Y: y})
	f.tick()
	if z := v.Zoom(); math.Abs(z-3) > 1e-9 {
		t.Errorf("a pinch from 40 to 120 px zoomed the board to %.3f, want 3", z)
	}
	if z, _, b := a.pageView(); z != v.Zoom() || b != vp {
		t.Errorf("the page is told zoom %.3f over %+v, want %.3f over %+v", z, b, v.Zoom(), vp)
	}
	if !a.win.stale {
		t.Error("a pinch does not ask for a redraw")
	}
	tbl(a).SetMessage("", false)
	ox, oy := v.Geom().X, v.Geom().Y
	f.tick(ui.Touch{ID: 3, X: x, Y: y})
	f.tick(ui.Touch{ID: 3, X: x + 50, Y: y - 20})
	f.tick()
	if dx, dy := v.Geom().X-ox, v.Geom().Y-oy; math.Hypot(dx-50, dy+20) > 1e-9 {
		t.Errorf("a drag of (50,-20) moved the board by (%.1f,%.1f)", dx, dy)
	}
	if m := tbl(a).State().Message; m != "" {
		t.Errorf("a drag clicked: message %q", m)
	}
	tr := v.Hit(x, y)
	if tr < 0 {
		t.Fatal("no territory at the viewport's centre")
	}
	f.tap(x, y)
	if m, name := tbl(a).State().Message, tbl(a).Map().Territories[tr].Name; !strings.Contains(m, name) {
		t.Errorf("a tap on %s: message %q", name, m)
	}
	// A widget with a tooltip: a tap shows no tooltip, a long press does.
	tip := -1
	for i, w := range a.f.ws {
		if w.Tip != "" && ui.TipIndex(a.f.ws, w.R.X+w.R.W/2, w.R.Y+w.R.H/2) == i {
			tip = i
			break
		}
	}
	if tip < 0 {
		t.Fatal("no widget with a tooltip on the table")
	}
	wx, wy := a.f.ws[tip].R.Center()
	f.tick(ui.Touch{ID: 4, X: wx, Y: wy})
	if a.tips() != nil {
		t.Errorf("a finger just down on %q shows a tooltip", a.f.ws[tip].Text)
	}
	for range 40 { // 40/60 s: past the long press
		f.tick(ui.Touch{ID: 4, X: wx, Y: wy})
	}
	if a.tips() == nil {
		t.Errorf("a long press on %q shows no tooltip", a.f.ws[tip].Text)
	}
	if _, said, _ := a.pageView(); !strings.Contains(said, strings.Fields(a.f.ws[tip].Tip)[0]) {
		t.Errorf("the page is told the tooltip %q, want %q's", said, a.f.ws[tip].Tip)
	}
	f.tick()
	if a.tips() == nil {
		t.Error("the long press's tooltip went with the finger")
	}
	f.tap(x, y)
	if a.tips() != nil {
		t.Error("a tap after a long press still shows its tooltip")
	}
}
