package table

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// tryTable puts a three-player standard game on the table where Crown's
// Greyjoy Maester has chosen Move Troops: Crown (seat 0) is to move
// Greyjoy's troops, and Crown's panel is shown.
func tryTable(t *testing.T) (*Table, *rules.Game) {
	t.Helper()
	g := tabletest.GreyjoyMoving(t)
	u := New(rules.HotSeat(g), Options{Seed: 5, Tester: true})
	u.Reveal(g.ToAct())
	if g.ToAct() != 0 {
		t.Fatalf("to act %d", g.ToAct())
	}
	return u, g
}

// key presses the keys of one tick on u, and the buttons that show the
// keys left; tools records the Tools menu's commands (the app's), and
// Try mode's goes to the table as the app sends it.
func key(u *Table, tools *[]ui.Command, keys ...ui.Key) {
	ws := u.Widgets(u.Layout())
	k := u.Keys(ui.Input{Keys: keys})
	for _, c := range k.Tools {
		*tools = append(*tools, c)
		if c.Kind == ui.CmdTryMode {
			u.Do(c)
		}
	}
	for _, r := range k.Rest {
		if tg, ok := ui.KeyTarget(ws, r); ok {
			u.Click(tg)
		}
	}
}

// clickTerr clicks territory tr on u.
func clickTerr(u *Table, tr board.TerrID) { u.Click(ui.Target{Kind: ui.TTerritory, Terr: tr}) }

// The legal destinations try mode outlines for the group the seat to act
// may move are exactly the engine's legal moves; hovering any other
// territory shows the engine's refusal (Check) for the whole group.
func TestTryModeAgreesWithTheEngine(t *testing.T) {
	u, g := tryTable(t)
	before, n := g.Position(), g.Len()
	var tools []ui.Command
	key(u, &tools, ui.KeyT)
	if !u.try.on || !ui.HasText(u.Widgets(u.Layout()), "Try mode — nothing is played") {
		t.Fatal("T did not turn try mode on with its banner")
	}
	m := g.Map()
	gj := tabletest.House(m, "greyjoy")
	legalTo := map[board.TerrID][]board.TerrID{}
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
		clickTerr(u, from)
		if u.try.from != from || u.try.house != gj {
			t.Fatalf("clicking %s picked %d/%d", m.Territories[from].ID, u.try.from, u.try.house)
		}
		hl, sel := u.Highlights()
		var got []board.TerrID
		for i, on := range hl {
			if on {
				got = append(got, board.TerrID(i))
			}
		}
		slices.Sort(tos)
		if !slices.Equal(got, tos) || sel != int(from) {
			t.Fatalf("from %s: outlined %v, legal %v", m.Territories[from].ID, got, tos)
		}
		whole := u.pos.units(gj, from)
		for to := range m.NumTerritories() {
			if to == from || slices.Contains(tos, to) {
				continue
			}
			legal, text := u.try.reason(to)
			cerr := g.Check(rules.Action{Seat: 0, Verb: rules.VMove, From: from, To: to, Units: whole, House: rules.None})
			if legal || cerr == nil || text != cerr.Error() {
				t.Fatalf("%s → %s: try mode says %v %q, the engine %v", m.Territories[from].ID, m.Territories[to].ID, legal, text, cerr)
			}
			reasons++
		}
		// The hover box shows it.
		l := u.Layout()
		for _, to := range m.Territories[from].Neighbors {
			if slices.Contains(tos, to) {
				continue
			}
			_, want := u.try.reason(to)
			var shown []string
			for _, w := range u.TerritoryTip(to, 500, 400, l.Message) {
				if w.Kind == ui.WText {
					shown = append(shown, w.Text)
				}
			}
			if !strings.Contains(strings.Join(shown, " "), want) {
				t.Fatalf("hovering %s shows %q, want %q", m.Territories[to].ID, shown, want)
			}
		}
		if !strings.Contains(u.try.now(), "may play such a move now") {
			t.Fatalf("tryNow %q for the group Crown may move", u.try.now())
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
	u, g := tryTable(t)
	before, n := g.Position(), g.Len()
	m := g.Map()
	// The Tools menu's entry, as its button asks for it.
	if u.Do(ui.Command{Kind: ui.CmdTryMode}) || !u.try.on {
		t.Fatal("the Try mode command did not turn it on (or went to the game)")
	}
	stark, wf := tabletest.House(m, "stark"), tabletest.Terr(m, "winterfell")
	clickTerr(u, wf)
	if u.try.house != stark {
		t.Fatalf("picked house %d, want Stark", u.try.house)
	}
	hl, _ := u.Highlights()
	want := g.TryDestinations(stark, wf)
	for _, d := range want {
		if !hl[d] {
			t.Fatalf("%s not outlined", m.Territories[d].ID)
		}
	}
	if !hl[tabletest.Terr(m, "castle-black")] {
		t.Fatal("Winterfell's troops may go to Castle Black")
	}
	if !strings.Contains(u.try.now(), "as if an agent of House Stark") {
		t.Fatalf("tryNow %q", u.try.now())
	}
	twins := tabletest.Terr(m, "the-twins")
	legal, text := u.try.reason(twins)
	werr := g.TryMove(stark, wf, twins, u.pos.units(stark, wf))
	if legal || werr == nil || text != werr.Error() {
		t.Fatalf("the Twins: %v %q, engine %v", legal, text, werr)
	}
	// Nothing is played: an action button, a digit key, undo.
	ws := u.Widgets(u.Layout())
	if w, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Action != nil }); ok {
		if u.Click(w.T) {
			t.Fatal("an action button in try mode went to the game")
		}
		if msg, isErr := u.Message(); !isErr || !strings.Contains(msg, "nothing is played") {
			t.Fatalf("an action button in try mode: message %q", msg)
		}
	}
	var tools []ui.Command
	for _, k := range []ui.Key{ui.Key1, ui.KeyCtrlZ, ui.KeyE} {
		key(u, &tools, k)
	}
	if len(tools) > 0 {
		t.Fatalf("keys in try mode opened the Tools menu's %v", tools)
	}
	if g.Len() != n || !reflect.DeepEqual(g.Position(), before) {
		t.Fatal("try mode changed the game")
	}
	key(u, &tools, ui.KeyEsc)
	if u.try.on {
		t.Fatal("Esc did not leave try mode")
	}
	key(u, &tools, ui.KeyT)
	key(u, &tools, ui.KeyT)
	if u.try.on {
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
	clickTerr(u, mv.From)
	if u.mv.from != mv.From {
		t.Fatalf("after try mode the table does not take the move (message %q)", u.msg)
	}
}

// The table says its mode: try mode over anything, then a notice
// waiting for Continue, else play (the app shows the scene of it).
func TestTheTableSaysItsMode(t *testing.T) {
	u, _ := tryTable(t)
	if m := u.Mode(); m != ModePlay {
		t.Fatalf("a fresh table is in mode %d, want play", m)
	}
	var tools []ui.Command
	key(u, &tools, ui.KeyT)
	if m := u.Mode(); m != ModeTry || !u.Trying() {
		t.Fatalf("after T: mode %d (trying %v), want try", m, u.Trying())
	}
	key(u, &tools, ui.KeyT)
	if m := u.Mode(); m != ModePlay {
		t.Fatalf("after T again: mode %d, want play", m)
	}
}
