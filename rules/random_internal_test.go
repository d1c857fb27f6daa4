package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"notrueking/board"
)

// checkInvariants verifies what must hold after every action.
func checkInvariants(g *Game) error {
	s := &g.st
	for h := range g.m.NumHouses() {
		n := g.onBoard(h)
		for k := board.Unit(0); k < board.NumUnits; k++ {
			if n[k] > g.m.Houses[h].Limits[k] {
				return fmt.Errorf("%s has %d %s, limit %d", g.m.Houses[h].ID, n[k], k, g.m.Houses[h].Limits[k])
			}
		}
	}
	for t, tt := range g.m.Territories {
		occ := 0
		for h := range g.m.NumHouses() {
			u := s.Units[t][h]
			for k, c := range u {
				if c < 0 {
					return fmt.Errorf("negative %s in %s", board.Unit(k), tt.ID)
				}
			}
			if board.Total(u) > 0 {
				occ++
				if s.Flags[t] >= 0 && s.Flags[t] != h {
					return fmt.Errorf("%s has troops and another house's flag", tt.ID)
				}
			}
			switch tt.Kind {
			case board.Land:
				if u[board.Ship] > 0 {
					return fmt.Errorf("ship on land %s", tt.ID)
				}
			case board.Sea:
				if u[board.Dragon] > 0 {
					return fmt.Errorf("a dragon rests in %s", tt.ID)
				}
				if carried(u) > u[board.Ship] {
					return fmt.Errorf("%s: %d carried by %d ships", tt.ID, carried(u), u[board.Ship])
				}
			case board.Port:
				if carried(u) > 0 {
					return fmt.Errorf("land units in port %s", tt.ID)
				}
				if u[board.Ship] > 0 && g.control(tt.PortOf) != h {
					return fmt.Errorf("ships in %s without its land", tt.ID)
				}
			}
		}
		if occ > 1 && tt.Kind != board.Road && len(s.Stack) == 0 {
			return fmt.Errorf("%d houses in %s", occ, tt.ID)
		}
		if tt.Kind != board.Land && s.Flags[t] >= 0 {
			return fmt.Errorf("flag on non-land %s", tt.ID)
		}
	}
	placed := make([]int, len(s.Players))
	for h := range s.Slots {
		for _, seat := range s.Slots[h] {
			if seat >= 0 {
				placed[seat]++
			}
		}
	}
	for i, p := range s.Players {
		if p.Agents+placed[i] > AgentsPerPlayer || p.Agents < 0 {
			return fmt.Errorf("seat %d: %d in hand + %d placed", i, p.Agents, placed[i])
		}
	}
	// every card is in exactly one place
	seen := map[board.CardID]int{}
	for h := range g.m.Houses {
		for _, c := range s.Decks[h] {
			seen[c]++
		}
		for _, c := range s.Discards[h] {
			seen[c]++
		}
		if len(s.Decks[h]) == 0 && len(s.Discards[h]) > 0 {
			return fmt.Errorf("%s deck empty with a discard", g.m.Houses[h].ID)
		}
	}
	for _, p := range s.Players {
		for _, c := range p.Hand {
			seen[c]++
		}
	}
	for i := range g.m.NumCards() {
		if seen[i] != 1 {
			return fmt.Errorf("card %s is in %d places", g.m.CardAt(i).ID, seen[i])
		}
	}
	return nil
}

func playRandomGame(t testing.TB, players int, seed uint64, check bool) *Game {
	return playRandomOn(t, newGame(t, players, seed), seed, check)
}

func playRandomOn(t testing.TB, g *Game, seed uint64, check bool) *Game {
	r := rand.New(rand.NewPCG(seed, 7))
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			t.Fatalf("seed %d: game did not end", seed)
		}
		legal := g.Legal()
		if len(legal) == 0 {
			t.Fatalf("seed %d: no legal action; prompt %q", seed, g.View(Public).Prompt)
		}
		a := legal[r.IntN(len(legal))]
		if a.Verb == VArrange {
			a = RandomArrangement(a, r)
		}
		for _, x := range legal {
			if x.Verb == VDone && r.IntN(3) == 0 {
				a = x
			}
		}
		if check {
			line := g.FormatAction(a)
			b, err := g.ParseAction(line)
			if err != nil || b != a {
				t.Fatalf("seed %d: %q does not round-trip: %v", seed, line, err)
			}
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("seed %d: legal action %q refused: %v", seed, g.FormatAction(a), err)
		}
		if check {
			if err := checkInvariants(g); err != nil {
				t.Fatalf("seed %d after %q: %v", seed, g.FormatAction(a), err)
			}
		}
	}
	return g
}

func TestRandomGamesKeepInvariants(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		playRandomGame(t, 2+int(seed%3), seed, true)
	}
}

func TestReplayIsExact(t *testing.T) {
	for seed := uint64(100); seed < 105; seed++ {
		g := playRandomGame(t, 4, seed, false)
		h := newGame(t, 4, seed)
		for _, a := range g.Actions() {
			if _, err := h.Apply(a); err != nil {
				t.Fatalf("replay %q: %v", g.FormatAction(a), err)
			}
		}
		if fmt.Sprint(h.View(Public)) != fmt.Sprint(g.View(Public)) {
			t.Fatalf("seed %d: replay differs", seed)
		}
	}
}

func BenchmarkRandomGameInternal(b *testing.B) {
	for i := 0; i < b.N; i++ {
		playRandomGame(b, 4, uint64(i), false)
	}
}

// TestGarbageActionsNeverPanic throws random, mostly malformed actions at
// games in many states: do (without Apply's recover) must not panic, and
// Apply must leave a refused game unchanged.
func TestGarbageActionsNeverPanic(t *testing.T) {
	verbs := []Verb{VArrange, VPlace, VResolve, VChoose, VMuster, VMove, VDone, VPlay, VPass, VWinner, VRetreat, VRemove, VLook, VDiscard, VDecline, VExchange, VKeep, Verb(0), Verb(99)}
	// Ids: valid ones, None, and out of range either way.
	ids := []int{None, 0, 1, 2, 4, 5, 12, 57, 58, 300, -7}
	for seed := uint64(1); seed <= 6; seed++ {
		g := newGame(t, 2+int(seed%3), seed)
		r := rand.New(rand.NewPCG(seed, 3))
		for step := 0; step < 400 && !g.Over(); step++ {
			for i := 0; i < 20; i++ {
				w := func() int { return ids[r.IntN(len(ids))] }
				var order []board.HouseID
				for k := r.IntN(7); k > 0; k-- {
					order = append(order, board.HouseID(w()))
				}
				a := Action{Seat: Seat(r.IntN(6) - 1), Verb: verbs[r.IntN(len(verbs))], House: board.HouseID(w()), Slot: Slot(r.IntN(5) - 1),
					Choice: Choice(r.IntN(5)), Unit: board.Unit(r.IntN(6) - 1), From: board.TerrID(w()), To: board.TerrID(w()), Card: board.CardID(w()), Target: Seat(r.IntN(6) - 1),
					Order: NewArrangement(order), A: board.HouseID(w()), B: board.HouseID(w()), Reveal: board.HouseID(w())}
				for k := range a.Units {
					a.Units[k] = r.IntN(4) - 1
				}
				if r.IntN(2) == 0 {
					a.Seat = g.ToAct()
				}
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Fatalf("seed %d: %+v panics: %v", seed, a, p)
						}
					}()
					_ = g.do(a, false)
				}()
			}
			legal := g.Legal()
			if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func BenchmarkViewLateGame(b *testing.B) {
	g := newGame(b, 4, 5)
	r := rand.New(rand.NewPCG(5, 1))
	for i := 0; i < 400 && !g.Over(); i++ {
		legal := g.Legal()
		g.Apply(legal[r.IntN(len(legal))])
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = g.View(Seat(i % 4))
	}
}
