package app

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"notrueking/ui"
)

// A game is played in one window at a time. While one window plays it,
// another's Continue refuses with the reason and offers to watch it (W:
// the spectator's public view, Esc back to the start screen), and -load of
// its save refuses, saying how to watch it; nothing of the game changes.
// Once the first window leaves the game, the other continues it.
func TestAGameOpenInAnotherWindowIsWatchedNotPlayed(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	a := startedApp(t, Options{Saves: st, Players: []string{"Ann", "Ben", "Cid"}})
	step(t, a, 3)
	id, played := sess(a).ID(), game(a).Len()
	before, _ := st.Load(id)

	b := mustApp(t, Options{Saves: st}, defaultNewGame)
	b.press(ui.CmdTarget(ui.Command{Kind: ui.CmdContinue, ID: id}))
	b.rebuild()
	if !is[*startScene](b) || !strings.Contains(homeMsg(b), "open in another window") || !ui.HasText(b.f.ws, "open in another window") {
		t.Fatalf("Continue of a game open elsewhere: %T, message %q", b.mgr.cur, homeMsg(b))
	}
	if !ui.HasText(b.f.ws, "Watch it here, as a spectator") {
		t.Fatal("the start screen offers no way to watch the game")
	}
	b.handle(ui.Input{Keys: []ui.Key{ui.KeyW}})
	tick(b, time.Now())
	if !is[*spectateScene](b) || !ui.HasText(b.f.ws, "Following "+filepath.Base(st.File(id))) {
		t.Fatalf("W: %T, want the spectator's view of the game in %s", b.mgr.cur, st.File(id))
	}
	b.handle(ui.Input{Escape: true})
	if !is[*startScene](b) || homeMsg(b) != "" {
		t.Fatalf("Esc from watching: %T, message %q; want the start screen", b.mgr.cur, homeMsg(b))
	}

	c := mustApp(t, Options{Saves: st}, defaultNewGame)
	err := openOn(c, func(cx *Context) (Scene, error) { return loadFile(cx, st.File(id)) })
	if err == nil || !strings.Contains(err.Error(), "open in another window") || !strings.Contains(err.Error(), "notrueking spectate "+st.File(id)) {
		t.Fatalf("-load of a save open elsewhere: %v", err)
	}
	if after, _ := st.Load(id); string(after) != string(before) {
		t.Fatal("the refused windows changed the save")
	}

	if !a.closeWindow() {
		t.Fatal("the first window did not close")
	}
	b.press(ui.CmdTarget(ui.Command{Kind: ui.CmdContinue, ID: id}))
	b.rebuild()
	if !is[*curtainScene](b) || sess(b) == nil || sess(b).ID() != id || game(b).Len() != played {
		t.Fatalf("Continue once the first window left: %T at %d actions, want the curtain at %d", b.mgr.cur, game(b).Len(), played)
	}
}
