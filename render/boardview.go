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
	// The marks of what just happened and what they were built for.
	marks    triBatch
	marksKey string
	// The overlay plan (tokens and names) and what it was made for.
	plan    *ui.OverlayPlan
	planKey string
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
// none), marks what just happened (under the tokens).
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
	if len(marks) > 0 {
		if mk := fmt.Sprintf("%v|%v|%v", t, sc.S, marks); mk != v.marksKey {
			v.marks.reset()
			v.buildMarks(sc, t, marks)
			v.marksKey = mk
		}
		v.marks.draw(sub)
	}
	v.drawOverlay(sub, sc, p, t, pv)
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

// Colours of the marks of what just happened.
var (
	colMarkEdge   = color.RGBA{16, 14, 10, 255}
	colAttackEdge = color.RGBA{200, 30, 30, 255}
)

// buildMarks fills the marks batch: each arrow a shaft and a head in its
// house's colour edged dark (red for an attack), a pulse two rings
// spreading from the pole, a ring one ring round it.
func (v *boardView) buildMarks(sc ui.Scaler, t xform, marks []ui.Mark) {
	b := &v.marks
	sh, m := v.Shapes(), v.Map()
	ls := v.lineScale(sc)
	for _, k := range marks {
		hc := ui.RGBA(m.Houses[k.House].Color)
		edge := colMarkEdge
		if k.Attack {
			edge = colAttackEdge
		}
		switch k.Kind {
		case ui.MarkArrow:
			a, z := ui.ArrowEnds(sh, k)
			ax, ay := t.pt(a)
			zx, zy := t.pt(z)
			dx, dy := float64(zx-ax), float64(zy-ay)
			d := math.Hypot(dx, dy)
			if d < 1 {
				continue
			}
			ux, uy := dx/d, dy/d
			head := math.Min(d*0.45, 7*ls+4)
			// The shaft stops where the head starts.
			sx, sy := float64(zx)-ux*head*0.8, float64(zy)-uy*head*0.8
			shaft := ui.NewStrokeLine([]board.Point{{X: float64(ax), Y: float64(ay)}, {X: sx, Y: sy}}, false)
			id := xform{K: 1}
			b.stroke(shaft, id, 2.2*ls+1.5, edge, 0.95)
			b.stroke(shaft, id, 2.2*ls, hc, 1)
			px, py := -uy, ux
			// The head: a triangle from its tip back h, w to each side.
			tri := func(tip, h, w float64, c color.RGBA) {
				cf := colF(c, 1)
				bx, by := float64(zx)-ux*h, float64(zy)-uy*h
				i := b.vert(zx+float32(ux*tip), zy+float32(uy*tip), cf)
				b.vert(float32(bx+px*w), float32(by+py*w), cf)
				b.vert(float32(bx-px*w), float32(by-py*w), cf)
				b.is = append(b.is, i, i+1, i+2)
			}
			tri(2, head+1.5, head*0.6+2, edge)
			tri(0, head, head*0.6, hc)
		case ui.MarkPulse, ui.MarkRing:
			x, y := t.pt(sh.Pole[k.To])
			rings := []float64{1.1, 1.7}
			if k.Kind == ui.MarkRing {
				rings = []float64{1.4}
			}
			for _, r := range rings {
				l := circleLine(float64(x), float64(y), r*t.K)
				b.stroke(l, xform{K: 1}, 1.2*ls+1.5, edge, 0.85)
				b.stroke(l, xform{K: 1}, 1.2*ls, hc, 1)
			}
		}
	}
}

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
