package app

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// The sandbox (issue 9, for testers): edit a position freely — units,
// flags, agents, house cards, loyalty cards, round, first player and
// phase — then play on from it under the rules. Everything edits a copy
// of the game (rules.Game.Clone) through the engine's editor
// (rules.Editor), which checks every edit as it comes: a refused edit
// shows the engine's words in the message line and changes nothing. The
// game it came from is not touched, and Esc leaves with nothing changed.
// "Play from here" builds the game with the editor's Build (the whole
// position checked) and hands it to a.playPosition.

// sandboxTool is what a click on a territory does.
type sandboxTool int

const (
	toolUnits sandboxTool = iota // add (left) or remove (right, Shift) a unit
	toolFlag                     // set (left) or clear (right, Shift) a flag
)

// sandboxPhases are the phases the phase stepper offers.
var sandboxPhases = []rules.Phase{rules.PhaseLoyalty, rules.PhasePlace, rules.PhaseResolve, rules.PhaseExchange}

// sandboxUI is the sandbox's state: the position being edited, the
// scratch table that shows it, the tools chosen and where it came from.
type sandboxUI struct {
	m *board.Map
	g *rules.Game // the position being edited: a copy, never played
	// st is g's position as the last edit left it.
	st rules.Position
	// view shows the position: a table.Table over the game built from it (its
	// board and houses panel are the table's own).
	view *table.Table

	house board.HouseID // the house whose units and flags are placed
	unit  board.Unit    // the unit kind placed
	tool  sandboxTool   // units or flags
	seat  rules.Seat    // the seat whose cards and loyalty card are edited
	tok   int           // the loyalty token selected to swap or reveal, -1 none
	// shift is whether Shift was held at the last tick (Shift+click
	// removes, as a right click does).
	shift bool

	msg    string
	msgErr bool
}

// newSandbox opens the sandbox on g's position (a copy). It fails when
// the engine refuses the position.
func newSandbox(g *rules.Game) (*sandboxUI, error) {
	sb := &sandboxUI{m: g.Map(), g: g.Clone(), tok: -1, unit: board.Footman}
	shown, err := sb.g.Edit().Build()
	if err != nil {
		return nil, err
	}
	sb.st = sb.g.Position()
	sb.view = table.New(rules.HotSeat(shown), table.Options{Seed: g.Config().Seed})
	return sb, nil
}

// show redraws the board and houses panel from the edited position: the
// game play would start from, or, while the engine refuses the whole
// position (Play from here says why), the position as edited.
func (sb *sandboxUI) show() {
	sb.st = sb.g.Position()
	if g, err := sb.g.Edit().Build(); err == nil {
		sb.view.SetGame(rules.HotSeat(g), rules.Public)
	} else {
		sb.view.SetGame(rules.HotSeat(sb.g).Frozen(), rules.Public)
	}
}

func (sb *sandboxUI) say(s string, isErr bool) { sb.msg, sb.msgErr = s, isErr }

// edit reports one edit of the engine's editor: its refusal, or done
// and the position shown again.
func (sb *sandboxUI) edit(err error, done string) bool {
	if err != nil {
		sb.say("Refused: "+words.Sentence(err.Error()), true)
		return false
	}
	sb.say(done, false)
	sb.show()
	return true
}

func (sb *sandboxUI) hname(h board.HouseID) string { return sb.m.Houses[h].Name }
func (sb *sandboxUI) tname(t board.TerrID) string  { return sb.m.Territories[t].Name }

// addUnit adds one unit of the chosen kind and house to territory t
// (n = +1), or removes one (n = -1).
func (sb *sandboxUI) addUnit(t board.TerrID, n int) bool {
	if !sb.m.HasTerr(t) {
		return false
	}
	h, k := sb.house, sb.unit
	u := sb.st.Units(t, h)
	if n < 0 && u[k] == 0 {
		sb.say(fmt.Sprintf("House %s has no %s in %s to remove.", sb.hname(h), words.Plural(2, k.String()), sb.tname(t)), true)
		return false
	}
	u[k] += n
	return sb.edit(sb.g.Edit().Units(t, h, u), fmt.Sprintf("House %s in %s: %s.", sb.hname(h), sb.tname(t), words.Units(u)))
}

// setFlag puts the chosen house's flag in territory t (set), or clears
// the flag there.
func (sb *sandboxUI) setFlag(t board.TerrID, set bool) bool {
	if !sb.m.HasTerr(t) {
		return false
	}
	h, done := board.NoHouse, fmt.Sprintf("No flag in %s.", sb.tname(t))
	if set {
		h, done = sb.house, fmt.Sprintf("House %s's flag in %s.", sb.hname(sb.house), sb.tname(t))
	}
	return sb.edit(sb.g.Edit().Flag(t, h), done)
}

// clickTerritory applies the tool to territory t; remove is a right click
// or Shift+click.
func (sb *sandboxUI) clickTerritory(t board.TerrID, remove bool) {
	if sb.tool == toolFlag {
		sb.setFlag(t, !remove)
		return
	}
	if remove {
		sb.addUnit(t, -1)
	} else {
		sb.addUnit(t, 1)
	}
}

// cycleAgent puts the next seat's agent on house h's slot s (none after
// the last seat). A seat the engine refuses (no agent left in hand) is
// skipped, and its reason shown.
func (sb *sandboxUI) cycleAgent(h board.HouseID, s rules.Slot) {
	if !sb.m.HasHouse(h) {
		return
	}
	np := rules.Seat(sb.st.Players())
	occ := sb.st.Agent(h, s)
	var skipped []string
	for i := rules.Seat(1); i <= np; i++ {
		next := (occ+1+i)%(np+1) - 1 // occ+1 … np-1, then -1 (none), then 0 …
		if err := sb.g.Edit().Agent(h, s, next); err != nil {
			skipped = append(skipped, fmt.Sprintf("%s skipped (%v)", sb.view.SeatName(next), err))
			continue
		}
		who := "free"
		if next >= 0 {
			who = sb.view.SeatName(next) + "'s agent"
		}
		done := fmt.Sprintf("%s %s: %s.", sb.hname(h), words.Title(s.String()), who)
		if len(skipped) > 0 {
			done += " " + strings.Join(skipped, "; ") + "."
		}
		sb.edit(nil, done)
		return
	}
}

// giveCard moves house card c into the edited seat's hand (from a deck,
// a discard or another hand).
func (sb *sandboxUI) giveCard(c board.CardID) bool {
	if !sb.m.HasCard(c) {
		return false
	}
	return sb.edit(sb.g.Edit().GiveCard(sb.seat, c), fmt.Sprintf("%s now holds %s.", sb.view.SeatName(sb.seat), sb.m.CardAt(c).Name))
}

// takeCard returns house card c from a hand to the top of its house's deck.
func (sb *sandboxUI) takeCard(c board.CardID) bool {
	if !sb.m.HasCard(c) {
		return false
	}
	return sb.edit(sb.g.Edit().DeckTop(sb.m.CardHouse(c), []board.CardID{c}, false), fmt.Sprintf("%s is back on top of its house's deck.", sb.m.CardAt(c).Name))
}

// clickToken selects a token of the edited loyalty card, or swaps it with
// the one selected.
func (sb *sandboxUI) clickToken(i int) {
	order := sb.st.Loyalty(sb.seat)
	if i < 0 || i >= len(order) {
		return
	}
	if sb.tok < 0 || sb.tok >= len(order) {
		sb.tok = i
		sb.say(fmt.Sprintf("Token %s selected: click another to swap them, or Reveal.", sb.hname(order[i])), false)
		return
	}
	j := sb.tok
	sb.tok = -1
	if i == j {
		sb.say("", false)
		return
	}
	order[i], order[j] = order[j], order[i]
	sb.edit(sb.g.Edit().Loyalty(sb.seat, order), fmt.Sprintf("%s's loyalty card: %s and %s swapped.", sb.view.SeatName(sb.seat), sb.hname(order[j]), sb.hname(order[i])))
}

// toggleReveal turns the selected token face up or face down.
func (sb *sandboxUI) toggleReveal() {
	order := sb.st.Loyalty(sb.seat)
	if sb.tok < 0 || sb.tok >= len(order) {
		sb.say("Select a loyalty token first.", true)
		return
	}
	h := order[sb.tok]
	up := !sb.st.Revealed(sb.seat, h)
	word := "face down"
	if up {
		word = "revealed"
	}
	sb.tok = -1
	sb.edit(sb.g.Edit().Reveal(sb.seat, h, up), fmt.Sprintf("%s's %s token %s.", sb.view.SeatName(sb.seat), sb.hname(h), word))
}

// stepRound, stepFirst and stepPhase are the position's steppers.
func (sb *sandboxUI) stepRound(n int) {
	r := sb.st.Round() + n
	sb.edit(sb.g.Edit().Round(r), fmt.Sprintf("Round %d of %d.", r, sb.st.Rounds()))
}

func (sb *sandboxUI) stepFirst(n int) {
	np := rules.Seat(sb.st.Players())
	f := ((sb.st.First()+rules.Seat(n))%np + np) % np
	sb.edit(sb.g.Edit().First(f), fmt.Sprintf("First player: %s.", sb.view.SeatName(f)))
}

// stepPhase moves to the next (or previous) phase (rules.Editor.Phase:
// the turn goes to the first player, pending steps are dropped, agents in
// hand are three less those on slots, and loyalty cards count as arranged
// except in the loyalty phase).
func (sb *sandboxUI) stepPhase(n int) {
	i := slices.Index(sandboxPhases, sb.st.Phase())
	if i < 0 {
		i = slices.Index(sandboxPhases, rules.PhaseResolve) // combat: resolution
		if n > 0 {
			n--
		}
	}
	p := sandboxPhases[((i+n)%len(sandboxPhases)+len(sandboxPhases))%len(sandboxPhases)]
	sb.edit(sb.g.Edit().Phase(p), "Phase: "+phaseWords(p)+".")
}

// phaseWords names a phase for the sandbox's stepper.
func phaseWords(p rules.Phase) string {
	switch p {
	case rules.PhaseLoyalty:
		return "loyalty cards"
	case rules.PhasePlace:
		return "placing agents"
	case rules.PhaseResolve:
		return "resolving agents"
	case rules.PhaseCombat:
		return "combat"
	case rules.PhaseExchange:
		return "exchange"
	case rules.PhaseOver:
		return "game over"
	}
	return string(p)
}

// play sets the game up from the position: the editor's Build, whose
// refusal stays in the message line with every edit kept.
func (sb *sandboxUI) play() (*rules.Game, bool) {
	g, err := sb.g.Edit().Build()
	if err != nil {
		sb.say("The engine refuses this position: "+err.Error(), true)
		return nil, false
	}
	return g, true
}

// hasDragons reports whether any house of the map may have dragons.
func (sb *sandboxUI) hasDragons() bool {
	for _, h := range sb.m.Houses {
		if h.Limits[board.Dragon] > 0 {
			return true
		}
	}
	return false
}

// sandboxLayout places the sandbox's panels right of the board: the
// houses (the table's panel: click a slot to cycle its agent), the tools,
// the position's steppers and the edited seat's cards.
type sandboxLayout struct {
	l                              table.Layout
	Tools, Position, Seat, Message ui.Rect
}

func (sb *sandboxUI) layout() sandboxLayout {
	l := table.NewLayout(sb.m.Grid.W, sb.m.Grid.H, sb.st.Players(), len(sb.m.Houses))
	// No log here: the board keeps the room up to the panels.
	l.Board.W = table.PanelX - 12 - l.Board.X
	y := l.Houses.Y + l.Houses.H + 6
	toolsH := 128.0
	if len(sb.m.Houses) > 6 {
		toolsH = 160
	}
	s := sandboxLayout{l: l}
	s.Tools = ui.Rect{X: table.PanelX, Y: y, W: table.PanelW, H: toolsH}
	s.Position = ui.Rect{X: table.PanelX, Y: y + toolsH + 6, W: table.PanelW, H: 84}
	s.Seat = ui.Rect{X: table.PanelX, Y: s.Position.Y + s.Position.H + 6, W: table.PanelW, H: l.Message.Y - 6 - (s.Position.Y + s.Position.H + 6)}
	s.Message = ui.Rect{X: l.Message.X, Y: l.Message.Y, W: table.PanelW, H: l.Message.H}
	return s
}

// widgets builds the sandbox screen.
func (sb *sandboxUI) widgets() []ui.Widget {
	sl := sb.layout()
	l := sl.l
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
func (sb *sandboxUI) toolWidgets(r ui.Rect) []ui.Widget {
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
func (sb *sandboxUI) positionWidgets(r ui.Rect) []ui.Widget {
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
func (sb *sandboxUI) seatWidgets(r ui.Rect) []ui.Widget {
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
func (sb *sandboxUI) cardButton(r ui.Rect, id board.CardID, n int) ui.Widget {
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
func (sb *sandboxUI) cardPlace(id board.CardID) string {
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

// command carries out a sandbox command.
func (sb *sandboxUI) command(c ui.Command) {
	switch c.Kind {
	case ui.CmdSandboxHouse:
		if h := board.HouseID(c.N); sb.m.HasHouse(h) {
			sb.house = h
		}
	case ui.CmdSandboxUnit:
		if c.N < 0 {
			sb.tool = toolFlag
		} else {
			sb.tool, sb.unit = toolUnits, c.Unit
		}
	case ui.CmdSandboxSeat:
		if c.N >= 0 && c.N < sb.st.Players() {
			sb.seat, sb.tok = rules.Seat(c.N), -1
		}
	case ui.CmdSandboxToken:
		sb.clickToken(c.N)
	case ui.CmdSandboxReveal:
		sb.toggleReveal()
	case ui.CmdSandboxCard:
		if c.N < 0 {
			sb.takeCard(c.Card)
		} else {
			sb.giveCard(c.Card)
		}
	case ui.CmdSandboxRound:
		sb.stepRound(c.N)
	case ui.CmdSandboxFirst:
		sb.stepFirst(c.N)
	case ui.CmdSandboxPhase:
		sb.stepPhase(c.N)
	}
}

// sandboxScene is the sandbox: the board shows the edited position.
type sandboxScene struct {
	sb *sandboxUI
	// back is where Esc goes, nothing changed: the table the sandbox was
	// opened from (from: its game), or the start screen (from: nil).
	back Scene
	from *liveGame
}

func (s *sandboxScene) Show(*Context) Shown {
	sb := s.sb
	// The sandbox's layout, not the table's: no log column, the board
	// reaching the panels (issue 32: the table's left it 450 px short).
	l := sb.layout().l
	sh := Shown{Widgets: sb.widgets(), Board: &BoardShown{Table: sb.view, Area: l.Board, Sel: -1, Input: true}, Banner: footBanner(l)}
	if s.from != nil {
		sh.Live = s.from
	}
	return sh
}

// Keys: a right click (or Shift+click) on a territory removes; Esc leaves.
func (s *sandboxScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	sb := s.sb
	sb.shift = in.Shift
	changed := false
	if in.Right {
		if t := c.territoryAt(in.X, in.Y); t >= 0 {
			sb.clickTerritory(board.TerrID(t), true)
			changed = true
		}
	}
	var rest []ui.Key
	for _, k := range in.Pressed() {
		if k == ui.KeyEsc {
			s.Do(ui.Command{Kind: ui.CmdCancel}, c)
			changed = true
			continue
		}
		rest = append(rest, k)
	}
	return rest, changed
}

func (s *sandboxScene) Do(cmd ui.Command, c *Context) {
	sb := s.sb
	switch cmd.Kind {
	case ui.CmdCancel:
		// Back where the sandbox came from, nothing changed.
		if s.from != nil {
			s.from.tbl.SetMessage("Left the sandbox: the game is as it was.", false)
		}
		c.GoTo(s.back)
	case ui.CmdSavePosition:
		if g, ok := sb.play(); ok {
			msg, err := keepPosition(c, g)
			if err != nil {
				sb.say("The position could not be saved: "+err.Error(), true)
			} else {
				sb.say(msg, false)
			}
		}
	case ui.CmdSandboxPlay:
		if g, ok := sb.play(); ok {
			if s.from != nil {
				s.from.close() // it stays saved, offered under Continue
			}
			_, at := playPosition(c, g, "")
			c.GoTo(at)
		}
	default:
		sb.command(cmd)
	}
}

func (s *sandboxScene) Click(t ui.Target, _ *Context) {
	sb := s.sb
	switch t.Kind {
	case ui.TTerritory:
		sb.clickTerritory(t.Terr, sb.shift)
	case ui.TSlot:
		sb.cycleAgent(t.House, t.Slot)
	}
}

func (s *sandboxScene) Tick(time.Time, *Context) bool { return false }

// sandbox opens the sandbox on the position on the table (a copy); Esc
// goes back to back. It shows every secret, so in a game that is not a
// tester's the first press only warns; a second press opens it.
func (lg *liveGame) sandbox(c *Context, back Scene) {
	u, g := lg.tbl, lg.play.game
	if g == nil {
		u.SetMessage("The sandbox edits a rules game; this table has none.", true)
		return
	}
	if lg.refuseSecretTool() {
		return
	}
	if !lg.secretTool(ui.CmdSandbox, g, "Press E again to open the sandbox: it shows every secret of the game.") {
		return
	}
	sb, err := newSandbox(g)
	if err != nil {
		u.SetMessage("The sandbox cannot open this position: "+err.Error(), true)
		return
	}
	if u.Shown() >= 0 && int(u.Shown()) < sb.st.Players() {
		sb.seat = u.Shown()
	}
	c.GoTo(&sandboxScene{sb: sb, back: back, from: lg})
}

// sandboxFromStart opens the sandbox on the initial position of the map
// and players chosen on the start screen; Esc goes back there.
func sandboxFromStart(c *Context) (Scene, error) {
	s := c.app.home
	p, err := c.app.newGame(s.mapID(), s.playerNames(), s.seed(), s.variant)
	if err == nil && p.game == nil {
		err = fmt.Errorf("the sandbox edits a rules game")
	}
	if err != nil {
		return nil, err
	}
	sb, err := newSandbox(p.game)
	if err != nil {
		return nil, errors.New("The sandbox cannot open: " + err.Error())
	}
	return &sandboxScene{sb: sb, back: s}, nil
}
