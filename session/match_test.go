package session

import (
	"context"
	"strings"
	"testing"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/internal/tabletest"
	"notrueking/rules"
)

// matchGame is a new rules game of the standard map for n players.
func matchGame(t testing.TB, n int, seed uint64) *rules.Game {
	t.Helper()
	g, err := tabletest.RulesGame("standard", caseNames[:n], seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// orderObserver notes when it is told a change.
type orderObserver struct {
	name string
	log  *[]string
}

func (o orderObserver) Moved(_ *rules.Game, c Change) {
	*o.log = append(*o.log, o.name)
}

// TestMatchBotsPlayAWholeGame: with every seat a random bot, Tick plays
// the game to its end one move per pause; every change is told to the
// observers first, then to the listeners, and Since lists them in order.
func TestMatchBotsPlayAWholeGame(t *testing.T) {
	t.Parallel()
	g := matchGame(t, 3, 5)
	var order []string
	m := NewMatch(g, MatchOptions{Players: []string{"random", "random", "random"}, Pause: time.Millisecond, BotSeed: 1},
		orderObserver{"save", &order})
	var told []uint64
	m.ListenDesks(func(c feed.Change, r Reading) {
		order = append(order, "listen")
		if n := r.Public().Len(); c.Len != n {
			t.Errorf("told version %d with %d actions while the game has %d", c.Version, c.Len, n)
		}
		told = append(told, c.Version)
	})
	now := time.Now()
	for i := 0; !g.Over(); i++ {
		if i > 100000 {
			t.Fatalf("the bots stopped after %d actions", g.Len())
		}
		now = now.Add(time.Second)
		moved, note := m.Tick(now, false)
		if note != "" {
			t.Fatal(note)
		}
		if !moved {
			m.WaitSearch()
		}
	}
	if uint64(len(told)) != m.Version() || int(m.Version()) != g.Len() {
		t.Fatalf("%d changes told, version %d, %d actions", len(told), m.Version(), g.Len())
	}
	for i := 0; i+1 < len(order); i += 2 {
		if order[i] != "save" || order[i+1] != "listen" {
			t.Fatalf("change %d was told %v: the save must come first", i/2, order[i:i+2])
		}
	}
	// Every change of this game is an action: one number, one version.
	if m.Seq() != m.Version() {
		t.Fatalf("%d changes told for version %d", m.Seq(), m.Version())
	}
	chs, ok := m.Since(m.Seq() - 3)
	if !ok || len(chs) != 3 || chs[0].Version != m.Version()-2 || chs[2].Bot != "random" || chs[2].Kind != feed.Action {
		t.Fatalf("Since: %v %+v", ok, chs)
	}
	// The match keeps at least the latest feed.Keep changes, and says
	// when it no longer keeps one asked for.
	if v := m.Seq(); v > feed.Keep {
		if late, ok := m.Since(v - feed.Keep); !ok || len(late) != feed.Keep {
			t.Fatalf("Since(%d): %v, %d changes", v-feed.Keep, ok, len(late))
		}
	}
	all, ok := m.Since(0)
	if ok != (uint64(len(all)) == m.Seq()) || (m.Seq() > feed.Keep && ok) {
		t.Fatalf("Since(0): %v with %d of %d changes", ok, len(all), m.Seq())
	}
	// Nothing moves after the end.
	if moved, _ := m.Tick(now.Add(time.Hour), false); moved {
		t.Fatal("a bot moved after the game ended")
	}
}

// TestMatchPauseAndHold: a bot's answer waits for the pause since the last
// bot move, and for the hold to be lifted.
func TestMatchPauseAndHold(t *testing.T) {
	t.Parallel()
	g := matchGame(t, 3, 6)
	m := NewMatch(g, MatchOptions{Players: []string{"random", "random", "random"}, Pause: time.Minute})
	now := time.Now()
	m.Tick(now, false) // asks
	m.WaitSearch()
	if moved, _ := m.Tick(now, true); moved || g.Len() != 0 {
		t.Fatal("a bot moved while held")
	}
	if moved, _ := m.Tick(now, false); !moved || g.Len() != 1 {
		t.Fatal("the first bot move waited (no bot moved before)")
	}
	m.Tick(now, false)
	m.WaitSearch()
	if moved, _ := m.Tick(now.Add(30*time.Second), false); moved {
		t.Fatal("the second bot move came before its pause")
	}
	if moved, _ := m.Tick(now.Add(time.Minute), false); !moved {
		t.Fatal("the second bot move did not come after its pause")
	}
}

// TestMatchDropsStaleSearches: a search whose position changed under it
// (an undo, another seat's move) is never applied; a hint asked for one
// position is not shown at another.
func TestMatchDropsStaleSearches(t *testing.T) {
	t.Parallel()
	g := matchGame(t, 3, 7)
	m := NewMatch(g, MatchOptions{Players: []string{gamefile.SeatHuman, "random", "random"}, Pause: time.Millisecond})
	d := m.Desk(rules.EverySeat(g)...)
	if err := m.AskHint(1); err == nil {
		t.Fatal("a hint for a seat not to act")
	}
	if err := m.AskHint(0); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Apply(g.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	m.Tick(time.Now(), true) // the search's position is gone: dropped
	if m.Busy() {
		t.Fatal("the hint's search goes on after the position changed")
	}
	if _, ok := m.TakeHint(); ok {
		t.Fatal("a hint for a position gone was shown")
	}
	// A bot's search, then an undo: its answer is dropped.
	now := time.Now()
	m.Tick(now, false)
	if !m.Busy() {
		t.Fatal("no search for the bot to act")
	}
	m.WaitSearch()
	if err := d.Undo(); err != nil {
		t.Fatal(err)
	}
	if m.Busy() {
		t.Fatal("the search goes on after an undo")
	}
	if moved, _ := m.Tick(now.Add(time.Hour), false); moved {
		t.Fatal("a seat that is a human's was played by a bot after the undo")
	}
}

// TestRemoteDeskUndoesOnlyItsOwn: a remote device's desk takes back its
// own last decision (with the bots' moves after it), never another
// seat's; it refuses another seat's action with the reason; every desk
// reads only its seats' secrets.
func TestRemoteDeskUndoesOnlyItsOwn(t *testing.T) {
	t.Parallel()
	g := matchGame(t, 3, 8)
	m := NewMatch(g, MatchOptions{Players: []string{gamefile.SeatRemote, gamefile.SeatRemote, "random"}, Pause: time.Millisecond})
	ann, ben := m.RemoteDesk(0), m.RemoteDesk(1)
	if g.ToAct() != 0 {
		t.Fatalf("seat %d to act; the test wants 0", g.ToAct())
	}
	if _, err := ben.Apply(g.Legal()[0]); err == nil || !strings.Contains(err.Error(), "does not hold") {
		t.Fatalf("Ben's desk applied Ann's action: %v", err)
	}
	if v := ben.View(0); v.Seat != rules.Public {
		t.Fatalf("Ben's desk answered seat 0's view as seat %d's", v.Seat)
	}
	if ben.LegalFor(0) != nil || ann.LegalFor(0) == nil {
		t.Fatal("the legal actions are not bound to the desk's seats")
	}
	if _, err := ann.Apply(ann.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	if err := ben.Undo(); err == nil || !strings.Contains(err.Error(), "not yours") {
		t.Fatalf("Ben took back Ann's decision: %v", err)
	}
	if err := ann.Undo(); err != nil || g.Len() != 0 {
		t.Fatalf("Ann could not take back her own decision: %v (%d actions)", err, g.Len())
	}
	if _, err := ann.Redo(); err != nil || g.Len() != 1 {
		t.Fatalf("Ann could not redo her decision: %v", err)
	}
	// The seat to act is Ben's now (arrangements go in seat order).
	if _, err := ben.Apply(ben.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	// The bot arranges; Ann's last decision is behind Ben's: not hers.
	now := time.Now()
	for g.ToAct() == 2 {
		now = now.Add(time.Second)
		if moved, _ := m.Tick(now, false); !moved {
			m.WaitSearch()
		}
	}
	if err := ann.Undo(); err == nil {
		t.Fatal("Ann took back Ben's decision")
	}
	n := g.Len()
	if err := ben.Undo(); err != nil || g.Len() != n-1 {
		t.Fatalf("Ben's undo with the bot's move after it: %v (%d → %d actions)", err, n, g.Len())
	}
}

// TestSetPlayer: handing a seat to a bot and back is a change the
// followers see, and the bots play the seat only while it is theirs.
func TestSetPlayer(t *testing.T) {
	t.Parallel()
	g := matchGame(t, 3, 9)
	var seen []string
	m := NewMatch(g, MatchOptions{OnSeats: func(p []string, _ time.Duration) { seen = append(seen, strings.Join(p, ",")) }})
	if err := m.SetPlayer(0, "nobody"); err == nil {
		t.Fatal("an unknown player was accepted")
	}
	if err := m.SetPlayer(0, "easy"); err != nil {
		t.Fatal(err)
	}
	if !m.IsBot(0) || m.Version() != 1 || len(seen) != 1 || seen[0] != "easy,human,human" {
		t.Fatalf("after handing seat 0 to a bot: bot %v, version %d, told %v", m.IsBot(0), m.Version(), seen)
	}
	now := time.Now()
	m.Tick(now, false)
	m.WaitSearch()
	if err := m.SetPlayer(0, gamefile.SeatRemote); err != nil {
		t.Fatal(err)
	}
	if moved, _ := m.Tick(now.Add(time.Hour), false); moved || g.Len() != 0 {
		t.Fatal("the bot played a seat it no longer holds")
	}
}

// TestMatchRun: a headless host's loop plays a game of bots to its end
// and returns; a cancelled loop returns at once with the game going on.
func TestMatchRun(t *testing.T) {
	t.Parallel()
	g := matchGame(t, 2, 10)
	m := NewMatch(g, MatchOptions{Players: []string{"random", "random"}, Pause: time.Microsecond})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if m.Run(ctx, time.Millisecond, nil) || g.Len() != 0 {
		t.Fatal("a cancelled run played on")
	}
	if !m.Run(context.Background(), 100*time.Microsecond, func(n string) { t.Error(n) }) || !g.Over() {
		t.Fatal("the run ended before the game")
	}
}

// TestMatchNoticeIsAChangeNotAVersion: a notice reaches every follower
// (Since and Listen) in order with the game's changes, and leaves the
// game's version alone, so that a device's request made before it is not
// stale.
func TestMatchNoticeIsAChangeNotAVersion(t *testing.T) {
	t.Parallel()
	g := matchGame(t, 3, 7)
	m := NewMatch(g, MatchOptions{})
	var kinds []feed.Kind
	m.Listen(func(c feed.Change) { kinds = append(kinds, c.Kind) })
	d := m.Desk(rules.EverySeat(g)...)
	if _, err := d.Apply(d.Legal()[0]); err != nil {
		t.Fatal(err)
	}
	v := m.Version()
	m.Notice("The host gave Ann to the easy bot.")
	if m.Version() != v {
		t.Fatalf("a notice moved the version from %d to %d", v, m.Version())
	}
	if _, err := d.ApplyAt(v, d.Legal()[0]); err != nil {
		t.Fatalf("a request made before the notice: %v", err)
	}
	chs, ok := m.Since(0)
	if !ok || len(chs) != 3 || chs[1].Kind != feed.Notice || chs[1].Text != "The host gave Ann to the easy bot." ||
		chs[1].Version != v || chs[2].Version != v+1 || chs[2].By != any(d) {
		t.Fatalf("Since(0): %v %+v", ok, chs)
	}
	if len(kinds) != 3 || kinds[0] != feed.Action || kinds[1] != feed.Notice || kinds[2] != feed.Action {
		t.Fatalf("listened: %v", kinds)
	}
}

// TestMatchNameIsSavedAndTold: naming a seat's player goes through the
// files (the save replays it) and is told as a feed.Name change with its
// public event; the same name again changes nothing.
func TestMatchNameIsSavedAndTold(t *testing.T) {
	t.Parallel()
	g := matchGame(t, 3, 8)
	var lines []string
	m := NewMatch(g, MatchOptions{}, lineObserver{&lines})
	if err := m.Name(1, "Ann"); err != nil {
		t.Fatal(err)
	}
	if err := m.Name(1, "Ann"); err != nil {
		t.Fatal(err)
	}
	if err := m.Name(7, "Ann"); err == nil {
		t.Fatal("a seat outside the game was named")
	}
	chs, _ := m.Since(0)
	if len(chs) != 1 || chs[0].Kind != feed.Name || chs[0].Seat != 1 || chs[0].Text != "Ann" || chs[0].Version != 1 ||
		len(chs[0].Events) != 1 || chs[0].Events[0].Kind != rules.EvNamed {
		t.Fatalf("the changes: %+v", chs)
	}
	if len(lines) != 1 || lines[0] != "torch name Ann" {
		t.Fatalf("the files were told %q", lines)
	}
	if g.Names()[1] != "Ann" {
		t.Fatalf("names %q", g.Names())
	}
}

// lineObserver keeps the record line of each action the files are told.
type lineObserver struct{ lines *[]string }

func (o lineObserver) Moved(g *rules.Game, c Change) {
	if c == Grew {
		acts := g.Actions()
		*o.lines = append(*o.lines, g.FormatAction(acts[len(acts)-1]))
	}
}
