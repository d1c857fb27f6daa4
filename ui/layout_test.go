package ui

import (
	"testing"
)

func TestScaler(t *testing.T) {
	tests := []struct {
		name         string
		w, h         int
		s, ox, oy    float64
		bx, by       float64 // a base point
		wantX, wantY float64 // where it lands on screen
	}{
		{"base size", 1600, 900, 1, 0, 0, 100, 50, 100, 50},
		{"double", 3200, 1800, 2, 0, 0, 100, 50, 200, 100},
		{"taller window letterboxes", 1600, 1200, 1, 0, 150, 100, 50, 100, 200},
		{"wider window pillarboxes", 2000, 900, 1, 200, 0, 0, 0, 200, 0},
		{"small", 800, 450, 0.5, 0, 0, 1600, 900, 800, 450},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := NewScaler(tc.w, tc.h)
			if sc.S != tc.s || sc.OX != tc.ox || sc.OY != tc.oy {
				t.Fatalf("NewScaler(%d,%d) = %+v, want S=%v OX=%v OY=%v", tc.w, tc.h, sc, tc.s, tc.ox, tc.oy)
			}
			x, y := sc.ToScreen(tc.bx, tc.by)
			if x != tc.wantX || y != tc.wantY {
				t.Fatalf("ToScreen = (%v,%v), want (%v,%v)", x, y, tc.wantX, tc.wantY)
			}
			if bx, by := sc.ToBase(x, y); bx != tc.bx || by != tc.by {
				t.Fatalf("ToBase(ToScreen) = (%v,%v), want (%v,%v)", bx, by, tc.bx, tc.by)
			}
		})
	}
}

// TestFlowRectsKeepsEveryChoiceOnScreen guards the muster chooser of a
// four-player table: footman, a ship per sea or port, and a promotion must
// all be clickable even when the decision panel is short.
func TestFlowRectsKeepsEveryChoiceOnScreen(t *testing.T) {
	for _, tc := range []struct {
		name    string
		h       float64
		n       int
		minCols int
	}{
		{"fits one column", 200, 4, 1},
		{"five in a short panel", 150, 5, 2},
		{"twelve", 150, 12, 3},
		{"more than three columns' worth shrinks rows", 100, 12, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, y, w := 100.0, 50.0, 450.0
			rs := FlowRects(x, y, w, tc.h, 32, tc.n)
			if len(rs) != tc.n {
				t.Fatalf("%d rects for %d choices", len(rs), tc.n)
			}
			cols := map[float64]bool{}
			for i, r := range rs {
				cols[r.X] = true
				if r.X < x || r.X+r.W > x+w+0.01 || r.Y < y || r.Y+r.H > y+tc.h+0.01 {
					t.Errorf("choice %d at %+v leaves the box", i, r)
				}
				if r.H < 16 {
					t.Errorf("choice %d is %v high: too small to click", i, r.H)
				}
				for j := 0; j < i; j++ {
					q := rs[j]
					if r.X < q.X+q.W && q.X < r.X+r.W && r.Y < q.Y+q.H && q.Y < r.Y+r.H {
						t.Errorf("choices %d and %d overlap", i, j)
					}
				}
			}
			if len(cols) < tc.minCols {
				t.Errorf("%d columns, want at least %d", len(cols), tc.minCols)
			}
		})
	}
}
