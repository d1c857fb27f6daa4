package start

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/internal/tabletest"
	"notrueking/internal/version"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/store"
	"notrueking/ui"
)

// nine is the nine-player map as the window offers it.
var nine = Map{ID: "nine", Label: "Westeros for nine (nine, 2–9 players)", Min: 2, Max: 9}

// screen is a start screen of options o offering the standard and the
// nine-player maps, its last setup in prefs put back (nil: none), as the
// window opens it.
func screen(o Options, prefs store.Prefs) *Screen {
	s := New(o)
	s.SetMaps([]Map{StandardMap, nine}, o.Map)
	s.RestoreSetup(prefs, o)
	return s
}

// press presses the button of command c (it must be on the screen).
func press(t *testing.T, s *Screen, c ui.Command) {
	t.Helper()
	if _, ok := ui.Find(s.Widgets(), func(w ui.Widget) bool { return w.T.Cmd == c }); !ok {
		t.Fatalf("no button for %+v", c)
	}
	s.Do(c)
}

// key presses keys as the window does: the screen's own first, the rest
// press the buttons that show them.
func key(s *Screen, in ui.Input) {
	rest, _ := s.Keys(in)
	for _, k := range rest {
		if tg, ok := ui.KeyTarget(s.Widgets(), k); ok {
			s.Do(tg.Cmd)
		}
	}
}

// TestKeysAndNames: Up and Down choose the map, Left and Right fewer or
// more players (within the map's bounds); a name field takes what is
// typed — Backspace, Tab to the next, no longer than a name may be — and
// a typed key goes to the field, not to a button.
func TestKeysAndNames(t *testing.T) {
	s := screen(Options{}, nil)
	key(s, ui.Input{Keys: []ui.Key{ui.KeyDown}})
	key(s, ui.Input{Keys: []ui.Key{ui.KeyRight}})
	key(s, ui.Input{Keys: []ui.Key{ui.KeyRight}})
	key(s, ui.Input{Keys: []ui.Key{ui.KeyLeft}})
	if nx := s.Next(); nx.Map != "nine" || len(nx.Players) != 5 {
		t.Fatalf("map %s, %d players; want nine, 5", nx.Map, len(nx.Players))
	}
	key(s, ui.Input{Keys: []ui.Key{ui.KeyUp}})
	if nx := s.Next(); nx.Map != "standard" || len(nx.Players) != 4 {
		t.Fatalf("back on the standard map: %s, %d players; want 4 at most", nx.Map, len(nx.Players))
	}
	press(t, s, ui.Command{Kind: ui.CmdPlayers, N: 3})
	press(t, s, ui.Command{Kind: ui.CmdEditName, N: 0})
	for range 5 {
		key(s, ui.Input{Backspace: true})
	}
	key(s, ui.Input{Chars: []rune("Zed")})
	key(s, ui.Input{Tab: true}) // to Bob
	key(s, ui.Input{Backspace: true})
	key(s, ui.Input{Tab: true}) // to Carol: a name stops at 24 characters
	key(s, ui.Input{Chars: []rune("ñbcdefghijklmnopqrstuvwxyz")})
	key(s, ui.Input{Keys: []ui.Key{ui.KeyN}}) // typed, not Start's key
	if got := strings.Join(s.Next().Players, ","); got != "Zed,Bo,Carolñbcdefghijklmnopqrs" {
		t.Fatalf("names %q", got)
	}
	if _, ok := ui.Find(s.Widgets(), func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdEditName, N: 3} }); ok {
		t.Error("a fourth name field is shown for three players")
	}
	key(s, ui.Input{Escape: true})
	s.Do(ui.Command{Kind: ui.CmdEditName, N: 1})
	key(s, ui.Input{Backspace: true})
	s.Click()
	key(s, ui.Input{Chars: []rune("x")})
	if s.Next().Players[1] != "B" {
		t.Fatalf("after a click beside the field, typing went to %q", s.Next().Players[1])
	}
}

// TestSeatsAndPause: a seat's button cycles Human, Random bot, Steady
// bot, Easy bot, Strong bot; the pause button appears with the first bot;
// the next game is played so. Hosted, Human goes to Remote first, and
// hosting off takes the Remote seats back to Human.
func TestSeatsAndPause(t *testing.T) {
	s := screen(Options{CanHost: true}, nil)
	if _, ok := ui.Find(s.Widgets(), func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdBotPause }); ok {
		t.Fatal("a bot pause button with no bot seat")
	}
	for i := 0; i <= int(bots.Strong); i++ {
		press(t, s, ui.Command{Kind: ui.CmdSeatLevel, N: 1})
	}
	w, _ := ui.Find(s.Widgets(), func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdSeatLevel, N: 1} })
	if w.Text != "Strong bot" {
		t.Fatalf("seat 2 after four clicks: %q", w.Text)
	}
	press(t, s, ui.Command{Kind: ui.CmdBotPause})
	nx := s.Next()
	if nx.Seats[1] != bots.Strong.String() || nx.Seats[0] != gamefile.SeatHuman || nx.Pause != 1200*time.Millisecond {
		t.Fatalf("the next game's seats %v, pause %v", nx.Seats, nx.Pause)
	}
	if st := nx.Seating(9); st.Players[1] != "strong" || st.Players[0] != gamefile.SeatHuman || st.Seed != 9 {
		t.Fatalf("its seating: %+v", st)
	}
	press(t, s, ui.Command{Kind: ui.CmdNetwork})
	press(t, s, ui.Command{Kind: ui.CmdSeatLevel, N: 2})
	if nx := s.Next(); !nx.Hosted || nx.Seats[2] != gamefile.SeatRemote || nx.Seating(0).Players[2] != gamefile.SeatRemote {
		t.Fatalf("hosted, seat 3's first click: %+v", nx)
	}
	press(t, s, ui.Command{Kind: ui.CmdNetwork})
	if nx := s.Next(); nx.Hosted || nx.Seats[2] != gamefile.SeatHuman {
		t.Fatalf("hosting off: %+v", nx)
	}
	if st := (Next{Setup: gamefile.Setup{Seats: []string{gamefile.SeatHuman, gamefile.SeatHuman}}}).Seating(1); st.Players != nil {
		t.Errorf("every seat a person's: players %v, want none named", st.Players)
	}
	if nohost := screen(Options{Bots: []int{Remote}}, nil); nohost.Next().Seats[0] != gamefile.SeatHuman {
		t.Error("a build that cannot host took a Remote seat")
	}
}

// TestSavedSeating: a saved game's seats and pause, unless the command
// line says otherwise.
func TestSavedSeating(t *testing.T) {
	st := Saved(Options{}, []string{"human", "easy", "remote"}, 40*time.Millisecond, 3, 5)
	if !slices.Equal(st.Players, []string{"human", "easy", "remote"}) || st.Pause != 40*time.Millisecond || st.Seed != 5 {
		t.Fatalf("the save's seating: %+v", st)
	}
	st = Saved(Options{Bots: []int{int(bots.Random)}, BotPause: time.Second}, []string{"human", "easy"}, 40*time.Millisecond, 2, 5)
	if !slices.Equal(st.Players, []string{"random", "human"}) || st.Pause != time.Second {
		t.Fatalf("-bots random -bot-pause 1s over the save: %+v", st)
	}
}

// TestRemembersTheSetup: the setup kept (map, players, names, who plays
// each seat, the bots' pause, the variant) is the screen's at the next
// start, but for what the command line sets; a setting that does not
// read restores nothing and says why; a name the rules refuse is left
// out, the rest restored.
func TestRemembersTheSetup(t *testing.T) {
	dir := t.TempDir()
	prefs := store.NewDirPrefs(dir)
	a := screen(Options{}, prefs)
	press(t, a, ui.Command{Kind: ui.CmdMap, N: 1})
	press(t, a, ui.Command{Kind: ui.CmdPlayers, N: 5})
	a.Do(ui.Command{Kind: ui.CmdEditName, N: 1})
	key(a, ui.Input{Backspace: true})
	key(a, ui.Input{Chars: []rune("x")})
	press(t, a, ui.Command{Kind: ui.CmdSeatLevel, N: 2})
	press(t, a, ui.Command{Kind: ui.CmdBotPause})
	press(t, a, ui.Command{Kind: ui.CmdVariant})
	want := a.setup()
	a.KeepSetup(prefs)
	if want.Seats[2] == "human" || time.Duration(want.PauseMS)*time.Millisecond == DefaultPause || want.Names[1] != "Box" || want.Variant != "citadel" {
		t.Fatalf("the test changed too little: %+v", want)
	}
	b := screen(Options{}, prefs)
	if got := b.setup(); !slices.Equal(got.Names, want.Names) || !slices.Equal(got.Seats, want.Seats) || got.Map != "nine" || got.Players != 5 || got.PauseMS != want.PauseMS || got.Variant != "citadel" {
		t.Fatalf("after a restart the screen has %+v, want %+v", got, want)
	}
	// The command line wins.
	c := screen(Options{Map: "standard", Players: []string{"Ann", "Ben"}, Bots: []int{int(bots.Easy), Human}, Variant: "plain"}, prefs)
	if got := c.setup(); got.Map != "standard" || got.Players != 2 || got.Names[1] != "Ben" || got.Seats[0] != bots.Easy.String() || got.Variant != rules.Plain.String() {
		t.Fatalf("with -map, -names, -bots and -variant the screen has %+v", got)
	}
	// A setting that does not read: nothing restored, the reason said.
	if err := os.WriteFile(filepath.Join(dir, setupPref+".json"), []byte(`{"map": 3`), 0o600); err != nil {
		t.Fatal(err)
	}
	d := screen(Options{}, prefs)
	if got, msg := d.setup(), d.msg; got.Map != "standard" || got.Names[1] != DefaultNames[1] || !d.msgErr || !ui.HasText(d.Widgets(), msg) || !strings.Contains(msg, "not restored") {
		t.Fatalf("a broken setting: %+v, message %q", got, msg)
	}
	if err := prefs.Set(setupPref, `{"map":"nine","players":3,"names":["Ann","Bad\u200bName","Cy"]}`); err != nil {
		t.Fatal(err)
	}
	e := screen(Options{}, prefs)
	if got := e.setup(); got.Map != "nine" || got.Names[0] != "Ann" || got.Names[1] != DefaultNames[1] || got.Names[2] != "Cy" || !e.msgErr {
		t.Fatalf("a refused name: %+v, message %q", got, e.msg)
	}
}

// TestMessageColours: the message line is red for a refusal and green
// for news.
func TestMessageColours(t *testing.T) {
	s := New(Options{})
	for _, isErr := range []bool{false, true} {
		s.Say("Map x loaded: choose the players and Start.", isErr)
		ws := s.Widgets()
		i := slices.IndexFunc(ws, func(w ui.Widget) bool { return w.Text == s.msg })
		if i < 1 || ws[i-1].Kind != ui.WPanel {
			t.Fatal("the message is not on its bar")
		}
		want := ui.ColOK
		if isErr {
			want = ui.ColWarn
		}
		if ws[i-1].Fill != want {
			t.Errorf("refusal %v: the bar is %v, want %v", isErr, ws[i-1].Fill, want)
		}
	}
}

// TestShowsVersionAndSeed: the bottom-right corner shows the build's
// stamp, small and dim; a tester's seed is shown and named so.
func TestShowsVersionAndSeed(t *testing.T) {
	s := New(Options{Seed: 42, SeedSet: true})
	want := version.Get().Short()
	w, ok := ui.Find(s.Widgets(), func(w ui.Widget) bool { return w.Kind == ui.WText && w.Text == want })
	if !ok {
		t.Fatalf("the start screen does not show the build's stamp %q", want)
	}
	if w.R.X+w.R.W < ui.BaseW-40 || w.R.Y < ui.BaseH-40 || w.R.Y+w.R.H > ui.BaseH || w.Size > 14 || w.Ink != ui.ColDim {
		t.Errorf("the stamp %q is at %+v, size %v: want it small and dim in the bottom-right corner", want, w.R, w.Size)
	}
	if nx := s.Next(); !nx.SeedSet || nx.Seed != 42 || !ui.HasText(s.Widgets(), "Tester's game — seed 42") {
		t.Errorf("a tester's seed: %+v", nx)
	}
	if nx := New(Options{}).Next(); nx.SeedSet || nx.Seed != 0 || ui.HasText(New(Options{}).Widgets(), "Tester") {
		t.Errorf("a player's game shows a seed: %+v", nx)
	}
}

// save puts in st, under id, the save of a standard game of players
// after n actions, as a window writes it; over says its header marks the
// game over (a finished game, which Continue does not list).
func save(t *testing.T, st store.Store, id string, players []string, n int, over bool) {
	t.Helper()
	g, err := tabletest.RulesGame("standard", players, 1)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, n)
	rec := rules.RecordOf(g)
	data, err := gamefile.Encode(rec, gamefile.Meta{Saved: time.Now(), Players: rec.Players, Actions: n, Over: over})
	if err == nil {
		err = st.Save(id, data)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// saves is a saves folder of its own.
func saves(t *testing.T) *store.Dir {
	t.Helper()
	d, err := store.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// ids are st's saves, sorted.
func ids(t *testing.T, st store.Store) []string {
	t.Helper()
	ents, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.ID)
	}
	slices.Sort(out)
	return out
}

// TestDeletesOneGame: each listed game has a Delete button; the first
// press only asks (the button turns red "Press again"), another command
// in between forgets the question, and the second press deletes that
// game's save and no other. A save another window holds is not deleted,
// and the message line says why.
func TestDeletesOneGame(t *testing.T) {
	st := saves(t)
	for _, id := range []string{"g-1", "g-2", "g-3"} {
		save(t, st, id, []string{"Ann", "Ben", "Cy"}, 3, false)
	}
	s := New(Options{})
	s.Refresh(st)
	del := func(id string) ui.Widget {
		t.Helper()
		w, ok := ui.Find(s.Widgets(), func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdDeleteGame, ID: id} })
		if !ok {
			t.Fatalf("no Delete button for game %s", id)
		}
		return w
	}
	all := []string{"g-1", "g-2", "g-3"}
	s.Do(del("g-2").T.Cmd)
	if w := del("g-2"); w.Text != "Press again" || w.Fill != ui.ColWarn || !s.msgErr {
		t.Fatalf("after one press: %q on %v (message %q); want a red Press again", w.Text, w.Fill, s.msg)
	}
	if got := ids(t, st); !slices.Equal(got, all) {
		t.Fatalf("one press deleted a save: %v", got)
	}
	s.Do(del("g-1").T.Cmd) // another game's Delete asks for that one
	s.Do(del("g-2").T.Cmd)
	if got := ids(t, st); !slices.Equal(got, all) || del("g-1").Text != "Delete" {
		t.Fatalf("after Delete g-2, Delete g-1, Delete g-2: saves %v, g-1's button %q; want all three kept", got, del("g-1").Text)
	}
	s.Do(del("g-2").T.Cmd)
	if got := ids(t, st); !slices.Equal(got, []string{"g-1", "g-3"}) {
		t.Fatalf("after confirming g-2: saves %v, want g-1 and g-3", got)
	}
	if s.msgErr || !strings.HasPrefix(s.msg, "Deleted the game of Ann, Ben") || len(s.Continues()) != 2 {
		t.Errorf("after deleting: message %q (refusal %v), %d listed", s.msg, s.msgErr, len(s.Continues()))
	}
	release, err := st.Lock("g-3") // another window plays it
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	s.Do(del("g-3").T.Cmd)
	s.Do(del("g-3").T.Cmd)
	if got := ids(t, st); !slices.Equal(got, []string{"g-1", "g-3"}) {
		t.Fatalf("a held save: saves %v, want it kept", got)
	}
	if !s.msgErr || !strings.Contains(s.msg, "open in another window") {
		t.Errorf("a held save: message %q (refusal %v); want why it was not deleted", s.msg, s.msgErr)
	}
}

// TestDeletesFinishedGames: the screen says how much room the saved
// games take and offers to delete the finished ones (which Continue does
// not list); the first press only asks, another command in between
// forgets the question, the second press deletes them and leaves the game
// in progress.
func TestDeletesFinishedGames(t *testing.T) {
	st := saves(t)
	save(t, st, "open", []string{"Ann", "Ben", "Cy"}, 2, false)
	for _, id := range []string{"done-1", "done-2"} {
		save(t, st, id, []string{"Di", "Ed"}, 30, true)
	}
	s := New(Options{})
	s.Refresh(st)
	del := func() (ui.Widget, bool) {
		return ui.Find(s.Widgets(), func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDeleteFinished })
	}
	if w, ok := del(); !ok || !strings.HasPrefix(w.Text, "Delete 2 finished (") || !slices.ContainsFunc(s.Widgets(), func(w ui.Widget) bool { return strings.HasPrefix(w.Text, "3 saved games take ") }) {
		t.Fatalf("no Delete finished button for two finished games, or no room said: %+v", w)
	}
	if len(s.Continues()) != 1 {
		t.Fatalf("Continue lists %d games, want the one in progress", len(s.Continues()))
	}
	s.Do(ui.Command{Kind: ui.CmdDeleteFinished})
	s.Do(ui.Command{Kind: ui.CmdMap, N: 0})
	s.Do(ui.Command{Kind: ui.CmdDeleteFinished})
	if got := ids(t, st); len(got) != 3 || !s.delAsked {
		t.Fatalf("after ask, another command, ask: saves %v, asked %v; want 3 and a question", got, s.delAsked)
	}
	s.Do(ui.Command{Kind: ui.CmdDeleteFinished})
	if got := ids(t, st); !slices.Equal(got, []string{"open"}) {
		t.Fatalf("after confirming: %v; want only the game in progress", got)
	}
	if _, ok := del(); ok || !strings.HasPrefix(s.msg, "Deleted 2 finished games") {
		t.Fatalf("after deleting: button still there %v, message %q", ok, s.msg)
	}
	// One save left: the verb agrees (not "1 saved game take 7 KB").
	if !slices.ContainsFunc(s.Widgets(), func(w ui.Widget) bool { return strings.HasPrefix(w.Text, "1 saved game takes ") }) {
		t.Fatal("the screen does not say what the one save takes")
	}
}

// TestExports: Export hands a listed game's save to be kept (named after
// its players) and says where it went and that a game in progress is a
// spoiler; Export finished hands every finished game, no spoiler said; a
// failure to keep them is said.
func TestExports(t *testing.T) {
	st := saves(t)
	save(t, st, "g-1", []string{"Ann", "Ben", "Cy"}, 5, false)
	save(t, st, "done-1", []string{"Di", "Ed"}, 30, true)
	save(t, st, "done-2", []string{"Di", "Ed"}, 30, true)
	s := New(Options{})
	s.Refresh(st)
	var kept [][]session.ExportFile
	keep := func(files []session.ExportFile) (string, error) {
		kept = append(kept, files)
		return fmt.Sprintf("Kept %d.", len(files)), nil
	}
	exp, ok := ui.Find(s.Widgets(), func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdExportGame, ID: "g-1"} })
	if !ok {
		t.Fatal("no Export button for the listed game")
	}
	s.Export(exp.T.Cmd, keep)
	data, _ := st.Load("g-1")
	if len(kept) != 1 || len(kept[0]) != 1 || !strings.HasPrefix(kept[0][0].Name, "ann-ben-cy-") || !bytes.Equal(kept[0][0].Data, data) {
		t.Fatalf("Export kept %+v", kept)
	}
	if s.msgErr || s.msg != "Kept 1. A spoiler: it holds every secret of the game." {
		t.Fatalf("after Export: message %q (refusal %v)", s.msg, s.msgErr)
	}
	// A long message takes the bar's two lines, whole in its tooltip.
	if !slices.ContainsFunc(s.Widgets(), func(w ui.Widget) bool { return w.Kind == ui.WText && w.Tip == s.msg }) {
		t.Error("the message bar does not hold the message")
	}
	ef, ok := ui.Find(s.Widgets(), func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdExportFinished })
	if !ok {
		t.Fatal("no Export finished button for two finished games")
	}
	s.Export(ef.T.Cmd, keep)
	if len(kept) != 2 || len(kept[1]) != 2 || s.msgErr || strings.Contains(s.msg, "spoiler") {
		t.Fatalf("after Export finished: %d files kept, message %q", len(kept[len(kept)-1]), s.msg)
	}
	s.Export(exp.T.Cmd, func([]session.ExportFile) (string, error) { return "", os.ErrPermission })
	if !s.msgErr || !strings.Contains(s.msg, "Not exported: "+os.ErrPermission.Error()) {
		t.Fatalf("a refused export: message %q", s.msg)
	}
}

// TestHome: coming back to the screen forgets the message and the game
// to watch, says a setup that could not be kept, and reads the saves
// again.
func TestHome(t *testing.T) {
	st := saves(t)
	s := New(Options{})
	s.Refresh(st)
	s.SetWatch("other.ntks")
	s.Say("old news", false)
	save(t, st, "g-1", []string{"Ann", "Ben"}, 2, false)
	s.Home(st)
	if s.Watch() != "" || s.msg != "" || len(s.Continues()) != 1 {
		t.Fatalf("home: watch %q, message %q, %d listed", s.Watch(), s.msg, len(s.Continues()))
	}
	s.KeepSetup(failingPrefs{})
	s.Home(st)
	if !s.msgErr || !strings.Contains(s.msg, "could not be kept") {
		t.Fatalf("a setup not kept: message %q", s.msg)
	}
	if !s.Do(ui.Command{Kind: ui.CmdVariant}) || s.Do(ui.Command{Kind: ui.CmdStart}) || s.Do(ui.Command{Kind: ui.CmdContinue, ID: "g-1"}) {
		t.Error("the screen takes the window's commands, or not its own")
	}
}

// failingPrefs refuses every write.
type failingPrefs struct{}

func (failingPrefs) Get(string) (string, bool, error) { return "", false, nil }
func (failingPrefs) Set(string, string) error         { return os.ErrPermission }
