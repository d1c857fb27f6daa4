// Command notices writes THIRD_PARTY_NOTICES: every module compiled into
// the player's binary (on each release platform) and the browser page, with
// the licence and notice files the module cache holds for it. It is
// generated from go.mod through the go command, never written by hand:
//
//	go run ./internal/notices            # rewrite THIRD_PARTY_NOTICES
//	go run ./internal/notices -check     # exit 1 if it is not current
//
// The file lists, for each module (sorted by path): its version, then the
// text of each licence file: LICENSE, LICENCE, COPYING, NOTICE (any case,
// any extension) in the module's root and in the folders of the packages
// compiled in and their parents. The Go fonts' licence, which
// golang.org/x/image keeps in font/gofont/ttfs/README, is added when a
// gofont package is compiled in, and the Go standard library's licence
// ($GOROOT/LICENSE) comes first.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"notrueking/internal/safefile"
	"notrueking/store"
)

// targets are the platforms the release builds (.goreleaser.yaml) and the
// browser page: a module any of them links is listed.
var targets = []string{
	"linux/amd64", "linux/arm64", "windows/amd64", "windows/arm64",
	"darwin/amd64", "darwin/arm64", "js/wasm",
}

// maxLicense bounds one licence file read.
const maxLicense = 1 << 20

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("notices", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "THIRD_PARTY_NOTICES", "the `FILE` to write or check")
	check := fs.Bool("check", false, "write nothing: exit 1 if FILE is not what would be written")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "notices: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	text, err := generate(".")
	if err != nil {
		fmt.Fprintln(stderr, "notices:", err)
		return 1
	}
	if *check {
		old, err := safefile.ReadFile(*out, 16<<20)
		if err != nil {
			fmt.Fprintln(stderr, "notices:", err)
			return 1
		}
		if !bytes.Equal(old, text) {
			fmt.Fprintf(stderr, "notices: %s is not current for go.mod: run go run ./internal/notices\n", *out)
			return 1
		}
		return 0
	}
	if err := store.WriteFile(*out, text, 0o644, true); err != nil {
		fmt.Fprintln(stderr, "notices:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)
	return 0
}

// A pkg is one package the build links from a module.
type pkg struct {
	Module, Version, ModDir, Dir, ImportPath string
}

// deps lists the packages outside the standard library that the main
// package in dir links on each target (CGO_ENABLED=0, as the release
// builds).
func deps(dir string) ([]pkg, error) {
	var all []pkg
	for _, t := range targets {
		goos, goarch, _ := strings.Cut(t, "/")
		cmd := exec.Command("go", "list", "-deps", "-f",
			"{{if .Module}}{{if not .Module.Main}}{{.Module.Path}}\t{{.Module.Version}}\t{{.Module.Dir}}\t{{.Dir}}\t{{.ImportPath}}{{end}}{{end}}", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0", "GOFLAGS=-mod=readonly")
		var errb bytes.Buffer
		cmd.Stderr = &errb
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go list for %s: %v: %s", t, err, strings.TrimSpace(errb.String()))
		}
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Split(line, "\t")
			if len(f) != 5 {
				continue
			}
			if f[2] == "" {
				return nil, fmt.Errorf("module %s %s is not in the module cache: run go mod download", f[0], f[1])
			}
			all = append(all, pkg{f[0], f[1], f[2], f[3], f[4]})
		}
	}
	return all, nil
}

// licenseName is a licence or notice file's name.
var licenseName = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice)([-_.].*)?$`)

// fontsReadme is where golang.org/x/image keeps the Go fonts' licence,
// beside the font files, outside the packages that embed them.
const fontsReadme = "font/gofont/ttfs/README"

// A module is one listed module: its licence files, as paths relative to
// its root, sorted.
type module struct {
	Path, Version, Dir string
	Files              []string
}

// modules groups ps by module and finds each one's licence files.
func modules(ps []pkg) ([]module, error) {
	byPath := map[string]*module{}
	seen := map[string]bool{}
	for _, p := range ps {
		m := byPath[p.Module]
		if m == nil {
			m = &module{Path: p.Module, Version: p.Version, Dir: p.ModDir}
			byPath[p.Module] = m
		}
		// The package's folder and its parents up to the module's root.
		rel, err := filepath.Rel(p.ModDir, p.Dir)
		if err != nil || strings.HasPrefix(rel, "..") {
			return nil, fmt.Errorf("package %s is outside its module's folder %s", p.ImportPath, p.ModDir)
		}
		for d := filepath.ToSlash(rel); ; d = path.Dir(d) {
			key := p.Module + "\x00" + d
			if !seen[key] {
				seen[key] = true
				found, err := licenseFiles(p.ModDir, d)
				if err != nil {
					return nil, err
				}
				m.Files = append(m.Files, found...)
			}
			if d == "." {
				break
			}
		}
		if p.Module == "golang.org/x/image" && strings.HasPrefix(p.ImportPath, "golang.org/x/image/font/gofont/") && !slices.Contains(m.Files, fontsReadme) {
			m.Files = append(m.Files, fontsReadme)
		}
	}
	var ms []module
	for _, m := range byPath {
		slices.Sort(m.Files)
		if len(m.Files) == 0 {
			return nil, fmt.Errorf("module %s %s (%s) has no licence file", m.Path, m.Version, m.Dir)
		}
		ms = append(ms, *m)
	}
	slices.SortFunc(ms, func(a, b module) int { return strings.Compare(a.Path, b.Path) })
	return ms, nil
}

// licenseFiles lists the licence files in the folder rel of the module
// at root, as paths relative to root.
func licenseFiles(root, rel string) ([]string, error) {
	es, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return nil, err
	}
	var found []string
	for _, e := range es {
		if e.Type().IsRegular() && licenseName.MatchString(e.Name()) {
			found = append(found, path.Join(rel, e.Name()))
		}
	}
	return found, nil
}

// generate is THIRD_PARTY_NOTICES for the main package in dir.
func generate(dir string) ([]byte, error) {
	ps, err := deps(dir)
	if err != nil {
		return nil, err
	}
	ms, err := modules(ps)
	if err != nil {
		return nil, err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	std := module{Path: "Go (the standard library and runtime)", Dir: strings.TrimSpace(string(goroot)), Files: []string{"LICENSE"}}
	return render(append([]module{std}, ms...))
}

// render writes the notices: a summary, then each module's files.
func render(ms []module) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("THIRD-PARTY NOTICES for No True King\n\n")
	b.WriteString("No True King (the player's program on every platform, and the browser page) compiles in the\n")
	b.WriteString("software below. Each is used under the licence that follows its name. This file is generated\n")
	b.WriteString("from go.mod by `go run ./internal/notices`; do not edit it by hand.\n\n")
	for _, m := range ms {
		fmt.Fprintf(&b, "  %s", m.Path)
		if m.Version != "" {
			fmt.Fprintf(&b, " %s", m.Version)
		}
		b.WriteString("\n")
	}
	for _, m := range ms {
		for _, f := range m.Files {
			text, err := safefile.ReadFile(filepath.Join(m.Dir, filepath.FromSlash(f)), maxLicense)
			if err != nil {
				return nil, err
			}
			b.WriteString("\n" + strings.Repeat("=", 78) + "\n")
			b.WriteString(m.Path)
			if m.Version != "" {
				b.WriteString(" " + m.Version)
			}
			b.WriteString(" — " + f + "\n" + strings.Repeat("=", 78) + "\n\n")
			text = bytes.ReplaceAll(text, []byte("\r\n"), []byte("\n"))
			b.Write(bytes.TrimRight(text, "\n\t "))
			b.WriteString("\n")
		}
	}
	return b.Bytes(), nil
}
