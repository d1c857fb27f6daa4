package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestPresenterFlagsBad: a bad presenter flag is a usage error found before
// any window opens (exit 2, one line on stderr), and the user's file named
// by -overlay is left as it was.
func TestPresenterFlagsBad(t *testing.T) {
	dir := t.TempDir()
	users := filepath.Join(dir, "notes.json")
	if err := os.WriteFile(users, []byte(`{"mine": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	usersTxt := filepath.Join(dir, "stream.txt")
	if err := os.WriteFile(usersTxt, []byte("my own text\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, stderr string
		args         []string
	}{
		{"canvas of another size", `-canvas "800x600": the canvas is 1280x720 or 1920x1080`, []string{"-canvas", "800x600"}},
		{"canvas without height", `-canvas "1280": the canvas is 1280x720 or 1920x1080`, []string{"-canvas", "1280"}},
		{"canvas empty", `-canvas "": the canvas is 1280x720 or 1920x1080`, []string{"-canvas", ""}},
		{"canvas upright", `-canvas "720x1280"`, []string{"-canvas", "720x1280"}},
		{"overlay over a user's file", "-overlay: " + users + " exists and is not an overlay file this game wrote; give a new name or delete it (nothing was overwritten)", []string{"-overlay", users}},
		{"overlay whose text sibling is a user's", "-overlay: " + usersTxt + " exists and was not written with an overlay file of this game", []string{"-overlay", filepath.Join(dir, "stream.json")}},
		{"overlay named .txt", "-overlay: " + filepath.Join(dir, "o.txt") + ": the overlay's text goes to FILE.txt beside it", []string{"-overlay", filepath.Join(dir, "o.txt")}},
		{"overlay in no folder", "the folder " + filepath.Join(dir, "none") + " does not exist", []string{"-overlay", filepath.Join(dir, "none", "o.json")}},
		{"overlay a folder", "exists and cannot be read as an overlay", []string{"-overlay", filepath.Join(dir, "sub")}},
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := dispatch(tc.args, &out, &errb)
			wantRefusal(t, code, errb.String(), tc.stderr)
		})
	}
	if b, _ := os.ReadFile(users); string(b) != `{"mine": true}` {
		t.Errorf("the user's file changed: %q", b)
	}
	if b, _ := os.ReadFile(usersTxt); string(b) != "my own text\n" {
		t.Errorf("the user's text file changed: %q", b)
	}
}
