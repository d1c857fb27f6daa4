package table

import (
	"math/rand/v2"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/ui"
)

// roadPosition: Tyrell's Lord moves from Highgarden onto the Roseroad,
// where Baratheon and Stark stand (nine-house map).
const roadPosition = `map = "nine"
phase = "resolve"

[[player]]
id = "crown"
name = "Ann"

[[player]]
id = "torch"
name = "Ben"

[agents]
tyrell = { lord = "crown" }

[units]
highgarden.tyrell = { footman = 2 }
roseroad.baratheon = { footman = 1 }
roseroad.stark = { footman = 1 }

[[stack]]
kind = "agent"
house = "tyrell"
slot = "lord"
used = ["move"]

[[stack]]
kind = "move"
`

// shipped is the shipped scenario name's game and its length.
func shipped(t *testing.T, name string) (*rules.Game, int) {
	t.Helper()
	g, err := scenarios.LoadShipped(name)
	if err != nil {
		t.Fatal(err)
	}
	return g, g.Len()
}

// moveBetween puts g on a table for the seat to act and clicks from, then
// to (territory ids); it returns the table and to's id.
func moveBetween(g *rules.Game, from, to string) (*Table, board.TerrID) {
	u := New(rules.HotSeat(g), Options{Seed: 5, Tester: true})
	u.Reveal(g.ToAct())
	f, _ := g.Map().Territory(from)
	d, _ := g.Map().Territory(to)
	clickTerr(u, f)
	clickTerr(u, d)
	return u, d
}

// Onto a road with other houses a move may attack one of them or none
// (seed 004); the move dialog offers that choice, and the move carries it:
// every legal road move can be made by clicks.
func TestMoveDialogChoosesTheHouseToAttackOnARoad(t *testing.T) {
	for _, want := range []string{"", "stark", "baratheon"} {
		g, err := scenarios.Parse("road.toml", []byte(roadPosition), "")
		if err != nil {
			t.Fatal(err)
		}
		u, rr := moveBetween(g, "highgarden", "roseroad")
		m := g.Map()
		s := u.State()
		if s.MoveTo != rr || s.MoveHouse != board.NoHouse || len(s.MoveTargets) != 2 {
			t.Fatalf("onto the Roseroad: dialog to %d, attacking %d, targets %v; want the choice of Baratheon and Stark, none chosen", s.MoveTo, s.MoveHouse, s.MoveTargets)
		}
		ws := u.Widgets(u.Layout())
		for _, w := range ws {
			if w.T.Cmd.Kind == ui.CmdMoveAttack {
				if adv := advance(w.Text, w.Size, true); adv > w.R.W-6 || w.R.H < 20 {
					t.Fatalf("the attack choice %q needs %.0f px, its box is %+v", w.Text, adv, w.R)
				}
				for _, o := range ws {
					if o.T.Kind != ui.TNone && o.R != w.R && ui.Overlap(w.R, o.R) > 0 {
						t.Fatalf("the attack choice %q overlaps %q", w.Text, o.Text)
					}
				}
			}
		}
		if sel, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdMoveAttack && w.Selected }); !ok || sel.Text != "None" {
			t.Fatalf("the choice framed at first is %q, want None", sel.Text)
		}
		for _, label := range []string{"None", "Baratheon", "Stark"} {
			if !ui.HasText(ws, label) {
				t.Fatalf("the move dialog shows no %q", label)
			}
		}
		h := board.NoHouse
		if want != "" {
			h, _ = m.House(want)
			b, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdMoveAttack, N: int(h)} })
			if !ok {
				t.Fatalf("no button attacks %s", want)
			}
			u.Click(b.T)
			ws = u.Widgets(u.Layout())
			sel, _ := ui.Find(ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdMoveAttack && w.Selected })
			if u.State().MoveHouse != h || sel.T.Cmd.N != int(h) {
				t.Fatalf("after choosing %s: attacking %d, the framed choice %q", want, u.State().MoveHouse, sel.Text)
			}
		}
		b, _ := ui.Find(ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdMoveConfirm })
		u.Click(b.T)
		a, ok := g.LastAction()
		if !ok || a.Verb != rules.VMove || a.To != rr || a.House != h {
			t.Fatalf("%q: the move played is %+v, want onto the Roseroad attacking %d", want, a, h)
		}
		fought := false
		for _, l := range g.View(rules.Public).Log {
			if strings.HasPrefix(l.Text, "Combat in ") {
				fought = true
				if !strings.Contains(l.Text, "Tyrell attacks "+strings.ToUpper(want[:1])+want[1:]) {
					t.Fatalf("%q: %q", want, l.Text)
				}
			}
		}
		if fought != (want != "") {
			t.Fatalf("%q: a combat was fought: %v", want, fought)
		}
	}
}

// A move that could take more than one unit always opens the count
// dialog, even when the rules allow one count only (ship capacity): the
// steppers reach what the group holds, so asking for more shows the
// engine's refusal and plays nothing (scenarios/ship-capacity.toml).
func TestACappedMoveOpensTheCountDialog(t *testing.T) {
	g, n := shipped(t, "ship-capacity")
	u, ss := moveBetween(g, "winterfell", "the-shivering-sea")
	s := u.State()
	if g.Len() != n || s.MoveTo != ss {
		t.Fatalf("the capped move was played at once (%d actions, dialog to %d)", g.Len()-n, s.MoveTo)
	}
	if s.MoveUnits[board.Footman] != 1 {
		t.Fatalf("the dialog starts at %v, want the 1 footman the ship carries", s.MoveUnits)
	}
	u.Do(ui.Command{Kind: ui.CmdMoreUnits, Unit: board.Footman})
	if u.State().MoveUnits[board.Footman] != 2 {
		t.Fatal("the steppers do not reach the group's footmen")
	}
	u.Do(ui.Command{Kind: ui.CmdMoveConfirm})
	if st := u.State(); g.Len() != n || !st.Refusal || !strings.Contains(st.Message, "carry") {
		t.Fatalf("two footmen onto one ship: %d actions played, message %q", g.Len()-n, st.Message)
	}
	u.Do(ui.Command{Kind: ui.CmdFewerUnits, Unit: board.Footman})
	u.Do(ui.Command{Kind: ui.CmdMoveConfirm})
	if g.Len() != n+1 {
		t.Fatalf("one footman was not moved (message %q)", u.State().Message)
	}
}

// A click on a destination the rules refuse shows the engine's refusal,
// even where a group of the mover's own stands, and keeps the origin
// (scenarios/nine-green-fork.toml: Seagard, then Moat Cailin). Changing
// the origin takes Shift+click, or Esc or a right-click and then a click.
func TestARefusedDestinationSaysNo(t *testing.T) {
	g, n := shipped(t, "nine-green-fork")
	u, moat := moveBetween(g, "seagard", "moat-cailin")
	seagard, _ := g.Map().Territory("seagard")
	s := u.State()
	if g.Len() != n || s.MoveFrom != seagard || !s.Refusal || !strings.Contains(s.Message, "adjacent") {
		t.Fatalf("Seagard then Moat Cailin: origin %d, message %q (refusal %v), %d played", s.MoveFrom, s.Message, s.Refusal, g.Len()-n)
	}
	want := g.Check(rules.Action{Seat: g.ToAct(), Verb: rules.VMove, From: seagard, To: moat, Units: u.pos.units(u.pos.pub.ResolvingHouse, seagard), House: rules.None})
	if want == nil || s.Message != want.Error() {
		t.Fatalf("the message %q is not the engine's refusal %v", s.Message, want)
	}
	// Shift+click makes Moat Cailin the origin.
	u.Keys(ui.Input{Shift: true})
	clickTerr(u, moat)
	if s := u.State(); s.MoveFrom != moat || s.Refusal {
		t.Fatalf("Shift+click: origin %d, message %q", s.MoveFrom, s.Message)
	}
	// A right-click cancels; then a plain click picks the origin.
	u.Keys(ui.Input{Right: true})
	if s := u.State(); s.MoveFrom != -1 {
		t.Fatalf("a right-click left the origin %d", s.MoveFrom)
	}
	clickTerr(u, seagard)
	clickTerr(u, moat)
	u.Keys(ui.Input{Keys: []ui.Key{ui.KeyEsc}})
	clickTerr(u, moat)
	if s := u.State(); s.MoveFrom != moat || g.Len() != n {
		t.Fatalf("Esc, then a click: origin %d, %d played", s.MoveFrom, g.Len()-n)
	}
}

// Shift+click on another group of the mover's makes it the origin even
// where it is also a legal destination of the move being set up (it
// once opened the count dialog to move troops into it); a plain click
// there still moves into it.
func TestShiftClickOnADestinationChangesTheOrigin(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 40 && found < 3; seed++ {
		g, err := tabletest.RulesGame("standard", []string{"A", "B", "C", "D"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 3))
		for step := 0; step < 400 && !g.Over(); step++ {
			from, to := ownDestination(g)
			if from < 0 {
				legal := g.Legal()
				if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
				continue
			}
			found++
			n := g.Len()
			u := New(rules.HotSeat(g), Options{Seed: 5})
			u.Reveal(g.ToAct())
			clickTerr(u, from)
			u.Keys(ui.Input{Shift: true})
			clickTerr(u, to)
			if s := u.State(); s.MoveFrom != to || s.MoveTo >= 0 || g.Len() != n {
				t.Fatalf("seed %d: Shift+click on %s (a destination of %s): origin %d, dialog to %d, %d played",
					seed, g.Map().Territories[to].Name, g.Map().Territories[from].Name, s.MoveFrom, s.MoveTo, g.Len()-n)
			}
			u.Keys(ui.Input{})
			u.Do(ui.Command{Kind: ui.CmdCancel})
			clickTerr(u, from)
			clickTerr(u, to)
			if s := u.State(); g.Len() == n && (s.MoveFrom != from || s.MoveTo != to) {
				t.Fatalf("seed %d: a plain click on %s did not move into it (origin %d, dialog to %d)", seed, g.Map().Territories[to].Name, s.MoveFrom, s.MoveTo)
			}
			break
		}
	}
	if found < 3 {
		t.Fatalf("only %d positions with a group moving onto another of its house", found)
	}
}

// ownDestination is a move of g's legal ones from a group to another
// group of the same house that may move too (-1, -1: none).
func ownDestination(g *rules.Game) (board.TerrID, board.TerrID) {
	legal := g.Legal()
	origin := map[board.TerrID]bool{}
	for _, a := range legal {
		if a.Verb == rules.VMove {
			origin[a.From] = true
		}
	}
	for _, a := range legal {
		if a.Verb == rules.VMove && a.From != a.To && origin[a.To] {
			return a.From, a.To
		}
	}
	return -1, -1
}

// Every key badge fits inside its button, beside its sign: the count
// dialog's Left/Right badges once covered its − and +. Walks the
// count dialogs of random games on both maps.
func TestKeyBadgesFitTheirButtons(t *testing.T) {
	dialogs := 0
	for _, c := range []struct {
		m     string
		seats []string
	}{{"standard", []string{"A", "B", "C", "D"}}, {"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}}} {
		g, err := tabletest.RulesGame(c.m, c.seats, 4)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(4, 4))
		for step := 0; step < 600 && !g.Over() && dialogs < 60; step++ {
			legal := g.Legal()
			for _, a := range legal {
				if a.Verb != rules.VMove || board.Total(a.Units) < 2 {
					continue
				}
				u := New(rules.HotSeat(g), Options{Seed: 5})
				u.Reveal(g.ToAct())
				clickTerr(u, a.From)
				clickTerr(u, a.To)
				if u.State().MoveTo != a.To {
					continue
				}
				dialogs++
				signs := 0
				for _, w := range u.Widgets(u.Layout()) {
					if w.Kind != ui.WButton {
						continue
					}
					if w.Key != ui.KeyNone && ui.TextWidth(w.Key.String(), 15)+15+ui.TextWidth(w.Text, 15)+8 > w.R.W {
						t.Fatalf("%s: the button %q (%.0f wide) cannot hold its key badge %q", c.m, w.Text, w.R.W, w.Key)
					}
					if w.Text == "−" || w.Text == "+" {
						signs++
					}
				}
				if rows := len(u.mv.rows()); signs != 2*rows {
					t.Fatalf("%s: %d − and + signs shown for %d rows", c.m, signs, rows)
				}
				break
			}
			if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if dialogs < 10 {
		t.Fatalf("only %d count dialogs opened", dialogs)
	}
}
