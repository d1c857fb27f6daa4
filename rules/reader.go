package rules

import "notrueking/board"

// Reader is the read-only side of a game: what a screen, a log panel, a
// replay viewer, a spectator window or a bot needs to look at. *Game
// implements it; nothing in it changes the game. Acting goes through an
// Actor (the game itself, or a session that saves after every action).
//
// Every argument and every answer is plain data (maps, views, actions,
// events, errors as their words), so a game served by another process can
// stand behind a Reader: the past is read as views (ViewAt), never as the
// engine itself.
type Reader interface {
	// Map is the static map (treat it as read-only). Its exported fields
	// are the whole map: a copy decoded elsewhere builds its lookups with
	// Index, as package maps does.
	Map() *board.Map
	// Seats are the seat ids (the map's conspiracy ids), one per player.
	Seats() []string
	// View is what one seat (or Public) may know now.
	View(seat Seat) View
	// ViewAt is what one seat (or Public) knew after n actions: the
	// history's position n, as a view.
	ViewAt(n int, seat Seat) (View, error)
	// EventText is an event in the words one viewer may read ("" for a
	// private event of another seat).
	EventText(e Event, viewer Seat) string
	// ToAct is the seat whose decision the game waits for, -1 at game over.
	ToAct() Seat
	// Over reports whether the game has ended.
	Over() bool
	// Legal lists the legal actions of the seat to act.
	Legal() []Action
	// LegalFor lists the legal actions of one seat (nil when it is not
	// that seat's turn).
	LegalFor(seat Seat) []Action
	// Check says whether an action would be accepted, and if not, why.
	Check(Action) error
	// Len is the number of actions applied so far.
	Len() int
	// Actions is the history of actions, in order (a copy).
	Actions() []Action
	// CanUndo says whether the last action may be taken back, and if
	// not, why; CanRedo whether there is an undone action to redo.
	CanUndo() error
	CanRedo() bool
	// PreviewCombat is the combat move a would start (nil for none);
	// CombatResult the combat decided by the n-th action (nil for none).
	PreviewCombat(a Action) (*CombatView, error)
	CombatResult(n int) (*CombatView, error)
	// TryMove and TryDestinations answer try mode (trymove.go): could
	// house h's group move, and where to.
	TryMove(h board.HouseID, from, to board.TerrID, units [board.NumUnits]int) error
	TryDestinations(h board.HouseID, from board.TerrID) []board.TerrID
}

// Actor is the acting side of a game: Apply changes it, Undo takes the
// last action back and Redo applies again the one taken back.
type Actor interface {
	Apply(Action) ([]Event, error)
	Undo() error
	Redo() ([]Event, error)
}

var (
	_ Reader = (*Game)(nil)
	_ Actor  = (*Game)(nil)
)
