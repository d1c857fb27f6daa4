//go:build !js

package remote

import (
	"strings"
	"testing"
	"time"

	"notrueking/bots"
	"notrueking/feed"
	"notrueking/rules"
)

// waitChange waits for a change of c after seq that ok accepts, and
// returns it.
func (r *rig) waitChange(c *Client, seq uint64, ok func(feed.Change) bool) feed.Change {
	r.t.Helper()
	ctx := ctxFor(r.t)
	for {
		chs, kept := c.Since(seq)
		if !kept {
			r.t.Fatal("the client no longer keeps the changes asked for")
		}
		for _, ch := range chs {
			if ok(ch) {
				return ch
			}
			seq = ch.Seq
		}
		if err := c.Err(); err != nil {
			r.t.Fatalf("the client ended: %v", err)
		}
		if err := c.Wait(ctx, seq); err != nil {
			r.t.Fatal(err)
		}
	}
}

// TestUndoOverTheNetwork: a device takes back its own last decision
// (and the bot's moves after it, one by one), never another device's;
// every device is told who took a move back and gets the shorter game;
// a redo brings it back.
func TestUndoOverTheNetwork(t *testing.T) {
	t.Parallel()
	gm := game{"standard", rules.Plain, []string{"Ann", "Cy", "Ben"}, []string{"remote", "random", "remote"}, 23}
	r := newRig(t, gm, HostOptions{AdmitAuto: true, Rate: fast, Burst: fast})
	ids := newGame(t, gm).Seats()
	ann := r.join("Ann", ids[0], ClientOptions{})
	ben := r.join("Ben", ids[2], ClientOptions{})
	clients := []*Client{ann, ben}
	undone, overBot := 0, 0
	r.play(clients, map[rules.Seat]*Client{0: ann, 2: ben}, gm.seed, func(step int) {
		if undone >= 12 || ann.CanUndo() != nil {
			return
		}
		n := ann.Len()
		var last rules.Seat
		r.m.Do(func(g *rules.Game) {
			a, _ := g.LastAction()
			last = a.Seat
		})
		// Ben may not take back Ann's decision.
		if err := ben.Undo(); err == nil || !strings.Contains(err.Error(), "not yours") {
			t.Fatalf("step %d: Ben took back Ann's move: %v", step, err)
		}
		if ben.CanUndo() == nil {
			t.Fatalf("step %d: Ben's device says he may undo Ann's move", step)
		}
		r.same("Ben's refused undo", clients, false)
		if ann.Len() != n {
			t.Fatalf("a refused undo changed the game")
		}
		seq := ben.Seq()
		if err := ann.Undo(); err != nil {
			t.Fatalf("step %d: Ann's undo: %v", step, err)
		}
		want := "Ann took back their move."
		if last == 1 {
			want = "Ann took back Cy's move."
			overBot++
		}
		r.waitChange(ben, seq, func(c feed.Change) bool { return c.Kind == feed.Notice && c.Text == want })
		r.same("after Ann's undo", clients, true)
		if ben.Len() != n-1 || ann.Len() != n-1 {
			t.Fatalf("after an undo: %d and %d actions, want %d", ann.Len(), ben.Len(), n-1)
		}
		undone++
		if undone%2 == 0 {
			if !ann.CanRedo() {
				t.Fatal("Ann may not redo the move she took back")
			}
			seq := ben.Seq()
			if _, err := ann.Redo(); err != nil {
				t.Fatal(err)
			}
			r.waitChange(ben, seq, func(c feed.Change) bool { return c.Kind == feed.Redo && c.By == nil })
			r.same("after Ann's redo", clients, false)
			if ann.Len() != n {
				t.Fatalf("after a redo: %d actions, want %d", ann.Len(), n)
			}
		}
	})
	if undone < 4 || overBot == 0 {
		t.Fatalf("%d undos in the game, %d of a bot's move", undone, overBot)
	}
	t.Logf("%d undos, %d of a bot's move", undone, overBot)
}

// TestReconnect: a device whose link drops mid-game comes back by
// itself, resyncs, and the game ends with every device equal to the
// host.
func TestReconnect(t *testing.T) {
	t.Parallel()
	gm := game{"nine", rules.Citadel, []string{"Ann", "Ben", "Cy"}, []string{"remote", "remote", "random"}, 29}
	r := newRig(t, gm, HostOptions{AdmitAuto: true, Rate: fast, Burst: fast})
	ids := newGame(t, gm).Seats()
	// The first drop waits the real backoff; the others a short one.
	ann := r.join("Ann", ids[0], ClientOptions{})
	ben := r.join("Ben", ids[1], ClientOptions{Backoff: 10 * time.Millisecond})
	drops := 0
	r.play([]*Client{ann, ben}, map[rules.Seat]*Client{0: ann, 1: ben}, gm.seed, func(step int) {
		c := ben
		switch {
		case step == 10:
			c = ann
		case step%40 != 31:
			return
		}
		seq := c.Seq()
		c.dropLink()
		r.waitChange(c, seq, func(ch feed.Change) bool { return ch.Kind == feed.Resync })
		drops++
	})
	if drops < 4 {
		t.Fatalf("only %d drops", drops)
	}
	for _, c := range []*Client{ann, ben} {
		if !c.Over() || c.Err() != nil {
			t.Fatalf("a device did not see the end: %v", c.Err())
		}
	}
}

// TestPlayBot: headless bot devices (PlayBot) play their seats on their
// own — no lock step: their updates, results and the host's bot
// interleave as they come — until the game ends, and then every device
// shows what the host does. (A short game: a device's bot may pace
// itself under the host's message rate; the short run paces it faster.)
func TestPlayBot(t *testing.T) {
	if testing.Short() {
		defer func(d time.Duration) { botInterval = d }(botInterval)
		botInterval = time.Millisecond
	}
	gm := game{"nine", rules.Citadel, []string{"Ann", "Ben", "Cy"}, []string{"remote", "random", "remote"}, 37}
	r := newRig(t, gm, HostOptions{AdmitAuto: true, Rate: fast, Burst: fast})
	ids := newGame(t, gm).Seats()
	var clients []*Client
	for _, i := range []int{0, 2} {
		clients = append(clients, r.join(gm.names[i], ids[i], ClientOptions{}))
	}
	watcher := r.join("Eve", "", ClientOptions{Watch: true})
	// The host's bot, ticked by a goroutine of its own.
	stop := make(chan struct{})
	ticked := make(chan struct{})
	go func() {
		defer close(ticked)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if moved, _ := r.m.Tick(time.Now(), false); !moved {
				if r.m.Thinking() {
					r.m.WaitSearch()
				} else {
					time.Sleep(time.Millisecond) // a human's turn: tick again soon
				}
			}
		}
	}()
	errs := make(chan error, len(clients))
	for i, c := range clients {
		go func() { errs <- PlayBot(ctxFor(t), c, bots.Random, uint64(i)) }()
	}
	for range clients {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	<-ticked
	var over bool
	r.m.Do(func(g *rules.Game) { over = g.Over() })
	if !over {
		t.Fatal("the bots returned before the end")
	}
	r.same("the end", append(clients, watcher), true)
}
