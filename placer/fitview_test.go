package placer

import (
	"fmt"
	"testing"

	"notrueking/board"
)

// TestFittedBoardShowsEveryTerritory: at the fitted board of both maps, at
// the scales of a 1280×720, a 1600×900 and a 1920×1080 window, at the
// start and some actions in, every territory can be seen: its name (or,
// where no name finds room, its icons) is drawn (clear of every token and
// other name: TestBoardNamesNeverOverlap), or a third of its ground is
// uncovered; an island (land touching no other land) always shows 40 %
// of its ground or more; and every territory with units shows their tokens, inside
// the viewport (Dragonstone and Pyke once vanished under their tokens,
// the Kingswood's name under others).
func TestFittedBoardShowsEveryTerritory(t *testing.T) {
	for _, c := range planCases() {
		if c.zoom != 1 {
			continue
		}
		for _, steps := range []int{0, 40, 120} {
			g, v, pl, tr, pv := playedPlan(t, c, steps)
			m := g.Map()
			where := fmt.Sprintf("%v, %d actions", c, steps)
			sh := v.Shapes()
			// Ground: samples of every territory, and those under a token.
			all := make([]int, len(m.Territories))
			seen := make([]int, len(m.Territories))
			const step = 0.25
			for gy := step / 2; gy < float64(m.Grid.H); gy += step {
				for gx := step / 2; gx < float64(m.Grid.W); gx += step {
					ti := sh.TerrAt(gx, gy)
					if ti < 0 {
						continue
					}
					all[ti]++
					x, y := gx*tr.K, gy*tr.K
					under := false
					for _, tk := range pl.Tokens {
						under = under || tk.R.Contains(x, y)
					}
					if !under {
						seen[ti]++
					}
				}
			}
			units := make([]bool, len(m.Territories))
			for _, gr := range pv.Groups {
				units[gr.Territory] = units[gr.Territory] || board.Total(gr.Units) > 0
			}
			toks := make([]int, len(m.Territories))
			for _, tk := range pl.Tokens {
				toks[tk.Terr]++
			}
			for ti, trr := range m.Territories {
				if trr.Kind == board.Port || trr.Kind == board.Road {
					continue
				}
				named := false
				for _, l := range pl.Labels {
					named = named || (l.Terr == ti && l.Name)
				}
				labelled := pl.Boxes[ti].W > 0
				ground := float64(seen[ti]) / float64(max(1, all[ti]))
				if !labelled && ground < 0.35 {
					t.Errorf("%s: %s shows no name and %.0f %% of its ground", where, trr.ID, 100*ground)
				}
				if island(m, ti) && ground < 0.4 {
					t.Errorf("%s: the island %s: name shown %v, %.0f %% of its ground in view", where, trr.ID, named, 100*ground)
				}
				if units[ti] && toks[ti] == 0 {
					t.Errorf("%s: %s has units and no token", where, trr.ID)
				}
			}
		}
	}
}

// island reports whether land territory t touches no other land.
func island(m *board.Map, t int) bool {
	if m.Territories[t].Kind != board.Land {
		return false
	}
	for _, n := range m.Territories[t].Neighbors {
		if m.Territories[n].Kind == board.Land {
			return false
		}
	}
	return true
}
