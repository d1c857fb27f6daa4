package rules

import (
	"strings"

	"notrueking/board"
	"notrueking/words"
)

// TermKind is what one term of a side's power in a combat counts (the
// addends CombatView lists): its units, the defender's terrain (a town or
// castle), the fortification it holds, its home region, or a house card
// played (with the card's own additions, such as Salladhor's ships).
type TermKind uint8

// The kinds of combat terms, in the order power adds them.
const (
	TermUnits TermKind = iota
	TermTerrain
	TermFortification
	TermHomeRegion
	TermCard
)

var termKindNames = [...]string{"units", "terrain", "fortification", "home region", "card"}

// String is the kind in a player's words: "units", "terrain",
// "fortification", "home region" or "card".
func (k TermKind) String() string {
	if int(k) < len(termKindNames) {
		return termKindNames[k]
	}
	return "term"
}

// CombatTermKind says what a term of CombatView's AttackerTerms or
// DefenderTerms counts. It reads the words the engine itself writes for
// each kind (see power): "3 footmen +3", "castle +4", "fortification +1",
// "home region +1"; anything else is a card's.
func CombatTermKind(term string) TermKind {
	switch {
	case isUnitTerm(term):
		return TermUnits
	case strings.HasPrefix(term, board.Castle.String()+" +"), strings.HasPrefix(term, board.Town.String()+" +"):
		return TermTerrain
	case strings.HasPrefix(term, "fortification +"):
		return TermFortification
	case strings.HasPrefix(term, "home region +"):
		return TermHomeRegion
	}
	return TermCard
}

// isUnitTerm reports whether term is "N unit(s) +P" as power writes it.
func isUnitTerm(term string) bool {
	f := strings.Fields(term)
	if len(f) != 3 || !strings.HasPrefix(f[2], "+") {
		return false
	}
	for _, c := range f[0] {
		if c < '0' || c > '9' {
			return false
		}
	}
	for k := board.Unit(0); k < board.NumUnits; k++ {
		for _, n := range []int{1, 2} {
			if strings.Fields(words.UnitCount(n, k))[1] == f[1] {
				return true
			}
		}
	}
	return false
}
