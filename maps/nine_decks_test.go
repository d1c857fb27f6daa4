package maps

import (
	"fmt"
	"testing"

	"notrueking/board"
)

// The nine-house map's decks are the design's (../shared/design/nine-map.md,
// "House-card decks"): for each of the eight houses that have one, a
// whole reference deck (Martell the base deck; Arryn and Targaryen "one
// reference deck each": this map takes Arryn's A Feast for Crows deck and
// Targaryen's Mother of Dragons deck A), and Tully's own deck card by
// card; ids unique across all decks; only the seven named effects of seed
// 002 act. Removing one icon from one card fails.
func TestNineDecksFollowTheDesign(t *testing.T) {
	var cards referenceCards
	readReference(t, "agot-house-cards.json", &cards)
	m, err := Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	line := func(c board.Card) string {
		return fmt.Sprintf("%s %s %d swords %d towers %d", c.House, c.ID, c.Strength, c.Swords, c.Towers)
	}
	// The reference decks, by house and deck name.
	decks := map[string]map[string]map[string]string{}
	for _, c := range cards.Cards {
		if decks[c.House] == nil {
			decks[c.House] = map[string]map[string]string{}
		}
		if decks[c.House][c.Deck] == nil {
			decks[c.House][c.Deck] = map[string]string{}
		}
		decks[c.House][c.Deck][c.ID] = line(board.Card{House: c.House, ID: c.ID, Strength: c.Strength, Swords: c.Swords, Towers: c.Towers})
	}
	want := map[string]string{}
	// Tully's deck is ours (nine-map.md): hoster-tully 4; edmure-tully 3,
	// 1 tower; jason-mallister 2, 1 sword; tytos-blackwood 2, 1 sword 1
	// tower; jonos-bracken 1, 1 sword; walder-frey 1, 1 tower; lothar-frey 0.
	for _, c := range []board.Card{
		{ID: "hoster-tully", Strength: 4},
		{ID: "edmure-tully", Strength: 3, Towers: 1},
		{ID: "jason-mallister", Strength: 2, Swords: 1},
		{ID: "tytos-blackwood", Strength: 2, Swords: 1, Towers: 1},
		{ID: "jonos-bracken", Strength: 1, Swords: 1},
		{ID: "walder-frey", Strength: 1, Towers: 1},
		{ID: "lothar-frey", Strength: 0},
	} {
		c.House = "tully"
		want[c.ID] = line(c)
	}
	have := map[string]string{}
	effects := map[string]string{"brienne-of-tarth": "brienne", "asha-greyjoy": "asha", "cersei-lannister": "cersei",
		"ser-jaime-lannister": "jaime", "melisandre": "melisandre", "salladhor-saan": "salladhor", "catelyn-stark": "catelyn"}
	for _, h := range m.Houses {
		if len(h.Deck) != 7 {
			t.Errorf("%s's deck holds %d cards, want 7", h.ID, len(h.Deck))
		}
		mine := map[string]string{}
		for _, c := range h.Deck {
			if _, twice := have[c.ID]; twice {
				t.Errorf("card id %s is in two decks", c.ID)
			}
			have[c.ID], mine[c.ID] = line(c), line(c)
			if c.Effect != effects[c.ID] {
				t.Errorf("card %s has effect %q, want %q", c.ID, c.Effect, effects[c.ID])
			}
		}
		if h.ID == "tully" {
			continue
		}
		// The reference deck this house's deck is (its first card's).
		for name, d := range decks[h.ID] {
			if _, ok := d[h.Deck[0].ID]; ok {
				for id, l := range d {
					want[id] = l
				}
				t.Logf("%s: the reference deck %q", h.ID, name)
			}
		}
	}
	for id, w := range want {
		if have[id] != w {
			t.Errorf("card %s: the map has %q, the design %q", id, have[id], w)
		}
	}
	for id, h := range have {
		if _, ok := want[id]; !ok {
			t.Errorf("card %s (%s) is in no deck of the design", id, h)
		}
	}
}
