package store

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func openTemp(t *testing.T) *Dir {
	t.Helper()
	d, err := OpenDir(filepath.Join(t.TempDir(), "config", "saves"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDirRoundTripAndModes(t *testing.T) {
	d := openTemp(t)
	if runtime.GOOS != "windows" {
		st, err := os.Stat(d.Path())
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o700 {
			t.Errorf("saves folder mode %v, want 0700", st.Mode().Perm())
		}
	}
	if err := d.Save("g1", []byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := d.Save("g1", []byte("second")); err != nil {
		t.Fatal(err)
	}
	got, err := d.Load("g1")
	if err != nil || string(got) != "second" {
		t.Fatalf("Load = %q, %v; want the replaced content", got, err)
	}
	if runtime.GOOS != "windows" {
		st, err := os.Stat(d.File("g1"))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("save mode %v, want 0600 (a save holds every secret)", st.Mode().Perm())
		}
	}
	ents, err := os.ReadDir(d.Path())
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 1 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("folder holds %v; want only g1.ntk (no temporary file left)", names)
	}
	if err := d.Delete("g1"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Load("g1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Load after Delete: %v, want ErrNotFound", err)
	}
	if err := d.Delete("g1"); !errors.Is(err, ErrNotFound) {
		t.Errorf("second Delete: %v, want ErrNotFound", err)
	}
}

func TestListNewestFirstSkipsOthers(t *testing.T) {
	d := openTemp(t)
	now := time.Now()
	for i, id := range []string{"old", "new", "mid"} {
		if err := d.Save(id, []byte(id)); err != nil {
			t.Fatal(err)
		}
		age := map[string]time.Duration{"old": 3 * time.Hour, "mid": 2 * time.Hour, "new": time.Hour}[id]
		if err := os.Chtimes(d.File(id), now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(i, err)
		}
	}
	// Not saves: a temporary file, a foreign file, a folder with a save's name, a bad id.
	for _, name := range []string{".new.ntk.123.tmp", "notes.txt", "UPPER.ntk"} {
		if err := os.WriteFile(filepath.Join(d.Path(), name), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(d.Path(), "dir.ntk"), 0o700); err != nil {
		t.Fatal(err)
	}
	l, err := d.List()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range l {
		ids = append(ids, e.ID)
	}
	if strings.Join(ids, ",") != "new,mid,old" {
		t.Errorf("List = %v, want new,mid,old", ids)
	}
	if _, err := d.Load("dir"); err == nil {
		t.Error("Load of a folder named like a save succeeded")
	}
}

func TestLoadIsBounded(t *testing.T) {
	d := openTemp(t)
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs")
	}
	if err := mkfifo(d.File("fifo")); err != nil {
		t.Skip("mkfifo:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := d.Load("fifo"); done <- err }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("Load of a FIFO succeeded")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Load of a FIFO hangs")
	}
	if err := d.Save("big", make([]byte, MaxSave+1)); err == nil {
		t.Error("a save above MaxSave was written")
	}
}

func TestIDs(t *testing.T) {
	for _, bad := range []string{"", "../x", "a/b", "A", "-x", ".x", strings.Repeat("a", 65), "x.ntk"} {
		if CheckID(bad) == nil {
			t.Errorf("CheckID(%q) accepted", bad)
		}
	}
	d := openTemp(t)
	if err := d.Save("../escape", []byte("x")); err == nil {
		t.Error("Save with a path in the id succeeded")
	}
	id := NewID(time.Date(2026, 11, 23, 18, 40, 12, 0, time.Local))
	if CheckID(id) != nil || !strings.HasPrefix(id, "20261123-184012-") {
		t.Errorf("NewID = %q", id)
	}
	now := time.Now()
	if a, b := NewID(now), NewID(now); a == b {
		t.Errorf("two ids made at the same instant are equal: %s", a)
	}
	if got, ok := d.IDOf(d.File("abc")); !ok || got != "abc" {
		t.Errorf("IDOf(save path) = %q, %v", got, ok)
	}
	if _, ok := d.IDOf(filepath.Join(t.TempDir(), "abc.ntk")); ok {
		t.Error("IDOf accepted a file outside the saves folder")
	}
}

func TestDefaultDirHonoursEnv(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv(ConfigEnv, tmp)
	p, err := DefaultDir()
	if err != nil || p != filepath.Join(tmp, "saves") {
		t.Fatalf("DefaultDir = %q, %v; want %s/saves", p, err, tmp)
	}
	d, err := OpenDefault()
	if err != nil || d.Path() != p {
		t.Fatalf("OpenDefault = %v, %v", d, err)
	}
}

func TestOpenRemovesOnlyStaleTemporaries(t *testing.T) {
	d := openTemp(t)
	stale := filepath.Join(d.Path(), ".g.ntk.1.tmp")
	young := filepath.Join(d.Path(), ".g.ntk.2.tmp")
	for _, p := range []string{stale, young} {
		if err := os.WriteFile(p, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenDir(d.Path()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("a stale temporary file survived OpenDir")
	}
	if _, err := os.Stat(young); err != nil {
		t.Error("OpenDir removed a young temporary file (another window may be writing it):", err)
	}
}

func TestWriteFileNeverOverwritesUnasked(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.ntk")
	if err := os.WriteFile(p, []byte("the user's record"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(p, []byte("new"), 0o600, false)
	if !errors.Is(err, ErrExists) {
		t.Fatalf("WriteFile over an existing file without overwrite: %v, want ErrExists", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "the user's record" {
		t.Fatalf("the user's file now holds %q", got)
	}
	if err := WriteFile(p, []byte("new"), 0o600, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "new" {
		t.Fatalf("with overwrite the file holds %q", got)
	}
	q := filepath.Join(dir, "fresh.ntk")
	if err := WriteFile(q, []byte("x"), 0o600, false); err != nil {
		t.Fatalf("WriteFile to a free name: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("folder holds %d entries, want 2 (no temporary files left)", len(ents))
	}
}

func TestWriteFileFailureKeepsOld(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs a folder the user cannot write")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "save.ntk")
	if err := WriteFile(p, []byte("old"), 0o600, true); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	if err := WriteFile(p, []byte("new"), 0o600, true); err == nil {
		t.Fatal("write into a read-only folder reported success")
	}
	if got, _ := os.ReadFile(p); string(got) != "old" {
		t.Fatalf("after a failed write the file holds %q, want the old content", got)
	}
}

func TestFreeNameAndWriteNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.ntk")
	if got, err := FreeName(p); err != nil || got != p {
		t.Fatalf("FreeName of a free path = %q, %v", got, err)
	}
	n1, err := WriteNew(p, []byte("one"), 0o600)
	if err != nil || n1 != p {
		t.Fatalf("WriteNew = %q, %v", n1, err)
	}
	n2, err := WriteNew(p, []byte("two"), 0o600)
	if err != nil || n2 != filepath.Join(dir, "game-2.ntk") {
		t.Fatalf("second WriteNew = %q, %v; want game-2.ntk", n2, err)
	}
	n3, _ := WriteNew(p, []byte("three"), 0o600)
	if n3 != filepath.Join(dir, "game-3.ntk") {
		t.Fatalf("third WriteNew = %q; want game-3.ntk", n3)
	}
	for name, want := range map[string]string{n1: "one", n2: "two", n3: "three"} {
		if got, _ := os.ReadFile(name); string(got) != want {
			t.Errorf("%s holds %q, want %q", name, got, want)
		}
	}
}

// A write that fails at the rename (the name is taken by a folder) reports
// the failure and leaves no temporary file behind; this runs as root too.
func TestWriteFileFailureLeavesNoTemporary(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "save.ntk")
	if err := os.MkdirAll(filepath.Join(p, "inside"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new"), 0o600, true); err == nil {
		t.Fatal("renaming over a non-empty folder reported success")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != "save.ntk" {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("after a failed write the folder holds %v; want only save.ntk", names)
	}
	if _, err := os.Stat(filepath.Join(p, "inside")); err != nil {
		t.Error("the folder in the way was changed:", err)
	}
}

// TestReadOnlyDirWritesNothing: the spectator's view of the saves folder
// lists the saves but neither creates a missing folder nor removes a stale
// temporary file, as OpenDir does.
func TestReadOnlyDirWritesNothing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "saves")
	if _, err := ReadOnlyDir(missing).List(); err == nil {
		t.Error("List of a missing folder succeeded")
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Fatalf("the folder was created: %v", err)
	}
	dir := t.TempDir()
	stale := filepath.Join(dir, ".x.ntk.123"+tempSuffix)
	if err := os.WriteFile(stale, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(stale, old, old)
	if err := os.WriteFile(filepath.Join(dir, "g1.ntk"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := ReadOnlyDir(dir).List()
	if err != nil || len(l) != 1 || l[0].ID != "g1" {
		t.Fatalf("List = %v, %v; want g1", l, err)
	}
	if _, err := os.Stat(stale); err != nil {
		t.Errorf("the stale temporary file was removed: %v", err)
	}
}
