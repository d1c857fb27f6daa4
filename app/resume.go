package app

import (
	"errors"
	"fmt"
	"path/filepath"

	"notrueking/board"
	"notrueking/gamefile"
	"notrueking/live"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/session"
	"notrueking/start"
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
			c.app.home.s.SetWatch(d.File(id))
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
	lg, at := beginLoaded(c, session.Resumed(s))
	if w := s.Warning(); w != "" {
		lg.Table().SetMessage("The save's last line was cut off: "+w, false)
	}
	return at
}

// beginLoaded puts a loaded game on the table with its seats (the command
// line's -bots and -bot-pause win over the file's).
func beginLoaded(c *Context, l *session.Loaded) (*live.Game, Scene) {
	g, rec := l.Game, l.Game.Config()
	seed := rec.Seed // the bots': a tester's game's, or a secret one
	if !l.Files.Tester {
		seed = gamefile.SecretSeed()
	}
	return startMatch(c, g, l.Files, start.Saved(startOptions(c.app.opts), l.Seats, l.Pause, len(rec.Players), seed))
}

// loadFile resumes the game of a record or save file (session.Load): a
// save of the saves folder continues in place; any other file is left
// alone and the game goes on in a new save.
func loadFile(c *Context, path string) (Scene, error) {
	l, err := session.Load(c.app.opts.Saves, path, mapLoader)
	if errors.Is(err, session.ErrInUse) {
		return nil, inUse(path)
	}
	if err != nil {
		return nil, err
	}
	if l.Files.Resumed != nil {
		return resume(c, l.Files.Resumed), nil
	}
	lg, at := beginLoaded(c, l)
	if l.Warning != "" {
		lg.Table().SetMessage(filepath.Base(path)+": "+l.Warning, false)
	}
	return at, nil
}
