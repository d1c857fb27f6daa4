//go:build !js

package remote

import (
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
