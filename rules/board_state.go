package rules

import (
	"sort"

	"notrueking/board"
	"notrueking/words"
)

// occupant returns the house with units in t (the lowest index if several,
// which only road areas allow), or -1.
func (g *Game) occupant(t board.TerrID) board.HouseID {
	us := g.st.Units[t]
	for h := range us {
		// Counts are never negative: any unit is a non-zero vector.
		if us[h] != ([board.NumUnits]int{}) {
			return board.HouseID(h)
		}
	}
	return -1
}

// otherOccupant returns a house other than h with units in t, or -1.
func (g *Game) otherOccupant(t board.TerrID, h board.HouseID) board.HouseID {
	us := g.st.Units[t]
	for o := range g.m.NumHouses() {
		if o != h && us[o] != ([board.NumUnits]int{}) {
			return o
		}
	}
	return -1
}

// control returns the house controlling t: the one with troops there, else
// the one whose flag stands there; -1 when nobody.
func (g *Game) control(t board.TerrID) board.HouseID {
	if h := g.occupant(t); h >= 0 {
		return h
	}
	return g.st.Flags[t]
}

// controls reports whether house h controls land territory t; the same as
// control(t) == h, but without scanning every house when h has troops
// there (no other house shares a land territory with them).
func (g *Game) controls(t board.TerrID, h board.HouseID) bool {
	if g.st.Units[t][h] != ([board.NumUnits]int{}) {
		return g.m.Territories[t].Kind != board.Road || g.occupant(t) == h
	}
	return g.st.Flags[t] == h && g.occupant(t) < 0
}

// onBoard counts house h's units of each kind on the board, including
// attackers held by running combats.
func (g *Game) onBoard(h board.HouseID) [board.NumUnits]int { return g.st.OnBoard(h) }

// OnBoard counts house h's units of each kind on the board in this state,
// with the attackers and retreating units held by pending combats: what
// the supply limits (a scenario's loader checks a position against it).
func (s *state) OnBoard(h board.HouseID) [board.NumUnits]int {
	var n [board.NumUnits]int
	for t := range s.Units {
		for k, c := range s.Units[t][h] {
			n[k] += c
		}
	}
	for _, f := range s.Stack {
		if f.Combat == nil {
			continue
		}
		if f.Combat.Attacker == h {
			for k, c := range f.Combat.AttUnits {
				n[k] += c
			}
		}
		if f.Combat.Retreater == h {
			for k, c := range f.Combat.Retreat {
				n[k] += c
			}
		}
	}
	return n
}

// barrels is the muster points of house h: barrels over controlled land.
func (g *Game) barrels(h board.HouseID) int {
	n := 0
	for t := range g.m.NumTerritories() {
		if tt := &g.m.Territories[t]; tt.Kind == board.Land && g.controls(t, h) {
			n += tt.Barrels
		}
	}
	return n
}

// enter puts units of h into t peacefully: another house's flag there is
// removed (no combat), then ports are checked.
func (g *Game) enter(h board.HouseID, t board.TerrID, u [board.NumUnits]int) {
	for k, c := range u {
		g.st.Units[t][h][k] += c
	}
	if f := g.st.Flags[t]; f >= 0 && f != h && board.Total(u) > 0 {
		g.emit(Event{Seat: Public, Kind: EvFlagRemoved, House: f, Terr: t})
		g.st.Flags[t] = -1
	} else if f == h && board.Total(u) > 0 {
		g.st.Flags[t] = -1
	}
	g.settle()
}

// leave takes units of h out of t; a land territory left empty gets h's flag.
func (g *Game) leave(h board.HouseID, t board.TerrID, u [board.NumUnits]int) {
	for k, c := range u {
		g.st.Units[t][h][k] -= c
	}
	g.flagIfEmpty(h, t)
	g.settle()
}

// Fortification states in state.Forts (nine-player rules: Moat Cailin).
const (
	FortNone  board.HouseID = -2 // no fortification (never had one, or removed for good)
	FortEmpty board.HouseID = -1 // an unheld fortification waiting for its first house
)

// settle applies the rules that follow any change of troops: ships in a
// port whose land their house lost are lost; the first house to enter an
// empty fortification holds it; a fortification whose holder has no troops
// left there is removed for good.
func (g *Game) settle() {
	g.checkPorts()
	for t := range g.m.NumTerritories() {
		f := g.st.Forts[t]
		switch {
		case f == FortEmpty:
			if o := g.occupant(t); o >= 0 {
				g.st.Forts[t] = o
				g.emit(Event{Seat: Public, Kind: EvFortHeld, House: o, Terr: t})
			}
		case f >= 0:
			if board.Total(g.st.Units[t][f]) == 0 {
				g.st.Forts[t] = FortNone
				g.emit(Event{Seat: Public, Kind: EvFortRemoved, House: f, Terr: t})
			}
		}
	}
}

// flagIfEmpty leaves h's flag in land territory t when no troops remain.
func (g *Game) flagIfEmpty(h board.HouseID, t board.TerrID) {
	if k := g.m.Territories[t].Kind; k != board.Land {
		return
	}
	if g.occupant(t) < 0 && g.st.Flags[t] != h {
		g.st.Flags[t] = h
		g.emit(Event{Seat: Public, Kind: EvFlagLeft, House: h, Terr: t})
	}
}

// checkPorts removes ships from ports whose land their house no longer controls.
func (g *Game) checkPorts() {
	for p := range g.m.NumTerritories() {
		pt := &g.m.Territories[p]
		if pt.Kind != board.Port || pt.PortOf < 0 {
			continue
		}
		for h := range g.m.NumHouses() {
			n := g.st.Units[p][h][board.Ship]
			if n == 0 || g.controls(pt.PortOf, h) {
				continue
			}
			g.st.Units[p][h] = [board.NumUnits]int{}
			g.emit(Event{Seat: Public, Kind: EvPortLost, House: h, Terr: pt.PortOf, To: p, N: int16(n)})
		}
	}
}

// rankStats are a house's ranking numbers over the land it controls.
func (g *Game) rankStats(h board.HouseID) Rank {
	r := Rank{House: h}
	for t := range g.m.NumTerritories() {
		tt := &g.m.Territories[t]
		if tt.Kind != board.Land || g.control(t) != h {
			continue
		}
		r.Crowns += tt.Crowns
		r.Barrels += tt.Barrels
		switch tt.Fortress {
		case board.Castle:
			r.Castles++
		case board.Town:
			r.Towns++
		}
	}
	return r
}

// computeRanking ranks the houses by crowns, castles, towns, then barrels;
// houses equal on all four share a span. The result is in rank order (ties
// in map order).
func (g *Game) computeRanking() []Rank {
	rs := make([]Rank, len(g.m.Houses))
	for h := range g.m.NumHouses() {
		rs[h] = g.rankStats(h)
	}
	key := func(r Rank) [4]int { return [4]int{r.Crowns, r.Castles, r.Towns, r.Barrels} }
	less := func(a, b Rank) bool {
		ka, kb := key(a), key(b)
		for i := range ka {
			if ka[i] != kb[i] {
				return ka[i] > kb[i]
			}
		}
		return false
	}
	sort.SliceStable(rs, func(i, j int) bool { return less(rs[i], rs[j]) })
	for i := 0; i < len(rs); {
		j := i
		for j+1 < len(rs) && key(rs[j+1]) == key(rs[i]) {
			j++
		}
		for k := i; k <= j; k++ {
			rs[k].From, rs[k].To = i+1, j+1
		}
		i = j + 1
	}
	return rs
}

// initialRanking is the map's displayed ranking at setup.
func (g *Game) initialRanking() []Rank {
	nh := len(g.m.Houses)
	rs := make([]Rank, nh)
	for h := range g.m.NumHouses() {
		rs[h] = g.rankStats(h)
		if int(h) < len(g.m.InitialRank) {
			rs[h].From = g.m.InitialRank[h]
		} else {
			rs[h].From = nh
		}
	}
	for h := range rs {
		n := 0
		for o := range rs {
			if rs[o].From == rs[h].From {
				n++
			}
		}
		rs[h].To = rs[h].From + n - 1
	}
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].From < rs[j].From })
	return rs
}

// rankText renders a ranking as "Baratheon 1st, Stark 2nd, Lannister 3rd–4th, …".
func rankText(g *Game, rs []Rank) string {
	s := ""
	for i, r := range rs {
		if i > 0 {
			s += ", "
		}
		s += g.houseName(r.House) + " " + words.Ordinal(r.From)
		if r.To != r.From {
			s += "–" + words.Ordinal(r.To)
		}
	}
	return s
}

// currentTier is the lowest tier with an agent on the board, or NumSlots.
func (g *Game) currentTier() Slot {
	for s := Maester; s < NumSlots; s++ {
		for h := range g.m.NumHouses() {
			if g.st.Slots[h][s] >= 0 {
				return s
			}
		}
	}
	return NumSlots
}

// hasAgentOfTier reports whether seat has an agent on a slot of tier s.
func (g *Game) hasAgentOfTier(seat Seat, s Slot) bool {
	for h := range g.m.NumHouses() {
		if g.st.Slots[h][s] == seat {
			return true
		}
	}
	return false
}
