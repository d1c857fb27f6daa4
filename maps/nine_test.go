package maps

import (
	"math"
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
	id := func(s string) board.TerrID {
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
	for h := range m.NumHouses() {
		if r, ok := m.HomeRegion(h); !ok || m.Territories[id(m.Houses[h].Home)].Region != r.ID {
			t.Errorf("house %s: region %v", m.Houses[h].ID, r)
		}
	}
}

// TestNineColoursColourBlind: the nine house colours stay apart for normal
// vision (70 in RGB) and, simulated for protan, deutan and tritan vision
// (Viénot 1999, Machado 2009), by at least 35. The closest simulated pairs
// (Stark/Arryn protan 38, Tully/Targaryen deutan 43, Tyrell/Tully tritan
// 41) are why unit tokens also carry a house mark on this map.
func TestNineColoursColourBlind(t *testing.T) {
	m, err := Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	lin := func(c uint8) float64 {
		v := float64(c) / 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	enc := func(v float64) float64 {
		v = math.Max(0, math.Min(1, v))
		if v <= 0.0031308 {
			return 255 * 12.92 * v
		}
		return 255 * (1.055*math.Pow(v, 1/2.4) - 0.055)
	}
	sims := map[string][3][3]float64{
		"normal": {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		"protan": {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
		"deutan": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
		"tritan": {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
	}
	for name, mx := range sims {
		sim := func(c board.RGB) [3]float64 {
			l := [3]float64{lin(c.R), lin(c.G), lin(c.B)}
			var o [3]float64
			for i := range o {
				o[i] = enc(mx[i][0]*l[0] + mx[i][1]*l[1] + mx[i][2]*l[2])
			}
			return o
		}
		min := 35.0
		if name == "normal" {
			min = 70
		}
		for i, a := range m.Houses {
			for _, b := range m.Houses[i+1:] {
				p, q := sim(a.Color), sim(b.Color)
				if d := math.Sqrt(sq2(p[0]-q[0]) + sq2(p[1]-q[1]) + sq2(p[2]-q[2])); d < min {
					t.Errorf("%s vision: %s and %s are %.0f apart (want %.0f)", name, a.ID, b.ID, d, min)
				}
			}
		}
	}
}

func sq2(x float64) float64 { return x * x }
