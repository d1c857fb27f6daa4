package rules

import (
	"slices"
	"testing"
)

// TestCombatTermKinds: every term of a real combat is classed by what it
// counts — units, terrain, fortification, home region, card.
func TestCombatTermKinds(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "stoney-sept", units(2, 1, 0))
		set(t, g, "lannister", "lannisport", units(1, 0, 0))
		give(t, g, 1, "tyrion-lannister")
	})
	act(t, g, "crown move stoney-sept lannisport footman:2 knight:1")
	act(t, g, "torch play tyrion-lannister")
	cv := g.View(Public).Combat
	var got []TermKind
	for _, term := range append(append([]string{}, cv.AttackerTerms...), cv.DefenderTerms...) {
		got = append(got, CombatTermKind(term))
	}
	// Stark: 2 footmen, 1 knight; Lannister in Lannisport: 1 footman, its
	// castle, its home region (the Westerlands), Tyrion.
	want := []TermKind{TermUnits, TermUnits, TermUnits, TermTerrain}
	if !slices.Equal(got[:4], want) || got[len(got)-1] != TermCard {
		t.Fatalf("terms %v %v classed %v", cv.AttackerTerms, cv.DefenderTerms, got)
	}
	for term, k := range map[string]TermKind{
		"1 ship +1": TermUnits, "2 dragons +6": TermUnits, "town +2": TermTerrain, "castle +8 (doubled: Catelyn Stark)": TermTerrain,
		"castle +0 (ignored: Brienne of Tarth)": TermTerrain, "fortification +1": TermFortification, "home region +1": TermHomeRegion,
		"Eddard Stark +4": TermCard, "Baratheon ships in adjacent seas +2 (Salladhor Saan)": TermCard, "3 Kings +1": TermCard,
	} {
		if got := CombatTermKind(term); got != k {
			t.Errorf("%q is classed %s, want %s", term, got, k)
		}
	}
}
