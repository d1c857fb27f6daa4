//go:build !js

package remote

import (
	"bytes"
	"encoding/json"
	"notrueking/feed"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// docs/protocol.md is held to the code: its message tables (the kinds
// each way, each kind's fields, the fields of the parts messages carry)
// against the Go types' JSON fields, both ways, and its sample session
// decoded strictly into the message types.

const protocolDoc = "../docs/protocol.md"

// docRow is one row of a table of protocol.md: the code spans of its
// first cells (outside parentheses: what is in parentheses explains).
type docRow struct {
	line  int
	cells [][]string
}

// docTable is the rows of the table under the heading head.
func docTable(t *testing.T, doc, head string) []docRow {
	t.Helper()
	lines := strings.Split(doc, "\n")
	at := slices.Index(lines, head)
	if at < 0 {
		t.Fatalf("%s has no heading %q", protocolDoc, head)
	}
	var rows []docRow
	for i := at + 1; i < len(lines) && !strings.HasPrefix(lines[i], "## "); i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(l, "|") {
			if len(rows) > 0 {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), "|")
		if strings.HasPrefix(strings.TrimSpace(cells[0]), "---") {
			continue
		}
		var row docRow
		row.line = i + 1
		for _, c := range cells {
			row.cells = append(row.cells, codeSpans(c))
		}
		rows = append(rows, row)
	}
	if len(rows) < 2 {
		t.Fatalf("%s: no table under %q", protocolDoc, head)
	}
	return rows[1:] // the header
}

// codeSpans are the `code` spans of s outside parentheses.
func codeSpans(s string) []string {
	var out []string
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				return out
			}
			if depth == 0 {
				out = append(out, s[i+1:i+1+j])
			}
			i += j + 1
		}
	}
	return out
}

// jsonFields are the JSON names of t's fields (an embedded struct's
// fields are its own).
func jsonFields(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" || !f.IsExported():
		case f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct:
			out = append(out, jsonFields(f.Type)...)
		case name == "":
			out = append(out, f.Name)
		default:
			out = append(out, name)
		}
	}
	return out
}

// fieldType is the type of t's field of JSON name name (nil: none).
func fieldType(t reflect.Type, name string) reflect.Type {
	for i := range t.NumField() {
		f := t.Field(i)
		n, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && n == "" && f.Type.Kind() == reflect.Struct {
			if ft := fieldType(f.Type, name); ft != nil {
				return ft
			}
		} else if n == name {
			return f.Type
		}
	}
	return nil
}

// part is the struct of remote's own that field type ft holds, alone or
// in a list or pointer (nil: none — a rules type, a plain value).
func part(ft reflect.Type) reflect.Type {
	for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice || ft.Kind() == reflect.Array {
		ft = ft.Elem()
	}
	own := ft.PkgPath() == reflect.TypeFor[Hello]().PkgPath() || ft.PkgPath() == reflect.TypeFor[feed.TalkLine]().PkgPath()
	if ft.Kind() != reflect.Struct || !own {
		return nil
	}
	return ft
}

// sameSet reports what of want got lacks and what it has besides.
func sameSet(got, want []string) (missing, extra []string) {
	for _, w := range want {
		if !slices.Contains(got, w) {
			missing = append(missing, w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			extra = append(extra, g)
		}
	}
	return missing, extra
}

// TestProtocolDocTables: every kind of message each way is in its table
// and every kind in a table is one; each kind's fields there are its
// type's JSON fields, none missing, none the type lacks; and so are the
// fields of each part a message carries (the map, a log's lines, …).
func TestProtocolDocTables(t *testing.T) {
	b, err := os.ReadFile(protocolDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	type partAt struct{ msg, field string }
	parts := map[partAt]reflect.Type{}
	for _, dir := range []struct {
		head       string
		fromDevice bool
	}{{"## Device → host", true}, {"## Host → device", false}} {
		var seen []string
		for _, row := range docTable(t, doc, dir.head) {
			if len(row.cells) < 2 || len(row.cells[0]) == 0 {
				t.Errorf("%s:%d: a row without its kind", protocolDoc, row.line)
				continue
			}
			for _, kind := range row.cells[0] {
				msg, ok := newMessage(kind, dir.fromDevice)
				if !ok {
					t.Errorf("%s:%d: %q under %q is no kind of message sent that way", protocolDoc, row.line, kind, dir.head)
					continue
				}
				seen = append(seen, kind)
				typ := reflect.TypeOf(msg).Elem()
				fields := slices.DeleteFunc(jsonFields(typ), func(f string) bool { return f == "t" })
				missing, extra := sameSet(row.cells[1], fields)
				if len(missing) > 0 {
					t.Errorf("%s:%d: %s's fields %v are not in the table", protocolDoc, row.line, kind, missing)
				}
				if len(extra) > 0 {
					t.Errorf("%s:%d: the table gives %s fields %v that %s has not", protocolDoc, row.line, kind, extra, typ.Name())
				}
				for _, f := range fields {
					if p := part(fieldType(typ, f)); p != nil {
						parts[partAt{kind, f}] = p
					}
				}
			}
		}
		for kind, m := range messages {
			if m.fromDevice == dir.fromDevice && !slices.Contains(seen, kind) {
				t.Errorf("%s: the kind %q is not in the table under %q", protocolDoc, kind, dir.head)
			}
		}
	}
	documented := map[partAt]bool{}
	for _, row := range docTable(t, doc, "## Parts of messages") {
		if len(row.cells) < 3 || len(row.cells[0]) != 1 {
			t.Errorf("%s:%d: a part's row is its field, the messages that carry it, its fields", protocolDoc, row.line)
			continue
		}
		for _, msg := range row.cells[1] {
			at := partAt{msg, row.cells[0][0]}
			p, ok := parts[at]
			if !ok {
				t.Errorf("%s:%d: %s carries no part %q", protocolDoc, row.line, msg, at.field)
				continue
			}
			documented[at] = true
			missing, extra := sameSet(row.cells[2], jsonFields(p))
			if len(missing) > 0 || len(extra) > 0 {
				t.Errorf("%s:%d: %s's %s (%s): fields %v are not in the table, %v are not its", protocolDoc, row.line, msg, at.field, p.Name(), missing, extra)
			}
		}
	}
	for at, p := range parts {
		if !documented[at] {
			t.Errorf("%s: %s's %s (%s) is not under \"## Parts of messages\"", protocolDoc, at.msg, at.field, p.Name())
		}
	}
}

// TestProtocolDocSample: every message of the sample session is JSON
// that decodes, with no field unknown, into the type of its kind — a
// kind a device sends (→) or a host sends (←).
func TestProtocolDocSample(t *testing.T) {
	b, err := os.ReadFile(protocolDoc)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	at := strings.Index(doc, "## A sample session")
	if at < 0 {
		t.Fatalf("%s has no sample session", protocolDoc)
	}
	block := doc[at:]
	start := strings.Index(block, "```\n")
	end := strings.Index(block[start+4:], "```")
	if start < 0 || end < 0 {
		t.Fatalf("%s: the sample session is not in a code block", protocolDoc)
	}
	type msg struct {
		toHost bool
		text   string
	}
	var msgs []msg
	for l := range strings.SplitSeq(block[start+4:start+4+end], "\n") {
		switch {
		case strings.HasPrefix(l, "→ "), strings.HasPrefix(l, "← "):
			msgs = append(msgs, msg{toHost: strings.HasPrefix(l, "→"), text: l[len("→ "):]})
		case strings.TrimSpace(l) == "":
		case len(msgs) > 0 && strings.HasPrefix(l, " "):
			msgs[len(msgs)-1].text += strings.TrimSpace(l)
		default:
			t.Fatalf("%s: a line of the sample session that is no message: %q", protocolDoc, l)
		}
	}
	kinds := map[string]bool{}
	for _, m := range msgs {
		var k kindOf
		if err := json.Unmarshal([]byte(m.text), &k); err != nil {
			t.Errorf("the sample's message %s is not JSON: %v", m.text, err)
			continue
		}
		way := "a host"
		if m.toHost {
			way = "a device"
		}
		into, ok := newMessage(k.T, m.toHost)
		if !ok {
			t.Errorf("the sample's message %s: %q is no kind %s sends", clip2([]byte(m.text)), k.T, way)
			continue
		}
		dec := json.NewDecoder(strings.NewReader(m.text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(into); err != nil || dec.More() {
			t.Errorf("the sample's message %s does not decode as a %s: %v", clip2([]byte(m.text)), k.T, err)
		}
		kinds[k.T] = true
	}
	if len(kinds) < 12 {
		t.Errorf("the sample session shows %d kinds of message: %v", len(kinds), kinds)
	}
	// The test reads what it means to: a field unknown is refused.
	dec := json.NewDecoder(bytes.NewReader([]byte(`{"t":"notice","text":"x","colour":"red"}`)))
	dec.DisallowUnknownFields()
	if dec.Decode(&Notice{}) == nil {
		t.Fatal("a field unknown was read")
	}
}
