package app

import (
	"bytes"
	"fmt"
	"os"
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

// saveIDs are the ids of st's saves, sorted.
func saveIDs(t *testing.T, st store.Store) []string {
	t.Helper()
	ents, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range ents {
		ids = append(ids, e.ID)
	}
	slices.Sort(ids)
	return ids
}

// TestStartScreenDeletesOneGame: each listed game has a Delete button;
// the first press only asks (the button turns red "Press again"), another
// command in between forgets the question, and the second press deletes
// that game's save and no other. A save another window holds is not
// deleted, and the message line says why.
func TestStartScreenDeletesOneGame(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	for _, id := range []string{"g-1", "g-2", "g-3"} {
		savedGame(t, st, id, []string{"Ann", "Ben", "Cy"}, 3)
	}
	a := mustApp(t, Options{Saves: st}, defaultNewGame)
	del := func(id string) ui.Widget {
		t.Helper()
		w, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdDeleteGame, ID: id} })
		if !ok {
			t.Fatalf("no Delete button for game %s", id)
		}
		return w
	}
	all := []string{"g-1", "g-2", "g-3"}
	a.press(del("g-2").T)
	a.rebuild()
	if w := del("g-2"); w.Text != "Press again" || w.Fill != ui.ColWarn || !a.home.msgErr {
		t.Fatalf("after one press: %q on %v (message %q); want a red Press again", w.Text, w.Fill, a.home.msg)
	}
	if got := saveIDs(t, st); !slices.Equal(got, all) {
		t.Fatalf("one press deleted a save: %v", got)
	}
	a.press(del("g-1").T) // another game's Delete asks for that one
	a.press(del("g-2").T)
	a.rebuild()
	if got := saveIDs(t, st); !slices.Equal(got, all) || del("g-1").Text != "Delete" {
		t.Fatalf("after Delete g-2, Delete g-1, Delete g-2: saves %v, g-1's button %q; want all three kept", got, del("g-1").Text)
	}
	a.press(del("g-2").T)
	a.rebuild()
	if got := saveIDs(t, st); !slices.Equal(got, []string{"g-1", "g-3"}) {
		t.Fatalf("after confirming g-2: saves %v, want g-1 and g-3", got)
	}
	if a.home.msgErr || !strings.HasPrefix(a.home.msg, "Deleted the game of Ann, Ben") {
		t.Errorf("after deleting: message %q (refusal %v)", a.home.msg, a.home.msgErr)
	}
	if _, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.ID == "g-2" }); ok {
		t.Error("the deleted game is still listed")
	}

	release, err := st.Lock("g-3") // another window plays it
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	a.press(del("g-3").T)
	a.press(del("g-3").T)
	a.rebuild()
	if got := saveIDs(t, st); !slices.Equal(got, []string{"g-1", "g-3"}) {
		t.Fatalf("a held save: saves %v, want it kept", got)
	}
	if !a.home.msgErr || !strings.Contains(a.home.msg, "open in another window") {
		t.Errorf("a held save: message %q (refusal %v); want why it was not deleted", a.home.msg, a.home.msgErr)
	}
}

// TestStartScreenExports: Export writes a listed game's save into the
// exports folder, named after its players, and it reads back (as -load
// and the replay viewer read a file) to the same game; a second export
// gets a new name and leaves the first file as it was; Export finished
// writes every finished game.
func TestStartScreenExports(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	dir := filepath.Join(t.TempDir(), "exports")
	g := savedGame(t, st, "g-1", []string{"Ann", "Ben", "Cy"}, 5)
	fin := finishedGame(t, st, "done-1")
	finishedGame(t, st, "done-2")
	a := mustApp(t, Options{Saves: st, ExportsDir: dir}, defaultNewGame)
	exp, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdExportGame, ID: "g-1"} })
	if !ok {
		t.Fatal("no Export button for the listed game")
	}
	a.press(exp.T)
	base, _, err := session.Export(st, "g-1")
	if err != nil || !strings.HasPrefix(base, "ann-ben-cy-") {
		t.Fatalf("the save exports as %q (%v), want it named after Ann, Ben and Cy", base, err)
	}
	first := filepath.Join(dir, base)
	if a.home.msgErr || !strings.Contains(a.home.msg, filepath.Base(first)) || !strings.Contains(a.home.msg, dir) || !strings.Contains(a.home.msg, "spoiler") {
		t.Fatalf("after Export: message %q (refusal %v); want the file, the folder and that a game in progress is a spoiler", a.home.msg, a.home.msgErr)
	}
	// The message is long (a path, the warning): the bar shows it whole,
	// on two lines, rather than cut before the warning.
	a.rebuild()
	if bar, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.Kind == ui.WText && strings.Contains(w.Tip, a.home.msg) }); !ok || !strings.Contains(bar.Text, "every secret of the game.") {
		t.Errorf("the message bar shows %q of %q", bar.Text, a.home.msg)
	}
	readBack := func(path string, want *rules.Game) {
		t.Helper()
		f, err := gamefile.ReadFile(path, gamefile.Loader)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(f.Game.Actions(), want.Actions()) || !slices.Equal(f.Record.Players, want.Config().Players) {
			t.Fatalf("%s reads back to %d actions of %v; the game has %d of %v", path, len(f.Game.Actions()), f.Record.Players, len(want.Actions()), want.Config().Players)
		}
	}
	readBack(first, g)
	before, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(first, []byte("mine\n"), 0o600); err != nil { // the player's own file now
		t.Fatal(err)
	}
	a.press(exp.T)
	if b, _ := os.ReadFile(first); string(b) != "mine\n" {
		t.Fatal("a second export overwrote the first file")
	}
	second := strings.TrimSuffix(first, ".ntk") + "-2.ntk"
	if b, err := os.ReadFile(second); err != nil || !bytes.Equal(b, before) {
		t.Fatalf("the second export is not in %s: %v", second, err)
	}

	ef, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdExportFinished })
	if !ok {
		t.Fatal("no Export finished button for two finished games")
	}
	a.press(ef.T)
	if a.home.msgErr || !strings.HasPrefix(a.home.msg, "Exported 2 games to ") || strings.Contains(a.home.msg, "spoiler") {
		t.Fatalf("after Export finished: message %q (refusal %v)", a.home.msg, a.home.msgErr)
	}
	base, _, err = session.Export(st, "done-1")
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, base)
	readBack(name, fin)
	readBack(strings.TrimSuffix(name, ".ntk")+"-2.ntk", fin)
	if got := saveIDs(t, st); len(got) != 3 {
		t.Errorf("exporting changed the saves: %v", got)
	}
}

// TestStartScreenSavesFitAt1280: the start screen with eight games of
// long names to continue, each with its Export and Delete (one asking),
// finished games to export or delete, and a message: every text fits at
// 1280×720.
func TestStartScreenSavesFitAt1280(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	for i := range maxContinues + 1 {
		savedGame(t, st, fmt.Sprintf("g-%d", i), longNames(4), 2)
	}
	finishedGame(t, st, "done-1")
	a := at1280(mustApp(t, Options{Saves: st}, defaultNewGame))
	checkTexts(t, a, "start with saves")
	a.do(ui.Command{Kind: ui.CmdDeleteGame, ID: a.home.conts[0].ID})
	a.rebuild()
	checkTexts(t, a, "start, a Delete asking")
	a.do(ui.Command{Kind: ui.CmdDeleteFinished})
	a.rebuild()
	checkTexts(t, a, "start, Delete finished asking")
}
