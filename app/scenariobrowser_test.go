package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"notrueking/catalog"
	"notrueking/scenarios"
	"notrueking/ui"
)

// TestScenarioBrowser: F3 (Tools → Scenarios…) lists every shipped
// scenario and the positions saved, each with its comment (what to try,
// what to expect); one click on a row plays it from its position, its
// comment on a card over the table, and the game it covered stays saved.
func TestScenarioBrowser(t *testing.T) {
	if shotsWanted() {
		needDisplay(t)
	} else {
		t.Parallel() // draws nothing (TestMain)
	}
	st := tempStore(t)
	dir := t.TempDir()
	data, err := scenarios.ShippedFile("ship-capacity")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "my-capacity.toml"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	a := startedApp(t, Options{Saves: st, PositionsDir: dir, Players: []string{"Ann", "Ben"}})
	first := sess(a).ID()
	step(t, a, 2)
	toTable(a)
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF3}})
	s, ok := a.mgr.cur.(*scenarioScene)
	if !ok {
		t.Fatalf("F3 opened %T, want the scenario browser", a.mgr.cur)
	}
	var names []string
	for _, e := range s.b.Entries() {
		names = append(names, e.Name)
	}
	if want := append(scenarios.Shipped(), "my-capacity.toml"); !slices.Equal(names, want) {
		t.Fatalf("the browser lists %v, want %v", names, want)
	}
	if a.mgr.name() != "table" {
		t.Errorf("the browser's help is the %q scene's", a.mgr.name())
	}
	if shotsWanted() {
		look(t, at1280(a), "scenarios-1280", 1280, 720)
	}
	// Each row shown says what to try.
	for i := s.b.Top(); i < s.b.Top()+catalog.Rows; i++ {
		if e := s.b.Entries()[i]; !ui.Shows(a.f.ws, strings.SplitN(e.Text, " ", 6)[0]) || !strings.Contains(e.Text, "Try") {
			t.Errorf("row %s does not show its comment %q", e.Name, e.Text)
		}
	}
	// Scroll to the green fork and open it with one click.
	k := slices.Index(names, "nine-green-fork")
	for k >= s.b.Top()+catalog.Rows {
		a.handle(ui.Input{Keys: []ui.Key{ui.KeyPgDn}})
	}
	b, ok := ui.Find(a.f.ws[a.f.modal:], func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdOpenScenario, N: k} })
	if !ok {
		t.Fatal("no button for nine-green-fork")
	}
	x, y := b.R.Center()
	a.handle(ui.Input{X: x, Y: y, Click: true})
	if game(a) == nil || game(a).Map().ID != "nine" || sess(a).ID() == first {
		t.Fatalf("the click opened %T on map %v", a.mgr.cur, game(a))
	}
	ns := tbl(a).State().Notices
	if len(ns) == 0 || ns[0].Kind != "scenario" || !strings.Contains(strings.Join(ns[0].Lines, " "), "Green Fork") {
		t.Fatalf("the scenario's comment is not on a card: %+v", ns)
	}
	if _, err := st.Load(first); err != nil {
		t.Fatalf("the game the browser covered is gone: %v", err)
	}
	// A saved one opens too.
	toTable(a)
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF3}})
	a.mgr.do(ui.Command{Kind: ui.CmdOpenScenario, N: len(names) - 1}, a.ctx())
	a.rebuild()
	if game(a) == nil || game(a).Map().ID != "standard" || !ui.Shows(a.f.ws, "my-capacity.toml") {
		t.Fatalf("the saved scenario did not open: %T", a.mgr.cur)
	}
}

// The scenarios are reachable from the start screen (F3 once did
// nothing there): its Scenarios button and F3 open the browser, Esc comes
// back, and a row plays its scenario.
func TestScenariosFromTheStartScreen(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{Saves: tempStore(t), PositionsDir: t.TempDir()}, defaultNewGame)
	b, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.Kind == ui.WButton && w.Text == "Scenarios" })
	if !ok || b.Key != ui.KeyF3 {
		t.Fatalf("the start screen has no Scenarios button showing F3 (%+v)", b)
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF3}})
	s, ok := a.mgr.cur.(*scenarioScene)
	if !ok {
		t.Fatalf("F3 on the start screen opened %T", a.mgr.cur)
	}
	a.handle(ui.Input{Escape: true})
	if _, ok := a.mgr.cur.(*startScene); !ok {
		t.Fatalf("Esc from the browser went to %T, want the start screen", a.mgr.cur)
	}
	a.press(b.T)
	a.rebuild()
	if _, ok := a.mgr.cur.(*scenarioScene); !ok {
		t.Fatalf("the Scenarios button opened %T", a.mgr.cur)
	}
	i := slices.IndexFunc(s.b.Entries(), func(e catalog.Entry) bool { return e.Name == "ship-capacity" })
	a.do(ui.Command{Kind: ui.CmdOpenScenario, N: i})
	a.rebuild()
	if playing(a) == nil {
		t.Fatalf("opening ship-capacity from the start screen went to %T", a.mgr.cur)
	}
	if m := playing(a).Table(); m == nil || m.Map().ID != "standard" {
		t.Fatal("the scenario's game is not on the table")
	}
}
