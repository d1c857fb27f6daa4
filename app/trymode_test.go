package app

import (
	"image"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/ui"
)

// tryApp puts a three-player standard game on the table where Crown's
// Greyjoy Maester has chosen Move Troops: Crown (seat 0) is to move
// Greyjoy's troops.
func tryApp(t *testing.T) (*App, *rules.Game, *clicker) {
	t.Helper()
	g := tabletest.GreyjoyMoving(t)
	a := mustApp(t, Options{}, nil)
	beginWith(a, g, session.FilesOptions{Tester: true})
	if is[*curtainScene](a) {
		a.do(ui.Command{Kind: ui.CmdLift})
	}
	a.rebuild()
	if !atTable(a) || g.ToAct() != 0 {
		t.Fatalf("%T, to act %d", a.mgr.cur, g.ToAct())
	}
	return a, g, newClicker(t, a)
}

// Drawn: the sandbox shows the edited position (a unit added changes the
// picture), and try mode outlines the picked group's destinations (the
// picture changes when a group is picked; nothing else does).
func TestDrawSandboxAndTryMode(t *testing.T) {
	needDisplay(t)
	a, c, sb := sandboxFromStartApp(t)
	m := sb.Table().Map()
	before := shot(t, a, 800, 450)
	pressCmd(t, a, ui.Command{Kind: ui.CmdSandboxHouse, N: int(tabletest.House(m, "stark"))})
	kh := tabletest.Terr(m, "karhold")
	c.clickTerr(kh)
	c.clickTerr(kh)
	after := shot(t, a, 800, 450)
	saveShot(t, "sandbox", after)
	board := ui.NewScaler(800, 450).Rect(a.f.sh.Board.Area) // the sandbox's board, wider than the table's
	if !differIn(before, after, board) {
		t.Fatal("two footmen in Karhold did not change the sandbox's board")
	}

	a2, _, c2 := tryApp(t)
	a2.handle(ui.Input{Keys: []ui.Key{ui.KeyT}})
	off := shot(t, a2, 800, 450)
	c2.clickTerr(tabletest.Terr(m, "winterfell"))
	a2.handle(ui.Input{X: 0, Y: 0}) // the pointer off the board: no hover box
	picked := shot(t, a2, 800, 450)
	saveShot(t, "trymode", picked)
	if !differIn(off, picked, ui.NewScaler(800, 450).Rect(tbl(a2).Layout().Board)) {
		t.Fatal("picking Winterfell's group did not outline anything on the board")
	}
}

// differIn reports whether two pictures differ inside r (pixels).
func differIn(a, b *image.RGBA, r ui.Rect) bool {
	for y := int(r.Y) + 1; y < int(r.Y+r.H)-1; y++ {
		for x := int(r.X) + 1; x < int(r.X+r.W)-1; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				return true
			}
		}
	}
	return false
}
