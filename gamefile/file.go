package gamefile

import (
	"fmt"
	"path/filepath"

	"notrueking/internal/safefile"
	"notrueking/rules"
	"notrueking/store"
)

// File is a game read from a record or save file.
type File struct {
	// Game is the game replayed to the file's last action.
	Game *rules.Game
	// Record is the file's record; Meta its save header when IsSave.
	Record rules.Record
	Meta   Meta
	IsSave bool
	// Warning names a cut-off last line (ignored, or read as it stands);
	// "" when there is none.
	Warning string
}

// ReadFile reads the record or save at path (a regular file of at most
// store.MaxSave bytes; a byte-order mark is dropped) and replays it. A map
// (or scenario) the file names by a relative path is found from the file's
// folder through loaderFor(dir).
func ReadFile(path string, loaderFor func(dir string) MapLoader) (*File, error) {
	data, err := safefile.ReadFile(path, store.MaxSave)
	if err != nil {
		return nil, err
	}
	f, err := ReadData(data, filepath.Dir(path), loaderFor)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return f, nil
}

// ReadData is ReadFile on a file's content; dir is the file's folder.
func ReadData(data []byte, dir string, loaderFor func(dir string) MapLoader) (*File, error) {
	rec, meta, isSave, err := Decode(data) // one byte-order mark is read past; a second is refused, as run does
	if err != nil {
		return nil, err
	}
	g, warning, err := Replay(rec, meta, dir, loaderFor(dir))
	if err != nil {
		return nil, err
	}
	return &File{Game: g, Record: rec, Meta: meta, IsSave: isSave, Warning: warning}, nil
}
