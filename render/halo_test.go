package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"notrueking/render/rendertest"
	"notrueking/ui"
)

// TestHaloTextMatchesNineDraws checks a name laid out once and stamped
// nine times (drawHaloText) against the same name laid out nine times,
// a pixel apart, at whole and half-pixel places: the same picture.
func TestHaloTextMatchesNineDraws(t *testing.T) {
	needDisplay(t)
	p := newPainter(t)
	ink, halo := color.RGBA{30, 24, 18, 255}, color.RGBA{240, 230, 205, 210}
	for _, c := range []struct {
		s    string
		size float64
		bold bool
		x, y float64
	}{
		{"Winterfell", 14, true, 100, 40},
		{"The Shivering\nSea", 17.5, false, 100.5, 40.5},
		{"Blackwater Rush", 11, false, 99.25, 39.75},
	} {
		f := p.face(c.size, c.bold)
		got := ebiten.NewImage(200, 80)
		p.drawHaloText(got, c.s, f, c.x, c.y, ink, halo)
		want := ebiten.NewImage(200, 80)
		op := &text.DrawOptions{}
		op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
		op.LineSpacing = f.Size * 1.2
		for i, o := range append(haloOffsets[:], [2]float64{}) {
			op.GeoM.Reset()
			op.GeoM.Translate(c.x+o[0], c.y+o[1])
			op.ColorScale.Reset()
			if i < len(haloOffsets) {
				op.ColorScale.ScaleWithColor(halo)
			} else {
				op.ColorScale.ScaleWithColor(ink)
			}
			text.Draw(want, c.s, f, op)
		}
		g, w := rendertest.Snapshot(got), rendertest.Snapshot(want)
		got.Deallocate()
		want.Deallocate()
		inked, off := 0, 0
		for i := 0; i < len(g.Pix); i += 4 {
			if w.Pix[i+3] > 0 {
				inked++
			}
			for k := range 4 {
				if d := int(g.Pix[i+k]) - int(w.Pix[i+k]); d > 3 || d < -3 {
					off++
					break
				}
			}
		}
		if inked < 100 {
			t.Fatalf("%q: the reference drew %d pixels", c.s, inked)
		}
		if off > 0 {
			t.Errorf("%q at (%v, %v): %d of %d pixels differ from nine draws", c.s, c.x, c.y, off, inked)
		}
	}
}

// TestTextDrawnInOrderWithoutAStamp: a text widget is drawn where it
// stands in the list (a box after it covers it) from its text block, with
// no widget stamp of its own (that held its pixels in a second texture).
func TestTextDrawnInOrderWithoutAStamp(t *testing.T) {
	needDisplay(t)
	p := newPainter(t)
	red := color.RGBA{200, 20, 20, 255}
	txt := ui.Widget{Kind: ui.WText, R: ui.Rect{X: 100, Y: 100, W: 300, H: 40}, Text: "WWWWWWWWWW", Size: 30, Bold: true, Ink: ui.ColWhite}
	box := ui.Widget{Kind: ui.WBox, R: ui.Rect{X: 90, Y: 90, W: 320, H: 60}, Fill: red}
	white := func(img *image.RGBA) int {
		n := 0
		for y := 100; y < 140; y++ {
			for x := 100; x < 400; x++ {
				if c := img.RGBAAt(x, y); c.R > 230 && c.G > 230 && c.B > 230 {
					n++
				}
			}
		}
		return n
	}
	shown := drawFrame(p, Frame{Widgets: []ui.Widget{box, txt}}, ui.BaseW, ui.BaseH)
	if white(shown) < 200 {
		t.Fatalf("a text over a box shows %d white pixels", white(shown))
	}
	covered := drawFrame(p, Frame{Widgets: []ui.Widget{txt, box}}, ui.BaseW, ui.BaseH)
	if n := white(covered); n > 0 {
		t.Errorf("a box drawn after a text leaves %d of its white pixels in view", n)
	}
	for k := range p.stamps {
		if k.kind == ui.WText {
			t.Errorf("text %q has a stamp of its own", k.text)
		}
	}
}
