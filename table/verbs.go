package table

import (
	"fmt"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
)

// The table's verbs: what a click on a target, a command (a button's, a
// key's) may mean — filtering the legal actions: one applies, several
// open the chooser, none shows the engine's reason.

// Click carries out a click on one of the table's targets: a slot, a
// token, a territory, an action button, a log entry. It reports whether
// the click went to the game (the app then saves and moves on); false in
// try mode, where nothing is played. A button's command goes to Do.
func (u *Table) Click(t ui.Target) bool {
	switch {
	case t.Kind == ui.TNone:
		return false
	case t.Kind == ui.TButton && t.Cmd.Kind != ui.CmdNone:
		return u.Do(t.Cmd)
	case !u.try.on:
		u.click(t)
		return true
	case t.Kind == ui.TTerritory:
		u.try.click(t.Terr)
	case t.Kind == ui.TButton && t.Action != nil || t.Kind == ui.TSlot || t.Kind == ui.TToken:
		u.setMsg("Try mode: nothing is played. Press T or Esc to leave it first.", true)
	default:
		u.click(t) // the log panel's entries and scrolling
	}
	return false
}

// Do carries out a command of the table's (a selection, the move dialog,
// the loyalty card, the log, undo and redo, try mode, dismissing a
// notice). It reports whether the command went to the game (the app then
// saves and moves on); false for try mode's own.
func (u *Table) Do(c ui.Command) bool {
	switch {
	case u.try.on && u.try.command(c):
		return false
	case c.Kind == ui.CmdTryMode:
		u.try.toggle()
		return false
	case c.Kind == ui.CmdTab:
		if c.N >= 0 && c.N < NumTabs {
			u.tab = c.N
			if u.tab == TabTalk {
				u.talk.unread = 0
			} else {
				u.talk.typing = false
			}
		}
		return false
	case c.Kind == ui.CmdTalk || c.Kind == ui.CmdTalkTo || c.Kind == ui.CmdTalkWrite || c.Kind == ui.CmdTalkSend:
		u.talk.command(c)
		return false
	}
	u.command(c)
	return true
}

// click handles one hit-test result on the table. While a notice or the
// past is up the table takes the click, and cannot be played.
func (u *Table) click(t ui.Target) {
	if u.pos.shown >= 0 && (u.notices.holding() || u.past.refuse()) {
		return
	}
	if u.pos.shown < 0 || u.pos.shown != u.pos.eng.ToAct() {
		return
	}
	switch t.Kind {
	case ui.TButton:
		if t.Action != nil {
			u.Apply(*t.Action)
			return
		}
		u.command(t.Cmd)
	case ui.TSlot:
		u.clickSlot(t.House, t.Slot)
	case ui.TToken:
		u.loyalty.click(t.Index)
	case ui.TSeatToken:
		u.citadel.clickSeatToken(t.Seat, t.Index)
	case ui.TTerritory:
		u.clickTerritory(t.Terr)
	}
}

// command carries out a command of the table's own (selections and
// dialogs); the seat shown must be the one to act, except to cancel.
func (u *Table) command(c ui.Command) {
	if u.followCommand(c) {
		return
	}
	if c.Kind == ui.CmdCancel {
		u.resetLocal()
		u.setMsg("", false)
		return
	}
	if u.pos.shown < 0 || u.pos.shown != u.pos.eng.ToAct() || u.citadel.command(c) {
		return
	}
	switch c.Kind {
	case ui.CmdShuffle:
		u.loyalty.shuffle()
	case ui.CmdConfirmArrange:
		u.Apply(rules.Action{Seat: u.pos.shown, Verb: rules.VArrange, Order: rules.NewArrangement(u.loyalty.houses)})
	case ui.CmdMoveConfirm:
		if u.mv.from < 0 || u.mv.to < 0 {
			return
		}
		u.Apply(u.mv.action())
	default:
		u.mv.command(c)
	}
}

// clickSlot is a click on house's slot: an agent placed, resolved or
// removed there (Lost Orders' target while it is picked), or the
// engine's reason why not.
func (u *Table) clickSlot(house board.HouseID, slot rules.Slot) {
	if u.ch.picking == rules.VLostOrders {
		u.citadel.clickLostOrders(house, slot)
		return
	}
	as := u.pos.filter(func(a rules.Action) bool {
		return (a.Verb == rules.VPlace || a.Verb == rules.VResolve || a.Verb == rules.VRemove) && a.House == house && a.Slot == slot
	})
	if u.ch.pick("", as) {
		return
	}
	v := rules.VPlace
	switch {
	case u.pos.has(rules.VRemove):
		v = rules.VRemove
	case u.pos.pub.Phase == rules.PhaseResolve:
		v = rules.VResolve
	case u.pos.pub.Phase != rules.PhasePlace:
		u.setMsg(fmt.Sprintf("Nothing to do with that slot now. %s", u.pos.pub.Prompt), true)
		return
	}
	u.ch.explain(rules.Action{Seat: u.pos.shown, Verb: v, House: house, Slot: slot}, "")
}

// clickTerritory is a click on territory t: the move being set up goes
// there (or its count dialog opens), a muster or retreat there, a group
// of the mover's picked as a move's origin, or the engine's reason.
func (u *Table) clickTerritory(t board.TerrID) {
	if !u.pos.m.HasTerr(t) {
		return
	}
	name := u.pos.m.Territories[t].Name
	// Shift+click on another group of the mover's makes it the origin,
	// as the message line says, even where it is also a destination.
	if u.mv.from >= 0 && !(u.mv.shift && t != u.mv.from && u.pos.ownsMovable(t)) {
		as := u.pos.filter(func(a rules.Action) bool { return a.Verb == rules.VMove && a.From == u.mv.from && a.To == t })
		switch {
		case len(as) == 1 && !u.pos.attacks(as[0]) && board.Total(u.pos.units(u.pos.pub.ResolvingHouse, u.mv.from)) <= 1:
			u.Apply(as[0])
			return
		case len(as) >= 1: // several, an attack, or a group that could send more: the count dialog
			u.mv.open(t, as)
			return
		case t == u.mv.from:
			u.mv.from, u.mv.to = -1, -1
			u.setMsg("Move cancelled.", false)
			return
		case !u.mv.shift || !u.pos.ownsMovable(t):
			// A destination the rules refuse: the engine's reason, even
			// where your own troops stand. Only Shift+click (or a click
			// after Esc or a right-click) makes such a group the origin.
			u.setMsg(u.mv.refusal(t), true)
			return
		}
	}
	if as := u.pos.filter(func(a rules.Action) bool { return a.Verb == rules.VMuster && a.From == t }); len(as) > 0 {
		u.ch.pick("Muster in "+name, as)
		return
	}
	if as := u.pos.filter(func(a rules.Action) bool { return a.Verb == rules.VRetreat && a.To == t }); len(as) > 0 {
		u.ch.pick("", as)
		return
	}
	if u.pos.ownsMovable(t) {
		u.mv.from, u.mv.to = t, -1
		u.setMsg(fmt.Sprintf("Moving from %s: click a highlighted territory (%s again, Esc or a right-click cancels; Shift+click another of your groups to move it instead).", name, name), false)
		return
	}
	// Nothing legal here: ask the engine why.
	switch {
	case u.pos.has(rules.VMuster):
		u.ch.explain(rules.Action{Seat: u.pos.shown, Verb: rules.VMuster, Unit: board.Footman, From: t, To: rules.None}, "")
	case u.pos.has(rules.VRetreat):
		u.ch.explain(rules.Action{Seat: u.pos.shown, Verb: rules.VRetreat, To: t}, "")
	case u.pos.has(rules.VMove):
		u.setMsg(fmt.Sprintf("No troops of House %s in %s can move.", u.pos.houseName(u.pos.pub.ResolvingHouse), name), true)
	default:
		u.setMsg(fmt.Sprintf("%s: nothing to do there now. %s", name, u.pos.pub.Prompt), true)
	}
}

// followCommand carries out the commands of following the game: dismiss
// a notice (Esc too), show the table after a log entry's action, scroll
// the log, return to the present (Esc too), undo and redo. While a notice
// or the past is up it takes every other command of the table, so that
// nothing is played from under a notice or from the past. It reports
// whether it took c.
func (u *Table) followCommand(c ui.Command) bool {
	if u.notices.holding() {
		if c.Kind == ui.CmdDismiss || c.Kind == ui.CmdCancel {
			u.notices.list = u.notices.list[1:]
		}
		return true
	}
	switch c.Kind {
	case ui.CmdLogEntry:
		u.past.show(c.N)
		return true
	case ui.CmdLogScroll:
		if u.talk.inView() {
			u.talk.command(c)
		} else {
			u.log.scroll(c.N)
		}
		return true
	case ui.CmdPresent:
		u.past.leave()
		return true
	case ui.CmdUndo:
		u.history.undo()
		return true
	case ui.CmdRedo:
		u.history.redo()
		return true
	case ui.CmdDismiss:
		u.recent.digest = nil
		return true
	case ui.CmdCancel:
		if u.past.at != nil {
			u.past.leave()
			return true
		}
		if u.recent.digest != nil {
			u.recent.digest = nil
			return true
		}
		return false
	}
	return u.past.refuse()
}
