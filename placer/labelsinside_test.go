package placer

import (
	"fmt"
	"math"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// fitBoard is the board's viewport on the table for map m, as
// table.NewLayout makes it (ui cannot import table): the map's width at
// the board's height and a margin of sea, when the log column still fits
// beside it.
func fitBoard(m *board.Map) ui.Rect {
	r := ui.Rect{X: 8, Y: 58, W: 960, H: 834}
	need := math.Ceil(r.H*float64(m.Grid.W)/float64(m.Grid.H)) + 16
	if need < r.W && 980-8-(r.X+need+8) >= 300 {
		r.W = need
	}
	return r
}

// insideBox counts the samples of box r (pixels, k per cell) is
// on territory ti: a 5×3 grid of points and the four corners inset 1 px
// (the tolerance: a box may graze its border by less than a pixel at the
// corners and between the samples). A road's box is inside when every
// sample lies within 2 cells of its track (a road is a line, its name and
// tokens go along it).
func insideBox(m *board.Map, sh *ui.Shapes, ti int, r ui.Rect, k float64) (in, all int) {
	var pts [][2]float64
	for i := 0; i < 5; i++ {
		for j := 0; j < 3; j++ {
			pts = append(pts, [2]float64{r.X + r.W*(float64(i)+.5)/5, r.Y + r.H*(float64(j)+.5)/3})
		}
	}
	pts = append(pts, [2]float64{r.X + 1, r.Y + 1}, [2]float64{r.X + r.W - 1, r.Y + 1},
		[2]float64{r.X + 1, r.Y + r.H - 1}, [2]float64{r.X + r.W - 1, r.Y + r.H - 1})
	road := m.Territories[ti].Kind == board.Road
	for _, p := range pts {
		gx, gy := p[0]/k, p[1]/k
		if road && nearPath(m.Territories[ti].Path, gx, gy, 2) || !road && sh.TerrAt(gx, gy) == ti {
			in++
		}
	}
	return in, len(pts)
}

// blockInside reports whether every token of territory ti is inside it.
func blockInside(m *board.Map, sh *ui.Shapes, pl *OverlayPlan, ti int, k float64) bool {
	for _, tk := range pl.Tokens {
		if in, all := insideBox(m, sh, ti, tk.R, k); tk.Terr == ti && in < all {
			return false
		}
	}
	return true
}

// TestLabelsInsideTheirTerritory: on both maps, at the fitted
// board of a 1280×720, a 1600×900 and a 1920×1080 window, at every
// position of a long seeded random game (every 7th in -short), every
// territory shows its name (whole, on two lines, smaller, or its map
// code) and its icons in a box inside its own shape; every token lies
// inside its territory's shape (but on an island too small to hold its
// code and the smallest token, Cramped, beside it, touching it); no label covers another (rivers' names
// too), no token covers a label; and a label's box is the same at every
// position, whatever units come and go. Ports are not named: the anchor
// glyph marks them, and their ships sit on the sea beside it
// (TestTokensSitInsideTheirTerritory checks that).
func TestLabelsInsideTheirTerritory(t *testing.T) {
	every, steps := 1, 500
	if testing.Short() {
		every = 7
	}
	for _, mp := range []struct {
		name  string
		seats []string
	}{
		{"standard", []string{"A", "B", "C", "D"}},
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}},
	} {
		for _, s := range []float64{0.8, 1, 1.2} {
			where := fmt.Sprintf("%s at %.0f×%.0f", mp.name, 1600*s, 900*s)
			g, err := tabletest.RulesGame(mp.name, mp.seats, 5)
			if err != nil {
				t.Fatal(err)
			}
			m := g.Map()
			v := ui.NewCamera(m)
			v.SetViewport(fitBoard(m))
			k := v.Geom().Cell * s
			sh := v.Shapes()
			var first []ui.Rect
			fails := map[string]int{}
			fail := func(kind, format string, a ...any) {
				if fails[kind]++; fails[kind] <= 3 {
					t.Errorf("%s: "+format, append([]any{where}, a...)...)
				}
			}
			n := 0
			check := func() {
				pv := g.View(rules.Public)
				pl := PlanOverlay(v, s, k, &pv)
				if first == nil {
					first = append([]ui.Rect(nil), pl.Boxes...)
				}
				for ti, tr := range m.Territories {
					if tr.Kind == board.Port {
						continue
					}
					b := pl.Boxes[ti]
					if b.W == 0 {
						fail("dropped", "position %d: %s has no label", n, tr.Name)
						continue
					}
					if tr.Kind == board.Road {
						// A road's name is along its track (RoadLabelNear:
						// its middle within a cell, 9 of 15 points within two).
						if !RoadLabelNear(tr.Path, b, k) {
							fail("outside", "position %d: the name of %s %v is off its track", n, tr.Name, b)
						}
					} else if in, all := insideBox(m, sh, ti, b, k); in < all {
						fail("outside", "position %d: the label of %s %v is %d/%d on its ground", n, tr.Name, b, in, all)
					}
					if b != first[ti] {
						fail("moved", "position %d: the label of %s moved from %v to %v", n, tr.Name, first[ti], b)
					}
				}
				var labels []ui.Rect
				var who []string
				for _, l := range pl.Labels {
					if !l.Name {
						fail("dropped", "position %d: %s shows its icons without its name", n, m.Territories[l.Terr].Name)
					}
					labels = append(labels, l.R)
					who = append(who, m.Territories[l.Terr].Name)
				}
				for _, r := range pl.Rivers {
					labels = append(labels, r.R)
					who = append(who, m.Rivers[r.River].Name)
				}
				for i := range labels {
					for j := range labels[:i] {
						if ui.Overlap(labels[i], labels[j]) > 0 {
							fail("overlap", "position %d: the labels of %s and %s overlap", n, who[i], who[j])
						}
					}
				}
				for _, tk := range pl.Tokens {
					name := m.Territories[tk.Terr].Name
					for i, l := range labels {
						if ui.Overlap(tk.R, l) > 0 {
							fail("token on label", "position %d: a token of %s covers the label of %s", n, name, who[i])
						}
					}
					if m.Territories[tk.Terr].Kind == board.Port {
						continue
					}
					fighting := pv.Combat != nil && int(pv.Combat.Territory) == tk.Terr
					if pl.Cramped[tk.Terr] || fighting && !blockInside(m, sh, pl, tk.Terr, k) {
						// A territory too small for its name and a token
						// side by side (Tarth, Driftmark at a 1280×720
						// window) has its tokens beside it, touching it;
						// only a small one may say so. So do a combat's two
						// sides where there is room for one token only (the
						// Bloody Gate, Harrenhal at 1280×720: a few
						// positions of the records).
						if d := 2 * sh.Depth[tk.Terr] * k; d >= 32 && !fighting {
							fail("cramped", "position %d: %s, %.0f px across, says it has no room for a token", n, name, d)
						}
						if !touches(sh, tk.Terr, pl.Blocks[tk.Terr].Inset(-3), k) {
							fail("token outside", "position %d: the tokens of %s %v are not beside it", n, name, pl.Blocks[tk.Terr])
						}
					} else if in, all := insideBox(m, sh, tk.Terr, tk.R, k); in < all {
						fail("token outside", "position %d: a token of %s %+v is %d/%d on its ground (label %v)", n, name, tk, in, all, pl.Boxes[tk.Terr])
					}
				}
			}
			check()
			codes := 0
			for _, l := range PlanOverlay(v, s, k, nil).Labels {
				if l.Code {
					codes++
				}
			}
			t.Logf("%s: %d territories written as their code", where, codes)
			tabletest.PlayUntil(t, g, g, 11, func() bool {
				n++
				if n%every == 0 {
					check()
				}
				return n >= steps
			})
			if len(fails) > 0 {
				t.Errorf("%s: %d positions: failures by kind %v", where, n, fails)
			}
		}
	}
}
