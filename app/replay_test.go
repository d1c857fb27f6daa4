package app

import (
	"encoding/json"
	"fmt"
	"image"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/gamefile"
	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// finishedRecord is a whole four-player game (over at its last action).
const finishedRecord = "../testdata/four-players.ntk"

// cutRecord writes the first lines of the finished record: a game that
// is not over (its players' hands and loyalty cards are still secret).
func cutRecord(t testing.TB, lines int) string {
	t.Helper()
	data, err := os.ReadFile(finishedRecord)
	if err != nil {
		t.Fatal(err)
	}
	ls := strings.SplitAfter(string(data), "\n")
	p := filepath.Join(t.TempDir(), "cut.ntk")
	if err := os.WriteFile(p, []byte(strings.Join(ls[:lines], "")), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

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
func replayOf(t testing.TB, g *rules.Game, name string) (*App, *replayView) {
	t.Helper()
	a := mustApp(t, Options{}, defaultNewGame)
	r, err := newReplayView(g, name)
	if err != nil {
		t.Fatal(err)
	}
	a.mgr.goTo(fileReplay(r))
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

func TestReplayKeysStepAndJump(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := replayApp(t, finishedRecord)
	r := rp(a)
	if r.n != 0 || r.end != 296 || !r.over {
		t.Fatalf("opened at %d of %d (over %v), want 0 of 296, over", r.n, r.end, r.over)
	}
	if len(r.rounds) != 4 {
		t.Fatalf("round starts %v, want 4", r.rounds)
	}
	steps := []struct {
		key  ui.Key
		want int
	}{
		{ui.KeyRight, 1}, {ui.KeyRight, 2}, {ui.KeyLeft, 1}, {ui.KeyLeft, 0}, {ui.KeyLeft, 0},
		{ui.KeyDown, r.rounds[0]}, {ui.KeyDown, r.rounds[1]}, {ui.KeyPgDn, r.rounds[2]}, {ui.KeyRight, r.rounds[2] + 1},
		{ui.KeyUp, r.rounds[2]}, {ui.KeyPgUp, r.rounds[1]}, {ui.KeyUp, r.rounds[0]}, {ui.KeyUp, 0},
		{ui.KeyEnd, 296}, {ui.KeyRight, 296}, {ui.KeyDown, 296}, {ui.KeyUp, r.rounds[3]}, {ui.KeyHome, 0},
	}
	for i, s := range steps {
		press(a, s.key)
		if r.n != s.want {
			t.Fatalf("step %d: %s went to %d, want %d", i, s.key, r.n, s.want)
		}
	}
	// Where it stands, in words.
	press(a, ui.KeyEnd)
	if got := r.posLabel(); !strings.Contains(got, "Action 296 of 296") || !strings.Contains(got, "round 4 of 4") || !strings.Contains(got, "over") {
		t.Errorf("position at the end reads %q", got)
	}
	press(a, ui.KeyHome, ui.KeyDown, ui.KeyDown, ui.KeyRight)
	if got, want := r.posLabel(), fmt.Sprintf("Action %d of 296  ·  round 2 of 4", r.rounds[1]+1); got != want {
		t.Errorf("position reads %q, want %q", got, want)
	}
	// A log entry's click goes to its action; Esc leaves for the start
	// screen (the file was opened alone).
	a.do(ui.Command{Kind: ui.CmdLogEntry, N: 7})
	if r.n != 7 {
		t.Fatalf("log entry: at %d, want 7", r.n)
	}
	press(a, ui.KeyEsc)
	if !is[*startScene](a) || rp(a) != nil {
		t.Fatalf("Esc: %T, viewer %v; want the start screen", a.mgr.cur, rp(a) != nil)
	}
}

func TestReplayScrubBar(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := replayApp(t, finishedRecord)
	r := rp(a)
	bar := r.layout().Bar
	// Position from x and back: every action has its own place.
	for n := 0; n <= r.end; n++ {
		if got := r.posAt(bar, r.xOf(bar, n)); got != n {
			t.Fatalf("posAt(xOf(%d)) = %d", n, got)
		}
	}
	if r.posAt(bar, bar.X-50) != 0 || r.posAt(bar, bar.X+bar.W+50) != r.end || r.posAt(bar, bar.X+bar.W/2) != r.end/2 {
		t.Fatalf("ends and middle of the bar: %d %d %d", r.posAt(bar, bar.X-50), r.posAt(bar, bar.X+bar.W+50), r.posAt(bar, bar.X+bar.W/2))
	}
	// A click on the bar jumps; a drag follows the pointer until release.
	y := bar.Y + bar.H/2
	a.handle(ui.Input{X: r.xOf(bar, 100), Y: y, Click: true})
	if r.n != 100 {
		t.Fatalf("click on the bar: at %d, want 100", r.n)
	}
	a.handle(ui.Input{X: r.xOf(bar, 40), Y: y, Click: true, Down: true})
	a.handle(ui.Input{X: r.xOf(bar, 60), Y: bar.Y - 100, Down: true}) // the drag may leave the bar
	if r.n != 60 {
		t.Fatalf("drag: at %d, want 60", r.n)
	}
	a.handle(ui.Input{X: r.xOf(bar, 200), Y: y, Down: true})
	a.handle(ui.Input{X: r.xOf(bar, 200), Y: y})
	a.handle(ui.Input{X: r.xOf(bar, 250), Y: y})
	if r.n != 200 {
		t.Fatalf("after the release the bar stays at %d, want 200", r.n)
	}
	// Its words: the position and a tick per round.
	a.rebuild()
	ticks := 0
	for _, w := range a.f.ws {
		if w.Kind == ui.WText && strings.HasPrefix(w.Text, "R") && len(w.Text) == 2 && bar.Contains(w.R.X, w.R.Y+1) {
			ticks++
		}
	}
	if ticks != len(r.rounds) {
		t.Errorf("%d round marks on the bar, want %d", ticks, len(r.rounds))
	}
	if _, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return strings.HasPrefix(w.Text, "Action 200 of 296") }); !ok {
		t.Error("the position is not shown as \"Action 200 of 296 …\"")
	}
}

// TestReplayShowsTheGameAfterNActions: the table shown (public view, the
// log shown) is the game's after n actions, whichever way the viewer got
// there: steps forward, steps back, jumps.
func TestReplayShowsTheGameAfterNActions(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := replayApp(t, finishedRecord)
	r := rp(a)
	g := fileGame(t, finishedRecord)
	acts := g.Actions()
	check := func(how string, n int) {
		t.Helper()
		if r.n != n {
			t.Fatalf("%s: at %d, want %d", how, r.n, n)
		}
		// An independent replay of the first n actions.
		want, err := g.At(n)
		if err != nil {
			t.Fatal(err)
		}
		pv := want.View(rules.Public)
		if !reflect.DeepEqual(r.u.Public(), pv) {
			t.Fatalf("%s to %d: the public view differs from the game after %d actions", how, n, n)
		}
		if got := r.shownLog(); !reflect.DeepEqual(got, pv.Log) {
			t.Fatalf("%s to %d: the log shown (%d lines) differs from the game's (%d)", how, n, len(got), len(pv.Log))
		}
	}
	// Forward, action by action, against a game stepped alongside.
	step, err := g.At(0)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= len(acts); n++ {
		press(a, ui.KeyRight)
		if _, err := step.Apply(acts[n-1]); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r.u.Public(), step.View(rules.Public)) {
			t.Fatalf("step to %d: the public view differs from the stepped game", n)
		}
	}
	// Back and by jumps.
	for n := len(acts) - 1; n >= len(acts)-40; n-- {
		press(a, ui.KeyLeft)
		check("back", n)
	}
	rng := rand.New(rand.NewSource(1))
	for range 40 {
		n := rng.Intn(len(acts) + 1)
		a.do(ui.Command{Kind: ui.CmdReplayGo, N: n})
		check("jump", n)
	}
}

// texts is every word the widgets show or tell (text and tooltips).
func texts(ws []ui.Widget) string {
	var b strings.Builder
	for _, w := range ws {
		b.WriteString(w.Text)
		b.WriteByte('\x00')
		b.WriteString(w.Tip)
		b.WriteByte('\x00')
	}
	return b.String()
}

// TestReplayKeepsSecretsOfAnUnfinishedGame: for a game that is not over,
// at every position, no widget of the replay shows or tells a card in a
// hand or a loyalty token that the public view of that position does not
// show; the seat picker is absent and the keys that would pick a seat do
// nothing.
func TestReplayKeepsSecretsOfAnUnfinishedGame(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	path := cutRecord(t, 130)
	a := replayApp(t, path)
	r := rp(a)
	g := fileGame(t, path)
	if g.Over() || r.over {
		t.Fatal("the cut record's game is over")
	}
	secretCards, secretTokens := 0, 0
	for n := 0; n <= r.end; n++ {
		a.do(ui.Command{Kind: ui.CmdReplayGo, N: n})
		for _, k := range []ui.Key{ui.Key1, ui.Key2, ui.Key3, ui.Key4, ui.Key0} {
			press(a, k)
		}
		a.do(ui.Command{Kind: ui.CmdReplaySeat, N: 1})
		a.rebuild()
		if r.n != n || r.seat != rules.Public || r.u.Shown() != rules.Public {
			t.Fatalf("at %d: position %d, seat %d, shown %d; want the public view", n, r.n, r.seat, r.u.Shown())
		}
		all := texts(a.f.ws)
		gn, err := g.At(n)
		if err != nil {
			t.Fatal(err)
		}
		pub := gn.View(rules.Public)
		if !reflect.DeepEqual(r.u.Private(), pub) || !reflect.DeepEqual(r.u.Public(), pub) {
			t.Fatalf("at %d: the table holds more than the public view", n)
		}
		pj, _ := json.Marshal(pub)
		public := string(pj)
		for s := range rules.Seat(len(gn.Seats())) {
			sv := gn.View(s)
			p := sv.Players[s]
			for _, id := range p.Hand {
				c := gn.Map().CardAt(id)
				if strings.Contains(public, c.Name) {
					continue // played or named in public: no secret
				}
				secretCards++
				if strings.Contains(all, c.Name) || strings.Contains(all, table.CardLabel(c)) {
					t.Fatalf("at %d: the replay shows %s's secret card %q", n, r.u.SeatName(s), c.Name)
				}
			}
			for k, tk := range p.Loyalty {
				if pub.Players[s].Loyalty[k].House != board.NoHouse {
					continue // revealed
				}
				secretTokens++
				priv := fmt.Sprintf("%d\n%s", tk.Value, table.Abbrev(tabletest.HouseName(r.u.Map(), tk.House)))
				if strings.Contains(all, priv) || strings.Contains(all, fmt.Sprintf("Slot %d of your loyalty card: House %s", k+1, tabletest.HouseName(r.u.Map(), tk.House))) {
					t.Fatalf("at %d: the replay shows %s's hidden token in slot %d", n, r.u.SeatName(s), k+1)
				}
			}
		}
		for _, w := range a.f.ws {
			if w.T.Cmd.Kind == ui.CmdReplaySeat {
				t.Fatalf("at %d: a seat picker (%q) in an unfinished game", n, w.Text)
			}
		}
	}
	if secretCards == 0 || secretTokens == 0 {
		t.Fatalf("the test saw %d secret cards and %d secret tokens: it tests nothing", secretCards, secretTokens)
	}
}

// TestReplaySeatPickerOnlyWhenOver: a finished game's replay offers each
// seat's view (its hand and loyalty card at the position shown) and the
// public one again; nothing in either can be played.
func TestReplaySeatPickerOnlyWhenOver(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := replayApp(t, finishedRecord)
	r := rp(a)
	g := fileGame(t, finishedRecord)
	seats := map[rules.Seat]ui.Key{}
	for _, w := range a.f.ws {
		if w.T.Cmd.Kind == ui.CmdReplaySeat {
			seats[rules.Seat(w.T.Cmd.N)] = w.Key
		}
	}
	if len(seats) != 5 || seats[rules.Public] != ui.Key0 || seats[0] != ui.Key1 || seats[3] != ui.Key4 {
		t.Fatalf("seat picker %v, want Public (0) and four seats (1-4)", seats)
	}
	a.do(ui.Command{Kind: ui.CmdReplayGo, N: 150})
	press(a, ui.Key2)
	if r.seat != 1 || r.u.Shown() != 1 {
		t.Fatalf("key 2: seat %d shown %d, want seat 1", r.seat, r.u.Shown())
	}
	gn, _ := g.At(150)
	sv := gn.View(1)
	if !reflect.DeepEqual(r.u.Private(), sv) {
		t.Fatal("seat 1's view at 150 is not the game's")
	}
	if len(sv.Players[1].Hand) == 0 {
		t.Fatal("seat 1 holds no card at 150: pick another position")
	}
	all := texts(a.f.ws)
	for _, c := range sv.Players[1].Hand {
		if name := gn.Map().CardAt(c).Name; !strings.Contains(all, name) {
			t.Errorf("seat 1's card %q is not shown", name)
		}
	}
	if shown := r.shownLog(); !reflect.DeepEqual(shown, sv.Log) {
		t.Errorf("the log is not seat 1's at 150 (%d lines, want %d)", len(shown), len(sv.Log))
	}
	for _, k := range []ui.Key{ui.KeyRight, ui.KeyLeft, ui.KeyPgDn, ui.KeyEnd, ui.KeyHome} {
		press(a, k)
		for _, w := range a.f.ws {
			if w.T.Action != nil {
				t.Fatalf("after %s: a live action button %q in the replay", k, w.Text)
			}
		}
	}
	// Undo and redo do not apply: nothing changes, the file's game least.
	at := r.n
	press(a, ui.KeyCtrlZ, ui.KeyCtrlY, ui.KeyCtrlZ)
	if r.n != at || r.full.Len() != r.end || r.cur.Len() != at {
		t.Fatalf("Ctrl+Z/Ctrl+Y moved the replay: at %d (was %d), game %d of %d", r.n, at, r.full.Len(), r.end)
	}
	// and the table's engine refuses them itself
	if err := r.u.Game().Undo(); err == nil || r.cur.Len() != at {
		t.Fatal("the replay's engine took an action back")
	}
	press(a, ui.Key0)
	if r.seat != rules.Public || r.u.Shown() != rules.Public {
		t.Fatalf("key 0: seat %d shown %d, want the public view", r.seat, r.u.Shown())
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
	if !is[*replayScene](a) || rp(a) == nil || rp(a).end != 296 || rp(a).n != 0 {
		t.Fatalf("R: %T, viewer %+v", a.mgr.cur, rp(a))
	}
	press(a, ui.KeyRight, ui.KeyRight)
	if rp(a).n != 2 || tbl(a).Game().Len() != 296 {
		t.Fatalf("stepping the replay: at %d, the game on the table has %d actions", rp(a).n, tbl(a).Game().Len())
	}
	press(a, ui.KeyEsc)
	if !is[*endScene](a) || rp(a) != nil {
		t.Fatalf("Esc: %T, want the end screen", a.mgr.cur)
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

// BenchmarkReplayStep is one step of the replay viewer on a 428-action
// four-player game, as a key press costs it (the position and the
// widgets; the drawing is not included): forward (one action applied),
// back (from the copy kept at most replaySnapEvery-1 actions before) and
// a jump across the game.
func BenchmarkReplayStep(b *testing.B) {
	// Four players on the nine-player map, random legal moves: a whole
	// game of 428 actions (on the standard map four players take ~330).
	g := rulesGame(b, "nine", []string{"Ann", "Ben", "Cy", "Di"}, 1)
	rng := rand.New(rand.NewSource(1))
	for !g.Over() {
		l := g.Legal()
		if _, err := g.Apply(l[rng.Intn(len(l))]); err != nil {
			b.Fatal(err)
		}
	}
	if g.Len() < 400 {
		b.Fatalf("the game has %d actions, want 400 or more", g.Len())
	}
	b.ReportMetric(float64(g.Len()), "actions")
	a, r := replayOf(b, g, "bench")
	r.goTo(r.end)
	r.goTo(0) // every copy made once
	a.rebuild()
	b.Run("forward", func(b *testing.B) {
		r.goTo(200)
		for b.Loop() {
			if r.n >= 390 {
				r.goTo(200)
			}
			press(a, ui.KeyRight)
		}
	})
	b.Run("back", func(b *testing.B) {
		r.goTo(390)
		for b.Loop() {
			if r.n <= 200 {
				r.goTo(390)
			}
			press(a, ui.KeyLeft)
		}
	})
	// For comparison: the engine's At (from its checkpoints, 256 apart)
	// with the public view, what each step would cost without the copies.
	b.Run("engine-At", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			c, err := g.At(200 + i%50)
			if err != nil {
				b.Fatal(err)
			}
			c.View(rules.Public)
		}
	})
	b.Run("jump", func(b *testing.B) {
		i := 0
		for b.Loop() {
			i++
			a.do(ui.Command{Kind: ui.CmdReplayGo, N: (i * 157) % (r.end + 1)})
			a.rebuild()
		}
	})
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
		b := rp(a).layout().Board
		sc := ui.NewScaler(w, h)
		x, y := sc.ToScreen(b.X+b.W/2, b.Y+b.H/2)
		if c := img.RGBAAt(int(x), int(y)); c == ui.ColBG {
			t.Errorf("picture %d: no board at the board's centre", i)
		}
		prev = img
	}
}

// TestReplayLayoutFits: for two to nine players, in the public view and
// in a seat's, every widget of the viewer lies on the canvas and none of
// the panels overlap (the seat's panel moves to the log column when the
// right-hand column has no room for it).
func TestReplayLayoutFits(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, tc := range []struct {
		m string
		n int
	}{{"standard", 2}, {"standard", 4}, {"nine", 4}, {"nine", 6}, {"nine", 9}} {
		names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}[:tc.n]
		g := rulesGame(t, tc.m, names, 5)
		rng := rand.New(rand.NewSource(5))
		for !g.Over() {
			l := g.Legal()
			if _, err := g.Apply(l[rng.Intn(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
		a, r := replayOf(t, g, "test")
		a.do(ui.Command{Kind: ui.CmdReplayGo, N: g.Len() / 2})
		for _, seat := range []rules.Seat{rules.Public, rules.Seat(tc.n - 1)} {
			a.do(ui.Command{Kind: ui.CmdReplaySeat, N: int(seat)})
			a.rebuild()
			l := r.layout()
			for _, w := range a.f.ws {
				if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > ui.BaseW+0.5 || w.R.Y+w.R.H > ui.BaseH+0.5 {
					t.Errorf("%s, %d players, seat %d: %q at %+v runs off the canvas", tc.m, tc.n, seat, w.Text, w.R)
				}
			}
			parts := map[string]ui.Rect{"board": l.Board, "log": l.Log, "seats": l.Seats, "private": l.Private, "scrub": l.Scrub,
				"houses": l.table.Houses, "players": l.table.Players}
			for an, ar := range parts {
				for bn, br := range parts {
					if an < bn && ar.W > 0 && br.W > 0 && ar.H > 0 && br.H > 0 && overlaps(ar, br) {
						t.Errorf("%s, %d players, seat %d: %s %+v overlaps %s %+v", tc.m, tc.n, seat, an, ar, bn, br)
					}
				}
			}
			if seat >= 0 && l.Private.H < 180 {
				t.Errorf("%s, %d players: the seat's panel is %.0f high", tc.m, tc.n, l.Private.H)
			}
			if l.Log.H < 300 {
				t.Errorf("%s, %d players, seat %d: the log is %.0f high", tc.m, tc.n, seat, l.Log.H)
			}
		}
	}
}

func overlaps(a, b ui.Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// TestReplayCutLastLine: a record whose last line was cut off opens with
// its whole lines, and says so at its last action.
func TestReplayCutLastLine(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	data, err := os.ReadFile(finishedRecord)
	if err != nil {
		t.Fatal(err)
	}
	ls := strings.SplitAfter(string(data), "\n")
	cut := strings.Join(ls[:100], "") + ls[100][:len(ls[100])/2]
	p := filepath.Join(t.TempDir(), "cut-mid.ntk")
	if err := os.WriteFile(p, []byte(cut), 0o600); err != nil {
		t.Fatal(err)
	}
	a := replayApp(t, p)
	if rp(a).warning == "" {
		t.Fatal("no warning for a cut-off last line")
	}
	press(a, ui.KeyEnd)
	if !ui.Shows(a.f.ws, rp(a).warning) {
		t.Errorf("the warning %q is not shown at the last action", rp(a).warning)
	}
	if got, _ := os.ReadFile(p); string(got) != cut {
		t.Error("the file changed")
	}
}

// TestReplayContrast: every text of the viewer (public view and a seat's,
// at the start, mid-game and the end, the help over it) reads at 4.5:1.
func TestReplayContrast(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, path := range []string{finishedRecord, cutRecord(t, 130)} {
		a := replayApp(t, path)
		for _, step := range []ui.Key{ui.KeyHome, ui.KeyPgDn, ui.KeyPgDn, ui.KeyRight, ui.KeyEnd} {
			press(a, step)
			for _, seat := range []ui.Key{ui.Key0, ui.Key2} {
				press(a, seat)
				where := fmt.Sprintf("%s at %d seat %s", filepath.Base(path), rp(a).n, seat)
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

// TestReplayOpensASave: a save (of the saves folder's kind, a game in
// progress) opens like a record, in the public view only, and is not
// written.
func TestReplayOpensASave(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	g := fileGame(t, cutRecord(t, 130))
	data, err := gamefile.Encode(rules.RecordOf(g), gamefile.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "save.ntks")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	a := replayApp(t, p)
	if rp(a).end != g.Len() || rp(a).over {
		t.Fatalf("the save opened with %d actions (over %v), want %d", rp(a).end, rp(a).over, g.Len())
	}
	press(a, ui.KeyEnd, ui.Key1)
	if rp(a).u.Shown() != rules.Public {
		t.Fatal("a seat's view of a game in progress")
	}
	if got, _ := os.ReadFile(p); string(got) != string(data) {
		t.Error("the save changed")
	}
}

// TestReplayMarksTheShownMove: after a move the board selects where the
// troops went, lighting nothing (which would dim the rest of the board);
// after an action that touched no territory it selects only a running
// combat's territory.
func TestReplayMarksTheShownMove(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := replayApp(t, finishedRecord)
	r := rp(a)
	moves, others := 0, 0
	for n := 1; n <= r.end; n++ {
		act := r.acts[n-1]
		a.do(ui.Command{Kind: ui.CmdReplayGo, N: n})
		hl, sel := r.boardMarks()
		for _, m := range hl {
			if m {
				t.Fatalf("after %d: a territory lit", n)
			}
		}
		_, combat := r.u.Highlights()
		switch act.Verb {
		case rules.VMove:
			moves++
			if sel != int(act.To) {
				t.Fatalf("after %d (%s): selected %d, want %d", n, act.Format(r.full.Map()), sel, act.To)
			}
		case rules.VPlace, rules.VArrange, rules.VDone, rules.VPass:
			others++
			if sel != combat {
				t.Fatalf("after %d (%s): selected %d, want the combat's %d", n, act.Format(r.full.Map()), sel, combat)
			}
		}
	}
	if moves == 0 || others == 0 {
		t.Fatalf("%d moves and %d other actions seen", moves, others)
	}
}

// TestReplayBranchFromHere: B (Branch from here) in the replay viewer
// opens the position shown in the sandbox. The file's game is unfinished,
// so the first press only warns (the sandbox shows every secret) and
// moving on forgets the question; Esc in the sandbox comes back to the
// replay at the same position, and Play from here plays on from it in a
// new game whose position is the one branched from.
func TestReplayBranchFromHere(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	path := cutRecord(t, 130)
	a := replayApp(t, path)
	r := rp(a)
	g := fileGame(t, path)
	n := r.end - 7
	a.do(ui.Command{Kind: ui.CmdReplayGo, N: n})
	press(a, ui.KeyB)
	if !is[*replayScene](a) || !strings.Contains(r.notice, "every secret") {
		t.Fatalf("the first B: %T, notice %q; want a warning in the replay", a.mgr.cur, r.notice)
	}
	a.do(ui.Command{Kind: ui.CmdReplayStep, N: 1})
	press(a, ui.KeyB)
	if !is[*replayScene](a) {
		t.Fatalf("B after a step asked again? %T", a.mgr.cur)
	}
	a.do(ui.Command{Kind: ui.CmdReplayStep, N: -1})
	press(a, ui.KeyB, ui.KeyB)
	sb := sandbox(a)
	if sb == nil {
		t.Fatalf("the second B: %T, notice %q; want the sandbox", a.mgr.cur, r.notice)
	}
	gn, err := g.At(n)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sb.g.Position(), gn.Position()) {
		t.Fatal("the sandbox does not hold the position shown")
	}
	// Its board reaches its panels: no log column (issue 32: an empty
	// column 450 px wide was left where the table's log stands).
	a.rebuild()
	if ar, want := a.f.sh.Board.Area, sb.layout().l.Board; ar != want || ar.X+ar.W < table.PanelX-13 {
		t.Fatalf("the branched sandbox's board is drawn in %+v, its layout's is %+v", ar, want)
	}
	a.handle(ui.Input{Escape: true})
	if !is[*replayScene](a) || rp(a).n != n {
		t.Fatalf("Esc in the sandbox: %T; want the replay at %d", a.mgr.cur, n)
	}
	press(a, ui.KeyB, ui.KeyB)
	if sandbox(a) == nil {
		t.Fatalf("B B again: %T", a.mgr.cur)
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyP}})
	if sandbox(a) != nil || (!is[*curtainScene](a) && !atTable(a)) {
		t.Fatalf("%T after Play from here", a.mgr.cur)
	}
	if ng := game(a); ng == nil || !reflect.DeepEqual(ng.Position(), gn.Position()) || ng.Len() != 0 {
		t.Fatal("the new game does not start from the position branched from")
	}
}
