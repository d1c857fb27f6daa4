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

// Verb is what an action does. Its String is the verb's word in a record.
type Verb uint8

// Every verb of the game. The record line of an action is
//
//	<seat> <verb> <args...>
//
// where <seat> is the conspiracy id of the acting seat (crown, torch, …).
const (
	// Setup: a seat arranges its loyalty card, best slot first; the last
	// house named is the left-over token. Args: one house id per slot.
	VArrange Verb = iota + 1
	// Placement: put one agent on an empty slot. Args: house slot.
	VPlace
	// Resolution: pick one of your agents of the current tier. Args: house slot.
	VResolve
	// Pick the next action of the resolving agent. Args: muster|move|draw.
	VChoose
	// Muster one point. Args: footman TERR | ship LAND SEA_OR_PORT | knight TERR (promotion)
	// | dragon TERR (promotion of a knight, nine-player map).
	VMuster
	// Move one group. Args: FROM TO unit:count... (e.g. footman:2 knight:1),
	// then, only when entering a road area that holds other houses' troops
	// (nine-player map), optionally attack:HOUSE to attack that house.
	VMove
	// End the current muster or move action (taking it in part or not at all).
	VDone
	// Combat: play a house card of a house in the combat. Args: card-id.
	VPlay
	// Combat: play no card.
	VPass
	// Combat tie: the active player names the winning house. Args: house.
	VWinner
	// After combat: the active player picks where the loser retreats. Args: TERR.
	VRetreat
	// Cersei Lannister: remove one unresolved Lannister agent. Args: house slot.
	VRemove
	// Melisandre: look at one opponent's hand. Args: seat.
	VLook
	// Melisandre: make the looked-at opponent discard a card. Args: card-id.
	VDiscard
	// Card effect declined (Cersei, Melisandre). The move or muster that
	// Asha or Jaime grant is declined with done, like any other.
	VDecline
	// End of round: exchange two tokens. Args: HOUSE HOUSE reveal HOUSE.
	VExchange
	// End of round: make no exchange.
	VKeep
	// Citadel variant: the resolving Maester studies at the Citadel.
	// Args: dirt|legends|rookery (the secret aim).
	VStudy
	// Citadel variant: a 7–9's gain. Args: raven|crystal.
	VGain
	// Citadel variant: Dig Up Dirt's look. Args: SEAT POSITION (the
	// loyalty slot, 1 = the best).
	VUncover
	// Citadel variant: play Lost Orders. Args: HOUSE SLOT (another
	// seat's agent, returned unresolved).
	VLostOrders
	// Citadel variant: play Ill Tidings. Args: SEAT.
	VIllTidings
	// A seat is played by a player of another name from now on (a device
	// that joined a hosted game named its player). Args: NAME, the rest
	// of the line (Go-quoted when plain text would not read back). It is
	// no decision of the game: any seat's, at any time before the end,
	// and never in Legal.
	VName
	numVerbs
)

var verbNames = [numVerbs]string{"", "arrange", "place", "resolve", "choose", "muster", "move", "done",
	"play", "pass", "winner", "retreat", "remove", "look", "discard", "decline", "exchange", "keep",
	"study", "gain", "uncover", "lost-orders", "ill-tidings", "name"}

func (v Verb) String() string {
	if v > 0 && v < numVerbs {
		return verbNames[v]
	}
	return fmt.Sprintf("verb(%d)", int(v))
}

// ParseVerb is the inverse of Verb.String.
func ParseVerb(s string) (Verb, bool) {
	for v := Verb(1); v < numVerbs; v++ {
		if verbNames[v] == s {
			return v, true
		}
	}
	return 0, false
}

// Seat is a seat's number: 0..players-1, in the map's conspiracy order
// (board.Map.Conspiracies names them in text). Public (-1) is the seat of
// the public view.
type Seat int8

// None stands for "no territory", "no house" or "no card" in an Action's
// optional fields: the sea of a footman's muster, the house a move that
// attacks nobody attacks.
const None = -1

// MaxHouses is the most houses a map may have (a loyalty arrangement
// holds one per slot).
const MaxHouses = 12

// Arrangement is a loyalty card's order of houses, best slot first.
type Arrangement struct {
	N int8
	H [MaxHouses]board.HouseID
}

// NewArrangement makes the arrangement of the given house indexes (at
// most MaxHouses are kept).
func NewArrangement(houses []board.HouseID) Arrangement {
	var a Arrangement
	for i, h := range houses {
		if i == MaxHouses {
			break
		}
		a.H[i] = h
		a.N++
	}
	return a
}

// Houses returns the houses, best slot first.
func (a Arrangement) Houses() []board.HouseID {
	return append([]board.HouseID(nil), a.H[:a.N]...)
}

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
type Choice uint8

// The agent actions: what an agent may do when its slot resolves (rules:
// resolving agents — muster, move, draw house cards).
const (
	ChooseMuster Choice = iota + 1
	ChooseMove
	ChooseDraw
)

var choiceNames = [...]string{"", "muster", "move", "draw"}

func (c Choice) String() string {
	if int(c) < len(choiceNames) && c > 0 {
		return choiceNames[c]
	}
	return fmt.Sprintf("choice(%d)", int(c))
}

// MarshalText writes a choice as its word (muster, move, draw); no choice
// (an action of another verb) as "", so that every action encodes and
// decodes again.
func (c Choice) MarshalText() ([]byte, error) {
	if c == 0 {
		return nil, nil
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a choice's word ("" for none).
func (c *Choice) UnmarshalText(b []byte) error {
	for i, n := range choiceNames {
		if n == string(b) {
			*c = Choice(i)
			return nil
		}
	}
	return fmt.Errorf("unknown agent action %q", b)
}

// Action is one decision of one seat: a small comparable value holding
// only numbers — seats, houses, territories and cards are indexes of the
// loaded map (board.Map: Houses, Territories, CardAt). Its text is the
// record line: Format writes it and ParseAction reads it back. Fields a
// verb does not use are zero; the optional ones hold None when absent.
type Action struct {
	Seat Seat
	Verb Verb
	// Slot: place, resolve, remove.
	Slot Slot
	// Choice: choose.
	Choice Choice
	// Unit: muster.
	Unit board.Unit
	// House: place, resolve, remove, winner; move: the house a move into
	// a road attacks, or None.
	House board.HouseID
	// From: muster (the land, or the unit promoted), move (the origin).
	From board.TerrID
	// To: move, retreat; muster: the sea or port of a new ship, else None.
	To board.TerrID
	// Units: move.
	Units [board.NumUnits]int
	// Card: play, discard (board.Map.CardAt).
	Card board.CardID
	// Target: look (a seat).
	Target Seat
	// Order: arrange.
	Order Arrangement
	// A, B, Reveal: exchange (houses).
	A, B, Reveal board.HouseID
	// Aim: study. Gain: gain. Pos: uncover (the loyalty slot, 0 = the
	// best; Target is the seat).
	Aim  Aim
	Gain Gain
	Pos  int8
	// Name: name (the player's new name).
	Name string
}

// Format renders the action as a record line on map m, naming seats by
// the map's conspiracy ids. An index outside the map is written as a
// number in brackets (it does not read back).
func (a Action) Format(m *board.Map) string {
	var b strings.Builder
	b.Grow(48)
	name := func(ids []string, i Seat) string {
		if i >= 0 && int(i) < len(ids) {
			return ids[i]
		}
		return "<" + strconv.Itoa(int(i)) + ">"
	}
	house, terr, card := m.HouseName, m.TerrName, m.CardName
	b.WriteString(name(m.Conspiracies, a.Seat))
	b.WriteByte(' ')
	b.WriteString(a.Verb.String())
	arg := func(s string) { b.WriteByte(' '); b.WriteString(s) }
	switch a.Verb {
	case VArrange:
		for i := 0; i < int(a.Order.N); i++ {
			arg(house(a.Order.H[i]))
		}
	case VPlace, VResolve, VRemove, VLostOrders:
		arg(house(a.House))
		arg(a.Slot.String())
	case VChoose:
		arg(a.Choice.String())
	case VStudy:
		arg(a.Aim.String())
	case VGain:
		arg(a.Gain.String())
	case VUncover:
		arg(name(m.Conspiracies, a.Target))
		arg(strconv.Itoa(int(a.Pos) + 1))
	case VMuster:
		arg(a.Unit.String())
		arg(terr(a.From))
		if a.To != None {
			arg(terr(a.To))
		}
	case VMove:
		arg(terr(a.From))
		arg(terr(a.To))
		for u := board.Unit(0); u < board.NumUnits; u++ {
			if a.Units[u] > 0 {
				arg(u.String() + ":" + strconv.Itoa(a.Units[u]))
			}
		}
		if a.House != None {
			arg("attack:" + house(a.House))
		}
	case VPlay, VDiscard:
		arg(card(a.Card))
	case VWinner:
		arg(house(a.House))
	case VRetreat:
		arg(terr(a.To))
	case VLook, VIllTidings:
		arg(name(m.Conspiracies, a.Target))
	case VExchange:
		arg(house(a.A))
		arg(house(a.B))
		arg("reveal")
		arg(house(a.Reveal))
	case VName:
		arg(writeText(a.Name))
	}
	return b.String()
}

// Canonical returns a with the fields its verb does not use set to their
// zero values, as Legal and ParseAction make them: the history keeps
// actions in this form, so an applied action always equals the one Legal
// listed and the one its record line reads back as.
func (a Action) Canonical() Action {
	c := Action{Seat: a.Seat, Verb: a.Verb}
	switch a.Verb {
	case VArrange:
		c.Order = a.Order
		for i := int(c.Order.N); i >= 0 && i < MaxHouses; i++ {
			c.Order.H[i] = 0
		}
	case VPlace, VResolve, VRemove, VLostOrders:
		c.House, c.Slot = a.House, a.Slot
	case VChoose:
		c.Choice = a.Choice
	case VStudy:
		c.Aim = a.Aim
	case VGain:
		c.Gain = a.Gain
	case VUncover:
		c.Target, c.Pos = a.Target, a.Pos
	case VMuster:
		c.Unit, c.From, c.To = a.Unit, a.From, a.To
	case VMove:
		c.From, c.To, c.Units, c.House = a.From, a.To, a.Units, a.House
	case VPlay, VDiscard:
		c.Card = a.Card
	case VWinner:
		c.House = a.House
	case VRetreat:
		c.To = a.To
	case VLook, VIllTidings:
		c.Target = a.Target
	case VExchange:
		c.A, c.B, c.Reveal = a.A, a.B, a.Reveal
	case VName:
		c.Name = a.Name
	}
	return c
}

// ParseAction reads one record line of a game of the given number of
// players on map m: the seat is one of the first players conspiracy ids,
// houses, territories and cards are the map's ids. It checks the shape of
// the line and that every id exists; whether the action is legal is for
// Check to say.
func ParseAction(m *board.Map, players int, line string) (Action, error) {
	return parseAction(m, m.Conspiracies[:max(0, min(players, len(m.Conspiracies)))], line)
}

// parseAction reads a record line with the given seat ids. With no map it
// checks the shape only (every id reads as 0): a record is checked this
// way before its map is loaded.
func parseAction(m *board.Map, seats []string, line string) (Action, error) {
	f := strings.Fields(line)
	if len(f) < 2 {
		return Action{}, fmt.Errorf("action %q: want \"<seat> <verb> ...\"", line)
	}
	seat := func(s string) (Seat, error) {
		if seats == nil && m == nil {
			// A record that starts from a scenario: its seats are the
			// scenario's, read when it is replayed.
			return 0, checkSeatID(s)
		}
		for i, n := range seats {
			if n == s {
				return Seat(i), nil
			}
		}
		return 0, fmt.Errorf("unknown seat %q (seats: %s)", s, strings.Join(seats, ", "))
	}
	house := func(s string) (board.HouseID, error) {
		if m == nil {
			return 0, nil
		}
		if h, ok := m.House(s); ok {
			return h, nil
		}
		return 0, fmt.Errorf("there is no house %q on this map", s)
	}
	terr := func(s string) (board.TerrID, error) {
		if m == nil {
			return 0, nil
		}
		if t, ok := m.Territory(s); ok {
			return t, nil
		}
		return 0, fmt.Errorf("there is no territory %q on this map", s)
	}
	var a Action
	var err error
	if a.Seat, err = seat(f[0]); err != nil {
		return Action{}, fmt.Errorf("action %q: %w", line, err)
	}
	v, ok := ParseVerb(f[1])
	if !ok {
		return Action{}, fmt.Errorf("action %q: unknown verb %q", line, f[1])
	}
	a.Verb = v
	args := f[2:]
	want := func(n int, shape string) error {
		if len(args) != n {
			return fmt.Errorf("action %q: %s takes %s", line, a.Verb, shape)
		}
		return nil
	}
	fail := func(err error) (Action, error) { return Action{}, fmt.Errorf("action %q: %w", line, err) }
	switch a.Verb {
	case VArrange:
		if len(args) < 2 {
			return Action{}, fmt.Errorf("action %q: arrange takes one house id per loyalty slot", line)
		}
		if len(args) > MaxHouses {
			return Action{}, fmt.Errorf("action %q: a loyalty card has at most %d slots", line, MaxHouses)
		}
		hs := make([]board.HouseID, len(args))
		for i, id := range args {
			if hs[i], err = house(id); err != nil {
				return fail(err)
			}
		}
		a.Order = NewArrangement(hs)
	case VPlace, VResolve, VRemove, VLostOrders:
		if err := want(2, "HOUSE SLOT"); err != nil {
			return Action{}, err
		}
		if a.House, err = house(args[0]); err != nil {
			return fail(err)
		}
		if a.Slot, err = ParseSlot(args[1]); err != nil {
			return fail(err)
		}
	case VChoose:
		if err := want(1, "muster, move or draw"); err != nil {
			return Action{}, err
		}
		if err := a.Choice.UnmarshalText([]byte(args[0])); err != nil {
			return Action{}, fmt.Errorf("action %q: choose takes muster, move or draw", line)
		}
	case VMuster:
		if len(args) != 2 && len(args) != 3 {
			return Action{}, fmt.Errorf("action %q: muster takes UNIT TERRITORY [SEA]", line)
		}
		if a.Unit, err = board.ParseUnit(args[0]); err != nil {
			return fail(err)
		}
		if a.From, err = terr(args[1]); err != nil {
			return fail(err)
		}
		a.To = None
		if len(args) == 3 {
			if a.To, err = terr(args[2]); err != nil {
				return fail(err)
			}
		}
	case VMove:
		if len(args) < 3 {
			return Action{}, fmt.Errorf("action %q: move takes FROM TO and one or more unit:count", line)
		}
		if a.From, err = terr(args[0]); err != nil {
			return fail(err)
		}
		if a.To, err = terr(args[1]); err != nil {
			return fail(err)
		}
		a.House = None
		for i, uc := range args[2:] {
			us, cs, ok := strings.Cut(uc, ":")
			if !ok {
				return Action{}, fmt.Errorf("action %q: %q is not unit:count", line, uc)
			}
			if us == "attack" {
				if i != len(args)-3 || cs == "" {
					return Action{}, fmt.Errorf("action %q: attack:HOUSE comes once, last", line)
				}
				if a.House, err = house(cs); err != nil {
					return fail(err)
				}
				continue
			}
			u, err := board.ParseUnit(us)
			if err != nil {
				return fail(err)
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
		c, ok := board.CardID(0), m == nil
		if m != nil {
			c, ok = m.Card(args[0])
		}
		if !ok {
			return Action{}, fmt.Errorf("action %q: there is no house card %q", line, args[0])
		}
		a.Card = c
	case VWinner:
		if err := want(1, "HOUSE"); err != nil {
			return Action{}, err
		}
		if a.House, err = house(args[0]); err != nil {
			return fail(err)
		}
	case VRetreat:
		if err := want(1, "TERRITORY"); err != nil {
			return Action{}, err
		}
		if a.To, err = terr(args[0]); err != nil {
			return fail(err)
		}
	case VLook, VIllTidings:
		if err := want(1, "SEAT"); err != nil {
			return Action{}, err
		}
		if a.Target, err = seat(args[0]); err != nil {
			return fail(err)
		}
	case VStudy:
		if err := want(1, "an aim: dirt, legends or rookery"); err != nil {
			return Action{}, err
		}
		var ok bool
		if a.Aim, ok = parseAim(args[0]); !ok {
			return Action{}, fmt.Errorf("action %q: study takes an aim: dirt, legends or rookery", line)
		}
	case VGain:
		if err := want(1, "raven or crystal"); err != nil {
			return Action{}, err
		}
		switch args[0] {
		case "raven":
			a.Gain = GainRaven
		case "crystal":
			a.Gain = GainCrystal
		default:
			return Action{}, fmt.Errorf("action %q: gain takes raven or crystal", line)
		}
	case VUncover:
		if err := want(2, "SEAT POSITION"); err != nil {
			return Action{}, err
		}
		if a.Target, err = seat(args[0]); err != nil {
			return fail(err)
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 || n > MaxHouses {
			return Action{}, fmt.Errorf("action %q: the position %q is not a loyalty slot from 1 to %d", line, args[1], MaxHouses)
		}
		a.Pos = int8(n - 1)
	case VExchange:
		if len(args) != 4 || args[2] != "reveal" {
			return Action{}, fmt.Errorf("action %q: exchange takes HOUSE HOUSE reveal HOUSE", line)
		}
		for i, p := range []*board.HouseID{&a.A, &a.B, &a.Reveal} {
			if *p, err = house(args[[]int{0, 1, 3}[i]]); err != nil {
				return fail(err)
			}
		}
	case VDone, VPass, VDecline, VKeep:
		if err := want(0, "no arguments"); err != nil {
			return Action{}, err
		}
	case VName:
		if len(args) == 0 {
			return Action{}, fmt.Errorf("action %q: name takes the player's name", line)
		}
		if a.Name, err = readText("name", strings.Join(args, " ")); err == nil {
			err = CheckSeatName(a.Name)
		}
		if err != nil {
			return fail(err)
		}
	}
	return a, nil
}

// ParseAction reads one record line of this game (see the package-level
// ParseAction).
func (g *Game) ParseAction(line string) (Action, error) {
	return ParseAction(g.m, len(g.st.Players), line)
}

// FormatAction writes a as a record line of this game.
func (g *Game) FormatAction(a Action) string { return a.Format(g.m) }
