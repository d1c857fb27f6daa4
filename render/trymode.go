package render

import (
	"fmt"
	"math"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/words"
)

// Try mode (issue 9, for testers): on the table, T picks any group on the
// board — of any house, not only the one the seat to act may move — and
// outlines every territory it could move into; hovering another territory
// shows why it cannot go there. Every answer comes from the engine
// (rules.Game.TryDestinations and TryMove: the check a Move Troops action
// of that house gets), never from the window. Nothing is played: while try
// mode is on the table takes no action, bots wait, and Esc or T leaves it.
//
// The question try mode answers is "could this house's group move from A
// to B if one of its agents were moving it now": the movement rules on the
// board as it stands. Whether the table may make that move now (whose
// agent resolves, which action it took) is a separate fact, which the
// banner states from the engine's Legal and View.

// tryEngine is what try mode asks of the game (a rules game has it).
type tryEngine interface {
	TryMove(h, from, to int, units [board.NumUnits]int) error
	TryDestinations(h, from int) []int
}

// tryMode is try mode's selection: the group picked (house h in territory
// from), -1 when none.
type tryMode struct {
	from, house int
}

// tryer is the table's engine as try mode needs it, nil for an engine
// without it (a scripted test engine).
func (a *App) tryer() tryEngine {
	if a.tbl == nil {
		return nil
	}
	e, _ := a.tbl.eng.(tryEngine)
	return e
}

// toggleTry turns try mode on or off.
func (a *App) toggleTry() {
	u := a.tbl
	if u == nil {
		return
	}
	if a.try != nil {
		a.try = nil
		u.setMsg("Try mode off: the game is as it was.", false)
		return
	}
	if a.tryer() == nil {
		u.setMsg("Try mode asks the rules engine; this table has none.", true)
		return
	}
	u.leavePast() // try mode asks about the board as it stands
	u.resetLocal()
	a.try = &tryMode{from: -1, house: -1}
	u.setMsg("Try mode: click a territory with troops (any house) to see where they could move.", false)
}

// housesIn lists the houses with units in territory t, in map order.
func (a *App) housesIn(t int) []int {
	var hs []int
	id := a.tbl.tid(t)
	for _, g := range a.tbl.pub.Groups {
		if g.Territory == id {
			if h, ok := a.tbl.m.House(g.House); ok && board.Total(g.Units) > 0 {
				hs = append(hs, h)
			}
		}
	}
	return hs
}

// tryGroup is house h's units in territory t (public view).
func (a *App) tryGroup(h, t int) [board.NumUnits]int {
	id, hid := a.tbl.tid(t), a.tbl.hid(h)
	for _, g := range a.tbl.pub.Groups {
		if g.Territory == id && g.House == hid {
			return g.Units
		}
	}
	return [board.NumUnits]int{}
}

// tryClick picks the group in territory t: the first house there, the
// next house on a second click (roads hold several), none after the last.
func (a *App) tryClick(t int) {
	tm, u := a.try, a.tbl
	if tm == nil || u == nil || t < 0 || t >= len(u.m.Territories) {
		return
	}
	hs := a.housesIn(t)
	name := u.m.Territories[t].Name
	if len(hs) == 0 {
		tm.from, tm.house = -1, -1
		u.setMsg(fmt.Sprintf("Try mode: no troops in %s. Click a territory with troops.", name), false)
		return
	}
	next := hs[0]
	if tm.from == t {
		i := -1
		for k, h := range hs {
			if h == tm.house {
				i = k
			}
		}
		if i+1 >= len(hs) {
			tm.from, tm.house = -1, -1
			u.setMsg("Try mode: nothing picked.", false)
			return
		}
		next = hs[i+1]
	}
	tm.from, tm.house = t, next
	n := len(a.tryer().TryDestinations(next, t))
	where := "nowhere"
	if n > 0 {
		where = fmt.Sprintf("%d outlined", n)
	}
	u.setMsg(fmt.Sprintf("%s in %s: %s", u.m.Houses[next].Name, name, where), false)
}

// tryGroupText is the picked group in words: "House Stark's 2 footmen".
func (a *App) tryGroupText() string {
	tm := a.try
	return fmt.Sprintf("House %s's %s", a.tbl.m.Houses[tm.house].Name, words.Units(a.tryGroup(tm.house, tm.from)))
}

// tryNow says whether the table could make such a move now: the engine's
// legal moves for the seat to act, and what the table waits for.
func (a *App) tryNow() string {
	u, tm := a.tbl, a.try
	hid := u.hid(tm.house)
	moving, here := false, false
	for _, x := range u.legal {
		if x.Verb == rules.VMove {
			moving = true
			here = here || x.From == tm.from
		}
	}
	who := u.seatName(u.eng.ToAct())
	switch {
	case !moving:
	case u.pub.ResolvingHouse != hid:
		return fmt.Sprintf("Now %s moves House %s's troops, not these: the answers are as if an agent of House %s were moving them.", who, u.houseName(u.pub.ResolvingHouse), u.houseName(hid))
	case here:
		return fmt.Sprintf("%s may play such a move now.", who)
	default:
		return fmt.Sprintf("%s is moving House %s's troops now, but none of these.", who, u.houseName(hid))
	}
	return fmt.Sprintf("Nobody moves troops now: the answers are as if an agent of House %s were moving them.", u.houseName(hid))
}

// tryMarks are the board's outlines in try mode: the picked group's legal
// destinations, and its territory selected.
func (a *App) tryMarks() ([]bool, int) {
	hl := make([]bool, len(a.tbl.m.Territories))
	tm, e := a.try, a.tryer()
	if tm == nil || tm.from < 0 || e == nil {
		return hl, -1
	}
	for _, t := range e.TryDestinations(tm.house, tm.from) {
		hl[t] = true
	}
	return hl, tm.from
}

// tryReason is what hovering territory t says about the picked group:
// whether it may go there, and if not, the engine's reason for the whole
// group (a legal destination may take only part of it).
func (a *App) tryReason(t int) (legal bool, text string) {
	tm, e, u := a.try, a.tryer(), a.tbl
	if tm == nil || tm.from < 0 || e == nil || t < 0 || t >= len(u.m.Territories) {
		return false, ""
	}
	if t == tm.from {
		return false, "The group picked. Click it again for another house's troops here, or another territory."
	}
	whole := e.TryMove(tm.house, tm.from, t, a.tryGroup(tm.house, tm.from))
	ok := false
	for _, d := range e.TryDestinations(tm.house, tm.from) {
		ok = ok || d == t
	}
	switch {
	case ok && whole == nil:
		s := "Legal: the whole group may move here."
		if hs := a.housesIn(t); len(hs) > 0 && !(len(hs) == 1 && hs[0] == tm.house) {
			s += " Entering another house's troops starts a combat."
		}
		return true, s
	case ok:
		return true, "Legal for part of the group. All of it: " + whole.Error()
	case whole != nil:
		return false, whole.Error()
	}
	return false, "No group of these troops may move here."
}

// tryTips is try mode's hover box: the territory's name and the engine's
// answer, beside the pointer. With no group picked it is the table's
// usual territory tooltip.
func (a *App) tryTips() []Widget {
	u, tm := a.tbl, a.try
	t := a.hoverTerr
	if t < 0 {
		if i := tipIndex(a.ws, a.mx, a.my); i >= 0 {
			return tooltipFor(a.ws, i, a.msgRect())
		}
		return nil
	}
	if tm.from < 0 {
		return u.tooltip(t, a.mx, a.my, a.msgRect())
	}
	legal, text := a.tryReason(t)
	head, ink := "Cannot move here", colText
	if legal {
		head, ink = "Can move here", colGold
	}
	if t == tm.from {
		head = "Picked: " + a.tryGroupText()
	}
	lines := tipLines(text)
	now := tipLines(a.tryNow())
	w := 440.0
	h := 66 + 20*float64(len(lines)+len(now))
	bx, by := a.mx+18, a.my+18
	if bx+w > BaseW-4 {
		bx = a.mx - w - 12
	}
	by = math.Min(by, BaseH-4-h)
	box := Rect{bx, by, w, h}
	ws := []Widget{
		{R: box, Kind: WPanel, Fill: colTip, Edge: colGold},
		{R: Rect{box.X + 10, box.Y + 6, w - 20, 22}, Kind: WText, Text: u.m.Territories[t].Name, Size: 18, Bold: true, Ink: colGold},
		{R: Rect{box.X + 10, box.Y + 32, w - 20, 20}, Kind: WText, Text: head, Size: 16, Bold: true, Ink: ink},
	}
	for i, l := range lines {
		ws = append(ws, textW(Rect{box.X + 10, box.Y + 54 + 20*float64(i), w - 20, 20}, l, 15, colText))
	}
	for i, l := range now {
		ws = append(ws, textW(Rect{box.X + 10, box.Y + 58 + 20*float64(len(lines)+i), w - 20, 20}, l, 15, colDim))
	}
	return ws
}

// testerWidgets adds try mode's banner over the prompt while it is on
// (Edit position and Try mode are entries of the Tools menu, tools.go).
func (a *App) testerWidgets(ws []Widget, l tableLayout) []Widget {
	if a.try == nil {
		return ws
	}
	// Over the prompt, left of the Hint button (botWidgets) and the
	// tester's badge: nothing is asked of anyone in try mode.
	pr := l.Prompt
	if a.tester {
		pr.W = testerBadge.X - 12 - pr.X
	}
	return append(ws, Widget{R: Rect{pr.X - 8, l.Top.Y + 6, pr.W - 132, l.Top.H - 12}, Kind: WBox, Text: "Try mode — nothing is played", Size: 20, Bold: true, Fill: colWarn, Ink: colText,
		Tip: "Click any territory with troops to pick its group: its legal destinations are outlined; hover elsewhere for the engine's reason. Esc or T leaves."})
}

// tryCommand reports whether c is allowed while try mode is on (and
// carries out try mode's own); every other command of the table would
// play something, and is refused.
func (a *App) tryCommand(c Command) bool {
	switch c.Kind {
	case CmdTryMode, CmdCancel:
		a.try = nil
		a.tbl.resetLocal()
		a.tbl.setMsg("Try mode off: the game is as it was.", false)
		return true
	case CmdLogScroll, CmdHelp, CmdFullscreen:
		return false // the table's own, harmless
	}
	a.tbl.setMsg("Try mode: nothing is played. Press T or Esc to leave it first.", true)
	return true
}
