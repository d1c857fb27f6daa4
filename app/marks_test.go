package app

import (
	"math/rand"
	"testing"

	"notrueking/rules"
	"notrueking/ui"
)

// TestFrameMarksOtherSeatsMoves: the frame the painter is given marks
// another seat's move on the board (behind the curtain and at the table
// once it lifts, the digest up beside the log) and no longer once the seat
// at the screen has acted.
func TestFrameMarksOtherSeatsMoves(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	e := rulesGame(t, "standard", []string{"Ann", "Ben", "Cat"}, 4)
	rng := rand.New(rand.NewSource(4))
	var mv rules.Action
	for i := 0; i < 3000; i++ {
		l := e.Legal()
		pick := l[rng.Intn(len(l))]
		for _, a := range l {
			if a.Verb == rules.VMove {
				pick = a
			}
		}
		if _, err := e.Apply(pick); err != nil {
			t.Fatal(err)
		}
		if pick.Verb == rules.VMove && e.ToAct() != pick.Seat && e.View(rules.Public).Combat == nil {
			mv = pick
			break
		}
	}
	if mv.Verb != rules.VMove {
		t.Fatal("no move handed to another seat")
	}
	a := curtainApp(t, rules.HotSeat(e), 4)
	marked := func() bool {
		a.rebuild()
		for _, k := range a.f.frame().Board.Marks {
			if k.Kind == ui.MarkArrow && k.From == mv.From && k.To == mv.To {
				return true
			}
		}
		return false
	}
	if !marked() {
		t.Fatal("behind the curtain the other seat's move is not marked")
	}
	a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	if !atTable(a) || !marked() {
		t.Fatal("at the table the other seat's move is not marked")
	}
	if tbl(a).Recent().Digest() == nil {
		t.Fatal("no digest when the curtain lifted")
	}
	if !tbl(a).Apply(e.Legal()[0]) {
		t.Fatal("refused")
	}
	if marked() {
		t.Fatal("the move is still marked after the viewer acted")
	}
}

// TestShotsOfTableCombatAndReplay draws, to look at (NTK_SHOTS), at
// 1280×720 and 1920×1080: the table on both maps, a combat (the attackers
// on the board), the replay viewer and the digest with the marks of the
// other seats' moves.
func TestShotsOfTableCombatAndReplay(t *testing.T) {
	lookOnly(t)
	sizes := [][2]int{{1280, 720}, {1920, 1080}}
	each := func(a *App, name string) {
		for _, s := range sizes {
			look(t, a, name+"-"+itoa4(s[0]), s[0], s[1])
		}
	}
	// A combat: played until one runs, the table of the seat to act.
	e := rulesGame(t, "standard", caseNames[:4], 6)
	rng := rand.New(rand.NewSource(6))
	for i := 0; i < 3000 && e.View(rules.Public).Combat == nil; i++ {
		l := e.Legal()
		pick := l[rng.Intn(len(l))]
		for _, a := range l {
			if cv, err := e.PreviewCombat(a); a.Verb == rules.VMove && err == nil && cv != nil {
				pick = a
			}
		}
		if _, err := e.Apply(pick); err != nil {
			t.Fatal(err)
		}
	}
	a := curtainApp(t, rules.HotSeat(e), 6)
	a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	each(a, "combat")
	// The digest and the marks: a nine-player game some rounds in.
	a, _ = midGame(t, tableCase{"nine", 9}, 260, 5)
	each(a, "digest-nine")
	a, _ = midGame(t, tableCase{"standard", 4}, 160, 5)
	each(a, "table-standard")
	ra, r := replayOf(t, fileGame(t, finishedRecord), "four-players.ntk")
	ra.do(ui.Command{Kind: ui.CmdReplayGo, N: r.End() / 2})
	each(ra, "replay")
}
