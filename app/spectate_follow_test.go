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
	"notrueking/rules"
	"notrueking/session"
	"notrueking/spectate"
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

// shown is the number of actions of the position the spectator shows
// (-1 before the first).
func shown(a *App) int {
	if tbl(a) == nil {
		return -1
	}
	return tbl(a).Game().Len()
}

// spectatorOn is a spectator app following arg.
func spectatorOn(t *testing.T, arg string) *App {
	t.Helper()
	s, err := spectate.Open(arg, mapLoader)
	if err != nil {
		t.Fatal(err)
	}
	a, err := newSpectatorApp(Options{}, s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestSpectatorFollowsTheFile: the spectator window shows the file's
// position at once (whose turn it is, no button of a player's or a
// tester's; the board zooms and fits, a click on it does nothing), the
// next position at its next poll, and says it waits on the screen while
// the file cannot be read, the last position in view (package session's
// Follower reads the file).
func TestSpectatorFollowsTheFile(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	g := randomGame(t, 9, 40)
	path := filepath.Join(t.TempDir(), "game.ntk")
	write := func(data []byte) {
		t.Helper()
		if err := store.WriteFile(path, data, 0o600, true); err != nil {
			t.Fatal(err)
		}
	}
	write(saveData(t, g, 30))
	a := spectatorOn(t, path)
	if shown(a) != 30 || status(a) != "" {
		t.Fatalf("first read: %d actions shown, status %q", shown(a), status(a))
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
	now := time.Now().Add(session.PollEvery)
	if tick(a, now) {
		t.Error("an unchanged file changed the screen")
	}
	write(saveData(t, g, 35))
	if now = now.Add(session.PollEvery); !tick(a, now) || shown(a) != 35 {
		t.Fatalf("after an atomic rewrite with 5 more actions: %d shown", shown(a))
	}
	if err := os.WriteFile(path, []byte("not a record\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tick(a, now.Add(session.PollEvery))
	if shown(a) != 35 || status(a) != session.Waiting || !slices.ContainsFunc(a.f.ws, func(w ui.Widget) bool { return w.Text == session.Waiting }) {
		t.Errorf("a garbage file: %d actions shown, status %q; want the last position (35) and %q on the screen", shown(a), status(a), session.Waiting)
	}
}

// TestSpectatorFollowsTheLatestSave: -spectate latest waits on its card
// while the saves folder holds no game, then shows the newest save and
// names its players.
func TestSpectatorFollowsTheLatestSave(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv(store.ConfigEnv, cfg)
	a := spectatorOn(t, SpectateLatest)
	if tbl(a) != nil || status(a) != session.Waiting || !slices.ContainsFunc(a.f.ws, func(w ui.Widget) bool { return strings.Contains(w.Text, session.Waiting) }) {
		t.Fatalf("no save yet: the window should wait (status %q)", status(a))
	}
	if a.mgr.name() != "spectate-wait" {
		t.Errorf("the waiting spectator is named %q", a.mgr.name())
	}
	d, err := store.OpenDir(filepath.Join(cfg, "saves"))
	if err != nil {
		t.Fatal(err)
	}
	old := rulesGame(t, "standard", []string{"Ann", "Ben"}, 1)
	tabletest.PlaySome(t, old, old, 12)
	if err := d.Save("20261123-100000-aaaaaa", saveData(t, old, 12)); err != nil {
		t.Fatal(err)
	}
	if !tick(a, time.Now().Add(session.PollEvery)) || shown(a) != 12 || a.mgr.name() != "spectate" {
		t.Fatalf("the first save: %d shown, scene %q", shown(a), a.mgr.name())
	}
	if !slices.ContainsFunc(a.f.ws, func(w ui.Widget) bool { return strings.Contains(w.Text, "Ann, Ben") }) {
		t.Error("the panel does not name the players of the game followed")
	}
}
