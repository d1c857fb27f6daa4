package render

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"notrueking/bots"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/ui"
)

// botApp starts a rules game of four on the standard map with the given
// seat players, as the start screen would.
func botApp(t *testing.T, seats ...int) *App {
	t.Helper()
	a, err := newApp(Options{Players: []string{"Ann", "Ben", "Cy", "Di"}, Seed: 3, SeedSet: true, Bots: seats, BotPause: time.Millisecond}, defaultNewGame)
	if err != nil {
		t.Fatal(err)
	}
	a.startGame()
	if a.tbl == nil {
		t.Fatalf("no game: %s", a.start.msg)
	}
	return a
}

// botStep lets the bots make one move (waiting for the search) and reports
// whether one was made.
func botStep(t *testing.T, a *App, now *time.Time) bool {
	t.Helper()
	for i := 0; i < 4; i++ {
		*now = now.Add(time.Second)
		before := a.game().Len()
		a.botTick(*now)
		if a.game().Len() != before {
			return true
		}
		a.bots.wait()
	}
	return false
}

// An all-bot game is public from start to end: no curtain, no seat's
// panel shown, every move applied by the bots, the end screen at the end.
func TestAllBotGameIsWatchedToTheEnd(t *testing.T) {
	a := botApp(t, int(bots.Random), int(bots.Random), int(bots.Easy), int(bots.Random))
	now := time.Now()
	for n := 0; !a.game().Over(); n++ {
		if a.scene != sceneTable || a.tbl.Shown() != -1 {
			t.Fatalf("after %d actions: scene %d, seat shown %d; want the public table", a.game().Len(), a.scene, a.tbl.Shown())
		}
		if n > 3000 || !botStep(t, a, &now) {
			t.Fatalf("the bots stopped after %d actions: %s", a.game().Len(), a.tbl.State().Message)
		}
	}
	if a.scene != sceneEnd {
		t.Fatalf("game over but scene %d", a.scene)
	}
	over := false
	for _, l := range a.tbl.Public().Log {
		over = over || strings.Contains(l.Text, "The game is over")
	}
	if !over {
		t.Fatal("the log does not say the game is over")
	}
}

// With one human there is no curtain at all: the human's panel stays in
// view while the bots play; the human's clicks count only on its turn.
func TestOneHumanSeesNoCurtain(t *testing.T) {
	a := botApp(t, Human, int(bots.Random), int(bots.Random), int(bots.Random))
	now := time.Now()
	for a.game().Len() < 120 && !a.game().Over() {
		if a.scene != sceneTable || a.tbl.Shown() != 0 {
			t.Fatalf("after %d actions: scene %d, seat shown %d; want seat 0's table", a.game().Len(), a.scene, a.tbl.Shown())
		}
		if a.game().ToAct() == 0 {
			l := a.game().Legal()
			a.tbl.Apply(l[len(l)-1])
			a.afterAction()
			dismissNotices(a)
			continue
		}
		if !botStep(t, a, &now) {
			t.Fatalf("the bots stopped after %d actions", a.game().Len())
		}
	}
}

// With several humans the curtain shows for a human's turn only: while a
// bot acts the table is public.
func TestCurtainOnlyForHumans(t *testing.T) {
	a := botApp(t, Human, int(bots.Random), Human, int(bots.Random))
	now := time.Now()
	curtains := 0
	for a.game().Len() < 150 && !a.game().Over() {
		ta := a.game().ToAct()
		switch {
		case ta == 1 || ta == 3:
			if a.scene != sceneTable || a.tbl.Shown() != -1 {
				t.Fatalf("bot %d to act: scene %d, shown %d; want the public table", ta, a.scene, a.tbl.Shown())
			}
			if !botStep(t, a, &now) {
				t.Fatal("the bots stopped")
			}
		case a.scene == sceneCurtain:
			if a.curtain != ta {
				t.Fatalf("the curtain waits for %d, %d is to act", a.curtain, ta)
			}
			curtains++
			a.do(ui.Command{Kind: ui.CmdLift})
		default:
			if a.tbl.Shown() != ta {
				t.Fatalf("human %d to act but seat %d is shown", ta, a.tbl.Shown())
			}
			l := a.game().Legal()
			a.tbl.Apply(l[0])
			a.afterAction()
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
	a := botApp(t, Human, int(bots.Random), int(bots.Random), int(bots.Random))
	now := time.Now()
	l := a.game().Legal()
	a.tbl.Apply(l[0]) // arrange
	a.afterAction()
	for a.game().ToAct() != 0 {
		if !botStep(t, a, &now) {
			t.Fatal("the bots stopped")
		}
	}
	a.handle(ui.Input{Keys: []string{"H"}})
	if !a.bots.busy() {
		t.Fatal("H started no search")
	}
	a.bots.wait()
	a.botTick(now)
	a.rebuild()
	h := a.tbl.Hinted()
	if h == nil {
		t.Fatalf("no hint: %s", a.tbl.State().Message)
	}
	if err := a.game().Check(h.Action); err != nil {
		t.Fatalf("the hint %q is not legal: %v", h.Action.Format(a.tbl.Map()), err)
	}
	if !strings.HasPrefix(a.tbl.State().Message, "Hint: ") || !strings.Contains(a.tbl.State().Message, "expected score") {
		t.Fatalf("message %q", a.tbl.State().Message)
	}
	if n := len(a.tbl.Public().Log); n == 0 || !strings.Contains(a.tbl.Public().Log[n-1].Text, "asked for a hint") {
		t.Fatalf("the log does not note the hint: %+v", a.tbl.Public().Log[max(0, n-2):])
	}
	framed, frames := false, 0
	for _, w := range a.ws {
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
	a.tbl.Apply(h.Action)
	a.afterAction()
	found := false
	for _, ln := range a.tbl.Public().Log {
		found = found || ln.Kind == "hint"
	}
	if !found || a.tbl.Hinted() != nil {
		t.Fatal("after the move the note is gone or the hint still shown")
	}
}

// A search whose position is gone (undo, a new game, closing) is
// dropped: interrupt makes its answer stale.
func TestInterruptDropsTheSearch(t *testing.T) {
	a := botApp(t, int(bots.Easy), Human, Human, Human)
	g := a.game()
	a.botTick(time.Now())
	if !a.bots.busy() {
		t.Fatal("no search started for the bot")
	}
	a.bots.interrupt()
	a.bots.wait()
	if a.bots.busy() {
		a.bots.ans = nil
	}
	before := g.Len()
	a.botTick(time.Now()) // starts a fresh search, applies nothing stale
	if g.Len() != before {
		t.Fatal("a stale answer was applied")
	}
	// A search whose position is gone (here: a human moved while the
	// search ran; an undo is the same) is cancelled by the next tick.
	b := a.bots
	b.ask(g, 0, bots.Strong, true)
	if _, err := g.Apply(g.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	a.botTick(time.Now())
	if b.busy() && b.asked.hint {
		t.Fatal("the hint's search goes on after the position changed")
	}
	if _, ok := (&botSeats{gen: 1, ans: answered(botAnswer{gen: 0})}).poll(); ok {
		t.Fatal("poll returned an answer of an older generation")
	}
}

func answered(q botAnswer) chan botAnswer {
	ch := make(chan botAnswer, 1)
	ch <- q
	return ch
}

// The start screen makes any seat a bot: its button cycles Human, Random
// bot, Easy bot, Strong bot; the pause button appears with the first bot;
// Start hands the choice to the game.
func TestStartScreenBotSeats(t *testing.T) {
	a, err := newApp(Options{Seed: 2, SeedSet: true}, defaultNewGame)
	if err != nil {
		t.Fatal(err)
	}
	click := func(c ui.Command) { t.Helper(); pressCmd(t, a, c) }
	if _, ok := ui.Find(a.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdBotPause }); ok {
		t.Fatal("a bot pause button with no bot seat")
	}
	for i := 0; i < 3; i++ {
		click(ui.Command{Kind: ui.CmdSeatLevel, N: 1})
	}
	w, _ := ui.Find(a.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdSeatLevel, N: 1} })
	if w.Text != "Strong bot" {
		t.Fatalf("seat 2 after three clicks: %q", w.Text)
	}
	click(ui.Command{Kind: ui.CmdBotPause})
	click(ui.Command{Kind: ui.CmdStart})
	if a.bots == nil || a.bots.level[1] != int(bots.Strong) || a.bots.isBot(0) || a.bots.pause != 1200*time.Millisecond {
		t.Fatalf("the game's bot seats: %+v", a.bots)
	}
	// Three humans and one bot: the first turn (seat 0 arranges) is a
	// human's, behind the curtain.
	if a.scene != sceneCurtain || a.curtain != 0 {
		t.Fatalf("scene %d curtain %d, want the curtain for seat 0", a.scene, a.curtain)
	}
}

// dismissNotices is the human at the screen clicking Continue on what its
// move brought up (a combat's result, a drawn card).
func dismissNotices(a *App) {
	for a.tbl.Holding() {
		a.do(ui.Command{Kind: ui.CmdDismiss})
	}
}

// A game with bot seats is continued with the same bots and pause, from
// the start screen's Continue and from -load of a copy of its save; -bots
// given with -load wins over the save.
func TestContinuedGameKeepsItsBots(t *testing.T) {
	st := tempStore(t)
	a, err := newApp(Options{Saves: st, Players: []string{"Ann", "Ben", "Cy", "Di"}, Seed: 3, SeedSet: true,
		Bots: []int{Human, int(bots.Random), Human, int(bots.Easy)}, BotPause: 40 * time.Millisecond}, defaultNewGame)
	if err != nil {
		t.Fatal(err)
	}
	a.startGame()
	id := a.sess.ID()
	now := time.Now()
	for a.game().Len() < 12 {
		if a.bots.isBot(a.game().ToAct()) {
			if !botStep(t, a, &now) {
				t.Fatal("the bots stopped")
			}
			continue
		}
		step(t, a, 1)
		dismissNotices(a)
	}
	played := a.game().Len()

	same := func(b *App, how string) {
		t.Helper()
		if b.bots == nil || len(b.bots.level) != 4 {
			t.Fatalf("%s: bot seats %+v", how, b.bots)
		}
		for s, want := range []int{Human, int(bots.Random), Human, int(bots.Easy)} {
			if b.bots.level[s] != want {
				t.Fatalf("%s: seat %d played by %d, want %d", how, s, b.bots.level[s], want)
			}
		}
		if b.bots.pause != 40*time.Millisecond {
			t.Errorf("%s: bot pause %v", how, b.bots.pause)
		}
		// The bots play on in the continued game.
		for b.game().Len() < played+12 && !b.game().Over() {
			if b.bots.isBot(b.game().ToAct()) {
				if !botStep(t, b, &now) {
					t.Fatalf("%s: the bots stopped", how)
				}
				continue
			}
			if b.scene == sceneCurtain {
				b.do(ui.Command{Kind: ui.CmdLift})
			}
			step(t, b, 1)
			dismissNotices(b)
		}
	}

	b, err := newApp(Options{Saves: st}, defaultNewGame)
	if err != nil {
		t.Fatal(err)
	}
	w, ok := ui.Find(b.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdContinue, ID: id} })
	if !ok || !strings.Contains(w.Text, "2 bots") {
		t.Fatalf("the Continue button %q (found %v) does not say the game has 2 bots", w.Text, ok)
	}
	b.continueGame(id)
	same(b, "Continue")
	// Its saves still name the bots.
	data, err := st.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := session.ReadMeta(data); strings.Join(m.Seats, ",") != "human,random,human,easy" || m.BotPauseMS != 40 {
		t.Fatalf("the continued game's save: seats %v, pause %d ms", m.Seats, m.BotPauseMS)
	}

	// -load of a copy: a new save, the same bots.
	cp := filepath.Join(t.TempDir(), "copy.ntk")
	if err := os.WriteFile(cp, data, 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := newApp(Options{Saves: tempStore(t), Load: cp}, defaultNewGame)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.loadFile(cp); err != nil {
		t.Fatal(err)
	}
	same(c, "-load")
	if m := c.sess.Meta(); strings.Join(m.Seats, ",") != "human,random,human,easy" {
		t.Fatalf("the loaded game's new save names seats %v", m.Seats)
	}

	// -bots with -load: the command line's seats.
	d, err := newApp(Options{Saves: tempStore(t), Load: cp, Bots: []int{int(bots.Random)}}, defaultNewGame)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.loadFile(cp); err != nil {
		t.Fatal(err)
	}
	if d.bots == nil || !d.bots.isBot(0) || d.bots.isBot(1) || d.bots.isBot(3) {
		t.Fatalf("-bots random with -load: seats %+v", d.bots)
	}
}

// The Conspiracies panel marks the seats bots play, at the table and in
// the spectator window (from the save's header); humans are unmarked.
func TestBotSeatsAreMarked(t *testing.T) {
	a := botApp(t, Human, int(bots.Random), Human, int(bots.Easy))
	ws := a.tbl.Widgets(a.layout())
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

	needDisplay(t)
	g := a.game()
	rec := rules.RecordOf(g)
	data, err := session.Encode(rec, session.Meta{Saved: time.Unix(1e9, 0), Players: rec.Players, Actions: len(rec.Actions),
		Seats: []string{"human", "random", "human", "easy"}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.ntk")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	sp, _ := spectatorOn(t, path)
	sp.spectateTick(time.Now().Add(spectatePoll))
	if sp.tbl == nil {
		t.Fatalf("the spectator shows nothing: %s", sp.spec.status)
	}
	sp.rebuild()
	if _, ok := ui.Find(sp.ws, botTag("Ben")); !ok {
		t.Error("the spectator does not mark Ben as a bot")
	}
	// And the replay viewer, from the file's header.
	rp, err := newApp(Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.openReplay(path); err != nil {
		t.Fatal(err)
	}
	if _, ok := ui.Find(rp.ws, botTag("Ben")); !ok {
		t.Error("the replay viewer does not mark Ben as a bot")
	}
}

// botTag finds the Conspiracies panel's "bot" tag beside seat name's
// name (its tip starts with the name).
func botTag(name string) func(ui.Widget) bool {
	return func(w ui.Widget) bool { return w.Text == "bot" && strings.HasPrefix(w.Tip, name+" is ") }
}
