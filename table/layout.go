package table

import (
	"math"

	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// Layout is where the table's parts sit on the base canvas: the board on
// the left, as wide as its map needs at the board's height (the shipped
// maps are tall); the log in a column of its own beside it, the whole
// height, where that leaves room for one (else under the panels); the
// panels in a column on the right; the prompt and the app's buttons in
// the top bar.
type Layout struct {
	Top, Prompt, Round    ui.Rect // top bar; the prompt over the board; round and first player
	Undo, Redo, Help      ui.Rect // the top bar's buttons
	Tools                 ui.Rect // the top bar's Tools menu button (tools.go)
	Board                 ui.Rect // the board's viewport
	Houses, Players       ui.Rect // houses with slots and ranks; conspiracies
	Private, Actions      ui.Rect // the seat's loyalty card and hand; the decision panel
	Log                   ui.Rect // the game's log, newest at the bottom
	Side                  ui.Rect // combat: the top of the log's column (else over the board's right edge) while a combat lasts
	Message               ui.Rect // refusals and the last event
	HouseRow, PlayerRow   float64
	NumHouses, NumPlayers int
	// Portrait is a phone held upright (NewPortraitLayout): the board on
	// top, under it the message line, the Tabs and one pane (Pane) that
	// shows the tab chosen — the decision and the hand, the houses, the
	// conspiracies or the log. Tap is the least height of a control there
	// (0: as drawn on the landscape canvas).
	Portrait bool
	Tabs     [NumTabs]ui.Rect
	Pane     ui.Rect
	Tap      float64
	Hint     ui.Rect // where the app's Hint button goes (portrait; else right of the prompt)
}

// rankNoteH is the line under the houses that says when their ranks
// were computed.
const rankNoteH = 20.0

// Column of the panels, right of the board.
const (
	PanelX = 980.0
	PanelW = ui.BaseW - 8 - PanelX
	// minLogColW is the narrowest column the log takes beside the board.
	minLogColW = 300.0
	// logColLines is how many lines of the log stay in view under the
	// combat card in the log's column.
	logColLines = 12
)

// LogColumn reports whether the log has a column of its own beside the
// board (else it sits under the panels, on a wide map).
func (l Layout) LogColumn() bool { return !l.Portrait && l.Log.X < PanelX }

// NewLayout splits the base canvas for a map grid of gw×gh cells, n
// players and houses houses (0: room for nine).
func NewLayout(gw, gh, n, houses int) Layout {
	if houses <= 0 {
		houses = 9
	}
	n = max(n, 2)
	var l Layout
	l.NumHouses, l.NumPlayers = houses, n
	l.Top = ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: 50}
	l.Prompt = ui.Rect{X: 16, Y: 8, W: 944, H: 34}
	l.Round = ui.Rect{X: PanelX, Y: 12, W: 196, H: 26}
	l.Tools = ui.Rect{X: 1180, Y: 8, W: 88, H: 34}
	l.Undo = ui.Rect{X: 1272, Y: 8, W: 112, H: 34}
	l.Redo = ui.Rect{X: 1388, Y: 8, W: 112, H: 34}
	l.Help = ui.Rect{X: 1504, Y: 8, W: 88, H: 34}
	l.Board = ui.Rect{X: 8, Y: 58, W: 960, H: 834}
	logCol := false
	if gw > 0 && gh > 0 {
		// The map's width at the board's height, and a margin of sea.
		need := math.Ceil(l.Board.H*float64(gw)/float64(gh)) + 16
		if need < l.Board.W && PanelX-8-(l.Board.X+need+8) >= minLogColW {
			l.Board.W, logCol = need, true
		}
	}
	l.HouseRow = 40
	if houses > 6 {
		l.HouseRow = 26
	}
	l.Houses = ui.Rect{X: PanelX, Y: 58, W: PanelW, H: 32 + l.HouseRow*float64(houses) + rankNoteH}
	l.PlayerRow = rowPitch(n)
	l.Players = ui.Rect{X: PanelX, Y: l.Houses.Y + l.Houses.H + 6, W: PanelW, H: 32 + l.PlayerRow*float64(n)}
	y := l.Players.Y + l.Players.H + 6
	l.Message = ui.Rect{X: PanelX, Y: 856, W: PanelW, H: 36}
	// The rest: the private and decision panels side by side, the log
	// beside the board the whole height, or under them with at least
	// three lines.
	rest := l.Message.Y - 6 - y
	pw := math.Round((PanelW - 6) / 2)
	if logCol {
		x := l.Board.X + l.Board.W + 8
		l.Log = ui.Rect{X: x, Y: l.Board.Y, W: PanelX - 8 - x, H: l.Board.H}
		l.Private = ui.Rect{X: PanelX, Y: y, W: pw, H: rest}
		l.Actions = ui.Rect{X: PanelX + pw + 6, Y: y, W: PanelW - pw - 6, H: rest}
		// The combat card tops the log's column, the newest lines of the
		// log staying in view under it.
		l.Side = ui.Rect{X: l.Log.X, Y: l.Log.Y, W: l.Log.W, H: l.Log.H - logHeadH - 6 - logColLines*logRowH - 6}
		return l
	}
	logH := math.Max(86, math.Min(150, rest-220))
	ph := rest - logH - 6
	l.Private = ui.Rect{X: PanelX, Y: y, W: pw, H: ph}
	l.Actions = ui.Rect{X: PanelX + pw + 6, Y: y, W: PanelW - pw - 6, H: ph}
	l.Log = ui.Rect{X: PanelX, Y: y + ph + 6, W: PanelW, H: logH}
	// The combat panel: a column at the board's right edge, where the
	// board fitted to its viewport leaves the sea's margin.
	// It may run down to the board's zoom buttons; the card is only as
	// tall as what it says.
	l.Side = ui.Rect{X: l.Board.X + l.Board.W - 244 - 6, Y: l.Board.Y + 6, W: 244, H: l.Board.H - 150}
	return l
}

// chooserRect is where a chooser goes: the private and decision panels'
// room, and the log's when it sits under them.
func (l Layout) chooserRect() ui.Rect {
	if l.Portrait {
		return l.Pane
	}
	bottom := l.Actions.Y + l.Actions.H
	if !l.LogColumn() {
		bottom = l.Log.Y + l.Log.H
	}
	return ui.Rect{X: l.Private.X, Y: l.Private.Y, W: PanelW, H: bottom - l.Private.Y}
}

// rowPitch is the height of one conspiracy's row: 36 base pixels up to
// four players, then smaller so that nine rows leave the private panel,
// the decisions and the log their room.
func rowPitch(n int) float64 {
	if n <= 4 {
		return 36
	}
	return math.Max(26, math.Floor(170/float64(n)))
}

// RankText is a rank or a span of ranks: "1st", "2nd–3rd".
func RankText(r rules.Rank) string {
	return words.Span(r.From, r.To)
}
