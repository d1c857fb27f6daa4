package app

import (
	"math/rand"
	"testing"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/ui"
)

// TestShotsOfPanelsAndTips draws, to look at (NTK_SHOTS), panels and
// tooltips of the table and the screens around it, at 1280×720 and
// 1920×1080, with the names panels-*: the digest, the count dialog, a
// forced pass, the tooltips of the start screen and the scenario
// browser, the sandbox opened by Branch and the past board's banner, the
// public log after a successful Research Legends. It uses only what the
// window had before these scenes changed, so that the same test, run on
// the older code, draws the "before".
func TestShotsOfPanelsAndTips(t *testing.T) {
	if !shotsWanted() {
		t.Skip("draws only for NTK_SHOTS")
	}
	needDisplay(t)
	each := func(a *App, name string) {
		for _, s := range [][2]int{{1280, 720}, {1920, 1080}} {
			look(t, a, name+"-"+itoa4(s[0]), s[0], s[1])
		}
	}
	hover := func(a *App, match func(w ui.Widget) bool) {
		ws, _ := a.f.live()
		for _, w := range ws {
			if match(w) {
				x, y := w.R.Center()
				a.handle(ui.Input{X: x, Y: y})
				return
			}
		}
		t.Fatal("nothing to hover")
	}
	// The digest, both maps: the curtain lifts for a seat that last
	// acted before a combat and a dozen more public lines.
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		e := rulesGame(t, tc.mapName, caseNames[:tc.players], 11)
		rng := rand.New(rand.NewSource(11))
		for i := 0; i < 6000 && !e.Over(); i++ {
			l := e.Legal()
			if _, err := e.Apply(l[rng.Intn(len(l))]); err != nil {
				t.Fatal(err)
			}
			acts, seat := e.Actions(), e.ToAct()
			own := -1
			for j := range acts {
				if acts[j].Seat == seat {
					own = j
				}
			}
			combat, n := false, 0
			for _, ln := range e.View(rules.Public).Log {
				if ln.Action > own {
					n++
					combat = combat || ln.Event == "combat_started"
				}
			}
			if combat && n >= 14 && i > 150 {
				break
			}
		}
		a := curtainApp(t, rules.HotSeat(e), 11)
		a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
		each(a, "panels-digest-"+tc.mapName)
	}
	var a *App

	// The count dialog of a group of two or more, both maps.
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		e := rulesGame(t, tc.mapName, caseNames[:tc.players], 8)
		rng := rand.New(rand.NewSource(8))
		var mv rules.Action
		for i := 0; i < 3000 && mv.Verb != rules.VMove; i++ {
			l := e.Legal()
			for _, a := range l {
				if a.Verb == rules.VMove && board.Total(a.Units) >= 3 && a.From != a.To {
					mv = a
				}
			}
			if mv.Verb != rules.VMove {
				if _, err := e.Apply(l[rng.Intn(len(l))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		a := curtainApp(t, rules.HotSeat(e), 8)
		a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
		a.press(ui.Target{Kind: ui.TTerritory, Terr: mv.From})
		a.press(ui.Target{Kind: ui.TTerritory, Terr: mv.To})
		each(a, "panels-count-"+tc.mapName)
	}

	// A combat card with a pass made for want of a card.
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		e := rulesGame(t, tc.mapName, caseNames[:tc.players], 9)
		rng := rand.New(rand.NewSource(9))
		forced := func() bool {
			cv := e.View(rules.Public).Combat
			if cv == nil {
				return false
			}
			for _, p := range cv.Played {
				pl := e.View(rules.Public).Players[p.Seat]
				if p.Card == board.NoCard && pl.HandSize(cv.Attacker)+pl.HandSize(cv.Defender) == 0 {
					return true
				}
			}
			return false
		}
		for i := 0; i < 5000 && !forced(); i++ {
			l := e.Legal()
			if _, err := e.Apply(l[rng.Intn(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
		a := curtainApp(t, rules.HotSeat(e), 9)
		a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
		each(a, "panels-pass-"+tc.mapName)
	}

	// The start screen's tooltip of a player count, and its Scenarios button.
	a = mustApp(t, Options{Saves: tempStore(t)}, defaultNewGame)
	hover(a, func(w ui.Widget) bool { return w.Kind == ui.WButton && w.Text == "3" })
	each(a, "panels-start-tip")
	// The scenario browser, a comment's tooltip.
	a = startedApp(t, Options{Saves: tempStore(t), PositionsDir: t.TempDir(), Players: []string{"Ann", "Ben"}})
	toTable(a)
	a.do(ui.Command{Kind: ui.CmdScenarios})
	a.rebuild()
	hover(a, func(w ui.Widget) bool { return w.Tip != "" && w.Kind == ui.WText && w.R.W > 600 && w.R.Y > 300 })
	each(a, "panels-browser-tip")

	// The sandbox opened by Branch in the replay viewer, at 1600×900 too.
	ra, r := replayOf(t, fileGame(t, finishedRecord), "four-players.ntk")
	ra.do(ui.Command{Kind: ui.CmdReplayGo, N: r.End() / 2})
	ra.do(ui.Command{Kind: ui.CmdReplayBranch})
	ra.do(ui.Command{Kind: ui.CmdReplayBranch})
	ra.rebuild()
	each(ra, "panels-branch")
	look(t, ra, "panels-branch-1600", 1600, 900)

	// A past board (a log entry opened) with a human seat to act.
	a = botApp(t, Human, Human, Human, Human)
	a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	for i := 0; i < 6; i++ {
		tbl(a).Apply(game(a).Legal()[0])
		moved(a)
		if is[*curtainScene](a) {
			a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
		}
	}
	a.do(ui.Command{Kind: ui.CmdLogEntry, N: 2})
	each(a, "panels-past")

	// After a successful Research Legends, the other seat's table.
	g, err := scenarios.LoadShipped("citadel-legends")
	if err != nil {
		t.Fatal(err)
	}
	act, err := g.ParseAction("crown study legends")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(act); err != nil {
		t.Fatal(err)
	}
	for g.ToAct() == 0 && !g.Over() {
		if _, err := g.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	a = curtainApp(t, rules.HotSeat(g), 1)
	a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	each(a, "panels-legends-log")
}
