package rules

import (
	"fmt"
	"strconv"
	"strings"

	"notrueking/board"
	"notrueking/words"
)

// EventKind is one kind of thing that happens in a game. Its String is a
// stable snake_case name; its Category is the coarser word the log and the
// runner's "kind" have always used ("muster", "combat", "effect", …).
type EventKind uint8

// The event kinds. Each comment names the Event fields the kind uses.
const (
	EvNone               EventKind = iota
	EvGameSetUp                    // N players; Who is the first player
	EvRoundStarted                 // N round of M; Who is the first player
	EvLoyaltyArranged              // Who arranged their card (public)
	EvLoyaltyCard                  // Who's card, List = houses best slot first (private)
	EvAgentPlaced                  // Who, House, Slot
	EvResolutionBegan              // every agent is placed
	EvAgentResolved                // Who, House, Slot
	EvMoveChosen                   // Who moves House's troops
	EvMusterChosen                 // Who musters for House with N points
	EvMustered                     // House musters Unit in Terr (into To when To != Terr)
	EvPromoted                     // House promotes a unit in Terr to Unit
	EvMusterEnded                  // Who ends House's muster
	EvMoved                        // House moves Units from Terr to To
	EvNoMove                       // Who moves no House troops
	EvFlagLeft                     // House leaves a flag in Terr
	EvFlagRemoved                  // House's flag in Terr is removed
	EvFlagHeld                     // House defends Terr with no troops left
	EvFlagWon                      // House attacks and wins Terr with no troops left
	EvFortHeld                     // House holds Terr's fortification
	EvFortRemoved                  // House left Terr: its fortification is gone
	EvPortLost                     // House lost Terr: N ships in port To are lost
	EvCombatStarted                // in Terr: House attacks House2
	EvCardPlayed                   // Who plays Card
	EvPassed                       // Who plays no card (N = 1: holds no card of House or House2)
	EvCombatTied                   // in Terr, N to M: Who names the winner
	EvTieDecided                   // Who names House the winner
	EvAttackerWon                  // House beats House2 in Terr, N to M
	EvDefenderWon                  // House2 beats House in Terr, N to M
	EvCasualties                   // House must lose N units and loses Units; Lost drown
	EvNoRetreat                    // House's Units in Terr are destroyed
	EvRetreated                    // House's Units retreat from Terr to To
	EvOccupied                     // House's Units occupy Terr
	EvRedeployed                   // House's dragons (Units) fly from Terr to To
	EvCardDrawn                    // Who drew a House card (public)
	EvCardDrawnPrivate             // Card is what Who drew (private)
	EvNothingToDraw                // Who would draw a House card: none is left
	EvDeckReshuffled               // House's N discarded cards become its deck
	EvAgentMovedUp                 // Who's agent moves up to House Slot
	EvAgentReturned                // Who's agent on House Slot returns to them
	EvJaimeMuster                  // House won with Card: Who may muster for House
	EvAshaMove                     // House won with Card: Who may move House troops
	EvCerseiGranted                // House won with Card: Who may remove a House agent
	EvMelisandreGranted            // House won with Card: Who may look at a hand
	EvCerseiRemoved                // Who removes Other's agent from House Slot
	EvCerseiDeclined               // Who removes no agent with Card
	EvCerseiNoTarget               // Card: no unresolved House agent
	EvMelisandreNoTarget           // Card: no opponent holds a card
	EvMelisandreDeclined           // Who looks at no hand
	EvMelisandreLooked             // Who looks at Other's hand (public)
	EvMelisandreHand               // Other holds List (card codes) (private to the looker)
	EvMelisandreDiscard            // Who makes Other discard Card
	EvRanksComputed                // List = the ranking (house, span pairs)
	EvKept                         // Who keeps their loyalty card
	EvExchanged                    // Who swaps slots N and M, reveals House in slot K
	EvExchangedPrivate             // Who exchanged House and House2 (private)
	EvGameOver                     // Who wins; List = ranking pairs, then each seat's score
	EvLoyaltyRevealed              // Who's card, List = houses best slot first
	EvStudyAim                     // Who studies for aim N (private)
	EvStudied                      // Who studies for House: List dice, N result, M Ill Tidings penalty, K crystals spent
	EvLegends                      // Who's research finds legends: two House cards (private)
	EvRookery                      // Who's visit to the rookery brings a Dark Wings card (private)
	EvRavenGained                  // Who gains a raven (N held)
	EvCrystalGained                // Who gains a crystal (N held)
	EvRavensExchanged              // Who's three ravens bring a Dark Wings card
	EvWingDrawn                    // Who draws a Dark Wings card (public)
	EvWingDrawnPrivate             // the card Who drew is N (a Wing; private)
	EvWingsReshuffled              // N played Dark Wings cards become the deck
	EvNoWing                       // Who would draw a Dark Wings card: every card is held
	EvUncovered                    // Who uncovers a secret of Other (public)
	EvUncoveredPrivate             // Other's token in slot K is House (private to Who)
	EvNothingToUncover             // Who digs up dirt: no face-down token of another player
	EvLostOrders                   // Who plays Lost Orders: Other's agent on House Slot returns
	EvIllTidings                   // Who plays Ill Tidings on Other (penalty now N)
	EvNamed                        // Who is played by the name its action gives (a name action)
	numEventKinds
)

var eventKinds = [numEventKinds]struct{ name, category string }{
	EvNone:               {"none", ""},
	EvGameSetUp:          {"game_set_up", "setup"},
	EvRoundStarted:       {"round_started", "round"},
	EvLoyaltyArranged:    {"loyalty_arranged", "arrange"},
	EvLoyaltyCard:        {"loyalty_card", "arrange"},
	EvAgentPlaced:        {"agent_placed", "place"},
	EvResolutionBegan:    {"resolution_began", "phase"},
	EvAgentResolved:      {"agent_resolved", "resolve"},
	EvMoveChosen:         {"move_chosen", "choose"},
	EvMusterChosen:       {"muster_chosen", "choose"},
	EvMustered:           {"mustered", "muster"},
	EvPromoted:           {"promoted", "muster"},
	EvMusterEnded:        {"muster_ended", "muster"},
	EvMoved:              {"moved", "move"},
	EvNoMove:             {"no_move", "move"},
	EvFlagLeft:           {"flag_left", "flag"},
	EvFlagRemoved:        {"flag_removed", "flag"},
	EvFlagHeld:           {"flag_held", "flag"},
	EvFlagWon:            {"flag_won", "flag"},
	EvFortHeld:           {"fortification_held", "fortification"},
	EvFortRemoved:        {"fortification_removed", "fortification"},
	EvPortLost:           {"port_lost", "destroyed"},
	EvCombatStarted:      {"combat_started", "combat"},
	EvCardPlayed:         {"card_played", "play"},
	EvPassed:             {"passed", "pass"},
	EvCombatTied:         {"combat_tied", "tie"},
	EvTieDecided:         {"tie_decided", "winner"},
	EvAttackerWon:        {"attacker_won", "combat"},
	EvDefenderWon:        {"defender_won", "combat"},
	EvCasualties:         {"casualties", "casualties"},
	EvNoRetreat:          {"no_retreat", "destroyed"},
	EvRetreated:          {"retreated", "retreat"},
	EvOccupied:           {"occupied", "occupy"},
	EvRedeployed:         {"redeployed", "redeploy"},
	EvCardDrawn:          {"card_drawn", "draw"},
	EvCardDrawnPrivate:   {"card_drawn_private", "draw"},
	EvNothingToDraw:      {"nothing_to_draw", "draw"},
	EvDeckReshuffled:     {"deck_reshuffled", "shuffle"},
	EvAgentMovedUp:       {"agent_moved_up", "moveup"},
	EvAgentReturned:      {"agent_returned", "return"},
	EvJaimeMuster:        {"jaime_muster", "effect"},
	EvAshaMove:           {"asha_move", "effect"},
	EvCerseiGranted:      {"cersei_granted", "effect"},
	EvMelisandreGranted:  {"melisandre_granted", "effect"},
	EvCerseiRemoved:      {"cersei_removed", "effect"},
	EvCerseiDeclined:     {"cersei_declined", "effect"},
	EvCerseiNoTarget:     {"cersei_no_target", "effect"},
	EvMelisandreNoTarget: {"melisandre_no_target", "effect"},
	EvMelisandreDeclined: {"melisandre_declined", "effect"},
	EvMelisandreLooked:   {"melisandre_looked", "effect"},
	EvMelisandreHand:     {"melisandre_hand", "effect"},
	EvMelisandreDiscard:  {"melisandre_discard", "effect"},
	EvRanksComputed:      {"ranks_computed", "rank"},
	EvKept:               {"kept", "exchange"},
	EvExchanged:          {"exchanged", "exchange"},
	EvExchangedPrivate:   {"exchanged_private", "exchange"},
	EvGameOver:           {"game_over", "over"},
	EvLoyaltyRevealed:    {"loyalty_revealed", "reveal"},
	EvStudyAim:           {"study_aim", "citadel"},
	EvStudied:            {"studied", "citadel"},
	EvLegends:            {"legends", "citadel"},
	EvRookery:            {"rookery", "citadel"},
	EvRavenGained:        {"raven_gained", "citadel"},
	EvCrystalGained:      {"crystal_gained", "citadel"},
	EvRavensExchanged:    {"ravens_exchanged", "citadel"},
	EvWingDrawn:          {"wing_drawn", "wings"},
	EvWingDrawnPrivate:   {"wing_drawn_private", "wings"},
	EvWingsReshuffled:    {"wings_reshuffled", "wings"},
	EvNoWing:             {"no_wing", "wings"},
	EvUncovered:          {"uncovered", "citadel"},
	EvUncoveredPrivate:   {"uncovered_private", "citadel"},
	EvNothingToUncover:   {"nothing_to_uncover", "citadel"},
	EvLostOrders:         {"lost_orders", "wings"},
	EvIllTidings:         {"ill_tidings", "wings"},
	EvNamed:              {"named", "seat"},
}

// String is the kind's stable snake_case name, e.g. "agent_placed".
func (k EventKind) String() string {
	if k < numEventKinds {
		return eventKinds[k].name
	}
	return fmt.Sprintf("event(%d)", uint8(k))
}

// Reveals reports whether an event of this kind puts hidden information in
// front of a seat: a card drawn or played, a deck reshuffled, a hand looked
// at or a card made discarded from it, a loyalty token turned face up.
// Undo stops at the action that caused it.
func (k EventKind) Reveals() bool {
	switch k {
	case EvCardDrawn, EvCardDrawnPrivate, EvDeckReshuffled, EvCardPlayed,
		EvMelisandreLooked, EvMelisandreHand, EvMelisandreDiscard,
		EvExchanged, EvExchangedPrivate, EvLoyaltyRevealed,
		EvStudied, EvWingDrawn, EvWingDrawnPrivate, EvWingsReshuffled,
		EvUncovered, EvUncoveredPrivate, EvLostOrders, EvIllTidings:
		return true
	}
	return false
}

// Category is the coarse kind the log has always shown, e.g. "place".
func (k EventKind) Category() string {
	if k < numEventKinds {
		return eventKinds[k].category
	}
	return ""
}

// MarshalText writes the kind's name, so saved logs survive renumbering.
func (k EventKind) MarshalText() ([]byte, error) {
	if k >= numEventKinds {
		return nil, fmt.Errorf("unknown event kind %d", uint8(k))
	}
	return []byte(eventKinds[k].name), nil
}

// UnmarshalText reads a kind's name.
func (k *EventKind) UnmarshalText(b []byte) error {
	for i, e := range eventKinds {
		if e.name == string(b) {
			*k = EventKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown event kind %q", b)
}

// Event is one thing that happened, as data: its words are made on demand
// by Game.EventText for a viewer. Which fields matter depends on Kind (see
// the EventKind constants); seats, houses, territories and cards are the
// game's indexes and ids.
type Event struct {
	// Action is the index of the action that caused the event (in
	// Game.Actions), or -1 for the setup and sandbox edits.
	Action int `json:"action"`
	// Seat is Public, or the only seat that may read a private event.
	Seat Seat      `json:"seat"`
	Kind EventKind `json:"kind"`
	// Who and Other are seats; House and House2 houses; Terr and To
	// territories; Slot an agent slot; Unit a unit kind; N, M and K counts,
	// powers or loyalty-slot positions.
	Who    Seat          `json:"who,omitzero"`
	Other  Seat          `json:"other,omitzero"`
	House  board.HouseID `json:"house,omitzero"`
	House2 board.HouseID `json:"house2,omitzero"`
	Terr   board.TerrID  `json:"terr,omitzero"`
	To     board.TerrID  `json:"to,omitzero"`
	Slot   int16         `json:"slot,omitzero"`
	Unit   int16         `json:"unit,omitzero"`
	N      int16         `json:"n,omitzero"`
	M      int16         `json:"m,omitzero"`
	K      int16         `json:"k,omitzero"`
	// Units is a unit vector (moved, lost, retreating…); Lost the units
	// that drowned in a casualties event.
	Units [board.NumUnits]int16 `json:"units,omitzero"`
	Lost  [board.NumUnits]int16 `json:"lost,omitzero"`
	// Card is a house card.
	Card board.CardID `json:"card,omitzero"`
	// List is a list of small ints: the houses of a loyalty card, a
	// ranking's (house, from<<8|to) pairs, a hand's card codes. It is a
	// window on the game's append-only item store, not an allocation.
	List []int16 `json:"list,omitempty"`
}

// LogLine is one event in words, as a viewer reads it.
type LogLine struct {
	Action int    `json:"action"` // index of the causing action, -1 for the setup
	Seat   Seat   `json:"seat"`   // Public, or the seat the private event belongs to
	Kind   string `json:"kind"`   // the category, e.g. "muster"
	Event  string `json:"event"`  // the kind's name, e.g. "promoted"
	Text   string `json:"text"`
}

// item is the list's i-th item, or -1 past its end (a log decoded from a
// damaged save must not crash the words).
func (e *Event) item(i int) int {
	if i < 0 || i >= len(e.List) {
		return -1
	}
	return int(e.List[i])
}

// addItem appends v to the game's item store, where event lists live:
// lists cost no allocation of their own, only the store's amortised growth.
func (g *Game) addItem(v int) { g.items = append(g.items, int16(v)) }

// listFrom is the items added since start, as an event's List. The window
// is capped, and the store only ever grows, so a list never changes.
func (g *Game) listFrom(start int) []int16 {
	return g.items[start:len(g.items):len(g.items)]
}

// slotValue is the value of loyalty-card position i (0 when there is none).
func (g *Game) slotValue(i int) int {
	if i < 0 || i >= len(g.m.LoyaltySlots) {
		return 0
	}
	return g.m.LoyaltySlots[i]
}

func (e *Event) setUnits(u [board.NumUnits]int) {
	for k, n := range u {
		e.Units[k] = int16(n)
	}
}

func unitVec(v [board.NumUnits]int16) [board.NumUnits]int {
	var u [board.NumUnits]int
	for k, n := range v {
		u[k] = int(n)
	}
	return u
}

// emit appends e to the log, stamped with the action being applied.
func (g *Game) emit(e Event) {
	e.Action = g.acting - 1
	g.st.Log = append(g.st.Log, e)
}

// addRanking adds rs to the item store as (house, from<<8|to) pairs.
func (g *Game) addRanking(rs []Rank) {
	for _, r := range rs {
		g.addItem(int(r.House))
		g.addItem(r.From<<8 | r.To)
	}
}

// rankingText writes the n ranking pairs of e's list from item i on.
func (g *Game) rankingText(e *Event, i, n int) string {
	rs := make([]Rank, max(n, 0))
	for j := range rs {
		h, span := board.HouseID(e.item(i+2*j)), e.item(i+2*j+1)
		rs[j].House = board.NoHouse
		if g.m.HasHouse(h) {
			rs[j].House = h
		}
		rs[j].From, rs[j].To = span>>8, span&0xff
	}
	return rankText(g, rs)
}

// cardCode is a card's place in the map's decks: house<<8 | deck index.
func (g *Game) cardCode(c board.CardID) int {
	h := g.cardHouse(c)
	id := g.cardID(c)
	for i, d := range g.m.Houses[h].Deck {
		if d.ID == id {
			return int(h)<<8 | i
		}
	}
	return -1
}

// cardOfCode is the card with code code, or None.
func (g *Game) cardOfCode(code int) board.CardID {
	h, i := board.HouseID(code>>8), code&0xff
	if code < 0 || !g.m.HasHouse(h) || i >= len(g.m.Houses[h].Deck) {
		return None
	}
	return g.m.HouseCards(h)[i]
}

// loyaltyText writes e's list of houses as "Stark 6, Lannister 4, …".
func (g *Game) loyaltyText(e *Event) string {
	var b strings.Builder
	for i := 0; i < len(e.List); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %d", g.houseName(board.HouseID(e.item(i))), g.slotValue(i))
	}
	return b.String()
}

// slotWords are the slots as the log names them, made once.
var slotWords = [NumSlots]string{"Maester", "Marshal", "Lord"}

// MayRead reports whether viewer may read e: a public event, or a private
// one of the viewer's own seat.
func MayRead(e Event, viewer Seat) bool { return e.Seat == Public || e.Seat == viewer }

// OwnWords is a private event's words text (EventText's, "Secret: Ann
// (Crown) drew …") for its own seat's eyes, whose words are seatWords
// ("Ann (Crown)"): in the second person ("You drew …", "Your loyalty card
// is …"), as a notice shown to that seat alone reads it. Any other text is
// returned as it is.
func OwnWords(text, seatWords string) string {
	rest, ok := strings.CutPrefix(text, "Secret: "+seatWords)
	if !ok {
		return text
	}
	if r, ok := strings.CutPrefix(rest, "'s "); ok {
		return "Your " + r
	}
	rest = strings.TrimPrefix(rest, " ")
	if r, ok := strings.CutPrefix(rest, "studies "); ok {
		rest = "study " + r
	}
	return "You " + rest
}

// EventText returns the words of e as viewer reads them, or "" when viewer
// may not read it (a private event is only ever shown to its seat). It is
// the one place where the log's words are made.
func (g *Game) EventText(e Event, viewer Seat) string {
	if !MayRead(e, viewer) {
		return ""
	}
	seat, house, terr := g.seatName, g.houseName, g.terrName
	slot := func(s int16) string {
		if s >= 0 && int(s) < len(slotWords) {
			return slotWords[s]
		}
		return slotName(Slot(s))
	}
	itoa := strconv.Itoa
	units := func(u [board.NumUnits]int16) string { return words.Units(unitVec(u)) }
	n, m := int(e.N), int(e.M)
	switch e.Kind {
	case EvGameSetUp:
		return fmt.Sprintf("The game begins with %d players; %s is the first player. Every house deck is shuffled.", n, seat(e.Who))
	case EvRoundStarted:
		return fmt.Sprintf("Round %d of %d: %s is the first player and places first.", n, m, seat(e.Who))
	case EvLoyaltyArranged:
		return seat(e.Who) + " arranged their loyalty card."
	case EvLoyaltyCard:
		return "Secret: " + seat(e.Seat) + "'s loyalty card is " + g.loyaltyText(&e) + "."
	case EvAgentPlaced:
		return seat(e.Who) + " places an agent on " + house(e.House) + " " + slot(e.Slot) + "."
	case EvResolutionBegan:
		return "Every agent is placed: resolution begins with the Maesters."
	case EvAgentResolved:
		return seat(e.Who) + " resolves their agent on " + house(e.House) + " " + slot(e.Slot) + "."
	case EvMoveChosen:
		return seat(e.Who) + " moves " + house(e.House) + " troops."
	case EvMusterChosen:
		return seat(e.Who) + " musters for " + house(e.House) + ": " + itoa(n) + " " + words.Plural(n, "point") + "."
	case EvMustered:
		if e.To != e.Terr {
			return house(e.House) + " musters a " + board.Unit(e.Unit).String() + " in " + terr(e.To) + ", from " + terr(e.Terr) + "."
		}
		return house(e.House) + " musters a " + board.Unit(e.Unit).String() + " in " + terr(e.Terr) + "."
	case EvPromoted:
		from := board.Footman
		if board.Unit(e.Unit) == board.Dragon {
			from = board.Knight
		}
		return house(e.House) + " promotes a " + from.String() + " in " + terr(e.Terr) + " to a " + board.Unit(e.Unit).String() + "."
	case EvMusterEnded:
		return seat(e.Who) + " ends the muster for " + house(e.House) + "."
	case EvMoved:
		return house(e.House) + " moves " + units(e.Units) + " from " + terr(e.Terr) + " to " + terr(e.To) + "."
	case EvNoMove:
		return seat(e.Who) + " moves no " + house(e.House) + " troops."
	case EvFlagLeft:
		return house(e.House) + " leaves a flag in " + terr(e.Terr) + "."
	case EvFlagRemoved:
		return house(e.House) + "'s flag in " + terr(e.Terr) + " is removed."
	case EvFlagHeld:
		return fmt.Sprintf("%s holds %s with no troops left: its flag stands there.", house(e.House), terr(e.Terr))
	case EvFlagWon:
		return fmt.Sprintf("%s wins %s with no troops left: its flag stands there.", house(e.House), terr(e.Terr))
	case EvFortHeld:
		return fmt.Sprintf("%s enters %s first and holds its fortification.", house(e.House), terr(e.Terr))
	case EvFortRemoved:
		return fmt.Sprintf("%s's last unit has left %s: its fortification is removed for good.", house(e.House), terr(e.Terr))
	case EvPortLost:
		return fmt.Sprintf("%s no longer controls %s: %s in %s %s lost.", house(e.House), terr(e.Terr), words.UnitCount(n, board.Ship), terr(e.To), words.Agree(n, "is", "are"))
	case EvCombatStarted:
		return "Combat in " + terr(e.Terr) + ": " + house(e.House) + " attacks " + house(e.House2) + "."
	case EvCardPlayed:
		return seat(e.Who) + " plays " + g.cardDesc(e.Card) + "."
	case EvPassed:
		if e.N == 1 {
			return fmt.Sprintf("%s plays no card: they hold no %s or %s card.", seat(e.Who), house(e.House), house(e.House2))
		}
		return seat(e.Who) + " plays no card."
	case EvCombatTied:
		return fmt.Sprintf("The combat in %s is tied %d to %d: %s names the winner.", terr(e.Terr), n, m, seat(e.Who))
	case EvTieDecided:
		return fmt.Sprintf("The combat is tied; %s names %s the winner.", seat(e.Who), house(e.House))
	case EvAttackerWon, EvDefenderWon:
		w := e.House
		if e.Kind == EvDefenderWon {
			w = e.House2
		}
		return fmt.Sprintf("%s wins the combat in %s (%s %d, %s %d).", house(w), terr(e.Terr), house(e.House), n, house(e.House2), m)
	case EvCasualties:
		msg := fmt.Sprintf("%s must lose %d %s and loses %s", house(e.House), n, words.Plural(n, "unit"), units(e.Units))
		if n == 0 {
			msg = fmt.Sprintf("%s loses no units", house(e.House))
		}
		if d := unitVec(e.Lost); board.Total(d) > 0 {
			msg += fmt.Sprintf("; %s without a ship %s", words.Units(d), words.Agree(board.Total(d), "drowns", "drown"))
		}
		return msg + "."
	case EvNoRetreat:
		u := unitVec(e.Units)
		return fmt.Sprintf("%s's %s in %s cannot retreat anywhere and %s destroyed.", house(e.House), words.Units(u), terr(e.Terr), words.Agree(board.Total(u), "is", "are"))
	case EvRetreated:
		u := unitVec(e.Units)
		return fmt.Sprintf("%s's %s %s from %s to %s.", house(e.House), words.Units(u), words.Agree(board.Total(u), "retreats", "retreat"), terr(e.Terr), terr(e.To))
	case EvOccupied:
		u := unitVec(e.Units)
		return fmt.Sprintf("%s's %s %s %s.", house(e.House), words.Units(u), words.Agree(board.Total(u), "occupies", "occupy"), terr(e.Terr))
	case EvRedeployed:
		u := unitVec(e.Units)
		return fmt.Sprintf("%s's %s %s from %s to %s.", house(e.House), words.Units(u), words.Agree(u[board.Dragon], "flies", "fly"), terr(e.Terr), terr(e.To))
	case EvCardDrawn:
		return seat(e.Who) + " drew a " + house(e.House) + " card."
	case EvCardDrawnPrivate:
		return "Secret: " + seat(e.Seat) + " drew " + g.cardDesc(e.Card) + "."
	case EvNothingToDraw:
		return fmt.Sprintf("%s would draw a %s card, but every %s card is in a hand: nothing is drawn.", seat(e.Who), house(e.House), house(e.House))
	case EvDeckReshuffled:
		return fmt.Sprintf("The %s deck ran out: its %d discarded %s are shuffled into a new deck.", house(e.House), n, words.Plural(n, "card"))
	case EvAgentMovedUp:
		return seat(e.Who) + "'s agent, its action done, moves up to the empty " + house(e.House) + " " + slot(e.Slot) + " slot, to act again in a later tier."
	case EvAgentReturned:
		return seat(e.Who) + "'s agent on " + house(e.House) + " " + slot(e.Slot) + ", its action done, returns to them."
	case EvJaimeMuster:
		return fmt.Sprintf("%s wins with %s: %s may muster for %s.", house(e.House), g.cardName(e.Card), seat(e.Who), house(e.House))
	case EvAshaMove:
		return fmt.Sprintf("%s wins with %s: %s may move %s troops.", house(e.House), g.cardName(e.Card), seat(e.Who), house(e.House))
	case EvCerseiGranted:
		return fmt.Sprintf("%s wins with %s: %s may remove an unresolved %s agent.", house(e.House), g.cardName(e.Card), seat(e.Who), house(e.House))
	case EvMelisandreGranted:
		return fmt.Sprintf("%s wins with %s: %s may look at an opponent's hand and discard one card.", house(e.House), g.cardName(e.Card), seat(e.Who))
	case EvCerseiRemoved:
		return fmt.Sprintf("%s removes %s's agent from %s %s; it returns to %s unresolved.", seat(e.Who), seat(e.Other), house(e.House), slot(e.Slot), seat(e.Other))
	case EvCerseiDeclined:
		return fmt.Sprintf("%s removes no agent with %s.", seat(e.Who), g.cardName(e.Card))
	case EvCerseiNoTarget:
		return fmt.Sprintf("%s: there is no unresolved %s agent to remove.", g.cardName(e.Card), house(e.House))
	case EvMelisandreNoTarget:
		return fmt.Sprintf("%s: no opponent holds a house card.", g.cardName(e.Card))
	case EvMelisandreDeclined:
		return fmt.Sprintf("%s looks at no hand.", seat(e.Who))
	case EvMelisandreLooked:
		return fmt.Sprintf("%s looks at %s's hand.", seat(e.Who), seat(e.Other))
	case EvMelisandreHand:
		var b strings.Builder
		for i := 0; i < len(e.List); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(g.cardName(g.cardOfCode(e.item(i))))
		}
		return fmt.Sprintf("%s holds: %s.", seat(e.Other), b.String())
	case EvMelisandreDiscard:
		return fmt.Sprintf("%s makes %s discard %s.", seat(e.Who), seat(e.Other), g.cardDesc(e.Card))
	case EvRanksComputed:
		return "Every agent has resolved. House ranks: " + g.rankingText(&e, 0, len(e.List)/2) + "."
	case EvKept:
		return seat(e.Who) + " keeps their loyalty card as it is."
	case EvExchanged:
		return seat(e.Who) + " swaps the tokens in their " + itoa(g.slotValue(n)) + " and " + itoa(g.slotValue(m)) +
			" slots and reveals " + house(e.House) + " in the " + itoa(g.slotValue(int(e.K))) + " slot."
	case EvExchangedPrivate:
		return "Secret: " + seat(e.Seat) + " exchanged " + house(e.House) + " and " + house(e.House2) + "."
	case EvGameOver:
		nh := n // ranking pairs, then one score per seat
		var scores strings.Builder
		for i := 2 * nh; i < len(e.List); i++ {
			if i > 2*nh {
				scores.WriteString(", ")
			}
			fmt.Fprintf(&scores, "%s %d", g.seatName(Seat(i-2*nh)), e.item(i))
		}
		return fmt.Sprintf("The game is over. Final ranks: %s. Scores: %s. %s wins.", g.rankingText(&e, 0, nh), scores.String(), seat(e.Who))
	case EvLoyaltyRevealed:
		return fmt.Sprintf("%s's loyalty card: %s.", seat(e.Who), g.loyaltyText(&e))
	case EvStudyAim:
		return "Secret: " + seat(e.Seat) + " studies at the Citadel to " + Aim(e.N).Name() + "."
	case EvStudied:
		return g.studyText(&e)
	case EvLegends:
		return fmt.Sprintf("Secret: %s's research finds legends: two %s cards.", seat(e.Seat), house(e.House))
	case EvRookery:
		return "Secret: " + seat(e.Seat) + "'s visit to the rookery brings a Dark Wings card."
	case EvRavenGained:
		return fmt.Sprintf("%s gains a raven (%s).", seat(e.Who), words.Count(n, "raven"))
	case EvCrystalGained:
		return fmt.Sprintf("%s gains a Crystal of Knowledge (%s).", seat(e.Who), words.Count(n, "crystal"))
	case EvRavensExchanged:
		return seat(e.Who) + "'s three ravens are exchanged for a Dark Wings card."
	case EvWingDrawn:
		return seat(e.Who) + " draws a Dark Wings card."
	case EvWingDrawnPrivate:
		return "Secret: " + seat(e.Seat) + " drew " + Wing(e.N).Name() + "."
	case EvWingsReshuffled:
		return fmt.Sprintf("The Dark Wings deck ran out: its %d played %s are shuffled into a new deck.", n, words.Plural(n, "card"))
	case EvNoWing:
		return fmt.Sprintf("%s would draw a Dark Wings card, but every card is held: nothing is drawn.", seat(e.Who))
	case EvUncovered:
		return fmt.Sprintf("%s uncovered a secret of %s.", seat(e.Who), seat(e.Other))
	case EvUncoveredPrivate:
		return fmt.Sprintf("Secret: %s uncovered %s's token in the %s slot: %s.", seat(e.Seat), seat(e.Other), itoa(g.slotValue(int(e.K))), house(e.House))
	case EvNothingToUncover:
		return fmt.Sprintf("%s digs up dirt, but every other player's token is face up: nothing is uncovered.", seat(e.Who))
	case EvLostOrders:
		return fmt.Sprintf("%s plays Lost Orders: %s's agent on %s %s returns to them unresolved.", seat(e.Who), seat(e.Other), house(e.House), slot(e.Slot))
	case EvIllTidings:
		return fmt.Sprintf("%s plays Ill Tidings on %s: %s Citadel results are %d lower this round.", seat(e.Who), seat(e.Other), seat(e.Other)+"'s", n)
	case EvNamed:
		return fmt.Sprintf("%s is played by %s.", g.conspiracyName(e.Who), g.nameGiven(e))
	}
	return e.Kind.String()
}

// Line is e in words for viewer, or false when viewer may not read it.
func (g *Game) Line(e Event, viewer Seat) (LogLine, bool) {
	if !MayRead(e, viewer) {
		return LogLine{}, false
	}
	return LogLine{Action: e.Action, Seat: e.Seat, Kind: e.Kind.Category(), Event: e.Kind.String(), Text: g.EventText(e, viewer)}, true
}

// ownLine is e in the words of the seat it belongs to: how the runner and
// the opened log at game over show every event.
func (g *Game) ownLine(e Event) LogLine {
	l, _ := g.Line(e, e.Seat)
	return l
}

// ownLines is evs in their own seats' words (never nil).
func (g *Game) ownLines(evs []Event) []LogLine {
	out := make([]LogLine, len(evs))
	for i, e := range evs {
		out[i] = g.ownLine(e)
	}
	return out
}

// nameGiven is the name a name action gave (EvNamed): its action's, read
// from the history (the seat's name now when the history does not hold
// it).
func (g *Game) nameGiven(e Event) string {
	if e.Action >= 0 && e.Action < len(g.actions) && g.actions[e.Action].Verb == VName {
		return g.actions[e.Action].Name
	}
	if e.Who >= 0 && int(e.Who) < len(g.st.Players) {
		return g.st.Players[e.Who].Name
	}
	return "?"
}
