package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/gamefile"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/store"
)

func loaderFor(string) gamefile.MapLoader { return loadMap }

// scenarioSession starts a session on a shipped scenario's position and
// plays its first n legal actions.
func scenarioSession(t *testing.T, st store.Store, n int) *Session {
	t.Helper()
	g, err := scenarios.LoadShipped("flags")
	if err != nil {
		t.Fatal(err)
	}
	start, err := scenarios.StartOf(g)
	if err != nil || start == nil {
		t.Fatalf("a scenario's game has no start position (%v)", err)
	}
	s := New(st, "g1", g, "", true)
	s.Start = start
	for range n {
		if _, err := s.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestSaveFromAPosition: a game that starts from a position is saved with
// that position inside, and replays from the save alone — by Resume and
// by ReadData — to the same position.
func TestSaveFromAPosition(t *testing.T) {
	st := newMem()
	s := scenarioSession(t, st, 4)
	data, _ := st.Load("g1")
	if !strings.Contains(string(data), "scenario "+`"`+gamefile.StartRef+`"`) && !strings.Contains(string(data), "scenario "+gamefile.StartRef) {
		t.Fatalf("the save's record does not start from its own start position:\n%.400s", data)
	}
	s.Close() // the window that played it has left the game
	r, err := Resume(st, "g1", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rules.RecordOf(r.Game()).Actions, rules.RecordOf(s.Game()).Actions; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("resumed %d actions, want %d", len(got), len(want))
	}
	if string(r.Start) != string(s.Start) {
		t.Error("the resumed session lost its start position")
	}
	f, err := gamefile.ReadData(data, ".", loaderFor)
	if err != nil {
		t.Fatal(err)
	}
	if f.Game.Len() != 4 || !f.Game.FromPosition() || !f.IsSave {
		t.Fatalf("read: %d actions, from a position %v, save %v", f.Game.Len(), f.Game.FromPosition(), f.IsSave)
	}
	if string(scenarios.Export(f.Game, "", "")) != string(scenarios.Export(s.Game(), "", "")) {
		t.Error("the save reads back to another position")
	}
}

// TestSaveFromAPositionRefusesTampering: a start position that no longer
// matches its record's hash, or a record that names a save's start and
// holds none, is refused with the reason.
func TestSaveFromAPositionRefusesTampering(t *testing.T) {
	st := newMem()
	scenarioSession(t, st, 2)
	data, _ := st.Load("g1")
	bad := strings.Replace(string(data), `round = 1`, `round = 2`, 1)
	if bad == string(data) {
		bad = strings.Replace(string(data), `players`, `playerz`, 1)
	}
	if _, err := gamefile.ReadData([]byte(bad), ".", loaderFor); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Errorf("a changed start position: %v", err)
	}
	var rec []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "#") {
			rec = append(rec, l)
		}
	}
	if _, err := gamefile.ReadData([]byte(strings.Join(rec, "\n")), ".", loaderFor); err == nil || !strings.Contains(err.Error(), "holds no start position") {
		t.Errorf("a record naming a save's start without it: %v", err)
	}
}

// TestRecordFromAScenarioFile: a plain record whose first line names a
// scenario file relative to the record reads from that file; a changed
// scenario file is refused.
func TestRecordFromAScenarioFile(t *testing.T) {
	dir := t.TempDir()
	src, err := scenarios.ShippedFile("flags.toml")
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "s"), 0o700)
	os.WriteFile(filepath.Join(dir, "s", "edge.toml"), src, 0o600)
	g, _ := scenarios.LoadShipped("flags")
	line := g.Legal()[0].Format(g.Map())
	rec := "scenario s/edge.toml sha256 " + records.Sum(src) + "\n" + line + "\n"
	p := filepath.Join(dir, "r.ntk")
	os.WriteFile(p, []byte(rec), 0o600)
	f, err := gamefile.ReadFile(p, loaderFor)
	if err != nil {
		t.Fatal(err)
	}
	if f.Game.Len() != 1 || f.IsSave {
		t.Fatalf("%d actions, save %v", f.Game.Len(), f.IsSave)
	}
	os.WriteFile(filepath.Join(dir, "s", "edge.toml"), append(src, '\n'), 0o600)
	if _, err := gamefile.ReadFile(p, loaderFor); err == nil || !strings.Contains(err.Error(), "changed") {
		t.Errorf("a changed scenario file: %v", err)
	}
}

// TestSaveOfAPositionSetUpMidGame: a position set up by hand after some
// actions is the save's start; only the actions after it are in the
// record, and the save resumes to the same position.
func TestSaveOfAPositionSetUpMidGame(t *testing.T) {
	m, err := loadMap("standard", "")
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.New(m, rules.Config{Players: []string{"Ann", "Ben"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := g.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Edit().Round(2); err != nil {
		t.Fatal(err)
	}
	st := newMem()
	s := New(st, "g2", g, "", true)
	if s.Start, err = scenarios.StartOf(g); err != nil || s.Start == nil {
		t.Fatalf("no start position (%v)", err)
	}
	for range 2 {
		if _, err := s.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(s.Record().Actions); n != 2 {
		t.Fatalf("the record holds %d actions, want the 2 after the start", n)
	}
	s.Close()
	r, err := Resume(st, "g2", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	if string(scenarios.Export(r.Game(), "", "")) != string(scenarios.Export(g, "", "")) {
		t.Error("the save resumes to another position")
	}
}
