package maps

import (
	"fmt"
	"unicode/utf8"
)

// MaxDepth is how deeply a map file may nest: every open array bracket
// and inline-table brace counts one level, every dot of a dotted key one
// (a.b.c = 1 is two), and keys under a [table] header add its parts
// ([a.b] is two). The map format needs three at most (under [[river]],
// borders = [["a", "b"]]). The limit is checked before the TOML decoder
// sees the file, because the decoder's cost grows with the square of the
// nesting: 4,000 nested inline tables cost it 15 s and 740 MB, and 4 MB of
// lines nested 32 deep cost 12 s.
const MaxDepth = 8

// MaxItems caps how many keys, values and tables a map file may hold:
// every =, comma, opening bracket or brace and dot outside strings and
// comments counts one (the standard map has about 1,300). The decoder's
// cost grows with their number times their depth: 4 MB of lines of inline
// tables nested 8 deep, within MaxDepth and MaxFileSize, cost it 1.9 GB of
// allocations, 1 GB of memory and 5 to 15 s. At this cap no file costs
// more than a fraction of a second.
const MaxItems = 50_000

// checkNesting scans the file for nesting deeper than MaxDepth and for more
// than MaxItems items, outside strings and comments, and returns the place
// of the first, or nil. It follows TOML's strings exactly enough that no
// nesting the decoder would read can hide from it: basic strings with
// backslash escapes, literal strings, multi-line strings (closed by three
// quotes, of up to five in a row) and comments; a single-line string ends
// at the end of its line, where the decoder stops with an error anyway. It
// runs in one pass with constant work per byte.
func checkNesting(name string, data []byte) *Error {
	return checkNestingOf(name, data, "")
}

// checkNestingOf is checkNesting for a file of another kind (what, e.g. "a
// scenario"), whose messages then do not speak of maps; "" is a map file.
func checkNestingOf(name string, data []byte, what string) *Error {
	depthNote, itemsNote := "a map needs 3 at most", "the standard map has about 1,300"
	if what != "" {
		depthNote, itemsNote = what+" needs far fewer", what+" needs a few hundred at most"
	}
	var (
		line      = 1
		lineStart = 0        // index of the first byte of the line
		blank     = true     // nothing but blanks so far on this line
		brackets  int        // open [ and {
		inHeader  bool       // inside a [table] header
		hdrDots   int        // dots in the header being read
		header    int        // parts of the last table header, under which keys nest
		keyDots   int        // dots since the last = , [ ] { } or line end: a dotted key's parts
		held      = []int{0} // per bracket level: dots of the key whose value is open there
		heldSum   int
		items     int // = , [ { and . so far
	)
	depth := func() int {
		if inHeader {
			return brackets + hdrDots
		}
		return header + brackets + heldSum + keyDots
	}
	n := len(data)
	fail := func(i int) *Error {
		col := utf8.RuneCount(data[lineStart:min(i, n)]) + 1
		return &Error{File: name, Line: line, Msg: fmt.Sprintf(
			"nested deeper than %d levels at column %d (each open [ or {, each dot of a dotted key and each part of a [table] header counts one; %s)",
			MaxDepth, col, depthNote)}
	}
	tooMany := func() *Error {
		return &Error{File: name, Line: line, Msg: fmt.Sprintf(
			"more than %d keys, values and tables (each =, comma, [, { and dot counts one; %s)", MaxItems, itemsNote)}
	}
	newline := func(i int) { line, lineStart, blank = line+1, i+1, true }
	for i := 0; i < n; i++ {
		c := data[i]
		atStart := blank
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			blank = false
		}
		switch c {
		case '=', ',', '[', '{', '.':
			if items++; items > MaxItems {
				return tooMany()
			}
		}
		switch c {
		case '\n':
			newline(i)
			keyDots = 0
			if brackets == 0 {
				heldSum -= held[0]
				held[0] = 0
				inHeader, hdrDots = false, 0
			}
		case '#':
			for i+1 < n && data[i+1] != '\n' {
				i++
			}
		case '"', '\'':
			if i+2 < n && data[i+1] == c && data[i+2] == c {
				// A multi-line string: up to the next three quotes, and
				// the (at most two) quotes right after them belong to it.
				i += 3
				for ; i < n; i++ {
					if data[i] == '\n' {
						newline(i)
					} else if c == '"' && data[i] == '\\' {
						if i+1 < n && data[i+1] == '\n' {
							newline(i + 1)
						}
						i++
					} else if data[i] == c && i+2 < n && data[i+1] == c && data[i+2] == c {
						i += 2
						for k := 0; k < 2 && i+1 < n && data[i+1] == c; k++ {
							i++
						}
						break
					}
				}
				continue
			}
			for i++; i < n && data[i] != c && data[i] != '\n'; i++ {
				if c == '"' && data[i] == '\\' && i+1 < n && data[i+1] != '\n' {
					i++
				}
			}
			if i < n && data[i] == '\n' {
				i-- // the line end is counted by the loop
			}
		case '[', '{':
			if c == '[' && brackets == 0 && atStart {
				inHeader, hdrDots = true, 0
			}
			brackets++
			for len(held) <= brackets {
				held = append(held, 0)
			}
			heldSum -= held[brackets]
			held[brackets] = 0
			keyDots = 0
			if depth() > MaxDepth {
				return fail(i)
			}
		case ']', '}':
			if brackets > 0 {
				heldSum -= held[brackets]
				held[brackets] = 0
				brackets--
			}
			if inHeader && brackets == 0 {
				header = hdrDots + 1
				inHeader = false
			}
			keyDots = 0
		case '=':
			// The dotted key just read is a path its value nests under.
			heldSum += keyDots
			held[brackets] += keyDots
			keyDots = 0
		case ',':
			heldSum -= held[brackets]
			held[brackets] = 0
			keyDots = 0
		case '.':
			if inHeader {
				hdrDots++
			} else {
				keyDots++
			}
			if depth() > MaxDepth {
				return fail(i)
			}
		}
	}
	return nil
}
