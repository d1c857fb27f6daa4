//go:build !js

package remote

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"notrueking/board"

	"notrueking/gamefile"
	"notrueking/rules"
)

// TestWholeGamesOverWebSocket plays whole games on both maps, plain and
// Citadel, 2 to 9 seats, with devices and bots at the seats and a
// spectator: devices join a host over a real WebSocket, act by random
// legal actions of their seat (seeded) through their Client (a
// rules.Desk and rules.Actor), and after every change each client's
// views (its seat's and the public's), legal actions, public history,
// seat to act, length and undo state equal the host's. (The short run
// plays each game's first 150 steps.)
func TestWholeGamesOverWebSocket(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game
		watch bool
	}{
		{game{"standard", rules.Plain, []string{"Ann", "Ben", "Cy", "Dee"}, []string{"remote", "random", "remote", "remote"}, 3}, true},
		{game{"standard", rules.Citadel, []string{"Ann", "Ben", "Cy"}, []string{"remote", "remote", "random"}, 5}, false},
		{game{"nine", rules.Plain, []string{"Ann", "Ben"}, []string{"remote", "remote"}, 7}, false},
		{game{"nine", rules.Citadel, nine(), []string{"remote", "random", "random", "remote", "random", "random", "remote", "random", "random"}, 11}, true},
	} {
		name := fmt.Sprintf("%s-%s-%d", tc.mapName, tc.variant, len(tc.names))
		t.Run(name, func(t *testing.T) {
			r := newRig(t, tc.game, HostOptions{AdmitAuto: true, Rate: fast, Burst: fast})
			if testing.Short() {
				r.upTo = 150
			}
			var clients []*Client
			bySeat := map[rules.Seat]*Client{}
			ids := newGame(t, tc.game).Seats()
			for i, who := range tc.players {
				if who != gamefile.SeatRemote {
					continue
				}
				c := r.join(tc.names[i], ids[i], ClientOptions{})
				if h := c.Held(); len(h) != 1 || h[0] != rules.Seat(i) {
					t.Fatalf("%s holds %v, asked %s", tc.names[i], h, ids[i])
				}
				clients = append(clients, c)
				bySeat[rules.Seat(i)] = c
			}
			if tc.watch {
				clients = append(clients, r.join("Eve", "", ClientOptions{Watch: true}))
			}
			rng := newRand(tc.seed)
			steps := r.play(clients, bySeat, tc.seed, func(step int) {
				c := clients[step%len(clients)]
				if step%41 == 5 {
					r.asks(c, rng)
				}
				if step%97 == 7 && len(c.Held()) > 0 {
					r.tables(c)
				}
			})
			t.Logf("%s: %d steps", name, steps)
		})
	}
}

func nine() []string {
	return []string{"Ann", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida"}
}

// fast is the message rate allowed to the tests' devices, which play as
// fast as they can.
const fast = 1e6

// TestSameData: the comparison the game tests make tells views apart by
// any field, and a nil list from an empty one not at all.
func TestSameData(t *testing.T) {
	g := newGame(t, game{"standard", rules.Plain, []string{"Ann", "Ben"}, nil, 1})
	v := g.View(0)
	w := g.View(0)
	if !sameData(reflect.ValueOf(v), reflect.ValueOf(w)) {
		t.Fatal("a view differs from itself")
	}
	w.Players[1].Hand = []board.CardID{}
	v.Players[1].Hand = nil
	if !sameData(reflect.ValueOf(v), reflect.ValueOf(w)) {
		t.Fatal("a nil hand differs from an empty one")
	}
	w.Groups = slices.Clone(w.Groups)
	w.Groups[3].Units[1]++
	if sameData(reflect.ValueOf(v), reflect.ValueOf(w)) {
		t.Fatal("a knight more is the same view")
	}
}

// TestADecisionGoesWithItsState: a seat's decision made on one state and
// sent once the device has learnt a newer one (another seat moved while
// it thought; after a host's restart, the resync) is refused as stale by
// the device itself and never reaches the host's game — even when the
// version it then holds would pass the host's check; on the state it was
// made on, it is applied.
func TestADecisionGoesWithItsState(t *testing.T) {
	t.Parallel()
	gm := game{"standard", rules.Plain, []string{"Ann", "Ben", "Cy"}, []string{"remote", "remote", "remote"}, 44}
	r := newRig(t, gm, HostOptions{AdmitAuto: true})
	ids := newGame(t, gm).Seats()
	var cs []*Client
	for i, id := range ids {
		cs = append(cs, r.join(gm.names[i], id, ClientOptions{}))
	}
	// Arrange every loyalty card: the placements go round the table.
	all := func() {
		for _, c := range cs {
			r.caughtUp(c, r.m.Version())
		}
	}
	for range 40 {
		all()
		seat := cs[0].ToAct()
		if seat < 0 || cs[seat].LegalFor(seat)[0].Verb != rules.VArrange {
			break
		}
		if _, err := cs[seat].Apply(cs[seat].LegalFor(seat)[0]); err != nil {
			t.Fatal(err)
		}
	}
	all()
	first := cs[0].ToAct()
	dev := cs[first]
	e, v := dev.Version()
	old := dev.LegalFor(first)[0]
	// Before it sends, the host's game moves on (an undo of the seat's
	// own last decision would do the same): a seat acts at the host.
	n := r.m.Version()
	if _, err := r.m.Desk(first).Apply(old); err != nil {
		t.Fatal(err)
	}
	all()
	if r.m.Version() == n {
		t.Fatal("the host's game did not move")
	}
	length := func() (l int) {
		r.m.Do(func(g *rules.Game) { l = g.Len() })
		return
	}
	before := length()
	if _, err := dev.ApplyAt(e, v, old); !errors.Is(err, ErrStale) {
		t.Fatalf("a decision on a state left behind: %v, want ErrStale", err)
	}
	if length() != before {
		t.Fatal("the stale decision reached the host's game")
	}
	seat := dev.ToAct()
	d := cs[seat]
	e, v = d.Version()
	if _, err := d.ApplyAt(e, v, d.LegalFor(seat)[0]); err != nil || length() != before+1 {
		t.Fatalf("a decision on the state it was made on: %v (%d actions, had %d)", err, length(), before)
	}
}
