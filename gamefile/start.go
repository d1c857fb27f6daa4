package gamefile

import (
	"errors"
	"path/filepath"

	"notrueking/board"
	"notrueking/internal/safefile"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/store"
)

// Origin is where a game's record starts, as one file names it: its map
// (a shipped map's id, or a map file's path with the file's SHA-256) and,
// for a game from a position, the scenario its record starts from (a
// scenario file's path with its SHA-256, or StartRef: the save holds the
// position itself). The zero Origin names the game's map by its id.
//
// Each kind of file decides its Origin here — a save (SaveOrigin, its map
// named by MapName), a -record file (RecordOrigin) — and Record writes the
// record's header from it; Start reads it back.
type Origin struct {
	Map, MapSum           string
	Scenario, ScenarioSum string
}

// Record is g's record as a file that starts at o holds it: o's map and
// scenario lines, and the actions since the game's start position when
// it starts from one (a position set up after some actions, in a test,
// has those before it).
func Record(g *rules.Game, o Origin) rules.Record {
	rec := rules.RecordOf(g)
	if o.Map != "" {
		rec.Map, rec.MapSHA256 = o.Map, o.MapSum
	}
	if o.Scenario != "" {
		rec.Scenario, rec.ScenarioSHA256 = o.Scenario, o.ScenarioSum
		rec.Actions = rec.Actions[g.Base():]
	}
	return rec
}

// Actions is how many action lines g's record from o holds.
func Actions(g *rules.Game, o Origin) int {
	if o.Scenario != "" {
		return g.Len() - g.Base()
	}
	return g.Len()
}

// SaveOrigin is where a save's record starts: its map as the save names
// it (MapName) and, for a game from a position, the position the save
// holds (start, the text of a scenario file; nil for none).
func SaveOrigin(mapName, mapSum string, start []byte) Origin {
	o := Origin{Map: mapName, MapSum: mapSum}
	if len(start) > 0 {
		o.Scenario, o.ScenarioSum = StartRef, records.Sum(start)
	}
	return o
}

// MapName is how a save names map m, loaded with maps.Load(arg) when the
// game started: a shipped map's id (a shipped name always means the
// shipped map), or the map file's absolute path, so that Continue finds it
// from any working folder, with the SHA-256 of what was loaded, so that a
// changed file is refused.
func MapName(arg string, m *board.Map) (name, sum string) {
	if base, ok := maps.ShippedName(arg); ok {
		return base, ""
	}
	abs, err := filepath.Abs(arg)
	if err != nil {
		abs = arg
	}
	return abs, m.SHA256
}

// RecordOrigin is where a -record file at recordPath starts for game g,
// started with maps.Load(mapArg) ("" for the map's id) and, when opened
// from a scenario file, from scenarioPath ("" for none): its map named
// relative to the record's folder (records.MapRef), and for a game from a
// position its scenario — the scenario file, named relative to the record
// while it still holds the position the game started from, or else the
// start position written beside the record (RECORD.start.toml, a new
// file; start is then its path, to name it again).
func RecordOrigin(recordPath, mapArg, scenarioPath string, g *rules.Game) (o Origin, start string, err error) {
	if mapArg == "" {
		mapArg = g.Map().ID
	}
	dir := filepath.Dir(recordPath)
	o.Map, o.MapSum = records.MapRef(dir, mapArg, g.Map())
	if !g.FromPosition() {
		return o, "", nil
	}
	if scenarioPath != "" {
		data, err := safefile.ReadFile(scenarioPath, scenarios.MaxFileSize)
		if err == nil {
			o.Scenario, o.ScenarioSum = records.ScenarioRef(dir, scenarioPath, data)
			if _, err := scenarios.LoadRef(dir, o.Scenario, o.ScenarioSum); err == nil {
				return o, scenarioPath, nil
			}
		}
		// The scenario file changed or went away: the record keeps its
		// own copy of the start.
	}
	pos, err := scenarios.StartOf(g)
	if err != nil {
		return Origin{}, "", err
	}
	if pos == nil {
		return Origin{}, "", errors.New("the game does not start from a position")
	}
	p, err := store.WriteNew(recordPath+".start.toml", pos, 0o600)
	if err != nil {
		return Origin{}, "", err
	}
	o.Scenario, o.ScenarioSum = records.ScenarioRef(dir, p, pos)
	return o, p, nil
}
