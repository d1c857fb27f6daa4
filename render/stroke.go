package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/ui"
)

// A triBatch collects coloured triangles in screen pixels for one
// DrawTriangles32 call: every fill, border, band, road and outline of the
// board goes into one batch, drawn in the order added (later triangles
// paint over earlier ones), so the whole map costs the GPU one draw call
// and the CPU one pass over the vertices.
type triBatch struct {
	vs []ebiten.Vertex
	is []uint32
}

// xform maps grid coordinates to screen pixels: (X + gx·K, Y + gy·K).
type xform struct{ X, Y, K float64 }

func (t xform) pt(p board.Point) (float32, float32) {
	return float32(t.X + p.X*t.K), float32(t.Y + p.Y*t.K)
}

type rgbaF [4]float32

func colF(c color.RGBA, a float64) rgbaF {
	return rgbaF{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(a) * float32(c.A) / 255}
}

func (b *triBatch) reset() { b.vs, b.is = b.vs[:0], b.is[:0] }

func (b *triBatch) vert(x, y float32, c rgbaF) uint32 {
	b.vs = append(b.vs, ebiten.Vertex{DstX: x, DstY: y, SrcX: 1, SrcY: 1, ColorR: c[0], ColorG: c[1], ColorB: c[2], ColorA: c[3]})
	return uint32(len(b.vs) - 1)
}

// quad adds the quadrilateral a-b-c-d (in order round it).
func (b *triBatch) quad(a, bb, c, d uint32) { b.is = append(b.is, a, bb, c, a, c, d) }

// stroke adds line l drawn half pixels to either side of its course, in
// colour c at opacity a, with a one-pixel soft edge (anti-aliasing without
// multisampling).
func (b *triBatch) stroke(l ui.StrokeLine, t xform, half float64, c color.RGBA, a float64) {
	b.offsetStrip(l, t, -half, half, c, a, true, true)
}

// band adds a strip from the line to w pixels on its right (inside a
// territory whose outline it is), soft on the inner edge.
func (b *triBatch) band(l ui.StrokeLine, t xform, w float64, c color.RGBA, a float64) {
	b.offsetStrip(l, t, 0, w, c, a, false, true)
}

// offsetStrip adds the strip between offsets lo and hi (pixels, right of
// the line positive), with a one-pixel fade beyond each soft edge.
func (b *triBatch) offsetStrip(l ui.StrokeLine, t xform, lo, hi float64, c color.RGBA, a float64, softLo, softHi bool) {
	n := len(l.Pts)
	if n < 2 {
		return
	}
	if hi-lo < 1 && softLo && softHi {
		// A hairline: as wide as a pixel, fainter.
		mid := (lo + hi) / 2
		a *= hi - lo
		lo, hi = mid-0.5, mid+0.5
	}
	var offs []float64
	var alph []float64
	if softLo {
		offs, alph = append(offs, lo-0.5), append(alph, 0)
		offs, alph = append(offs, lo+0.5), append(alph, a)
	} else {
		offs, alph = append(offs, lo), append(alph, a)
	}
	if softHi {
		offs, alph = append(offs, hi-0.5), append(alph, a)
		offs, alph = append(offs, hi+0.5), append(alph, 0)
	} else {
		offs, alph = append(offs, hi), append(alph, a)
	}
	k := len(offs)
	cols := make([]rgbaF, k)
	for j := range offs {
		cols[j] = colF(c, alph[j])
	}
	first := uint32(len(b.vs))
	for i, p := range l.Pts {
		x, y := t.pt(p)
		m := l.Mit[i]
		for j, o := range offs {
			b.vert(x+float32(m.X*o), y+float32(m.Y*o), cols[j])
		}
	}
	segs := n - 1
	if l.Closed {
		segs = n
	}
	for i := 0; i < segs; i++ {
		p0 := first + uint32(i*k)
		p1 := first + uint32(((i+1)%n)*k)
		for j := 0; j+1 < k; j++ {
			b.quad(p0+uint32(j), p1+uint32(j), p1+uint32(j+1), p0+uint32(j+1))
		}
	}
}

// disc adds a filled circle of radius r pixels at screen point (x, y).
func (b *triBatch) disc(x, y, r float32, c color.RGBA) {
	const n = 12
	cf, edge := colF(c, 1), colF(c, 0)
	centre := b.vert(x, y, cf)
	first := uint32(len(b.vs))
	for i := 0; i < n; i++ {
		a := float64(i) * 2 * math.Pi / n
		cs, sn := float32(math.Cos(a)), float32(math.Sin(a))
		b.vert(x+cs*(r-0.5), y+sn*(r-0.5), cf)
		b.vert(x+cs*(r+0.5), y+sn*(r+0.5), edge)
	}
	for i := 0; i < n; i++ {
		a, c2 := first+uint32(2*i), first+uint32(2*((i+1)%n))
		b.is = append(b.is, centre, a, c2)
		b.quad(a, c2, c2+1, a+1)
	}
}

// rect adds an axis-aligned filled rectangle in screen pixels.
func (b *triBatch) rect(x, y, w, h float32, c color.RGBA) {
	cf := colF(c, 1)
	a := b.vert(x, y, cf)
	b.vert(x+w, y, cf)
	b.vert(x+w, y+h, cf)
	b.vert(x, y+h, cf)
	b.quad(a, a+1, a+2, a+3)
}

// whiteImage is the 1×1 white source every batch samples.
var whiteImage = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}()

func (b *triBatch) draw(dst *ebiten.Image) {
	if len(b.is) == 0 {
		return
	}
	dst.DrawTriangles32(b.vs, b.is, whiteImage, &ebiten.DrawTrianglesOptions{})
}
