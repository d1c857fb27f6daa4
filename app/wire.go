package app

import (
	"notrueking/board"
	"notrueking/gamefile"
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
