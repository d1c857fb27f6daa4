package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
)

// Road colours: a pale track with a dark verge, like a printed map's road.
var (
	colRoadVerge  = color.RGBA{70, 50, 30, 235}
	colRoadTrack  = color.RGBA{232, 206, 150, 255}
	colBridge     = color.RGBA{120, 82, 44, 255}
	colBridgeEdge = color.RGBA{30, 22, 14, 255}
)

// drawUnitGlyph draws a small unit silhouette of height h centred on (x, y).
func drawUnitGlyph(dst *ebiten.Image, u board.Unit, x, y, h float64, c color.Color) {
	r := h / 2
	switch u {
	case board.Footman: // a pawn
		fillShape(dst, poly(x-r*0.7, y+r, x+r*0.7, y+r, x+r*0.3, y-r*0.1, x-r*0.3, y-r*0.1), c)
		fillCircle(dst, float32(x), float32(y-r*0.45), float32(r*0.42), c, true)
	case board.Knight: // a horse head
		fillShape(dst, poly(x-r*0.7, y+r, x+r*0.6, y+r, x+r*0.3, y+r*0.1, x+r*0.8, y-r*0.1,
			x+r*0.6, y-r*0.6, x, y-r, x-r*0.2, y-r*0.7, x-r*0.7, y-r*0.1), c)
	case board.Ship: // hull and sail
		fillShape(dst, poly(x-r, y+r*0.2, x+r, y+r*0.2, x+r*0.6, y+r*0.9, x-r*0.6, y+r*0.9), c)
		fillShape(dst, poly(x-r*0.05, y-r, x-r*0.05, y+r*0.05, x-r*0.8, y+r*0.05), c)
		fillShape(dst, poly(x+r*0.1, y-r*0.8, x+r*0.1, y+r*0.05, x+r*0.7, y+r*0.05), c)
	case board.Dragon: // spread wings
		fillShape(dst, poly(x, y+r, x-r, y-r, x-r*0.4, y-r*0.2, x, y-r*0.6, x+r*0.4, y-r*0.2, x+r, y-r), c)
	}
}

func drawCrown(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	p := poly(x-r, y+r*0.7, x-r, y-r*0.5, x-r*0.5, y, x, y-r*0.8, x+r*0.5, y, x+r, y-r*0.5, x+r, y+r*0.7)
	fillShape(dst, p, color.RGBA{240, 196, 40, 255})
	strokeShape(dst, p, float32(h*0.09), color.RGBA{90, 60, 10, 255})
}

func drawBarrel(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	p := roundRectShape(float32(x-r*0.7), float32(y-r), float32(r*1.4), float32(h), float32(r*0.5))
	fillShape(dst, p, color.RGBA{160, 104, 50, 255})
	strokeShape(dst, p, float32(h*0.09), color.RGBA{60, 36, 16, 255})
	for _, f := range []float64{-0.4, 0.4} {
		strokeSeg(dst, float32(x-r*0.7), float32(y+r*f), float32(x+r*0.7), float32(y+r*f), float32(h*0.1), color.RGBA{60, 36, 16, 255}, true)
	}
}

func drawCastle(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	p := poly(x-r, y+r, x-r, y-r, x-r*0.6, y-r, x-r*0.6, y-r*0.6, x-r*0.2, y-r*0.6, x-r*0.2, y-r,
		x+r*0.2, y-r, x+r*0.2, y-r*0.6, x+r*0.6, y-r*0.6, x+r*0.6, y-r, x+r, y-r, x+r, y+r)
	fillShape(dst, p, color.RGBA{120, 120, 128, 255})
	strokeShape(dst, p, float32(h*0.08), color.RGBA{30, 30, 34, 255})
	fillShape(dst, poly(x-r*0.25, y+r, x-r*0.25, y+r*0.2, x+r*0.25, y+r*0.2, x+r*0.25, y+r), color.RGBA{30, 30, 34, 255})
}

func drawTown(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	p := poly(x-r*0.8, y+r, x-r*0.8, y-r*0.1, x, y-r, x+r*0.8, y-r*0.1, x+r*0.8, y+r)
	fillShape(dst, p, color.RGBA{170, 160, 150, 255})
	strokeShape(dst, p, float32(h*0.08), color.RGBA{30, 30, 34, 255})
}

// drawFortification draws Moat Cailin's fortification: a palisade of
// stakes, unlike the town's tower.
func drawFortification(dst *ebiten.Image, x, y, h float64) {
	r := h / 2
	wood, ink := color.RGBA{150, 104, 60, 255}, color.RGBA{30, 22, 14, 255}
	for i := -1; i <= 1; i++ {
		cx := x + float64(i)*r*0.62
		p := poly(cx-r*0.28, y+r, cx-r*0.28, y-r*0.45, cx, y-r, cx+r*0.28, y-r*0.45, cx+r*0.28, y+r)
		fillShape(dst, p, wood)
		strokeShape(dst, p, float32(h*0.07), ink)
	}
}

func drawAnchor(dst *ebiten.Image, x, y, r float64) {
	c := color.RGBA{235, 240, 250, 255}
	w := float32(r * 0.28)
	strokeCircle(dst, float32(x), float32(y-r*0.75), float32(r*0.25), w, c, true)
	strokeSeg(dst, float32(x), float32(y-r*0.5), float32(x), float32(y+r), w, c, true)
	strokeSeg(dst, float32(x-r*0.5), float32(y-r*0.2), float32(x+r*0.5), float32(y-r*0.2), w, c, true)
	strokeOpen(dst, arcShape(x, y+r*0.2, r*0.8, 0, math.Pi), false, float64(w), c)
}

// drawSeatGlyph draws the glyph of a conspiracy (by id) of height h centred
// on (x, y), so a seat is never told by its colour alone.
func drawSeatGlyph(dst *ebiten.Image, id string, x, y, h float64, c color.Color) {
	r := h / 2
	dark := color.RGBA{20, 20, 24, 255}
	lw := float32(math.Max(1.5, r*0.22))
	ring := func(cx, cy, rr float64) {
		strokeCircle(dst, float32(cx), float32(cy), float32(rr), lw, c, true)
	}
	switch id {
	case "crown":
		fillShape(dst, poly(x-r, y+r*0.7, x-r, y-r*0.5, x-r*0.5, y, x, y-r*0.8, x+r*0.5, y, x+r, y-r*0.5, x+r, y+r*0.7), c)
	case "torch":
		fillShape(dst, poly(x-r*0.15, y+r, x+r*0.15, y+r, x+r*0.25, y, x-r*0.25, y), c)
		fillShape(dst, poly(x, y-r, x+r*0.55, y-r*0.3, x+r*0.35, y+r*0.05, x-r*0.35, y+r*0.05, x-r*0.55, y-r*0.3), c)
	case "helm":
		fillShape(dst, poly(x-r*0.8, y+r, x-r*0.8, y-r*0.2, x-r*0.4, y-r*0.85, x+r*0.4, y-r*0.85, x+r*0.8, y-r*0.2, x+r*0.8, y+r), c)
		fillShape(dst, poly(x-r*0.55, y-r*0.1, x+r*0.55, y-r*0.1, x+r*0.55, y+r*0.1, x-r*0.55, y+r*0.1), dark)
	case "gauntlet":
		fillShape(dst, poly(x-r*0.7, y+r, x+r*0.5, y+r, x+r*0.6, y-r*0.1, x+r*0.9, y-r*0.4, x+r*0.7, y-r*0.6, x+r*0.4, y-r*0.4,
			x+r*0.4, y-r, x-r*0.7, y-r), c)
	case "quill":
		fillShape(dst, poly(x-r*0.8, y+r, x-r*0.5, y+r*0.3, x+r*0.2, y-r*0.6, x+r*0.9, y-r, x+r*0.5, y-r*0.2, x-r*0.3, y+r*0.5), c)
	case "chain":
		ring(x-r*0.35, y, r*0.45)
		ring(x+r*0.35, y, r*0.45)
	case "key":
		ring(x-r*0.45, y, r*0.4)
		fillShape(dst, poly(x-r*0.05, y-r*0.12, x+r, y-r*0.12, x+r, y+r*0.12, x-r*0.05, y+r*0.12), c)
		fillShape(dst, poly(x+r*0.55, y, x+r*0.75, y, x+r*0.75, y+r*0.5, x+r*0.55, y+r*0.5), c)
	case "coin":
		fillCircle(dst, float32(x), float32(y), float32(r*0.9), c, true)
		strokeCircle(dst, float32(x), float32(y), float32(r*0.55), float32(math.Max(1, r*0.12)), dark, true)
	case "mask":
		fillShape(dst, poly(x-r, y-r*0.5, x+r, y-r*0.5, x+r*0.8, y+r*0.4, x, y+r*0.8, x-r*0.8, y+r*0.4), c)
		fillCircle(dst, float32(x-r*0.4), float32(y-r*0.05), float32(r*0.2), dark, true)
		fillCircle(dst, float32(x+r*0.4), float32(y-r*0.05), float32(r*0.2), dark, true)
	default:
		fillCircle(dst, float32(x), float32(y), float32(r*0.6), c, true)
	}
}

// drawHouseMark draws a small mark of a house (by id) of height h centred
// on (x, y): a cue besides its colour on unit tokens.
func drawHouseMark(dst *ebiten.Image, id string, x, y, h float64, c color.Color) {
	r := h / 2
	lw := float32(math.Max(1.2, r*0.3))
	line := func(x0, y0, x1, y1 float64) {
		strokeSeg(dst, float32(x0), float32(y0), float32(x1), float32(y1), lw, c, true)
	}
	switch id {
	case "stark": // a snowflake
		line(x-r, y, x+r, y)
		line(x-r*0.5, y-r*0.87, x+r*0.5, y+r*0.87)
		line(x-r*0.5, y+r*0.87, x+r*0.5, y-r*0.87)
	case "lannister": // a triangle up
		fillShape(dst, poly(x, y-r, x+r, y+r*0.8, x-r, y+r*0.8), c)
	case "greyjoy": // a zigzag wave
		line(x-r, y+r*0.4, x-r*0.5, y-r*0.4)
		line(x-r*0.5, y-r*0.4, x, y+r*0.4)
		line(x, y+r*0.4, x+r*0.5, y-r*0.4)
		line(x+r*0.5, y-r*0.4, x+r, y+r*0.4)
	case "tyrell": // a three-petal rose
		for _, a := range []float64{-math.Pi / 2, math.Pi / 6, 5 * math.Pi / 6} {
			fillCircle(dst, float32(x+r*0.45*math.Cos(a)), float32(y+r*0.45*math.Sin(a)), float32(r*0.45), c, true)
		}
	case "martell": // a sun: a disc with a ring
		fillCircle(dst, float32(x), float32(y), float32(r*0.45), c, true)
		strokeCircle(dst, float32(x), float32(y), float32(r*0.85), float32(math.Max(1, r*0.18)), c, true)
	case "tully": // a fish
		fillShape(dst, poly(x-r, y, x-r*0.2, y-r*0.5, x+r*0.4, y, x-r*0.2, y+r*0.5), c)
		fillShape(dst, poly(x+r*0.3, y, x+r, y-r*0.5, x+r, y+r*0.5), c)
	case "arryn": // a falcon's chevron
		line(x-r, y-r*0.5, x, y+r*0.5)
		line(x, y+r*0.5, x+r, y-r*0.5)
	case "baratheon": // antlers
		line(x, y+r, x, y-r*0.2)
		line(x, y-r*0.2, x-r*0.8, y-r)
		line(x, y-r*0.2, x+r*0.8, y-r)
	case "targaryen": // three heads
		for _, dx := range []float64{-0.65, 0, 0.65} {
			fillShape(dst, poly(x+r*dx-r*0.3, y+r*0.6, x+r*dx, y-r*0.8, x+r*dx+r*0.3, y+r*0.6), c)
		}
	default:
		fillCircle(dst, float32(x), float32(y), float32(r*0.5), c, true)
	}
}
