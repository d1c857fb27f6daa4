package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"notrueking/app"
)

// TestReplayFlag: replay (and -replay) reads its file headless before any window
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
		{"with -scenario", []string{"-replay", "testdata/four-players.ntk", "-scenario", "scenarios/flags.toml"}, "it takes no -scenario"},
		{"with -sandbox", []string{"-replay", "testdata/four-players.ntk", "-sandbox"}, "-replay watches a game as it was played; it takes no -sandbox"},
		{"as a command, with a seed", []string{"replay", "testdata/four-players.ntk", "-seed", "3"}, "notrueking: replay watches a game as it was played; it takes no -seed"},
		{"as a command, a missing file", []string{"replay", filepath.Join(dir, "none.ntk")}, "notrueking: replay: "},
		{"as a command, no file", []string{"replay"}, "notrueking: missing FILE (usage: notrueking replay FILE"},
		{"as a command, two files", []string{"replay", "testdata/four-players.ntk", "testdata/two-players.ntk"}, `unexpected argument "testdata/two-players.ntk"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opened := noWindow(t)
			var out, errb bytes.Buffer
			code := Run(tc.args, &out, &errb)
			if len(*opened) > 0 {
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
	// A good file reaches the window as Options.Replay, by the command and
	// by the old flag.
	for _, args := range [][]string{{"-replay", "testdata/four-players.ntk"}, {"replay", "testdata/four-players.ntk"}} {
		opened := noWindow(t)
		var out, errb bytes.Buffer
		if code := Run(args, &out, &errb); code != 0 || len(*opened) != 1 {
			t.Fatalf("%q: exit %d: %s", args, code, errb.String())
		}
		got := (*opened)[0]
		if want := (app.Options{Map: "standard", Replay: "testdata/four-players.ntk"}); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: options %+v, want %+v", args, got, want)
		}
	}
}
