package app

import (
	"fmt"

	"notrueking/board"
	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
)

// defaultNewGame builds the game of a shipped map (or a map file) that
// the start screen set up: its seed, a tester's or a secret one, is drawn
// already.
func defaultNewGame(mapName string, players []string, seed uint64, v rules.Variant) (*rules.Game, error) {
	return newGameOn(nil, mapName, players, seed, v)
}

// newGameOn is the game the start screen set up, on m when given (a map
// the browser page opened), else on the map mapName names
// (gamefile.Setup.New).
func newGameOn(m *board.Map, mapName string, players []string, seed uint64, v rules.Variant) (*rules.Game, error) {
	return gamefile.Setup{Map: mapName, Players: players, Variant: v, Seed: seed, SeedSet: true}.New(m)
}

// shippedMaps lists the maps built into the program for the start screen,
// standard first; a map that fails to load is left out.
func shippedMaps() []mapChoice {
	var out []mapChoice
	for _, name := range maps.Shipped() {
		// The header only: parsing every shipped map took most of the
		// browser's time before its first frame; a game parses its own.
		m, err := maps.ShippedHeader(name)
		if err != nil {
			continue
		}
		mc := mapChoice{ID: name, Label: fmt.Sprintf("%s (%s, %d–%d players)", m.Name, name, m.MinPlayers, m.MaxPlayers),
			Min: m.MinPlayers, Max: m.MaxPlayers, Seats: m.ConspiracyNames}
		if name == "standard" {
			out = append([]mapChoice{mc}, out...)
		} else {
			out = append(out, mc)
		}
	}
	return out
}
