package rules

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"notrueking/board"
)

// A position is a State set up directly rather than reached by actions: a
// scenario (package scenarios) reads one from a file, and any game's
// position can be written out again (Snapshot). SetUp turns a position
// into a Game whose history starts there.

// Snapshot returns a deep copy of the game's whole state (every secret
// included: hands, decks in order, loyalty cards, the generator). It is
// for writing a position out (scenarios.Export) and for tests; changing
// the copy does not change the game.
func (g *Game) Snapshot() State { return g.st.clone() }

// NewRNG returns the generator a game with this seed starts from.
func NewRNG(seed uint64) RNG {
	return RNG{pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// Shuffle shuffles n items with the generator (as the game shuffles decks).
func (r *RNG) Shuffle(n int, swap func(i, j int)) { rand.New(&r.pcg).Shuffle(n, swap) }

// Text is the generator's exact state as 32 hex digits (ParseRNG reads it).
func (r RNG) Text() string {
	b, _ := r.pcg.MarshalBinary()
	return hex.EncodeToString(b[len(b)-16:])
}

// ParseRNG reads a generator state written by Text.
func ParseRNG(s string) (RNG, error) {
	raw, err := hex.DecodeString(s)
	if err != nil || len(raw) != 16 {
		return RNG{}, errors.New("a generator state is 32 hex digits")
	}
	var r RNG
	if err := r.pcg.UnmarshalBinary(append([]byte("pcg:"), raw...)); err != nil {
		return RNG{}, err
	}
	return r, nil
}

// setUpMaxUnits bounds one unit count of a position (no map comes near).
const setUpMaxUnits = 999

// SetUp starts a game on map m with the players of cfg from the position
// s instead of the map's setup. It checks that s fits the map and the
// players and that every index in it is in range — a position that would
// make the engine fail is refused with the reason — but not whether the
// position could arise in play (package scenarios checks that, naming the
// line of its file). Then it runs the automatic steps a position may be
// waiting for (as after an action) and makes the position the start of
// the game's history: undo and At stop there. s.Log is not kept.
func SetUp(m *board.Map, cfg Config, s State) (g *Game, err error) {
	g, err = New(m, cfg)
	if err != nil {
		return nil, err
	}
	if err := g.checkPosition(&s); err != nil {
		return nil, err
	}
	g.st = s.clone()
	g.st.Log = make([]Event, 0, 32)
	g.logGen++
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("the position cannot be played: %v", r)
		}
	}()
	g.advance()
	g.actions = g.actions[:0]
	g.rebase(setUpWhy)
	return g, nil
}

// checkPosition checks that s fits g's map and players and that every
// index in it is in range.
func (g *Game) checkPosition(s *State) error {
	m := g.m
	nt, nh, np := len(m.Territories), len(m.Houses), len(g.cfg.Players)
	seatOK := func(x int) bool { return x >= 0 && x < np }
	houseOK := func(x int) bool { return x >= 0 && x < nh }
	switch {
	case len(s.Players) != np:
		return fmt.Errorf("the position has %d players, the game %d", len(s.Players), np)
	case len(s.Units) != nt || len(s.Flags) != nt || len(s.Forts) != nt:
		return fmt.Errorf("the position does not fit the %s map's %d territories", m.Name, nt)
	case len(s.Slots) != nh || len(s.Decks) != nh || len(s.Discards) != nh || len(s.Dragons) != nh:
		return fmt.Errorf("the position does not fit the %s map's %d houses", m.Name, nh)
	case s.Rounds != np:
		return fmt.Errorf("a game of %d players lasts %d rounds, not %d", np, np, s.Rounds)
	case s.Round < 1 || s.Round > s.Rounds:
		return fmt.Errorf("round %d is outside 1..%d", s.Round, s.Rounds)
	case !seatOK(s.First):
		return fmt.Errorf("there is no seat %d to be first player", s.First)
	case s.Done < 0 || s.Done > np:
		return fmt.Errorf("%d seats cannot have exchanged", s.Done)
	}
	switch s.Phase {
	case PhaseLoyalty, PhasePlace, PhaseResolve, PhaseCombat, PhaseExchange:
		if !seatOK(s.Turn) {
			return fmt.Errorf("there is no seat %d whose turn it is", s.Turn)
		}
	case PhaseOver:
	default:
		return fmt.Errorf("unknown phase %q", s.Phase)
	}
	for t := range s.Units {
		if len(s.Units[t]) != nh {
			return fmt.Errorf("the position does not fit the %s map's %d houses", m.Name, nh)
		}
		for _, u := range s.Units[t] {
			for _, c := range u {
				if c < 0 || c > setUpMaxUnits {
					return fmt.Errorf("%d units in %s", c, g.terrName(t))
				}
			}
		}
		if f := s.Flags[t]; f != -1 && !houseOK(f) {
			return fmt.Errorf("a flag of no house (%d) in %s", f, g.terrName(t))
		}
		switch f := s.Forts[t]; {
		case f == FortNone:
		case !m.Territories[t].Fortification:
			return fmt.Errorf("%s has no fortification", g.terrName(t))
		case f != FortEmpty && !houseOK(f):
			return fmt.Errorf("the fortification of %s is held by no house (%d)", g.terrName(t), f)
		}
	}
	for h := range nh {
		for _, o := range s.Slots[h] {
			if o != -1 && !seatOK(o) {
				return fmt.Errorf("an agent of no seat (%d) on a %s slot", o, g.houseName(h))
			}
		}
		if s.Dragons[h] < 0 || s.Dragons[h] > setUpMaxUnits {
			return fmt.Errorf("%s has had %d dragons", g.houseName(h), s.Dragons[h])
		}
	}
	// Every house card is in exactly one place: a deck, a discard or a hand.
	where := make([]bool, m.NumCards())
	place := func(c int, house int, what string) error {
		if c < 0 || c >= m.NumCards() {
			return fmt.Errorf("%s holds unknown card %d", what, c)
		}
		id := m.CardAt(c).ID
		if house >= 0 && m.CardHouse(c) != house {
			return fmt.Errorf("%s holds %s, a card of another house", what, id)
		}
		if where[c] {
			return fmt.Errorf("card %s is in two places", id)
		}
		where[c] = true
		return nil
	}
	for h := range nh {
		for _, id := range s.Decks[h] {
			if err := place(id, h, g.houseName(h)+"'s deck"); err != nil {
				return err
			}
		}
		for _, id := range s.Discards[h] {
			if err := place(id, h, g.houseName(h)+"'s discard"); err != nil {
				return err
			}
		}
	}
	for i, p := range s.Players {
		if len(p.Loyalty) != nh || len(p.Revealed) != nh {
			return fmt.Errorf("player %d's loyalty card does not fit the map", i+1)
		}
		seen := make([]bool, nh)
		for _, h := range p.Loyalty {
			if !houseOK(h) || seen[h] {
				return fmt.Errorf("player %d's loyalty card is not one token of each house", i+1)
			}
			seen[h] = true
		}
		if p.Agents < 0 || p.Agents > AgentsPerPlayer {
			return fmt.Errorf("player %d has %d agents in hand", i+1, p.Agents)
		}
		if p.Name != g.cfg.Players[i] {
			return fmt.Errorf("player %d is %q in the position but %q in the configuration", i+1, p.Name, g.cfg.Players[i])
		}
		for _, id := range p.Hand {
			if err := place(id, -1, fmt.Sprintf("player %d's hand", i+1)); err != nil {
				return err
			}
		}
	}
	for c, ok := range where {
		if !ok {
			return fmt.Errorf("card %s is nowhere (every card is in a deck, a discard or a hand)", m.CardAt(c).ID)
		}
	}
	if len(s.Ranking) != nh {
		return fmt.Errorf("the ranking names %d houses, not %d", len(s.Ranking), nh)
	}
	seen := make([]bool, nh)
	for _, r := range s.Ranking {
		h, ok := m.House(r.House)
		if !ok || seen[h] || r.From < 1 || r.To < r.From || r.To > nh {
			return errors.New("the ranking is not one place of each house")
		}
		seen[h] = true
	}
	for _, w := range s.Winners {
		if !seatOK(w) {
			return fmt.Errorf("no seat %d to win", w)
		}
	}
	for i := range s.Stack {
		if err := g.checkFrame(s, &s.Stack[i]); err != nil {
			return fmt.Errorf("pending step %d: %v", i+1, err)
		}
	}
	if len(s.Stack) > 0 && s.Phase != PhaseResolve && s.Phase != PhaseCombat {
		return fmt.Errorf("steps are pending only while agents resolve, not in the %s phase", s.Phase)
	}
	return nil
}

func (g *Game) checkFrame(s *State, f *Frame) error {
	m := g.m
	nt, nh, np := len(m.Territories), len(m.Houses), len(s.Players)
	if f.Seat < 0 || f.Seat >= np || f.House < 0 || f.House >= nh {
		return errors.New("no such seat or house")
	}
	if f.Effect != None && (f.Effect < 0 || f.Effect >= m.NumCards()) {
		return fmt.Errorf("unknown card %d", f.Effect)
	}
	if f.Target < -1 || f.Target >= np {
		return errors.New("no such seat to look at")
	}
	switch f.Kind {
	case FrameAgent:
		if !validSlot(f.Slot) || f.Left < 0 || f.Left > 2 {
			return errors.New("a bad agent")
		}
		for _, c := range f.Used {
			if c < ChooseMuster || c > ChooseDraw {
				return errors.New("a bad agent action")
			}
		}
	case FrameMuster:
		if len(f.Placed) != nt || f.Points < 0 || f.Points > setUpMaxUnits {
			return errors.New("a bad muster")
		}
		for _, p := range f.Placed {
			if p < 0 || p > setUpMaxUnits {
				return errors.New("a bad muster")
			}
		}
	case FrameMove, FrameCersei, FrameMelisandre:
	case FrameCombat:
		c := f.Combat
		if c == nil {
			return errors.New("a combat frame without its combat")
		}
		hOK := func(x int) bool { return x >= 0 && x < nh }
		if c.Territory < 0 || c.Territory >= nt || c.From < 0 || c.From >= nt || !hOK(c.Attacker) || !hOK(c.Defender) ||
			c.Attacker == c.Defender || c.Active < 0 || c.Active >= np {
			return errors.New("a bad combat")
		}
		if c.Winner != -1 && c.Winner != c.Attacker && c.Winner != c.Defender {
			return errors.New("the winner of a combat is one of its houses")
		}
		if c.Retreater != -1 && c.Retreater != c.Attacker && c.Retreater != c.Defender {
			return errors.New("the loser of a combat is one of its houses")
		}
		if len(c.Order) != np || c.Next < 0 || c.Next > len(c.Order) || len(c.Plays) > np {
			return errors.New("a bad order of card plays")
		}
		for i, o := range c.Order {
			if o < 0 || o >= np || slices.Contains(c.Order[:i], o) {
				return errors.New("a bad order of card plays")
			}
		}
		for _, p := range c.Plays {
			if p.Seat < 0 || p.Seat >= np {
				return errors.New("a card played by no seat")
			}
			if p.Card != None && (p.Card < 0 || p.Card >= m.NumCards()) {
				return fmt.Errorf("unknown card %d played", p.Card)
			}
		}
		for _, u := range [][board.NumUnits]int{c.AttUnits, c.Retreat} {
			for _, n := range u {
				if n < 0 || n > setUpMaxUnits {
					return errors.New("a bad count of units")
				}
			}
		}
		switch c.Step {
		case "cards", "tie", "retreat", "redeploy":
		default:
			return fmt.Errorf("unknown combat step %q", c.Step)
		}
		if c.Step != "cards" && c.Step != "tie" && c.Winner < 0 {
			return errors.New("a combat past its tie has a winner")
		}
	default:
		return fmt.Errorf("unknown kind %q", f.Kind)
	}
	return nil
}

// RankingOf is the ranking the board of position s gives on map m
// (crowns, castles, towns, then barrels).
func RankingOf(m *board.Map, s *State) []Rank {
	g := &Game{m: m, st: *s}
	return g.computeRanking()
}

// InitialRanking is the ranking a game on map m shows before its first
// round is ranked: the map's starting ranks, with the setup's numbers.
func InitialRanking(m *board.Map) ([]Rank, error) {
	players := make([]string, max(2, m.MinPlayers))
	for i := range players {
		players[i] = fmt.Sprintf("Player %d", i+1)
	}
	g, err := New(m, Config{Players: players})
	if err != nil {
		return nil, err
	}
	return g.st.Ranking, nil
}
