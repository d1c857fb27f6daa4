package maps

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"notrueking/internal/textcheck"
)

// Limits on the text a map file may hold in its strings.
const (
	maxIDLen   = 64  // bytes of an id (ids are ASCII)
	maxNameLen = 64  // runes of a display name
	maxTextLen = 200 // runes of free text (an exception's reason)

	// quoteRunes is how much of a string from the file an error message
	// quotes; the rest is cut and marked with "…".
	quoteRunes = 40
	// wordRunes is the longest run of non-space text a message keeps
	// (a whole id is at most maxIDLen).
	wordRunes = maxIDLen
	// msgRunes caps a whole message.
	msgRunes = 500
)

// frag is text from the file put into an error message. It is formatted
// short and printable whatever it holds: %q quotes at most quoteRunes runes
// with Go escapes (control, bidi and zero-width characters become \u202e
// and the like, invalid UTF-8 \xff) and marks a cut with "…"; %s (or %v)
// escapes the same characters unquoted and cuts at wordRunes.
type frag string

func (f frag) Format(s fmt.State, verb rune) {
	switch verb {
	case 'q':
		head, cut := cutRunes(string(f), quoteRunes)
		out := strconv.Quote(head)
		if cut {
			out += "…"
		}
		fmt.Fprint(s, out)
	default:
		head, cut := cutRunes(string(f), wordRunes)
		out := escape(head)
		if cut {
			out += "…"
		}
		fmt.Fprint(s, out)
	}
}

// frags wraps every string argument of an error message as a frag: every
// string in a message comes from the file.
func frags(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if s, ok := a.(string); ok {
			a = frag(s)
		}
		out[i] = a
	}
	return out
}

// cutRunes returns the first n runes of s and whether anything was cut.
func cutRunes(s string, n int) (string, bool) {
	i := 0
	for k := 0; k < n; k++ {
		if i >= len(s) {
			return s, false
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i], i < len(s)
}

// escape returns s with every rune that is not printable (control, format,
// bidi and zero-width characters, separators other than the space) and
// every invalid byte written as a Go escape, so no message can move the
// cursor, reorder a line or hide text on a terminal.
func escape(s string) string { return textcheck.Escape(s) }

// clean makes text safe to print in a message: unprintable characters
// escaped, every run of text without spaces cut at word runes and the
// whole at msgRunes. Text that may come straight from the file (a key, a
// message of the TOML decoder, which may quote the file) is cut at
// quoteRunes; the loader's own messages at wordRunes, which keeps whole
// ids.
func clean(msg string, word int) string {
	msg = escape(msg)
	var b strings.Builder
	run := 0
	n := 0
	for _, r := range msg {
		if n >= msgRunes {
			b.WriteString("…")
			break
		}
		if r == ' ' {
			run = 0
		} else {
			run++
			if run == word+1 {
				b.WriteString("…")
			}
			if run > word {
				continue
			}
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// badRune is the program's name policy (textcheck.Unsafe); newlines are
// allowed in the grid's rows.
func badRune(s string, newlines bool) (r rune, what string, ok bool) {
	return textcheck.Unsafe(s, newlines)
}
