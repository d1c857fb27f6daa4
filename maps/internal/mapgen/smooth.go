package main

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"

	"golang.org/x/image/vector"

	"notrueking/maps"
)

// writeSmoothPNG draws the loaded map file with board.Grid.SmoothOutlines,
// as the screen may: a check that the smoothed shapes still read as Westeros.
func writeSmoothPNG(mapPath, path string) error {
	m, err := maps.LoadFile(mapPath)
	if err != nil {
		return err
	}
	const s = 8
	g := &m.Grid
	img := image.NewRGBA(image.Rect(0, 0, g.W*s, g.H*s))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{40, 50, 70, 255}), image.Point{}, draw.Src)
	for i, t := range m.Territories {
		h := uint32(i*2654435761) >> 8
		var c color.RGBA
		switch t.Kind.String() {
		case "sea":
			c = color.RGBA{uint8(50 + h%30), uint8(90 + (h>>8)%40), uint8(160 + (h>>16)%60), 255}
		case "port":
			c = color.RGBA{230, 220, 120, 255}
		default:
			c = color.RGBA{uint8(150 + h%80), uint8(140 + (h>>8)%70), uint8(90 + (h>>16)%50), 255}
		}
		z := vector.NewRasterizer(g.W*s, g.H*s)
		for _, l := range g.SmoothOutlines(i, 3) {
			z.MoveTo(float32(l[0].X*s), float32(l[0].Y*s))
			for _, p := range l[1:] {
				z.LineTo(float32(p.X*s), float32(p.Y*s))
			}
			z.ClosePath()
		}
		z.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{})
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, img)
}
