package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"notrueking/board"
	"notrueking/rules"
)

// boardView is the camera on the board: the viewport it is drawn in (base
// canvas coordinates) and the transform from the map's grid into it (a
// uniform scale and an offset, changed by zoom and pan). The board's
// geometry (shapes) is built once per map; a view only changes how it is
// placed. Text, tokens and lines are drawn at their final pixel size on
// the screen, so they stay crisp at every zoom.
type boardView struct {
	m  *board.Map
	sh *shapes
	vp Rect
	// Cell is base pixels per grid cell; (OX, OY) is where the grid's
	// origin sits on the base canvas.
	cell, ox, oy float64
	// fitted: the view shows the whole board as Fit placed it (a new
	// viewport fits again); otherwise the player zoomed or panned.
	fitted bool

	// The triangles of the last picture and what they were built for.
	batch    triBatch
	batchKey string
	// The overlay plan (tokens and names) and what it was made for.
	plan    *overlayPlan
	planKey string
	// Images of names and tokens at their pixel size.
	imgs *imageCache
	// drag is a press on the board being followed (boardInput).
	drag boardDrag
	// noControls leaves the zoom and fit buttons out (-clean; the wheel,
	// a drag and the F key still work).
	noControls bool
}

// Zoom limits, as multiples of the fitted cell size.
const (
	minZoom = 1.0
	maxZoom = 8.0
)

// newBoardView makes a view of map m that shows the whole board once given
// a viewport.
func newBoardView(m *board.Map) *boardView {
	return &boardView{m: m, sh: newShapes(m), fitted: true, cell: 1, imgs: newImageCache()}
}

// SetViewport places the view in r (base coordinates). A fitted view fits
// the new rectangle; a zoomed one keeps its zoom and the grid point at the
// viewport's centre.
func (v *boardView) SetViewport(r Rect) {
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

// Viewport is the view's rectangle on the base canvas.
func (v *boardView) Viewport() Rect { return v.vp }

// fitCell is the cell size at which the whole grid fits the viewport.
func (v *boardView) fitCell() float64 {
	g := &v.m.Grid
	if g.W <= 0 || g.H <= 0 || v.vp.W <= 0 || v.vp.H <= 0 {
		return 1
	}
	return math.Min(v.vp.W/float64(g.W), v.vp.H/float64(g.H))
}

// Fit shows the whole board, centred, as large as the viewport allows.
func (v *boardView) Fit() {
	g := fitBoard(v.m.Grid.W, v.m.Grid.H, v.vp)
	v.cell, v.ox, v.oy = math.Max(g.Cell, 1e-6), g.X, g.Y
	v.fitted = true
}

// Zoom is the current scale as a multiple of the fitted one.
func (v *boardView) Zoom() float64 { return v.cell / v.fitCell() }

// ZoomAt scales the view by factor around the base point (x, y), which
// stays over the same point of the map (within the zoom limits).
func (v *boardView) ZoomAt(factor, x, y float64) {
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
func (v *boardView) PanBy(dx, dy float64) {
	if dx == 0 && dy == 0 {
		return
	}
	v.ox, v.oy = v.ox+dx, v.oy+dy
	v.fitted = false
	v.clamp()
}

// clamp keeps the viewport's centre over the board (or the board centred
// along an axis where it is smaller than the viewport).
func (v *boardView) clamp() {
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

func (v *boardView) toGrid(x, y float64) (float64, float64) {
	return (x - v.ox) / v.cell, (y - v.oy) / v.cell
}

// Geom is the view's transform on the base canvas.
func (v *boardView) Geom() boardGeom {
	return boardGeom{X: v.ox, Y: v.oy, Cell: v.cell, GW: v.m.Grid.W, GH: v.m.Grid.H}
}

// Hit is the territory drawn at base point (x, y), -1 for none (outside the
// viewport, or off the map). Roads come before the territories they cross.
func (v *boardView) Hit(x, y float64) int {
	if !v.vp.Contains(x, y) {
		return -1
	}
	gx, gy := v.toGrid(x, y)
	return v.sh.at(gx, gy)
}

// screen is the view's transform to screen pixels under sc.
func (v *boardView) screen(sc Scaler) xform {
	return xform{X: sc.OX + v.ox*sc.S, Y: sc.OY + v.oy*sc.S, K: v.cell * sc.S}
}

// Board controls, in the viewport's bottom-right corner.
const (
	ctlZoomIn  = "zoom-in"
	ctlZoomOut = "zoom-out"
	ctlFit     = "fit"
)

type boardControl struct {
	ID, Label, Key string
	R              Rect
}

// Controls are the view's buttons: zoom in, zoom out and fit, in base
// coordinates inside the viewport.
func (v *boardView) Controls() []boardControl {
	if v.noControls {
		return nil
	}
	const sz, gap, margin = 34.0, 6.0, 10.0
	x := v.vp.X + v.vp.W - margin - sz
	y := v.vp.Y + v.vp.H - margin - 3*sz - 2*gap
	return []boardControl{
		{ctlZoomIn, "+", "wheel", Rect{x, y, sz, sz}},
		{ctlZoomOut, "−", "wheel", Rect{x, y + sz + gap, sz, sz}},
		{ctlFit, "Fit", "F", Rect{x, y + 2*(sz+gap), sz, sz}},
	}
}

// ControlAt is the id of the board control at base point (x, y), "" none.
func (v *boardView) ControlAt(x, y float64) string {
	for _, c := range v.Controls() {
		if c.R.Contains(x, y) {
			return c.ID
		}
	}
	return ""
}

// Press applies a board control; it reports whether the view changed.
func (v *boardView) Press(id string) bool {
	before := [3]float64{v.cell, v.ox, v.oy}
	cx, cy := v.vp.X+v.vp.W/2, v.vp.Y+v.vp.H/2
	switch id {
	case ctlZoomIn:
		v.ZoomAt(1.5, cx, cy)
	case ctlZoomOut:
		v.ZoomAt(1/1.5, cx, cy)
	case ctlFit:
		v.Fit()
	default:
		return false
	}
	return before != [3]float64{v.cell, v.ox, v.oy}
}

// Board colours.
var (
	colOffBoard  = color.RGBA{22, 26, 34, 255}
	colOpenSea   = color.RGBA{31, 55, 86, 255}
	colParchment = color.RGBA{226, 212, 176, 255}
	colFreeLand  = color.RGBA{188, 178, 138, 255}
	colSea       = color.RGBA{52, 98, 150, 255}
	colPort      = color.RGBA{92, 138, 178, 255}
	colLake      = color.RGBA{84, 130, 168, 255}
	// Legal targets: a dark line with a bright one inside it, which shows
	// on every territory colour; the rest of the board is dimmed.
	colTargetEdge = color.RGBA{16, 14, 10, 255}
	colTarget     = color.RGBA{255, 226, 80, 255}
	colSelected   = color.RGBA{255, 255, 255, 255}
	colBorderLand = color.RGBA{96, 78, 56, 255}
	colCoast      = color.RGBA{40, 34, 26, 255}
	colRiver      = color.RGBA{40, 110, 200, 255}
	colSeaBorder  = color.RGBA{150, 185, 215, 255}
)

func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

// landColor is the tint of land controlled by a house of colour hc (nil: none).
func landColor(hc *color.RGBA) color.RGBA {
	if hc == nil {
		return colFreeLand
	}
	return mix(colParchment, *hc, 0.72)
}

// territoryColors is each territory's fill for the view: seas and ports
// blue, land tinted by its controller; with legal targets, the others are
// dimmed, and the selected territory is lightened.
func territoryColors(m *board.Map, v *rules.View, hl []bool, sel int) []color.RGBA {
	cols := make([]color.RGBA, len(m.Territories))
	anyHl := false
	for _, h := range hl {
		anyHl = anyHl || h
	}
	for t, tr := range m.Territories {
		var c color.RGBA
		switch tr.Kind {
		case board.Sea:
			c = colSea
		case board.Port:
			c = colPort
		default:
			var hc *color.RGBA
			if v != nil {
				if hid, ok := v.Control[tr.ID]; ok {
					x := houseColor(m, hid)
					hc = &x
				}
			}
			c = landColor(hc)
		}
		lit := t < len(hl) && hl[t]
		switch {
		case t == sel:
			c = mix(c, colWhite, 0.35)
		case anyHl && !lit:
			c = mix(c, colOffBoard, 0.55)
		}
		cols[t] = c
	}
	return cols
}

// paintKey summarises what the board's colours depend on.
func paintKey(m *board.Map, v *rules.View, hl []bool, sel int) string {
	var b strings.Builder
	if v != nil {
		for _, t := range m.Territories {
			b.WriteString(v.Control[t.ID])
			b.WriteByte(',')
		}
	}
	for _, h := range hl {
		if h {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	fmt.Fprintf(&b, "|%d", sel)
	return b.String()
}

// lineScale is how much lines thicken as the board is zoomed in: with the
// square root of the zoom, so a close view still reads as a map.
func (v *boardView) lineScale(sc Scaler) float64 {
	return sc.S * math.Min(2, math.Sqrt(math.Max(1, v.Zoom())))
}

// buildBatch fills the view's triangle batch for transform t.
func (v *boardView) buildBatch(sc Scaler, t xform, cols []color.RGBA, hl []bool, sel int) {
	b := &v.batch
	b.reset()
	sh, m := v.sh, v.m
	// Lakes, then territories over them.
	lc := colF(colLake, 1)
	for _, p := range sh.lakePts {
		x, y := t.pt(p)
		b.vert(x, y, lc)
	}
	base := uint32(0)
	b.is = append(b.is, sh.lakeIdx...)
	base = uint32(len(b.vs))
	cf := make([]rgbaF, len(cols))
	for i, c := range cols {
		cf[i] = colF(c, 1)
	}
	for i, p := range sh.fillPts {
		x, y := t.pt(p)
		b.vert(x, y, cf[sh.fillOf[i]])
	}
	for _, i := range sh.fillIdx {
		b.is = append(b.is, base+i)
	}
	ls := v.lineScale(sc)
	// Home regions: a band of the house's colour inside the region's edge.
	for _, bl := range sh.bandLines {
		b.band(bl.line, t, 3.5*ls, rgba(m.Houses[bl.house].Color), 0.8)
	}
	// Borders, thin before thick.
	for _, class := range []int{edgeSea, edgeLand, edgeCoast, edgeRiver} {
		for _, bl := range sh.borderLines {
			if bl.class != class {
				continue
			}
			switch class {
			case edgeSea:
				b.stroke(bl.line, t, 0.5*ls, colSeaBorder, 0.8)
			case edgeLand:
				b.stroke(bl.line, t, 0.7*ls, colBorderLand, 0.95)
			case edgeCoast:
				b.stroke(bl.line, t, 1.1*ls, colCoast, 1)
			case edgeRiver:
				b.stroke(bl.line, t, 1.6*ls, colRiver, 1)
			}
		}
	}
	// Roads: a pale track with a dark verge, milestones at the bends.
	k := t.K
	for _, r := range sh.roadLines {
		b.stroke(r, t, math.Max(1.5, k*0.31), colRoadVerge, 1)
		b.stroke(r, t, math.Max(0.75, k*0.18), colRoadTrack, 1)
		for _, q := range r.pts {
			x, y := t.pt(q)
			b.disc(x, y, float32(math.Max(1.5, k*0.16)), colRoadVerge)
		}
	}
	// Bridges: planks across the river.
	for _, br := range sh.bridges {
		x, y := t.pt(br.At)
		w, h := k*0.7, k*1.5
		if !br.Along {
			w, h = h, w
		}
		b.rect(x-float32(w/2)-1, y-float32(h/2)-1, float32(w)+2, float32(h)+2, colBridgeEdge)
		b.rect(x-float32(w/2), y-float32(h/2), float32(w), float32(h), colBridge)
	}
	// Legal targets and the selection: outlined on top of everything.
	for tr := range m.Territories {
		lit := tr < len(hl) && hl[tr]
		if !lit && tr != sel {
			continue
		}
		inner, ih := colTarget, 1.4*ls
		if tr == sel {
			inner, ih = colSelected, 1.8*ls
		}
		for _, l := range sh.outlineLines[tr] {
			b.stroke(l, t, ih+1.6*ls, colTargetEdge, 0.9)
			b.stroke(l, t, ih, inner, 1)
		}
		if len(sh.loops[tr]) == 0 {
			// A road: outline its track.
			for _, r := range sh.roads {
				if r.t == tr {
					l := newStrokeLine(r.path, false)
					b.stroke(l, t, math.Max(1.5, k*0.31)+ih+1.6*ls, colTargetEdge, 0.9)
					b.stroke(l, t, math.Max(1.5, k*0.31)+ih, inner, 1)
					b.stroke(l, t, math.Max(0.75, k*0.18), colRoadTrack, 1)
				}
			}
		}
	}
}

// Draw draws the board for the public view v into its viewport on dst
// (clipped to it): hl marks legal targets, sel the selected territory (-1
// none).
func (v *boardView) Draw(dst *ebiten.Image, sc Scaler, p *painter, pv *rules.View, hl []bool, sel int) {
	sr := sc.Rect(v.vp)
	clip := imageRect(sr).Intersect(dst.Bounds())
	if clip.Empty() {
		return
	}
	sub := dst.SubImage(clip).(*ebiten.Image)
	// Around the map lies open sea (darker than the map's seas), so the
	// whole viewport reads as the board rather than a strip in a void.
	sub.Fill(colOpenSea)
	t := v.screen(sc)
	key := fmt.Sprintf("%v|%v|%s", t, sc.S, paintKey(v.m, pv, hl, sel))
	if key != v.batchKey {
		v.buildBatch(sc, t, territoryColors(v.m, pv, hl, sel), hl, sel)
		v.batchKey = key
	}
	v.batch.draw(sub)
	v.drawOverlay(sub, sc, p, t, pv)
	v.drawControls(sub, sc, p)
}

// drawControls draws the zoom and fit buttons.
func (v *boardView) drawControls(dst *ebiten.Image, sc Scaler, p *painter) {
	saved := p.texts
	p.texts = nil
	for _, c := range v.Controls() {
		r := sc.Rect(c.R)
		p.fillRound(dst, r.X, r.Y, r.W, r.H, 5*sc.S, color.RGBA{30, 32, 42, 220})
		p.strokeRound(dst, r.X, r.Y, r.W, r.H, 5*sc.S, 1.5*sc.S, colEdge)
		size := 22.0
		if len(c.Label) > 2 {
			size = 13
		}
		p.drawText(dst, c.Label, r.X+r.W/2, r.Y+r.H/2, size*sc.S, true, colText, text.AlignCenter, text.AlignCenter, 0)
	}
	p.flushText(dst)
	p.texts = saved
}
