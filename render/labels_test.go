package render

import (
	"math"
	"testing"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
)

// TestBoardNamesMakeRoom: on both shipped maps, at the base size, at a
// 1280×720 window's scale and at a 1920×1080 one's, the names and icons
// drawn at labelAnchors overlap each other (and the ports' anchors) less
// in all than at the maps' own anchors, and the clashes the nine-house map
// had — The Bloody Gate on The Mountains of the Moon and on the Kingsroad's
// name, the Roseroad's name on The Reach, Dragonstone on Driftmark — are
// gone. Small areas still brush a neighbour's name; they are logged.
func TestBoardNamesMakeRoom(t *testing.T) {
	p, err := newPainter()
	if err != nil {
		t.Fatal(err)
	}
	mustClear := [][2]string{
		{"the-bloody-gate", "the-mountains-of-the-moon"},
		{"the-bloody-gate", "kingsroad"},
		{"the-bloody-gate", "the-eyrie"},
		{"roseroad", "the-reach"},
		{"dragonstone", "driftmark"},
		{"tarth", "storms-end"},
	}
	for _, name := range []string{"standard", "nine"} {
		m, err := maps.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []float64{1, 0.8, 1.2} {
			l := layoutTable(m.Grid.W, m.Grid.H, m.MaxPlayers, 0)
			geom := fitBoard(m.Grid.W, m.Grid.H, Scaler{S: s}.Rect(l.Board))
			names := make([]string, len(m.Territories))
			for ti, tr := range m.Territories {
				if tr.Kind != board.Port {
					names[ti] = wrapName(tr.Name)
				}
			}
			total := func(at func(ti int) board.Point) (float64, map[[2]string]float64) {
				boxes := make([]Rect, len(names))
				for ti := range names {
					a := at(ti)
					boxes[ti] = p.labelBox(m.Territories[ti], names[ti], a.X, a.Y, s)
				}
				sum, pairs := 0.0, map[[2]string]float64{}
				for i := range boxes {
					for j := range boxes[:i] {
						if o := overlap(boxes[i], boxes[j]); o > 0 {
							sum += o
							pairs[[2]string{m.Territories[i].ID, m.Territories[j].ID}] = o
							pairs[[2]string{m.Territories[j].ID, m.Territories[i].ID}] = o
						}
					}
				}
				return sum, pairs
			}
			before, _ := total(func(ti int) board.Point {
				x, y := geom.FromGrid(m.Territories[ti].Label.X, m.Territories[ti].Label.Y)
				return board.Point{X: x, Y: y}
			})
			p.anchorKey = anchorKey{}
			anchors := p.labelAnchors(geom, s, m, names)
			after, pairs := total(func(ti int) board.Point { return anchors[ti] })
			if after > before {
				t.Errorf("%s at %.1f×: names overlap by %.0f px² in all, %.0f at the map's anchors", name, s, after, before)
			}
			t.Logf("%s at %.1f×: names overlap by %.0f px² in all (%.0f at the map's anchors)", name, s, after, before)
			for pr, o := range pairs {
				if pr[0] < pr[1] {
					t.Logf("  %s and %s: %.0f px²", pr[0], pr[1], o)
				}
			}
			if name == "nine" {
				for _, pr := range mustClear {
					if o := pairs[pr]; o > 0 {
						t.Errorf("%s at %.1f×: %s and %s overlap by %.0f px²", name, s, pr[0], pr[1], o)
					}
				}
			}
		}
	}
}

// TestTokenRowsKeepClear: at the start of a nine-player game and of a
// four-player standard one, at three window scales, no unit token row
// overlaps another by more than a sliver (a tenth of the smaller), none
// covers more than a quarter of a port's anchor, and none more than 15%
// of a name (a row may brush a name's halo where a small area leaves no
// other room).
func TestTokenRowsKeepClear(t *testing.T) {
	p, err := newPainter()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		seats []string
	}{
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}},
		{"standard", []string{"A", "B", "C", "D"}},
	} {
		g, err := newRulesGame(tc.name, tc.seats, 3)
		if err != nil {
			t.Fatal(err)
		}
		m := g.Map()
		v := g.View(rules.Public)
		for _, s := range []float64{0.8, 1, 1.2} {
			l := layoutTable(m.Grid.W, m.Grid.H, len(tc.seats), 0)
			geom := fitBoard(m.Grid.W, m.Grid.H, Scaler{S: s}.Rect(l.Board))
			p.anchorKey = anchorKey{}
			pl := p.overlayLayout(geom, s, m, &v)
			for i, r := range pl.place {
				if r.W == 0 {
					continue
				}
				for j, o := range pl.place[:i] {
					if overlap(r, o) > 0.1*math.Min(r.W*r.H, o.W*o.H) {
						t.Errorf("%s at %.1f×: tokens of %s %+v overlap those of %s %+v", tc.name, s, m.Territories[i].ID, r, m.Territories[j].ID, o)
					}
				}
				for j, b := range pl.boxes {
					o := overlap(r, b)
					switch {
					case m.Territories[j].Kind == board.Port && o > 0.25*b.W*b.H:
						t.Errorf("%s at %.1f×: tokens of %s %+v cover the anchor of %s", tc.name, s, m.Territories[i].ID, r, m.Territories[j].ID)
					case o > 0.15*b.W*b.H:
						t.Errorf("%s at %.1f×: tokens of %s %+v cover %.0f%% of %s's name %+v", tc.name, s, m.Territories[i].ID, r, 100*o/(b.W*b.H), m.Territories[j].ID, b)
					}
				}
			}
		}
	}
}
