package render

import (
	"fmt"
	"math"
	"notrueking/internal/tabletest"
	"os"
	"testing"

	"notrueking/maps"
	"notrueking/ui"
)

// TestNineConspiracyColours: every seat colour stands apart from every
// house colour of the nine-player map, and from every other seat colour.
func TestNineConspiracyColours(t *testing.T) {
	m, err := maps.Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	if len(ui.ConspiracyColors) < len(m.Conspiracies) {
		t.Fatalf("%d seat colours for %d conspiracies", len(ui.ConspiracyColors), len(m.Conspiracies))
	}
	dist := func(a, b [3]float64) float64 {
		return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
	}
	for i, c := range ui.ConspiracyColors[:len(m.Conspiracies)] {
		cv := [3]float64{float64(c.R), float64(c.G), float64(c.B)}
		for _, h := range m.Houses {
			hv := [3]float64{float64(h.Color.R), float64(h.Color.G), float64(h.Color.B)}
			if d := dist(cv, hv); d < 70 {
				t.Errorf("%s's colour %v is %.0f from %s's %v", m.ConspiracyNames[i], c, d, h.Name, h.Color)
			}
		}
		for j, o := range ui.ConspiracyColors[:i] {
			if d := dist(cv, [3]float64{float64(o.R), float64(o.G), float64(o.B)}); d < 55 {
				t.Errorf("%s and %s colours are %.0f apart", m.ConspiracyNames[i], m.ConspiracyNames[j], d)
			}
		}
	}
}

// TestNineRoadHit: a click on a road's track selects the road, a click
// away from it the territory below.
func TestNineRoadHit(t *testing.T) {
	m, err := maps.Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	sh := ui.ShapesOf(m)
	kr, _ := m.Territory("kingsroad")
	p := m.Territories[kr].Path[1]
	if got := sh.At(p.X, p.Y); got != kr {
		t.Errorf("click on the Kingsroad at %v hits %d", p, got)
	}
	if got := sh.At(p.X+3, p.Y); got == kr || got < 0 {
		t.Errorf("click beside the Kingsroad hits %d", got)
	}
	if len(sh.Bridges) != 3 {
		t.Errorf("%d bridges drawn, want 3", len(sh.Bridges))
	}
}

// TestDrawNineTable draws a nine-player game at its start in a 1280×720
// window, and with NTK_SHOTS=DIR (which keeps the pictures to look at) in a
// 1920×1080 one too: the top bar spans the width.
func TestDrawNineTable(t *testing.T) {
	needDisplay(t)
	e, err := tabletest.RulesGame("nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(Options{}, defaultNewGame)
	if err != nil {
		t.Fatal(err)
	}
	a.begin(playOf(e), 3)
	a.clickOn(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	sizes := [][2]int{{1280, 720}}
	if os.Getenv("NTK_SHOTS") != "" {
		// Drawing at full HD costs seconds of software GL: only when the
		// pictures are wanted.
		sizes = append(sizes, [2]int{1920, 1080})
	}
	for _, sz := range sizes {
		img := render(t, a, sz[0], sz[1])
		saveShot(t, fmt.Sprintf("table-nine-%d", sz[0]), img)
		x, y := ui.NewScaler(sz[0], sz[1]).ToScreen(ui.BaseW-4, 20)
		if c := img.RGBAAt(int(x), int(y)); c != ui.ColPanelHi {
			t.Errorf("%v: top bar pixel %v, want %v", sz, c, ui.ColPanelHi)
		}
	}
}
