package render

import (
	"math"
	"sort"

	"notrueking/board"
)

// smoothRounds is how many rounds of Chaikin corner cutting the territory
// outlines get (board.Grid.SmoothOutlines): the raster's staircases become
// curves while neighbours still share their borders exactly.
const smoothRounds = 3

// shapes holds every territory's smoothed outline in grid coordinates. The
// board is drawn from them (scanline fill) and clicks are tested against
// them (point in polygon), so a click lands in the territory drawn there.
type shapes struct {
	loops [][][]board.Point // per territory: closed loops
	box   [][4]float64      // per territory: minX, minY, maxX, maxY
	grid  *board.Grid
	// roads are the road territories' paths (grid cells), hit before the
	// territories they run across.
	roads []roadPath
	// bridges are where each river's bridges cross it (grid cells), with
	// the direction of the border there.
	bridges []bridgeMark
}

type roadPath struct {
	t    int
	path []board.Point
}

type bridgeMark struct {
	At board.Point
	// Along is true when the border runs left-right at the bridge (so the
	// bridge spans up-down).
	Along bool
}

// roadHalfWidth is half a road's clickable and drawn width, in cells.
const roadHalfWidth = 0.6

// segDist is the distance from p to the segment ab.
func segDist(p, a, b board.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

// bridgeMarks places one mark per bridge: the middle edge of the border
// the bridge's two territories share.
func bridgeMarks(m *board.Map) []bridgeMark {
	var out []bridgeMark
	g := &m.Grid
	for _, r := range m.Rivers {
		for _, b := range r.Bridges {
			type edge struct {
				p     board.Point
				along bool
			}
			var es []edge
			is := func(u, v int) bool { return u == b[0] && v == b[1] || u == b[1] && v == b[0] }
			for y := 0; y < g.H; y++ {
				for x := 0; x < g.W; x++ {
					a := g.At(x, y)
					if is(a, g.At(x+1, y)) {
						es = append(es, edge{board.Point{X: float64(x + 1), Y: float64(y) + .5}, false})
					}
					if is(a, g.At(x, y+1)) {
						es = append(es, edge{board.Point{X: float64(x) + .5, Y: float64(y + 1)}, true})
					}
				}
			}
			if len(es) == 0 {
				continue
			}
			var cx, cy float64
			for _, e := range es {
				cx, cy = cx+e.p.X, cy+e.p.Y
			}
			cx, cy = cx/float64(len(es)), cy/float64(len(es))
			best := es[0]
			for _, e := range es {
				if math.Hypot(e.p.X-cx, e.p.Y-cy) < math.Hypot(best.p.X-cx, best.p.Y-cy) {
					best = e
				}
			}
			out = append(out, bridgeMark{At: best.p, Along: best.along})
		}
	}
	return out
}

func newShapes(m *board.Map) *shapes {
	s := &shapes{grid: &m.Grid}
	for t := range m.Territories {
		ls := m.Grid.SmoothOutlines(t, smoothRounds)
		b := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, l := range ls {
			for _, p := range l {
				b[0], b[1] = math.Min(b[0], p.X), math.Min(b[1], p.Y)
				b[2], b[3] = math.Max(b[2], p.X), math.Max(b[3], p.Y)
			}
		}
		s.loops = append(s.loops, ls)
		s.box = append(s.box, b)
		if tr := m.Territories[t]; tr.Kind == board.Road && len(tr.Path) >= 2 {
			s.roads = append(s.roads, roadPath{t: t, path: tr.Path})
		}
	}
	s.bridges = bridgeMarks(m)
	return s
}

// at returns the territory containing grid point (gx, gy), or -1.
func (s *shapes) at(gx, gy float64) int {
	q := board.Point{X: gx, Y: gy}
	for _, r := range s.roads {
		for i := 0; i+1 < len(r.path); i++ {
			if segDist(q, r.path[i], r.path[i+1]) <= roadHalfWidth {
				return r.t
			}
		}
	}
	for t, ls := range s.loops {
		b := s.box[t]
		if gx < b[0] || gx > b[2] || gy < b[1] || gy > b[3] {
			continue
		}
		in := false
		for _, l := range ls {
			n := len(l)
			for i := 0; i < n; i++ {
				p, q := l[i], l[(i+1)%n]
				if (p.Y > gy) != (q.Y > gy) {
					x := p.X + (gy-p.Y)*(q.X-p.X)/(q.Y-p.Y)
					if gx < x {
						in = !in
					}
				}
			}
		}
		if in {
			return t
		}
	}
	return -1
}

// fill returns the territory index at the centre of every sample of a
// w×h sample grid whose samples are 1/ss pixel apart, the board placed at
// geom (pixels). Even-odd scanline fill of each territory's loops.
func (s *shapes) fill(geom boardGeom, w, h, ss int) []int16 {
	idx := make([]int16, w*h)
	for i := range idx {
		idx[i] = -1
	}
	step := 1 / float64(ss)
	var xs []float64
	for t, ls := range s.loops {
		b := s.box[t]
		_, y0 := geom.FromGrid(0, b[1])
		_, y1 := geom.FromGrid(0, b[3])
		j0 := max(0, int(math.Floor(y0*float64(ss))))
		j1 := min(h-1, int(math.Ceil(y1*float64(ss))))
		for j := j0; j <= j1; j++ {
			_, gy := geom.ToGrid(0, (float64(j)+0.5)*step)
			xs = xs[:0]
			for _, l := range ls {
				n := len(l)
				for i := 0; i < n; i++ {
					p, q := l[i], l[(i+1)%n]
					if (p.Y > gy) != (q.Y > gy) {
						xs = append(xs, p.X+(gy-p.Y)*(q.X-p.X)/(q.Y-p.Y))
					}
				}
			}
			sort.Float64s(xs)
			for k := 0; k+1 < len(xs); k += 2 {
				px0, _ := geom.FromGrid(xs[k], 0)
				px1, _ := geom.FromGrid(xs[k+1], 0)
				// Samples whose centre lies in [px0, px1).
				i0 := max(0, int(math.Ceil(px0*float64(ss)-0.5)))
				i1 := min(w-1, int(math.Ceil(px1*float64(ss)-0.5))-1)
				row := idx[j*w : (j+1)*w]
				for i := i0; i <= i1; i++ {
					row[i] = int16(t)
				}
			}
		}
	}
	return idx
}
