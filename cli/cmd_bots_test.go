package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
)

// TestBotsTournamentCommand: the bots command prints the tournament's
// table; -seats must name a level per player.
func TestBotsTournamentCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := Run([]string{"bots", "-map", "standard", "-players", "3", "-games", "3", "-seats", "random,random,random", "-j", "2", "-q"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"3 games", "95% interval", "baratheon", "random "} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	errb.Reset()
	if code := Run([]string{"bots", "-players", "3", "-seats", "steady,easy,easy", "-playout", "random"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "want greedy or uniform") {
		t.Fatalf("-playout random: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := Run([]string{"bots", "-players", "4", "-seats", "strong,easy"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "2 levels for 4 players") {
		t.Fatalf("mismatched seats: exit %d, %q", code, errb.String())
	}
}

// -records writes every game's record, which replays to the game the
// table counted; a second run into the same folder is refused before any
// game is played and changes no file. The table adds how the games were
// won, reveals and combats per game and how often the ranking stayed.
func TestBotsTournamentWritesRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "recs")
	args := []string{"bots", "-map", "standard", "-players", "3", "-games", "3", "-seats", "steady,random,random", "-seed", "9", "-j", "2", "-q", "-records", dir}
	var out, errb bytes.Buffer
	if code := Run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"won on: points ", "fewest revealed tokens ", "reveals per game: seat 1 ", "combats per game: ", "final ranking keeps the setup order: "} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	m, err := maps.Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	before := map[string][]byte{}
	for i := range 3 {
		name := filepath.Join(dir, fmt.Sprintf("game-%03d-seed-%d.ntk", i+1, 9+i))
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		before[name] = data
		rec, err := rules.ParseRecord(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, _, err := rules.Replay(m, rec)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !g.Over() || g.Config().Seed != uint64(9+i) {
			t.Fatalf("%s replays to a game not over (%v) or of seed %d", name, g.Over(), g.Config().Seed)
		}
	}
	errb.Reset()
	if code := Run(args, &out, &errb); code != 2 || !strings.Contains(errb.String(), "exists") {
		t.Fatalf("a second run into the same folder: exit %d, %q", code, errb.String())
	}
	for name, data := range before {
		if now, _ := os.ReadFile(name); !bytes.Equal(now, data) {
			t.Fatalf("%s changed", name)
		}
	}
}

// A nine-house tournament's records name the map's version (its hash), as
// every other record does, so that they replay on the setup they were
// played on and not on the first version a bare "map nine" means.
func TestBotsRecordsNameTheMapVersion(t *testing.T) {
	dir := t.TempDir()
	seats := strings.TrimSuffix(strings.Repeat("random,", 9), ",")
	args := []string{"bots", "-map", "nine", "-players", "9", "-games", "1", "-seats", seats, "-seed", "4", "-q", "-records", dir}
	var out, errb bytes.Buffer
	if code := Run(args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	m, err := maps.Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "game-001-seed-4.ntk"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rules.ParseRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Map != "nine" || rec.MapSHA256 != m.SHA256 {
		t.Fatalf("the record names map %q %q, want nine %q", rec.Map, rec.MapSHA256, m.SHA256)
	}
	if g, _, err := rules.Replay(m, rec); err != nil || !g.Over() {
		t.Fatalf("replay: over %v, %v", g != nil && g.Over(), err)
	}
}
