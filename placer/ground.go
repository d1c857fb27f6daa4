package placer

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"notrueking/board"
	"notrueking/ui"
)

// ground answers whether boxes lie inside territories, at k pixels per
// cell: from each territory's spans along a row of pixels (where its
// outline crosses the row), found once per row, so that a box costs a
// few rows instead of a point-in-polygon test per sample.
type ground struct {
	m    *board.Map
	sh   *ui.Shapes
	k    float64
	rows []map[float64][]float64
}

// newGround is map m's ground at k pixels per cell, its rows found as
// they are asked for.
func newGround(m *board.Map, sh *ui.Shapes, k float64) *ground {
	return &ground{m: m, sh: sh, k: k, rows: make([]map[float64][]float64, len(m.Territories))}
}

// spans are the x (in cells) where territory ti's outline crosses row
// gy, sorted: it holds the row between the 1st and 2nd, the 3rd and 4th…
func (g *ground) spans(ti int, gy float64) []float64 {
	if g.rows[ti] == nil {
		g.rows[ti] = map[float64][]float64{}
	}
	if xs, ok := g.rows[ti][gy]; ok {
		return xs
	}
	var xs []float64
	for _, l := range g.sh.Loops[ti] {
		n := len(l)
		for i := 0; i < n; i++ {
			a, b := l[i], l[(i+1)%n]
			if (a.Y > gy) != (b.Y > gy) {
				xs = append(xs, a.X+(gy-a.Y)*(b.X-a.X)/(b.Y-a.Y))
			}
		}
	}
	sort.Float64s(xs)
	g.rows[ti][gy] = xs
	return xs
}

// inside reports whether box r (pixels) lies inside territory ti: along
// rows a pixel inside its top and bottom edges, every 3 pixels between
// and at a sixth, a half and five sixths of its height, the whole width
// (a pixel in from either side) is on its ground. A road's box lies
// within 2 cells of its track at a grid of points.
func (g *ground) inside(ti int, r ui.Rect) bool {
	tr := &g.m.Territories[ti]
	if tr.Kind == board.Road {
		for i := 0; i <= 4; i++ {
			for j := 0; j <= 2; j++ {
				gx, gy := (r.X+1+(r.W-2)*float64(i)/4)/g.k, (r.Y+1+(r.H-2)*float64(j)/2)/g.k
				if !nearPath(tr.Path, gx, gy, 2) {
					return false
				}
			}
		}
		return true
	}
	x0, x1 := (r.X+1)/g.k, (r.X+r.W-1)/g.k
	row := func(y float64) bool {
		xs := g.spans(ti, y/g.k)
		for i := 0; i+1 < len(xs); i += 2 {
			if xs[i] < x0 && x1 < xs[i+1] {
				return true
			}
		}
		return false
	}
	if !row(r.Y+r.H/2) || !row(r.Y+1) || !row(r.Y+r.H-1) || !row(r.Y+r.H/6) || !row(r.Y+r.H*5/6) {
		return false
	}
	for y := r.Y + 4; y < r.Y+r.H-1; y += 3 {
		if !row(y) {
			return false
		}
	}
	return true
}

// scanCentres are points over territory ti's bounding box (a road's: its
// track's, 2 cells round), every step pixels (more where the box is
// large), nearest (px, py) first: the last places tried for a box inside
// it.
func scanCentres(m *board.Map, sh *ui.Shapes, ti int, k, step, px, py float64) []board.Point {
	var b [4]float64
	if tr := m.Territories[ti]; tr.Kind == board.Road {
		b = [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, p := range tr.Path {
			b = [4]float64{math.Min(b[0], p.X-2), math.Min(b[1], p.Y-2), math.Max(b[2], p.X+2), math.Max(b[3], p.Y+2)}
		}
	} else {
		b = sh.Box(ti)
	}
	x0, y0, x1, y1 := b[0]*k, b[1]*k, b[2]*k, b[3]*k
	for (x1-x0)*(y1-y0)/(step*step) > 3000 {
		step *= 1.5
	}
	var out []board.Point
	for y := y0 + step/2; y < y1; y += step {
		for x := x0 + step/2; x < x1; x += step {
			out = append(out, board.Point{X: x, Y: y})
		}
	}
	d := func(a board.Point) float64 { return (a.X-px)*(a.X-px) + (a.Y-py)*(a.Y-py) }
	slices.SortFunc(out, func(a, c board.Point) int {
		if r := cmp.Compare(d(a), d(c)); r != 0 {
			return r
		}
		if r := cmp.Compare(a.Y, c.Y); r != 0 {
			return r
		}
		return cmp.Compare(a.X, c.X)
	})
	return out
}

// touches reports whether rectangle r (pixels, k per cell) lies partly on
// territory t.
func touches(sh *ui.Shapes, t int, r ui.Rect, k float64) bool {
	for i := 0; i <= 8; i++ {
		for j := 0; j <= 8; j++ {
			if sh.TerrAt((r.X+r.W*float64(i)/8)/k, (r.Y+r.H*float64(j)/8)/k) == t {
				return true
			}
		}
	}
	return false
}

// nearBox is those of rs that lie over territory ti's box (k pixels per
// cell, 3 pixels round it): the only ones that can be in the way of its
// name or tokens. A road's box is its whole track: every one of rs.
func nearBox(m *board.Map, sh *ui.Shapes, ti int, k float64, rs []ui.Rect) []ui.Rect {
	if m.Territories[ti].Kind == board.Road {
		return slices.Clone(rs)
	}
	b := sh.Box(ti)
	near := ui.Rect{X: b[0]*k - 3, Y: b[1]*k - 3, W: (b[2]-b[0])*k + 6, H: (b[3]-b[1])*k + 6}
	var out []ui.Rect
	for _, o := range rs {
		if ui.Overlap(near, o) > 0 {
			out = append(out, o)
		}
	}
	return out
}

// meets reports whether rectangles a and b overlap (Overlap > 0), without
// computing by how much: the test the searches for room make most.
func meets(a, b ui.Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// nearPath reports whether (gx, gy) lies within d cells of the path.
func nearPath(path []board.Point, gx, gy, d float64) bool {
	q := board.Point{X: gx, Y: gy}
	for i := 0; i+1 < len(path); i++ {
		if ui.SegDist(q, path[i], path[i+1]) <= d {
			return true
		}
	}
	return false
}

// RoadLabelNear reports whether a road's name in box r (pixels, k per
// cell) is along its track: the box's middle within a cell of it and 9
// of a 5×3 grid of points over the box within two.
func RoadLabelNear(path []board.Point, r ui.Rect, k float64) bool {
	if !nearPath(path, (r.X+r.W/2)/k, (r.Y+r.H/2)/k, 1) {
		return false
	}
	in := 0
	for i := 0; i < 5; i++ {
		for j := 0; j < 3; j++ {
			if nearPath(path, (r.X+r.W*(float64(i)+.5)/5)/k, (r.Y+r.H*(float64(j)+.5)/3)/k, 2) {
				in++
			}
		}
	}
	return in >= 9
}

// smallTerr reports whether land territory t is too small, at k pixels
// per cell, to hold a token of height tokH and still be seen.
func smallTerr(m *board.Map, sh *ui.Shapes, t int, k, tokH float64) bool {
	return m.Territories[t].Kind == board.Land && 2*sh.Depth[t]*k < 2.5*tokH
}
