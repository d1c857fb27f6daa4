package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/words"
)

// reader turns the decoded document into a position, recording every
// problem at its key.
type reader struct {
	doc *maps.Doc
	m   *board.Map
	np  int
	s   rules.State
	// seatIDs are the seats' conspiracy ids.
	seatIDs []string
}

func (r *reader) errf(path, format string, args ...any) { r.doc.Errorf(path, format, args...) }

// Phase names a scenario accepts.
var phases = []rules.Phase{rules.PhaseLoyalty, rules.PhasePlace, rules.PhaseResolve, rules.PhaseCombat, rules.PhaseExchange, rules.PhaseOver}

func (r *reader) house(t *maps.Table, k, id string) (int, bool) {
	if id == "" {
		return -1, false
	}
	h, ok := r.m.House(id)
	if !ok {
		r.errf(t.Key(k), "no house %q on the %s map (houses: %s)", id, r.m.ID, strings.Join(r.houseIDs(), ", "))
	}
	return h, ok
}

func (r *reader) houseIDs() []string {
	out := make([]string, len(r.m.Houses))
	for i, h := range r.m.Houses {
		out[i] = h.ID
	}
	return out
}

func (r *reader) terr(t *maps.Table, k, id string) (int, bool) {
	if id == "" {
		return -1, false
	}
	i, ok := r.m.Territory(id)
	if !ok {
		r.errf(t.Key(k), "no territory %q on the %s map", id, r.m.ID)
	}
	return i, ok
}

func (r *reader) seat(t *maps.Table, k, id string) (int, bool) {
	if id == "" {
		return -1, false
	}
	if i := slices.Index(r.seatIDs, id); i >= 0 {
		return i, true
	}
	r.errf(t.Key(k), "no seat %q in this game (seats: %s)", id, strings.Join(r.seatIDs, ", "))
	return -1, false
}

func (r *reader) card(t *maps.Table, k, id string) (int, bool) {
	c, ok := r.m.Card(id)
	if !ok {
		r.errf(t.Key(k), "no house card %q on the %s map", id, r.m.ID)
	}
	return c, ok
}

// units reads a unit table { footman = 2, knight = 1, ship = 0, dragon = 0 }.
func (r *reader) units(t *maps.Table, k string) [board.NumUnits]int {
	var u [board.NumUnits]int
	sub := t.Sub(k, false)
	if sub == nil {
		return u
	}
	r.unitsOf(sub, &u)
	return u
}

func (r *reader) unitsOf(sub *maps.Table, u *[board.NumUnits]int) {
	seen := [board.NumUnits]bool{}
	for _, key := range sub.Keys() {
		kind, err := board.ParseUnit(key)
		if err != nil {
			sub.Has(key)
			r.errf(sub.Key(key), "unknown unit %q (want footman, knight, ship or dragon)", key)
			continue
		}
		if seen[kind] {
			sub.Has(key)
			r.errf(sub.Key(key), "%s counted twice", kind)
			continue
		}
		seen[kind] = true
		u[kind] = sub.Int(key, true, 0, 99, 0)
	}
	sub.Done()
}

// cardNums are the numbers of the cards named.
func cardNums(m *board.Map, ids []string) []int {
	out := make([]int, len(ids))
	for i, id := range ids {
		out[i], _ = m.Card(id)
	}
	return out
}

func carried(u [board.NumUnits]int) int { return u[board.Footman] + u[board.Knight] }

// read reads the whole document; nil when it cannot build a game.
func (r *reader) read(root *maps.Table, dir string) *rules.Game {
	mapName := root.Need("map", "map name")
	mapSum := root.Str("map_sha256", false)
	if mapName == "" {
		root.Tables("player")
		return nil
	}
	m, err := loadMap(dir, mapName, strings.ToLower(mapSum))
	if err != nil {
		r.errf("map", "%v", firstLine(err))
		return nil
	}
	r.m = m
	nt, nh := len(m.Territories), len(m.Houses)
	seed := root.Uint64("seed", false)
	rngText := root.Str("rng", false)

	// Players.
	var names []string
	players := root.Tables("player")
	if len(players) < max(2, m.MinPlayers) || len(players) > m.MaxPlayers {
		r.errf("player", "%d [[player]] tables: the %s map takes %d to %d players", len(players), m.ID, max(2, m.MinPlayers), m.MaxPlayers)
		for _, p := range players {
			p.Done()
		}
		return nil
	}
	r.np = len(players)
	np := r.np
	r.seatIDs = m.Conspiracies[:np]
	s := &r.s
	s.Players = make([]rules.Player, np)
	for i, p := range players {
		id := p.Need("id", "seat id")
		if id != "" && id != m.Conspiracies[i] {
			r.errf(p.Key("id"), "player %d sits as %q, but seat %d is %q: players are the map's conspiracies in order (%s)", i+1, id, i+1, m.Conspiracies[i], strings.Join(r.seatIDs, ", "))
		}
		name := p.Need("name", "player name")
		if name != "" {
			if err := rules.CheckPlayerName(name); err != nil {
				r.errf(p.Key("name"), "%v", err)
			}
		}
		names = append(names, name)
	}

	round := root.Int("round", false, 1, np, 1)
	first := 0
	if id := root.Str("first", false); id != "" {
		first, _ = r.seat(root, "first", id)
		first = max(first, 0)
	}
	phase := rules.PhaseResolve
	if p := root.Str("phase", false); p != "" {
		if !slices.Contains(phases, rules.Phase(p)) {
			r.errf("phase", "unknown phase %q (want loyalty, place, resolve, combat, exchange or over)", p)
		} else {
			phase = rules.Phase(p)
		}
	}
	turn := -1
	turnText := root.Str("turn", false)
	if turnText != "" {
		turn, _ = r.seat(root, "turn", turnText)
	}

	s.Phase, s.Round, s.Rounds, s.First = phase, round, np, first
	s.Slots = make([][rules.NumSlots]int, nh)
	for h := range s.Slots {
		s.Slots[h] = [rules.NumSlots]int{-1, -1, -1}
	}
	s.Units = make([][][board.NumUnits]int, nt)
	for t := range s.Units {
		s.Units[t] = make([][board.NumUnits]int, nh)
	}
	s.Flags = make([]int, nt)
	s.Forts = make([]int, nt)
	for t := range s.Flags {
		s.Flags[t] = -1
		s.Forts[t] = rules.FortNone
		if m.Territories[t].Fortification {
			s.Forts[t] = rules.FortEmpty
		}
	}
	s.Dragons = make([]int, nh)
	s.Decks = make([][]int, nh)
	s.Discards = make([][]int, nh)

	// Players' cards and loyalty.
	cardAt := map[int]string{} // card → the key that placed it
	putCard := func(t *maps.Table, k string, c int) bool {
		if prev, dup := cardAt[c]; dup {
			r.errf(t.Key(k), "card %q is already in %s: a card is in one place only", m.CardAt(c).ID, displayKey(prev))
			return false
		}
		cardAt[c] = t.Key(k)
		return true
	}
	for i, p := range players {
		pl := &s.Players[i]
		pl.Name = names[i]
		pl.Hand = []int{}
		pl.Loyalty = make([]int, nh)
		for h := range pl.Loyalty {
			pl.Loyalty[h] = h
		}
		pl.Revealed = make([]bool, nh)
		if p.Has("loyalty") {
			order := p.Strs("loyalty", false)
			var hs []int
			seen := make([]bool, nh)
			ok := true
			for _, id := range order {
				h, found := r.house(p, "loyalty", id)
				if !found {
					ok = false
					continue
				}
				if seen[h] {
					r.errf(p.Key("loyalty"), "%s is named twice: a loyalty card holds one token of each house", id)
					ok = false
					continue
				}
				seen[h] = true
				hs = append(hs, h)
			}
			if ok && len(hs) != nh {
				r.errf(p.Key("loyalty"), "%d houses named: a loyalty card holds one token of each of the %d houses, best slot first", len(hs), nh)
				ok = false
			}
			if ok {
				pl.Loyalty = hs
			}
		}
		for _, id := range p.Strs("revealed", false) {
			if h, ok := r.house(p, "revealed", id); ok {
				if pl.Revealed[h] {
					r.errf(p.Key("revealed"), "%s is named twice", id)
				}
				pl.Revealed[h] = true
			}
		}
		pl.Arranged = phase != rules.PhaseLoyalty
		if p.Has("arranged") {
			if phase != rules.PhaseLoyalty {
				r.errf(p.Key("arranged"), "only the loyalty phase has players still to arrange their cards (every card is arranged in the %s phase)", phase)
			}
			pl.Arranged = p.Bool("arranged")
		}
		for _, id := range p.Strs("hand", false) {
			if c, ok := r.card(p, "hand", id); ok && putCard(p, "hand", c) {
				pl.Hand = append(pl.Hand, c)
			}
		}
		p.Done()
	}

	// Agents: [agents] house = { slot = seat }.
	onSlots := make([]int, np)
	if ag := root.Sub("agents", false); ag != nil {
		for _, hid := range ag.Keys() {
			h, ok := r.house(ag, hid, hid)
			sub := ag.Sub(hid, true)
			if !ok || sub == nil {
				continue
			}
			for _, sl := range sub.Keys() {
				slot, err := rules.ParseSlot(sl)
				if err != nil {
					sub.Has(sl)
					r.errf(sub.Key(sl), "unknown slot %q (want maester, marshal or lord)", sl)
					continue
				}
				who, ok := r.seat(sub, sl, sub.Need(sl, "seat id"))
				if !ok {
					continue
				}
				s.Slots[h][slot] = who
				onSlots[who]++
				if onSlots[who] == rules.AgentsPerPlayer+1 {
					r.errf(sub.Key(sl), "%s has only %d agents", r.seatIDs[who], rules.AgentsPerPlayer)
				}
			}
			sub.Done()
		}
		ag.Done()
		if phase == rules.PhaseLoyalty || phase == rules.PhaseExchange || phase == rules.PhaseOver {
			if slices.ContainsFunc(onSlots, func(n int) bool { return n > 0 }) {
				r.errf("agents", "no agent stands on a slot in the %s phase (agents are placed, then resolved, before it)", phase)
			}
		}
	}
	for i := range s.Players {
		s.Players[i].Agents = max(0, rules.AgentsPerPlayer-onSlots[i])
	}

	// Units: [units] territory.house = { footman = 2, ... }.
	if us := root.Sub("units", false); us != nil {
		for _, tid := range us.Keys() {
			t, ok := r.terr(us, tid, tid)
			byHouse := us.Sub(tid, true)
			if !ok || byHouse == nil {
				continue
			}
			for _, hid := range byHouse.Keys() {
				h, ok := r.house(byHouse, hid, hid)
				u := r.units(byHouse, hid)
				if !ok {
					continue
				}
				r.checkGroup(byHouse.Key(hid), t, h, u)
				s.Units[t][h] = u
			}
			byHouse.Done()
			r.checkTogether(us.Key(tid), t)
		}
		us.Done()
	}

	// Flags: [flags] territory = house.
	if fl := root.Sub("flags", false); fl != nil {
		for _, tid := range fl.Keys() {
			t, ok := r.terr(fl, tid, tid)
			hid := fl.Need(tid, "house id")
			h, hok := r.house(fl, tid, hid)
			if !ok || !hok {
				continue
			}
			switch tt := m.Territories[t]; {
			case tt.Kind != board.Land:
				r.errf(fl.Key(tid), "flags stand only on land; %s is %s", tid, tt.Kind)
			case r.occupant(t) >= 0:
				r.errf(fl.Key(tid), "%s has troops in %s: a flag stands only in an empty territory", m.Houses[r.occupant(t)].ID, tid)
			default:
				s.Flags[t] = h
			}
		}
		fl.Done()
	}

	// Fortifications: [fortifications] territory = house | "unheld" | "gone".
	if fo := root.Sub("fortifications", false); fo != nil {
		for _, tid := range fo.Keys() {
			t, ok := r.terr(fo, tid, tid)
			v := fo.Need(tid, "house id, unheld or gone")
			if !ok || v == "" {
				continue
			}
			if !m.Territories[t].Fortification {
				r.errf(fo.Key(tid), "%s has no fortification on the %s map", tid, m.ID)
				continue
			}
			switch v {
			case "unheld":
				if o := r.occupant(t); o >= 0 {
					r.errf(fo.Key(tid), "%s has troops in %s: the first house to enter a fortification holds it", m.Houses[o].ID, tid)
				}
				s.Forts[t] = rules.FortEmpty
			case "gone":
				s.Forts[t] = rules.FortNone
			default:
				h, ok := r.house(fo, tid, v)
				if !ok {
					continue
				}
				if board.Total(s.Units[t][h]) == 0 {
					r.errf(fo.Key(tid), "%s has no troops in %s: a fortification is held while its house has troops there, and gone for good once they leave", v, tid)
				}
				s.Forts[t] = h
			}
		}
		fo.Done()
	}
	for t := range s.Forts {
		if s.Forts[t] == rules.FortEmpty && r.occupant(t) >= 0 {
			r.errf("units", "%s has troops in %s, whose fortification is unheld: the first house to enter holds it (say so in [fortifications])", m.Houses[r.occupant(t)].ID, m.Territories[t].ID)
		}
	}

	// The pending steps, before the supply check (attackers in a combat
	// are off the board but count).
	r.readStack(root, phase)

	// Houses: decks, discards, dragons had; the supply.
	houses := root.Sub("house", false)
	var hts = make([]*maps.Table, nh)
	if houses != nil {
		for _, hid := range houses.Keys() {
			h, ok := r.house(houses, hid, hid)
			sub := houses.Sub(hid, true)
			if ok && sub != nil {
				hts[h] = sub
			}
		}
		houses.Done()
	}
	rng := rules.NewRNG(seed)
	for h := range nh {
		ht := hts[h]
		hid := m.Houses[h].ID
		key := "house." + hid
		explicit := ht != nil && ht.Has("deck")
		var deck, discard []string
		if ht != nil {
			for _, k := range []string{"deck", "discard"} {
				for _, id := range ht.Strs(k, false) {
					c, ok := r.card(ht, k, id)
					if !ok {
						continue
					}
					if m.CardHouse(c) != h {
						r.errf(ht.Key(k), "%s is a %s card, not a %s one", id, m.CardAt(c).House, hid)
						continue
					}
					if !putCard(ht, k, c) {
						continue
					}
					if k == "deck" {
						deck = append(deck, id)
					} else {
						discard = append(discard, id)
					}
				}
			}
		}
		var rest []string
		for _, c := range m.Houses[h].Deck {
			ci, _ := m.Card(c.ID)
			if _, placed := cardAt[ci]; !placed {
				rest = append(rest, c.ID)
			}
		}
		if explicit && len(rest) > 0 {
			r.errf(key+".deck", "%s is nowhere: with a deck given, every %s card is in the deck, the discard or a hand", rest[0], hid)
		}
		if !explicit {
			rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
			deck = rest
		}
		if len(deck) == 0 && len(discard) > 0 {
			r.errf(key+".discard", "the %s deck is empty but its discard is not: an empty deck is reshuffled from its discard at once", hid)
		}
		s.Decks[h] = cardNums(m, deck)
		s.Discards[h] = cardNums(m, discard)
		have := r.s.OnBoard(h)
		lim := m.Houses[h].Limits
		for k := board.Unit(0); k < board.NumUnits; k++ {
			if have[k] > lim[k] {
				r.errf("units", "%s has %d %s on the board; its supply is %d", hid, have[k], words.UnitPlural(k), lim[k])
			}
		}
		s.Dragons[h] = have[board.Dragon]
		if ht != nil && ht.Has("dragons_had") {
			d := ht.Int("dragons_had", false, 0, 99, 0)
			if d < have[board.Dragon] {
				r.errf(ht.Key("dragons_had"), "%d dragons had, but %d are on the board", d, have[board.Dragon])
			}
			if d > lim[board.Dragon] {
				r.errf(ht.Key("dragons_had"), "%s may have at most %d dragons", hid, lim[board.Dragon])
			}
			s.Dragons[h] = d
		}
		if ht != nil {
			ht.Done()
		}
	}

	r.readTurn(root, turn, turnText != "")
	r.readRanking(root)
	if rngText != "" {
		g, err := rules.ParseRNG(rngText)
		if err != nil {
			r.errf("rng", "%v", err)
		}
		rng = g
	}
	s.RNG = rng
	if phase == rules.PhaseOver {
		// The end is scored by the engine: the last exchange just done.
		if round != np {
			r.errf("round", "a game that is over is in its last round (%d), not %d", np, round)
		}
		s.Phase, s.Turn, s.Done = rules.PhaseExchange, first, np
	}
	root.Done()
	if r.doc.Err() != nil {
		return nil
	}
	g, err := rules.SetUp(m, rules.Config{Players: names, Seed: seed}, *s)
	if err != nil {
		r.errf("", "%v", err)
		return nil
	}
	if who := g.ToAct(); who >= 0 && len(g.Legal()) == 0 {
		// A position play never reaches (a retreat with nowhere to go is
		// settled by the engine, not asked for).
		r.errf("stack", "%s must act here and has no legal action: the position cannot arise in play", r.seatIDs[who])
		return nil
	}
	return g
}

// firstLine is an error's first line (a map's error list may be long),
// as an error: a message of the program, not text to quote from the file.
func firstLine(err error) error {
	var list maps.ErrorList
	if l, ok := err.(maps.ErrorList); ok {
		list = l
	}
	if len(list) > 1 {
		return fmt.Errorf("%v (and %d more problems)", list[0], len(list)-1)
	}
	return err
}

// displayKey drops the entry numbers of a key path ("player#1.hand").
func displayKey(path string) string {
	parts := strings.Split(path, ".")
	for i, p := range parts {
		if j := strings.IndexByte(p, '#'); j >= 0 {
			parts[i] = p[:j]
		}
	}
	return strings.Join(parts, ".")
}

// occupant is the first house with troops in t, or -1.
func (r *reader) occupant(t int) int {
	for h, u := range r.s.Units[t] {
		if board.Total(u) > 0 {
			return h
		}
	}
	return -1
}

// controls reports whether house h controls land t in the position read.
func (r *reader) controls(t, h int) bool {
	if o := r.occupant(t); o >= 0 {
		return board.Total(r.s.Units[t][h]) > 0 && (r.m.Territories[t].Kind != board.Road || o == h)
	}
	return r.s.Flags[t] == h
}

// checkGroup checks what one house may have in one territory.
func (r *reader) checkGroup(key string, t, h int, u [board.NumUnits]int) {
	tt := r.m.Territories[t]
	switch tt.Kind {
	case board.Land, board.Road:
		if u[board.Ship] > 0 {
			r.errf(key, "ships cannot stand on land (%s is %s)", tt.ID, tt.Kind)
		}
	case board.Port:
		if carried(u)+u[board.Dragon] > 0 {
			r.errf(key, "only ships stand in a port (%s)", tt.ID)
		}
	case board.Sea:
		if carried(u) > u[board.Ship] {
			r.errf(key, "%d footmen and knights at sea need as many ships; %d ships in %s", carried(u), u[board.Ship], tt.ID)
		}
		if u[board.Dragon] > 0 {
			r.errf(key, "dragons never stay at sea (%s)", tt.ID)
		}
	}
}

// checkTogether checks that one territory holds at most one house's
// troops (roads excepted) and that ships in a port belong to its land's
// holder — both after every house of the territory is read.
func (r *reader) checkTogether(key string, t int) {
	tt := r.m.Territories[t]
	var hs []string
	for h, u := range r.s.Units[t] {
		if board.Total(u) > 0 {
			hs = append(hs, r.m.Houses[h].ID)
		}
	}
	if len(hs) > 1 && tt.Kind != board.Road {
		r.errf(key, "%s and %s both have troops in %s: two houses meet only in combat (or on a road)", hs[0], hs[1], tt.ID)
	}
}
