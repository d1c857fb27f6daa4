package app

import (
	"testing"

	"notrueking/start"
	"notrueking/ui"
)

// homeApp is an app at its start screen with the shipped maps and the last
// setup kept in prefs put back, as Run does.
func homeApp(t *testing.T, o Options) *App {
	t.Helper()
	a := mustApp(t, o, defaultNewGame)
	a.home.s.SetMaps(start.ShippedMaps(), o.Map)
	a.home.s.RestoreSetup(o.Prefs, startOptions(o))
	a.rebuild()
	return a
}

// TestEnterContinuesTheNewestGame: with a game saved, the start screen
// offers it first — its button shows Enter, and Enter (or 1) continues it;
// N starts a new game.
func TestEnterContinuesTheNewestGame(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	a := startedApp(t, Options{Saves: st, Players: []string{"Ann", "Ben", "Cy"}})
	id := sess(a).ID()
	step(t, a, 3)
	a.closeWindow()
	for _, key := range []ui.Input{{Enter: true}, {Keys: []ui.Key{ui.Key1}}} {
		b := mustApp(t, Options{Saves: st}, defaultNewGame)
		w, ok := ui.Find(b.f.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdContinue, ID: id} })
		if !ok || w.Key != ui.KeyEnter {
			t.Fatalf("the newest game's button %+v does not show Enter", w)
		}
		if s, _ := ui.Find(b.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdStart }); s.Key != ui.KeyN {
			t.Fatalf("the Start button shows %q, want N", s.Key)
		}
		b.handle(key)
		if sess(b) == nil || sess(b).ID() != id || len(game(b).Actions()) != 3 {
			t.Fatalf("%+v on the start screen did not continue save %s", key, id)
		}
		b.closeWindow()
	}
	c := mustApp(t, Options{Saves: st}, defaultNewGame)
	c.handle(ui.Input{Keys: []ui.Key{ui.KeyN}})
	if sess(c) == nil || sess(c).ID() == id || len(game(c).Actions()) != 0 {
		t.Fatal("N did not start a new game")
	}
}

// TestPageNotice: the browser page repeats a message only where the
// screen hides it (behind the curtain).
func TestPageNotice(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for scene, repeat := range map[string]bool{"start": false, "table": false, "curtain": true, "replay": false} {
		if pageNotice(scene) != repeat {
			t.Errorf("the page's notice repeats a message in the %s scene: %v, want %v", scene, !repeat, repeat)
		}
	}
}
