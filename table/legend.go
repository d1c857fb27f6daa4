package table

import (
	"fmt"

	"notrueking/ui"
)

// CodesLegend is a phone's board's Codes button, at the board's foot on
// the left, and — while it is open — the legend over the board of the
// territories it names by their code in view, lines ("ShS: The Shivering
// Sea"); a tap on the legend closes it.
func CodesLegend(board ui.Rect, open bool, lines []string) []ui.Widget {
	b := ui.Button(ui.Rect{X: board.X + 4, Y: board.Y + board.H - 48, W: 76, H: 44}, "Codes", ui.CmdTarget(ui.Command{Kind: ui.CmdCodes}))
	b.Size, b.Tip = 15, "What the codes on the board stand for: the territories in view whose names have no room."
	if !open {
		return []ui.Widget{b}
	}
	b.Selected, b.Fill = true, ui.ColPanelHi
	const rowH, size = 21.0, 15.0
	r := ui.Rect{X: board.X + 4, Y: board.Y + 4, W: board.W - 8}
	maxRows := int((b.R.Y - 8 - r.Y - 34) / rowH)
	if len(lines) == 0 {
		lines = []string{"No territory in view goes by its code: every name has room."}
	}
	// One column, or two when one has no room for them all.
	cols := 1
	if len(lines) > maxRows {
		cols = 2
	}
	if len(lines) > cols*maxRows {
		more := len(lines) - cols*maxRows + 1
		lines = append(lines[:cols*maxRows-1], fmt.Sprintf("and %d more: zoom in", more))
	}
	rows := (len(lines) + cols - 1) / cols
	r.H = 34 + rowH*float64(rows) + 6
	ws := []ui.Widget{{R: r, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: ui.ColGold},
		{R: ui.Rect{X: r.X + 10, Y: r.Y + 6, W: r.W - 20, H: 24}, Kind: ui.WText, Text: "Codes on the board in view", Size: 16, Bold: true, Ink: ui.ColGold}}
	colW := (r.W - 20) / float64(cols)
	for i, l := range lines {
		c, row := i/rows, i%rows
		w := ui.Text(ui.Rect{X: r.X + 10 + colW*float64(c), Y: r.Y + 34 + rowH*float64(row), W: colW - 6, H: rowH}, l, size-float64(cols-1), ui.ColText)
		w.Tip = l
		ws = append(ws, w)
	}
	// The whole legend closes it.
	ws = append(ws, ui.Widget{R: r, Kind: ui.WText, T: ui.CmdTarget(ui.Command{Kind: ui.CmdCodes}), Tip: "Tap to close the legend."})
	return append(ws, b)
}
