package app

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/ui"
)

// sandboxFromStartApp opens the sandbox from the start screen's Sandbox
// button: the standard map, three players, the tester's seed 7.
func sandboxFromStartApp(t *testing.T) (*App, *clicker, *sandboxUI) {
	t.Helper()
	a := mustApp(t, Options{Players: []string{"Ann", "Ben", "Cy"}, Seed: 7, SeedSet: true}, defaultNewGame)
	a.home.setMaps(shippedMaps(), "standard")
	a.rebuild()
	w, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdSandbox })
	if !ok {
		t.Fatal("the start screen has no Sandbox button")
	}
	a.handle(ui.Input{X: w.R.X + 5, Y: w.R.Y + 5, Click: true})
	if !is[*sandboxScene](a) || sandbox(a) == nil {
		t.Fatalf("%T after Sandbox (message %q)", a.mgr.cur, a.home.msg)
	}
	return a, newClicker(t, a), sandbox(a)
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

// Units: a left click adds one of the chosen house and kind, a right
// click and a Shift+click remove one; a ship on land is refused in the
// engine's words (rules.Editor) and changes nothing.
func TestSandboxUnits(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, sb := sandboxFromStartApp(t)
	m := sb.m
	stark, kh := tabletest.House(m, "stark"), tabletest.Terr(m, "karhold")
	c.place(stark, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Knight}, kh)
	c.clickTerr(kh)
	if got := sb.st.Units(kh, stark); got != [board.NumUnits]int{0, 2, 0, 0} {
		t.Fatalf("Karhold after two clicks: %v (message %q)", got, sb.msg)
	}
	p := c.pts[int(kh)]
	a.handle(ui.Input{X: p[0], Y: p[1], Right: true})
	if got := sb.st.Units(kh, stark)[board.Knight]; got != 1 {
		t.Fatalf("after a right click: %d knights", got)
	}
	a.handle(ui.Input{X: p[0], Y: p[1], Shift: true})
	a.handle(ui.Input{X: p[0], Y: p[1], Shift: true, Click: true})
	if got := sb.st.Units(kh, stark)[board.Knight]; got != 0 {
		t.Fatalf("after a Shift+click: %d knights", got)
	}
	a.handle(ui.Input{X: p[0], Y: p[1]}) // Shift released

	// A ship on land: the engine's reason, nothing changed.
	before := sb.g.Position()
	want := sb.g.Clone().Edit().Units(kh, stark, [board.NumUnits]int{0, 0, 1, 0})
	if want == nil {
		t.Fatal("the engine took a ship on land")
	}
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Ship})
	c.clickTerr(kh)
	if !sb.msgErr || !strings.Contains(strings.ToLower(sb.msg), strings.ToLower(want.Error())) {
		t.Fatalf("message %q (error %v), want the engine's %q", sb.msg, sb.msgErr, want)
	}
	if !reflect.DeepEqual(before, sb.g.Position()) {
		t.Fatal("a refused edit changed the position")
	}
	if !ui.Shows(a.f.ws, sb.msg) {
		t.Fatal("the refusal is not on screen")
	}
	// Another house's troops are there already: refused too.
	c.place(tabletest.House(m, "lannister"), ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Footman}, tabletest.Terr(m, "winterfell"))
	refused(t, sb, "already has troops in Winterfell")
}

// refused checks that the sandbox's last edit was refused with a reason
// that says want.
func refused(t *testing.T, sb *sandboxUI, want string) {
	t.Helper()
	if !sb.msgErr || !strings.Contains(sb.msg, want) {
		t.Fatalf("message %q (error %v), want a refusal saying %q", sb.msg, sb.msgErr, want)
	}
}

// Flags: set a house's flag in an empty land territory, clear it; a flag
// where troops stand is refused with the engine's reason.
func TestSandboxFlags(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, sb := sandboxFromStartApp(t)
	m := sb.m
	lan, kh := tabletest.House(m, "lannister"), tabletest.Terr(m, "karhold")
	c.place(lan, ui.Command{Kind: ui.CmdSandboxUnit, N: -1}, kh)
	if sb.st.Flag(kh) != lan {
		t.Fatalf("Karhold's flag %d, want Lannister (message %q)", sb.st.Flag(kh), sb.msg)
	}
	if v := sb.view.Public(); v.Flag(kh) != lan {
		t.Fatalf("the board does not show the flag: %v", v.Flags)
	}
	p := c.pts[int(kh)]
	a.handle(ui.Input{X: p[0], Y: p[1], Right: true})
	if sb.st.Flag(kh) != -1 {
		t.Fatalf("after a right click: flag %d", sb.st.Flag(kh))
	}
	c.clickTerr(tabletest.Terr(m, "winterfell"))
	refused(t, sb, "Stark has troops in Winterfell")
}

// Agents: a slot's click cycles the seats' agents, then none; the seats'
// agents in hand follow. A seat with no agent left is skipped, with the
// engine's reason.
func TestSandboxAgents(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, _, sb := sandboxFromStartApp(t)
	stark := tabletest.House(sb.m, "stark")
	click := func(h board.HouseID, s rules.Slot) {
		t.Helper()
		w, ok := ui.Find(a.f.ws, func(w ui.Widget) bool {
			return w.T.Kind == ui.TSlot && w.T.House == h && w.T.Slot == s
		})
		if !ok {
			t.Fatal("no slot widget")
		}
		x, y := w.R.Center()
		a.handle(ui.Input{X: x, Y: y, Click: true})
	}
	click(stark, rules.Maester)
	if sb.st.Agent(stark, rules.Maester) != 0 || sb.st.AgentsInHand(0) != 2 {
		t.Fatalf("after one click: slot %d, seat 0 holds %d", sb.st.Agent(stark, rules.Maester), sb.st.AgentsInHand(0))
	}
	click(stark, rules.Maester)
	if sb.st.Agent(stark, rules.Maester) != 1 || sb.st.AgentsInHand(0) != 3 || sb.st.AgentsInHand(1) != 2 {
		t.Fatalf("after two clicks: slot %d", sb.st.Agent(stark, rules.Maester))
	}
	if pub := sb.view.Public(); pub.Slots[stark][rules.Maester] != 1 {
		t.Fatal("the houses panel does not show the agent")
	}
	click(stark, rules.Maester)
	click(stark, rules.Maester)
	if sb.st.Agent(stark, rules.Maester) != -1 || sb.st.AgentsInHand(2) != 3 {
		t.Fatalf("after four clicks: slot %d, want free", sb.st.Agent(stark, rules.Maester))
	}
	// Seat 0 places all three agents; the fourth slot skips it.
	for h := range board.HouseID(3) {
		click(h, rules.Lord)
	}
	click(stark, rules.Marshal)
	if got := sb.st.Agent(stark, rules.Marshal); got != 1 || !strings.Contains(sb.msg, "agents in hand") {
		t.Fatalf("Stark Marshal %d, message %q: want seat 1, and the engine's reason for skipping seat 0", got, sb.msg)
	}
}

// Cards and loyalty: give a house card to a seat, take it back onto its
// deck; swap two loyalty tokens and reveal one.
func TestSandboxCardsAndLoyalty(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, _, sb := sandboxFromStartApp(t)
	m := sb.m
	stark := tabletest.House(m, "stark")
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxHouse, N: int(stark)})
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxSeat, N: 1})
	id := m.Houses[stark].Deck[2].ID
	ci, _ := m.Card(id)
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxCard, Card: ci, N: 1})
	if h := sb.st.Hand(1); len(h) != 1 || h[0] != ci {
		t.Fatalf("seat 1's hand %v, want [%s] (message %q)", h, id, sb.msg)
	}
	for _, c := range sb.st.Deck(stark) {
		if c == ci {
			t.Fatal("the card is still in the deck")
		}
	}
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxCard, Card: ci, N: -1})
	if len(sb.st.Hand(1)) != 0 || sb.st.Deck(stark)[0] != ci {
		t.Fatalf("after taking it back: hand %v, deck top %d", sb.st.Hand(1), sb.st.Deck(stark)[0])
	}

	l0 := sb.st.Loyalty(1)
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxToken, N: 0})
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxToken, N: 3})
	l1 := sb.st.Loyalty(1)
	if l1[0] != l0[3] || l1[3] != l0[0] || !sb.st.Arranged(1) {
		t.Fatalf("loyalty %v after swapping slots 1 and 4 of %v", l1, l0)
	}
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxToken, N: 0})
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxReveal})
	if !sb.st.Revealed(1, l1[0]) {
		t.Fatal("the token was not revealed")
	}
	// The steppers: round 2, then past the last round: refused (the editor's Round).
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxRound, N: 1})
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxRound, N: 1})
	if sb.st.Round() != 3 {
		t.Fatalf("round %d", sb.st.Round())
	}
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxRound, N: 1})
	if sb.st.Round() != 3 || !sb.msgErr || !strings.Contains(sb.msg, "outside 1..3") {
		t.Fatalf("round %d, message %q", sb.st.Round(), sb.msg)
	}
	f := sb.st.First()
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxFirst, N: 1})
	if sb.st.First() != (f+1)%3 {
		t.Fatalf("first player %d after %d", sb.st.First(), f)
	}
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxPhase, N: 1}) // loyalty → place
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxPhase, N: 1}) // → resolve
	if sb.st.Phase() != rules.PhaseResolve {
		t.Fatalf("phase %s", sb.st.Phase())
	}
}

// Play from here: the game on the table starts at the edited position
// (its Position is the edited one) and is a tester's game. (Build runs
// the automatic steps a position waits for: had the edits arranged the
// card of the seat whose turn it is, the turn would pass to the next seat
// to arrange; here Ben's card is edited and Ann keeps the turn.)
func TestSandboxPlayFromHere(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, sb := sandboxFromStartApp(t)
	m := sb.m
	stark, kh := tabletest.House(m, "stark"), tabletest.Terr(m, "karhold")
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxHouse, N: int(stark)})
	c.clickTerr(kh)
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxCard, Card: tabletest.Card(m, m.Houses[stark].Deck[0].ID), N: 1})
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxSeat, N: 1})
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxToken, N: 0})
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxToken, N: 1})
	a.handle(ui.Input{X: c.pts[int(kh)][0], Y: c.pts[int(kh)][1], Right: true})
	c.clickTerr(kh)
	want := sb.g.Position()
	if want.Units(kh, stark)[board.Footman] != 1 || len(want.Hand(0)) != 1 || !want.Arranged(1) {
		t.Fatalf("the edits did not take: %v %v %v", want.Units(kh, stark), want.Hand(0), want.Arranged(1))
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyP}})
	if sandbox(a) != nil || (!is[*curtainScene](a) && !atTable(a)) {
		t.Fatalf("%T after Play from here (message %q)", a.mgr.cur, sb.msg)
	}
	g := game(a)
	if g == nil {
		t.Fatal("no rules game on the table")
	}
	if !reflect.DeepEqual(g.Position(), want) {
		t.Fatal("the game's position is not the edited one")
	}
	if !live(a).tester || g.Len() != 0 {
		t.Fatalf("tester %v, %d actions", live(a).tester, g.Len())
	}
}

// A position the engine refuses stays in the sandbox with the engine's
// reason, every edit kept.
func TestSandboxRefusedPositionKeepsEdits(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, sb := sandboxFromStartApp(t)
	m := sb.m
	stark := tabletest.House(m, "stark")
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxHouse, N: int(stark)})
	c.clickTerr(tabletest.Terr(m, "karhold"))
	// Each edit is fine on its own, the whole is not: a Stark ship in
	// the port of Winterfell, then no Stark troops (nor flag) there.
	strandShips(t, a, c)
	before := sb.g.Position()
	_, want := sb.g.Edit().Build()
	if want == nil || !strings.Contains(want.Error(), "does not control Winterfell") {
		t.Fatalf("the engine takes ships in a port whose land is lost: %v", want)
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyP}})
	if !is[*sandboxScene](a) || sandbox(a) != sb {
		t.Fatalf("%T: a refused position left the sandbox", a.mgr.cur)
	}
	if !sb.msgErr || !strings.Contains(sb.msg, want.Error()) || !ui.Shows(a.f.ws, sb.msg) {
		t.Fatalf("message %q, want the engine's %q on screen", sb.msg, want)
	}
	if !reflect.DeepEqual(before, sb.g.Position()) {
		t.Fatal("the refusal changed the edits")
	}
}

// strandShips puts a Stark ship in the port of Winterfell, then takes
// every Stark unit out of Winterfell, by clicks.
func strandShips(t *testing.T, a *App, c *clicker) {
	t.Helper()
	sb, m := sandbox(a), sandbox(a).m
	stark, wf := tabletest.House(m, "stark"), tabletest.Terr(m, "winterfell")
	c.place(stark, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Ship}, tabletest.Terr(m, "port-of-winterfell"))
	for k, n := range sb.st.Units(wf, stark) {
		if n == 0 {
			continue
		}
		pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Unit(k)})
		for range n {
			a.handle(ui.Input{X: c.pts[int(wf)][0], Y: c.pts[int(wf)][1], Right: true})
		}
	}
	if sb.msgErr || sb.st.Units(wf, stark) != ([board.NumUnits]int{}) {
		t.Fatalf("Winterfell still holds %v (message %q)", sb.st.Units(wf, stark), sb.msg)
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
		beginWith(a, playRules(g), 11, gameID{tester: tester})
		if is[*curtainScene](a) {
			a.do(ui.Command{Kind: ui.CmdLift})
		}
		a.rebuild()
		u := tbl(a)
		before, n := g.Position(), g.Len()
		a.handle(ui.Input{Keys: []ui.Key{ui.KeyE}})
		if !tester {
			if !atTable(a) || live(a).armed.cmd != ui.CmdSandbox {
				t.Fatal("not armed")
			}
			live(a).armed.at = 99 // an earlier position's warning does not count
			a.handle(ui.Input{Keys: []ui.Key{ui.KeyE}})
			if !atTable(a) || !strings.Contains(tbl(a).State().Message, "every secret") {
				t.Fatalf("not a tester's game: %T, message %q; want a warning first", a.mgr.cur, tbl(a).State().Message)
			}
			a.handle(ui.Input{Keys: []ui.Key{ui.KeyE}})
		}
		if !is[*sandboxScene](a) {
			t.Fatalf("tester %v: %T after E (message %q)", tester, a.mgr.cur, u.State().Message)
		}
		sb := sandbox(a)
		if !reflect.DeepEqual(sb.st, before) {
			t.Fatal("the sandbox does not start from the game's position")
		}
		c := newClicker(t, a)
		c.clickTerr(tabletest.Terr(sb.m, "karhold"))
		pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxRound, N: 1})
		a.handle(ui.Input{Escape: true})
		if !atTable(a) || tbl(a) != u || sandbox(a) != nil {
			t.Fatalf("after Esc: %T", a.mgr.cur)
		}
		if g.Len() != n || !reflect.DeepEqual(g.Position(), before) || game(a) != g {
			t.Fatal("the sandbox changed the game")
		}
	}
}

// The sandbox's screen on both maps, three to nine players: every widget
// inside the canvas, none overlapping another (panels aside), none on the
// board, no text under 12 pixels at 1280×720.
func TestSandboxLayout(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, tc := range []struct {
		mapName string
		players int
	}{{"standard", 3}, {"standard", 4}, {"nine", 5}, {"nine", 9}} {
		names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}[:tc.players]
		a := mustApp(t, Options{Players: names, Seed: 3, SeedSet: true, Map: tc.mapName}, defaultNewGame)
		a.home.setMaps(shippedMaps(), tc.mapName)
		fromStart(a, sandboxFromStart)
		if !is[*sandboxScene](a) {
			t.Fatalf("%s: %q", tc.mapName, a.home.msg)
		}
		sb := sandbox(a)
		// A full hand and a selected token: the longest rows.
		for _, c := range sb.m.Houses[0].Deck {
			sb.giveCard(tabletest.Card(sb.m, c.ID))
		}
		sb.clickToken(0)
		a.rebuild()
		l := sb.layout().l
		ss := solid(a.f.ws, l)
		where := fmt.Sprintf("%s, %d players", tc.mapName, tc.players)
		for i, w := range ss {
			for _, o := range ss[:i] {
				if ui.Overlap(w.R, o.R) > 0.01 {
					t.Errorf("%s: %q %+v overlaps %q %+v", where, w.Text, w.R, o.Text, o.R)
				}
			}
		}
		sc := ui.NewScaler(1280, 720)
		for _, w := range a.f.ws {
			if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > ui.BaseW+0.01 || w.R.Y+w.R.H > ui.BaseH+0.01 {
				t.Errorf("%s: %q %+v leaves the canvas", where, w.Text, w.R)
			}
			if w.Kind != ui.WPanel && ui.Overlap(w.R, l.Board) > 0 {
				t.Errorf("%s: %q %+v lies on the board", where, w.Text, w.R)
			}
			if w.Text != "" && w.Kind != ui.WPanel && w.Kind != ui.WGlyph && w.Kind != ui.WIcon && w.Size*sc.S < 12-1e-9 {
				t.Errorf("%s: %q is %.1f px high at 1280×720", where, w.Text, w.Size*sc.S)
			}
		}
	}
}

// From the start screen, Esc goes back to it: no game was started.
func TestSandboxEscBackToStart(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a, c, _ := sandboxFromStartApp(t)
	c.clickTerr(tabletest.Terr(sandbox(a).m, "karhold"))
	a.handle(ui.Input{Escape: true})
	if !is[*startScene](a) || sandbox(a) != nil || tbl(a) != nil || game(a) != nil {
		t.Fatalf("after Esc: %T, table %v", a.mgr.cur, tbl(a) != nil)
	}
	if _, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdStart }); !ok {
		t.Fatal("the start screen is not back")
	}
}

// BenchmarkSandboxEdit is one click of the sandbox on the nine-player map
// with nine players: a unit added and removed, each checked by the
// engine (the editor's check of the edit, Build of the whole position)
// and the scratch table that shows it rebuilt.
func BenchmarkSandboxEdit(b *testing.B) {
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}
	g := rulesGame(b, "nine", names, 1)
	sb, err := newSandbox(g)
	if err != nil {
		b.Fatal(err)
	}
	kh, _ := sb.m.Territory("karhold")
	b.ReportAllocs()
	for b.Loop() {
		if !sb.addUnit(kh, 1) || !sb.addUnit(kh, -1) {
			b.Fatal(sb.msg)
		}
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
	sb := sandbox(a)
	m := sb.m
	stark, kh := tabletest.House(m, "stark"), tabletest.Terr(m, "karhold")
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxHouse, N: int(stark)})
	c.clickTerr(kh)
	want, err := sb.g.Edit().Build()
	if err != nil {
		t.Fatal(err)
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyCtrlS}})
	files, _ := filepath.Glob(filepath.Join(dir, "*.toml"))
	if len(files) != 1 || !is[*sandboxScene](a) || sb.msgErr {
		t.Fatalf("%d files, %T, message %q", len(files), a.mgr.cur, sb.msg)
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
	if files, _ = filepath.Glob(filepath.Join(dir, "*.toml")); len(files) != 1 || !sb.msgErr {
		t.Errorf("a refused position: %d files, message %q", len(files), sb.msg)
	}
}
