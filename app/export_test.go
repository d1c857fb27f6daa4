package app

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/store"
	"notrueking/ui"
)

// savedGame saves in st, under id, a game of players after n actions (the
// first legal one each time), as a window that left it would.
func savedGame(t *testing.T, st store.Store, id string, players []string, n int) *rules.Game {
	t.Helper()
	g := rulesGame(t, "standard", players, uint64(len(id)))
	s := session.New(st, id, g, "standard", false)
	for range n {
		if _, err := s.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	return g
}

// finishedGame saves the finished example game in st under id.
func finishedGame(t *testing.T, st store.Store, id string) *rules.Game {
	t.Helper()
	full := fileGame(t, finishedRecord)
	g, err := full.At(full.Base())
	if err != nil {
		t.Fatal(err)
	}
	s := session.New(st, id, g, "standard", false)
	for _, act := range full.Actions() {
		if _, err := s.Apply(act); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	return g
}

// TestStartScreenExports: on the desktop Export writes a listed game's
// save into the exports folder, named after its players (session's
// WriteExports), reading back to the same game, and says where; the
// message, long, shows whole on the bar's two lines.
func TestStartScreenExports(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	dir := filepath.Join(t.TempDir(), "exports")
	g := savedGame(t, st, "g-1", []string{"Ann", "Ben", "Cy"}, 5)
	a := mustApp(t, Options{Saves: st, ExportsDir: dir}, defaultNewGame)
	exp, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdExportGame, ID: "g-1"} })
	if !ok {
		t.Fatal("no Export button for the listed game")
	}
	a.press(exp.T)
	files, _ := filepath.Glob(filepath.Join(dir, "ann-ben-cy-*.ntk"))
	if len(files) != 1 {
		t.Fatalf("Export wrote %v, want one file named after Ann, Ben and Cy", files)
	}
	if homeErr(a) || !strings.Contains(homeMsg(a), filepath.Base(files[0])) || !strings.Contains(homeMsg(a), dir) || !strings.Contains(homeMsg(a), "spoiler") {
		t.Fatalf("after Export: message %q (refusal %v); want the file, the folder and that a game in progress is a spoiler", homeMsg(a), homeErr(a))
	}
	a.rebuild()
	if bar, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.Kind == ui.WText && strings.Contains(w.Tip, homeMsg(a)) }); !ok || !strings.Contains(bar.Text, "every secret of the game.") {
		t.Errorf("the message bar shows %q of %q", bar.Text, homeMsg(a))
	}
	f, err := gamefile.ReadFile(files[0], gamefile.Loader)
	if err != nil || !slices.Equal(f.Game.Actions(), g.Actions()) {
		t.Fatalf("%s does not read back to the game: %v", files[0], err)
	}
}

// TestStartScreenSavesFitAt1280: the start screen with eight games of
// long names to continue, each with its Export and Delete (one asking),
// finished games to export or delete, and a message: every text fits at
// 1280×720.
func TestStartScreenSavesFitAt1280(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	for i := range 9 { // one more than the screen lists
		savedGame(t, st, fmt.Sprintf("g-%d", i), longNames(4), 2)
	}
	finishedGame(t, st, "done-1")
	a := at1280(mustApp(t, Options{Saves: st}, defaultNewGame))
	checkTexts(t, a, "start with saves")
	a.do(ui.Command{Kind: ui.CmdDeleteGame, ID: a.home.s.Continues()[0].ID})
	a.rebuild()
	checkTexts(t, a, "start, a Delete asking")
	a.do(ui.Command{Kind: ui.CmdDeleteFinished})
	a.rebuild()
	checkTexts(t, a, "start, Delete finished asking")
}
