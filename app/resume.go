package app

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"notrueking/board"
	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/session"
	"notrueking/store"
)

// mapLoader loads the map a record or save names, a relative map path
// against the record's folder dir, checking a map file's hash.
func mapLoader(dir string) gamefile.MapLoader {
	return func(name, sum string) (*board.Map, error) {
		if m, handled, err := browserMap(name, sum); handled {
			return m, err
		}
		return records.LoadMap(maps.ShippedFS(), dir, name, sum)
	}
}

// continueGame resumes saved game id. A game open in another window is
// refused with the reason (a game is played in one window only), and the
// start screen offers to watch it (W).
func continueGame(c *Context, id string) (Scene, error) {
	st := c.app.opts.Saves
	s, err := session.Resume(st, id, mapLoader(""))
	if errors.Is(err, store.ErrInUse) {
		if d, ok := st.(*store.Dir); ok {
			c.app.home.watch = d.File(id)
			return nil, cannotContinue("the game is open in another window. Watch it here?")
		}
		return nil, cannotContinue("this game is open in another window — play it there.")
	}
	if err != nil {
		return nil, cannotContinue(err.Error())
	}
	return resume(c, s), nil
}

// cannotContinue is the start screen's line for a game Continue refused,
// and why.
func cannotContinue(why string) error { return errors.New("Cannot continue: " + why) }

// inUse is the refusal of -load for a save open in another window.
func inUse(path string) error {
	return fmt.Errorf("%s: this game is open in another window — play it there, or watch it with: notrueking spectate %s", path, path)
}

// resume puts the game of save s on the table: it goes on in that save.
func resume(c *Context, s *session.Session) Scene {
	rec := s.Record()
	id := gameID{mapName: rec.Map, mapSum: rec.MapSHA256, resumed: s, tester: s.Tester()}
	bs := savedBots(c.app.opts, s.Seats, s.BotPause, len(rec.Players), id.tester, rec.Seed)
	lg, at := begin(c, playRules(s.Game()), rec.Seed, id, bs)
	if w := s.Warning(); w != "" {
		lg.tbl.SetMessage("The save's last line was cut off: "+w, false)
	}
	return at
}

// loadFile resumes the game of a record or save file. A save of the saves
// folder continues in place; any other file is left alone and the game goes
// on in a new save. A plain record (no save header) is a tester's game:
// its seed is in the file for anyone to read.
func loadFile(c *Context, path string) (Scene, error) {
	if d, ok := c.app.opts.Saves.(*store.Dir); ok {
		if id, ok := d.IDOf(path); ok {
			s, err := session.Resume(d, id, mapLoader(filepath.Dir(path)))
			if errors.Is(err, store.ErrInUse) {
				return nil, inUse(path)
			}
			if err != nil {
				return nil, err
			}
			return resume(c, s), nil
		}
	}
	f, err := gamefile.ReadFile(path, mapLoader)
	if err != nil {
		return nil, err
	}
	g, rec, warning := f.Game, f.Record, f.Warning
	id := gameID{tester: !f.IsSave || f.Meta.Tester}
	// The game goes on in a new save, which names the map from the saves
	// folder: a map file by its absolute path.
	id.mapName, id.mapSum = rec.Map, rec.MapSHA256
	if _, shipped := maps.ShippedName(rec.Map); !shipped && !filepath.IsAbs(filepath.FromSlash(rec.Map)) {
		id.mapName = filepath.Join(filepath.Dir(path), filepath.FromSlash(rec.Map))
		if abs, err := filepath.Abs(id.mapName); err == nil {
			id.mapName = abs
		}
	}
	bs := savedBots(c.app.opts, f.Meta.Seats, time.Duration(f.Meta.BotPauseMS)*time.Millisecond, len(rec.Players), id.tester, rec.Seed)
	lg, at := begin(c, playRules(g), rec.Seed, id, bs)
	if warning != "" {
		lg.tbl.SetMessage(filepath.Base(path)+": "+warning, false)
	}
	return at, nil
}
