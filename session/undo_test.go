package session

import (
	"bytes"
	"strings"
	"testing"

	"notrueking/gamefile"
	"notrueking/rules"
)

// TestUndoSavesTheShorterGame: after an undo the save holds exactly the
// record of the game with one action fewer (as a fresh replay of those
// actions writes it), a game resumed from it stands there, and a redo
// saves the longer game again.
func TestUndoSavesTheShorterGame(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 8)
	if err := s.CanUndo(); err != nil {
		t.Fatalf("CanUndo after two arrangements and six placements: %v", err)
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	short, _ := example(t, newMem(), "h", 7)
	rec, m, _, err := gamefile.Decode(st.data["g"])
	if err != nil {
		t.Fatal(err)
	}
	if rec.String() != short.Record().String() || m.Actions != 7 || s.Saved() != 7 {
		t.Fatalf("after undo the save holds %d actions (header %d, Saved %d), not the record of the first 7:\n%s\nwant\n%s",
			len(rec.Actions), m.Actions, s.Saved(), rec.String(), short.Record().String())
	}
	// The save as it stands, continued elsewhere (this window plays on).
	elsewhere := newMem()
	elsewhere.data["g"] = bytes.Clone(st.data["g"])
	r, err := Resume(elsewhere, "g", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game().Len() != 7 || stateOf(t, r.Game()) != stateOf(t, s.Game()) {
		t.Fatalf("the game resumed after an undo is not the undone game (%d actions)", r.Game().Len())
	}
	if !s.CanRedo() {
		t.Fatal("nothing to redo after an undo")
	}
	if _, err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	long, _ := example(t, newMem(), "i", 8)
	if rec, _, _, _ := gamefile.Decode(st.data["g"]); rec.String() != long.Record().String() || s.Saved() != 8 {
		t.Fatalf("after redo the save holds %d actions, not the record of the first 8", len(rec.Actions))
	}
	if rec := s.Record(); len(rec.Actions) != 8 || rec.Actions[7] != src.Actions[7] {
		t.Fatalf("redo did not bring back action 8 %q: %v", src.Actions[7], rec.Actions)
	}
}

// TestRefusedUndoWritesNothing: an undo the engine refuses (nothing to
// undo, or a card drawn since) returns the engine's reason, changes
// nothing and writes nothing; so does a redo with nothing undone.
func TestRefusedUndoWritesNothing(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 0)
	s.Save()
	if err := s.Undo(); err == nil || !strings.Contains(err.Error(), "nothing to undo") {
		t.Fatalf("undo at the start = %v", err)
	}
	// Play the example on until undo is refused: hidden information has
	// reached a player.
	refused := -1
	for i, line := range src.Actions {
		if _, err := s.Apply(parse(t, s.Game(), line)); err != nil {
			t.Fatal(err)
		}
		if s.CanUndo() != nil {
			refused = i + 1
			break
		}
	}
	if refused < 0 {
		t.Fatal("undo was never refused in the example game")
	}
	before, saves, state := string(st.data["g"]), st.saves, stateOf(t, s.Game())
	err := s.Undo()
	if err == nil || !strings.Contains(err.Error(), "cannot undo") || err.Error() != s.CanUndo().Error() {
		t.Fatalf("undo after action %d = %v, want the engine's refusal %v", refused, err, s.CanUndo())
	}
	if st.saves != saves || string(st.data["g"]) != before || stateOf(t, s.Game()) != state || s.Game().Len() != refused {
		t.Fatal("a refused undo changed the game or wrote the save")
	}
	if _, err := s.Redo(); err == nil || st.saves != saves {
		t.Fatalf("redo with nothing undone = %v (%d writes)", err, st.saves-saves)
	}
}

// stateOf is the public and every seat's view of g, as text.
func stateOf(t *testing.T, g *rules.Game) string {
	t.Helper()
	var b strings.Builder
	for seat := rules.Public; int(seat) < len(g.Seats()); seat++ {
		v := g.View(seat)
		b.WriteString(strings.Join([]string{string(v.Phase), v.Prompt}, "|"))
		for _, l := range v.Log {
			b.WriteString(l.Text)
		}
		for _, p := range v.Players {
			for _, c := range p.Hand {
				b.WriteString(g.Map().CardName(c))
			}
		}
	}
	return b.String()
}
