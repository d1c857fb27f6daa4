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
	defer func(n int) { checkpointEvery = n }(checkpointEvery)
	checkpointEvery = 16 // many checkpoints in one game
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
			if same, diff := sameState(at, fresh); !same {
				t.Fatalf("seed %d: At(%d) differs from replaying %d actions: %s", seed, n, n, diff)
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
	if !g.FromPosition() {
		t.Error("a game set up by hand does not say it starts from a position")
	}
	if fresh := newGame(t, 2, 3); fresh.FromPosition() {
		t.Error("a new game says it starts from a position")
	}
	if _, err := g.At(0); err == nil {
		t.Fatal("At before the set-up position accepted")
	}
	at, err := g.At(1)
	if same, _ := sameState(at, g); err != nil || !same {
		t.Fatalf("At(1) = %v, want the set-up position", err)
	}
	if err := g.Undo(); err == nil || !strings.Contains(err.Error(), "set up by hand") {
		t.Fatalf("undo into a set-up = %v", err)
	}
}

// TestTornLastLineAtEveryCut: a record cut off at any byte of any of its
// last 40 action lines (-short: 10) (a crash while writing) replays every complete line
// and warns: it never fails, never applies a cut line silently, and the
// game reached is the replay of the complete lines (plus the cut line when
// it still reads as a legal action, which the warning says).
func TestTornLastLineAtEveryCut(t *testing.T) {
	t.Parallel()
	m := mustMap(t)
	seeds, last := []uint64{7, 8}, 40
	if testing.Short() {
		seeds, last = seeds[:1], 10 // one game's last ten lines
	}
	for _, seed := range seeds {
		g := playRandomGame(t, 4, seed, false)
		text := RecordOf(g).String()
		lines := strings.SplitAfter(text, "\n")
		header := len(lines) - 1 - g.Len() // lines before the first action
		cuts := 0
		for k := len(lines) - 2; k >= len(lines)-1-last; k-- {
			line := strings.TrimSuffix(lines[k], "\n")
			whole := k - header // complete action lines before line k
			for i := 1; i < len(line); i++ {
				src := strings.Join(lines[:k], "") + line[:i]
				rec, err := ParseRecord(strings.NewReader(src))
				if err != nil {
					t.Fatalf("seed %d, line %d cut to %q: %v", seed, k+1, line[:i], err)
				}
				got, _, warning, err := ReplayRecord(m, rec)
				if err != nil {
					t.Fatalf("seed %d, line %d cut to %q: replay fails: %v", seed, k+1, line[:i], err)
				}
				if warning == "" || !strings.Contains(warning, "no line end") {
					t.Fatalf("seed %d, line %d cut to %q: warning %q", seed, k+1, line[:i], warning)
				}
				if n := got.Len(); n != whole && n != whole+1 {
					t.Fatalf("seed %d, line %d cut to %q: %d actions applied, want %d (or %d with the cut line)", seed, k+1, line[:i], n, whole, whole+1)
				}
				want, err := g.At(got.Len())
				if got.Len() == whole {
					if err != nil {
						t.Fatalf("seed %d: At(%d): %v", seed, whole, err)
					}
					if same, diff := sameState(want, got); !same {
						t.Fatalf("seed %d, line %d cut to %q: the position is not that of the complete lines: %s", seed, k+1, line[:i], diff)
					}
				}
				cuts++
			}
		}
		if cuts < 12*last { // some 25 bytes a line
			t.Fatalf("seed %d: only %d cuts tried", seed, cuts)
		}
	}
}

// TestViewOfNoSeatIsPublic: a view for a number that is no seat (an
// onlooker, a bug) reads the public log, never the opened log of the end.
func TestViewOfNoSeatIsPublic(t *testing.T) {
	g := newGame(t, 3, 4)
	act(t, g, "crown arrange stark lannister greyjoy tyrell baratheon")
	want := g.View(Public).Log
	for _, seat := range []int{allSeats, -7, 3, 99} {
		got := g.View(Seat(seat)).Log
		if len(got) != len(want) {
			t.Fatalf("View(%d) shows %d log lines, the public view %d", seat, len(got), len(want))
		}
		for _, l := range got {
			if l.Seat != Public {
				t.Fatalf("View(%d) shows a private line: %q", seat, l.Text)
			}
		}
	}
}

// TestHistoryKeepsCanonicalActions: an action applied with leftovers in
// fields its verb does not use is kept as Legal lists it.
func TestHistoryKeepsCanonicalActions(t *testing.T) {
	g := newGame(t, 2, 5)
	a := g.Legal()[0]
	a.Card, a.Target, a.From, a.Units[0] = 17, 1, 9, 3 // unused by arrange
	if _, err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
	b := g.Legal()[0]
	b.Card, b.A = 4, 2 // unused by the next action
	want := b.Canonical()
	if _, err := g.Apply(b); err != nil {
		t.Fatal(err)
	}
	hist := g.Actions()
	if hist[0] != a.Canonical() || hist[1] != want {
		t.Fatalf("history %+v, want the canonical actions", hist)
	}
	for i, h := range hist {
		back, err := g.ParseAction(g.FormatAction(h))
		if err != nil || back != h {
			t.Fatalf("action %d %+v reads back as %+v (%v)", i, h, back, err)
		}
	}
}

// TestCloneLogsStayApart: a clone starts from its parent's worded logs,
// and after each goes its own way, each reads exactly its own history.
func TestCloneLogsStayApart(t *testing.T) {
	full := playRandomGame(t, 3, 11, false)
	// A position of the placement phase: two different placements word
	// one line each, so the two logs stay the same length.
	var g *Game
	for n := 20; n < full.Len(); n++ {
		if at, err := full.At(n); err == nil && at.st.Phase == PhasePlace && len(at.Legal()) >= 2 {
			g = at
			break
		}
	}
	if g == nil {
		t.Fatal("no placement position")
	}
	for seat := Public; seat < 3; seat++ {
		_ = g.View(seat) // word and cache every viewer's log
	}
	c := g.Clone()
	legal := g.Legal()
	if len(legal) < 2 {
		t.Fatal("want two different actions to diverge on")
	}
	if _, err := g.Apply(legal[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(legal[len(legal)-1]); err != nil {
		t.Fatal(err)
	}
	for _, x := range []*Game{g, c} {
		fresh, err := x.At(x.Len())
		if err != nil {
			t.Fatal(err)
		}
		for seat := Public; seat < 3; seat++ {
			got, want := x.View(seat).Log, fresh.View(seat).Log
			if len(got) != len(want) {
				t.Fatalf("seat %d reads %d log lines, a replay %d", seat, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("seat %d, line %d: %q, a replay %q", seat, i, got[i].Text, want[i].Text)
				}
			}
		}
	}
}
