package render

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/ui"
)

// boardImage draws map m's board for view pv into a w×h image and reads it.
func boardImage(t testing.TB, m *board.Map, pv *rules.View, hl []bool, sel int, w, h int) (*image.RGBA, *boardView) {
	p, err := NewPainter()
	if err != nil {
		t.Fatal(err)
	}
	v := newBoardView(ui.NewCamera(m))
	v.SetViewport(ui.Rect{X: 0, Y: 0, W: float64(w), H: float64(h)})
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	v.Draw(img, ui.Scaler{S: 1}, p, pv, hl, sel, nil)
	return rendertest.Snapshot(img), v
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
	m := tabletest.Map()
	pv := &rules.View{Control: []board.HouseID{1, board.NoHouse, board.NoHouse, board.NoHouse}} // Lannister holds Winterfell
	img, v := boardImage(t, m, pv, nil, -1, 240, 160)
	g := v.Geom()
	at := func(img *image.RGBA, gx, gy float64) color.RGBA {
		x, y := g.FromGrid(gx, gy)
		return img.RGBAAt(int(x), int(y))
	}
	red := ui.RGBA(m.Houses[1].Color)
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
	m := tabletest.Map()
	m.Territories[0].Neighbors = []board.TerrID{3}
	m.Territories[1].Neighbors = []board.TerrID{2}
	m.Rivers = []board.River{{ID: "rill", Name: "The Rill", Borders: [][2]int{{0, 1}}}}
	img, v := boardImage(t, m, &rules.View{}, nil, -1, 240, 160)
	x, y := v.Geom().FromGrid(6, 0.5)
	if c := img.RGBAAt(int(x), int(y)); !(c.B > c.R+60) {
		t.Errorf("river border pixel %v, want blue ink", c)
	}
	img2, _ := boardImage(t, tabletest.Map(), &rules.View{}, nil, -1, 240, 160)
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
	if !haveDisplay() {
		b.Skip("no display")
	}
	e, err := tabletest.RulesGame("standard", []string{"A", "B", "C", "D"}, 5)
	if err != nil {
		b.Fatal(err)
	}
	tabletest.PlaySome(&testing.T{}, e, e, 4+8)
	m := e.Map()
	pv := e.View(rules.Public)
	p, err := NewPainter()
	if err != nil {
		b.Fatal(err)
	}
	dst := ebiten.NewImage(1920, 1080)
	defer dst.Deallocate()
	sc := ui.NewScaler(1920, 1080)
	v := newBoardView(ui.NewCamera(m))
	v.SetViewport(ui.Rect{X: 8, Y: 58, W: 960, H: 834})
	pix := make([]byte, 4)
	one := dst.SubImage(image.Rect(500, 500, 501, 501)).(*ebiten.Image)
	for i := 0; i < 3; i++ {
		v.Draw(dst, sc, p, &pv, nil, i, nil)
	}
	one.ReadPixels(pix)
	var inDraw time.Duration
	c0 := processCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sel := i % len(m.Territories)
		t0 := time.Now()
		v.Draw(dst, sc, p, &pv, nil, sel, nil)
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
	p, err := NewPainter()
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
		g, err := tabletest.RulesGame(mp.name, mp.seats, 3)
		if err != nil {
			t.Fatal(err)
		}
		tabletest.PlaySome(t, g, g, 3*len(mp.seats)+20)
		m := g.Map()
		pv := g.View(rules.Public)
		// Flags on a few empty lands, as if their holders had marched on.
		held := map[board.TerrID]bool{}
		for _, gr := range pv.Groups {
			held[gr.Territory] = true
		}
		flags := make([]board.HouseID, len(m.Territories))
		for ti, trr := range m.Territories {
			flags[ti] = board.NoHouse
			if trr.Kind == board.Land && !held[board.TerrID(ti)] && ti%5 == 0 {
				flags[ti] = board.HouseID(ti % len(m.Houses))
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
				v := newBoardView(ui.NewCamera(m))
				v.SetViewport(ui.Rect{X: 8, Y: 58, W: 960, H: 834})
				v.ZoomAt(z, 8+960*0.45, 58+834*0.55)
				sc := ui.NewScaler(sz[0], sz[1])
				v.Draw(img, sc, p, &pv, hl, 3, nil)
				shot := rendertest.Snapshot(img)
				img.Deallocate()
				rendertest.SaveShot(t, fmt.Sprintf("board-%s-%d-z%.0f", mp.name, sz[0], z), shot)
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
