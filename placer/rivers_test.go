package placer

import (
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/ui"
)

// TestRiversNamed: on the nine-player map's fitted board, at the scales of
// a 1280×720, a 1600×900 and a 1920×1080 window and some actions in,
// every river's name is drawn once, beside one of its own runs, no
// smaller than MinRiverName, clear of every other name and token
// (TestBoardNamesNeverOverlap checks the names, this the rivers').
func TestRiversNamed(t *testing.T) {
	for _, c := range planCases() {
		if c.mapName != "nine" || c.zoom != 1 {
			continue
		}
		for _, steps := range []int{0, 60} {
			g, v, pl, tr, _ := playedPlan(t, c, steps)
			m := g.Map()
			named := make([]int, len(m.Rivers))
			for _, rl := range pl.Rivers {
				named[rl.River]++
				if rl.Size < MinRiverName {
					t.Errorf("%v, %d actions: %s named at %.1f px", c, steps, m.Rivers[rl.River].Name, rl.Size)
				}
				// Beside its line: some run within a few name heights.
				near := false
				for _, bl := range v.Shapes().BorderLines {
					if bl.Class == ui.EdgeRiver && bl.River == rl.River && nearPath(bl.Line.Pts, rl.X/tr.K, rl.Y/tr.K, (rl.W/2+3*rl.H)/tr.K) {
						near = true
					}
				}
				if !near {
					t.Errorf("%v, %d actions: the name of %s is far from it", c, steps, m.Rivers[rl.River].Name)
				}
				for _, l := range pl.Labels {
					if ui.Overlap(l.R, rl.R) > 0 {
						t.Errorf("%v, %d actions: %s's name covers %s's", c, steps, m.Rivers[rl.River].Name, m.Territories[l.Terr].ID)
					}
				}
				for _, tk := range pl.Tokens {
					if ui.Overlap(tk.R, rl.R) > 0 {
						t.Errorf("%v, %d actions: %s's name covers a token of %s", c, steps, m.Rivers[rl.River].Name, m.Territories[tk.Terr].ID)
					}
				}
			}
			for ri, n := range named {
				if n != 1 {
					t.Errorf("%v, %d actions: %s is named %d times", c, steps, m.Rivers[ri].Name, n)
				}
			}
		}
	}
}

// TestRoadNamesReadable: a road's name is never smaller than MinRoadName
// (it was once ~7 px at 1280×720).
func TestRoadNamesReadable(t *testing.T) {
	roads := 0
	for _, c := range planCases() {
		if c.mapName != "nine" {
			continue
		}
		g, err := tabletest.RulesGame(c.mapName, c.seats, 3)
		if err != nil {
			t.Fatal(err)
		}
		m := g.Map()
		_, pl, _, _ := planFor(t, c, g)
		for _, l := range pl.Labels {
			if m.Territories[l.Terr].Kind == board.Road && l.Name {
				roads++
			}
			tr := m.Territories[l.Terr]
			if tr.Kind == board.Road && l.Name && LabelNameSize(tr, l.Size) < MinRoadName {
				t.Errorf("%v: %s named at %.1f px", c, tr.ID, LabelNameSize(tr, l.Size))
			}
		}
	}
	if roads == 0 {
		t.Error("no road named in any view")
	}
}
