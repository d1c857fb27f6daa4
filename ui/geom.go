package ui

import "math"

// Base canvas: every layout is computed on a 1600×900 canvas and scaled to
// the window, so hit-testing and drawing agree at any window size.
const (
	BaseW = 1600
	BaseH = 900
)

// Portrait canvas: a phone held upright (a window under 800 CSS pixels
// wide and taller than wide) shows the table on a 390×844 canvas — one
// base pixel a CSS pixel on a 390×844 phone — rather than the landscape
// canvas shrunk to a quarter (IsPortrait, table.NewPortraitLayout).
const (
	PortraitW = 390
	PortraitH = 844
)

// Canvas is the base canvas: the landscape one, or the portrait one.
func Canvas(portrait bool) Rect {
	if portrait {
		return Rect{W: PortraitW, H: PortraitH}
	}
	return Rect{W: BaseW, H: BaseH}
}

// IsPortrait reports whether a window of w×h CSS pixels (device-independent)
// takes the portrait layout: narrower than 800 and taller than wide.
func IsPortrait(w, h float64) bool { return w > 0 && w < 800 && h > w }

// Rect is an axis-aligned rectangle in base (or screen) coordinates.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) lies inside r (left/top edges inclusive).
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Inset shrinks r by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Scaler maps the 1600×900 base canvas onto a window of any size: uniform
// scale S, then offset (OX, OY) to centre the canvas.
type Scaler struct{ S, OX, OY float64 }

// NewScaler fits the base canvas into a w×h window, centred.
func NewScaler(w, h int) Scaler { return NewScalerFor(w, h, Canvas(false)) }

// NewScalerFor fits canvas c (its size; Canvas) into a w×h window,
// centred.
func NewScalerFor(w, h int, c Rect) Scaler {
	if w <= 0 || h <= 0 || c.W <= 0 || c.H <= 0 {
		return Scaler{S: 1}
	}
	s := math.Min(float64(w)/c.W, float64(h)/c.H)
	return Scaler{S: s, OX: (float64(w) - c.W*s) / 2, OY: (float64(h) - c.H*s) / 2}
}

// ToScreen maps a base point to the screen.
func (s Scaler) ToScreen(x, y float64) (float64, float64) { return s.OX + x*s.S, s.OY + y*s.S }

// ToBase maps a screen point back to the base canvas.
func (s Scaler) ToBase(x, y float64) (float64, float64) { return (x - s.OX) / s.S, (y - s.OY) / s.S }

// Rect maps a base rectangle to the screen.
func (s Scaler) Rect(r Rect) Rect {
	x, y := s.ToScreen(r.X, r.Y)
	return Rect{x, y, r.W * s.S, r.H * s.S}
}

// Overlap is the area two rectangles share (0 when they do not meet).
func Overlap(a, b Rect) float64 {
	w := math.Min(a.X+a.W, b.X+b.W) - math.Max(a.X, b.X)
	h := math.Min(a.Y+a.H, b.Y+b.H) - math.Max(a.Y, b.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// clampRect moves r inside c (keeping its size where it can).
func clampRect(r, c Rect) Rect {
	r.X = math.Max(c.X, math.Min(r.X, c.X+c.W-r.W))
	r.Y = math.Max(c.Y, math.Min(r.Y, c.Y+c.H-r.H))
	return r
}

// Within reports whether r lies inside box (half a pixel of slack).
func Within(r, box Rect) bool {
	return r.X >= box.X-0.5 && r.Y >= box.Y-0.5 && r.X+r.W <= box.X+box.W+0.5 && r.Y+r.H <= box.Y+box.H+0.5
}

// Center is the middle of r.
func (r Rect) Center() (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }
