// Package byclicks plays actions at a table the way a player does: by
// clicking its widgets and the board's territories, reading only what the
// table shows and holds (package table's exported API). The window's
// click-through tests reach the table through the app and the screen's
// pixels; the table's own tests through its targets; both decide the
// clicks here.
package byclicks

import (
	"notrueking/board"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// Reach is how Play reaches a table: Widget clicks the widget pred picks
// (what names it in a failure), Terr clicks territory t on the board.
type Reach struct {
	Widget func(what string, pred func(ui.Widget) bool)
	Terr   func(t board.TerrID)
}

// Play plays action a of the seat shown at table u by clicks: the loyalty
// tokens swapped into a's order and Confirm, a slot, a territory (and the
// chooser's button when one opens), a move's two territories and the
// dialog's counts, the two tokens to exchange, or the action's button;
// in a Citadel game Study at the Citadel and the aim, another player's
// token to uncover, a Dark Wings card and its target (a slot, a player).
func Play(u *table.Table, a rules.Action, r Reach) {
	m := u.Map()
	action := func() {
		r.Widget(a.Format(m), func(w ui.Widget) bool { return w.T.Action != nil && *w.T.Action == a })
	}
	switch a.Verb {
	case rules.VArrange:
		want := a.Order.Houses()
		for i := range want {
			have := u.State().Arrange
			if have[i] == want[i] {
				continue
			}
			for j := i + 1; j < len(have); j++ {
				if have[j] == want[i] {
					r.Widget("token", func(w ui.Widget) bool { return w.T.Kind == ui.TToken && w.T.Index == i })
					r.Widget("token", func(w ui.Widget) bool { return w.T.Kind == ui.TToken && w.T.Index == j })
					break
				}
			}
		}
		r.Widget("confirm", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdConfirmArrange })
	case rules.VPlace, rules.VResolve, rules.VRemove:
		r.Widget("slot", func(w ui.Widget) bool {
			return w.T.Kind == ui.TSlot && w.T.House == a.House && w.T.Slot == a.Slot
		})
	case rules.VMuster:
		r.Terr(a.From)
		if len(u.State().Choices) > 0 {
			action()
		}
	case rules.VRetreat:
		r.Terr(a.To)
		if len(u.State().Choices) > 0 {
			action()
		}
	case rules.VMove:
		if from := u.State().MoveFrom; from >= 0 && from != a.From {
			r.Terr(from) // cancel another selection
		}
		r.Terr(a.From)
		r.Terr(a.To)
		if u.State().MoveTo >= 0 {
			for k := board.Unit(0); k < board.NumUnits; k++ {
				for u.State().MoveUnits[k] > a.Units[k] {
					r.Widget("dec", func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdFewerUnits, Unit: k} })
				}
				for u.State().MoveUnits[k] < a.Units[k] {
					r.Widget("inc", func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdMoreUnits, Unit: k} })
				}
			}
			if u.State().MoveHouse != a.House {
				r.Widget("attack", func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdMoveAttack, N: int(a.House)} })
			}
			r.Widget("move", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdMoveConfirm })
		}
	case rules.VExchange:
		card := u.Private().Players[a.Seat].Loyalty
		for _, h := range []board.HouseID{a.A, a.B} {
			k := -1
			for i, tk := range card {
				if tk.House == h {
					k = i
				}
			}
			r.Widget("token "+m.Houses[h].ID, func(w ui.Widget) bool { return w.T.Kind == ui.TToken && w.T.Index == k })
		}
		if len(u.State().Choices) > 0 {
			action()
		}
	case rules.VStudy:
		// The fourth choice, then the secret aim in its chooser.
		r.Widget("study", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdStudy })
		action()
	case rules.VUncover:
		// Dig Up Dirt: the token on its player's row.
		r.Widget("token of "+u.Seats()[a.Target], func(w ui.Widget) bool {
			return w.T.Kind == ui.TSeatToken && w.T.Seat == a.Target && w.T.Index == int(a.Pos)
		})
	case rules.VLostOrders:
		// The card in the private panel, then the agent's slot.
		r.Widget("lost orders", func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdWing, N: int(rules.LostOrders)} })
		r.Widget("slot", func(w ui.Widget) bool {
			return w.T.Kind == ui.TSlot && w.T.House == a.House && w.T.Slot == a.Slot
		})
	case rules.VIllTidings:
		r.Widget("ill tidings", func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdWing, N: int(rules.IllTidings)} })
		action()
	default:
		action()
	}
}
