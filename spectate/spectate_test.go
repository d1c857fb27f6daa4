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

// saveOf is game g's save as the autosave writes it, cut to its first n
// actions.
func saveOf(t *testing.T, g *rules.Game, n int) []byte {
	t.Helper()
	rec := rules.RecordOf(g)
	rec.Actions = rec.Actions[:n]
	rec.Map, rec.MapSHA256 = records.MapIdentity(g.Map()) // the version of the map played
	data, err := gamefile.Encode(rec, gamefile.Meta{Saved: time.Unix(1e9, 0), Players: rec.Players, Actions: n})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// overlayAt is the overlay of game g after n actions.
func overlayAt(t *testing.T, g *rules.Game, n int) string {
	t.Helper()
	at, err := g.At(n)
	if err != nil {
		t.Fatal(err)
	}
	js, _, err := session.OverlayFiles(rules.DeskOf(at))
	if err != nil {
		t.Fatal(err)
	}
	return string(js)
}

// TestSpectatorFollowsAndWritesTheOverlay: a spectator of a save file
// waits on its card until the file is there, then shows its position on
// a table that answers for no seat; as the file grows, shrinks or turns
// into another game, the same table follows it (a change at a time: the
// log says what happened) or reads it anew; and with -overlay it rewrites
// the overlay file (and its text sibling) from each newly seen position.
func TestSpectatorFollowsAndWritesTheOverlay(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, 30)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.ntk")
	ov := filepath.Join(dir, "overlay.json")
	s, err := Open(path, gamefile.Loader)
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
	if s.Game() != nil || !ui.HasText(s.Widgets(), "Spectator — "+session.Waiting) || !ui.HasText(s.Widgets(), "Following "+path) {
		t.Fatal("no file yet: the spectator shows no waiting card")
	}
	write := func(data []byte) {
		t.Helper()
		if err := store.WriteFile(path, data, 0o600, true); err != nil {
			t.Fatal(err)
		}
	}
	write(saveOf(t, g, 20))
	if !poll() || s.Game() == nil {
		t.Fatal("the first position is not up")
	}
	u := s.Game().Table()
	for seat := range rules.Seat(3) {
		if u.Game().Holds(seat) || u.Shown() != rules.Public {
			t.Fatalf("the spectator's table answers for seat %d (or shows %d)", seat, u.Shown())
		}
	}
	if got, _ := os.ReadFile(ov); string(got) != overlayAt(t, g, 20) {
		t.Fatalf("the overlay after the first read:\n%s\nwant\n%s", got, overlayAt(t, g, 20))
	}
	if _, err := os.Stat(session.OverlayTextPath(ov)); err != nil {
		t.Errorf("no text sibling: %v", err)
	}
	write(saveOf(t, g, 27))
	if !poll() || u.Game().Len() != 27 || s.Game().Table() != u {
		t.Fatalf("7 more actions: %d shown (the same table %v)", u.Game().Len(), s.Game().Table() == u)
	}
	if got, _ := os.ReadFile(ov); string(got) != overlayAt(t, g, 27) || s.OverlayErr() != nil {
		t.Errorf("the overlay after 7 more actions (error %v)", s.OverlayErr())
	}
	write(saveOf(t, g, 25))
	if !poll() || u.Game().Len() != 25 || !strings.Contains(u.State().Message, "took back a decision") {
		t.Fatalf("two actions taken back: %d shown, message %q", u.Game().Len(), u.State().Message)
	}
	other, err := tabletest.RulesGame("nine", []string{"Di", "Ed", "Flo", "Gus", "Hal"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, other, other, 6)
	write(saveOf(t, other, 6))
	if !poll() || s.Game().Table() == u || s.Game().Table().Game().Len() != 6 || len(s.Game().Table().Seats()) != 5 {
		t.Fatal("another game, on another map, is not read anew on a table of its own")
	}
	if got, _ := os.ReadFile(ov); string(got) != overlayAt(t, other, 6) {
		t.Errorf("the overlay is not the other game's:\n%s\nwant\n%s", got, overlayAt(t, other, 6))
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
