package byclicks

import (
	"math/rand/v2"
	"runtime"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// Auto is a page's autoplay for its browser tests (notrueking.autoplay(seed)):
// it picks, at random from its seed, a legal action of the seat a table
// shows and works out the clicks a player makes for it (Play) — but it
// clicks nothing itself. It publishes where the next click goes (Next);
// the test clicks or taps there, as a player would, and once the screen
// has seen that click's release the plan goes on. A hand-off curtain or a
// notice gets its click the same way.
type Auto struct {
	rng *rand.Rand
	// asks are the plan's requests for its next click, answered in step
	// (on the caller's goroutine, where the screen is read).
	asks chan autoAsk
	// planDone is closed when the running plan's goroutine ends (nil
	// while none runs).
	planDone chan struct{}
	// next is the click published (nil: none now); at the releases seen
	// when it was, done the plan's answer (nil for a curtain's or a
	// notice's click).
	next *Click
	at   int
	done chan bool
	// pending is the plan's request not yet published; tabs the portrait
	// tabs opened looking for its widget.
	pending *autoAsk
	tabs    map[int]bool
	// Planned is the action planned last; Note why a plan stopped.
	Planned, Note string
}

// Click is a published click, in base canvas coordinates.
type Click struct {
	X, Y float64
	What string
}

// Screen is what the autoplay sees at a step: the widgets shown, the
// pointer's releases so far, where a territory is clicked, and what is up
// — the hand-off curtain, a notice waiting for Continue, or the table
// (nil: none of them).
type Screen struct {
	Widgets   []ui.Widget
	Releases  int
	Territory func(t board.TerrID) (x, y float64, ok bool)
	Curtain   bool
	Notice    bool
	Table     *table.Table
}

// autoAsk is a plan's request: find says where its next click goes.
type autoAsk struct {
	what string
	find func(sc Screen) (x, y float64, ok bool)
	done chan bool
}

// NewAuto is an autoplay whose picks follow seed.
func NewAuto(seed uint64) *Auto {
	return &Auto{rng: rand.New(rand.NewPCG(seed, 0x6175746f)), asks: make(chan autoAsk, 1)}
}

// Next is the click published, nil for none now.
func (ac *Auto) Next() *Click { return ac.next }

// Step runs after each of the screen's updates: a click made at the
// published point lets the plan go on; otherwise the next click is
// published.
func (ac *Auto) Step(sc Screen) {
	if ac.next != nil {
		if sc.Releases <= ac.at {
			return // not clicked yet
		}
		done := ac.done
		ac.next, ac.done = nil, nil
		if done != nil {
			done <- true
			ac.wake()
		}
	}
	switch {
	case sc.Curtain:
		ac.publish(sc, ui.BaseW/2, ui.BaseH/2, "curtain", nil)
	case sc.Notice:
		if w, ok := ui.Find(sc.Widgets, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDismiss }); ok {
			x, y := w.R.Center()
			ac.publish(sc, x, y, "continue", nil)
		}
	case sc.Table != nil:
		ac.onTable(sc)
	}
}

// onTable plans an action when none is under way, and publishes its next
// click.
func (ac *Auto) onTable(sc Screen) {
	if ac.planDone == nil {
		ac.plan(sc.Table)
	}
	if ac.planDone == nil {
		return
	}
	ask := ac.pending
	ac.pending = nil
	if ask == nil {
		return
	}
	x, y, ok := ask.find(sc)
	if !ok {
		// On a phone the widget may be behind another tab (a slot
		// under Houses): a player opens the tabs in turn.
		if w, ok := ac.nextTab(sc.Widgets); ok {
			ac.pending = ask
			x, y := w.R.Center()
			ac.publish(sc, x, y, "the "+w.Text+" tab", nil)
			return
		}
		ac.Note = "no click found for " + ask.what + " of " + ac.Planned
		ac.tabs = nil
		ask.done <- false
		ac.wake()
		return
	}
	ac.tabs = nil
	ac.publish(sc, x, y, ask.what, ask.done)
}

// nextTab is a tab of the portrait layout not shown and not yet tried
// for the click looked for.
func (ac *Auto) nextTab(ws []ui.Widget) (ui.Widget, bool) {
	for _, w := range ws {
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
// the plan and the screen take turns, never reading the table at once.
func (ac *Auto) wake() {
	select {
	case ask := <-ac.asks:
		ac.pending = &ask
	case <-ac.planDone:
		ac.planDone = nil
	}
}

func (ac *Auto) publish(sc Screen, x, y float64, what string, done chan bool) {
	ac.next, ac.at, ac.done = &Click{X: x, Y: y, What: what}, sc.Releases, done
}

// plan starts playing a random legal action of the seat table u shows,
// when the screen holds that seat and it has one.
func (ac *Auto) plan(u *table.Table) {
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
	ask := func(what string, find func(sc Screen) (float64, float64, bool)) {
		reply := make(chan bool, 1)
		ac.asks <- autoAsk{what: what, find: find, done: reply}
		if !<-reply {
			runtime.Goexit() // the plan cannot go on: it ends, and another is picked
		}
	}
	go func() {
		defer close(done)
		Play(u, act, Reach{
			Widget: func(what string, pred func(ui.Widget) bool) {
				ask(what, func(sc Screen) (float64, float64, bool) {
					w, ok := ui.Find(sc.Widgets, pred)
					x, y := w.R.Center()
					return x, y, ok
				})
			},
			Terr: func(t board.TerrID) {
				ask(u.Map().Territories[t].Name, func(sc Screen) (float64, float64, bool) {
					return sc.Territory(t)
				})
			},
		})
	}()
	ac.wake()
}
