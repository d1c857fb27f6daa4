package rules

import (
	"math/rand/v2"
	"slices"

	"notrueking/board"
)

// Legal returns every legal action of the seat to act, in a stable order.
// Every action listed passes Check, and every action Check accepts is
// listed, with one exception: a loyalty card may be arranged in any order
// of the map's houses (120 orders on the standard map, 362,880 on the
// nine-house map), so Legal lists one arrange action — the seat's card as
// it stands — and RandomArrangement draws any other.
//
// The actions are generated from the rules, not found by trying
// candidates: no refusal text is built.
func (g *Game) Legal() []Action { return g.AppendLegal(nil) }

// LegalFor is Legal for one seat: nil unless it is that seat's turn.
func (g *Game) LegalFor(seat Seat) []Action {
	if seat != g.ToAct() || seat < 0 {
		return nil
	}
	return g.Legal()
}

// AppendLegal appends the legal actions of the seat to act to dst and
// returns the extended slice, so a caller that lists actions in a loop (a
// bot, the random games) can reuse one buffer.
func (g *Game) AppendLegal(dst []Action) []Action {
	seat := g.ToAct()
	if seat < 0 {
		return dst
	}
	s := &g.st
	add := func(a Action) {
		a.Seat = seat
		dst = append(dst, a)
	}
	p := &s.Players[seat]
	switch s.Phase {
	case PhaseLoyalty:
		add(Action{Verb: VArrange, Order: NewArrangement(p.Loyalty)})
	case PhasePlace:
		if p.Agents <= 0 {
			break
		}
		for h := range g.m.NumHouses() {
			for sl := Maester; sl < NumSlots; sl++ {
				if s.Slots[h][sl] < 0 {
					add(Action{Verb: VPlace, House: h, Slot: sl})
				}
			}
		}
	case PhaseExchange:
		for a := range g.m.NumHouses() {
			for b := a + 1; b < g.m.NumHouses(); b++ {
				bothUp := p.Revealed[a] && p.Revealed[b]
				for r := range g.m.NumHouses() {
					if p.Revealed[r] || bothUp == (r == a || r == b) {
						continue
					}
					add(Action{Verb: VExchange, A: a, B: b, Reveal: r})
				}
			}
		}
		add(Action{Verb: VKeep})
	case PhaseResolve, PhaseCombat:
		f := g.top()
		if f == nil {
			tier := g.currentTier()
			if tier >= NumSlots {
				break
			}
			for h := range g.m.NumHouses() {
				if s.Slots[h][tier] == seat {
					add(Action{Verb: VResolve, House: h, Slot: tier})
				}
			}
			if s.Citadel != nil {
				g.legalWings(seat, add)
			}
			break
		}
		switch f.Kind {
		case FrameAgent:
			for _, c := range [...]Choice{ChooseMuster, ChooseMove, ChooseDraw} {
				if !(f.Slot == Marshal && c == ChooseDraw) && !slices.Contains(f.Used, c) {
					add(Action{Verb: VChoose, Choice: c})
				}
			}
			if s.Citadel != nil && f.Slot == Maester && f.Left > 0 && len(f.Used) == 0 {
				for _, aim := range Aims() {
					add(Action{Verb: VStudy, Aim: aim})
				}
			}
		case FrameCitadel:
			g.legalCitadel(f, add)
		case FrameMuster:
			g.legalMusters(f, add)
			add(Action{Verb: VDone})
		case FrameMove:
			g.legalMoves(f, add)
			add(Action{Verb: VDone})
		case FrameCombat:
			c := f.Combat
			switch c.Step {
			case "cards":
				for _, id := range p.Hand {
					if g.inCombat(c, id) {
						add(Action{Verb: VPlay, Card: id})
					}
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
				for _, t := range g.m.Territories[c.Territory].Neighbors {
					if g.retreatOK(c, t) {
						add(Action{Verb: VRetreat, To: t})
					}
				}
			}
		case FrameCersei:
			for _, sl := range g.cerseiTargets(f) {
				add(Action{Verb: VRemove, House: f.House, Slot: sl})
			}
			add(Action{Verb: VDecline})
		case FrameMelisandre:
			if f.Target < 0 {
				for o := range g.numSeats() {
					if o != seat && len(s.Players[o].Hand) > 0 {
						add(Action{Verb: VLook, Target: o})
					}
				}
				add(Action{Verb: VDecline})
			} else {
				for _, id := range s.Players[f.Target].Hand {
					add(Action{Verb: VDiscard, Card: id})
				}
			}
		}
	}
	return dst
}

// legalMusters lists the musters of frame f (doMuster's rules, as
// conditions rather than refusals).
func (g *Game) legalMusters(f *frame, add func(Action)) {
	if f.Points <= 0 {
		return
	}
	s := &g.st
	h := f.House
	limits := &g.m.Houses[h].Limits
	have := g.onBoard(h)
	for t := range g.m.NumTerritories() {
		tt := &g.m.Territories[t]
		switch tt.Kind {
		case board.Land:
			if tt.Barrels > 0 && f.Placed[t] < tt.Barrels && g.controls(t, h) {
				if have[board.Footman] < limits[board.Footman] && g.otherOccupant(t, h) < 0 {
					add(Action{Verb: VMuster, Unit: board.Footman, From: t, To: None})
				}
				if have[board.Ship] < limits[board.Ship] {
					if p := tt.Port; p >= 0 && g.m.Territories[p].PortOf == t && g.otherOccupant(p, h) < 0 {
						add(Action{Verb: VMuster, Unit: board.Ship, From: t, To: p})
					}
					for _, nb := range tt.Neighbors {
						if g.m.Territories[nb].Kind == board.Sea && g.otherOccupant(nb, h) < 0 {
							add(Action{Verb: VMuster, Unit: board.Ship, From: t, To: nb})
						}
					}
				}
			}
			fallthrough
		case board.Road, board.Sea:
			u := &s.Units[t][h]
			if u[board.Footman] > 0 && have[board.Knight] < limits[board.Knight] {
				add(Action{Verb: VMuster, Unit: board.Knight, From: t, To: None})
			}
			if u[board.Knight] > 0 && tt.Kind != board.Sea && have[board.Dragon] < limits[board.Dragon] &&
				!(limits[board.Dragon] > 0 && s.Dragons[h] >= limits[board.Dragon]) {
				add(Action{Verb: VMuster, Unit: board.Dragon, From: t, To: None})
			}
		}
	}
}

// legalMoves lists the moves of frame f: every group of f's house that
// may go from a territory into a neighbour (moveCheck), and, entering a
// road held by other houses, each house it may attack.
func (g *Game) legalMoves(f *frame, add func(Action)) {
	s := &g.st
	h := f.House
	groups := g.groups[:0]
	defer func() { g.groups = groups[:0] }()
	for t := range g.m.NumTerritories() {
		avail := s.Units[t][h]
		if avail == ([board.NumUnits]int{}) {
			continue
		}
		groups = groups[:0]
		compositions(avail, func(u [board.NumUnits]int) { groups = append(groups, u) })
		for _, nb := range g.m.Territories[t].Neighbors {
			road := g.m.Territories[nb].Kind == board.Road
			for _, u := range groups {
				if g.moveKinds(h, t, nb, u, sub(avail, u)) != moveOK {
					continue
				}
				a := Action{Verb: VMove, From: t, To: nb, Units: u, House: None}
				add(a)
				if road {
					for o := range g.m.NumHouses() {
						if o != h && s.Units[nb][o] != ([board.NumUnits]int{}) {
							a.House = o
							add(a)
						}
					}
				}
			}
		}
	}
}

// compositions calls fn with every non-empty sub-vector of avail.
func compositions(avail [board.NumUnits]int, fn func([board.NumUnits]int)) {
	var u [board.NumUnits]int
	var rec func(k int)
	rec = func(k int) {
		if k == int(board.NumUnits) {
			if board.Total(u) > 0 {
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

// RandomArrangement returns the arrange action a (as Legal lists it) with
// its houses in an order drawn from r, every order equally likely: random
// players and bots reach every loyalty card this way.
func RandomArrangement(a Action, r *rand.Rand) Action {
	n := int(a.Order.N)
	r.Shuffle(n, func(i, j int) { a.Order.H[i], a.Order.H[j] = a.Order.H[j], a.Order.H[i] })
	return a
}
