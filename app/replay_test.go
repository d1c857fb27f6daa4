package app

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"notrueking/gamefile"
	"notrueking/render/rendertest"
	"notrueking/replay"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// finishedRecord is a whole four-player game (over at its last action).
const finishedRecord = "../testdata/four-players.ntk"

// replayApp opens path in the replay viewer as -replay does.
func replayApp(t testing.TB, path string) *App {
	t.Helper()
	a := mustApp(t, Options{}, defaultNewGame)
	if err := openOn(a, func(cx *Context) (Scene, error) { return openReplay(cx, path) }); err != nil {
		t.Fatal(err)
	}
	if !is[*replayScene](a) || rp(a) == nil {
		t.Fatalf("%T after openReplay", a.mgr.cur)
	}
	return a
}

// replayOf is an app showing game g in the replay viewer, as a file
// named name opened with -replay, and the viewer.
func replayOf(t testing.TB, g *rules.Game, name string) (*App, *replay.Viewer) {
	t.Helper()
	a := mustApp(t, Options{}, defaultNewGame)
	r, err := replay.New(g, name)
	if err != nil {
		t.Fatal(err)
	}
	a.mgr.goTo(&replayScene{r: r})
	a.rebuild()
	return a, r
}

// fileGame is the file's game, read on its own.
func fileGame(t testing.TB, path string) *rules.Game {
	t.Helper()
	f, err := gamefile.ReadFile(path, mapLoader)
	if err != nil {
		t.Fatal(err)
	}
	return f.Game
}

func press(a *App, keys ...ui.Key) {
	for _, k := range keys {
		if k == ui.KeyEsc {
			a.handle(ui.Input{Escape: true})
			continue
		}
		a.handle(ui.Input{Keys: []ui.Key{k}})
	}
}

// TestReplayFromTheEndScreen: the end screen's Watch the replay (key R)
// opens the game just finished; Esc returns to the end screen.
func TestReplayFromTheEndScreen(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{}, defaultNewGame)
	if err := openOn(a, func(cx *Context) (Scene, error) { return loadFile(cx, finishedRecord) }); err != nil {
		t.Fatal(err)
	}
	a.rebuild()
	if !is[*endScene](a) {
		t.Fatalf("%T, want the end screen", a.mgr.cur)
	}
	b, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdReplay })
	if !ok || b.Key != ui.KeyR {
		t.Fatalf("no Watch the replay button with key R: %+v", b)
	}
	press(a, ui.KeyR)
	if !is[*replayScene](a) || rp(a) == nil || rp(a).End() != 296 || rp(a).Pos() != 0 {
		t.Fatalf("R: %T, viewer %+v", a.mgr.cur, rp(a))
	}
	press(a, ui.KeyRight, ui.KeyRight)
	if rp(a).Pos() != 2 || tbl(a).Game().Len() != 296 {
		t.Fatalf("stepping the replay: at %d, the game on the table has %d actions", rp(a).Pos(), tbl(a).Game().Len())
	}
	press(a, ui.KeyEsc)
	if !is[*endScene](a) || rp(a) != nil {
		t.Fatalf("Esc: %T, want the end screen", a.mgr.cur)
	}
}

// TestReplayBackGoesHome: a file's replay (-replay) goes back to the start
// screen on Esc.
func TestReplayBackGoesHome(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := replayApp(t, finishedRecord)
	press(a, ui.KeyRight, ui.KeyEsc)
	if !is[*startScene](a) || rp(a) != nil {
		t.Fatalf("Esc: %T, viewer %v; want the start screen", a.mgr.cur, rp(a) != nil)
	}
}

func TestReplayRefusesABadFile(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{}, defaultNewGame)
	bad := filepath.Join(t.TempDir(), "bad.ntk")
	if err := os.WriteFile(bad, []byte("not a record\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := openOn(a, func(cx *Context) (Scene, error) { return openReplay(cx, bad) }); err == nil || is[*replayScene](a) {
		t.Fatalf("a bad file opened: %v", err)
	}
}

// TestDrawReplay draws the viewer at 1280×720 (640×360 with -short; at
// 1920×1080 too under NTK_SHOTS, which keeps the pictures): at the start,
// after 150 actions and in a seat's view after the game; each differs
// from the one before, and the board is drawn.
func TestDrawReplay(t *testing.T) {
	needDisplay(t)
	a := replayApp(t, finishedRecord)
	w, h := 1280, 720
	if testing.Short() && !shotsWanted() {
		w, h = 640, 360
	}
	var prev *image.RGBA
	for i, step := range []func(){
		func() {},
		func() { a.do(ui.Command{Kind: ui.CmdReplayGo, N: 150}) },
		func() { press(a, ui.Key3) },
		func() { press(a, ui.KeyEnd, ui.Key0) },
	} {
		step()
		img := shot(t, a, w, h)
		saveShot(t, fmt.Sprintf("replay-%d-%d", i, w), img)
		if shotsWanted() {
			saveShot(t, fmt.Sprintf("replay-%d-1920", i), shot(t, a, 1920, 1080))
		}
		if prev != nil && !rendertest.Differs(prev, img) {
			t.Errorf("picture %d is the same as the one before", i)
		}
		b := rp(a).Layout().Board
		sc := ui.NewScaler(w, h)
		x, y := sc.ToScreen(b.X+b.W/2, b.Y+b.H/2)
		if c := img.RGBAAt(int(x), int(y)); c == ui.ColBG {
			t.Errorf("picture %d: no board at the board's centre", i)
		}
		prev = img
	}
}

// TestReplayContrast: every text of the viewer (public view and a seat's,
// at the start, mid-game and the end, the help over it) reads at 4.5:1.
func TestReplayContrast(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	cut, err := fileGame(t, finishedRecord).At(130)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{finishedRecord, "cut"} {
		a := replayApp(t, finishedRecord)
		if path == "cut" {
			a, _ = replayOf(t, cut, path) // a game not over: its secrets kept
		}
		for _, step := range []ui.Key{ui.KeyHome, ui.KeyPgDn, ui.KeyPgDn, ui.KeyRight, ui.KeyEnd} {
			press(a, step)
			for _, seat := range []ui.Key{ui.Key0, ui.Key2} {
				press(a, seat)
				where := fmt.Sprintf("%s at %d seat %s", filepath.Base(path), rp(a).Pos(), seat)
				if checkContrast(t, where, a.f.ws) < 40 {
					t.Errorf("%s: too few texts checked", where)
				}
				for i, w := range a.f.ws {
					if w.Tip != "" && i%5 == 0 {
						checkContrast(t, where+" tooltip", ui.TooltipFor(a.f.ws, i, ui.Rect{}))
					}
				}
			}
		}
		a.do(ui.Command{Kind: ui.CmdHelp})
		a.rebuild()
		checkContrast(t, "replay help", a.f.ws[a.f.modal:])
	}
}

// TestReplayBranchFromHere: B (Branch from here) in the replay viewer
// opens the position shown in the sandbox (the viewer asks first in a
// game not over: package replay); Esc in the sandbox comes back to the
// replay at the same position, and Play from here plays on from it in a
// new game whose position is the one branched from.
func TestReplayBranchFromHere(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := replayApp(t, finishedRecord)
	n := rp(a).End() - 7
	a.do(ui.Command{Kind: ui.CmdReplayGo, N: n})
	press(a, ui.KeyB)
	sb := sandboxUp(a)
	if sb == nil {
		t.Fatalf("B: %T, notice %q; want the sandbox", a.mgr.cur, rp(a).Notice())
	}
	gn, err := fileGame(t, finishedRecord).At(n)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sb.Position(), gn.Position()) {
		t.Fatal("the sandbox does not hold the position shown")
	}
	// Its board reaches its panels: no log column (an empty column
	// 450 px wide was once left where the table's log stands).
	a.rebuild()
	if ar, want := a.f.sh.Board.Area, sb.Layout().Table.Board; ar != want || ar.X+ar.W < table.PanelX-13 {
		t.Fatalf("the branched sandbox's board is drawn in %+v, its layout's is %+v", ar, want)
	}
	a.handle(ui.Input{Escape: true})
	if !is[*replayScene](a) || rp(a).Pos() != n {
		t.Fatalf("Esc in the sandbox: %T; want the replay at %d", a.mgr.cur, n)
	}
	press(a, ui.KeyB)
	if sandboxUp(a) == nil {
		t.Fatalf("B again: %T", a.mgr.cur)
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyP}})
	if sandboxUp(a) != nil || (!is[*curtainScene](a) && !atTable(a)) {
		t.Fatalf("%T after Play from here", a.mgr.cur)
	}
	if ng := game(a); ng == nil || !reflect.DeepEqual(ng.Position(), gn.Position()) || ng.Len() != 0 {
		t.Fatal("the new game does not start from the position branched from")
	}
}
