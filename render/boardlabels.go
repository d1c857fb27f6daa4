package render

import (
	"fmt"
	"image"
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

// The board's overlay: unit tokens and flags at each territory's pole (the
// point deepest inside it), names and icons placed where they overlap no
// other name and no token, at the size the screen shows them.

// planKey summarises what the overlay plan depends on.
func (v *boardView) overlayKey(sc ui.Scaler, t xform, pv *rules.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%.4f|%.4f|%.3f|", t.K, sc.S, placer.SizeStep(v.Zoom()))
	if pv != nil {
		for _, g := range pv.Groups {
			fmt.Fprintf(&b, "%d,%d,%v;", g.Territory, g.House, g.Units)
		}
		b.WriteByte('|')
		for t := range v.Map().NumTerritories() {
			if h := pv.Flag(t); h >= 0 {
				fmt.Fprintf(&b, "%d:%d;", t, h)
			}
			if _, ok := pv.Fort(t); ok {
				fmt.Fprintf(&b, "F%d;", t)
			}
		}
		if c := pv.Combat; c != nil {
			fmt.Fprintf(&b, "|C%d,%d,%d,%v", c.Territory, c.From, c.Attacker, c.Attacking)
		}
	}
	if v.Fitted() {
		fmt.Fprintf(&b, "|fit %v", v.Viewport()) // the fitted plan keeps to the viewport
	}
	return b.String()
}

// overlay returns the plan for the view's current zoom and the public view
// pv, made again only when one of them changed.
func (v *boardView) overlay(sc ui.Scaler, p *Painter, t xform, pv *rules.View) *placer.OverlayPlan {
	if k := v.overlayKey(sc, t, pv); k != v.planKey || v.plan == nil {
		v.plan = placer.PlanOverlay(v.Camera, sc.S, t.K, pv)
		v.planKey = k
	}
	return v.plan
}

// drawOverlay draws plan pl's tokens, anchors and names on dst.
func (v *boardView) drawOverlay(dst *ebiten.Image, sc ui.Scaler, p *Painter, t xform, pv *rules.View, pl *placer.OverlayPlan) {
	ox, oy := math.Round(t.X), math.Round(t.Y)
	put := func(img *ebiten.Image, r ui.Rect) {
		op := &ebiten.DrawImageOptions{}
		b := img.Bounds()
		op.GeoM.Translate(math.Round(ox+r.X+(r.W-float64(b.Dx()))/2), math.Round(oy+r.Y+(r.H-float64(b.Dy()))/2))
		dst.DrawImage(img, op)
	}
	for _, a := range pl.Anchors {
		if a.W > 0 {
			put(v.imgs.anchor(a.W), a)
		}
	}
	// Names under the board's buttons are left out (the buttons stay on
	// top of tokens: those are facts, and a pan uncovers them).
	var ctl []ui.Rect
	for _, c := range v.Controls() {
		r := sc.Rect(c.R)
		ctl = append(ctl, ui.Rect{X: r.X - ox, Y: r.Y - oy, W: r.W, H: r.H})
	}
	for _, l := range pl.Labels {
		under := false
		for _, c := range ctl {
			under = under || ui.Overlap(l.R, c) > 0
		}
		if under {
			continue
		}
		tr := v.Map().Territories[l.Terr]
		fort := false
		if pv != nil {
			_, fort = pv.Fort(board.TerrID(l.Terr))
		}
		put(v.imgs.label(p, tr, l, fort), l.R)
	}
	for _, rl := range pl.Rivers {
		img := v.imgs.river(p, v.Map().Rivers[rl.River], rl.Size, rl.W, rl.H)
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
		b := img.Bounds()
		op.GeoM.Translate(-float64(b.Dx())/2, -float64(b.Dy())/2)
		op.GeoM.Rotate(rl.Angle)
		op.GeoM.Translate(ox+rl.X, oy+rl.Y)
		dst.DrawImage(img, op)
	}
	for _, tk := range pl.Tokens {
		hc := ui.HouseColor(v.Map(), tk.House)
		mark := v.Map().HouseName(tk.House) // the house's mark is drawn by its id
		if tk.Flag {
			put(v.imgs.flag(p, mark, hc, tk.R.W, tk.R.H), tk.R)
		} else {
			put(v.imgs.token(p, mark, hc, tk.Unit, tk.N, tk.R.H, tk.R.W, tk.All, tk.Attack), tk.R)
		}
	}
}

// imageCache keeps the pictures of names, tokens and glyphs drawn at
// their pixel size (an atlasCache: after many zoom steps it starts over).
type imageCache struct{ *atlasCache[imageKey] }

func newImageCache() *imageCache { return &imageCache{newAtlasCache[imageKey](2)} }

// imageKey names a cached picture: its kind (label, token, flag, anchor)
// and what it shows at which size.
type imageKey struct {
	kind       byte
	id         string // territory or house
	size, w    float64
	unit, n    int
	name, fort bool
}

// haloScratch is a cleared w×h picture to lay a name out on, part of a
// scratch image the painter keeps.
func (p *Painter) haloScratch(w, h int) *ebiten.Image {
	p.halo = scratchOf(p.halo, w, h, 512, 64)
	img := p.halo.SubImage(image.Rect(0, 0, w, h)).(*ebiten.Image)
	img.Clear()
	return img
}

// haloOffsets are the eight one-pixel steps a name's halo is drawn at.
var haloOffsets = [8][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, 1}, {-1, 1}, {1, -1}}

// drawHaloText draws s centred on (x, y) with a halo of colour halo: the
// text is laid out once, white, on the painter's scratch, and that picture
// is drawn eight times a pixel off in the halo's colour and once in ink.
// Laying the glyphs out nine times cost nine times the vertices, and
// Ebitengine keeps every vertex buffer a frame grew through (where the
// table's memory once went).
func (p *Painter) drawHaloText(dst *ebiten.Image, s string, f *text.GoTextFace, x, y float64, ink, halo color.Color) {
	w, h := text.Measure(s, f, f.Size*1.2)
	const pad = 2
	iw, ih := int(math.Ceil(w))+2*pad+1, int(math.Ceil(h))+2*pad+1
	// The glyphs keep the sub-pixel place they had when drawn on dst
	// itself; the picture goes on whole pixels.
	lx, ty := x-w/2, y-h/2
	src := p.haloScratch(iw, ih)
	op := &text.DrawOptions{}
	op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
	op.LineSpacing = f.Size * 1.2
	op.GeoM.Translate(pad+lx-math.Floor(lx)+w/2, pad+ty-math.Floor(ty)+h/2)
	text.Draw(src, s, f, op)
	at := func(dx, dy float64, c color.Color) {
		io := &ebiten.DrawImageOptions{}
		io.GeoM.Translate(math.Floor(lx)-pad+dx, math.Floor(ty)-pad+dy)
		io.ColorScale.ScaleWithColor(c)
		dst.DrawImage(src, io)
	}
	for _, o := range haloOffsets {
		at(o[0], o[1], halo)
	}
	at(0, 0, ink)
}

// label is the image of territory t's label l: its text (the name, on
// one line or two, or the map code) above its icons, or beside them
// (l.Row), or alone (l.NoIcons).
func (c *imageCache) label(p *Painter, t board.Territory, l placer.LabelItem, fort bool) *ebiten.Image {
	key := imageKey{kind: 'L', id: t.ID + "|" + l.Text, size: l.Size, name: l.Row, n: b2i(l.NoIcons), fort: fort}
	if img, ok := c.lookup(key); ok {
		return img
	}
	size := l.Size
	icons := placer.TerritoryIcons(t, fort)
	if l.NoIcons {
		icons = nil
	}
	w, h := placer.LabelSize(t, l.Text, size, len(icons), l.Row)
	return c.get(key, int(w)+2, int(h)+2, func(img *ebiten.Image) {
		ink, halo := color.RGBA{30, 24, 18, 255}, color.RGBA{240, 230, 205, 210}
		switch t.Kind {
		case board.Sea:
			ink, halo = color.RGBA{225, 238, 252, 255}, color.RGBA{20, 50, 90, 210}
		case board.Road:
			ink, halo = color.RGBA{92, 58, 24, 255}, colRoadTrack
		}
		ns := placer.LabelNameSize(t, size)
		icon := math.Round(size * 0.9)
		gap := icon * 1.35
		iw := gap*float64(len(icons)-1) + icon*1.2
		if len(icons) == 0 {
			iw = 0
		}
		bw := float64(img.Bounds().Dx())
		y := 1.0
		tx := bw / 2
		if l.Row {
			tx = (bw - iw) / 2
		}
		if l.Text != "" {
			f := p.face(ns, t.Kind != board.Sea)
			_, th := text.Measure(l.Text, f, ns*1.2)
			if l.Row {
				th = h - 2
			}
			p.drawHaloText(img, l.Text, f, tx, y+th/2+1, ink, halo)
			if !l.Row {
				y += th + 2
			}
		}
		ix := bw/2 - gap*float64(len(icons)-1)/2
		iy := y + icon*0.6
		if l.Row {
			ix = bw - iw/2 - gap*float64(len(icons)-1)/2 - 1
			iy = 1 + h/2
		}
		for i, k := range icons {
			x := ix + float64(i)*gap
			switch k {
			case "crown":
				drawCrown(img, x, iy, icon)
			case "barrel":
				drawBarrel(img, x, iy, icon)
			case "castle":
				drawCastle(img, x, iy, icon*1.15)
			case "town":
				drawTown(img, x, iy, icon*1.05)
			case "fortification":
				drawFortification(img, x, iy, icon*1.05)
			}
		}
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// river is the image of river r's name at size, w×h: the river's ink
// on a pale halo.
func (c *imageCache) river(p *Painter, r board.River, size, w, h float64) *ebiten.Image {
	key := imageKey{kind: 'R', id: r.ID, size: size}
	return c.get(key, int(w)+2, int(h)+2, func(img *ebiten.Image) {
		b := img.Bounds()
		p.drawHaloText(img, r.Name, p.face(ui.FontSize(size), false), float64(b.Dx())/2, float64(b.Dy())/2, ui.ColRiver, color.RGBA{240, 230, 205, 225})
	})
}

// token is the image of a unit token: the house's mark, the unit's
// silhouette and the count on the house's colour.
// An attacker's token (a running combat's) is edged in red on white, so
// it reads as coming in, whatever its house's colour.
// A token of all a house's units there (all, in a territory too small
// for one each) is w wide and shows the mark and their number only.
func (c *imageCache) token(p *Painter, house string, hc color.RGBA, u board.Unit, n int, h, w float64, all, attack bool) *ebiten.Image {
	if all {
		u = -1
	}
	key := imageKey{kind: 'T', id: house, unit: int(u), n: n, size: h, w: w, name: attack}
	return c.get(key, int(w)+2, int(h)+2, func(img *ebiten.Image) {
		ink := ui.TextOn(hc)
		x, y := 1.0, 1.0
		rr := roundRectShape(float32(x), float32(y), float32(w), float32(h), float32(h*0.3))
		fillShape(img, rr, hc)
		if attack {
			// White round red: the edge shows on a red house's token too.
			strokeShape(img, rr, float32(math.Max(3, h*0.2)), color.RGBA{255, 255, 255, 255})
			strokeShape(img, rr, float32(math.Max(1.5, h*0.1)), colAttackEdge)
		} else {
			strokeShape(img, rr, float32(math.Max(1, h*0.07)), color.RGBA{20, 20, 20, 255})
		}
		cy := y + h/2
		drawHouseMark(img, house, x+h*0.42, cy, h*0.58, ink)
		if !all {
			drawUnitGlyph(img, u, x+h*0.98, cy, h*0.66, ink)
		}
		f := p.face(h*0.66, true)
		op := &text.DrawOptions{}
		op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
		op.GeoM.Translate(x+w-h*0.4, cy)
		op.ColorScale.ScaleWithColor(ink)
		text.Draw(img, fmt.Sprint(n), f, op)
	})
}

// flag is the image of a house's flag (a territory it holds without
// troops): a pennant in its colour bearing its mark, on a pole.
func (c *imageCache) flag(p *Painter, house string, hc color.RGBA, w, h float64) *ebiten.Image {
	key := imageKey{kind: 'F', id: house, w: w, size: h}
	return c.get(key, int(w)+2, int(h)+2, func(img *ebiten.Image) {
		ink := ui.TextOn(hc)
		dark := color.RGBA{20, 20, 20, 255}
		x0, y0 := 1.0+w*0.12, 1.0
		pole := roundRectShape(float32(x0-h*0.07), float32(y0), float32(h*0.14), float32(h), float32(h*0.05))
		fillShape(img, pole, color.RGBA{60, 44, 28, 255})
		fw := w * 0.8
		pen := poly(x0, y0, x0+fw, y0, x0+fw*0.82, y0+h*0.4, x0+fw, y0+h*0.8, x0, y0+h*0.8)
		fillShape(img, pen, hc)
		strokeShape(img, pen, float32(math.Max(1, h*0.07)), dark)
		drawHouseMark(img, house, x0+fw*0.42, y0+h*0.4, h*0.58, ink)
	})
}

// anchor is the image of a port's anchor glyph, a pixels across.
func (c *imageCache) anchor(a float64) *ebiten.Image {
	key := imageKey{kind: 'A', size: a}
	return c.get(key, int(a)+2, int(a)+2, func(img *ebiten.Image) {
		cx := float64(img.Bounds().Dx()) / 2
		fillShape(img, roundRectShape(1, 1, float32(a), float32(a), float32(a/2)), color.RGBA{20, 50, 90, 200})
		drawAnchor(img, cx, cx, a*0.36)
	})
}
