//go:build !js

package cli

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/store"
)

// TestRenderRefusals: every bad use is refused before anything is drawn or
// written, with exit 2 and the reason, and an existing file is left alone.
func TestRenderRefusals(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(store.ConfigEnv, filepath.Join(dir, "config"))
	existing := filepath.Join(dir, "mine.png")
	if err := os.WriteFile(existing, []byte("a user's picture"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.png")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no output", []string{"render"}, "-o FILE.png is required"},
		{"existing file", []string{"render", "-o", existing}, "the file exists"},
		{"not png", []string{"render", "-o", filepath.Join(dir, "x.jpg")}, "PNG file"},
		{"bad size", []string{"render", "-o", out, "-size", "big"}, "WIDTHxHEIGHT"},
		{"huge size", []string{"render", "-o", out, "-size", "9000x9000"}, "each side must be 64 to 4096"},
		{"at without load", []string{"render", "-o", out, "-at", "3"}, "give -load"},
		{"load with setup", []string{"render", "-o", out, "-load", "testdata/two-players.ntk", "-players", "3"}, "takes no -players"},
		{"stray argument", []string{"render", "-o", out, "now"}, "unexpected argument"},
		{"scenario with setup", []string{"render", "-o", out, "-scenario", "scenarios/flags.toml", "-players", "3"}, "takes no -players"},
		{"scenario with at", []string{"render", "-o", out, "-scenario", "scenarios/flags.toml", "-at", "3"}, "give -load"},
		{"load with a variant", []string{"render", "-o", out, "-load", "testdata/two-players.ntk", "-variant", "citadel"}, "takes no -variant"},
		{"scenario with a variant", []string{"render", "-o", out, "-scenario", "scenarios/flags.toml", "-variant", "citadel"}, "takes no -variant"},
		{"unknown variant", []string{"render", "-o", out, "-variant", "winter"}, `unknown variant "winter": the variants are plain, citadel`},
		{"load and scenario", []string{"render", "-o", out, "-load", "testdata/two-players.ntk", "-scenario", "scenarios/flags.toml"}, "takes no -scenario"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := Run(tc.args, &stdout, &stderr); code != 2 {
				t.Fatalf("exit %d, want 2 (stderr %q)", code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("stderr %q, want %q", stderr.String(), tc.want)
			}
		})
	}
	if got, _ := os.ReadFile(existing); string(got) != "a user's picture" {
		t.Errorf("an existing file was changed: %q", got)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused render wrote %s", out)
	}
	// A broken scenario is refused before any drawing (exit 2), with its
	// name.
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("map = \"standard\"\nbogus = 1\n"), 0o600)
	var so, se bytes.Buffer
	if code := Run([]string{"render", "-o", out, "-scenario", bad}, &so, &se); code != 2 || !strings.Contains(se.String(), bad) {
		t.Errorf("a broken scenario: exit %d, stderr %q", code, se.String())
	}
	// -at beyond the record is refused before any drawing (exit 2).
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"render", "-o", out, "-load", "testdata/two-players.ntk", "-at", "100000"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "holds") {
		t.Errorf("-at beyond the record: exit %d, stderr %q", code, stderr.String())
	}
}

// TestRenderPicture runs `notrueking render` as its own process: it exits
// 0, writes a PNG of the asked size that shows a table (not a blank
// canvas), writes nothing else (no saves folder), and replaces a file only
// with -f.
func TestRenderPicture(t *testing.T) {
	if testing.Short() {
		t.Skip("draws in a window")
	}
	if _, err := exec.LookPath("xvfb-run"); err != nil && os.Getenv("DISPLAY") == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no DISPLAY and no xvfb-run: install xvfb")
		}
		t.Skip("no display and no xvfb-run")
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config")
	out := filepath.Join(dir, "table.png")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (int, string) {
		cmd := exec.Command(exe, append([]string{"render"}, args...)...)
		cmd.Env = append(os.Environ(), mainEnv+"=1", store.ConfigEnv+"="+cfg)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), stderr.String()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0, stderr.String()
	}
	if code, errs := run("-o", out, "-size", "1280x720", "-load", "testdata/four-players.ntk", "-at", "120"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Fatalf("picture is %v, want 1280x720", b)
	}
	colours := map[[3]uint32]bool{}
	for y := 0; y < 720; y += 7 {
		for x := 0; x < 1280; x += 7 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 8, g >> 8, b >> 8}] = true
		}
	}
	if len(colours) < 50 {
		t.Errorf("the picture has %d colours: not a table", len(colours))
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("render wrote %v; want only table.png", names)
	}
	if code, errs := run("-o", out); code != 2 || !strings.Contains(errs, "exists") {
		t.Errorf("an existing picture: exit %d, %s", code, errs)
	}
	if code, errs := run("-o", out, "-f", "-size", "640x360", "-map", "nine", "-players", "9"); code != 0 {
		t.Fatalf("-f: exit %d: %s", code, errs)
	}
	if f, err := os.Open(out); err == nil {
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != 640 {
			t.Errorf("-f did not replace the picture: %v %v", cfg, err)
		}
	}
	// A scenario's position.
	if code, errs := run("-o", out, "-f", "-size", "640x360", "-scenario", "scenarios/nine-dragons.toml"); code != 0 {
		t.Fatalf("-scenario: exit %d: %s", code, errs)
	}
	// A new game of the Citadel variant.
	if code, errs := run("-o", out, "-f", "-size", "640x360", "-variant", "citadel"); code != 0 {
		t.Fatalf("-variant citadel: exit %d: %s", code, errs)
	}
}
