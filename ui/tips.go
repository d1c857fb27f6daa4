package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"
)

// TipIndex is the index of the topmost widget with a tooltip at (x, y),
// or -1.
func TipIndex(ws []Widget, x, y float64) int {
	for i := len(ws) - 1; i >= 0; i-- {
		w := ws[i]
		if w.R.Contains(x, y) {
			if w.Tip != "" {
				return i
			}
			if w.T.Kind != TNone || (w.Kind == WPanel && w.R.W < BaseW) {
				// A widget without a tip (or a panel) hides the tips
				// of what lies under it.
				if w.Kind != WPanel {
					return -1
				}
			}
		}
	}
	return -1
}

// PanelOf is the smallest panel of ws that holds widget i (the widget's
// own rect when none does).
func PanelOf(ws []Widget, i int) Rect {
	r := ws[i].R
	best := r
	area := math.Inf(1)
	for j, p := range ws {
		if j == i || p.Kind != WPanel || p.R.W >= BaseW || p.R.W*p.R.H <= r.W*r.H {
			continue
		}
		if p.R.X <= r.X+0.5 && p.R.Y <= r.Y+0.5 && p.R.X+p.R.W >= r.X+r.W-0.5 && p.R.Y+p.R.H >= r.Y+r.H-0.5 {
			if a := p.R.W * p.R.H; a < area {
				best, area = p.R, a
			}
		}
	}
	return best
}

// TipLines lays out tip text as lines of about 46 characters, 15 base pixels.
func TipLines(s string) []string { return strings.Split(WrapWords(s, 46), "\n") }

// TooltipFor is the tooltip of widget i: a box near the widget, inside
// the window, clear of the widget and of avoid (the message line) —
// beside the panel that holds it when that is near (TipNear), else beside
// the widget itself.
func TooltipFor(ws []Widget, i int, avoid Rect) []Widget {
	return TooltipIn(ws, i, avoid, Canvas(false))
}

// TipNear is how far (base pixels) a tooltip's box may lie from its
// widget: a tip read far from where the pointer rests is a tip missed
// (the start screen's player counts once had theirs 230 px away).
const TipNear = 40.0

// TipGap is the gap between two rects: 0 when they touch or overlap,
// else the distance between their nearest edges.
func TipGap(a, b Rect) float64 {
	dx := math.Max(0, math.Max(a.X-(b.X+b.W), b.X-(a.X+a.W)))
	dy := math.Max(0, math.Max(a.Y-(b.Y+b.H), b.Y-(a.Y+a.H)))
	return math.Hypot(dx, dy)
}

// TooltipIn is TooltipFor on canvas c (Canvas: the portrait one).
func TooltipIn(ws []Widget, i int, avoid, c Rect) []Widget {
	r := ws[i].R
	if ws[i].Kind == WText && r.W >= TipWide {
		return tipInPlace(ws[i], avoid, c)
	}
	lines := TipLines(ws[i].Tip)
	w := 380.0
	h := 14 + 20*float64(len(lines))
	p := PanelOf(ws, i)
	cands := []Rect{
		{p.X - 8 - w, r.Y, w, h},           // left of the panel, level with the widget
		{p.X + p.W + 8, r.Y, w, h},         // right of it
		{p.X - 8 - w, r.Y + r.H - h, w, h}, // left, ending level with the widget
		{r.X + r.W + 8, r.Y, w, h},         // right of the widget itself
		{r.X - 8 - w, r.Y, w, h},           // left of it
		{r.X, r.Y + r.H + 6, w, h},         // below it
		{r.X, r.Y - 6 - h, w, h},           // above it
	}
	canvas := c.Inset(4)
	box := Rect{}
	found := false
	for k, c := range cands {
		c = clampRect(c, canvas)
		// Beside the panel, clear of it; else clear of the widget. Near
		// the widget always.
		clear := Overlap(c, r) == 0 && Overlap(c, avoid) == 0 && TipGap(c, r) <= TipNear
		if k < 3 {
			clear = clear && Overlap(c, p) == 0
		}
		if clear {
			box, found = c, true
			break
		}
	}
	if !found {
		// Nothing fits near: below the widget, else above it.
		box = clampRect(Rect{r.X, r.Y + r.H + 6, w, h}, canvas)
		if Overlap(box, avoid) > 0 || Overlap(box, r) > 0 {
			box = clampRect(Rect{r.X, r.Y - 6 - h, w, h}, canvas)
		}
	}
	out := []Widget{{R: box, Kind: WPanel, Fill: ColTip, Edge: ColGold}}
	for k, l := range lines {
		out = append(out, Text(Rect{box.X + 10, box.Y + 7 + 20*float64(k), w - 20, 19}, l, 15, ColText))
	}
	return out
}

// TipWide is the width from which a text's tooltip (its whole text, the
// text being cut) opens in place: over the text, as wide, so that it
// reaches no further down a list than it must (the scenario browser's
// comments once had 380-pixel tips covering six rows below).
const TipWide = 600.0

// tipInPlace is the tooltip of a wide text w: its whole text over it, at
// its width, moved up when it would leave canvas c or cover avoid.
func tipInPlace(w Widget, avoid, c Rect) []Widget {
	r := w.R
	lines := WrapText(w.Tip, 15, r.W-4, 0)
	box := Rect{r.X - 10, r.Y - 7, r.W + 20, 14 + 20*float64(len(lines))}
	canvas := c.Inset(4)
	box = clampRect(box, canvas)
	if Overlap(box, avoid) > 0 {
		box.Y = math.Max(canvas.Y, avoid.Y-4-box.H)
	}
	out := []Widget{{R: box, Kind: WPanel, Fill: ColTip, Edge: ColGold}}
	for k, l := range lines {
		out = append(out, Text(Rect{box.X + 10, box.Y + 7 + 20*float64(k), r.W, 19}, l, 15, ColText))
	}
	return out
}

// TipInside moves a tooltip (its box first, then its lines) into canvas c
// (a portrait canvas: TooltipFor and a territory's tip place it on the
// landscape one), keeping 4 pixels clear of the edges; a box wider than
// the canvas keeps its left edge at the margin.
func TipInside(tip []Widget, c Rect) []Widget {
	if len(tip) == 0 {
		return tip
	}
	b := tip[0].R
	in := clampRect(b, c.Inset(4))
	dx, dy := in.X-b.X, in.Y-b.Y
	if dx == 0 && dy == 0 {
		return tip
	}
	out := make([]Widget, len(tip))
	for i, w := range tip {
		w.R.X += dx
		w.R.Y += dy
		out[i] = w
	}
	return out
}

// helpRules is the rules of No True King on one page.
var helpRules = []string{
	"You lead a secret conspiracy, not a house. Your loyalty card ranks the houses you back: at the end, a token scores its slot's value (6, 4, 3, 2, 0 …) if its house's final rank takes in that slot's place. Most points wins.",
	"Each round everyone places three agents, one at a time from the first player, on free slots of any house: Maester, Marshal or Lord.",
	"Agents resolve Maester → Marshal → Lord. A Maester takes one action for its house (muster, move or draw a house card), then moves up to Marshal if free. A Marshal musters and moves, then moves up to Lord if free. A Lord takes two different actions.",
	"Muster: one point per barrel of the land the house controls: a footman, a ship into a port or sea, or a knight promoted from a footman.",
	"Move: one group to one adjacent territory. Footmen and knights go to sea only aboard their ships. Entering another house's troops is a combat.",
	"Combat: land power footman 1, knight 2; sea: ship 1, knight 1. A town adds +2, a castle +4 to the defender. From the active player round the table, each may play one card of a fighting house (+strength) or pass. The loser loses 2 units, the winner 1 (swords add, towers save) and the loser retreats.",
	"Ranks: crowns, then castles, then towns, then barrels of the land a house controls, computed at the end of each round. Then each player may swap two loyalty tokens and reveal one. The game lasts one round per player.",
}

// HelpWidgets is the help overlay: keys (HelpKeys of the scene up) and
// the rules on one page.
func HelpWidgets(keys [][2]string) []Widget {
	r := Rect{150, 40, 1300, 820}
	ws := []Widget{
		{R: Rect{0, 0, BaseW, BaseH}, Kind: WPanel, Fill: color.RGBA{10, 10, 14, 210}},
		{R: r, Kind: WPanel, Fill: ColPanel, Edge: ColGold},
		{R: Rect{r.X + 24, r.Y + 14, 800, 34}, Kind: WText, Text: "Help — No True King", Size: 26, Bold: true, Ink: ColGold},
	}
	close := Button(Rect{r.X + r.W - 164, r.Y + 14, 140, 36}, "Close", CmdTarget(Command{Kind: CmdHelp}))
	close.Key = KeyEsc
	ws = append(ws, close)
	y := r.Y + 64
	ws = append(ws, Widget{R: Rect{r.X + 24, y, 400, 24}, Kind: WText, Text: "Keys and mouse", Size: 19, Bold: true, Ink: ColGold})
	y += 30
	// The rows' pitch: as much room as the panel leaves them, between
	// 17 and 20 pixels a line.
	lines := 0
	rows := make([][]string, len(keys))
	for i, k := range keys {
		rows[i] = WrapText(k[1], 15, helpWhatW, 0)
		lines += len(rows[i])
	}
	foot := r.Y + r.H - 40
	gap := 6.0
	line := math.Min(20, math.Max(17, math.Floor((foot-y-gap*float64(len(keys)))/float64(max(lines, 1)))))
	for i, k := range keys {
		h := line * float64(len(rows[i]))
		ws = append(ws, Widget{R: Rect{r.X + 24, y, helpKeyW, 20}, Kind: WText, Text: k[0], Size: 15, Bold: true, Ink: ColText},
			Text(Rect{r.X + 34 + helpKeyW, y, helpWhatW, h}, strings.Join(rows[i], "\n"), 15, ColText))
		y += h + gap
	}
	ws = append(ws, Text(Rect{r.X + 24, foot, 520, 22}, "Rest the pointer on anything for what it means.", 15, ColDim))
	x := r.X + 44 + helpKeyW + helpWhatW
	y = r.Y + 64
	rw := r.X + r.W - 24 - x
	ws = append(ws, Widget{R: Rect{x, y, rw, 24}, Kind: WText, Text: "The rules on one page", Size: 19, Bold: true, Ink: ColGold})
	y += 30
	for _, p := range helpRules {
		for _, l := range WrapText(p, 15, rw, 0) {
			ws = append(ws, Text(Rect{x, y, rw, 20}, l, 15, ColText))
			y += 20
		}
		y += 10
	}
	return ws
}

// The help's columns: a key's label and what it does.
const helpKeyW, helpWhatW = 130.0, 440.0

// TooltipClash says what the tooltip of widget i of ws (TooltipFor, clear
// of avoid) would cover that it must not: "" when it lies inside the
// window, clear of avoid, of the panel that holds the widget and of the
// widget itself.
func TooltipClash(ws []Widget, i int, avoid Rect) string {
	r := TooltipFor(ws, i, avoid)[0].R
	w := ws[i]
	switch {
	case r.X < 0 || r.Y < 0 || r.X+r.W > BaseW || r.Y+r.H > BaseH:
		return "leaves the window"
	case Overlap(r, avoid) > 0:
		return "covers the message line"
	case Overlap(r, w.R) > 0 && !(w.Kind == WText && w.R.W >= TipWide):
		return "covers the widget"
	case TipGap(r, w.R) > TipNear:
		return fmt.Sprintf("lies %.0f px from the widget", TipGap(r, w.R))
	}
	return ""
}
