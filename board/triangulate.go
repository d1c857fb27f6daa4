package board

import (
	"math"
	"sort"
)

// Triangulation of territory outlines, so that the screen can hand a
// territory's shape to the GPU as triangles once per map and draw it at any
// zoom with a transform.
//
// The method is ear clipping with holes joined to their outer loop by a
// bridge (D. Eberly, "Triangulation by Ear Clipping", 2002): a polygon
// always has an ear (a corner whose triangle holds no other corner of the
// polygon); cutting ears off one by one leaves n−2 triangles.

// Triangulate cuts the loops of one territory (as Outlines or
// SmoothOutlines return them: outer loops with positive LoopArea, holes
// with negative) into triangles. It returns the points used and the
// triangles as index triples into them. The triangles cover the territory
// exactly: their areas add up to the outer loops' area less the holes'.
func Triangulate(loops [][]Point) (pts []Point, tris []int) {
	var outers, holes []int
	for i, l := range loops {
		if len(l) < 3 {
			continue
		}
		if a := LoopArea(l); a > 0 {
			outers = append(outers, i)
		} else if a < 0 {
			holes = append(holes, i)
		}
	}
	// Each hole belongs to the smallest outer loop that contains it.
	owned := make(map[int][]int)
	for _, h := range holes {
		best, bestA := -1, math.Inf(1)
		for _, o := range outers {
			if a := LoopArea(loops[o]); a < bestA && loopContains(loops[o], loops[h]) {
				best, bestA = o, a
			}
		}
		if best >= 0 {
			owned[best] = append(owned[best], h)
		}
	}
	for _, o := range outers {
		poly := append([]Point(nil), loops[o]...)
		hs := owned[o]
		// Holes in order of their rightmost point, rightmost first, so that
		// each bridge can reach the outer loop or an earlier hole.
		sort.SliceStable(hs, func(i, j int) bool { return maxX(loops[hs[i]]) > maxX(loops[hs[j]]) })
		for _, h := range hs {
			poly = bridge(poly, loops[h])
		}
		base := len(pts)
		pts = append(pts, poly...)
		for _, t := range earClip(poly) {
			tris = append(tris, base+t)
		}
	}
	return pts, tris
}

func maxX(l []Point) float64 {
	m := math.Inf(-1)
	for _, p := range l {
		m = math.Max(m, p.X)
	}
	return m
}

// loopContains reports whether loop h lies inside loop o: the middle of
// one of h's edges that is not on o's outline is inside o.
func loopContains(o, h []Point) bool {
	for i := range h {
		q := h[(i+1)%len(h)]
		m := Point{(h[i].X + q.X) / 2, (h[i].Y + q.Y) / 2}
		if onLoop(o, m) {
			continue
		}
		return PointInLoop(o, m)
	}
	return false
}

func onLoop(l []Point, p Point) bool {
	for i := range l {
		if segDist2(p, l[i], l[(i+1)%len(l)]) < 1e-12 {
			return true
		}
	}
	return false
}

// PointInLoop reports whether p is inside the closed loop l (even-odd).
func PointInLoop(l []Point, p Point) bool {
	in := false
	n := len(l)
	for i := 0; i < n; i++ {
		a, b := l[i], l[(i+1)%n]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			if x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y); p.X < x {
				in = !in
			}
		}
	}
	return in
}

func segDist2(p, a, b Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = ((p.X-a.X)*dx + (p.Y-a.Y)*dy) / l2
		if t < 0 {
			t = 0
		} else if t > 1 {
			t = 1
		}
	}
	ex, ey := p.X-a.X-t*dx, p.Y-a.Y-t*dy
	return ex*ex + ey*ey
}

func cross(o, a, b Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }

// bridge joins hole h into the polygon poly (Eberly's method): from the
// hole's rightmost point M a ray to the right meets poly's nearest edge;
// the bridge goes to that edge's right end P, or to the reflex corner
// inside the triangle M–hit–P closest in angle to the ray. The result runs
// poly up to P, then round the hole from M back to M, then P again.
func bridge(poly, h []Point) []Point {
	mi := 0
	for i, p := range h {
		if p.X > h[mi].X || (p.X == h[mi].X && p.Y < h[mi].Y) {
			mi = i
		}
	}
	m := h[mi]
	n := len(poly)
	best, bestX := -1, math.Inf(1)
	for i := 0; i < n; i++ {
		a, b := poly[i], poly[(i+1)%n]
		if m.Y < math.Min(a.Y, b.Y) || m.Y > math.Max(a.Y, b.Y) {
			continue
		}
		x := math.Min(a.X, b.X) // a horizontal edge on the ray
		if a.Y != b.Y {
			x = a.X + (m.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
		}
		if x < m.X-1e-12 || x >= bestX {
			continue
		}
		// Take the end of the edge farther right as the candidate.
		j := i
		if b.X > a.X {
			j = (i + 1) % n
		}
		best, bestX = j, x
	}
	if best < 0 {
		return poly // cannot happen for a hole inside poly
	}
	hit := Point{bestX, m.Y}
	p := poly[best]
	// A reflex corner inside the triangle M, hit, P would block the
	// bridge: take the one closest in angle to the ray instead.
	bestAng, bestD := math.Inf(1), math.Inf(1)
	for i := 0; i < n; i++ {
		q := poly[i]
		if i == best || !reflex(poly, i) {
			continue
		}
		if inTriangle(m, hit, p, q) || inTriangle(m, p, hit, q) {
			ang := math.Abs(math.Atan2(q.Y-m.Y, q.X-m.X))
			d := math.Hypot(q.X-m.X, q.Y-m.Y)
			if ang < bestAng || (ang == bestAng && d < bestD) {
				best, bestAng, bestD = i, ang, d
			}
		}
	}
	out := make([]Point, 0, n+len(h)+2)
	out = append(out, poly[:best+1]...)
	for k := 0; k <= len(h); k++ {
		out = append(out, h[(mi+k)%len(h)])
	}
	out = append(out, poly[best])
	out = append(out, poly[best+1:]...)
	return out
}

// reflex reports whether corner i of the positive (y-up counter-clockwise)
// polygon turns the wrong way.
func reflex(poly []Point, i int) bool {
	n := len(poly)
	return cross(poly[(i+n-1)%n], poly[i], poly[(i+1)%n]) < 0
}

// inTriangle reports whether p lies inside or on the triangle abc (either
// orientation).
func inTriangle(a, b, c, p Point) bool {
	d1, d2, d3 := cross(a, b, p), cross(b, c, p), cross(c, a, p)
	neg := d1 < 0 || d2 < 0 || d3 < 0
	pos := d1 > 0 || d2 > 0 || d3 > 0
	return !(neg && pos)
}

// earClip triangulates a simple polygon (positive area, possibly with
// bridged holes) and returns index triples.
func earClip(poly []Point) []int {
	n := len(poly)
	if n < 3 {
		return nil
	}
	next := make([]int, n)
	prev := make([]int, n)
	for i := range poly {
		next[i], prev[i] = (i+1)%n, (i+n-1)%n
	}
	tris := make([]int, 0, 3*(n-2))
	isEar := func(i int) bool {
		a, b, c := poly[prev[i]], poly[i], poly[next[i]]
		if cross(a, b, c) <= 0 {
			return false
		}
		for j := next[next[i]]; j != prev[i]; j = next[j] {
			q := poly[j]
			if q == a || q == b || q == c {
				continue
			}
			if cross(poly[prev[j]], q, poly[next[j]]) >= 0 {
				continue // a convex corner cannot be the only one inside
			}
			if inTriangle(a, b, c, q) {
				return false
			}
		}
		return true
	}
	i, left, stuck := 0, n, 0
	for left > 3 {
		if isEar(i) {
			tris = append(tris, prev[i], i, next[i])
			next[prev[i]], prev[next[i]] = next[i], prev[i]
			left--
			i = next[i]
			stuck = 0
			continue
		}
		i = next[i]
		stuck++
		if stuck > left {
			// Rounding left no ear (collinear runs, touching bridges):
			// drop a degenerate corner if there is one, else cut a convex
			// corner regardless.
			cut := -1
			for j, k := i, 0; k < left; j, k = next[j], k+1 {
				if math.Abs(cross(poly[prev[j]], poly[j], poly[next[j]])) < 1e-12 {
					cut = j
					break
				}
			}
			if cut >= 0 {
				next[prev[cut]], prev[next[cut]] = next[cut], prev[cut]
				left--
				i = next[cut]
			} else {
				for k := 0; k < left && cross(poly[prev[i]], poly[i], poly[next[i]]) <= 0; k++ {
					i = next[i]
				}
				tris = append(tris, prev[i], i, next[i])
				next[prev[i]], prev[next[i]] = next[i], prev[i]
				left--
				i = next[i]
			}
			stuck = 0
		}
	}
	tris = append(tris, prev[i], i, next[i])
	return tris
}
