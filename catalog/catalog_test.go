package catalog

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"notrueking/internal/tabletest"
	"notrueking/scenarios"
	"notrueking/ui"
)

func TestParagraphs(t *testing.T) {
	got := Paragraphs("Moat Cailin is empty,\nunheld.\nTry: move 1 footman;\nthen back.\n\nExpect: it holds.\nNote\n\nlast")
	want := []string{"Moat Cailin is empty, unheld.", "Try: move 1 footman; then back.", "Expect: it holds. Note", "last"}
	if !slices.Equal(got, want) {
		t.Errorf("Paragraphs = %q, want %q", got, want)
	}
}

// TestSaveLoadsBack: a position saved into a folder made for it, for its
// owner only, named after its map, round and day, loads back to the same
// position; a second save at once gets a name of its own.
func TestSaveLoadsBack(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 6)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, 20)
	dir := filepath.Join(t.TempDir(), "positions")
	day := time.Date(2026, 11, 23, 10, 0, 0, 0, time.Local)
	p, err := Save(dir, g, day)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p) != "standard-round-1-2026-11-23.toml" {
		t.Errorf("the position is saved as %s", filepath.Base(p))
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the saved file: %v, %v; want mode 0600", fi, err)
	}
	back, err := scenarios.Load(p)
	if err != nil || !reflect.DeepEqual(back.Position(), g.Position()) {
		t.Fatalf("the saved position does not load back: %v", err)
	}
	if q, err := Save(dir, g, day); err != nil || q == p {
		t.Fatalf("a second save: %s, %v", q, err)
	}
}

// TestBrowser: the list holds every shipped scenario, then the saved
// ones of the folder, newest first, each with its comment on one line (a
// file that cannot be read says why); each row in view shows its button
// and what to try; scrolling stays in the list; a row loads its game.
func TestBrowser(t *testing.T) {
	dir := t.TempDir()
	data, err := scenarios.ShippedFile("ship-capacity")
	if err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(dir, "old.toml")
	for _, p := range []string{old, filepath.Join(dir, "new.toml")} {
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chtimes(old, time.Unix(1e9, 0), time.Unix(1e9, 0)); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a scenario"), 0o600)
	b := NewBrowser(dir)
	var names []string
	for _, e := range b.Entries() {
		names = append(names, e.Name)
	}
	if want := append(scenarios.Shipped(), "new.toml", "old.toml"); !slices.Equal(names, want) {
		t.Fatalf("the browser lists %v, want %v", names, want)
	}
	ws := b.Widgets()
	for i, e := range b.Entries()[:Rows] {
		if !strings.Contains(e.Text, "Try") || strings.Contains(e.Text, "\n") {
			t.Errorf("%s's comment on one line: %q", e.Name, e.Text)
		}
		if _, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdOpenScenario, N: i} }); !ok {
			t.Errorf("no button for row %d (%s)", i, e.Name)
		}
	}
	if _, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdOpenScenario, N: Rows} }); ok {
		t.Error("a row beyond the first page is shown")
	}
	b.Scroll(1000)
	if last := len(names) - Rows; b.Top() != max(last, 0) {
		t.Fatalf("scrolled to the end: top %d, want %d", b.Top(), last)
	}
	b.Scroll(-1000)
	if b.Top() != 0 {
		t.Fatalf("scrolled back: top %d", b.Top())
	}
	g, text, name, err := b.Entries()[len(names)-1].Load()
	if err != nil || g.Map().ID != "standard" || string(text) != string(data) || name != "old.toml" {
		t.Fatalf("the saved scenario loads as %s (%v)", name, err)
	}
	if _, _, name, err := b.Entries()[0].Load(); err != nil || name != scenarios.Shipped()[0]+".toml" {
		t.Fatalf("a shipped scenario loads as %s (%v)", name, err)
	}
	b.Refuse(os.ErrNotExist)
	if !ui.HasText(b.Widgets(), os.ErrNotExist.Error()) {
		t.Error("the foot does not say why a row did not open")
	}
}
