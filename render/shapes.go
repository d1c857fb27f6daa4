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
	}
	return s
}

// at returns the territory containing grid point (gx, gy), or -1.
func (s *shapes) at(gx, gy float64) int {
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
