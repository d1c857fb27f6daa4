package table

import (
	"math"

	"notrueking/ui"
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
	TabTalk
	NumTabs
)

// tabNames are the tabs' labels and tips.
var tabNames = [NumTabs][2]string{
	{"Decision", "Your decision and your hand (only you may look)."},
	{"Houses", "The houses: their slots (tap a free one to place an agent), ranks and decks."},
	{"Players", "The conspiracies: who plays each, agents and cards in hand, loyalty tokens as everyone sees them."},
	{"Log", "The game's log, newest at the bottom."},
	{"Talk", "The table's talk: say something to everyone, or whisper to one player."},
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
	tw := (w - 2*m - (NumTabs-1)*4) / NumTabs
	for i := range l.Tabs {
		l.Tabs[i] = ui.Rect{X: m + float64(i)*(tw+4), Y: ty, W: tw, H: portraitTap}
	}
	// The message line at the foot, clear of the page's ☰ menu in the
	// bottom-left corner (web/index.html).
	l.Message = ui.Rect{X: 44, Y: ui.PortraitH - 4 - 36, W: w - 44 - m, H: 36}
	l.Pane = ui.Rect{X: m, Y: ty + portraitTap + 4, W: w - 2*m}
	l.Pane.H = l.Message.Y - 4 - l.Pane.Y
	// The pane's panels: each tab's fills it; the decision tops the hand.
	l.Houses, l.Players, l.Log = l.Pane, l.Pane, l.Pane // the talk is in the log's place
	l.HouseRow = math.Floor((l.Pane.H - 32 - rankNoteH) / float64(houses) / 1.3)
	l.PlayerRow = math.Min(56, math.Floor((l.Pane.H-40)/float64(n))) // two lines a row (playersPanel)
	ah := math.Round(l.Pane.H * 0.45)
	l.Actions = ui.Rect{X: m, Y: l.Pane.Y, W: l.Pane.W, H: ah}
	l.Private = ui.Rect{X: m, Y: l.Pane.Y + ah + 4, W: l.Pane.W, H: l.Pane.H - ah - 4}
	// A combat's card lies over the board.
	l.Side = l.Board.Inset(4)
	return l
}
