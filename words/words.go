// Package words is the one place that writes the game's counts, units and
// plurals in English: "1 card", "3 footmen", "2 footmen, 1 knight and 3
// ships", "3rd". The engine's log, its refusals, the window and the
// command line all write them through it, so the same fact reads the same
// everywhere. It imports only package board (for the unit kinds).
package words

import (
	"strconv"
	"strings"
	"time"

	"notrueking/board"
)

// Plural is noun as it reads after the number n: the singular for 1, the
// plural otherwise ("footman" → "footmen", "card" → "cards", "tress" →
// "tresses", "die" → "dice").
func Plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	switch {
	case noun == "die":
		return "dice"
	case strings.HasSuffix(noun, "man"):
		return strings.TrimSuffix(noun, "man") + "men"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "sh"), strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "x"):
		return noun + "es"
	}
	return noun + "s"
}

// Count is n and noun: "1 card", "2 cards", "0 footmen".
func Count(n int, noun string) string { return strconv.Itoa(n) + " " + Plural(n, noun) }

// Duration is d in whole hours, minutes or seconds, as a player reads it
// ("2 minutes", "90 seconds", "1 hour").
func Duration(d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return Count(int(d/time.Hour), "hour")
	case d >= time.Minute && d%time.Minute == 0:
		return Count(int(d/time.Minute), "minute")
	}
	return Count(int(d.Round(time.Second)/time.Second), "second")
}

// Agree is the verb form that agrees with a subject of n things: one for
// a single thing, many otherwise ("retreats"/"retreat", "is"/"are").
func Agree(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Unit is the name of unit kind u as it reads after the number n:
// "knight", "footmen".
func Unit(n int, u board.Unit) string { return Plural(n, u.String()) }

// UnitCount is n units of kind u: "1 ship", "3 footmen".
func UnitCount(n int, u board.Unit) string { return Count(n, u.String()) }

// Units lists a group of units, largest kind last as the board orders
// them: "2 footmen", "2 footmen and 1 knight", "1 footman, 1 knight and
// 2 ships"; "no units" for none.
func Units(us [board.NumUnits]int) string {
	var parts []string
	for k := board.Unit(0); k < board.NumUnits; k++ {
		if us[k] > 0 {
			parts = append(parts, UnitCount(us[k], k))
		}
	}
	if len(parts) == 0 {
		return "no units"
	}
	return List(parts)
}

// List joins items as a sentence does: "a", "a and b", "a, b and c".
func List(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Ordinal is n as a place: "1st", "2nd", "3rd", "4th", "11th", "21st".
func Ordinal(n int) string {
	suf := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suf = "st"
	case n%10 == 2:
		suf = "nd"
	case n%10 == 3:
		suf = "rd"
	}
	return strconv.Itoa(n) + suf
}

// Article is word with its indefinite article: "an easy", "a strong".
func Article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// Title is s with its first letter in upper case: "crown" → "Crown".
func Title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// UnitPlural is the plural name of unit kind u: "footmen", "ships".
func UnitPlural(u board.Unit) string { return Plural(2, u.String()) }

// Sentence starts s with a capital letter, as a message line shows the
// engine's words ("cannot undo …" → "Cannot undo …").
func Sentence(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Span is a place or a span of places: "1st", "2nd–3rd".
func Span(from, to int) string {
	if from == to {
		return Ordinal(from)
	}
	return Ordinal(from) + "–" + Ordinal(to)
}
