package rules

import (
	"errors"
	"fmt"
	"slices"

	"notrueking/board"
)

// An Editor changes a game's position in place, one edit at a time: the
// sandbox's edits, and tests that need a position. Each edit is checked
// as the Builder checks the same fact, and a refused edit changes
// nothing and says why. An edit is not an action: it is not recorded,
// and the game's history starts again at the edited position (undo and At
// stop there, FromPosition is true). Build checks the whole edited
// position, as the Builder's Build does, and starts a new game from it.
type Editor struct{ g *Game }

// Edit returns an editor of g's position.
func (g *Game) Edit() *Editor { return &Editor{g: g} }

// setUpWhy is why undo and At stop where a position was set up by hand.
const setUpWhy = "the position was set up by hand here"

// done makes the position the start of the game's history after an edit.
func (e *Editor) done(err error) error {
	if err == nil {
		e.g.rebase(setUpWhy)
	}
	return err
}

// Units sets house h's units in territory t, checked as Builder.Units
// checks them but for a flag there, which troops placed remove. As in
// play, troops entering an unheld fortification hold it, a fortification
// whose house's troops all leave is gone, and a house has had at least the
// dragons it has on the board.
func (e *Editor) Units(t board.TerrID, h board.HouseID, u [board.NumUnits]int) error {
	g := e.g
	if err := g.terrOK(t); err != nil {
		return err
	}
	flag := g.st.Flags[t]
	if board.Total(u) > 0 {
		g.st.Flags[t] = None
	}
	if err := g.putUnits(t, h, u); err != nil {
		g.st.Flags[t] = flag
		return err
	}
	switch f := g.st.Forts[t]; {
	case f == FortEmpty && board.Total(u) > 0:
		g.st.Forts[t] = h
	case f == h && board.Total(u) == 0:
		g.st.Forts[t] = FortNone
	}
	if d := g.onBoard(h)[board.Dragon]; d > g.st.Dragons[h] {
		g.st.Dragons[h] = d
	}
	return e.done(nil)
}

// Flag puts house h's flag in land territory t, which has no troops; h
// None takes the flag there away.
func (e *Editor) Flag(t board.TerrID, h board.HouseID) error { return e.done(e.g.putFlag(t, h)) }

// Agent puts seat's agent on house h's slot s, or none (seat None); the
// seats' agents in hand follow. A seat with every agent on a slot is
// refused.
func (e *Editor) Agent(h board.HouseID, s Slot, seat Seat) error {
	return e.done(e.g.putAgent(h, s, seat))
}

// GiveCard moves card c from wherever it is (a deck, a discard or a hand)
// into seat's hand.
func (e *Editor) GiveCard(seat Seat, c board.CardID) error { return e.done(e.g.toHand(seat, c, true)) }

// DeckTop puts cards of house h, from wherever they are, on top of its
// deck in the given order (the first is drawn next); with onlyThese the
// rest of the deck goes to the discard.
func (e *Editor) DeckTop(h board.HouseID, cards []board.CardID, onlyThese bool) error {
	g := e.g
	if _, err := g.houseArg(h); err != nil {
		return err
	}
	for _, c := range cards {
		if err := g.ownCard(h, c); err != nil {
			return err
		}
	}
	for _, c := range cards {
		g.takeCard(c)
	}
	rest := g.st.Decks[h]
	if onlyThese {
		g.st.Discards[h] = append(g.st.Discards[h], rest...)
		rest = nil
	}
	g.st.Decks[h] = append(append([]board.CardID{}, cards...), rest...)
	return e.done(nil)
}

// Loyalty arranges seat's loyalty card (every house once, best slot
// first); the card counts as arranged.
func (e *Editor) Loyalty(seat Seat, order []board.HouseID) error {
	if err := e.g.putLoyalty(seat, order); err != nil {
		return err
	}
	e.g.st.Players[seat].Arranged = true
	return e.done(nil)
}

// Reveal turns seat's token of house h face up (up) or down; the card
// counts as arranged.
func (e *Editor) Reveal(seat Seat, h board.HouseID, up bool) error {
	g := e.g
	if err := g.seatOK(seat); err != nil {
		return err
	}
	if _, err := g.houseArg(h); err != nil {
		return err
	}
	p := &g.st.Players[seat]
	p.Revealed[h], p.Arranged = up, true
	return e.done(nil)
}

// Round sets the current round (1 to the number of rounds); the game
// ends after the exchange of the last.
func (e *Editor) Round(n int) error { return e.done(e.g.putRound(n)) }

// First makes seat the first player of the current round; in the
// placement phase, before it has placed an agent, it places next.
func (e *Editor) First(seat Seat) error {
	g := e.g
	if err := g.seatOK(seat); err != nil {
		return err
	}
	g.st.First = seat
	if g.st.Phase == PhasePlace && g.st.Players[seat].Agents == AgentsPerPlayer {
		g.st.Turn = seat
	}
	return e.done(nil)
}

// Phase moves the position to phase p (not PhaseOver: a game ends by its
// last exchange). The turn goes to the first player, pending steps are
// dropped (a combat with its attacking units), each seat's agents in hand
// are those not on a slot, and every loyalty card counts as arranged but
// in the loyalty phase.
func (e *Editor) Phase(p Phase) error {
	switch p {
	case PhaseLoyalty, PhasePlace, PhaseResolve, PhaseCombat, PhaseExchange:
	case PhaseOver:
		return errors.New("a game is over only once its last exchange is played")
	default:
		return fmt.Errorf("unknown phase %q", p)
	}
	s := &e.g.st
	s.Phase, s.Stack, s.Turn, s.Done = p, nil, s.First, 0
	for i := range e.g.numSeats() {
		on := 0
		for _, sl := range s.Slots {
			for _, o := range sl {
				if o == i {
					on++
				}
			}
		}
		s.Players[i].Agents = max(0, AgentsPerPlayer-on)
		s.Players[i].Arranged = p != PhaseLoyalty
	}
	return e.done(nil)
}

// AgentAt is one agent on a slot, for StartResolution.
type AgentAt struct {
	Seat  Seat
	House board.HouseID
	Slot  Slot
}

// StartResolution jumps to the resolution phase of the current round with
// exactly the given agents on their slots: loyalty cards not yet arranged
// keep their order and count as arranged, every seat holds
// AgentsPerPlayer minus its placed agents, the pending steps are dropped
// and the first seat clockwise from the first player with an agent of the
// lowest tier acts. The automatic steps run: with no agents at all the
// round ends at once (ranking, then exchange).
func (e *Editor) StartResolution(agents []AgentAt) error {
	g := e.g
	s := &g.st
	if s.Phase == PhaseOver {
		return errors.New("the game is over")
	}
	slots := make([][NumSlots]Seat, len(g.m.Houses))
	for h := range slots {
		slots[h] = [NumSlots]Seat{-1, -1, -1}
	}
	count := make([]int, len(s.Players))
	for _, a := range agents {
		if err := g.slotOK(a.House, a.Slot, a.Seat); err != nil {
			return err
		}
		if a.Seat == None {
			return errors.New("an agent has a seat")
		}
		if slots[a.House][a.Slot] >= 0 {
			return fmt.Errorf("%s %s is named twice", g.houseName(a.House), slotName(a.Slot))
		}
		count[a.Seat]++
		if count[a.Seat] > AgentsPerPlayer {
			return fmt.Errorf("%s has only %d agents", g.seatName(a.Seat), AgentsPerPlayer)
		}
		slots[a.House][a.Slot] = a.Seat
	}
	for i := range g.numSeats() {
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
	return e.done(nil)
}

// Rank replaces the ranking on display by the one the board gives now.
func (e *Editor) Rank() {
	e.g.st.Ranking = e.g.computeRanking()
	e.g.rebase(setUpWhy)
}

// Build checks the whole edited position as Builder.Build does and
// returns a new game that starts from it (its automatic steps run, its
// history starting there); the edited game is not changed. A turn that
// the edits left with a seat that cannot act goes to the seat the
// position gives it. It returns the first problem found.
func (e *Editor) Build() (*Game, error) {
	src := e.g
	g := &Game{m: src.m, cfg: src.Config(), st: src.st.clone()}
	if t, err := g.turnFor(g.st.Turn); err != nil {
		g.st.Turn = t
	}
	if errs := g.whole(); len(errs) > 0 {
		return nil, errs[0]
	}
	return g.start()
}

// ---- the Citadel variant ----

// Crystals sets seat's Crystals of Knowledge, as Builder.Crystals.
func (e *Editor) Crystals(seat Seat, n int) error {
	return e.done(e.g.putCount(seat, n, countCrystals))
}

// Tidings sets the Ill Tidings penalty on seat's rolls this round, as
// Builder.Tidings.
func (e *Editor) Tidings(seat Seat, n int) error {
	return e.done(e.g.putCount(seat, n, countTidings))
}

// Ravens sets seat's ravens: three or more only while the Dark Wings
// deck is empty (they are exchanged at once for a card otherwise).
func (e *Editor) Ravens(seat Seat, n int) error {
	c, err := e.g.citadelOf()
	if err != nil {
		return err
	}
	if n >= 3 && len(c.Deck) > 0 {
		return fmt.Errorf("%d ravens while the Dark Wings deck has a card: three ravens are exchanged at once", n)
	}
	return e.done(e.g.putCount(seat, n, countRavens))
}

// GiveWing moves a Dark Wings card of kind w into seat's hand: from the
// discard if one is there, else the first of the deck. A deck left empty
// takes the discard, in its order (an edit draws nothing from the
// generator).
func (e *Editor) GiveWing(seat Seat, w Wing) error {
	c, err := e.g.citadelOf()
	if err != nil {
		return err
	}
	if err := e.g.seatOK(seat); err != nil {
		return err
	}
	if w == 0 || w >= numWings {
		return fmt.Errorf("unknown Dark Wings card %d", int(w))
	}
	if i := slices.Index(c.Discard, w); i >= 0 {
		c.Discard = slices.Delete(c.Discard, i, i+1)
	} else if i := slices.Index(c.Deck, w); i >= 0 {
		c.Deck = slices.Delete(c.Deck, i, i+1)
	} else {
		return fmt.Errorf("every %s card is in a hand already", w.Name())
	}
	c.Hands[seat] = append(c.Hands[seat], w)
	if len(c.Deck) == 0 {
		c.Deck, c.Discard = c.Discard, []Wing{}
	}
	return e.done(nil)
}
