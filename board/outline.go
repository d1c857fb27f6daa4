package board

import "math"

// Outlines of territories traced from the province raster, so that the
// screen can fill and stroke territories as polygons instead of cells.

// Outlines traces territory t's boundary as closed loops of cell corners (in
// grid coordinates: the corner (x, y) is the top-left of cell (x, y)). The
// territory lies to the right of the direction of travel, so on screen
// (y down) outer boundaries run clockwise and holes anticlockwise; LoopArea
// is positive for outer loops and negative for holes. Cells that touch only
// at a corner are separate (4-connectivity). Corners in the middle of a
// straight run are dropped. Loops come in a deterministic order (by their
// first corner in reading order). t outside the map gives nil.
func (g *Grid) Outlines(t int) [][]Point {
	return g.outlines(t, 0)
}

// SmoothOutlines is Outlines with rounds of Chaikin corner cutting, which
// turns the raster's staircases into curves. Corners where three or more
// territories (or off-board cells, or the board's edge) meet, and pinch
// corners, stay fixed, and every border between two such corners is cut the
// same way from both sides, so neighbouring outlines still share their
// borders exactly: no gaps, no overlaps. 2 or 3 rounds look smooth.
func (g *Grid) SmoothOutlines(t, rounds int) [][]Point {
	return g.outlines(t, rounds)
}

type corner struct{ x, y int }

// junction reports whether the corner (x, y) must stay fixed: the board's
// edge, or where the four cells around it are not just two territories on
// either side of a straight border.
func (g *Grid) junction(x, y int) bool {
	if x <= 0 || y <= 0 || x >= g.W || y >= g.H {
		return true
	}
	a, b, c, d := g.At(x-1, y-1), g.At(x, y-1), g.At(x-1, y), g.At(x, y)
	vals := []int{a}
	for _, v := range []int{b, c, d} {
		seen := false
		for _, w := range vals {
			if w == v {
				seen = true
			}
		}
		if !seen {
			vals = append(vals, v)
		}
	}
	if len(vals) >= 3 {
		return true
	}
	// Two values in a checkerboard: a pinch.
	return len(vals) == 2 && a == d && b == c
}

func (g *Grid) outlines(t, rounds int) [][]Point {
	if g == nil || t < 0 || g.W <= 0 || len(g.Cells) != g.W*g.H {
		return nil
	}
	// Directed boundary edges, keyed by start corner; the territory is on
	// the right of each edge (clockwise on screen).
	next := map[corner][]corner{}
	var starts []corner
	add := func(a, b corner) {
		if len(next[a]) == 0 {
			starts = append(starts, a)
		}
		next[a] = append(next[a], b)
	}
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			if g.At(x, y) != t {
				continue
			}
			if g.At(x, y-1) != t {
				add(corner{x, y}, corner{x + 1, y})
			}
			if g.At(x+1, y) != t {
				add(corner{x + 1, y}, corner{x + 1, y + 1})
			}
			if g.At(x, y+1) != t {
				add(corner{x + 1, y + 1}, corner{x, y + 1})
			}
			if g.At(x-1, y) != t {
				add(corner{x, y + 1}, corner{x, y})
			}
		}
	}
	var loops [][]Point
	for _, s := range starts {
		for len(next[s]) > 0 {
			var loop []corner
			prev := s
			cur := next[s][0]
			next[s] = next[s][1:]
			loop = append(loop, s)
			for cur != s {
				loop = append(loop, cur)
				outs := next[cur]
				k := 0
				if len(outs) > 1 {
					// A pinch: turn right, towards the territory, so that
					// diagonal cells stay separate.
					dx, dy := cur.x-prev.x, cur.y-prev.y
					for i, o := range outs {
						ex, ey := o.x-cur.x, o.y-cur.y
						if dx*ey-dy*ex > 0 {
							k = i
						}
					}
				}
				if len(outs) == 0 {
					break // cannot happen on a consistent grid
				}
				prev, cur = cur, outs[k]
				next[prev] = append(outs[:k:k], outs[k+1:]...)
			}
			loops = append(loops, g.finish(loop, rounds))
		}
	}
	return loops
}

// finish drops straight-run corners (never junctions) and, when smoothing,
// first replaces every free corner by the midpoints of its two edges, which
// turns one-cell staircases into straight diagonals, then cuts corners.
func (g *Grid) finish(loop []corner, rounds int) []Point {
	n := len(loop)
	var pts []Point
	var fixed []bool
	for i, c := range loop {
		j := g.junction(c.x, c.y)
		if rounds > 0 {
			if j {
				pts = append(pts, Point{float64(c.x), float64(c.y)})
				fixed = append(fixed, true)
			}
			// The midpoint of an edge leaving or reaching a junction is
			// skipped (unless both ends are junctions), so borders leave
			// junctions straight instead of with a notch. The rule depends
			// only on the edge, so both sides of a border agree.
			q := loop[(i+1)%n]
			if jq := g.junction(q.x, q.y); j == jq || (!j && !jq) {
				pts = append(pts, Point{float64(c.x+q.x) / 2, float64(c.y+q.y) / 2})
				fixed = append(fixed, false)
			}
			continue
		}
		p, q := loop[(i+n-1)%n], loop[(i+1)%n]
		if (c.x-p.x)*(q.y-c.y)-(c.y-p.y)*(q.x-c.x) == 0 && !j {
			continue
		}
		pts = append(pts, Point{float64(c.x), float64(c.y)})
		fixed = append(fixed, j)
	}
	if rounds > 0 {
		pts, fixed = dropStraight(pts, fixed)
	}
	for r := 0; r < rounds; r++ {
		pts, fixed = chaikin(pts, fixed)
	}
	return pts
}

// dropStraight removes free points that lie on the straight line through
// their neighbours.
func dropStraight(pts []Point, fixed []bool) ([]Point, []bool) {
	n := len(pts)
	if n < 4 {
		return pts, fixed
	}
	var op []Point
	var of []bool
	for i, c := range pts {
		p, q := pts[(i+n-1)%n], pts[(i+1)%n]
		if !fixed[i] && math.Abs((c.X-p.X)*(q.Y-c.Y)-(c.Y-p.Y)*(q.X-c.X)) < 1e-9 {
			continue
		}
		op = append(op, c)
		of = append(of, fixed[i])
	}
	return op, of
}

// chaikin cuts every corner that is not fixed: each segment contributes its
// points at 1/4 and 3/4, except next to a fixed corner, which is kept as is.
// The result depends only on the segment and whether its ends are fixed, so
// a border shared by two loops (traversed in opposite directions) is cut the
// same way in both.
func chaikin(pts []Point, fixed []bool) ([]Point, []bool) {
	n := len(pts)
	if n < 3 {
		return pts, fixed
	}
	out := make([]Point, 0, 2*n)
	of := make([]bool, 0, 2*n)
	for i := 0; i < n; i++ {
		a, b := pts[i], pts[(i+1)%n]
		if fixed[i] {
			out = append(out, a)
			of = append(of, true)
		} else {
			out = append(out, lerp(a, b, .25))
			of = append(of, false)
		}
		if !fixed[(i+1)%n] {
			out = append(out, lerp(a, b, .75))
			of = append(of, false)
		}
	}
	return out, of
}

func lerp(a, b Point, t float64) Point {
	return Point{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
}

// LoopArea is the signed area of a closed loop (shoelace formula): positive
// when it runs clockwise on screen (y down), as Outlines' outer loops do.
func LoopArea(loop []Point) float64 {
	s := 0.0
	for i, p := range loop {
		q := loop[(i+1)%len(loop)]
		s += p.X*q.Y - q.X*p.Y
	}
	return s / 2
}
