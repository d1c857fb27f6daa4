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

// viewCase is a board view of a game at one window scale, zoom and pan.
type viewCase struct {
	mapName string
	seats   []string
	s, zoom float64
	// pan is where the zoom centres, as a share of the viewport (0..1).
	panX, panY float64
}

func (c viewCase) String() string {
	return fmt.Sprintf("%s at %.1f× window, zoom %.1f around (%.2f,%.2f)", c.mapName, c.s, c.zoom, c.panX, c.panY)
}

// planCases covers both maps at the scales of a 1280×720, a 1600×900 and a
// 1920×1080 window, fitted and zoomed in at a few places.
func planCases() []viewCase {
	var out []viewCase
	for _, mp := range []struct {
		name  string
		seats []string
	}{
		{"standard", []string{"A", "B", "C", "D"}},
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}},
	} {
		for _, s := range []float64{0.8, 1, 1.2} {
			out = append(out, viewCase{mp.name, mp.seats, s, 1, .5, .5})
			for _, z := range []float64{2, 4.5} {
				for _, p := range [][2]float64{{.3, .3}, {.7, .6}, {.5, .85}} {
					out = append(out, viewCase{mp.name, mp.seats, s, z, p[0], p[1]})
				}
			}
		}
	}
	return out
}

// tableBoard is the board's viewport on the table (table.NewLayout: a
// tall map's width at the board's height).
var tableBoard = ui.Rect{X: 8, Y: 58, W: 480, H: 834}

// screenXform maps grid coordinates to screen pixels: (X + gx·K, Y + gy·K).
type screenXform struct{ X, Y, K float64 }

func (t screenXform) pt(p board.Point) (float64, float64) { return t.X + p.X*t.K, t.Y + p.Y*t.K }

// playedPlan is case c's plan for a game played steps random actions in
// (seed 3), and the game.
func playedPlan(t *testing.T, c viewCase, steps int) (*rules.Game, *ui.Camera, *OverlayPlan, screenXform, rules.View) {
	t.Helper()
	g, err := tabletest.RulesGame(c.mapName, c.seats, 3)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, steps)
	v, pl, tr, pv := planFor(t, c, g)
	return g, v, pl, tr, pv
}

// planFor makes the overlay plan of case c for game g, as the painter
// asks for it (at the screen's scale, through the camera).
func planFor(t *testing.T, c viewCase, g *rules.Game) (*ui.Camera, *OverlayPlan, screenXform, rules.View) {
	t.Helper()
	m := g.Map()
	v := ui.NewCamera(m)
	v.SetViewport(tableBoard)
	vp := v.Viewport()
	v.ZoomAt(c.zoom, vp.X+vp.W*c.panX, vp.Y+vp.H*c.panY)
	sc := ui.Scaler{S: c.s}
	geo := v.Geom()
	tr := screenXform{X: sc.OX + geo.X*sc.S, Y: sc.OY + geo.Y*sc.S, K: geo.Cell * sc.S}
	pv := g.View(rules.Public)
	return v, PlanOverlay(v, sc.S, tr.K, &pv), tr, pv
}

// TestBoardNamesNeverOverlap: on both maps, at three window scales and
// several zooms and pans, at the start of a game and some actions in, no
// name overlaps another name or any token or port anchor; and the names
// are not bought by hiding them: at the fitted board most territories
// show their name, and zoomed in every territory whose pole is in view
// does.
func TestBoardNamesNeverOverlap(t *testing.T) {
	for _, c := range planCases() {
		for _, steps := range []int{0, 40} {
			g, v, pl, tr, _ := playedPlan(t, c, steps)
			m := g.Map()
			var boxes []ui.Rect
			var who []string
			for _, l := range pl.Labels {
				boxes = append(boxes, l.R)
				who = append(who, m.Territories[l.Terr].ID)
			}
			for i := range boxes {
				for j := range boxes[:i] {
					if o := ui.Overlap(boxes[i], boxes[j]); o > 0 {
						t.Errorf("%v, %d actions: names of %s and %s overlap by %.0f px²", c, steps, who[i], who[j], o)
					}
				}
				for _, tk := range pl.Tokens {
					if o := ui.Overlap(boxes[i], tk.R); o > 0 {
						t.Errorf("%v, %d actions: name of %s covers a token of %s by %.0f px²", c, steps, who[i], m.Territories[tk.Terr].ID, o)
					}
				}
				for ai, a := range pl.Anchors {
					if a.W > 0 && ui.Overlap(boxes[i], a) > 0 {
						t.Errorf("%v, %d actions: name of %s covers the anchor of %s", c, steps, who[i], m.Territories[ai].ID)
					}
				}
			}
			// How many names show.
			shown, want, named := 0, 0, 0
			vp := ui.Scaler{S: c.s}.Rect(v.Viewport())
			for ti, trr := range m.Territories {
				if trr.Kind == board.Port {
					continue
				}
				px, py := tr.pt(v.Shapes().Pole[ti])
				if !vp.Contains(float64(px), float64(py)) {
					continue
				}
				want++
				if pl.Boxes[ti].W > 0 {
					shown++
				}
			}
			for _, l := range pl.Labels {
				if l.Name {
					named++
				}
			}
			t.Logf("%v, %d actions: %d of %d territories in view labelled (%d with the name)", c, steps, shown, want, named)
			need := 0.75
			if c.zoom >= 4 {
				need = 0.97
			}
			if float64(shown) < need*float64(want) {
				t.Errorf("%v, %d actions: only %d of %d territories in view are labelled", c, steps, shown, want)
			}
		}
	}
}

// TestTokensSitInsideTheirTerritory: every unit token and flag is drawn
// inside its territory (its centre on the territory's ground; a port's
// ships beside its anchor; in a territory too small to hold a token, as
// an island at a 1280×720 window's fitted board, astride its edge but
// touching it), tokens never overlap one another, and every territory's
// anchor (its pole) lies inside it.
func TestTokensSitInsideTheirTerritory(t *testing.T) {
	for _, c := range planCases() {
		g, err := tabletest.RulesGame(c.mapName, c.seats, 3)
		if err != nil {
			t.Fatal(err)
		}
		tabletest.PlaySome(t, g, g, 60)
		m := g.Map()
		v, pl, tr, _ := planFor(t, c, g)
		for ti, trr := range m.Territories {
			if trr.Kind == board.Road {
				continue
			}
			pp := v.Shapes().Pole[ti]
			if got := v.Shapes().TerrAt(pp.X, pp.Y); got != ti {
				t.Errorf("%s: the pole of %s %v is in %d", c.mapName, trr.ID, pp, got)
			}
		}
		for i, tk := range pl.Tokens {
			gx, gy := (tk.R.X+tk.R.W/2)/tr.K, (tk.R.Y+tk.R.H/2)/tr.K
			kind := m.Territories[tk.Terr].Kind
			switch {
			case kind == board.Port:
				pp := v.Shapes().Pole[tk.Terr]
				if d := math.Hypot(gx-pp.X, gy-pp.Y) * tr.K; d > 2*tk.R.W {
					t.Errorf("%v: a ship token of %s is %.0f px from its port", c, m.Territories[tk.Terr].ID, d)
				}
			case kind == board.Road:
				if !nearPath(m.Territories[tk.Terr].Path, gx, gy, 1) {
					t.Errorf("%v: a token of %s is off its road", c, m.Territories[tk.Terr].ID)
				}
			default:
				if v.Shapes().TerrAt(gx, gy) == tk.Terr {
					break
				}
				if smallTerr(m, v.Shapes(), tk.Terr, tr.K, tk.R.H) {
					// A territory too small to show under its tokens has
					// them beside it, their block touching it (or within
					// a few pixels of it).
					if !touches(v.Shapes(), tk.Terr, pl.Blocks[tk.Terr].Inset(-4), tr.K) {
						t.Errorf("%v: the tokens of %s %v are not beside it", c, m.Territories[tk.Terr].ID, pl.Blocks[tk.Terr])
					}
					break
				}
				// A territory too small for its tokens (its inscribed
				// circle narrower than a token is high) may have them
				// astride its edge, but each still touches it.
				small := smallTerr(m, v.Shapes(), tk.Terr, tr.K, tk.R.H)
				touches := false
				for i := 0; i < 5; i++ {
					for j := 0; j < 3; j++ {
						x, y := (tk.R.X+tk.R.W*(float64(i)+.5)/5)/tr.K, (tk.R.Y+tk.R.H*(float64(j)+.5)/3)/tr.K
						touches = touches || v.Shapes().TerrAt(x, y) == tk.Terr
					}
				}
				if !small || !touches {
					t.Errorf("%v: a token of %s sits on %d (territory %.0f px deep, token %.0f high, touching %v)", c, m.Territories[tk.Terr].ID, v.Shapes().TerrAt(gx, gy), v.Shapes().Depth[tk.Terr]*tr.K, tk.R.H, touches)
				}
			}
			for _, o := range pl.Tokens[:i] {
				if ui.Overlap(tk.R, o.R) > 0 {
					t.Errorf("%v: tokens of %s %+v and %s %+v overlap", c, m.Territories[tk.Terr].ID, tk.R, m.Territories[o.Terr].ID, o.R)
				}
			}
		}
	}
}
