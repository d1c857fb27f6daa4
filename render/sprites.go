package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/ui"
)

// Shapes are drawn once into small cached pictures (sprites), packed on
// the pages of a texAtlas, and then stamped with DrawImage, which
// Ebitengine batches; drawing hundreds of anti-aliased paths per frame
// instead was slow on software GL.

type spriteKey struct {
	kind string
	a, b int // sizes in pixels (radius, stroke, glyph size)
	c    color.RGBA
}

func (p *Painter) sprite(k spriteKey, size int, draw func(img *ebiten.Image)) *ebiten.Image {
	if p.sprites == nil {
		p.sprites = newAtlasCache[spriteKey](2)
	}
	return p.sprites.get(k, size, size, draw)
}

// nineSlice stamps a (2r)×(2r) corner sprite over the rectangle, stretching
// its middle row and column.
func nineSlice(dst, src *ebiten.Image, x, y, w, h float64, r int, c color.Color) {
	rf := float64(r)
	if w < 2*rf || h < 2*rf {
		rf = math.Floor(math.Min(w, h) / 2)
	}
	n := src.Bounds().Dx()
	o := src.Bounds().Min
	mid := n / 2
	// Source columns/rows: [0,r) corner, [mid,mid+1) stretch, [n-r,n) corner.
	xs := [3][2]int{{0, r}, {mid, mid + 1}, {n - r, n}}
	dx := [3][2]float64{{x, x + rf}, {x + rf, x + w - rf}, {x + w - rf, x + w}}
	dy := [3][2]float64{{y, y + rf}, {y + rf, y + h - rf}, {y + h - rf, y + h}}
	for j := 0; j < 3; j++ {
		for i := 0; i < 3; i++ {
			sw, sh := xs[i][1]-xs[i][0], xs[j][1]-xs[j][0]
			tw, th := dx[i][1]-dx[i][0], dy[j][1]-dy[j][0]
			if sw <= 0 || sh <= 0 || tw <= 0 || th <= 0 {
				continue
			}
			sub := src.SubImage(image.Rect(o.X+xs[i][0], o.Y+xs[j][0], o.X+xs[i][1], o.Y+xs[j][1])).(*ebiten.Image)
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Scale(tw/float64(sw), th/float64(sh))
			op.GeoM.Translate(dx[i][0], dy[j][0])
			op.ColorScale.ScaleWithColor(c)
			op.Filter = ebiten.FilterLinear
			dst.DrawImage(sub, op)
		}
	}
}

// fillRound fills a rounded rectangle of corner radius r.
func (p *Painter) fillRound(dst *ebiten.Image, x, y, w, h, r float64, c color.Color) {
	ri := max(1, int(math.Round(r)))
	n := 2*ri + 1
	src := p.sprite(spriteKey{kind: "fill", a: ri}, n, func(img *ebiten.Image) {
		fillShape(img, roundRectShape(0, 0, float32(n), float32(n), float32(ri)), ui.ColWhite)
	})
	nineSlice(dst, src, x, y, w, h, ri, c)
}

// strokeRound outlines a rounded rectangle with a line of width sw.
func (p *Painter) strokeRound(dst *ebiten.Image, x, y, w, h, r, sw float64, c color.Color) {
	ri := max(2, int(math.Round(r+sw/2)))
	swi := max(1, int(math.Round(sw*2)))
	n := 2*ri + 1
	src := p.sprite(spriteKey{kind: "stroke", a: ri, b: swi}, n, func(img *ebiten.Image) {
		h := float32(sw / 2)
		strokeShape(img, roundRectShape(h, h, float32(n)-2*h, float32(n)-2*h, float32(ri)-h), float32(sw), ui.ColWhite)
	})
	nineSlice(dst, src, x-sw/2, y-sw/2, w+sw, h+sw, ri, c)
}

// glyph stamps a cached glyph of height h centred on (x, y).
func (p *Painter) glyph(dst *ebiten.Image, kind string, x, y, h float64, c color.RGBA, draw func(img *ebiten.Image, cx, cy, h float64)) {
	hi := max(4, int(math.Round(h)))
	n := hi*2 + 2
	src := p.sprite(spriteKey{kind: kind, a: hi, c: c}, n, func(img *ebiten.Image) {
		draw(img, float64(n)/2, float64(n)/2, float64(hi))
	})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x-float64(n)/2), math.Round(y-float64(n)/2))
	dst.DrawImage(src, op)
}
