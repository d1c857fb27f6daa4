package placer

import (
	"math"

	"notrueking/board"
	"notrueking/ui"
)

// MinLabelSize is the least size of a territory's name, in pixels:
// readable at the fitted board of a 1280×720 window.
const MinLabelSize = 8.0

// MinRoadName is the least size of a road's name, in pixels: readable
// at the fitted board of a 1280×720 window.
const MinRoadName = 10.0

// MinRiverName is the least size of a river's name, in pixels.
const MinRiverName = 10.0

// SizeStep is how much names and tokens grow with the zoom: in a few
// steps, so that their images are made for a handful of sizes only.
func SizeStep(z float64) float64 {
	switch {
	case z < 1.5:
		return 1
	case z < 2.5:
		return 1.2
	case z < 4:
		return 1.4
	}
	return 1.6
}

// TokenWidth is the width of a token of height h: its house's mark, the
// unit's silhouette and the count.
func TokenWidth(h float64) float64 { return math.Round(h * 2.05) }

// mergedWidth is the width of a token of height h that holds a house's
// units of every kind: its mark and their number.
func mergedWidth(h float64) float64 { return math.Round(h * 1.55) }

// LabelNameSize is a territory's name size: roads are named smaller, like
// a road on a printed map, so they do not crowd the areas they cross.
func LabelNameSize(t board.Territory, size float64) float64 {
	if t.Kind == board.Road {
		return math.Max(MinRoadName, math.Round(size*0.72*2)/2)
	}
	return size
}

// TerritoryIcons lists a territory's icons, left to right.
func TerritoryIcons(t board.Territory, fortified bool) []string {
	var out []string
	for i := 0; i < t.Crowns; i++ {
		out = append(out, "crown")
	}
	for i := 0; i < t.Barrels; i++ {
		out = append(out, "barrel")
	}
	switch t.Fortress {
	case board.Castle:
		out = append(out, "castle")
	case board.Town:
		out = append(out, "town")
	}
	if fortified {
		out = append(out, "fortification")
	}
	return out
}

// LabelSize is the width and height of territory t's label: text (its
// name or code; none when "", bold on land) above its icons, or beside
// them on one line when row.
func LabelSize(t board.Territory, text string, size float64, nIcons int, row bool) (float64, float64) {
	ns := LabelNameSize(t, size)
	icon := math.Round(size * 0.9)
	w, h := 0.0, 0.0
	if text != "" {
		w, h = ui.Measure(text, ui.FontSize(ns), t.Kind != board.Sea, ns*1.2)
		if len(text) <= 2 || size < 10 {
			w, h = w+2, h+1 // a code or a small name: snug (its halo is a pixel)
		} else {
			w, h = w+4, h+2
		}
	}
	if nIcons > 0 {
		iw := icon*1.35*float64(nIcons-1) + icon*1.2
		if row {
			w += iw
			h = math.Max(h, icon*1.2)
		} else {
			w = math.Max(w, iw)
			h += icon * 1.2
		}
	}
	return math.Ceil(w), math.Ceil(h)
}

// WrapName breaks a long territory name into two lines at the space
// nearest its middle.
func WrapName(n string) string {
	if len(n) <= 11 {
		return n
	}
	best := -1
	for i, r := range n {
		if r == ' ' && (best < 0 || offMiddle(i, n) < offMiddle(best, n)) {
			best = i
		}
	}
	if best < 0 {
		return n
	}
	return n[:best] + "\n" + n[best+1:]
}

// offMiddle is how far byte i lies from the middle of n.
func offMiddle(i int, n string) int {
	if d := i - len(n)/2; d > 0 {
		return d
	}
	return len(n)/2 - i
}
