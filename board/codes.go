package board

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A territory's code as a player reads it where its name does not fit (a
// phone's board, a small window): the map file's two-character grid code,
// in capitals. The grid tells codes apart by case — a land's "SS", a sea's
// "ss" — which a reader cannot; so where two codes read the same in
// capitals, the one the grid writes in small letters (a sea, a port) reads
// as the capitals of its name's words instead: "ShS" for The Shivering Sea.
// Every territory of a map reads by a code no other of that map reads by.

// shownCodes are the territories' codes as shown, one per territory of
// ts, unique (case-insensitively) within the map.
func shownCodes(ts []Territory) []string {
	out := make([]string, len(ts))
	count := map[string]int{}
	for _, t := range ts {
		count[strings.ToUpper(t.Code)]++
	}
	taken := map[string]bool{}
	// Codes no other territory reads as keep their capitals: first, so
	// that a made-up code never takes one of them.
	for i, t := range ts {
		if up := strings.ToUpper(t.Code); count[up] == 1 || t.Code == up {
			if !taken[strings.ToLower(up)] {
				out[i] = up
				taken[strings.ToLower(up)] = true
			}
		}
	}
	// next is, per name code, the number its next clash tries first: a
	// map of many alike names is named in one pass, not one per clash.
	next := map[string]int{}
	for i, t := range ts {
		if out[i] != "" {
			continue
		}
		base := nameCode(t.Name)
		c := base
		n := max(next[base], 2)
		for ; taken[strings.ToLower(c)]; n++ {
			c = base + strconv.Itoa(n)
		}
		next[base] = n
		out[i] = c
		taken[strings.ToLower(c)] = true
	}
	return out
}

// nameCode is a code made of a name: the first letter of its first word
// that is not an article or "of" and the next one, then the first letter
// of each further word ("The Shivering Sea" → "ShS", "Sunset Sea" → "SuS").
func nameCode(name string) string {
	var b strings.Builder
	first := true
	for _, w := range strings.Fields(name) {
		switch strings.ToLower(w) {
		case "the", "of", "a", "an":
			continue
		}
		r, size := utf8.DecodeRuneInString(w)
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue
		}
		b.WriteRune(unicode.ToUpper(r))
		if first {
			if r2, _ := utf8.DecodeRuneInString(w[size:]); unicode.IsLetter(r2) {
				b.WriteRune(unicode.ToLower(r2))
			}
			first = false
		}
	}
	if b.Len() == 0 {
		return "?"
	}
	return b.String()
}

// ShownCode is territory t's code as a player reads it (see above); "" for
// a territory outside the map.
func (m *Map) ShownCode(t TerrID) string {
	if t < 0 || int(t) >= len(m.shown) {
		return ""
	}
	return m.shown[t]
}
