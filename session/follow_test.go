package session

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/internal/tabletest"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/store"
)

// playedGame is a standard game of names (seed) after n actions.
func playedGame(t *testing.T, names []string, seed uint64, n int) *rules.Game {
	t.Helper()
	g, err := tabletest.RulesGame("standard", names, seed)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, n)
	return g
}

// saveOf is game g's save (header and record) as the autosave writes it,
// cut to its first n actions: its second seat a random bot's.
func saveOf(t *testing.T, g *rules.Game, n int) []byte {
	t.Helper()
	rec := rules.RecordOf(g)
	rec.Actions = rec.Actions[:n]
	seats := make([]string, len(rec.Players))
	for i := range seats {
		seats[i] = map[bool]string{true: "random", false: "human"}[i == 1]
	}
	data, err := gamefile.Encode(rec, gamefile.Meta{Saved: time.Unix(1e9, 0), Players: rec.Players, Actions: n, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// kinds are the follower's changes after seq, by kind: "action" for
// each, "undo" for each, "resync".
func kinds(f *Follower, seq uint64) []string {
	chs, ok := f.Since(seq)
	if !ok {
		return []string{"lost"}
	}
	var out []string
	for _, c := range chs {
		out = append(out, c.Kind.String())
	}
	return out
}

// TestFollowerFollowsTheFile: the follower reads the file at once (a
// Resync: the first position), picks up an atomic rewrite with more
// actions at its next poll (not before) as one change an action, keeps
// the last position (and says it waits) while the file is garbage, cut
// off or gone, follows an undo as the actions taken back, ignores a
// rewrite that changes nothing, and writes nothing in the folder.
func TestFollowerFollowsTheFile(t *testing.T) {
	g := playedGame(t, []string{"Ann", "Ben", "Cy"}, 9, 40)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.ntk")
	write := func(data []byte) {
		t.Helper()
		if err := store.WriteFile(path, data, 0o600, true); err != nil {
			t.Fatal(err)
		}
	}
	write(saveOf(t, g, 30))
	f, err := Follow(path, gamefile.Loader)
	if err != nil {
		t.Fatal(err)
	}
	if d, _, _ := f.Desk(); d != nil {
		t.Fatal("a position before the first poll")
	}
	now := time.Now()
	if !f.Poll(now) || !slices.Equal(kinds(f, 0), []string{"resync"}) {
		t.Fatalf("the first read: %v", kinds(f, 0))
	}
	d, seed, bots := f.Desk()
	if d.Len() != 30 || seed != 9 || !slices.Equal(bots, []string{"", "random", ""}) {
		t.Fatalf("the first read: %d actions, seed %d, bots %q", d.Len(), seed, bots)
	}
	for s := range rules.Seat(3) {
		if d.Holds(s) {
			t.Fatalf("the follower's desk holds seat %d", s)
		}
	}
	seq := f.Seq()
	step := func(dt time.Duration) bool {
		now = now.Add(dt)
		return f.Poll(now)
	}
	if step(PollEvery) || f.Seq() != seq {
		t.Error("an unchanged file changed something")
	}
	write(saveOf(t, g, 35))
	if step(PollEvery/4) || d.Len() != 30 {
		t.Error("the file was read before the next poll")
	}
	if !step(PollEvery) || d.Len() != 35 || !slices.Equal(kinds(f, seq), []string{"action", "action", "action", "action", "action"}) {
		t.Fatalf("after an atomic rewrite with 5 more actions: %d actions, changes %v", d.Len(), kinds(f, seq))
	}
	chs, _ := f.Since(seq)
	if want := g.Actions()[30]; chs[0].Seat != want.Seat || len(chs[0].Events) == 0 || chs[0].Len != 31 {
		t.Fatalf("the first new action's change: %+v, want seat %d's with its events", chs[0], want.Seat)
	}
	seq = f.Seq()
	for _, bad := range []struct {
		name string
		data []byte
	}{
		{"garbage", []byte("\x00\x01 not a record at all\n")},
		{"cut off", saveOf(t, g, 36)[:len(saveOf(t, g, 36))-9]},
		{"empty", nil},
	} {
		if err := os.WriteFile(path, bad.data, 0o600); err != nil { // not atomically: as a careless writer would
			t.Fatal(err)
		}
		step(PollEvery)
		if st, _ := f.Status(); d.Len() != 35 || st != Waiting || f.Seq() != seq {
			t.Errorf("%s file: %d actions, status %q; want the last position (35) and %q", bad.name, d.Len(), st, Waiting)
		}
		if step(PollEvery) {
			t.Errorf("%s file: read again before the retry", bad.name)
		}
	}
	os.Remove(path)
	step(PollEvery)
	if st, why := f.Status(); d.Len() != 35 || st != Waiting || !strings.Contains(why, "game.ntk") {
		t.Errorf("file gone: %d actions, status %q (%q)", d.Len(), st, why)
	}
	write(saveOf(t, g, 38))
	if !step(PollEvery) || d.Len() != 38 {
		t.Fatalf("the whole file again: %d actions", d.Len())
	}
	if st, _ := f.Status(); st != "" {
		t.Fatalf("following again, the status says %q", st)
	}
	seq = f.Seq()
	write(saveOf(t, g, 33)) // undone
	if !step(PollEvery) || d.Len() != 33 || !slices.Equal(kinds(f, seq), []string{"undo", "undo", "undo", "undo", "undo"}) {
		t.Fatalf("after an undo: %d actions, changes %v", d.Len(), kinds(f, seq))
	}
	seq = f.Seq()
	write(saveOf(t, g, 33)) // rewritten, same game
	if step(PollEvery) || f.Seq() != seq {
		t.Error("a rewrite with the same actions changed something")
	}
	// Another game in the file: read anew, on a desk of its own.
	write(saveOf(t, playedGame(t, []string{"Di", "Ed"}, 2, 8), 8))
	if !step(PollEvery) || !slices.Equal(kinds(f, seq), []string{"resync"}) {
		t.Fatalf("another game: changes %v", kinds(f, seq))
	}
	if nd, _, _ := f.Desk(); nd.Len() != 8 || len(nd.Seats()) != 2 {
		t.Fatalf("another game: %d actions of %d seats", nd.Len(), len(nd.Seats()))
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("the folder holds %d files: the follower wrote something", len(es))
	}
}

// TestFollowerFollowsTheNewestSave: FollowNewest follows the newest save
// of the saves folder and moves to a newer game when one is saved (a
// Resync); it neither creates the folder nor writes in it.
func TestFollowerFollowsTheNewestSave(t *testing.T) {
	saves := filepath.Join(t.TempDir(), "saves")
	f := FollowNewest(saves, gamefile.Loader)
	now := time.Now()
	f.Poll(now)
	if _, err := os.Stat(saves); !os.IsNotExist(err) {
		t.Fatalf("the follower created the saves folder: %v", err)
	}
	if st, why := f.Status(); st != Waiting || !strings.Contains(why, "No saved game") || f.Folder() != saves {
		t.Fatalf("no save yet: status %q (%q), folder %q", st, why, f.Folder())
	}
	d, err := store.OpenDir(saves)
	if err != nil {
		t.Fatal(err)
	}
	old := playedGame(t, []string{"Ann", "Ben"}, 1, 12)
	if err := d.Save("20261123-100000-aaaaaa", saveOf(t, old, 12)); err != nil {
		t.Fatal(err)
	}
	if !f.Poll(now.Add(PollEvery)) || f.Path() != d.File("20261123-100000-aaaaaa") {
		t.Fatalf("the first save is not followed: %q", f.Path())
	}
	time.Sleep(20 * time.Millisecond) // a later modification time
	nw := playedGame(t, []string{"Cy", "Di", "Ed"}, 2, 5)
	if err := d.Save("20261123-110000-bbbbbb", saveOf(t, nw, 5)); err != nil {
		t.Fatal(err)
	}
	seq := f.Seq()
	if !f.Poll(now.Add(2*PollEvery)) || !slices.Equal(kinds(f, seq), []string{"resync"}) {
		t.Fatalf("the newer game: changes %v", kinds(f, seq))
	}
	if nd, _, _ := f.Desk(); nd.Len() != 5 || len(nd.Seats()) != 3 {
		t.Fatalf("the newer game: %d actions of %d seats", nd.Len(), len(nd.Seats()))
	}
	if es, _ := os.ReadDir(saves); len(es) != 2 {
		t.Errorf("the saves folder holds %d files", len(es))
	}
}

// TestFollowerFollowsARecord: a -record file (a plain record, no save
// header) is followed as a save is.
func TestFollowerFollowsARecord(t *testing.T) {
	g, err := tabletest.RulesGame("nine", []string{"Ann", "Ben", "Cy", "Di", "Ed"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, 25)
	path := filepath.Join(t.TempDir(), "game.ntk")
	var b strings.Builder
	rec := rules.RecordOf(g)
	rec.Map, rec.MapSHA256 = records.MapIdentity(g.Map()) // the version of the nine-house map played
	if err := rec.Write(&b); err != nil {
		t.Fatal(err)
	}
	if err := store.WriteFile(path, []byte(b.String()), 0o600, false); err != nil {
		t.Fatal(err)
	}
	f, err := Follow(path, gamefile.Loader)
	if err != nil {
		t.Fatal(err)
	}
	f.Poll(time.Now())
	if d, _, _ := f.Desk(); d == nil || d.Len() != 25 || len(d.Seats()) != 5 {
		t.Fatalf("a record of 25 actions: %v", d)
	}
	var told []feed.Kind
	stop := f.Listen(func(c feed.Change) { told = append(told, c.Kind) })
	defer stop()
	if !slices.Equal(kinds(f, 0), []string{"resync"}) || len(told) != 0 {
		t.Fatalf("changes %v, told %v", kinds(f, 0), told)
	}
}
