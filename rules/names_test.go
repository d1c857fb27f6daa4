package rules_test

import (
	"strings"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
)

// A player's name holds at most 24 characters, counted as characters (not
// bytes): every way a name enters refuses a longer one with the reason —
// the check itself, a new game, a record read, a record written.
func TestNamesHoldAtMost24Characters(t *testing.T) {
	m, err := maps.Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	fits := strings.Repeat("é", rules.MaxNameRunes)   // 24 characters, 48 bytes
	long := strings.Repeat("A", rules.MaxNameRunes+1) // 25
	huge := strings.Repeat("W", 10000)                // what -names once took
	if err := rules.CheckPlayerName(fits); err != nil {
		t.Fatalf("a name of 24 two-byte characters: %v", err)
	}
	for _, name := range []string{long, huge} {
		err := rules.CheckPlayerName(name)
		if err == nil || !strings.Contains(err.Error(), "at most 24") || len(err.Error()) > 200 {
			t.Fatalf("a name of %d characters: %v", len(name), err)
		}
		if _, err := rules.New(m, rules.Config{Players: []string{"Ann", name}}); err == nil || !strings.Contains(err.Error(), "player 2") {
			t.Fatalf("a new game with a name of %d characters: %v", len(name), err)
		}
	}
	rec := "# No True King record\nmap standard\nseed 1\nplayer crown Ann\nplayer torch " + long + "\n"
	if _, err := rules.ParseRecord(strings.NewReader(rec)); err == nil || !strings.Contains(err.Error(), "line 5") || !strings.Contains(err.Error(), "at most 24") {
		t.Fatalf("a record with a 25-character name: %v", err)
	}
	ok := strings.Replace(rec, long, fits, 1)
	if _, err := rules.ParseRecord(strings.NewReader(ok)); err != nil {
		t.Fatalf("a record with a 24-character name: %v", err)
	}
	w := rules.Record{Map: "standard", Seed: 1, Players: []string{"Ann", long}, Seats: []string{"crown", "torch"}}
	var b strings.Builder
	if err := w.Write(&b); err == nil || !strings.Contains(err.Error(), "at most 24") || b.Len() != 0 {
		t.Fatalf("writing a record with a 25-character name: %v (wrote %d bytes)", err, b.Len())
	}
}
