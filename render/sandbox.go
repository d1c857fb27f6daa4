package render

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"notrueking/board"
	"notrueking/rules"
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
	// view shows the position: a tableUI over the game built from it (its
	// board and houses panel are the table's own).
	view *tableUI
	// Where the sandbox came from: the table (and its scene) or the
	// start screen; Esc goes back there unchanged.
	back      *tableUI
	backScene scene
	// mapName and mapSum name the map for the game played from here.
	mapName, mapSum string

	house int         // the house whose units and flags are placed
	unit  board.Unit  // the unit kind placed
	tool  sandboxTool // units or flags
	seat  int         // the seat whose cards and loyalty card are edited
	tok   int         // the loyalty token selected to swap or reveal, -1 none
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
	sb.view = newTableUI(shown, shown, g.Config().Seed)
	return sb, nil
}

// show redraws the board and houses panel from the edited position: the
// game play would start from, or, while the engine refuses the whole
// position (Play from here says why), the position as edited.
func (sb *sandboxUI) show() {
	sb.st = sb.g.Position()
	if g, err := sb.g.Edit().Build(); err == nil {
		sb.view.eng, sb.view.act = g, g
	} else {
		sb.view.eng, sb.view.act = frozen{sb.g}, frozen{sb.g}
	}
	sb.view.refresh()
}

func (sb *sandboxUI) say(s string, isErr bool) { sb.msg, sb.msgErr = s, isErr }

// edit reports one edit of the engine's editor: its refusal, or done
// and the position shown again.
func (sb *sandboxUI) edit(err error, done string) bool {
	if err != nil {
		sb.say("Refused: "+sentence(err.Error()), true)
		return false
	}
	sb.say(done, false)
	sb.show()
	return true
}

func (sb *sandboxUI) hname(h int) string { return sb.m.Houses[h].Name }
func (sb *sandboxUI) tname(t int) string { return sb.m.Territories[t].Name }

// addUnit adds one unit of the chosen kind and house to territory t
// (n = +1), or removes one (n = -1).
func (sb *sandboxUI) addUnit(t, n int) bool {
	if t < 0 || t >= len(sb.m.Territories) {
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
func (sb *sandboxUI) setFlag(t int, set bool) bool {
	if t < 0 || t >= len(sb.m.Territories) {
		return false
	}
	h, done := rules.None, fmt.Sprintf("No flag in %s.", sb.tname(t))
	if set {
		h, done = sb.house, fmt.Sprintf("House %s's flag in %s.", sb.hname(sb.house), sb.tname(t))
	}
	return sb.edit(sb.g.Edit().Flag(t, h), done)
}

// clickTerritory applies the tool to territory t; remove is a right click
// or Shift+click.
func (sb *sandboxUI) clickTerritory(t int, remove bool) {
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
func (sb *sandboxUI) cycleAgent(house string, s rules.Slot) {
	h, ok := sb.m.House(house)
	if !ok {
		return
	}
	np := sb.st.Players()
	occ := sb.st.Agent(h, s)
	var skipped []string
	for i := 1; i <= np; i++ {
		next := (occ+1+i)%(np+1) - 1 // occ+1 … np-1, then -1 (none), then 0 …
		if err := sb.g.Edit().Agent(h, s, next); err != nil {
			skipped = append(skipped, fmt.Sprintf("%s skipped (%v)", sb.view.seatName(next), err))
			continue
		}
		who := "free"
		if next >= 0 {
			who = sb.view.seatName(next) + "'s agent"
		}
		done := fmt.Sprintf("%s %s: %s.", sb.hname(h), words.Title(s.String()), who)
		if len(skipped) > 0 {
			done += " " + strings.Join(skipped, "; ") + "."
		}
		sb.edit(nil, done)
		return
	}
}

// giveCard moves house card id into the edited seat's hand (from a deck,
// a discard or another hand).
func (sb *sandboxUI) giveCard(id string) bool {
	c, ok := sb.m.Card(id)
	if !ok {
		return false
	}
	return sb.edit(sb.g.Edit().GiveCard(sb.seat, c), fmt.Sprintf("%s now holds %s.", sb.view.seatName(sb.seat), sb.cardName(id)))
}

// takeCard returns house card id from a hand to the top of its house's deck.
func (sb *sandboxUI) takeCard(id string) bool {
	c, ok := sb.m.Card(id)
	if !ok {
		return false
	}
	return sb.edit(sb.g.Edit().DeckTop(sb.m.CardHouse(c), []int{c}, false), fmt.Sprintf("%s is back on top of its house's deck.", sb.cardName(id)))
}

func (sb *sandboxUI) cardName(id string) string {
	if i, ok := sb.m.Card(id); ok {
		return sb.m.CardAt(i).Name
	}
	return id
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
	sb.edit(sb.g.Edit().Loyalty(sb.seat, order), fmt.Sprintf("%s's loyalty card: %s and %s swapped.", sb.view.seatName(sb.seat), sb.hname(order[j]), sb.hname(order[i])))
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
	sb.edit(sb.g.Edit().Reveal(sb.seat, h, up), fmt.Sprintf("%s's %s token %s.", sb.view.seatName(sb.seat), sb.hname(h), word))
}

func (sb *sandboxUI) houseOf(id string) string {
	if h, ok := sb.m.House(id); ok {
		return sb.hname(h)
	}
	return id
}

// stepRound, stepFirst and stepPhase are the position's steppers.
func (sb *sandboxUI) stepRound(n int) {
	r := sb.st.Round() + n
	sb.edit(sb.g.Edit().Round(r), fmt.Sprintf("Round %d of %d.", r, sb.st.Rounds()))
}

func (sb *sandboxUI) stepFirst(n int) {
	np := sb.st.Players()
	f := ((sb.st.First()+n)%np + np) % np
	sb.edit(sb.g.Edit().First(f), fmt.Sprintf("First player: %s.", sb.view.seatName(f)))
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
	l                              tableLayout
	Tools, Position, Seat, Message Rect
}

func (sb *sandboxUI) layout() sandboxLayout {
	l := layoutTable(sb.m.Grid.W, sb.m.Grid.H, sb.st.Players(), len(sb.m.Houses))
	y := l.Houses.Y + l.Houses.H + 6
	toolsH := 128.0
	if len(sb.m.Houses) > 6 {
		toolsH = 160
	}
	s := sandboxLayout{l: l}
	s.Tools = Rect{panelX, y, panelW, toolsH}
	s.Position = Rect{panelX, y + toolsH + 6, panelW, 84}
	s.Seat = Rect{panelX, s.Position.Y + s.Position.H + 6, panelW, l.Message.Y - 6 - (s.Position.Y + s.Position.H + 6)}
	s.Message = Rect{l.Message.X, l.Message.Y, panelW, l.Message.H}
	return s
}

// widgets builds the sandbox screen.
func (sb *sandboxUI) widgets() []Widget {
	sl := sb.layout()
	l := sl.l
	ws := []Widget{{R: l.Top, Kind: WPanel, Fill: colPanelHi}}
	ws = append(ws, Widget{R: Rect{16, 8, 520, 34}, Kind: WText, Text: "Sandbox — nothing is played yet", Size: 22, Bold: true, Ink: colGold,
		Tip: "Edit the position freely. The engine checks every edit; Play from here starts play under the rules from this position. Esc leaves with nothing changed."})
	save := button(Rect{548, 8, 196, 34}, "Save scenario", cmdTarget(Command{Kind: CmdSavePosition}))
	save.Key = "Ctrl+S"
	save.Tip = "Write this position to a scenario file (a new file in the scenarios folder; the engine checks the position first). Open it with: notrueking -scenario FILE."
	ws = append(ws, save)
	play := button(Rect{750, 8, 216, 34}, "Play from here", cmdTarget(Command{Kind: CmdSandboxPlay}))
	play.Key, play.Fill = "P", colOK
	play.Tip = "Set the game up from this position (the engine checks all of it) and play on under the rules: a tester's game."
	if pr := sb.view.pub.Prompt; pr != "" {
		play.Tip += " First: " + pr
	}
	leave := button(Rect{l.Undo.X, l.Undo.Y, 228, 34}, "Leave", cmdTarget(Command{Kind: CmdCancel}))
	leave.Key, leave.Tip = "Esc", "Back to where you came from; the position edited here is dropped."
	help := button(l.Help, "?", cmdTarget(Command{Kind: CmdHelp}))
	help.Key, help.Tip = "F1", "Help: every key and the rules on one page."
	ws = append(ws, play, leave, help)
	ws = append(ws, Widget{R: l.Round, Kind: WText, Text: fmt.Sprintf("Round %d of %d", sb.st.Round(), sb.st.Rounds()), Size: 17, Ink: colText})

	ws = append(ws, sb.view.housesWidgets(l)...)
	ws = append(ws, sb.toolWidgets(sl.Tools)...)
	ws = append(ws, sb.positionWidgets(sl.Position)...)
	ws = append(ws, sb.seatWidgets(sl.Seat)...)

	if sb.msg == "" {
		return append(ws, messageBar(sl.Message, "Click a territory: add one · right-click or Shift+click: remove one.", false, true)...)
	}
	return append(ws, messageBar(sl.Message, sb.msg, sb.msgErr, false)...)
}

// toolWidgets: the house palette, the unit kinds and the flag tool.
func (sb *sandboxUI) toolWidgets(r Rect) []Widget {
	ws := panel(r, "Place for house")
	nh := len(sb.m.Houses)
	perRow := nh
	if nh > 6 {
		perRow = (nh + 1) / 2
	}
	bw := (r.W - 24 - float64(perRow-1)*4) / float64(perRow)
	for h, house := range sb.m.Houses {
		x := r.X + 12 + float64(h%perRow)*(bw+4)
		y := r.Y + 34 + float64(h/perRow)*32
		hc := rgba(house.Color)
		w := Widget{R: Rect{x, y, bw, 28}, Kind: WButton, Text: house.Name, Size: 15, Bold: true, Fill: hc, Ink: textOn(hc), Edge: colEdge,
			T: cmdTarget(Command{Kind: CmdSandboxHouse, N: h}), Tip: fmt.Sprintf("Place House %s's units and flags.", house.Name)}
		if h == sb.house {
			w.Selected, w.Edge = true, colGold
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
		w := button(Rect{r.X + 12 + float64(i)*(kw+6), y, kw, 32}, words.Title(k.String()), cmdTarget(Command{Kind: CmdSandboxUnit, Unit: k}))
		w.Tip = fmt.Sprintf("Left-click a territory to add one %s of the chosen house; right-click or Shift+click to remove one.", k)
		if sb.tool == toolUnits && sb.unit == k {
			w.Selected, w.Fill = true, colButtonHi
			w.Edge = colGold
		}
		ws = append(ws, w)
	}
	fl := button(Rect{r.X + 12 + float64(len(kinds))*(kw+6), y, kw, 32}, "Flag", cmdTarget(Command{Kind: CmdSandboxUnit, N: -1}))
	fl.Tip = "Left-click an empty land territory to put the chosen house's flag (its control marker) there; right-click or Shift+click to clear a flag."
	if sb.tool == toolFlag {
		fl.Selected, fl.Fill, fl.Edge = true, colButtonHi, colGold
	}
	return append(ws, fl)
}

// positionWidgets: round, first player and phase steppers.
func (sb *sandboxUI) positionWidgets(r Rect) []Widget {
	ws := panel(r, "Position")
	y := r.Y + 40
	cw := (r.W - 24 - 2*30) / 3
	step := func(x float64, label, value string, kind CmdKind, tip string) {
		ws = append(ws, textW(Rect{x, y - 8, cw, 16}, label, 15, colDim))
		minus := button(Rect{x, y + 10, 30, 28}, "−", cmdTarget(Command{Kind: kind, N: -1}))
		plus := button(Rect{x + cw - 30, y + 10, 30, 28}, "+", cmdTarget(Command{Kind: kind, N: 1}))
		minus.Tip, plus.Tip = tip, tip
		ws = append(ws, minus, plus, Widget{R: Rect{x + 32, y + 10, cw - 64, 28}, Kind: WText, Text: value, Size: 15, Bold: true, Align: AlignCenter, Ink: colText, Tip: tip})
	}
	x := r.X + 12
	step(x, "Round", fmt.Sprintf("%d of %d", sb.st.Round(), sb.st.Rounds()), CmdSandboxRound, "The round (the game lasts one round per player).")
	step(x+cw+30, "First player", sb.view.seatName(sb.st.First()), CmdSandboxFirst, "The first player of this round: places and resolves first.")
	ph := phaseWords(sb.st.Phase())
	if n := len(sb.st.Pending()); n > 0 {
		ph += fmt.Sprintf(" (%s pending)", words.Count(n, "step"))
	}
	step(x+2*(cw+30), "Phase", ph, CmdSandboxPhase, "The phase play goes on in. Changing it gives the turn to the first player and drops pending steps (an agent resolving, a combat).")
	return ws
}

// seatWidgets: the edited seat, its loyalty card and its hand, and the
// chosen house's cards to give it.
func (sb *sandboxUI) seatWidgets(r Rect) []Widget {
	ws := panel(r, "Cards of")
	ws[1].R.W = 90
	np := sb.st.Players()
	sw := math.Min(110, (r.W-24-96-float64(np-1)*4)/float64(np))
	for i := range np {
		sc := seatColor(i)
		w := Widget{R: Rect{r.X + 104 + float64(i)*(sw+4), r.Y + 6, sw, 26}, Kind: WButton, Text: sb.view.seatName(i), Size: 15, Bold: true, Fill: sc, Ink: textOn(sc), Edge: colEdge,
			T: cmdTarget(Command{Kind: CmdSandboxSeat, N: i}), Tip: fmt.Sprintf("Edit %s's loyalty card and hand.", sb.view.seatName(i))}
		if i == sb.seat {
			w.Selected, w.Edge = true, colGold
		}
		ws = append(ws, w)
	}
	loyalty, hand := sb.st.Loyalty(sb.seat), sb.st.Hand(sb.seat)
	y := r.Y + 40
	ws = append(ws, textW(Rect{r.X + 12, y + 6, 60, 18}, "Loyalty", 15, colDim))
	nt := max(len(loyalty), 1)
	tw := math.Min(90, (r.W-24-60-96)/float64(nt))
	for k, h := range loyalty {
		hc := rgba(sb.m.Houses[h].Color)
		val := 0
		if k < len(sb.m.LoyaltySlots) {
			val = sb.m.LoyaltySlots[k]
		}
		t := fmt.Sprintf("%d %s", val, abbrev(sb.hname(h)))
		up := sb.st.Revealed(sb.seat, h)
		if up {
			t += "↑"
		}
		w := Widget{R: Rect{r.X + 72 + float64(k)*tw, y, tw - 4, 30}, Kind: WButton, Text: t, Size: 15, Bold: true, Fill: hc, Ink: textOn(hc), Edge: colEdge,
			T:   cmdTarget(Command{Kind: CmdSandboxToken, N: k}),
			Tip: fmt.Sprintf("Loyalty slot %d (worth %d): House %s, %s. Click two tokens to swap them; Reveal turns the selected one.", k+1, val, sb.hname(h), map[bool]string{true: "revealed (↑)", false: "face down"}[up])}
		if k == sb.tok {
			w.Selected, w.Edge = true, colGold
		}
		ws = append(ws, w)
	}
	rv := button(Rect{r.X + r.W - 102, y, 90, 30}, "Reveal", cmdTarget(Command{Kind: CmdSandboxReveal}))
	rv.Tip, rv.Disabled = "Turn the selected loyalty token face up (or face down again).", sb.tok < 0
	ws = append(ws, rv)

	// Hand: click a card to put it back on its deck.
	y += 38
	ws = append(ws, textW(Rect{r.X + 12, y + 4, 60, 18}, "Hand", 15, colDim))
	handH := 64.0
	if len(hand) == 0 {
		ws = append(ws, textW(Rect{r.X + 72, y + 4, r.W - 84, 18}, "no house cards", 15, colDim))
	}
	for i, rc := range flowRects(r.X+72, y, r.W-84, handH, 28, len(hand)) {
		id := sb.m.CardAt(hand[i]).ID
		ws = append(ws, sb.cardButton(rc, id, -1))
	}
	// Give: the chosen house's cards not in this hand.
	y += handH + 6
	h := sb.house
	ws = append(ws, textW(Rect{r.X + 12, y + 4, 60, 36}, "Give\n"+abbrev(sb.hname(h)), 15, colDim))
	var give []string
	for _, c := range sb.m.Houses[h].Deck {
		if ci, _ := sb.m.Card(c.ID); !slices.Contains(hand, ci) {
			give = append(give, c.ID)
		}
	}
	gh := r.Y + r.H - 8 - y
	for i, rc := range flowRects(r.X+72, y, r.W-84, gh, 28, len(give)) {
		ws = append(ws, sb.cardButton(rc, give[i], 1))
	}
	return ws
}

// cardButton is a house card to take from the hand (n = -1) or give (+1).
func (sb *sandboxUI) cardButton(r Rect, id string, n int) Widget {
	ci, _ := sb.m.Card(id)
	c := sb.m.CardAt(ci)
	hc := houseColor(sb.m, c.House)
	where := sb.cardPlace(id)
	fill := cardFill(hc)
	w := Widget{R: r, Kind: WButton, Text: fmt.Sprintf("%s +%d", c.Name, c.Strength), Size: 15, Fill: fill, Ink: textOn(fill), Edge: hc,
		T: cmdTarget(Command{Kind: CmdSandboxCard, ID: id, N: n})}
	if n < 0 {
		w.Tip = fmt.Sprintf("%s. Click to put it back on top of House %s's deck.", cardTip(c, sb.houseOf(c.House)), sb.houseOf(c.House))
	} else {
		w.Tip = fmt.Sprintf("%s. Now %s. Click to give it to %s.", cardTip(c, sb.houseOf(c.House)), where, sb.view.seatName(sb.seat))
	}
	return w
}

// cardPlace says where card id is in the position.
func (sb *sandboxUI) cardPlace(cardID string) string {
	id, _ := sb.m.Card(cardID)
	for h := range sb.m.Houses {
		if slices.Contains(sb.st.Deck(h), id) {
			return "in its house's deck"
		}
		if slices.Contains(sb.st.Discard(h), id) {
			return "in its house's discard"
		}
	}
	for i := range sb.st.Players() {
		if slices.Contains(sb.st.Hand(i), id) {
			return "in " + sb.view.seatName(i) + "'s hand"
		}
	}
	return "nowhere"
}

// command carries out a sandbox command.
func (sb *sandboxUI) command(c Command) {
	switch c.Kind {
	case CmdSandboxHouse:
		if c.N >= 0 && c.N < len(sb.m.Houses) {
			sb.house = c.N
		}
	case CmdSandboxUnit:
		if c.N < 0 {
			sb.tool = toolFlag
		} else {
			sb.tool, sb.unit = toolUnits, c.Unit
		}
	case CmdSandboxSeat:
		if c.N >= 0 && c.N < sb.st.Players() {
			sb.seat, sb.tok = c.N, -1
		}
	case CmdSandboxToken:
		sb.clickToken(c.N)
	case CmdSandboxReveal:
		sb.toggleReveal()
	case CmdSandboxCard:
		if c.N < 0 {
			sb.takeCard(c.ID)
		} else {
			sb.giveCard(c.ID)
		}
	case CmdSandboxRound:
		sb.stepRound(c.N)
	case CmdSandboxFirst:
		sb.stepFirst(c.N)
	case CmdSandboxPhase:
		sb.stepPhase(c.N)
	}
}

// sandboxScene is the sandbox: the board shows the edited position.
type sandboxScene struct{ a *App }

func (s sandboxScene) widgets() []Widget {
	if s.a.sandbox == nil {
		return nil
	}
	return s.a.sandbox.widgets()
}

func (s sandboxScene) keys(in input) ([]string, bool) {
	sb := s.a.sandbox
	if sb == nil {
		return in.pressed(), false
	}
	sb.shift = in.Shift
	changed := false
	if in.Right {
		if t := s.a.boardHit(in.X, in.Y); t >= 0 {
			if hit, _ := hitTest(s.a.ws, in.X, in.Y); hit.Kind == TNone {
				sb.clickTerritory(t, true)
				changed = true
			}
		}
	}
	var rest []string
	for _, k := range in.pressed() {
		if k == "Esc" {
			s.do(Command{Kind: CmdCancel})
			changed = true
			continue
		}
		rest = append(rest, k)
	}
	return rest, changed
}

func (s sandboxScene) do(c Command) {
	a, sb := s.a, s.a.sandbox
	if sb == nil {
		return
	}
	switch c.Kind {
	case CmdCancel:
		a.leaveSandbox()
	case CmdSavePosition:
		if g, ok := sb.play(); ok {
			msg, err := a.keepPosition(g)
			if err != nil {
				sb.say("The position could not be saved: "+err.Error(), true)
			} else {
				sb.say(msg, false)
			}
		}
	case CmdSandboxPlay:
		if g, ok := sb.play(); ok {
			a.sandbox = nil
			a.tbl = sb.back
			a.mapName, a.mapSum = sb.mapName, sb.mapSum
			a.playPosition(g)
		}
	default:
		sb.command(c)
	}
}

func (s sandboxScene) click(t Target) {
	sb := s.a.sandbox
	if sb == nil {
		return
	}
	switch t.Kind {
	case TTerritory:
		sb.clickTerritory(t.Terr, sb.shift)
	case TSlot:
		sb.cycleAgent(t.House, t.Slot)
	}
}

func (sandboxScene) board() bool { return true }

// enterSandbox opens the sandbox on g's position (a copy); from is the
// scene to return to.
func (a *App) enterSandbox(g *rules.Game, mapName, mapSum string) error {
	sb, err := newSandbox(g)
	if err != nil {
		return err
	}
	sb.back, sb.backScene = a.tbl, a.scene
	sb.mapName, sb.mapSum = mapName, mapSum
	if a.tbl != nil && a.tbl.shown >= 0 && a.tbl.shown < sb.st.Players() {
		sb.seat = a.tbl.shown
	}
	a.sandbox, a.try = sb, nil
	a.tbl = sb.view // the board is drawn from the table on show
	a.help = false
	a.scene = sceneSandbox
	a.rebuild()
	a.dirty, a.stale = true, true
	return nil
}

// sandboxFromTable opens the sandbox on the game on the table. It shows
// every secret, so in a game that is not a tester's the first press only
// warns; a second press opens it.
func (a *App) sandboxFromTable() {
	u := a.tbl
	g := a.game()
	if u == nil || g == nil {
		if u != nil {
			u.setMsg("The sandbox edits a rules game; this table has none.", true)
		}
		return
	}
	if !a.secretTool(CmdSandbox, g, "Press E again to open the sandbox: it shows every secret of the game.") {
		return
	}
	if err := a.enterSandbox(g, a.mapName, a.mapSum); err != nil {
		u.setMsg("The sandbox cannot open this position: "+err.Error(), true)
	}
}

// sandboxFromStart opens the sandbox on the initial position of the map
// and players chosen on the start screen.
func (a *App) sandboxFromStart() {
	names := a.start.playerNames()
	seed := a.start.seed()
	p, err := a.newGame(a.start.mapID(), names, seed)
	if err == nil && p.game == nil {
		err = fmt.Errorf("the sandbox edits a rules game")
	}
	if err != nil {
		a.start.msg = err.Error()
		return
	}
	name, sum := mapIdentity(a.start.mapID(), p.game.Map())
	if err := a.enterSandbox(p.game, name, sum); err != nil {
		a.start.msg = "The sandbox cannot open: " + err.Error()
	}
}

// leaveSandbox goes back where the sandbox came from, nothing changed.
func (a *App) leaveSandbox() {
	sb := a.sandbox
	if sb == nil {
		return
	}
	a.sandbox = nil
	a.tbl = sb.back
	a.scene = sb.backScene
	if a.tbl == nil && a.scene != sceneStart {
		a.scene = sceneStart
	}
	if a.tbl != nil {
		a.tbl.setMsg("Left the sandbox: the game is as it was.", false)
	}
	a.rebuild()
	a.dirty, a.stale = true, true
}

// boardLive reports whether the scene that is up takes clicks, zoom and
// pan on the board (the table, the sandbox).
func (a *App) boardLive() bool {
	return a.scene == sceneTable || a.scene == sceneSandbox || a.scene == sceneReplay
}
