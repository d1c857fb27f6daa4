package table

import (
	"fmt"
	"math"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// Try mode (for testers): on the table, T picks any group on the
// board — of any house, not only the one the seat to act may move — and
// outlines every territory it could move into; hovering another territory
// shows why it cannot go there. Every answer comes from the engine
// (the desk's TryDestinations and TryMove, rules.Desk: the check a Move Troops action
// of that house gets), never from the window. Nothing is played: while try
// mode is on the table takes no action, bots wait, and Esc or T leaves it.
//
// The question try mode answers is "could this house's group move from A
// to B if one of its agents were moving it now": the movement rules on the
// board as it stands. Whether the table may make that move now (whose
// agent resolves, which action it took) is a separate fact, which the
// banner states from the engine's Legal and View.

// tryMode is try mode: whether it is on, and its selection: the group
// picked (house in territory from), -1 when none.
type tryMode struct {
	t     *Table
	on    bool
	from  board.TerrID
	house board.HouseID
}

// toggle turns try mode on or off.
func (tm *tryMode) toggle() {
	u := tm.t
	if tm.on {
		tm.on = false
		u.setMsg("Try mode off: the game is as it was.", false)
		return
	}
	u.past.leave() // try mode asks about the board as it stands
	u.resetLocal()
	tm.on, tm.from, tm.house = true, -1, -1
	u.setMsg("Try mode: click a territory with troops (any house) to see where they could move.", false)
}

// click picks the group in territory t: the first house there, the
// next house on a second click (roads hold several), none after the last.
func (tm *tryMode) click(t board.TerrID) {
	u := tm.t
	if !tm.on || !u.pos.m.HasTerr(t) {
		return
	}
	hs := u.pos.housesIn(t)
	name := u.pos.m.Territories[t].Name
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
	n := len(u.pos.eng.TryDestinations(next, t))
	where := "nowhere"
	if n > 0 {
		where = fmt.Sprintf("%d outlined", n)
	}
	u.setMsg(fmt.Sprintf("%s in %s: %s", u.pos.m.Houses[next].Name, name, where), false)
}

// groupText is the picked group in words: "House Stark's 2 footmen".
func (tm *tryMode) groupText() string {
	p := &tm.t.pos
	return fmt.Sprintf("House %s's %s", p.m.Houses[tm.house].Name, words.Units(p.units(tm.house, tm.from)))
}

// now says whether the table could make such a move now: the engine's
// legal moves for the seat to act, and what the table waits for.
func (tm *tryMode) now() string {
	u := tm.t
	hid := tm.house
	moving, here := false, false
	for _, x := range u.pos.legal {
		if x.Verb == rules.VMove {
			moving = true
			here = here || x.From == tm.from
		}
	}
	who := u.pos.seatName(u.pos.eng.ToAct())
	switch {
	case !moving:
	case u.pos.pub.ResolvingHouse != hid:
		return fmt.Sprintf("Now %s moves House %s's troops, not these: the answers are as if an agent of House %s were moving them.", who, u.pos.houseName(u.pos.pub.ResolvingHouse), u.pos.houseName(hid))
	case here:
		return fmt.Sprintf("%s may play such a move now.", who)
	default:
		return fmt.Sprintf("%s is moving House %s's troops now, but none of these.", who, u.pos.houseName(hid))
	}
	return fmt.Sprintf("Nobody moves troops now: the answers are as if an agent of House %s were moving them.", u.pos.houseName(hid))
}

// marks are the board's outlines in try mode: the picked group's legal
// destinations, and its territory selected.
func (tm *tryMode) marks() ([]bool, board.TerrID) {
	hl := make([]bool, len(tm.t.pos.m.Territories))
	e := tm.t.pos.eng
	if !tm.on || tm.from < 0 {
		return hl, -1
	}
	for _, t := range e.TryDestinations(tm.house, tm.from) {
		hl[t] = true
	}
	return hl, tm.from
}

// reason is what hovering territory t says about the picked group:
// whether it may go there, and if not, the engine's reason for the whole
// group (a legal destination may take only part of it).
func (tm *tryMode) reason(t board.TerrID) (legal bool, text string) {
	u, e := tm.t, tm.t.pos.eng
	if !tm.on || tm.from < 0 || !u.pos.m.HasTerr(t) {
		return false, ""
	}
	if t == tm.from {
		return false, "The group picked. Click it again for another house's troops here, or another territory."
	}
	whole := e.TryMove(tm.house, tm.from, t, u.pos.units(tm.house, tm.from))
	ok := false
	for _, d := range e.TryDestinations(tm.house, tm.from) {
		ok = ok || d == t
	}
	switch {
	case ok && whole == nil:
		s := "Legal: the whole group may move here."
		if hs := u.pos.housesIn(t); len(hs) > 0 && !(len(hs) == 1 && hs[0] == tm.house) {
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

// tip is try mode's hover box of territory t with the pointer at (x, y),
// once a group is picked: the territory's name and the engine's answer
// whether the group could move there.
func (tm *tryMode) tip(t board.TerrID, x, y float64) []ui.Widget {
	u := tm.t
	legal, text := tm.reason(t)
	head, ink := "Cannot move here", ui.ColText
	if legal {
		head, ink = "Can move here", ui.ColGold
	}
	if t == tm.from {
		head = "Picked: " + tm.groupText()
	}
	lines := ui.TipLines(text)
	now := ui.TipLines(tm.now())
	w := 440.0
	h := 66 + 20*float64(len(lines)+len(now))
	bx, by := x+18, y+18
	if bx+w > ui.BaseW-4 {
		bx = x - w - 12
	}
	by = math.Min(by, ui.BaseH-4-h)
	box := ui.Rect{X: bx, Y: by, W: w, H: h}
	ws := []ui.Widget{
		{R: box, Kind: ui.WPanel, Fill: ui.ColTip, Edge: ui.ColGold},
		{R: ui.Rect{X: box.X + 10, Y: box.Y + 6, W: w - 20, H: 22}, Kind: ui.WText, Text: u.pos.m.Territories[t].Name, Size: 18, Bold: true, Ink: ui.ColGold},
		{R: ui.Rect{X: box.X + 10, Y: box.Y + 32, W: w - 20, H: 20}, Kind: ui.WText, Text: head, Size: 16, Bold: true, Ink: ink},
	}
	for i, l := range lines {
		ws = append(ws, ui.Text(ui.Rect{X: box.X + 10, Y: box.Y + 54 + 20*float64(i), W: w - 20, H: 20}, l, 15, ui.ColText))
	}
	for i, l := range now {
		ws = append(ws, ui.Text(ui.Rect{X: box.X + 10, Y: box.Y + 58 + 20*float64(len(lines)+i), W: w - 20, H: 20}, l, 15, ui.ColDim))
	}
	return ws
}

// banner adds try mode's banner over the prompt while it is on (Edit
// position and Try mode are entries of the Tools menu, tools.go).
func (tm *tryMode) banner(ws []ui.Widget, l Layout) []ui.Widget {
	if !tm.on {
		return ws
	}
	// Over the prompt, left of the Hint button (botWidgets) and the
	// tester's badge: nothing is asked of anyone in try mode.
	pr := l.Prompt
	if tm.t.tester {
		pr.W = TesterBadge.X - 12 - pr.X
	}
	return append(ws, ui.Widget{R: ui.Rect{X: pr.X - 8, Y: l.Top.Y + 6, W: pr.W - 132, H: l.Top.H - 12}, Kind: ui.WBox, Text: "Try mode — nothing is played", Size: 20, Bold: true, Fill: ui.ColWarn, Ink: ui.ColText,
		Tip: "Click any territory with troops to pick its group: its legal destinations are outlined; hover elsewhere for the engine's reason. Esc or T leaves."})
}

// command reports whether c is allowed while try mode is on (and
// carries out try mode's own); every other command of the table would
// play something, and is refused.
func (tm *tryMode) command(c ui.Command) bool {
	u := tm.t
	switch c.Kind {
	case ui.CmdTryMode, ui.CmdCancel:
		tm.on = false
		u.resetLocal()
		u.setMsg("Try mode off: the game is as it was.", false)
		return true
	case ui.CmdLogScroll, ui.CmdHelp, ui.CmdFullscreen:
		return false // the table's own, harmless
	}
	u.setMsg("Try mode: nothing is played. Press T or Esc to leave it first.", true)
	return true
}
