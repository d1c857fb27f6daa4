package app

import (
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
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

// saveData is game g's save (header and record) as the autosave writes
// it, cut to its first n actions.
func saveData(t *testing.T, g *rules.Game, n int) []byte {
	t.Helper()
	rec := rules.RecordOf(g)
	rec.Actions = rec.Actions[:n]
	data, err := gamefile.Encode(rec, gamefile.Meta{Saved: time.Unix(1e9, 0), Players: rec.Players, Actions: n})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// randomGame is a three-player standard game of seed after n random
// actions (pickAction).
func randomGame(t *testing.T, seed uint64, n int) *rules.Game {
	t.Helper()
	g := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, seed)
	rng := rand.New(rand.NewSource(int64(seed)))
	for g.Len() < n {
		if _, err := g.Apply(pickAction(g, rng)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// dirNames lists a folder's file names.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// spectatorOn is a spectator app following arg, with a hook that notes
// each newly seen position (seen, actions).
func spectatorOn(t *testing.T, arg string) (*App, *[][2]int) {
	t.Helper()
	s, err := newSpectator(arg)
	if err != nil {
		t.Fatal(err)
	}
	var calls [][2]int
	s.hooks = append(s.hooks, func(r rules.Desk, seen int) {
		if v := r.View(0); len(v.Players[0].Hand) > 0 || v.Seat != rules.Public {
			t.Error("the hook was handed a seat's view")
		}
		calls = append(calls, [2]int{seen, r.Len()})
	})
	a, err := newSpectatorApp(Options{}, s)
	if err != nil {
		t.Fatal(err)
	}
	return a, &calls
}

// shown is the number of actions of the position the spectator shows
// (-1 before the first).
func shown(a *App) int {
	if tbl(a) == nil {
		return -1
	}
	return tbl(a).Game().Len()
}

// TestSpectatorFollowsTheFile: the spectator window reads the file at
// once, picks up an atomic rewrite with more actions at its next poll
// (not before), keeps the last position (and says it waits) while the
// file is garbage, cut off or gone, follows an undo, ignores a rewrite
// that changes nothing (no redraw: the window stays idle), runs its hook
// once per new position, and writes nothing in the folder.
func TestSpectatorFollowsTheFile(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	g := randomGame(t, 9, 40)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.ntk")
	write := func(data []byte) {
		t.Helper()
		if err := store.WriteFile(path, data, 0o600, true); err != nil {
			t.Fatal(err)
		}
	}
	write(saveData(t, g, 30))
	a, calls := spectatorOn(t, path)
	if shown(a) != 30 || spec(a).status != "" {
		t.Fatalf("first read: %d actions shown, status %q", shown(a), spec(a).status)
	}
	if !slices.ContainsFunc(a.f.ws, func(w ui.Widget) bool { return strings.HasSuffix(w.Text, "is choosing…") }) {
		t.Error("the panel does not say whose turn it is")
	}
	// Nothing of a player's or a tester's: no undo, tools or hint.
	for _, w := range a.f.ws {
		switch w.T.Cmd.Kind {
		case ui.CmdUndo, ui.CmdRedo, ui.CmdTools, ui.CmdSavePosition, ui.CmdSandbox, ui.CmdTryMode, ui.CmdHint:
			t.Errorf("the spectator shows a %q button", w.Text)
		}
	}
	// The board zooms, pans and fits as at the table; a click on it
	// does nothing.
	b := tbl(a).Layout().Board
	cx, cy := b.X+b.W/2, b.Y+b.H/2
	a.handle(ui.Input{X: cx, Y: cy, Wheel: 2})
	if z := a.f.board.Camera.Zoom(); z <= 1 {
		t.Errorf("the wheel over the board left its zoom at %.2f", z)
	}
	a.handle(ui.Input{X: cx, Y: cy, Fit: true})
	if z := a.f.board.Camera.Zoom(); math.Abs(z-1) > 1e-9 {
		t.Errorf("F left the zoom at %.2f", z)
	}
	a.handle(ui.Input{X: cx, Y: cy, Click: true, Down: true})
	a.handle(ui.Input{X: cx, Y: cy})
	if shown(a) != 30 || !is[*spectateScene](a) {
		t.Error("a click on the board changed the spectator")
	}
	now := time.Now()
	tick := func(d time.Duration) bool {
		now = now.Add(d)
		ch := tick(a, now)
		if ch {
			a.rebuild()
		}
		return ch
	}
	if tick(spectatePoll) {
		t.Error("an unchanged file changed the screen")
	}

	write(saveData(t, g, 35))
	if tick(spectatePoll/4) || shown(a) != 30 {
		t.Error("the file was read before the next poll")
	}
	if !tick(spectatePoll) || shown(a) != 35 {
		t.Fatalf("after an atomic rewrite with 5 more actions: %d shown", shown(a))
	}

	for _, bad := range []struct {
		name string
		data []byte
	}{
		{"garbage", []byte("\x00\x01 not a record at all\n")},
		{"cut off", saveData(t, g, 36)[:len(saveData(t, g, 36))-9]},
		{"empty", nil},
	} {
		if err := os.WriteFile(path, bad.data, 0o600); err != nil { // not atomically: as a careless writer would
			t.Fatal(err)
		}
		tick(spectatePoll)
		if shown(a) != 35 || spec(a).status != waiting {
			t.Errorf("%s file: %d actions shown, status %q; want the last position (35) and %q", bad.name, shown(a), spec(a).status, waiting)
		}
		if !slices.ContainsFunc(a.f.ws, func(w ui.Widget) bool { return w.Text == waiting }) {
			t.Errorf("%s file: no %q line on the screen", bad.name, waiting)
		}
		if tick(spectatePoll) {
			t.Errorf("%s file: read again and redrawn before the retry", bad.name)
		}
	}
	os.Remove(path)
	tick(spectatePoll)
	if shown(a) != 35 || spec(a).status != waiting {
		t.Errorf("file gone: %d shown, status %q", shown(a), spec(a).status)
	}

	write(saveData(t, g, 38))
	if !tick(spectatePoll) || shown(a) != 38 || spec(a).status != "" {
		t.Fatalf("the whole file again: %d shown, status %q", shown(a), spec(a).status)
	}
	write(saveData(t, g, 33)) // undone
	if !tick(spectatePoll) || shown(a) != 33 {
		t.Fatalf("after an undo: %d shown", shown(a))
	}
	write(saveData(t, g, 33)) // rewritten, same game
	if tick(spectatePoll) || shown(a) != 33 {
		t.Error("a rewrite with the same actions changed the screen")
	}
	want := [][2]int{{-1, 30}, {30, 35}, {35, 38}, {38, 33}}
	if !slices.Equal(*calls, want) {
		t.Errorf("hook calls (seen, actions) = %v, want %v", *calls, want)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"game.ntk"}) {
		t.Errorf("the folder holds %v: the spectator wrote something", names)
	}
}

// TestSpectatorFollowsTheLatestSave: -spectate latest follows the newest
// save of the saves folder, moves to a newer game when one is saved (its
// hook call says a new game: seen -1), and neither creates the folder nor
// writes in it.
func TestSpectatorFollowsTheLatestSave(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv(store.ConfigEnv, cfg)
	saves := filepath.Join(cfg, "saves")
	a, calls := spectatorOn(t, SpectateLatest)
	if _, err := os.Stat(saves); !os.IsNotExist(err) {
		t.Fatalf("the spectator created the saves folder: %v", err)
	}
	if tbl(a) != nil || spec(a).status != waiting || !slices.ContainsFunc(a.f.ws, func(w ui.Widget) bool { return strings.Contains(w.Text, waiting) }) {
		t.Fatalf("no save yet: the window should wait (status %q)", spec(a).status)
	}
	d, err := store.OpenDir(saves)
	if err != nil {
		t.Fatal(err)
	}
	old := rulesGame(t, "standard", []string{"Ann", "Ben"}, 1)
	tabletest.PlaySome(t, old, old, 12)
	if err := d.Save("20261123-100000-aaaaaa", saveData(t, old, 12)); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if !tick(a, now.Add(spectatePoll)) || shown(a) != 12 {
		t.Fatalf("the first save: %d shown", shown(a))
	}
	a.rebuild()
	if !slices.ContainsFunc(a.f.ws, func(w ui.Widget) bool { return strings.Contains(w.Text, "Ann, Ben") }) {
		t.Error("the panel does not name the players of the game followed")
	}
	// A newer game starts: three players.
	time.Sleep(20 * time.Millisecond) // a later modification time
	nw := rulesGame(t, "standard", []string{"Cy", "Di", "Ed"}, 2)
	tabletest.PlaySome(t, nw, nw, 5)
	if err := d.Save("20261123-110000-bbbbbb", saveData(t, nw, 5)); err != nil {
		t.Fatal(err)
	}
	if !tick(a, now.Add(2*spectatePoll)) || shown(a) != 5 || len(tbl(a).Seats()) != 3 {
		t.Fatalf("the newer game: %d shown", shown(a))
	}
	want := [][2]int{{-1, 12}, {-1, 5}}
	if !slices.Equal(*calls, want) {
		t.Errorf("hook calls = %v, want %v", *calls, want)
	}
	if names := dirNames(t, saves); len(names) != 2 {
		t.Errorf("the saves folder holds %v", names)
	}
}

// TestSpectatorFollowsARecord: a -record file (a plain record, no save
// header) is followed as a save is.
func TestSpectatorFollowsARecord(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	g := rulesGame(t, "nine", []string{"Ann", "Ben", "Cy", "Di", "Ed"}, 3)
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
	a, calls := spectatorOn(t, path)
	if shown(a) != 25 || len(tbl(a).Seats()) != 5 || len(*calls) != 1 {
		t.Fatalf("a record of 25 actions: %d shown, %d seats, hook calls %v", shown(a), len(tbl(a).Seats()), *calls)
	}
}

// TestSpectatorWritesTheOverlay: with -overlay the spectator rewrites the
// overlay file (and its text sibling) from each newly seen position, and
// what it writes is the overlay of that position.
func TestSpectatorWritesTheOverlay(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	g := randomGame(t, 4, 30)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.ntk")
	ov := filepath.Join(dir, "overlay.json")
	if err := store.WriteFile(path, saveData(t, g, 20), 0o600, true); err != nil {
		t.Fatal(err)
	}
	s, err := newSpectator(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := newSpectatorApp(Options{Overlay: ov}, s)
	if err != nil {
		t.Fatal(err)
	}
	want := func(n int) string {
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
	if got, _ := os.ReadFile(ov); string(got) != want(20) {
		t.Fatalf("the overlay after the first read:\n%s\nwant\n%s", got, want(20))
	}
	if _, err := os.Stat(session.OverlayTextPath(ov)); err != nil {
		t.Errorf("no text sibling: %v", err)
	}
	if err := store.WriteFile(path, saveData(t, g, 27), 0o600, true); err != nil {
		t.Fatal(err)
	}
	tick(a, time.Now().Add(2*spectatePoll))
	if got, _ := os.ReadFile(ov); string(got) != want(27) || spec(a).overlayErr != nil {
		t.Errorf("the overlay after 7 more actions (error %v):\n%s\nwant\n%s", spec(a).overlayErr, got, want(27))
	}
}
