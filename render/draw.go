package render

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"notrueking/assets"
	"notrueking/ui"
)

// Painter draws what it is given — a Frame: widgets and a board — with
// Ebitengine, and decides nothing. It owns the fonts, the text queue and
// what it keeps between frames: sprites, text blocks, widget stamps and
// the board's triangles and pictures (caches: the same frame always
// draws the same pixels).
type Painter struct {
	regular, bold *text.GoTextFaceSource
	faces         map[faceKey]*text.GoTextFace

	texts   []textCall
	sprites *atlasCache[spriteKey] // rounded corners, glyphs (sprites.go)
	// textAtlas holds the cached text blocks' pictures (drawTextNow).
	textAtlas *texAtlas
	// halo is the scratch names are laid out on (drawHaloText).
	halo *ebiten.Image
	// Cached text blocks and widget stamps, and the repaint count that
	// ages them (sweep).
	textCache map[textKey]*textBlock
	stamps    map[stampKey]*stamp
	gen       int
	// board is what the board's drawing keeps for its map (boardview.go).
	board *boardView
	// qr is the QR code last drawn and the text it encodes (qr.go).
	qr     *ebiten.Image
	qrText string
}

type faceKey struct {
	size float64
	bold bool
}

// NewPainter loads the fonts.
func NewPainter() (*Painter, error) {
	r, err := text.NewGoTextFaceSource(bytes.NewReader(assets.RegularTTF()))
	if err != nil {
		return nil, fmt.Errorf("loading the regular font: %w", err)
	}
	b, err := text.NewGoTextFaceSource(bytes.NewReader(assets.BoldTTF()))
	if err != nil {
		return nil, fmt.Errorf("loading the bold font: %w", err)
	}
	return &Painter{regular: r, bold: b, faces: map[faceKey]*text.GoTextFace{}}, nil
}

func (p *Painter) face(size float64, bold bool) *text.GoTextFace {
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

// fit shortens s with an ellipsis to fit width w (ui.CutToWidth: a binary
// search, not a measure per rune removed). The screens shorten their
// labels themselves (ui.FitLabels, with a tooltip holding the whole text);
// this is the guard for a text drawn at a scale where it came out wider.
func fit(s string, f text.Face, w float64) string {
	if w <= 0 {
		return s
	}
	return ui.CutToWidth(s, w, func(t string) float64 { return advance(t, f) })
}

// keySize is the size of a button's key hint in base pixels.
const keySize = 15.0

// keyHintW is the width a key hint takes at the right end of a button,
// margin included, at scale s.
func (p *Painter) keyHintW(key string, s float64) float64 {
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
func (p *Painter) drawText(dst *ebiten.Image, s string, x, y, size float64, bold bool, ink color.Color, hAlign, vAlign text.Align, maxW float64) {
	p.texts = append(p.texts, textCall{s, x, y, size, bold, ink, hAlign, vAlign, maxW})
}

// flushText draws the queued texts in order.
func (p *Painter) flushText(dst *ebiten.Image) {
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

// textAtlasPages bounds the pages of cached text (4 MB each); when they
// are full the cache starts over.
const textAtlasPages = 3

type textBlock struct {
	img  *ebiten.Image
	w, h float64 // the text's measure (the image has a pad around it)
	used int
}

// textPad is the margin round a cached text block, in pixels.
const textPad = 2

func (p *Painter) drawTextNow(dst *ebiten.Image, s string, x, y, size float64, bold bool, ink color.Color, hAlign, vAlign text.Align, maxW float64) {
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
		iw, ih := int(math.Ceil(w))+2*textPad, int(math.Ceil(h))+2*textPad
		// On pages of our own (texAtlas): on Ebitengine's shared atlas
		// every block moved from a destination page to a source page,
		// pages that grow by doubling and go only when empty; on a
		// texture of its own each, a block drawn in the frame its glyphs
		// were made in came out a level off here and there.
		if p.textAtlas == nil {
			p.textAtlas = newTexAtlas(textAtlasPages)
		}
		if p.textAtlas.full(iw, ih) {
			p.textAtlas.reset()
			clear(p.textCache)
		}
		b.img = p.textAtlas.add(iw, ih, func(img *ebiten.Image) {
			op := &text.DrawOptions{}
			op.GeoM.Translate(textPad+w*alignFrac(hAlign), textPad)
			op.PrimaryAlign = hAlign
			op.LineSpacing = size * 1.2
			text.Draw(img, joined, f, op)
		})
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
func (p *Painter) sweep() {
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
	kind                   ui.WKind
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
func (p *Painter) stampWidget(dst *ebiten.Image, sc ui.Scaler, w ui.Widget, hovered bool) {
	s := sc.S
	k := stampKey{w.Kind, w.Text, w.Key.String(), w.Size, w.R.W, w.R.H, s, w.Bold, w.Align, w.Fill, w.Ink, w.Edge, w.Hot, w.Selected, w.Disabled, hovered, w.T.Kind != ui.TNone}
	e, ok := p.stamps[k]
	if !ok {
		m := math.Ceil(4*s) + 2
		img := unmanagedImage(int(math.Ceil(w.R.W*s+2*m)), int(math.Ceil(w.R.H*s+2*m)))
		local := ui.Scaler{S: s, OX: m - w.R.X*s, OY: m - w.R.Y*s}
		hv := -1
		if hovered {
			hv = 0
		}
		saved := p.texts
		p.texts = nil
		p.drawWidgetsDirect(img, local, []ui.Widget{w}, hv)
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

// drawWidgets draws a widget list through the scaler; hover is the index of
// the widget under the pointer (-1 none). Boxes, buttons and fields are
// stamped from the cache, texts drawn from their cached blocks; panels,
// glyphs and icons are drawn (they are sprites already).
func (p *Painter) drawWidgets(dst *ebiten.Image, sc ui.Scaler, ws []ui.Widget, hover int) {
	for i, w := range ws {
		switch w.Kind {
		case ui.WText:
			// Drawn now, in order, from its cached text block: a stamp
			// of its own held the same pixels in a second texture.
			if w.Text != "" {
				r := sc.Rect(w.R)
				tx, ha := textAnchor(w, r)
				p.drawTextNow(dst, w.Text, tx, r.Y, w.Size*sc.S, w.Bold, w.Ink, ha, text.AlignStart, r.W)
			}
		case ui.WButton, ui.WBox, ui.WField:
			p.stampWidget(dst, sc, w, i == hover)
		default:
			p.drawWidgetsDirect(dst, sc, ws[i:i+1], -1)
		}
	}
}

// textAnchor is where a text widget drawn in r is anchored across, and
// its alignment there.
func textAnchor(w ui.Widget, r ui.Rect) (float64, text.Align) {
	switch w.Align {
	case ui.AlignCenter:
		return r.X + r.W/2, text.AlignCenter
	case ui.AlignRight:
		return r.X + r.W, text.AlignEnd
	}
	return r.X, text.AlignStart
}

// drawWidgetsDirect draws widgets with shapes and text, no cache.
func (p *Painter) drawWidgetsDirect(dst *ebiten.Image, sc ui.Scaler, ws []ui.Widget, hover int) {
	s := sc.S
	for i, w := range ws {
		r := sc.Rect(w.R)
		switch w.Kind {
		case ui.WLayer:
			p.flushText(dst)
		case ui.WPanel:
			p.fillRound(dst, r.X, r.Y, r.W, r.H, 6*s, w.Fill)
			if w.Edge.A > 0 {
				p.strokeRound(dst, r.X, r.Y, r.W, r.H, 6*s, 1.5*s, w.Edge)
			}
		case ui.WIcon:
			h := math.Min(r.W, r.H)
			cx, cy := r.X+r.W/2, r.Y+r.H/2
			switch w.Text {
			case "crown":
				p.glyph(dst, "crown", cx, cy, h, ui.ColWhite, drawCrown)
			case "castle":
				p.glyph(dst, "castle", cx, cy, h, ui.ColWhite, drawCastle)
			case "town":
				p.glyph(dst, "town", cx, cy, h, ui.ColWhite, drawTown)
			case "barrel":
				p.glyph(dst, "barrel", cx, cy, h, ui.ColWhite, drawBarrel)
			}
		case ui.WQR:
			p.drawQR(dst, w.Text, r)
		case ui.WGlyph:
			id := w.Text
			p.glyph(dst, "seat-"+id, r.X+r.W/2, r.Y+r.H/2, math.Min(r.W, r.H), w.Ink, func(img *ebiten.Image, x, y, h float64) { drawSeatGlyph(img, id, x, y, h, w.Ink) })
		case ui.WText:
			tx, ha := textAnchor(w, r)
			p.drawText(dst, w.Text, tx, r.Y, w.Size*s, w.Bold, w.Ink, ha, text.AlignStart, r.W)
		case ui.WButton, ui.WBox, ui.WField:
			fill := w.Fill
			if w.Kind == ui.WButton && i == hover {
				fill = ui.HoverFill(fill, w.Ink)
			}
			if w.Disabled {
				fill = ui.Mix(fill, ui.ColPanel, 0.6)
			}
			rad := 5 * s
			if w.Hot {
				p.fillRound(dst, r.X-3*s, r.Y-3*s, r.W+6*s, r.H+6*s, rad+3*s, ui.ColGold)
			}
			p.fillRound(dst, r.X, r.Y, r.W, r.H, rad, fill)
			if w.Selected {
				p.strokeRound(dst, r.X, r.Y, r.W, r.H, rad, 3.5*s, ui.ColWhite)
			} else if w.Edge.A > 0 {
				p.strokeRound(dst, r.X, r.Y, r.W, r.H, rad, 1.5*s, w.Edge)
			}
			if w.Kind == ui.WBox && w.T.Kind != ui.TNone && i == hover {
				p.strokeRound(dst, r.X, r.Y, r.W, r.H, rad, 2.5*s, ui.ColWhite)
			}
			tr := r
			if w.Key != ui.KeyNone && w.Kind == ui.WButton {
				// The key hint: the key's name in a frame at the
				// button's right end; the label centres in the rest.
				ks := keySize * s
				kw := p.keyHintW(w.Key.String(), s) - 5*s
				kh := math.Min(r.H-8*s, ks*1.5)
				kx := r.X + r.W - kw - 5*s
				if w.Text == "" {
					kx = r.X + (r.W-kw)/2
				}
				p.strokeRound(dst, kx, r.Y+(r.H-kh)/2, kw, kh, 3*s, 1*s, w.Ink)
				p.drawText(dst, w.Key.String(), kx+kw/2, r.Y+r.H/2, ks, false, w.Ink, text.AlignCenter, text.AlignCenter, 0)
				tr.W = kx - r.X
			}
			ha, tx := text.AlignCenter, tr.X+tr.W/2
			if w.Kind == ui.WField {
				ha, tx = text.AlignStart, r.X+8*s
			}
			if w.Text != "" {
				maxW := tr.W - 4*s // ui.TextRoom
				switch w.Kind {
				case ui.WBox:
					maxW = tr.W
				case ui.WField:
					maxW = tr.W - 16*s
				}
				p.drawText(dst, w.Text, tx, r.Y+r.H/2, w.Size*s, w.Bold || w.Kind == ui.WButton, w.Ink, ha, text.AlignCenter, maxW)
			}
		}
	}
}
