package render

import (
	"image"
	"reflect"
	"slices"
	"strings"
	"testing"

	"notrueking/rules"
)

// tryApp puts a three-player standard game on the table where Crown's
// Greyjoy Maester has chosen Move Troops: Crown (seat 0) is to move
// Greyjoy's troops.
func tryApp(t *testing.T) (*App, *rules.Game, *clicker) {
	t.Helper()
	g, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	m := g.Map()
	if err := g.Edit().First(0); err != nil {
		t.Fatal(err)
	}
	at := []rules.AgentAt{{Seat: 0, House: houseIdx(t, m, "greyjoy"), Slot: rules.Maester}, {Seat: 1, House: houseIdx(t, m, "stark"), Slot: rules.Maester}}
	if err := g.Edit().StartResolution(at); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"crown resolve greyjoy maester", "crown choose move"} {
		a, err := g.ParseAction(line)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	a, err := newApp(Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.tester = true
	a.begin(playRules(g), 5)
	if a.scene == sceneCurtain {
		a.do(Command{Kind: CmdLift})
	}
	a.rebuild()
	if a.scene != sceneTable || g.ToAct() != 0 {
		t.Fatalf("scene %d, to act %d", a.scene, g.ToAct())
	}
	return a, g, newClicker(t, a)
}

// The legal destinations try mode outlines for the group the seat to act
// may move are exactly the engine's legal moves; hovering any other
// territory shows the engine's refusal (Check) for the whole group.
func TestTryModeAgreesWithTheEngine(t *testing.T) {
	a, g, c := tryApp(t)
	before, n := g.Position(), g.Len()
	a.handle(input{Keys: []string{"T"}})
	if a.try == nil || !hasText(a.ws, "Try mode — nothing is played") {
		t.Fatal("T did not turn try mode on with its banner")
	}
	m := g.Map()
	gj := houseIdx(t, m, "greyjoy")
	legalTo := map[int][]int{}
	for _, x := range g.Legal() {
		if x.Verb == rules.VMove && !slices.Contains(legalTo[x.From], x.To) {
			legalTo[x.From] = append(legalTo[x.From], x.To)
		}
	}
	if len(legalTo) == 0 {
		t.Fatal("Crown has no Greyjoy move")
	}
	reasons := 0
	for from, tos := range legalTo {
		c.clickTerr(from)
		if a.try.from != from || a.try.house != gj {
			t.Fatalf("clicking %s picked %d/%d", m.Territories[from].ID, a.try.from, a.try.house)
		}
		hl, sel := a.tryMarks()
		var got []int
		for i, on := range hl {
			if on {
				got = append(got, i)
			}
		}
		slices.Sort(tos)
		if !slices.Equal(got, tos) || sel != from {
			t.Fatalf("from %s: outlined %v, legal %v", m.Territories[from].ID, got, tos)
		}
		whole := a.tryGroup(gj, from)
		for to := range m.Territories {
			if to == from || slices.Contains(tos, to) {
				continue
			}
			legal, text := a.tryReason(to)
			cerr := g.Check(rules.Action{Seat: 0, Verb: rules.VMove, From: from, To: to, Units: whole, House: rules.None})
			if legal || cerr == nil || text != cerr.Error() {
				t.Fatalf("%s → %s: try mode says %v %q, the engine %v", m.Territories[from].ID, m.Territories[to].ID, legal, text, cerr)
			}
			reasons++
		}
		// The hover box shows it.
		for _, to := range m.Territories[from].Neighbors {
			if slices.Contains(tos, to) {
				continue
			}
			p := c.pts[to]
			a.handle(input{X: p[0], Y: p[1]})
			_, want := a.tryReason(to)
			var shown []string
			for _, w := range a.tips() {
				if w.Kind == WText {
					shown = append(shown, w.Text)
				}
			}
			if !strings.Contains(strings.Join(shown, " "), want) {
				t.Fatalf("hovering %s shows %q, want %q", m.Territories[to].ID, shown, want)
			}
		}
		if !strings.Contains(a.tryNow(), "may play such a move now") {
			t.Fatalf("tryNow %q for the group Crown may move", a.tryNow())
		}
	}
	if reasons == 0 {
		t.Fatal("no illegal destination compared")
	}
	if g.Len() != n || !reflect.DeepEqual(g.Position(), before) {
		t.Fatal("try mode changed the game")
	}
}

// Any house's group may be tried: Stark's (Ben's Maester waits) gets the
// engine's destinations for Stark, and try mode says it is not the move
// the table could make now. Nothing is played: action buttons, keys and
// undo are refused, Esc leaves, the game is unchanged.
func TestTryModeAnyHouseNothingPlayed(t *testing.T) {
	a, g, c := tryApp(t)
	before, n := g.Position(), g.Len()
	m := g.Map()
	pressCmd(t, a, Command{Kind: CmdTryMode})
	if a.try == nil {
		t.Fatal("the Try mode button did not turn it on")
	}
	stark, wf := houseIdx(t, m, "stark"), terrIdx(t, m, "winterfell")
	c.clickTerr(wf)
	if a.try.house != stark {
		t.Fatalf("picked house %d, want Stark", a.try.house)
	}
	hl, _ := a.tryMarks()
	want := g.TryDestinations(stark, wf)
	for _, d := range want {
		if !hl[d] {
			t.Fatalf("%s not outlined", m.Territories[d].ID)
		}
	}
	if !hl[terrIdx(t, m, "castle-black")] {
		t.Fatal("Winterfell's troops may go to Castle Black")
	}
	if !strings.Contains(a.tryNow(), "as if an agent of House Stark") {
		t.Fatalf("tryNow %q", a.tryNow())
	}
	legal, text := a.tryReason(terrIdx(t, m, "the-twins"))
	werr := g.TryMove(stark, wf, terrIdx(t, m, "the-twins"), a.tryGroup(stark, wf))
	if legal || werr == nil || text != werr.Error() {
		t.Fatalf("the Twins: %v %q, engine %v", legal, text, werr)
	}
	// Nothing is played: an action button, a digit key, undo.
	if w, ok := findWidget(a.ws, func(w Widget) bool { return w.T.Action != nil }); ok {
		x, y := center(w.R)
		a.handle(input{X: x, Y: y, Click: true})
		if !a.tbl.msgErr || !strings.Contains(a.tbl.msg, "nothing is played") {
			t.Fatalf("an action button in try mode: message %q", a.tbl.msg)
		}
	}
	a.handle(input{Keys: []string{"1"}})
	a.handle(input{Keys: []string{"Ctrl+Z"}})
	a.handle(input{Keys: []string{"E"}})
	if a.scene != sceneTable {
		t.Fatalf("scene %d: E opened something in try mode", a.scene)
	}
	if g.Len() != n || !reflect.DeepEqual(g.Position(), before) {
		t.Fatal("try mode changed the game")
	}
	a.handle(input{Escape: true})
	if a.try != nil {
		t.Fatal("Esc did not leave try mode")
	}
	a.handle(input{Keys: []string{"T"}})
	a.handle(input{Keys: []string{"T"}})
	if a.try != nil {
		t.Fatal("T twice left try mode on")
	}
	if g.Len() != n || !reflect.DeepEqual(g.Position(), before) {
		t.Fatal("the game changed")
	}
	// Back to play: the table moves Greyjoy as before.
	var mv rules.Action
	for _, x := range g.Legal() {
		if x.Verb == rules.VMove {
			mv = x
			break
		}
	}
	c.clickTerr(mv.From)
	if a.tbl.moveFrom != mv.From {
		t.Fatalf("after try mode the table does not take the move (message %q)", a.tbl.msg)
	}
}

// Drawn: the sandbox shows the edited position (a unit added changes the
// picture), and try mode outlines the picked group's destinations (the
// picture changes when a group is picked; nothing else does).
func TestDrawSandboxAndTryMode(t *testing.T) {
	needDisplay(t)
	a, c := sandboxFromStartApp(t)
	m := a.sandbox.m
	before := render(t, a, 800, 450)
	pressCmd(t, a, Command{Kind: CmdSandboxHouse, N: houseIdx(t, m, "stark")})
	kh := terrIdx(t, m, "karhold")
	c.clickTerr(kh)
	c.clickTerr(kh)
	after := render(t, a, 800, 450)
	saveShot(t, "sandbox", after)
	board := NewScaler(800, 450).Rect(a.layout().Board)
	if !differIn(before, after, board) {
		t.Fatal("two footmen in Karhold did not change the sandbox's board")
	}

	a2, _, c2 := tryApp(t)
	a2.handle(input{Keys: []string{"T"}})
	off := render(t, a2, 800, 450)
	c2.clickTerr(terrIdx(t, m, "winterfell"))
	a2.handle(input{X: 0, Y: 0}) // the pointer off the board: no hover box
	picked := render(t, a2, 800, 450)
	saveShot(t, "trymode", picked)
	if !differIn(off, picked, NewScaler(800, 450).Rect(a2.layout().Board)) {
		t.Fatal("picking Winterfell's group did not outline anything on the board")
	}
}

// differIn reports whether two pictures differ inside r (pixels).
func differIn(a, b *image.RGBA, r Rect) bool {
	for y := int(r.Y) + 1; y < int(r.Y+r.H)-1; y++ {
		for x := int(r.X) + 1; x < int(r.X+r.W)-1; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				return true
			}
		}
	}
	return false
}
