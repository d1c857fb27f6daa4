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
		t.Fatalf("no game: %s", a.home.msg)
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
		live(a).play.match.WaitSearch()
	}
	return false
}

// An all-bot game is public from start to end: no curtain, no seat's
// panel shown, every move applied by the bots, the end screen at the end.
func TestAllBotGameIsWatchedToTheEnd(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := botApp(t, int(bots.Random), int(bots.Random), int(bots.Easy), int(bots.Random))
	now := time.Now()
	for n := 0; !game(a).Over(); n++ {
		if !atTable(a) || tbl(a).Shown() != -1 {
			t.Fatalf("after %d actions: %T, seat shown %d; want the public table", game(a).Len(), a.mgr.cur, tbl(a).Shown())
		}
		if n > 3000 || !botStep(t, a, &now) {
			t.Fatalf("the bots stopped after %d actions: %s", game(a).Len(), tbl(a).State().Message)
		}
	}
	if !is[*endScene](a) {
		t.Fatalf("game over but %T", a.mgr.cur)
	}
	over := false
	for _, l := range tbl(a).Public().Log {
		over = over || strings.Contains(l.Text, "The game is over")
	}
	if !over {
		t.Fatal("the log does not say the game is over")
	}
}

// With one human there is no curtain at all: the human's panel stays in
// view while the bots play; the human's clicks count only on its turn.
func TestOneHumanSeesNoCurtain(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := botApp(t, Human, int(bots.Random), int(bots.Random), int(bots.Random))
	now := time.Now()
	for game(a).Len() < 120 && !game(a).Over() {
		if !atTable(a) || tbl(a).Shown() != 0 {
			t.Fatalf("after %d actions: %T, seat shown %d; want seat 0's table", game(a).Len(), a.mgr.cur, tbl(a).Shown())
		}
		if game(a).ToAct() == 0 {
			l := game(a).Legal()
			tbl(a).Apply(l[len(l)-1])
			moved(a)
			dismissNotices(a)
			continue
		}
		if !botStep(t, a, &now) {
			t.Fatalf("the bots stopped after %d actions", game(a).Len())
		}
	}
}

// With several humans the curtain shows for a human's turn only: while a
// bot acts the table is public.
func TestCurtainOnlyForHumans(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := botApp(t, Human, int(bots.Random), Human, int(bots.Random))
	now := time.Now()
	curtains := 0
	for game(a).Len() < 150 && !game(a).Over() {
		ta := game(a).ToAct()
		switch {
		case ta == 1 || ta == 3:
			if !atTable(a) || tbl(a).Shown() != -1 {
				t.Fatalf("bot %d to act: %T, shown %d; want the public table", ta, a.mgr.cur, tbl(a).Shown())
			}
			if !botStep(t, a, &now) {
				t.Fatal("the bots stopped")
			}
		case is[*curtainScene](a):
			if curtainSeat(a) != ta {
				t.Fatalf("the curtain waits for %d, %d is to act", curtainSeat(a), ta)
			}
			curtains++
			a.do(ui.Command{Kind: ui.CmdLift})
		default:
			if tbl(a).Shown() != ta {
				t.Fatalf("human %d to act but seat %d is shown", ta, tbl(a).Shown())
			}
			l := game(a).Legal()
			tbl(a).Apply(l[0])
			moved(a)
			dismissNotices(a)
		}
	}
	if curtains == 0 {
		t.Fatal("no curtain for the humans")
	}
}

// H asks the strong bot for the shown human's move: a legal move, named
// with the expected scores in the message line, noted in the log, and
// framed on the table.
func TestHint(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := botApp(t, Human, int(bots.Random), int(bots.Random), int(bots.Random))
	now := time.Now()
	l := game(a).Legal()
	tbl(a).Apply(l[0]) // arrange
	moved(a)
	for game(a).ToAct() != 0 {
		if !botStep(t, a, &now) {
			t.Fatal("the bots stopped")
		}
	}
	// On a past board (a log entry opened) the red banner holds the
	// prompt's place: no Hint button in it (issue 32).
	hintShown := func() bool {
		_, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdHint })
		return ok
	}
	a.rebuild()
	if !hintShown() {
		t.Fatal("no Hint button for the seat to act")
	}
	a.do(ui.Command{Kind: ui.CmdLogEntry, N: 1})
	a.rebuild()
	if !tbl(a).InPast() || hintShown() {
		t.Fatalf("on a past board (%v) the Hint button is shown", tbl(a).InPast())
	}
	a.handle(ui.Input{Escape: true})
	a.rebuild()
	if tbl(a).InPast() || !hintShown() {
		t.Fatal("back at the present, no Hint button")
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyH}})
	if !live(a).play.match.Busy() {
		t.Fatal("H started no search")
	}
	live(a).play.match.WaitSearch()
	tick(a, now)
	a.rebuild()
	h := tbl(a).Hints().Hinted()
	if h == nil {
		t.Fatalf("no hint: %s", tbl(a).State().Message)
	}
	if err := game(a).Check(h.Action); err != nil {
		t.Fatalf("the hint %q is not legal: %v", h.Action.Format(tbl(a).Map()), err)
	}
	if !strings.HasPrefix(tbl(a).State().Message, "Hint: ") || !strings.Contains(tbl(a).State().Message, "expected score") {
		t.Fatalf("message %q", tbl(a).State().Message)
	}
	if n := len(tbl(a).Public().Log); n == 0 || !strings.Contains(tbl(a).Public().Log[n-1].Text, "asked for a hint") {
		t.Fatalf("the log does not note the hint: %+v", tbl(a).Public().Log[max(0, n-2):])
	}
	framed, frames := false, 0
	for _, w := range a.f.ws {
		if w.Selected && w.Edge == ui.ColGold {
			framed = true
		}
		if w.Kind == ui.WPanel && w.Edge == ui.ColGold && w.Fill.A == 0 {
			frames++
		}
	}
	if !framed || frames == 0 {
		t.Fatalf("the hinted move is not framed (%v, %d frames)", framed, frames)
	}
	// The hint's note stays in the log after the move.
	tbl(a).Apply(h.Action)
	moved(a)
	found := false
	for _, ln := range tbl(a).Public().Log {
		found = found || ln.Kind == "hint"
	}
	if !found || tbl(a).Hints().Hinted() != nil {
		t.Fatal("after the move the note is gone or the hint still shown")
	}
}

// A search whose position is gone (undo, a new game, closing) is
// dropped: interrupt makes its answer stale (session's match tests cover
// a hint's search and an undo).
func TestInterruptDropsTheSearch(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := botApp(t, int(bots.Easy), Human, Human, Human)
	g, m := game(a), live(a).play.match
	tick(a, time.Now())
	if !m.Busy() {
		t.Fatal("no search started for the bot")
	}
	m.Interrupt()
	if m.Busy() {
		t.Fatal("the search goes on after the interrupt")
	}
	before := g.Len()
	tick(a, time.Now()) // starts a fresh search, applies nothing stale
	if g.Len() != before {
		t.Fatal("a stale answer was applied")
	}
	if !m.Busy() {
		t.Fatal("no fresh search after the interrupt")
	}
}

// The start screen makes any seat a bot: its button cycles Human, Random
// bot, Steady bot, Easy bot, Strong bot; the pause button appears with the first bot;
// Start hands the choice to the game.
func TestStartScreenBotSeats(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{Seed: 2, SeedSet: true}, defaultNewGame)
	click := func(c ui.Command) { t.Helper(); pressCmd(t, a, c) }
	if _, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdBotPause }); ok {
		t.Fatal("a bot pause button with no bot seat")
	}
	for i := 0; i <= int(bots.Strong); i++ {
		click(ui.Command{Kind: ui.CmdSeatLevel, N: 1})
	}
	w, _ := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdSeatLevel, N: 1} })
	if w.Text != "Strong bot" {
		t.Fatalf("seat 2 after four clicks: %q", w.Text)
	}
	click(ui.Command{Kind: ui.CmdBotPause})
	click(ui.Command{Kind: ui.CmdStart})
	if lv := levels(a); lv[1] != int(bots.Strong) || lv[0] != Human || live(a).play.match.Pause() != 1200*time.Millisecond {
		t.Fatalf("the game's bot seats: %v, pause %v", lv, live(a).play.match.Pause())
	}
	// Three humans and one bot: the first turn (seat 0 arranges) is a
	// human's, behind the curtain.
	if !is[*curtainScene](a) || curtainSeat(a) != 0 {
		t.Fatalf("%T curtain %d, want the curtain for seat 0", a.mgr.cur, curtainSeat(a))
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
		if live(a).play.match.IsBot(game(a).ToAct()) {
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
		if live(b).play.match.Pause() != 40*time.Millisecond {
			t.Errorf("%s: bot pause %v", how, live(b).play.match.Pause())
		}
		// The bots play on in the continued game.
		for game(b).Len() < played+12 && !game(b).Over() {
			if live(b).play.match.IsBot(game(b).ToAct()) {
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
	if !live(d).play.match.IsBot(0) || live(d).play.match.IsBot(1) || live(d).play.match.IsBot(3) {
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
	sp, _ := spectatorOn(t, path)
	tick(sp, time.Now().Add(spectatePoll))
	if tbl(sp) == nil {
		t.Fatalf("the spectator shows nothing: %s", spec(sp).status)
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
	for _, p := range live(a).play.match.Players() {
		l, err := bots.ParseLevel(p)
		if err != nil {
			out = append(out, Human)
			continue
		}
		out = append(out, int(l))
	}
	return out
}
