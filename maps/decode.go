package maps

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// dec gathers problems while reading a decoded TOML document strictly.
type dec struct {
	file string
	li   *lineIndex
	errs ErrorList
}

// display turns an internal path ("territory#3.neighbors") into the key a
// person reads ("territory.neighbors"); the line says which entry.
func display(path string) string {
	parts := strings.Split(path, ".")
	for i, p := range parts {
		if j := strings.IndexByte(p, '#'); j >= 0 {
			parts[i] = p[:j]
		}
	}
	return strings.Join(parts, ".")
}

// errAt records a problem. Every string argument is text from the file and
// is formatted as a frag: short and printable.
func (d *dec) errAt(path string, line int, format string, args ...any) {
	d.errs = append(d.errs, &Error{File: d.file, Line: line, Key: display(path), Msg: fmt.Sprintf(format, frags(args)...)})
}

func (d *dec) errf(path string, format string, args ...any) {
	d.errAt(path, d.li.line(path), format, args...)
}

// table is one TOML table being read; every key read is marked used, and
// done reports the rest as unknown.
type table struct {
	d    *dec
	path string
	m    map[string]any
	used map[string]bool
}

func (d *dec) table(path string, m map[string]any) *table {
	return &table{d: d, path: path, m: m, used: map[string]bool{}}
}

func (t *table) key(k string) string {
	if t.path == "" {
		return k
	}
	return t.path + "." + k
}

func (t *table) get(k string, required bool) (any, bool) {
	t.used[k] = true
	v, ok := t.m[k]
	if !ok && required {
		t.d.errf(t.path, "missing key %q", k)
	}
	return v, ok
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a number with a fraction"
	case bool:
		return "true/false"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	case []map[string]any:
		return "an array of tables"
	}
	return fmt.Sprintf("%T", v)
}

// str reads a string. A string holding a character no name or id may hold
// (see badRune) is reported and read as "", like a missing one.
func (t *table) str(k string, required bool) string {
	v, ok := t.get(k, required)
	if !ok {
		return ""
	}
	s, isStr := v.(string)
	if !isStr {
		t.d.errf(t.key(k), "want a string, have %s", typeName(v))
		return ""
	}
	if !t.d.safeText(t.key(k), s, false) {
		return ""
	}
	return s
}

// lines reads a required non-empty string that may span lines.
func (t *table) lines(k, what string) string {
	v, ok := t.get(k, true)
	if !ok {
		return ""
	}
	s, isStr := v.(string)
	switch {
	case !isStr:
		t.d.errf(t.key(k), "want a string, have %s", typeName(v))
		return ""
	case strings.TrimSpace(s) == "":
		t.d.errf(t.key(k), "empty %s", what)
		return ""
	case !t.d.safeText(t.key(k), s, true):
		return ""
	}
	return s
}

// need reads a required string that must not be empty (or only blanks);
// what names it in the message ("territory id").
func (t *table) need(k, what string) string {
	s := t.str(k, true)
	if v, ok := t.m[k].(string); ok && strings.TrimSpace(v) == "" {
		t.d.errf(t.key(k), "empty %s", what)
	}
	return s
}

// text reads a required non-empty string of at most max runes: a name
// (max maxNameLen) or free text (maxTextLen).
func (t *table) text(k, what string, max int) string {
	s := t.need(k, what)
	if n := utf8.RuneCountInString(s); n > max {
		t.d.errf(t.key(k), "%s is %d characters long; the limit is %d", what, n, max)
		return ""
	}
	return s
}

// safeText reports s at path if it holds a character no name or id may
// hold; newlines are allowed where newlines is set (the grid rows).
func (d *dec) safeText(path, s string, newlines bool) bool {
	r, what, bad := badRune(s, newlines)
	if bad {
		d.errf(path, "%q holds %s, U+%04X, which names and ids must not hold", s, what, r)
	}
	return !bad
}

func (t *table) bool(k string) bool {
	v, ok := t.get(k, false)
	if !ok {
		return false
	}
	b, isBool := v.(bool)
	if !isBool {
		t.d.errf(t.key(k), "want true or false, have %s", typeName(v))
	}
	return b
}

// int reads an integer in [lo, hi]; def when absent and not required.
func (t *table) int(k string, required bool, lo, hi, def int) int {
	v, ok := t.get(k, required)
	if !ok {
		return def
	}
	n, isInt := v.(int64)
	if !isInt {
		t.d.errf(t.key(k), "want an integer, have %s", typeName(v))
		return def
	}
	if n < int64(lo) || n > int64(hi) {
		t.d.errf(t.key(k), "%d is out of range %d..%d", n, lo, hi)
		return def
	}
	return int(n)
}

func (t *table) strs(k string, required bool) []string {
	v, ok := t.get(k, required)
	if !ok {
		return nil
	}
	a, isArr := v.([]any)
	if !isArr {
		t.d.errf(t.key(k), "want an array of strings, have %s", typeName(v))
		return nil
	}
	out := make([]string, 0, len(a))
	for i, e := range a {
		s, isStr := e.(string)
		if !isStr {
			t.d.errf(t.key(k), "element %d: want a string, have %s", i+1, typeName(e))
			continue
		}
		if !t.d.safeText(t.key(k), s, false) {
			continue
		}
		out = append(out, s)
	}
	return out
}

func (t *table) nums(k string, required bool) ([]float64, bool) {
	v, ok := t.get(k, required)
	if !ok {
		return nil, false
	}
	a, isArr := v.([]any)
	if !isArr {
		t.d.errf(t.key(k), "want an array of numbers, have %s", typeName(v))
		return nil, false
	}
	out := make([]float64, 0, len(a))
	for i, e := range a {
		switch n := e.(type) {
		case int64:
			out = append(out, float64(n))
		case float64:
			out = append(out, n)
		default:
			t.d.errf(t.key(k), "element %d: want a number, have %s", i+1, typeName(e))
			return nil, false
		}
	}
	return out, true
}

func (t *table) sub(k string, required bool) *table {
	v, ok := t.get(k, required)
	if !ok {
		return nil
	}
	m, isTab := v.(map[string]any)
	if !isTab {
		t.d.errf(t.key(k), "want a table, have %s", typeName(v))
		return nil
	}
	return t.d.table(t.key(k), m)
}

// tables reads an array of tables ([[k]]).
func (t *table) tables(k string) []*table {
	v, ok := t.get(k, false)
	if !ok {
		return nil
	}
	var ms []map[string]any
	switch a := v.(type) {
	case []map[string]any:
		ms = a
	case []any:
		for _, e := range a {
			m, isTab := e.(map[string]any)
			if !isTab {
				t.d.errf(t.key(k), "want [[%s]] tables, have %s", k, typeName(e))
				return nil
			}
			ms = append(ms, m)
		}
	default:
		t.d.errf(t.key(k), "want [[%s]] tables, have %s", k, typeName(v))
		return nil
	}
	out := make([]*table, len(ms))
	for i, m := range ms {
		out[i] = t.d.table(t.key(k)+"#"+strconv.Itoa(i), m)
	}
	return out
}

// done reports every key of the table that was not read.
func (t *table) done() {
	var unknown []string
	for k := range t.m {
		if !t.used[k] {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		t.d.errf(t.key(k), "unknown key %q", k)
	}
}

// pairs reads an array of two-string arrays (`borders = [["a", "b"], …]`).
func (t *table) pairs(k string, required bool) [][2]string {
	v, ok := t.get(k, required)
	if !ok {
		return nil
	}
	a, isArr := v.([]any)
	if !isArr {
		t.d.errf(t.key(k), "want an array of pairs [[\"a\", \"b\"], …], have %s", typeName(v))
		return nil
	}
	var out [][2]string
	for i, e := range a {
		p, isArr := e.([]any)
		if !isArr || len(p) != 2 {
			t.d.errf(t.key(k), "element %d: want a pair [\"a\", \"b\"]", i+1)
			continue
		}
		s0, ok0 := p[0].(string)
		s1, ok1 := p[1].(string)
		if !ok0 || !ok1 {
			t.d.errf(t.key(k), "element %d: want a pair of territory ids", i+1)
			continue
		}
		if !t.d.safeText(t.key(k), s0, false) || !t.d.safeText(t.key(k), s1, false) {
			continue
		}
		out = append(out, [2]string{s0, s1})
	}
	return out
}

// points reads an array of [x, y] pairs of numbers.
func (t *table) points(k string, required bool) [][2]float64 {
	v, ok := t.get(k, required)
	if !ok {
		return nil
	}
	a, isArr := v.([]any)
	if !isArr {
		t.d.errf(t.key(k), "want an array of points [[x, y], …], have %s", typeName(v))
		return nil
	}
	var out [][2]float64
	for i, e := range a {
		p, isArr := e.([]any)
		if !isArr || len(p) != 2 {
			t.d.errf(t.key(k), "element %d: want a point [x, y]", i+1)
			return nil
		}
		var xy [2]float64
		for j, c := range p {
			switch n := c.(type) {
			case int64:
				xy[j] = float64(n)
			case float64:
				xy[j] = n
			default:
				t.d.errf(t.key(k), "element %d: want a point of two numbers", i+1)
				return nil
			}
		}
		out = append(out, xy)
	}
	return out
}
