package rules

import (
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"

	"notrueking/board"
)

// fixtureMap is the real AGoT board (areas, icons, neighbours, ports, the
// five-player setup and the five base decks) as testdata/standard.json,
// generated from the shared reference files. The engine's own tests use it
// so they do not depend on package maps (which imports nothing of ours but
// is another engineer's work in progress).
var fixtureMap = sync.OnceValues(func() (*board.Map, error) {
	data, err := os.ReadFile("testdata/standard.json")
	if err != nil {
		return nil, err
	}
	var m board.Map
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	m.Index()
	return &m, nil
})

func mustMap(t testing.TB) *board.Map {
	t.Helper()
	m, err := fixtureMap()
	if err != nil {
		t.Fatalf("fixture map: %v", err)
	}
	return m
}

func newGame(t testing.TB, players int, seed uint64) *Game {
	t.Helper()
	names := []string{"Ann", "Ben", "Cat", "Dan"}[:players]
	g, err := New(mustMap(t), Config{Players: names, Seed: seed})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// act parses and applies one record line, failing the test on refusal; it
// returns the events in words (private ones as their seat reads them).
func act(t testing.TB, g *Game, line string) []LogLine {
	t.Helper()
	a, err := g.ParseAction(line)
	if err != nil {
		t.Fatalf("parse %q: %v", line, err)
	}
	evs, err := g.Apply(a)
	if err != nil {
		t.Fatalf("apply %q: %v (prompt: %s)", line, err, g.View(Public).Prompt)
	}
	return g.ownLines(evs)
}

// refuse applies a record line that must be refused and returns the reason.
func refuse(t testing.TB, g *Game, line string) string {
	t.Helper()
	a, err := g.ParseAction(line)
	if err != nil {
		return err.Error()
	}
	before, _ := json.Marshal(g.st)
	if _, err := g.Apply(a); err == nil {
		t.Fatalf("apply %q: accepted, want a refusal", line)
		return ""
	} else {
		after, _ := json.Marshal(g.st)
		if string(before) != string(after) {
			t.Fatalf("apply %q: refused but the state changed", line)
		}
		return err.Error()
	}
}

func terr(t testing.TB, g *Game, id string) int {
	t.Helper()
	i, ok := g.m.Territory(id)
	if !ok {
		t.Fatalf("no territory %q", id)
	}
	return i
}

func house(t testing.TB, g *Game, id string) int {
	t.Helper()
	i, ok := g.m.House(id)
	if !ok {
		t.Fatalf("no house %q", id)
	}
	return i
}

func units(f, k, s int) [board.NumUnits]int { return [board.NumUnits]int{f, k, s, 0} }

// scenario starts a game of n players whose first player is first, with
// every loyalty card in map order and exactly the given agents placed; the
// resolution phase is running.
func scenario(t testing.TB, n, first int, agents ...AgentAt) *Game {
	t.Helper()
	g := newGame(t, n, 1)
	if err := g.SetFirstPlayer(first); err != nil {
		t.Fatal(err)
	}
	if err := g.StartResolution(agents); err != nil {
		t.Fatal(err)
	}
	return g
}

// clearBoard removes every unit and flag.
func clearBoard(g *Game) {
	for t := range g.st.Units {
		for h := range g.st.Units[t] {
			g.st.Units[t][h] = [board.NumUnits]int{}
		}
		g.st.Flags[t] = -1
	}
}

func set(t testing.TB, g *Game, house, territory string, u [board.NumUnits]int) {
	t.Helper()
	if err := g.SetUnits(house, territory, u); err != nil {
		t.Fatal(err)
	}
}

func give(t testing.TB, g *Game, seat int, cards ...string) {
	t.Helper()
	for _, c := range cards {
		if err := g.GiveCard(seat, c); err != nil {
			t.Fatal(err)
		}
	}
}

func unitsAt(g *Game, house, territory string) [board.NumUnits]int {
	h, _ := g.m.House(house)
	t, _ := g.m.Territory(territory)
	return g.st.Units[t][h]
}

func flagAt(g *Game, territory string) string {
	t, _ := g.m.Territory(territory)
	if f := g.st.Flags[t]; f >= 0 {
		return g.m.Houses[f].ID
	}
	return ""
}

func wantErr(t testing.TB, got, want string) {
	t.Helper()
	if !containsFold(got, want) {
		t.Fatalf("refusal %q does not say %q", got, want)
	}
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

func hasEvent(evs []LogLine, sub string) bool {
	for _, e := range evs {
		if containsFold(e.Text, sub) {
			return true
		}
	}
	return false
}
