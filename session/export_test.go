package session

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/store"
)

// TestDeleteSave: one save goes, with its lock file, and the others stay;
// a save another window holds is refused with store.ErrInUse and kept.
func TestDeleteSave(t *testing.T) {
	d, err := store.OpenDir(filepath.Join(t.TempDir(), "saves"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"a", "b", "held"} {
		s, _ := example(t, d, id, 4)
		s.Close()
	}
	held, err := d.Lock("held") // another window plays it
	if err != nil {
		t.Fatal(err)
	}
	defer held()
	if err := DeleteSave(d, "a"); err != nil {
		t.Fatal(err)
	}
	if err := DeleteSave(d, "held"); !errors.Is(err, store.ErrInUse) {
		t.Fatalf("deleting a held save: %v, want ErrInUse", err)
	}
	for id, kept := range map[string]bool{"a": false, "b": true, "held": true} {
		if _, err := d.Load(id); (err == nil) != kept {
			t.Errorf("save %s: Load says %v; want it kept: %v", id, err, kept)
		}
	}
	if _, err := os.Lstat(filepath.Join(d.Path(), ".a.lock")); !os.IsNotExist(err) {
		t.Errorf("the deleted save's lock file: %v, want it gone", err)
	}
	if err := DeleteSave(d, "a"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleting a save twice: %v, want ErrNotFound", err)
	}
}

// TestExport: an exported save reads back (as the replay viewer and -load
// read a file) to the same game, and is named after its players and day;
// a save that is no record is refused.
func TestExport(t *testing.T) {
	st := newMem()
	s, _ := example(t, st, "g", 9)
	at := time.Date(2026, 11, 23, 18, 40, 0, 0, time.Local)
	s.Now = func() time.Time { return at }
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	name, data, err := Export(st, "g")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, st.data["g"]) {
		t.Error("the export is not the save's text")
	}
	want := ExportName(s.Game().Config().Players, at)
	if name != want || !strings.HasSuffix(name, "-2026-11-23.ntk") {
		t.Errorf("export name %q, want %q ending in the day", name, want)
	}
	f, err := gamefile.ReadData(data, ".", func(string) gamefile.MapLoader { return loadMap })
	if err != nil {
		t.Fatal(err)
	}
	if got, want := f.Game.Actions(), s.Game().Actions(); !slices.Equal(got, want) {
		t.Fatalf("the export replays to %d actions, the game has %d (or they differ)", len(got), len(want))
	}
	st.data["junk"] = []byte("not a record\n")
	if _, _, err := Export(st, "junk"); err == nil {
		t.Error("a save that is no record was exported")
	}
}

func TestExportName(t *testing.T) {
	day := time.Date(2026, 1, 2, 12, 0, 0, 0, time.Local)
	long := strings.Repeat("x", 24)
	for _, c := range []struct {
		players []string
		t       time.Time
		want    string
	}{
		{[]string{"Ann", "Ben"}, day, "ann-ben-2026-01-02.ntk"},
		{[]string{"Zoë O'Neil", "../..", "Bob"}, day, "zoë-o-neil-bob-2026-01-02.ntk"},
		{[]string{"??"}, time.Time{}, "game.ntk"},
		{[]string{long, long, long, long}, day, long + "-" + long + "-2026-01-02.ntk"},
	} {
		if got := ExportName(c.players, c.t); got != c.want {
			t.Errorf("ExportName(%q) = %q, want %q", c.players, got, c.want)
		}
	}
}
