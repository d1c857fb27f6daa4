package rules

import (
	"errors"
	"fmt"
)

// A game keeps its history: every action applied, the events they caused
// (state.Log, each event naming its action), and snapshots of the state
// every checkpointEvery actions. At(n) rebuilds the state after n actions
// from the nearest snapshot at or before n, so it stays fast on long games
// without a copy of the state per action.
var checkpointEvery = 256 // a variable only so that tests can make it small

// checkpoint is the state after n actions.
type checkpoint struct {
	n int
	s state
	// floor is the undo floor as it stood at n.
	floor barrier
}

// barrier is where undo stops: n actions, and why — a note (a position set
// up or restored there) or the event that showed something hidden, worded
// only when a player asks.
type barrier struct {
	n    int
	note string
	ev   Event
}

// why says in a player's words why undo stops at b.
func (g *Game) why(b barrier) string {
	if b.note != "" {
		return b.note
	}
	if b.ev.Kind != EvNone {
		return "hidden information has reached a player since: " + g.EventText(b.ev, Public)
	}
	return ""
}

// history is the part of a Game that is about the past, not the position.
type history struct {
	actions []Action
	// checkpoints are in increasing n; the first is the base: the state the
	// history starts from (after New, or where a position was set up by
	// hand or restored).
	checkpoints []checkpoint
	// floor is where undo stops: hidden information reached a seat in the
	// action that ends there (a card drawn or played, a hand looked at, a
	// deck reshuffled, a token revealed), or the position was set up there.
	floor barrier
	// redo holds the actions undone, the next to redo last.
	redo []Action
}

// rebase makes the current position the start of the history: undo and At
// cannot go before it. A position built (Builder) or edited (Editor) is
// made the start this way.
func (g *Game) rebase(why string) {
	n := len(g.actions)
	g.floor = barrier{n: n, note: why}
	g.checkpoints = []checkpoint{g.checkpoint()}
	g.redo = nil
}

func (g *Game) checkpoint() checkpoint {
	return checkpoint{n: len(g.actions), s: g.st.clone(), floor: g.floor}
}

// restoreTo puts the game back to its position after n actions, from its
// history; apply calls it when executing a checked action failed midway.
func (g *Game) restoreTo(n int) error {
	c, err := g.At(n)
	if err != nil {
		return err
	}
	g.st, g.actions, g.checkpoints = c.st, c.actions, c.checkpoints
	g.floor = c.floor
	g.logGen++
	return nil
}

// FromPosition reports whether the game's history starts from a position
// set up by hand (a Builder, an Editor) rather than from New: a record of
// the game must then start from that
// position (a scenario), not from map, seed and players.
func (g *Game) FromPosition() bool {
	return len(g.checkpoints) > 0 && g.checkpoints[0].floor.note != ""
}

// Len returns the number of actions applied so far.
func (g *Game) Len() int { return len(g.actions) }

// Base returns the number of actions before the first position the
// history can rebuild: 0 for a game started with New, more for one
// restored or set up by hand after some actions.
func (g *Game) Base() int {
	if len(g.checkpoints) == 0 {
		return 0
	}
	return g.checkpoints[0].n
}

// At returns a copy of the game as it stood after n actions (0 is the
// position after New), with its history up to n; the game itself does not
// change. It replays from the nearest checkpoint.
func (g *Game) At(n int) (*Game, error) {
	if n < g.Base() || n > len(g.actions) {
		return nil, fmt.Errorf("there is no position after %d actions: the history holds positions %d to %d", n, g.Base(), len(g.actions))
	}
	c := &Game{m: g.m, cfg: g.Config()}
	k := 0
	for i, cp := range g.checkpoints {
		if cp.n <= n {
			k = i
		}
	}
	cp := g.checkpoints[k]
	c.st = cp.s.clone()
	c.actions = g.actions[:cp.n:cp.n]
	c.checkpoints = g.checkpoints[: k+1 : k+1]
	c.floor = cp.floor
	for _, a := range g.actions[cp.n:n] {
		if _, err := c.apply(a); err != nil {
			return nil, fmt.Errorf("the history does not replay at action %d %q: %v", len(c.actions)+1, a.Format(c.m), err)
		}
	}
	return c, nil
}

// ViewAt is what seat (or Public) knew after n actions: the view of the
// position At(n). A screen reads the past through it, never through a
// copy of the engine.
func (g *Game) ViewAt(n int, seat Seat) (View, error) {
	c, err := g.At(n)
	if err != nil {
		return View{}, err
	}
	return c.View(seat), nil
}

// CanUndo reports whether Undo would succeed, and if not, why.
func (g *Game) CanUndo() error {
	n := len(g.actions)
	switch {
	case n == 0:
		return errors.New("nothing to undo: no action has been taken yet")
	case n <= g.floor.n:
		if why := g.why(g.floor); why != "" {
			return fmt.Errorf("cannot undo: %s", why)
		}
		return errors.New("cannot undo past the start of this position")
	}
	return nil
}

// Undo takes back the last action, if no hidden information has reached a
// seat since it was taken; the action can be redone with Redo until a new
// action is applied.
func (g *Game) Undo() error {
	if err := g.CanUndo(); err != nil {
		return err
	}
	n := len(g.actions)
	last := g.actions[n-1]
	prev, err := g.At(n - 1)
	if err != nil {
		return err
	}
	redo := append(g.redo, last)
	g.st, g.actions, g.checkpoints = prev.st, prev.actions, prev.checkpoints
	g.floor = prev.floor
	g.logGen++
	g.redo = redo
	return nil
}

// CanRedo reports whether there is an undone action to redo.
func (g *Game) CanRedo() bool { return len(g.redo) > 0 }

// Redo applies again the action last undone.
func (g *Game) Redo() ([]Event, error) {
	if len(g.redo) == 0 {
		return nil, errors.New("nothing to redo")
	}
	a := g.redo[len(g.redo)-1]
	rest := g.redo[:len(g.redo)-1]
	evs, err := g.Apply(a)
	if err != nil {
		return nil, err
	}
	g.redo = rest
	return evs, nil
}

// revealing says whether the events of one action put hidden information
// in front of a seat (EventKind.Reveals) and if so returns the first
// public event that says so — the words undo's refusal quotes. Undo never
// goes back past such an action.
func revealing(evs []Event) (Event, bool) {
	var what Event
	reveals := false
	for _, e := range evs {
		if !e.Kind.Reveals() {
			continue
		}
		reveals = true
		if e.Seat == Public {
			return e, true
		}
		what = e
	}
	return what, reveals
}
