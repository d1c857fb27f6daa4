package app

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/ui"
)

// sameState reports whether two games stand at the same position,
// every secret included (their logs aside: a loaded scenario starts a log
// of its own).
func sameState(a, b *rules.Game) bool { return reflect.DeepEqual(a.Position(), b.Position()) }

// TestScenarioInTheWindow opens a shipped scenario as -scenario does,
// plays on, and checks that the autosave holds the start position: it
// continues, from a new app, to the same position with the same history.
func TestScenarioInTheWindow(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	path := filepath.Join("..", "scenarios", "ship-capacity.toml")
	want, err := scenarios.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	a := mustApp(t, Options{Saves: st, Scenario: path}, defaultNewGame)
	if err := openOn(a, func(cx *Context) (Scene, error) { return loadScenario(cx, path) }); err != nil {
		t.Fatal(err)
	}
	if !sameState(game(a), want) {
		t.Fatal("the window's position differs from the scenario's")
	}
	if !playing(a).Tester() || sess(a) == nil {
		t.Fatalf("tester %v, save %v: a scenario is a tester's game, autosaved", playing(a).Tester(), sess(a) != nil)
	}
	step(t, a, 3)
	data, err := st.Load(sess(a).ID())
	if err != nil {
		t.Fatal(err)
	}
	rec, meta, _, err := gamefile.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Scenario != gamefile.StartRef || meta.Start == "" || len(rec.Actions) != 3 {
		t.Fatalf("save: scenario %q, start %d bytes, %d actions", rec.Scenario, len(meta.Start), len(rec.Actions))
	}
	a.closeWindow() // a game is played in one window at a time
	// Continue, in a new app: the same position, and the history from
	// the scenario on (undo reaches back to it).
	b := mustApp(t, Options{Saves: st}, defaultNewGame)
	if len(b.home.s.Continues()) != 1 {
		t.Fatalf("%d games to continue, want 1", len(b.home.s.Continues()))
	}
	fromStart(b, func(cx *Context) (Scene, error) { return continueGame(cx, b.home.s.Continues()[0].ID) })
	if game(b) == nil || !sameState(game(b), game(a)) {
		t.Fatal("the continued game is not at the saved position")
	}
	if game(b).Len() != 3 || !game(b).FromPosition() {
		t.Fatalf("continued: %d actions, from a position %v", game(b).Len(), game(b).FromPosition())
	}
	// Played on after Continue, it is saved with the same start.
	step(t, b, 1)
	data, _ = st.Load(sess(b).ID())
	_, meta2, _, _ := gamefile.Decode(data)
	if meta2.Start != meta.Start {
		t.Error("the continued game's save changed its start position")
	}
}

// TestSavePositionLoadsBack saves positions from a game in progress (by
// the key, the menu entry) and loads each back: the same position, and a
// second save never overwrites the first.
func TestSavePositionLoadsBack(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	dir := t.TempDir()
	a := startedApp(t, Options{Saves: tempStore(t), Players: []string{"Ann", "Ben", "Cy"}, PositionsDir: dir})
	step(t, a, 40)
	toTable(a)
	// Not a tester's game: the first Ctrl+S only warns that the file
	// holds every secret; the second at the same position saves.
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyCtrlS}})
	if files, _ := filepath.Glob(filepath.Join(dir, "*.toml")); len(files) != 0 || !strings.Contains(tbl(a).State().Message, "every secret") {
		t.Fatalf("the first Ctrl+S of a player's game wrote %d files (message %q); want a warning first", len(files), tbl(a).State().Message)
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyCtrlS}})
	files, _ := filepath.Glob(filepath.Join(dir, "*.toml"))
	if len(files) != 1 {
		t.Fatalf("Ctrl+S wrote %d files", len(files))
	}
	if !strings.Contains(tbl(a).State().Message, filepath.Base(files[0])) || !strings.Contains(tbl(a).State().Message, filepath.Dir(files[0])) {
		t.Errorf("the message %q does not say where the position went", tbl(a).State().Message)
	}
	if fi, _ := os.Stat(files[0]); fi.Mode().Perm() != 0o600 {
		t.Errorf("a position (it holds every secret) is written %v", fi.Mode().Perm())
	}
	g, err := scenarios.Load(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if !sameState(g, game(a)) {
		t.Fatal("the saved position loads back to another position")
	}
	first, _ := os.ReadFile(files[0])

	// The Tools menu: F2 opens it, its entry saves again, under a new name.
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF2}})
	if !toolsOpen(a) || !ui.HasText(a.f.ws, "Save position as scenario") {
		t.Fatal("F2 does not open the Tools menu")
	}
	w, ok := ui.Find(a.f.ws[a.f.modal:], func(w ui.Widget) bool { return w.Text == "Save position as scenario" })
	if !ok {
		t.Fatal("no menu entry")
	}
	a.handle(ui.Input{X: w.R.X + 5, Y: w.R.Y + 5, Click: true}) // a warning first, as Ctrl+S's
	if toolsOpen(a) {
		t.Error("the menu stays open after its entry")
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF2}})
	a.handle(ui.Input{X: w.R.X + 5, Y: w.R.Y + 5, Click: true})
	files, _ = filepath.Glob(filepath.Join(dir, "*.toml"))
	if len(files) != 2 {
		t.Fatalf("two saves made %d files", len(files))
	}
	if again, _ := os.ReadFile(files[0]); string(again) != string(first) {
		t.Error("the second save overwrote the first")
	}
	// Esc closes the menu; a click beside it too.
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF2}})
	a.handle(ui.Input{Escape: true})
	if toolsOpen(a) {
		t.Error("Esc leaves the Tools menu open")
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF2}})
	a.handle(ui.Input{X: 300, Y: 500, Click: true})
	if toolsOpen(a) {
		t.Error("a click beside the menu leaves it open")
	}

	// A folder that cannot be written: the reason, and nothing else lost.
	bad := filepath.Join(dir, "file")
	os.WriteFile(bad, nil, 0o600)
	a.opts.PositionsDir = filepath.Join(bad, "sub")
	n := game(a).Len()
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyCtrlS}}) // the warning
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyCtrlS}})
	if !tbl(a).State().Refusal || !strings.Contains(tbl(a).State().Message, "could not be saved") || game(a).Len() != n {
		t.Errorf("a failed save: %q (error %v)", tbl(a).State().Message, tbl(a).State().Refusal)
	}
}

// TestScenarioGameRecord plays a scenario game with -record and replays
// the record file: it names the scenario relative to itself and replays
// to the game's position; a game from a position with no file (the
// sandbox) gets its start written beside the record.
func TestScenarioGameRecord(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	dir := t.TempDir()
	src, _ := os.ReadFile(filepath.Join("..", "scenarios", "retreat-none.toml"))
	scen := filepath.Join(dir, "edge.toml")
	os.WriteFile(scen, src, 0o600)
	recPath := filepath.Join(dir, "out", "game.ntk")
	os.MkdirAll(filepath.Dir(recPath), 0o700)
	a := mustApp(t, Options{Saves: tempStore(t), RecordPath: recPath}, defaultNewGame)
	if err := openOn(a, func(cx *Context) (Scene, error) { return loadScenario(cx, scen) }); err != nil {
		t.Fatal(err)
	}
	step(t, a, 2)
	f, err := gamefile.ReadFile(recPath, mapLoader)
	if err != nil {
		t.Fatal(err)
	}
	if f.Record.Scenario != "../edge.toml" {
		t.Errorf("the record names its scenario %q", f.Record.Scenario)
	}
	if !sameState(f.Game, game(a)) {
		t.Error("the record replays to another position")
	}

	// From a position with no file: the start goes beside the record.
	g, _ := scenarios.Load(scen)
	rec2 := filepath.Join(dir, "sandbox.ntk")
	b := mustApp(t, Options{Saves: tempStore(t), RecordPath: rec2}, defaultNewGame)
	_, at := playPosition(b.ctx(), g, "")
	b.mgr.goTo(at)
	b.rebuild()
	step(t, b, 1)
	if _, err := os.Stat(rec2 + ".start.toml"); err != nil {
		t.Fatal(err)
	}
	f, err = gamefile.ReadFile(rec2, mapLoader)
	if err != nil {
		t.Fatal(err)
	}
	if !sameState(f.Game, game(b)) {
		t.Error("the record with its own start replays to another position")
	}
}

// TestScenarioCommentIsShown: a scenario opened in the window shows its
// comment (what to try, what should happen) on a card over the table
// once the curtain is lifted, until Continue.
func TestScenarioCommentIsShown(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{Saves: tempStore(t)}, defaultNewGame)
	if err := openOn(a, func(cx *Context) (Scene, error) {
		return loadScenario(cx, filepath.Join("..", "scenarios", "ship-capacity.toml"))
	}); err != nil {
		t.Fatal(err)
	}
	if is[*curtainScene](a) {
		a.handle(ui.Input{Enter: true})
	}
	if !atTable(a) || !ui.HasText(a.f.ws, "Scenario: ship-capacity.toml") || !ui.HasText(a.f.ws, "Try: move 2 footmen") {
		t.Fatalf("%T: the scenario's comment is not on the table", a.mgr.cur)
	}
	n := game(a).Len()
	a.handle(ui.Input{Enter: true})
	if ui.HasText(a.f.ws, "Scenario: ship-capacity.toml") || game(a).Len() != n {
		t.Error("Continue does not take the comment away, or it played something")
	}
}
