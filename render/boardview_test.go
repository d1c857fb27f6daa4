package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
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
		v := newBoardView(m)
		vp := Rect{8, 58, 960, 834}
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
				c0 := v.cell
				v.ZoomAt(1.25, x, y)
				if v.cell != c0 {
					gx2, gy2 := v.toGrid(x, y)
					if math.Hypot(gx2-gx, gy2-gy) > 1e-9 && !v.fitted {
						w, h := float64(m.Grid.W)*v.cell, float64(m.Grid.H)*v.cell
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
				} else if m.Territories[tr].Kind != board.Road && v.sh.at(p.X, p.Y) != v.sh.terrAt(p.X, p.Y) {
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
	v := newBoardView(m)
	vp := Rect{8, 58, 960, 834}
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
	if z := v.Zoom(); math.Abs(z-1) > 1e-9 || !v.fitted {
		t.Errorf("zoomed all the way out: zoom %.2f fitted %v, want the fitted board", z, v.fitted)
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
	v.SetViewport(Rect{8, 58, 1200, 700})
	if !v.fitted || math.Abs(v.Zoom()-1) > 1e-9 {
		t.Errorf("a fitted view after a resize: zoom %.2f fitted %v", v.Zoom(), v.fitted)
	}
}

// TestBoardInputDragWheelAndClick drives the table's board with input
// snapshots: the wheel zooms around the pointer, a left drag pans and
// does not click, a press and release in place clicks the territory, F
// fits, and the zoom buttons work.
func TestBoardInputDragWheelAndClick(t *testing.T) {
	e, err := newRulesGame("standard", []string{"Ann", "Ben"}, 9)
	if err != nil {
		t.Fatal(err)
	}
	a := curtainApp(t, e, 9)
	a.clickOn(cmdTarget(Command{Kind: CmdLift}))
	a.rebuild()
	v := a.board()
	vp := v.Viewport()
	x, y := vp.X+vp.W/2, vp.Y+vp.H/2
	gx, gy := v.toGrid(x, y)
	a.handle(input{X: x, Y: y, Wheel: 2})
	if v.Zoom() <= 1.01 {
		t.Fatalf("the wheel did not zoom: zoom %.2f", v.Zoom())
	}
	if gx2, gy2 := v.toGrid(x, y); math.Hypot(gx2-gx, gy2-gy) > 1e-6 {
		t.Errorf("the wheel moved the map point under the pointer")
	}
	if !a.stale {
		t.Error("zooming does not ask for a redraw")
	}
	// A drag: press, move past the slop, release. The board moves with
	// the pointer and nothing is clicked.
	// Zoomed in far enough that the board is wider than the viewport,
	// so that it may move both ways.
	a.handle(input{X: x, Y: y, Wheel: 5})
	a.tbl.msg = ""
	ox, oy := v.ox, v.oy
	a.handle(input{X: x, Y: y, Click: true, Down: true})
	a.handle(input{X: x + 30, Y: y + 20, Down: true})
	a.handle(input{X: x + 60, Y: y + 40, Down: true})
	a.handle(input{X: x + 60, Y: y + 40})
	if math.Hypot(v.ox-ox-60, v.oy-oy-40) > 1e-6 {
		t.Errorf("a drag of (60,40) moved the board by (%.1f,%.1f)", v.ox-ox, v.oy-oy)
	}
	if a.tbl.msg != "" {
		t.Errorf("a drag counted as a click: message %q", a.tbl.msg)
	}
	// Middle drag pans too.
	ox, oy = v.ox, v.oy
	a.handle(input{X: x, Y: y, MiddleDown: true})
	a.handle(input{X: x - 25, Y: y + 10, MiddleDown: true})
	a.handle(input{X: x - 25, Y: y + 10})
	if math.Hypot(v.ox-ox+25, v.oy-oy-10) > 1e-6 {
		t.Errorf("a middle drag of (-25,10) moved the board by (%.1f,%.1f)", v.ox-ox, v.oy-oy)
	}
	// A press and a release within the slop is a click on the territory
	// pressed (the table answers "nothing to do there now").
	tr := v.Hit(x, y)
	if tr < 0 {
		t.Fatal("no territory at the viewport's centre")
	}
	a.handle(input{X: x, Y: y, Click: true, Down: true})
	if a.tbl.msg != "" {
		t.Errorf("the press clicked at once: %q", a.tbl.msg)
	}
	a.handle(input{X: x + 2, Y: y + 1})
	if name := a.tbl.m.Territories[tr].Name; !strings.Contains(a.tbl.msg, name) {
		t.Errorf("a click in place on %s: message %q", name, a.tbl.msg)
	}
	// A whole click in one snapshot (as the tests' clickers send) clicks too.
	a.tbl.msg = ""
	a.handle(input{X: x, Y: y, Click: true})
	if !strings.Contains(a.tbl.msg, a.tbl.m.Territories[tr].Name) {
		t.Errorf("a one-tick click: message %q", a.tbl.msg)
	}
	// F fits.
	a.handle(input{X: x, Y: y, Fit: true})
	if !v.fitted {
		t.Error("F did not fit the board")
	}
	// The zoom-in button zooms, the fit button fits.
	for _, c := range v.Controls() {
		if c.ID == ctlZoomIn {
			cx, cy := center(c.R)
			a.handle(input{X: cx, Y: cy, Click: true, Down: true})
			a.handle(input{X: cx, Y: cy})
		}
	}
	if v.Zoom() <= 1.01 {
		t.Errorf("the zoom-in button did not zoom (%.2f)", v.Zoom())
	}
	if id := v.ControlAt(x, y); id != "" {
		t.Errorf("the viewport's centre is the %q button", id)
	}
}

// boardImage draws map m's board for view pv into a w×h image and reads it.
func boardImage(t testing.TB, m *board.Map, pv *rules.View, hl []bool, sel int, w, h int) (*image.RGBA, *boardView) {
	p, err := newPainter()
	if err != nil {
		t.Fatal(err)
	}
	v := newBoardView(m)
	v.SetViewport(Rect{0, 0, float64(w), float64(h)})
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	v.Draw(img, Scaler{S: 1}, p, pv, hl, sel)
	return snapshot(img), v
}

func near(c, want color.RGBA, tol int) bool {
	d := func(a, b uint8) int {
		if a > b {
			return int(a - b)
		}
		return int(b - a)
	}
	return d(c.R, want.R) <= tol && d(c.G, want.G) <= tol && d(c.B, want.B) <= tol
}

// TestBoardTintsByController: controlled land shows its house's tint,
// free land parchment, the sea blue, a border dark ink; legal targets keep
// their colour and are outlined while the rest dims; the selection is
// lightened.
func TestBoardTintsByController(t *testing.T) {
	needDisplay(t)
	m := testMap()
	pv := &rules.View{Control: map[string]string{"winterfell": "lannister"}}
	img, v := boardImage(t, m, pv, nil, -1, 240, 160)
	g := v.Geom()
	at := func(img *image.RGBA, gx, gy float64) color.RGBA {
		x, y := g.FromGrid(gx, gy)
		return img.RGBAAt(int(x), int(y))
	}
	red := rgba(m.Houses[1].Color)
	// Winterfell cell (0,6), away from its name and tokens.
	if c := at(img, 0.5, 6.5); !near(c, landColor(&red), 12) {
		t.Errorf("controlled land pixel = %v, want about %v", c, landColor(&red))
	}
	// Somewhere in the sea (its name covers some of it) blue; somewhere in
	// Karhold parchment.
	anyOf := func(pts [][2]float64, ok func(color.RGBA) bool) bool {
		for _, p := range pts {
			if ok(at(img, p[0], p[1])) {
				return true
			}
		}
		return false
	}
	if !anyOf([][2]float64{{11.5, 7.5}, {11.5, 0.5}, {7.5, 7.5}, {10.5, 4.5}}, func(c color.RGBA) bool { return c.B > c.R+40 }) {
		t.Error("no sea pixel is blue")
	}
	if !anyOf([][2]float64{{7.5, 0.5}, {9.5, 0.5}, {8.5, 3.5}, {6.5, 4.5}}, func(c color.RGBA) bool { return near(c, colFreeLand, 12) }) {
		t.Errorf("no pixel of free Karhold is parchment %v", colFreeLand)
	}
	// The A|B border at x = 6 in the top rows carries dark ink.
	if c := at(img, 6, 0.5); !(int(c.R)+int(c.G)+int(c.B) < int(colParchment.R)+int(colParchment.G)+int(colParchment.B)-120) {
		t.Errorf("border pixel = %v, want dark ink", c)
	}
	// Karhold (1) a legal target: Winterfell dims, Karhold keeps its colour.
	lit, _ := boardImage(t, m, pv, []bool{false, true, false, false}, -1, 240, 160)
	if c0, c1 := at(img, 0.5, 6.5), at(lit, 0.5, 6.5); lum(c1) > lum(c0)*0.7 {
		t.Errorf("with a legal target elsewhere Winterfell is %v (was %v), want dimmed", c1, c0)
	}
	if c0, c1 := at(img, 8.5, 1.5), at(lit, 8.5, 1.5); !near(c0, c1, 6) {
		t.Errorf("the legal target Karhold changed colour: %v, was %v", c1, c0)
	}
	// Its outline: a bright line just inside its border with the sea.
	bright := 0
	for gy := 0.0; gy < 4; gy += 0.1 {
		x, y := g.FromGrid(10, gy)
		for dx := -6; dx <= 0; dx++ {
			if c := lit.RGBAAt(int(x)+dx, int(y)); near(c, colTarget, 40) {
				bright++
				break
			}
		}
	}
	if bright < 5 {
		t.Errorf("the legal target's outline shows at only %d places", bright)
	}
	// The selection is lighter than before.
	sel, _ := boardImage(t, m, pv, nil, 0, 240, 160)
	if c0, c1 := at(img, 0.5, 6.5), at(sel, 0.5, 6.5); lum(c1) <= lum(c0)+20 {
		t.Errorf("selected Winterfell is %v, was %v: want lighter", c1, c0)
	}
}

func lum(c color.RGBA) float64 { return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B) }

// TestBoardRiverBorderIsBlue: a border an impassable river blocks is drawn
// blue; an ordinary land border is not.
func TestBoardRiverBorderIsBlue(t *testing.T) {
	needDisplay(t)
	m := testMap()
	m.Territories[0].Neighbors = []int{3}
	m.Territories[1].Neighbors = []int{2}
	m.Rivers = []board.River{{ID: "rill", Name: "The Rill", Borders: [][2]int{{0, 1}}}}
	img, v := boardImage(t, m, &rules.View{}, nil, -1, 240, 160)
	x, y := v.Geom().FromGrid(6, 0.5)
	if c := img.RGBAAt(int(x), int(y)); !(c.B > c.R+60) {
		t.Errorf("river border pixel %v, want blue ink", c)
	}
	img2, _ := boardImage(t, testMap(), &rules.View{}, nil, -1, 240, 160)
	if c := img2.RGBAAt(int(x), int(y)); c.B > c.R {
		t.Errorf("ordinary land border pixel %v is blue", c)
	}
}

// BenchmarkDrawBoard is the board's part of a full repaint of a
// four-player standard table at 1920×1080: the view drawn with a new
// selection every time (so the triangles are built again; names and
// tokens come from their cache), one pixel read back after each draw so
// that every frame's GPU work is done (as a frame's end does in the app).
// draw-ms/op is the time spent in Draw (our CPU: triangles, layout,
// queued draws); cpu-ms/op the whole process's CPU per frame, the
// software GL's rasterising under Xvfb included; ns/op the wall time.
func BenchmarkDrawBoard(b *testing.B) {
	if !haveDisplay {
		b.Skip("no display")
	}
	e, err := newRulesGame("standard", []string{"A", "B", "C", "D"}, 5)
	if err != nil {
		b.Fatal(err)
	}
	playSome(&testing.T{}, e, 4+8)
	m := e.Map()
	pv := e.View(rules.Public)
	p, err := newPainter()
	if err != nil {
		b.Fatal(err)
	}
	dst := ebiten.NewImage(1920, 1080)
	defer dst.Deallocate()
	sc := NewScaler(1920, 1080)
	v := newBoardView(m)
	v.SetViewport(Rect{8, 58, 960, 834})
	pix := make([]byte, 4)
	one := dst.SubImage(image.Rect(500, 500, 501, 501)).(*ebiten.Image)
	for i := 0; i < 3; i++ {
		v.Draw(dst, sc, p, &pv, nil, i)
	}
	one.ReadPixels(pix)
	var inDraw time.Duration
	c0 := processCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sel := i % len(m.Territories)
		t0 := time.Now()
		v.Draw(dst, sc, p, &pv, nil, sel)
		inDraw += time.Since(t0)
		one.ReadPixels(pix)
	}
	b.StopTimer()
	cpu := float64(processCPU() - c0)
	b.ReportMetric(cpu/float64(b.N)/1e6, "cpu-ms/op")
	b.ReportMetric(float64(inDraw.Microseconds())/float64(b.N)/1000, "draw-ms/op")
}

// TestDrawBoardViews draws both maps' boards, some actions into a game,
// at a 1280×720 and a 1920×1080 window's scale, fitted and zoomed in, in a
// viewport of 60 % of the width, with a legal-target highlight: the
// picture is not blank, and with NTK_SHOTS=DIR it is kept to look at.
func TestDrawBoardViews(t *testing.T) {
	needDisplay(t)
	p, err := newPainter()
	if err != nil {
		t.Fatal(err)
	}
	for _, mp := range []struct {
		name  string
		seats []string
	}{
		{"standard", []string{"A", "B", "C", "D"}},
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}},
	} {
		g, err := newRulesGame(mp.name, mp.seats, 3)
		if err != nil {
			t.Fatal(err)
		}
		playSome(t, g, 3*len(mp.seats)+20)
		m := g.Map()
		pv := g.View(rules.Public)
		// Flags on a few empty lands, as if their holders had marched on.
		held := map[string]bool{}
		for _, gr := range pv.Groups {
			held[gr.Territory] = true
		}
		flags := map[string]string{}
		for ti, trr := range m.Territories {
			if trr.Kind == board.Land && !held[trr.ID] && ti%5 == 0 {
				flags[trr.ID] = m.Houses[ti%len(m.Houses)].ID
			}
		}
		pv.Flags = flags
		hl := make([]bool, len(m.Territories))
		for i := 0; i < len(hl); i += 7 {
			hl[i] = true
		}
		for _, sz := range [][2]int{{1280, 720}, {1920, 1080}} {
			if sz[0] > 1280 && os.Getenv("NTK_SHOTS") == "" {
				continue
			}
			for _, z := range []float64{1, 3} {
				img := ebiten.NewImage(sz[0], sz[1])
				v := newBoardView(m)
				v.SetViewport(Rect{8, 58, 960, 834})
				v.ZoomAt(z, 8+960*0.45, 58+834*0.55)
				sc := NewScaler(sz[0], sz[1])
				v.Draw(img, sc, p, &pv, hl, 3)
				shot := snapshot(img)
				img.Deallocate()
				saveShot(t, fmt.Sprintf("board-%s-%d-z%.0f", mp.name, sz[0], z), shot)
				r := sc.Rect(v.Viewport())
				colours := map[color.RGBA]bool{}
				for y := int(r.Y) + 2; y < int(r.Y+r.H)-2; y += 7 {
					for x := int(r.X) + 2; x < int(r.X+r.W)-2; x += 7 {
						colours[shot.RGBAAt(x, y)] = true
					}
				}
				if len(colours) < 20 {
					t.Errorf("%s %v zoom %.0f: the board shows only %d colours", mp.name, sz, z, len(colours))
				}
			}
		}
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
