package render

import (
	"fmt"
	"math"
	"testing"

	"notrueking/board"
	"notrueking/rules"
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

// planFor makes the overlay plan of case c for game g after n actions.
func planFor(t *testing.T, p *painter, c viewCase, g *rules.Game) (*boardView, *overlayPlan, xform, rules.View) {
	t.Helper()
	m := g.Map()
	v := newBoardView(m)
	l := layoutTable(m.Grid.W, m.Grid.H, len(c.seats), len(m.Houses))
	v.SetViewport(l.Board)
	vp := v.Viewport()
	v.ZoomAt(c.zoom, vp.X+vp.W*c.panX, vp.Y+vp.H*c.panY)
	sc := Scaler{S: c.s}
	tr := v.screen(sc)
	pv := g.View(rules.Public)
	return v, v.overlay(sc, p, tr, &pv), tr, pv
}

// TestBoardNamesNeverOverlap: on both maps, at three window scales and
// several zooms and pans, at the start of a game and some actions in, no
// name overlaps another name or any token or port anchor; and the names
// are not bought by hiding them: at the fitted board most territories
// show their name, and zoomed in every territory whose pole is in view
// does.
func TestBoardNamesNeverOverlap(t *testing.T) {
	p, err := newPainter()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range planCases() {
		for _, steps := range []int{0, 40} {
			g, err := newRulesGame(c.mapName, c.seats, 3)
			if err != nil {
				t.Fatal(err)
			}
			playSome(t, g, steps)
			m := g.Map()
			v, pl, tr, _ := planFor(t, p, c, g)
			var boxes []Rect
			var who []string
			for _, l := range pl.labels {
				boxes = append(boxes, l.R)
				who = append(who, m.Territories[l.terr].ID)
			}
			for i := range boxes {
				for j := range boxes[:i] {
					if o := overlap(boxes[i], boxes[j]); o > 0 {
						t.Errorf("%v, %d actions: names of %s and %s overlap by %.0f px²", c, steps, who[i], who[j], o)
					}
				}
				for _, tk := range pl.tokens {
					if o := overlap(boxes[i], tk.R); o > 0 {
						t.Errorf("%v, %d actions: name of %s covers a token of %s by %.0f px²", c, steps, who[i], m.Territories[tk.terr].ID, o)
					}
				}
				for ai, a := range pl.anchors {
					if a.W > 0 && overlap(boxes[i], a) > 0 {
						t.Errorf("%v, %d actions: name of %s covers the anchor of %s", c, steps, who[i], m.Territories[ai].ID)
					}
				}
			}
			// How many names show.
			shown, want, named := 0, 0, 0
			vp := Scaler{S: c.s}.Rect(v.Viewport())
			for ti, trr := range m.Territories {
				if trr.Kind == board.Port {
					continue
				}
				px, py := tr.pt(v.sh.pole[ti])
				if !vp.Contains(float64(px), float64(py)) {
					continue
				}
				want++
				if pl.boxes[ti].W > 0 {
					shown++
				}
			}
			for _, l := range pl.labels {
				if l.name {
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
	p, err := newPainter()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range planCases() {
		g, err := newRulesGame(c.mapName, c.seats, 3)
		if err != nil {
			t.Fatal(err)
		}
		playSome(t, g, 60)
		m := g.Map()
		v, pl, tr, _ := planFor(t, p, c, g)
		for ti, trr := range m.Territories {
			if trr.Kind == board.Road {
				continue
			}
			pp := v.sh.pole[ti]
			if got := v.sh.terrAt(pp.X, pp.Y); got != ti {
				t.Errorf("%s: the pole of %s %v is in %d", c.mapName, trr.ID, pp, got)
			}
		}
		for i, tk := range pl.tokens {
			gx, gy := (tk.R.X+tk.R.W/2)/tr.K, (tk.R.Y+tk.R.H/2)/tr.K
			kind := m.Territories[tk.terr].Kind
			switch {
			case kind == board.Port:
				pp := v.sh.pole[tk.terr]
				if d := math.Hypot(gx-pp.X, gy-pp.Y) * tr.K; d > 2*tk.R.W {
					t.Errorf("%v: a ship token of %s is %.0f px from its port", c, m.Territories[tk.terr].ID, d)
				}
			case kind == board.Road:
				if !nearPath(m.Territories[tk.terr].Path, gx, gy, 1) {
					t.Errorf("%v: a token of %s is off its road", c, m.Territories[tk.terr].ID)
				}
			default:
				if v.sh.terrAt(gx, gy) == tk.terr {
					break
				}
				// A territory too small for its tokens (its inscribed
				// circle narrower than a token is high) may have them
				// astride its edge, but each still touches it.
				small := 2*v.sh.depth[tk.terr]*tr.K < 2*tk.R.H
				touches := false
				for i := 0; i < 5; i++ {
					for j := 0; j < 3; j++ {
						x, y := (tk.R.X+tk.R.W*(float64(i)+.5)/5)/tr.K, (tk.R.Y+tk.R.H*(float64(j)+.5)/3)/tr.K
						touches = touches || v.sh.terrAt(x, y) == tk.terr
					}
				}
				if !small || !touches {
					t.Errorf("%v: a token of %s sits on %d (territory %.0f px deep, token %.0f high, touching %v)", c, m.Territories[tk.terr].ID, v.sh.terrAt(gx, gy), v.sh.depth[tk.terr]*tr.K, tk.R.H, touches)
				}
			}
			for _, o := range pl.tokens[:i] {
				if overlap(tk.R, o.R) > 0 {
					t.Errorf("%v: tokens of %s %+v and %s %+v overlap", c, m.Territories[tk.terr].ID, tk.R, m.Territories[o.terr].ID, o.R)
				}
			}
		}
	}
}
