package render

import (
	"image"
	"math"
)

// boardGeom places the map grid on the base canvas (or the screen): the
// top-left corner of cell (0, 0) is at (X, Y) and each cell is Cell pixels
// square. A boardView's Geom is its current transform.
type boardGeom struct {
	X, Y, Cell float64
	GW, GH     int
}

// fitBoard fits a grid of gw×gh cells into r, keeping cells square and
// centring the map.
func fitBoard(gw, gh int, r Rect) boardGeom {
	if gw <= 0 || gh <= 0 {
		return boardGeom{X: r.X, Y: r.Y, Cell: 1}
	}
	c := math.Min(r.W/float64(gw), r.H/float64(gh))
	return boardGeom{
		X: r.X + (r.W-c*float64(gw))/2, Y: r.Y + (r.H-c*float64(gh))/2,
		Cell: c, GW: gw, GH: gh,
	}
}

// Bounds is the rectangle the grid covers.
func (b boardGeom) Bounds() Rect {
	return Rect{b.X, b.Y, b.Cell * float64(b.GW), b.Cell * float64(b.GH)}
}

// ToGrid maps a point to grid coordinates (cells, fractional).
func (b boardGeom) ToGrid(x, y float64) (float64, float64) {
	return (x - b.X) / b.Cell, (y - b.Y) / b.Cell
}

// FromGrid maps grid coordinates to a point.
func (b boardGeom) FromGrid(gx, gy float64) (float64, float64) {
	return b.X + gx*b.Cell, b.Y + gy*b.Cell
}

// TerritoryAt is the territory drawn at (x, y) under this placement, or -1.
func (b boardGeom) TerritoryAt(sh *shapes, x, y float64) int {
	gx, gy := b.ToGrid(x, y)
	return sh.at(gx, gy)
}

// imageRect is the pixel rectangle that covers r.
func imageRect(r Rect) image.Rectangle {
	return image.Rect(int(math.Floor(r.X)), int(math.Floor(r.Y)), int(math.Ceil(r.X+r.W)), int(math.Ceil(r.Y+r.H)))
}
