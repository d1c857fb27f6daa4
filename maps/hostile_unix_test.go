//go:build unix

package maps

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHostileFiles: only regular files of at most MaxFileSize are read;
// the rest are refused at once, before any reading.
func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.toml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: 4 MB and one byte without writing them.
	if err := f.Truncate(MaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	atLimit := filepath.Join(dir, "limit.toml")
	if err := os.WriteFile(atLimit, []byte(strings.Repeat("#", MaxFileSize-1)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "zero.toml")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, path, msg string }{
		{"/dev/zero", "/dev/zero", "is not a regular file (a character device)"},
		{"a link to /dev/zero", link, "is not a regular file (a character device)"},
		{"/dev/null", "/dev/null", "is not a regular file (a character device)"},
		{"a FIFO", fifo, "is not a regular file (a named pipe)"},
		{"a folder", dir, "is a folder, not a file"},
		{"a file over 4 MB", big, "4194305 bytes is larger than the limit of 4 MB"},
		{"a missing file", filepath.Join(dir, "none.toml"), "no such file"},
		{"a file at the limit", atLimit, `missing key "grid"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := Load(c.path)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil {
					t.Fatal("accepted")
				}
				want := filepath.Clean(c.path) + ": " + c.msg
				if !strings.Contains(err.Error(), want) {
					t.Errorf("have %q, want %q", err.Error(), want)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("still reading after 5 s")
			}
		})
	}
}
