package gamefile

import (
	"fmt"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
)

// MapLoader loads a map by the name a record gives and, for a map file,
// the SHA-256 the record holds ("" for none): a file whose hash differs is
// refused (records.LoadMap).
type MapLoader func(name, sum string) (*board.Map, error)

// Loader is the MapLoader of a record in folder dir on the desktop: a
// shipped map by its id, a map file by its path relative to dir.
func Loader(dir string) MapLoader {
	return func(name, sum string) (*board.Map, error) {
		return records.LoadMap(maps.ShippedFS(), dir, name, sum)
	}
}

// Start is the game a record's actions start from — the one place that
// reads where a record starts (its header; docs/records.md):
//   - the record names a scenario file (relative to dir, its folder):
//     that scenario's position, checked against the record's SHA-256;
//   - it names StartRef: the start position its save holds itself
//     (own, Meta.Start), checked the same way;
//   - otherwise a new game of its map, seed and players.
func Start(rec rules.Record, own string, dir string, load MapLoader) (*rules.Game, error) {
	switch rec.Scenario {
	case "":
		m, err := load(rec.Map, rec.MapSHA256)
		if err != nil {
			return nil, err
		}
		head := rec
		head.Actions, head.Lines = nil, nil
		g, _, _, err := rules.ReplayRecord(m, head)
		return g, err
	case StartRef:
		if own == "" {
			return nil, fmt.Errorf("the record starts from %s, and the file holds no start position", StartRef)
		}
		if got := records.Sum([]byte(own)); got != rec.ScenarioSHA256 {
			return nil, fmt.Errorf("the save's start position does not match its record (sha256 %s, the record says %s)", got, rec.ScenarioSHA256)
		}
		return scenarios.Parse("the save's start position", []byte(own), ".")
	default:
		return scenarios.LoadRef(dir, rec.Scenario, rec.ScenarioSHA256)
	}
}

// Replay replays a record or save (its header m; the zero Meta for a
// plain record) from where it starts (Start); warning says whether its
// last line was cut off (it is then ignored, or read as it stands).
func Replay(rec rules.Record, m Meta, dir string, load MapLoader) (g *rules.Game, warning string, err error) {
	g, err = Start(rec, m.Start, dir, load)
	if err != nil {
		return nil, "", err
	}
	warning, err = rules.ReplayFrom(g, rec)
	if err != nil {
		return nil, "", err
	}
	return g, warning, nil
}
