package rules

import "notrueking/board"

// Public is the seat number of the public view: what the shared screen and
// a spectator may know.
const Public = -1

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
	House     string              `json:"house"`
	Territory string              `json:"territory"`
	Units     [board.NumUnits]int `json:"units"` // footman, knight, ship, dragon
	// Carried counts footmen/knights aboard ships at sea (included in Units).
	Carried int `json:"carried,omitempty"`
}

// Token is one loyalty token on a seat's loyalty card.
type Token struct {
	House    string `json:"house"` // "" when hidden from the viewer
	Value    int    `json:"value"` // the slot value
	Revealed bool   `json:"revealed"`
}

// PlayerView is what the viewer knows of one seat.
type PlayerView struct {
	Seat         int    `json:"seat"`
	ID           string `json:"id"`   // conspiracy id, e.g. "crown"
	Name         string `json:"name"` // the player's name
	AgentsInHand int    `json:"agents_in_hand"`
	// Loyalty is the seat's card slot by slot, best first; hidden tokens
	// have House "" unless the viewer is this seat (or the game is over).
	Loyalty []Token `json:"loyalty"`
	// HandSizes counts the seat's house cards per house id (public).
	HandSizes map[string]int `json:"hand_sizes"`
	// Hand lists the seat's cards; only for the viewer's own seat (or at game over).
	Hand  []board.Card `json:"hand,omitempty"`
	Score int          `json:"score"` // final score, at game over
}

// Rank is a house's place in the ranking: From..To is the shared span
// (equal when not tied), 1 = first.
type Rank struct {
	House   string `json:"house"`
	From    int    `json:"from"`
	To      int    `json:"to"`
	Crowns  int    `json:"crowns"`
	Castles int    `json:"castles"`
	Towns   int    `json:"towns"`
	Barrels int    `json:"barrels"`
}

// CombatView is the running combat, all public (card plays are open).
type CombatView struct {
	Territory string `json:"territory"`
	Attacker  string `json:"attacker"`
	Defender  string `json:"defender"`
	// Terms lists every addend of each side's power, e.g. "3 footmen +3",
	// "castle +4", "Eddard Stark +4".
	AttackerTerms []string     `json:"attacker_terms"`
	DefenderTerms []string     `json:"defender_terms"`
	AttackerPower int          `json:"attacker_power"`
	DefenderPower int          `json:"defender_power"`
	Played        []PlayedCard `json:"played"`
	Step          string       `json:"step"` // "cards", "tie", "retreat", "redeploy"
	// Winner is the winning house once decided ("" before); the powers and
	// terms are then those that decided it, before casualties.
	Winner string `json:"winner,omitempty"`
	// Retreater and RetreatUnits: the loser's survivors awaiting a retreat.
	Retreater    string              `json:"retreater,omitempty"`
	RetreatUnits [board.NumUnits]int `json:"retreat_units"`
}

// PlayedCard is a card played (or a pass, Card.ID == "") in a combat.
type PlayedCard struct {
	Seat int        `json:"seat"`
	Card board.Card `json:"card"`
}

// View is everything one seat (or the public) may know. render draws only
// from a View; the hot-seat curtain is a choice of seat.
type View struct {
	Seat        int   `json:"seat"` // Public or a seat index
	Phase       Phase `json:"phase"`
	Round       int   `json:"round"`  // 1-based
	Rounds      int   `json:"rounds"` // = number of players
	FirstPlayer int   `json:"first_player"`
	// ToAct is the seat whose decision the game waits for (-1 when over).
	ToAct int `json:"to_act"`
	// Active is the seat resolving the current agent (combat's "active player").
	Active int `json:"active"`
	// Tier is the slot tier now resolving (resolve phase).
	Tier Slot `json:"tier"`
	// Prompt says, in one line, who must do what next.
	Prompt  string       `json:"prompt"`
	Players []PlayerView `json:"players"`
	// Slots[h][s] is the seat whose agent is on house h's slot s, or -1.
	Slots [][NumSlots]int `json:"slots"`
	// Resolving names the agent being resolved ("" house when none) and
	// the actions still open to it.
	ResolvingHouse string `json:"resolving_house,omitempty"`
	ResolvingSlot  Slot   `json:"resolving_slot"`
	// MusterPoints left in the running muster action (0 otherwise).
	MusterPoints int     `json:"muster_points"`
	Groups       []Group `json:"groups"`
	// Flags maps territory id → house id for control flags.
	Flags map[string]string `json:"flags"`
	// Fortifications maps each territory with a fortification (nine-player
	// map: Moat Cailin) → the house holding it, "" while unheld.
	Fortifications map[string]string `json:"fortifications,omitempty"`
	// Control maps every controlled territory id → house id.
	Control   map[string]string       `json:"control"`
	Ranking   []Rank                  `json:"ranking"`
	DeckSizes map[string]int          `json:"deck_sizes"`
	Discards  map[string][]board.Card `json:"discards"`
	Combat    *CombatView             `json:"combat,omitempty"`
	// Peek is the hand the viewer may see through Melisandre (seat, cards).
	PeekSeat int          `json:"peek_seat"`
	Peek     []board.Card `json:"peek,omitempty"`
	// Winner and TieBreak at game over.
	Winners  []int  `json:"winners,omitempty"`
	TieBreak string `json:"tie_break,omitempty"`
	// Log is the events this viewer may read, oldest first, in words made
	// for the viewer (at game over every event, in its own seat's words).
	Log []LogLine `json:"log"`
}
