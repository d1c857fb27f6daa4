// Package icon draws the game's icon — a gold crown struck through in red
// on a dark tile — at any size. It is the one source of every icon the
// game ships: the window's (app sets it with ebiten.SetWindowIcon), the
// browser page's favicon.svg (SVG writes it; a test keeps web/favicon.svg
// equal), and the release's PNGs, Windows icon and macOS .icns
// (internal/release writes them).
//
// The drawing is a list of shapes on a 64×64 canvas; PNG scales it.
package icon

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"

	"golang.org/x/image/vector"
)

// The palette: the tile, the crown's gold and its outline, the red stroke.
var (
	tile    = color.RGBA{0x1c, 0x1b, 0x22, 0xff}
	gold    = color.RGBA{0xd9, 0xb4, 0x4a, 0xff}
	outline = color.RGBA{0x8a, 0x6d, 0x1f, 0xff}
	red     = color.RGBA{0xc0, 0x39, 0x2b, 0xff}
)

// crown is the crown's outline on the 64×64 canvas.
var crown = [][2]float64{{10, 46}, {14, 20}, {24, 32}, {32, 14}, {40, 32}, {50, 20}, {54, 46}}

// Sizes are the square sizes the platforms ask for: Windows' icon
// (16–256), macOS's .icns (16–1024), Linux's desktop icon (256) and the
// window's icon (Ebitengine picks the best of those it is given).
var Sizes = []int{16, 24, 32, 48, 64, 128, 256, 512, 1024}

// Image is the icon drawn at size×size pixels.
func Image(size int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	s := float64(size) / 64
	// One rasterizer, reset for each shape: a new one per shape left some
	// 25 accumulators of size² floats for the collector, which showed in
	// the window's peak memory.
	r := vector.NewRasterizer(size, size)
	fill := func(c color.Color, path func(r *vector.Rasterizer)) {
		r.Reset(size, size)
		path(r)
		r.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{})
	}
	fill(tile, func(r *vector.Rasterizer) { roundRect(r, s, 0, 0, 64, 64, 10) })
	fill(gold, func(r *vector.Rasterizer) {
		r.MoveTo(float32(crown[0][0]*s), float32(crown[0][1]*s))
		for _, p := range crown[1:] {
			r.LineTo(float32(p[0]*s), float32(p[1]*s))
		}
		r.ClosePath()
	})
	// The outline, 2 wide with round joins: each edge a bar with a disc
	// at each corner. Each shape is filled on its own: the rasterizer
	// sums signed areas, so overlapping shapes in one path would cancel.
	for i, p := range crown {
		q := crown[(i+1)%len(crown)]
		fill(outline, func(r *vector.Rasterizer) { bar(r, s, p, q, 1) })
		fill(outline, func(r *vector.Rasterizer) { disc(r, s, p[0], p[1], 1) })
	}
	fill(gold, func(r *vector.Rasterizer) { roundRect(r, s, 10, 48, 44, 6, 2) })
	a, b := [2]float64{8, 56}, [2]float64{56, 8}
	fill(red, func(r *vector.Rasterizer) { bar(r, s, a, b, 3) })
	fill(red, func(r *vector.Rasterizer) { disc(r, s, a[0], a[1], 3) })
	fill(red, func(r *vector.Rasterizer) { disc(r, s, b[0], b[1], 3) })
	return img
}

// PNG is the icon at size×size as a PNG file.
func PNG(size int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, Image(size)); err != nil {
		panic(err) // encoding an in-memory RGBA image does not fail
	}
	return b.Bytes()
}

// Images are the icon at every size of Sizes up to max, for
// ebiten.SetWindowIcon.
func Images(max int) []image.Image {
	var ims []image.Image
	for _, n := range Sizes {
		if n <= max {
			ims = append(ims, Image(n))
		}
	}
	return ims
}

// SVG is the icon as an SVG file: the same shapes, for the browser's
// favicon.
func SVG() string {
	var pts []string
	for i, p := range crown {
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		pts = append(pts, fmt.Sprintf("%s%g %g", cmd, p[0], p[1]))
	}
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="10" fill="` + hex(tile) + `"/>
  <path d="` + strings.Join(pts, " ") + ` Z" fill="` + hex(gold) + `" stroke="` + hex(outline) + `" stroke-width="2" stroke-linejoin="round"/>
  <rect x="10" y="48" width="44" height="6" rx="2" fill="` + hex(gold) + `"/>
  <line x1="8" y1="56" x2="56" y2="8" stroke="` + hex(red) + `" stroke-width="6" stroke-linecap="round"/>
</svg>
`
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// roundRect adds a rectangle with corners of radius rad (canvas units).
func roundRect(r *vector.Rasterizer, s, x, y, w, h, rad float64) {
	// k places a cubic's control points for a quarter circle.
	const k = 0.5523
	p := func(x, y float64) (float32, float32) { return float32(x * s), float32(y * s) }
	r.MoveTo(p(x+rad, y))
	r.LineTo(p(x+w-rad, y))
	cx1, cy1 := p(x+w-rad+k*rad, y)
	cx2, cy2 := p(x+w, y+rad-k*rad)
	ex, ey := p(x+w, y+rad)
	r.CubeTo(cx1, cy1, cx2, cy2, ex, ey)
	r.LineTo(p(x+w, y+h-rad))
	cx1, cy1 = p(x+w, y+h-rad+k*rad)
	cx2, cy2 = p(x+w-rad+k*rad, y+h)
	ex, ey = p(x+w-rad, y+h)
	r.CubeTo(cx1, cy1, cx2, cy2, ex, ey)
	r.LineTo(p(x+rad, y+h))
	cx1, cy1 = p(x+rad-k*rad, y+h)
	cx2, cy2 = p(x, y+h-rad+k*rad)
	ex, ey = p(x, y+h-rad)
	r.CubeTo(cx1, cy1, cx2, cy2, ex, ey)
	r.LineTo(p(x, y+rad))
	cx1, cy1 = p(x, y+rad-k*rad)
	cx2, cy2 = p(x+rad-k*rad, y)
	ex, ey = p(x+rad, y)
	r.CubeTo(cx1, cy1, cx2, cy2, ex, ey)
	r.ClosePath()
}

// bar adds the rectangle of half-width hw along the segment a–b.
func bar(r *vector.Rasterizer, s float64, a, b [2]float64, hw float64) {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := math.Hypot(dx, dy)
	nx, ny := -dy/l*hw, dx/l*hw
	r.MoveTo(float32((a[0]+nx)*s), float32((a[1]+ny)*s))
	r.LineTo(float32((b[0]+nx)*s), float32((b[1]+ny)*s))
	r.LineTo(float32((b[0]-nx)*s), float32((b[1]-ny)*s))
	r.LineTo(float32((a[0]-nx)*s), float32((a[1]-ny)*s))
	r.ClosePath()
}

// disc adds a circle of radius rad around (x, y).
func disc(r *vector.Rasterizer, s, x, y, rad float64) {
	roundRect(r, s, x-rad, y-rad, 2*rad, 2*rad, rad)
}
