package scenarios

import (
	"path/filepath"

	"notrueking/records"
	"notrueking/rules"
	"notrueking/store"
)

// Save writes the position of g as a scenario file at path ("Save
// position as scenario"): atomically, readable by its owner only (it holds
// every secret of the position), never over an existing file — when path
// is taken the next free name is used (x-2.toml, …) and returned. mapArg
// is how the game's map was loaded (the -map argument, as maps.Load takes
// it): a shipped map is named by its id, a map file by its path relative
// to the scenario's folder and the hash of the map as loaded
// (records.MapRef).
func Save(path string, g *rules.Game, mapArg string) (string, error) {
	name, sum := records.MapRef(filepath.Dir(path), mapArg, g.Map())
	return store.WriteNew(path, Export(g, name, sum), 0o600)
}

// StartOf returns, for a game whose history starts from a position
// (g.FromPosition: a scenario, the sandbox), that position as a scenario
// file's text — what a save of the game holds so that it replays with no
// other file; its map is named so that it loads from any folder
// (records.MapIdentity). It returns nil for a game started with New.
func StartOf(g *rules.Game) ([]byte, error) {
	if !g.FromPosition() {
		return nil, nil
	}
	s0, err := g.At(g.Base())
	if err != nil {
		return nil, err
	}
	name, sum := records.MapIdentity(g.Map())
	return Export(s0, name, sum), nil
}
