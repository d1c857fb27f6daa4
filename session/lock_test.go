package session

import (
	"bytes"
	"errors"
	"testing"

	"notrueking/store"
)

// A game is played in one window at a time: while a session holds its
// save, Resume elsewhere is refused with store.ErrInUse and reads and
// writes nothing; once the first window leaves (Close), it writes nothing
// more and the game continues elsewhere.
func TestResumeOfAGameOpenElsewhereIsRefused(t *testing.T) {
	d, err := store.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s, src := example(t, d, "g", 6)
	before, err := d.Load("g")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Resume(d, "g", loadMap); !errors.Is(err, store.ErrInUse) {
		t.Fatalf("Resume of a save open in a window: %v, want ErrInUse", err)
	}
	if after, _ := d.Load("g"); !bytes.Equal(after, before) {
		t.Fatal("the refused Resume changed the save")
	}
	s.Close()
	if err := s.Save(); err == nil {
		t.Fatal("a closed session wrote its save")
	}
	if _, err := s.Apply(parse(t, s.Game(), src.Actions[6])); err != nil {
		t.Fatal(err)
	}
	if after, _ := d.Load("g"); !bytes.Equal(after, before) {
		t.Fatal("a closed session appended to the save")
	}
	r, err := Resume(d, "g", loadMap)
	if err != nil {
		t.Fatalf("after the first window left: %v", err)
	}
	defer r.Close()
	if r.Game().Len() != 6 {
		t.Fatalf("continued at %d actions, want 6", r.Game().Len())
	}
	if _, err := New(d, "h", r.Game(), "standard", false).st.Lock("h"); !errors.Is(err, store.ErrInUse) {
		t.Fatal("a new game's save is not held by its session")
	}
}
