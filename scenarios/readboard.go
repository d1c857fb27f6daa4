package scenarios

import (
	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
)

// eachOf reads a table of tables, name: OUTER = { INNER = …, … }: outer
// turns an outer key into an id (false when it names nothing known,
// reported), inner reads one key of its table.
func eachOf[ID any](root *maps.Table, name string, outer func(t *maps.Table, k string) (ID, bool), inner func(sub *maps.Table, k string, i ID)) {
	top := root.Sub(name, false)
	if top == nil {
		return
	}
	for _, k := range top.Keys() {
		i, ok := outer(top, k)
		sub := top.Sub(k, true)
		if !ok || sub == nil {
			continue
		}
		for _, k2 := range sub.Keys() {
			inner(sub, k2, i)
		}
		sub.Done()
	}
	top.Done()
}

func (r *reader) houseKey(t *maps.Table, k string) (board.HouseID, bool) { return r.house(t, k, k) }
func (r *reader) terrKey(t *maps.Table, k string) (board.TerrID, bool)   { return r.terr(t, k, k) }

// readAgents reads [agents]: HOUSE = { SLOT = SEAT, … }.
func (r *reader) readAgents(root *maps.Table) {
	eachOf(root, "agents", r.houseKey, func(sub *maps.Table, sl string, h board.HouseID) {
		slot, err := rules.ParseSlot(sl)
		if err != nil {
			sub.Has(sl)
			r.errf(sub.Key(sl), "unknown slot %q (want maester, marshal or lord)", sl)
			return
		}
		if who, ok := r.seat(sub, sl, sub.Need(sl, "seat id")); ok {
			r.put(sub.Key(sl), r.b.Agent(h, slot, who))
		}
	})
}

// readUnits reads [units]: TERRITORY.HOUSE = { UNIT = COUNT, … }.
func (r *reader) readUnits(root *maps.Table) {
	eachOf(root, "units", r.terrKey, func(byHouse *maps.Table, hid string, t board.TerrID) {
		h, ok := r.house(byHouse, hid, hid)
		u := r.units(byHouse, hid)
		if ok {
			r.put(byHouse.Key(hid), r.b.Units(t, h, u))
		}
	})
}

// readFlags reads [flags]: TERRITORY = HOUSE.
func (r *reader) readFlags(root *maps.Table) {
	fl := root.Sub("flags", false)
	if fl == nil {
		return
	}
	for _, tid := range fl.Keys() {
		t, ok := r.terr(fl, tid, tid)
		h, hok := r.house(fl, tid, fl.Need(tid, "house id"))
		if ok && hok {
			r.put(fl.Key(tid), r.b.Flag(t, h))
		}
	}
	fl.Done()
}

// readForts reads [fortifications]: TERRITORY = HOUSE | "unheld" | "gone".
func (r *reader) readForts(root *maps.Table) {
	fo := root.Sub("fortifications", false)
	if fo == nil {
		return
	}
	r.forts = map[board.TerrID]bool{}
	for _, tid := range fo.Keys() {
		t, ok := r.terr(fo, tid, tid)
		v := fo.Need(tid, "house id, unheld or gone")
		if !ok || v == "" {
			continue
		}
		holder := rules.FortEmpty
		switch v {
		case "unheld":
		case "gone":
			holder = rules.FortNone
		default:
			if holder, ok = r.house(fo, tid, v); !ok {
				continue
			}
		}
		r.forts[t] = true
		r.put(fo.Key(tid), r.b.Fort(t, holder))
	}
	fo.Done()
}
