package app

import (
	"fmt"

	"notrueking/maps"
	"notrueking/rules"
)

// defaultNewGame builds a game from a shipped map (or a map file) and the
// rules engine.
func defaultNewGame(mapName string, players []string, seed uint64, v rules.Variant) (*rules.Game, error) {
	m, err := maps.Load(mapName)
	if err != nil {
		return nil, err
	}
	g, err := rules.New(m, rules.Config{Players: players, Seed: seed, Variant: v})
	if err != nil {
		return nil, err
	}
	return g, nil
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
