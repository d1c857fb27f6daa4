package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"notrueking/render"
)

// TestDispatch checks the command-line contract README.md gives: exit codes
// and where the output goes for validate and run.
func TestDispatch(t *testing.T) {
	dir := t.TempDir()
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
	}
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
		})
	}
}

// TestDispatchBadFlags: a bad flag is a usage error (exit 2, one line on
// stderr) found headless, before any window opens. Had one of these reached
// render.Run, the test would open a window (or fail to, and exit 1).
func TestDispatchBadFlags(t *testing.T) {
	dir := t.TempDir()
	badMap := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(badMap, []byte("id = \"x\"\nbogus = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	deepMap := filepath.Join(dir, "deep.toml")
	if err := os.WriteFile(deepMap, []byte("id = \"x\"\nx = "+strings.Repeat("[", 20000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stderr string // substring expected on the one line of stderr
	}{
		{"one player", []string{"-players", "1"}, "notrueking: -players 1: the standard map seats 2 to 4 players"},
		{"nine players", []string{"-players", "9"}, "notrueking: -players 9: the standard map seats 2 to 4 players"},
		{"zero players", []string{"-players", "0"}, "-players 0: the standard map seats 2 to 4 players"},
		{"negative players", []string{"-players", "-3"}, "-players -3: the standard map seats 2 to 4 players"},
		{"names disagree with players", []string{"-players", "3", "-names", "Ann,Ben"}, "-players 3 but -names lists 2 names"},
		{"more names than players", []string{"-players", "2", "-names", "Ann,Ben,Cy"}, "-players 2 but -names lists 3 names"},
		{"one name for two players", []string{"-players", "2", "-names", "Ann"}, "-players 2 but -names lists 1 name"},
		{"one name", []string{"-names", "Ann"}, "-names lists 1 name: the standard map seats 2 to 4 players"},
		{"five names", []string{"-names", "A,B,C,D,E"}, "-names lists 5 names: the standard map seats 2 to 4 players"},
		{"empty name", []string{"-names", "Ann,,Ben"}, `-names "Ann,,Ben": name 2 is empty`},
		{"trailing comma", []string{"-names", "Ann,Ben,"}, `name 3 is empty`},
		{"blank name", []string{"-names", "Ann, ,Ben"}, `name 2 is empty`},
		{"names set empty", []string{"-names", ""}, `-names "": name 1 is empty`},
		{"bidi in a name", []string{"-names", "Ann,B\u202een"}, `name 2 "B\u202een" holds a bidi control character, U+202E`},
		{"newline in a name", []string{"-names", "Ann,Ben\nplayer torch X"}, "name 2 \"Ben\\nplayer torch X\" holds a control character"},
		{"unknown map", []string{"-map", "atlantis"}, "notrueking: -map: atlantis: no such map (shipped maps: standard; or give a file path)"},
		{"map that fails", []string{"-map", badMap}, "notrueking: -map: " + badMap + ": missing key \"grid\" (and 8 more problems; validate lists them all)"},
		{"map nested too deep", []string{"-map", deepMap, "-players", "2"}, deepMap + ":2: nested deeper than 8 levels at column 13"},
		{"map is a folder", []string{"-map", dir}, dir + ": is a folder, not a file"},
		{"map is missing", []string{"-map", filepath.Join(dir, "none.toml")}, "none.toml: no such file or directory"},
		{"long list with an empty name", []string{"-names", strings.Repeat("Ann,", 1000) + ","}, `-names "` + strings.Repeat("Ann,", 10) + `…": name 1001 is empty`},
		{"stray argument", []string{"-players", "2", "extra"}, `unexpected argument "extra"`},
	}
	if runtime.GOOS != "windows" {
		tests = append(tests, struct {
			name   string
			args   []string
			stderr string
		}{"map is a device", []string{"-map", "/dev/zero"}, "/dev/zero: is not a regular file (a character device)"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := dispatch(tc.args, &out, &errb)
			if code != 2 {
				t.Fatalf("exit %d, want 2\nstderr: %.400s", code, errb.String())
			}
			if out.Len() != 0 {
				t.Errorf("stdout not empty: %.400s", out.String())
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
}

// TestPlayOptions: good flags reach the window as the options render.Run
// gets (a stand-in here, so no window opens).
func TestPlayOptions(t *testing.T) {
	dir := t.TempDir()
	standardCopy := filepath.Join(dir, "standard")
	data, err := os.ReadFile("maps/standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(standardCopy, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want render.Options
	}{
		{nil, render.Options{Map: "standard"}},
		{[]string{"-players", "3", "-seed", "42"}, render.Options{Map: "standard", Players: []string{"Alice", "Bob", "Carol"}, Seed: 42, SeedSet: true, Quick: true}},
		{[]string{"-names", " Ann , Ben "}, render.Options{Map: "standard", Players: []string{"Ann", "Ben"}, Quick: true}},
		{[]string{"-players", "2", "-names", "Ann,Ben", "-record", "g.ntk"}, render.Options{Map: "standard", Players: []string{"Ann", "Ben"}, RecordPath: "g.ntk", Quick: true}},
		{[]string{"-map", standardCopy, "-players", "4"}, render.Options{Map: standardCopy, Players: []string{"Alice", "Bob", "Carol", "Dave"}, Quick: true}},
	}
	for _, tc := range tests {
		var got *render.Options
		var errb bytes.Buffer
		code := play(tc.args, &errb, func(o render.Options) error { got = &o; return nil })
		if code != 0 || got == nil {
			t.Errorf("%q: exit %d, ran %v: %s", tc.args, code, got != nil, errb.String())
			continue
		}
		if !reflect.DeepEqual(*got, tc.want) {
			t.Errorf("%q: options %+v, want %+v", tc.args, *got, tc.want)
		}
	}
}
