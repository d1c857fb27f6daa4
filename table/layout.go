package table

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"notrueking/board"
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

// slotOrder is the left-to-right order of the slots: the order they resolve.
var slotOrder = [rules.NumSlots]rules.Slot{rules.Maester, rules.Marshal, rules.Lord}

// slotTips say what an agent on a slot does, in slot order.
var slotTips = [rules.NumSlots]string{
	"Maester: resolves first. Its agent takes one action for the house: muster, move or draw a house card. Afterwards it moves up to the Marshal slot if that is free.",
	"Marshal: resolves second. Its agent musters and moves for the house, in the order its player chooses (never draws). Afterwards it moves up to the Lord slot if that is free.",
	"Lord: resolves last. Its agent takes two different actions of muster, move and draw, in the order its player chooses, then returns to its owner.",
}

// TesterBadge is where a tester's game says so ("Tester's game — seed N"):
// in the top bar, between the prompt and the round, over no board.
var TesterBadge = ui.Rect{X: 640, Y: 12, W: 326, H: 26}

// tableWidgets builds the whole table screen (everything but the board's
// own drawing) for the current state.
func (u *Table) tableWidgets(l Layout) []ui.Widget {
	u.tap = l.Tap
	if l.Portrait {
		return u.portraitWidgets(l)
	}
	ws := u.topBar(l)
	pub := u.pos.pub
	ta := u.pos.eng.ToAct()

	ws = append(ws, u.HousesWidgets(l)...)
	ws = append(ws, u.PlayersWidgets(l)...)
	// The combat lies over the board's corner (or tops the log's column)
	// while it lasts: the board stays in view; so does the preview of an
	// attacking move.
	var combat []ui.Widget
	if pub.Combat != nil {
		combat = u.combatCardWidgets(l.Side, pub.Combat, combatLive)
	} else if cv := u.mv.preview(u.past.at != nil); cv != nil {
		combat = u.combatCardWidgets(l.Side, cv, combatPreview)
	}
	logR := l.Log
	if l.LogColumn() && len(combat) > 0 {
		top := combat[0].R.Y + combat[0].R.H + 6 // the card's panel
		logR.H -= top - logR.Y
		logR.Y = top
	}
	// The digest of what happened since the seat last looked tops what is
	// left of the log's column (else lies over the board's top).
	dr, dmax := logR, logR.H-logHeadH-6-logColLines*logRowH-6
	if !l.LogColumn() {
		dr, dmax = ui.Rect{X: l.Board.X + 6, Y: l.Board.Y + 6, W: l.Board.W - 12}, l.Board.H/2
	}
	digest, dh := u.recent.widgets(dr, dmax, &u.log, u.tap)
	if l.LogColumn() && dh > 0 {
		logR.Y += dh + 6
		logR.H -= dh + 6
	}
	chooser := len(u.ch.items) > 0 && u.pos.shown >= 0 && u.pos.shown == ta
	if chooser {
		// A chooser takes the private and decision panels' room (and the
		// log's under them): every choice stays on screen in readable
		// columns.
		u.hiddenPlays = nil
		ws = append(ws, u.actionWidgets(l.chooserRect())...)
	} else {
		ws = append(ws, u.privateWidgets(l.Private)...)
		ws = append(ws, u.actionWidgets(l.Actions)...)
	}
	if !chooser || l.LogColumn() {
		ws = append(ws, u.logWidgets(logR)...)
	}
	ws = append(ws, u.messageWidgets(l)...)
	ws = append(ws, combat...)
	ws = append(ws, digest...)
	return append(keyButtons(ws), u.followWidgets(l)...)
}

// topBar is the top bar: whose turn and what to do, the round, Tools,
// Undo, Redo and help.
func (u *Table) topBar(l Layout) []ui.Widget {
	var ws []ui.Widget
	pub := u.pos.pub
	// Top bar: whose turn and what to do.
	ws = append(ws, ui.Widget{R: l.Top, Kind: ui.WPanel, Fill: ui.ColPanelHi})
	ta := u.pos.eng.ToAct()
	prompt := pub.Prompt
	if prompt == "" && ta >= 0 {
		prompt = u.pos.seatName(ta) + " to act"
	}
	prompt += u.attendance.waitingText()
	pr := l.Prompt
	if u.tester && !l.Portrait {
		pr.W = TesterBadge.X - 12 - pr.X
	}
	pink := ui.Readable(ui.SeatColor(ta), ui.ColPanelHi)
	size := ui.FitSize(prompt, 24, 19, true, pr.W)
	text := prompt
	if l.Portrait && ui.TextWidth(prompt, size) > pr.W {
		// A phone's narrow top: the instruction on two lines, not cut.
		size = 16
		if lines := ui.WrapText(prompt, size, pr.W*0.93, 0); len(lines) > 1 { // bold is wider
			text = lines[0] + "\n" + strings.Join(lines[1:], " ")
		}
	}
	pw := ui.Widget{R: pr, Kind: ui.WText, Text: text, Size: size, Bold: true, Ink: pink, Tip: prompt}
	if !l.Portrait {
		FitPrompt(&pw)
	}
	ws = append(ws, pw)
	roundTip := fmt.Sprintf("The game lasts %s, one per player, so that everyone is first player once. The first player places first and resolves first; the role passes clockwise each round.", words.Count(pub.Rounds, "round"))
	info := fmt.Sprintf("Round %d of %d · first: %s", pub.Round, pub.Rounds, u.pos.seatName(pub.FirstPlayer))
	if l.Portrait {
		info = fmt.Sprintf("Round %d/%d", pub.Round, pub.Rounds) // the first player is bold in Players
	}
	rw := ui.Widget{R: l.Round, Kind: ui.WText, Text: info, Size: 16, Ink: ui.ColText, Tip: roundTip}
	if first := pub.FirstPlayer; !l.Portrait && !ui.Fits(rw, info) && u.pos.seatID(first) != "" {
		// A name too long for the line: the first player's glyph in its
		// colour (no two conspiracies share one), the name in the tip.
		rw.Text = fmt.Sprintf("Round %d of %d · first:", pub.Round, pub.Rounds)
		rw.Tip = fmt.Sprintf("First player this round: %s. %s", u.pos.seatWords(first), roundTip)
		// As wide as the text at every scale, the glyph beside it.
		for rw.R.W = math.Ceil(ui.TextWidth(rw.Text, rw.Size)); !ui.Fits(rw, rw.Text) && rw.R.W < l.Round.W-24; rw.R.W += 2 {
		}
		gx := rw.R.X + rw.R.W + 4
		ws = append(ws, rw, ui.Widget{R: ui.Rect{X: gx, Y: l.Round.Y + 3, W: 20, H: 20}, Kind: ui.WGlyph, Text: u.pos.seatID(first),
			Ink: ui.Readable(ui.SeatColor(first), ui.ColPanelHi), Tip: rw.Tip})
	} else {
		ws = append(ws, rw)
	}
	undo, redo := u.history.widgets(l.Undo, l.Redo)
	help := ui.Button(l.Help, "?", ui.CmdTarget(ui.Command{Kind: ui.CmdHelp}))
	help.Key, help.Tip = ui.KeyF1, "Help: every key and the rules on one page."
	ws = append(ws, undo, redo, help, u.toolsButton(l.Tools))
	return ws
}

// FitPrompt sets the instruction bar's text w (the top bar's, whose tip
// is the whole instruction) for its room, w.R: one line, else two in a
// smaller size, so that it is never cut. The app calls it again when it
// takes part of the bar (its Hint button).
func FitPrompt(w *ui.Widget) {
	prompt := w.Tip
	w.Text, w.Size = prompt, ui.FitSize(prompt, 24, 19, true, w.R.W)
	if ui.Fits(*w, prompt) {
		return
	}
	for size := 17.0; size >= 13; size-- {
		w.Size, w.Text = size, twoLines(prompt, size, w.R.W*0.93) // bold is wider
		if ui.Fits(*w, w.Text) {
			return
		}
	}
}

// messageWidgets is the message bar: a refusal or note, else the last
// event.
func (u *Table) messageWidgets(l Layout) []ui.Widget {
	var ws []ui.Widget
	if u.msg != "" {
		ws = ui.MessageBar(l.Message, u.msg, u.msgErr, false)
	} else if n := len(u.pos.pub.Log); n > 0 {
		ws = ui.MessageBar(l.Message, u.pos.pub.Log[n-1].Text, false, true)
	} else {
		return ui.MessageBar(l.Message, "", false, false)
	}
	if l.Portrait || len(ws) < 2 || ui.Fits(ws[1], ws[1].Text) {
		return ws
	}
	// Too long for one line: two lines, smaller, never cut (a longer
	// event is whole in the log).
	w := &ws[1]
	msg := w.Text
	w.R.Y, w.R.H = l.Message.Y+1, l.Message.H-2
	for size := 15.0; size >= 12; size-- {
		w.Size, w.Text = size, twoLines(msg, size, w.R.W)
		if ui.Fits(*w, w.Text) {
			break
		}
	}
	return ws
}

// twoLines is s wrapped to room w at size, the rows past the first
// joined on the second (FitLabels cuts it if it still does not fit).
func twoLines(s string, size, w float64) string {
	lines := ui.WrapText(s, size, w, 0)
	if len(lines) == 1 {
		return s
	}
	return lines[0] + "\n" + strings.Join(lines[1:], " ")
}

// passesTo is a notice's line w that says who the table passes to: the
// conspiracy alone when its player's name does not fit (the whole line in
// the tip), never cut.
func (u *Table) passesTo(w ui.Widget) ui.Widget {
	if ta := u.pos.eng.ToAct(); w.Text != "" && !ui.Fits(w, w.Text) && u.pos.seatID(ta) != "" {
		w.Tip, w.Text = w.Text, "then the table passes to "+words.Title(u.pos.seatID(ta))
	}
	return w
}

// shortestNeeded is the first of a widget's texts, longest first, that
// fits w (ui.Fits); the last when none does.
func shortestNeeded(w ui.Widget, texts ...string) string {
	for _, t := range texts {
		if ui.Fits(w, t) {
			return t
		}
	}
	return texts[len(texts)-1]
}

// HousesWidgets is the Houses panel: per house its name, its three slots
// (in resolution order), its rank and what the rank rests on (crowns,
// castles, towns, barrels), and its deck.
func (u *Table) HousesWidgets(l Layout) []ui.Widget {
	r := l.Houses
	ws := ui.Panel(r, "Houses")
	ws[1].R.W = 100 // the title over the names' column: the columns' heads follow
	ta := u.pos.eng.ToAct()
	active := u.pos.shown >= 0 && u.pos.shown == ta
	rowH := l.HouseRow
	if n := len(u.pos.m.Houses); n > 0 {
		rowH = math.Min(l.HouseRow*1.3, (r.H-32-rankNoteH)/float64(n))
	}
	// Under the rows: when the ranks were computed (they are not live).
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 12, Y: r.Y + r.H - rankNoteH - 2, W: r.W - 24, H: rankNoteH}, Kind: ui.WText, Text: "Ranks " + rankingAsOf(u.pos.pub.Log), Size: 15, Ink: ui.ColDim,
		Tip: "The houses are ranked once a round, when every agent has resolved; the ranks shown stay until the next round's are computed, whatever moves in between."})
	// Columns: name, three slots, rank, four facts, deck.
	nameW, rankW, factW, deckW, gap := 100.0, 66.0, 26.0, 36.0, 4.0
	compact := r.W < 500 // a phone's: no facts, no deck (their tips stay on the rank)
	if compact {
		nameW, factW, deckW, gap = 84, 0, 0, 2
	}
	x0 := r.X + 12
	slotX := x0 + nameW + gap
	slotW := (r.W - 24 - nameW - rankW - 4*factW - deckW - 4*gap) / 3
	rankX := slotX + 3*slotW + gap
	factX := rankX + rankW + gap
	deckX := factX + 4*factW + gap
	hy := r.Y + 8
	for i, s := range slotOrder {
		ws = append(ws, ui.Widget{R: ui.Rect{X: slotX + float64(i)*slotW, Y: hy, W: slotW - 6, H: 20}, Kind: ui.WText, Text: words.Title(s.String()), Size: 15, Align: ui.AlignCenter, Ink: ui.ColDim, Tip: u.pos.slotTip(i)})
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: rankX, Y: hy, W: rankW, H: 20}, Kind: ui.WText, Text: "Rank", Size: 15, Align: ui.AlignCenter, Ink: ui.ColDim,
		Tip: "Houses rank by crowns, then castles, then towns, then barrels, over the land they control. Equal houses share a span (3rd–4th). Ranks are computed at the end of each round; at the end of the game they decide which loyalty tokens score."})
	if !compact {
		for i, ic := range []string{"crown", "castle", "town", "barrel"} {
			ws = append(ws, ui.Widget{R: ui.Rect{X: factX + float64(i)*factW + 3, Y: hy, W: factW - 6, H: 20}, Kind: ui.WIcon, Text: ic, Tip: iconTips[ic]})
		}
		ws = append(ws, ui.Widget{R: ui.Rect{X: deckX, Y: hy, W: deckW, H: 20}, Kind: ui.WText, Text: "Deck", Size: 15, Align: ui.AlignCenter, Ink: ui.ColDim,
			Tip: "House cards left in the house's draw pile. A Maester or Lord may draw the top one."})
	}
	type slotAt struct {
		h board.HouseID
		s rules.Slot
	}
	hot := map[slotAt]bool{}
	if active {
		for _, a := range u.pos.legal {
			lost := a.Verb == rules.VLostOrders
			if (u.ch.picking == rules.VLostOrders) == lost && (lost || a.Verb == rules.VPlace || a.Verb == rules.VResolve || a.Verb == rules.VRemove) {
				hot[slotAt{a.House, a.Slot}] = true
			}
		}
	}
	rank := map[board.HouseID]rules.Rank{}
	for _, rk := range u.pos.pub.Ranking {
		rank[rk.House] = rk
	}
	for h := range u.pos.m.NumHouses() {
		house := &u.pos.m.Houses[h]
		y := r.Y + 32 + float64(h)*rowH
		bh := rowH - 4
		hc := ui.RGBA(house.Color)
		played := len(u.pos.pub.Discard(h))
		ws = append(ws, ui.Widget{R: ui.Rect{X: x0, Y: y, W: nameW, H: bh}, Kind: ui.WBox, Text: house.Name, Size: 15, Bold: true, Fill: hc, Ink: ui.TextOn(hc),
			Tip: fmt.Sprintf("House %s: anyone's agents may act for it. Home: %s. %s in its deck, %s played.", house.Name, u.pos.terrName(u.pos.m.HomeOf(h)), words.Count(u.pos.pub.DeckSize(h), "card"), words.Count(played, "card"))})
		for i, s := range slotOrder {
			sr := ui.Rect{X: slotX + float64(i)*slotW, Y: y, W: slotW - 6, H: bh}
			occ := rules.Seat(-1)
			if int(h) < len(u.pos.pub.Slots) {
				occ = u.pos.pub.Slots[h][s]
			}
			w := ui.Widget{R: sr, Kind: ui.WBox, Size: 15, Fill: ui.ColPanelHi, Ink: ui.ColDim, Edge: ui.ColEdge,
				T: ui.Target{Kind: ui.TSlot, House: h, Slot: s}, Text: "free"}
			w.Tip = fmt.Sprintf("%s %s slot, free. %s", house.Name, words.Title(s.String()), u.pos.slotTip(i))
			if occ >= 0 {
				w.Fill = ui.SeatColor(occ)
				w.Ink = ui.TextOn(w.Fill)
				w.Text = u.pos.seatName(occ)
				w.Tip = fmt.Sprintf("%s %s slot: %s's agent (%s). %s", house.Name, words.Title(s.String()), u.pos.seatName(occ), words.Title(u.pos.seatID(occ)), u.pos.slotTip(i))
			}
			w.Hot = hot[slotAt{h, s}]
			w.Selected = u.pos.pub.ResolvingHouse == h && u.pos.pub.ResolvingSlot == s && u.pos.pub.Phase == rules.PhaseResolve
			ws = append(ws, w)
			if occ >= 0 && !ui.Fits(w, w.Text) {
				// A name too long for the cell: the conspiracy's glyph on
				// its colour (no two share one), the name in the tip.
				ws[len(ws)-1].Text = ""
				gs := math.Min(18, bh-4)
				ws = append(ws, ui.Widget{R: ui.Rect{X: sr.X + (sr.W-gs)/2, Y: sr.Y + (sr.H-gs)/2, W: gs, H: gs}, Kind: ui.WGlyph, Text: u.pos.seatID(occ), Ink: w.Ink, Tip: w.Tip})
			}
		}
		rk, ok := rank[h]
		if ok && rk.From > 0 {
			ws = append(ws, ui.Widget{R: ui.Rect{X: rankX, Y: y, W: rankW, H: bh}, Kind: ui.WBox, Text: RankText(rk), Size: 15, Bold: true, Fill: ui.ColPanelHi, Ink: ui.ColText,
				Tip: fmt.Sprintf("House %s ranks %s: %s of land it controls. At the game's end a loyalty token of %s scores its slot's value if the slot's place lies in this span.", house.Name, RankText(rk), rankFacts(rk), house.Name)})
			for i, n := range []int{rk.Crowns, rk.Castles, rk.Towns, rk.Barrels} {
				if compact {
					break
				}
				ws = append(ws, ui.Widget{R: ui.Rect{X: factX + float64(i)*factW, Y: y, W: factW, H: bh}, Kind: ui.WBox, Text: fmt.Sprint(n), Size: 15, Fill: ui.ColPanel, Ink: ui.ColText,
					Tip: fmt.Sprintf("House %s: %s (%s)", house.Name, rankFacts(rk), "crowns, castles, towns and barrels decide the rank in this order")})
			}
		}
		if !compact {
			ws = append(ws, ui.Widget{R: ui.Rect{X: deckX, Y: y, W: deckW, H: bh}, Kind: ui.WBox, Text: fmt.Sprint(u.pos.pub.DeckSize(h)), Size: 15, Fill: ui.ColPanel, Ink: ui.ColText,
				Tip: fmt.Sprintf("%s left in House %s's deck; %s played.", words.Count(u.pos.pub.DeckSize(h), "card"), house.Name, words.Count(played, "card"))})
		}
	}
	return ws
}

// iconTips explain the rank facts' icons.
var iconTips = map[string]string{
	"crown":  "Crowns: the first thing a rank counts, over the land a house controls.",
	"castle": "Castles: the second thing a rank counts. A castle adds +4 to its defender.",
	"town":   "Towns: the third thing a rank counts. A town adds +2 to its defender.",
	"barrel": "Barrels: the last thing a rank counts; a house's barrels are its muster points.",
}

// PlayersWidgets is the Conspiracies panel: per seat its conspiracy, its
// player, agents in hand, house cards in hand per house (public) and its
// loyalty tokens as the public sees them.
func (u *Table) PlayersWidgets(l Layout) []ui.Widget {
	r := l.Players
	ws := ui.Panel(r, "Conspiracies")
	ta := u.pos.eng.ToAct()
	pitch := l.PlayerRow
	// The columns of the names and the agents in hand; narrower in a
	// Citadel game, whose pieces take a column of their own.
	nameCol, agentsCol := 96.0, 74.0
	if u.pos.isCitadel() {
		nameCol, agentsCol = 72, 66
	}
	// A phone's narrow pane: two lines a row, the loyalty tokens on the
	// second, under the name.
	compact := r.W < 500
	for k, p := range u.pos.pub.Players {
		i := p.Seat
		y := r.Y + 32 + float64(k)*pitch
		bh := pitch - 4
		lh := bh // the first line's height
		if compact {
			lh = math.Floor(bh / 2)
		}
		ty := y + lh/2 - 10 // the first line's text
		sc := ui.SeatColor(i)
		row := ui.Widget{R: ui.Rect{X: r.X + 8, Y: y - 1, W: r.W - 16, H: pitch - 2}, Kind: ui.WPanel, Fill: ui.ColPanel}
		if i == ta {
			row.Fill, row.Edge = ui.ColPanelHi, sc
		}
		ws = append(ws, row)
		x := r.X + 12
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 1, W: 86, H: bh - 2}, Kind: ui.WBox, Text: words.Title(p.ID), Size: 15, Bold: true, Fill: sc, Ink: ui.TextOn(sc),
			Tip: fmt.Sprintf("Conspiracy %s, played by %s. A conspiracy backs no house openly: its loyalty card says which houses it wants ranked high.", words.Title(p.ID), u.pos.seatName(i))})
		x += 90
		gh := math.Min(20, lh-2)
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + (lh-gh)/2, W: gh, H: gh}, Kind: ui.WGlyph, Text: p.ID, Ink: sc})
		x += gh + 4
		name := u.pos.seatName(i)
		nameTip := name + " plays " + words.Title(p.ID) + "."
		nameW := nameCol - 4
		lv := u.pos.botLevel(i)
		if lv != "" {
			nameTip = fmt.Sprintf("%s is %s bot: it plays %s from what its seat may see, nothing more.", name, words.Article(lv), words.Title(p.ID))
			nameW = nameCol - 38 // the "bot" tag keeps its place however long the name
		}
		tag := u.attendance.tag(i, ui.Rect{X: x + nameCol - 40, Y: ty + 1, W: 36, H: 18}, name)
		if tag != nil {
			nameW = nameCol - 44
			nameTip = tag.Tip
		}
		if i == u.pos.pub.FirstPlayer {
			nameTip += " First player this round."
		}
		nw := ui.Widget{R: ui.Rect{X: x, Y: ty, W: nameW, H: 20}, Kind: ui.WText, Text: name, Size: 15, Bold: i == u.pos.pub.FirstPlayer, Ink: ui.ColText, Tip: nameTip}
		nw.Text = shortName(nw, name)
		ws = append(ws, nw)
		if lv != "" {
			ws = append(ws, ui.Widget{R: ui.Rect{X: x + nameW + 2, Y: ty + 1, W: 30, H: 18}, Kind: ui.WBox, Text: "bot", Size: 12, Fill: ui.ColPanelHi, Edge: ui.ColDim, Ink: ui.ColText, Tip: nameTip})
		}
		if tag != nil {
			ws = append(ws, *tag)
		}
		x += nameCol
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: ty, W: agentsCol - 4, H: 20}, Kind: ui.WText, Text: words.Count(p.AgentsInHand, "agent"), Size: 15, Ink: ui.ColDim,
			Tip: fmt.Sprintf("%s in %s's hand, not yet on a slot. Everyone places three a round.", words.Count(p.AgentsInHand, "agent"), name)})
		x += agentsCol
		// Loyalty tokens as the public sees them, at the right.
		nt := max(len(p.Loyalty), 1)
		tw := math.Min(46, math.Floor(230/float64(nt)))
		tx := r.X + r.W - 12 - tw*float64(len(p.Loyalty))
		tokY, tokH, right := y+1, bh-2, tx // the tokens' line; where the first line ends
		if compact {
			tx0 := r.X + 12 + 90
			tw = math.Min(46, math.Floor((r.X+r.W-12-tx0)/float64(nt)))
			tx, tokY, tokH, right = tx0, y+lh+1, bh-lh-1, r.X+r.W-12
		}
		for k, tk := range p.Loyalty {
			w := ui.Widget{R: ui.Rect{X: tx + float64(k)*tw, Y: tokY, W: tw - 3, H: tokH}, Kind: ui.WBox, Size: 15, Bold: true}
			slot := fmt.Sprintf("Loyalty slot %d of %s's card, worth %s if its house's final rank span takes in place %d.", k+1, name, words.Count(tk.Value, "point"), k+1)
			if tk.Revealed && tk.House >= 0 {
				w.Fill = ui.HouseColor(u.pos.m, tk.House)
				w.Ink = ui.TextOn(w.Fill)
				w.Text = fmt.Sprint(tk.Value)
				if tw >= 44 {
					w.Text = Abbrev(u.pos.houseName(tk.House)) + fmt.Sprint(tk.Value)
				}
				w.Tip = slot + " Revealed: House " + u.pos.houseName(tk.House) + "."
			} else {
				w.Fill, w.Ink, w.Edge = ui.ColPanelHi, ui.ColText, ui.ColEdge
				w.Text = fmt.Sprintf("?%d", tk.Value)
				w.Tip = slot + " Its house is still secret."
			}
			u.citadel.seatToken(&w, i, k)
			ws = append(ws, w)
		}
		// The Citadel's pieces (counts), then the house cards in hand per
		// house (public), between.
		chips, cw := u.citadel.chips(p, x, y, lh, right-6-x)
		ws = append(ws, chips...)
		if k == 0 {
			ws = append(ws, u.citadel.head(r, x)...)
		}
		x += cw
		room := right - 6 - x
		var held []board.HouseID
		total := 0
		for h := range u.pos.m.NumHouses() {
			if n := p.HandSize(h); n > 0 {
				held = append(held, h)
				total += n
			}
		}
		handTip := fmt.Sprintf("%s holds %s", name, words.Count(total, "house card"))
		var parts []string
		for _, h := range held {
			parts = append(parts, fmt.Sprintf("%d %s", p.HandSize(h), u.pos.houseName(h)))
		}
		if len(parts) > 0 {
			handTip += ": " + strings.Join(parts, ", ")
		}
		handTip += ". Hand sizes are public, the cards secret."
		switch {
		case room < 60:
			// Little room (the Citadel's pieces): the hand's size alone.
			ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 2, W: math.Min(27, room), H: lh - 4}, Kind: ui.WBox, Text: fmt.Sprint(total), Size: 15, Bold: true, Fill: ui.ColPanelHi, Ink: ui.ColText, Edge: ui.ColEdge, Tip: handTip})
		case total == 0:
			ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: ty, W: room, H: 20}, Kind: ui.WText, Text: "no cards", Size: 15, Ink: ui.ColDim, Tip: handTip})
		case float64(len(held))*30 <= room:
			for _, h := range held {
				hc := ui.HouseColor(u.pos.m, h)
				ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 2, W: 27, H: lh - 4}, Kind: ui.WBox, Text: fmt.Sprint(p.HandSize(h)), Size: 15, Bold: true, Fill: hc, Ink: ui.TextOn(hc), Tip: handTip})
				x += 30
			}
		default:
			ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: ty, W: room, H: 20}, Kind: ui.WText, Text: words.Count(total, "card"), Size: 15, Ink: ui.ColText, Tip: handTip})
		}
	}
	return ws
}

// shortName is a player's name as the cell of w shows it, never cut: the
// name, else its first word, else nothing (the row's glyph and colour
// say whose it is, and the tip the whole name).
func shortName(w ui.Widget, name string) string {
	if ui.Fits(w, name) {
		return name
	}
	if first, _, ok := strings.Cut(name, " "); ok && ui.Fits(w, first) {
		return first
	}
	return ""
}

// Abbrev is a house name cut to three letters (a token's label).
func Abbrev(s string) string {
	if len(s) > 3 {
		return s[:3]
	}
	return s
}

// privateWidgets draws the shown seat's secrets: loyalty card and hand.
// With no seat shown (curtain, public) it draws nothing secret.
func (u *Table) privateWidgets(r ui.Rect) []ui.Widget {
	u.hiddenPlays = nil
	if u.pos.shown < 0 || int(u.pos.shown) >= len(u.pos.priv.Players) {
		ws := ui.Panel(r, "Private")
		return append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: r.Y + 36, W: r.W - 24, H: 20}, "Hidden until its player is looking.", 15, ui.ColDim))
	}
	p := u.pos.priv.Players[u.pos.shown]
	whole := fmt.Sprintf("%s (%s) — only you may look", u.pos.seatName(u.pos.shown), words.Title(p.ID))
	ws := ui.Panel(r, whole)
	ws[1].Text, ws[1].Tip = shortestNeeded(ws[1], whole,
		fmt.Sprintf("%s (%s) — private", u.pos.seatName(u.pos.shown), words.Title(p.ID)),
		fmt.Sprintf("%s (%s)", u.pos.seatName(u.pos.shown), words.Title(p.ID)),
		words.Title(p.ID)+" — private: only you may look",
		words.Title(p.ID)+" — private"), whole
	ws[0].Edge = ui.SeatColor(u.pos.shown)
	arranging := u.pos.has(rules.VArrange) && len(u.loyalty.houses) > 0
	exchanging := u.pos.has(rules.VExchange)
	y := r.Y + 32
	label := "Loyalty card"
	switch {
	case arranging:
		label = "Click a token, then another to swap"
	case exchanging:
		label = "Click two tokens to exchange them"
	}
	ws = append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: y, W: r.W - 24, H: 19}, label, 15, ui.ColDim))
	y += 21
	n := len(p.Loyalty)
	if arranging {
		n = len(u.loyalty.houses)
	}
	tw := math.Min(64, (r.W-24)/float64(max(n, 1)))
	th := 44.0
	for k := 0; k < n; k++ {
		var house board.HouseID
		var value int
		var revealed bool
		if arranging {
			house = u.loyalty.houses[k]
			if k < len(u.pos.m.LoyaltySlots) {
				value = u.pos.m.LoyaltySlots[k]
			}
		} else {
			tk := p.Loyalty[k]
			house, value, revealed = tk.House, tk.Value, tk.Revealed
		}
		w := ui.Widget{R: ui.Rect{X: r.X + 12 + float64(k)*tw, Y: y, W: tw - 4, H: th}, Kind: ui.WBox, Size: 15, Bold: true,
			T: ui.Target{Kind: ui.TToken, Index: k}}
		w.Fill = ui.HouseColor(u.pos.m, house)
		w.Ink = ui.TextOn(w.Fill)
		w.Text = fmt.Sprintf("%d\n%s", value, Abbrev(u.pos.houseName(house)))
		w.Tip = fmt.Sprintf("Slot %d of your loyalty card: House %s's token, worth %s at the game's end if %s's final rank span takes in place %d (6, 4, 3, 2 for the best four places).", k+1, u.pos.houseName(house), words.Count(value, "point"), u.pos.houseName(house), k+1)
		if revealed {
			w.Edge = ui.ColWhite
			w.Tip += " Revealed: everyone sees it."
		} else {
			w.Tip += " Face down: only you see it."
		}
		w.Hot = arranging || exchanging
		w.Selected = (arranging && u.loyalty.sel == k)
		for _, s := range u.loyalty.picked {
			if s == k {
				w.Selected = true
			}
		}
		if !(arranging || exchanging) {
			w.T = ui.Target{}
		}
		ws = append(ws, w)
	}
	y += th + 6
	if arranging {
		bh := math.Max(32, u.tap)
		sh := ui.Button(ui.Rect{X: r.X + 12, Y: y, W: 124, H: bh}, "Shuffle", ui.CmdTarget(ui.Command{Kind: ui.CmdShuffle}))
		sh.Key = ui.KeyS
		b := ui.Button(ui.Rect{X: r.X + 142, Y: y, W: r.W - 154, H: bh}, "Confirm", ui.CmdTarget(ui.Command{Kind: ui.CmdConfirmArrange}))
		b.Fill, b.Key = ui.ColOK, ui.KeyEnter
		b.Tip = "Confirm this loyalty card: slot 1 is worth 6, slot 2 4, slot 3 3, slot 4 2, the rest 0."
		return append(ws, sh, b)
	}
	wings, wh := u.citadel.wings(r, y, p)
	ws = append(ws, wings...)
	y += wh
	// Hand: playable cards are buttons.
	playable := map[board.CardID]rules.Action{}
	for _, a := range u.pos.legal {
		if a.Verb == rules.VPlay {
			playable[a.Card] = a
		}
	}
	if y+19 > r.Y+r.H-4 {
		// No room for the hand (a phone's pane): its plays become the
		// decision panel's buttons, its cards the panel's tooltip.
		var names []string
		for _, c := range p.Hand {
			names = append(names, CardLabel(u.pos.card(c)))
			if a, ok := playable[c]; ok && u.pos.shown == u.pos.eng.ToAct() {
				u.hiddenPlays = append(u.hiddenPlays, a)
			}
		}
		ws[0].Tip = "Hand: " + words.Count(len(p.Hand), "house card")
		if len(names) > 0 {
			ws[0].Tip += ": " + strings.Join(names, " · ")
		}
		return ws
	}
	head := len(ws)
	ws = append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: y, W: r.W - 24, H: 19}, "Hand: "+words.Count(len(p.Hand), "house card"), 15, ui.ColDim))
	y += 21
	// Playable cards first, so a long hand never hides one.
	hand := append([]board.CardID(nil), p.Hand...)
	sort.SliceStable(hand, func(i, j int) bool {
		_, pi := playable[hand[i]]
		_, pj := playable[hand[j]]
		return pi && !pj
	})
	cw := r.W - 24
	pitch, ch := 27.0, 24.0 // a card's row; a finger's on a phone
	if u.tap > 0 {
		pitch, ch = u.tap+3, u.tap
	}
	for k, id := range hand {
		c, h := u.pos.card(id), u.pos.cardHouse(id)
		cr := ui.Rect{X: r.X + 12, Y: y + float64(k)*pitch, W: cw, H: ch}
		if cr.Y+cr.H > r.Y+r.H-4 || (k < len(hand)-1 && cr.Y+cr.H+pitch > r.Y+r.H-4) {
			// The cards with no row: named on the line that says so, or
			// (no room for that line either) in the tooltip of the hand's.
			var rest []string
			for _, c := range hand[k:] {
				rest = append(rest, CardLabel(u.pos.card(c)))
			}
			if more := (ui.Rect{X: r.X + 12, Y: cr.Y + 2, W: r.W - 24, H: 19}); more.Y+more.H <= r.Y+r.H {
				m := ui.Text(more, fmt.Sprintf("… and %d more", len(hand)-k), 15, ui.ColDim)
				m.Tip = strings.Join(rest, " · ")
				ws = append(ws, m)
			} else {
				ws[head].Tip = strings.Join(rest, " · ")
			}
			// Cards that may be played but find no room here become
			// buttons of the decision panel: no legal play is ever hidden.
			if u.pos.shown == u.pos.eng.ToAct() {
				for _, c := range hand[k:] {
					if a, ok := playable[c]; ok {
						u.hiddenPlays = append(u.hiddenPlays, a)
					}
				}
			}
			break
		}
		tip := CardTip(c, u.pos.houseName(h))
		hc := ui.HouseColor(u.pos.m, h)
		if a, ok := playable[id]; ok && u.pos.shown == u.pos.eng.ToAct() {
			w := ui.ActionButton(cr, CardLabel(c), a)
			// Smaller for a long card (Dagmar Cleftjaw's four facts), the
			// room of a digit's key hint kept.
			w.Size = ui.FitSize(w.Text, 15, 12, true, cr.W-6-24)
			w.Edge = ui.ColGold
			w.Hot = true
			w.Tip = tip
			ws = append(ws, w)
			continue
		}
		fill := CardFill(hc)
		ws = append(ws, ui.Widget{R: cr, Kind: ui.WBox, Text: CardLabel(c), Size: 15, Fill: fill, Ink: ui.TextOn(fill), Edge: hc, Tip: tip})
	}
	return ws
}

// CardFill is the fill of a house card in the hand: the house's colour
// toned towards the panel, but never so dark that it sinks into the panel
// (Greyjoy's near-black is lifted).
func CardFill(hc color.RGBA) color.RGBA {
	f := ui.Mix(hc, ui.ColPanel, 0.35)
	if ui.Luminance(f) < 0.06 {
		f = ui.Mix(hc, ui.ColWhite, 0.3)
	}
	return f
}

// CardTip explains a house card.
func CardTip(c board.Card, house string) string {
	s := fmt.Sprintf("%s, a %s house card: +%d to House %s in a combat it fights.", c.Name, house, c.Strength, house)
	if c.Swords > 0 {
		s += fmt.Sprintf(" %s: the other side loses %s more.", words.Count(c.Swords, "sword"), words.Count(c.Swords, "unit"))
	}
	if c.Towers > 0 {
		s += fmt.Sprintf(" %s: %s lost fewer.", words.Count(c.Towers, "tower"), words.Count(c.Towers, "unit"))
	}
	if e := cardEffectText(c, house); e != "" {
		s += " " + e
	}
	return s
}

// actionWidgets is the panel of decisions: chooser, move steppers, or the
// legal actions that are made with buttons.
func (u *Table) actionWidgets(r ui.Rect) []ui.Widget {
	ws := ui.Panel(r, "Your decision")
	if u.pos.shown < 0 || u.pos.shown != u.pos.eng.ToAct() {
		return ws
	}
	x, y, w := r.X+12, r.Y+32, r.W-24
	bh := math.Max(32, u.tap+4)
	ch := math.Max(32, u.tap) // the Cancel and Move buttons' height
	cancel := func() ui.Widget {
		b := ui.Button(ui.Rect{X: x + w - 110, Y: r.Y + r.H - 8 - ch, W: 110, H: ch}, "Cancel", ui.CmdTarget(ui.Command{Kind: ui.CmdCancel}))
		b.Key, b.Fill = ui.KeyEsc, ui.ColPanelHi
		return b
	}
	if len(u.ch.items) > 0 {
		ws = append(ws, u.ch.widgets(r, x, y, w, ch)...)
		return append(ws, cancel())
	}
	if u.mv.from >= 0 && u.mv.to >= 0 {
		ws = append(ws, u.mv.widgets(r, x, y, w, ch, u.tap, u.past.at != nil)...)
		return append(ws, cancel())
	}
	var hint string
	switch {
	case u.pos.has(rules.VArrange):
		hint = "Arrange your loyalty card, then Confirm."
	case u.pos.has(rules.VPlace):
		hint = "Click a free slot to place an agent."
	case u.pos.has(rules.VRemove):
		hint = "Cersei: click a highlighted agent to remove it, or decline."
	case u.pos.has(rules.VResolve):
		hint = "Click one of your highlighted agents."
	case u.mv.from >= 0:
		hint = "Click a highlighted territory to move there."
	case u.pos.has(rules.VMuster):
		hint = words.Count(u.pos.pub.MusterPoints, "muster point") + " left: click a highlighted territory."
	case u.pos.has(rules.VMove):
		hint = "Click a highlighted territory to move troops from it."
	case u.pos.has(rules.VRetreat):
		hint = "Click a highlighted territory for the loser's retreat."
	case u.pos.has(rules.VExchange):
		hint = "Click two of your tokens to exchange them, or keep."
	case u.pos.has(rules.VPlay):
		hint = "Play a highlighted card from your hand, or pass."
	case u.pos.has(rules.VPass):
		hint = "You hold no card of a house in this combat."
	case u.pos.has(rules.VWinner):
		hint = "The powers are tied: name the winner."
	}
	if h := u.citadel.hint(); h != "" {
		hint = h
	}
	if u.pos.has(rules.VResolve) && (u.pos.has(rules.VLostOrders) || u.pos.has(rules.VIllTidings)) {
		hint = "Click one of your agents, or first play a Dark Wings card."
	}
	var buttons []rules.Action
	for _, a := range u.pos.buttonActions() {
		if a.Verb != rules.VPlay { // cards are played from the hand
			buttons = append(buttons, a)
		}
	}
	// ... unless the hand panel had no room for them (privateWidgets).
	buttons = append(buttons, u.hiddenPlays...)
	peek := ""
	if len(u.pos.priv.Peek) > 0 && u.pos.priv.PeekSeat >= 0 {
		names := make([]string, len(u.pos.priv.Peek))
		for i, c := range u.pos.priv.Peek {
			names[i] = u.pos.card(c).Name
		}
		peek = u.pos.seatName(u.pos.priv.PeekSeat) + " holds: " + strings.Join(names, ", ")
	}
	if hint != "" {
		// Two lines when the hint is long and there is room for it.
		lines := 1
		wrap := 34
		if u.tap > 0 {
			wrap = int(w / 8) // a phone's pane is wider
		}
		if len(hint) > wrap && r.Y+r.H-y-2*20 >= float64(len(buttons))*24 {
			lines = 2
			hint = ui.WrapWords(hint, wrap)
		}
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 19 * float64(lines)}, Kind: ui.WText, Text: hint, Size: 15, Ink: ui.ColText, Tip: strings.ReplaceAll(hint, "\n", " ")})
		y += 19*float64(lines) + 4
	}
	if odds := u.citadel.oddsLine(ui.Rect{X: x, Y: y, W: w, H: 19}); odds != nil {
		ws = append(ws, odds...)
		y += 23
	}
	peekH := 0.0
	if peek != "" {
		peekH = 22
	}
	// The Citadel's buttons: the fourth choice after the Maester's three,
	// the players whose tokens Dig Up Dirt may look at.
	extra := u.citadel.buttons()
	at := 0
	for at < len(buttons) && buttons[at].Verb == rules.VChoose {
		at++
	}
	rs := ui.FlowRects(x, y, w, r.Y+r.H-6-peekH-y, bh, len(buttons)+len(extra))
	for i := range extra {
		extra[i].R = rs[at+i]
		if c := extra[i].T.Cmd; c.Kind == ui.CmdUncoverSeat {
			// "Crown's tokens…", or only "Crown" in a narrow column.
			extra[i].Text = shortestNeeded(keyed(extra[i]), extra[i].Text, words.Title(u.pos.seatID(rules.Seat(c.N))))
		}
	}
	if len(rs) > 0 {
		y = rs[len(rs)-1].Y + rs[len(rs)-1].H
	}
	rs = append(rs[:at:at], rs[at+len(extra):]...)
	for i, a := range buttons {
		b := ui.ActionButton(rs[i], u.pos.describe(a), a)
		if a.Verb == rules.VDone || a.Verb == rules.VPass || a.Verb == rules.VKeep || a.Verb == rules.VDecline {
			b.Fill = ui.ColPanelHi
		}
		if a.Verb == rules.VPlay {
			b.Tip = CardTip(u.pos.card(a.Card), u.pos.houseName(u.pos.cardHouse(a.Card)))
		}
		if t := u.citadel.tip(a); t != "" {
			b.Tip = t
		}
		ws = append(ws, b)
	}
	ws = append(ws, extra...)
	if peek != "" {
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 3, W: w, H: 19}, Kind: ui.WText, Text: peek, Size: 15, Ink: ui.ColText, Tip: peek})
	}
	return ws
}

// logWidgets is the log panel: the newest public lines, newest at the bottom.
func (u *Table) logWidgets(r ui.Rect) []ui.Widget {
	viewing := -1
	if u.past.at != nil {
		viewing = u.past.at.n
	}
	return u.log.logWidgets(r, u.past.present, u.pos.logSeat(), viewing)
}

// unitTips explain the units.
var unitTips = [board.NumUnits]string{
	board.Footman: "Footman: strength 1 on land, 0 at sea. Mustered for 1 point where the house has barrels.",
	board.Knight:  "Knight: strength 2 on land, 1 at sea. A footman promoted for 1 muster point.",
	board.Ship:    "Ship: strength 1 at sea; carries one footman or knight. Mustered into a port or adjacent sea.",
	board.Dragon:  "Dragon: strength 3 on land and at sea. A knight promoted (nine-player map).",
}

// tooltip describes territory t (public facts only) in a box near (x, y),
// clear of avoid (the message line).
func (u *Table) tooltip(t board.TerrID, x, y float64, avoid ui.Rect) []ui.Widget {
	if !u.pos.m.HasTerr(t) {
		return nil
	}
	tr := u.pos.m.Territories[t]
	lines := []string{}
	var facts []string
	switch tr.Kind {
	case board.Sea:
		facts = append(facts, "Sea")
	case board.Port:
		facts = append(facts, "Port")
		if tr.PortOf >= 0 {
			facts[0] = "Port of " + u.pos.m.Territories[tr.PortOf].Name
		}
	case board.Road:
		facts = append(facts, "Road")
	default:
		facts = append(facts, "Land")
	}
	if tr.Crowns > 0 {
		facts = append(facts, words.Count(tr.Crowns, "crown"))
	}
	if tr.Barrels > 0 {
		facts = append(facts, words.Count(tr.Barrels, "barrel"))
	}
	if tr.Fortress != board.NoFortress {
		facts = append(facts, fmt.Sprintf("%s (defender +%d)", tr.Fortress, tr.Fortress.DefenceBonus()))
	}
	lines = append(lines, strings.Join(facts, " · "))
	// Nine-player map: the fortification while it stands, the home region,
	// the rivers on this territory's borders.
	if holder, ok := u.pos.pub.Fort(t); ok {
		if holder < 0 {
			lines = append(lines, "Fortification +1, unheld: first in holds it")
		} else {
			lines = append(lines, "Fortification +1, held by "+u.pos.houseName(holder))
		}
	}
	if rg, h, ok := u.pos.m.RegionOf(t); ok && h >= 0 {
		lines = append(lines, rg.Name+": "+u.pos.houseName(h)+" fights here at +1")
	}
	for _, r := range u.pos.m.Rivers {
		for _, b := range r.Borders {
			if b[0] == int(t) || b[1] == int(t) {
				o := b[0] + b[1] - int(t)
				lines = append(lines, r.Name+" blocks the way to "+u.pos.m.Territories[o].Name)
			}
		}
	}
	if h := u.pos.pub.Controller(t); h >= 0 {
		held := "Held by " + u.pos.houseName(h)
		if u.pos.pub.Flag(t) >= 0 {
			held += " (flag)"
		}
		lines = append(lines, held)
	}
	for _, g := range u.pos.pub.Groups {
		if g.Territory == t {
			lines = append(lines, u.pos.houseName(g.House)+": "+words.Units(g.Units))
		}
	}
	w := 340.0
	h := 36 + 21*float64(len(lines))
	bx, by := x+18, y+18
	if bx+w > ui.BaseW-4 {
		bx = x - w - 12
	}
	if by+h > ui.BaseH-4 {
		by = ui.BaseH - 4 - h
	}
	box := ui.Rect{X: bx, Y: by, W: w, H: h}
	if ui.Overlap(box, avoid) > 0 {
		box.Y = math.Max(4, avoid.Y-4-h)
	}
	ws := []ui.Widget{
		{R: box, Kind: ui.WPanel, Fill: ui.ColTip, Edge: ui.ColGold},
		// The whole name first, then the map code a small board writes
		// where the name finds no room (placer.LabelItem.Code).
		{R: ui.Rect{X: box.X + 10, Y: box.Y + 6, W: w - 20, H: 22}, Kind: ui.WText, Text: nameAndCode(tr), Size: 18, Bold: true, Ink: ui.ColGold},
	}
	for i, l := range lines {
		ws = append(ws, ui.Text(ui.Rect{X: box.X + 10, Y: box.Y + 32 + 21*float64(i), W: w - 20, H: 20}, l, 15, ui.ColText))
	}
	return ws
}

// nameAndCode is a territory's tooltip title: its whole name, and its
// map code when it has one.
func nameAndCode(tr board.Territory) string {
	if tr.Code == "" {
		return tr.Name
	}
	return tr.Name + " (" + strings.ToUpper(tr.Code) + ")"
}

// rankFacts lists what a house's rank rests on: "2 crowns, 1 castle, 0 towns, 3 barrels".
func rankFacts(r rules.Rank) string {
	return strings.Join([]string{words.Count(r.Crowns, "crown"), words.Count(r.Castles, "castle"), words.Count(r.Towns, "town"), words.Count(r.Barrels, "barrel")}, ", ")
}

// rankingAsOf says when the ranking shown was computed: the map's
// starting ranking until the first round has resolved every agent, then
// the one computed at the end of the last round resolved (the engine
// ranks the houses once a round, when every agent has resolved).
func rankingAsOf(log []rules.LogLine) string {
	rounds := 0
	for _, l := range log {
		switch l.Event {
		case rules.EvRanksComputed.String():
			rounds++
		case rules.EvGameOver.String():
			return "final"
		}
	}
	if rounds == 0 {
		return "as at the start (ranked at each round's end)"
	}
	return fmt.Sprintf("as of the end of round %d", rounds)
}
