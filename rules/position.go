package rules

import (
	"slices"

	"notrueking/board"
)

// A Position is a read-only copy of a game's whole position, every
// secret included (hands, decks in order, loyalty cards, the generator):
// what writes a position out (scenarios.Export) and tests read. Changing
// the game later does not change it, and nothing takes it back into a
// game: a position is built with a Builder or edited with an Editor.
// Houses, territories, seats and cards are numbers, as the Builder takes
// them.
type Position struct{ s state }

// Position returns a copy of the game's position as it stands.
func (g *Game) Position() Position {
	s := g.st.clone()
	s.Log = nil
	if len(s.Stack) == 0 {
		s.Stack = nil // nothing pending, however it came to be
	}
	return Position{s: s}
}

// Events returns a copy of the game's events since its history starts
// (after New, or where its position was built or edited), private ones
// included: what a replay of the whole game reads.
func (g *Game) Events() []Event { return slices.Clone(g.st.Log) }

// Players is the number of seats.
func (p Position) Players() int { return len(p.s.Players) }

// Name is seat's player name.
func (p Position) Name(seat Seat) string { return p.s.Players[seat].Name }

// Phase is the phase.
func (p Position) Phase() Phase { return p.s.Phase }

// Round is the round (1-based); Rounds how many the game lasts.
func (p Position) Round() int { return p.s.Round }

// Rounds is the number of rounds the game lasts (one per player).
func (p Position) Rounds() int { return p.s.Rounds }

// First is the first player of the round.
func (p Position) First() Seat { return p.s.First }

// Turn is the seat whose turn it is in placement, resolution and exchange
// (in the loyalty phase the seat to arrange next).
func (p Position) Turn() Seat { return p.s.Turn }

// Ranking is the ranking on display, best first.
func (p Position) Ranking() []Rank { return slices.Clone(p.s.Ranking) }

// RNG is the generator's exact state, 32 hex digits (Builder.RNG reads it).
func (p Position) RNG() string { return p.s.RNG.Text() }

// Loyalty is seat's loyalty card: house numbers, best slot first.
func (p Position) Loyalty(seat Seat) []board.HouseID { return slices.Clone(p.s.Players[seat].Loyalty) }

// Revealed reports whether seat's token of house h is face up.
func (p Position) Revealed(seat Seat, h board.HouseID) bool { return p.s.Players[seat].Revealed[h] }

// Arranged reports whether seat has arranged its loyalty card.
func (p Position) Arranged(seat Seat) bool { return p.s.Players[seat].Arranged }

// Hand is seat's hand: card numbers.
func (p Position) Hand(seat Seat) []board.CardID { return slices.Clone(p.s.Players[seat].Hand) }

// AgentsInHand counts seat's agents not on a slot.
func (p Position) AgentsInHand(seat Seat) int { return p.s.Players[seat].Agents }

// Agent is the seat whose agent stands on house h's slot s, or None.
func (p Position) Agent(h board.HouseID, s Slot) Seat { return p.s.Slots[h][s] }

// Units are house h's units in territory t.
func (p Position) Units(t board.TerrID, h board.HouseID) [board.NumUnits]int { return p.s.Units[t][h] }

// Flag is the house whose flag stands in territory t, or None.
func (p Position) Flag(t board.TerrID) board.HouseID { return p.s.Flags[t] }

// Fort is territory t's fortification: FortNone, FortEmpty or the house
// holding it.
func (p Position) Fort(t board.TerrID) board.HouseID { return p.s.Forts[t] }

// Deck is house h's deck, top card first: card numbers.
func (p Position) Deck(h board.HouseID) []board.CardID { return slices.Clone(p.s.Decks[h]) }

// Discard is house h's discard pile, oldest first: card numbers.
func (p Position) Discard(h board.HouseID) []board.CardID { return slices.Clone(p.s.Discards[h]) }

// DragonsHad counts the dragons house h has had (set up and mustered).
func (p Position) DragonsHad(h board.HouseID) int { return p.s.Dragons[h] }

// OnBoard counts house h's units of each kind on the board, the attackers
// and retreating units of a pending combat included: what the supply
// limits.
func (p Position) OnBoard(h board.HouseID) [board.NumUnits]int { return p.s.OnBoard(h) }

// Pending is one step of a position's pending steps (Position.Pending),
// a copy: the agent resolving, an action it or a card started, a combat,
// a card effect awaiting its decision.
type Pending struct {
	Kind  FrameKind
	Seat  Seat          // the seat acting (a combat's: the active player)
	House board.HouseID // the house it acts for (a combat's: the attacker)
	Card  board.CardID  // the card that granted it, or None
	// The agent resolving: its slot, the actions it took and how many it
	// has left.
	Slot Slot
	Used []Choice
	Left int
	// A muster: the points left and the new units each territory took.
	Points int
	Placed []int
	// Melisandre: the seat whose hand is looked at, or None before.
	LookingAt Seat
	// A roll at the Citadel (the Citadel variant): StepGain or StepDirt.
	Step   string
	Combat *PendingCombat // a combat, or nil
}

// PendingCombat is a pending combat, a copy.
type PendingCombat struct {
	Territory, From    board.TerrID
	Attacker, Defender board.HouseID
	Step               string // cards, tie, retreat, redeploy
	Attacking          [board.NumUnits]int
	Plays              []CombatPlay  // in turn from the active player
	Winner             board.HouseID // None until decided
	Retreating         [board.NumUnits]int
	// What decided it, as its view shows it.
	AttPower, DefPower int
	AttTerms, DefTerms []string
}

// CombatPlay is a card played in a combat (Card None for a pass).
type CombatPlay struct {
	Seat Seat
	Card board.CardID
}

// Pending lists the steps pending, the agent resolving first.
func (p Position) Pending() []Pending {
	var out []Pending
	for _, f := range p.s.Stack {
		q := Pending{Kind: f.Kind, Seat: f.Seat, House: f.House, Card: f.Effect, Slot: f.Slot,
			Used: slices.Clone(f.Used), Left: f.Left, Points: f.Points, Placed: slices.Clone(f.Placed), LookingAt: f.Target, Step: f.Step}
		if c := f.Combat; c != nil {
			pc := &PendingCombat{Territory: c.Territory, From: c.From, Attacker: c.Attacker, Defender: c.Defender,
				Step: c.Step, Attacking: c.AttUnits, Winner: c.Winner, Retreating: c.Retreat,
				AttPower: c.AttPower, DefPower: c.DefPower, AttTerms: slices.Clone(c.AttTerms), DefTerms: slices.Clone(c.DefTerms)}
			for _, pl := range c.Plays {
				pc.Plays = append(pc.Plays, CombatPlay(pl))
			}
			q.Combat = pc
		}
		out = append(out, q)
	}
	return out
}

// ---- the Citadel variant ----

// Variant is the game's variant (Plain, or Citadel with its pieces below;
// in the plain game they are all zero and empty).
func (p Position) Variant() Variant {
	if p.s.Citadel != nil {
		return Citadel
	}
	return Plain
}

// citadelCount is seat's count in one of the variant's per-seat counts.
func (p Position) citadelCount(seat Seat, of func(*citadel) []int) int {
	if p.s.Citadel == nil {
		return 0
	}
	return of(p.s.Citadel)[seat]
}

// Crystals counts seat's Crystals of Knowledge.
func (p Position) Crystals(seat Seat) int {
	return p.citadelCount(seat, func(c *citadel) []int { return c.Crystals })
}

// Ravens counts seat's ravens.
func (p Position) Ravens(seat Seat) int {
	return p.citadelCount(seat, func(c *citadel) []int { return c.Ravens })
}

// Tidings is the Ill Tidings penalty on seat's rolls this round.
func (p Position) Tidings(seat Seat) int {
	return p.citadelCount(seat, func(c *citadel) []int { return c.Tidings })
}

// WingHand is the Dark Wings cards seat holds, in the order drawn.
func (p Position) WingHand(seat Seat) []Wing {
	if p.s.Citadel == nil {
		return nil
	}
	return slices.Clone(p.s.Citadel.Hands[seat])
}

// WingDeck is the Dark Wings deck, top card first.
func (p Position) WingDeck() []Wing {
	if p.s.Citadel == nil {
		return nil
	}
	return slices.Clone(p.s.Citadel.Deck)
}

// WingDiscard is the Dark Wings discard, oldest first.
func (p Position) WingDiscard() []Wing {
	if p.s.Citadel == nil {
		return nil
	}
	return slices.Clone(p.s.Citadel.Discard)
}

// Known lists the face-down tokens seats have looked at through Dig Up
// Dirt, in the order looked at.
func (p Position) Known() []Uncovered {
	if p.s.Citadel == nil {
		return nil
	}
	return slices.Clone(p.s.Citadel.Known)
}

// WingPlayed reports whether the seat resolving has played its Dark Wings
// card this turn (before resolving an agent).
func (p Position) WingPlayed() bool { return p.s.Citadel != nil && p.s.Citadel.Played }
