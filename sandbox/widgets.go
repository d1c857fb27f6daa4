package sandbox

import (
	"fmt"
	"math"
	"slices"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// Layout places the sandbox's panels right of the board: the
// houses (the table's panel: click a slot to cycle its agent), the tools,
// the position's steppers and the edited seat's cards.
type Layout struct {
	Table                          table.Layout
	Tools, Position, Seat, Message ui.Rect
}

// Layout is where the sandbox's parts sit for the position edited.
func (sb *Sandbox) Layout() Layout {
	l := table.NewLayout(sb.m.Grid.W, sb.m.Grid.H, sb.st.Players(), len(sb.m.Houses))
	// No log here: the board keeps the room up to the panels.
	l.Board.W = table.PanelX - 12 - l.Board.X
	y := l.Houses.Y + l.Houses.H + 6
	toolsH := 128.0
	if len(sb.m.Houses) > 6 {
		toolsH = 160
	}
	s := Layout{Table: l}
	s.Tools = ui.Rect{X: table.PanelX, Y: y, W: table.PanelW, H: toolsH}
	s.Position = ui.Rect{X: table.PanelX, Y: y + toolsH + 6, W: table.PanelW, H: 84}
	s.Seat = ui.Rect{X: table.PanelX, Y: s.Position.Y + s.Position.H + 6, W: table.PanelW, H: l.Message.Y - 6 - (s.Position.Y + s.Position.H + 6)}
	s.Message = ui.Rect{X: l.Message.X, Y: l.Message.Y, W: table.PanelW, H: l.Message.H}
	return s
}

// Widgets builds the sandbox screen (the board is drawn under them).
func (sb *Sandbox) Widgets() []ui.Widget {
	sl := sb.Layout()
	l := sl.Table
	ws := []ui.Widget{{R: l.Top, Kind: ui.WPanel, Fill: ui.ColPanelHi}}
	ws = append(ws, ui.Widget{R: ui.Rect{X: 16, Y: 8, W: 520, H: 34}, Kind: ui.WText, Text: "Sandbox — nothing is played yet", Size: 22, Bold: true, Ink: ui.ColGold,
		Tip: "Edit the position freely. The engine checks every edit; Play from here starts play under the rules from this position. Esc leaves with nothing changed."})
	save := ui.Button(ui.Rect{X: 548, Y: 8, W: 196, H: 34}, "Save scenario", ui.CmdTarget(ui.Command{Kind: ui.CmdSavePosition}))
	save.Key = ui.KeyCtrlS
	save.Tip = "Write this position to a scenario file (a new file in the scenarios folder; the engine checks the position first). Open it with: notrueking -scenario FILE."
	ws = append(ws, save)
	play := ui.Button(ui.Rect{X: 750, Y: 8, W: 216, H: 34}, "Play from here", ui.CmdTarget(ui.Command{Kind: ui.CmdSandboxPlay}))
	play.Key, play.Fill = ui.KeyP, ui.ColOK
	play.Tip = "Set the game up from this position (the engine checks all of it) and play on under the rules: a tester's game."
	if pr := sb.view.Public().Prompt; pr != "" {
		play.Tip += " First: " + pr
	}
	leave := ui.Button(ui.Rect{X: l.Undo.X, Y: l.Undo.Y, W: 228, H: 34}, "Leave", ui.CmdTarget(ui.Command{Kind: ui.CmdCancel}))
	leave.Key, leave.Tip = ui.KeyEsc, "Back to where you came from; the position edited here is dropped."
	help := ui.Button(l.Help, "?", ui.CmdTarget(ui.Command{Kind: ui.CmdHelp}))
	help.Key, help.Tip = ui.KeyF1, "Help: every key and the rules on one page."
	ws = append(ws, play, leave, help)
	ws = append(ws, ui.Widget{R: l.Round, Kind: ui.WText, Text: fmt.Sprintf("Round %d of %d", sb.st.Round(), sb.st.Rounds()), Size: 17, Ink: ui.ColText})

	ws = append(ws, sb.view.Panels().Houses(l)...)
	ws = append(ws, sb.toolWidgets(sl.Tools)...)
	ws = append(ws, sb.positionWidgets(sl.Position)...)
	ws = append(ws, sb.seatWidgets(sl.Seat)...)

	if sb.msg == "" {
		return append(ws, ui.MessageBar(sl.Message, "Click a territory: add one · right-click or Shift+click: remove one.", false, true)...)
	}
	return append(ws, ui.MessageBar(sl.Message, sb.msg, sb.msgErr, false)...)
}

// toolWidgets: the house palette, the unit kinds and the flag tool.
func (sb *Sandbox) toolWidgets(r ui.Rect) []ui.Widget {
	ws := ui.Panel(r, "Place for house")
	nh := len(sb.m.Houses)
	perRow := nh
	if nh > 6 {
		perRow = (nh + 1) / 2
	}
	bw := (r.W - 24 - float64(perRow-1)*4) / float64(perRow)
	for h, house := range sb.m.Houses {
		x := r.X + 12 + float64(h%perRow)*(bw+4)
		y := r.Y + 34 + float64(h/perRow)*32
		hc := ui.RGBA(house.Color)
		w := ui.Widget{R: ui.Rect{X: x, Y: y, W: bw, H: 28}, Kind: ui.WButton, Text: house.Name, Size: 15, Bold: true, Fill: hc, Ink: ui.TextOn(hc), Edge: ui.ColEdge,
			T: ui.CmdTarget(ui.Command{Kind: ui.CmdSandboxHouse, N: h}), Tip: fmt.Sprintf("Place House %s's units and flags.", house.Name)}
		if board.HouseID(h) == sb.house {
			w.Selected, w.Edge = true, ui.ColGold
		}
		ws = append(ws, w)
	}
	y := r.Y + 34 + float64((nh+perRow-1)/perRow)*32 + 4
	kinds := []board.Unit{board.Footman, board.Knight, board.Ship}
	if sb.hasDragons() {
		kinds = append(kinds, board.Dragon)
	}
	n := float64(len(kinds) + 1)
	kw := (r.W - 24 - (n-1)*6) / n
	for i, k := range kinds {
		w := ui.Button(ui.Rect{X: r.X + 12 + float64(i)*(kw+6), Y: y, W: kw, H: 32}, words.Title(k.String()), ui.CmdTarget(ui.Command{Kind: ui.CmdSandboxUnit, Unit: k}))
		w.Tip = fmt.Sprintf("Left-click a territory to add one %s of the chosen house; right-click or Shift+click to remove one.", k)
		if sb.tool == toolUnits && sb.unit == k {
			w.Selected, w.Fill = true, ui.ColButtonHi
			w.Edge = ui.ColGold
		}
		ws = append(ws, w)
	}
	fl := ui.Button(ui.Rect{X: r.X + 12 + float64(len(kinds))*(kw+6), Y: y, W: kw, H: 32}, "Flag", ui.CmdTarget(ui.Command{Kind: ui.CmdSandboxUnit, N: -1}))
	fl.Tip = "Left-click an empty land territory to put the chosen house's flag (its control marker) there; right-click or Shift+click to clear a flag."
	if sb.tool == toolFlag {
		fl.Selected, fl.Fill, fl.Edge = true, ui.ColButtonHi, ui.ColGold
	}
	return append(ws, fl)
}

// positionWidgets: round, first player and phase steppers.
func (sb *Sandbox) positionWidgets(r ui.Rect) []ui.Widget {
	ws := ui.Panel(r, "Position")
	y := r.Y + 40
	cw := (r.W - 24 - 2*30) / 3
	step := func(x float64, label, value string, kind ui.CmdKind, tip string) {
		ws = append(ws, ui.Text(ui.Rect{X: x, Y: y - 8, W: cw, H: 16}, label, 15, ui.ColDim))
		minus := ui.Button(ui.Rect{X: x, Y: y + 10, W: 30, H: 28}, "−", ui.CmdTarget(ui.Command{Kind: kind, N: -1}))
		plus := ui.Button(ui.Rect{X: x + cw - 30, Y: y + 10, W: 30, H: 28}, "+", ui.CmdTarget(ui.Command{Kind: kind, N: 1}))
		minus.Tip, plus.Tip = tip, tip
		ws = append(ws, minus, plus, ui.Widget{R: ui.Rect{X: x + 32, Y: y + 10, W: cw - 64, H: 28}, Kind: ui.WText, Text: value, Size: 15, Bold: true, Align: ui.AlignCenter, Ink: ui.ColText, Tip: tip})
	}
	x := r.X + 12
	step(x, "Round", fmt.Sprintf("%d of %d", sb.st.Round(), sb.st.Rounds()), ui.CmdSandboxRound, "The round (the game lasts one round per player).")
	step(x+cw+30, "First player", sb.view.SeatName(sb.st.First()), ui.CmdSandboxFirst, "The first player of this round: places and resolves first.")
	ph := phaseWords(sb.st.Phase())
	if n := len(sb.st.Pending()); n > 0 {
		ph += fmt.Sprintf(" (%s pending)", words.Count(n, "step"))
	}
	step(x+2*(cw+30), "Phase", ph, ui.CmdSandboxPhase, "The phase play goes on in. Changing it gives the turn to the first player and drops pending steps (an agent resolving, a combat).")
	return ws
}

// seatWidgets: the edited seat, its loyalty card and its hand, and the
// chosen house's cards to give it.
func (sb *Sandbox) seatWidgets(r ui.Rect) []ui.Widget {
	ws := ui.Panel(r, "Cards of")
	ws[1].R.W = 90
	np := sb.st.Players()
	sw := math.Min(110, (r.W-24-96-float64(np-1)*4)/float64(np))
	for i := range rules.Seat(np) {
		sc := ui.SeatColor(i)
		w := ui.Widget{R: ui.Rect{X: r.X + 104 + float64(i)*(sw+4), Y: r.Y + 6, W: sw, H: 26}, Kind: ui.WButton, Text: sb.view.SeatName(i), Size: 15, Bold: true, Fill: sc, Ink: ui.TextOn(sc), Edge: ui.ColEdge,
			T: ui.CmdTarget(ui.Command{Kind: ui.CmdSandboxSeat, N: int(i)}), Tip: fmt.Sprintf("Edit %s's loyalty card and hand.", sb.view.SeatName(i))}
		if i == sb.seat {
			w.Selected, w.Edge = true, ui.ColGold
		}
		ws = append(ws, w)
	}
	loyalty, hand := sb.st.Loyalty(sb.seat), sb.st.Hand(sb.seat)
	y := r.Y + 40
	ws = append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: y + 6, W: 60, H: 18}, "Loyalty", 15, ui.ColDim))
	nt := max(len(loyalty), 1)
	tw := math.Min(90, (r.W-24-60-96)/float64(nt))
	for k, h := range loyalty {
		hc := ui.RGBA(sb.m.Houses[h].Color)
		val := 0
		if k < len(sb.m.LoyaltySlots) {
			val = sb.m.LoyaltySlots[k]
		}
		t := fmt.Sprintf("%d %s", val, table.Abbrev(sb.hname(h)))
		up := sb.st.Revealed(sb.seat, h)
		if up {
			t += "↑"
		}
		w := ui.Widget{R: ui.Rect{X: r.X + 72 + float64(k)*tw, Y: y, W: tw - 4, H: 30}, Kind: ui.WButton, Text: t, Size: 15, Bold: true, Fill: hc, Ink: ui.TextOn(hc), Edge: ui.ColEdge,
			T:   ui.CmdTarget(ui.Command{Kind: ui.CmdSandboxToken, N: k}),
			Tip: fmt.Sprintf("Loyalty slot %d (worth %d): House %s, %s. Click two tokens to swap them; Reveal turns the selected one.", k+1, val, sb.hname(h), map[bool]string{true: "revealed (↑)", false: "face down"}[up])}
		if k == sb.tok {
			w.Selected, w.Edge = true, ui.ColGold
		}
		ws = append(ws, w)
	}
	rv := ui.Button(ui.Rect{X: r.X + r.W - 102, Y: y, W: 90, H: 30}, "Reveal", ui.CmdTarget(ui.Command{Kind: ui.CmdSandboxReveal}))
	rv.Tip, rv.Disabled = "Turn the selected loyalty token face up (or face down again).", sb.tok < 0
	ws = append(ws, rv)

	// Hand: click a card to put it back on its deck.
	y += 38
	ws = append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: y + 4, W: 60, H: 18}, "Hand", 15, ui.ColDim))
	handH := 64.0
	if len(hand) == 0 {
		ws = append(ws, ui.Text(ui.Rect{X: r.X + 72, Y: y + 4, W: r.W - 84, H: 18}, "no house cards", 15, ui.ColDim))
	}
	for i, rc := range ui.FlowRects(r.X+72, y, r.W-84, handH, 28, len(hand)) {
		ws = append(ws, sb.cardButton(rc, hand[i], -1))
	}
	// Give: the chosen house's cards not in this hand.
	y += handH + 6
	h := sb.house
	ws = append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: y + 4, W: 60, H: 36}, "Give\n"+table.Abbrev(sb.hname(h)), 15, ui.ColDim))
	var give []board.CardID
	for c := range sb.m.NumCards() {
		if sb.m.CardHouse(c) == h && !slices.Contains(hand, c) {
			give = append(give, c)
		}
	}
	gh := r.Y + r.H - 8 - y
	for i, rc := range ui.FlowRects(r.X+72, y, r.W-84, gh, 28, len(give)) {
		ws = append(ws, sb.cardButton(rc, give[i], 1))
	}
	return ws
}

// cardButton is a house card to take from the hand (n = -1) or give (+1).
func (sb *Sandbox) cardButton(r ui.Rect, id board.CardID, n int) ui.Widget {
	c, h := sb.m.CardAt(id), sb.m.CardHouse(id)
	hc := ui.HouseColor(sb.m, h)
	where := sb.cardPlace(id)
	fill := table.CardFill(hc)
	w := ui.Widget{R: r, Kind: ui.WButton, Text: fmt.Sprintf("%s +%d", c.Name, c.Strength), Size: 15, Fill: fill, Ink: ui.TextOn(fill), Edge: hc,
		T: ui.CmdTarget(ui.Command{Kind: ui.CmdSandboxCard, Card: id, N: n})}
	if n < 0 {
		w.Tip = fmt.Sprintf("%s. Click to put it back on top of House %s's deck.", table.CardTip(c, sb.hname(h)), sb.hname(h))
	} else {
		w.Tip = fmt.Sprintf("%s. Now %s. Click to give it to %s.", table.CardTip(c, sb.hname(h)), where, sb.view.SeatName(sb.seat))
	}
	return w
}

// cardPlace says where card id is in the position.
func (sb *Sandbox) cardPlace(id board.CardID) string {
	for h := range sb.m.NumHouses() {
		if slices.Contains(sb.st.Deck(h), id) {
			return "in its house's deck"
		}
		if slices.Contains(sb.st.Discard(h), id) {
			return "in its house's discard"
		}
	}
	for i := range rules.Seat(sb.st.Players()) {
		if slices.Contains(sb.st.Hand(i), id) {
			return "in " + sb.view.SeatName(i) + "'s hand"
		}
	}
	return "nowhere"
}
