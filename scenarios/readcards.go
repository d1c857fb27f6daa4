package scenarios

import (
	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
)

// readLoyalty reads each player's loyalty card, revealed tokens, whether
// it is arranged, and hand.
func (r *reader) readLoyalty() {
	for i, p := range r.players {
		i := rules.Seat(i)
		if p.Has("loyalty") {
			var order []board.HouseID
			known := true
			for _, id := range p.Strs("loyalty", false) {
				h, ok := r.house(p, "loyalty", id)
				known = known && ok
				order = append(order, h)
			}
			if known {
				r.put(p.Key("loyalty"), r.b.Loyalty(i, order))
			}
		}
		for _, id := range p.Strs("revealed", false) {
			if h, ok := r.house(p, "revealed", id); ok {
				r.put(p.Key("revealed"), r.b.Reveal(i, h))
			}
		}
		if p.Has("arranged") {
			r.put(p.Key("arranged"), r.b.Arranged(i, p.Bool("arranged")))
		}
		for _, id := range p.Strs("hand", false) {
			if c, ok := r.card(p, "hand", id); ok {
				r.put(p.Key("hand"), r.b.HandCard(i, c))
			}
		}
		r.readCitadelSeat(i, p)
		p.Done()
	}
}

// readHouses reads [house.HOUSE]: the deck (else the house's cards in no
// hand and not in its discard, shuffled), the discard and the dragons
// the house has had — house by house in the map's order, as the shuffles
// follow one another.
func (r *reader) readHouses(root *maps.Table) {
	hts := make([]*maps.Table, len(r.m.Houses))
	if houses := root.Sub("house", false); houses != nil {
		for _, hid := range houses.Keys() {
			h, ok := r.house(houses, hid, hid)
			if sub := houses.Sub(hid, true); ok && sub != nil {
				hts[h] = sub
			}
		}
		houses.Done()
	}
	for h := range r.m.NumHouses() {
		ht := hts[h]
		if ht == nil {
			r.put("house", r.b.ShuffleDeck(h))
			continue
		}
		explicit := ht.Has("deck")
		for _, id := range ht.Strs("deck", false) {
			if c, ok := r.card(ht, "deck", id); ok {
				r.put(ht.Key("deck"), r.b.DeckCard(h, c))
			}
		}
		for _, id := range ht.Strs("discard", false) {
			if c, ok := r.card(ht, "discard", id); ok {
				r.put(ht.Key("discard"), r.b.DiscardCard(h, c))
			}
		}
		if !explicit {
			r.put(ht.Path(), r.b.ShuffleDeck(h))
		}
		if ht.Has("dragons_had") {
			r.put(ht.Key("dragons_had"), r.b.DragonsHad(h, ht.Int("dragons_had", false, 0, 99, 0)))
		}
		ht.Done()
	}
}

// readCitadelSeat reads a player's pieces of the Citadel variant: crystals,
// ravens, the Ill Tidings penalty this round and the Dark Wings cards held.
func (r *reader) readCitadelSeat(i rules.Seat, p *maps.Table) {
	for _, c := range []struct {
		key string
		put func(rules.Seat, int) error
	}{{"crystals", r.b.Crystals}, {"ravens", r.b.Ravens}, {"tidings", r.b.Tidings}} {
		if p.Has(c.key) {
			r.put(p.Key(c.key), c.put(i, p.Int(c.key, false, 0, rules.MaxDice, 0)))
		}
	}
	for _, id := range p.Strs("wings", false) {
		if w, ok := r.wing(p, "wings", id); ok {
			r.put(p.Key("wings"), r.b.WingHand(i, w))
		}
	}
}

// wing reads a Dark Wings card's id.
func (r *reader) wing(t *maps.Table, k, id string) (rules.Wing, bool) {
	w, err := rules.ParseWing(id)
	if err != nil {
		r.errf(t.Key(k), "%v", err)
	}
	return w, err == nil
}

// readCitadel reads [citadel]: the Dark Wings deck (else the cards in no
// hand and not in the discard, shuffled after the houses' decks), its
// discard, the tokens seats have looked at through Dig Up Dirt, and
// whether the seat resolving has played its card this turn. A plain game
// has no such table.
func (r *reader) readCitadel(root *maps.Table) {
	ct := root.Sub("citadel", false)
	if ct == nil {
		if r.b.Variant() == rules.Citadel {
			r.put("variant", r.b.ShuffleWings())
		}
		return
	}
	if r.b.Variant() != rules.Citadel {
		r.errf(ct.Path(), "the scenario is a plain game: a [citadel] table needs variant = \"citadel\"")
		for _, k := range []string{"deck", "discard", "known", "played"} {
			ct.Has(k)
		}
		ct.Done()
		return
	}
	for _, k := range []string{"deck", "discard"} {
		put := r.b.WingDeck
		if k == "discard" {
			put = r.b.WingDiscard
		}
		for _, id := range ct.Strs(k, false) {
			if w, ok := r.wing(ct, k, id); ok {
				r.put(ct.Key(k), put(w))
			}
		}
	}
	if !ct.Has("deck") {
		r.put(ct.Path(), r.b.ShuffleWings())
	}
	// The looks are an array of inline tables: each problem is reported
	// at known's own line.
	for _, kt := range ct.Tables("known") {
		looker, ok := r.seat(ct, "known", kt.Need("looker", "seat id"))
		target, ok2 := r.seat(ct, "known", kt.Need("target", "seat id"))
		h, ok3 := r.house(ct, "known", kt.Need("house", "house id"))
		kt.Done()
		if ok && ok2 && ok3 {
			r.put(ct.Key("known"), r.b.Known(looker, target, h))
		}
	}
	if ct.Has("played") {
		r.put(ct.Key("played"), r.b.WingPlayed(ct.Bool("played")))
	}
	ct.Done()
}
