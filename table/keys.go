package table

import (
	"notrueking/ui"
)

// Wheel takes the mouse wheel over the log panel, or a finger's drag
// begun on it: it scrolls the log (the rows follow the finger). It
// reports whether it took the wheel or the drag.
func (u *Table) Wheel(in ui.Input) bool {
	l := u.Layout()
	if l.Portrait && u.tab != TabLog && u.tab != TabTalk {
		return false // the log is behind its tab
	}
	if in.Touch && in.PanY != 0 && l.Log.Contains(in.GestX, in.GestY) {
		u.log.drag += in.PanY
		n := int(u.log.drag / logRowH)
		if n == 0 {
			return false
		}
		u.log.drag -= float64(n) * logRowH
		u.command(ui.Command{Kind: ui.CmdLogScroll, N: n})
		return true
	}
	if in.Wheel == 0 || !l.Log.Contains(in.X, in.Y) {
		return false
	}
	u.command(ui.Command{Kind: ui.CmdLogScroll, N: ui.WheelSteps(in.Wheel)})
	return true
}

// Keyed is what Keys did with one tick's keys.
type Keyed struct {
	// Tools are the Tools menu's commands the keys asked for, for the
	// app to carry out (they save, edit or open something).
	Tools []ui.Command
	// Rest are the keys left for the buttons that show them.
	Rest []ui.Key
	// Changed says the table changed; Played that a command went to the
	// game (the app then saves and moves on, as after Do).
	Changed, Played bool
}

// Keys answers the table's own keys of one tick, in order: in try mode
// Esc and T leave it; Esc cancels a selection or dialog; the move dialog's
// arrows change its row and counts; the Tools menu's keys work with the
// menu closed (handed back in Tools); Space is Enter under a notice. It
// carries out the table's commands itself (Do) and calls nothing of the
// app's.
func (u *Table) Keys(in ui.Input) Keyed {
	var k Keyed
	dialog := u.mv.from >= 0 && u.mv.to >= 0
	do := func(c ui.Command) {
		k.Played = u.Do(c) || k.Played
		k.Changed = true
	}
	if u.talk.typing {
		// A line of talk being written takes every key.
		u.talk.keys(in)
		k.Changed = true
		return k
	}
	u.mv.shift = in.Shift
	if in.Right && !u.try.on && (u.mv.from >= 0 || u.ch.items != nil) {
		// A right-click cancels a move being set up (or a chooser), as Esc
		// does.
		do(ui.Command{Kind: ui.CmdCancel})
	}
	for _, key := range in.Pressed() {
		switch {
		case u.try.on && (key == ui.KeyEsc || key == ui.KeyT):
			do(ui.Command{Kind: ui.CmdTryMode})
		case u.try.on:
			k.Rest = append(k.Rest, key) // buttons' keys: refused by tryMode.command
		case key == ui.KeyEsc:
			do(ui.Command{Kind: ui.CmdCancel})
		case key == ui.KeySpace && u.notices.holding():
			k.Rest = append(k.Rest, ui.KeyEnter) // Enter or Space dismisses a notice
		case isToolKey(key):
			c, _ := toolKey(key)
			k.Tools = append(k.Tools, c)
			k.Changed = true
		case dialog && (key == ui.KeyUp || key == ui.KeyDown):
			do(ui.Command{Kind: ui.CmdMoveRow, N: map[ui.Key]int{ui.KeyUp: -1, ui.KeyDown: 1}[key]})
		case dialog && (key == ui.KeyLeft || key == ui.KeyRight):
			if kind, ok := u.mv.rowUnit(); ok {
				c := ui.Command{Kind: ui.CmdMoreUnits, Unit: kind}
				if key == ui.KeyLeft {
					c.Kind = ui.CmdFewerUnits
				}
				do(c)
			}
		default:
			k.Rest = append(k.Rest, key)
		}
	}
	return k
}

// keyButtons gives the table's action buttons the digit keys 1–9, in the
// order they are listed (the hand's playable cards, then the decision
// panel's), unless a button already shows a key.
func keyButtons(ws []ui.Widget) []ui.Widget {
	n := 0
	for i := range ws {
		w := &ws[i]
		if w.Kind != ui.WButton || w.Key != ui.KeyNone || w.Disabled || (w.T.Action == nil && !citadelCmds[w.T.Cmd.Kind]) {
			continue
		}
		if n++; n > 9 {
			break
		}
		w.Key = ui.Digit(n)
	}
	return ws
}
