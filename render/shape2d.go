package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/ui"
)

// A small kit for the board's glyphs, tokens and the panels' rounded
// boxes, drawn as plain triangles (board.Triangulate) with a one-pixel
// soft edge. Ebitengine's vector package fills paths through stencil
// buffers kept per destination image, which cost hundreds of megabytes
// over the many small cached images the screen draws into; these need
// none.

// shape is a closed polygon in pixels.
type shape []board.Point

// poly is the polygon through the points x0, y0, x1, y1, ….
func poly(pts ...float64) shape {
	s := make(shape, 0, len(pts)/2)
	for i := 0; i+1 < len(pts); i += 2 {
		s = append(s, board.Point{X: pts[i], Y: pts[i+1]})
	}
	return s
}

// roundRectShape is a rectangle with corners rounded to radius r.
func roundRectShape(x, y, w, h, r float32) shape {
	rr := float64(min(r, w/2, h/2))
	var s shape
	n := max(2, int(math.Ceil(rr/1.5)))
	corner := func(cx, cy, a0 float64) {
		for i := 0; i <= n; i++ {
			a := a0 + float64(i)*math.Pi/2/float64(n)
			s = append(s, board.Point{X: cx + rr*math.Cos(a), Y: cy + rr*math.Sin(a)})
		}
	}
	X, Y, W, H := float64(x), float64(y), float64(w), float64(h)
	corner(X+W-rr, Y+rr, -math.Pi/2)
	corner(X+W-rr, Y+H-rr, 0)
	corner(X+rr, Y+H-rr, math.Pi/2)
	corner(X+rr, Y+rr, math.Pi)
	return s
}

// circleShape is a circle of radius r as a polygon fine enough to look round.
func circleShape(x, y, r float64) shape {
	n := max(8, min(64, int(math.Ceil(r*1.6))))
	s := make(shape, n)
	for i := range s {
		a := float64(i) * 2 * math.Pi / float64(n)
		s[i] = board.Point{X: x + r*math.Cos(a), Y: y + r*math.Sin(a)}
	}
	return s
}

// positive returns s running the way board.Triangulate takes an outer loop.
func (s shape) positive() shape {
	if board.LoopArea(s) >= 0 {
		return s
	}
	o := make(shape, len(s))
	for i, p := range s {
		o[len(s)-1-i] = p
	}
	return o
}

var ident = xform{K: 1}

// fillShape fills the polygon s with c, its edge softened over a pixel.
func fillShape(dst *ebiten.Image, s shape, c color.Color) {
	if len(s) < 3 {
		return
	}
	s = s.positive()
	cc, a := straight(c)
	var b triBatch
	pts, tris := board.Triangulate([][]board.Point{s})
	cf := colF(cc, a)
	for _, p := range pts {
		b.vert(float32(p.X), float32(p.Y), cf)
	}
	for _, i := range tris {
		b.is = append(b.is, uint32(i))
	}
	// The soft edge: from the outline to half a pixel outside it, fading.
	b.offsetStrip(ui.NewStrokeLine(s, true), ident, -0.7, 0, cc, a, true, false)
	b.draw(dst)
}

// strokeShape outlines the closed polygon s with a line w pixels wide.
func strokeShape(dst *ebiten.Image, s shape, w float32, c color.Color) {
	strokeOpen(dst, s, true, float64(w), c)
}

func strokeOpen(dst *ebiten.Image, s shape, closed bool, w float64, c color.Color) {
	if len(s) < 2 {
		return
	}
	cc, a := straight(c)
	var b triBatch
	b.stroke(ui.NewStrokeLine(s, closed), ident, w/2, cc, a)
	b.draw(dst)
}

// fillCircle fills a circle (the signature of vector.FillCircle).
func fillCircle(dst *ebiten.Image, x, y, r float32, c color.Color, _ bool) {
	fillShape(dst, circleShape(float64(x), float64(y), float64(r)), c)
}

// strokeCircle outlines a circle (the signature of vector.StrokeCircle).
func strokeCircle(dst *ebiten.Image, x, y, r, w float32, c color.Color, _ bool) {
	strokeShape(dst, circleShape(float64(x), float64(y), float64(r)), w, c)
}

// strokeSeg draws a segment (the signature of vector.StrokeLine).
func strokeSeg(dst *ebiten.Image, x0, y0, x1, y1, w float32, c color.Color, _ bool) {
	strokeOpen(dst, poly(float64(x0), float64(y0), float64(x1), float64(y1)), false, float64(w), c)
}

// arcShape is the open arc of radius r round (x, y) from angle a0 to a1.
func arcShape(x, y, r, a0, a1 float64) shape {
	n := max(6, int(math.Ceil(math.Abs(a1-a0)*r/2)))
	s := make(shape, n+1)
	for i := range s {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		s[i] = board.Point{X: x + r*math.Cos(a), Y: y + r*math.Sin(a)}
	}
	return s
}

// straight splits c into its straight (not premultiplied) colour, opaque,
// and its alpha (0–1), as the triangle batches take them.
func straight(c color.Color) (color.RGBA, float64) {
	cc := color.RGBAModel.Convert(c).(color.RGBA)
	if cc.A == 0 || cc.A == 255 {
		return cc, 1
	}
	a := float64(cc.A) / 255
	return color.RGBA{uint8(float64(cc.R) / a), uint8(float64(cc.G) / a), uint8(float64(cc.B) / a), 255}, a
}
