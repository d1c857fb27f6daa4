package app

import (
	"math/rand/v2"
	"runtime"

	"notrueking/board"
	"notrueking/internal/byclicks"
	"notrueking/rules"
	"notrueking/ui"
)

// autoClicker is the page's autoplay for its browser tests
// (notrueking.autoplay(seed)): it picks, at random from seed, a legal
// action of the seat the table shows and works out the clicks a player
// makes for it (package byclicks) — but it clicks nothing itself. It
// publishes where the next click goes; the test clicks or taps there
// through the browser, as a player would, and once the app has seen that
// click's release the plan goes on. A hand-off curtain or a notice gets
// its click the same way.
type autoClicker struct {
	rng *rand.Rand
	// asks are the plan's requests for its next click, answered in step
	// (on the app's goroutine, where the screen is read).
	asks chan autoAsk
	// planDone is closed when the running plan's goroutine ends (nil
	// while none runs).
	planDone chan struct{}
	// next is the click published (nil: none now); at the releases seen
	// when it was, done the plan's answer (nil for a curtain's or a
	// notice's click).
	next *autoPoint
	at   int
	done chan bool
	// pending is the plan's request not yet published; tabs the portrait
	// tabs opened looking for its widget.
	pending *autoAsk
	tabs    map[int]bool
	// Planned is the action planned last; Note why a plan stopped.
	Planned, Note string
}

// autoAsk is a plan's request: find says where its next click goes.
type autoAsk struct {
	what string
	find func(a *App) (x, y float64, ok bool)
	done chan bool
}

// autoPoint is a published click, in base canvas coordinates.
type autoPoint struct {
	X, Y float64
	What string
}

func newAutoClicker(seed uint64) *autoClicker {
	return &autoClicker{rng: rand.New(rand.NewPCG(seed, 0x6175746f)), asks: make(chan autoAsk, 1)}
}

// step runs after each Update: a click made at the published point lets
// the plan go on; otherwise the next click is published.
func (ac *autoClicker) step(a *App) {
	if ac.next != nil {
		if a.ptr.releases <= ac.at {
			return // not clicked yet
		}
		done := ac.done
		ac.next, ac.done = nil, nil
		if done != nil {
			done <- true
			ac.wake()
		}
	}
	switch sc := a.mgr.cur.(type) {
	case *curtainScene:
		ac.publish(a, ui.BaseW/2, ui.BaseH/2, "curtain", nil)
	case *noticeScene:
		if w, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDismiss }); ok {
			x, y := w.R.Center()
			ac.publish(a, x, y, "continue", nil)
		}
	case *tableScene:
		if ac.planDone == nil {
			ac.plan(sc.lg)
		}
		if ac.planDone == nil {
			return
		}
		ask := ac.pending
		ac.pending = nil
		if ask == nil {
			return
		}
		x, y, ok := ask.find(a)
		if !ok {
			// On a phone the widget may be behind another tab (a slot
			// under Houses): a player opens the tabs in turn.
			if w, ok := ac.nextTab(a); ok {
				ac.pending = ask
				x, y := w.R.Center()
				ac.publish(a, x, y, "the "+w.Text+" tab", nil)
				return
			}
			ac.Note = "no click found for " + ask.what + " of " + ac.Planned
			ac.tabs = nil
			ask.done <- false
			ac.wake()
			return
		}
		ac.tabs = nil
		ac.publish(a, x, y, ask.what, ask.done)
	}
}

// nextTab is a tab of the portrait layout not shown and not yet tried
// for the click looked for.
func (ac *autoClicker) nextTab(a *App) (ui.Widget, bool) {
	for _, w := range a.f.ws {
		if w.T.Cmd.Kind != ui.CmdTab || w.Selected || ac.tabs[w.T.Cmd.N] {
			continue
		}
		if ac.tabs == nil {
			ac.tabs = map[int]bool{}
		}
		ac.tabs[w.T.Cmd.N] = true
		return w, true
	}
	return ui.Widget{}, false
}

// wake waits until the plan's goroutine asks for its next click or ends:
// the plan and the app take turns, never reading the table at once.
func (ac *autoClicker) wake() {
	select {
	case ask := <-ac.asks:
		ac.pending = &ask
	case <-ac.planDone:
		ac.planDone = nil
	}
}

func (ac *autoClicker) publish(a *App, x, y float64, what string, done chan bool) {
	ac.next, ac.at, ac.done = &autoPoint{X: x, Y: y, What: what}, a.ptr.releases, done
}

// plan starts playing a random legal action of the seat the table shows,
// when this screen holds it and it has one.
func (ac *autoClicker) plan(lg *liveGame) {
	u := lg.tbl
	seat := u.Shown()
	d := u.Game()
	if seat < 0 || !d.Holds(seat) || len(u.State().Notices) > 0 {
		return
	}
	legal := d.LegalFor(seat)
	if len(legal) == 0 {
		return
	}
	act := legal[ac.rng.IntN(len(legal))]
	if act.Verb == rules.VArrange {
		act = rules.RandomArrangement(act, ac.rng)
	}
	ac.Planned, ac.Note = act.Format(u.Map()), ""
	done := make(chan struct{})
	ac.planDone = done
	ask := func(what string, find func(a *App) (float64, float64, bool)) {
		reply := make(chan bool, 1)
		ac.asks <- autoAsk{what: what, find: find, done: reply}
		if !<-reply {
			runtime.Goexit() // the plan cannot go on: it ends, and another is picked
		}
	}
	go func() {
		defer close(done)
		byclicks.Play(u, act, byclicks.Reach{
			Widget: func(what string, pred func(ui.Widget) bool) {
				ask(what, func(a *App) (float64, float64, bool) {
					w, ok := ui.Find(a.f.ws, pred)
					x, y := w.R.Center()
					return x, y, ok
				})
			},
			Terr: func(t board.TerrID) {
				ask(u.Map().Territories[t].Name, func(a *App) (float64, float64, bool) {
					p, ok := a.terrPoints()[int(t)]
					return p[0], p[1], ok
				})
			},
		})
	}()
	ac.wake()
}
