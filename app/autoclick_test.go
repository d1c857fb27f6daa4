package app

import (
	"testing"
	"time"

	"notrueking/ui"
)

// TestAutoClickerPlaysByClicks: the page's autoplay only says where to
// click; clicked there as a mouse does (press, then release), a hot-seat
// game plays a whole round through curtains, notices and every kind of decision, and
// no plan finds itself without a widget to click.
func TestAutoClickerPlaysByClicks(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{Saves: tempStore(t), Players: []string{"Ann", "Ben", "Cy"}, Seed: 12, SeedSet: true}, defaultNewGame)
	a.handle(ui.Input{Enter: true})
	if game(a) == nil {
		t.Fatalf("no game started: %s", a.home.msg)
	}
	ac := newAutoClicker(3)
	now := time.Now()
	clicks, idle := 0, 0
	for clicks < 5000 && game(a).View(-1).Round < 2 && !game(a).Over() {
		now = now.Add(50 * time.Millisecond)
		tick(a, now)
		ac.step(a)
		if ac.Note != "" {
			t.Fatalf("after %d clicks (%d actions): %s", clicks, game(a).Len(), ac.Note)
		}
		if ac.next == nil {
			idle++
			if idle > 500 {
				t.Fatalf("nothing to click for 500 ticks: scene %T, planned %q, %d actions", a.mgr.cur, ac.Planned, game(a).Len())
			}
			continue
		}
		idle = 0
		x, y := ac.next.X, ac.next.Y
		a.handle(ui.Input{X: x, Y: y})
		a.handle(ui.Input{X: x, Y: y, Click: true, Down: true})
		a.handle(ui.Input{X: x, Y: y})
		clicks++
	}
	if n := game(a).Len(); game(a).View(-1).Round < 2 && !game(a).Over() {
		t.Fatalf("%d clicks played %d actions (last planned %q, scene %T)", clicks, n, ac.Planned, a.mgr.cur)
	}
	t.Logf("%d clicks, %d actions, round %d", clicks, game(a).Len(), game(a).View(-1).Round)
}
