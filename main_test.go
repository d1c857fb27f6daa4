package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/store"
)

// TestDispatch checks the command-line contract README.md gives: exit codes
// and where the output goes for validate and run.
func TestDispatch(t *testing.T) {
	dir := t.TempDir()
	// Whatever a case starts, it saves nowhere near the user's own folder.
	t.Setenv(store.ConfigEnv, filepath.Join(dir, "config"))
	badMap := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(badMap, []byte("id = \"x\"\nbogus = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badRecord := filepath.Join(dir, "bad.ntk")
	rec := "map standard\nseed 1\nplayer crown A\nplayer torch B\ncrown place stark lord\n"
	if err := os.WriteFile(badRecord, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // substring expected on stdout
		stderr string // substring expected on stderr
	}{
		{"validate standard", []string{"validate", "standard"}, 0, "valid", ""},
		{"validate json", []string{"validate", "-json", "standard"}, 0, `"kings-landing"`, ""},
		{"validate broken file names file and line", []string{"validate", badMap}, 1, "", "bad.toml:2"},
		{"run example game", []string{"run", "testdata/two-players.ntk"}, 0, `"winners"`, ""},
		{"run illegal action names line and reason", []string{"run", badRecord}, 1, "", "line 5"},
		{"run missing file", []string{"run", filepath.Join(dir, "none.ntk")}, 1, "", "none.ntk"},
		{"run usage", []string{"run"}, 2, "", "usage"},
		{"record refuses an existing file", []string{"-players", "2", "-record", badRecord}, 2, "", "-record " + badRecord + ": the file exists"},
		{"load takes no setup flags", []string{"-load", badRecord, "-seed", "3"}, 2, "", "takes no -seed"},
		{"stray argument", []string{"play"}, 2, "", "unexpected argument"},
	}
	// Refusals must leave the user's file as it was.
	defer func() {
		if got, _ := os.ReadFile(badRecord); string(got) != rec {
			t.Errorf("-record changed an existing file: %q", got)
		}
	}()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := dispatch(tc.args, &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout: %.400s\nstderr: %.400s", code, tc.code, out.String(), errb.String())
			}
			if !strings.Contains(out.String(), tc.stdout) {
				t.Errorf("stdout lacks %q: %.400s", tc.stdout, out.String())
			}
			if !strings.Contains(errb.String(), tc.stderr) {
				t.Errorf("stderr lacks %q: %.400s", tc.stderr, errb.String())
			}
			if tc.code == 2 && tc.args[0] != "run" && strings.Count(errb.String(), "\n") != 1 {
				t.Errorf("a refusal is one line: %q", errb.String())
			}
		})
	}
}
