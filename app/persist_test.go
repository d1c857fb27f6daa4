package app

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/store"
	"notrueking/ui"
)

func tempStore(t *testing.T) *store.Dir {
	t.Helper()
	d, err := store.OpenDir(filepath.Join(t.TempDir(), "saves"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// step applies the first legal action through the table's engine (the
// autosaving one), as a click would.
func step(t *testing.T, a *App, n int) {
	t.Helper()
	for i := 0; i < n && !tbl(a).Game().Over(); i++ {
		l := tbl(a).Game().Legal()
		if _, err := playing(a).Table().Game().Apply(l[0]); err != nil {
			t.Fatal(err)
		}
	}
	moved(a)
}

func saveActions(t *testing.T, st store.Store, id string) int {
	t.Helper()
	data, err := st.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	rec, _, _, err := gamefile.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return len(rec.Actions)
}

func TestAutosaveAndContinue(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	a := mustApp(t, Options{Saves: st, Players: []string{"Alice", "Bob", "Carol"}}, defaultNewGame)
	if ui.HasText(a.f.ws, "Continue") {
		t.Fatal("an empty saves folder offers a game to continue")
	}
	a.handle(ui.Input{Enter: true})
	if sess(a) == nil {
		t.Fatal("a new game has no autosave")
	}
	id := sess(a).ID()
	if n := saveActions(t, st, id); n != 0 {
		t.Fatalf("the new game's first save has %d actions", n)
	}
	step(t, a, 5)
	if n := saveActions(t, st, id); n != 5 {
		t.Fatalf("after 5 actions the save holds %d", n)
	}
	round := tbl(a).Public().Round

	a.closeWindow() // a game is played in one window at a time
	// The next start offers it, and continuing plays on into the same save.
	b := mustApp(t, Options{Saves: st}, defaultNewGame)
	w, ok := ui.Find(b.f.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdContinue, ID: id} })
	if !ok {
		t.Fatal("the start screen does not offer the saved game")
	}
	if !strings.HasPrefix(w.Text, "Continue: Alice, Bob, Carol\nround "+strconv.Itoa(round)+", ") {
		t.Errorf("Continue button reads %q", w.Text)
	}
	x, y := w.R.Center()
	b.handle(ui.Input{X: x, Y: y, Click: true})
	if !is[*curtainScene](b) || sess(b) == nil || sess(b).ID() != id {
		t.Fatalf("after Continue: %T, session %v; want the curtain of save %s", b.mgr.cur, sess(b), id)
	}
	if n := len(game(b).Actions()); n != 5 {
		t.Fatalf("the continued game has %d actions, want 5", n)
	}
	step(t, b, 1)
	if n := saveActions(t, st, id); n != 6 {
		t.Fatalf("the continued game's save holds %d actions, want 6", n)
	}
	if l, _ := st.List(); len(l) != 1 {
		t.Errorf("continuing made %d saves, want the one", len(l))
	}
}

func TestFinishedGameLeavesContinueAndRecordIsKept(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	rec := filepath.Join(t.TempDir(), "game.ntk")
	a := startedApp(t, Options{Saves: st, Players: []string{"Ann", "Ben"}, RecordPath: rec})
	first := sess(a).ID()
	step(t, a, 5000)
	if !is[*endScene](a) {
		t.Fatalf("%T, want the end screen", a.mgr.cur)
	}
	finished, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(rec); st.Mode().Perm() != 0o600 {
		t.Errorf("record mode %v, want 0600", st.Mode().Perm())
	}
	if r, err := rules.ParseRecord(strings.NewReader(string(finished))); err != nil || len(r.Actions) != len(game(a).Actions()) {
		t.Fatalf("the record holds %d actions (%v), the game %d", len(r.Actions), err, len(game(a).Actions()))
	}
	// New game: the finished game leaves the Continue list, its save and
	// record stay, and the new game records into a new file.
	w, _ := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdAgain })
	x, y := w.R.Center()
	a.handle(ui.Input{X: x, Y: y, Click: true})
	if !is[*startScene](a) || ui.HasText(a.f.ws, "Continue") {
		t.Fatalf("after New game: %T, a finished game offered: %v", a.mgr.cur, ui.HasText(a.f.ws, "Continue"))
	}
	a.handle(ui.Input{Enter: true})
	step(t, a, 3)
	if sess(a).ID() == first {
		t.Fatal("the new game saves over the finished one")
	}
	if _, err := st.Load(first); err != nil {
		t.Errorf("the finished game's save is gone: %v", err)
	}
	if got, _ := os.ReadFile(rec); string(got) != string(finished) {
		t.Error("the new game overwrote the finished game's record")
	}
	second := filepath.Join(filepath.Dir(rec), "game-2.ntk")
	r2, err := os.ReadFile(second)
	if err != nil {
		t.Fatalf("the new game's record: %v", err)
	}
	if r, _ := rules.ParseRecord(strings.NewReader(string(r2))); len(r.Actions) != 3 {
		t.Errorf("game-2.ntk holds %d actions, want 3", len(r.Actions))
	}
}

// failStore is a Store whose writes fail while fail is set.
type failStore struct {
	store.Store
	fail bool
}

func (f *failStore) Save(id string, d []byte) error {
	if f.fail {
		return errors.New("disk full")
	}
	return f.Store.Save(id, d)
}

func (f *failStore) Append(id string, at int64, d []byte) error {
	if f.fail {
		return errors.New("disk full")
	}
	return f.Store.Append(id, at, d)
}

func bannerShown(a *App) bool { return ui.HasText(a.f.ws, "Not saved") }

func TestFailedSaveBannerStaysUntilAWriteSucceeds(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	fs := &failStore{Store: tempStore(t)}
	a := startedApp(t, Options{Saves: fs, Players: []string{"Ann", "Ben"}})
	step(t, a, 2)
	if bannerShown(a) {
		t.Fatal("a banner while every write succeeds")
	}
	fs.fail = true
	step(t, a, 1)
	if !bannerShown(a) || !ui.HasText(a.f.ws, "disk full") {
		t.Fatal("no banner after a failed write")
	}
	if n := len(game(a).Actions()); n != 3 {
		t.Fatalf("the game stopped: %d actions, want 3", n)
	}
	// It stays on every scene (the curtain too) while writes fail.
	toCurtain(a)
	if !bannerShown(a) {
		t.Error("the banner is not on the curtain")
	}
	step(t, a, 1)
	if !bannerShown(a) {
		t.Fatal("the banner went away while writes still fail")
	}
	// Closing is refused once (the save fails), then allowed.
	if a.closeWindow() {
		t.Fatal("the window closed although the game could not be saved")
	}
	if !ui.HasText(a.f.ws, "close again to quit anyway") {
		t.Error("the banner does not say how to quit anyway")
	}
	fs.fail = false
	step(t, a, 1)
	if bannerShown(a) {
		t.Fatal("the banner stays after a successful write")
	}
	if n := saveActions(t, fs, sess(a).ID()); n != 5 {
		t.Errorf("the save holds %d actions after the good write, want 5", n)
	}
}

func TestCloseWindowSavesTheGame(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	fs := &failStore{Store: tempStore(t)}
	a := startedApp(t, Options{Saves: fs, Players: []string{"Ann", "Ben"}})
	fs.fail = true
	step(t, a, 2) // not saved
	fs.fail = false
	if !a.closeWindow() {
		t.Fatal("closing refused although the save works")
	}
	if n := saveActions(t, fs, sess(a).ID()); n != 2 {
		t.Fatalf("after closing the save holds %d actions, want 2", n)
	}
	// Closing the start screen just quits.
	b := mustApp(t, Options{Saves: fs}, defaultNewGame)
	if !b.closeWindow() {
		t.Error("closing the start screen refused")
	}
}

func TestTesterGameIsMarked(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := startedApp(t, Options{Saves: tempStore(t), Players: []string{"Ann", "Ben"}, Seed: 42, SeedSet: true})
	if rules.RecordOf(game(a)).Seed != 42 {
		t.Fatalf("the tester's game has seed %d", rules.RecordOf(game(a)).Seed)
	}
	for _, sc := range []Scene{a.mgr.cur, &tableScene{lg: playing(a)}} {
		a.mgr.goTo(sc)
		a.rebuild()
		if !ui.HasText(a.f.ws, "Tester's game — seed 42") {
			t.Errorf("%T does not mark the tester's game", sc)
		}
	}
	if !sess(a).Meta().Tester {
		t.Error("the save does not mark the tester's game")
	}
}

// twoPlayers is the first n lines of testdata/two-players.ntk, and the
// line after them.
func twoPlayers(t *testing.T, n int) (head, next string) {
	t.Helper()
	src, err := os.ReadFile("../testdata/two-players.ntk")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	return strings.Join(lines[:n], "\n") + "\n", lines[n]
}

func TestLoadFile(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	// A plain record: resumed in a new save, the file left alone, and
	// marked as a tester's game (its seed is in the file).
	part, _ := twoPlayers(t, 20)
	p := filepath.Join(t.TempDir(), "part.ntk")
	if err := os.WriteFile(p, []byte(part), 0o644); err != nil {
		t.Fatal(err)
	}
	want, _ := rules.ParseRecord(strings.NewReader(part))
	a := mustApp(t, Options{Saves: st}, defaultNewGame)
	if err := openOn(a, func(cx *Context) (Scene, error) { return loadFile(cx, p) }); err != nil {
		t.Fatal(err)
	}
	if n := len(game(a).Actions()); n != len(want.Actions) || !playing(a).Tester() || !is[*curtainScene](a) {
		t.Fatalf("loaded %d actions (want %d), tester %v, %T", n, len(want.Actions), playing(a).Tester(), a.mgr.cur)
	}
	step(t, a, 1)
	if got, _ := os.ReadFile(p); string(got) != part {
		t.Error("-load changed the loaded file")
	}
	if n := saveActions(t, st, sess(a).ID()); n != len(want.Actions)+1 {
		t.Errorf("the loaded game's save holds %d actions", n)
	}
	a.closeWindow() // a game is played in one window at a time
	// A save of the saves folder continues in place.
	b := mustApp(t, Options{Saves: st}, defaultNewGame)
	if err := openOn(b, func(cx *Context) (Scene, error) { return loadFile(cx, st.File(sess(a).ID())) }); err != nil {
		t.Fatal(err)
	}
	if sess(b).ID() != sess(a).ID() {
		t.Errorf("loading a save made a new save %s", sess(b).ID())
	}
	if l, _ := st.List(); len(l) != 1 {
		t.Errorf("%d saves, want 1", len(l))
	}
	// A file that is no record is refused with its name.
	if err := openOn(b, func(cx *Context) (Scene, error) { return loadFile(cx, filepath.Join(t.TempDir(), "none.ntk")) }); err == nil {
		t.Error("loading a missing file succeeded")
	}
}

// TestDrawPersistence draws the start screen with games to continue and a
// tester's table with a failed-write banner, and checks the banner and the
// tester's mark are drawn in the warning colour where the layout puts them.
func TestDrawPersistence(t *testing.T) {
	needDisplay(t)
	fs := &failStore{Store: tempStore(t)}
	for i, names := range [][]string{{"Alice", "Bob", "Carol"}, {"Dave", "Erin"}} {
		a := startedApp(t, Options{Saves: fs, Players: names})
		step(t, a, 3+i)
	}
	a := mustApp(t, Options{Saves: fs, Players: []string{"Ann", "Ben"}, Seed: 42, SeedSet: true}, defaultNewGame)
	img := shot(t, a, ui.BaseW, ui.BaseH)
	saveShot(t, "start-continue", img)
	n := 0
	for _, w := range a.f.ws {
		if w.T.Cmd.Kind == ui.CmdContinue {
			want := ui.ColButton
			if n == 0 {
				want = ui.ColOK // the newest, offered first (Enter)
			}
			n++
			if c := img.RGBAAt(int(w.R.X+4), int(w.R.Y+w.R.H/2)); c != want {
				t.Errorf("Continue button %q: pixel %v, want %v", w.Text, c, want)
			}
		}
	}
	if n != 2 {
		t.Fatalf("%d Continue buttons, want 2", n)
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyN}}) // a new game (Enter would continue the newest)
	fs.fail = true
	step(t, a, 1)
	a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	img = shot(t, a, ui.BaseW, ui.BaseH)
	saveShot(t, "table-banner", img)
	for _, text := range []string{"Not saved", "Tester's game — seed 42"} {
		w, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return strings.Contains(w.Text, text) })
		if !ok {
			t.Fatalf("no widget %q", text)
		}
		// The panel under the text (or the box itself) is warning-coloured.
		if c := img.RGBAAt(int(w.R.X-6), int(w.R.Y+2)); c != ui.ColWarn && img.RGBAAt(int(w.R.X+2), int(w.R.Y+2)) != ui.ColWarn {
			t.Errorf("%q is not drawn on the warning colour: %v", text, c)
		}
	}
}

// A save the engine no longer accepts is not continued: the start screen
// says why, and the file stays as it was.
func TestContinueRefusesABrokenSave(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	a := startedApp(t, Options{Saves: st, Players: []string{"Ann", "Ben"}})
	step(t, a, 2)
	id := sess(a).ID()
	a.closeWindow() // a game is played in one window at a time
	data, _ := st.Load(id)
	broken := strings.Replace(string(data), "\ncrown arrange", "\ncrown place stark lord\ncrown arrange", 1)
	if err := st.Save(id, []byte(broken)); err != nil {
		t.Fatal(err)
	}
	b := mustApp(t, Options{Saves: st}, defaultNewGame)
	b.press(ui.CmdTarget(ui.Command{Kind: ui.CmdContinue, ID: id}))
	b.rebuild()
	if !is[*startScene](b) || !strings.Contains(homeMsg(b), "Cannot continue") || !strings.Contains(homeMsg(b), "action 1") {
		t.Fatalf("%T, message %q; want the start screen naming the refused action", b.mgr.cur, homeMsg(b))
	}
	if got, _ := st.Load(id); string(got) != broken {
		t.Error("the refused save was changed")
	}
}

// When the saves folder cannot be opened the start screen says so, above
// everything else and clear of the start screen's own message line.
func TestStoreErrorBannerOnStart(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{}, defaultNewGame)
	a.storeErr = errors.New("games cannot be saved: no home folder")
	a.home.s.Say("some message", false)
	a.rebuild()
	b, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.Text == "Not saved" })
	m, ok2 := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.Text == "some message" })
	if !ok || !ok2 || !ui.HasText(a.f.ws, "no home folder") {
		t.Fatalf("banner %v, message %v", ok, ok2)
	}
	if b.R.Y+b.R.H > m.R.Y && m.R.Y+m.R.H > b.R.Y {
		t.Errorf("the banner %v overlaps the start message %v", b.R, m.R)
	}
}

// TestMapFileGameRecordsItsMap: a game on a map file writes a record naming
// the file relative to the record's folder with its SHA-256, so the record
// replays from any working folder; its save names the file too, and a
// changed file is refused when the game is continued.
func TestMapFileGameRecordsItsMap(t *testing.T) {
	root := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "maps", "standard.toml"))
	if err != nil {
		t.Fatal(err)
	}
	mapPath := filepath.Join(root, "maps", "westeros.toml")
	recPath := filepath.Join(root, "games", "g.ntk")
	for _, d := range []string{filepath.Dir(mapPath), filepath.Dir(recPath)} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(mapPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	st := tempStore(t)
	a := mustApp(t, Options{Saves: st, Map: mapPath, Players: []string{"Ann", "Ben"}, RecordPath: recPath, Quick: true}, defaultNewGame)
	if tbl(a) == nil {
		a.handle(ui.Input{Enter: true})
	}
	step(t, a, 12)
	text, err := os.ReadFile(recPath)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rules.ParseRecord(strings.NewReader(string(text)))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Map != "../maps/westeros.toml" || rec.MapSHA256 != records.Sum(data) {
		t.Fatalf("the record names map %q sha256 %q, want ../maps/westeros.toml and the file's hash", rec.Map, rec.MapSHA256)
	}
	t.Chdir(t.TempDir()) // replay from elsewhere
	m, err := records.LoadMap(maps.ShippedFS(), filepath.Dir(recPath), rec.Map, rec.MapSHA256)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := rules.Replay(m, rec); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	// The save names the file by its absolute path and hash: edit the
	// file and Continue refuses it with the reason.
	id := sess(a).ID()
	if err := os.WriteFile(mapPath, append([]byte("# edited\n"), data...), 0o644); err != nil {
		t.Fatal(err)
	}
	a.closeWindow() // a game is played in one window at a time
	b := mustApp(t, Options{Saves: st}, defaultNewGame)
	fromStart(b, func(cx *Context) (Scene, error) { return continueGame(cx, id) })
	if tbl(b) != nil || !strings.Contains(homeMsg(b), "changed since the record was written") {
		t.Fatalf("continuing on a changed map: table %v, message %q", tbl(b) != nil, homeMsg(b))
	}
}

// TestLoadCutOffRecordWarns: -load of a record whose last line was cut off
// while being written resumes at its last whole line and says so in the
// window, instead of failing or dropping the line silently.
func TestLoadCutOffRecordWarns(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	whole, next := twoPlayers(t, 20)
	p := filepath.Join(t.TempDir(), "cut.ntk")
	if err := os.WriteFile(p, []byte(whole+next[:len(next)/2]), 0o644); err != nil {
		t.Fatal(err)
	}
	want, _ := rules.ParseRecord(strings.NewReader(whole))
	a := mustApp(t, Options{Saves: tempStore(t)}, defaultNewGame)
	if err := openOn(a, func(cx *Context) (Scene, error) { return loadFile(cx, p) }); err != nil {
		t.Fatalf("a cut-off record is refused: %v", err)
	}
	if n := len(game(a).Actions()); n != len(want.Actions) {
		t.Fatalf("resumed at %d actions, want the %d whole lines", n, len(want.Actions))
	}
	if !strings.Contains(tbl(a).State().Message, "cut.ntk: line 21") || !strings.Contains(tbl(a).State().Message, "no line end") {
		t.Fatalf("the window says %q, want the cut-off line's warning", tbl(a).State().Message)
	}
}

// TestCloseWithoutSavesFolderAsksFirst: with no saves folder (it could
// not be opened) the first close of a game in progress is held with the
// banner saying why, and a second close quits; with a -record file the
// game is kept there and the window closes at once.
func TestCloseWithoutSavesFolderAsksFirst(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{Players: []string{"Ann", "Ben"}, Quick: true}, defaultNewGame)
	if tbl(a) == nil {
		a.handle(ui.Input{Enter: true})
	}
	step(t, a, 3)
	if a.closeWindow() {
		t.Fatal("a game nothing holds closed at the first request")
	}
	if head, detail := a.banner(a.f.sh); !strings.Contains(head, "close again") || !strings.Contains(detail, "not saved") {
		t.Fatalf("banner %q / %q", head, detail)
	}
	if !a.closeWindow() {
		t.Fatal("the second close did not quit")
	}
	rec := filepath.Join(t.TempDir(), "g.ntk")
	b := mustApp(t, Options{Players: []string{"Ann", "Ben"}, Quick: true, RecordPath: rec}, defaultNewGame)
	if tbl(b) == nil {
		b.handle(ui.Input{Enter: true})
	}
	step(t, b, 3)
	if !b.closeWindow() {
		t.Fatal("a game kept in its -record file was held open")
	}
	if r, err := os.ReadFile(rec); err != nil || !strings.Contains(string(r), "arrange") {
		t.Fatalf("the record holds %q (%v)", r, err)
	}
}

// A window that cannot open leaves nothing behind: the new game's save
// (Continue would offer a game nobody saw) and its -record file are
// removed; a resumed save stays as it was.
func TestAWindowThatCannotOpenLeavesNoSave(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	rec := filepath.Join(t.TempDir(), "game.ntk")
	a := mustApp(t, Options{Saves: st, Players: []string{"Ann", "Ben"}, Bots: []int{Human, int(bots.Random)}, RecordPath: rec, Quick: true}, defaultNewGame)
	if err := openOn(a, startGame); err != nil {
		t.Fatal(err)
	}
	id := sess(a).ID()
	if _, err := st.Load(id); err != nil {
		t.Fatalf("the new game was not saved: %v", err)
	}
	if _, err := os.Stat(rec); err != nil {
		t.Fatalf("the record was not written: %v", err)
	}
	a.dropUnshown()
	if l, _ := st.List(); len(l) != 0 {
		t.Fatalf("saves left: %v", l)
	}
	if _, err := os.Stat(rec); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the record file is left: %v", err)
	}

	// A resumed save is the player's: it stays.
	b := startedApp(t, Options{Saves: st, Players: []string{"Ann", "Ben"}})
	step(t, b, 2)
	kept := sess(b).ID()
	b.closeWindow()
	c := mustApp(t, Options{Saves: st}, defaultNewGame)
	if err := openOn(c, func(cx *Context) (Scene, error) { return continueGame(cx, kept) }); err != nil {
		t.Fatal(err)
	}
	c.dropUnshown()
	if _, err := st.Load(kept); err != nil {
		t.Fatalf("a resumed save was removed: %v", err)
	}
}

// A kill during -overlay or -record leaves a temporary file beside it; the
// next start removes the program's own ones older than ten minutes from
// the folders it writes into, and nothing else.
func TestStartCleansStaleTemporaryFiles(t *testing.T) {
	ov, rec, pos := t.TempDir(), t.TempDir(), t.TempDir()
	old := time.Now().Add(-11 * time.Minute)
	var stale, kept []string
	for _, d := range []string{ov, rec, pos} {
		s, k := filepath.Join(d, ".o.json.123456.tmp"), filepath.Join(d, "notes.tmp")
		for _, p := range []string{s, k} {
			if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
				t.Fatal(err)
			}
			os.Chtimes(p, old, old)
		}
		stale, kept = append(stale, s), append(kept, k)
	}
	cleanTemps(Options{Overlay: filepath.Join(ov, "o.json"), RecordPath: filepath.Join(rec, "g.ntk"), PositionsDir: pos})
	for _, p := range stale {
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s was left", p)
		}
	}
	for _, p := range kept {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s, not the program's, was removed", p)
		}
	}
}
