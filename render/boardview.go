package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"notrueking/board"
	"notrueking/placer"
	"notrueking/rules"
	"notrueking/ui"
)

// boardView is what the painter keeps of the board of one map between
// frames, and the camera of the frame it draws (zoom and pan: the app's,
// package ui). Text, tokens and lines are drawn at their final pixel size
// on the screen, so they stay crisp at every zoom.
type boardView struct {
	*ui.Camera

	// The triangles of the last picture and what they were built for.
	batch    triBatch
	batchKey string
	// The marks of what just happened and what they were built for: the
	// arrows' shafts go under the tokens, their heads and the rings over
	// them (marksTop), placed by the overlay plan marksPlan.
	marks     triBatch
	marksTop  triBatch
	marksKey  string
	marksPlan *placer.OverlayPlan
	// The overlay plan (tokens and names) and what it was made for.
	plan    *placer.OverlayPlan
	planKey string
	// sc is the scaler the board was last drawn under (drawn: once).
	sc    ui.Scaler
	drawn bool
	// Images of names and tokens at their pixel size.
	imgs *imageCache
}

// newBoardView is the drawing of the board through camera c.
func newBoardView(c *ui.Camera) *boardView {
	return &boardView{Camera: c, imgs: newImageCache()}
}

// drawBoard draws b into its camera's viewport: the one call site of the
// board's drawing. What it keeps (triangles, pictures of names and
// tokens) is kept while the map stays the same.
func (p *Painter) drawBoard(dst *ebiten.Image, sc ui.Scaler, b *Board) {
	if p.board == nil || p.board.Map() != b.Camera.Map() {
		if p.board != nil {
			p.board.release()
		}
		p.board = newBoardView(b.Camera)
	}
	p.board.Camera = b.Camera
	p.board.sc, p.board.drawn = sc, true
	p.board.Draw(dst, sc, p, b.Public, b.Lit, b.Sel, ui.BoardMarks(b.Camera.Map(), b.Public, b.Marks))
}

// screen is the view's transform to screen pixels under sc.
func (v *boardView) screen(sc ui.Scaler) xform {
	g := v.Geom()
	return xform{X: sc.OX + g.X*sc.S, Y: sc.OY + g.Y*sc.S, K: g.Cell * sc.S}
}

// Board colours.
var (
	colOffBoard  = color.RGBA{22, 26, 34, 255}
	colOpenSea   = ui.ColOpenSea
	colParchment = ui.ColParchment
	colFreeLand  = ui.ColFreeLand
	colSea       = ui.ColSea
	colPort      = ui.ColPort
	colLake      = ui.ColLake
	// Legal targets: a dark line with a bright one inside it, which shows
	// on every territory colour; the rest of the board is dimmed.
	colTargetEdge = color.RGBA{16, 14, 10, 255}
	colTarget     = color.RGBA{255, 226, 80, 255}
	colSelected   = color.RGBA{255, 255, 255, 255}
	colBorderLand = color.RGBA{96, 78, 56, 255}
	colCoast      = color.RGBA{40, 34, 26, 255}
	colRiver      = ui.ColRiver
	colSeaBorder  = color.RGBA{150, 185, 215, 255}
)

// landColor is the tint of land controlled by a house of colour hc (nil: none).
func landColor(hc *color.RGBA) color.RGBA {
	if hc == nil {
		return colFreeLand
	}
	return ui.LandTint(*hc)
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
				if h := v.Controller(board.TerrID(t)); h >= 0 {
					x := ui.HouseColor(m, h)
					hc = &x
				}
			}
			c = landColor(hc)
		}
		lit := t < len(hl) && hl[t]
		switch {
		case t == sel:
			c = ui.Mix(c, ui.ColWhite, 0.35)
		case anyHl && !lit:
			c = ui.Mix(c, colOffBoard, 0.55)
		}
		cols[t] = c
	}
	return cols
}

// paintKey summarises what the board's colours depend on.
func paintKey(m *board.Map, v *rules.View, hl []bool, sel int) string {
	var b strings.Builder
	if v != nil {
		for t := range m.NumTerritories() {
			fmt.Fprintf(&b, "%d,", v.Controller(t))
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
func (v *boardView) lineScale(sc ui.Scaler) float64 {
	return sc.S * math.Min(2, math.Sqrt(math.Max(1, v.Zoom())))
}

// buildBatch fills the view's triangle batch for transform t.
func (v *boardView) buildBatch(sc ui.Scaler, t xform, cols []color.RGBA, hl []bool, sel int) {
	b := &v.batch
	b.reset()
	sh, m := v.Shapes(), v.Map()
	// Lakes, then territories over them.
	lc := colF(colLake, 1)
	for _, p := range sh.LakePts {
		x, y := t.pt(p)
		b.vert(x, y, lc)
	}
	base := uint32(0)
	b.is = append(b.is, sh.LakeIdx...)
	base = uint32(len(b.vs))
	cf := make([]rgbaF, len(cols))
	for i, c := range cols {
		cf[i] = colF(c, 1)
	}
	for i, p := range sh.FillPts {
		x, y := t.pt(p)
		b.vert(x, y, cf[sh.FillOf[i]])
	}
	for _, i := range sh.FillIdx {
		b.is = append(b.is, base+i)
	}
	ls := v.lineScale(sc)
	// Home regions: a band of the house's colour inside the region's edge.
	for _, bl := range sh.BandLines {
		b.band(bl.Line, t, 3.5*ls, ui.RGBA(m.Houses[bl.House].Color), 0.8)
	}
	// Borders, thin before thick.
	for _, class := range []int{ui.EdgeSea, ui.EdgeLand, ui.EdgeCoast, ui.EdgeRiver} {
		for _, bl := range sh.BorderLines {
			if bl.Class != class {
				continue
			}
			switch class {
			case ui.EdgeSea:
				b.stroke(bl.Line, t, 0.5*ls, colSeaBorder, 0.8)
			case ui.EdgeLand:
				b.stroke(bl.Line, t, 0.7*ls, colBorderLand, 0.95)
			case ui.EdgeCoast:
				b.stroke(bl.Line, t, 1.1*ls, colCoast, 1)
			case ui.EdgeRiver:
				// Wider than any border, on a pale bank so it reads on
				// every tint.
				b.stroke(bl.Line, t, 3*ls+1.2, colParchment, 0.9)
				b.stroke(bl.Line, t, 3*ls, colRiver, 1)
			}
		}
	}
	// Roads: a pale track with a dark verge, milestones at the bends.
	k := t.K
	for _, r := range sh.RoadLines {
		b.stroke(r, t, math.Max(1.5, k*0.31), colRoadVerge, 1)
		b.stroke(r, t, math.Max(0.75, k*0.18), colRoadTrack, 1)
		for _, q := range r.Pts {
			x, y := t.pt(q)
			b.disc(x, y, float32(math.Max(1.5, k*0.16)), colRoadVerge)
		}
	}
	// Bridges: planks across the river.
	for _, br := range sh.Bridges {
		x, y := t.pt(br.At)
		// At least as big as the river is wide, so the fitted board shows it.
		w, h := math.Max(k*0.7, 3*ls+2), math.Max(k*1.5, 7*ls+6)
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
		for _, l := range sh.OutlineLines[tr] {
			b.stroke(l, t, ih+1.6*ls, colTargetEdge, 0.9)
			b.stroke(l, t, ih, inner, 1)
		}
		if len(sh.Loops[tr]) == 0 {
			// A road: outline its track.
			for _, r := range sh.Roads {
				if r.T == tr {
					l := ui.NewStrokeLine(r.Path, false)
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
// none), marks what just happened (round the tokens: buildMarks).
func (v *boardView) Draw(dst *ebiten.Image, sc ui.Scaler, p *Painter, pv *rules.View, hl []bool, sel int, marks []ui.Mark) {
	sr := sc.Rect(v.Viewport())
	clip := imageRect(sr).Intersect(dst.Bounds())
	if clip.Empty() {
		return
	}
	sub := dst.SubImage(clip).(*ebiten.Image)
	// Around the map lies open sea (darker than the map's seas), so the
	// whole viewport reads as the board rather than a strip in a void.
	sub.Fill(colOpenSea)
	t := v.screen(sc)
	key := fmt.Sprintf("%v|%v|%s", t, sc.S, paintKey(v.Map(), pv, hl, sel))
	if key != v.batchKey {
		v.buildBatch(sc, t, territoryColors(v.Map(), pv, hl, sel), hl, sel)
		v.batchKey = key
	}
	v.batch.draw(sub)
	// The overlay's plan, once a frame: the marks go round its tokens.
	pl := v.overlay(sc, p, t, pv)
	if len(marks) > 0 {
		if mk := fmt.Sprintf("%v|%v|%v", t, sc.S, marks); mk != v.marksKey || pl != v.marksPlan {
			v.buildMarks(sc, t, pl, marks)
			v.marksKey, v.marksPlan = mk, pl
		}
		v.marks.draw(sub)
	}
	v.drawOverlay(sub, sc, p, t, pv, pl)
	if len(marks) > 0 {
		v.marksTop.draw(sub)
	}
	v.drawControls(sub, sc, p)
}

// drawControls draws the zoom and fit buttons.
func (v *boardView) drawControls(dst *ebiten.Image, sc ui.Scaler, p *Painter) {
	saved := p.texts
	p.texts = nil
	for _, c := range v.Controls() {
		r := sc.Rect(c.R)
		p.fillRound(dst, r.X, r.Y, r.W, r.H, 5*sc.S, color.RGBA{30, 32, 42, 220})
		p.strokeRound(dst, r.X, r.Y, r.W, r.H, 5*sc.S, 1.5*sc.S, ui.ColEdge)
		size := 22.0
		if len(c.Label) > 2 {
			size = 13
		}
		p.drawText(dst, c.Label, r.X+r.W/2, r.Y+r.H/2, size*sc.S, true, ui.ColText, text.AlignCenter, text.AlignCenter, 0)
	}
	p.flushText(dst)
	p.texts = saved
}

// markLayer is one band of a mark's casing: its width in pixels and colour.
type markLayer struct {
	w float64
	c color.RGBA
}

// markCasing is the casing of mark k in colour hc at line scale ls, from
// the outside in: a hairline and a casing that stand apart from each other
// (ui.MarkCasing), and for an attack a red band inside them. A muster's
// rings, drawn round tokens and under names, take a lighter one.
func markCasing(k ui.Mark, hc color.RGBA, ls float64) []markLayer {
	hair, casing := ui.MarkCasing(hc)
	out := []markLayer{{0.7*ls + 0.8, hair}, {1.1*ls + 0.5, casing}}
	if k.Kind == ui.MarkPulse {
		out = []markLayer{{0.5*ls + 0.8, hair}, {0.8*ls + 0.5, casing}}
	}
	if k.Attack {
		out = append(out, markLayer{1.4*ls + 0.4, ui.ColMarkAttack})
	}
	return out
}

// width is the layers' total width.
func width(ls []markLayer) float64 {
	w := 0.0
	for _, l := range ls {
		w += l.w
	}
	return w
}

// strokeCased adds line l (screen pixels) as a fill of half width half in
// colour c inside the layers of its casing.
func (b *triBatch) strokeCased(l ui.StrokeLine, half float64, layers []markLayer, c color.RGBA) {
	id := xform{K: 1}
	h := half + width(layers)
	for _, ly := range layers {
		b.stroke(l, id, h, ly.c, 1)
		h -= ly.w
	}
	b.stroke(l, id, half, c, 1)
}

// polyCased adds the convex polygon pts (screen pixels, either turn) in
// colour c inside the layers of its casing, each grown from the one
// inside it with mitred corners.
func (b *triBatch) polyCased(pts []board.Point, layers []markLayer, c color.RGBA) {
	fan := func(ps []board.Point, c color.RGBA) {
		cf := colF(c, 1)
		first := b.vert(float32(ps[0].X), float32(ps[0].Y), cf)
		for _, p := range ps[1:] {
			b.vert(float32(p.X), float32(p.Y), cf)
		}
		for i := 1; i+1 < len(ps); i++ {
			b.is = append(b.is, first, first+uint32(i), first+uint32(i+1))
		}
	}
	o := width(layers)
	for _, ly := range layers {
		fan(growPoly(pts, o), ly.c)
		o -= ly.w
	}
	fan(pts, c)
}

// growPoly is the convex polygon pts grown by o pixels on every side.
func growPoly(pts []board.Point, o float64) []board.Point {
	n := len(pts)
	// The turn of the points: outward normals are on the other side.
	area := 0.0
	for i, p := range pts {
		q := pts[(i+1)%n]
		area += p.X*q.Y - q.X*p.Y
	}
	sign := 1.0
	if area < 0 {
		sign = -1
	}
	normal := func(p, q board.Point) (float64, float64) {
		dx, dy := q.X-p.X, q.Y-p.Y
		d := math.Hypot(dx, dy)
		if d == 0 {
			return 0, 0
		}
		return sign * dy / d, -sign * dx / d
	}
	out := make([]board.Point, n)
	for i, p := range pts {
		ax, ay := normal(pts[(i+n-1)%n], p)
		bx, by := normal(p, pts[(i+1)%n])
		k := o / math.Max(0.2, 1+ax*bx+ay*by)
		out[i] = board.Point{X: p.X + (ax+bx)*k, Y: p.Y + (ay+by)*k}
	}
	return out
}

// buildMarks fills the marks' batches from the overlay plan pl: each
// arrow a shaft (under the tokens) from beside the origin's tokens and a
// head (over them) on the destination's, a promotion one thick ring round
// the tokens it promoted, a muster two rings spreading from them; each in
// its house's colour inside a casing that shows on every ground
// (markCasing).
func (v *boardView) buildMarks(sc ui.Scaler, t xform, pl *placer.OverlayPlan, marks []ui.Mark) {
	under, top := &v.marks, &v.marksTop
	under.reset()
	top.reset()
	sh, m := v.Shapes(), v.Map()
	ls := v.lineScale(sc)
	ox, oy := math.Round(t.X), math.Round(t.Y)
	// block is territory tr's token block on the screen (W = 0: none).
	block := func(tr board.TerrID) ui.Rect {
		if pl == nil || int(tr) >= len(pl.Blocks) || pl.Blocks[tr].W <= 0 {
			return ui.Rect{}
		}
		r := pl.Blocks[tr]
		return ui.Rect{X: ox + r.X, Y: oy + r.Y, W: r.W, H: r.H}
	}
	// pole is where an arrow aims in territory tr: its tokens' centre
	// (the names keep the pole, the tokens go round them), else its pole.
	pole := func(tr board.TerrID) board.Point {
		if b := block(tr); b.W > 0 {
			x, y := b.Center()
			return board.Point{X: x, Y: y}
		}
		x, y := t.pt(sh.Pole[tr])
		return board.Point{X: float64(x), Y: float64(y)}
	}
	for _, k := range marks {
		hc := ui.RGBA(m.Houses[k.House].Color)
		layers := markCasing(k, hc, ls)
		cw := width(layers)
		switch k.Kind {
		case ui.MarkArrow:
			half := 1.9*ls + 0.3
			head := 8*ls + 4
			a, z := ui.ArrowPath(pole(k.From), pole(k.To), block(k.From), block(k.To), cw+ls, head*0.35, 1.2*t.K, head*1.6)
			dx, dy := z.X-a.X, z.Y-a.Y
			d := math.Hypot(dx, dy)
			if d < 1 {
				continue
			}
			head = math.Min(head, d*0.45)
			ux, uy := dx/d, dy/d
			// The shaft stops under the head.
			s := board.Point{X: z.X - ux*head*0.8, Y: z.Y - uy*head*0.8}
			under.strokeCased(ui.NewStrokeLine([]board.Point{a, s}, false), half, layers, hc)
			// The head: a triangle from its tip back head, 0.6 head to
			// each side, on top of the tokens it points at.
			bx, by, px, py, w := z.X-ux*head, z.Y-uy*head, -uy, ux, head*0.6
			tri := []board.Point{z, {X: bx + px*w, Y: by + py*w}, {X: bx - px*w, Y: by - py*w}}
			top.polyCased(tri, layers, hc)
		case ui.MarkPulse, ui.MarkRing:
			// A promotion: one thick ring, over the tokens' neighbours;
			// a muster: two thin ones spreading, under the names.
			half, rings, b := 2*ls+0.6, []float64{0}, top
			if k.Kind == ui.MarkPulse {
				half, b = 0.8*ls+0.2, under
				rings = []float64{0, 3*ls + 2*(half+cw)}
			}
			r := block(k.To)
			for _, grow := range rings {
				off := half + cw + ls + grow
				var l ui.StrokeLine
				if r.W > 0 {
					l = roundRectLine(r.X-off, r.Y-off, r.W+2*off, r.H+2*off, r.H/2+off)
				} else {
					p := pole(k.To)
					l = circleLine(p.X, p.Y, math.Max(1.4*t.K, 8*ls)+grow)
				}
				b.strokeCased(l, half, layers, hc)
			}
		}
	}
}

// roundRectLine is the closed stroke line of the rectangle (x, y, w, h)
// (pixels) with corners of radius r.
func roundRectLine(x, y, w, h, r float64) ui.StrokeLine {
	r = math.Min(r, math.Min(w, h)/2)
	const n = 6 // segments a corner
	var pts []board.Point
	for c, ctr := range [4][2]float64{{x + w - r, y + h - r}, {x + r, y + h - r}, {x + r, y + r}, {x + w - r, y + r}} {
		for i := 0; i <= n; i++ {
			a := (float64(c) + float64(i)/n) * math.Pi / 2
			q := board.Point{X: ctr[0] + r*math.Cos(a), Y: ctr[1] + r*math.Sin(a)}
			if len(pts) > 0 && math.Hypot(q.X-pts[len(pts)-1].X, q.Y-pts[len(pts)-1].Y) < 0.01 {
				continue // a side of no length (a round end)
			}
			pts = append(pts, q)
		}
	}
	if l := len(pts) - 1; l > 0 && math.Hypot(pts[l].X-pts[0].X, pts[l].Y-pts[0].Y) < 0.01 {
		pts = pts[:l]
	}
	return ui.NewStrokeLine(pts, true)
}

// colAttackEdge edges the attacker's tokens during a combat, as it edges
// their attack's arrow.
var colAttackEdge = ui.ColMarkAttack

// circleLine is a closed stroke line round (x, y) of radius r (pixels).
func circleLine(x, y, r float64) ui.StrokeLine {
	const n = 28
	pts := make([]board.Point, n)
	for i := range pts {
		a := float64(i) * 2 * math.Pi / n
		pts[i] = board.Point{X: x + r*math.Cos(a), Y: y + r*math.Sin(a)}
	}
	return ui.NewStrokeLine(pts, true)
}
