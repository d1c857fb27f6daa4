package rules

import (
	"strings"

	"notrueking/board"
)

// maxArrangeHouses bounds the loyalty arrangements Legal lists in full:
// up to this many houses every permutation is listed; above it (the
// nine-player map) Legal lists the rotations of the map's house order,
// while Check and Apply accept every permutation.
const maxArrangeHouses = 6

// Legal returns every legal action of the seat to act, in a stable order.
// Every action listed passes Check.
func (g *Game) Legal() []Action {
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
	ids := make([]string, nh)
	for h := range ids {
		ids[h] = g.m.Houses[h].ID
	}
	s := &g.S
	switch s.Phase {
	case PhaseLoyalty:
		if nh <= maxArrangeHouses {
			permute(nh, func(p []int) {
				names := make([]string, nh)
				for i, h := range p {
					names[i] = ids[h]
				}
				add(Action{Verb: VArrange, Order: strings.Join(names, ",")})
			})
		} else {
			for r := 0; r < nh; r++ {
				names := append(append([]string{}, ids[r:]...), ids[:r]...)
				add(Action{Verb: VArrange, Order: strings.Join(names, ",")})
			}
		}
	case PhasePlace:
		for h := range ids {
			for sl := Maester; sl < NumSlots; sl++ {
				add(Action{Verb: VPlace, House: ids[h], Slot: sl})
			}
		}
	case PhaseExchange:
		for a := 0; a < nh; a++ {
			for b := a + 1; b < nh; b++ {
				for r := 0; r < nh; r++ {
					add(Action{Verb: VExchange, A: ids[a], B: ids[b], Reveal: ids[r]})
				}
			}
		}
		add(Action{Verb: VKeep})
	case PhaseResolve, PhaseCombat:
		f := g.top()
		if f == nil {
			tier := g.currentTier()
			for h := range ids {
				add(Action{Verb: VResolve, House: ids[h], Slot: tier})
			}
			break
		}
		switch f.Kind {
		case FrameAgent:
			for _, c := range []Choice{ChooseMuster, ChooseMove, ChooseDraw} {
				add(Action{Verb: VChoose, Choice: c})
			}
		case FrameMuster:
			for t, tt := range g.m.Territories {
				id := tt.ID
				switch tt.Kind {
				case board.Land:
					if g.control(t) == f.House && tt.Barrels > 0 {
						add(Action{Verb: VMuster, Unit: board.Footman, From: id})
						if p := tt.Port; p >= 0 {
							add(Action{Verb: VMuster, Unit: board.Ship, From: id, To: g.m.Territories[p].ID})
						}
						for _, nb := range tt.Neighbors {
							if g.m.Territories[nb].Kind == board.Sea {
								add(Action{Verb: VMuster, Unit: board.Ship, From: id, To: g.m.Territories[nb].ID})
							}
						}
					}
					fallthrough
				case board.Road, board.Sea:
					u := s.Units[t][f.House]
					if u[board.Footman] > 0 {
						add(Action{Verb: VMuster, Unit: board.Knight, From: id})
					}
					if u[board.Knight] > 0 {
						add(Action{Verb: VMuster, Unit: board.Dragon, From: id})
					}
				}
			}
			add(Action{Verb: VDone})
		case FrameMove:
			for t := range g.m.Territories {
				avail := s.Units[t][f.House]
				if total(avail) == 0 {
					continue
				}
				for _, nb := range g.m.Territories[t].Neighbors {
					// On a road with other houses the mover may attack one of them.
					targets := []string{""}
					if g.m.Territories[nb].Kind == board.Road {
						for o, ou := range s.Units[nb] {
							if o != f.House && total(ou) > 0 {
								targets = append(targets, ids[o])
							}
						}
					}
					compositions(avail, func(u [board.NumUnits]int) {
						for _, tg := range targets {
							add(Action{Verb: VMove, From: g.m.Territories[t].ID, To: g.m.Territories[nb].ID, Units: u, House: tg})
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
				add(Action{Verb: VWinner, House: ids[c.Attacker]})
				add(Action{Verb: VWinner, House: ids[c.Defender]})
			case "redeploy":
				for _, t := range g.redeployOptions(c) {
					add(Action{Verb: VRetreat, To: g.m.Territories[t].ID})
				}
			case "retreat":
				for _, t := range g.retreatOptions(c) {
					add(Action{Verb: VRetreat, To: g.m.Territories[t].ID})
				}
			}
		case FrameCersei:
			for _, sl := range g.cerseiTargets(f) {
				add(Action{Verb: VRemove, House: ids[f.House], Slot: sl})
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

// compositions calls fn with every non-empty sub-vector of avail.
func compositions(avail [board.NumUnits]int, fn func([board.NumUnits]int)) {
	var u [board.NumUnits]int
	var rec func(k int)
	rec = func(k int) {
		if k == int(board.NumUnits) {
			if total(u) > 0 {
				fn(u)
			}
			return
		}
		for n := 0; n <= avail[k]; n++ {
			u[k] = n
			rec(k + 1)
		}
		u[k] = 0
	}
	rec(0)
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
