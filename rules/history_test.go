package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

// stateJSON is the whole state of g as JSON, for comparing positions.
func stateJSON(t testing.TB, g *Game) string {
	t.Helper()
	b, err := json.Marshal(g.st)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAtEqualsReplay: the position At(n) rebuilds from checkpoints is the
// position a fresh game reaches by applying the first n actions, for every
// n of whole random games (longer than several checkpoint intervals), and
// asking for it never changes the game.
func TestAtEqualsReplay(t *testing.T) {
	for seed := uint64(2); seed <= 3; seed++ {
		g := playRandomGame(t, 1+int(seed), seed, false)
		if g.Len() < 2*checkpointEvery {
			t.Fatalf("seed %d: game of %d actions is too short to cross checkpoints", seed, g.Len())
		}
		final := stateJSON(t, g)
		fresh := newGame(t, 1+int(seed), seed)
		for n := 0; n <= g.Len(); n++ {
			if n > 0 {
				if _, err := fresh.Apply(g.actions[n-1]); err != nil {
					t.Fatalf("seed %d: replaying action %d: %v", seed, n, err)
				}
			}
			at, err := g.At(n)
			if err != nil {
				t.Fatalf("seed %d: At(%d): %v", seed, n, err)
			}
			if got, want := stateJSON(t, at), stateJSON(t, fresh); got != want {
				t.Fatalf("seed %d: At(%d) differs from replaying %d actions", seed, n, n)
			}
			if at.Len() != n {
				t.Fatalf("seed %d: At(%d).Len() = %d", seed, n, at.Len())
			}
		}
		if stateJSON(t, g) != final {
			t.Fatalf("seed %d: At changed the game", seed)
		}
		if _, err := g.At(g.Len() + 1); err == nil {
			t.Fatalf("seed %d: At past the end accepted", seed)
		}
		if _, err := g.At(-1); err == nil {
			t.Fatalf("seed %d: At(-1) accepted", seed)
		}
	}
}

// TestUndoRedo: undo takes actions back one by one to the last point where
// hidden information reached a seat, refuses beyond it with that reason,
// and redo restores exactly the positions undone; a new action clears redo.
func TestUndoRedo(t *testing.T) {
	g := newGame(t, 3, 7)
	if err := g.Undo(); err == nil || !strings.Contains(err.Error(), "nothing to undo") {
		t.Fatalf("undo at the start = %v", err)
	}
	// Arranging and placing reveal nothing: all of it can be undone.
	for seat := 0; seat < 3; seat++ {
		act(t, g, g.Seats()[seat]+" arrange baratheon lannister stark tyrell greyjoy")
	}
	var positions []string
	for i := 0; i < 9; i++ {
		positions = append(positions, stateJSON(t, g))
		legal := g.Legal()
		if _, err := g.Apply(legal[len(legal)/2]); err != nil {
			t.Fatal(err)
		}
	}
	end := stateJSON(t, g)
	for i := 8; i >= 0; i-- {
		_ = g.View(Public) // the log is worded (and cached) before each undo
		if err := g.Undo(); err != nil {
			t.Fatalf("undo %d: %v", i, err)
		}
		if stateJSON(t, g) != positions[i] {
			t.Fatalf("undo %d did not restore the position before that action", i)
		}
		fresh, err := g.At(g.Len())
		if err != nil {
			t.Fatal(err)
		}
		if got, want := len(g.View(Public).Log), len(fresh.View(Public).Log); got != want {
			t.Fatalf("undo %d: the public log shows %d lines, a replay of the same actions %d", i, got, want)
		}
	}
	for i := 0; i < 9; i++ {
		if !g.CanRedo() {
			t.Fatalf("redo %d: nothing to redo", i)
		}
		if _, err := g.Redo(); err != nil {
			t.Fatalf("redo %d: %v", i, err)
		}
	}
	if stateJSON(t, g) != end {
		t.Fatal("redoing every undone action did not give the same position")
	}
	if _, err := g.Redo(); err == nil {
		t.Fatal("redo with nothing undone accepted")
	}
	// Play on until a card is drawn: undo stops there, with the reason.
	for steps := 0; ; steps++ {
		if steps > 200 {
			t.Fatal("no card drawn in 200 actions")
		}
		var a Action
		for _, x := range g.Legal() {
			a = x
			if x.Verb == VChoose && x.Choice == ChooseDraw {
				break
			}
		}
		evs, err := g.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		if hasEvent(g.ownLines(evs), "drew a") {
			break
		}
	}
	err := g.Undo()
	if err == nil || !strings.Contains(err.Error(), "cannot undo") || !strings.Contains(err.Error(), "drew a") {
		t.Fatalf("undo right after a draw = %v, want a refusal naming the draw", err)
	}
	// One more action, undone, then a new action: redo is gone.
	legal := g.Legal()
	if _, err := g.Apply(legal[0]); err != nil {
		t.Fatal(err)
	}
	if err := g.Undo(); err != nil {
		t.Fatalf("undo of an action after the draw: %v", err)
	}
	if _, err := g.Apply(legal[len(legal)-1]); err != nil {
		t.Fatal(err)
	}
	if g.CanRedo() {
		t.Fatal("a new action left the undone one to redo")
	}
}

// TestSetUpPositionIsTheHistoryBase: a position set up by hand cannot be
// undone or rebuilt before it.
func TestSetUpPositionIsTheHistoryBase(t *testing.T) {
	g := newGame(t, 2, 3)
	act(t, g, "crown arrange baratheon lannister stark tyrell greyjoy")
	set(t, g, "stark", "winterfell", units(3, 0, 0))
	if g.Base() != 1 {
		t.Fatalf("Base() = %d after a set-up at action 1", g.Base())
	}
	if _, err := g.At(0); err == nil {
		t.Fatal("At before the set-up position accepted")
	}
	at, err := g.At(1)
	if err != nil || stateJSON(t, at) != stateJSON(t, g) {
		t.Fatalf("At(1) = %v, want the set-up position", err)
	}
	if err := g.Undo(); err == nil || !strings.Contains(err.Error(), "set up by hand") {
		t.Fatalf("undo into a set-up = %v", err)
	}
}
