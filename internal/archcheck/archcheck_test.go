package archcheck

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// needGo skips a test that runs the go command where there is none.
func needGo(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
}

// The module's packages import what docs/architecture.md's packages
// table allows, and every package has its row.
func TestImportsFollowTheDesign(t *testing.T) {
	needGo(t)
	problems, err := CheckModule("../..", "docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// A table that does not say what the code does fails, naming each
// package and import: an import on Windows only, an import the row
// leaves out, a package without a row, a row without a package. The same
// code with a table that says it passes.
func TestABadTableFails(t *testing.T) {
	needGo(t)
	problems, err := CheckModule("testdata/fixture", "bad.md")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"top imports low, which its row does not allow (it may import: mid)",
		"mid imports extra, which its row does not allow (it may import: low)",
		"extra is not in the packages table: add its row, with what it may import",
		"the table's row gone names no package of fixture",
	}
	slices.Sort(problems)
	slices.Sort(want)
	if !slices.Equal(problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	if problems, err := CheckModule("testdata/fixture", "good.md"); err != nil || len(problems) > 0 {
		t.Errorf("the table that says what the fixture imports: %v %q", err, problems)
	}
	// The import of extra is Windows's only: listed for the machine
	// alone, mid imports low and nothing else.
	_, pkgs, err := List("testdata/fixture", []Platform{{"linux", "amd64"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		if p.ImportPath == "fixture/mid" && slices.Contains(p.Imports, "fixture/extra") {
			t.Error("on Linux, mid imports extra: the fixture no longer shows an import of one platform")
		}
	}
}

// The Ebitengine column: no means not even through an import, through
// means never itself; a table row that names a package twice is refused.
func TestEbitengineColumn(t *testing.T) {
	const eb = "github.com/hajimehoshi/ebiten/v2"
	table := Table{
		{Package: "main", MayImport: []string{"app"}, Ebitengine: Through},
		{Package: "app", MayImport: []string{"ui"}, Ebitengine: Direct},
		{Package: "ui", Ebitengine: NoEbiten},
		{Package: "table", MayImport: []string{"ui"}, Ebitengine: NoEbiten},
	}
	pkgs := []Package{
		{ImportPath: "m", Imports: []string{"m/app", eb}, Deps: []string{eb, "m/app", "m/ui"}},
		{ImportPath: "m/app", Imports: []string{eb, "m/ui"}, Deps: []string{eb, "m/ui"}},
		{ImportPath: "m/ui", Imports: []string{eb + "/inpututil"}, Deps: []string{eb + "/inpututil"}},
		{ImportPath: "m/table", Imports: []string{"m/ui"}, Deps: []string{eb + "/inpututil", "m/ui"}},
	}
	got := Check("m", table, pkgs)
	want := []string{
		"main imports " + eb + " itself, and its row says Ebitengine only through its imports",
		"ui imports " + eb + "/inpututil itself, and its row says no Ebitengine",
		"table depends on " + eb + "/inpututil through its imports, and its row says no Ebitengine",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	twice := append(table, Row{Package: "ui"})
	if got := Check("m", twice, pkgs[2:3]); !slices.Contains(got, "the table has two rows for ui") {
		t.Errorf("a package in two rows: %q", got)
	}
}

// ReadTable reads the rows, several packages to a row, the remarks in
// parentheses left out; a document without the table, or a row whose
// Ebitengine column says neither no, yes nor through, is refused.
func TestReadTable(t *testing.T) {
	doc := "# x\n\n| Package | May import | Owns | Imports Ebitengine |\n|---|---|---|---|\n" +
		"| `a`, `b` (two at once) | `c` (and `d` in tests) | both | **yes** |\n" +
		"| `c` | — | the `x` type | through `a` only |\n\nafter\n| `z` | — | not read | no |\n"
	tab, err := ReadTable(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := Table{{"a", []string{"c"}, Direct}, {"b", []string{"c"}, Direct}, {"c", nil, Through}}
	if len(tab) != len(want) {
		t.Fatalf("rows %+v, want %+v", tab, want)
	}
	for i := range want {
		if tab[i].Package != want[i].Package || !slices.Equal(tab[i].MayImport, want[i].MayImport) || tab[i].Ebitengine != want[i].Ebitengine {
			t.Errorf("row %d: %+v, want %+v", i, tab[i], want[i])
		}
	}
	for _, c := range []struct{ doc, want string }{
		{"no table here\n", "no packages table"},
		{"| package | may import | owns | imports Ebitengine |\n|---|---|---|---|\n| `a` | — | a | maybe |\n", `line 3: the Ebitengine column says "maybe"`},
		{"| package | may import | owns | imports Ebitengine |\n|---|---|---|---|\n| a | — | a | no |\n", "line 3: the row names no `package`"},
		{"| package | may import | owns | imports Ebitengine |\n|---|---|---|---|\n| `a` | no |\n", "line 3: a row of the packages table has 2 cells, not 4"},
	} {
		if _, err := ReadTable(strings.NewReader(c.doc)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.doc, err, c.want)
		}
	}
}
