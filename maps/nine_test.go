package maps

import (
	"testing"

	"notrueking/board"
)

// TestNineMap checks the shipped nine-player map against the design
// (67 areas, nine houses in their regions, three rivers, three roads).
func TestNineMap(t *testing.T) {
	m, err := Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	var kinds [4]int
	for _, tr := range m.Territories {
		kinds[tr.Kind]++
	}
	if len(m.Territories) != 67 || kinds != [4]int{42, 12, 10, 3} {
		t.Errorf("%d areas: %v land/sea/port/road", len(m.Territories), kinds)
	}
	if len(m.Houses) != 9 || len(m.Conspiracies) != 9 || m.MinPlayers != 2 || m.MaxPlayers != 9 {
		t.Errorf("%d houses, %d conspiracies, %d-%d players", len(m.Houses), len(m.Conspiracies), m.MinPlayers, m.MaxPlayers)
	}
	id := func(s string) int {
		i, ok := m.Territory(s)
		if !ok {
			t.Fatalf("no territory %s", s)
		}
		return i
	}
	for _, c := range []struct {
		a, b, river string
	}{
		{"seagard", "moat-cailin", "The Green Fork"},
		{"harrenhal", "blackwater", "The Blackwater Rush"},
		{"crackclaw-point", "blackwater", "The Blackwater Rush"},
		{"kings-landing", "kingswood", "The Blackwater Rush"},
		{"kings-landing", "the-reach", "The Blackwater Rush"},
		{"searoad-marches", "highgarden", "The Mander"},
		{"the-reach", "dornish-marches", "The Mander"},
	} {
		r, ok := m.RiverBetween(id(c.a), id(c.b))
		if !ok || r.Name != c.river || m.Adjacent(id(c.a), id(c.b)) {
			t.Errorf("%s / %s: river %v, adjacent %v", c.a, c.b, r, m.Adjacent(id(c.a), id(c.b)))
		}
	}
	for _, p := range [][2]string{{"seagard", "the-twins"}, {"kings-landing", "blackwater"}, {"the-reach", "highgarden"}} {
		if !m.Adjacent(id(p[0]), id(p[1])) {
			t.Errorf("bridge %s / %s not adjacent", p[0], p[1])
		}
	}
	roads := map[string][]string{
		"kingsroad": {"crackclaw-point", "harrenhal", "kings-landing", "moat-cailin", "the-twins"},
		"roseroad":  {"highgarden", "kings-landing", "oldtown", "the-reach"},
		"goldroad":  {"blackwater", "kings-landing", "lannisport", "stoney-sept"},
	}
	for r, want := range roads {
		tr := m.Territories[id(r)]
		var got []string
		for _, n := range tr.Neighbors {
			got = append(got, m.Territories[n].ID)
			if k := m.Territories[n].Kind; k == board.Sea {
				t.Errorf("road %s touches a sea", r)
			}
		}
		if len(got) != len(want) || tr.Kind != board.Road || len(tr.Path) < 2 {
			t.Errorf("road %s: neighbours %v, want %v", r, got, want)
		}
	}
	mc := m.Territories[id("moat-cailin")]
	if !mc.Fortification || mc.Region != "north" {
		t.Errorf("moat cailin: %+v", mc)
	}
	tg, _ := m.House("targaryen")
	if m.Houses[tg].Limits != [board.NumUnits]int{12, 4, 7, 3} {
		t.Errorf("targaryen limits %v", m.Houses[tg].Limits)
	}
	for h := range m.Houses {
		if r, ok := m.HomeRegion(h); !ok || m.Territories[id(m.Houses[h].Home)].Region != r.ID {
			t.Errorf("house %s: region %v", m.Houses[h].ID, r)
		}
	}
}
