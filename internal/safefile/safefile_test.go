package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	for path, want := range map[string]string{
		fifo:        "named pipe",
		dir:         "folder",
		"/dev/zero": "character device",
	} {
		_, err := Open(path, 1<<20)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Open(%s) = %v, want an error naming %q", path, err, want)
		}
	}
}

func TestOpenBoundsTheSize(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big")
	if err := os.WriteFile(p, make([]byte, 2049), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(p, 2048); err == nil || !strings.Contains(err.Error(), "larger than the limit of 2 KB") {
		t.Fatalf("ReadFile over the cap = %v", err)
	}
	data, err := ReadFile(p, 4096)
	if err != nil || len(data) != 2049 {
		t.Fatalf("ReadFile under the cap = %d bytes, %v", len(data), err)
	}
}

func TestTrimBOM(t *testing.T) {
	if got := string(TrimBOM([]byte("\xEF\xBB\xBFmap standard"))); got != "map standard" {
		t.Fatalf("TrimBOM = %q", got)
	}
	if got := string(TrimBOM([]byte("map"))); got != "map" {
		t.Fatalf("TrimBOM without BOM = %q", got)
	}
}
