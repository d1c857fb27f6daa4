// Package rules is the No True King game engine: state, legal actions,
// apply with readable refusals, per-seat views, events, seeded randomness
// and records that replay exactly. It imports only package board and the
// standard library; it never draws.
package rules

import (
	"fmt"
	"strconv"
	"strings"

	"notrueking/board"
)

// Verb is what an action does. The text form is the verb's name.
type Verb string

// Every verb of the game. The record line of an action is
//
//	<seat> <verb> <args...>
//
// where <seat> is the conspiracy id of the acting seat (crown, torch, …).
const (
	// Setup: a seat arranges its loyalty card, best slot first; the last
	// house named is the left-over token. Args: one house id per slot.
	VArrange Verb = "arrange"
	// Placement: put one agent on an empty slot. Args: house slot.
	VPlace Verb = "place"
	// Resolution: pick one of your agents of the current tier. Args: house slot.
	VResolve Verb = "resolve"
	// Pick the next action of the resolving agent. Args: muster|move|draw.
	VChoose Verb = "choose"
	// Muster one point. Args: footman TERR | ship LAND SEA_OR_PORT | knight TERR (promotion)
	// | dragon TERR (promotion of a knight, nine-player map).
	VMuster Verb = "muster"
	// Move one group. Args: FROM TO unit:count... (e.g. footman:2 knight:1),
	// then, only when entering a road area that holds other houses' troops
	// (nine-player map), optionally attack:HOUSE to attack that house.
	VMove Verb = "move"
	// End the current muster or move action (taking it in part or not at all).
	VDone Verb = "done"
	// Combat: play a house card of a house in the combat. Args: card-id.
	VPlay Verb = "play"
	// Combat: play no card.
	VPass Verb = "pass"
	// Combat tie: the active player names the winning house. Args: house.
	VWinner Verb = "winner"
	// After combat: the active player picks where the loser retreats. Args: TERR.
	VRetreat Verb = "retreat"
	// Cersei Lannister: remove one unresolved Lannister agent. Args: house slot.
	VRemove Verb = "remove"
	// Melisandre: look at one opponent's hand. Args: seat.
	VLook Verb = "look"
	// Melisandre: make the looked-at opponent discard a card. Args: card-id.
	VDiscard Verb = "discard"
	// Card effect declined (Cersei, Melisandre). The move or muster that
	// Asha or Jaime grant is declined with done, like any other.
	VDecline Verb = "decline"
	// End of round: exchange two tokens. Args: HOUSE HOUSE reveal HOUSE.
	VExchange Verb = "exchange"
	// End of round: make no exchange.
	VKeep Verb = "keep"
)

// Slot is an agent slot of a house. Tiers resolve Maester, then Marshal, then Lord.
type Slot int

// The three slots of every house.
const (
	Maester Slot = iota
	Marshal
	Lord
	NumSlots
)

var slotNames = [...]string{"maester", "marshal", "lord"}

func (s Slot) String() string {
	if s >= 0 && int(s) < len(slotNames) {
		return slotNames[s]
	}
	return fmt.Sprintf("slot(%d)", int(s))
}

// ParseSlot is the inverse of Slot.String.
func ParseSlot(s string) (Slot, error) {
	for i, n := range slotNames {
		if n == s {
			return Slot(i), nil
		}
	}
	return 0, fmt.Errorf("unknown slot %q (want lord, marshal or maester)", s)
}

// Choice is one of the three agent actions.
type Choice string

// The agent actions of seed 002.
const (
	ChooseMuster Choice = "muster"
	ChooseMove   Choice = "move"
	ChooseDraw   Choice = "draw"
)

// Action is one decision of one seat. It is a small comparable value; its
// String is the record/log line and ParseAction reads it back.
type Action struct {
	Seat int
	Verb Verb
	// House, Slot: place / resolve / remove; House: winner; House: the
	// house a move into a road attacks ("" for none).
	House string
	Slot  Slot
	// Choice: choose.
	Choice Choice
	// Unit, From, To: muster (To = sea or port for a ship); From, To, Units: move;
	// To: retreat.
	Unit  board.Unit
	From  string
	To    string
	Units [board.NumUnits]int
	// Card: play / discard.
	Card string
	// Target: look (a seat index).
	Target int
	// Order: arrange, house ids comma-joined, best slot first.
	Order string
	// A, B, Reveal: exchange.
	A, B, Reveal string
}

// Format renders the action as a record line, naming seats by the given ids.
func (a Action) Format(seats []string) string {
	name := func(i int) string {
		if i >= 0 && i < len(seats) {
			return seats[i]
		}
		return "seat" + strconv.Itoa(i)
	}
	var b strings.Builder
	b.WriteString(name(a.Seat))
	b.WriteByte(' ')
	b.WriteString(string(a.Verb))
	arg := func(s string) { b.WriteByte(' '); b.WriteString(s) }
	switch a.Verb {
	case VArrange:
		for _, h := range strings.Split(a.Order, ",") {
			arg(h)
		}
	case VPlace, VResolve, VRemove:
		arg(a.House)
		arg(a.Slot.String())
	case VChoose:
		arg(string(a.Choice))
	case VMuster:
		arg(a.Unit.String())
		arg(a.From)
		if a.To != "" {
			arg(a.To)
		}
	case VMove:
		arg(a.From)
		arg(a.To)
		for u := board.Unit(0); u < board.NumUnits; u++ {
			if a.Units[u] > 0 {
				arg(fmt.Sprintf("%s:%d", u, a.Units[u]))
			}
		}
		if a.House != "" {
			arg("attack:" + a.House)
		}
	case VPlay, VDiscard:
		arg(a.Card)
	case VWinner:
		arg(a.House)
	case VRetreat:
		arg(a.To)
	case VLook:
		arg(name(a.Target))
	case VExchange:
		arg(a.A)
		arg(a.B)
		arg("reveal")
		arg(a.Reveal)
	}
	return b.String()
}

// ParseAction reads one record line. seats are the seat ids (conspiracy
// ids) of the game, in seat order.
func ParseAction(line string, seats []string) (Action, error) {
	f := strings.Fields(line)
	if len(f) < 2 {
		return Action{}, fmt.Errorf("action %q: want \"<seat> <verb> ...\"", line)
	}
	seat := func(s string) (int, error) {
		for i, n := range seats {
			if n == s {
				return i, nil
			}
		}
		return 0, fmt.Errorf("unknown seat %q (seats: %s)", s, strings.Join(seats, ", "))
	}
	var a Action
	var err error
	if a.Seat, err = seat(f[0]); err != nil {
		return Action{}, fmt.Errorf("action %q: %w", line, err)
	}
	a.Verb = Verb(f[1])
	args := f[2:]
	want := func(n int, shape string) error {
		if len(args) != n {
			return fmt.Errorf("action %q: %s takes %s", line, a.Verb, shape)
		}
		return nil
	}
	switch a.Verb {
	case VArrange:
		if len(args) < 2 {
			return Action{}, fmt.Errorf("action %q: arrange takes one house id per loyalty slot", line)
		}
		for _, h := range args {
			if strings.Contains(h, ",") {
				// Order is comma-joined: a comma inside an id could not round-trip.
				return Action{}, fmt.Errorf("action %q: %q is not a house id (arrange takes the ids separated by spaces)", line, h)
			}
		}
		a.Order = strings.Join(args, ",")
	case VPlace, VResolve, VRemove:
		if err := want(2, "HOUSE SLOT"); err != nil {
			return Action{}, err
		}
		a.House = args[0]
		if a.Slot, err = ParseSlot(args[1]); err != nil {
			return Action{}, fmt.Errorf("action %q: %w", line, err)
		}
	case VChoose:
		if err := want(1, "muster, move or draw"); err != nil {
			return Action{}, err
		}
		a.Choice = Choice(args[0])
		if a.Choice != ChooseMuster && a.Choice != ChooseMove && a.Choice != ChooseDraw {
			return Action{}, fmt.Errorf("action %q: choose takes muster, move or draw", line)
		}
	case VMuster:
		if len(args) != 2 && len(args) != 3 {
			return Action{}, fmt.Errorf("action %q: muster takes UNIT TERRITORY [SEA]", line)
		}
		if a.Unit, err = board.ParseUnit(args[0]); err != nil {
			return Action{}, fmt.Errorf("action %q: %w", line, err)
		}
		a.From = args[1]
		if len(args) == 3 {
			a.To = args[2]
		}
	case VMove:
		if len(args) < 3 {
			return Action{}, fmt.Errorf("action %q: move takes FROM TO unit:count...", line)
		}
		a.From, a.To = args[0], args[1]
		for i, uc := range args[2:] {
			us, cs, ok := strings.Cut(uc, ":")
			if !ok {
				return Action{}, fmt.Errorf("action %q: %q is not unit:count", line, uc)
			}
			if us == "attack" {
				if i != len(args)-3 || cs == "" {
					return Action{}, fmt.Errorf("action %q: attack:HOUSE comes once, last", line)
				}
				a.House = cs
				continue
			}
			u, err := board.ParseUnit(us)
			if err != nil {
				return Action{}, fmt.Errorf("action %q: %w", line, err)
			}
			n, err := strconv.Atoi(cs)
			if err != nil || n <= 0 || n > 99 {
				return Action{}, fmt.Errorf("action %q: count %q is not a number from 1 to 99", line, cs)
			}
			if a.Units[u] != 0 {
				return Action{}, fmt.Errorf("action %q: %s named twice", line, u)
			}
			a.Units[u] = n
		}
	case VPlay, VDiscard:
		if err := want(1, "CARD"); err != nil {
			return Action{}, err
		}
		a.Card = args[0]
	case VWinner:
		if err := want(1, "HOUSE"); err != nil {
			return Action{}, err
		}
		a.House = args[0]
	case VRetreat:
		if err := want(1, "TERRITORY"); err != nil {
			return Action{}, err
		}
		a.To = args[0]
	case VLook:
		if err := want(1, "SEAT"); err != nil {
			return Action{}, err
		}
		if a.Target, err = seat(args[0]); err != nil {
			return Action{}, fmt.Errorf("action %q: %w", line, err)
		}
	case VExchange:
		if len(args) != 4 || args[2] != "reveal" {
			return Action{}, fmt.Errorf("action %q: exchange takes HOUSE HOUSE reveal HOUSE", line)
		}
		a.A, a.B, a.Reveal = args[0], args[1], args[3]
	case VDone, VPass, VDecline, VKeep:
		if err := want(0, "no arguments"); err != nil {
			return Action{}, err
		}
	default:
		return Action{}, fmt.Errorf("action %q: unknown verb %q", line, f[1])
	}
	return a, nil
}
