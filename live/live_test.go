package live

import (
	"strings"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// started is a game of Ann, Ben, Cy and Di on the standard map (seed 3)
// whose seats are played as players says (gamefile.SeatHuman or a bot
// level), run at this window with no files; the bots pause a millisecond.
func started(t *testing.T, players ...string) (*Game, *rules.Game) {
	t.Helper()
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	lg := Start(g, Seating{Players: players, Pause: time.Millisecond, Seed: 3}, Run{}, Options{Seed: 3, Tester: true})
	t.Cleanup(lg.Close)
	return lg, g
}

// botsMove ticks the game until a bot has made a move (waiting for its
// search each time), and says where the game then stands.
func botsMove(t *testing.T, lg *Game, now *time.Time) Stand {
	t.Helper()
	m, _ := lg.Match()
	n := lg.Table().Game().Len()
	for range 8 {
		*now = now.Add(time.Second)
		if _, st := lg.Tick(*now); st != nil && lg.Table().Game().Len() > n {
			return *st
		}
		m.WaitSearch()
	}
	t.Fatalf("the bots made no move after %d actions (message %q)", n, lg.Table().State().Message)
	return Stand{}
}

// humanMoves plays the first legal action of the seat to act at the
// table, then Continue on what it brought up; it says where the game
// stands.
func humanMoves(t *testing.T, lg *Game) Stand {
	t.Helper()
	u := lg.Table()
	if !u.Apply(u.Game().Legal()[0]) {
		t.Fatalf("the table refused the first legal action: %q", u.State().Message)
	}
	st := lg.Moved(false)
	for u.Holding() {
		u.Do(ui.Command{Kind: ui.CmdDismiss})
		st = lg.Moved(false)
	}
	return st
}

// An all-bot game is public from start to end: no curtain, no seat's
// panel shown, every move the bots', notices dismissed for the players,
// the end at the end (a whole game in the full run; its first 80 actions
// with -short).
func TestAllBotGameIsWatchedToTheEnd(t *testing.T) {
	t.Parallel()
	lg, _ := started(t, "random", "random", "easy", "random")
	u := lg.Table()
	now := time.Now()
	st := lg.Moved(false)
	for !u.Game().Over() && (!testing.Short() || u.Game().Len() < 80) {
		if st.Place != AtTable || u.Shown() != rules.Public {
			t.Fatalf("after %d actions: at %v, seat %d shown; want the public table", u.Game().Len(), st.Place, u.Shown())
		}
		st = botsMove(t, lg, &now)
	}
	if u.Game().Over() && st.Place != AtEnd {
		t.Fatalf("game over, but at %v", st.Place)
	}
}

// With one human there is no curtain at all: the human's panel stays in
// view while the bots play.
func TestOneHumanSeesNoCurtain(t *testing.T) {
	t.Parallel()
	lg, _ := started(t, gamefile.SeatHuman, "random", "random", "random")
	u := lg.Table()
	now := time.Now()
	st := lg.Moved(false)
	for u.Game().Len() < 120 && !u.Game().Over() {
		if st.Place != AtTable || u.Shown() != 0 {
			t.Fatalf("after %d actions: at %v, seat %d shown; want seat 0's table", u.Game().Len(), st.Place, u.Shown())
		}
		if u.Game().ToAct() == 0 {
			st = humanMoves(t, lg)
			continue
		}
		st = botsMove(t, lg, &now)
	}
}

// With several humans the curtain stands for a human's turn only: while a
// bot acts the table is public.
func TestCurtainOnlyForHumans(t *testing.T) {
	t.Parallel()
	lg, _ := started(t, gamefile.SeatHuman, "random", gamefile.SeatHuman, "random")
	u := lg.Table()
	now := time.Now()
	st := lg.Moved(false)
	curtains := 0
	for u.Game().Len() < 150 && !u.Game().Over() {
		ta := u.Game().ToAct()
		switch {
		case ta == 1 || ta == 3:
			if st.Place != AtTable || u.Shown() != rules.Public {
				t.Fatalf("bot %d to act: at %v, shown %d; want the public table", ta, st.Place, u.Shown())
			}
			st = botsMove(t, lg, &now)
		case st.Place == AtCurtain:
			if st.Seat != ta {
				t.Fatalf("the curtain waits for %d, %d is to act", st.Seat, ta)
			}
			curtains++
			u.Reveal(st.Seat)
			st = Stand{Place: AtTable}
		default:
			if u.Shown() != ta {
				t.Fatalf("human %d to act but seat %d is shown", ta, u.Shown())
			}
			st = humanMoves(t, lg)
		}
	}
	if curtains == 0 {
		t.Fatal("no curtain for the humans")
	}
}

// A hint: the Hint button while the human shown is to act (none on a
// past board), the strong bot's answer a legal move, named in the message
// line and framed on the table.
func TestHint(t *testing.T) {
	t.Parallel()
	lg, _ := started(t, gamefile.SeatHuman, "random", "random", "random")
	u := lg.Table()
	now := time.Now()
	humanMoves(t, lg) // arrange
	for u.Game().ToAct() != 0 {
		botsMove(t, lg, &now)
	}
	hint := func() bool {
		_, ok := ui.Find(lg.Decorate(u.Widgets(u.Layout()), true), func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdHint })
		return ok
	}
	if !hint() {
		t.Fatal("no Hint button for the seat to act")
	}
	u.Do(ui.Command{Kind: ui.CmdLogEntry, N: 1})
	if !u.InPast() || hint() {
		t.Fatalf("on a past board (%v) the Hint button is shown", u.InPast())
	}
	u.Do(ui.Command{Kind: ui.CmdCancel})
	lg.AskHint()
	m, _ := lg.Match()
	if !m.Busy() {
		t.Fatal("the hint started no search")
	}
	m.WaitSearch()
	lg.Tick(now)
	h := u.Hints().Hinted()
	if h == nil {
		t.Fatalf("no hint: %s", u.State().Message)
	}
	if err := u.Game().Check(h.Action); err != nil {
		t.Fatalf("the hint %q is not legal: %v", h.Action.Format(u.Map()), err)
	}
	if msg := u.State().Message; !strings.HasPrefix(msg, "Hint: ") || !strings.Contains(msg, "expected score") {
		t.Fatalf("message %q", msg)
	}
	framed := false
	for _, w := range lg.Decorate(u.Widgets(u.Layout()), true) {
		framed = framed || w.Selected && w.Edge == ui.ColGold
	}
	if !framed {
		t.Fatal("the hinted move is not framed")
	}
}

// A search whose position is gone (a new game, closing) is dropped: Stop
// makes its answer stale, and the next tick starts afresh.
func TestStopDropsTheSearch(t *testing.T) {
	t.Parallel()
	lg, _ := started(t, "easy", gamefile.SeatHuman, gamefile.SeatHuman, gamefile.SeatHuman)
	m, _ := lg.Match()
	lg.Tick(time.Now())
	if !m.Busy() {
		t.Fatal("no search started for the bot")
	}
	lg.Stop()
	if m.Busy() {
		t.Fatal("the search goes on after Stop")
	}
	n := lg.Table().Game().Len()
	lg.Tick(time.Now()) // starts a fresh search, applies nothing stale
	if lg.Table().Game().Len() != n || !m.Busy() {
		t.Fatalf("after Stop: %d actions (had %d), searching %v", lg.Table().Game().Len(), n, m.Busy())
	}
}

// SecretTool: a tester's game goes ahead at once; any other warns at the
// first ask and goes ahead at the second ask of the same tool at the same
// position — not after another tool's ask, nor at another position.
func TestSecretTool(t *testing.T) {
	t.Parallel()
	lg, _ := started(t)
	if !lg.SecretTool(ui.CmdSandbox, "warned") {
		t.Fatal("a tester's game warned")
	}
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	lg = Start(g, Seating{}, Run{}, Options{Seed: 5})
	defer lg.Close()
	u := lg.Table()
	ask := func(cmd ui.CmdKind, want bool) {
		t.Helper()
		u.SetMessage("", false)
		if got := lg.SecretTool(cmd, "warned"); got != want || (!got && u.State().Message != "warned") {
			t.Fatalf("ask %v at %d: %v (message %q), want %v", cmd, g.Len(), got, u.State().Message, want)
		}
	}
	ask(ui.CmdSandbox, false)
	ask(ui.CmdSavePosition, false) // another tool: asks anew
	ask(ui.CmdSandbox, false)
	ask(ui.CmdSandbox, true)
	ask(ui.CmdSandbox, false) // it went ahead: the next ask warns again
	if _, err := u.Game().Apply(u.Game().Legal()[0]); err != nil {
		t.Fatal(err)
	}
	ask(ui.CmdSandbox, false) // at another position: asks anew
	ask(ui.CmdSandbox, true)
}

// Copy is the game at this window, to edit or replay: changing it leaves
// the game on the table alone. A game that runs elsewhere (a scripted
// desk here) has none.
func TestCopy(t *testing.T) {
	t.Parallel()
	lg, g := started(t)
	humanMoves(t, lg)
	c, ok := lg.Copy()
	if !ok || c == g || c.Len() != g.Len() || c.Position().Round() != g.Position().Round() {
		t.Fatalf("Copy: %v, %d actions of %d", ok, c.Len(), g.Len())
	}
	if _, err := c.Apply(c.Legal()[0]); err != nil || g.Len() != 1 {
		t.Fatalf("playing on the copy: %v, the game has %d actions", err, g.Len())
	}
	if _, ok := OnDesk(tabletest.New(tabletest.Map()), Options{}).Copy(); ok {
		t.Fatal("a scripted desk gave a copy")
	}
}
