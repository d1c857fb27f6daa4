package ui

import (
	"math"
	"testing"

	"notrueking/board"
	"notrueking/maps"
)

// deepPoints is, per territory, one cell centre whose 3×3 neighbourhood is
// all that territory (grid coordinates), where it has one.
func deepPoints(m *board.Map) map[int]board.Point {
	out := map[int]board.Point{}
	g := &m.Grid
	for y := 1; y < g.H-1; y++ {
		for x := 1; x < g.W-1; x++ {
			t := g.At(x, y)
			if _, ok := out[t]; ok || t < 0 {
				continue
			}
			deep := true
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					deep = deep && g.At(x+dx, y+dy) == t
				}
			}
			if deep {
				out[t] = board.Point{X: float64(x) + .5, Y: float64(y) + .5}
			}
		}
	}
	return out
}

// TestBoardViewHitAtEveryZoom: on both maps, fitted, zoomed in at several
// places and panned, a click on a point drawn inside a territory (a deep
// cell, placed on the screen by the view's transform) hits that
// territory, a click outside the viewport hits nothing, and zooming around
// a point keeps the map point under it fixed.
func TestBoardViewHitAtEveryZoom(t *testing.T) {
	for _, name := range []string{"standard", "nine"} {
		m, err := maps.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		deep := deepPoints(m)
		v := NewCamera(m)
		vp := Rect{X: 8, Y: 58, W: 960, H: 834}
		v.SetViewport(vp)
		steps := []struct {
			what string
			do   func()
		}{
			{"fitted", func() {}},
			{"zoom 2 at the top left", func() { v.ZoomAt(2, vp.X+vp.W*.3, vp.Y+vp.H*.25) }},
			{"zoom 3 more at the bottom", func() { v.ZoomAt(3, vp.X+vp.W*.6, vp.Y+vp.H*.8) }},
			{"panned right and up", func() { v.PanBy(140, -90) }},
			{"zoomed out half", func() { v.ZoomAt(0.5, vp.X+vp.W*.5, vp.Y+vp.H*.5) }},
			{"fitted again", func() { v.Fit() }},
		}
		for _, st := range steps {
			// The map point under a cursor stays under it while zooming.
			cx, cy := vp.X+vp.W*.4, vp.Y+vp.H*.6
			gx0, gy0 := v.toGrid(cx, cy)
			st.do()
			if st.what != "fitted again" && st.what != "panned right and up" {
				// Zoom at a point far from the edges moves nothing under it
				// (unless clamping had to keep the board in view).
				x, y := vp.X+vp.W*.5, vp.Y+vp.H*.5
				gx, gy := v.toGrid(x, y)
				c0 := v.CellSize()
				v.ZoomAt(1.25, x, y)
				if v.CellSize() != c0 {
					gx2, gy2 := v.toGrid(x, y)
					if math.Hypot(gx2-gx, gy2-gy) > 1e-9 && !v.Fitted() {
						w, h := float64(m.Grid.W)*v.CellSize(), float64(m.Grid.H)*v.CellSize()
						if w > vp.W && h > vp.H {
							t.Errorf("%s %s: zoom at (%v,%v) moved the map point under it from (%.3f,%.3f) to (%.3f,%.3f)", name, st.what, x, y, gx, gy, gx2, gy2)
						}
					}
					v.ZoomAt(1/1.25, x, y)
				}
			}
			_ = gx0
			_ = gy0
			hits, inView := 0, 0
			g := v.Geom()
			for tr, p := range deep {
				x, y := g.FromGrid(p.X, p.Y)
				if !vp.Contains(x, y) {
					if got := v.Hit(x, y); got != -1 {
						t.Errorf("%s %s: a click outside the viewport at (%.0f,%.0f) hits %d", name, st.what, x, y, got)
					}
					continue
				}
				inView++
				if got := v.Hit(x, y); got == tr {
					hits++
				} else if m.Territories[tr].Kind != board.Road && v.Shapes().At(p.X, p.Y) != v.Shapes().TerrAt(p.X, p.Y) {
					// A road's track runs over this point: the road wins.
				} else {
					t.Errorf("%s %s: click in %s at (%.1f,%.1f) hits %d", name, st.what, m.Territories[tr].ID, x, y, got)
				}
			}
			if inView < 3 {
				t.Errorf("%s %s: only %d territories in view", name, st.what, inView)
			}
		}
	}
}

// TestZoomAroundCursorKeepsPoint: ZoomAt(f, x, y) keeps the map point
// under (x, y) there, for zooming in and out, wherever the cursor is, as
// long as the board still covers the viewport (when it does not, the board
// is centred instead).
func TestZoomAroundCursorKeepsPoint(t *testing.T) {
	m, err := maps.Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	v := NewCamera(m)
	vp := Rect{X: 8, Y: 58, W: 960, H: 834}
	v.SetViewport(vp)
	v.ZoomAt(4, vp.X+vp.W/2, vp.Y+vp.H/2)
	for _, pt := range [][2]float64{{300, 300}, {700, 500}, {400, 800}} {
		for _, f := range []float64{1.3, 1 / 1.3, 2} {
			gx, gy := v.toGrid(pt[0], pt[1])
			v.ZoomAt(f, pt[0], pt[1])
			gx2, gy2 := v.toGrid(pt[0], pt[1])
			if math.Hypot(gx2-gx, gy2-gy) > 1e-9 {
				t.Errorf("zoom %.2f at %v: map point (%.3f,%.3f) moved to (%.3f,%.3f)", f, pt, gx, gy, gx2, gy2)
			}
		}
	}
	// Zoom limits: never below the fitted size, never past maxZoom.
	for i := 0; i < 30; i++ {
		v.ZoomAt(2, 400, 400)
	}
	if z := v.Zoom(); z > maxZoom+1e-9 {
		t.Errorf("zoom %.2f past the limit %v", z, maxZoom)
	}
	for i := 0; i < 30; i++ {
		v.ZoomAt(0.5, 400, 400)
	}
	if z := v.Zoom(); math.Abs(z-1) > 1e-9 || !v.Fitted() {
		t.Errorf("zoomed all the way out: zoom %.2f fitted %v, want the fitted board", z, v.Fitted())
	}
	// Panning never loses the board: the viewport's centre stays on it.
	v.ZoomAt(3, 400, 400)
	v.PanBy(1e5, -1e5)
	b := v.Geom().Bounds()
	if !b.Contains(vp.X+vp.W/2, vp.Y+vp.H/2) {
		t.Errorf("after a huge pan the board %+v leaves the viewport's centre", b)
	}
	// A new viewport keeps a fitted view fitted.
	v.Fit()
	v.SetViewport(Rect{X: 8, Y: 58, W: 1200, H: 700})
	if !v.Fitted() || math.Abs(v.Zoom()-1) > 1e-9 {
		t.Errorf("a fitted view after a resize: zoom %.2f fitted %v", v.Zoom(), v.Fitted())
	}
}

// BenchmarkBuildShapes is the one-time cost of a map's board geometry
// (outlines, triangles, borders, poles): paid when a game begins, never
// on zoom, pan or resize.
func BenchmarkBuildShapes(b *testing.B) {
	for _, name := range []string{"standard", "nine"} {
		m, err := maps.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				buildShapes(m)
			}
		})
	}
}

// TestCameraHandleDragWheelAndClick: the camera's input without a window.
// The wheel zooms around the pointer; a left press held and moved past the
// slop pans and is no click; a press released within the slop clicks the
// territory under the press; a press on a widget over the board is not
// the board's; the Fit button fits; a middle drag pans.
func TestCameraHandleDragWheelAndClick(t *testing.T) {
	m, err := maps.Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	v := NewCamera(m)
	// The board's viewport on the table (table.NewLayout: a tall map's
	// width at the board's height).
	v.SetViewport(Rect{X: 8, Y: 58, W: 480, H: 834})
	// The territory deep inside at the middle of the board: zooming there
	// keeps it under the pointer (no clamping near an edge).
	tr, p, best := -1, board.Point{}, math.Inf(1)
	for t, q := range deepPoints(m) {
		d := math.Hypot(q.X-float64(m.Grid.W)/2, q.Y-float64(m.Grid.H)/2)
		if d < best || d == best && t < tr {
			tr, p, best = t, q, d
		}
	}
	g := v.Geom()
	x, y := g.FromGrid(p.X, p.Y)
	if changed, took, clicked := v.Handle(Input{X: x, Y: y, Wheel: 6}, false); !changed || took || clicked >= 0 || v.Zoom() <= 1 {
		t.Fatalf("the wheel: changed %v, took %v, clicked %d, zoom %.2f", changed, took, clicked, v.Zoom())
	}
	// The point under the pointer stays there (zoomed so far that the
	// board may move both ways).
	if got := v.Hit(x, y); got != tr {
		t.Fatalf("after zooming at %s the pointer is over %d", m.Territories[tr].ID, got)
	}
	before := v.Geom()
	if _, took, _ := v.Handle(Input{X: x, Y: y, Click: true, Down: true}, false); !took {
		t.Fatal("a press on the board was not the board's")
	}
	v.Handle(Input{X: x + 30, Y: y + 20, Down: true}, false)
	_, _, clicked := v.Handle(Input{X: x + 30, Y: y + 20}, false)
	after := v.Geom()
	if clicked >= 0 || math.Abs(after.X-before.X-30) > 1e-6 || math.Abs(after.Y-before.Y-20) > 1e-6 {
		t.Fatalf("a drag of (30,20) clicked %d and moved the board by (%.1f,%.1f)", clicked, after.X-before.X, after.Y-before.Y)
	}
	x, y = after.FromGrid(p.X, p.Y)
	v.Handle(Input{X: x, Y: y, Click: true, Down: true}, false)
	v.Handle(Input{X: x + 2, Y: y + 2, Down: true}, false)
	if _, _, clicked := v.Handle(Input{X: x + 2, Y: y + 2}, false); clicked != tr {
		t.Fatalf("a press released within the slop clicked %d, want %s (%d)", clicked, m.Territories[tr].ID, tr)
	}
	if _, took, _ := v.Handle(Input{X: x, Y: y, Click: true, Down: true}, true); took {
		t.Fatal("a press on a widget over the board was taken by the board")
	}
	v.Handle(Input{X: x, Y: y}, true)
	mid := v.Geom()
	v.Handle(Input{X: x, Y: y, MiddleDown: true}, false)
	v.Handle(Input{X: x - 25, Y: y + 10, MiddleDown: true}, false)
	if g := v.Geom(); math.Abs(g.X-mid.X+25) > 1e-6 || math.Abs(g.Y-mid.Y-10) > 1e-6 {
		t.Fatalf("a middle drag of (-25,10) moved the board by (%.1f,%.1f)", g.X-mid.X, g.Y-mid.Y)
	}
	v.Handle(Input{X: x - 25, Y: y + 10}, false)
	var fit BoardControl
	for _, c := range v.Controls() {
		if c.ID == CtlFit {
			fit = c
		}
	}
	fx, fy := fit.R.Center()
	if changed, took, _ := v.Handle(Input{X: fx, Y: fy, Click: true, Down: true}, false); !changed || !took || !v.Fitted() {
		t.Fatalf("the Fit button: changed %v, took %v, fitted %v", changed, took, v.Fitted())
	}
}
