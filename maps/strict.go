package maps

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"notrueking/internal/safefile"
)

// The map loader's strict reading of TOML, for other file kinds of the
// program (scenarios): the same bounds on bad input (size, byte-order
// mark, nesting, item count, characters) and the same errors, each with
// file, line and key.

// Doc is a TOML file decoded with the map loader's rules; read it through
// Root and collect problems with Errorf, then ask Err.
type Doc struct {
	d    dec
	root map[string]any
}

// Decode checks data as Parse checks a map file — at most maxSize bytes, at
// most one byte-order mark, nesting no deeper than MaxDepth, at most
// MaxItems keys and values — and decodes it. what names the file kind in
// the nesting message ("a scenario"). name is the file name errors give.
func Decode(name string, data []byte, maxSize int, what string) (*Doc, error) {
	if len(data) > maxSize {
		return nil, ErrorList{{File: name, Msg: fmt.Sprintf("%d bytes is larger than the limit of %s", len(data), safefile.Size(int64(maxSize)))}}
	}
	data = safefile.TrimBOM(data)
	if bytes.HasPrefix(data, safefile.BOM) {
		return nil, ErrorList{{File: name, Line: 1, Msg: "a second byte-order mark (U+FEFF) at the start of the file"}}
	}
	if e := checkNestingOf(name, data, what); e != nil {
		return nil, ErrorList{e}
	}
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, ErrorList{{File: name, Line: pe.Position.Line, Key: pe.LastKey, Msg: clean(pe.Message, quoteRunes)}}
		}
		return nil, ErrorList{{File: name, Msg: clean(err.Error(), quoteRunes)}}
	}
	return &Doc{d: dec{file: name, li: newLineIndex(data)}, root: raw}, nil
}

// Root is the document's top-level table.
func (d *Doc) Root() *Table { return &Table{d.d.table("", d.root)} }

// Errorf records a problem at a key path ("player.hand", as Table.Key
// gives it); the line is the key's, or its nearest enclosing table's.
// String arguments are quoted short and printable.
func (d *Doc) Errorf(path, format string, args ...any) {
	d.d.errAt(path, d.line(path), format, args...)
}

// line is the line of path; for a table written only through dotted keys
// under it (units.winterfell.stark = …), the first of those lines.
func (d *Doc) line(path string) int {
	if l, ok := d.d.li.lines[path]; ok || path == "" {
		return l
	}
	first := 0
	for k, l := range d.d.li.lines {
		if strings.HasPrefix(k, path+".") && (first == 0 || l < first) {
			first = l
		}
	}
	if first > 0 {
		return first
	}
	return d.d.li.line(path)
}

// Err returns every problem recorded, sorted by line, or nil.
func (d *Doc) Err() error { return d.d.errs.Err() }

// Table is one table of a Doc. Every key read is marked used; Done
// reports the others as unknown keys.
type Table struct{ t *table }

// Key is the path of key k of this table, for Doc.Errorf.
func (t *Table) Key(k string) string { return t.t.key(k) }

// Path is this table's own path.
func (t *Table) Path() string { return t.t.path }

// Has reports whether k is present (and marks it read).
func (t *Table) Has(k string) bool { _, ok := t.t.get(k, false); return ok }

// Keys returns the table's keys, sorted, without marking them read.
func (t *Table) Keys() []string {
	out := make([]string, 0, len(t.t.m))
	for k := range t.t.m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Str reads a string without unsafe characters ("" when absent or bad).
func (t *Table) Str(k string, required bool) string { return t.t.str(k, required) }

// Need reads a required, non-blank string; what names it in messages.
func (t *Table) Need(k, what string) string { return t.t.need(k, what) }

// Int reads an integer in [lo, hi]; def when absent or bad.
func (t *Table) Int(k string, required bool, lo, hi, def int) int {
	return t.t.int(k, required, lo, hi, def)
}

// Uint64 reads a whole number 0..2^64-1: an integer, or a string of
// decimal digits for one beyond TOML's integers (2^63 and more).
func (t *Table) Uint64(k string, required bool) uint64 {
	v, ok := t.t.get(k, required)
	if !ok {
		return 0
	}
	switch n := v.(type) {
	case int64:
		if n >= 0 {
			return uint64(n)
		}
	case string:
		if u, err := strconv.ParseUint(n, 10, 64); err == nil {
			return u
		}
	}
	t.t.d.errf(t.t.key(k), "want a whole number from 0 to %d (as a string beyond %d), have %s", uint64(1<<64-1), int64(1<<63-1), typeName(v))
	return 0
}

// Bool reads true or false (false when absent).
func (t *Table) Bool(k string) bool { return t.t.bool(k) }

// Strs reads an array of strings.
func (t *Table) Strs(k string, required bool) []string { return t.t.strs(k, required) }

// Sub reads a table (nil when absent or not a table).
func (t *Table) Sub(k string, required bool) *Table {
	s := t.t.sub(k, required)
	if s == nil {
		return nil
	}
	return &Table{s}
}

// Tables reads an array of tables ([[k]] or an array of inline tables).
func (t *Table) Tables(k string) []*Table {
	ts := t.t.tables(k)
	out := make([]*Table, len(ts))
	for i, s := range ts {
		out[i] = &Table{s}
	}
	return out
}

// Done reports every key not read as unknown.
func (t *Table) Done() { t.t.done() }
