package spectate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/internal/tabletest"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/store"
	"notrueking/ui"
)

// overlayOf is the overlay of game g as it stands.
func overlayOf(t *testing.T, g *rules.Game) string {
	t.Helper()
	js, _, err := session.OverlayFiles(rules.DeskOf(g))
	if err != nil {
		t.Fatal(err)
	}
	return string(js)
}

// TestSpectatorFollowsAndWritesTheOverlay: a spectator of a game's
// autosave waits on its card until the save is there, then shows its
// position on a table that answers for no seat; as the game goes on, is
// taken back or gives way to another game in the same save, the same
// table follows it (a change at a time: the log says what happened) or a
// table of its own reads the other anew; and with -overlay the spectator
// rewrites the overlay file (and its text sibling) from each newly seen
// position.
func TestSpectatorFollowsAndWritesTheOverlay(t *testing.T) {
	st, err := store.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ov := filepath.Join(t.TempDir(), "overlay.json")
	s, err := Open(st.File("g"), gamefile.Loader)
	if err != nil {
		t.Fatal(err)
	}
	s.WritesOverlay(ov)
	now := time.Now()
	poll := func() bool {
		now = now.Add(session.PollEvery)
		return s.Poll(now)
	}
	poll()
	if s.Game() != nil || !ui.HasText(s.Widgets(), "Spectator — "+session.Waiting) || !ui.HasText(s.Widgets(), "Following "+st.File("g")) {
		t.Fatal("no save yet: the spectator shows no waiting card")
	}
	// A game autosaved as it is played (the save the spectator follows).
	play := func(g *rules.Game, n int) *session.Session {
		t.Helper()
		name, sum := records.MapIdentity(g.Map()) // the version of the map played
		sv := session.New(st, "g", g, name, false)
		sv.MapSum = sum
		for range n {
			if _, err := sv.Apply(g.Legal()[0]); err != nil {
				t.Fatal(err)
			}
		}
		return sv
	}
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	sv := play(g, 20)
	if !poll() || s.Game() == nil {
		t.Fatal("the first position is not up")
	}
	u := s.Game().Table()
	for seat := range rules.Seat(3) {
		if u.Game().Holds(seat) || u.Shown() != rules.Public {
			t.Fatalf("the spectator's table answers for seat %d (or shows %d)", seat, u.Shown())
		}
	}
	if got, _ := os.ReadFile(ov); string(got) != overlayOf(t, g) {
		t.Fatalf("the overlay after the first read:\n%s\nwant\n%s", got, overlayOf(t, g))
	}
	if _, err := os.Stat(session.OverlayTextPath(ov)); err != nil {
		t.Errorf("no text sibling: %v", err)
	}
	for range 7 {
		if _, err := sv.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if !poll() || u.Game().Len() != 27 || s.Game().Table() != u {
		t.Fatalf("7 more actions: %d shown (the same table %v)", u.Game().Len(), s.Game().Table() == u)
	}
	if got, _ := os.ReadFile(ov); string(got) != overlayOf(t, g) || s.OverlayErr() != nil {
		t.Errorf("the overlay after 7 more actions (error %v)", s.OverlayErr())
	}
	if err := sv.Undo(); err != nil {
		t.Fatal(err)
	}
	if !poll() || u.Game().Len() != 26 || !strings.Contains(u.State().Message, "took back a decision") {
		t.Fatalf("an action taken back: %d shown, message %q", u.Game().Len(), u.State().Message)
	}
	sv.Close()
	other, err := tabletest.RulesGame("nine", []string{"Di", "Ed", "Flo", "Gus", "Hal"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	play(other, 6).Close()
	if !poll() || s.Game().Table() == u || s.Game().Table().Game().Len() != 6 || len(s.Game().Table().Seats()) != 5 {
		t.Fatal("another game, on another map, is not read anew on a table of its own")
	}
	if got, _ := os.ReadFile(ov); string(got) != overlayOf(t, other) {
		t.Errorf("the overlay is not the other game's:\n%s\nwant\n%s", got, overlayOf(t, other))
	}
}

// TestSpectatorRefusesWhatNoGameCanBe: a folder is refused at once.
func TestSpectatorRefusesWhatNoGameCanBe(t *testing.T) {
	if _, err := Open(t.TempDir(), gamefile.Loader); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Fatalf("a folder: %v", err)
	}
	if IsLink("http://127.0.0.1:7373/?room=ABCD") || !IsLink("http://127.0.0.1:7373/?watch=ABCD") {
		t.Error("a join link and a spectator link are not told apart")
	}
}
