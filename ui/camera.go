package ui

import (
	"math"

	"notrueking/board"
)

// BoardGeom places the map grid on the base canvas (or the screen): the
// top-left corner of cell (0, 0) is at (X, Y) and each cell is Cell pixels
// square. A Camera's Geom is its current transform.
type BoardGeom struct {
	X, Y, Cell float64
	GW, GH     int
}

// FitBoard fits a grid of gw×gh cells into r, keeping cells square and
// centring the map.
func FitBoard(gw, gh int, r Rect) BoardGeom {
	if gw <= 0 || gh <= 0 {
		return BoardGeom{X: r.X, Y: r.Y, Cell: 1}
	}
	c := math.Min(r.W/float64(gw), r.H/float64(gh))
	return BoardGeom{
		X: r.X + (r.W-c*float64(gw))/2, Y: r.Y + (r.H-c*float64(gh))/2,
		Cell: c, GW: gw, GH: gh,
	}
}

// Bounds is the rectangle the grid covers.
func (b BoardGeom) Bounds() Rect {
	return Rect{b.X, b.Y, b.Cell * float64(b.GW), b.Cell * float64(b.GH)}
}

// ToGrid maps a point to grid coordinates (cells, fractional).
func (b BoardGeom) ToGrid(x, y float64) (float64, float64) {
	return (x - b.X) / b.Cell, (y - b.Y) / b.Cell
}

// FromGrid maps grid coordinates to a point.
func (b BoardGeom) FromGrid(gx, gy float64) (float64, float64) {
	return b.X + gx*b.Cell, b.Y + gy*b.Cell
}

// TerritoryAt is the territory drawn at (x, y) under this placement, or -1.
func (b BoardGeom) TerritoryAt(sh *Shapes, x, y float64) int {
	gx, gy := b.ToGrid(x, y)
	return sh.At(gx, gy)
}

// Camera is the view on the board: the viewport it is drawn in (base
// canvas coordinates) and the transform from the map's grid into it (a
// uniform scale and an offset, changed by zoom and pan). The board's
// geometry (Shapes) is built once per map; a camera only changes how it
// is placed.
type Camera struct {
	m  *board.Map
	sh *Shapes
	vp Rect
	// cell is base pixels per grid cell; (ox, oy) is where the grid's
	// origin sits on the base canvas.
	cell, ox, oy float64
	// fitted: the view shows the whole board as Fit placed it (a new
	// viewport fits again); otherwise the player zoomed or panned.
	fitted bool
	// drag is a press on the board being followed (Handle).
	drag drag
	// NoControls leaves the zoom and fit buttons out (-clean; the wheel,
	// a drag and the F key still work).
	NoControls bool
	// ControlSize is the zoom and fit buttons' side (0: 34 base pixels;
	// the portrait layout's are a finger's 44).
	ControlSize float64
}

// Zoom limits, as multiples of the fitted cell size.
const (
	minZoom = 1.0
	maxZoom = 8.0
)

// NewCamera makes a camera on map m that shows the whole board once given
// a viewport.
func NewCamera(m *board.Map) *Camera {
	return &Camera{m: m, sh: ShapesOf(m), fitted: true, cell: 1}
}

// Map is the map the camera looks at.
func (v *Camera) Map() *board.Map { return v.m }

// Shapes is the map's geometry (built once per map).
func (v *Camera) Shapes() *Shapes { return v.sh }

// Viewport is the camera's rectangle on the base canvas.
func (v *Camera) Viewport() Rect { return v.vp }

// Fitted reports whether the camera shows the whole board as Fit placed
// it (a new viewport fits again).
func (v *Camera) Fitted() bool { return v.fitted }

// CellSize is base pixels per grid cell.
func (v *Camera) CellSize() float64 { return v.cell }

// SetViewport places the view in r (base coordinates). A fitted view fits
// the new rectangle; a zoomed one keeps its zoom and the grid point at the
// viewport's centre.
func (v *Camera) SetViewport(r Rect) {
	if r == v.vp {
		return
	}
	old := v.vp
	oldFit := v.fitCell()
	v.vp = r
	if v.fitted || old.W <= 0 || old.H <= 0 {
		v.Fit()
		return
	}
	z := v.cell / oldFit
	gx, gy := v.toGrid(old.X+old.W/2, old.Y+old.H/2)
	v.cell = v.fitCell() * z
	v.ox, v.oy = r.X+r.W/2-gx*v.cell, r.Y+r.H/2-gy*v.cell
	v.clamp()
}

// fitCell is the cell size at which the whole grid fits the viewport.
func (v *Camera) fitCell() float64 {
	g := &v.m.Grid
	if g.W <= 0 || g.H <= 0 || v.vp.W <= 0 || v.vp.H <= 0 {
		return 1
	}
	return math.Min(v.vp.W/float64(g.W), v.vp.H/float64(g.H))
}

// Fit shows the whole board, centred, as large as the viewport allows.
func (v *Camera) Fit() {
	g := FitBoard(v.m.Grid.W, v.m.Grid.H, v.vp)
	v.cell, v.ox, v.oy = math.Max(g.Cell, 1e-6), g.X, g.Y
	v.fitted = true
}

// Zoom is the current scale as a multiple of the fitted one.
func (v *Camera) Zoom() float64 { return v.cell / v.fitCell() }

// ZoomAt scales the view by factor around the base point (x, y), which
// stays over the same point of the map (within the zoom limits).
func (v *Camera) ZoomAt(factor, x, y float64) {
	fc := v.fitCell()
	nc := math.Max(fc*minZoom, math.Min(fc*maxZoom, v.cell*factor))
	if nc == v.cell {
		return
	}
	gx, gy := v.toGrid(x, y)
	v.cell = nc
	v.ox, v.oy = x-gx*nc, y-gy*nc
	v.fitted = false
	if math.Abs(nc-fc) < 1e-9 {
		v.Fit()
		return
	}
	v.clamp()
}

// PanBy moves the board by (dx, dy) base pixels; the board never leaves
// the viewport's centre.
func (v *Camera) PanBy(dx, dy float64) {
	if dx == 0 && dy == 0 {
		return
	}
	v.ox, v.oy = v.ox+dx, v.oy+dy
	v.fitted = false
	v.clamp()
}

// clamp keeps the viewport's centre over the board (or the board centred
// along an axis where it is smaller than the viewport).
func (v *Camera) clamp() {
	w, h := float64(v.m.Grid.W)*v.cell, float64(v.m.Grid.H)*v.cell
	cx, cy := v.vp.X+v.vp.W/2, v.vp.Y+v.vp.H/2
	if w <= v.vp.W {
		v.ox = cx - w/2
	} else {
		v.ox = math.Max(v.vp.X+v.vp.W-w, math.Min(v.vp.X, v.ox))
	}
	if h <= v.vp.H {
		v.oy = cy - h/2
	} else {
		v.oy = math.Max(v.vp.Y+v.vp.H-h, math.Min(v.vp.Y, v.oy))
	}
}

func (v *Camera) toGrid(x, y float64) (float64, float64) {
	return (x - v.ox) / v.cell, (y - v.oy) / v.cell
}

// Geom is the view's transform on the base canvas.
func (v *Camera) Geom() BoardGeom {
	return BoardGeom{X: v.ox, Y: v.oy, Cell: v.cell, GW: v.m.Grid.W, GH: v.m.Grid.H}
}

// Hit is the territory drawn at base point (x, y), -1 for none (outside the
// viewport, or off the map). Roads come before the territories they cross.
func (v *Camera) Hit(x, y float64) int {
	if !v.vp.Contains(x, y) {
		return -1
	}
	gx, gy := v.toGrid(x, y)
	return v.sh.At(gx, gy)
}

// Board controls, in the viewport's bottom-right corner.
const (
	CtlZoomIn  = "zoom-in"
	CtlZoomOut = "zoom-out"
	CtlFit     = "fit"
)

// BoardControl is one of the board's own buttons.
type BoardControl struct {
	ID, Label, Key string
	R              Rect
}

// Controls are the view's buttons: zoom in, zoom out and fit, in base
// coordinates inside the viewport.
func (v *Camera) Controls() []BoardControl {
	if v.NoControls {
		return nil
	}
	const gap, margin = 6.0, 10.0
	sz := 34.0
	if v.ControlSize > 0 {
		sz = v.ControlSize
	}
	x := v.vp.X + v.vp.W - margin - sz
	y := v.vp.Y + v.vp.H - margin - 3*sz - 2*gap
	return []BoardControl{
		{CtlZoomIn, "+", "wheel", Rect{x, y, sz, sz}},
		{CtlZoomOut, "−", "wheel", Rect{x, y + sz + gap, sz, sz}},
		{CtlFit, "Fit", "F", Rect{x, y + 2*(sz+gap), sz, sz}},
	}
}

// ControlAt is the id of the board control at base point (x, y), "" none.
func (v *Camera) ControlAt(x, y float64) string {
	for _, c := range v.Controls() {
		if c.R.Contains(x, y) {
			return c.ID
		}
	}
	return ""
}

// Press applies a board control; it reports whether the view changed.
func (v *Camera) Press(id string) bool {
	before := [3]float64{v.cell, v.ox, v.oy}
	cx, cy := v.vp.X+v.vp.W/2, v.vp.Y+v.vp.H/2
	switch id {
	case CtlZoomIn:
		v.ZoomAt(1.5, cx, cy)
	case CtlZoomOut:
		v.ZoomAt(1/1.5, cx, cy)
	case CtlFit:
		v.Fit()
	default:
		return false
	}
	return before != [3]float64{v.cell, v.ox, v.oy}
}

// Board input: the mouse wheel zooms around the pointer, a left drag past
// a few pixels (or a middle drag) pans without counting as a click, F or
// Home fits the board, and the board's own buttons zoom and fit. On a
// touch screen a finger's drag pans and two fingers pinch to zoom (the
// gestures Gestures recognises); a tap is a click.

// dragSlop is how far (base pixels) a press may move and still be a click.
const dragSlop = 5

// drag is a press on the board being followed.
type drag struct {
	left, middle bool
	sx, sy       float64 // where the left press began
	lx, ly       float64 // the pointer at the last tick
	moved        bool
}

// Drop forgets a press being followed (the board is not live).
func (v *Camera) Drop() { v.drag = drag{} }

// Handle applies the board's part of one tick's input: zoom, pan, fit,
// the board's buttons, and a click on a territory, which counts on
// release when the press did not drag. onWidget says the pointer is over
// a clickable widget (drawn over the board), which a press there is for.
// It reports whether the view changed, whether it took this tick's press
// (the caller then ignores in.Click), and the territory clicked (-1 none).
func (v *Camera) Handle(in Input, onWidget bool) (changed, took bool, clicked int) {
	clicked = -1
	d := &v.drag
	if in.Fit && !v.fitted {
		v.Fit()
		changed = true
	}
	if in.Wheel != 0 && v.vp.Contains(in.X, in.Y) {
		before := v.cell
		v.ZoomAt(math.Pow(1.2, in.Wheel), in.X, in.Y)
		changed = changed || v.cell != before
	}
	// A finger's drag pans and a pinch zooms about its centre, when the
	// gesture began on the board (Gestures).
	if in.Touch && (in.PanX != 0 || in.PanY != 0 || in.Zoom > 0) && v.vp.Contains(in.GestX, in.GestY) {
		before := [3]float64{v.cell, v.ox, v.oy}
		v.PanBy(in.PanX, in.PanY)
		if in.Zoom > 0 {
			v.ZoomAt(in.Zoom, in.ZoomX, in.ZoomY)
		}
		changed = changed || before != [3]float64{v.cell, v.ox, v.oy}
	}
	// Middle drag: pan while held.
	switch {
	case in.MiddleDown && !d.middle && v.vp.Contains(in.X, in.Y):
		d.middle, d.lx, d.ly = true, in.X, in.Y
	case in.MiddleDown && d.middle:
		v.PanBy(in.X-d.lx, in.Y-d.ly)
		d.lx, d.ly = in.X, in.Y
		changed = true
	case !in.MiddleDown:
		d.middle = false
	}
	// A left press on the board (not on a widget over it).
	if in.Click && v.vp.Contains(in.X, in.Y) {
		if !onWidget {
			if id := v.ControlAt(in.X, in.Y); id != "" {
				changed = v.Press(id) || changed
				took = true
			} else if in.Down {
				// Held: a click or a drag; the release decides.
				*d = drag{left: true, sx: in.X, sy: in.Y, lx: in.X, ly: in.Y, middle: d.middle}
				took = true
			}
		}
	} else if d.left {
		if in.Down {
			if !d.moved && math.Hypot(in.X-d.sx, in.Y-d.sy) > dragSlop {
				d.moved = true
				v.PanBy(in.X-d.sx, in.Y-d.sy)
				changed = true
			} else if d.moved {
				v.PanBy(in.X-d.lx, in.Y-d.ly)
				changed = true
			}
			d.lx, d.ly = in.X, in.Y
		} else {
			d.left = false
			if !d.moved {
				clicked = v.Hit(d.sx, d.sy)
			}
		}
	}
	return changed, took, clicked
}
