package maps

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/BurntSushi/toml"
)

// hostile is one bad input for the loader and what it must say.
type hostile struct {
	name string
	data []byte
	line int    // the line the error must name; 0 = none, -1 = do not check
	key  string // the key the error must name ("" = none)
	msg  string // a substring of the error's message
}

func nest(open, closeWith string, depth int) string {
	return strings.Repeat(open, depth) + strings.Repeat(closeWith, depth)
}

// tinyWith returns tiny.toml with each old replaced by new, once.
func tinyWith(t testing.TB, repls ...string) string {
	t.Helper()
	text := tiny(t)
	for i := 0; i+1 < len(repls); i += 2 {
		if !strings.Contains(text, repls[i]) {
			t.Fatalf("tiny.toml lacks %q", repls[i])
		}
		text = strings.Replace(text, repls[i], repls[i+1], 1)
	}
	return text
}

// fill repeats lines made by f up to just under MaxFileSize.
func fill(f func(i int) string) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < MaxFileSize-200; i++ {
		b.WriteString(f(i))
	}
	return b.Bytes()
}

func hostileInputs(t testing.TB) []hostile {
	deep := func(n int) string { return "x = " + nest("[", "]", n) + "\n" }
	deepInline := func(n int) string { return "x = " + strings.Repeat("{a=", n) + "1" + strings.Repeat("}", n) + "\n" }
	// Nesting the scanner must see although a string comes first on the line.
	hidden := "x = [\"\"\"a\"\"\"\"\", " + nest("[", "]", 20) + "]\n"
	tinyLine := func(snippet string, text string) int {
		i := strings.Index(text, snippet)
		if i < 0 {
			t.Fatalf("no %q in the test input", snippet)
		}
		return strings.Count(text[:i], "\n") + 1
	}
	bidiName := tinyWith(t, `name = "South"`, "name = \"So\u202euth\"")
	// edit is tiny.toml with old replaced by new, which must give an error
	// on the line where old was.
	edit := func(name, old, new, key, msg string) hostile {
		return hostile{name, []byte(tinyWith(t, old, new)), tinyLine(old, tiny(t)), key, msg}
	}
	return []hostile{
		// Nesting: refused by the scanner before the decoder runs.
		{"arrays nested 4000 deep", []byte(deep(4000)), 1, "", "nested deeper than 8 levels"},
		{"arrays nested 20000 deep", []byte(deep(20000)), 1, "", "nested deeper than 8 levels"},
		{"inline tables nested 4000 deep", []byte(deepInline(4000)), 1, "", "nested deeper than 8 levels"},
		{"inline tables nested 20000 deep", []byte(deepInline(20000)), 1, "", "nested deeper than 8 levels"},
		{"dotted key of 20000 parts", []byte("x" + strings.Repeat(".a", 20000) + " = 1\n"), 1, "", "nested deeper than 8 levels"},
		{"table header of 20000 parts", []byte("[x" + strings.Repeat(".a", 20000) + "]\n"), 1, "", "nested deeper than 8 levels"},
		{"dotted keys inside inline tables", []byte("x = " + strings.Repeat("{a.b.c=", 3) + "1" + strings.Repeat("}", 3) + "\n"), 1, "", "nested deeper than 8 levels"},
		{"deep nesting on line 5", []byte("# a\nid = \"a\"\n\n[grid]\nrows = " + nest("[", "]", 9) + "\n"), 5, "", "nested deeper than 8 levels at column 15"},
		{"deep nesting after a multi-line string", []byte("a = \"\"\"\n[[[[[[[[[[\n\"\"\"\nb = " + nest("[", "]", 30) + "\n"), 4, "", "nested deeper"},
		{"deep nesting after a string closed by five quotes", []byte(hidden), 1, "", "nested deeper"},
		{"deep nesting after an escaped quote", []byte(`x = ["a\"", ` + nest("[", "]", 20) + "]\n"), 1, "", "nested deeper"},
		// Too many items: each line is within MaxDepth, but 4 MB of them
		// cost the decoder seconds and a gigabyte.
		{"4 MB of inline tables nested 8 deep", fill(func(i int) string {
			return fmt.Sprintf("x%d = %s1%s\n", i, strings.Repeat("{a=", 8), strings.Repeat("}", 8))
		}), 2942, "", "more than 50000 keys, values and tables"},
		{"4 MB of keys", fill(func(i int) string { return fmt.Sprintf("x%d = 1\n", i) }), 50001, "", "more than 50000 keys"},
		{"an array of a million numbers", []byte("x = [" + strings.Repeat("1,", 1<<20) + "]\n"), 1, "", "more than 50000 keys"},
		// Brackets in strings and comments do not count: these fail later,
		// for what they are.
		{"brackets in a basic string", []byte("id = \"a\"\nx = \"" + nest("[", "]", 5000) + "\"\n"), 2, "x", `unknown key "x"`},
		{"brackets in a literal string", []byte("id = \"a\"\nx = '" + nest("{", "}", 5000) + "'\n"), 2, "x", `unknown key "x"`},
		{"brackets in a multi-line string", []byte("id = \"a\"\nx = '''\n" + nest("[", "]", 5000) + "\n'''\n"), 2, "x", `unknown key "x"`},
		{"brackets in a comment", []byte("# " + nest("[", "]", 5000) + "\nid = \"a\"\nx = 1\n"), 3, "x", `unknown key "x"`},
		// Broken syntax.
		{"unterminated string", []byte("id = \"a\"\nname = \"abc\nx = 1\n"), 2, "name", "strings cannot contain newlines"},
		{"unterminated multi-line string", []byte("id = \"a\"\nname = \"\"\"abc\nx = [[[[[[[[[[[[\n"), 3, "name", "unexpected EOF"},
		{"NUL byte", []byte("id = \"a\"\nname = \"a\x00b\"\n"), 2, "name", "control characters"},
		{"NUL byte outside strings", []byte("id = \"a\"\x00\n"), 1, "", "control characters"},
		{"byte-order mark on a later line", []byte("id = \"a\"\n\ufeffname = \"b\"\n"), 2, "", `'\ufeff'`},
		{"two byte-order marks", []byte("\ufeff\ufeffid = \"a\"\n"), 1, "", "a second byte-order mark (U+FEFF)"},
		{"lone carriage return", []byte("id = \"a\"\rname = \"b\"\n"), 1, "", "control characters"},
		{"invalid UTF-8 in a string", []byte("id = \"a\"\nname = \"a\xffb\"\n"), 2, "name", "invalid UTF-8"},
		{"invalid UTF-8 in a comment", []byte("id = \"a\"\n# caf\xe9\n"), 2, "", "invalid UTF-8"},
		{"huge single line", []byte(strings.Repeat("a", 3<<20) + "\n"), 1, "", "expected '.' or '='"},
		{"huge number", []byte("id = \"a\"\nmin_players = " + strings.Repeat("9", 100000) + "\n"), 2, "min_players", ": " + strings.Repeat("9", 40) + "… is out of range"},
		{"huge bare value", []byte("x = " + strings.Repeat("abc", 100000) + "\n"), 1, "x", `expected value but found "` + strings.Repeat("abc", 13) + "… instead"},
		{"huge key", []byte(strings.Repeat("k", 100000) + " = = 1\n"), 1, strings.Repeat("k", 40) + "…", "expected value"},
		{"file over 4 MB", make([]byte, MaxFileSize+1), 0, "", "larger than the limit of 4 MB"},
		// Ids and names.
		{"empty map id", []byte(tinyWith(t, `id = "tiny"`, `id = ""`)), 2, "id", "empty map id"},
		edit("empty territory id", `id = "south"`, `id = ""`, "territory.id", "empty territory id"),
		edit("empty house id", `id = "south-house"`, `id = ""`, "house.id", "empty house id"),
		edit("empty card id", `id = "lady-south"`, `id = " "`, "card.id", "empty card id"),
		edit("empty conspiracy id", `id = "torch"`, `id = ""`, "conspiracy.id", "empty conspiracy id"),
		{"empty name", []byte(tinyWith(t, `name = "South"`, `name = ""`)), tinyLine(`name = ""`, tinyWith(t, `name = "South"`, `name = ""`)), "territory.name", "empty name"},
		edit("empty home", `home = "south"`, `home = ""`, "house.home", "empty territory id"),
		edit("empty card house", "house = \"south-house\"\nstrength", "house = \"\"\nstrength", "card.house", "empty house id"),
		edit("empty rows", "rows = \"\"\"\nwwwwwwww\nwwpnNNNN\nwwwwNNNN\nwwwwSSSS\n\"\"\"", `rows = ""`, "grid.rows", "empty rows"),
		{"bidi override in a territory name", []byte(bidiName), tinyLine("So\u202euth", bidiName), "territory.name", `"So\u202euth" holds a bidi control character, U+202E`},
		{"bidi isolate in a house name", []byte(tinyWith(t, `name = "North House"`, `name = "North \u2066House"`)), 18, "house.name", "bidi control character, U+2066"},
		edit("left-to-right mark in a name", `name = "Lord North"`, "name = \"Lord\u200e North\"", "card.name", "U+200E"),
		edit("Arabic letter mark in a name", `name = "Lord North"`, "name = \"Lord\u061c North\"", "card.name", "U+061C"),
		edit("zero-width space in a card id", `id = "lady-south"`, `id = "lady\u200b-south"`, "card.id", "zero-width character, U+200B"),
		edit("zero-width joiner in an id", `id = "north"`, `id = "no\u200drth"`, "territory.id", "zero-width character, U+200D"),
		edit("word joiner in a name", `name = "The Sea"`, "name = \"The\u2060Sea\"", "territory.name", "U+2060"),
		{"byte-order mark inside a name", []byte(tinyWith(t, `name = "Tiny"`, "name = \"Ti\ufeffny\"")), 3, "name", "zero-width character, U+FEFF"},
		{"escaped control character in a name", []byte(tinyWith(t, `name = "Tiny"`, `name = "Ti\u0007ny"`)), 3, "name", "control character, U+0007"},
		{"terminal escape in a name", []byte(tinyWith(t, `name = "Tiny"`, `name = "\u001b[31mTiny"`)), 3, "name", `"\x1b[31mTiny"`},
		{"tab in a name", []byte(tinyWith(t, `name = "Tiny"`, `name = "Ti\tny"`)), 3, "name", "U+0009"},
		{"newline in a name", []byte(tinyWith(t, `name = "Tiny"`, `name = """Ti`+"\n"+`ny"""`)), 3, "name", "U+000A"},
		{"line separator in a name", []byte(tinyWith(t, `name = "Tiny"`, "name = \"Ti\u2028ny\"")), 3, "name", "line separator"},
		edit("bidi in a neighbour", `neighbors = ["north", "the-sea"]`, "neighbors = [\"north\", \"the-\u202esea\"]", "territory.neighbors", "U+202E"),
		{"bidi in a key", []byte(tinyWith(t, `name = "Tiny"`, "name = \"Tiny\"\n\"co\u202elour\" = 1")), 4, `co\u202elour`, `unknown key "co\u202elour"`},
		edit("id too long", `id = "south"`, `id = "`+strings.Repeat("s", 1000)+`"`, "territory.id", "is 1000 characters long; an id is at most 64"),
		edit("name too long", `name = "South"`, `name = "`+strings.Repeat("South ", 100)+`"`, "territory.name", "name is 600 characters long; the limit is 64"),
	}
}

// TestHostileInputs feeds the loader bad files, each of which must be
// refused with a short, printable message naming file, line and key. (How
// fast is not timed here: a loaded machine makes timed tests flaky. The
// bounds that keep it fast — size, depth, item count — are checked before
// the decoder runs and tested on their own; BenchmarkLoadStandard measures
// a whole load.)
func TestHostileInputs(t *testing.T) {
	for _, h := range hostileInputs(t) {
		t.Run(h.name, func(t *testing.T) {
			m, err := Parse("bad.toml", h.data)
			if err == nil {
				t.Fatalf("accepted: %+v", m)
			}
			checkHostileError(t, err, "bad.toml", h.line, h.key, h.msg)
		})
	}
}

// checkHostileError checks that err is an ErrorList holding an error at
// file:line with key whose message contains msg, and that the whole
// message is printable and short.
func checkHostileError(t *testing.T, err error, file string, line int, key, msg string) {
	t.Helper()
	var list ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		t.Fatalf("want a non-empty ErrorList, have %T %v", err, err)
	}
	text := err.Error()
	for _, r := range text {
		if r != '\n' && !unicode.IsPrint(r) {
			t.Errorf("message holds unprintable %U: %.300q", r, text)
			break
		}
	}
	for _, l := range strings.Split(text, "\n") {
		if len(l) > 400 {
			t.Errorf("a line of the message is %d bytes long: %.300q", len(l), l)
		}
	}
	for _, e := range list {
		if e.File == file && (line < 0 || e.Line == line) && clean(e.Key, quoteRunes) == key && strings.Contains(e.Error(), msg) {
			return
		}
	}
	t.Errorf("want an error %s:%d: %s: …%s…; have:\n%.2000s", file, line, key, msg, text)
}

// TestNestingWithinLimits: the depth the format uses, and the limit itself,
// pass the scanner.
func TestNestingWithinLimits(t *testing.T) {
	for _, s := range []string{
		"[[river]]\nborders = [[\"a\", \"b\"], [\"c\", \"d\"]]\n",
		"x = " + nest("[", "]", MaxDepth) + "\n",
		"x = " + strings.Repeat("{a=", MaxDepth) + "1" + strings.Repeat("}", MaxDepth) + "\n",
		"[a.b.c]\nd.e.f = [[1.5, 2.5]]\n",
		"x = [\"\"\"a\"\"\"\"\", [[1]]]\n",
		"x = 'C:\\' # [[[[[[[[[[[[[[[\ny = \"\\\\\" # {{{{{{{{{{{{\n",
		"[" + strings.Repeat("a.", MaxDepth-1) + "a]\n",
	} {
		if e := checkNesting("x.toml", []byte(s)); e != nil {
			t.Errorf("%q: %v", s, e)
		}
	}
	for _, s := range []string{
		"x = " + nest("[", "]", MaxDepth+1) + "\n",
		"[" + strings.Repeat("a.", MaxDepth) + "a]\n",
		"[a.b.c.d.e]\nf.g.h = [[1]]\n",
	} {
		if e := checkNesting("x.toml", []byte(s)); e == nil {
			t.Errorf("%q: passed", s)
		}
	}
}

func standardBytes(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile("standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestWindowsEncodings: a byte-order mark and CRLF line ends, as Windows
// editors save, load the same map, and errors keep their lines.
func TestWindowsEncodings(t *testing.T) {
	std := standardBytes(t)
	want, err := JSON(standard(t))
	if err != nil {
		t.Fatal(err)
	}
	crlf := bytes.ReplaceAll(std, []byte("\n"), []byte("\r\n"))
	for name, data := range map[string][]byte{
		"bom":      append([]byte("\xef\xbb\xbf"), std...),
		"crlf":     crlf,
		"bom+crlf": append([]byte("\xef\xbb\xbf"), crlf...),
	} {
		m, err := Parse(name+".toml", data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got, _ := JSON(m); !bytes.Equal(got, want) {
			t.Errorf("%s: loads differently from standard.toml", name)
		}
	}

	text := tinyWith(t, `home = "south"`, `home = "narnia"`, "wwwwSSSS", "wwwwSSXX")
	home := lineOf(t, text, `home = "narnia"`, 1)
	row := lineOf(t, text, "wwwwSSXX", 1)
	bad := "\xef\xbb\xbf" + strings.ReplaceAll(text, "\n", "\r\n")
	_, err = Parse("win.toml", []byte(bad))
	checkHostileError(t, err, "win.toml", home, "house.home", `unknown territory "narnia"`)
	checkHostileError(t, err, "win.toml", row, "grid.rows", `row 4, column 4: unknown code "XX"`)

	// A key on the first line, right after the mark, keeps its line.
	first := "\xef\xbb\xbfid = \"Tiny\"\r\n" + strings.Replace(tiny(t), "id = \"tiny\"\n", "", 1)
	_, err = Parse("win.toml", []byte(first))
	checkHostileError(t, err, "win.toml", 1, "id", `"Tiny" is not an id`)
}

// TestShippedNameNotShadowed: a file called like a shipped map in the
// working directory does not replace it; "./standard" reads the file.
func TestShippedNameNotShadowed(t *testing.T) {
	want, _ := JSON(standard(t))
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("standard", []byte("id = \"impostor\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("standard.toml", []byte("id = \"impostor\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"standard", "standard.toml"} {
		m, err := Load(name)
		if err != nil {
			t.Fatalf("Load(%q): %v", name, err)
		}
		if got, _ := JSON(m); !bytes.Equal(got, want) {
			t.Errorf("Load(%q) is not the shipped map", name)
		}
	}
	for _, path := range []string{"./standard", "./standard.toml", filepath.Join(dir, "standard")} {
		_, err := Load(path)
		if err == nil || !strings.Contains(err.Error(), `missing key "name"`) {
			t.Errorf("Load(%q) did not read the file: %v", path, err)
		}
	}
	if _, err := Load("nonesuch"); err == nil || !strings.Contains(err.Error(), "no such map (shipped maps: nine, standard") {
		t.Errorf("Load(nonesuch): %v", err)
	}
	if _, err := Load(""); err == nil || !strings.Contains(err.Error(), "no map named") {
		t.Errorf(`Load(""): %v`, err)
	}
}

// valueDepth is how deeply v nests tables and arrays (a scalar is 0).
func valueDepth(v any) int {
	d := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			d = max(d, valueDepth(e))
		}
	case []map[string]any:
		for _, e := range v {
			d = max(d, valueDepth(e))
		}
	case []any:
		for _, e := range v {
			d = max(d, valueDepth(e))
		}
	default:
		return 0
	}
	return d + 1
}

// FuzzNesting: whatever passes the scanner decodes to a bounded depth, so
// no string, comment or quoting trick hides nesting from it. (An
// array of tables is two levels per header part, hence the factor 2.)
func FuzzNesting(f *testing.F) {
	for _, s := range []string{
		"x = [\"\"\"a\"\"\"\"\", [[[1]]]]\n",
		"x = ['''a''''', {a={b=1}}]\n",
		"x = \"a\\\"\" # [[\ny = [[1]]\n",
		"[[a.b]]\n[[a.b.c]]\nx.y = [{z = [1]}]\n",
		"a = '''\n[[[\n'''\nb = [[1]]\n",
		"x = {a.b.c = {d.e = [1]}}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if checkNesting("f.toml", data) != nil {
			return
		}
		var raw map[string]any
		if _, err := toml.Decode(string(data), &raw); err != nil {
			return
		}
		if d := valueDepth(raw); d > 2*MaxDepth+2 {
			t.Fatalf("passed the scanner but decodes %d deep: %q", d, data)
		}
	})
}
