package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/render/rendertest"
	"notrueking/table"
)

// TestMain runs the tests while Ebitengine's loop ticks, on a display
// (rendertest.Main).
func TestMain(m *testing.M) { rendertest.Main(m, "render") }

// haveDisplay reports whether images can be drawn and read back.
var haveDisplay = rendertest.HaveDisplay

// needDisplay skips a test without a display; the textures of the
// painters it made go when it ends.
func needDisplay(t testing.TB) {
	t.Helper()
	rendertest.NeedDisplay(t)
}

// newPainter is a painter whose textures go when the test ends.
func newPainter(t testing.TB) *Painter {
	t.Helper()
	p, err := NewPainter()
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Track(p)
	return p
}

// drawFrame draws f with p into a w×h image and reads it back.
func drawFrame(p *Painter, f Frame, w, h int) *image.RGBA {
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	p.DrawScene(img, &f, -1)
	return rendertest.Snapshot(img)
}

// drawTable draws table u as it stands (tableFrame) at w×h with a new
// painter.
func drawTable(t testing.TB, u *table.Table, w, h int) *image.RGBA {
	t.Helper()
	return drawFrame(newPainter(t), tableFrame(u), w, h)
}
