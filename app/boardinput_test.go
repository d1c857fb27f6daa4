package app

import (
	"math"
	"notrueking/rules"
	"strings"
	"testing"

	"notrueking/ui"
)

// TestBoardInputDragWheelAndClick drives the table's board with input
// snapshots: the wheel zooms around the pointer, a left drag pans and
// does not click, a press and release in place clicks the territory, F
// fits, and the zoom buttons work.
func TestBoardInputDragWheelAndClick(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	e := rulesGame(t, "standard", []string{"Ann", "Ben"}, 9)
	a := curtainApp(t, rules.HotSeat(e), 9)
	a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	a.rebuild()
	v := a.f.board.Camera
	vp := v.Viewport()
	x, y := vp.X+vp.W/2, vp.Y+vp.H/2
	gx, gy := v.Geom().ToGrid(x, y)
	a.handle(ui.Input{X: x, Y: y, Wheel: 2})
	if v.Zoom() <= 1.01 {
		t.Fatalf("the wheel did not zoom: zoom %.2f", v.Zoom())
	}
	if gx2, gy2 := v.Geom().ToGrid(x, y); math.Hypot(gx2-gx, gy2-gy) > 1e-6 {
		t.Errorf("the wheel moved the map point under the pointer")
	}
	if !a.win.stale {
		t.Error("zooming does not ask for a redraw")
	}
	// A drag: press, move past the slop, release. The board moves with
	// the pointer and nothing is clicked.
	// Zoomed in far enough that the board is wider than the viewport,
	// so that it may move both ways.
	a.handle(ui.Input{X: x, Y: y, Wheel: 5})
	tbl(a).SetMessage("", false)
	ox, oy := v.Geom().X, v.Geom().Y
	a.handle(ui.Input{X: x, Y: y, Click: true, Down: true})
	a.handle(ui.Input{X: x + 30, Y: y + 20, Down: true})
	a.handle(ui.Input{X: x + 60, Y: y + 40, Down: true})
	a.handle(ui.Input{X: x + 60, Y: y + 40})
	if math.Hypot(v.Geom().X-ox-60, v.Geom().Y-oy-40) > 1e-6 {
		t.Errorf("a drag of (60,40) moved the board by (%.1f,%.1f)", v.Geom().X-ox, v.Geom().Y-oy)
	}
	if tbl(a).State().Message != "" {
		t.Errorf("a drag counted as a click: message %q", tbl(a).State().Message)
	}
	// Middle drag pans too.
	ox, oy = v.Geom().X, v.Geom().Y
	a.handle(ui.Input{X: x, Y: y, MiddleDown: true})
	a.handle(ui.Input{X: x - 25, Y: y + 10, MiddleDown: true})
	a.handle(ui.Input{X: x - 25, Y: y + 10})
	if math.Hypot(v.Geom().X-ox+25, v.Geom().Y-oy-10) > 1e-6 {
		t.Errorf("a middle drag of (-25,10) moved the board by (%.1f,%.1f)", v.Geom().X-ox, v.Geom().Y-oy)
	}
	// A press and a release within the slop is a click on the territory
	// pressed (the table answers "nothing to do there now").
	tr := v.Hit(x, y)
	if tr < 0 {
		t.Fatal("no territory at the viewport's centre")
	}
	a.handle(ui.Input{X: x, Y: y, Click: true, Down: true})
	if tbl(a).State().Message != "" {
		t.Errorf("the press clicked at once: %q", tbl(a).State().Message)
	}
	a.handle(ui.Input{X: x + 2, Y: y + 1})
	if name := tbl(a).Map().Territories[tr].Name; !strings.Contains(tbl(a).State().Message, name) {
		t.Errorf("a click in place on %s: message %q", name, tbl(a).State().Message)
	}
	// A whole click in one snapshot (as the tests' clickers send) clicks too.
	tbl(a).SetMessage("", false)
	a.handle(ui.Input{X: x, Y: y, Click: true})
	if !strings.Contains(tbl(a).State().Message, tbl(a).Map().Territories[tr].Name) {
		t.Errorf("a one-tick click: message %q", tbl(a).State().Message)
	}
	// F fits.
	a.handle(ui.Input{X: x, Y: y, Fit: true})
	if !v.Fitted() {
		t.Error("F did not fit the board")
	}
	// The zoom-in button zooms, the fit button fits.
	for _, c := range v.Controls() {
		if c.ID == ui.CtlZoomIn {
			cx, cy := c.R.Center()
			a.handle(ui.Input{X: cx, Y: cy, Click: true, Down: true})
			a.handle(ui.Input{X: cx, Y: cy})
		}
	}
	if v.Zoom() <= 1.01 {
		t.Errorf("the zoom-in button did not zoom (%.2f)", v.Zoom())
	}
	if id := v.ControlAt(x, y); id != "" {
		t.Errorf("the viewport's centre is the %q button", id)
	}
}
