//go:build unix

package app

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"notrueking/store"
)

// The spectator refuses at once a file no game can be — a FIFO, a
// device, a file over a save's bound, a folder — instead of opening a
// window that waits for it; a file not there yet is waited for.
func TestSpectatorRefusesWhatNoGameCanBe(t *testing.T) {
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
	} {
		if _, err := newSpectator(path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want a refusal saying %q", path, err, want)
		}
	}
	if _, err := newSpectator(filepath.Join(dir, "not-yet.ntk")); err != nil {
		t.Errorf("a save not written yet is refused: %v", err)
	}
}
