package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNoticesCurrent: the committed THIRD_PARTY_NOTICES is what go.mod
// gives today (so CI fails when a dependency changes and the file was not
// regenerated), and it names the modules the player's binary is built on.
func TestNoticesCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list for every release platform (-short)")
	}
	want, err := generate("../..")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../THIRD_PARTY_NOTICES")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("THIRD_PARTY_NOTICES is not current for go.mod: run go run ./internal/notices")
	}
	for _, m := range []string{"github.com/hajimehoshi/ebiten/v2 ", "github.com/BurntSushi/toml ", "golang.org/x/image ", "font/gofont/ttfs/README", "Bigelow & Holmes", "Go (the standard library and runtime)"} {
		if !bytes.Contains(want, []byte(m)) {
			t.Errorf("the notices lack %q", m)
		}
	}
	for _, m := range []string{"chromedp", "brotli", "notrueking"} {
		if bytes.Contains(want, []byte(m)) {
			t.Errorf("the notices name %q, which the player's binary does not link", m)
		}
	}
}

// TestModulesFindLicences: a module's licence files are those in its root
// and in the folders of the packages linked and their parents (not in
// folders no linked package is under), and the Go fonts' README comes
// with a gofont package; a module without any licence file is refused.
func TestModulesFindLicences(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, x, none := filepath.Join(root, "a"), filepath.Join(root, "x"), filepath.Join(root, "none")
	write("a/LICENSE", "MIT a")
	write("a/sub/deep/COPYING.txt", "zlib deep")
	write("a/sub/deep/x.go", "")
	write("a/examples/LICENSE.md", "not linked")
	write("a/NOTICE.md", "notice a")
	write("a/LICENSES-not.go", "")
	write("x/LICENSE", "BSD x")
	write("x/font/gofont/ttfs/README", "fonts")
	write("x/font/gofont/goregular/data.go", "")
	write("none/none.go", "")
	ps := []pkg{
		{"example.com/a", "v1.0.0", a, filepath.Join(a, "sub", "deep"), "example.com/a/sub/deep"},
		{"golang.org/x/image", "v0.1.0", x, filepath.Join(x, "font", "gofont", "goregular"), "golang.org/x/image/font/gofont/goregular"},
		{"example.com/a", "v1.0.0", a, a, "example.com/a"},
	}
	ms, err := modules(ps)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[0].Path != "example.com/a" || ms[1].Path != "golang.org/x/image" {
		t.Fatalf("modules %+v", ms)
	}
	if want := []string{"LICENSE", "NOTICE.md", "sub/deep/COPYING.txt"}; !slices.Equal(ms[0].Files, want) {
		t.Errorf("example.com/a's files %q, want %q", ms[0].Files, want)
	}
	if want := []string{"LICENSE", fontsReadme}; !slices.Equal(ms[1].Files, want) {
		t.Errorf("x/image's files %q, want %q", ms[1].Files, want)
	}
	text, err := render(ms)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"example.com/a v1.0.0 — sub/deep/COPYING.txt", "zlib deep", "fonts", "BSD x"} {
		if !strings.Contains(string(text), s) {
			t.Errorf("the notices lack %q:\n%s", s, text)
		}
	}
	if strings.Contains(string(text), "not linked") {
		t.Errorf("the notices hold a licence of a folder no linked package is in")
	}
	_, err = modules([]pkg{{"example.com/none", "v0.0.1", none, none, "example.com/none"}})
	if err == nil || !strings.Contains(err.Error(), "example.com/none v0.0.1") || !strings.Contains(err.Error(), "no licence file") {
		t.Errorf("a module without a licence: %v", err)
	}
}
