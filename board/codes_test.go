package board_test

import (
	"strconv"
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

// Many territories of one name and no code of their own (a generated
// map) each read by a code no other reads by: "Se", "Se2", "Se3", … in
// turn, round a code the grid gives.
func TestShownCodesOfManyAlikeNames(t *testing.T) {
	var m board.Map
	for i := 0; i < 3000; i++ {
		m.Territories = append(m.Territories, board.Territory{ID: "t" + strconv.Itoa(i), Name: "The Sea", Kind: board.Sea, Port: board.NoTerr, PortOf: board.NoTerr, PortSea: board.NoTerr})
	}
	m.Territories = append(m.Territories, board.Territory{ID: "se", Code: "SE2", Name: "Se", Kind: board.Land, Port: board.NoTerr, PortOf: board.NoTerr, PortSea: board.NoTerr})
	m.Index()
	seen := map[string]bool{}
	for i := range m.Territories {
		c := m.ShownCode(board.TerrID(i))
		if c == "" || seen[strings.ToLower(c)] {
			t.Fatalf("territory %d reads %q, as another does", i, c)
		}
		seen[strings.ToLower(c)] = true
	}
	if got := m.ShownCode(0) + " " + m.ShownCode(1) + " " + m.ShownCode(2); got != "Se Se3 Se4" {
		t.Errorf("the first codes read %q, want \"Se Se3 Se4\" (SE2 is the grid's)", got)
	}
}
