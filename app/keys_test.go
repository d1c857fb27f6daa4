package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/ui"
)

// The keys go through the same input snapshot and handle as the window.

func TestKeysLiftTheCurtain(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, in := range []ui.Input{{Enter: true}, {Keys: []ui.Key{ui.KeySpace}}} {
		f := tabletest.New(tabletest.Map())
		a := curtainApp(t, f, 1)
		b, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.Kind == ui.WButton })
		if !ok || b.Key != ui.KeyEnter {
			t.Fatalf("the curtain's button %+v does not show Enter", b)
		}
		a.handle(in)
		if !atTable(a) || tbl(a).Shown() != 0 {
			t.Fatalf("%+v: %T showing seat %d, want the table for seat 0", in, a.mgr.cur, tbl(a).Shown())
		}
	}
}

func TestKeysPressNumberedButtonsAndEscCancels(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	f, _, ship := tabletest.MusterFake()
	a := tableApp(t, f)
	tbl(a).Refresh()
	a.press(ui.Target{Kind: ui.TTerritory, Terr: 0})
	a.rebuild()
	if len(tbl(a).State().Choices) != 2 {
		t.Fatalf("chooser %v", tbl(a).State().Choices)
	}
	// Every button shows a key.
	for _, w := range a.f.ws {
		if w.Kind == ui.WButton && w.Key == ui.KeyNone {
			t.Errorf("button %q shows no key", w.Text)
		}
	}
	a.handle(ui.Input{Escape: true})
	if len(tbl(a).State().Choices) != 0 || len(f.Applied) != 0 {
		t.Fatalf("Esc left the chooser %v (applied %v)", tbl(a).State().Choices, f.Applied)
	}
	a.press(ui.Target{Kind: ui.TTerritory, Terr: 0})
	a.rebuild()
	var key ui.Key
	for _, w := range a.f.ws {
		if w.T.Action != nil && *w.T.Action == ship {
			key = w.Key
		}
	}
	if key == ui.KeyNone {
		t.Fatal("the ship's button shows no key")
	}
	a.handle(ui.Input{Keys: []ui.Key{key}})
	if len(f.Applied) != 1 || f.Applied[0] != ship {
		t.Fatalf("key %s applied %v, want the ship", key, f.Applied)
	}
}

func TestKeysMoveDialog(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	f, mv := tabletest.MoveFake()
	a := tableApp(t, f)
	tbl(a).Refresh()
	a.press(ui.Target{Kind: ui.TTerritory, Terr: 0})
	a.press(ui.Target{Kind: ui.TTerritory, Terr: 1})
	a.rebuild()
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyLeft}}) // footmen row: 2 → 1
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyDown}}) // knights row
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyLeft}}) // knights 1 → 0
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyLeft}}) // not below zero
	if tbl(a).State().MoveUnits != mv(1, 0).Units {
		t.Fatalf("counts %v after the arrow keys, want 1 footman", tbl(a).State().MoveUnits)
	}
	a.handle(ui.Input{Enter: true})
	if len(f.Applied) != 1 || f.Applied[0] != mv(1, 0) {
		t.Fatalf("Enter applied %v, want 1 footman", f.Applied)
	}
}

func TestKeysStartScreen(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	var got []string
	var gotMap string
	ng := func(mapName string, players []string, seed uint64, v rules.Variant) (*rules.Game, error) {
		gotMap, got = mapName, players
		return defaultNewGame(mapName, players, seed, v)
	}
	a := mustApp(t, Options{}, ng)
	a.home.s.SetMaps([]mapChoice{{ID: "standard", Label: "Standard", Min: 2, Max: 4}, {ID: "nine", Label: "Nine", Min: 2, Max: 9}}, "")
	a.rebuild()
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyDown}})
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyRight}})
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyRight}})
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyLeft}})
	if a.home.s.Next().Map != "nine" || len(a.home.s.Next().Players) != 5 {
		t.Fatalf("map %s, %d players; want nine, 5", a.home.s.Next().Map, len(a.home.s.Next().Players))
	}
	a.handle(ui.Input{Enter: true})
	if gotMap != "nine" || len(got) != 5 {
		t.Fatalf("Enter started %q with %v", gotMap, got)
	}
}

func TestKeysHelpAndFullscreen(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	m := tabletest.Map()
	f := tabletest.New(m)
	f.Legals = []rules.Action{{Seat: 0, Verb: rules.VDone}}
	a := tableApp(t, f)
	full := 0
	a.fullscreen = func() { full++ }
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF11}})
	if full != 1 {
		t.Fatalf("F11 toggled fullscreen %d times", full)
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF1}})
	if !helpOpen(a) {
		t.Fatal("F1 did not open the help")
	}
	for _, want := range []string{"F11", "Esc", "Maester", "Marshal", "Lord", "Muster", "Move", "Combat", "loyalty", "Ranks"} {
		if !ui.HasText(a.f.ws[a.f.modal:], want) {
			t.Errorf("the help does not mention %q", want)
		}
	}
	for _, k := range ui.HelpKeys(ui.InTable) {
		if !ui.HasText(a.f.ws[a.f.modal:], k[0]) {
			t.Errorf("the help lacks the key %q", k[0])
		}
	}
	// The table under the help takes no key and no click.
	a.handle(ui.Input{Keys: []ui.Key{ui.Key1}})
	done, _ := ui.Find(a.f.ws[:a.f.modal], func(w ui.Widget) bool { return w.T.Action != nil })
	a.handle(ui.Input{X: done.R.X + 2, Y: done.R.Y + 2, Click: true})
	if len(f.Applied) != 0 {
		t.Fatalf("the table under the help applied %v", f.Applied)
	}
	a.handle(ui.Input{Escape: true})
	if helpOpen(a) {
		t.Fatal("Esc did not close the help")
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF1}})
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF1}})
	if helpOpen(a) {
		t.Fatal("F1 did not close the help")
	}
	// The ? button opens it too.
	q, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdHelp })
	if !ok || q.Key != ui.KeyF1 {
		t.Fatalf("no ? button showing F1: %+v", q)
	}
	a.handle(ui.Input{X: q.R.X + 2, Y: q.R.Y + 2, Click: true})
	if !helpOpen(a) {
		t.Fatal("the ? button did not open the help")
	}
	// Digit 1 now presses the Done button.
	a.handle(ui.Input{Escape: true})
	a.handle(ui.Input{Keys: []ui.Key{ui.Key1}})
	if len(f.Applied) != 1 || f.Applied[0].Verb != rules.VDone {
		t.Fatalf("key 1 applied %v, want done", f.Applied)
	}
}

// TestAppTooltipsStayClear: the app's own widgets over the table (the Hint
// button, a tester's badge) keep their tooltips inside the window, clear
// of the message line, their panel and themselves, like the table's
// (table.TestTooltipsStayClear).
func TestAppTooltipsStayClear(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		g := rulesGame(t, tc.mapName, caseNames[:tc.players], 5)
		n := 0
		tabletest.PlayUntil(t, g, g, 5, func() bool { n++; return n > 60 })
		a := mustApp(t, Options{}, nil)
		beginWith(a, g, session.FilesOptions{Tester: true})
		a.handle(ui.Input{Enter: true}) // the curtain
		l := tbl(a).Layout()
		hint, badge := false, false
		for i, w := range a.f.ws {
			if w.Tip == "" {
				continue
			}
			hint = hint || w.T.Cmd.Kind == ui.CmdHint
			badge = badge || strings.HasPrefix(w.Text, "Tester's game")
			x, y := w.R.Center()
			if ui.TipIndex(a.f.ws, x, y) != i {
				continue // covered by another widget
			}
			if clash := ui.TooltipClash(a.f.ws, i, l.Message); clash != "" {
				t.Errorf("%s: the tip of %q %s", tc.mapName, w.Text, clash)
			}
		}
		if !hint || !badge {
			t.Errorf("%s: the Hint button (%v) or the tester's badge (%v) has no tooltip at the table", tc.mapName, hint, badge)
		}
	}
}

// TestHelpListsEveryBinding: every key the window reads and every gesture
// it answers has a row in the bindings (ui.Bindings), and in every scene
// the help (F1) lists each row of that scene, every key a button there
// shows among them — the help is built from the same table, so the two
// cannot drift apart.
func TestHelpListsEveryBinding(t *testing.T) {
	drawn := lookOnly(t)
	read := []ui.Key{ui.KeyEnter, ui.KeyEsc, ui.KeyTab, ui.KeyCtrlZ, ui.KeyCtrlY, ui.KeyCtrlS, ui.KeyF, ui.KeyHome}
	for _, nk := range namedKeys {
		read = append(read, nk.name)
	}
	gestures := []string{"Wheel", "Drag", "Click", "Right-click", "Shift+click"}
	for _, k := range read {
		if !ui.Bound(k, ui.InEvery) {
			t.Errorf("the window reads %q but no binding names it", k)
		}
	}
	for _, g := range gestures {
		if !ui.BoundGesture(g, ui.InEvery) {
			t.Errorf("the window answers %q but no binding names it", g)
		}
	}
	// And the other way: every key a binding names is read from the
	// keyboard (a test's ui.Input names keys the window may never see).
	for _, b := range ui.Bindings {
		for _, k := range b.Keys {
			if !slices.Contains(read, k) && k != ui.KeyUpDown { // the map button's badge for Up and Down
				t.Errorf("the help's row %q names the key %q, which the window never reads", b.Label, k)
			}
		}
		for _, g := range b.Gestures {
			if !slices.Contains(gestures, g) && g != "?" { // "?" is typed text (readInput's Chars)
				t.Errorf("the help's row %q names the gesture %q, which the window never answers", b.Label, g)
			}
		}
	}
	g := rulesGame(t, "standard", caseNames[:3], 5)
	tabletest.PlaySome(t, g, g, 5)
	scenes := map[string]*App{"start": mustApp(t, Options{}, nil), "curtain": curtainApp(t, rules.HotSeat(g), 5)}
	scenes["table"] = curtainApp(t, rules.HotSeat(g), 5)
	scenes["table"].handle(ui.Input{Enter: true})
	end := rulesGame(t, "standard", caseNames[:3], 5)
	tabletest.PlayUntil(t, end, end, 5, func() bool { return false })
	scenes["end"] = mustApp(t, Options{}, nil)
	beginWith(scenes["end"], end, session.FilesOptions{})
	scenes["replay"], _ = replayOf(t, end, "game.ntk")
	scenes["sandbox"], _, _ = sandboxFromStartApp(t)
	for name, a := range scenes {
		if got := a.mgr.name(); got != name {
			t.Fatalf("the %s app is at %q", name, got)
		}
		sc := ui.SceneNamed(name)
		for _, w := range a.f.ws {
			if w.Key != ui.KeyNone && !ui.Bound(w.Key, sc) {
				t.Errorf("%s: the button %q shows the key %q, which its help does not list", name, w.Text, w.Key)
			}
		}
		a.handle(ui.Input{Keys: []ui.Key{ui.KeyF1}})
		if !helpOpen(a) {
			t.Fatalf("%s: F1 opened no help", name)
		}
		help := a.f.ws[a.f.modal:]
		for _, k := range ui.HelpKeys(sc) {
			if !ui.HasText(help, k[0]) || !ui.HasText(help, ui.WrapText(k[1], 15, 440, 0)[0]) {
				t.Errorf("%s: the help lacks %q (%s)", name, k[0], k[1])
			}
		}
		if drawn && (name == "table" || name == "start") {
			look(t, a, "help-"+name+"-1280", 1280, 720)
			look(t, a, "help-"+name+"-1920", 1920, 1080)
		}
	}
}

// A key acts on the panel shown when it went down: the panel a key
// brought takes no key until every key is up (1, 1 on a Marshal once
// picked Muster troops, then Done mustering, ending the muster with
// nothing mustered).
func TestAKeyDoesNotRunAcrossPanels(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	g, err := tabletest.RulesGame("standard", []string{"A", "B", "C", "D"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	// Play until a Marshal may choose to muster.
	r := 0
	for !slices.ContainsFunc(g.Legal(), func(a rules.Action) bool { return a.Verb == rules.VChoose && a.Choice == rules.ChooseMuster }) {
		legal := g.Legal()
		if g.Over() || r > 2000 {
			t.Fatal("no Marshal's choice to muster in the game")
		}
		if _, err := g.Apply(legal[r%len(legal)]); err != nil {
			t.Fatal(err)
		}
		r++
	}
	a := curtainApp(t, rules.HotSeat(g), 1)
	a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	a.rebuild()
	key := ui.KeyNone
	for _, w := range a.f.ws {
		if w.Kind == ui.WButton && w.Text == "Muster troops" {
			key = w.Key
		}
	}
	if key == ui.KeyNone {
		t.Fatal("no key on Muster troops")
	}
	n := g.Len()
	a.handle(ui.Input{Keys: []ui.Key{key}, Held: true})
	if g.Len() != n+1 {
		t.Fatalf("%s did not pick Muster troops", key)
	}
	// The same key again while a key is still down: the muster's panel
	// takes it not.
	a.handle(ui.Input{Keys: []ui.Key{key}, Held: true})
	a.handle(ui.Input{Held: true})
	if g.Len() != n+1 {
		t.Fatalf("a key held over the new panel played %v", g.Actions()[n+1:])
	}
	// Every key up: the panel takes keys again.
	a.handle(ui.Input{})
	done := ui.KeyNone
	for _, w := range a.f.ws {
		if w.Kind == ui.WButton && w.Text == "Done mustering" {
			done = w.Key
		}
	}
	if done == ui.KeyNone {
		t.Fatal("no key on Done mustering")
	}
	a.handle(ui.Input{Keys: []ui.Key{done}})
	if g.Len() != n+2 {
		t.Fatalf("after every key was up, %s did nothing", done)
	}
}

// Every tooltip of the start screen and the scenario browser lies near
// its widget, inside the window (the player counts' tips were once
// drawn 230 px away, the browser's comments' covered six rows below).
func TestStartAndBrowserTipsNearTheirWidgets(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	dir := t.TempDir()
	data, err := scenarios.ShippedFile("ship-capacity")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "my-capacity.toml"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	st := tempStore(t)
	check := func(a *App, where string) int {
		ws, off := a.f.live()
		n := 0
		for i, w := range ws {
			x, y := w.R.Center()
			if w.Tip == "" || ui.TipIndex(ws, x, y) != i {
				continue
			}
			n++
			if clash := ui.TooltipClash(a.f.ws, i+off, ui.Rect{}); clash != "" {
				t.Errorf("%s: the tip of %q %s", where, w.Text, clash)
			}
			if tip := ui.TooltipIn(a.f.ws, i+off, ui.Rect{}, a.f.canvas)[0].R; tip.H > 14+20*8 {
				t.Errorf("%s: the tip of %q is %.0f px tall", where, w.Text, tip.H)
			}
		}
		return n
	}
	a := mustApp(t, Options{Saves: st, PositionsDir: dir}, defaultNewGame)
	if n := check(a, "start screen"); n < 8 {
		t.Fatalf("only %d tips on the start screen", n)
	}
	a = startedApp(t, Options{Saves: st, PositionsDir: dir, Players: []string{"Ann", "Ben"}})
	step(t, a, 2)
	toTable(a)
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF3}})
	if _, ok := a.mgr.cur.(*scenarioScene); !ok {
		t.Fatalf("F3 opened %T", a.mgr.cur)
	}
	if n := check(a, "scenario browser"); n < 20 {
		t.Fatalf("only %d tips in the scenario browser", n)
	}
}
