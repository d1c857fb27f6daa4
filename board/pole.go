package board

import (
	"container/heap"
	"math"
)

// Pole finds the pole of inaccessibility of a territory's loops: the
// point inside it farthest from its outline, and that distance (the radius
// of the largest circle that fits). It is where a token or a name sits
// best: a centroid can fall outside a crescent or on a narrow neck. The
// search is the "polylabel" algorithm (V. Agafonkin, Mapbox, 2016): cells
// of a quadtree are kept in a queue by the best distance they could still
// hold and split until none can beat the best found by more than
// precision (in grid cells). Loops that enclose nothing give (0, 0), 0.
func Pole(loops [][]Point, precision float64) (Point, float64) {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, l := range loops {
		for _, p := range l {
			minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
			maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
		}
	}
	if math.IsInf(minX, 0) {
		return Point{}, 0
	}
	if precision <= 0 {
		precision = 0.05
	}
	w, h := maxX-minX, maxY-minY
	size := math.Min(w, h)
	if size == 0 {
		return Point{minX, minY}, 0
	}
	mk := func(x, y, half float64) poleCell {
		d := SignedDistance(loops, Point{x, y})
		return poleCell{x: x, y: y, h: half, d: d, max: d + half*math.Sqrt2}
	}
	q := &cellQueue{}
	half := size / 2
	for x := minX; x < maxX; x += size {
		for y := minY; y < maxY; y += size {
			heap.Push(q, mk(x+half, y+half, half))
		}
	}
	// Start from the centre of the bounding box, and from the cell centre
	// nearest the area's centroid of the first loop (a good first guess).
	best := mk(minX+w/2, minY+h/2, 0)
	if c := centroid(loops); !math.IsNaN(c.X) {
		if cc := mk(c.X, c.Y, 0); cc.d > best.d {
			best = cc
		}
	}
	for q.Len() > 0 {
		c := heap.Pop(q).(poleCell)
		if c.d > best.d {
			best = c
		}
		if c.max-best.d <= precision {
			continue
		}
		hh := c.h / 2
		heap.Push(q, mk(c.x-hh, c.y-hh, hh))
		heap.Push(q, mk(c.x+hh, c.y-hh, hh))
		heap.Push(q, mk(c.x-hh, c.y+hh, hh))
		heap.Push(q, mk(c.x+hh, c.y+hh, hh))
	}
	return Point{best.x, best.y}, math.Max(0, best.d)
}

// SignedDistance is the distance from p to the nearest edge of the loops,
// positive inside (even-odd over all loops) and negative outside.
func SignedDistance(loops [][]Point, p Point) float64 {
	in := false
	d2 := math.Inf(1)
	for _, l := range loops {
		n := len(l)
		for i := 0; i < n; i++ {
			a, b := l[i], l[(i+1)%n]
			if (a.Y > p.Y) != (b.Y > p.Y) && p.X < a.X+(p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
				in = !in
			}
			if d := segDist2(p, a, b); d < d2 {
				d2 = d
			}
		}
	}
	d := math.Sqrt(d2)
	if !in {
		return -d
	}
	return d
}

func centroid(loops [][]Point) Point {
	var cx, cy, a float64
	for _, l := range loops {
		n := len(l)
		for i := 0; i < n; i++ {
			p, q := l[i], l[(i+1)%n]
			f := p.X*q.Y - q.X*p.Y
			cx += (p.X + q.X) * f
			cy += (p.Y + q.Y) * f
			a += f * 3
		}
	}
	if a == 0 {
		return Point{math.NaN(), math.NaN()}
	}
	return Point{cx / a, cy / a}
}

type poleCell struct{ x, y, h, d, max float64 }

type cellQueue []poleCell

func (q cellQueue) Len() int           { return len(q) }
func (q cellQueue) Less(i, j int) bool { return q[i].max > q[j].max }
func (q cellQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *cellQueue) Push(x any)        { *q = append(*q, x.(poleCell)) }
func (q *cellQueue) Pop() any          { o := *q; c := o[len(o)-1]; *q = o[:len(o)-1]; return c }
