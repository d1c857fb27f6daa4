package rules

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
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
	// The players bear their conspiracies' names, so that the game's words
	// name each seat once ("Crown", not "Ann (Crown)": people_test.go
	// tests those).
	names := []string{"Crown", "Torch", "Helm", "Gauntlet"}[:players]
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

func terr(t testing.TB, g *Game, id string) board.TerrID {
	t.Helper()
	i, ok := g.m.Territory(id)
	if !ok {
		t.Fatalf("no territory %q", id)
	}
	return i
}

func house(t testing.TB, g *Game, id string) board.HouseID {
	t.Helper()
	i, ok := g.m.House(id)
	if !ok {
		t.Fatalf("no house %q", id)
	}
	return i
}

func units(f, k, s int) [board.NumUnits]int { return [board.NumUnits]int{f, k, s, 0} }

// houseID finds a house by id.
func (g *Game) houseID(id string) (board.HouseID, error) {
	h, ok := g.m.House(id)
	if !ok {
		return 0, fmt.Errorf("there is no house %q on this map", id)
	}
	return h, nil
}

// terrID finds a territory by id.
func (g *Game) terrID(id string) (board.TerrID, error) {
	t, ok := g.m.Territory(id)
	if !ok {
		return 0, fmt.Errorf("there is no territory %q on this map", id)
	}
	return t, nil
}

// The tests set positions up through the Editor, naming houses,
// territories and cards by id.

func (g *Game) setUnits(house, territory string, u [board.NumUnits]int) error {
	h, err := g.houseID(house)
	if err != nil {
		return err
	}
	t, err := g.terrID(territory)
	if err != nil {
		return err
	}
	return g.Edit().Units(t, h, u)
}

// setFlag puts house's flag in territory ("" takes it away).
func (g *Game) setFlag(territory, house string) error {
	t, err := g.terrID(territory)
	if err != nil {
		return err
	}
	h := board.NoHouse
	if house != "" {
		if h, err = g.houseID(house); err != nil {
			return err
		}
	}
	return g.Edit().Flag(t, h)
}

func (g *Game) giveCard(seat int, card string) error {
	c, ok := g.m.Card(card)
	if !ok {
		return fmt.Errorf("there is no house card %q", card)
	}
	return g.Edit().GiveCard(Seat(seat), c)
}

func (g *Game) setDeck(house string, top []string, onlyThese bool) error {
	h, err := g.houseID(house)
	if err != nil {
		return err
	}
	cs := make([]board.CardID, len(top))
	for i, id := range top {
		cs[i] = g.cardNum(id)
	}
	return g.Edit().DeckTop(h, cs, onlyThese)
}

// setLoyalty arranges seat's loyalty card (house ids, best slot first)
// with exactly the named tokens face up.
func (g *Game) setLoyalty(seat int, order []string, revealed ...string) error {
	hs := make([]board.HouseID, len(order))
	for i, id := range order {
		h, err := g.houseID(id)
		if err != nil {
			return err
		}
		hs[i] = h
	}
	e := g.Edit()
	if err := e.Loyalty(Seat(seat), hs); err != nil {
		return err
	}
	for h, house := range g.m.Houses {
		if err := e.Reveal(Seat(seat), board.HouseID(h), slices.Contains(revealed, house.ID)); err != nil {
			return err
		}
	}
	return nil
}

// agentAt is an agent on a slot, its house by id.
type agentAt struct {
	seat  int
	house string
	slot  Slot
}

func (g *Game) startResolution(agents []agentAt) error {
	at := make([]AgentAt, len(agents))
	for i, a := range agents {
		h, err := g.houseID(a.house)
		if err != nil {
			return err
		}
		at[i] = AgentAt{Seat: Seat(a.seat), House: h, Slot: a.slot}
	}
	return g.Edit().StartResolution(at)
}

// scenario starts a game of n players whose first player is first, with
// every loyalty card in map order and exactly the given agents placed; the
// resolution phase is running.
func scenario(t testing.TB, n, first int, agents ...agentAt) *Game {
	t.Helper()
	g := newGame(t, n, 1)
	if err := g.Edit().First(Seat(first)); err != nil {
		t.Fatal(err)
	}
	if err := g.startResolution(agents); err != nil {
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
	if err := g.setUnits(house, territory, u); err != nil {
		t.Fatal(err)
	}
}

func give(t testing.TB, g *Game, seat int, cards ...string) {
	t.Helper()
	for _, c := range cards {
		if err := g.giveCard(seat, c); err != nil {
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

// cardNum is the number of the card with the given id (None if none).
func (g *Game) cardNum(id string) board.CardID {
	if c, ok := g.m.Card(id); ok {
		return c
	}
	return None
}
