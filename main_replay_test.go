package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/render"
)

// TestReplayFlag: -replay reads its file headless before any window
// opens; a bad file, or -replay with a flag that sets up or plays a game,
// is a usage error (exit 2, one line on stderr) and touches nothing.
func TestReplayFlag(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.ntk")
	if err := os.WriteFile(bad, []byte("garbage\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	badData, _ := os.ReadFile(bad)
	illegal := filepath.Join(dir, "illegal.ntk")
	data, err := os.ReadFile("testdata/four-players.ntk")
	if err != nil {
		t.Fatal(err)
	}
	// An action no rule allows: the game does not replay.
	if err := os.WriteFile(illegal, []byte(strings.Replace(string(data), "crown arrange baratheon", "crown arrange baratheon baratheon", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"missing file", []string{"-replay", filepath.Join(dir, "none.ntk")}, "notrueking: -replay: "},
		{"not a record", []string{"-replay", bad}, `bad.ntk: line 1: "garbage" comes before the map line`},
		{"a folder", []string{"-replay", dir}, "is a folder, not a file"},
		{"an illegal action", []string{"-replay", illegal}, "illegal.ntk: action 1 (line 10)"},
		{"with a seed", []string{"-replay", "testdata/four-players.ntk", "-seed", "3"}, "-replay watches a game as it was played; it takes no -seed"},
		{"with -load", []string{"-replay", "testdata/four-players.ntk", "-load", "testdata/four-players.ntk"}, "it takes no -load"},
		{"with -record", []string{"-replay", "testdata/four-players.ntk", "-record", filepath.Join(dir, "r.ntk")}, "it takes no -record"},
		{"with -players", []string{"-replay", "testdata/four-players.ntk", "-players", "3"}, "it takes no -players"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var errb bytes.Buffer
			ran := false
			code := play(tc.args, &errb, func(render.Options) error { ran = true; return nil })
			if ran {
				t.Fatalf("a window opened (exit %d)\nstderr: %.400s", code, errb.String())
			}
			wantRefusal(t, code, errb.String(), tc.stderr)
		})
	}
	// Nothing touched: the bad file is as it was, no file was written.
	if got, _ := os.ReadFile(bad); !bytes.Equal(got, badData) {
		t.Error("the bad file changed")
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		t.Errorf("the folder holds %d files after the refusals, want the 2 written by the test", len(es))
	}
	// A good file reaches the window as Options.Replay.
	var got *render.Options
	var errb bytes.Buffer
	if code := play([]string{"-replay", "testdata/four-players.ntk"}, &errb, func(o render.Options) error { got = &o; return nil }); code != 0 || got == nil {
		t.Fatalf("good file: exit %d: %s", code, errb.String())
	}
	if want := (render.Options{Map: "standard", Replay: "testdata/four-players.ntk"}); got.Replay != want.Replay || got.Quick || got.Load != "" {
		t.Errorf("options %+v, want %+v", *got, want)
	}
}
