package board_test

import (
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/maps"
)

// TestShownCodesAreUniquePerMap: on both shipped maps every territory reads
// by a code no other territory of the map reads by — not even in other
// capitals (the grid's "SS" and "ss" are a land and a sea) — and a code
// the grid does not need to tell apart by case stays the grid's.
func TestShownCodesAreUniquePerMap(t *testing.T) {
	for _, name := range maps.Shipped() {
		m, err := maps.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]string{}
		clash := map[string]int{}
		for _, tr := range m.Territories {
			clash[strings.ToUpper(tr.Code)]++
		}
		for i, tr := range m.Territories {
			c := m.ShownCode(board.TerrID(i))
			if c == "" || len([]rune(c)) > 4 {
				t.Errorf("%s: %s shows the code %q", name, tr.ID, c)
			}
			if o, dup := seen[strings.ToUpper(c)]; dup {
				t.Errorf("%s: %s and %s both read as %q", name, o, tr.ID, c)
			}
			seen[strings.ToUpper(c)] = tr.ID
			if clash[strings.ToUpper(tr.Code)] == 1 && c != strings.ToUpper(tr.Code) {
				t.Errorf("%s: %s's code %q, which no other territory shares, shows as %q", name, tr.ID, tr.Code, c)
			}
		}
	}
}
