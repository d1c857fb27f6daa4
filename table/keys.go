package table

import (
	"strconv"

	"notrueking/ui"
)

// Wheel takes the mouse wheel over the log panel: it scrolls the log. It
// reports whether it took the wheel.
func (u *Table) Wheel(in ui.Input) bool {
	if in.Wheel == 0 || !u.Layout().Log.Contains(in.X, in.Y) {
		return false
	}
	u.command(ui.Command{Kind: ui.CmdLogScroll, N: ui.WheelSteps(in.Wheel)})
	return true
}

// Keys answers the table's own keys of one tick, in order: in try mode
// Esc and T leave it; Esc cancels a selection or dialog; the move dialog's
// arrows change its row and counts; the Tools menu's keys (toolKey) work
// with the menu closed. It carries out the table's commands through do
// and the Tools menu's through tool (the app's), and returns the keys
// left for the buttons that show them (Space is Enter under a notice);
// changed reports that a command was given.
func (u *Table) Keys(in ui.Input, do, tool func(ui.Command)) (rest []string, changed bool) {
	dialog := u.moveFrom >= 0 && u.moveTo >= 0
	for _, k := range in.Pressed() {
		switch {
		case u.try != nil && (k == "Esc" || k == "T"):
			do(ui.Command{Kind: ui.CmdTryMode})
			changed = true
		case u.try != nil:
			rest = append(rest, k) // buttons' keys: refused by tryCommand
		case k == "Esc":
			do(ui.Command{Kind: ui.CmdCancel})
			changed = true
		case k == "Space" && u.holding():
			rest = append(rest, "Enter") // Enter or Space dismisses a notice
		case isToolKey(k):
			c, _ := toolKey(k)
			tool(c)
			changed = true
		case dialog && (k == "Up" || k == "Down"):
			do(ui.Command{Kind: ui.CmdMoveRow, N: map[string]int{"Up": -1, "Down": 1}[k]})
			changed = true
		case dialog && (k == "Left" || k == "Right"):
			if kind, ok := u.moveRowUnit(); ok {
				c := ui.Command{Kind: ui.CmdMoreUnits, Unit: kind}
				if k == "Left" {
					c.Kind = ui.CmdFewerUnits
				}
				do(c)
				changed = true
			}
		default:
			rest = append(rest, k)
		}
	}
	return rest, changed
}

// keyButtons gives the table's action buttons the digit keys 1–9, in the
// order they are listed (the hand's playable cards, then the decision
// panel's), unless a button already shows a key.
func keyButtons(ws []ui.Widget) []ui.Widget {
	n := 0
	for i := range ws {
		w := &ws[i]
		if w.Kind != ui.WButton || w.Key != "" || w.Disabled || w.T.Action == nil {
			continue
		}
		if n++; n > 9 {
			break
		}
		w.Key = strconv.Itoa(n)
	}
	return ws
}
