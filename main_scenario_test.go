package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		if code := dispatch([]string{"run", filepath.Join("scenarios", "testdata", name)}, &out, &errOut); code != 0 {
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
	cases := []struct{ record, want string }{
		{"# x\nscenario missing.toml\ncrown pass\n", "line 2: scenario \"missing.toml\""},
		{"scenario s.toml sha256 " + strings.Repeat("0", 64) + "\n", "line 1: scenario file"},
		{"\n\nscenario bad.toml\n", "line 3: "},
		{"scenario s.toml\nmap standard\n", "line 2: a record that starts from a scenario"},
		{"scenario s.toml\ncrown move winterfell karhold footman:9\n", "action 1 (line 2)"},
	}
	for i, c := range cases {
		path := filepath.Join(dir, "r.ntk")
		os.WriteFile(path, []byte(c.record), 0o600)
		var out, errOut bytes.Buffer
		code := dispatch([]string{"run", path}, &out, &errOut)
		if code != 1 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("case %d: exit %d, stderr %q; want exit 1 and %q", i+1, code, errOut.String(), c.want)
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
	if code := dispatch([]string{"run", st.File("g")}, &out, &errOut); code != 0 {
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
	if code := dispatch([]string{"run", bad}, &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "does not match") {
		t.Errorf("a changed start position: exit %d, %s", code, errOut.String())
	}
}
