package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"notrueking/assets"
	"notrueking/board"
	"notrueking/rules"
)

// painter owns the fonts and the cached board picture.
type painter struct {
	regular, bold *text.GoTextFaceSource
	faces         map[faceKey]*text.GoTextFace

	rast      *raster
	rastKey   [3]float64
	boardImg  *ebiten.Image
	boardRGBA *image.RGBA
	paintKey  string
	texts     []textCall
	sprites   map[spriteKey]*ebiten.Image
	// Cached text blocks and widget stamps, and the repaint count that
	// ages them (sweep).
	textCache map[textKey]*textBlock
	stamps    map[stampKey]*stamp
	gen       int
	// The label anchors (screen pixels) of the last board drawn, and what
	// they were computed for.
	anchors   []board.Point
	anchorKey anchorKey
}

type anchorKey struct {
	m              *board.Map
	x, y, cell, sc float64
}

type faceKey struct {
	size float64
	bold bool
}

func newPainter() (*painter, error) {
	r, err := text.NewGoTextFaceSource(bytes.NewReader(assets.RegularTTF()))
	if err != nil {
		return nil, fmt.Errorf("loading the regular font: %w", err)
	}
	b, err := text.NewGoTextFaceSource(bytes.NewReader(assets.BoldTTF()))
	if err != nil {
		return nil, fmt.Errorf("loading the bold font: %w", err)
	}
	return &painter{regular: r, bold: b, faces: map[faceKey]*text.GoTextFace{}}, nil
}

func (p *painter) face(size float64, bold bool) *text.GoTextFace {
	size = math.Max(6, math.Round(size*2)/2)
	k := faceKey{size, bold}
	if f, ok := p.faces[k]; ok {
		return f
	}
	src := p.regular
	if bold {
		src = p.bold
	}
	f := &text.GoTextFace{Source: src, Size: size}
	p.faces[k] = f
	return f
}

// advance is the width of one line of s in face f.
func advance(s string, f text.Face) float64 {
	w, _ := text.Measure(s, f, 0)
	return w
}

// fit shortens s with an ellipsis until it fits width w.
func fit(s string, f text.Face, w float64) string {
	if w <= 0 || advance(s, f) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if t := string(r) + "…"; advance(t, f) <= w {
			return t
		}
	}
	return s
}

// keySize is the size of a button's key hint in base pixels.
const keySize = 15.0

// keyHintW is the width a key hint takes at the right end of a button,
// margin included, at scale s.
func (p *painter) keyHintW(key string, s float64) float64 {
	if key == "" {
		return 0
	}
	return advance(key, p.face(keySize*s, false)) + 15*s
}

// textCall is a text draw deferred until flushText: drawing every shape
// first and every text after it keeps Ebitengine from flushing its vector
// batches at each label, which made a frame many times slower.
type textCall struct {
	s             string
	x, y, size    float64
	bold          bool
	ink           color.Color
	hAlign, vAlgn text.Align
	maxW          float64
}

// drawText queues s with its top-left (or centre, by align) at (x, y).
func (p *painter) drawText(dst *ebiten.Image, s string, x, y, size float64, bold bool, ink color.Color, hAlign, vAlign text.Align, maxW float64) {
	p.texts = append(p.texts, textCall{s, x, y, size, bold, ink, hAlign, vAlign, maxW})
}

// flushText draws the queued texts in order.
func (p *painter) flushText(dst *ebiten.Image) {
	for _, c := range p.texts {
		p.drawTextNow(dst, c.s, c.x, c.y, c.size, c.bold, c.ink, c.hAlign, c.vAlgn, c.maxW)
	}
	p.texts = p.texts[:0]
}

// textKey names a laid-out text block: the same string, face and width
// lay out the same way, so the block is drawn once into a cached image
// (white; the ink is a colour scale) and stamped after that.
type textKey struct {
	s      string
	size   float64
	bold   bool
	maxW   float64
	hAlign text.Align
}

type textBlock struct {
	img  *ebiten.Image
	w, h float64 // the text's measure (the image has a pad around it)
	used int
}

// textPad is the margin round a cached text block, in pixels.
const textPad = 2

func (p *painter) drawTextNow(dst *ebiten.Image, s string, x, y, size float64, bold bool, ink color.Color, hAlign, vAlign text.Align, maxW float64) {
	if s == "" {
		return
	}
	size = math.Max(6, math.Round(size*2)/2)
	k := textKey{s, size, bold, math.Round(maxW), hAlign}
	b, ok := p.textCache[k]
	if !ok {
		f := p.face(size, bold)
		lines := strings.Split(s, "\n")
		for i := range lines {
			lines[i] = fit(lines[i], f, maxW)
		}
		joined := strings.Join(lines, "\n")
		w, h := text.Measure(joined, f, size*1.2)
		b = &textBlock{w: w, h: h}
		b.img = ebiten.NewImage(int(math.Ceil(w))+2*textPad, int(math.Ceil(h))+2*textPad)
		op := &text.DrawOptions{}
		op.GeoM.Translate(textPad+w*alignFrac(hAlign), textPad)
		op.PrimaryAlign = hAlign
		op.LineSpacing = size * 1.2
		text.Draw(b.img, joined, f, op)
		if p.textCache == nil {
			p.textCache = map[textKey]*textBlock{}
		}
		p.textCache[k] = b
	}
	b.used = p.gen
	ox := x - b.w*alignFrac(hAlign)
	oy := y - b.h*alignFrac(vAlign)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(ox)-textPad, math.Round(oy)-textPad)
	op.ColorScale.ScaleWithColor(ink)
	dst.DrawImage(b.img, op)
}

// alignFrac is the share of a text's extent left of (or above) its anchor.
func alignFrac(a text.Align) float64 {
	switch a {
	case text.AlignCenter:
		return 0.5
	case text.AlignEnd:
		return 1
	}
	return 0
}

// sweep starts a new repaint: cached text blocks and widget stamps not
// used in the last few repaints are let go, so a long game does not keep
// every text it ever showed.
func (p *painter) sweep() {
	p.gen++
	for k, b := range p.textCache {
		if p.gen-b.used > 3 {
			b.img.Deallocate()
			delete(p.textCache, k)
		}
	}
	for k, e := range p.stamps {
		if p.gen-e.used > 3 {
			e.img.Deallocate()
			delete(p.stamps, k)
		}
	}
}

// stampKey is everything a widget's look depends on, at a scale.
type stampKey struct {
	kind                   WKind
	text, key              string
	size, w, h, s          float64
	bold                   bool
	align                  int
	fill, ink, edge        color.RGBA
	hot, sel, dis, hovered bool
	target                 bool
}

type stamp struct {
	img  *ebiten.Image
	m    float64
	used int
}

// stampWidget draws w as one cached image: a widget whose look did not
// change costs one DrawImage (Ebitengine batches them) instead of its
// shapes and a text layout.
func (p *painter) stampWidget(dst *ebiten.Image, sc Scaler, w Widget, hovered bool) {
	s := sc.S
	k := stampKey{w.Kind, w.Text, w.Key, w.Size, w.R.W, w.R.H, s, w.Bold, w.Align, w.Fill, w.Ink, w.Edge, w.Hot, w.Selected, w.Disabled, hovered, w.T.Kind != TNone}
	e, ok := p.stamps[k]
	if !ok {
		m := math.Ceil(4*s) + 2
		ih := w.R.H * s
		if w.Kind == WText {
			// Text hangs from its rect's top and may run below it.
			lines := float64(strings.Count(w.Text, "\n") + 1)
			ih = math.Max(ih, (lines*1.2+0.4)*w.Size*s)
		}
		img := ebiten.NewImage(int(math.Ceil(w.R.W*s+2*m)), int(math.Ceil(ih+2*m)))
		local := Scaler{S: s, OX: m - w.R.X*s, OY: m - w.R.Y*s}
		hv := -1
		if hovered {
			hv = 0
		}
		saved := p.texts
		p.texts = nil
		p.drawWidgetsDirect(img, local, []Widget{w}, hv)
		p.flushText(img)
		p.texts = saved
		e = &stamp{img: img, m: m}
		if p.stamps == nil {
			p.stamps = map[stampKey]*stamp{}
		}
		p.stamps[k] = e
	}
	e.used = p.gen
	x, y := sc.ToScreen(w.R.X, w.R.Y)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x-e.m), math.Round(y-e.m))
	dst.DrawImage(e.img, op)
}

func roundRect(x, y, w, h, r float32) *vector.Path {
	var p vector.Path
	r = min(r, w/2, h/2)
	p.MoveTo(x+r, y)
	p.LineTo(x+w-r, y)
	p.ArcTo(x+w, y, x+w, y+r, r)
	p.LineTo(x+w, y+h-r)
	p.ArcTo(x+w, y+h, x+w-r, y+h, r)
	p.LineTo(x+r, y+h)
	p.ArcTo(x, y+h, x, y+h-r, r)
	p.LineTo(x, y+r)
	p.ArcTo(x, y, x+r, y, r)
	p.Close()
	return &p
}

func fillPath(dst *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, p, nil, op)
}

func strokePath(dst *ebiten.Image, p *vector.Path, width float32, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: width, LineJoin: vector.LineJoinRound}, op)
}

// drawWidgets draws a widget list through the scaler; hover is the index of
// the widget under the pointer (-1 none). Boxes, buttons, fields and texts
// are stamped from the cache; panels, glyphs and icons are drawn (they
// are sprites already).
func (p *painter) drawWidgets(dst *ebiten.Image, sc Scaler, ws []Widget, hover int) {
	for i, w := range ws {
		switch w.Kind {
		case WText:
			if w.Text != "" {
				p.stampWidget(dst, sc, w, false)
			}
		case WButton, WBox, WField:
			p.stampWidget(dst, sc, w, i == hover)
		default:
			p.drawWidgetsDirect(dst, sc, ws[i:i+1], -1)
		}
	}
}

// drawWidgetsDirect draws widgets with shapes and text, no cache.
func (p *painter) drawWidgetsDirect(dst *ebiten.Image, sc Scaler, ws []Widget, hover int) {
	s := sc.S
	for i, w := range ws {
		r := sc.Rect(w.R)
		switch w.Kind {
		case WPanel:
			p.fillRound(dst, r.X, r.Y, r.W, r.H, 6*s, w.Fill)
			if w.Edge.A > 0 {
				p.strokeRound(dst, r.X, r.Y, r.W, r.H, 6*s, 1.5*s, w.Edge)
			}
		case WIcon:
			h := math.Min(r.W, r.H)
			cx, cy := r.X+r.W/2, r.Y+r.H/2
			switch w.Text {
			case "crown":
				p.glyph(dst, "crown", cx, cy, h, colWhite, drawCrownG)
			case "castle":
				p.glyph(dst, "castle", cx, cy, h, colWhite, drawCastleG)
			case "town":
				p.glyph(dst, "town", cx, cy, h, colWhite, drawTownG)
			case "barrel":
				p.glyph(dst, "barrel", cx, cy, h, colWhite, drawBarrelG)
			}
		case WGlyph:
			id := w.Text
			p.glyph(dst, "seat-"+id, r.X+r.W/2, r.Y+r.H/2, math.Min(r.W, r.H), w.Ink, func(img *ebiten.Image, x, y, h float64) { drawSeatGlyph(img, id, x, y, h, w.Ink) })
		case WText:
			ha := text.AlignStart
			tx := r.X
			switch w.Align {
			case AlignCenter:
				ha, tx = text.AlignCenter, r.X+r.W/2
			case AlignRight:
				ha, tx = text.AlignEnd, r.X+r.W
			}
			p.drawText(dst, w.Text, tx, r.Y, w.Size*s, w.Bold, w.Ink, ha, text.AlignStart, r.W)
		case WButton, WBox, WField:
			fill := w.Fill
			if w.Kind == WButton && i == hover {
				fill = hoverFill(fill, w.Ink)
			}
			if w.Disabled {
				fill = mix(fill, colPanel, 0.6)
			}
			rad := 5 * s
			if w.Hot {
				p.fillRound(dst, r.X-3*s, r.Y-3*s, r.W+6*s, r.H+6*s, rad+3*s, colGold)
			}
			p.fillRound(dst, r.X, r.Y, r.W, r.H, rad, fill)
			if w.Selected {
				p.strokeRound(dst, r.X, r.Y, r.W, r.H, rad, 3.5*s, colWhite)
			} else if w.Edge.A > 0 {
				p.strokeRound(dst, r.X, r.Y, r.W, r.H, rad, 1.5*s, w.Edge)
			}
			if w.Kind == WBox && w.T.Kind != TNone && i == hover {
				p.strokeRound(dst, r.X, r.Y, r.W, r.H, rad, 2.5*s, colWhite)
			}
			tr := r
			if w.Key != "" && w.Kind == WButton {
				// The key hint: the key's name in a frame at the
				// button's right end; the label centres in the rest.
				ks := keySize * s
				kw := p.keyHintW(w.Key, s) - 5*s
				kh := math.Min(r.H-8*s, ks*1.5)
				kx := r.X + r.W - kw - 5*s
				if w.Text == "" {
					kx = r.X + (r.W-kw)/2
				}
				p.strokeRound(dst, kx, r.Y+(r.H-kh)/2, kw, kh, 3*s, 1*s, w.Ink)
				p.drawText(dst, w.Key, kx+kw/2, r.Y+r.H/2, ks, false, w.Ink, text.AlignCenter, text.AlignCenter, 0)
				tr.W = kx - r.X
			}
			ha, tx := text.AlignCenter, tr.X+tr.W/2
			if w.Kind == WField {
				ha, tx = text.AlignStart, r.X+8*s
			}
			if w.Text != "" {
				p.drawText(dst, w.Text, tx, r.Y+r.H/2, w.Size*s, w.Bold || w.Kind == WButton, w.Ink, ha, text.AlignCenter, tr.W-8*s)
			}
		}
	}
}

// boardPaintKey summarises everything the board picture depends on besides
// its size, so the picture is repainted only when one of them changes.
func boardPaintKey(m *board.Map, v *rules.View, hl []bool, sel int) string {
	var b strings.Builder
	for _, t := range m.Territories {
		b.WriteString(v.Control[t.ID])
		b.WriteByte(',')
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

// drawBoard draws the map (territories, borders, icons, labels, units) for
// the public view v into the screen rectangle given by the base rect area.
func (p *painter) drawBoard(dst *ebiten.Image, sc Scaler, area Rect, m *board.Map, sh *shapes, v *rules.View, hl []bool, sel int) boardGeom {
	sr := sc.Rect(area)
	geom := fitBoard(m.Grid.W, m.Grid.H, sr)
	bounds := geom.Bounds()
	w, h := int(math.Ceil(bounds.W)), int(math.Ceil(bounds.H))
	if w <= 0 || h <= 0 {
		return geom
	}
	local := geom
	local.X, local.Y = 0, 0
	key := [3]float64{float64(w), float64(h), geom.Cell}
	if p.rast == nil || p.rastKey != key {
		p.rast = newRaster(m, sh, local, w, h)
		p.rastKey = key
		p.boardRGBA = image.NewRGBA(image.Rect(0, 0, w, h))
		if p.boardImg != nil {
			p.boardImg.Deallocate()
		}
		p.boardImg = ebiten.NewImage(w, h)
		p.paintKey = ""
	}
	if pk := boardPaintKey(m, v, hl, sel); pk != p.paintKey {
		p.rast.paint(m, boardStyle(m, v, hl, sel), p.boardRGBA)
		p.boardImg.WritePixels(p.boardRGBA.Pix)
		p.paintKey = pk
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Floor(geom.X), math.Floor(geom.Y))
	dst.DrawImage(p.boardImg, op)
	p.drawBoardOverlay(dst, sc, geom, m, sh, v)
	return geom
}

// boardStyle derives the territory colours from the public view.
func boardStyle(m *board.Map, v *rules.View, hl []bool, sel int) paintStyle {
	st := paintStyle{Controller: make([]*color.RGBA, len(m.Territories)), Highlight: hl, Selected: sel}
	for t, tr := range m.Territories {
		if hid, ok := v.Control[tr.ID]; ok {
			c := houseColor(m, hid)
			st.Controller[t] = &c
		}
	}
	return st
}

// drawBoardOverlay draws labels, icons, flags and unit tokens. Names and
// icons sit at each territory's label anchor; each row of unit tokens goes
// above the name, or below, right or left of it, whichever overlaps the
// least with other labels and tokens (placeTokens).
func (p *painter) drawBoardOverlay(dst *ebiten.Image, sc Scaler, geom boardGeom, m *board.Map, sh *shapes, v *rules.View) {
	s := sc.S
	drawRoadsAndBridges(dst, geom, m, sh)
	nameSize := 12.5 * s
	icon := 11 * s
	tokH := 19 * s
	pl := p.overlayLayout(geom, s, m, v)
	groups, names, anchors, boxes, place := pl.groups, pl.names, pl.anchors, pl.boxes, pl.place
	for ti, t := range m.Territories {
		ax, ay := anchors[ti].X, anchors[ti].Y
		gs := groups[t.ID]
		if t.Kind == board.Port {
			p.glyph(dst, "anchor", ax, ay, 14*s, colWhite, func(img *ebiten.Image, x, y, h float64) { drawAnchor(img, x, y, h/2) })
		} else {
			// Moat Cailin's fortification shows only while it stands.
			_, stands := v.Fortifications[t.ID]
			t.Fortification = stands
			p.drawLabel(dst, t, names[ti], ax, ay, nameSize, icon, s)
			// Flag when the territory is held without troops.
			if hid, ok := v.Flags[t.ID]; ok && len(gs) == 0 {
				hc := houseColor(m, hid)
				b := boxes[ti]
				p.glyph(dst, "flag", b.X+b.W+8*s, ay-4*s, 13*s, hc, func(img *ebiten.Image, x, y, h float64) { drawFlag(img, x, y, h, hc) })
			}
		}
		if r := place[ti]; r.W > 0 {
			p.drawUnits(dst, r.X+r.W/2, r.Y+r.H/2, tokH, s, m, gs)
		}
	}
}

// overlayPlan is where the board's overlay puts things: each territory's
// unit groups, wrapped name, label anchor, name-and-icons box and token
// row (zero when it has no units), in screen pixels.
type overlayPlan struct {
	groups  map[string][]rules.Group
	names   []string
	anchors []board.Point
	boxes   []Rect
	place   []Rect
}

// overlayLayout plans the overlay for the view v at scale s.
func (p *painter) overlayLayout(geom boardGeom, s float64, m *board.Map, v *rules.View) overlayPlan {
	groups := map[string][]rules.Group{}
	for _, g := range v.Groups {
		groups[g.Territory] = append(groups[g.Territory], g)
	}
	tokH := 19 * s
	n := len(m.Territories)
	names := make([]string, n)
	for ti, t := range m.Territories {
		if t.Kind != board.Port {
			names[ti] = wrapName(t.Name)
		}
	}
	anchors := p.labelAnchors(geom, s, m, names)
	boxes := make([]Rect, n) // name + icons (or the anchor of a port)
	for ti := range m.Territories {
		boxes[ti] = p.labelBox(m.Territories[ti], names[ti], anchors[ti].X, anchors[ti].Y, s)
	}
	cands := make([][]Rect, n)
	for ti, t := range m.Territories {
		ax := anchors[ti].X
		row := unitRowWidth(groups[t.ID], tokenWidth(m, tokH), s)
		if row == 0 {
			continue
		}
		b := boxes[ti]
		cy := b.Y + b.H/2
		above, below := b.Y-tokH-1*s, b.Y+b.H+2*s
		cands[ti] = []Rect{
			{ax - row/2, above, row, tokH},            // above
			{ax - row/2, below, row, tokH},            // below
			{b.X + b.W + 4*s, cy - tokH/2, row, tokH}, // right
			{b.X - 4*s - row, cy - tokH/2, row, tokH}, // left
			// The same rows slid half their width aside, for a narrow
			// or slanting shape.
			{ax - row, above, row, tokH},
			{ax, above, row, tokH},
			{ax - row, below, row, tokH},
			{ax, below, row, tokH},
		}
		// Tokens of a territory at the board's edge stay on the board.
		for ci := range cands[ti] {
			cands[ti][ci] = clampInto(cands[ti][ci], geom.Bounds(), 2*s)
		}
	}
	// The share of a token row outside its own territory, sampled on the
	// grid's cells.
	outside := func(ti int, r Rect) float64 {
		if m.Territories[ti].Kind == board.Port {
			return 0 // a port is a few cells: its ships sit on the sea
		}
		out, all := 0, 0
		for i := 0; i < 6; i++ {
			for j := 0; j < 3; j++ {
				gx, gy := geom.ToGrid(r.X+r.W*(float64(i)+.5)/6, r.Y+r.H*(float64(j)+.5)/3)
				all++
				if gx < 0 || gy < 0 || m.Grid.At(int(gx), int(gy)) != ti {
					out++
				}
			}
		}
		return float64(out) / float64(all)
	}
	// A port's anchor is all there is of it on screen: a row covering it
	// costs as if it were half as wide again.
	avoid := append([]Rect(nil), boxes...)
	for ti, t := range m.Territories {
		if b := avoid[ti]; t.Kind == board.Port {
			avoid[ti] = Rect{b.X - b.W/4, b.Y - b.H/4, b.W * 1.5, b.H * 1.5}
		}
	}
	return overlayPlan{groups, names, anchors, boxes, placeTokensIn(avoid, cands, outside)}
}

// labelBox is the rectangle a territory's name and icons take when drawn
// at the anchor (ax, ay); a port's is its anchor glyph.
func (p *painter) labelBox(t board.Territory, name string, ax, ay, s float64) Rect {
	if t.Kind == board.Port {
		return Rect{ax - 7*s, ay - 7*s, 14 * s, 14 * s}
	}
	ns := labelSize(t, 12.5*s)
	icon := 11 * s
	lines := float64(strings.Count(name, "\n") + 1)
	tw := 0.0
	for _, ln := range strings.Split(name, "\n") {
		tw = math.Max(tw, advance(ln, p.face(ns, true)))
	}
	half := ns * 0.6 * lines
	hasIcons := t.Crowns+t.Barrels > 0 || t.Fortress != board.NoFortress || t.Fortification
	bottom := ay + half
	if hasIcons {
		bottom += icon * 1.1
	}
	return Rect{ax - tw/2, ay - half, tw, bottom - (ay - half)}
}

// labelAnchors is where each territory's name is drawn, in screen pixels:
// its map anchor, unless there its name would overlap another's. Then,
// territory by territory in file order, the name moves to the cell of its
// own territory where it overlaps the other names least, preferring a
// place that keeps the name on its own ground and near the map's anchor;
// three passes, so that a name moved late can still make room.
// Names too long for a small area still overlap as little as they can.
// The result depends only on the map and the board's size and is cached.
func (p *painter) labelAnchors(geom boardGeom, s float64, m *board.Map, names []string) []board.Point {
	key := anchorKey{m, geom.X, geom.Y, geom.Cell, s}
	if p.anchorKey == key && len(p.anchors) == len(m.Territories) {
		return p.anchors
	}
	n := len(m.Territories)
	anchors := make([]board.Point, n)
	boxes := make([]Rect, n)
	for ti, t := range m.Territories {
		ax, ay := geom.FromGrid(t.Label.X, t.Label.Y)
		anchors[ti] = board.Point{X: ax, Y: ay}
		boxes[ti] = p.labelBox(t, names[ti], ax, ay, s)
	}
	clash := func(ti int, b Rect) float64 {
		c := 0.0
		for bi, o := range boxes {
			if bi != ti {
				c += overlap(b, o)
			}
		}
		return c
	}
	// outside is the share of b not on territory ti's cells.
	outside := func(ti int, b Rect) float64 {
		out, all := 0, 0
		for i := 0; i < 6; i++ {
			for j := 0; j < 3; j++ {
				gx, gy := geom.ToGrid(b.X+b.W*(float64(i)+.5)/6, b.Y+b.H*(float64(j)+.5)/3)
				all++
				if gx < 0 || gy < 0 || m.Grid.At(int(gx), int(gy)) != ti {
					out++
				}
			}
		}
		return float64(out) / float64(all)
	}
	cells := make([][]int, n)
	for c, t := range m.Grid.Cells {
		if t >= 0 {
			cells[t] = append(cells[t], c)
		}
	}
	for pass := 0; pass < 3; pass++ {
		for ti, t := range m.Territories {
			if t.Kind == board.Port || t.Kind == board.Road || clash(ti, boxes[ti]) == 0 {
				continue
			}
			b0 := boxes[ti]
			cost := func(b Rect, ax, ay float64) float64 {
				d := math.Hypot(ax-anchors[ti].X, ay-anchors[ti].Y)
				return clash(ti, b) + outside(ti, b)*b.W*b.H*0.5 + d*d*0.05
			}
			// A move must win a clear margin: a name brushing another by a
			// few pixels stays where the map puts it.
			best, bestCost := anchors[ti], cost(b0, anchors[ti].X, anchors[ti].Y)-40*s*s
			for _, c := range cells[ti] {
				ax, ay := geom.FromGrid(float64(c%m.Grid.W)+.5, float64(c/m.Grid.W)+.5)
				b := p.labelBox(t, names[ti], ax, ay, s)
				if k := cost(b, ax, ay); k < bestCost {
					best, bestCost = board.Point{X: ax, Y: ay}, k
				}
			}
			anchors[ti] = best
			boxes[ti] = p.labelBox(t, names[ti], best.X, best.Y, s)
		}
	}
	p.anchors, p.anchorKey = anchors, key
	return anchors
}

// placeTokens picks for each territory the first candidate rectangle that
// overlaps no label box and no token row already placed,
// or else the candidate with the least overlap. It is plain geometry.
func placeTokens(boxes []Rect, cands [][]Rect) []Rect {
	return placeTokensIn(boxes, cands, nil)
}

// placeTokensIn is placeTokens that also weighs, when outside is given,
// how much of a row lies outside its own territory (outside(ti, r), a
// share 0..1): covering a neighbour's land costs a third as much as
// covering a name, so a row stays on its own ground when it can, and
// never buys that with a covered name.
func placeTokensIn(boxes []Rect, cands [][]Rect, outside func(ti int, r Rect) float64) []Rect {
	out := make([]Rect, len(cands))
	choice := make([]int, len(cands))
	for ti := range choice {
		choice[ti] = -1
	}
	// pick is the cheapest candidate of ti given the rows now chosen for
	// the others.
	pick := func(ti int) int {
		best, bestCost := -1, math.Inf(1)
		for ci, c := range cands[ti] {
			cost := 0.0
			if outside != nil {
				cost += outside(ti, c) * c.W * c.H / 3
			}
			// Every name counts, its own too (a row clamped to the
			// board's edge can slide onto it).
			for _, b := range boxes {
				cost += overlap(c, b)
			}
			// A token hidden under another hides a fact: worst of all.
			for oi, oc := range choice {
				if oi != ti && oc >= 0 {
					cost += 2 * overlap(c, cands[oi][oc])
				}
			}
			// A small preference for the earlier (usual) places.
			cost += float64(ci) * 0.01
			if cost < bestCost {
				best, bestCost = ci, cost
			}
		}
		return best
	}
	// In file order first; then, twice, each row looks again with all the
	// others in place (a row placed early cannot see one placed later).
	for pass := 0; pass < 3; pass++ {
		for ti := range cands {
			choice[ti] = pick(ti)
		}
	}
	for ti, ci := range choice {
		if ci >= 0 {
			out[ti] = cands[ti][ci]
		}
	}
	return out
}

// clampInto shifts r so that it lies inside box less a margin (r is kept
// whole; a box too small for it keeps r's left or top edge inside).
func clampInto(r, box Rect, margin float64) Rect {
	r.X = math.Max(box.X+margin, math.Min(r.X, box.X+box.W-margin-r.W))
	r.Y = math.Max(box.Y+margin, math.Min(r.Y, box.Y+box.H-margin-r.H))
	return r
}

func overlap(a, b Rect) float64 {
	w := math.Min(a.X+a.W, b.X+b.W) - math.Max(a.X, b.X)
	h := math.Min(a.Y+a.H, b.Y+b.H) - math.Max(a.Y, b.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// unitRowWidth is the width of the token row drawUnits draws for gs.
// markedHouses reports whether unit tokens carry their house's mark: on
// maps of more than five houses some colours are close for colour-blind
// eyes (Stark and Arryn, Tully and Targaryen), so colour must not be the
// only cue.
func markedHouses(m *board.Map) bool { return len(m.Houses) > 5 }

// tokenWidth is the width of one unit token of height h.
func tokenWidth(m *board.Map, h float64) float64 {
	if markedHouses(m) {
		return h * 2.05
	}
	return h * 1.55
}

// unitRowWidth is the width of a row of tokens each w wide.
func unitRowWidth(gs []rules.Group, w, s float64) float64 {
	n := 0
	for _, g := range gs {
		for k := board.Unit(0); k < board.NumUnits; k++ {
			if g.Units[k] > 0 {
				n++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(n)*(w+2*s) - 2*s
}

// drawLabel draws a territory's name (with a halo) and its icons below.
func (p *painter) drawLabel(dst *ebiten.Image, t board.Territory, name string, ax, ay, nameSize, icon, s float64) {
	ink, halo := color.RGBA{30, 24, 18, 255}, color.RGBA{240, 230, 205, 200}
	switch t.Kind {
	case board.Sea:
		ink, halo = color.RGBA{215, 232, 250, 255}, color.RGBA{20, 50, 90, 200}
	case board.Road:
		ink, halo = color.RGBA{92, 58, 24, 255}, colRoadTrack
	}
	nameSize = labelSize(t, nameSize)
	lines := float64(strings.Count(name, "\n") + 1)
	for _, o := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		p.drawText(dst, name, ax+o[0]*s, ay+o[1]*s, nameSize, t.Kind != board.Sea, halo, text.AlignCenter, text.AlignCenter, 0)
	}
	p.drawText(dst, name, ax, ay, nameSize, t.Kind != board.Sea, ink, text.AlignCenter, text.AlignCenter, 0)
	var icons []func(x, y float64)
	for i := 0; i < t.Crowns; i++ {
		icons = append(icons, func(x, y float64) { p.glyph(dst, "crown", x, y, icon, colWhite, drawCrownG) })
	}
	for i := 0; i < t.Barrels; i++ {
		icons = append(icons, func(x, y float64) { p.glyph(dst, "barrel", x, y, icon, colWhite, drawBarrelG) })
	}
	switch t.Fortress {
	case board.Castle:
		icons = append(icons, func(x, y float64) { p.glyph(dst, "castle", x, y, icon*1.25, colWhite, drawCastleG) })
	case board.Town:
		icons = append(icons, func(x, y float64) { p.glyph(dst, "town", x, y, icon*1.1, colWhite, drawTownG) })
	}
	if t.Fortification {
		icons = append(icons, func(x, y float64) { p.glyph(dst, "fortification", x, y, icon*1.1, colWhite, drawFortification) })
	}
	gap := icon * 1.35
	ix := ax - gap*float64(len(icons)-1)/2
	half := nameSize * 0.6 * lines
	for i, f := range icons {
		f(ix+float64(i)*gap, ay+half+icon*0.45)
	}
}

// labelSize is the name size of a territory: roads are named smaller,
// like a road's name on a printed map, so they do not crowd the areas they
// run through.
func labelSize(t board.Territory, nameSize float64) float64 {
	if t.Kind == board.Road {
		return nameSize * 0.72
	}
	return nameSize
}

// drawUnits draws one token per (house, unit kind) centred on (cx, cy).
func (p *painter) drawUnits(dst *ebiten.Image, cx, cy, h, s float64, m *board.Map, gs []rules.Group) {
	type tok struct {
		c     color.RGBA
		u     board.Unit
		n     int
		house string
	}
	var toks []tok
	for _, g := range gs {
		c := houseColor(m, g.House)
		for k := board.Unit(0); k < board.NumUnits; k++ {
			if g.Units[k] > 0 {
				toks = append(toks, tok{c: c, u: k, n: g.Units[k], house: g.House})
			}
		}
	}
	if len(toks) == 0 {
		return
	}
	w := tokenWidth(m, h)
	marked := markedHouses(m)
	x := cx - (w+2*s)*float64(len(toks))/2
	for _, t := range toks {
		p.fillRound(dst, x, cy-h/2, w, h, h*0.3, t.c)
		p.strokeRound(dst, x, cy-h/2, w, h, h*0.3, 1.2*s, color.RGBA{20, 20, 20, 255})
		ink := textOn(t.c)
		u := t.u
		ux := x + h*0.45
		if marked {
			id := t.house
			p.glyph(dst, "house-"+id, x+h*0.38, cy, h*0.6, ink, func(img *ebiten.Image, gx, gy, gh float64) { drawHouseMark(img, id, gx, gy, gh, ink) })
			ux = x + h*0.95
		}
		p.glyph(dst, "unit"+u.String(), ux, cy, h*0.72, ink, func(img *ebiten.Image, gx, gy, gh float64) { drawUnitGlyph(img, u, gx, gy, gh, ink) })
		p.drawText(dst, fmt.Sprint(t.n), x+w-h*0.38, cy, h*0.72, true, ink, text.AlignCenter, text.AlignCenter, 0)
		x += w + 2*s
	}
}

// Road colours: a pale track with a dark verge, like a printed map's road.
var (
	colRoadVerge  = color.RGBA{70, 50, 30, 235}
	colRoadTrack  = color.RGBA{232, 206, 150, 255}
	colBridge     = color.RGBA{120, 82, 44, 255}
	colBridgeEdge = color.RGBA{30, 22, 14, 255}
)

// drawRoadsAndBridges draws each road along its path (a narrow track that
// leaves the territories it crosses visible on both sides) and a plank
// bridge where a river is crossed.
func drawRoadsAndBridges(dst *ebiten.Image, geom boardGeom, m *board.Map, sh *shapes) {
	c := geom.Cell
	for _, r := range sh.roads {
		var path vector.Path
		for i, q := range r.path {
			x, y := geom.FromGrid(q.X, q.Y)
			if i == 0 {
				path.MoveTo(float32(x), float32(y))
			} else {
				path.LineTo(float32(x), float32(y))
			}
		}
		op := &vector.StrokeOptions{LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}
		op.Width = float32(math.Max(3, c*0.62))
		strokeWith(dst, &path, op, colRoadVerge)
		op.Width = float32(math.Max(1.5, c*0.36))
		strokeWith(dst, &path, op, colRoadTrack)
		// Milestones: dots at the road's bends and ends.
		for _, q := range r.path {
			x, y := geom.FromGrid(q.X, q.Y)
			vector.FillCircle(dst, float32(x), float32(y), float32(math.Max(1.5, c*0.16)), colRoadVerge, true)
		}
	}
	for _, b := range sh.bridges {
		x, y := geom.FromGrid(b.At.X, b.At.Y)
		w, h := c*0.7, c*1.5 // the bridge spans the river
		if !b.Along {
			w, h = h, w
		}
		rr := roundRect(float32(x-w/2), float32(y-h/2), float32(w), float32(h), float32(c*0.12))
		fillPath(dst, rr, colBridge)
		strokePath(dst, rr, float32(math.Max(1, c*0.1)), colBridgeEdge)
	}
}

func poly(pts ...float64) *vector.Path {
	var p vector.Path
	p.MoveTo(float32(pts[0]), float32(pts[1]))
	for i := 2; i+1 < len(pts); i += 2 {
		p.LineTo(float32(pts[i]), float32(pts[i+1]))
	}
	p.Close()
	return &p
}

// drawUnitGlyph draws a small unit silhouette of height h centred on (x, y).
func drawUnitGlyph(dst *ebiten.Image, u board.Unit, x, y, h float64, c color.Color) {
	r := h / 2
	switch u {
	case board.Footman: // a pawn
		fillPath(dst, poly(x-r*0.7, y+r, x+r*0.7, y+r, x+r*0.3, y-r*0.1, x-r*0.3, y-r*0.1), c)
		vector.FillCircle(dst, float32(x), float32(y-r*0.45), float32(r*0.42), c, true)
	case board.Knight: // a horse head
		fillPath(dst, poly(x-r*0.7, y+r, x+r*0.6, y+r, x+r*0.3, y+r*0.1, x+r*0.8, y-r*0.1,
			x+r*0.6, y-r*0.6, x, y-r, x-r*0.2, y-r*0.7, x-r*0.7, y-r*0.1), c)
	case board.Ship: // hull and sail
		fillPath(dst, poly(x-r, y+r*0.2, x+r, y+r*0.2, x+r*0.6, y+r*0.9, x-r*0.6, y+r*0.9), c)
		fillPath(dst, poly(x-r*0.05, y-r, x-r*0.05, y+r*0.05, x-r*0.8, y+r*0.05), c)
		fillPath(dst, poly(x+r*0.1, y-r*0.8, x+r*0.1, y+r*0.05, x+r*0.7, y+r*0.05), c)
	case board.Dragon: // spread wings
		fillPath(dst, poly(x, y+r, x-r, y-r, x-r*0.4, y-r*0.2, x, y-r*0.6, x+r*0.4, y-r*0.2, x+r, y-r), c)
	}
}

func drawCrown(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	p := poly(x-r, y+r*0.7, x-r, y-r*0.5, x-r*0.5, y, x, y-r*0.8, x+r*0.5, y, x+r, y-r*0.5, x+r, y+r*0.7)
	fillPath(dst, p, color.RGBA{240, 196, 40, 255})
	strokePath(dst, p, float32(h*0.09), color.RGBA{90, 60, 10, 255})
}

func drawBarrel(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	p := roundRect(float32(x-r*0.7), float32(y-r), float32(r*1.4), float32(h), float32(r*0.5))
	fillPath(dst, p, color.RGBA{160, 104, 50, 255})
	strokePath(dst, p, float32(h*0.09), color.RGBA{60, 36, 16, 255})
	for _, f := range []float64{-0.4, 0.4} {
		vector.StrokeLine(dst, float32(x-r*0.7), float32(y+r*f), float32(x+r*0.7), float32(y+r*f), float32(h*0.1), color.RGBA{60, 36, 16, 255}, true)
	}
}

func drawCastle(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	p := poly(x-r, y+r, x-r, y-r, x-r*0.6, y-r, x-r*0.6, y-r*0.6, x-r*0.2, y-r*0.6, x-r*0.2, y-r,
		x+r*0.2, y-r, x+r*0.2, y-r*0.6, x+r*0.6, y-r*0.6, x+r*0.6, y-r, x+r, y-r, x+r, y+r)
	fillPath(dst, p, color.RGBA{120, 120, 128, 255})
	strokePath(dst, p, float32(h*0.08), color.RGBA{30, 30, 34, 255})
	fillPath(dst, poly(x-r*0.25, y+r, x-r*0.25, y+r*0.2, x+r*0.25, y+r*0.2, x+r*0.25, y+r), color.RGBA{30, 30, 34, 255})
}

func drawTown(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	p := poly(x-r*0.8, y+r, x-r*0.8, y-r*0.1, x, y-r, x+r*0.8, y-r*0.1, x+r*0.8, y+r)
	fillPath(dst, p, color.RGBA{170, 160, 150, 255})
	strokePath(dst, p, float32(h*0.08), color.RGBA{30, 30, 34, 255})
}

// drawFortification draws Moat Cailin's fortification: a palisade of
// stakes, unlike the town's tower.
func drawFortification(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	wood, ink := color.RGBA{150, 104, 60, 255}, color.RGBA{30, 22, 14, 255}
	for i := -1; i <= 1; i++ {
		cx := x + float64(i)*r*0.62
		p := poly(cx-r*0.28, y+r, cx-r*0.28, y-r*0.45, cx, y-r, cx+r*0.28, y-r*0.45, cx+r*0.28, y+r)
		fillPath(dst, p, wood)
		strokePath(dst, p, float32(h*0.07), ink)
	}
}

func drawFlag(dst *ebiten.Image, x, y, h float64, c color.RGBA) {
	vector.StrokeLine(dst, float32(x), float32(y-h/2), float32(x), float32(y+h/2), float32(h*0.12), color.RGBA{40, 30, 20, 255}, true)
	p := poly(x, y-h/2, x+h*0.8, y-h*0.3, x, y-h*0.05)
	fillPath(dst, p, c)
	strokePath(dst, p, float32(h*0.07), color.RGBA{20, 20, 20, 255})
}

func drawAnchor(dst *ebiten.Image, x, y, r float64) {
	c := color.RGBA{235, 240, 250, 255}
	w := float32(r * 0.28)
	vector.StrokeCircle(dst, float32(x), float32(y-r*0.75), float32(r*0.25), w, c, true)
	vector.StrokeLine(dst, float32(x), float32(y-r*0.5), float32(x), float32(y+r), w, c, true)
	vector.StrokeLine(dst, float32(x-r*0.5), float32(y-r*0.2), float32(x+r*0.5), float32(y-r*0.2), w, c, true)
	var p vector.Path
	p.Arc(float32(x), float32(y+r*0.2), float32(r*0.8), 0, math.Pi, vector.Clockwise)
	strokePath(dst, &p, w, c)
}

// wrapName breaks a long territory name into two lines at the space
// nearest its middle.
func wrapName(n string) string {
	if len(n) <= 11 {
		return n
	}
	best := -1
	for i, r := range n {
		if r == ' ' && (best < 0 || abs(i-len(n)/2) < abs(best-len(n)/2)) {
			best = i
		}
	}
	if best < 0 {
		return n
	}
	return n[:best] + "\n" + n[best+1:]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func drawCrownG(img *ebiten.Image, x, y, h float64)  { drawCrown(img, x, y, h) }
func drawBarrelG(img *ebiten.Image, x, y, h float64) { drawBarrel(img, x, y, h) }
func drawCastleG(img *ebiten.Image, x, y, h float64) { drawCastle(img, x, y, h) }
func drawTownG(img *ebiten.Image, x, y, h float64)   { drawTown(img, x, y, h) }

func strokeWith(dst *ebiten.Image, p *vector.Path, so *vector.StrokeOptions, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, p, so, op)
}

// drawSeatGlyph draws the glyph of a conspiracy (by id) of height h centred
// on (x, y), so a seat is never told by its colour alone.
func drawSeatGlyph(dst *ebiten.Image, id string, x, y, h float64, c color.Color) {
	r := h / 2
	dark := color.RGBA{20, 20, 24, 255}
	lw := float32(math.Max(1.5, r*0.22))
	ring := func(cx, cy, rr float64) {
		vector.StrokeCircle(dst, float32(cx), float32(cy), float32(rr), lw, c, true)
	}
	switch id {
	case "crown":
		fillPath(dst, poly(x-r, y+r*0.7, x-r, y-r*0.5, x-r*0.5, y, x, y-r*0.8, x+r*0.5, y, x+r, y-r*0.5, x+r, y+r*0.7), c)
	case "torch":
		fillPath(dst, poly(x-r*0.15, y+r, x+r*0.15, y+r, x+r*0.25, y, x-r*0.25, y), c)
		fillPath(dst, poly(x, y-r, x+r*0.55, y-r*0.3, x+r*0.35, y+r*0.05, x-r*0.35, y+r*0.05, x-r*0.55, y-r*0.3), c)
	case "helm":
		fillPath(dst, poly(x-r*0.8, y+r, x-r*0.8, y-r*0.2, x-r*0.4, y-r*0.85, x+r*0.4, y-r*0.85, x+r*0.8, y-r*0.2, x+r*0.8, y+r), c)
		fillPath(dst, poly(x-r*0.55, y-r*0.1, x+r*0.55, y-r*0.1, x+r*0.55, y+r*0.1, x-r*0.55, y+r*0.1), dark)
	case "gauntlet":
		fillPath(dst, poly(x-r*0.7, y+r, x+r*0.5, y+r, x+r*0.6, y-r*0.1, x+r*0.9, y-r*0.4, x+r*0.7, y-r*0.6, x+r*0.4, y-r*0.4,
			x+r*0.4, y-r, x-r*0.7, y-r), c)
	case "quill":
		fillPath(dst, poly(x-r*0.8, y+r, x-r*0.5, y+r*0.3, x+r*0.2, y-r*0.6, x+r*0.9, y-r, x+r*0.5, y-r*0.2, x-r*0.3, y+r*0.5), c)
	case "chain":
		ring(x-r*0.35, y, r*0.45)
		ring(x+r*0.35, y, r*0.45)
	case "key":
		ring(x-r*0.45, y, r*0.4)
		fillPath(dst, poly(x-r*0.05, y-r*0.12, x+r, y-r*0.12, x+r, y+r*0.12, x-r*0.05, y+r*0.12), c)
		fillPath(dst, poly(x+r*0.55, y, x+r*0.75, y, x+r*0.75, y+r*0.5, x+r*0.55, y+r*0.5), c)
	case "coin":
		vector.FillCircle(dst, float32(x), float32(y), float32(r*0.9), c, true)
		vector.StrokeCircle(dst, float32(x), float32(y), float32(r*0.55), float32(math.Max(1, r*0.12)), dark, true)
	case "mask":
		fillPath(dst, poly(x-r, y-r*0.5, x+r, y-r*0.5, x+r*0.8, y+r*0.4, x, y+r*0.8, x-r*0.8, y+r*0.4), c)
		vector.FillCircle(dst, float32(x-r*0.4), float32(y-r*0.05), float32(r*0.2), dark, true)
		vector.FillCircle(dst, float32(x+r*0.4), float32(y-r*0.05), float32(r*0.2), dark, true)
	default:
		vector.FillCircle(dst, float32(x), float32(y), float32(r*0.6), c, true)
	}
}

// drawHouseMark draws a small mark of a house (by id) of height h centred
// on (x, y): a cue besides its colour on unit tokens.
func drawHouseMark(dst *ebiten.Image, id string, x, y, h float64, c color.Color) {
	r := h / 2
	lw := float32(math.Max(1.2, r*0.3))
	line := func(x0, y0, x1, y1 float64) {
		vector.StrokeLine(dst, float32(x0), float32(y0), float32(x1), float32(y1), lw, c, true)
	}
	switch id {
	case "stark": // a snowflake
		line(x-r, y, x+r, y)
		line(x-r*0.5, y-r*0.87, x+r*0.5, y+r*0.87)
		line(x-r*0.5, y+r*0.87, x+r*0.5, y-r*0.87)
	case "lannister": // a triangle up
		fillPath(dst, poly(x, y-r, x+r, y+r*0.8, x-r, y+r*0.8), c)
	case "greyjoy": // a zigzag wave
		line(x-r, y+r*0.4, x-r*0.5, y-r*0.4)
		line(x-r*0.5, y-r*0.4, x, y+r*0.4)
		line(x, y+r*0.4, x+r*0.5, y-r*0.4)
		line(x+r*0.5, y-r*0.4, x+r, y+r*0.4)
	case "tyrell": // a three-petal rose
		for _, a := range []float64{-math.Pi / 2, math.Pi / 6, 5 * math.Pi / 6} {
			vector.FillCircle(dst, float32(x+r*0.45*math.Cos(a)), float32(y+r*0.45*math.Sin(a)), float32(r*0.45), c, true)
		}
	case "martell": // a sun: a disc with a ring
		vector.FillCircle(dst, float32(x), float32(y), float32(r*0.45), c, true)
		vector.StrokeCircle(dst, float32(x), float32(y), float32(r*0.85), float32(math.Max(1, r*0.18)), c, true)
	case "tully": // a fish
		fillPath(dst, poly(x-r, y, x-r*0.2, y-r*0.5, x+r*0.4, y, x-r*0.2, y+r*0.5), c)
		fillPath(dst, poly(x+r*0.3, y, x+r, y-r*0.5, x+r, y+r*0.5), c)
	case "arryn": // a falcon's chevron
		line(x-r, y-r*0.5, x, y+r*0.5)
		line(x, y+r*0.5, x+r, y-r*0.5)
	case "baratheon": // antlers
		line(x, y+r, x, y-r*0.2)
		line(x, y-r*0.2, x-r*0.8, y-r)
		line(x, y-r*0.2, x+r*0.8, y-r)
	case "targaryen": // three heads
		for _, dx := range []float64{-0.65, 0, 0.65} {
			fillPath(dst, poly(x+r*dx-r*0.3, y+r*0.6, x+r*dx, y-r*0.8, x+r*dx+r*0.3, y+r*0.6), c)
		}
	default:
		vector.FillCircle(dst, float32(x), float32(y), float32(r*0.5), c, true)
	}
}
