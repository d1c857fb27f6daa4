//go:build unix

package session

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"notrueking/gamefile"
	"notrueking/store"
)

// A follower refuses at once a file no game can be — a FIFO, a device, a
// file over a save's bound, a folder — instead of waiting for it; a file
// not there yet is waited for.
func TestFollowerRefusesWhatNoGameCanBe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.ntk")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.ntk")
	if err := os.WriteFile(big, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, store.MaxSave+1); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		fifo:        "is not a regular file",
		"/dev/zero": "is not a regular file",
		big:         "larger than a save can be",
		dir:         "is a folder",
		"":          "no file to follow",
	} {
		if _, err := Follow(path, gamefile.Loader); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want a refusal saying %q", path, err, want)
		}
	}
	if _, err := Follow(filepath.Join(dir, "not-yet.ntk"), gamefile.Loader); err != nil {
		t.Errorf("a save not written yet is refused: %v", err)
	}
}
