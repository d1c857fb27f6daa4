// Package textcheck is the one policy for the names and ids the program
// takes from files and flags (map ids and names, player names): which
// characters a name must not hold. Map files, records, saves and the
// command line all refuse the same names with it.
package textcheck

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unsafe returns the first character of s that a name or id must not hold
// and what it is ("a bidi control character"); found is false when there
// is none. Refused: control characters (line breaks too, unless newlines
// is set), bidi controls (U+200E/U+200F, U+061C, U+202A–U+202E,
// U+2066–U+2069), zero-width characters (U+200B–U+200D, U+2060, U+FEFF)
// and every other invisible format character, line and paragraph
// separators, unassigned or private-use code points, and the replacement
// character of text that was not UTF-8. A name with them can read
// differently from what it holds (the Trojan Source trick), or look equal
// to another.
func Unsafe(s string, newlines bool) (r rune, what string, found bool) {
	for _, r := range s {
		switch {
		case newlines && (r == '\n' || r == '\r'):
			continue
		case r == utf8.RuneError:
			return r, "the replacement character (a sign of text that was not UTF-8)", true
		case unicode.IsControl(r):
			return r, "a control character", true
		case r == 0x200E || r == 0x200F || r == 0x061C || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069:
			return r, "a bidi control character", true
		case r >= 0x200B && r <= 0x200D || r == 0x2060 || r == 0xFEFF:
			return r, "a zero-width character", true
		case unicode.Is(unicode.Cf, r):
			return r, "an invisible format character", true
		case unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r):
			return r, "a line separator", true
		case unicode.Is(unicode.Co, r) || !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs):
			return r, "an unassigned or private-use character", true
		}
	}
	return 0, "", false
}

// Escape returns s with every rune that is not printable (control, format,
// bidi and zero-width characters, separators other than the space) written
// as a Go escape (\t, \u202e) and every byte that is not UTF-8 as \xNN, so
// that no message quoting a file can move the cursor, reorder a line or
// hide text on a terminal. Printable text is returned as it is.
func Escape(s string) string {
	clean := utf8.ValidString(s)
	for _, r := range s {
		if !clean || !unicode.IsPrint(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsPrint(r):
			b.WriteString(s[i : i+size])
		default:
			q := strconv.QuoteRune(r) // '\t', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}

// Strip returns s without the characters Unsafe refuses — a tab or a line
// break becomes a space — for text a person typed that others will read
// (table talk): it reads as what it holds.
func Strip(s string) string {
	if _, _, bad := Unsafe(s, false); !bad {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r == '\t' || r == '\n' || r == '\r' {
			b.WriteByte(' ')
			continue
		}
		if _, _, bad := Unsafe(string(r), false); !bad {
			b.WriteRune(r)
		}
	}
	return b.String()
}
