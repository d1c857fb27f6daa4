package gamefile

import (
	"bytes"
	"encoding/binary"
	"io/fs"
	"os"
	"reflect"
	"strings"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
)

// withSecretSource makes SecretSeed read the seeds given, in order, for
// the test.
func withSecretSource(t *testing.T, seeds ...uint64) {
	t.Helper()
	var b bytes.Buffer
	for _, s := range seeds {
		binary.Write(&b, binary.LittleEndian, s)
	}
	old := secretSource
	secretSource = &b
	t.Cleanup(func() { secretSource = old })
}

// smallMap writes the standard map seating only 2 or 3 players as a file.
func smallMap(t *testing.T) string {
	t.Helper()
	data, err := fs.ReadFile(maps.ShippedFS(), "standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "max_players = 4", "max_players = 3", 1)
	if text == string(data) {
		t.Fatal("the standard map says no max_players = 4")
	}
	return tempFile(t, text)
}

// tempFile writes text to a new .toml file of the test's and names it.
func tempFile(t *testing.T, text string) string {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "*.toml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return f.Name()
}

// The defaults of a setup: the standard map, four players (or as near
// four as the map seats) named Alice, Bob, …, the plain game, a secret
// seed; a counted setup names its players the same way.
func TestSetupDefaults(t *testing.T) {
	withSecretSource(t, 0xC0FFEE, 77, 78)
	g, err := Setup{}.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := rules.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 0xC0FFEE, Variant: rules.Plain}
	if got := g.Config(); !reflect.DeepEqual(got, want) || g.Map().ID != "standard" {
		t.Errorf("the zero setup: %+v on %s, want %+v on standard", got, g.Map().ID, want)
	}
	g, err = Setup{Map: smallMap(t)}.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Config().Players; !reflect.DeepEqual(got, []string{"Alice", "Bob", "Carol"}) {
		t.Errorf("a map of 2 to 3 players seats %q by default, want three", got)
	}
	g, err = Setup{Map: "nine", Count: 6, Variant: rules.Citadel}.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := g.Config(); !reflect.DeepEqual(c.Players, DefaultNames(6)) || c.Variant != rules.Citadel || g.Map().ID != "nine" {
		t.Errorf("six counted Citadel players on the nine map: %+v on %s", c, g.Map().ID)
	}
	for _, c := range []struct{ lo, hi, want int }{{2, 4, 4}, {2, 3, 3}, {2, 9, 4}, {5, 9, 5}, {4, 4, 4}} {
		if got := DefaultCount(c.lo, c.hi); got != c.want {
			t.Errorf("DefaultCount(%d, %d) = %d, want %d", c.lo, c.hi, got, c.want)
		}
	}
	if n := DefaultNames(11); n[0] != "Alice" || n[8] != "Ivan" || n[9] != "Player 10" || n[10] != "Player 11" {
		t.Errorf("DefaultNames(11) = %q", n)
	}
	if got := (Setup{}).Named(); got != nil {
		t.Errorf("a setup that neither names nor counts its players names %q", got)
	}
	if got := (Setup{Count: 2}).Named(); !reflect.DeepEqual(got, []string{"Alice", "Bob"}) {
		t.Errorf("two counted players are %q", got)
	}
}

// The seed: a tester's is the game's; without one, every game's seed is
// drawn from the one secret source (SecretSeed), a new one each game.
func TestSetupSeedsFromOneSource(t *testing.T) {
	withSecretSource(t, 11, 12, 13)
	var seeds []uint64
	for range 2 {
		g, err := Setup{Players: []string{"Ann", "Ben"}}.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, g.Config().Seed)
	}
	if !reflect.DeepEqual(seeds, []uint64{11, 12}) {
		t.Errorf("two secret seeds %v, want 11 and 12 from the secret source", seeds)
	}
	g, err := Setup{Players: []string{"Ann", "Ben"}, Seed: 0, SeedSet: true}.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Config().Seed != 0 {
		t.Errorf("a tester's seed 0 became %d", g.Config().Seed)
	}
	if s := SecretSeed(); s != 13 {
		t.Errorf("SecretSeed = %d: not the next seed of the source, 13", s)
	}
	// Two games of the same tester's seed are the same game; the same
	// setup with a secret seed twice is not.
	secretSource = bytes.NewReader(append(make([]byte, 8), 1, 0, 0, 0, 0, 0, 0, 0))
	a, _ := Setup{Seed: 9, SeedSet: true}.New(nil)
	b, _ := Setup{Seed: 9, SeedSet: true}.New(nil)
	c, _ := Setup{}.New(nil)
	d, _ := Setup{}.New(nil)
	if !reflect.DeepEqual(a.Position(), b.Position()) || reflect.DeepEqual(c.Position(), d.Position()) {
		t.Error("the same seed must give the same deal, two secret seeds two deals")
	}
}

// Check refuses what the window and the host refused before either
// opened, in the words their flags have always had (cli's tests hold
// them too); New refuses the same, and its default players count against
// -bots as the game's.
func TestSetupCheckRefuses(t *testing.T) {
	ann := []string{"Ann", "Ben"}
	for _, c := range []struct {
		name string
		s    Setup
		want string
	}{
		{"a map that does not load", Setup{Map: "nowhere"}, "-map: nowhere"},
		{"too many players", Setup{Count: 5}, "-players 5: the standard map seats 2 to 4 players"},
		{"too few players on the nine map", Setup{Map: "nine", Count: 1}, "-players 1: the nine map seats 2 to 9 players"},
		{"a count and names disagree", Setup{Count: 3, Players: ann}, "-players 3 but -names lists 2 names"},
		{"one name", Setup{Players: []string{"Ann"}}, "-names lists 1 name: the standard map seats 2 to 4 players"},
		{"an empty name", Setup{Players: []string{"Ann", " "}}, "-names: name 2: name is empty"},
		{"a name too long", Setup{Players: []string{"Ann", strings.Repeat("B", 25)}}, "-names: name 2: name "},
		{"more seats than players", Setup{Count: 2, Seats: []string{SeatHuman, "easy", "easy"}}, "-bots names 3 seats, but the game has 2 players"},
		{"more seats than the map", Setup{Seats: []string{SeatHuman, "easy", "easy", "easy", "easy"}}, "-bots names 5 seats, but the standard map seats at most 4 players"},
		{"a seat of nobody", Setup{Seats: []string{"robot"}}, `-bots: seat 1 is played by "robot": not human, remote or a bot level (random, steady, easy, strong)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.s.Check()
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("Check: %v, want %q", err, c.want)
			}
			if _, nerr := c.s.New(nil); c.s.Named() != nil && (nerr == nil || nerr.Error() != err.Error()) {
				t.Errorf("New: %v, Check: %v", nerr, err)
			}
		})
	}
	for _, s := range []Setup{{}, {Map: "nine", Players: DefaultNames(9)}, {Count: 2, Seats: []string{"strong", SeatRemote}}, {Seats: []string{"", SeatHuman, "random", "steady"}}} {
		if err := s.Check(); err != nil {
			t.Errorf("%+v: %v", s, err)
		}
	}
	// The host's words: its default players are the game's.
	if _, err := (Setup{Seats: []string{"easy", "easy", "easy", "easy", "easy"}}).New(nil); err == nil || err.Error() != "-bots names 5 seats, but the game has 4 players" {
		t.Errorf("New with five seats for the default four players: %v", err)
	}
	// A map file is read by Check, so that its problems come before a
	// window opens.
	bad := tempFile(t, "id = \"x\"\nbogus = 1\n")
	if err := (Setup{Map: bad}).Check(); err == nil || !strings.HasPrefix(err.Error(), "-map: "+bad) {
		t.Errorf("a broken map file: %v", err)
	}
}

// New on a map already loaded (the browser page's, the tests') takes it
// as it is: the same game as the map's name gives.
func TestSetupNewOnALoadedMap(t *testing.T) {
	m, err := maps.Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	s := Setup{Map: "nine", Count: 5, Seed: 3, SeedSet: true}
	g, err := s.New(m)
	if err != nil {
		t.Fatal(err)
	}
	h, err := s.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.Map() != m || !reflect.DeepEqual(g.Position(), h.Position()) {
		t.Error("the game on the loaded map is not the game of the map's name")
	}
	if _, err := (Setup{Count: 3}).New(m); err != nil {
		t.Errorf("three players on the nine map given as loaded: %v", err)
	}
}

// TestNamedByHost: a game whose names are the defaults was not named by
// its host; any other names were.
func TestNamedByHost(t *testing.T) {
	if NamedByHost(DefaultNames(4)) || !NamedByHost([]string{"Ann", "Bob", "Carol"}) || !NamedByHost([]string{"Bob", "Alice"}) {
		t.Fatal("NamedByHost")
	}
}
