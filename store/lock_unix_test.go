//go:build unix

package store

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A save is one window's at a time: a second Lock (another window, here
// the same folder opened again) is refused with ErrInUse until the first
// is released; the lock file is not a save.
func TestLockIsOneWindowsAtATime(t *testing.T) {
	dir := t.TempDir()
	a, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	release, err := a.Lock("g")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Lock("g"); !errors.Is(err, ErrInUse) {
		t.Fatalf("a second window's lock: %v, want ErrInUse", err)
	}
	if r, err := b.Lock("h"); err != nil {
		t.Fatalf("another save's lock: %v", err)
	} else {
		r()
	}
	release()
	again, err := b.Lock("g")
	if err != nil {
		t.Fatalf("after the first window released it: %v", err)
	}
	again()
	if l, _ := a.List(); len(l) != 0 {
		t.Fatalf("the lock files list as saves: %v", l)
	}
	if _, err := a.Lock("../g"); err == nil {
		t.Fatal("a lock of a bad id was taken")
	}
}

// TestLockChild holds save NTK_LOCK_CHILD's lock in the folder
// NTK_LOCK_DIR until it is killed (it acts only when run so, by
// TestLockOfAKilledWindowIsFree).
func TestLockChild(t *testing.T) {
	id, dir := os.Getenv("NTK_LOCK_CHILD"), os.Getenv("NTK_LOCK_DIR")
	if id == "" {
		t.Skip("run by TestLockOfAKilledWindowIsFree")
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Lock(id); err != nil {
		t.Fatal(err)
	}
	fmt.Println("locked")
	time.Sleep(time.Minute)
}

// A window killed while it holds a save's lock (another process, killed
// with SIGKILL) leaves the save free for the next start.
func TestLockOfAKilledWindowIsFree(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestLockChild$", "-test.v")
	cmd.Env = append(os.Environ(), "NTK_LOCK_CHILD=g", "NTK_LOCK_DIR="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	locked := false
	for sc := bufio.NewScanner(out); sc.Scan(); {
		if strings.TrimSpace(sc.Text()) == "locked" {
			locked = true
			break
		}
	}
	if !locked {
		t.Fatal("the child never took the lock")
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Lock("g"); !errors.Is(err, ErrInUse) {
		t.Fatalf("while another process holds it: %v, want ErrInUse", err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	release, err := d.Lock("g")
	if err != nil {
		t.Fatalf("after the holder was killed: %v", err)
	}
	release()
}

// A saves folder reached through a symbolic link is the same folder: its
// path is the resolved one, and a save reached through the link, or
// through a link to the save itself, is known by its id (so -load
// continues it in place instead of making a second save of the game).
func TestSavesThroughALinkAreTheSameSaves(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real", "saves")
	if err := os.MkdirAll(real, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "real"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	viaLink, err := OpenDir(filepath.Join(root, "link", "saves"))
	if err != nil {
		t.Fatal(err)
	}
	direct, err := OpenDir(real)
	if err != nil {
		t.Fatal(err)
	}
	if viaLink.Path() != direct.Path() {
		t.Fatalf("the folder through a link is %s, directly %s", viaLink.Path(), direct.Path())
	}
	if err := direct.Save("20261125-120000-abcdef", []byte("x\n")); err != nil {
		t.Fatal(err)
	}
	fileLink := filepath.Join(root, "mine.ntk")
	if err := os.Symlink(direct.File("20261125-120000-abcdef"), fileLink); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{
		filepath.Join(root, "link", "saves", "20261125-120000-abcdef.ntk"),
		direct.File("20261125-120000-abcdef"),
		fileLink,
	} {
		for _, d := range []*Dir{viaLink, direct} {
			if id, ok := d.IDOf(p); !ok || id != "20261125-120000-abcdef" {
				t.Errorf("IDOf(%s) in %s: %q, %v", p, d.Path(), id, ok)
			}
		}
	}
	if _, ok := direct.IDOf(filepath.Join(root, "real", "other.ntk")); ok {
		t.Error("a file beside the saves folder is taken for a save")
	}
}

// The cleaning of a folder the program writes into removes only its own
// temporary files, and only old ones.
func TestRemoveStaleTempsRemovesOnlyOurOldTemps(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-11 * time.Minute)
	files := map[string]bool{ // name → removed
		".o.json.123456.tmp":  true,
		".game.ntk.9.tmp":     true,
		".young.json.77.tmp":  false,
		".notes.tmp":          false,
		"o.json.123456.tmp":   false,
		".o.json.12x45.tmp":   false,
		".o.json.123456.tmpx": false,
		"overlay.json":        false,
	}
	for name := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		if name != ".young.json.77.tmp" {
			if err := os.Chtimes(p, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	sub := filepath.Join(dir, ".d.1.tmp")
	if err := os.Mkdir(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(sub, old, old)
	RemoveStaleTemps(dir)
	for name, removed := range files {
		_, err := os.Stat(filepath.Join(dir, name))
		if gone := errors.Is(err, os.ErrNotExist); gone != removed {
			t.Errorf("%s: removed %v, want %v", name, gone, removed)
		}
	}
	if _, err := os.Stat(sub); err != nil {
		t.Error("a folder with a temporary file's name was removed")
	}
}
