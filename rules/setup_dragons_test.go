package rules

import (
	"os"
	"strings"
	"testing"

	"notrueking/maps"
)

// Dragons a house starts with count toward its limit of 3 (seed 004: a
// house never has more than its dragons): on a map whose setup gives
// Targaryen two dragons, one more may be mustered, and the next is
// refused — with the count coming from the setup, not set by hand.
func TestSetupDragonsCountTowardTheLimit(t *testing.T) {
	data, err := os.ReadFile("../maps/nine.toml")
	if err != nil {
		t.Fatal(err)
	}
	const start = "house = \"targaryen\"\nterritory = \"dragonstone\"\nunits = { footman = 1, knight = 1 }"
	if !strings.Contains(string(data), start) {
		t.Fatal("the nine-house map's Targaryen setup at Dragonstone changed: update this test")
	}
	withDragons := strings.Replace(string(data), start, "house = \"targaryen\"\nterritory = \"dragonstone\"\nunits = { footman = 1, knight = 1, dragon = 2 }", 1)
	m, err := maps.Parse("nine-with-dragons.toml", []byte(withDragons))
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(m, Config{Players: []string{"Ann", "Ben"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tg := house(t, g, "targaryen")
	if g.st.Dragons[tg] != 2 {
		t.Fatalf("a new game counts %d Targaryen dragons, want the 2 of its setup", g.st.Dragons[tg])
	}
	if err := g.Edit().First(0); err != nil {
		t.Fatal(err)
	}
	if err := g.startResolution([]agentAt{{0, "targaryen", Lord}, {1, "stark", Lord}}); err != nil {
		t.Fatal(err)
	}
	set(t, g, "targaryen", "driftmark", units(0, 1, 0))
	// Blackwater's two barrels give the muster the points for two dragons
	// (Driftmark has none since the setup was tuned).
	set(t, g, "targaryen", "blackwater", units(1, 0, 0))
	act(t, g, "crown resolve targaryen lord")
	act(t, g, "crown choose muster")
	act(t, g, "crown muster dragon dragonstone")
	wantErr(t, refuse(t, g, "crown muster dragon driftmark"), "already had all 3 of its dragons")
}
