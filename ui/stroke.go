package ui

import (
	"math"

	"notrueking/board"
)

// miters returns, for each point of a polyline in grid coordinates, the
// offset direction of unit width to its right (y down: the side a
// territory's outline keeps its territory on), lengthened at bends so that
// both sides of a stroke stay parallel (capped at twice, for sharp bends).
func miters(pts []board.Point, closed bool) []board.Point {
	n := len(pts)
	out := make([]board.Point, n)
	norm := func(a, b board.Point) (board.Point, bool) {
		dx, dy := b.X-a.X, b.Y-a.Y
		d := math.Hypot(dx, dy)
		if d == 0 {
			return board.Point{}, false
		}
		return board.Point{X: -dy / d, Y: dx / d}, true
	}
	for i := range pts {
		var n0, n1 board.Point
		ok0, ok1 := false, false
		switch {
		case i > 0:
			n0, ok0 = norm(pts[i-1], pts[i])
		case closed:
			n0, ok0 = norm(pts[n-1], pts[0])
		}
		switch {
		case i+1 < n:
			n1, ok1 = norm(pts[i], pts[i+1])
		case closed:
			n1, ok1 = norm(pts[i], pts[0])
		}
		switch {
		case ok0 && ok1:
			mx, my := n0.X+n1.X, n0.Y+n1.Y
			ml := math.Hypot(mx, my)
			if ml < 1e-9 {
				out[i] = n1
				continue
			}
			mx, my = mx/ml, my/ml
			f := 1 / math.Max(0.5, mx*n1.X+my*n1.Y)
			out[i] = board.Point{X: mx * f, Y: my * f}
		case ok0:
			out[i] = n0
		case ok1:
			out[i] = n1
		}
	}
	return out
}

// StrokeLine is a polyline in grid coordinates with its miters: what the
// painter strokes at any width.
type StrokeLine struct {
	Pts, Mit []board.Point
	Closed   bool
}

// NewStrokeLine is the stroke line of pts (closed: a loop).
func NewStrokeLine(pts []board.Point, closed bool) StrokeLine {
	return StrokeLine{Pts: pts, Mit: miters(pts, closed), Closed: closed}
}

// simplify drops points of a polyline that lie within tol of the line
// through their kept neighbours (Douglas–Peucker), keeping both ends.
func simplify(pts []board.Point, tol float64) []board.Point {
	if len(pts) < 3 {
		return pts
	}
	keep := make([]bool, len(pts))
	keep[0], keep[len(pts)-1] = true, true
	var rec func(i, j int)
	rec = func(i, j int) {
		best, bd := -1, tol
		for k := i + 1; k < j; k++ {
			if d := SegDist(pts[k], pts[i], pts[j]); d > bd {
				best, bd = k, d
			}
		}
		if best >= 0 {
			keep[best] = true
			rec(i, best)
			rec(best, j)
		}
	}
	rec(0, len(pts)-1)
	out := make([]board.Point, 0, len(pts))
	for i, p := range pts {
		if keep[i] {
			out = append(out, p)
		}
	}
	return out
}
