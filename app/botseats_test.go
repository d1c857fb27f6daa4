package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/ui"
)

// botApp starts a rules game of four on the standard map with the given
// seat players, as the start screen would.
func botApp(t *testing.T, seats ...int) *App {
	t.Helper()
	a := mustApp(t, Options{Players: []string{"Ann", "Ben", "Cy", "Di"}, Seed: 3, SeedSet: true, Bots: seats, BotPause: time.Millisecond}, defaultNewGame)
	startOn(t, a)
	if tbl(a) == nil {
		t.Fatalf("no game: %s", homeMsg(a))
	}
	return a
}

// botStep lets the bots make one move (waiting for the search) and reports
// whether one was made.
func botStep(t *testing.T, a *App, now *time.Time) bool {
	t.Helper()
	for i := 0; i < 4; i++ {
		*now = now.Add(time.Second)
		before := game(a).Len()
		tick(a, *now)
		if game(a).Len() != before {
			return true
		}
		matchOf(playing(a)).WaitSearch()
	}
	return false
}

// H at the table asks the strong bot for a hint (package live shows and
// frames it).
func TestHintKey(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := botApp(t, Human, int(bots.Random), int(bots.Random), int(bots.Random))
	tbl(a).Apply(game(a).Legal()[0]) // arrange
	moved(a)
	now := time.Now()
	for game(a).ToAct() != 0 {
		if !botStep(t, a, &now) {
			t.Fatal("the bots stopped")
		}
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyH}})
	if !match(a).Busy() {
		t.Fatal("H started no search")
	}
	match(a).WaitSearch()
	tick(a, now)
	if tbl(a).Hints().Hinted() == nil {
		t.Fatalf("no hint: %s", tbl(a).State().Message)
	}
}

// dismissNotices is the human at the screen clicking Continue on what its
// move brought up (a combat's result, a drawn card).
func dismissNotices(a *App) {
	for tbl(a).Holding() {
		a.do(ui.Command{Kind: ui.CmdDismiss})
	}
}

// A game with bot seats is continued with the same bots and pause, from
// the start screen's Continue and from -load of a copy of its save; -bots
// given with -load wins over the save.
func TestContinuedGameKeepsItsBots(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	a := mustApp(t, Options{Saves: st, Players: []string{"Ann", "Ben", "Cy", "Di"}, Seed: 3, SeedSet: true,
		Bots: []int{Human, int(bots.Random), Human, int(bots.Easy)}, BotPause: 40 * time.Millisecond}, defaultNewGame)
	startOn(t, a)
	id := sess(a).ID()
	now := time.Now()
	for game(a).Len() < 12 {
		if matchOf(playing(a)).IsBot(game(a).ToAct()) {
			if !botStep(t, a, &now) {
				t.Fatal("the bots stopped")
			}
			continue
		}
		step(t, a, 1)
		dismissNotices(a)
	}
	played := game(a).Len()

	same := func(b *App, how string) {
		t.Helper()
		if len(levels(b)) != 4 {
			t.Fatalf("%s: bot seats %v", how, levels(b))
		}
		for s, want := range []int{Human, int(bots.Random), Human, int(bots.Easy)} {
			if levels(b)[s] != want {
				t.Fatalf("%s: seat %d played by %d, want %d", how, s, levels(b)[s], want)
			}
		}
		if matchOf(playing(b)).Pause() != 40*time.Millisecond {
			t.Errorf("%s: bot pause %v", how, matchOf(playing(b)).Pause())
		}
		// The bots play on in the continued game.
		for game(b).Len() < played+12 && !game(b).Over() {
			if matchOf(playing(b)).IsBot(game(b).ToAct()) {
				if !botStep(t, b, &now) {
					t.Fatalf("%s: the bots stopped", how)
				}
				continue
			}
			if is[*curtainScene](b) {
				b.do(ui.Command{Kind: ui.CmdLift})
			}
			step(t, b, 1)
			dismissNotices(b)
		}
	}

	a.closeWindow() // the game is played in one window at a time
	b := mustApp(t, Options{Saves: st}, defaultNewGame)
	w, ok := ui.Find(b.f.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdContinue, ID: id} })
	if !ok || !strings.Contains(w.Text, "2 bots") {
		t.Fatalf("the Continue button %q (found %v) does not say the game has 2 bots", w.Text, ok)
	}
	fromStart(b, func(cx *Context) (Scene, error) { return continueGame(cx, id) })
	same(b, "Continue")
	// Its saves still name the bots.
	data, err := st.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	if m, _, _ := gamefile.ReadMeta(data); strings.Join(m.Seats, ",") != "human,random,human,easy" || m.BotPauseMS != 40 {
		t.Fatalf("the continued game's save: seats %v, pause %d ms", m.Seats, m.BotPauseMS)
	}

	// -load of a copy: a new save, the same bots.
	cp := filepath.Join(t.TempDir(), "copy.ntk")
	if err := os.WriteFile(cp, data, 0o600); err != nil {
		t.Fatal(err)
	}
	c := mustApp(t, Options{Saves: tempStore(t), Load: cp}, defaultNewGame)
	if err := openOn(c, func(cx *Context) (Scene, error) { return loadFile(cx, cp) }); err != nil {
		t.Fatal(err)
	}
	same(c, "-load")
	if m := sess(c).Meta(); strings.Join(m.Seats, ",") != "human,random,human,easy" {
		t.Fatalf("the loaded game's new save names seats %v", m.Seats)
	}

	// -bots with -load: the command line's seats.
	d := mustApp(t, Options{Saves: tempStore(t), Load: cp, Bots: []int{int(bots.Random)}}, defaultNewGame)
	if err := openOn(d, func(cx *Context) (Scene, error) { return loadFile(cx, cp) }); err != nil {
		t.Fatal(err)
	}
	if !matchOf(playing(d)).IsBot(0) || matchOf(playing(d)).IsBot(1) || matchOf(playing(d)).IsBot(3) {
		t.Fatalf("-bots random with -load: seats %v", levels(d))
	}
}

// The Conspiracies panel marks the seats bots play, at the table and in
// the spectator window (from the save's header); humans are unmarked.
func TestBotSeatsAreMarked(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := botApp(t, Human, int(bots.Random), Human, int(bots.Easy))
	ws := tbl(a).Widgets(tbl(a).Layout())
	for _, name := range []string{"Ben", "Di"} {
		w, ok := ui.Find(ws, botTag(name))
		if !ok {
			t.Fatalf("the table does not mark %s as a bot", name)
		}
		if !strings.Contains(w.Tip, " bot: it plays ") {
			t.Errorf("%s's tip: %q", name, w.Tip)
		}
	}
	if _, ok := ui.Find(ws, func(w ui.Widget) bool { return botTag("Ann")(w) || botTag("Cy")(w) }); ok {
		t.Error("a human seat is marked as a bot")
	}
	if w, _ := ui.Find(ws, botTag("Di")); !strings.HasPrefix(w.Tip, "Di is an easy bot") {
		t.Errorf("Di's tip: %q", w.Tip)
	}

	g := game(a)
	rec := rules.RecordOf(g)
	data, err := gamefile.Encode(rec, gamefile.Meta{Saved: time.Unix(1e9, 0), Players: rec.Players, Actions: len(rec.Actions),
		Seats: []string{"human", "random", "human", "easy"}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.ntk")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	sp := spectatorOn(t, path)
	if tbl(sp) == nil {
		t.Fatalf("the spectator shows nothing: %s", status(sp))
	}
	sp.rebuild()
	if _, ok := ui.Find(sp.f.ws, botTag("Ben")); !ok {
		t.Error("the spectator does not mark Ben as a bot")
	}
	// And the replay viewer, from the file's header.
	rp := mustApp(t, Options{}, nil)
	if err := openOn(rp, func(cx *Context) (Scene, error) { return openReplay(cx, path) }); err != nil {
		t.Fatal(err)
	}
	if _, ok := ui.Find(rp.f.ws, botTag("Ben")); !ok {
		t.Error("the replay viewer does not mark Ben as a bot")
	}
}

// botTag finds the Conspiracies panel's "bot" tag beside seat name's
// name (its tip starts with the name).
func botTag(name string) func(ui.Widget) bool {
	return func(w ui.Widget) bool { return w.Text == "bot" && strings.HasPrefix(w.Tip, name+" is ") }
}

// levels is who plays each seat of the game in view: Human or a bot's
// level.
func levels(a *App) []int {
	var out []int
	for _, p := range matchOf(playing(a)).Players() {
		l, err := bots.ParseLevel(p)
		if err != nil {
			out = append(out, Human)
			continue
		}
		out = append(out, int(l))
	}
	return out
}
