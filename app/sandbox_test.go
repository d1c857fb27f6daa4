package app

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/sandbox"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/start"
	"notrueking/ui"
)

// sandboxFromStartApp opens the sandbox from the start screen's Sandbox
// button: the standard map, three players, the tester's seed 7.
func sandboxFromStartApp(t *testing.T) (*App, *clicker, *sandbox.Sandbox) {
	t.Helper()
	a := mustApp(t, Options{Players: []string{"Ann", "Ben", "Cy"}, Seed: 7, SeedSet: true}, defaultNewGame)
	a.home.s.SetMaps(start.ShippedMaps(), "standard")
	a.rebuild()
	w, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdSandbox })
	if !ok {
		t.Fatal("the start screen has no Sandbox button")
	}
	a.handle(ui.Input{X: w.R.X + 5, Y: w.R.Y + 5, Click: true})
	if !is[*sandboxScene](a) || sandboxUp(a) == nil {
		t.Fatalf("%T after Sandbox (message %q)", a.mgr.cur, homeMsg(a))
	}
	return a, newClicker(t, a), sandboxUp(a)
}

// place clicks territory terr with the tool of command tool (a unit kind,
// the flag) for house h.
func (c *clicker) place(h board.HouseID, tool ui.Command, terr board.TerrID) {
	c.t.Helper()
	pressCmd(c.t, c.a, ui.Command{Kind: ui.CmdSandboxHouse, N: int(h)})
	pressCmd(c.t, c.a, tool)
	c.clickTerr(terr)
}

// pressCmd clicks the widget carrying command c.
func pressCmd(t *testing.T, a *App, c ui.Command) {
	t.Helper()
	w, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd == c })
	if !ok && atTable(a) {
		// A tester's tool: an entry of the Tools menu, opened first.
		tools, found := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdTools })
		if found {
			x, y := tools.R.Center()
			a.handle(ui.Input{X: x, Y: y, Click: true})
			w, ok = ui.Find(a.f.ws[a.f.modal:], func(w ui.Widget) bool { return w.T.Cmd == c })
		}
	}
	if !ok {
		t.Fatalf("no widget for %+v", c)
	}
	x, y := w.R.Center()
	a.handle(ui.Input{X: x, Y: y})
	a.handle(ui.Input{X: x, Y: y, Click: true})
}

// TestSandboxMouse: on the sandbox's board a left click adds a unit of
// the chosen house and kind, a right click and a Shift+click remove one
// (package sandbox holds what each edit does); a slot's click cycles its
// agent; a refusal shows on the screen.
func TestSandboxMouse(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, sb := sandboxFromStartApp(t)
	m := sb.Table().Map()
	stark, kh := tabletest.House(m, "stark"), tabletest.Terr(m, "karhold")
	c.place(stark, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Knight}, kh)
	c.clickTerr(kh)
	if got := sb.Position().Units(kh, stark); got != [board.NumUnits]int{0, 2, 0, 0} {
		t.Fatalf("Karhold after two clicks: %v", got)
	}
	p := c.pts[int(kh)]
	a.handle(ui.Input{X: p[0], Y: p[1], Right: true})
	if got := sb.Position().Units(kh, stark)[board.Knight]; got != 1 {
		t.Fatalf("after a right click: %d knights", got)
	}
	a.handle(ui.Input{X: p[0], Y: p[1], Shift: true})
	a.handle(ui.Input{X: p[0], Y: p[1], Shift: true, Click: true})
	if got := sb.Position().Units(kh, stark)[board.Knight]; got != 0 {
		t.Fatalf("after a Shift+click: %d knights", got)
	}
	a.handle(ui.Input{X: p[0], Y: p[1]}) // Shift released
	slot, ok := ui.Find(a.f.ws, func(w ui.Widget) bool {
		return w.T.Kind == ui.TSlot && w.T.House == stark && w.T.Slot == rules.Maester
	})
	if !ok {
		t.Fatal("no slot widget")
	}
	x, y := slot.R.Center()
	a.handle(ui.Input{X: x, Y: y, Click: true})
	if sb.Position().Agent(stark, rules.Maester) != 0 {
		t.Fatalf("after a slot's click: agent %d", sb.Position().Agent(stark, rules.Maester))
	}
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Ship})
	c.clickTerr(kh)
	if msg, isErr := sb.Message(); !isErr || !ui.Shows(a.f.ws, msg) {
		t.Fatalf("a ship on land: message %q (refusal %v) not on screen", msg, isErr)
	}
}

// Play from here (P): the game on the table starts at the edited
// position (package sandbox builds it) and is a tester's game.
func TestSandboxPlayFromHere(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, sb := sandboxFromStartApp(t)
	m := sb.Table().Map()
	stark, kh := tabletest.House(m, "stark"), tabletest.Terr(m, "karhold")
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxHouse, N: int(stark)})
	c.clickTerr(kh)
	want := sb.Position()
	if want.Units(kh, stark)[board.Footman] != 1 {
		t.Fatalf("the edit did not take: %v", want.Units(kh, stark))
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyP}})
	if sandboxUp(a) != nil || (!is[*curtainScene](a) && !atTable(a)) {
		t.Fatalf("%T after Play from here", a.mgr.cur)
	}
	g := game(a)
	if g == nil {
		t.Fatal("no rules game on the table")
	}
	if !reflect.DeepEqual(g.Position(), want) {
		t.Fatal("the game's position is not the edited one")
	}
	if !playing(a).Tester() || g.Len() != 0 {
		t.Fatalf("tester %v, %d actions", playing(a).Tester(), g.Len())
	}
}

// A position the engine refuses stays in the sandbox on P, the engine's
// reason on the screen, every edit kept.
func TestSandboxRefusedPositionStays(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, sb := sandboxFromStartApp(t)
	// Each edit is fine on its own, the whole is not: a Stark ship in
	// the port of Winterfell, then no Stark troops (nor flag) there.
	strandShips(t, a, c)
	before := sb.Position()
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyP}})
	if !is[*sandboxScene](a) || sandboxUp(a) != sb {
		t.Fatalf("%T: a refused position left the sandbox", a.mgr.cur)
	}
	if msg, isErr := sb.Message(); !isErr || !strings.Contains(msg, "does not control Winterfell") || !ui.Shows(a.f.ws, msg) {
		t.Fatalf("message %q, want the engine's reason on screen", msg)
	}
	if !reflect.DeepEqual(before, sb.Position()) {
		t.Fatal("the refusal changed the edits")
	}
}

// strandShips puts a Stark ship in the port of Winterfell, then takes
// every Stark unit out of Winterfell, by clicks.
func strandShips(t *testing.T, a *App, c *clicker) {
	t.Helper()
	sb := sandboxUp(a)
	m := sb.Table().Map()
	stark, wf := tabletest.House(m, "stark"), tabletest.Terr(m, "winterfell")
	c.place(stark, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Ship}, tabletest.Terr(m, "port-of-winterfell"))
	for k, n := range sb.Position().Units(wf, stark) {
		if n == 0 {
			continue
		}
		pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Unit(k)})
		for range n {
			a.handle(ui.Input{X: c.pts[int(wf)][0], Y: c.pts[int(wf)][1], Right: true})
		}
	}
	if msg, isErr := sb.Message(); isErr || sb.Position().Units(wf, stark) != ([board.NumUnits]int{}) {
		t.Fatalf("Winterfell still holds %v (message %q)", sb.Position().Units(wf, stark), msg)
	}
}

// From the table: E opens the sandbox on the game's position (a tester's
// game at once; another game after a warning); edits and Esc leave the
// game exactly as it was.
func TestSandboxFromTableEscChangesNothing(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, tester := range []bool{true, false} {
		g := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, 11)
		tabletest.PlaySome(t, g, g, 40)
		a := mustApp(t, Options{}, nil)
		beginWith(a, g, session.FilesOptions{Tester: tester})
		if is[*curtainScene](a) {
			a.do(ui.Command{Kind: ui.CmdLift})
		}
		a.rebuild()
		u := tbl(a)
		before, n := g.Position(), g.Len()
		a.handle(ui.Input{Keys: []ui.Key{ui.KeyE}})
		if !tester {
			// A warning first (package live: live.Game.SecretTool).
			if !atTable(a) || !strings.Contains(tbl(a).State().Message, "every secret") {
				t.Fatalf("not a tester's game: %T, message %q; want a warning first", a.mgr.cur, tbl(a).State().Message)
			}
			a.handle(ui.Input{Keys: []ui.Key{ui.KeyE}})
		}
		if !is[*sandboxScene](a) {
			t.Fatalf("tester %v: %T after E (message %q)", tester, a.mgr.cur, u.State().Message)
		}
		sb := sandboxUp(a)
		if !reflect.DeepEqual(sb.Position(), before) {
			t.Fatal("the sandbox does not start from the game's position")
		}
		c := newClicker(t, a)
		c.clickTerr(tabletest.Terr(sb.Table().Map(), "karhold"))
		pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxRound, N: 1})
		a.handle(ui.Input{Escape: true})
		if !atTable(a) || tbl(a) != u || sandboxUp(a) != nil {
			t.Fatalf("after Esc: %T", a.mgr.cur)
		}
		if g.Len() != n || !reflect.DeepEqual(g.Position(), before) || game(a) != g {
			t.Fatal("the sandbox changed the game")
		}
	}
}

// From the start screen, Esc goes back to it: no game was started.
func TestSandboxEscBackToStart(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, _ := sandboxFromStartApp(t)
	c.clickTerr(tabletest.Terr(sandboxUp(a).Table().Map(), "karhold"))
	a.handle(ui.Input{Escape: true})
	if !is[*startScene](a) || sandboxUp(a) != nil || tbl(a) != nil || game(a) != nil {
		t.Fatalf("after Esc: %T, table %v", a.mgr.cur, tbl(a) != nil)
	}
	if _, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdStart }); !ok {
		t.Fatal("the start screen is not back")
	}
}

// TestSandboxSavesTheEditedPosition: Ctrl+S in the sandbox writes the
// edited position as a scenario file (checked by the engine first) that
// loads back to it; the sandbox stays open. A position the engine refuses
// writes nothing and says why.
func TestSandboxSavesTheEditedPosition(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, _ := sandboxFromStartApp(t)
	dir := t.TempDir()
	a.opts.PositionsDir = dir
	sb := sandboxUp(a)
	m := sb.Table().Map()
	stark, kh := tabletest.House(m, "stark"), tabletest.Terr(m, "karhold")
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxHouse, N: int(stark)})
	c.clickTerr(kh)
	want, ok := sb.Play()
	if !ok {
		t.Fatal(sb.Message())
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyCtrlS}})
	files, _ := filepath.Glob(filepath.Join(dir, "*.toml"))
	if msg, isErr := sb.Message(); len(files) != 1 || !is[*sandboxScene](a) || isErr {
		t.Fatalf("%d files, %T, message %q", len(files), a.mgr.cur, msg)
	}
	g, err := scenarios.Load(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Position(), want.Position()) {
		t.Error("the saved scenario loads to another position")
	}
	// A position the engine refuses (ships in a port whose land is
	// lost): nothing is written.
	strandShips(t, a, c)
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyCtrlS}})
	msg, isErr := sb.Message()
	if files, _ = filepath.Glob(filepath.Join(dir, "*.toml")); len(files) != 1 || !isErr {
		t.Errorf("a refused position: %d files, message %q", len(files), msg)
	}
}
