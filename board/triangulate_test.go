package board_test

import (
	"math"
	"testing"

	"notrueking/board"
	"notrueking/maps"
)

// triArea is the total area of the triangles (each taken positive) and
// whether every one of them turns the outline's way.
func triArea(pts []board.Point, tris []int) (float64, bool) {
	sum, ok := 0.0, true
	for i := 0; i+2 < len(tris); i += 3 {
		a, b, c := pts[tris[i]], pts[tris[i+1]], pts[tris[i+2]]
		cr := (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X)
		if cr < -1e-9 {
			ok = false
		}
		sum += math.Abs(cr) / 2
	}
	return sum, ok
}

// TestTriangulateShippedMaps: on both shipped maps, every territory's
// smoothed outline (holes included: seas round islands) is cut into
// triangles that turn one way and cover exactly its area, so a territory
// drawn from them has no gap and paints over no neighbour.
func TestTriangulateShippedMaps(t *testing.T) {
	for _, name := range []string{"standard", "nine"} {
		m, err := maps.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		holes := 0
		for ti, tr := range m.Territories {
			loops := m.Grid.SmoothOutlines(ti, 3)
			want := 0.0
			for _, l := range loops {
				want += board.LoopArea(l)
				if board.LoopArea(l) < 0 {
					holes++
				}
			}
			pts, tris := board.Triangulate(loops)
			got, ok := triArea(pts, tris)
			if !ok {
				t.Errorf("%s %s: a triangle turns the wrong way", name, tr.ID)
			}
			if math.Abs(got-want) > 1e-6*math.Max(1, want) {
				t.Errorf("%s %s: triangles cover %.4f cells², the outline %.4f", name, tr.ID, got, want)
			}
		}
		if holes == 0 && name == "standard" {
			t.Errorf("%s: no territory has a hole; the test does not see bridging", name)
		}
	}
}

func TestTriangulateSquareWithHole(t *testing.T) {
	outer := []board.Point{{0, 0}, {0, 4}, {4, 4}, {4, 0}}
	// LoopArea is positive for outer loops as Outlines gives them.
	if board.LoopArea(outer) < 0 {
		for i, j := 0, len(outer)-1; i < j; i, j = i+1, j-1 {
			outer[i], outer[j] = outer[j], outer[i]
		}
	}
	hole := []board.Point{{1, 1}, {3, 1}, {3, 3}, {1, 3}}
	if board.LoopArea(hole) > 0 {
		for i, j := 0, len(hole)-1; i < j; i, j = i+1, j-1 {
			hole[i], hole[j] = hole[j], hole[i]
		}
	}
	pts, tris := board.Triangulate([][]board.Point{outer, hole})
	got, ok := triArea(pts, tris)
	if !ok || math.Abs(got-12) > 1e-9 {
		t.Fatalf("square 4×4 less 2×2: area %.3f (one way: %v), want 12", got, ok)
	}
	// No triangle covers the hole's centre.
	for i := 0; i+2 < len(tris); i += 3 {
		if board.PointInLoop([]board.Point{pts[tris[i]], pts[tris[i+1]], pts[tris[i+2]]}, board.Point{X: 2, Y: 2}) {
			t.Fatal("a triangle covers the hole")
		}
	}
}

// TestPoleInsideEveryTerritory: the pole of every territory of both maps
// lies inside its outline, at the distance from the outline Pole says, and
// no interior cell centre is much deeper.
func TestPoleInsideEveryTerritory(t *testing.T) {
	for _, name := range []string{"standard", "nine"} {
		m, err := maps.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for ti, tr := range m.Territories {
			loops := m.Grid.SmoothOutlines(ti, 3)
			if len(loops) == 0 {
				continue // a road has no cells
			}
			p, r := board.Pole(loops, 0.05)
			if d := board.SignedDistance(loops, p); d <= 0 || math.Abs(d-r) > 1e-9 {
				t.Errorf("%s %s: pole %v at distance %.3f (said %.3f), want inside", name, tr.ID, p, d, r)
			}
			for c, v := range m.Grid.Cells {
				if int(v) != ti {
					continue
				}
				q := board.Point{X: float64(c%m.Grid.W) + .5, Y: float64(c/m.Grid.W) + .5}
				if d := board.SignedDistance(loops, q); d > r+0.1 {
					t.Errorf("%s %s: cell %v is %.2f deep, the pole only %.2f", name, tr.ID, q, d, r)
					break
				}
			}
		}
	}
}
