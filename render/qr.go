package render

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/skip2/go-qrcode"

	"notrueking/ui"
)

// drawQR draws a QR code of text (a host's join link) into the largest
// square of r, each module a whole number of pixels where it can be:
// black on white with its quiet zone, so a phone's camera reads it off the
// screen. The module picture is kept for the next frame.
func (p *Painter) drawQR(dst *ebiten.Image, text string, r ui.Rect) {
	if text == "" {
		return
	}
	if p.qr == nil || p.qrText != text {
		q, err := qrcode.New(text, qrcode.Medium)
		if err != nil {
			return // too long to encode: the link's text is shown beside it
		}
		bmp := q.Bitmap()
		n := len(bmp)
		pix := make([]byte, 4*n*n)
		for y, row := range bmp {
			for x, dark := range row {
				v := byte(255)
				if dark {
					v = 0
				}
				i := 4 * (y*n + x)
				pix[i], pix[i+1], pix[i+2], pix[i+3] = v, v, v, 255
			}
		}
		if p.qr != nil {
			p.qr.Deallocate()
		}
		p.qr = ebiten.NewImage(n, n)
		p.qr.WritePixels(pix)
		p.qrText = text
	}
	n := float64(p.qr.Bounds().Dx())
	side := math.Min(r.W, r.H)
	scale := side / n
	if whole := math.Floor(scale); whole >= 2 {
		scale = whole
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
	op.GeoM.Scale(scale, scale)
	op.GeoM.Translate(math.Round(r.X+(r.W-n*scale)/2), math.Round(r.Y+(r.H-n*scale)/2))
	dst.DrawImage(p.qr, op)
}
