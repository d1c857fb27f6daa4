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
)

// painter owns the fonts, the text queue and the cached sprites.
type painter struct {
	regular, bold *text.GoTextFaceSource
	faces         map[faceKey]*text.GoTextFace

	texts   []textCall
	sprites map[spriteKey]*ebiten.Image
	atlas   *texAtlas // where the sprites are drawn (sprites.go)
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

func (p *painter) drawTextNow(dst *ebiten.Image, s string, x, y, size float64, bold bool, ink color.Color, hAlign, vAlign text.Align, maxW float64) {
	f := p.face(size, bold)
	lines := strings.Split(s, "\n")
	for i := range lines {
		lines[i] = fit(lines[i], f, maxW)
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(ink)
	op.PrimaryAlign = hAlign
	op.SecondaryAlign = vAlign
	op.LineSpacing = size * 1.2
	text.Draw(dst, strings.Join(lines, "\n"), f, op)
}

// drawWidgets draws a widget list through the scaler; hover is the index of
// the widget under the pointer (-1 none).
func (p *painter) drawWidgets(dst *ebiten.Image, sc Scaler, ws []Widget, hover int) {
	s := sc.S
	for i, w := range ws {
		r := sc.Rect(w.R)
		switch w.Kind {
		case WLayer:
			p.flushText(dst)
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
				p.glyph(dst, "crown", cx, cy, h, colWhite, drawCrown)
			case "castle":
				p.glyph(dst, "castle", cx, cy, h, colWhite, drawCastle)
			case "town":
				p.glyph(dst, "town", cx, cy, h, colWhite, drawTown)
			case "barrel":
				p.glyph(dst, "barrel", cx, cy, h, colWhite, drawBarrel)
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
				fill = mix(fill, colWhite, 0.18)
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
