package render

import "image/color"

// The table's Tools menu: what testers and streamers use beside playing
// (docs/scenarios.md). The top bar's button (key F2) opens it; each entry
// shows its own key, which works with the menu closed too.

// toolEntry is one entry of the Tools menu.
type toolEntry struct {
	label, key, tip string
	cmd             Command
}

// toolEntries are the Tools menu's entries.
func toolEntries() []toolEntry {
	return []toolEntry{
		{"Save position as scenario", "Ctrl+S", "Write the position on the table to a scenario file (a new file in the scenarios folder; it holds every secret). Open it again with: notrueking -scenario FILE.", Command{Kind: CmdSavePosition}},
		{"Edit position (sandbox)", "E", "Sandbox: edit this position (units, flags, agents, cards), then play from it. Shows every secret.", Command{Kind: CmdSandbox}},
		{"Try mode on / off", "T", "Try mode: pick any group and see where it could move, and why not elsewhere. Nothing is played.", Command{Kind: CmdTryMode}},
	}
}

// toolsButton is the top bar's button that opens the Tools menu.
func (u *tableUI) toolsButton(r Rect) Widget {
	w := button(r, "Tools", cmdTarget(Command{Kind: CmdTools}))
	w.Key, w.Tip = "F2", "Tools for testers: save the position as a scenario, edit it in the sandbox, try moves."
	return w
}

// toolsWidgets is the open Tools menu, under its button: a layer that
// takes every click (a click beside the menu closes it).
func toolsWidgets(l tableLayout) []Widget {
	es := toolEntries()
	const rowH, w = 44.0, 420.0
	r := Rect{l.Tools.X + l.Tools.W - w, l.Tools.Y + l.Tools.H + 6, w, 16 + rowH*float64(len(es))}
	ws := []Widget{
		{Kind: WLayer},
		// The whole window: a click outside the menu closes it.
		{R: Rect{0, 0, BaseW, BaseH}, Kind: WPanel, Fill: color.RGBA{0, 0, 0, 90}, T: cmdTarget(Command{Kind: CmdTools})},
		{R: r, Kind: WPanel, Fill: colPanel, Edge: colGold},
	}
	for i, e := range es {
		b := button(Rect{r.X + 8, r.Y + 8 + rowH*float64(i), r.W - 16, rowH - 6}, e.label, cmdTarget(e.cmd))
		b.Key, b.Tip = e.key, e.tip
		ws = append(ws, b)
	}
	return ws
}

// toolKey is the Tools menu command of key k (the entries' keys work
// whether the menu is open or not).
func toolKey(k string) (Command, bool) {
	for _, e := range toolEntries() {
		if e.key == k {
			return e.cmd, true
		}
	}
	return Command{}, false
}

func isToolKey(k string) bool { _, ok := toolKey(k); return ok }
