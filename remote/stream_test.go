//go:build !js

package remote

import (
	"math/rand/v2"
	"testing"

	"notrueking/feed"
	"notrueking/rules"
	"notrueking/session"
)

// countingDesk counts the views a desk is asked for, by seat.
type countingDesk struct {
	rules.Desk
	views map[rules.Seat]int
}

func (d countingDesk) View(s rules.Seat) rules.View {
	d.views[s]++
	return d.Desk.View(s)
}

// TestViewsOncePerViewer: at every change, the public view is read once
// for all the devices (through the desk of no seat), and each device's
// desk is asked for its own seat's view once and for no other.
func TestViewsOncePerViewer(t *testing.T) {
	g := newGame(t, game{mapName: "standard", names: []string{"Ann", "Ben", "Cy"}, seed: 6})
	m := session.NewMatch(g, session.MatchOptions{})
	desks := []*session.Desk{m.RemoteDesk(0), m.RemoteDesk(1), m.RemoteDesk(2), m.RemoteDesk(), m.RemoteDesk()}
	sents := make([]sent, len(desks))
	eachChange(t, g, m, 30, 6, func(step int, rd session.Reading) {
		pub := countingDesk{rd.Public(), map[rules.Seat]int{}}
		sh := newShared(pub)
		for i, d := range desks {
			own := countingDesk{rd.Desk(d), map[rules.Seat]int{}}
			sents[i].tell(step, sh, own)
			want := map[rules.Seat]int{}
			if i < 3 {
				want[rules.Seat(i)] = 1
			}
			if len(own.views) != len(want) || own.views[rules.Seat(i)] != want[rules.Seat(i)] {
				t.Fatalf("step %d: device %d's desk was asked for views %v", step, i, own.views)
			}
		}
		if len(pub.views) != 1 || pub.views[rules.Public] != 1 {
			t.Fatalf("step %d: the public desk was asked for views %v for %d devices", step, pub.views, len(desks))
		}
	})
}

// eachChange plays n-1 random actions of g, the game of m, and calls f
// under m's lock before the first and after each.
func eachChange(t *testing.T, g *rules.Game, m *session.Match, n int, seed uint64, f func(step int, rd session.Reading)) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	for step := range n {
		if step > 0 {
			if _, err := g.Apply(randomOf(g.Legal(), r)); err != nil {
				t.Fatal(err)
			}
		}
		m.Read(func(rd session.Reading) { f(step, rd) })
	}
}

// tell sends desk's device the game at a step of eachChange: a sync at
// the first, then an update.
func (s *sent) tell(step int, sh *shared, desk rules.Desk) {
	if step == 0 {
		s.sync(sh, desk, 1, 0)
		return
	}
	s.update(sh, desk, feed.Change{Kind: feed.Action}, HowAct, 1)
}
