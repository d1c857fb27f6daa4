package rules

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"notrueking/board"
)

// AgentsPerPlayer is how many agents each conspiracy places every round.
const AgentsPerPlayer = 3

// Config is what a new game needs besides the map.
type Config struct {
	Players []string // player names in seat order; 2..Map.MaxPlayers
	Seed    uint64   // every random draw (first player, deck shuffles) comes from this
	// Variant is the optional rules in play (Plain: none; Citadel).
	Variant Variant
}

// Game is one game of No True King: the static map, the configuration and
// the whole mutable truth, a state that no one outside the package can
// reach: reading goes through View, the Reader methods and Position,
// changing through Apply; a position is set up by a Builder or an Editor.
type Game struct {
	m   *board.Map
	cfg Config
	st  state // the whole mutable truth; never exported
	history
	// acting is 1 + the index of the action Apply is applying (0 outside
	// Apply): the Action every event emitted meanwhile carries.
	acting int
	// items is the append-only store of the events' lists (Event.List).
	// A clone starts its own: two games never append to one store.
	items []int16
	// logs caches the log as each viewer reads it (View); logGen changes
	// whenever the state is replaced rather than extended.
	logs   map[Seat]*logCache
	logGen int
	// groups is legalMoves' scratch list of unit groups, kept between calls.
	groups [][board.NumUnits]int
	// sample marks a search's sample (Information.SampleWeighted): it keeps
	// no history — no actions, no checkpoints, only the events of the
	// action being applied — since a search plays thousands of them and
	// reads none of it (apply).
	sample bool
}

// state is the whole mutable truth of a game: plain data, cloned for undo
// and history (the tests compare it as JSON). Nothing outside the package
// holds one: a position comes in through a Builder or an Editor and goes
// out as a read-only Position. Territories and houses are indexes into the
// Map, cards its card numbers (board.Map.CardAt).
type state struct {
	Phase  Phase `json:"phase"`
	Round  int   `json:"round"`  // 1-based
	Rounds int   `json:"rounds"` // = number of players
	First  Seat  `json:"first"`  // first player of this round
	// Turn is the seat whose turn it is in placement, resolution and
	// exchange (the seat to arrange next in the loyalty phase).
	Turn Seat `json:"turn"`
	// Done counts the seats that have acted in the exchange phase.
	Done    int      `json:"done"`
	Players []player `json:"players"`
	// Slots[h][s] is the seat whose agent is on house h's slot s, or -1.
	Slots [][NumSlots]Seat `json:"slots"`
	// Units[t][h] counts house h's units in territory t. Footmen and
	// knights in a sea are carried by that house's ships there.
	Units [][][board.NumUnits]int `json:"units"`
	// Flags[t] is the house whose flag stands in t, or -1.
	Flags []board.HouseID `json:"flags"`
	// Forts[t] is FortNone, FortEmpty or the house holding t's
	// fortification (nine-player map: Moat Cailin).
	Forts []board.HouseID `json:"forts"`
	// Dragons[h] counts the dragons house h has ever had (setup and
	// mustered); no more than its dragon limit may ever be mustered.
	Dragons []int `json:"dragons"`
	// Decks and Discards hold card numbers (board.Map.CardAt), per house:
	// a deck top card first, a discard oldest first.
	Decks    [][]board.CardID `json:"decks"`
	Discards [][]board.CardID `json:"discards"`
	// Ranking is the displayed ranking: the map's initial one until the
	// first end of round, the last computed one afterwards.
	Ranking  []Rank    `json:"ranking"`
	Stack    []frame   `json:"stack"`
	Log      []Event   `json:"log"`
	Winners  []Seat    `json:"winners,omitempty"`
	TieBreak string    `json:"tie_break,omitempty"`
	RNG      generator `json:"rng"`
	// Citadel is the Citadel variant's pieces (nil in the plain game).
	Citadel *citadel `json:"citadel,omitempty"`
}

// player is one seat's private and public state.
type player struct {
	Name string `json:"name"`
	// Loyalty[i] is the house index of the token on slot i (best first).
	Loyalty []board.HouseID `json:"loyalty"`
	// Revealed[h] reports whether the token of house h is face up.
	Revealed []bool         `json:"revealed"`
	Arranged bool           `json:"arranged"`
	Hand     []board.CardID `json:"hand"`
	Agents   int            `json:"agents"` // agents in hand
	Score    int            `json:"score"`
}

// FrameKind names a pending context on the decision stack.
type FrameKind string

// Frame kinds: what a pending step is (Pending.Kind). The top one of the
// pending steps decides who acts and how.
const (
	FrameAgent      FrameKind = "agent"      // an agent choosing its actions
	FrameMuster     FrameKind = "muster"     // a running Muster Troops action
	FrameMove       FrameKind = "move"       // a running Move Troops action
	FrameCombat     FrameKind = "combat"     // a running combat
	FrameCersei     FrameKind = "cersei"     // Cersei Lannister's removal
	FrameMelisandre FrameKind = "melisandre" // Melisandre's look and discard
	FrameCitadel    FrameKind = "citadel"    // a roll at the Citadel awaiting its gain or its look (Step)
)

// frame is one pending context: an agent being resolved, an action it (or
// a card effect) runs, a combat, or a card effect awaiting its decision.
type frame struct {
	Kind  FrameKind     `json:"kind"`
	Seat  Seat          `json:"seat"`
	House board.HouseID `json:"house"`
	// Agent frames: the slot resolving, actions still to take, and the
	// actions already chosen.
	Slot Slot     `json:"slot"`
	Left int      `json:"left"`
	Used []Choice `json:"used,omitempty"`
	// Effect is the number of the card that granted this action (None for
	// an agent's).
	Effect board.CardID `json:"effect"`
	// Muster frames: points left and new footmen+ships per territory.
	Points int   `json:"points"`
	Placed []int `json:"placed,omitempty"`
	// Melisandre: the seat looked at, or -1 before the look.
	Target Seat    `json:"target"`
	Combat *combat `json:"combat,omitempty"`
	// Citadel frames: StepGain or StepDirt.
	Step string `json:"step,omitempty"`
}

// combat is a running combat.
type combat struct {
	Territory board.TerrID  `json:"territory"`
	From      board.TerrID  `json:"from"` // the attacker's origin
	Attacker  board.HouseID `json:"attacker"`
	Defender  board.HouseID `json:"defender"`
	// AttUnits are the attacking units, off the board until the combat ends.
	AttUnits [board.NumUnits]int `json:"att_units"`
	Active   Seat                `json:"active"`
	Step     string              `json:"step"` // cards, tie, retreat
	Order    []Seat              `json:"order"`
	Next     int                 `json:"next"`
	Plays    []play              `json:"plays"`
	Winner   board.HouseID       `json:"winner"` // NoHouse until decided
	// The powers and their terms as they stood when the combat was decided
	// (before casualties), for the view of the retreat that follows.
	AttPower int      `json:"att_power,omitempty"`
	DefPower int      `json:"def_power,omitempty"`
	AttTerms []string `json:"att_terms,omitempty"`
	DefTerms []string `json:"def_terms,omitempty"`
	// Retreat: the loser's survivors waiting for a retreat territory.
	Retreater board.HouseID       `json:"retreater"`
	Retreat   [board.NumUnits]int `json:"retreat"`
}

// play is a card played in a combat: its number, or None for a pass.
type play struct {
	Seat Seat         `json:"seat"`
	Card board.CardID `json:"card"`
}

// generator is the game's seeded generator (PCG). It lives inside the
// state so Clone and replay are exact; it marshals to JSON as its binary
// state (for the tests' comparisons) and to text as Text.
type generator struct{ pcg rand.PCG }

// MarshalJSON encodes the generator state.
func (r generator) MarshalJSON() ([]byte, error) {
	b, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

func (g *Game) rand() *rand.Rand { return rand.New(&g.st.RNG.pcg) }

// newRNG returns the generator a game with this seed starts from.
func newRNG(seed uint64) generator {
	return generator{pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// Text is the generator's exact state as 32 hex digits (parseRNG reads it).
func (r generator) Text() string {
	b, _ := r.pcg.MarshalBinary()
	return hex.EncodeToString(b[len(b)-16:])
}

// parseRNG reads a generator state written by Text.
func parseRNG(s string) (generator, error) {
	raw, err := hex.DecodeString(s)
	if err != nil || len(raw) != 16 {
		return generator{}, errors.New("a generator state is 32 hex digits")
	}
	var r generator
	if err := r.pcg.UnmarshalBinary(append([]byte("pcg:"), raw...)); err != nil {
		return generator{}, err
	}
	return r, nil
}

// New starts a game on map m: it validates the configuration, places the
// starting units, shuffles every house's deck and draws the first player,
// all from cfg.Seed. The game opens in the loyalty phase.
func New(m *board.Map, cfg Config) (*Game, error) {
	g, err := blank(m, cfg)
	if err != nil {
		return nil, err
	}
	n := len(cfg.Players)
	s := &g.st
	s.Phase = PhaseLoyalty
	for _, pl := range m.Setup {
		h, ok := m.House(pl.House)
		if !ok {
			return nil, fmt.Errorf("setup names unknown house %q", pl.House)
		}
		t, ok := m.Territory(pl.Territory)
		if !ok {
			return nil, fmt.Errorf("setup names unknown territory %q", pl.Territory)
		}
		if pl.Unit < 0 || pl.Unit >= board.NumUnits || pl.Count < 0 {
			return nil, fmt.Errorf("setup has a bad unit for %s in %s", pl.House, pl.Territory)
		}
		s.Units[t][h][pl.Unit] += pl.Count
		if pl.Unit == board.Dragon {
			s.Dragons[h] += pl.Count
		}
	}
	r := g.rand()
	for h := range m.NumHouses() {
		d := slices.Clone(m.HouseCards(h))
		r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
		s.Decks[h] = d
	}
	s.First = Seat(r.IntN(n))
	if c := s.Citadel; c != nil {
		r.Shuffle(len(c.Deck), func(i, j int) { c.Deck[i], c.Deck[j] = c.Deck[j], c.Deck[i] })
	}
	s.Ranking = g.initialRanking()
	g.settle()
	g.emit(Event{Seat: Public, Kind: EvGameSetUp, N: int16(n), Who: s.First})
	g.advance()
	g.checkpoints = []checkpoint{g.checkpoint()}
	g.reserve()
	return g, nil
}

// reserve makes room for a typical game's history up front: a game of n
// players lasts n rounds of some 20·n actions, each with one or two
// events. The history then grows (and is copied) rarely.
func (g *Game) reserve() {
	n := len(g.cfg.Players)
	g.actions = make([]Action, 0, 20*n*n)
	log := make([]Event, len(g.st.Log), 32*n*n)
	copy(log, g.st.Log)
	g.st.Log = log
}

// blank checks cfg against map m and returns a game on m whose position
// is empty: no units, flags or agents on the board, every fortification
// unheld, every loyalty card in the map's house order face down and not
// arranged, no card in a deck, a discard or a hand; round 1, the first
// seat first, the generator drawn from cfg.Seed. The phase is not set.
func blank(m *board.Map, cfg Config) (*Game, error) {
	if m == nil {
		return nil, errors.New("no map given")
	}
	nh := len(m.Houses)
	if nh == 0 || len(m.Territories) == 0 {
		return nil, fmt.Errorf("map %q has no houses or no territories", m.ID)
	}
	if n := max(len(m.Territories), nh, cardsIn(m)); n > board.MaxIDs {
		return nil, fmt.Errorf("map %q has %d territories, houses or cards; a map holds at most %d of each", m.ID, n, board.MaxIDs)
	}
	if len(m.LoyaltySlots) != nh {
		return nil, fmt.Errorf("map %q has %d loyalty slots for %d houses", m.ID, len(m.LoyaltySlots), nh)
	}
	minP := m.MinPlayers
	if minP < 2 {
		minP = 2
	}
	maxP := m.MaxPlayers
	if maxP > len(m.Conspiracies) || maxP == 0 {
		maxP = len(m.Conspiracies)
	}
	n := len(cfg.Players)
	if n < minP || n > maxP {
		return nil, fmt.Errorf("%d players: the %s map takes %d to %d", n, m.Name, minP, maxP)
	}
	if n*AgentsPerPlayer > nh*int(NumSlots) {
		return nil, fmt.Errorf("%d players need %d agent slots; the map has %d", n, n*AgentsPerPlayer, nh*int(NumSlots))
	}
	for i, p := range cfg.Players {
		if strings.TrimSpace(p) == "" {
			return nil, fmt.Errorf("player %d has no name", i+1)
		}
		if err := CheckPlayerName(p); err != nil {
			return nil, fmt.Errorf("player %d: %v", i+1, err)
		}
	}
	if _, ok := m.House(m.Houses[0].ID); !ok {
		m.Index()
	}
	if cfg.Variant >= numVariants {
		return nil, fmt.Errorf("unknown variant %d", int(cfg.Variant))
	}
	g := &Game{m: m, cfg: Config{Players: append([]string(nil), cfg.Players...), Seed: cfg.Seed, Variant: cfg.Variant}}
	// Cards are the map's (board.Map.Card): each id once in all decks.
	for i := range m.NumCards() {
		if first, _ := m.Card(m.CardAt(i).ID); first != i {
			return nil, fmt.Errorf("card %q appears twice in the map's decks", m.CardAt(i).ID)
		}
	}
	s := &g.st
	s.RNG = newRNG(cfg.Seed)
	s.Round = 1
	s.Rounds = n
	s.Players = make([]player, n)
	for i := range g.numSeats() {
		p := &s.Players[i]
		p.Name = cfg.Players[i]
		p.Revealed = make([]bool, nh)
		p.Agents = AgentsPerPlayer
		p.Hand = []board.CardID{}
		p.Loyalty = make([]board.HouseID, nh)
		for h := range p.Loyalty {
			p.Loyalty[h] = board.HouseID(h)
		}
	}
	s.Slots = make([][NumSlots]Seat, nh)
	for h := range s.Slots {
		s.Slots[h] = [NumSlots]Seat{-1, -1, -1}
	}
	s.Units = make([][][board.NumUnits]int, len(m.Territories))
	for t := range g.m.NumTerritories() {
		s.Units[t] = make([][board.NumUnits]int, nh)
	}
	s.Flags = make([]board.HouseID, len(m.Territories))
	s.Forts = make([]board.HouseID, len(m.Territories))
	for t := range m.NumTerritories() {
		tt := &m.Territories[t]
		s.Flags[t] = -1
		s.Forts[t] = FortNone
		if tt.Fortification {
			s.Forts[t] = FortEmpty
		}
	}
	if cfg.Variant == Citadel {
		s.Citadel = newCitadel(n)
	}
	s.Dragons = make([]int, nh)
	s.Decks = make([][]board.CardID, nh)
	s.Discards = make([][]board.CardID, nh)
	for h := range nh {
		s.Decks[h], s.Discards[h] = []board.CardID{}, []board.CardID{}
	}
	return g, nil
}

// cardsIn counts the house cards of map m's decks.
func cardsIn(m *board.Map) int {
	n := 0
	for _, h := range m.Houses {
		n += len(h.Deck)
	}
	return n
}

// Map returns the static map.
func (g *Game) Map() *board.Map { return g.m }

// Config returns the configuration the game was created with.
func (g *Game) Config() Config {
	return Config{Players: append([]string(nil), g.cfg.Players...), Seed: g.cfg.Seed, Variant: g.cfg.Variant}
}

// Seats returns the seat ids: the map's conspiracy ids, one per player.
func (g *Game) Seats() []string {
	out := make([]string, len(g.st.Players))
	for i := range out {
		out[i] = g.m.Conspiracies[i]
	}
	return out
}

// Names are the players' names in seat order, as they stand now (a name
// action changes one; Config keeps those the game began with).
func (g *Game) Names() []string {
	out := make([]string, len(g.st.Players))
	for i, p := range g.st.Players {
		out[i] = p.Name
	}
	return out
}

// numSeats is the number of seats: seats are 0..numSeats()-1.
func (g *Game) numSeats() Seat { return Seat(len(g.st.Players)) }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.st.Phase == PhaseOver }

// Actions returns every action applied so far, in order.
func (g *Game) Actions() []Action { return append([]Action(nil), g.actions...) }

// Clone returns a deep copy that shares only the immutable map.
func (g *Game) Clone() *Game {
	c := &Game{m: g.m, cfg: g.Config()}
	// Events and actions are append-only values: share what exists and cap
	// the slices so the next append of either game copies.
	c.history = g.history
	c.actions = g.actions[:len(g.actions):len(g.actions)]
	c.checkpoints = g.checkpoints[:len(g.checkpoints):len(g.checkpoints)]
	c.redo = append([]Action(nil), g.redo...)
	c.st = g.st.clone()
	// The worded logs are append-only too: the clone starts from copies of
	// the caches, their lines capped so that neither game's next line
	// lands in the other's.
	if len(g.logs) > 0 {
		c.logs = make(map[Seat]*logCache, len(g.logs))
		for k, lc := range g.logs {
			cp := *lc
			cp.lines = lc.lines[:len(lc.lines):len(lc.lines)]
			c.logs[k] = &cp
		}
		c.logGen = g.logGen
	}
	return c
}

func (s state) clone() state {
	c := s
	c.Players = make([]player, len(s.Players))
	for i, p := range s.Players {
		p.Loyalty = slices.Clone(p.Loyalty)
		p.Revealed = append([]bool(nil), p.Revealed...)
		p.Hand = append([]board.CardID{}, p.Hand...)
		c.Players[i] = p
	}
	c.Slots = slices.Clone(s.Slots)
	c.Units = make([][][board.NumUnits]int, len(s.Units))
	if len(s.Units) > 0 {
		nh := len(s.Units[0])
		flat := make([][board.NumUnits]int, len(s.Units)*nh)
		for t := range s.Units {
			c.Units[t] = flat[t*nh : (t+1)*nh : (t+1)*nh]
			copy(c.Units[t], s.Units[t])
		}
	}
	c.Flags = slices.Clone(s.Flags)
	c.Forts = slices.Clone(s.Forts)
	c.Dragons = append([]int(nil), s.Dragons...)
	c.Decks = cloneCards(s.Decks)
	c.Discards = cloneCards(s.Discards)
	c.Ranking = append([]Rank(nil), s.Ranking...)
	c.Stack = nil
	if s.Stack != nil {
		c.Stack = make([]frame, len(s.Stack))
	}
	for i, f := range s.Stack {
		f.Used = append([]Choice(nil), f.Used...)
		f.Placed = append([]int(nil), f.Placed...)
		if f.Combat != nil {
			cb := *f.Combat
			cb.Order = slices.Clone(cb.Order)
			cb.Plays = append([]play(nil), cb.Plays...)
			cb.AttTerms = append([]string(nil), cb.AttTerms...)
			cb.DefTerms = append([]string(nil), cb.DefTerms...)
			f.Combat = &cb
		}
		c.Stack[i] = f
	}
	c.Log = s.Log[:len(s.Log):len(s.Log)]
	c.Winners = slices.Clone(s.Winners)
	c.Citadel = s.Citadel.clone()
	return c
}

func cloneCards(a [][]board.CardID) [][]board.CardID {
	out := make([][]board.CardID, len(a))
	for i, x := range a {
		out[i] = append([]board.CardID{}, x...)
	}
	return out
}

// card is the card of number c (the zero card for no card).
func (g *Game) card(c board.CardID) board.Card {
	if !g.m.HasCard(c) {
		return board.Card{}
	}
	return g.m.CardAt(c)
}

// cardHouse is the house of card number c.
func (g *Game) cardHouse(c board.CardID) board.HouseID { return g.m.CardHouse(c) }

// cardID is the id of card number c, as events and records name it.
func (g *Game) cardID(c board.CardID) string { return g.card(c).ID }

// seatName is the conspiracy name of a seat, capitalised ("Torch").
func (g *Game) seatName(seat Seat) string {
	if seat < 0 || seat >= g.numSeats() {
		return fmt.Sprintf("seat %d", seat)
	}
	if int(seat) < len(g.m.ConspiracyNames) && g.m.ConspiracyNames[seat] != "" {
		return g.m.ConspiracyNames[seat]
	}
	id := g.m.Conspiracies[seat]
	if id == "" {
		return fmt.Sprintf("Seat %d", seat+1)
	}
	return strings.ToUpper(id[:1]) + id[1:]
}

func (g *Game) houseName(h board.HouseID) string {
	if !g.m.HasHouse(h) {
		return "nobody"
	}
	if n := g.m.Houses[h].Name; n != "" {
		return n
	}
	return g.m.Houses[h].ID
}

func (g *Game) terrName(t board.TerrID) string {
	if !g.m.HasTerr(t) {
		return "nowhere"
	}
	tt := g.m.Territories[t]
	if tt.Name != "" {
		return tt.Name
	}
	return tt.ID
}

func (g *Game) cardName(c board.CardID) string {
	if card := g.card(c); card.Name != "" {
		return card.Name
	}
	return g.cardID(c)
}

// carried counts the units that need a ship at sea (footmen and knights).
func carried(u [board.NumUnits]int) int { return u[board.Footman] + u[board.Knight] }
