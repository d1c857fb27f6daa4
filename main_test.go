package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"notrueking/records"
	"notrueking/render"
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

// TestRunRecordFiles: run reads Windows copies of a record, ignores a
// cut-off last line with a warning, finds a map file relative to the
// record whatever the working directory, refuses a changed map file, and
// refuses files that are too big or not regular before reading them.
func TestRunRecordFiles(t *testing.T) {
	root := t.TempDir()
	example, err := os.ReadFile(filepath.Join("testdata", "two-players.ntk"))
	if err != nil {
		t.Fatal(err)
	}
	var wantOut, wantErr bytes.Buffer
	if code := dispatch([]string{"run", filepath.Join("testdata", "two-players.ntk")}, &wantOut, &wantErr); code != 0 {
		t.Fatalf("example: exit %d: %s", code, wantErr.String())
	}
	mapData, err := os.ReadFile(filepath.Join("maps", "standard.toml"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	text := string(example)
	body := strings.TrimSuffix(text, "\n")
	lastLine := strings.Count(text, "\n")
	write("maps/westeros.toml", mapData)
	sum := records.Sum(mapData)
	withMap := func(line string) []byte { return []byte(strings.Replace(text, "map standard\n", line+"\n", 1)) }
	bomCRLF := write("games/bom-crlf.ntk", []byte("\uFEFF"+strings.ReplaceAll(text, "\n", "\r\n")))
	torn := write("games/torn.ntk", []byte(body+"\ngauntlet ex"))
	mapFile := write("games/map-file.ntk", withMap("map ../maps/westeros.toml sha256 "+sum))
	oldMapLine := write("games/old-map-line.ntk", withMap("map ../maps/westeros.toml"))
	badMid := write("games/bad-middle.ntk", []byte(strings.Replace(text, "\ntorch ", "\ntorch fly\ntorch ", 1)))
	big := write("games/big.ntk", nil)
	if err := os.Truncate(big, 64<<20+1); err != nil {
		t.Fatal(err)
	}
	elsewhere := filepath.Join(root, "elsewhere")
	if err := os.Mkdir(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	// A file named like the shipped map in the working directory does not shadow it.
	write("elsewhere/standard", []byte("not a map"))
	t.Chdir(elsewhere)

	for _, tc := range []struct {
		name   string
		path   string
		code   int
		stderr string // "" for none
	}{
		{"BOM and CRLF", bomCRLF, 0, ""},
		{"map file relative to the record", mapFile, 0, ""},
		{"old map line relative to the record", oldMapLine, 0, ""},
		{"shipped map not shadowed", filepath.Join(root, "games", "bom-crlf.ntk"), 0, ""},
		{"torn last line", torn, 0, fmt.Sprintf("notrueking run: %s: warning: line %d: ignored the last line: it has no line end (the record was cut off while being written) and does not read: action \"gauntlet ex\": unknown seat \"gauntlet\"", torn, lastLine+1)},
		{"bad line in the middle", badMid, 1, "notrueking run: " + badMid + ": line "},
		{"too big", big, 1, "big.ntk: 67108865 bytes is larger than the limit of 64 MB"},
		{"folder", root, 1, "is a folder, not a file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := dispatch([]string{"run", tc.path}, &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr: %.400s", code, tc.code, errb.String())
			}
			if tc.stderr == "" && errb.Len() != 0 || !strings.Contains(errb.String(), tc.stderr) {
				t.Fatalf("stderr %q, want %q", errb.String(), tc.stderr)
			}
			if code == 0 && tc.name != "torn last line" && out.String() != wantOut.String() {
				t.Fatalf("output differs from the example's")
			}
		})
	}

	// The record of the map file, written to the record's folder, still
	// runs after the map moves with it; an edited map is refused.
	write("maps/westeros.toml", append([]byte("# edited\n"), mapData...))
	var out, errb bytes.Buffer
	if code := dispatch([]string{"run", mapFile}, &out, &errb); code != 1 || out.Len() != 0 {
		t.Fatalf("changed map: exit %d, %d bytes out", code, out.Len())
	}
	want := fmt.Sprintf("notrueking run: %s: line 4: map file %s changed since the record was written: sha256 ",
		mapFile, filepath.Join(root, "maps", "westeros.toml"))
	if !strings.HasPrefix(errb.String(), want) {
		t.Fatalf("changed map: stderr %q, want %q...", errb.String(), want)
	}
	if !strings.HasSuffix(errb.String(), ", expected "+sum+"\n") {
		t.Fatalf("changed map: stderr %q does not give the expected hash", errb.String())
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
		{"sandbox with load", []string{"-sandbox", "-load", "x.ntk"}, "-sandbox starts from the map's setup; it takes no -load"},
		{"five names", []string{"-names", "A,B,C,D,E"}, "-names lists 5 names: the standard map seats 2 to 4 players"},
		{"empty name", []string{"-names", "Ann,,Ben"}, `-names "Ann,,Ben": name 2 is empty`},
		{"trailing comma", []string{"-names", "Ann,Ben,"}, `name 3 is empty`},
		{"blank name", []string{"-names", "Ann, ,Ben"}, `name 2 is empty`},
		{"names set empty", []string{"-names", ""}, `-names "": name 1 is empty`},
		{"bidi in a name", []string{"-names", "Ann,B\u202een"}, `name 2 "B\u202een" holds a bidi control character, U+202E`},
		{"newline in a name", []string{"-names", "Ann,Ben\nplayer torch X"}, "name 2 \"Ben\\nplayer torch X\" holds a control character"},
		{"unknown map", []string{"-map", "atlantis"}, "notrueking: -map: atlantis: no such map (shipped maps: nine, standard; or give a file path)"},
		{"map that fails", []string{"-map", badMap}, "notrueking: -map: " + badMap + ": missing key \"grid\" (and 8 more problems; validate lists them all)"},
		{"map nested too deep", []string{"-map", deepMap, "-players", "2"}, deepMap + ":2: nested deeper than 8 levels at column 13"},
		{"map is a folder", []string{"-map", dir}, dir + ": is a folder, not a file"},
		{"map is missing", []string{"-map", filepath.Join(dir, "none.toml")}, "none.toml: no such file or directory"},
		{"long list with an empty name", []string{"-names", strings.Repeat("Ann,", 1000) + ","}, `-names "` + strings.Repeat("Ann,", 10) + `…": name 1001 is empty`},
		{"stray argument", []string{"-players", "2", "extra"}, `unexpected argument "extra"`},
		{"scenario is missing", []string{"-scenario", filepath.Join(dir, "none.toml")}, "notrueking: -scenario: " + filepath.Join(dir, "none.toml") + ": no such file or directory"},
		{"scenario that fails", []string{"-scenario", badMap}, "notrueking: -scenario: " + badMap + ":"},
		{"scenario with a map", []string{"-scenario", "scenarios/flags.toml", "-map", "nine"}, "-scenario sets up the map, the players and the seed itself; it takes no -map"},
		{"scenario with players", []string{"-scenario", "scenarios/flags.toml", "-players", "3"}, "it takes no -players"},
		{"load and scenario", []string{"-load", "testdata/two-players.ntk", "-scenario", "scenarios/flags.toml"}, "-load resumes a game as it was set up; it takes no -scenario"},
		{"spectate with a setup", []string{"-spectate", "latest", "-players", "3"}, "-spectate follows a game another window plays; it takes no -players"},
		{"spectate with a record", []string{"-spectate", "g.ntk", "-record", "r.ntk"}, "it takes no -record"},
		{"spectate with a scenario", []string{"-spectate", "latest", "-scenario", "scenarios/flags.toml"}, "it takes no -scenario"},
		{"spectate on a bad canvas", []string{"-spectate", "latest", "-canvas", "800x600"}, "-canvas \"800x600\": the canvas is 1280x720 or 1920x1080"},
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
			wantRefusal(t, code, errb.String(), tc.stderr)
			if out.Len() != 0 {
				t.Errorf("stdout not empty: %.400s", out.String())
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
		{[]string{"-scenario", "scenarios/flags.toml", "-record", "g.ntk"}, render.Options{Map: "standard", Scenario: "scenarios/flags.toml", RecordPath: "g.ntk"}},
		{[]string{"-spectate", "latest"}, render.Options{Spectate: "latest"}},
		{[]string{"-spectate", "latest", "-canvas", "1280x720", "-clean", "-large-text", "-overlay", filepath.Join(dir, "ov.json")},
			render.Options{Spectate: "latest", CanvasW: 1280, CanvasH: 720, Clean: true, LargeText: true, Overlay: filepath.Join(dir, "ov.json")}},
		{[]string{"-spectate", "saves/g.ntk"}, render.Options{Spectate: "saves/g.ntk"}},
		{[]string{"-sandbox", "-map", "nine", "-players", "5"}, render.Options{Map: "nine", Players: []string{"Alice", "Bob", "Carol", "Dave", "Erin"}, Quick: true, Sandbox: true}},
		// The presenter's options (docs/presenting.md).
		{[]string{"-canvas", "1280x720"}, render.Options{Map: "standard", CanvasW: 1280, CanvasH: 720}},
		{[]string{"-canvas", "1920×1080", "-large-text", "-clean"}, render.Options{Map: "standard", CanvasW: 1920, CanvasH: 1080, LargeText: true, Clean: true}},
		{[]string{"-players", "2", "-overlay", filepath.Join(dir, "overlay.json")}, render.Options{Map: "standard", Players: []string{"Alice", "Bob"}, Quick: true, Overlay: filepath.Join(dir, "overlay.json")}},
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

// wantRefusal checks a usage error: exit status 2 and one line on stderr
// that says want.
func wantRefusal(t *testing.T, code int, stderr, want string) {
	t.Helper()
	if code != 2 {
		t.Fatalf("exit %d, want 2\nstderr: %.400s", code, stderr)
	}
	if !strings.HasSuffix(stderr, "\n") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr is not one line: %q", stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q: %q", want, stderr)
	}
}
