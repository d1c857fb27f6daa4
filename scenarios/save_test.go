package scenarios_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
	"notrueking/scenarios"
)

// TestSave: a saved position loads back from its file; a second save never
// overwrites the first; a game on a map file names the map relative to the
// scenario, with its hash.
func TestSave(t *testing.T) {
	dir := t.TempDir()
	g, err := scenarios.LoadShipped("card-cersei")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := g.ParseAction("crown move lannisport stoney-sept footman:3")
	if _, err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "pos.toml")
	got, err := scenarios.Save(path, g, "standard")
	if err != nil || got != path {
		t.Fatalf("Save: %q %v", got, err)
	}
	h, err := scenarios.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if same, diff := samePosition(g, h); !same {
		t.Errorf("the saved position loads back otherwise: %s", diff)
	}
	if st, err := os.Stat(path); err != nil || (runtime.GOOS != "windows" && st.Mode().Perm() != 0o600) {
		t.Errorf("mode %v, %v; want 0600: a scenario holds every secret", st.Mode().Perm(), err)
	}
	second, err := scenarios.Save(path, g, "standard")
	if err != nil || second == path {
		t.Errorf("a second save: %q %v; want a new name", second, err)
	}

	// A map file, loaded from one folder, saved into another.
	mapData, err := os.ReadFile(filepath.Join("..", "maps", "testdata", "tiny.toml"))
	if err != nil {
		t.Fatal(err)
	}
	mapPath := filepath.Join(dir, "maps", "tiny.toml")
	os.MkdirAll(filepath.Dir(mapPath), 0o700)
	os.WriteFile(mapPath, mapData, 0o600)
	m, err := maps.Load(mapPath)
	if err != nil {
		t.Fatal(err)
	}
	players := []string{"Ann", "Ben"}
	tiny, err := rules.New(m, rules.Config{Players: players, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "tests", "tiny.toml")
	os.MkdirAll(filepath.Dir(out), 0o700)
	if _, err := scenarios.Save(out, tiny, mapPath); err != nil {
		t.Fatal(err)
	}
	back, err := scenarios.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if same, _ := samePosition(back, tiny); !same {
		t.Error("the tiny map's position loads back otherwise")
	}
	text, _ := os.ReadFile(out)
	if want := `map = "../maps/tiny.toml"`; !strings.Contains(string(text), want) || !strings.Contains(string(text), "map_sha256 = \""+m.SHA256+"\"") {
		t.Errorf("the map is not named relative to the scenario with its hash:\n%s", text)
	}
}
