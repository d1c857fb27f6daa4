package session

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/store"
)

// Loaded is a game opened from a record or save file to go on with (-load,
// for the window and the headless host alike): the game, where its files
// go on (Files: the map as its saves name it, the save it resumes, whether
// it is a tester's game), who played each seat and the pause between bot
// moves, the network seats of a hosted game, and a warning about the
// file (a cut-off last line).
type Loaded struct {
	Game    *rules.Game
	Files   FilesOptions
	Seats   []string
	Pause   time.Duration
	Host    *gamefile.Host
	Warning string
}

// ErrInUse refuses a save another window or host is playing.
var ErrInUse = errors.New("this game is open in another window or host")

// Load opens the game of the record or save at path. A save of the saves
// folder saves goes on in place (its lock taken: a save open elsewhere is
// refused with ErrInUse); any other file is left alone and the game goes on
// in a new save, naming the map from the saves folder (a map file by its
// absolute path). A plain record (no save header) is a tester's game: its
// seed is in the file for anyone to read. load loads the map a file names
// against the file's folder.
func Load(saves store.Store, path string, load func(dir string) gamefile.MapLoader) (*Loaded, error) {
	if d, ok := saves.(*store.Dir); ok {
		if id, ok := d.IDOf(path); ok {
			s, err := Resume(d, id, load(filepath.Dir(path)))
			if errors.Is(err, store.ErrInUse) {
				return nil, fmt.Errorf("%s: %w", path, ErrInUse)
			}
			if err != nil {
				return nil, err
			}
			return Resumed(s), nil
		}
	}
	f, err := gamefile.ReadFile(path, load)
	if err != nil {
		return nil, err
	}
	rec := f.Record
	l := &Loaded{Game: f.Game, Warning: f.Warning, Seats: f.Meta.Seats, Pause: time.Duration(f.Meta.BotPauseMS) * time.Millisecond, Host: f.Meta.Host}
	l.Files = FilesOptions{MapName: rec.Map, MapSum: rec.MapSHA256, Tester: !f.IsSave || f.Meta.Tester}
	if _, shipped := maps.ShippedName(rec.Map); !shipped && !filepath.IsAbs(filepath.FromSlash(rec.Map)) {
		l.Files.MapName = filepath.Join(filepath.Dir(path), filepath.FromSlash(rec.Map))
		if abs, err := filepath.Abs(l.Files.MapName); err == nil {
			l.Files.MapName = abs
		}
	}
	return l, nil
}

// Resumed is the game of save s to go on with, in that save.
func Resumed(s *Session) *Loaded {
	rec := s.Record()
	l := &Loaded{Game: s.Game(), Seats: s.Seats, Pause: s.BotPause, Host: s.Host, Warning: s.Warning()}
	l.Files = FilesOptions{MapName: rec.Map, MapSum: rec.MapSHA256, Resumed: s, Tester: s.Tester()}
	return l
}
