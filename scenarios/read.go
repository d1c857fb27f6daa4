package scenarios

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
)

// reader turns the decoded document into a position through a
// rules.Builder, one section of the file at a time, recording every
// problem at its key: the file's own (an unknown id, a value of the wrong
// type) and the builder's refusals of what a key says.
type reader struct {
	doc *maps.Doc
	m   *board.Map
	b   *rules.Builder
	// seatIDs are the seats' conspiracy ids; players their tables.
	seatIDs []string
	players []*maps.Table
	// stack holds the [[stack]] tables, forts the territories that
	// [fortifications] names: where the builder's problems of the whole
	// position are reported.
	stack []*maps.Table
	forts map[board.TerrID]bool
}

func (r *reader) errf(path, format string, args ...any) { r.doc.Errorf(path, format, args...) }

// put reports the builder's refusal of what the key at path says.
func (r *reader) put(path string, err error) {
	if err != nil {
		r.errf(path, "%v", err)
	}
}

func (r *reader) house(t *maps.Table, k, id string) (board.HouseID, bool) {
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

func (r *reader) terr(t *maps.Table, k, id string) (board.TerrID, bool) {
	if id == "" {
		return -1, false
	}
	i, ok := r.m.Territory(id)
	if !ok {
		r.errf(t.Key(k), "no territory %q on the %s map", id, r.m.ID)
	}
	return i, ok
}

func (r *reader) seat(t *maps.Table, k, id string) (rules.Seat, bool) {
	if id == "" {
		return -1, false
	}
	if i := slices.Index(r.seatIDs, id); i >= 0 {
		return rules.Seat(i), true
	}
	r.errf(t.Key(k), "no seat %q in this game (seats: %s)", id, strings.Join(r.seatIDs, ", "))
	return -1, false
}

func (r *reader) card(t *maps.Table, k, id string) (board.CardID, bool) {
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
	return u
}

// read reads the whole document; nil when it cannot build a game.
func (r *reader) read(root *maps.Table, dir string) *rules.Game {
	if !r.readMap(root, dir) {
		return nil
	}
	names, ok := r.readPlayers(root)
	if !ok {
		return nil
	}
	variant, err := rules.ParseVariant(root.Str("variant", false))
	if err != nil {
		r.errf("variant", "%v", err)
	}
	b, err := rules.NewBuilder(r.m, rules.Config{Players: names, Seed: root.Uint64("seed", false), Variant: variant})
	if err != nil {
		r.errf("player", "%v", err)
		return nil
	}
	r.b = b
	r.readRound(root)
	r.readLoyalty()
	r.readAgents(root)
	r.readUnits(root)
	r.readFlags(root)
	r.readForts(root)
	r.readStack(root)
	r.readHouses(root)
	r.readCitadel(root)
	r.readTurn(root)
	r.readRanking(root)
	if text := root.Str("rng", false); text != "" {
		r.put("rng", b.RNG(text))
	}
	root.Done()
	if r.doc.Err() != nil {
		return nil
	}
	g, err := b.Build()
	if err != nil {
		r.report(err)
		return nil
	}
	return g
}

// readMap loads the map the scenario names.
func (r *reader) readMap(root *maps.Table, dir string) bool {
	mapName := root.Need("map", "map name")
	mapSum := root.Str("map_sha256", false)
	if mapName == "" {
		root.Tables("player")
		return false
	}
	m, err := loadMap(dir, mapName, strings.ToLower(mapSum))
	if err != nil {
		r.errf("map", "%v", firstLine(err))
		return false
	}
	r.m = m
	return true
}

// readPlayers reads the players' seats and names: the map's conspiracies
// in order. A bad name is reported at its key and replaced, so that the
// rest of the file is still read.
func (r *reader) readPlayers(root *maps.Table) ([]string, bool) {
	m := r.m
	players := root.Tables("player")
	if lo := max(2, m.MinPlayers); len(players) < lo || len(players) > m.MaxPlayers {
		r.errf("player", "%d [[player]] tables: the %s map takes %d to %d players", len(players), m.ID, lo, m.MaxPlayers)
		for _, p := range players {
			p.Done()
		}
		return nil, false
	}
	r.players = players
	r.seatIDs = m.Conspiracies[:len(players)]
	names := make([]string, len(players))
	for i, p := range players {
		id := p.Need("id", "seat id")
		if id != "" && id != m.Conspiracies[i] {
			r.errf(p.Key("id"), "player %d sits as %q, but seat %d is %q: players are the map's conspiracies in order (%s)", i+1, id, i+1, m.Conspiracies[i], strings.Join(r.seatIDs, ", "))
		}
		names[i] = p.Need("name", "player name")
		if names[i] == "" {
			names[i] = fmt.Sprintf("Player %d", i+1)
		} else if err := rules.CheckPlayerName(names[i]); err != nil {
			r.errf(p.Key("name"), "%v", err)
			names[i] = fmt.Sprintf("Player %d", i+1)
		}
	}
	return names, true
}

// readRound reads the phase, the round and the first player.
func (r *reader) readRound(root *maps.Table) {
	if p := root.Str("phase", false); p != "" {
		r.put("phase", r.b.Phase(rules.Phase(p)))
	}
	if root.Has("round") {
		r.put("round", r.b.Round(root.Int("round", false, 1, len(r.players), 1)))
	}
	if id := root.Str("first", false); id != "" {
		if s, ok := r.seat(root, "first", id); ok {
			r.put("first", r.b.First(s))
		}
	}
}

// readTurn reads whose turn it is (the builder works it out when the
// file does not say, and checks it when it does).
func (r *reader) readTurn(root *maps.Table) {
	if id := root.Str("turn", false); id != "" {
		if s, ok := r.seat(root, "turn", id); ok {
			r.put("turn", r.b.Turn(s))
		}
	}
}

// readRanking reads the ranking on display, best first (the builder
// computes it when the file gives none).
func (r *reader) readRanking(root *maps.Table) {
	nh := len(r.m.Houses)
	for _, row := range root.Tables("ranking") {
		var rk rules.Rank
		h, ok := r.house(row, "house", row.Need("house", "house id"))
		rk.House = h
		rk.From = row.Int("from", true, 1, nh, 1)
		rk.To = row.Int("to", false, 1, nh, rk.From)
		rk.Crowns = row.Int("crowns", false, 0, 999, 0)
		rk.Castles = row.Int("castles", false, 0, 999, 0)
		rk.Towns = row.Int("towns", false, 0, 999, 0)
		rk.Barrels = row.Int("barrels", false, 0, 999, 0)
		row.Done()
		if ok {
			r.put(row.Path(), r.b.Rank(rk))
		}
	}
}

// report reports the problems Build found in the whole position, each at
// the key of the part of the file it is about.
func (r *reader) report(err error) {
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	for _, e := range errs {
		key := ""
		var pe *rules.PositionError
		if errors.As(e, &pe) {
			key = r.keyOf(pe)
		}
		r.errf(key, "%v", e)
	}
}

// keyOf is the key of the file that gave the part of the position a
// problem is about.
func (r *reader) keyOf(pe *rules.PositionError) string {
	i := pe.Index
	hkey := func(k string) string { return "house." + r.m.Houses[i].ID + "." + k }
	switch pe.Part {
	case rules.PartFort:
		if r.forts[board.TerrID(i)] {
			return "fortifications." + r.m.Territories[i].ID
		}
		return "units"
	case rules.PartAgents:
		return "agents"
	case rules.PartArranged:
		return r.players[i].Key("arranged")
	case rules.PartDeck:
		return hkey("deck")
	case rules.PartDiscard:
		return hkey("discard")
	case rules.PartDragons:
		return hkey("dragons_had")
	case rules.PartPhase:
		return "phase"
	case rules.PartRound:
		return "round"
	case rules.PartTurn:
		return "turn"
	case rules.PartRanking:
		return "ranking"
	case rules.PartCitadel:
		if i >= 0 && i < len(r.players) {
			return r.players[i].Key("ravens")
		}
		return "citadel"
	case rules.PartStack:
		if i >= 0 && i < len(r.stack) {
			return r.stack[i].Path()
		}
		return "stack"
	}
	return "units"
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
