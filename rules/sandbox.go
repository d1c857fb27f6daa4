package rules

import (
	"errors"
	"fmt"
	"notrueking/words"

	"notrueking/board"
)

// The functions in this file are scenario (sandbox) tools for tests,
// tutorials and a future editor: they set up a position directly. They are
// not actions, are not recorded in Actions(), and a record of a game that
// used them does not replay.

// SetUnits sets house's units in territory (replacing what it had there).
// It refuses ships on land and another house's troops already there
// (except on roads). A land territory left empty keeps no flag.
func (g *Game) SetUnits(house, territory string, u [board.NumUnits]int) error {
	h, err := g.houseID(house)
	if err != nil {
		return err
	}
	t, err := g.terrID(territory)
	if err != nil {
		return err
	}
	for k, c := range u {
		if c < 0 {
			return fmt.Errorf("%s count cannot be negative", board.Unit(k))
		}
	}
	kind := g.m.Territories[t].Kind
	if (kind == board.Land || kind == board.Road) && u[board.Ship] > 0 {
		return fmt.Errorf("ships cannot stand on land (%s)", g.terrName(t))
	}
	if kind == board.Port && carried(u)+u[board.Dragon] > 0 {
		return fmt.Errorf("only ships stand in a port (%s)", g.terrName(t))
	}
	if kind == board.Sea && carried(u) > u[board.Ship] {
		return fmt.Errorf("%s at sea need as many ships", words.Units(u))
	}
	if o := g.otherOccupant(t, h); o >= 0 && kind != board.Road && board.Total(u) > 0 {
		return fmt.Errorf("%s already has troops in %s", g.houseName(o), g.terrName(t))
	}
	g.st.Units[t][h] = u
	if board.Total(u) > 0 {
		g.st.Flags[t] = -1
	}
	g.rebase(setUpWhy)
	return nil
}

// SetFlag puts house's flag in an empty land territory ("" clears it).
func (g *Game) SetFlag(territory, house string) error {
	t, err := g.terrID(territory)
	if err != nil {
		return err
	}
	if house == "" {
		g.st.Flags[t] = -1
		return nil
	}
	h, err := g.houseID(house)
	if err != nil {
		return err
	}
	if g.m.Territories[t].Kind != board.Land {
		return fmt.Errorf("flags stand only on land; %s is not land", g.terrName(t))
	}
	if o := g.occupant(t); o >= 0 {
		return fmt.Errorf("%s has troops in %s", g.houseName(o), g.terrName(t))
	}
	g.st.Flags[t] = h
	g.rebase(setUpWhy)
	return nil
}

// GiveCard moves a house card from wherever it is (a deck, a discard or a
// hand) into seat's hand.
func (g *Game) GiveCard(seat int, cardID string) error {
	if seat < 0 || seat >= len(g.st.Players) {
		return fmt.Errorf("there is no seat %d", seat)
	}
	if _, ok := g.Card(cardID); !ok {
		return fmt.Errorf("there is no house card %q", cardID)
	}
	n := g.cardNum(cardID)
	g.takeCard(n)
	g.st.Players[seat].Hand = append(g.st.Players[seat].Hand, n)
	g.rebase(setUpWhy)
	return nil
}

// SetDeck puts the named cards of house on top of its deck in the given
// order (first = next drawn) and, when onlyThese is set, moves the rest
// of the deck to the discard.
func (g *Game) SetDeck(house string, top []string, onlyThese bool) error {
	h, err := g.houseID(house)
	if err != nil {
		return err
	}
	for _, id := range top {
		c, ok := g.Card(id)
		if !ok || c.House != g.m.Houses[h].ID {
			return fmt.Errorf("%q is not a %s card", id, g.houseName(h))
		}
	}
	nums := make([]int, len(top))
	for i, id := range top {
		nums[i] = g.cardNum(id)
		g.takeCard(nums[i])
	}
	rest := g.st.Decks[h]
	if onlyThese {
		g.st.Discards[h] = append(g.st.Discards[h], rest...)
		rest = nil
	}
	g.st.Decks[h] = append(nums, rest...)
	g.rebase(setUpWhy)
	return nil
}

// SetLoyalty arranges seat's loyalty card (house ids, best slot first) and
// reveals the named tokens; it marks the seat as arranged.
func (g *Game) SetLoyalty(seat int, order []string, revealed ...string) error {
	if seat < 0 || seat >= len(g.st.Players) {
		return fmt.Errorf("there is no seat %d", seat)
	}
	nh := len(g.m.Houses)
	rev := make([]bool, nh)
	for _, id := range revealed {
		h, err := g.houseID(id)
		if err != nil {
			return err
		}
		rev[h] = true
	}
	ids := order
	if len(ids) != nh {
		return fmt.Errorf("a loyalty card takes all %d houses", nh)
	}
	p := &g.st.Players[seat]
	seen := make([]bool, nh)
	order2 := make([]int, nh)
	for i, id := range ids {
		h, err := g.houseID(id)
		if err != nil {
			return err
		}
		if seen[h] {
			return fmt.Errorf("%s is named twice", g.houseName(h))
		}
		seen[h] = true
		order2[i] = h
	}
	p.Loyalty, p.Revealed, p.Arranged = order2, rev, true
	g.rebase(setUpWhy)
	return nil
}

// AgentAt is one agent on a slot, for StartResolution.
type AgentAt struct {
	Seat  int
	House string
	Slot  Slot
}

// StartResolution jumps to the resolution phase of the current round with
// exactly the given agents on their slots: loyalty cards not yet arranged
// keep the map's house order, every seat holds AgentsPerPlayer minus its
// placed agents, the decision stack is cleared and the first seat
// clockwise from the first player with an agent of the lowest tier acts.
// With no agents at all the round ends at once (ranking, then exchange).
func (g *Game) StartResolution(agents []AgentAt) error {
	s := &g.st
	if s.Phase == PhaseOver {
		return errors.New("the game is over")
	}
	slots := make([][NumSlots]int, len(g.m.Houses))
	for h := range slots {
		slots[h] = [NumSlots]int{-1, -1, -1}
	}
	count := make([]int, len(s.Players))
	for _, a := range agents {
		h, err := g.houseID(a.House)
		if err != nil {
			return err
		}
		if !validSlot(a.Slot) {
			return fmt.Errorf("there is no slot %d", int(a.Slot))
		}
		if a.Seat < 0 || a.Seat >= len(s.Players) {
			return fmt.Errorf("there is no seat %d", a.Seat)
		}
		if slots[h][a.Slot] >= 0 {
			return fmt.Errorf("%s %s is named twice", g.houseName(h), slotName(a.Slot))
		}
		count[a.Seat]++
		if count[a.Seat] > AgentsPerPlayer {
			return fmt.Errorf("%s has only %d agents", g.seatName(a.Seat), AgentsPerPlayer)
		}
		slots[h][a.Slot] = a.Seat
	}
	for i := range s.Players {
		s.Players[i].Arranged = true
		s.Players[i].Agents = AgentsPerPlayer - count[i]
	}
	s.Slots = slots
	s.Stack = nil
	s.Phase = PhaseResolve
	s.Turn = g.nextResolver(s.First)
	if s.Turn < 0 {
		s.Turn = s.First
	}
	g.advance()
	g.rebase(setUpWhy)
	return nil
}

// SetFirstPlayer makes seat the first player of the current round.
func (g *Game) SetFirstPlayer(seat int) error {
	if seat < 0 || seat >= len(g.st.Players) {
		return fmt.Errorf("there is no seat %d", seat)
	}
	g.st.First = seat
	if g.st.Phase == PhasePlace && g.st.Players[seat].Agents == AgentsPerPlayer {
		g.st.Turn = seat
	}
	g.rebase(setUpWhy)
	return nil
}

// SetRound sets the current round (1..Rounds); the game ends after the
// exchange of round Rounds.
func (g *Game) SetRound(round int) error {
	if round < 1 || round > g.st.Rounds {
		return fmt.Errorf("round %d is outside 1..%d", round, g.st.Rounds)
	}
	g.st.Round = round
	g.rebase(setUpWhy)
	return nil
}

// SetRanking replaces the displayed ranking by the one computed from the
// board now.
func (g *Game) SetRanking() {
	g.st.Ranking = g.computeRanking()
	g.rebase(setUpWhy)
}

// Ranking returns the ranking the board would give now (the displayed one
// is View.Ranking).
func (g *Game) Ranking() []Rank { return g.computeRanking() }
