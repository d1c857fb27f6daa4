package rules

import (
	"errors"
	"fmt"
	"slices"

	"notrueking/board"
	"notrueking/words"
)

// The checks of a position given fact by fact (Builder, Editor). Each
// fact is checked when it is given, on its own and against what stands
// in the same place (a territory, a card, a seat's agents); what relates
// several facts is checked once the position is whole (whole, below), by
// Build. No check is made twice.

// maxUnits bounds one unit count of a position (no map comes near).
const maxUnits = 99

// A PositionError is a problem of a whole position that Build found. Part
// says which part of the position it is about, and Index which one (see
// Part), so that a reader of a file can point at the line that gave it.
type PositionError struct {
	Part  Part
	Index int
	Msg   string
}

func (e *PositionError) Error() string { return e.Msg }

// Part names a part of a position, for PositionError.
type Part uint8

// The parts of a position a PositionError is about; Index is the
// territory, house, seat or pending step named, or -1.
const (
	PartBoard    Part = iota + 1 // units, flags, supply; Index a territory (a port) or -1
	PartFort                     // Index the territory with the fortification
	PartAgents                   // agents on slots
	PartArranged                 // Index the seat
	PartDeck                     // Index the house
	PartDiscard                  // Index the house
	PartDragons                  // dragons had; Index the house
	PartPhase                    // the phase
	PartRound                    // the round
	PartTurn                     // whose turn it is
	PartStack                    // Index the pending step, bottom first, or -1
	PartRanking                  // the ranking on display
	PartCitadel                  // the Citadel variant's pieces; Index the seat, or -1
)

func (g *Game) seatOK(s Seat) error {
	if s < 0 || s >= g.numSeats() {
		return fmt.Errorf("there is no seat %d in this game", s)
	}
	return nil
}

func (g *Game) cardOK(c board.CardID) error {
	_, err := g.cardArg(c)
	return err
}

// checkCount checks the counts of a group of units.
func checkCount(u [board.NumUnits]int) error {
	for k, c := range u {
		if c < 0 || c > maxUnits {
			return fmt.Errorf("%d %s: a count is 0 to %d", c, words.UnitPlural(board.Unit(k)), maxUnits)
		}
	}
	return nil
}

// checkGroup checks a group of one house's units standing in territory
// t, or (attacking) attacking it: ships never on land (only the units they
// carry land), only ships in a port, footmen and knights at sea carried by
// as many ships, dragons never staying at sea and attacking one alone.
func (g *Game) checkGroup(t board.TerrID, u [board.NumUnits]int, attacking bool) error {
	if err := checkCount(u); err != nil {
		return err
	}
	tt := &g.m.Territories[t]
	onLand, inPort, carry := "stand on", "stand in", ""
	if attacking {
		onLand, inPort, carry = "attack", "enter", ": only the units they carry land"
	}
	switch tt.Kind {
	case board.Land, board.Road:
		if u[board.Ship] > 0 {
			return fmt.Errorf("ships cannot %s land (%s is %s)%s", onLand, g.terrName(t), tt.Kind, carry)
		}
	case board.Port:
		if carried(u)+u[board.Dragon] > 0 {
			return fmt.Errorf("only ships %s a port (%s)", inPort, g.terrName(t))
		}
	case board.Sea:
		if carried(u) > u[board.Ship] {
			return fmt.Errorf("%s at sea need as many ships; %s in %s",
				words.Units([board.NumUnits]int{u[board.Footman], u[board.Knight]}), words.UnitCount(u[board.Ship], board.Ship), g.terrName(t))
		}
		if attacking && u[board.Dragon] > 0 && board.Total(u) != u[board.Dragon] {
			return errors.New("dragons attack a sea on their own")
		}
		if !attacking && u[board.Dragon] > 0 {
			return fmt.Errorf("dragons never stay at sea (%s)", g.terrName(t))
		}
	}
	return nil
}

// putUnits sets house h's units in territory t, after checking them on
// their own and against the troops and flag there.
func (g *Game) putUnits(t board.TerrID, h board.HouseID, u [board.NumUnits]int) error {
	if err := g.terrOK(t); err != nil {
		return err
	}
	if _, err := g.houseArg(h); err != nil {
		return err
	}
	if err := g.checkGroup(t, u, false); err != nil {
		return err
	}
	if board.Total(u) > 0 {
		if o := g.otherOccupant(t, h); o >= 0 && g.m.Territories[t].Kind != board.Road {
			return fmt.Errorf("%s already has troops in %s: two houses meet only in combat (or on a road)", g.houseName(o), g.terrName(t))
		}
		if f := g.st.Flags[t]; f >= 0 {
			return fmt.Errorf("%s's flag stands in %s: a flag stands only in a territory without troops", g.houseName(f), g.terrName(t))
		}
	}
	g.st.Units[t][h] = u
	return nil
}

// putFlag puts house h's flag in territory t (h None: no flag).
func (g *Game) putFlag(t board.TerrID, h board.HouseID) error {
	if err := g.terrOK(t); err != nil {
		return err
	}
	if h != None {
		if _, err := g.houseArg(h); err != nil {
			return err
		}
		if k := g.m.Territories[t].Kind; k != board.Land {
			return fmt.Errorf("flags stand only on land; %s is %s", g.terrName(t), k)
		}
		if o := g.occupant(t); o >= 0 {
			return fmt.Errorf("%s has troops in %s: a flag stands only in a territory without troops", g.houseName(o), g.terrName(t))
		}
	}
	g.st.Flags[t] = h
	return nil
}

// putRound sets the round: 1 to the number of rounds (of players).
func (g *Game) putRound(n int) error {
	if n < 1 || n > g.st.Rounds {
		return fmt.Errorf("round %d is outside 1..%d: a game of %d players lasts %d rounds", n, g.st.Rounds, len(g.st.Players), g.st.Rounds)
	}
	g.st.Round = n
	return nil
}

func (g *Game) terrOK(t board.TerrID) error {
	_, err := g.terrArg(t)
	return err
}

// slotOK checks house h's slot s and seat (None: no seat).
func (g *Game) slotOK(h board.HouseID, s Slot, seat Seat) error {
	if _, err := g.houseArg(h); err != nil {
		return err
	}
	if !validSlot(s) {
		return fmt.Errorf("there is no slot %d", int(s))
	}
	if seat != None {
		return g.seatOK(seat)
	}
	return nil
}

// putAgent puts seat's agent on house h's slot s (seat None: none); the
// agents in hand follow.
func (g *Game) putAgent(h board.HouseID, s Slot, seat Seat) error {
	if err := g.slotOK(h, s, seat); err != nil {
		return err
	}
	old := g.st.Slots[h][s]
	if old == seat {
		return nil
	}
	if seat != None && g.st.Players[seat].Agents == 0 {
		return fmt.Errorf("%s has no agents in hand: all %d are on slots", g.seatName(seat), AgentsPerPlayer)
	}
	if old >= 0 {
		g.st.Players[old].Agents++
	}
	if seat != None {
		g.st.Players[seat].Agents--
	}
	g.st.Slots[h][s] = seat
	return nil
}

// putLoyalty arranges seat's loyalty card: order names every house once,
// best slot first.
func (g *Game) putLoyalty(seat Seat, order []board.HouseID) error {
	if err := g.seatOK(seat); err != nil {
		return err
	}
	nh := len(g.m.Houses)
	seen := make([]bool, nh)
	for _, h := range order {
		if _, err := g.houseArg(h); err != nil {
			return err
		}
		if seen[h] {
			return fmt.Errorf("%s is named twice: a loyalty card holds one token of each house", g.houseName(h))
		}
		seen[h] = true
	}
	if len(order) != nh {
		return fmt.Errorf("%s named: a loyalty card holds one token of each of the %d houses, best slot first", words.Count(len(order), "house"), nh)
	}
	g.st.Players[seat].Loyalty = slices.Clone(order)
	return nil
}

// cardPlace says where card c is ("in Crown's hand"), "" when nowhere.
func (g *Game) cardPlace(c board.CardID) string {
	for h := range g.m.NumHouses() {
		if slices.Contains(g.st.Decks[h], c) {
			return "in the " + g.houseName(h) + " deck"
		}
		if slices.Contains(g.st.Discards[h], c) {
			return "in the " + g.houseName(h) + " discard"
		}
	}
	for i := range g.numSeats() {
		if slices.Contains(g.st.Players[i].Hand, c) {
			return "in " + g.seatName(i) + "'s hand"
		}
	}
	return ""
}

// freeCard checks that card c is nowhere yet.
func (g *Game) freeCard(c board.CardID) error {
	if err := g.cardOK(c); err != nil {
		return err
	}
	if where := g.cardPlace(c); where != "" {
		return fmt.Errorf("%s is already %s: a card is in one place only", g.cardName(c), where)
	}
	return nil
}

// toHand puts card c in seat's hand: from wherever it is (take), or only
// if it is nowhere yet.
func (g *Game) toHand(seat Seat, c board.CardID, take bool) error {
	if err := g.seatOK(seat); err != nil {
		return err
	}
	if err := g.cardOK(c); err != nil {
		return err
	}
	if take {
		g.takeCard(c)
	} else if err := g.freeCard(c); err != nil {
		return err
	}
	g.st.Players[seat].Hand = append(g.st.Players[seat].Hand, c)
	return nil
}

// ownCard checks that card c is one of house h's.
func (g *Game) ownCard(h board.HouseID, c board.CardID) error {
	if err := g.cardOK(c); err != nil {
		return err
	}
	if ch := g.cardHouse(c); ch != h {
		return fmt.Errorf("%s is a %s card, not a %s one", g.cardName(c), g.houseName(ch), g.houseName(h))
	}
	return nil
}

// takeCard takes card c out of wherever it is.
func (g *Game) takeCard(c board.CardID) {
	s := &g.st
	del := func(a []board.CardID) []board.CardID {
		if i := slices.Index(a, c); i >= 0 {
			return slices.Delete(a, i, i+1)
		}
		return a
	}
	for h := range g.m.NumHouses() {
		s.Decks[h] = del(s.Decks[h])
		s.Discards[h] = del(s.Discards[h])
	}
	for i := range g.numSeats() {
		s.Players[i].Hand = del(s.Players[i].Hand)
	}
}

// whole checks what relates the facts of a position: the supply, ports
// and fortifications, where every card is, dragons had, the agents and
// loyalty cards against the phase, the pending steps and the turn. It
// returns every problem found.
func (g *Game) whole() []error {
	var errs []error
	add := func(part Part, i int, format string, args ...any) {
		errs = append(errs, &PositionError{Part: part, Index: i, Msg: fmt.Sprintf(format, args...)})
	}
	g.checkSupply(add)
	g.checkPortShips(add)
	g.checkForts(add)
	g.checkCards(add)
	g.checkPhase(add)
	g.checkCitadel(add)
	for i := range g.st.Stack {
		if err := g.checkPending(i); err != nil {
			add(PartStack, i, "%v", err)
		}
	}
	return errs
}

type addFunc func(part Part, i int, format string, args ...any)

// checkSupply: no house has more units of a kind than its supply, the
// attackers and retreating units of a pending combat counted; a house has
// had at least the dragons it has on the board.
func (g *Game) checkSupply(add addFunc) {
	for h := range g.m.NumHouses() {
		house := &g.m.Houses[h]
		have := g.onBoard(h)
		for k := board.Unit(0); k < board.NumUnits; k++ {
			if have[k] > house.Limits[k] {
				add(PartBoard, -1, "%s has %d %s on the board; its supply is %d", g.houseName(h), have[k], words.UnitPlural(k), house.Limits[k])
			}
		}
		if d := g.st.Dragons[h]; d < have[board.Dragon] {
			add(PartDragons, int(h), "%s has had %s, but has %d on the board", g.houseName(h), words.Count(d, "dragon"), have[board.Dragon])
		}
	}
}

// checkPortShips: ships stand in a port only while their house controls its
// land (they are lost at once otherwise).
func (g *Game) checkPortShips(add addFunc) {
	for p := range g.m.NumTerritories() {
		pt := &g.m.Territories[p]
		if pt.Kind != board.Port || pt.PortOf < 0 {
			continue
		}
		for h := range g.m.NumHouses() {
			u := g.st.Units[p][h]
			if u[board.Ship] > 0 && !g.controls(pt.PortOf, h) {
				add(PartBoard, int(p), "%s has ships in %s but does not control %s: ships in a port whose land is lost are lost", g.houseName(h), g.terrName(p), g.terrName(pt.PortOf))
			}
		}
	}
}

// checkForts: an unheld fortification has no troops in it (the first
// house to enter holds it); a held one is held while its house has
// troops there.
func (g *Game) checkForts(add addFunc) {
	for t := range g.m.NumTerritories() {
		f := g.st.Forts[t]
		switch o := g.occupant(t); {
		case f == FortEmpty && o >= 0:
			add(PartFort, int(t), "%s has troops in %s, whose fortification is unheld: the first house to enter holds it", g.houseName(o), g.terrName(t))
		case f >= 0 && board.Total(g.st.Units[t][f]) == 0:
			add(PartFort, int(t), "%s has no troops in %s: a fortification is held while its house has troops there, and gone for good once they leave", g.houseName(f), g.terrName(t))
		}
	}
}

// checkCards: every house card is somewhere (a deck, a discard or a
// hand); a deck is empty only with its discard (an empty deck is rebuilt
// from it at once).
func (g *Game) checkCards(add addFunc) {
	for h := range g.m.NumHouses() {
		for _, c := range g.m.HouseCards(h) {
			if g.cardPlace(c) == "" {
				add(PartDeck, int(h), "%s is nowhere: every card is in a deck, a discard or a hand", g.cardName(c))
				break
			}
		}
		if len(g.st.Decks[h]) == 0 && len(g.st.Discards[h]) > 0 {
			add(PartDiscard, int(h), "the %s deck is empty but its discard is not: an empty deck is reshuffled from its discard at once", g.houseName(h))
		}
	}
}

// checkPhase: agents stand on slots only while they are placed and
// resolved; steps are pending only while agents resolve, a combat exactly
// in the combat phase.
func (g *Game) checkPhase(add addFunc) {
	s := &g.st
	switch s.Phase {
	case PhaseLoyalty, PhaseExchange, PhaseOver:
		for h := range g.m.NumHouses() {
			for _, o := range s.Slots[h] {
				if o >= 0 {
					add(PartAgents, -1, "no agent stands on a slot in the %s phase (agents are placed, then resolved, before it)", s.Phase)
					return
				}
			}
		}
	}
	top := g.top()
	switch {
	case top != nil && s.Phase != PhaseResolve && s.Phase != PhaseCombat:
		add(PartStack, 0, "steps are pending only while agents resolve (the resolve or combat phase), not in the %s phase", s.Phase)
	case top != nil && top.Kind == FrameCombat && s.Phase != PhaseCombat:
		add(PartPhase, -1, "a combat is pending on top: the phase is combat, not %s", s.Phase)
	case (top == nil || top.Kind != FrameCombat) && s.Phase == PhaseCombat:
		add(PartPhase, -1, "the combat phase needs a pending combat on top")
	}
}

// checkPending checks pending step i against the position.
func (g *Game) checkPending(i int) error {
	f := &g.st.Stack[i]
	if f.Kind == FrameAgent {
		return g.checkResolving(f)
	}
	if f.Seat < 0 {
		return errors.New("name the seat acting: no agent below this step to take it from")
	}
	switch f.Kind {
	case FrameMelisandre:
		if f.Target == f.Seat {
			return errors.New("Melisandre looks at an opponent's hand, not one's own")
		}
	case FrameCitadel:
		if g.st.Citadel == nil {
			return errors.New("a roll at the Citadel is pending, but the game is played without the Citadel variant")
		}
		if f.Step != StepGain && f.Step != StepDirt {
			return fmt.Errorf("a roll at the Citadel waits for a gain or a look, not %q", f.Step)
		}
		if i == 0 || g.st.Stack[i-1].Kind != FrameAgent || g.st.Stack[i-1].Slot != Maester {
			return errors.New("a roll at the Citadel is pending only above the Maester that studied")
		}
	case FrameCombat:
		return g.checkCombat(f.Combat)
	}
	return nil
}

// checkResolving: the agent resolving stands on its slot, and no agent of
// a lower tier waits.
func (g *Game) checkResolving(f *frame) error {
	occ := g.st.Slots[f.House][f.Slot]
	if occ < 0 {
		return fmt.Errorf("no agent on %s %s to resolve", g.houseName(f.House), slotName(f.Slot))
	}
	if f.Seat != occ {
		return fmt.Errorf("the agent on %s %s is %s's", g.houseName(f.House), slotName(f.Slot), g.seatName(occ))
	}
	for lower := Maester; lower < f.Slot; lower++ {
		for h := range g.m.NumHouses() {
			if g.st.Slots[h][lower] >= 0 {
				return fmt.Errorf("a %s agent cannot resolve while %s agents wait (%s %s)", f.Slot, lower, g.houseName(h), slotName(lower))
			}
		}
	}
	return nil
}

// checkCombat checks a pending combat against the position: the cards
// played in turn and out of every hand, the units in it for its step.
func (g *Game) checkCombat(c *combat) error {
	att, t := c.Attacker, c.Territory
	if g.m.Territories[t].Kind != board.Road && board.Total(g.st.Units[t][att]) > 0 {
		return fmt.Errorf("%s already has troops in %s: it would not attack its own territory", g.houseName(att), g.terrName(t))
	}
	if err := g.checkPlays(c); err != nil {
		return err
	}
	if c.Step != "cards" && c.Step != "tie" && c.Winner < 0 {
		return fmt.Errorf("name the winner: a combat at the %s step is decided", c.Step)
	}
	return g.checkCombatUnits(c)
}

// checkPlays: seats play in turn from the active player, every seat once
// past the cards step, and a card played is in no hand.
func (g *Game) checkPlays(c *combat) error {
	for i, p := range c.Plays {
		if p.Seat != c.Order[i] {
			return fmt.Errorf("play %d is %s's: seats play in turn from the active player (%s)", i+1, g.seatName(c.Order[i]), g.seatName(c.Active))
		}
		if p.Card == None {
			continue
		}
		for o := range g.numSeats() {
			if slices.Contains(g.st.Players[o].Hand, p.Card) {
				return fmt.Errorf("%s was played, yet it is still in %s's hand", g.cardName(p.Card), g.seatName(o))
			}
		}
	}
	if np := len(g.st.Players); c.Step != "cards" && len(c.Plays) != np {
		return fmt.Errorf("at the %s step every seat has played or passed (%d plays, %d players)", c.Step, len(c.Plays), np)
	}
	return nil
}

// checkCombatUnits: before the combat is decided the attackers are named,
// the defender has troops and nobody retreats; after it, the loser's
// survivors wait to retreat, or the attacker's dragons that won at sea
// to redeploy.
func (g *Game) checkCombatUnits(c *combat) error {
	switch c.Step {
	case "cards", "tie":
		switch {
		case board.Total(c.AttUnits) == 0:
			return errors.New("name the attacking units (they are off the board while the combat lasts)")
		case board.Total(g.st.Units[c.Territory][c.Defender]) == 0:
			return fmt.Errorf("%s has no troops in %s to defend", g.houseName(c.Defender), g.terrName(c.Territory))
		case board.Total(c.Retreat) > 0:
			return errors.New("nobody retreats before the combat is decided")
		}
	case "retreat":
		if board.Total(c.Retreat) == 0 {
			return errors.New("name the loser's units waiting to retreat")
		}
	case "redeploy":
		if c.Winner != c.Attacker || c.AttUnits[board.Dragon] == 0 || g.m.Territories[c.Territory].Kind != board.Sea {
			return errors.New("only an attacker's dragons that won at sea redeploy")
		}
	}
	return nil
}

// turnFor returns whose turn it is in the position: given when it may be
// (a seat that can act, where the position does not decide), else the
// seat the position decides. With given None it returns that seat.
func (g *Game) turnFor(given Seat) (Seat, error) {
	s := &g.st
	np := g.numSeats()
	derived := s.First
	switch s.Phase {
	case PhaseLoyalty:
		if i := slices.IndexFunc(s.Players, func(p player) bool { return !p.Arranged }); i >= 0 {
			derived = Seat(i)
		}
	case PhasePlace:
		placed := Seat(0)
		for _, p := range s.Players {
			placed += Seat(AgentsPerPlayer - p.Agents)
		}
		for i := range np {
			if c := (s.First + placed + i) % np; s.Players[c].Agents > 0 {
				derived = c
				break
			}
		}
		if given != None {
			if s.Players[given].Agents == 0 {
				return derived, fmt.Errorf("%s has no agents left to place", g.seatName(given))
			}
			derived = given
		}
	case PhaseResolve, PhaseCombat:
		if len(s.Stack) > 0 {
			derived = s.Stack[0].Seat
			break
		}
		tier := g.currentTier()
		if tier == NumSlots {
			break
		}
		if r := g.nextResolver(s.First); r >= 0 {
			derived = r
		}
		if given != None {
			if !g.hasAgentOfTier(given, tier) {
				return derived, fmt.Errorf("%s has no %s agent to resolve", g.seatName(given), tier)
			}
			derived = given
		}
	case PhaseExchange:
		if given != None {
			derived = given
		}
	}
	if given != None && given != derived {
		return derived, fmt.Errorf("it is %s's turn here, not %s's", g.seatName(derived), g.seatName(given))
	}
	return derived, nil
}

// checkCitadel: the Citadel variant's twelve Dark Wings cards, six of each
// kind, are each in the deck, the discard or a hand; counts are whole.
func (g *Game) checkCitadel(add addFunc) {
	c := g.st.Citadel
	if c == nil {
		return
	}
	var n [numWings]int
	count := func(ws []Wing) {
		for _, w := range ws {
			if w > 0 && w < numWings {
				n[w]++
			}
		}
	}
	count(c.Deck)
	count(c.Discard)
	for i := range g.numSeats() {
		count(c.Hands[i])
		if c.Crystals[i] < 0 || c.Ravens[i] < 0 || c.Tidings[i] < 0 {
			add(PartCitadel, int(i), "%s has a negative count of crystals, ravens or Ill Tidings", g.seatName(i))
		}
		if c.Ravens[i] >= 3 && len(c.Deck) > 0 {
			add(PartCitadel, int(i), "%s holds %d ravens while a Dark Wings card can be drawn: three ravens are exchanged at once", g.seatName(i), c.Ravens[i])
		}
	}
	if c.Played && (g.st.Phase != PhaseResolve || len(g.st.Stack) > 0) {
		add(PartCitadel, -1, "a Dark Wings card is played this turn only at the start of a resolving turn, before an agent resolves (the %s phase, nothing pending)", PhaseResolve)
	}
	if len(c.Deck) == 0 && len(c.Discard) > 0 {
		add(PartCitadel, -1, "the Dark Wings deck is empty but its discard is not: an empty deck is reshuffled from its discard at once")
	}
	for w := LostOrders; w < numWings; w++ {
		if n[w] != WingsPerKind {
			add(PartCitadel, -1, "the Dark Wings cards hold %d %s; there are %d: each is in the deck, the discard or a hand", n[w], w.Name(), WingsPerKind)
		}
	}
}
