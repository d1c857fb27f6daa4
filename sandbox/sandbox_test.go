package sandbox

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// open is the sandbox on the initial position of a standard game of
// three players (seed 7), as the start screen's Sandbox opens it.
func open(t testing.TB) *Sandbox {
	t.Helper()
	return openOn(t, "standard", []string{"Ann", "Ben", "Cy"}, 7)
}

func openOn(t testing.TB, mapName string, names []string, seed uint64) *Sandbox {
	t.Helper()
	g, err := tabletest.RulesGame(mapName, names, seed)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := New(g)
	if err != nil {
		t.Fatal(err)
	}
	return sb
}

// press presses the button of command c on the sandbox's screen (it must
// be there).
func press(t *testing.T, sb *Sandbox, c ui.Command) {
	t.Helper()
	w, ok := ui.Find(sb.Widgets(), func(w ui.Widget) bool { return w.T.Cmd == c })
	if !ok {
		t.Fatalf("no button for %+v", c)
	}
	if !sb.Do(w.T.Cmd) {
		t.Fatalf("the sandbox did not take %+v", c)
	}
}

// place clicks territory terr with the tool of command tool (a unit kind,
// the flag) for house h.
func place(t *testing.T, sb *Sandbox, h board.HouseID, tool ui.Command, terr board.TerrID) {
	t.Helper()
	press(t, sb, ui.Command{Kind: ui.CmdSandboxHouse, N: int(h)})
	press(t, sb, tool)
	sb.Click(ui.Target{Kind: ui.TTerritory, Terr: terr})
}

// refused checks that the sandbox's last edit was refused with a reason
// that says want, shown on its message line.
func refused(t *testing.T, sb *Sandbox, want string) {
	t.Helper()
	msg, isErr := sb.Message()
	if !isErr || !strings.Contains(msg, want) || !ui.Shows(sb.Widgets(), msg) {
		t.Fatalf("message %q (error %v), want a refusal saying %q on screen", msg, isErr, want)
	}
}

// Units: a click adds one of the chosen house and kind, a removal (a
// right click, a Shift+click) takes one; a ship on land is refused in the
// engine's words (rules.Editor) and changes nothing.
func TestSandboxUnits(t *testing.T) {
	sb := open(t)
	m := sb.m
	stark, kh := tabletest.House(m, "stark"), tabletest.Terr(m, "karhold")
	place(t, sb, stark, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Knight}, kh)
	sb.Click(ui.Target{Kind: ui.TTerritory, Terr: kh})
	if got := sb.Position().Units(kh, stark); got != [board.NumUnits]int{0, 2, 0, 0} {
		t.Fatalf("Karhold after two clicks: %v (message %q)", got, sb.msg)
	}
	sb.Remove(kh)
	if got := sb.Position().Units(kh, stark)[board.Knight]; got != 1 {
		t.Fatalf("after a removal: %d knights", got)
	}
	sb.Keys(ui.Input{Shift: true})
	sb.Click(ui.Target{Kind: ui.TTerritory, Terr: kh})
	sb.Keys(ui.Input{})
	if got := sb.Position().Units(kh, stark)[board.Knight]; got != 0 {
		t.Fatalf("after a Shift+click: %d knights", got)
	}
	// A ship on land: the engine's reason, nothing changed.
	before := sb.g.Position()
	want := sb.g.Clone().Edit().Units(kh, stark, [board.NumUnits]int{0, 0, 1, 0})
	if want == nil {
		t.Fatal("the engine took a ship on land")
	}
	press(t, sb, ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Ship})
	sb.Click(ui.Target{Kind: ui.TTerritory, Terr: kh})
	if msg, isErr := sb.Message(); !isErr || !strings.Contains(strings.ToLower(msg), strings.ToLower(want.Error())) {
		t.Fatalf("message %q (error %v), want the engine's %q", msg, isErr, want)
	}
	if !reflect.DeepEqual(before, sb.g.Position()) {
		t.Fatal("a refused edit changed the position")
	}
	// Another house's troops are there already: refused too.
	place(t, sb, tabletest.House(m, "lannister"), ui.Command{Kind: ui.CmdSandboxUnit, Unit: board.Footman}, tabletest.Terr(m, "winterfell"))
	refused(t, sb, "already has troops in Winterfell")
}

// Flags: set a house's flag in an empty land territory, clear it; a flag
// where troops stand is refused with the engine's reason.
func TestSandboxFlags(t *testing.T) {
	sb := open(t)
	m := sb.m
	lan, kh := tabletest.House(m, "lannister"), tabletest.Terr(m, "karhold")
	place(t, sb, lan, ui.Command{Kind: ui.CmdSandboxUnit, N: -1}, kh)
	if sb.Position().Flag(kh) != lan {
		t.Fatalf("Karhold's flag %d, want Lannister (message %q)", sb.Position().Flag(kh), sb.msg)
	}
	if v := sb.Table().Public(); v.Flag(kh) != lan {
		t.Fatalf("the board does not show the flag: %v", v.Flags)
	}
	sb.Remove(kh)
	if sb.Position().Flag(kh) != -1 {
		t.Fatalf("after a removal: flag %d", sb.Position().Flag(kh))
	}
	sb.Click(ui.Target{Kind: ui.TTerritory, Terr: tabletest.Terr(m, "winterfell")})
	refused(t, sb, "Stark has troops in Winterfell")
}

// Agents: a slot's click cycles the seats' agents, then none; the seats'
// agents in hand follow. A seat with no agent left is skipped, with the
// engine's reason.
func TestSandboxAgents(t *testing.T) {
	sb := open(t)
	stark := tabletest.House(sb.m, "stark")
	click := func(h board.HouseID, s rules.Slot) {
		t.Helper()
		w, ok := ui.Find(sb.Widgets(), func(w ui.Widget) bool {
			return w.T.Kind == ui.TSlot && w.T.House == h && w.T.Slot == s
		})
		if !ok {
			t.Fatal("no slot widget")
		}
		sb.Click(w.T)
	}
	st := func() rules.Position { return sb.Position() }
	click(stark, rules.Maester)
	if st().Agent(stark, rules.Maester) != 0 || st().AgentsInHand(0) != 2 {
		t.Fatalf("after one click: slot %d, seat 0 holds %d", st().Agent(stark, rules.Maester), st().AgentsInHand(0))
	}
	click(stark, rules.Maester)
	if st().Agent(stark, rules.Maester) != 1 || st().AgentsInHand(0) != 3 || st().AgentsInHand(1) != 2 {
		t.Fatalf("after two clicks: slot %d", st().Agent(stark, rules.Maester))
	}
	if pub := sb.Table().Public(); pub.Slots[stark][rules.Maester] != 1 {
		t.Fatal("the houses panel does not show the agent")
	}
	click(stark, rules.Maester)
	click(stark, rules.Maester)
	if st().Agent(stark, rules.Maester) != -1 || st().AgentsInHand(2) != 3 {
		t.Fatalf("after four clicks: slot %d, want free", st().Agent(stark, rules.Maester))
	}
	// Seat 0 places all three agents; the fourth slot skips it.
	for h := range board.HouseID(3) {
		click(h, rules.Lord)
	}
	click(stark, rules.Marshal)
	if got := st().Agent(stark, rules.Marshal); got != 1 || !strings.Contains(sb.msg, "agents in hand") {
		t.Fatalf("Stark Marshal %d, message %q: want seat 1, and the engine's reason for skipping seat 0", got, sb.msg)
	}
}

// Cards and loyalty: give a house card to a seat, take it back onto its
// deck; swap two loyalty tokens and reveal one; the steppers.
func TestSandboxCardsAndLoyalty(t *testing.T) {
	sb := open(t)
	m := sb.m
	st := func() rules.Position { return sb.Position() }
	stark := tabletest.House(m, "stark")
	press(t, sb, ui.Command{Kind: ui.CmdSandboxHouse, N: int(stark)})
	press(t, sb, ui.Command{Kind: ui.CmdSandboxSeat, N: 1})
	id := m.Houses[stark].Deck[2].ID
	ci, _ := m.Card(id)
	press(t, sb, ui.Command{Kind: ui.CmdSandboxCard, Card: ci, N: 1})
	if h := st().Hand(1); len(h) != 1 || h[0] != ci {
		t.Fatalf("seat 1's hand %v, want [%s] (message %q)", h, id, sb.msg)
	}
	for _, c := range st().Deck(stark) {
		if c == ci {
			t.Fatal("the card is still in the deck")
		}
	}
	press(t, sb, ui.Command{Kind: ui.CmdSandboxCard, Card: ci, N: -1})
	if len(st().Hand(1)) != 0 || st().Deck(stark)[0] != ci {
		t.Fatalf("after taking it back: hand %v, deck top %d", st().Hand(1), st().Deck(stark)[0])
	}

	l0 := st().Loyalty(1)
	press(t, sb, ui.Command{Kind: ui.CmdSandboxToken, N: 0})
	press(t, sb, ui.Command{Kind: ui.CmdSandboxToken, N: 3})
	l1 := st().Loyalty(1)
	if l1[0] != l0[3] || l1[3] != l0[0] || !st().Arranged(1) {
		t.Fatalf("loyalty %v after swapping slots 1 and 4 of %v", l1, l0)
	}
	press(t, sb, ui.Command{Kind: ui.CmdSandboxToken, N: 0})
	press(t, sb, ui.Command{Kind: ui.CmdSandboxReveal})
	if !st().Revealed(1, l1[0]) {
		t.Fatal("the token was not revealed")
	}
	// The steppers: round 2, then past the last round: refused (the editor's Round).
	press(t, sb, ui.Command{Kind: ui.CmdSandboxRound, N: 1})
	press(t, sb, ui.Command{Kind: ui.CmdSandboxRound, N: 1})
	if st().Round() != 3 {
		t.Fatalf("round %d", st().Round())
	}
	press(t, sb, ui.Command{Kind: ui.CmdSandboxRound, N: 1})
	if st().Round() != 3 {
		t.Fatalf("round %d", st().Round())
	}
	refused(t, sb, "outside 1..3")
	f := st().First()
	press(t, sb, ui.Command{Kind: ui.CmdSandboxFirst, N: 1})
	if st().First() != (f+1)%3 {
		t.Fatalf("first player %d after %d", st().First(), f)
	}
	press(t, sb, ui.Command{Kind: ui.CmdSandboxPhase, N: 1}) // loyalty → place
	press(t, sb, ui.Command{Kind: ui.CmdSandboxPhase, N: 1}) // → resolve
	if st().Phase() != rules.PhaseResolve {
		t.Fatalf("phase %s", st().Phase())
	}
}

// Play builds the game from the edited position (its Position is the
// edited one, nothing played yet); the game the sandbox came from is not
// touched. (Build runs the automatic steps a position waits for: had the
// edits arranged the card of the seat whose turn it is, the turn would
// pass to the next seat to arrange; here Ben's card is edited and Ann
// keeps the turn.)
func TestSandboxPlayBuildsTheEditedPosition(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	from := g.Position()
	sb, err := New(g)
	if err != nil {
		t.Fatal(err)
	}
	m := sb.m
	stark, kh := tabletest.House(m, "stark"), tabletest.Terr(m, "karhold")
	press(t, sb, ui.Command{Kind: ui.CmdSandboxHouse, N: int(stark)})
	sb.Click(ui.Target{Kind: ui.TTerritory, Terr: kh})
	press(t, sb, ui.Command{Kind: ui.CmdSandboxCard, Card: tabletest.Card(m, m.Houses[stark].Deck[0].ID), N: 1})
	press(t, sb, ui.Command{Kind: ui.CmdSandboxSeat, N: 1})
	press(t, sb, ui.Command{Kind: ui.CmdSandboxToken, N: 0})
	press(t, sb, ui.Command{Kind: ui.CmdSandboxToken, N: 1})
	want := sb.Position()
	if want.Units(kh, stark)[board.Footman] != 1 || len(want.Hand(0)) != 1 || !want.Arranged(1) {
		t.Fatalf("the edits did not take: %v %v %v", want.Units(kh, stark), want.Hand(0), want.Arranged(1))
	}
	played, ok := sb.Play()
	if !ok || played.Len() != 0 || !reflect.DeepEqual(played.Position(), want) || played.ToAct() != 0 {
		t.Fatalf("Play: ok %v, %d actions, seat %d to act; want the edited position, Ann to act", ok, played.Len(), played.ToAct())
	}
	if !reflect.DeepEqual(g.Position(), from) {
		t.Fatal("the sandbox changed the game it came from")
	}
}

// A position the engine refuses as a whole (each edit fine on its own: a
// Stark ship in the port of Winterfell, then no Stark troops there) is
// not played: Play says the engine's reason, every edit kept.
func TestSandboxRefusedPositionKeepsEdits(t *testing.T) {
	sb := open(t)
	m := sb.m
	stark, wf := tabletest.House(m, "stark"), tabletest.Terr(m, "winterfell")
	if err := sb.g.Edit().Units(tabletest.Terr(m, "port-of-winterfell"), stark, [board.NumUnits]int{board.Ship: 1}); err != nil {
		t.Fatal(err)
	}
	if err := sb.g.Edit().Units(wf, stark, [board.NumUnits]int{}); err != nil {
		t.Fatal(err)
	}
	sb.show()
	before := sb.g.Position()
	_, want := sb.g.Edit().Build()
	if want == nil || !strings.Contains(want.Error(), "does not control Winterfell") {
		t.Fatalf("the engine takes ships in a port whose land is lost: %v", want)
	}
	if g, ok := sb.Play(); ok || g != nil {
		t.Fatal("a refused position was played")
	}
	refused(t, sb, want.Error())
	if !reflect.DeepEqual(before, sb.g.Position()) {
		t.Fatal("the refusal changed the edits")
	}
	// The board still shows the position as edited.
	if !reflect.DeepEqual(sb.Table().Public(), sb.g.View(rules.Public)) {
		t.Fatal("the board does not show the edited position")
	}
}

// The sandbox's screen on both maps, three to nine players: every widget
// inside the canvas, none overlapping another (panels aside), none on the
// board, no text under 12 pixels at 1280×720.
func TestSandboxLayout(t *testing.T) {
	for _, tc := range []struct {
		mapName string
		players int
	}{{"standard", 3}, {"standard", 4}, {"nine", 5}, {"nine", 9}} {
		names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}[:tc.players]
		sb := openOn(t, tc.mapName, names, 3)
		// A full hand and a selected token: the longest rows.
		for _, c := range sb.m.Houses[0].Deck {
			sb.giveCard(tabletest.Card(sb.m, c.ID))
		}
		sb.clickToken(0)
		ws := sb.Widgets()
		area := sb.Layout().Table.Board
		where := fmt.Sprintf("%s, %d players", tc.mapName, tc.players)
		var solid []ui.Widget
		for _, w := range ws {
			if w.Kind != ui.WPanel && (w.Text != "" || w.Kind != ui.WText) {
				solid = append(solid, w)
			}
		}
		for i, w := range solid {
			for _, o := range solid[:i] {
				if ui.Overlap(w.R, o.R) > 0.01 {
					t.Errorf("%s: %q %+v overlaps %q %+v", where, w.Text, w.R, o.Text, o.R)
				}
			}
		}
		sc := ui.NewScaler(1280, 720)
		for _, w := range ws {
			if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > ui.BaseW+0.01 || w.R.Y+w.R.H > ui.BaseH+0.01 {
				t.Errorf("%s: %q %+v leaves the canvas", where, w.Text, w.R)
			}
			if w.Kind != ui.WPanel && ui.Overlap(w.R, area) > 0 {
				t.Errorf("%s: %q %+v lies on the board", where, w.Text, w.R)
			}
			if w.Text != "" && w.Kind != ui.WPanel && w.Kind != ui.WGlyph && w.Kind != ui.WIcon && w.Size*sc.S < 12-1e-9 {
				t.Errorf("%s: %q is %.1f px high at 1280×720", where, w.Text, w.Size*sc.S)
			}
		}
	}
}

// BenchmarkSandboxEdit is one click of the sandbox on the nine-player map
// with nine players: a unit added and removed, each checked by the
// engine (the editor's check of the edit, Build of the whole position)
// and the scratch table that shows it rebuilt.
func BenchmarkSandboxEdit(b *testing.B) {
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}
	sb := openOn(b, "nine", names, 1)
	kh, _ := sb.m.Territory("karhold")
	b.ReportAllocs()
	for b.Loop() {
		if !sb.addUnit(kh, 1) || !sb.addUnit(kh, -1) {
			b.Fatal(sb.msg)
		}
	}
}
