package table

import (
	"fmt"
	"slices"

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
		}
		return false
	}
	u.command(c)
	return true
}

// click handles one hit-test result on the table.
func (u *Table) click(t ui.Target) {
	if u.pos.shown >= 0 && u.followClick(t) {
		return
	}
	if u.pos.shown < 0 || u.pos.shown != u.pos.eng.ToAct() {
		return
	}
	switch t.Kind {
	case ui.TButton:
		if t.Action != nil {
			u.apply(*t.Action)
			return
		}
		u.command(t.Cmd)
	case ui.TSlot:
		u.clickSlot(t.House, t.Slot)
	case ui.TToken:
		u.clickToken(t.Index)
	case ui.TSeatToken:
		u.clickSeatToken(t.Seat, t.Index)
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
	if u.pos.shown < 0 || u.pos.shown != u.pos.eng.ToAct() || u.citadelCommand(c) {
		return
	}
	switch c.Kind {
	case ui.CmdShuffle:
		u.rng.Shuffle(len(u.arrange), func(i, j int) { u.arrange[i], u.arrange[j] = u.arrange[j], u.arrange[i] })
		u.arrangeSel = -1
	case ui.CmdConfirmArrange:
		u.apply(rules.Action{Seat: u.pos.shown, Verb: rules.VArrange, Order: rules.NewArrangement(u.arrange)})
	case ui.CmdMoveConfirm:
		if u.mv.from < 0 || u.mv.to < 0 {
			return
		}
		u.apply(u.moveAction())
	case ui.CmdMoveAttack:
		h := board.HouseID(c.N)
		if h == board.NoHouse || slices.Contains(u.mv.targets, h) {
			u.mv.house = h
		}
	case ui.CmdMoreUnits:
		if k := c.Unit; k < board.NumUnits && u.mv.units[k] < u.mv.max[k] {
			u.mv.units[k]++
		}
	case ui.CmdFewerUnits:
		if k := c.Unit; k < board.NumUnits && u.mv.units[k] > 0 {
			u.mv.units[k]--
		}
	case ui.CmdMoveRow:
		rows := u.moveRows()
		if len(rows) > 0 {
			u.mv.row = (u.mv.row + c.N%len(rows) + len(rows)) % len(rows)
		}
	}
}

func (u *Table) clickSlot(house board.HouseID, slot rules.Slot) {
	if u.ch.picking == rules.VLostOrders {
		u.clickLostOrders(house, slot)
		return
	}
	as := u.pos.filter(func(a rules.Action) bool {
		return (a.Verb == rules.VPlace || a.Verb == rules.VResolve || a.Verb == rules.VRemove) && a.House == house && a.Slot == slot
	})
	if u.pick("", as) {
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
	u.explain(rules.Action{Seat: u.pos.shown, Verb: v, House: house, Slot: slot}, "")
}

func (u *Table) clickToken(i int) {
	if u.pos.has(rules.VArrange) {
		if i < 0 || i >= len(u.arrange) {
			return
		}
		if u.arrangeSel < 0 {
			u.arrangeSel = i
			return
		}
		u.arrange[u.arrangeSel], u.arrange[i] = u.arrange[i], u.arrange[u.arrangeSel]
		u.arrangeSel = -1
		return
	}
	if !u.pos.has(rules.VExchange) {
		u.setMsg("Your loyalty tokens can only be exchanged at the end of a round.", true)
		return
	}
	for k, s := range u.exSel {
		if s == i {
			u.exSel = append(u.exSel[:k], u.exSel[k+1:]...)
			return
		}
	}
	u.exSel = append(u.exSel, i)
	if len(u.exSel) < 2 {
		return
	}
	card := u.pos.priv.Players[u.pos.shown].Loyalty
	if u.exSel[0] >= len(card) || u.exSel[1] >= len(card) {
		u.exSel = nil
		return
	}
	a, b := card[u.exSel[0]].House, card[u.exSel[1]].House
	as := u.pos.filter(func(x rules.Action) bool {
		return x.Verb == rules.VExchange && ((x.A == a && x.B == b) || (x.A == b && x.B == a))
	})
	if !u.pick("Which token do you reveal?", as) {
		reveal := a
		if card[u.exSel[0]].Revealed {
			reveal = b
		}
		u.explain(rules.Action{Seat: u.pos.shown, Verb: rules.VExchange, A: a, B: b, Reveal: reveal}, "")
		u.exSel = nil
	}
}

func (u *Table) clickTerritory(t board.TerrID) {
	if !u.pos.m.HasTerr(t) {
		return
	}
	name := u.pos.m.Territories[t].Name
	// Shift+click on another group of the mover's makes it the origin,
	// as the message line says, even where it is also a destination.
	if u.mv.from >= 0 && !(u.shift && t != u.mv.from && u.pos.ownsMovable(t)) {
		as := u.pos.filter(func(a rules.Action) bool { return a.Verb == rules.VMove && a.From == u.mv.from && a.To == t })
		switch {
		case len(as) == 1 && !u.pos.attacks(as[0]) && board.Total(u.pos.units(u.pos.pub.ResolvingHouse, u.mv.from)) <= 1:
			u.apply(as[0])
			return
		case len(as) >= 1: // several, an attack, or a group that could send more: the count dialog
			u.mv.to = t
			u.mv.max = [board.NumUnits]int{}
			// Onto a road with other houses: the move may attack one of
			// them (seed 004), chosen in the dialog; none at first.
			u.mv.house, u.mv.targets = board.NoHouse, nil
			for _, a := range as {
				if a.House != board.NoHouse && !slices.Contains(u.mv.targets, a.House) {
					u.mv.targets = append(u.mv.targets, a.House)
				}
			}
			slices.Sort(u.mv.targets)
			// The counts start at the largest legal move; the steppers
			// reach what the group holds, so that a tester can ask for more
			// than the rules allow (more than the ships carry) and read the
			// engine's refusal.
			u.mv.max = u.pos.units(u.pos.pub.ResolvingHouse, u.mv.from)
			best := -1
			for _, a := range as {
				n := 0
				for k := range a.Units {
					u.mv.max[k] = max(u.mv.max[k], a.Units[k])
					n += a.Units[k]
				}
				if n > best {
					best, u.mv.units = n, a.Units
				}
			}
			u.mv.row = 0
			return
		case t == u.mv.from:
			u.mv.from, u.mv.to = -1, -1
			u.setMsg("Move cancelled.", false)
			return
		case !u.shift || !u.pos.ownsMovable(t):
			// A destination the rules refuse: the engine's reason, even
			// where your own troops stand. Only Shift+click (or a click
			// after Esc or a right-click) makes such a group the origin.
			u.refuseMove(t)
			return
		}
	}
	if as := u.pos.filter(func(a rules.Action) bool { return a.Verb == rules.VMuster && a.From == t }); len(as) > 0 {
		u.pick("Muster in "+name, as)
		return
	}
	if as := u.pos.filter(func(a rules.Action) bool { return a.Verb == rules.VRetreat && a.To == t }); len(as) > 0 {
		u.pick("", as)
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
		u.explain(rules.Action{Seat: u.pos.shown, Verb: rules.VMuster, Unit: board.Footman, From: t, To: rules.None}, "")
	case u.pos.has(rules.VRetreat):
		u.explain(rules.Action{Seat: u.pos.shown, Verb: rules.VRetreat, To: t}, "")
	case u.pos.has(rules.VMove):
		u.setMsg(fmt.Sprintf("No troops of House %s in %s can move.", u.pos.houseName(u.pos.pub.ResolvingHouse), name), true)
	default:
		u.setMsg(fmt.Sprintf("%s: nothing to do there now. %s", name, u.pos.pub.Prompt), true)
	}
}

// refuseMove shows why the move being set up may not go to t, in the
// engine's words; the origin stays picked. Nothing is played, even should
// the engine accept the whole group's move after all (it is not among the
// legal moves the origin was picked from).
func (u *Table) refuseMove(t board.TerrID) {
	a := rules.Action{Seat: u.pos.shown, Verb: rules.VMove, From: u.mv.from, To: t, Units: u.pos.units(u.pos.pub.ResolvingHouse, u.mv.from), House: rules.None}
	if err := u.pos.eng.Check(a); err != nil {
		u.setMsg(err.Error(), true)
		return
	}
	u.setMsg(fmt.Sprintf("%s is not a destination of the move from %s.", u.pos.terrName(t), u.pos.terrName(u.mv.from)), true)
}

// explain shows why a plausible action is refused (or applies it if the
// engine accepts it after all).
func (u *Table) explain(a rules.Action, fallback string) {
	if err := u.pos.eng.Check(a); err != nil {
		u.setMsg(err.Error(), true)
		return
	}
	if fallback != "" && len(u.pos.legal) == 0 {
		u.setMsg(fallback, true)
		return
	}
	u.apply(a)
}

func (u *Table) offer(title string, as []rules.Action) {
	u.ch.title = title
	u.ch.items = u.ch.items[:0]
	for _, a := range as {
		u.ch.items = append(u.ch.items, choice{u.pos.describe(a), a, u.citadelTip(a)})
	}
}

// pick applies the only match, offers a chooser for several, and reports
// whether there was any match.
func (u *Table) pick(title string, as []rules.Action) bool {
	switch len(as) {
	case 0:
		return false
	case 1:
		u.apply(as[0])
	default:
		u.offer(title, as)
	}
	return true
}

// followClick takes the clicks on the table's own targets (slots,
// tokens, territories, action buttons) while a notice or the past is up:
// the table cannot be played then. It reports whether it took the click.
func (u *Table) followClick(ui.Target) bool {
	switch {
	case u.notices.holding():
		return true
	case u.past.at != nil:
		u.setMsg(pastLabel(u.past.at.n)+" (the table cannot be played from the past)", true)
		return true
	}
	return false
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
		u.log.scroll(c.N)
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
	if u.past.at != nil {
		u.setMsg(pastLabel(u.past.at.n)+" (the table cannot be played from the past)", true)
		return true
	}
	return false
}
