package app

import (
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// TestResultCardStaysUntilDismissed: after the action that ends a combat
// the table stays up with the result card (winner, terms, casualties)
// whatever else is clicked; Continue brings the hand-off curtain. A drawn
// card is shown to its drawer the same way.
func TestResultCardStaysUntilDismissed(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	seen := map[string]bool{}
	attacks := func(g *rules.Game, legal []rules.Action, rng *rand.Rand) rules.Action {
		pick := legal[rng.Intn(len(legal))]
		for _, l := range legal {
			if cv, err := g.PreviewCombat(l); err == nil && cv != nil && rng.Intn(2) == 0 {
				pick = l
			}
		}
		return pick
	}
	clickGames(t, 1, 8, func() bool { return len(seen) >= 2 }, attacks, func(cg *clickGame, pick rules.Action) {
		a, c, g, seed := cg.a, cg.c, cg.g, cg.seed
		c.do(pick)
		if len(tbl(a).State().Notices) == 0 {
			return
		}
		nt := tbl(a).State().Notices[0]
		if !atTable(a) {
			t.Fatalf("seed %d: a notice is waiting but the scene is %T", seed, a.mgr.cur)
		}
		n := g.Len()
		// Clicks elsewhere do nothing; the card stays.
		c.at(200, 400)
		c.at(1500, 870)
		if !atTable(a) || len(tbl(a).State().Notices) == 0 || g.Len() != n {
			t.Fatalf("seed %d: the notice went away without Continue", seed)
		}
		ws := a.f.ws
		switch nt.Kind {
		case "result":
			head := tabletest.HouseName(tbl(a).Map(), nt.Combat.Winner) + " wins the combat in " + tabletest.TerrName(tbl(a).Map(), nt.Combat.Territory)
			if _, ok := ui.Find(ws, func(w ui.Widget) bool { return w.Text == head }); !ok {
				t.Fatalf("seed %d: the result card does not say %q", seed, head)
			}
			if !slices.ContainsFunc(nt.Lines, func(s string) bool { return strings.Contains(s, "must lose") || strings.Contains(s, "loses no units") }) {
				t.Fatalf("seed %d: the result card has no casualties: %q", seed, nt.Lines)
			}
		case "drawn":
			if nt.Seat != tbl(a).Shown() || !strings.HasPrefix(nt.Text, "You drew") {
				t.Fatalf("seed %d: drawn card notice %+v for seat %d", seed, nt, tbl(a).Shown())
			}
			if _, ok := ui.Find(ws, func(w ui.Widget) bool { return strings.HasPrefix(w.Text, tbl(a).Map().CardAt(nt.Card).Name+"\n") }); !ok {
				t.Fatalf("seed %d: the drawn card %s is not shown", seed, tbl(a).Map().CardAt(nt.Card).Name)
			}
		}
		seen[nt.Kind] = true
		// Enter dismisses the first notice, Esc the next, clicks the rest.
		a.handle(ui.Input{X: 10, Y: 10, Enter: true})
		if len(tbl(a).State().Notices) > 0 {
			a.handle(ui.Input{X: 10, Y: 10, Escape: true})
		}
		for len(tbl(a).State().Notices) > 0 {
			c.clickWidget("continue", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDismiss })
		}
		if ta := g.ToAct(); ta != tbl(a).Shown() && !g.Over() && !is[*curtainScene](a) {
			t.Fatalf("seed %d: Continue did not bring the curtain for seat %d (%T)", seed, ta, a.mgr.cur)
		}
	})
	if !seen["result"] || !seen["drawn"] {
		t.Fatalf("notices seen: %v; want a result card and a drawn card", seen)
	}
}

// TestUndoRedoKeys: Ctrl+Z and Ctrl+Y at the table undo and redo through
// the app (the hand-off curtain comes when the seat to act changes); a
// refused Ctrl+Z shows the engine's reason and changes nothing.
func TestUndoRedoKeys(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	g := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, 3)
	a := curtainApp(t, rules.HotSeat(g), 3)
	c := newClicker(t, a)
	c.playFirst(g, 3, 5)
	last := g.Actions()[4]
	asker := tbl(a).Shown()
	if last.Seat == asker {
		t.Fatalf("seat %d made the last action: the test wants another seat's", asker)
	}
	// Another seat's decision: Ctrl+Z asks first, and the curtain stays down.
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlZ}})
	if g.Len() != 5 || !atTable(a) || tbl(a).Shown() != asker {
		t.Fatalf("Ctrl+Z into another seat's decision: %d actions, %T, message %q", g.Len(), a.mgr.cur, tbl(a).State().Message)
	}
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlZ}})
	if g.Len() != 4 || curtainSeat(a) != last.Seat || tbl(a).Shown() != -1 {
		t.Fatalf("Ctrl+Z again: %d actions, curtain for seat %d, seat %d shown; want 4, the curtain for seat %d", g.Len(), curtainSeat(a), tbl(a).Shown(), last.Seat)
	}
	// Behind the curtain Redo looks live, and Ctrl+Y does what it says
	// (asking first: it is a player's decision), lifting no curtain.
	re, ok := ui.Find(a.f.behind, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdRedo })
	if !ok || re.Ink == ui.ColDim {
		t.Fatalf("behind the curtain Redo is missing or greyed: %+v", re)
	}
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlY}})
	if g.Len() != 4 || !ui.HasText(a.f.ws, "Redo again (Ctrl+Y)") {
		t.Fatalf("Ctrl+Y behind the curtain: %d actions; the curtain shows no question", g.Len())
	}
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlY}})
	if g.Len() != 5 || g.Actions()[4] != last || curtainSeat(a) != g.ToAct() || tbl(a).Shown() != -1 {
		t.Fatalf("Ctrl+Y again behind the curtain: %d actions, curtain for seat %d, seat %d shown", g.Len(), curtainSeat(a), tbl(a).Shown())
	}
	// The seat's own decision: at once.
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlZ}})
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlZ}})
	c.lift()
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlY}})
	if g.Len() != 5 || g.Actions()[4] != last {
		t.Fatalf("Ctrl+Y: %d actions, message %q", g.Len(), tbl(a).State().Message)
	}
	// Play to a draw: Ctrl+Z is refused with the reason.
	for steps := 0; ; steps++ {
		if steps == 400 || g.Over() {
			t.Fatal("no card drawn")
		}
		var pick rules.Action
		for _, l := range g.Legal() {
			pick = l
			if l.Verb == rules.VChoose && l.Choice == rules.ChooseDraw {
				break
			}
		}
		c.do(pick)
		if g.CanUndo() != nil {
			break
		}
	}
	for len(tbl(a).State().Notices) > 0 {
		a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeySpace}})
	}
	c.lift()
	n, state := g.Len(), tabletest.ViewJSON(t, g.View(rules.Public))
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlZ}})
	if !tbl(a).State().Refusal || tbl(a).State().Message != table.UndoRefusal(g.CanUndo()) || g.Len() != n || tabletest.ViewJSON(t, g.View(rules.Public)) != state {
		t.Fatalf("refused Ctrl+Z: message %q (error %v), %d actions (was %d)", tbl(a).State().Message, tbl(a).State().Refusal, g.Len(), n)
	}
	if !ui.Shows(a.f.ws, tbl(a).State().Message) {
		t.Fatalf("the refusal %q is not on the screen", tbl(a).State().Message)
	}
	// The top bar's Undo button, clicked, says the same and changes nothing.
	tbl(a).SetMessage("", false)
	a.rebuild()
	un, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdUndo })
	if !ok || un.Key != ui.KeyCtrlZ || un.Disabled {
		t.Fatalf("no live Undo button showing Ctrl+Z: %+v", un)
	}
	x, y := un.R.Center()
	a.handle(ui.Input{X: x, Y: y})
	a.handle(ui.Input{X: x, Y: y, Click: true})
	if !tbl(a).State().Refusal || tbl(a).State().Message != table.UndoRefusal(g.CanUndo()) || g.Len() != n || tabletest.ViewJSON(t, g.View(rules.Public)) != state {
		t.Fatalf("refused Undo click: message %q, %d actions (was %d)", tbl(a).State().Message, g.Len(), n)
	}
}

// TestUndoRedoButtonClicks: the top bar's Undo and Redo buttons, clicked
// in the window, take the last action back and do it again.
func TestUndoRedoButtonClicks(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	g := rulesGame(t, "standard", []string{"Ann", "Ben"}, 5)
	a := curtainApp(t, rules.HotSeat(g), 5)
	c := newClicker(t, a)
	c.playFirst(g, 5, 4)
	last := g.Actions()[3]
	click := func(k ui.CmdKind) {
		t.Helper()
		c.lift()
		w, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == k })
		if !ok {
			t.Fatalf("no button for command %d", k)
		}
		c.at(w.R.Center())
	}
	click(ui.CmdUndo) // another seat's decision: it asks
	if g.Len() != 4 || !tbl(a).State().Refusal {
		t.Fatalf("Undo click into another seat's decision: %d actions, message %q", g.Len(), tbl(a).State().Message)
	}
	click(ui.CmdUndo)
	if g.Len() != 3 {
		t.Fatalf("Undo click again: %d actions, message %q", g.Len(), tbl(a).State().Message)
	}
	click(ui.CmdRedo)
	if g.Len() != 4 || g.Actions()[3] != last {
		t.Fatalf("Redo click: %d actions, message %q", g.Len(), tbl(a).State().Message)
	}
}

// TestUndoKeepsTheAutosave: Ctrl+Z in an autosaved game saves the shorter
// game (and the -record file), Ctrl+Y the longer one again.
func TestUndoKeepsTheAutosave(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	rec := filepath.Join(t.TempDir(), "game.ntk")
	a := startedApp(t, Options{Saves: st, Players: []string{"Ann", "Ben"}, RecordPath: rec})
	step(t, a, 4) // two arrangements, two placements: nothing hidden revealed
	if is[*curtainScene](a) {
		a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	}
	id := sess(a).ID()
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlZ}}) // another seat's decision: it asks
	if n := saveActions(t, st, id); n != 4 || game(a).Len() != 4 {
		t.Fatalf("after a Ctrl+Z that asked the save holds %d actions, the game %d; want 4", n, game(a).Len())
	}
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlZ}})
	if n := saveActions(t, st, id); n != 3 || game(a).Len() != 3 {
		t.Fatalf("after Ctrl+Z the save holds %d actions, the game %d; want 3 (message %q)", n, game(a).Len(), tbl(a).State().Message)
	}
	if data, err := os.ReadFile(filesOf(playing(a)).RecordPath()); err != nil || strings.Count(string(data), " place ") != 1 {
		t.Fatalf("after Ctrl+Z the record file holds %q (%v)", data, err)
	}
	if is[*curtainScene](a) {
		a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	}
	a.handle(ui.Input{X: 10, Y: 10, Keys: []ui.Key{ui.KeyCtrlY}})
	if n := saveActions(t, st, id); n != 4 {
		t.Fatalf("after Ctrl+Y the save holds %d actions, want 4", n)
	}
}
