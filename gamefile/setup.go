package gamefile

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"notrueking/board"
	"notrueking/bots"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/words"
)

// Setup is how a new game is set up: its map, its players, its variant,
// its seed and who plays each seat — what the header of the game's record
// (map, seed, players, variant) and its save (Meta.Seats) will say. The
// window's command line and start screen, the browser page, the headless
// host, the render command and the tests all set up a new game through
// it: Check says what is wrong with one before anything opens, New makes
// its game.
//
// The zero Setup is a plain game on the standard map for the default
// players (DefaultCount, named DefaultNames) with a secret seed, every
// seat played by a person.
type Setup struct {
	// Map is a shipped map's id or a map file's path; "" is the standard
	// map.
	Map string
	// Players are the players' names in seat order. Nil: Count players
	// named DefaultNames.
	Players []string
	// Count is how many players, when Players is nil; 0 leaves it to
	// the default (DefaultCount on the map; the window's start screen
	// offers the choice instead).
	Count int
	// Variant is the game's optional rules (rules.Plain, rules.Citadel).
	Variant rules.Variant
	// Seed is the game's seed when SeedSet: a tester's (-seed: the game
	// is then a tester's, its seed no secret, and the window and the
	// save say so), or one the window's start screen drew already.
	// Unset, New draws a secret seed (SecretSeed).
	Seed    uint64
	SeedSet bool
	// Seats says who plays each seat in seat order: SeatHuman (at this
	// screen), SeatRemote (at a device that joins) or a bot level
	// (bots.Levels); a missing seat is a person's.
	Seats []string
}

// DefaultPlayers is how many players the default setup seats: four, or
// as near four as the map's range allows.
const DefaultPlayers = 4

// defaultNames are the names of the players a setup only counts.
var defaultNames = []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"}

// NamedByHost reports whether players (a game's names as it began) were
// named by whoever set the game up rather than left to DefaultNames: a
// hosted game then keeps them, and its devices do not name their seats.
func NamedByHost(players []string) bool {
	return !slices.Equal(players, DefaultNames(len(players)))
}

// DefaultNames are the names of n players a setup counts without naming
// them: Alice, Bob, Carol, … Ivan, then "Player 10" and on.
func DefaultNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		if i < len(defaultNames) {
			out[i] = defaultNames[i]
		} else {
			out[i] = fmt.Sprintf("Player %d", i+1)
		}
	}
	return out
}

// DefaultCount is how many players a setup on a map seating lo to hi
// players has when it neither names nor counts them: DefaultPlayers,
// within the map's range.
func DefaultCount(lo, hi int) int {
	return max(min(DefaultPlayers, hi), lo)
}

// secretSource is where SecretSeed reads: the system's random source
// (a test of the one source reads from its own).
var secretSource io.Reader = rand.Reader

// SecretSeed is a seed nobody can predict, from the system's random
// source (crypto/rand): the seed of every game that is not a tester's,
// and of the bots and the shuffle button of such a game. It is the one
// place the program draws a secret seed.
func SecretSeed() uint64 {
	var b [8]byte
	if _, err := io.ReadFull(secretSource, b[:]); err != nil {
		// crypto/rand never fails (it crashes the program instead); a
		// test's source that runs dry is a broken test.
		panic("gamefile: the secret seed's source failed: " + err.Error())
	}
	return binary.LittleEndian.Uint64(b[:])
}

// mapName is the map the setup names.
func (s Setup) mapName() string {
	if s.Map == "" {
		return "standard"
	}
	return s.Map
}

// Named is the players the setup names, or counts (DefaultNames); nil
// when it does neither.
func (s Setup) Named() []string {
	switch {
	case s.Players != nil:
		return s.Players
	case s.Count > 0:
		return DefaultNames(s.Count)
	}
	return nil
}

// Check says what is wrong with the setup, before a game is made of it or
// a window opens: a map that does not load, a player count or a list of
// names the map does not seat (or disagreeing), a name the rules refuse,
// a seat played by neither a person nor a bot level, more seats than
// players, and — the players given — whatever else the rules ask of them.
// Its errors name what is wrong as the command line's flags (and the
// browser page's address, which passes its query as flags) do: -map,
// -players, -names, -bots. With the players unset it reads a shipped
// map's header only (the browser page's start), not the whole map.
func (s Setup) Check() error {
	m, err := s.check(nil)
	if err != nil || s.Named() == nil {
		return err
	}
	// What else the rules ask of the players (agent slots for them all).
	if m == nil {
		if m, err = maps.Load(s.mapName()); err != nil {
			return fmt.Errorf("-map: %s", FirstProblem(err))
		}
	}
	_, err = rules.New(m, s.config())
	return err
}

// New is the new game of the setup: on m when given (a map already
// loaded: one the browser page opened, the tests' maps loaded once), else
// on the map Setup.Map names; for the default players when it neither
// names nor counts them; with Setup.Seed when SeedSet, else a secret seed
// (the game's Config says which). The setup is checked first (Check's
// errors).
func (s Setup) New(m *board.Map) (*rules.Game, error) {
	if m == nil {
		var err error
		if m, err = maps.Load(s.mapName()); err != nil {
			return nil, fmt.Errorf("-map: %s", FirstProblem(err))
		}
	}
	if s.Named() == nil {
		s.Count = DefaultCount(m.MinPlayers, m.MaxPlayers)
	}
	if !s.SeedSet {
		s.Seed, s.SeedSet = SecretSeed(), true
	}
	if _, err := s.check(m); err != nil {
		return nil, err
	}
	return rules.New(m, s.config())
}

// config is the rules' configuration of a setup whose players are given.
func (s Setup) config() rules.Config {
	return rules.Config{Players: s.Named(), Seed: s.Seed, Variant: s.Variant}
}

// check is Check but for the rules' own check of the players, on m when
// given; it returns the map, m or the one it parsed (nil when a shipped
// map's header sufficed).
func (s Setup) check(m *board.Map) (*board.Map, error) {
	h, m, err := s.header(m)
	if err != nil {
		return nil, err
	}
	seats := fmt.Sprintf("the %s map seats %d to %d players", h.ID, h.MinPlayers, h.MaxPlayers)
	for i, n := range s.Players {
		if err := rules.CheckPlayerName(n); err != nil {
			return nil, fmt.Errorf("-names: name %d: %v", i+1, err)
		}
	}
	count, named := s.Count > 0, s.Players != nil
	switch {
	case count && (s.Count < h.MinPlayers || s.Count > h.MaxPlayers):
		return nil, fmt.Errorf("-players %d: %s", s.Count, seats)
	case count && named && len(s.Players) != s.Count:
		return nil, fmt.Errorf("-players %d but -names lists %s", s.Count, words.Count(len(s.Players), "name"))
	case named && (len(s.Players) < h.MinPlayers || len(s.Players) > h.MaxPlayers):
		return nil, fmt.Errorf("-names lists %s: %s", words.Count(len(s.Players), "name"), seats)
	}
	if err := s.checkSeats(h); err != nil {
		return nil, err
	}
	return m, nil
}

// header is the header of the setup's map: m's when given, a shipped
// map's without a parse, else the map file's, parsed (so that its
// problems are found before a window opens) and returned.
func (s Setup) header(m *board.Map) (maps.Header, *board.Map, error) {
	if m == nil {
		h, err := maps.ShippedHeader(s.mapName())
		if err == nil {
			return h, nil, nil
		}
		if m, err = maps.Load(s.mapName()); err != nil {
			return maps.Header{}, nil, fmt.Errorf("-map: %s", FirstProblem(err))
		}
	}
	return maps.Header{ID: m.ID, Name: m.Name, MinPlayers: m.MinPlayers, MaxPlayers: m.MaxPlayers, ConspiracyNames: m.ConspiracyNames}, m, nil
}

// checkSeats refuses a seat played by neither a person nor a bot level,
// and more seats than the players given, or than the map seats when the
// players are not given.
func (s Setup) checkSeats(h maps.Header) error {
	for i, who := range s.Seats {
		if IsPerson(who) {
			continue
		}
		if _, err := bots.ParseLevel(who); err != nil {
			return fmt.Errorf("-bots: seat %d is played by %q: not %s, %s or a bot level (%s)", i+1, who, SeatHuman, SeatRemote, strings.Join(bots.Levels(), ", "))
		}
	}
	n := len(s.Seats)
	if p := len(s.Named()); p > 0 && n > p {
		return fmt.Errorf("-bots names %s, but the game has %s", words.Count(n, "seat"), words.Count(p, "player"))
	}
	if n > h.MaxPlayers {
		return fmt.Errorf("-bots names %s, but the %s map seats at most %s", words.Count(n, "seat"), h.ID, words.Count(h.MaxPlayers, "player"))
	}
	return nil
}

// FirstProblem is the first problem of a map or scenario error, and how
// many more the validate command would list.
func FirstProblem(err error) string {
	var list maps.ErrorList
	if errors.As(err, &list) && len(list) > 1 {
		return fmt.Sprintf("%v (and %d more problems; validate lists them all)", list[0], len(list)-1)
	}
	return err.Error()
}
