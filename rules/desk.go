package rules

import (
	"errors"
	"fmt"
	"slices"

	"notrueking/board"
)

// A Desk is what one device may read of a game: the public table and the
// secrets of the seats it holds, nothing else. A hot-seat window holds
// every seat (its curtain decides which one is shown); a device that
// joined a host holds its own seat or seats; a spectator holds none. It
// has no history of action lines (an arrange or exchange line is a
// secret), no engine position (At) and no other seat's view: a question
// about a seat it does not hold is answered for the public (View, ViewAt,
// EventText) or not at all (LegalFor, Check).
//
// Every argument and every answer is plain data, so a desk can stand on
// the far side of a network: *Seated answers from a game in this process,
// package remote's client from what the host sent its seats.
type Desk interface {
	// Map is the static map (treat it as read-only).
	Map() *board.Map
	// Seats are the seat ids (the map's conspiracy ids), one per player.
	Seats() []string
	// Holds reports whether the desk holds seat (Public: never).
	Holds(seat Seat) bool
	// View is what seat may know now when the desk holds it, else the
	// public view.
	View(seat Seat) View
	// ViewAt is View after n actions.
	ViewAt(n int, seat Seat) (View, error)
	// EventText is e in the words viewer reads, when the desk holds
	// viewer, else in the public's.
	EventText(e Event, viewer Seat) string
	// ToAct is the seat whose decision the game waits for, -1 at game over.
	ToAct() Seat
	// Over reports whether the game has ended.
	Over() bool
	// Len is the number of actions applied so far.
	Len() int
	// Legal lists the legal actions of the seat to act when the desk
	// holds it (nil otherwise); LegalFor those of a held seat.
	Legal() []Action
	LegalFor(seat Seat) []Action
	// Check says whether an action of a held seat would be accepted, and
	// if not, why.
	Check(Action) error
	// PublicActions is the history as every seat saw it, one entry per
	// action applied.
	PublicActions() []PublicAction
	// CanUndo says whether the last action may be taken back, and if
	// not, why; CanRedo whether there is an undone action to redo.
	CanUndo() error
	CanRedo() bool
	// PreviewCombat is the combat move a would start (nil for none);
	// CombatResult the combat decided by the n-th action (nil for none).
	PreviewCombat(a Action) (*CombatView, error)
	CombatResult(n int) (*CombatView, error)
	// TryMove and TryDestinations answer try mode (trymove.go).
	TryMove(h board.HouseID, from, to board.TerrID, units [board.NumUnits]int) error
	TryDestinations(h board.HouseID, from board.TerrID) []board.TerrID
}

// PublicAction is an action as every seat saw it: who took it and, for a
// move or a muster (whose every detail the log tells), what it did. Any
// other decision is only "Seat decided" (Verb 0): its details may be a
// secret (the loyalty card arranged, the tokens exchanged, the aim of a
// study).
type PublicAction struct {
	Seat Seat `json:"seat"`
	// Verb is VMove, VMuster, VName or 0.
	Verb  Verb                `json:"verb,omitzero"`
	Unit  board.Unit          `json:"unit,omitzero"`
	House board.HouseID       `json:"house,omitzero"`
	From  board.TerrID        `json:"from,omitzero"`
	To    board.TerrID        `json:"to,omitzero"`
	Units [board.NumUnits]int `json:"units,omitzero"`
}

// Public is a as every seat saw it.
func (a Action) Public() PublicAction {
	p := PublicAction{Seat: a.Seat}
	switch a.Verb {
	case VMove:
		p.Verb, p.House, p.From, p.To, p.Units = a.Verb, a.House, a.From, a.To, a.Units
	case VMuster:
		p.Verb, p.Unit, p.From, p.To = a.Verb, a.Unit, a.From, a.To
	case VName:
		p.Verb = a.Verb // the name is in the public log
	}
	return p
}

// PublicActions is the game's history as every seat saw it.
func (g *Game) PublicActions() []PublicAction {
	out := make([]PublicAction, len(g.actions))
	for i, a := range g.actions {
		out[i] = a.Public()
	}
	return out
}

// Seated is a game read through a Desk that holds some of its seats. It
// answers from the game itself, in this process: the hot-seat window's
// (every seat), the host's own seats, a spectator's or a picture's (none),
// the replay viewer's (every seat of a finished game's file, acting on
// nothing).
type Seated struct {
	g    *Game
	held []bool
	// frozen: nothing is legal (the replay viewer's position).
	frozen bool
}

var _ Desk = (*Seated)(nil)

// DeskOf is g read by a device that holds seats (none: the public only).
// A seat outside the game is not held.
func DeskOf(g *Game, seats ...Seat) *Seated {
	d := &Seated{g: g, held: make([]bool, len(g.cfg.Players))}
	for _, s := range seats {
		if s >= 0 && int(s) < len(d.held) {
			d.held[s] = true
		}
	}
	return d
}

// EverySeat lists every seat of g (the hot-seat window holds them all).
func EverySeat(g *Game) []Seat {
	out := make([]Seat, len(g.cfg.Players))
	for i := range out {
		out[i] = Seat(i)
	}
	return out
}

// Frozen is the same desk on which nothing is legal: no action button is
// built and no click applies (the replay viewer).
func (d *Seated) Frozen() *Seated {
	c := *d
	c.frozen = true
	return &c
}

// ErrFrozen refuses a check on a frozen desk.
var ErrFrozen = errors.New("this table only shows the game: nothing can be played from it")

func (d *Seated) Holds(seat Seat) bool {
	return seat >= 0 && int(seat) < len(d.held) && d.held[seat]
}

// Held lists the seats the desk holds.
func (d *Seated) Held() []Seat {
	var out []Seat
	for i, h := range d.held {
		if h {
			out = append(out, Seat(i))
		}
	}
	return out
}

// viewer is seat when the desk holds it, else Public.
func (d *Seated) viewer(seat Seat) Seat {
	if d.Holds(seat) {
		return seat
	}
	return Public
}

func (d *Seated) Map() *board.Map     { return d.g.Map() }
func (d *Seated) Seats() []string     { return d.g.Seats() }
func (d *Seated) View(seat Seat) View { return d.g.View(d.viewer(seat)) }
func (d *Seated) ToAct() Seat         { return d.g.ToAct() }
func (d *Seated) Over() bool          { return d.g.Over() }
func (d *Seated) Len() int            { return d.g.Len() }
func (d *Seated) CanUndo() error      { return d.g.CanUndo() }
func (d *Seated) CanRedo() bool       { return d.g.CanRedo() }
func (d *Seated) Game() *Game         { return d.g }
func (d *Seated) IsFrozen() bool      { return d.frozen }
func (d *Seated) PublicActions() []PublicAction {
	return d.g.PublicActions()
}

func (d *Seated) ViewAt(n int, seat Seat) (View, error) { return d.g.ViewAt(n, d.viewer(seat)) }

func (d *Seated) EventText(e Event, viewer Seat) string {
	return d.g.EventText(e, d.viewer(viewer))
}

func (d *Seated) Legal() []Action { return d.LegalFor(d.g.ToAct()) }

func (d *Seated) LegalFor(seat Seat) []Action {
	if d.frozen || !d.Holds(seat) {
		return nil
	}
	return d.g.LegalFor(seat)
}

func (d *Seated) Check(a Action) error {
	if err := d.MayAct(a); err != nil {
		return err
	}
	return d.g.Check(a)
}

// MayAct refuses an action of a seat the desk does not hold, or any on a
// frozen desk (the engine's own check is Check's).
func (d *Seated) MayAct(a Action) error {
	switch {
	case d.frozen:
		return ErrFrozen
	case !d.Holds(a.Seat):
		return NotYourSeat(d.g, a.Seat)
	case a.Verb == VName:
		return ErrNotADecision
	}
	return nil
}

// ErrNotADecision refuses a name action at a desk: who plays a seat is
// named by whoever runs the game (a host, from the name its device
// gives), not chosen at the table.
var ErrNotADecision = errors.New("a seat's player is named by the game's host, not by a decision at the table")

// NotYourSeat is the refusal of an action for a seat the device does
// not hold.
func NotYourSeat(g *Game, seat Seat) error {
	if seat < 0 || int(seat) >= len(g.cfg.Players) {
		return fmt.Errorf("there is no seat %d in this game", seat)
	}
	return fmt.Errorf("that is %s's decision, and this device does not hold %s's seat", g.seatName(seat), g.seatName(seat))
}

func (d *Seated) PreviewCombat(a Action) (*CombatView, error) {
	if err := d.MayAct(a); err != nil {
		return nil, err
	}
	return d.g.PreviewCombat(a)
}

func (d *Seated) CombatResult(n int) (*CombatView, error) { return d.g.CombatResult(n) }

func (d *Seated) TryMove(h board.HouseID, from, to board.TerrID, units [board.NumUnits]int) error {
	return d.g.TryMove(h, from, to, units)
}

func (d *Seated) TryDestinations(h board.HouseID, from board.TerrID) []board.TerrID {
	return d.g.TryDestinations(h, from)
}

// Audience reports whether e may reach a device holding seats (a public
// event, or a private one of a held seat).
func Audience(e Event, holds func(Seat) bool) bool {
	return e.Seat == Public || holds(e.Seat)
}

// ForDesk keeps the events of evs a device holding seats may read, in
// order (evs is not changed).
func ForDesk(evs []Event, holds func(Seat) bool) []Event {
	return slices.DeleteFunc(slices.Clone(evs), func(e Event) bool { return !Audience(e, holds) })
}

var _ Actor = (*Seated)(nil)

// Apply applies an action of a held seat to the game and returns the
// events the desk's seats may read (a frozen desk, or another seat's
// action, is refused and changes nothing).
func (d *Seated) Apply(a Action) ([]Event, error) {
	if err := d.MayAct(a); err != nil {
		return nil, err
	}
	evs, err := d.g.Apply(a)
	if err != nil {
		return nil, err
	}
	return ForDesk(evs, d.Holds), nil
}

// Undo takes the last action back (a desk that holds no seat, or a
// frozen one, takes nothing back).
func (d *Seated) Undo() error {
	if err := d.Undoable(); err != nil {
		return err
	}
	return d.g.Undo()
}

// Redo applies the action last undone again.
func (d *Seated) Redo() ([]Event, error) {
	if err := d.Undoable(); err != nil {
		return nil, err
	}
	evs, err := d.g.Redo()
	if err != nil {
		return nil, err
	}
	return ForDesk(evs, d.Holds), nil
}

// Undoable refuses undo and redo on a frozen desk or one holding no
// seat (a spectator's).
func (d *Seated) Undoable() error {
	if d.frozen || !slices.Contains(d.held, true) {
		return ErrFrozen
	}
	return nil
}

// HotSeat is g at one screen shared by every seat: a desk that holds them
// all (the curtain decides which one is shown).
func HotSeat(g *Game) *Seated { return DeskOf(g, EverySeat(g)...) }

// InCombat reports whether a combat is under way (the public view's
// Combat is set), without building a view.
func (g *Game) InCombat() bool {
	for _, f := range g.st.Stack {
		if f.Kind == FrameCombat && f.Combat != nil {
			return true
		}
	}
	return false
}
