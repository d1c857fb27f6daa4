// Package archcheck checks that the packages import what the design says
// they may: the packages table of docs/architecture.md names, row by row,
// each package of the module, the project packages it may import, and
// whether it may import Ebitengine. Check compares the table with what
// `go list` says the code imports, on every platform the game is built
// for (a file for the browser or for Windows imports what the others do
// not), and names each package and import that the table does not allow,
// each package the table does not list, and each row that names no
// package. Its test runs it on the module.
package archcheck

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Ebitengine is the import path prefix of Ebitengine and its own modules.
const Ebitengine = "github.com/hajimehoshi/"

// Ebiten is what a row lets its packages do with Ebitengine.
type Ebiten int

const (
	// NoEbiten: neither the package nor anything it imports, however
	// deep, imports Ebitengine: it builds and tests without a display.
	NoEbiten Ebiten = iota
	// Through: the package imports Ebitengine only through the project
	// packages it imports (never itself).
	Through
	// Direct: the package imports Ebitengine itself.
	Direct
)

// Row is one package's row of the table: the project packages it may
// import, by their paths in the module ("rules", "internal/safefile"; the
// module's root package is "main"), and what it may do with Ebitengine.
type Row struct {
	Package    string
	MayImport  []string
	Ebitengine Ebiten
}

// Table is the packages table: a row per package.
type Table []Row

// header starts the packages table: its first three columns.
var header = []string{"package", "may import", "owns"}

// ReadTable reads the packages table from a Markdown document: the table
// whose header row starts "| package | may import | owns |" and whose last
// column is Ebitengine's ("no", "yes", or "through …"). In the first two
// columns every `backticked` path before a remark in parentheses is read
// ("`internal/release` (package main)"); "—" or nothing names no package.
// A row may name several packages: each gets the row.
func ReadTable(r io.Reader) (Table, error) {
	var t Table
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	in, line := false, 0
	for sc.Scan() {
		line++
		cells := cellsOf(sc.Text())
		switch {
		case !in && len(cells) >= len(header)+1 && equalFold(cells[:len(header)], header):
			in = true
			continue
		case !in:
			continue
		case cells == nil:
			if len(t) == 0 {
				return nil, fmt.Errorf("line %d: the packages table has no row", line)
			}
			return t, nil
		case strings.Trim(strings.Join(cells, ""), "-: ") == "":
			continue // the row under the header
		}
		if len(cells) < len(header)+1 {
			return nil, fmt.Errorf("line %d: a row of the packages table has %d cells, not %d", line, len(cells), len(header)+1)
		}
		pkgs := backticked(cells[0])
		if len(pkgs) == 0 {
			return nil, fmt.Errorf("line %d: the row names no `package`", line)
		}
		eb, err := readEbiten(cells[len(cells)-1])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		may := backticked(cells[1])
		for _, p := range pkgs {
			t = append(t, Row{Package: p, MayImport: may, Ebitengine: eb})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !in {
		return nil, fmt.Errorf("no packages table: no row starts %q", "| "+strings.Join(header, " | ")+" |")
	}
	return t, nil
}

// cellsOf is a table row's cells, trimmed; nil for a line that is no row.
func cellsOf(line string) []string {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "|") || !strings.HasSuffix(line, "|") || len(line) < 2 {
		return nil
	}
	cells := strings.Split(line[1:len(line)-1], "|")
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells
}

func equalFold(a, b []string) bool {
	return slices.EqualFunc(a, b, strings.EqualFold)
}

// backticked is the `backticked` words of a cell before its first remark
// in parentheses.
func backticked(cell string) []string {
	if i := strings.Index(cell, "("); i >= 0 {
		cell = cell[:i]
	}
	var out []string
	for {
		_, rest, ok := strings.Cut(cell, "`")
		if !ok {
			return out
		}
		word, after, ok := strings.Cut(rest, "`")
		if !ok {
			return out
		}
		out = append(out, word)
		cell = after
	}
}

// readEbiten reads the last column: "no", "yes" (bold or not), or
// "through …" (the packages it names).
func readEbiten(cell string) (Ebiten, error) {
	c := strings.ToLower(strings.Trim(cell, "* "))
	switch {
	case c == "no":
		return NoEbiten, nil
	case c == "yes":
		return Direct, nil
	case strings.HasPrefix(c, "through"):
		return Through, nil
	}
	return 0, fmt.Errorf("the Ebitengine column says %q: not no, yes or through …", cell)
}

// Package is what `go list` says of one package: its import path, its
// imports (without its tests') and everything it depends on.
type Package struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

// Platform is a GOOS and GOARCH to list the packages for ("" and "": the
// machine's own).
type Platform struct{ GOOS, GOARCH string }

// Platforms are those the game is built for whose files import
// differently: the machine's, the browser's, Windows and macOS.
var Platforms = []Platform{{}, {"js", "wasm"}, {"windows", "amd64"}, {"darwin", "arm64"}}

// List runs `go list` in the module at dir for each platform and merges
// what it says: a package's imports and dependencies on any platform.
// It returns the module's path too.
func List(dir string, platforms []Platform) (module string, pkgs []Package, err error) {
	out, err := goCmd(dir, nil, "list", "-m", "-f", "{{.Path}}")
	if err != nil {
		return "", nil, err
	}
	module = strings.TrimSpace(string(out))
	byPath := map[string]*Package{}
	var order []string
	for _, p := range platforms {
		env := []string{"CGO_ENABLED=0", "GOWORK=off"}
		if p.GOOS != "" {
			env = append(env, "GOOS="+p.GOOS, "GOARCH="+p.GOARCH)
		}
		out, err := goCmd(dir, env, "list", "-e", "-json=ImportPath,Imports,Deps,Error", "./...")
		if err != nil {
			return "", nil, err
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		for {
			var q struct {
				Package
				Error *struct{ Err string }
			}
			if err := dec.Decode(&q); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return "", nil, fmt.Errorf("go list: %v", err)
			}
			if q.Error != nil && !strings.Contains(q.Error.Err, "build constraints exclude all Go files") {
				return "", nil, fmt.Errorf("go list %s (GOOS=%s): %s", q.ImportPath, p.GOOS, q.Error.Err)
			}
			have := byPath[q.ImportPath]
			if have == nil {
				have = &Package{ImportPath: q.ImportPath}
				byPath[q.ImportPath] = have
				order = append(order, q.ImportPath)
			}
			have.Imports = union(have.Imports, q.Imports)
			have.Deps = union(have.Deps, q.Deps)
		}
	}
	for _, ip := range order {
		pkgs = append(pkgs, *byPath[ip])
	}
	return module, pkgs, nil
}

// goCmd runs the go command in dir with env added to this process's.
func goCmd(dir string, env []string, args ...string) ([]byte, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the go command is not on PATH")
	}
	cmd := exec.Command(gobin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

func union(a, b []string) []string {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// Check compares the packages of module with the table and returns every
// problem, one sentence each, naming the package and the import: a
// package the table does not list, a row that names no package of the
// module, a project package imported that the package's row does not
// allow, Ebitengine imported where the row says no (or not directly).
func Check(module string, t Table, pkgs []Package) []string {
	rows := map[string]Row{}
	var problems []string
	for _, r := range t {
		if _, twice := rows[r.Package]; twice {
			problems = append(problems, fmt.Sprintf("the table has two rows for %s", r.Package))
		}
		rows[r.Package] = r
	}
	name := func(ip string) string {
		if ip == module {
			return "main"
		}
		return strings.TrimPrefix(ip, module+"/")
	}
	inModule := func(ip string) bool { return ip == module || strings.HasPrefix(ip, module+"/") }
	listed := map[string]bool{}
	for _, p := range pkgs {
		n := name(p.ImportPath)
		listed[n] = true
		r, ok := rows[n]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s is not in the packages table: add its row, with what it may import", n))
			continue
		}
		for _, imp := range p.Imports {
			switch {
			case inModule(imp) && !slices.Contains(r.MayImport, name(imp)):
				problems = append(problems, fmt.Sprintf("%s imports %s, which its row does not allow (it may import: %s)", n, name(imp), mayList(r.MayImport)))
			case strings.HasPrefix(imp, Ebitengine) && r.Ebitengine != Direct:
				problems = append(problems, fmt.Sprintf("%s imports %s itself, and its row says %s", n, imp, ebitenWords[r.Ebitengine]))
			}
		}
		if r.Ebitengine == NoEbiten {
			if i := slices.IndexFunc(p.Deps, func(d string) bool { return strings.HasPrefix(d, Ebitengine) }); i >= 0 && !slices.ContainsFunc(p.Imports, func(d string) bool { return strings.HasPrefix(d, Ebitengine) }) {
				problems = append(problems, fmt.Sprintf("%s depends on %s through its imports, and its row says %s", n, p.Deps[i], ebitenWords[NoEbiten]))
			}
		}
	}
	for _, r := range t {
		if !listed[r.Package] {
			problems = append(problems, fmt.Sprintf("the table's row %s names no package of %s", r.Package, module))
		}
		for _, m := range r.MayImport {
			if !listed[m] {
				problems = append(problems, fmt.Sprintf("the row of %s lets it import %s, which is no package of %s", r.Package, m, module))
			}
		}
	}
	return problems
}

var ebitenWords = map[Ebiten]string{
	NoEbiten: "no Ebitengine",
	Through:  "Ebitengine only through its imports",
	Direct:   "it imports Ebitengine",
}

func mayList(may []string) string {
	if len(may) == 0 {
		return "no project package"
	}
	return strings.Join(may, ", ")
}

// CheckModule reads the table from doc (a path in the module at dir) and
// checks the module's packages against it.
func CheckModule(dir, doc string) ([]string, error) {
	f, err := os.Open(filepath.Join(dir, doc))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := ReadTable(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", doc, err)
	}
	module, pkgs, err := List(dir, Platforms)
	if err != nil {
		return nil, err
	}
	return Check(module, t, pkgs), nil
}
