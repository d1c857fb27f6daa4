package render

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"slices"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestDrawNineTable draws a nine-player game at its start in a 1280×720
// window, and with NTK_SHOTS=DIR (which keeps the pictures to look at) in a
// 1920×1080 one too: the top bar spans the width.
func TestDrawNineTable(t *testing.T) {
	needDisplay(t)
	e, err := tabletest.RulesGame("nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	u := tableOf(rules.HotSeat(e))
	sizes := [][2]int{{1280, 720}}
	if os.Getenv("NTK_SHOTS") != "" {
		// Drawing at full HD costs seconds of software GL: only when the
		// pictures are wanted.
		sizes = append(sizes, [2]int{1920, 1080})
	}
	for _, sz := range sizes {
		img := drawTable(t, u, sz[0], sz[1])
		rendertest.SaveShot(t, fmt.Sprintf("table-nine-%d", sz[0]), img)
		x, y := ui.NewScaler(sz[0], sz[1]).ToScreen(ui.BaseW-4, 20)
		if c := img.RGBAAt(int(x), int(y)); c != ui.ColPanelHi {
			t.Errorf("%v: top bar pixel %v, want %v", sz, c, ui.ColPanelHi)
		}
	}
}

// TestNineRiversReadAtFit: on the nine-player map's fitted board of a
// 1280×720 window, every river is drawn wider than any land border, in the
// river's colour, and every bridge shows (once thin lines of the sea's
// blue, the bridges only when zoomed in).
func TestNineRiversReadAtFit(t *testing.T) {
	needDisplay(t)
	e, err := tabletest.RulesGame("nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	u := tableOf(rules.HotSeat(e))
	const w, h = 1280, 720
	img := drawTable(t, u, w, h)
	rendertest.SaveShot(t, "rivers-nine-1280", img)
	m := u.Map()
	sc := ui.NewScaler(w, h)
	geo := ui.FitBoard(m.Grid.W, m.Grid.H, u.Layout().Board)
	sh := ui.ShapesOf(m)
	close := func(c, want color.RGBA, d int) bool {
		ab := func(x int) int { return max(x, -x) }
		return ab(int(c.R)-int(want.R)) <= d && ab(int(c.G)-int(want.G)) <= d && ab(int(c.B)-int(want.B)) <= d
	}
	// width is the widest unbroken run of pixels of colour col across line l, at
	// a quarter, half and three quarters along it.
	width := func(l []board.Point, col color.RGBA) int {
		best := 0
		for i := 1; i < len(l); i++ {
			a, b := l[i-1], l[i]
			dx, dy := b.X-a.X, b.Y-a.Y
			d := math.Hypot(dx, dy)
			if d == 0 {
				continue
			}
			nx, ny := -dy/d, dx/d
			mx, my := sc.ToScreen(geo.FromGrid((a.X+b.X)/2, (a.Y+b.Y)/2))
			run := 0
			for s := -10.0; s <= 10; s += 0.5 {
				if close(img.RGBAAt(int(math.Round(mx+nx*s)), int(math.Round(my+ny*s))), col, 14) {
					run++
					best = max(best, run)
				} else {
					run = 0
				}
			}
		}
		return best / 2 // half-pixel steps
	}
	// Land borders: the width most of them have (where borders meet, or
	// a tint like the border's lies beside one, a few measure wider).
	var lands []int
	for _, bl := range sh.BorderLines {
		if bl.Class == ui.EdgeLand {
			lands = append(lands, width(bl.Line.Pts, colBorderLand))
		}
	}
	slices.Sort(lands)
	landMax := lands[len(lands)*3/4]
	for ri, r := range m.Rivers {
		rw := 0
		for _, bl := range sh.BorderLines {
			if bl.Class == ui.EdgeRiver && bl.River == ri {
				rw = max(rw, width(bl.Line.Pts, ui.ColRiver))
			}
		}
		if rw <= landMax || rw < 3 {
			t.Errorf("%s is %d px wide in its colour, most land borders %d or less", r.Name, rw, landMax)
		}
	}
	if len(sh.Bridges) == 0 {
		t.Fatal("no bridges on the nine-player map")
	}
	for _, br := range sh.Bridges {
		x, y := sc.ToScreen(geo.FromGrid(br.At.X, br.At.Y))
		n := 0
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				if close(img.RGBAAt(int(x)+dx, int(y)+dy), colBridge, 20) {
					n++
				}
			}
		}
		if n < 8 {
			t.Errorf("the bridge at %v shows %d pixels", br.At, n)
		}
	}
}
