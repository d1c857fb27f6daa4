package ui

import (
	"image/color"
	"math"

	"notrueking/board"
	"notrueking/rules"
)

// The palette: colours are data, chosen where widgets are built.
var (
	ColBG       = color.RGBA{28, 30, 38, 255}
	ColPanel    = color.RGBA{44, 47, 58, 255}
	ColPanelHi  = color.RGBA{58, 62, 76, 255}
	ColEdge     = color.RGBA{88, 92, 110, 255}
	ColText     = color.RGBA{236, 232, 220, 255}
	ColDim      = color.RGBA{184, 184, 194, 255} // 4.5:1 and more on every panel fill
	ColButton   = color.RGBA{70, 96, 140, 255}
	ColButtonHi = color.RGBA{96, 128, 184, 255}
	ColGold     = color.RGBA{232, 190, 80, 255}
	ColWarn     = color.RGBA{150, 52, 44, 255}
	ColOK       = color.RGBA{52, 110, 70, 255}
	ColBlack    = color.RGBA{0, 0, 0, 255}
	ColWhite    = color.RGBA{255, 255, 255, 255}
	// ColTip is a tooltip's fill.
	ColTip = color.RGBA{24, 26, 34, 255}
)

// The board's ground: the parchment of land, its tint where no house
// holds it, the seas, ports and lakes, the open sea round the map; and
// the rivers (nine-player map), a deep ultramarine that stays apart from
// every house colour, every land tint and every sea for every eye
// (TestRiverApartFromEverything).
var (
	ColParchment = color.RGBA{226, 212, 176, 255}
	ColFreeLand  = color.RGBA{188, 178, 138, 255}
	ColSea       = color.RGBA{52, 98, 150, 255}
	ColPort      = color.RGBA{92, 138, 178, 255}
	ColLake      = color.RGBA{84, 130, 168, 255}
	ColOpenSea   = color.RGBA{31, 55, 86, 255}
	ColRiver     = color.RGBA{0, 0, 192, 255}
)

// LandTint is the tint of land that a house of colour hc holds.
func LandTint(hc color.RGBA) color.RGBA { return Mix(ColParchment, hc, 0.72) }

// ConspiracyColors gives each seat a colour distinct from every house's,
// the nine-player map's houses included, and each apart from every other
// for colour-blind eyes too (palette_test.go checks both):
// Crown, Torch, Helm, Gauntlet, Quill, Chain, Key, Coin, Mask.
var ConspiracyColors = []color.RGBA{
	{176, 110, 240, 255}, // crown: lavender
	{247, 150, 128, 255}, // torch: salmon
	{0, 170, 160, 255},   // helm: teal
	{255, 42, 138, 255},  // gauntlet: pink
	{170, 230, 40, 255},  // quill: lime
	{150, 110, 70, 255},  // chain: brown
	{255, 255, 255, 255}, // key: white
	{160, 32, 212, 255},  // coin: violet
	{120, 120, 120, 255}, // mask: grey
}

// SeatColor is seat's colour (the dim grey for none).
func SeatColor(seat rules.Seat) color.RGBA {
	if seat < 0 {
		return ColDim
	}
	return ConspiracyColors[int(seat)%len(ConspiracyColors)]
}

// RGBA is a map colour as an opaque colour.
func RGBA(c board.RGB) color.RGBA { return color.RGBA{c.R, c.G, c.B, 255} }

// HouseColor is house h's colour on map m (the dim grey for none).
func HouseColor(m *board.Map, h board.HouseID) color.RGBA {
	if m.HasHouse(h) {
		return RGBA(m.Houses[h].Color)
	}
	return ColDim
}

// HouseInk is a house's colour made readable as text on the panel (4.5:1,
// like every text).
func HouseInk(m *board.Map, h board.HouseID) color.RGBA {
	return Readable(HouseColor(m, h), ColPanel)
}

// Mix is a blended t of the way from a to b.
func Mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

// TextOn picks black or white text for a fill, whichever contrasts more
// (WCAG): one of them always reaches 4.5:1.
func TextOn(c color.RGBA) color.RGBA {
	if Contrast(ColBlack, c) >= Contrast(ColWhite, c) {
		return ColBlack
	}
	return ColWhite
}

// HoverFill is a button's fill under the pointer: lighter under dark ink,
// darker under light ink, so the label keeps its contrast.
func HoverFill(fill, ink color.RGBA) color.RGBA {
	// Light ink (white, or the dim grey of a greyed button) darkens its
	// fill under the pointer; dark ink lightens it.
	if Luminance(ink) > 0.3 {
		return Mix(fill, ColBlack, 0.22)
	}
	return Mix(fill, ColWhite, 0.18)
}

// Readable is c made lighter (on a dark bg) or darker until it reads at
// 4.5:1 on bg: a seat's colour as the ink of a prompt.
func Readable(c, bg color.RGBA) color.RGBA {
	to := ColWhite
	if Luminance(bg) > 0.5 {
		to = ColBlack
	}
	for t := 0.0; t <= 1; t += 0.05 {
		if m := Mix(c, to, t); Contrast(m, bg) >= 4.5 {
			return m
		}
	}
	return to
}

// Luminance is a colour's relative luminance (WCAG 2).
func Luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// Contrast is the WCAG contrast ratio of two colours (1 to 21).
func Contrast(a, b color.RGBA) float64 {
	la, lb := Luminance(a), Luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}
