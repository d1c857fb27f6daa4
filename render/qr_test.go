package render

import (
	"testing"

	"github.com/skip2/go-qrcode"

	"notrueking/ui"
)

// TestQRCodeIsDrawnModuleForModule: a WQR widget draws the QR code of its
// text — every module's centre black where the code is dark and white
// where it is light, quiet zone included — in whole pixels per module,
// centred in its rectangle; another text draws another code.
func TestQRCodeIsDrawnModuleForModule(t *testing.T) {
	needDisplay(t)
	link := "http://192.168.1.20:7373/?join=K7W2QX9MDA"
	q, err := qrcode.New(link, qrcode.Medium)
	if err != nil {
		t.Fatal(err)
	}
	bmp := q.Bitmap()
	n := len(bmp)
	r := ui.Rect{X: 100, Y: 80, W: 300, H: 340}
	p := newPainter(t)
	draw := func(text string) func(x, y int) bool {
		f := Frame{Widgets: []ui.Widget{{R: ui.Rect{W: ui.BaseW, H: ui.BaseH}, Kind: ui.WPanel, Fill: ui.ColBG}, {R: r, Kind: ui.WQR, Text: text}}}
		img := drawFrame(p, f, ui.BaseW, ui.BaseH)
		mod := int(r.W) / n // whole pixels per module
		x0, y0 := int(r.X)+(int(r.W)-n*mod)/2, int(r.Y)+(int(r.H)-n*mod)/2
		return func(x, y int) bool {
			c := img.RGBAAt(x0+x*mod+mod/2, y0+y*mod+mod/2)
			if c.R > 40 && c.R < 215 {
				t.Fatalf("module (%d,%d) is grey %v: not drawn in whole pixels", x, y, c)
			}
			return c.R < 128
		}
	}
	dark := draw(link)
	wrong := 0
	for y := range n {
		for x := range n {
			if dark(x, y) != bmp[y][x] {
				wrong++
			}
		}
	}
	if wrong > 0 {
		t.Fatalf("%d of %d modules drawn wrong", wrong, n*n)
	}
	other := draw(link + "X")
	same := 0
	for y := range n {
		for x := range n {
			if other(x, y) == bmp[y][x] {
				same++
			}
		}
	}
	if same == n*n {
		t.Fatal("another link drew the same code")
	}
}
