package render

import (
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"notrueking/ui"
)

// Large text (-large-text, docs/presenting.md): the app asks the painter
// how much larger each text of a widget list may be drawn in its room,
// measured with the painter's own faces.

// Measure is the width and height of text s (lines split at "\n") at
// size in the regular or bold face, lines lineSpacing apart, as drawn.
func (p *Painter) Measure(s string, size float64, bold bool, lineSpacing float64) (w, h float64) {
	return text.Measure(s, p.face(size, bold), lineSpacing)
}

// largeText is how much larger -large-text draws text where there is room.
const largeText = 1.25

// textSize is the size a widget's text is drawn at, in base pixels: its
// own, or with -large-text up to largeText times larger as far as the
// widget has room — as wide as the room at most (a text that did not fit
// at its own size keeps that size), and as high as the widget (a text
// widget, whose text hangs from its top, as high as its text was if that
// is more). measure is the text's width (widest line) and height at a
// size, as drawn.
func textSize(w ui.Widget, room float64, measure func(size float64) (float64, float64)) float64 {
	size := w.Size
	if size <= 0 || w.Text == "" {
		return size
	}
	tw, th := measure(size)
	if tw <= 0 || th <= 0 {
		return size
	}
	hRoom := w.R.H - 4 // a box's or button's text clears its frame
	if w.Kind == ui.WText {
		hRoom = math.Max(w.R.H, th)
	}
	// Widths and heights grow in proportion to the size; 3 % is kept for
	// the rounding of sizes and pixels.
	best := math.Min(size*largeText, 0.97*size*hRoom/th)
	if room > 0 {
		best = math.Min(best, 0.97*size*room/tw)
	}
	// Faces come in half-pixel sizes: check the size found, and step
	// down while it does not fit.
	for range 8 {
		if best <= size {
			return size
		}
		bw, bh := measure(best)
		if bh <= hRoom && (room <= 0 || bw <= room) {
			return best
		}
		best -= 0.02 * size
	}
	return size
}

// largeScales are the drawing scales a grown text is checked at: the
// base canvas's, and the smallest the layout tests hold (a 1280×720
// window); faces come in half-pixel sizes, so widths do not grow quite in
// proportion.
var largeScales = []float64{1, 0.8}

// textGrowth is how much larger w's text may be drawn (≥ 1) in its room.
func (p *Painter) textGrowth(w ui.Widget) float64 {
	bold := w.Bold || w.Kind == ui.WButton
	room := p.TextRoom(w)
	g := largeText
	for _, s := range largeScales {
		size := textSize(w, room, func(size float64) (float64, float64) {
			tw, th := p.Measure(w.Text, size*s, bold, size*s*1.2)
			return tw / s, th / s
		})
		g = math.Min(g, size/w.Size)
	}
	return math.Max(1, g)
}

// LargeSizes sets the text sizes of ws for -large-text: each text as
// large as its room allows, up to largeText, and the texts of widgets of
// one shape (same kind, size, weight, width and height: a column's rows,
// the slots, the loyalty tokens) all grown alike, by the least any of
// them may — a row of tokens in two sizes reads as a mistake. It grows
// the rooms of texts first (growTextRooms).
func (p *Painter) LargeSizes(ws []ui.Widget) {
	growTextRooms(ws)
	type column struct {
		kind       ui.WKind
		size, w, h float64
		bold       bool
	}
	colOf := func(w ui.Widget) column {
		h := math.Round(w.R.H)
		if w.Kind == ui.WText {
			h = 0 // grown to the room below it, which differs
		}
		return column{w.Kind, w.Size, math.Round(w.R.W), h, w.Bold}
	}
	grow := map[column]float64{}
	for _, w := range ws {
		if w.Text == "" || w.Size <= 0 || (w.Kind != ui.WText && w.Kind != ui.WButton && w.Kind != ui.WBox && w.Kind != ui.WField) {
			continue
		}
		c := colOf(w)
		g := p.textGrowth(w)
		if old, ok := grow[c]; !ok || g < old {
			grow[c] = g
		}
	}
	for i, w := range ws {
		if g, ok := grow[colOf(w)]; ok && w.Text != "" {
			ws[i].Size = math.Floor(w.Size*g*2) / 2 // half pixels, as faces are made
		}
	}
}

// growTextRooms gives each text widget of ws (-large-text) the room below
// it down to the nearest widget under it, or the bottom of the panel it
// lies in: a text hangs from its rect's top, so a larger one needs the
// height. Rects only grow, never past another widget (the layout tests'
// overlap check holds for them), and no higher than the text needs at
// largeText.
func growTextRooms(ws []ui.Widget) {
	for i := range ws {
		w := &ws[i]
		if w.Kind != ui.WText || w.Text == "" || w.T.Kind != ui.TNone {
			continue
		}
		limit := float64(ui.BaseH)
		for j, o := range ws {
			switch {
			case j == i || o.Kind == ui.WLayer || (o.Kind == ui.WText && o.Text == ""):
			case o.Kind == ui.WPanel:
				if o.R.Contains(w.R.X+0.5, w.R.Y+0.5) {
					limit = math.Min(limit, o.R.Y+o.R.H)
				}
			case o.R.Y > w.R.Y && o.R.X < w.R.X+w.R.W && w.R.X < o.R.X+o.R.W:
				limit = math.Min(limit, o.R.Y)
			}
		}
		lines := float64(strings.Count(w.Text, "\n") + 1)
		need := lines*1.2*w.Size*largeText + 2
		w.R.H = math.Max(w.R.H, math.Min(limit-w.R.Y, need))
	}
}

// TextRoom is the width (base pixels) a widget's text has: the rect's
// for a text, less the margins and the key hint for a button or box.
func (p *Painter) TextRoom(w ui.Widget) float64 { return ui.TextRoom(w) }
