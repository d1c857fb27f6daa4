package rules_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"testing"

	"notrueking/board"
)

// TestFixtureMatchesTheShippedMap checks that testdata/standard.json, the
// board the engine's internal tests use, agrees with maps.Standard() on
// every fact the rules read: so those tests speak of the real game.
func TestFixtureMatchesTheShippedMap(t *testing.T) {
	m := mustStandard(t)
	data, err := os.ReadFile("testdata/standard.json")
	if err != nil {
		t.Fatal(err)
	}
	var f board.Map
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	f.Index()
	terrFacts := func(m *board.Map) []string {
		var out []string
		for _, t := range m.Territories {
			var ns []string
			for _, n := range t.Neighbors {
				ns = append(ns, m.Territories[n].ID)
			}
			sort.Strings(ns)
			port, portOf, portSea := "", "", ""
			if t.Port >= 0 {
				port = m.Territories[t.Port].ID
			}
			if t.PortOf >= 0 {
				portOf = m.Territories[t.PortOf].ID
			}
			if t.PortSea >= 0 {
				portSea = m.Territories[t.PortSea].ID
			}
			out = append(out, fmt.Sprintf("%s %s %s c%d b%d %s port=%s of=%s sea=%s %v", t.ID, t.Name, t.Kind, t.Crowns, t.Barrels, t.Fortress, port, portOf, portSea, ns))
		}
		sort.Strings(out)
		return out
	}
	houseFacts := func(m *board.Map) []string {
		var out []string
		for i, h := range m.Houses {
			out = append(out, fmt.Sprintf("%s rank %d limits %v", h.ID, m.InitialRank[i], h.Limits))
			for _, c := range h.Deck {
				out = append(out, fmt.Sprintf("%s %s %d %d %d %q", h.ID, c.ID, c.Strength, c.Swords, c.Towers, c.Effect))
			}
		}
		for _, p := range m.Setup {
			out = append(out, fmt.Sprintf("setup %s %s %s %d", p.House, p.Territory, p.Unit, p.Count))
		}
		out = append(out, fmt.Sprintf("slots %v players %d-%d seats %v", m.LoyaltySlots, m.MinPlayers, m.MaxPlayers, m.Conspiracies))
		sort.Strings(out)
		return out
	}
	for _, c := range []struct {
		name string
		a, b []string
	}{{"territories", terrFacts(m), terrFacts(&f)}, {"houses", houseFacts(m), houseFacts(&f)}} {
		if !slices.Equal(c.a, c.b) {
			for i := range max(len(c.a), len(c.b)) {
				var x, y string
				if i < len(c.a) {
					x = c.a[i]
				}
				if i < len(c.b) {
					y = c.b[i]
				}
				if x != y {
					t.Errorf("%s differ:\n shipped %s\n fixture %s", c.name, x, y)
					break
				}
			}
		}
	}
}
