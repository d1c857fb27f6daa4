package render

import (
	"notrueking/maps"
	"notrueking/rules"
)

// defaultNewGame builds a game from a shipped map (or a map file) and the
// rules engine.
func defaultNewGame(mapName string, players []string, seed uint64) (engine, error) {
	m, err := maps.Load(mapName)
	if err != nil {
		return nil, err
	}
	g, err := rules.New(m, rules.Config{Players: players, Seed: seed})
	if err != nil {
		return nil, err
	}
	return g, nil
}
