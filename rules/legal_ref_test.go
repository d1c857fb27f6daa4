package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"notrueking/board"
)

// maxArrangeHouses bounds the arrangements legalByTrial lists in full
// (beyond it, the rotations of the house order).
const maxArrangeHouses = 6

// legalByTrial is the engine's former Legal: it lists candidate actions
// and keeps those Check accepts (every loyalty arrangement in full). It is
// the reference the generated Legal is tested against.
func (g *Game) legalByTrial() []Action {
	seat := g.ToAct()
	if seat < 0 {
		return nil
	}
	var cands []Action
	add := func(a Action) {
		a.Seat = seat
		cands = append(cands, a)
	}
	nh := len(g.m.Houses)
	s := &g.st
	switch s.Phase {
	case PhaseLoyalty:
		if nh <= maxArrangeHouses {
			permute(nh, func(p []int) {
				hs := make([]board.HouseID, len(p))
				for i, h := range p {
					hs[i] = board.HouseID(h)
				}
				add(Action{Verb: VArrange, Order: NewArrangement(hs)})
			})
		} else {
			for r := 0; r < nh; r++ {
				hs := make([]board.HouseID, nh)
				for i := range hs {
					hs[i] = board.HouseID((r + i) % nh)
				}
				add(Action{Verb: VArrange, Order: NewArrangement(hs)})
			}
		}
	case PhasePlace:
		for h := range nh {
			for sl := Maester; sl < NumSlots; sl++ {
				add(Action{Verb: VPlace, House: board.HouseID(h), Slot: sl})
			}
		}
	case PhaseExchange:
		for a := 0; a < nh; a++ {
			for b := a + 1; b < nh; b++ {
				for r := 0; r < nh; r++ {
					add(Action{Verb: VExchange, A: board.HouseID(a), B: board.HouseID(b), Reveal: board.HouseID(r)})
				}
			}
		}
		add(Action{Verb: VKeep})
	case PhaseResolve, PhaseCombat:
		f := g.top()
		if f == nil {
			tier := g.currentTier()
			for h := range nh {
				add(Action{Verb: VResolve, House: board.HouseID(h), Slot: tier})
				// Lost Orders on every slot, Ill Tidings on every seat (a
				// plain game refuses them all).
				for sl := Maester; sl < NumSlots; sl++ {
					add(Action{Verb: VLostOrders, House: board.HouseID(h), Slot: sl})
				}
			}
			for o := range g.numSeats() {
				add(Action{Verb: VIllTidings, Target: o})
			}
			break
		}
		// The Citadel's choices, wherever something is pending: Check
		// must refuse them all but where they belong.
		for _, aim := range Aims() {
			add(Action{Verb: VStudy, Aim: aim})
		}
		add(Action{Verb: VGain, Gain: GainRaven})
		add(Action{Verb: VGain, Gain: GainCrystal})
		for o := range g.numSeats() {
			for i := range nh {
				add(Action{Verb: VUncover, Target: o, Pos: int8(i)})
			}
		}
		switch f.Kind {
		case FrameAgent:
			for _, c := range []Choice{ChooseMuster, ChooseMove, ChooseDraw} {
				add(Action{Verb: VChoose, Choice: c})
			}
		case FrameMuster:
			for t, tt := range g.m.Territories {
				switch tt.Kind {
				case board.Land:
					if g.control(board.TerrID(t)) == f.House && tt.Barrels > 0 {
						add(Action{Verb: VMuster, Unit: board.Footman, From: board.TerrID(t), To: None})
						if p := tt.Port; p >= 0 {
							add(Action{Verb: VMuster, Unit: board.Ship, From: board.TerrID(t), To: p})
						}
						for _, nb := range tt.Neighbors {
							if g.m.Territories[nb].Kind == board.Sea {
								add(Action{Verb: VMuster, Unit: board.Ship, From: board.TerrID(t), To: nb})
							}
						}
					}
					fallthrough
				case board.Road, board.Sea:
					u := s.Units[t][f.House]
					if u[board.Footman] > 0 {
						add(Action{Verb: VMuster, Unit: board.Knight, From: board.TerrID(t), To: None})
					}
					if u[board.Knight] > 0 {
						add(Action{Verb: VMuster, Unit: board.Dragon, From: board.TerrID(t), To: None})
					}
				}
			}
			add(Action{Verb: VDone})
		case FrameMove:
			for t := range g.m.Territories {
				avail := s.Units[t][f.House]
				if board.Total(avail) == 0 {
					continue
				}
				for _, nb := range g.m.Territories[t].Neighbors {
					// On a road with other houses the mover may attack one of them.
					targets := []board.HouseID{None}
					if g.m.Territories[nb].Kind == board.Road {
						for o := range g.m.NumHouses() {
							if ou := s.Units[nb][o]; o != f.House && board.Total(ou) > 0 {
								targets = append(targets, o)
							}
						}
					}
					compositions(avail, func(u [board.NumUnits]int) {
						for _, tg := range targets {
							add(Action{Verb: VMove, From: board.TerrID(t), To: nb, Units: u, House: board.HouseID(tg)})
						}
					})
				}
			}
			add(Action{Verb: VDone})
		case FrameCombat:
			c := f.Combat
			switch c.Step {
			case "cards":
				for _, id := range s.Players[seat].Hand {
					add(Action{Verb: VPlay, Card: id})
				}
				add(Action{Verb: VPass})
			case "tie":
				add(Action{Verb: VWinner, House: c.Attacker})
				add(Action{Verb: VWinner, House: c.Defender})
			case "redeploy":
				for _, t := range g.redeployOptions(c) {
					add(Action{Verb: VRetreat, To: t})
				}
			case "retreat":
				for _, t := range g.retreatOptions(c) {
					add(Action{Verb: VRetreat, To: t})
				}
			}
		case FrameCersei:
			for _, sl := range g.cerseiTargets(f) {
				add(Action{Verb: VRemove, House: f.House, Slot: sl})
			}
			add(Action{Verb: VDecline})
		case FrameMelisandre:
			if f.Target < 0 {
				for _, t := range g.melisandreTargets(seat) {
					add(Action{Verb: VLook, Target: t})
				}
				add(Action{Verb: VDecline})
			} else {
				for _, id := range s.Players[f.Target].Hand {
					add(Action{Verb: VDiscard, Card: id})
				}
			}
		}
	}
	out := cands[:0]
	for _, a := range cands {
		if g.do(a, false) == nil {
			out = append(out, a)
		}
	}
	return out
}

// permute calls fn with every permutation of 0..n-1 in lexicographic order.
func permute(n int, fn func([]int)) {
	p := make([]int, 0, n)
	used := make([]bool, n)
	var rec func()
	rec = func() {
		if len(p) == n {
			fn(p)
			return
		}
		for i := 0; i < n; i++ {
			if !used[i] {
				used[i] = true
				p = append(p, i)
				rec()
				p = p[:len(p)-1]
				used[i] = false
			}
		}
	}
	rec()
}

// legalMatchesTrial checks, on g as it stands, that the generated Legal is
// exactly the set of candidates Check accepts (legalByTrial), apart from the
// loyalty phase, where it lists the seat's card as it stands and trial
// lists every order.
func legalMatchesTrial(g *Game) error {
	got := g.Legal()
	want := g.legalByTrial()
	if g.st.Phase == PhaseLoyalty {
		if len(got) != 1 || got[0].Verb != VArrange || g.Check(got[0]) != nil {
			return fmt.Errorf("loyalty phase: Legal lists %d actions, want one checked arrangement", len(got))
		}
		if len(g.m.Houses) <= maxArrangeHouses && !slices.Contains(want, got[0]) {
			return fmt.Errorf("loyalty phase: %q is not an arrangement", got[0].Format(g.m))
		}
		return nil
	}
	fmtAll := func(as []Action) []string {
		out := make([]string, len(as))
		for i, a := range as {
			out[i] = a.Format(g.m)
		}
		slices.Sort(out)
		return out
	}
	gs, ws := fmtAll(got), fmtAll(want)
	if !slices.Equal(gs, ws) {
		for _, x := range gs {
			if !slices.Contains(ws, x) {
				return fmt.Errorf("Legal lists %q, which Check refuses: %v", x, g.Check(mustParse(g, x)))
			}
		}
		for _, x := range ws {
			if !slices.Contains(gs, x) {
				return fmt.Errorf("Check accepts %q, which Legal does not list", x)
			}
		}
		return fmt.Errorf("Legal lists %d actions (duplicates?), Check accepts %d", len(gs), len(ws))
	}
	return nil
}

func mustParse(g *Game, line string) Action {
	a, _ := g.ParseAction(line)
	return a
}

// TestLegalIsExactlyWhatCheckAccepts compares the generated Legal with the
// trial reference at every decision of random games on the standard map
// (2 to 4 players) and on the nine-player fixture.
func TestLegalIsExactlyWhatCheckAccepts(t *testing.T) {
	maps := map[string]*board.Map{"standard": mustMap(t), "nine": nineMap(t)}
	decisions := 0
	citadel := map[Verb]int{}
	defer func() {
		if decisions < 2000 {
			t.Errorf("only %d decisions compared", decisions)
		}
		for _, v := range []Verb{VStudy, VGain, VUncover, VLostOrders, VIllTidings} {
			if citadel[v] == 0 {
				t.Errorf("no decision offered %s: the Citadel's choices went unchecked", v)
			}
		}
	}()
	for name, m := range maps {
		for seed := uint64(1); seed <= 20; seed++ {
			players := 2 + int(seed)%3
			// The last eight games of each map are Citadel games.
			v := Plain
			if seed > 12 {
				v = Citadel
			}
			g, err := New(m, Config{Players: []string{"Ann", "Ben", "Cat", "Dan"}[:players], Seed: seed, Variant: v})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 99))
			for steps := 0; !g.Over(); steps++ {
				if err := legalMatchesTrial(g); err != nil {
					t.Fatalf("%s seed %d, action %d (%s): %v", name, seed, steps+1, g.View(Public).Prompt, err)
				}
				decisions++
				legal := g.Legal()
				a := legal[r.IntN(len(legal))]
				if a.Verb == VArrange {
					a = RandomArrangement(a, r)
				}
				var some []Action
				for _, l := range legal {
					if l.Verb == VStudy || l.Verb == VLostOrders || l.Verb == VIllTidings {
						citadel[l.Verb]++
						some = append(some, l)
					}
				}
				if len(some) > 0 && r.IntN(3) > 0 {
					a = some[r.IntN(len(some))]
				}
				if a.Verb == VGain || a.Verb == VUncover {
					citadel[a.Verb]++
				}
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("%s seed %d: %q: %v", name, seed, g.FormatAction(a), err)
				}
			}
		}
	}
}
