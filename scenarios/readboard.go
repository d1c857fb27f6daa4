package scenarios

import (
	"notrueking/maps"
	"notrueking/rules"
)

// readAgents reads [agents]: HOUSE = { SLOT = SEAT, … }.
func (r *reader) readAgents(root *maps.Table) {
	ag := root.Sub("agents", false)
	if ag == nil {
		return
	}
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
			if who, ok := r.seat(sub, sl, sub.Need(sl, "seat id")); ok {
				r.put(sub.Key(sl), r.b.Agent(h, slot, who))
			}
		}
		sub.Done()
	}
	ag.Done()
}

// readUnits reads [units]: TERRITORY.HOUSE = { UNIT = COUNT, … }.
func (r *reader) readUnits(root *maps.Table) {
	us := root.Sub("units", false)
	if us == nil {
		return
	}
	for _, tid := range us.Keys() {
		t, ok := r.terr(us, tid, tid)
		byHouse := us.Sub(tid, true)
		if !ok || byHouse == nil {
			continue
		}
		for _, hid := range byHouse.Keys() {
			h, ok := r.house(byHouse, hid, hid)
			u := r.units(byHouse, hid)
			if ok {
				r.put(byHouse.Key(hid), r.b.Units(t, h, u))
			}
		}
		byHouse.Done()
	}
	us.Done()
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
	r.forts = map[int]bool{}
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
