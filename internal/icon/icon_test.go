package icon

import (
	"bytes"
	"image/color"
	"image/png"
	"os"
	"testing"
)

// TestFaviconIsTheIcon: web/favicon.svg is what SVG writes, so the page
// and the programs show one icon.
func TestFaviconIsTheIcon(t *testing.T) {
	got, err := os.ReadFile("../../web/favicon.svg")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != SVG() {
		t.Errorf("web/favicon.svg is not icon.SVG(): write it again with go run ./internal/release -favicon web/favicon.svg\nwant:\n%s", SVG())
	}
}

// TestImage: at every size the tile is dark at its edge's middle, the
// crown gold in its middle, the stroke red where it crosses the crown,
// the corners transparent (rounded), and the PNG decodes to that size.
func TestImage(t *testing.T) {
	near := func(c color.Color, want color.RGBA) bool {
		r, g, b, a := c.RGBA()
		d := func(x uint32, y uint8) bool { return int(x>>8)-int(y) < 40 && int(y)-int(x>>8) < 40 }
		return d(r, want.R) && d(g, want.G) && d(b, want.B) && a>>8 > 200
	}
	for _, n := range []int{32, 64, 256, 1024} {
		im := Image(n)
		at := func(x, y float64) color.Color { return im.At(int(x*float64(n)/64), int(y*float64(n)/64)) }
		if _, _, _, a := at(0, 0).RGBA(); a>>8 > 100 {
			t.Errorf("%d px: the corner is not transparent", n)
		}
		if !near(at(2, 32), tile) {
			t.Errorf("%d px: the tile's edge is %v, want %v", n, at(2, 32), tile)
		}
		if !near(at(44, 40), gold) {
			t.Errorf("%d px: the crown is %v, want %v", n, at(44, 40), gold)
		}
		if !near(at(32, 32), red) {
			t.Errorf("%d px: the stroke is %v, want %v", n, at(32, 32), red)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(PNG(n)))
		if err != nil || cfg.Width != n || cfg.Height != n {
			t.Errorf("%d px: the PNG is %dx%d (%v)", n, cfg.Width, cfg.Height, err)
		}
	}
	if got := len(Images(256)); got != 7 {
		t.Errorf("Images(256) gives %d sizes, want 7 (16 to 256)", got)
	}
}
