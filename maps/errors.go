package maps

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one problem in a map file: where it is and what is wrong.
type Error struct {
	File string // file name as given to Parse
	Line int    // 1-based line; 0 when the problem has no single place
	Key  string // dotted TOML key, e.g. "territory.neighbors" or "grid.rows"
	Msg  string
	// Err is the error behind Msg when there is one (the file could not
	// be opened: a *safefile.OpenError).
	Err error
}

// Unwrap is the error behind the problem, if any.
func (e *Error) Unwrap() error { return e.Err }

// Error formats the problem as "file:line: key: message". Whatever the
// fields hold, the result is one printable line: control, bidi and
// zero-width characters are escaped, and long runs of text from the file
// are cut (see frag), so a hostile file cannot garble a terminal.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(escape(e.File))
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Key != "" {
		b.WriteString(clean(e.Key, quoteRunes))
		b.WriteString(": ")
	}
	b.WriteString(clean(e.Msg, wordRunes))
	return b.String()
}

// ErrorList is every problem found in one pass over a map file, in file
// order. Like go/scanner.ErrorList, its message lists them one per line.
type ErrorList []*Error

// maxShown caps the problems ErrorList.Error lists: a 4 MB file of
// mistakes would otherwise make a message four times its size.
const maxShown = 100

// Error lists the problems one per line, at most maxShown of them and then
// how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i == maxShown {
			fmt.Fprintf(&b, "\n… and %d more problems", len(l)-maxShown)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Sort orders the list by line, then key, then message.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Key != b.Key {
			return a.Key < b.Key
		}
		return a.Msg < b.Msg
	})
}

// Err returns nil for an empty list, else the sorted list as an error.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}
