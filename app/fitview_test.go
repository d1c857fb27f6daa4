package app

import (
	"fmt"
	"testing"

	"notrueking/board"
	"notrueking/placer"
	"notrueking/rules"
	"notrueking/ui"
)

// fitSizes are the windows the fitted board is checked at.
var fitSizes = [][2]int{{1280, 720}, {1600, 900}, {1920, 1080}}

// checkFitted checks the board of a's scene at its fitted view in a w×h
// window: the whole map inside the viewport, and every territory's name
// (or icons) and every token drawn inside it, clear of the board's
// buttons; every group of units has its tokens.
func checkFitted(t *testing.T, a *App, what string, w, h int) {
	t.Helper()
	a.rebuild()
	b := a.f.board
	if b == nil {
		t.Fatalf("%s: no board", what)
	}
	cam := b.Camera
	if !cam.Fitted() {
		cam.Fit()
	}
	sc := ui.NewScaler(w, h)
	geo := cam.Geom()
	vp := cam.Viewport()
	inside := func(r, in ui.Rect) bool {
		return r.X >= in.X-0.5 && r.Y >= in.Y-0.5 && r.X+r.W <= in.X+in.W+0.5 && r.Y+r.H <= in.Y+in.H+0.5
	}
	if !inside(geo.Bounds(), vp) {
		t.Errorf("%s: the map %v runs out of the board's viewport %v", what, geo.Bounds(), vp)
	}
	pl := placer.PlanOverlay(cam, sc.S, geo.Cell*sc.S, b.Public)
	// The plan's boxes are screen pixels from the grid's origin; in base
	// pixels on the canvas:
	base := func(r ui.Rect) ui.Rect {
		return ui.Rect{X: geo.X + r.X/sc.S, Y: geo.Y + r.Y/sc.S, W: r.W / sc.S, H: r.H / sc.S}
	}
	m := cam.Map()
	for ti, r := range pl.Boxes {
		if r.W > 0 && !inside(base(r), vp) {
			t.Errorf("%s: the name of %s at %v is cut by the viewport %v", what, m.Territories[ti].ID, base(r), vp)
		}
		for _, c := range cam.Controls() {
			if r.W > 0 && ui.Overlap(base(r), c.R) > 0 {
				t.Errorf("%s: the name of %s is under the board's %s button", what, m.Territories[ti].ID, c.ID)
			}
		}
	}
	has := make([]int, len(m.Territories))
	for _, tk := range pl.Tokens {
		has[tk.Terr]++
		if !inside(base(tk.R), vp) {
			t.Errorf("%s: a token of %s at %v is cut by the viewport %v", what, m.Territories[tk.Terr].ID, base(tk.R), vp)
		}
		for _, c := range cam.Controls() {
			if ui.Overlap(base(tk.R), c.R) > 0 {
				t.Errorf("%s: a token of %s is under the board's %s button", what, m.Territories[tk.Terr].ID, c.ID)
			}
		}
	}
	for _, g := range b.Public.Groups {
		if board.Total(g.Units) > 0 && has[g.Territory] == 0 {
			t.Errorf("%s: the units in %s have no token", what, m.Territories[g.Territory].ID)
		}
	}
}

// TestReplayFitShowsTheWholeBoard: the replay viewer's fitted board holds
// every territory, its name and its tokens, on both maps, at three window
// sizes, at the start, mid-game and at the end (it once clipped the
// Shivering Sea, Dragonstone and Dorne at 1600×900).
func TestReplayFitShowsTheWholeBoard(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	nine := rulesGame(t, "nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 5)
	for i := 0; i < 400 && !nine.Over(); i++ {
		l := nine.Legal()
		if _, err := nine.Apply(l[(i*7)%len(l)]); err != nil {
			t.Fatal(err)
		}
	}
	for _, src := range []struct {
		name string
		g    *rules.Game
	}{{"four-players", fileGame(t, finishedRecord)}, {"nine", nine}} {
		a, r := replayOf(t, src.g, src.name+".ntk")
		for _, n := range []int{0, r.End() / 2, r.End()} {
			a.do(ui.Command{Kind: ui.CmdReplayGo, N: n})
			for _, s := range fitSizes {
				checkFitted(t, a, fmt.Sprintf("replay of %s at action %d, %dx%d", src.name, n, s[0], s[1]), s[0], s[1])
			}
		}
	}
}

// TestTableFitShowsTheWholeBoard: the table's fitted board holds every
// territory, its name and its tokens (the Targaryen's beside Dragonstone
// too), on both maps, at three window sizes and several points of a game.
func TestTableFitShowsTheWholeBoard(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		for _, steps := range []int{5, 120, 300} {
			a, _ := midGame(t, tc, steps, 3)
			for _, s := range fitSizes {
				checkFitted(t, a, fmt.Sprintf("table of %s after %d actions, %dx%d", tc.mapName, steps, s[0], s[1]), s[0], s[1])
			}
		}
	}
}
