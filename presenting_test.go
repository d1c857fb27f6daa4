package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/render"
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
			if code != 2 {
				t.Fatalf("exit %d, want 2\nstderr: %.400s", code, errb.String())
			}
			msg := errb.String()
			if !strings.HasSuffix(msg, "\n") || strings.Count(msg, "\n") != 1 {
				t.Errorf("stderr is not one line: %q", msg)
			}
			if !strings.Contains(msg, tc.stderr) {
				t.Errorf("stderr lacks %q: %q", tc.stderr, msg)
			}
		})
	}
	if b, _ := os.ReadFile(users); string(b) != `{"mine": true}` {
		t.Errorf("the user's file changed: %q", b)
	}
	if b, _ := os.ReadFile(usersTxt); string(b) != "my own text\n" {
		t.Errorf("the user's text file changed: %q", b)
	}
}

// TestPresenterFlagsReachTheWindow: good presenter flags become the
// options render.Run gets (a stand-in: no window opens).
func TestPresenterFlagsReachTheWindow(t *testing.T) {
	ov := filepath.Join(t.TempDir(), "overlay.json")
	tests := []struct {
		args []string
		want render.Options
	}{
		{[]string{"-canvas", "1280x720"}, render.Options{Map: "standard", CanvasW: 1280, CanvasH: 720}},
		{[]string{"-canvas", "1920×1080", "-large-text", "-clean"}, render.Options{Map: "standard", CanvasW: 1920, CanvasH: 1080, LargeText: true, Clean: true}},
		{[]string{"-players", "2", "-overlay", ov}, render.Options{Map: "standard", Players: []string{"Alice", "Bob"}, Quick: true, Overlay: ov}},
	}
	for _, tc := range tests {
		var got *render.Options
		var errb bytes.Buffer
		code := play(tc.args, &errb, func(o render.Options) error { got = &o; return nil })
		if code != 0 || got == nil {
			t.Errorf("%q: exit %d, ran %v: %s", tc.args, code, got != nil, errb.String())
			continue
		}
		if got.CanvasW != tc.want.CanvasW || got.CanvasH != tc.want.CanvasH || got.LargeText != tc.want.LargeText ||
			got.Clean != tc.want.Clean || got.Overlay != tc.want.Overlay || got.Quick != tc.want.Quick {
			t.Errorf("%q: options %+v, want %+v", tc.args, *got, tc.want)
		}
	}
}
