package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/records"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/store"
)

// TestRunScenarioRecords replays the records that start from a shipped
// scenario (scenarios/testdata) and checks their final positions.
func TestRunScenarioRecords(t *testing.T) {
	want := map[string][]string{
		"ship-capacity.ntk":     {`{"house":"stark","territory":"white-harbor","units":[2,0,0,0]}`},
		"tie-active-player.ntk": {`{"house":"greyjoy","territory":"karhold","units":[1,0,0,0]}`},
		"nine-goldroad.ntk": {`{"house":"tully","territory":"goldroad","units":[2,0,0,0]}`,
			`{"house":"lannister","territory":"goldroad","units":[1,0,0,0]}`},
	}
	for name, groups := range want {
		var out, errOut bytes.Buffer
		if code := Run([]string{"run", filepath.Join("scenarios", "testdata", name)}, &out, &errOut); code != 0 {
			t.Fatalf("run %s: exit %d: %s", name, code, errOut.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var last struct {
			Final struct {
				Groups []json.RawMessage `json:"groups"`
			} `json:"final"`
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range last.Final.Groups {
			got = append(got, string(g))
		}
		for _, g := range groups {
			if !strings.Contains(strings.Join(got, "\n"), g) {
				t.Errorf("%s: final groups lack %s:\n%s", name, g, strings.Join(got, "\n"))
			}
		}
	}
}

// TestRunScenarioRecordErrors: a record whose scenario is missing, has
// changed, or does not load is refused naming the record's line; a
// refused action names its line too.
func TestRunScenarioRecordErrors(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(filepath.Join("scenarios", "tie-active-player.toml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "s.toml"), good, 0o600)
	os.WriteFile(filepath.Join(dir, "bad.toml"), []byte("map = \"standard\"\nround = \"one\"\n"), 0o600)
	// Where the record starts is refused before the replay (exit 2); an
	// action the engine refuses fails the replay (exit 1).
	cases := []struct {
		record, want string
		code         int
	}{
		{"# x\nscenario missing.toml\ncrown pass\n", "line 2: scenario \"missing.toml\"", 2},
		{"scenario s.toml sha256 " + strings.Repeat("0", 64) + "\n", "line 1: scenario file", 2},
		{"\n\nscenario bad.toml\n", "line 3: ", 2},
		{"scenario s.toml\nmap standard\n", "line 2: a record that starts from a scenario", 2},
		{"scenario s.toml\ncrown move winterfell karhold footman:9\n", "action 1 (line 2)", 1},
	}
	for i, c := range cases {
		path := filepath.Join(dir, "r.ntk")
		os.WriteFile(path, []byte(c.record), 0o600)
		var out, errOut bytes.Buffer
		code := Run([]string{"run", path}, &out, &errOut)
		if code != c.code || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("case %d: exit %d, stderr %q; want exit %d and %q", i+1, code, errOut.String(), c.code, c.want)
		}
	}
}

// TestRunSaveOfAPosition: "run" replays the save of a game played from a
// position (the save holds the position), and refuses one whose start
// position was changed.
func TestRunSaveOfAPosition(t *testing.T) {
	st, err := store.OpenDir(filepath.Join(t.TempDir(), "saves"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := scenarios.LoadShipped("muster-caps")
	if err != nil {
		t.Fatal(err)
	}
	s := session.New(st, "g", g, "", true)
	if s.Start, err = scenarios.StartOf(g); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := s.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut bytes.Buffer
	if code := Run([]string{"run", st.File("g")}, &out, &errOut); code != 0 {
		t.Fatalf("run SAVE: exit %d: %s", code, errOut.String())
	}
	if n := strings.Count(out.String(), `"action"`); n < 2 {
		t.Errorf("run printed %d actions:\n%s", n, out.String())
	}
	data, _ := os.ReadFile(st.File("g"))
	bad := filepath.Join(t.TempDir(), "bad.ntk")
	os.WriteFile(bad, bytes.Replace(data, []byte(`round = `), []byte(`round  = `), 1), 0o600)
	out.Reset()
	errOut.Reset()
	if code := Run([]string{"run", bad}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "does not match") {
		t.Errorf("a changed start position: exit %d, %s", code, errOut.String())
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
	if code := Run([]string{"run", filepath.Join("testdata", "two-players.ntk")}, &wantOut, &wantErr); code != 0 {
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
		{"too big", big, 2, "big.ntk: 67108865 bytes is larger than the limit of 64 MB"},
		{"folder", root, 2, "is a folder, not a file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Run([]string{"run", tc.path}, &out, &errb)
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
	if code := Run([]string{"run", mapFile}, &out, &errb); code != 2 || out.Len() != 0 {
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
