// Package sandbox is the sandbox's room (for testers): edit a
// position freely — units, flags, agents, house cards, loyalty cards,
// round, first player and phase — then play on from it under the rules.
// Everything edits a copy of the game (rules.Game.Clone) through the
// engine's editor (rules.Editor), which checks every edit as it comes: a
// refused edit shows the engine's words in the message line and changes
// nothing. The game it came from is not touched. Sandbox holds the
// position being edited, the tools chosen and the scratch table that shows
// it, and builds the screen's widgets; Play builds the game to play on
// (the editor's Build: the whole position checked). Plain Go: the window
// (package app) shows it, leaves it on Esc and starts the game it builds.
package sandbox

import (
	"fmt"
	"slices"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// tool is what a click on a territory does.
type tool int

const (
	toolUnits tool = iota // add (left) or remove (right, Shift) a unit
	toolFlag              // set (left) or clear (right, Shift) a flag
)

// phases are the phases the phase stepper offers.
var phases = []rules.Phase{rules.PhaseLoyalty, rules.PhasePlace, rules.PhaseResolve, rules.PhaseExchange}

// Sandbox is the sandbox's state: the position being edited, the
// scratch table that shows it, the tools chosen and where it came from.
type Sandbox struct {
	m *board.Map
	g *rules.Game // the position being edited: a copy, never played
	// st is g's position as the last edit left it.
	st rules.Position
	// view shows the position: a table.Table over the game built from it (its
	// board and houses panel are the table's own).
	view *table.Table

	house board.HouseID // the house whose units and flags are placed
	unit  board.Unit    // the unit kind placed
	tool  tool          // units or flags
	seat  rules.Seat    // the seat whose cards and loyalty card are edited
	tok   int           // the loyalty token selected to swap or reveal, -1 none
	// shift is whether Shift was held at the last tick (Shift+click
	// removes, as a right click does).
	shift bool

	msg    string
	msgErr bool
}

// New opens the sandbox on g's position (a copy). It fails when
// the engine refuses the position.
func New(g *rules.Game) (*Sandbox, error) {
	sb := &Sandbox{m: g.Map(), g: g.Clone(), tok: -1, unit: board.Footman}
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
func (sb *Sandbox) show() {
	sb.st = sb.g.Position()
	if g, err := sb.g.Edit().Build(); err == nil {
		sb.view.SetGame(rules.HotSeat(g), rules.Public)
	} else {
		sb.view.SetGame(rules.HotSeat(sb.g).Frozen(), rules.Public)
	}
}

func (sb *Sandbox) say(s string, isErr bool) { sb.msg, sb.msgErr = s, isErr }

// edit reports one edit of the engine's editor: its refusal, or done
// and the position shown again.
func (sb *Sandbox) edit(err error, done string) bool {
	if err != nil {
		sb.say("Refused: "+words.Sentence(err.Error()), true)
		return false
	}
	sb.say(done, false)
	sb.show()
	return true
}

func (sb *Sandbox) hname(h board.HouseID) string { return sb.m.Houses[h].Name }
func (sb *Sandbox) tname(t board.TerrID) string  { return sb.m.Territories[t].Name }

// addUnit adds one unit of the chosen kind and house to territory t
// (n = +1), or removes one (n = -1).
func (sb *Sandbox) addUnit(t board.TerrID, n int) bool {
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
func (sb *Sandbox) setFlag(t board.TerrID, set bool) bool {
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
func (sb *Sandbox) clickTerritory(t board.TerrID, remove bool) {
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
func (sb *Sandbox) cycleAgent(h board.HouseID, s rules.Slot) {
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
func (sb *Sandbox) giveCard(c board.CardID) bool {
	if !sb.m.HasCard(c) {
		return false
	}
	return sb.edit(sb.g.Edit().GiveCard(sb.seat, c), fmt.Sprintf("%s now holds %s.", sb.view.SeatName(sb.seat), sb.m.CardAt(c).Name))
}

// takeCard returns house card c from a hand to the top of its house's deck.
func (sb *Sandbox) takeCard(c board.CardID) bool {
	if !sb.m.HasCard(c) {
		return false
	}
	return sb.edit(sb.g.Edit().DeckTop(sb.m.CardHouse(c), []board.CardID{c}, false), fmt.Sprintf("%s is back on top of its house's deck.", sb.m.CardAt(c).Name))
}

// clickToken selects a token of the edited loyalty card, or swaps it with
// the one selected.
func (sb *Sandbox) clickToken(i int) {
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
func (sb *Sandbox) toggleReveal() {
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
func (sb *Sandbox) stepRound(n int) {
	r := sb.st.Round() + n
	sb.edit(sb.g.Edit().Round(r), fmt.Sprintf("Round %d of %d.", r, sb.st.Rounds()))
}

func (sb *Sandbox) stepFirst(n int) {
	np := rules.Seat(sb.st.Players())
	f := ((sb.st.First()+rules.Seat(n))%np + np) % np
	sb.edit(sb.g.Edit().First(f), fmt.Sprintf("First player: %s.", sb.view.SeatName(f)))
}

// stepPhase moves to the next (or previous) phase (rules.Editor.Phase:
// the turn goes to the first player, pending steps are dropped, agents in
// hand are three less those on slots, and loyalty cards count as arranged
// except in the loyalty phase).
func (sb *Sandbox) stepPhase(n int) {
	i := slices.Index(phases, sb.st.Phase())
	if i < 0 {
		i = slices.Index(phases, rules.PhaseResolve) // combat: resolution
		if n > 0 {
			n--
		}
	}
	p := phases[((i+n)%len(phases)+len(phases))%len(phases)]
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

// Play sets the game up from the position: the editor's Build, whose
// refusal stays in the message line with every edit kept.
func (sb *Sandbox) Play() (*rules.Game, bool) {
	g, err := sb.g.Edit().Build()
	if err != nil {
		sb.say("The engine refuses this position: "+err.Error(), true)
		return nil, false
	}
	return g, true
}

// hasDragons reports whether any house of the map may have dragons.
func (sb *Sandbox) hasDragons() bool {
	for _, h := range sb.m.Houses {
		if h.Limits[board.Dragon] > 0 {
			return true
		}
	}
	return false
}

// Do carries out one of the sandbox's commands (a house, a unit kind or
// the flag, a seat, a token, Reveal, a card, the steppers); it reports
// whether cmd was one (leaving, saving and Play from here are the
// window's).
func (sb *Sandbox) Do(c ui.Command) bool {
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
		sb.EditSeat(rules.Seat(c.N))
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
	default:
		return false
	}
	return true
}

// Keys notes whether Shift is held (Shift+click removes, as a right click
// does).
func (sb *Sandbox) Keys(in ui.Input) { sb.shift = in.Shift }

// Click answers a click on the board or the houses panel: on a territory
// the tool (removing with Shift held), on a slot the next seat's agent.
func (sb *Sandbox) Click(t ui.Target) {
	switch t.Kind {
	case ui.TTerritory:
		sb.clickTerritory(t.Terr, sb.shift)
	case ui.TSlot:
		sb.cycleAgent(t.House, t.Slot)
	}
}

// Remove is a right click on territory t: one unit of the chosen kind
// and house goes, or the flag.
func (sb *Sandbox) Remove(t board.TerrID) { sb.clickTerritory(t, true) }

// Table is the scratch table that shows the position: its board and
// houses panel are the table's own.
func (sb *Sandbox) Table() *table.Table { return sb.view }

// Position is the position as the last edit left it.
func (sb *Sandbox) Position() rules.Position { return sb.st }

// EditSeat makes seat s's cards and loyalty card the ones edited (a seat
// the position does not have is ignored).
func (sb *Sandbox) EditSeat(s rules.Seat) {
	if s >= 0 && int(s) < sb.st.Players() {
		sb.seat, sb.tok = s, -1
	}
}

// Say puts msg on the message line: a refusal or a failure when isErr.
func (sb *Sandbox) Say(msg string, isErr bool) { sb.say(msg, isErr) }

// Message is the message line and whether it says a refusal.
func (sb *Sandbox) Message() (string, bool) { return sb.msg, sb.msgErr }
