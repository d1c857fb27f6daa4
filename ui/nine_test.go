package ui

import (
	"math"
	"testing"

	"notrueking/maps"
)

// TestNineConspiracyColours: every seat colour stands apart from every
// house colour of the nine-player map, and from every other seat colour.
func TestNineConspiracyColours(t *testing.T) {
	m, err := maps.Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	if len(ConspiracyColors) < len(m.Conspiracies) {
		t.Fatalf("%d seat colours for %d conspiracies", len(ConspiracyColors), len(m.Conspiracies))
	}
	dist := func(a, b [3]float64) float64 {
		return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
	}
	for i, c := range ConspiracyColors[:len(m.Conspiracies)] {
		cv := [3]float64{float64(c.R), float64(c.G), float64(c.B)}
		for _, h := range m.Houses {
			hv := [3]float64{float64(h.Color.R), float64(h.Color.G), float64(h.Color.B)}
			if d := dist(cv, hv); d < 70 {
				t.Errorf("%s's colour %v is %.0f from %s's %v", m.ConspiracyNames[i], c, d, h.Name, h.Color)
			}
		}
		for j, o := range ConspiracyColors[:i] {
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
	sh := ShapesOf(m)
	id, _ := m.Territory("kingsroad")
	kr := int(id)
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
