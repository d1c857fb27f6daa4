package ui

import "math"

// FlowRects lays out n buttons of row height bh top-down from (x, y) in a
// box w wide and h high. When one column would run past the box it uses
// more columns and, past that, shorter rows, so that every choice stays
// on screen: a choice that is not drawn cannot be clicked.
func FlowRects(x, y, w, h, bh float64, n int) []Rect {
	if n == 0 {
		return nil
	}
	const gap = 6.0
	rows := max(1, int(h/bh))
	cols := (n + rows - 1) / rows
	if cols > 2 {
		// Shorter rows (down to 26) before a third column: labels stay
		// wide enough to read.
		rows = max(1, int(h/math.Min(bh, 26)))
		cols = (n + rows - 1) / rows
	}
	if cols > 3 {
		cols = 3
	}
	rows = (n + cols - 1) / cols
	rowH := bh
	if float64(rows)*rowH > h {
		rowH = math.Max(20, h/float64(rows))
	}
	cw := (w - gap*float64(cols-1)) / float64(cols)
	out := make([]Rect, n)
	for i := range out {
		c, r := i/rows, i%rows
		out[i] = Rect{X: x + float64(c)*(cw+gap), Y: y + float64(r)*rowH, W: cw, H: rowH - 4}
	}
	return out
}

// MessageBar is the message line in r: msg in the text colour (dimmed
// when dim: not news, only a reminder), on the warning colour when isErr
// (a refusal).
func MessageBar(r Rect, msg string, isErr, dim bool) []Widget {
	fill, ink := ColPanel, ColText
	if isErr {
		fill = ColWarn
	}
	if dim {
		ink = ColDim
	}
	ws := []Widget{{R: r, Kind: WPanel, Fill: fill, Edge: ColEdge}}
	if msg != "" {
		ws = append(ws, Widget{R: Rect{X: r.X + 12, Y: r.Y + 7, W: r.W - 24, H: 22}, Kind: WText, Text: msg, Size: 17, Ink: ink, Tip: msg})
	}
	return ws
}
