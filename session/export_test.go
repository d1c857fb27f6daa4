package session

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
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

// TestExportAll: the saves that export come back in order; one that does
// not is named in the error, and the others are exported all the same.
func TestExportAll(t *testing.T) {
	st := newMem()
	example(t, st, "g", 3)
	example(t, st, "h", 5)
	st.data["junk"] = []byte("not a record\n")
	files, err := ExportAll(st, []string{"h", "junk", "g"})
	if err == nil || !strings.Contains(err.Error(), "junk") {
		t.Fatalf("exporting a save that is no record: %v", err)
	}
	if len(files) != 2 || !bytes.Equal(files[0].Data, st.data["h"]) || !bytes.Equal(files[1].Data, st.data["g"]) {
		t.Fatalf("exported %d files, want h's and g's texts in that order", len(files))
	}
}

// TestWriteExports: the files go into a folder made for them, private to
// their owner; a second export of a name gets NAME-2 and leaves the first
// file as it was; the message names one file, or counts several.
func TestWriteExports(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "exports", "new")
	paths, err := WriteExports(dir, []ExportFile{{"ann.ntk", []byte("one\n")}})
	if err != nil || len(paths) != 1 || filepath.Base(paths[0]) != "ann.ntk" {
		t.Fatalf("first export: %v, %v", paths, err)
	}
	if fi, err := os.Stat(paths[0]); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the exported file: %v, %v; want mode 0600", fi, err)
	}
	again, err := WriteExports(dir, []ExportFile{{"ann.ntk", []byte("two\n")}, {"cy.ntk", []byte("three\n")}})
	if err != nil || len(again) != 2 || filepath.Base(again[0]) != "ann-2.ntk" {
		t.Fatalf("second export: %v, %v; want ann-2.ntk first", again, err)
	}
	if b, _ := os.ReadFile(paths[0]); string(b) != "one\n" {
		t.Fatalf("the first file now holds %q", b)
	}
	if msg := ExportedTo(dir, paths); !strings.Contains(msg, "ann.ntk") || !strings.Contains(msg, dir) {
		t.Errorf("one file: %q", msg)
	}
	if msg := ExportedTo(dir, again); !strings.HasPrefix(msg, "Exported 2 games to "+dir) {
		t.Errorf("two files: %q", msg)
	}
}

// TestZipExports: a page's one download for several games holds each
// game's text under its own name, a repeated name numbered.
func TestZipExports(t *testing.T) {
	files := []ExportFile{{"ann-ben.ntk", []byte("one\n")}, {"ann-ben.ntk", []byte("two\n")}, {"cy.ntk", []byte("three\n")}}
	data, err := ZipExports(files, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, f.Name+"="+string(b))
	}
	want := []string{"ann-ben.ntk=one\n", "ann-ben-2.ntk=two\n", "cy.ntk=three\n"}
	if !slices.Equal(got, want) {
		t.Fatalf("zip holds %q, want %q", got, want)
	}
}
