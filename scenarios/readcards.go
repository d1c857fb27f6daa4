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
