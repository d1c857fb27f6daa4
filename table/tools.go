package table

import (
	"image/color"

	"notrueking/ui"
)

// The table's Tools menu: what testers and streamers use beside playing
// (docs/scenarios.md). The top bar's button (key F2) opens it; each entry
// shows its own key, which works with the menu closed too.

// toolEntry is one entry of the Tools menu.
type toolEntry struct {
	label string
	key   ui.Key
	tip   string
	cmd   ui.Command
}

// toolEntries are the Tools menu's entries.
func toolEntries() []toolEntry {
	return []toolEntry{
		{"Save position as scenario", ui.KeyCtrlS, "Write the position on the table to a scenario file (a new file in the scenarios folder; it holds every secret). Open it again with: notrueking -scenario FILE.", ui.Command{Kind: ui.CmdSavePosition}},
		{"Edit position (sandbox)", ui.KeyE, "Sandbox: edit this position (units, flags, agents, cards), then play from it. Shows every secret.", ui.Command{Kind: ui.CmdSandbox}},
		{"Try mode on / off", ui.KeyT, "Try mode: pick any group and see where it could move, and why not elsewhere. Nothing is played.", ui.Command{Kind: ui.CmdTryMode}},
		{"Network…", ui.KeyF4, "A game played over the network: its join link and QR code, who is connected, and (hosting) the devices to admit and the seats to hand to a bot.", ui.Command{Kind: ui.CmdNetPanel}},
		{"Scenarios…", ui.KeyF3, "The shipped scenarios and the positions you saved, with what to try and what to expect: one click opens one (this game stays saved under Continue).", ui.Command{Kind: ui.CmdScenarios}},
	}
}

// toolsButton is the top bar's button that opens the Tools menu.
func toolsButton(r ui.Rect) ui.Widget {
	w := ui.Button(r, "Tools", ui.CmdTarget(ui.Command{Kind: ui.CmdTools}))
	w.Key, w.Tip = ui.KeyF2, "Tools for testers: save the position as a scenario, edit it in the sandbox, try moves."
	return w
}

// ToolsWidgets is the open Tools menu, under its button: a layer that
// takes every click (a click beside the menu closes it).
func ToolsWidgets(l Layout) []ui.Widget {
	es := toolEntries()
	const rowH, w = 44.0, 420.0
	r := ui.Rect{X: l.Tools.X + l.Tools.W - w, Y: l.Tools.Y + l.Tools.H + 6, W: w, H: 16 + rowH*float64(len(es))}
	ws := []ui.Widget{
		{Kind: ui.WLayer},
		// The whole window: a click outside the menu closes it.
		{R: ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: ui.BaseH}, Kind: ui.WPanel, Fill: color.RGBA{0, 0, 0, 90}, T: ui.CmdTarget(ui.Command{Kind: ui.CmdTools})},
		{R: r, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: ui.ColGold},
	}
	for i, e := range es {
		b := ui.Button(ui.Rect{X: r.X + 8, Y: r.Y + 8 + rowH*float64(i), W: r.W - 16, H: rowH - 6}, e.label, ui.CmdTarget(e.cmd))
		b.Key, b.Tip = e.key, e.tip
		ws = append(ws, b)
	}
	return ws
}

// toolKey is the Tools menu command of key k (the entries' keys work
// whether the menu is open or not).
func toolKey(k ui.Key) (ui.Command, bool) {
	for _, e := range toolEntries() {
		if e.key == k {
			return e.cmd, true
		}
	}
	return ui.Command{}, false
}

func isToolKey(k ui.Key) bool { _, ok := toolKey(k); return ok }
