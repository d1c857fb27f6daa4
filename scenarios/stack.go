package scenarios

import (
	"slices"
	"strings"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
)

// Frame kinds a scenario names in [[stack]].
var kinds = []rules.FrameKind{rules.FrameAgent, rules.FrameMuster, rules.FrameMove, rules.FrameCombat, rules.FrameCersei, rules.FrameMelisandre}

// effectOf is the card effect a granted step comes from.
var effectOf = map[rules.FrameKind]string{
	rules.FrameMove:       board.EffectAsha,
	rules.FrameMuster:     board.EffectJaime,
	rules.FrameCersei:     board.EffectCersei,
	rules.FrameMelisandre: board.EffectMelisandre,
}

// Combat steps a scenario names.
var steps = []string{"cards", "tie", "retreat", "redeploy"}

// readStack reads the pending steps, bottom first: the agent resolving,
// then the actions and combats it (or a card) started.
func (r *reader) readStack(root *maps.Table, phase rules.Phase) {
	m, s := r.m, &r.s
	frames := root.Tables("stack")
	if len(frames) == 0 {
		if phase == rules.PhaseCombat {
			r.errf("phase", "the combat phase needs a pending combat ([[stack]] kind = \"combat\")")
		}
		return
	}
	if phase != rules.PhaseResolve && phase != rules.PhaseCombat {
		r.errf("stack", "steps are pending only while agents resolve (phase resolve or combat), not in the %s phase", phase)
		for _, f := range frames {
			f.Done()
		}
		return
	}
	agentSeat, agentHouse := -1, -1
	for i, ft := range frames {
		kind := rules.FrameKind(ft.Need("kind", "kind of step"))
		if !slices.Contains(kinds, kind) {
			if kind != "" {
				r.errf(ft.Key("kind"), "unknown kind %q (want agent, muster, move, combat, cersei or melisandre)", string(kind))
			}
			ft.Done()
			continue
		}
		if (i == 0) != (kind == rules.FrameAgent) {
			if i == 0 {
				r.errf(ft.Key("kind"), "the first pending step is the agent resolving (kind = \"agent\"); every other step comes from it")
			} else {
				r.errf(ft.Key("kind"), "only one agent resolves at a time: an agent is the first pending step only")
			}
		}
		f := rules.Frame{Kind: kind, Seat: agentSeat, House: agentHouse, Effect: rules.None, Target: -1}
		if h, ok := r.house(ft, "house", ft.Str("house", kind == rules.FrameAgent)); ok {
			f.House = h
		}
		if id := ft.Str("seat", false); id != "" {
			if who, ok := r.seat(ft, "seat", id); ok {
				f.Seat = who
			}
		}
		if kind != rules.FrameAgent && kind != rules.FrameCombat {
			if c := ft.Str("card", kind != rules.FrameMuster && kind != rules.FrameMove); c != "" {
				if ci, ok := r.card(ft, "card", c); ok {
					card := m.CardAt(ci)
					if card.Effect != effectOf[kind] {
						r.errf(ft.Key("card"), "%s does not grant a %s step", c, kind)
					} else if f.House >= 0 && card.House != m.Houses[f.House].ID {
						r.errf(ft.Key("card"), "%s is a %s card; the step is %s's", c, card.House, m.Houses[f.House].ID)
					}
					f.Effect = ci
				}
			}
		}
		switch kind {
		case rules.FrameAgent:
			slot, err := rules.ParseSlot(ft.Need("slot", "slot"))
			if err != nil {
				if ft.Str("slot", false) != "" {
					r.errf(ft.Key("slot"), "%v", err)
				}
				break
			}
			f.Slot = slot
			if f.House < 0 {
				break
			}
			occ := s.Slots[f.House][slot]
			if occ < 0 {
				r.errf(ft.Key("slot"), "no agent on %s %s to resolve ([agents] places it)", m.Houses[f.House].ID, slot)
				break
			}
			if f.Seat >= 0 && f.Seat != occ {
				r.errf(ft.Key("seat"), "the agent on %s %s is %s's", m.Houses[f.House].ID, slot, r.seatIDs[occ])
			}
			f.Seat = occ
			for lower := rules.Maester; lower < slot; lower++ {
				for h := range s.Slots {
					if s.Slots[h][lower] >= 0 {
						r.errf(ft.Key("slot"), "a %s agent cannot resolve while %s agents wait (%s %s)", slot, lower, m.Houses[h].ID, lower)
					}
				}
			}
			most := 2
			if slot == rules.Maester {
				most = 1
			}
			for _, w := range ft.Strs("used", false) {
				var c rules.Choice
				if err := c.UnmarshalText([]byte(w)); err != nil {
					r.errf(ft.Key("used"), "unknown agent action %q (want muster, move or draw)", w)
					continue
				}
				if slices.Contains(f.Used, c) {
					r.errf(ft.Key("used"), "%s named twice", w)
					continue
				}
				if slot == rules.Marshal && c == rules.ChooseDraw {
					r.errf(ft.Key("used"), "a Marshal musters and moves; it cannot draw")
				}
				f.Used = append(f.Used, c)
			}
			f.Left = ft.Int("left", false, 0, most, max(0, most-len(f.Used)))
			if f.Left+len(f.Used) > most {
				r.errf(ft.Key("left"), "a %s takes %d actions; %d used and %d left", slot, most, len(f.Used), f.Left)
			}
			agentSeat, agentHouse = f.Seat, f.House
		case rules.FrameMuster:
			f.Placed = make([]int, len(m.Territories))
			if pl := ft.Sub("placed", false); pl != nil {
				for _, tid := range pl.Keys() {
					if t, ok := r.terr(pl, tid, tid); ok {
						f.Placed[t] = pl.Int(tid, true, 0, 99, 0)
					} else {
						pl.Has(tid)
					}
				}
				pl.Done()
			}
			f.Points = ft.Int("points", false, 0, 99, -1)
			if f.Points < 0 && f.House >= 0 {
				f.Points = r.barrels(f.House)
			}
			f.Points = max(f.Points, 0)
		case rules.FrameMove:
		case rules.FrameCersei:
		case rules.FrameMelisandre:
			if id := ft.Str("looking_at", false); id != "" {
				if who, ok := r.seat(ft, "looking_at", id); ok {
					if who == f.Seat {
						r.errf(ft.Key("looking_at"), "Melisandre looks at an opponent's hand, not one's own")
					}
					f.Target = who
				}
			}
		case rules.FrameCombat:
			f.Combat = r.readCombat(ft, &f)
		}
		if f.Seat < 0 || f.House < 0 {
			if f.Seat < 0 && ft.Str("seat", false) == "" {
				r.errf(ft.Key("seat"), "name the seat acting (no agent below this step to take it from)")
			}
			ft.Done()
			continue
		}
		ft.Done()
		s.Stack = append(s.Stack, f)
	}
	if n := len(s.Stack); n > 0 {
		top := s.Stack[n-1].Kind == rules.FrameCombat
		if top && phase != rules.PhaseCombat {
			r.errf("phase", "a combat is pending on top: the phase is combat, not %s", phase)
		}
		if !top && phase == rules.PhaseCombat {
			r.errf("phase", "the combat phase needs a pending combat on top of [[stack]]")
		}
	}
}

// readCombat reads a pending combat; f is its frame (Seat: the active
// player, default the agent's seat; House: the attacker).
func (r *reader) readCombat(ft *maps.Table, f *rules.Frame) *rules.Combat {
	m, s := r.m, &r.s
	c := &rules.Combat{Winner: -1, Retreater: -1, Step: "cards"}
	t, tok := r.terr(ft, "territory", ft.Need("territory", "territory id"))
	from, fok := r.terr(ft, "from", ft.Need("from", "territory id"))
	att := f.House
	if id := ft.Str("attacker", true); id != "" {
		if h, ok := r.house(ft, "attacker", id); ok {
			att = h
		}
	}
	def, dok := r.house(ft, "defender", ft.Need("defender", "house id"))
	if id := ft.Str("active", false); id != "" {
		if who, ok := r.seat(ft, "active", id); ok {
			f.Seat = who
		}
	}
	if st := ft.Str("step", false); st != "" {
		if !slices.Contains(steps, st) {
			r.errf(ft.Key("step"), "unknown step %q (want %s)", st, strings.Join(steps, ", "))
		} else {
			c.Step = st
		}
	}
	c.AttUnits = r.units(ft, "attacking")
	c.Retreat = r.units(ft, "retreating")
	if !tok || !fok || att < 0 || !dok || f.Seat < 0 {
		ft.Tables("plays")
		ft.Str("winner", false)
		return c
	}
	f.House = att
	c.Territory, c.From, c.Attacker, c.Defender, c.Active = t, from, att, def, f.Seat
	np := r.np
	for i := 0; i < np; i++ {
		c.Order = append(c.Order, (f.Seat+i)%np)
	}
	if att == def {
		r.errf(ft.Key("defender"), "a house does not fight itself")
	}
	if !m.Adjacent(from, t) {
		r.errf(ft.Key("from"), "%s is not adjacent to %s", m.Territories[from].ID, m.Territories[t].ID)
	}
	switch tt := m.Territories[t]; tt.Kind {
	case board.Land, board.Road:
		if c.AttUnits[board.Ship] > 0 {
			r.errf(ft.Key("attacking"), "ships cannot attack land (%s is %s): only the units they carry land", tt.ID, tt.Kind)
		}
	case board.Port:
		if carried(c.AttUnits)+c.AttUnits[board.Dragon] > 0 {
			r.errf(ft.Key("attacking"), "only ships enter a port (%s)", tt.ID)
		}
	case board.Sea:
		if carried(c.AttUnits) > c.AttUnits[board.Ship] {
			r.errf(ft.Key("attacking"), "footmen and knights at sea need as many ships")
		}
		if c.AttUnits[board.Dragon] > 0 && board.Total(c.AttUnits) != c.AttUnits[board.Dragon] {
			r.errf(ft.Key("attacking"), "dragons attack a sea on their own")
		}
	}
	decided := c.Step == "retreat" || c.Step == "redeploy"
	if !decided {
		if board.Total(c.AttUnits) == 0 {
			r.errf(ft.Key("attacking"), "name the attacking units (they are off the board while the combat lasts)")
		}
		if board.Total(s.Units[t][def]) == 0 {
			r.errf(ft.Key("defender"), "%s has no troops in %s to defend", m.Houses[def].ID, m.Territories[t].ID)
		}
		if board.Total(c.Retreat) > 0 {
			r.errf(ft.Key("retreating"), "nobody retreats before the combat is decided")
		}
	}
	if m.Territories[t].Kind != board.Road && board.Total(s.Units[t][att]) > 0 {
		r.errf(ft.Key("attacker"), "%s already has troops in %s: it would not attack its own territory", m.Houses[att].ID, m.Territories[t].ID)
	}
	for i, pt := range ft.Tables("plays") {
		if i >= np {
			r.errf(pt.Path(), "more plays than players")
			pt.Done()
			break
		}
		who, ok := r.seat(pt, "seat", pt.Need("seat", "seat id"))
		if ok && who != c.Order[i] {
			r.errf(pt.Key("seat"), "play %d is %s's: seats play in turn from the active player (%s)", i+1, r.seatIDs[c.Order[i]], r.seatIDs[f.Seat])
		}
		p := rules.Play{Seat: who, Card: rules.None}
		if id := pt.Str("card", false); id != "" {
			if ci, ok := r.card(pt, "card", id); ok {
				h := m.CardHouse(ci)
				if h != att && h != def {
					r.errf(pt.Key("card"), "%s is a %s card: only %s or %s cards are played in this combat", id, m.Houses[h].ID, m.Houses[att].ID, m.Houses[def].ID)
				}
				for _, pl := range s.Players {
					if slices.Contains(pl.Hand, ci) {
						r.errf(pt.Key("card"), "%s was played, yet it is still in %s's hand", id, pl.Name)
					}
				}
				p.Card = ci
			}
		}
		pt.Done()
		c.Plays = append(c.Plays, p)
	}
	c.Next = len(c.Plays)
	if c.Step != "cards" && len(c.Plays) != np {
		r.errf(ft.Key("plays"), "at the %s step every seat has played or passed (%d plays, %d players)", c.Step, len(c.Plays), np)
	}
	if w := ft.Str("winner", decided); w != "" {
		if h, ok := r.house(ft, "winner", w); ok {
			switch {
			case !decided:
				r.errf(ft.Key("winner"), "the winner is known only at the retreat or redeploy step")
			case h != att && h != def:
				r.errf(ft.Key("winner"), "%s is not in this combat", w)
			default:
				c.Winner = h
				c.Retreater = att
				if h == att {
					c.Retreater = def
				}
			}
		}
	}
	if c.Step == "redeploy" && (c.Winner != att || c.AttUnits[board.Dragon] == 0 || m.Territories[t].Kind != board.Sea) {
		r.errf(ft.Key("step"), "only an attacker's dragons that won at sea redeploy")
	}
	if c.Step == "retreat" && board.Total(c.Retreat) == 0 {
		r.errf(ft.Key("retreating"), "name the loser's units waiting to retreat")
	}
	c.AttPower = ft.Int("attacker_power", false, 0, 999, 0)
	c.DefPower = ft.Int("defender_power", false, 0, 999, 0)
	c.AttTerms = ft.Strs("attacker_terms", false)
	c.DefTerms = ft.Strs("defender_terms", false)
	return c
}

// barrels is house h's muster points in the position read.
func (r *reader) barrels(h int) int {
	n := 0
	for t, tt := range r.m.Territories {
		if tt.Kind == board.Land && r.controls(t, h) {
			n += tt.Barrels
		}
	}
	return n
}

// readTurn sets whose turn it is: the file's turn where the phase leaves
// it open (placement, exchange), else what the position says (checked
// against the file's).
func (r *reader) readTurn(root *maps.Table, turn int, given bool) {
	s, np := &r.s, r.np
	name := func(i int) string { return r.seatIDs[i] }
	derived := -1
	// Done counts the exchanges of the round: stale outside the exchange,
	// as in play (none before the first exchange, all after it).
	if s.Round > 1 {
		s.Done = np
	}
	switch s.Phase {
	case rules.PhaseLoyalty:
		for i, p := range s.Players {
			if !p.Arranged {
				derived = i
				break
			}
		}
		if derived < 0 {
			derived = s.First
		}
	case rules.PhasePlace:
		placed := 0
		for _, p := range s.Players {
			placed += rules.AgentsPerPlayer - p.Agents
		}
		derived = s.First
		for i := 0; i < np; i++ {
			if c := (s.First + placed + i) % np; s.Players[c].Agents > 0 {
				derived = c
				break
			}
		}
		if given && turn >= 0 {
			if s.Players[turn].Agents == 0 {
				r.errf("turn", "%s has no agents left to place", name(turn))
			}
			derived = turn
		}
	case rules.PhaseResolve, rules.PhaseCombat:
		if len(s.Stack) > 0 {
			derived = s.Stack[0].Seat
			break
		}
		tier := rules.NumSlots
		for sl := rules.Maester; sl < rules.NumSlots && tier == rules.NumSlots; sl++ {
			for h := range s.Slots {
				if s.Slots[h][sl] >= 0 {
					tier = sl
				}
			}
		}
		has := func(seat int) bool {
			for h := range s.Slots {
				if tier < rules.NumSlots && s.Slots[h][tier] == seat {
					return true
				}
			}
			return false
		}
		derived = s.First
		for i := 0; i < np; i++ {
			if c := (s.First + i) % np; has(c) {
				derived = c
				break
			}
		}
		if given && turn >= 0 && tier < rules.NumSlots {
			if !has(turn) {
				r.errf("turn", "%s has no %s agent to resolve", name(turn), tier)
			}
			derived = turn
		}
	case rules.PhaseExchange:
		derived = s.First
		if given && turn >= 0 {
			derived = turn
		}
		s.Done = (derived - s.First + np) % np
	case rules.PhaseOver:
		derived = s.First
	}
	if given && turn >= 0 && turn != derived {
		r.errf("turn", "it is %s's turn here, not %s's", name(derived), name(turn))
	}
	s.Turn = derived
	// Ships in a port whose land their house does not control are lost at
	// once: such a position cannot stand.
	for p, pt := range r.m.Territories {
		if pt.Kind != board.Port || pt.PortOf < 0 {
			continue
		}
		for h, u := range s.Units[p] {
			if u[board.Ship] > 0 && !r.controls(pt.PortOf, h) {
				r.errf("units", "%s has ships in %s but does not control %s: ships in a port whose land is lost are lost", r.m.Houses[h].ID, pt.ID, r.m.Territories[pt.PortOf].ID)
			}
		}
	}
}

// readRanking reads the displayed ranking, or computes it: the map's
// initial ranking before the first round is ranked, else the board's.
func (r *reader) readRanking(root *maps.Table) {
	m, s := r.m, &r.s
	rows := root.Tables("ranking")
	if len(rows) == 0 {
		s.Ranking = r.defaultRanking()
		return
	}
	seen := make([]bool, len(m.Houses))
	for _, row := range rows {
		rk := rules.Rank{House: row.Need("house", "house id")}
		h, ok := r.house(row, "house", rk.House)
		nh := len(m.Houses)
		rk.From = row.Int("from", true, 1, nh, 1)
		rk.To = row.Int("to", false, 1, nh, rk.From)
		rk.Crowns = row.Int("crowns", false, 0, 999, 0)
		rk.Castles = row.Int("castles", false, 0, 999, 0)
		rk.Towns = row.Int("towns", false, 0, 999, 0)
		rk.Barrels = row.Int("barrels", false, 0, 999, 0)
		row.Done()
		if !ok {
			continue
		}
		if seen[h] {
			r.errf(row.Key("house"), "%s is ranked twice", rk.House)
			continue
		}
		if rk.To < rk.From {
			r.errf(row.Key("to"), "a shared place runs from %d to at least %d", rk.From, rk.From)
		}
		seen[h] = true
		s.Ranking = append(s.Ranking, rk)
	}
	for h, ok := range seen {
		if !ok {
			r.errf("ranking", "%s has no place in the ranking (rank every house or none)", m.Houses[h].ID)
		}
	}
	for i := 1; i < len(s.Ranking); i++ {
		if s.Ranking[i].From < s.Ranking[i-1].From {
			r.errf("ranking", "the ranking is listed best first (%s before %s)", s.Ranking[i].House, s.Ranking[i-1].House)
			break
		}
	}
}

// defaultRanking is the ranking a position shows when the file gives
// none: the map's initial one in round 1 before its end, else the one the
// board gives.
func (r *reader) defaultRanking() []rules.Rank {
	s := &r.s
	if s.Round == 1 && s.Phase != rules.PhaseExchange && s.Phase != rules.PhaseOver {
		if rs, err := rules.InitialRanking(r.m); err == nil {
			return rs
		}
	}
	return rules.RankingOf(r.m, s)
}
