package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"notrueking/bots"
	"notrueking/store"
	"notrueking/ui"
)

// homeApp is an app at its start screen with the shipped maps and the last
// setup kept in prefs put back, as Run does.
func homeApp(t *testing.T, o Options) *App {
	t.Helper()
	a := mustApp(t, o, defaultNewGame)
	a.home.setMaps(shippedMaps(), o.Map)
	a.home.restoreSetup(o.Prefs, o)
	a.rebuild()
	return a
}

// TestStartScreenRemembersTheSetup: the setup a game starts with (map,
// players, names, who plays each seat, the bots' pause) is kept and is the
// start screen's at the next start, but for what the command line sets; a
// setting that does not read restores nothing and says why.
func TestStartScreenRemembersTheSetup(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	dir := t.TempDir()
	prefs := store.NewDirPrefs(dir)
	a := homeApp(t, Options{Prefs: prefs, Saves: tempStore(t)})
	pressCmd(t, a, ui.Command{Kind: ui.CmdMap, N: slices.IndexFunc(a.home.maps, func(m mapChoice) bool { return m.ID == "nine" })})
	pressCmd(t, a, ui.Command{Kind: ui.CmdPlayers, N: 5})
	a.home.names[1] = "Zoë"
	pressCmd(t, a, ui.Command{Kind: ui.CmdSeatLevel, N: 2})
	pressCmd(t, a, ui.Command{Kind: ui.CmdBotPause})
	want := a.home.setup()
	a.handle(ui.Input{Enter: true})
	if !is[*curtainScene](a) && !atTable(a) {
		t.Fatalf("Enter: %T", a.mgr.cur)
	}
	a.closeWindow()

	b := homeApp(t, Options{Prefs: prefs})
	if got := b.home.setup(); !slices.Equal(got.Names, want.Names) || !slices.Equal(got.Seats, want.Seats) || got.Map != "nine" || got.Players != 5 || got.PauseMS != want.PauseMS {
		t.Fatalf("after a restart the start screen has %+v, want %+v", got, want)
	}
	if want.Seats[2] == "human" || time.Duration(want.PauseMS)*time.Millisecond == defaultBotPause {
		t.Fatalf("the test changed no seat's player or no pause: %+v", want)
	}
	// The command line wins.
	c := homeApp(t, Options{Prefs: prefs, Map: "standard", Players: []string{"Ann", "Ben"}, Bots: []int{int(bots.Easy), Human}})
	if got := c.home.setup(); got.Map != "standard" || got.Players != 2 || got.Names[1] != "Ben" || got.Seats[0] != bots.Easy.String() {
		t.Fatalf("with -map, -names and -bots the start screen has %+v", got)
	}
	// A setting that does not read: nothing restored, the reason said.
	if err := os.WriteFile(filepath.Join(dir, setupPref+".json"), []byte(`{"map": 3`), 0o600); err != nil {
		t.Fatal(err)
	}
	d := homeApp(t, Options{Prefs: prefs})
	if got := d.home.setup(); got.Map != "standard" || got.Names[1] != defaultNames[1] || !d.home.msgErr || !ui.HasText(d.f.ws, "not restored") {
		t.Fatalf("a broken setting: %+v, message %q", got, d.home.msg)
	}
	// A name the rules refuse is left out, the rest restored.
	if err := prefs.Set(setupPref, `{"map":"nine","players":3,"names":["Ann","Bad\u200bName","Cy"]}`); err != nil {
		t.Fatal(err)
	}
	e := homeApp(t, Options{Prefs: prefs})
	if got := e.home.setup(); got.Map != "nine" || got.Names[0] != "Ann" || got.Names[1] != defaultNames[1] || got.Names[2] != "Cy" || !e.home.msgErr {
		t.Fatalf("a refused name: %+v, message %q", got, e.home.msg)
	}
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

// TestStartMessageColours: the start screen's message line is red for a
// refusal and green for news; the browser page repeats a message only
// where the screen hides it (behind the curtain).
func TestStartMessageColours(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{}, nil)
	for _, isErr := range []bool{false, true} {
		a.home.say("Map x loaded: choose the players and Start.", isErr)
		a.rebuild()
		i := slices.IndexFunc(a.f.ws, func(w ui.Widget) bool { return w.Text == a.home.msg })
		if i < 1 || a.f.ws[i-1].Kind != ui.WPanel {
			t.Fatal("the message is not on its bar")
		}
		want := ui.ColOK
		if isErr {
			want = ui.ColWarn
		}
		if a.f.ws[i-1].Fill != want {
			t.Errorf("refusal %v: the bar is %v, want %v", isErr, a.f.ws[i-1].Fill, want)
		}
	}
	for scene, repeat := range map[string]bool{"start": false, "table": false, "curtain": true, "replay": false} {
		if pageNotice(scene) != repeat {
			t.Errorf("the page's notice repeats a message in the %s scene: %v, want %v", scene, !repeat, repeat)
		}
	}
}

// TestStartScreenDeletesFinishedGames: the start screen says how much
// room the saved games take and offers to delete the finished ones (which
// Continue no longer lists); the first press only asks, another command
// in between forgets the question, the second press deletes them and
// leaves the game in progress.
func TestStartScreenDeletesFinishedGames(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	a := startedApp(t, Options{Saves: st, Players: []string{"Ann", "Ben", "Cy"}})
	open := sess(a).ID()
	step(t, a, 2)
	a.closeWindow()
	for _, id := range []string{"done-1", "done-2"} {
		if !finishedGame(t, st, id).Over() {
			t.Fatal("the finished record's game is not over")
		}
	}
	b := mustApp(t, Options{Saves: st}, defaultNewGame)
	del := func() (ui.Widget, bool) {
		return ui.Find(b.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDeleteFinished })
	}
	w, ok := del()
	if !ok || !strings.HasPrefix(w.Text, "Delete 2 finished (") {
		t.Fatalf("no Delete finished button for two finished games: %+v", w)
	}
	if _, ok := ui.Find(b.f.ws, func(w ui.Widget) bool { return strings.HasPrefix(w.Text, "3 saved games take ") }); !ok {
		t.Fatal("the start screen does not say what the three saves take")
	}
	b.do(ui.Command{Kind: ui.CmdDeleteFinished})
	b.do(ui.Command{Kind: ui.CmdMap, N: 0})
	b.do(ui.Command{Kind: ui.CmdDeleteFinished})
	b.rebuild()
	ents, _ := st.List()
	if len(ents) != 3 || !b.home.delAsked {
		t.Fatalf("after ask, another command, ask: %d saves, asked %v; want 3 and a question", len(ents), b.home.delAsked)
	}
	b.do(ui.Command{Kind: ui.CmdDeleteFinished})
	b.rebuild()
	ents, _ = st.List()
	if len(ents) != 1 || ents[0].ID != open {
		t.Fatalf("after confirming: %v; want only the game in progress %s", ents, open)
	}
	if _, ok := del(); ok || !strings.HasPrefix(b.home.msg, "Deleted 2 finished games") {
		t.Fatalf("after deleting: button still there %v, message %q", ok, b.home.msg)
	}
	// One save left: the verb agrees (issue 32: "1 saved game take 7 KB").
	if _, ok := ui.Find(b.f.ws, func(w ui.Widget) bool { return strings.HasPrefix(w.Text, "1 saved game takes ") }); !ok {
		t.Fatal("the start screen does not say what the one save takes")
	}
}
