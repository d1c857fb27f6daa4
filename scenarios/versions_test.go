package scenarios_test

import (
	"testing"

	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
)

// TestPositionsNameTheVersionOfTheirMap: a position on any version of
// the nine-house map, exported as a save or "Save position" does
// (records.MapIdentity), loads back on that same version, with or without
// a folder to look in.
func TestPositionsNameTheVersionOfTheirMap(t *testing.T) {
	vs, err := maps.Versions("nine")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		g, err := rules.New(v, rules.Config{Players: []string{"Ann", "Ben", "Cai"}, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		name, sum := records.MapIdentity(v)
		data := scenarios.Export(g, name, sum)
		for _, dir := range []string{"", t.TempDir()} {
			back, err := scenarios.Parse("position.toml", data, dir)
			if err != nil {
				t.Fatalf("version %s, folder %q: %v", v.SHA256[:12], dir, err)
			}
			if back.Map().SHA256 != v.SHA256 {
				t.Errorf("version %s loads back on version %s", v.SHA256[:12], back.Map().SHA256[:12])
			}
		}
	}
}
