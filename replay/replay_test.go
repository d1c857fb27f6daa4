package replay

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/gamefile"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// open opens path in the viewer as -replay does.
func open(t testing.TB, path string) *Viewer {
	t.Helper()
	r, err := Open(path, gamefile.Loader)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// finishedRecord is a whole four-player game (over at its last action),
// the one the window's tests replay too.
var finishedRecord = filepath.Join("..", "testdata", "four-players.ntk")

// viewerOf is the viewer of game g, as a file named name.
func viewerOf(t testing.TB, g *rules.Game, name string) *Viewer {
	t.Helper()
	r, err := New(g, name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// fileGame is the file's game, read on its own.
func fileGame(t testing.TB, path string) *rules.Game {
	t.Helper()
	f, err := gamefile.ReadFile(path, gamefile.Loader)
	if err != nil {
		t.Fatal(err)
	}
	return f.Game
}

// widgets are the viewer's, as a window shows them.
func widgets(r *Viewer) []ui.Widget { return r.Widgets("Start screen", "Back") }

// press presses keys as the window does: the viewer's own first, the rest
// press the buttons that show them. It reports whether a key asked to
// leave (Back) or to branch.
func press(r *Viewer, keys ...ui.Key) (asked []ui.CmdKind) {
	for _, k := range keys {
		rest, _ := r.Keys(ui.Input{Keys: []ui.Key{k}})
		for _, k := range rest {
			if tg, ok := ui.KeyTarget(widgets(r), k); ok && !r.Do(tg.Cmd) {
				asked = append(asked, tg.Cmd.Kind)
			}
		}
	}
	return asked
}

// randomGame plays a whole game of names on map m at random from seed.
func randomGame(t testing.TB, m string, names []string, seed int64) *rules.Game {
	t.Helper()
	g, err := tabletest.RulesGame(m, names, uint64(seed))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(seed))
	for !g.Over() {
		l := g.Legal()
		if _, err := g.Apply(l[rng.Intn(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

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

func TestReplayKeysStepAndJump(t *testing.T) {
	r := open(t, finishedRecord)
	if r.Pos() != 0 || r.End() != 296 || !r.Over() {
		t.Fatalf("opened at %d of %d (over %v), want 0 of 296, over", r.Pos(), r.End(), r.Over())
	}
	if len(r.Rounds()) != 4 {
		t.Fatalf("round starts %v, want 4", r.Rounds())
	}
	steps := []struct {
		key  ui.Key
		want int
	}{
		{ui.KeyRight, 1}, {ui.KeyRight, 2}, {ui.KeyLeft, 1}, {ui.KeyLeft, 0}, {ui.KeyLeft, 0},
		{ui.KeyDown, r.Rounds()[0]}, {ui.KeyDown, r.Rounds()[1]}, {ui.KeyPgDn, r.Rounds()[2]}, {ui.KeyRight, r.Rounds()[2] + 1},
		{ui.KeyUp, r.Rounds()[2]}, {ui.KeyPgUp, r.Rounds()[1]}, {ui.KeyUp, r.Rounds()[0]}, {ui.KeyUp, 0},
		{ui.KeyEnd, 296}, {ui.KeyRight, 296}, {ui.KeyDown, 296}, {ui.KeyUp, r.Rounds()[3]}, {ui.KeyHome, 0},
	}
	for i, s := range steps {
		press(r, s.key)
		if r.Pos() != s.want {
			t.Fatalf("step %d: %s went to %d, want %d", i, s.key, r.Pos(), s.want)
		}
	}
	// Where it stands, in words.
	press(r, ui.KeyEnd)
	if got := r.PosLabel(); !strings.Contains(got, "Action 296 of 296") || !strings.Contains(got, "round 4 of 4") || !strings.Contains(got, "over") {
		t.Errorf("position at the end reads %q", got)
	}
	press(r, ui.KeyHome, ui.KeyDown, ui.KeyDown, ui.KeyRight)
	if got, want := r.PosLabel(), fmt.Sprintf("Action %d of 296  ·  round 2 of 4", r.Rounds()[1]+1); got != want {
		t.Errorf("position reads %q, want %q", got, want)
	}
	// A log entry's click goes to its action; Esc leaves for the start
	// screen (the file was opened alone).
	r.Do(ui.Command{Kind: ui.CmdLogEntry, N: 7})
	if r.Pos() != 7 {
		t.Fatalf("log entry: at %d, want 7", r.Pos())
	}
	if asked := press(r, ui.KeyEsc); len(asked) != 1 || asked[0] != ui.CmdReplayBack {
		t.Fatalf("Esc asks for %v, want Back", asked)
	}
}
func TestReplayScrubBar(t *testing.T) {
	r := open(t, finishedRecord)
	bar := r.Layout().Bar
	// Position from x and back: every action has its own place.
	for n := 0; n <= r.End(); n++ {
		if got := r.posAt(bar, r.xOf(bar, n)); got != n {
			t.Fatalf("posAt(xOf(%d)) = %d", n, got)
		}
	}
	if r.posAt(bar, bar.X-50) != 0 || r.posAt(bar, bar.X+bar.W+50) != r.End() || r.posAt(bar, bar.X+bar.W/2) != r.End()/2 {
		t.Fatalf("ends and middle of the bar: %d %d %d", r.posAt(bar, bar.X-50), r.posAt(bar, bar.X+bar.W+50), r.posAt(bar, bar.X+bar.W/2))
	}
	// A click on the bar jumps; a drag follows the pointer until release.
	y := bar.Y + bar.H/2
	r.Keys(ui.Input{X: r.xOf(bar, 100), Y: y, Click: true})
	if r.Pos() != 100 {
		t.Fatalf("click on the bar: at %d, want 100", r.Pos())
	}
	r.Keys(ui.Input{X: r.xOf(bar, 40), Y: y, Click: true, Down: true})
	r.Keys(ui.Input{X: r.xOf(bar, 60), Y: bar.Y - 100, Down: true}) // the drag may leave the bar
	if r.Pos() != 60 {
		t.Fatalf("drag: at %d, want 60", r.Pos())
	}
	r.Keys(ui.Input{X: r.xOf(bar, 200), Y: y, Down: true})
	r.Keys(ui.Input{X: r.xOf(bar, 200), Y: y})
	r.Keys(ui.Input{X: r.xOf(bar, 250), Y: y})
	if r.Pos() != 200 {
		t.Fatalf("after the release the bar stays at %d, want 200", r.Pos())
	}
	// Its words: the position and a tick per round.
	ticks := 0
	for _, w := range widgets(r) {
		if w.Kind == ui.WText && strings.HasPrefix(w.Text, "R") && len(w.Text) == 2 && bar.Contains(w.R.X, w.R.Y+1) {
			ticks++
		}
	}
	if ticks != len(r.Rounds()) {
		t.Errorf("%d round marks on the bar, want %d", ticks, len(r.Rounds()))
	}
	if _, ok := ui.Find(widgets(r), func(w ui.Widget) bool { return strings.HasPrefix(w.Text, "Action 200 of 296") }); !ok {
		t.Error("the position is not shown as \"Action 200 of 296 …\"")
	}
}

// TestReplayShowsTheGameAfterNActions: the table shown (public view, the
// log shown) is the game's after n actions, whichever way the viewer got
// there: steps forward, steps back, jumps.
func TestReplayShowsTheGameAfterNActions(t *testing.T) {
	r := open(t, finishedRecord)
	g := fileGame(t, finishedRecord)
	acts := g.Actions()
	check := func(how string, n int) {
		t.Helper()
		if r.Pos() != n {
			t.Fatalf("%s: at %d, want %d", how, r.Pos(), n)
		}
		// An independent replay of the first n actions.
		want, err := g.At(n)
		if err != nil {
			t.Fatal(err)
		}
		pv := want.View(rules.Public)
		if !reflect.DeepEqual(r.Table().Public(), pv) {
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
		press(r, ui.KeyRight)
		if _, err := step.Apply(acts[n-1]); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r.Table().Public(), step.View(rules.Public)) {
			t.Fatalf("step to %d: the public view differs from the stepped game", n)
		}
	}
	// Back and by jumps.
	for n := len(acts) - 1; n >= len(acts)-40; n-- {
		press(r, ui.KeyLeft)
		check("back", n)
	}
	rng := rand.New(rand.NewSource(1))
	for range 40 {
		n := rng.Intn(len(acts) + 1)
		r.Do(ui.Command{Kind: ui.CmdReplayGo, N: n})
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
	path := cutRecord(t, 130)
	r := open(t, path)
	g := fileGame(t, path)
	if g.Over() || r.Over() {
		t.Fatal("the cut record's game is over")
	}
	secretCards, secretTokens := 0, 0
	for n := 0; n <= r.End(); n++ {
		r.Do(ui.Command{Kind: ui.CmdReplayGo, N: n})
		for _, k := range []ui.Key{ui.Key1, ui.Key2, ui.Key3, ui.Key4, ui.Key0} {
			press(r, k)
		}
		r.Do(ui.Command{Kind: ui.CmdReplaySeat, N: 1})
		if r.Pos() != n || r.Seat() != rules.Public || r.Table().Shown() != rules.Public {
			t.Fatalf("at %d: position %d, seat %d, shown %d; want the public view", n, r.Pos(), r.Seat(), r.Table().Shown())
		}
		all := texts(widgets(r))
		gn, err := g.At(n)
		if err != nil {
			t.Fatal(err)
		}
		pub := gn.View(rules.Public)
		if !reflect.DeepEqual(r.Table().Private(), pub) || !reflect.DeepEqual(r.Table().Public(), pub) {
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
					t.Fatalf("at %d: the replay shows %s's secret card %q", n, r.Table().SeatName(s), c.Name)
				}
			}
			for k, tk := range p.Loyalty {
				if pub.Players[s].Loyalty[k].House != board.NoHouse {
					continue // revealed
				}
				secretTokens++
				priv := fmt.Sprintf("%d\n%s", tk.Value, table.Abbrev(tabletest.HouseName(r.Table().Map(), tk.House)))
				if strings.Contains(all, priv) || strings.Contains(all, fmt.Sprintf("Slot %d of your loyalty card: House %s", k+1, tabletest.HouseName(r.Table().Map(), tk.House))) {
					t.Fatalf("at %d: the replay shows %s's hidden token in slot %d", n, r.Table().SeatName(s), k+1)
				}
			}
		}
		for _, w := range widgets(r) {
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
	r := open(t, finishedRecord)
	g := fileGame(t, finishedRecord)
	seats := map[rules.Seat]ui.Key{}
	for _, w := range widgets(r) {
		if w.T.Cmd.Kind == ui.CmdReplaySeat {
			seats[rules.Seat(w.T.Cmd.N)] = w.Key
		}
	}
	if len(seats) != 5 || seats[rules.Public] != ui.Key0 || seats[0] != ui.Key1 || seats[3] != ui.Key4 {
		t.Fatalf("seat picker %v, want Public (0) and four seats (1-4)", seats)
	}
	r.Do(ui.Command{Kind: ui.CmdReplayGo, N: 150})
	press(r, ui.Key2)
	if r.Seat() != 1 || r.Table().Shown() != 1 {
		t.Fatalf("key 2: seat %d shown %d, want seat 1", r.Seat(), r.Table().Shown())
	}
	gn, _ := g.At(150)
	sv := gn.View(1)
	if !reflect.DeepEqual(r.Table().Private(), sv) {
		t.Fatal("seat 1's view at 150 is not the game's")
	}
	if len(sv.Players[1].Hand) == 0 {
		t.Fatal("seat 1 holds no card at 150: pick another position")
	}
	all := texts(widgets(r))
	for _, c := range sv.Players[1].Hand {
		if name := gn.Map().CardAt(c).Name; !strings.Contains(all, name) {
			t.Errorf("seat 1's card %q is not shown", name)
		}
	}
	if shown := r.shownLog(); !reflect.DeepEqual(shown, sv.Log) {
		t.Errorf("the log is not seat 1's at 150 (%d lines, want %d)", len(shown), len(sv.Log))
	}
	for _, k := range []ui.Key{ui.KeyRight, ui.KeyLeft, ui.KeyPgDn, ui.KeyEnd, ui.KeyHome} {
		press(r, k)
		for _, w := range widgets(r) {
			if w.T.Action != nil {
				t.Fatalf("after %s: a live action button %q in the replay", k, w.Text)
			}
		}
	}
	// Undo and redo do not apply: nothing changes, the file's game least.
	at := r.Pos()
	press(r, ui.KeyCtrlZ, ui.KeyCtrlY, ui.KeyCtrlZ)
	if r.Pos() != at || r.full.Len() != r.End() || r.cur.Len() != at {
		t.Fatalf("Ctrl+Z/Ctrl+Y moved the replay: at %d (was %d), game %d of %d", r.Pos(), at, r.full.Len(), r.End())
	}
	// and the table's engine refuses them itself
	if err := r.Table().Game().Undo(); err == nil || r.cur.Len() != at {
		t.Fatal("the replay's engine took an action back")
	}
	press(r, ui.Key0)
	if r.Seat() != rules.Public || r.Table().Shown() != rules.Public {
		t.Fatalf("key 0: seat %d shown %d, want the public view", r.Seat(), r.Table().Shown())
	}
}

// TestReplayLayoutFits: for two to nine players, in the public view and
// in a seat's, every widget of the viewer lies on the canvas and none of
// the panels overlap (the seat's panel moves to the log column when the
// right-hand column has no room for it).
func TestReplayLayoutFits(t *testing.T) {
	for _, tc := range []struct {
		m string
		n int
	}{{"standard", 2}, {"standard", 4}, {"nine", 4}, {"nine", 6}, {"nine", 9}} {
		names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}[:tc.n]
		g := randomGame(t, tc.m, names, 5)
		r := viewerOf(t, g, "test")
		r.Do(ui.Command{Kind: ui.CmdReplayGo, N: g.Len() / 2})
		for _, seat := range []rules.Seat{rules.Public, rules.Seat(tc.n - 1)} {
			r.Do(ui.Command{Kind: ui.CmdReplaySeat, N: int(seat)})
			l := r.Layout()
			for _, w := range widgets(r) {
				if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > ui.BaseW+0.5 || w.R.Y+w.R.H > ui.BaseH+0.5 {
					t.Errorf("%s, %d players, seat %d: %q at %+v runs off the canvas", tc.m, tc.n, seat, w.Text, w.R)
				}
			}
			parts := map[string]ui.Rect{"board": l.Board, "log": l.Log, "seats": l.Seats, "private": l.Private, "scrub": l.Scrub,
				"houses": l.Table.Houses, "players": l.Table.Players}
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
	r := open(t, p)
	if r.Warning() == "" {
		t.Fatal("no warning for a cut-off last line")
	}
	press(r, ui.KeyEnd)
	if !ui.Shows(widgets(r), r.Warning()) {
		t.Errorf("the warning %q is not shown at the last action", r.Warning())
	}
	if got, _ := os.ReadFile(p); string(got) != cut {
		t.Error("the file changed")
	}
}

// TestReplayOpensASave: a save (of the saves folder's kind, a game in
// progress) opens like a record, in the public view only, and is not
// written.
func TestReplayOpensASave(t *testing.T) {
	g := fileGame(t, cutRecord(t, 130))
	data, err := gamefile.Encode(rules.RecordOf(g), gamefile.Meta{})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "save.ntks")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	r := open(t, p)
	if r.end != g.Len() || r.over {
		t.Fatalf("the save opened with %d actions (over %v), want %d", r.end, r.over, g.Len())
	}
	press(r, ui.KeyEnd, ui.Key1)
	if r.u.Shown() != rules.Public {
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
	r := open(t, finishedRecord)
	moves, others := 0, 0
	for n := 1; n <= r.End(); n++ {
		act := r.acts[n-1]
		r.Do(ui.Command{Kind: ui.CmdReplayGo, N: n})
		hl, sel := r.BoardMarks()
		for _, m := range hl {
			if m {
				t.Fatalf("after %d: a territory lit", n)
			}
		}
		_, combat := r.Table().Highlights()
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

// BenchmarkReplayStep is one step of the replay viewer on a 428-action
// four-player game, as a key press costs it (the position and the
// widgets; the drawing is not included): forward (one action applied),
// back (from the copy kept at most snapEvery-1 actions before) and
// a jump across the game.
func BenchmarkReplayStep(b *testing.B) {
	// Four players on the nine-player map, random legal moves: a whole
	// game of 428 actions (on the standard map four players take ~330).
	g := randomGame(b, "nine", []string{"Ann", "Ben", "Cy", "Di"}, 1)
	if g.Len() < 400 {
		b.Fatalf("the game has %d actions, want 400 or more", g.Len())
	}
	b.ReportMetric(float64(g.Len()), "actions")
	r := viewerOf(b, g, "bench")
	r.goTo(r.End())
	r.goTo(0) // every copy made once
	b.Run("forward", func(b *testing.B) {
		r.goTo(200)
		for b.Loop() {
			if r.Pos() >= 390 {
				r.goTo(200)
			}
			press(r, ui.KeyRight)
		}
	})
	b.Run("back", func(b *testing.B) {
		r.goTo(390)
		for b.Loop() {
			if r.Pos() <= 200 {
				r.goTo(390)
			}
			press(r, ui.KeyLeft)
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
			r.Do(ui.Command{Kind: ui.CmdReplayGo, N: (i * 157) % (r.End() + 1)})
			widgets(r) // the screen of the position jumped to
		}
	})
}

// TestReplayBranchAsksFirst: Branch from here in an unfinished game only
// warns at first (the sandbox shows every secret), and moving on forgets
// the question; asked twice at one position it gives a copy of the game
// there. A finished game's position is given at once.
func TestReplayBranchAsksFirst(t *testing.T) {
	path := cutRecord(t, 130)
	r := open(t, path)
	n := r.End() - 7
	r.GoTo(n)
	if _, ok := r.Branch(); ok || !strings.Contains(r.Notice(), "every secret") {
		t.Fatalf("the first ask branched, or did not warn: %q", r.Notice())
	}
	r.GoTo(n + 1)
	if _, ok := r.Branch(); ok {
		t.Fatal("an ask at another position branched at once")
	}
	r.GoTo(n)
	r.Branch()
	g, ok := r.Branch()
	if !ok || r.Notice() != "" {
		t.Fatalf("the second ask at %d: ok %v, notice %q", n, ok, r.Notice())
	}
	want, err := fileGame(t, path).At(n)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Position(), want.Position()) || g.Len() != n {
		t.Fatal("the branched game is not the file's at the position shown")
	}
	if _, err := g.Apply(g.Legal()[0]); err != nil || r.Table().Game().Len() != n {
		t.Fatalf("playing on the branch moved the viewer: %v, %d actions shown", err, r.Table().Game().Len())
	}
	done := open(t, finishedRecord)
	done.GoTo(100)
	if g, ok := done.Branch(); !ok || g.Len() != 100 {
		t.Fatal("a finished game's position is not given at once")
	}
}
