package table

import (
	"fmt"
	"image/color"
	"math"

	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// The portrait layout: a phone held upright (a window under 800 CSS
// pixels wide and taller than wide; ui.IsPortrait) shows the table on the
// 390×844 portrait canvas rather than the landscape one shrunk to a
// quarter. The board is on top, the message line under it, then four
// tabs and the pane of the tab chosen: your decision and your hand (the
// default), the houses (whose slots take agents), the conspiracies, the
// log. Every button of the top bar, the tabs and the decision is at least
// Tap tall: 44 CSS pixels on a 390×844 phone.

// The tabs of the portrait layout, in order.
const (
	TabPlay = iota
	TabHouses
	TabPlayers
	TabLog
	NumTabs
)

// tabNames are the tabs' labels and tips.
var tabNames = [NumTabs][2]string{
	{"Decision", "Your decision and your hand (only you may look)."},
	{"Houses", "The houses: their slots (tap a free one to place an agent), ranks and decks."},
	{"Players", "The conspiracies: who plays each, agents and cards in hand, loyalty tokens as everyone sees them."},
	{"Log", "The game's log, newest at the bottom."},
}

// portraitTap is the least height of a control on the portrait canvas.
const portraitTap = 44.0

// NewPortraitLayout splits the portrait canvas (ui.PortraitW×PortraitH)
// for n players and houses houses (0: room for nine): the top bar (the
// prompt, then the round and the buttons), the board, the message line,
// the tabs and the pane under them. The map's shape does not change it:
// the board keeps its square, and a pinch zooms it.
func NewPortraitLayout(n, houses int) Layout {
	if houses <= 0 {
		houses = 9
	}
	n = max(n, 2)
	const w, m = float64(ui.PortraitW), 4.0
	var l Layout
	l.Portrait, l.Tap = true, portraitTap
	l.NumHouses, l.NumPlayers = houses, n
	l.Top = ui.Rect{X: 0, Y: 0, W: w, H: 98}
	// The prompt has the first row to itself; the second: the round, the
	// Hint (the app's), Tools, Undo, Redo and help — without key labels.
	l.Prompt = ui.Rect{X: 8, Y: 2, W: w - 16, H: portraitTap}
	y := 50.0
	l.Help = ui.Rect{X: w - 8 - 44, Y: y, W: 44, H: portraitTap}
	l.Redo = ui.Rect{X: l.Help.X - 4 - 64, Y: y, W: 64, H: portraitTap}
	l.Undo = ui.Rect{X: l.Redo.X - 4 - 64, Y: y, W: 64, H: portraitTap}
	l.Tools = ui.Rect{X: l.Undo.X - 4 - 60, Y: y, W: 60, H: portraitTap}
	l.Round = ui.Rect{X: 8, Y: y + 9, W: 78, H: 26}
	l.Hint = ui.Rect{X: l.Round.X + l.Round.W + 2, Y: y, W: l.Tools.X - 4 - (l.Round.X + l.Round.W + 2), H: portraitTap}
	l.Board = ui.Rect{X: m, Y: 102, W: w - 2*m, H: 310}
	ty := l.Board.Y + l.Board.H + 4
	tw := (w - 2*m - 3*4) / NumTabs
	for i := range l.Tabs {
		l.Tabs[i] = ui.Rect{X: m + float64(i)*(tw+4), Y: ty, W: tw, H: portraitTap}
	}
	// The message line at the foot, clear of the page's ☰ menu in the
	// bottom-left corner (web/index.html).
	l.Message = ui.Rect{X: 44, Y: ui.PortraitH - 4 - 36, W: w - 44 - m, H: 36}
	l.Pane = ui.Rect{X: m, Y: ty + portraitTap + 4, W: w - 2*m}
	l.Pane.H = l.Message.Y - 4 - l.Pane.Y
	// The pane's panels: each tab's fills it; the decision tops the hand.
	l.Houses, l.Players, l.Log = l.Pane, l.Pane, l.Pane
	l.HouseRow = math.Floor((l.Pane.H - 32 - rankNoteH) / float64(houses) / 1.3)
	l.PlayerRow = math.Min(56, math.Floor((l.Pane.H-40)/float64(n))) // two lines a row (PlayersWidgets)
	ah := math.Round(l.Pane.H * 0.45)
	l.Actions = ui.Rect{X: m, Y: l.Pane.Y, W: l.Pane.W, H: ah}
	l.Private = ui.Rect{X: m, Y: l.Pane.Y + ah + 4, W: l.Pane.W, H: l.Pane.H - ah - 4}
	// A combat's card lies over the board.
	l.Side = l.Board.Inset(4)
	return l
}

// portraitCurtain is the hand-off curtain on the portrait canvas: the
// same words and button as the landscape one's, one under the other, the
// button a thumb's width; the whole screen lifts it.
func (u *Table) portraitCurtain(seat rules.Seat) []ui.Widget {
	name := u.pos.seatName(seat)
	id := ""
	if seat >= 0 && int(seat) < len(u.pos.seats) {
		id = words.Title(u.pos.seats[seat])
	}
	sc := ui.SeatColor(seat)
	full := ui.Canvas(true)
	card := ui.Rect{X: 12, Y: 230, W: full.W - 24, H: 330}
	tw := card.W - 32
	pass := fmt.Sprintf("Pass to %s (%s)", id, name)
	only := fmt.Sprintf("Tap when only %s is looking.", name)
	iam := "I am " + name
	// A long name goes on a line of its own, smaller, not cut.
	passText, passSize := pass, ui.FitSize(pass, 30, 20, true, tw)
	if w, _ := ui.Measure(pass, passSize, true, 0); w > tw {
		passText = fmt.Sprintf("Pass to %s\n(%s)", id, name)
		passSize = min(ui.FitSize(id, 24, 16, true, tw), ui.FitSize("("+name+")", 24, 16, true, tw))
	}
	ws := []ui.Widget{
		{R: full, Kind: ui.WPanel, Fill: color.RGBA{10, 10, 14, 190}}, // veils the public table
		{R: card, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: sc},
		{R: ui.Rect{X: card.X + 16, Y: card.Y + 16, W: tw, H: 60}, Kind: ui.WText, Text: passText, Size: passSize, Bold: true, Align: ui.AlignCenter, Ink: ui.Readable(sc, ui.ColPanel), Tip: pass},
		{R: ui.Rect{X: card.X + 16, Y: card.Y + 84, W: tw, H: 52}, Kind: ui.WText, Text: ui.WrapWords(only, 34), Size: 19, Align: ui.AlignCenter, Ink: ui.ColText, Tip: only},
		{R: ui.Rect{X: card.X + 16, Y: card.Y + 146, W: tw, H: 48}, Kind: ui.WText, Text: ui.WrapWords(u.pos.pub.Prompt, 40), Size: 16, Align: ui.AlignCenter, Ink: ui.ColDim, Tip: u.pos.pub.Prompt},
		{R: ui.Rect{X: card.X + 16, Y: card.Y + card.H - 24 - 60, W: tw, H: 60}, Kind: ui.WButton, Text: iam, Size: ui.FitSize(iam, 24, 16, true, tw-20), Fill: ui.ColOK, Ink: ui.ColText, Edge: sc, T: ui.CmdTarget(ui.Command{Kind: ui.CmdLift})},
	}
	if u.msg != "" {
		ink := ui.ColDim
		if u.msgErr {
			ink = ui.ColGold
		}
		ws = append(ws, ui.Widget{R: ui.Rect{X: card.X + 16, Y: card.Y + 200, W: tw, H: 40}, Kind: ui.WText, Text: ui.WrapWords(u.msg, 44), Size: 15, Align: ui.AlignCenter, Ink: ink, Tip: u.msg})
	}
	return append(ws, ui.Widget{R: full, Kind: ui.WText, T: ui.CmdTarget(ui.Command{Kind: ui.CmdLift})})
}

// SetPortrait has Layout give the portrait layout (the app sets it while
// the table is shown on a phone held upright).
func (u *Table) SetPortrait(p bool) { u.portrait = p }

// Tab is the tab the portrait layout shows (TabPlay…).
func (u *Table) Tab() int { return u.tab }

// portraitWidgets builds the table screen of the portrait layout: the
// top bar, the message line, the tabs, the tab's pane, and over the board
// the combat and what happened since the seat last looked.
func (u *Table) portraitWidgets(l Layout) []ui.Widget {
	ws := u.topBar(l)
	ta := u.pos.eng.ToAct()
	houses := u.HousesWidgets(l)
	ws = append(ws, u.messageWidgets(l)...)
	// The tabs: the one shown selected; Houses lit while a slot waits for
	// the seat shown (placing an agent, resolving one).
	hot := false
	for _, w := range houses {
		hot = hot || (w.Hot && w.T.Kind == ui.TSlot)
	}
	for i, r := range l.Tabs {
		b := ui.Button(r, tabNames[i][0], ui.CmdTarget(ui.Command{Kind: ui.CmdTab, N: i}))
		b.Tip, b.Size = tabNames[i][1], 16
		b.Fill = ui.ColPanel
		if i == u.tab {
			b.Selected, b.Fill = true, ui.ColPanelHi
		}
		b.Hot = i == TabHouses && hot && u.tab != TabHouses
		ws = append(ws, b)
	}
	switch u.tab {
	case TabHouses:
		ws = append(ws, houses...)
	case TabPlayers:
		ws = append(ws, u.PlayersWidgets(l)...)
	case TabLog:
		ws = append(ws, u.logWidgets(l.Log)...)
	default:
		switch {
		case u.pos.shown < 0 || u.pos.shown != ta:
			ws = append(ws, u.privateWidgets(l.Pane)...)
		case len(u.ch.items) > 0 || u.mv.from >= 0 && u.mv.to >= 0:
			// A chooser or the move's steppers take the whole pane.
			u.hiddenPlays = nil
			ws = append(ws, u.actionWidgets(l.Pane)...)
		default:
			// The decision takes what its buttons need; the hand the rest
			// (a card play it has no room for becomes a decision's
			// button). The hand goes first: it tells the decision which.
			act, priv := l.Actions, l.Private
			if n := len(u.pos.buttonActions()); n > 0 || u.pos.has(rules.VPlay) {
				act.H = math.Round(l.Pane.H * 0.55)
				priv.Y, priv.H = act.Y+act.H+4, l.Pane.H-act.H-4
			}
			pw := u.privateWidgets(priv)
			ws = append(ws, u.actionWidgets(act)...)
			ws = append(ws, pw...)
		}
	}
	pub := u.pos.pub
	if pub.Combat != nil {
		ws = append(ws, u.combatCardWidgets(l.Side, pub.Combat, combatLive)...)
	} else if cv := u.mv.preview(u.past.at != nil); cv != nil {
		ws = append(ws, u.combatCardWidgets(l.Side, cv, combatPreview)...)
	}
	digest, _ := u.recent.widgets(ui.Rect{X: l.Board.X + 4, Y: l.Board.Y + 4, W: l.Board.W - 8}, l.Board.H/2, &u.log, u.tap)
	ws = append(ws, digest...)
	return append(keyButtons(ws), u.followWidgets(l)...)
}
