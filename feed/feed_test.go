package feed

import (
	"context"
	"testing"
	"time"
)

// TestLogNumbersKeepsAndTells: changes are numbered from 1, Since answers
// for the latest Keep and says when it no longer keeps one asked for, and
// the listeners are told every change in order until they stop.
func TestLogNumbersKeepsAndTells(t *testing.T) {
	l := NewLog(4)
	var told, second []uint64
	l.Listen(func(c Change) { told = append(told, c.Seq) })
	stop := l.Listen(func(c Change) { second = append(second, c.Seq) })
	for i := range 3 {
		c := l.Add(Change{Kind: Action, Len: i + 1})
		if c.Seq != uint64(i+1) {
			t.Fatalf("change %d numbered %d", i+1, c.Seq)
		}
	}
	stop()
	for i := 3; i < 11; i++ {
		l.Add(Change{Kind: Notice, Len: i + 1})
	}
	if l.Seq() != 11 || len(told) != 11 || told[10] != 11 || len(second) != 3 {
		t.Fatalf("seq %d, told %v, the stopped listener %v", l.Seq(), told, second)
	}
	if chs, ok := l.Since(11); !ok || len(chs) != 0 {
		t.Fatalf("Since(latest): %v %v", ok, chs)
	}
	chs, ok := l.Since(7)
	if !ok || len(chs) != 4 || chs[0].Seq != 8 || chs[3].Seq != 11 || chs[0].Kind != Notice {
		t.Fatalf("Since(7): %v %+v", ok, chs)
	}
	// Five back is more than the log keeps, although it may hold it.
	if _, ok := l.Since(6); ok {
		t.Fatal("Since(6) answered for more changes than the log keeps")
	}
	if _, ok := l.Since(0); ok {
		t.Fatal("Since(0) answered after the first changes were dropped")
	}
	if len(l.recent) > 8 {
		t.Fatalf("the log holds %d changes, more than twice what it keeps", len(l.recent))
	}
}

// TestWaitWakesAtTheNextChange: Wait returns at once for a change already
// there, at the next change otherwise, and with ctx's error when it ends.
func TestWaitWakesAtTheNextChange(t *testing.T) {
	l := NewLog(0)
	ch := make(chan func(), 1)
	// The log's "source": its lock is the goroutine that runs what
	// comes on ch (the test's only writer).
	now := func() (uint64, <-chan struct{}) {
		type pair struct {
			s uint64
			w <-chan struct{}
		}
		r := make(chan pair)
		ch <- func() { r <- pair{l.Seq(), l.Woken()} }
		p := <-r
		return p.s, p.w
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case f := <-ch:
				f()
			case <-done:
				return
			}
		}
	}()
	defer close(done)
	add := func() { r := make(chan struct{}); ch <- func() { l.Add(Change{Kind: Action}); close(r) }; <-r }
	add()
	if err := Wait(context.Background(), 0, now); err != nil {
		t.Fatalf("a change already there: %v", err)
	}
	got := make(chan error, 1)
	go func() { got <- Wait(context.Background(), 1, now) }()
	select {
	case err := <-got:
		t.Fatalf("Wait returned before the next change: %v", err)
	case <-time.After(20 * time.Millisecond):
	}
	add()
	if err := <-got; err != nil {
		t.Fatalf("the next change: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Wait(ctx, 2, now); err != context.Canceled {
		t.Fatalf("an ended context: %v", err)
	}
}

func TestKindNames(t *testing.T) {
	for k := Action; k <= Talk; k++ {
		if s := k.String(); s == "" || s[0] == 'K' {
			t.Errorf("kind %d has no name: %q", k, s)
		}
	}
	if Kind(99).String() != "Kind(99)" {
		t.Error(Kind(99).String())
	}
	if !Action.Moves() || !Undo.Moves() || !Redo.Moves() || Seats.Moves() || Notice.Moves() {
		t.Error("Moves: only an action, an undo and a redo move the game")
	}
}
