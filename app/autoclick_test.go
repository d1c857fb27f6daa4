//go:build !js

package app

import (
	"testing"
	"time"

	"notrueking/internal/byclicks"
	"notrueking/rules"
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
		t.Fatalf("no game started: %s", homeMsg(a))
	}
	ac := byclicks.NewAuto(3)
	now := time.Now()
	clicks, idle := 0, 0
	for clicks < 5000 && game(a).View(-1).Round < 2 && !game(a).Over() {
		now = now.Add(50 * time.Millisecond)
		tick(a, now)
		ac.Step(a.autoScreen())
		if ac.Note != "" {
			t.Fatalf("after %d clicks (%d actions): %s", clicks, game(a).Len(), ac.Note)
		}
		if ac.Next() == nil {
			idle++
			if idle > 500 {
				t.Fatalf("nothing to click for 500 ticks: scene %T, planned %q, %d actions", a.mgr.cur, ac.Planned, game(a).Len())
			}
			continue
		}
		idle = 0
		x, y := ac.Next().X, ac.Next().Y
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

// TestAutoClickerPlaysAJoinedSeat: at a window that joined a hosted game,
// the autoplay plays its one seat by clicks while the host's bots play the
// others, through a whole round.
func TestAutoClickerPlaysAJoinedSeat(t *testing.T) {
	t.Parallel()                                         // draws nothing (TestMain)
	host, lg := hostApp(t, 6, time.Millisecond, 1, 2, 2) // Ann at a device, Ben and Cy random bots
	defer lg.Close()
	dev := mustApp(t, Options{Join: lg.Hosting().Link(), JoinName: "Ann"}, nil)
	dev.mgr.goTo(startJoin(dev))
	dev.rebuild()
	wait(t, "the device to ask", func() bool {
		tick(host, time.Now())
		tick(dev, time.Now())
		return len(lg.Hosting().Host().Pending()) == 1
	})
	r := lg.Hosting().Host().Pending()[0]
	if err := lg.Hosting().Host().Admit(r.ID, 0); err != nil {
		t.Fatal(err)
	}
	wait(t, "the device's table", func() bool {
		tick(dev, time.Now())
		return playing(dev) != nil
	})
	g := game(host)
	round := func() (n int, over bool) {
		matchOf(lg).Do(func(*rules.Game) { n, over = g.View(rules.Public).Round, g.Over() })
		return
	}
	ac := byclicks.NewAuto(5)
	clicks := 0
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); {
		if n, over := round(); n >= 2 || over {
			break
		}
		now := time.Now()
		tick(host, now)
		tick(dev, now)
		ac.Step(dev.autoScreen())
		if ac.Note != "" {
			t.Fatalf("after %d clicks: %s", clicks, ac.Note)
		}
		if ac.Next() == nil {
			time.Sleep(time.Millisecond)
			continue
		}
		x, y := ac.Next().X, ac.Next().Y
		dev.handle(ui.Input{X: x, Y: y})
		dev.handle(ui.Input{X: x, Y: y, Click: true, Down: true})
		dev.handle(ui.Input{X: x, Y: y})
		clicks++
	}
	if n, over := round(); n < 2 && !over {
		d := tbl(dev).Game()
		var hostToAct rules.Seat
		matchOf(lg).Do(func(*rules.Game) { hostToAct = g.ToAct() })
		t.Fatalf("after %d clicks the game is in round %d (last planned %q, scene %T, shown seat %d; the device: to act %d, %d legal, %d actions, prompt %q, message %q; the host: to act %d, %d actions)",
			clicks, n, ac.Planned, dev.mgr.cur, tbl(dev).Shown(), d.ToAct(), len(d.LegalFor(0)), d.Len(), tbl(dev).Public().Prompt, tbl(dev).State().Message, hostToAct, g.Len())
	}
	t.Logf("%d clicks at the device", clicks)
}
