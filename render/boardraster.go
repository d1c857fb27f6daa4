package render

import (
	"image"
	"image/color"
	"math"

	"notrueking/board"
)

// boardGeom places the map grid on the screen: the top-left corner of cell
// (0, 0) is at (X, Y) and each cell is Cell pixels square.
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

// TerritoryAt is the hit-test of the board: the territory index drawn at
// (x, y), or -1 off the map.
func (b boardGeom) TerritoryAt(sh *shapes, x, y float64) int {
	gx, gy := b.ToGrid(x, y)
	return sh.at(gx, gy)
}

// Border classes of a pixel, by the kinds on either side.
const (
	edgeNone  = 0
	edgeSea   = 1 // sea–sea or sea–port
	edgeLand  = 2 // land–land
	edgeCoast = 3 // land–water or map edge
	edgeRiver = 4 // a border an impassable river blocks (board.Map.Rivers)
)

// raster is the static part of the board picture at one pixel size: which
// territory each pixel shows and how much border ink it carries. It depends
// only on the map and the size, so it is computed once per window size;
// repainting for new control colours is then a cheap pass.
type raster struct {
	W, H  int
	Idx   []int16
	Ink   []uint8 // border coverage 0..255
	Class []uint8 // border class of the ink
	geom  boardGeom
	// lake marks off-board cells enclosed by the map (drawn as inland water).
	lake []bool
	// RegInk is the coverage of a home region's border band, drawn inside
	// the region in its house's colour (RegHouse, a house index; -1 none).
	RegInk   []uint8
	RegHouse []int8
}

// newRaster samples the map into a w×h pixel raster whose grid sits at geom
// relative to the raster's own origin (geom.X, geom.Y are usually 0). The
// territories come from their smoothed outlines, sampled 2×2 per pixel so
// that border ink is anti-aliased.
func newRaster(m *board.Map, sh *shapes, geom boardGeom, w, h int) *raster {
	r := &raster{W: w, H: h, Idx: make([]int16, w*h), Ink: make([]uint8, w*h), Class: make([]uint8, w*h), geom: geom,
		RegInk: make([]uint8, w*h), RegHouse: make([]int8, w*h)}
	r.lake = lakes(&m.Grid)
	// regionHouse: per territory, the house whose home region it is in (-1).
	regionHouse := make([]int, len(m.Territories))
	for t, tr := range m.Territories {
		regionHouse[t] = -1
		for _, rg := range m.Regions {
			if rg.ID == tr.Region && rg.House != "" {
				if h, ok := m.House(rg.House); ok {
					regionHouse[t] = h
				}
			}
		}
	}
	regionOf := func(t int) int {
		if t < 0 {
			return -1
		}
		return regionHouse[t]
	}

	const ss = 2
	band := int(math.Max(2, math.Round(math.Max(1.5, math.Min(3.5, geom.Cell*0.22))*ss)))
	sw, shh := w*ss, h*ss
	sub := sh.fill(geom, sw, shh, ss)
	at := func(i, j int) int {
		if i < 0 || j < 0 || i >= sw || j >= shh {
			return -1
		}
		return int(sub[j*sw+i])
	}
	kind := func(t int) int {
		if t < 0 {
			return -1
		}
		switch m.Territories[t].Kind {
		case board.Sea, board.Port:
			return 1
		}
		return 0
	}
	// Border half-widths in samples: thin for every border, thick for coasts.
	thin := int(math.Max(1, math.Round(math.Max(0.7, math.Min(1.2, geom.Cell*0.06))*ss)))
	thick := int(math.Max(2, math.Round(math.Max(1.2, math.Min(2.2, geom.Cell*0.11))*ss)))
	for py := 0; py < h; py++ {
		for px := 0; px < w; px++ {
			i := py*w + px
			r.Idx[i] = int16(at(px*ss+1, py*ss+1))
			ink, class := 0, edgeNone
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x, y := px*ss+sx, py*ss+sy
					t := at(x, y)
					c := edgeNone
					for _, d := range [2]int{thin, thick} {
						for _, o := range [4][2]int{{d, 0}, {-d, 0}, {0, d}, {0, -d}} {
							n := at(x+o[0], y+o[1])
							if n == t {
								continue
							}
							kt, kn := kind(t), kind(n)
							var e int
							switch {
							case kt == -1 && kn == -1:
								continue
							case kt != kn:
								e = edgeCoast
							case kt == 0 && t >= 0 && n >= 0 && isRiver(m, t, n):
								e = edgeRiver
							case kt == 0:
								e = edgeLand
							default:
								e = edgeSea
							}
							if d == thick && e != edgeCoast && e != edgeRiver {
								continue
							}
							if e > c {
								c = e
							}
						}
					}
					if c != edgeNone {
						ink += 255 / (ss * ss)
					}
					// Home-region band: inside the region, near its edge.
					if rh := regionOf(t); rh >= 0 {
						for _, o := range [4][2]int{{band, 0}, {-band, 0}, {0, band}, {0, -band}} {
							if regionOf(at(x+o[0], y+o[1])) != rh {
								r.RegHouse[i] = int8(rh)
								if int(r.RegInk[i])+255/(ss*ss) <= 255 {
									r.RegInk[i] += 255 / (ss * ss)
								}
								break
							}
						}
					}
					if c > class {
						class = c
					}
				}
			}
			if ink > 255 {
				ink = 255
			}
			r.Ink[i], r.Class[i] = uint8(ink), uint8(class)
		}
	}
	return r
}

// paintStyle says how to colour each territory.
type paintStyle struct {
	// Controller is the controlling house's colour per territory (nil = none).
	Controller []*color.RGBA
	// Highlight marks territories to light up (legal targets).
	Highlight []bool
	// Selected marks the territory the player picked (e.g. a move's source).
	Selected int
}

var (
	colOffBoard  = color.RGBA{22, 26, 34, 255}
	colParchment = color.RGBA{226, 212, 176, 255}
	colFreeLand  = color.RGBA{188, 178, 138, 255}
	colSea       = color.RGBA{52, 98, 150, 255}
	colPort      = color.RGBA{92, 138, 178, 255}
	colHighlight = color.RGBA{255, 255, 235, 255}
	colLake      = color.RGBA{84, 130, 168, 255}
)

func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

func shade(c color.RGBA, d float64) color.RGBA {
	f := func(x uint8) uint8 { return uint8(math.Max(0, math.Min(255, float64(x)+d))) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), 255}
}

// landColor is the tint of land controlled by a house of colour hc (nil: none).
func landColor(hc *color.RGBA) color.RGBA {
	if hc == nil {
		return colFreeLand
	}
	return mix(colParchment, *hc, 0.72)
}

// paint colours the raster into dst (same size) for the given style.
func (r *raster) paint(m *board.Map, st paintStyle, dst *image.RGBA) {
	base := make([]color.RGBA, len(m.Territories))
	for t, tr := range m.Territories {
		switch tr.Kind {
		case board.Sea:
			base[t] = colSea
		case board.Port:
			base[t] = colPort
		default:
			var hc *color.RGBA
			if t < len(st.Controller) {
				hc = st.Controller[t]
			}
			base[t] = landColor(hc)
		}
	}
	lit := func(t int) bool { return t < len(st.Highlight) && st.Highlight[t] }
	cell := r.geom.Cell
	for py := 0; py < r.H; py++ {
		for px := 0; px < r.W; px++ {
			i := py*r.W + px
			t := int(r.Idx[i])
			var c color.RGBA
			if t < 0 || t >= len(base) {
				c = colOffBoard
				gx, gy := int((float64(px)+0.5-r.geom.X)/cell), int((float64(py)+0.5-r.geom.Y)/cell)
				if gx >= 0 && gy >= 0 && gx < r.geom.GW && gy < r.geom.GH && r.lake[gy*r.geom.GW+gx] {
					c = colLake
				}
				// A faint sea-chart grid off the coast.
				if (px+py)%9 == 0 {
					c = shade(c, 6)
				}
			} else {
				c = base[t]
				gx, gy := (float64(px)-r.geom.X)/cell, (float64(py)-r.geom.Y)/cell
				switch m.Territories[t].Kind {
				case board.Sea, board.Port:
					w := math.Sin(gx*1.9+math.Sin(gy*0.9)*1.6) * math.Sin(gy*2.3+math.Sin(gx*0.7))
					c = shade(c, w*7)
					if m.Territories[t].Kind == board.Port && (px/3+py/3)%4 == 0 {
						c = shade(c, 14)
					}
				default:
					h := uint32(px*73856093) ^ uint32(py*19349663)
					h ^= h >> 13
					h *= 0x5bd1e995
					c = shade(c, float64(h>>28)-7.5)
				}
				// Legal targets get bright diagonal stripes (a colour of their
				// own would read as a house's); the selected one turns pale.
				switch {
				case t == st.Selected:
					c = mix(c, colWhite, 0.5)
				case lit(t) && ((px+py)/5)%2 == 0:
					c = mix(c, colHighlight, 0.8)
				case lit(t):
					c = mix(c, colWhite, 0.3)
				}
			}
			if ri := r.RegInk[i]; ri > 0 && t >= 0 {
				hc := rgba(m.Houses[r.RegHouse[i]].Color)
				c = mix(c, hc, float64(ri)/255*0.85)
			}
			if ink := r.Ink[i]; ink > 0 {
				var lc color.RGBA
				switch r.Class[i] {
				case edgeCoast:
					lc = color.RGBA{40, 34, 26, 255}
				case edgeLand:
					lc = color.RGBA{96, 78, 56, 255}
				case edgeRiver:
					lc = color.RGBA{40, 110, 200, 255}
				default:
					lc = color.RGBA{150, 185, 215, 255}
				}
				c = mix(c, lc, float64(ink)/255*0.9)
			}
			o := i * 4
			dst.Pix[o], dst.Pix[o+1], dst.Pix[o+2], dst.Pix[o+3] = c.R, c.G, c.B, 255
		}
	}
}

// isRiver reports whether a river blocks the border of t and n.
func isRiver(m *board.Map, t, n int) bool {
	_, ok := m.RiverBetween(t, n)
	return ok
}

// lakes marks the off-board cells that the map encloses: those not
// connected (4-neighbour) to the grid's edge through off-board cells.
func lakes(g *board.Grid) []bool {
	n := g.W * g.H
	outside := make([]bool, n)
	var stack []int
	push := func(x, y int) {
		if x < 0 || y < 0 || x >= g.W || y >= g.H {
			return
		}
		i := y*g.W + x
		if outside[i] || g.Cells[i] >= 0 {
			return
		}
		outside[i] = true
		stack = append(stack, i)
	}
	for x := 0; x < g.W; x++ {
		push(x, 0)
		push(x, g.H-1)
	}
	for y := 0; y < g.H; y++ {
		push(0, y)
		push(g.W-1, y)
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%g.W, i/g.W
		push(x+1, y)
		push(x-1, y)
		push(x, y+1)
		push(x, y-1)
	}
	lake := make([]bool, n)
	for i := range lake {
		lake[i] = g.Cells[i] < 0 && !outside[i]
	}
	return lake
}
