package rules

import "notrueking/board"

// Public is the seat number of the public view: what the shared screen and
// a spectator may know.
const Public Seat = -1

// Phase is the stage of the game.
type Phase string

// Phases, in the order a round goes through them.
const (
	PhaseLoyalty  Phase = "loyalty"  // seats arrange their loyalty cards in secret
	PhasePlace    Phase = "place"    // agents go onto slots
	PhaseResolve  Phase = "resolve"  // agents resolve tier by tier (with sub-steps)
	PhaseCombat   Phase = "combat"   // card plays, tie, retreat of a running combat
	PhaseExchange Phase = "exchange" // end-of-round token exchange
	PhaseOver     Phase = "over"     // final scores
)

// Group is the units of one house in one territory.
type Group struct {
	House     board.HouseID       `json:"house"`
	Territory board.TerrID        `json:"territory"`
	Units     [board.NumUnits]int `json:"units"` // footman, knight, ship, dragon
	// Carried counts footmen/knights aboard ships at sea (included in Units).
	Carried int `json:"carried,omitempty"`
}

// Token is one loyalty token on a seat's loyalty card.
type Token struct {
	House    board.HouseID `json:"house"` // NoHouse when hidden from the viewer
	Value    int           `json:"value"` // the slot value
	Revealed bool          `json:"revealed"`
	// Uncovered: face down, but the viewer has looked at it (Citadel
	// variant: Dig Up Dirt), so House names it for the viewer alone.
	Uncovered bool `json:"uncovered,omitempty"`
}

// PlayerView is what the viewer knows of one seat.
type PlayerView struct {
	Seat         Seat   `json:"seat"`
	ID           string `json:"id"`   // conspiracy id, e.g. "crown"
	Name         string `json:"name"` // the player's name
	AgentsInHand int    `json:"agents_in_hand"`
	// Loyalty is the seat's card slot by slot, best first; hidden tokens
	// have House NoHouse unless the viewer is this seat (or the game is
	// over).
	Loyalty []Token `json:"loyalty"`
	// HandSizes counts the seat's house cards per house (public), indexed
	// by house.
	HandSizes []int `json:"hand_sizes"`
	// Hand lists the seat's cards; only for the viewer's own seat (or at
	// game over).
	Hand  []board.CardID `json:"hand,omitempty"`
	Score int            `json:"score"` // final score, at game over
	// Citadel variant (zero otherwise): crystals, ravens and how many
	// Dark Wings cards the seat holds (public); which cards, for the
	// viewer's own seat (or at game over); the Ill Tidings penalty on its
	// rolls this round.
	Crystals  int    `json:"crystals,omitempty"`
	Ravens    int    `json:"ravens,omitempty"`
	Wings     int    `json:"wings,omitempty"`
	WingCards []Wing `json:"wing_cards,omitempty"`
	Tidings   int    `json:"tidings,omitempty"`
}

// CitadelView is the Citadel variant's public table: the Dark Wings deck's
// size and the cards played (oldest first), and the step a roll waits for
// (StepGain, StepDirt, or "").
type CitadelView struct {
	Deck    int    `json:"deck"`
	Discard []Wing `json:"discard"`
	Step    string `json:"step,omitempty"`
}

// Rank is a house's place in the ranking: From..To is the shared span
// (equal when not tied), 1 = first.
type Rank struct {
	House   board.HouseID `json:"house"`
	From    int           `json:"from"`
	To      int           `json:"to"`
	Crowns  int           `json:"crowns"`
	Castles int           `json:"castles"`
	Towns   int           `json:"towns"`
	Barrels int           `json:"barrels"`
}

// CombatView is the running combat, all public (card plays are open).
type CombatView struct {
	Territory board.TerrID  `json:"territory"`
	Attacker  board.HouseID `json:"attacker"`
	Defender  board.HouseID `json:"defender"`
	// From and Attacking are the attacker's origin and the units it sent:
	// off the board until the combat ends, public all along (zero once
	// they retreated or occupied).
	From      board.TerrID        `json:"from"`
	Attacking [board.NumUnits]int `json:"attacking"`
	// Terms lists every addend of each side's power, e.g. "3 footmen +3",
	// "castle +4", "Eddard Stark +4".
	AttackerTerms []string     `json:"attacker_terms"`
	DefenderTerms []string     `json:"defender_terms"`
	AttackerPower int          `json:"attacker_power"`
	DefenderPower int          `json:"defender_power"`
	Played        []PlayedCard `json:"played"`
	Step          string       `json:"step"` // "cards", "tie", "retreat", "redeploy"
	// Winner is the winning house once decided (NoHouse before); the
	// powers and terms are then those that decided it, before casualties.
	Winner board.HouseID `json:"winner"`
	// Retreater and RetreatUnits: the loser's survivors awaiting a retreat
	// (Retreater NoHouse when none).
	Retreater    board.HouseID       `json:"retreater"`
	RetreatUnits [board.NumUnits]int `json:"retreat_units"`
}

// PlayedCard is a card played (or a pass, Card NoCard) in a combat.
type PlayedCard struct {
	Seat Seat         `json:"seat"`
	Card board.CardID `json:"card"`
}

// View is everything one seat (or the public) may know. render draws only
// from a View; the hot-seat curtain is a choice of seat.
type View struct {
	Seat        Seat  `json:"seat"` // Public or a seat index
	Phase       Phase `json:"phase"`
	Round       int   `json:"round"`  // 1-based
	Rounds      int   `json:"rounds"` // = number of players
	FirstPlayer Seat  `json:"first_player"`
	// ToAct is the seat whose decision the game waits for (-1 when over).
	ToAct Seat `json:"to_act"`
	// Active is the seat resolving the current agent (combat's "active player").
	Active Seat `json:"active"`
	// Tier is the slot tier now resolving (resolve phase).
	Tier Slot `json:"tier"`
	// Prompt says, in one line, who must do what next.
	Prompt  string       `json:"prompt"`
	Players []PlayerView `json:"players"`
	// Slots[h][s] is the seat whose agent is on house h's slot s, or -1.
	Slots [][NumSlots]Seat `json:"slots"`
	// Resolving names the agent being resolved (NoHouse when none) and
	// the actions still open to it.
	ResolvingHouse board.HouseID `json:"resolving_house"`
	ResolvingSlot  Slot          `json:"resolving_slot"`
	// MusterPoints left in the running muster action (0 otherwise).
	MusterPoints int     `json:"muster_points"`
	Groups       []Group `json:"groups"`
	// Flags[t] is the house whose control flag stands in territory t, or
	// NoHouse (indexed by territory, like Control and Fortifications; read
	// them with Flag, Controller and Fort).
	Flags []board.HouseID `json:"flags"`
	// Fortifications[t] is the house holding territory t's fortification
	// (nine-player map: Moat Cailin), FortEmpty while unheld, FortNone
	// where there is none; nil on a map without fortifications.
	Fortifications []board.HouseID `json:"fortifications,omitempty"`
	// Control[t] is the house controlling territory t, or NoHouse.
	Control []board.HouseID `json:"control"`
	Ranking []Rank          `json:"ranking"`
	// DeckSizes and Discards are each house's deck size and discard
	// (oldest first), indexed by house.
	DeckSizes []int            `json:"deck_sizes"`
	Discards  [][]board.CardID `json:"discards"`
	Combat    *CombatView      `json:"combat,omitempty"`
	// Peek is the hand the viewer may see through Melisandre (seat, cards).
	PeekSeat Seat           `json:"peek_seat"`
	Peek     []board.CardID `json:"peek,omitempty"`
	// Variant is the optional rules in play ("" for the plain game,
	// "citadel"); Citadel is that variant's public table (nil without it).
	Variant string       `json:"variant,omitempty"`
	Citadel *CitadelView `json:"citadel,omitempty"`
	// Winner and TieBreak at game over.
	Winners  []Seat `json:"winners,omitempty"`
	TieBreak string `json:"tie_break,omitempty"`
	// Log is the events this viewer may read, oldest first, in words made
	// for the viewer (at game over every event, in its own seat's words).
	Log []LogLine `json:"log"`
}

// byTerr is xs[t], or NoHouse outside xs (a view decoded from elsewhere
// may be short).
func byTerr(xs []board.HouseID, t board.TerrID) board.HouseID {
	if t < 0 || int(t) >= len(xs) {
		return board.NoHouse
	}
	return xs[t]
}

// Flag is the house whose flag stands in territory t, or NoHouse.
func (v View) Flag(t board.TerrID) board.HouseID { return byTerr(v.Flags, t) }

// Controller is the house controlling territory t, or NoHouse.
func (v View) Controller(t board.TerrID) board.HouseID { return byTerr(v.Control, t) }

// Fort reports whether territory t has a fortification, and the house
// holding it (NoHouse while unheld: FortEmpty is NoHouse).
func (v View) Fort(t board.TerrID) (holder board.HouseID, ok bool) {
	if t < 0 || int(t) >= len(v.Fortifications) || v.Fortifications[t] == FortNone {
		return board.NoHouse, false
	}
	return v.Fortifications[t], true
}

// DeckSize is house h's deck size (0 outside the view).
func (v View) DeckSize(h board.HouseID) int {
	if h < 0 || int(h) >= len(v.DeckSizes) {
		return 0
	}
	return v.DeckSizes[h]
}

// Discard is house h's discard, oldest first (nil outside the view).
func (v View) Discard(h board.HouseID) []board.CardID {
	if h < 0 || int(h) >= len(v.Discards) {
		return nil
	}
	return v.Discards[h]
}

// HandSize is how many cards of house h the seat holds.
func (p PlayerView) HandSize(h board.HouseID) int {
	if h < 0 || int(h) >= len(p.HandSizes) {
		return 0
	}
	return p.HandSizes[h]
}
