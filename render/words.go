package render

import (
	"fmt"
	"strings"

	"notrueking/board"
)

// plural is the plural of an English noun of the game: "footman" →
// "footmen", "card" → "cards"; n == 1 keeps the singular.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	switch {
	case strings.HasSuffix(noun, "man"):
		return strings.TrimSuffix(noun, "man") + "men"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "sh"), strings.HasSuffix(noun, "ch"):
		return noun + "es"
	}
	return noun + "s"
}

// count writes n and the noun, plural unless n is 1: "1 card", "2 cards",
// "0 footmen". The one plural helper of the window.
func count(n int, noun string) string { return fmt.Sprintf("%d %s", n, plural(n, noun)) }

// unitsText lists units in a player's words: "2 footmen, 1 knight"
// ("nothing" for none). The one unit text of the window.
func unitsText(us [board.NumUnits]int) string {
	var parts []string
	for k := board.Unit(0); k < board.NumUnits; k++ {
		if n := us[k]; n > 0 {
			parts = append(parts, count(n, k.String()))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// article is the indefinite article before a word: "an easy", "a strong".
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}
