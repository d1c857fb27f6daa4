package render

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/store"
)

// publicRound is the round a save's header shows.
func publicRound(g *rules.Game) int { return g.View(rules.Public).Round }

// game returns the rules game on the table, nil for a scripted engine.
func (a *App) game() *rules.Game {
	if a.tbl == nil {
		return nil
	}
	return a.play.game
}

// mapIdentity is how a save names map m, loaded with maps.Load(name) when
// the game started: a shipped map's id (a shipped name always means the
// shipped map), or a map file's absolute path, so that Continue finds it
// from any working folder, with the SHA-256 of what was loaded, so that a
// changed file is refused.
func mapIdentity(name string, m *board.Map) (ref, sum string) {
	if base, ok := maps.ShippedName(name); ok {
		return base, ""
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		abs = name
	}
	return abs, m.SHA256
}

// mapLoader loads the map a record or save names, a relative map path
// against the record's folder dir, checking a map file's hash.
func mapLoader(dir string) session.MapLoader {
	return func(name, sum string) (*board.Map, error) {
		if m, handled, err := browserMap(name, sum); handled {
			return m, err
		}
		return records.LoadMap(maps.ShippedFS(), dir, name, sum)
	}
}

// refreshContinues reads the unfinished saved games for the start screen.
func (a *App) refreshContinues() {
	a.start.conts = nil
	if a.opts.Saves == nil {
		return
	}
	l, err := session.Unfinished(a.opts.Saves)
	a.start.conts = l
	if err != nil {
		a.start.msg = "Some saved games could not be read: " + err.Error()
	}
}

// continueGame resumes saved game id.
func (a *App) continueGame(id string) {
	s, err := session.Resume(a.opts.Saves, id, mapLoader(""))
	if err != nil {
		a.start.msg = "Cannot continue: " + err.Error()
		return
	}
	a.resume(s)
}

func (a *App) resume(s *session.Session) {
	s.Round = publicRound
	a.sess, a.tester = s, s.Tester()
	rec := s.Record()
	a.mapName, a.mapSum = rec.Map, rec.MapSHA256
	a.bots.interrupt()
	a.bots = a.savedBots(s.Seats, s.BotPause, len(rec.Players), a.tester, rec.Seed)
	a.bots.keepIn(s)
	a.begin(playSaved(s), rec.Seed)
	if w := s.Warning(); w != "" {
		a.tbl.SetMessage("The save's last line was cut off: "+w, false)
	}
}

// loadFile resumes the game of a record or save file. A save of the saves
// folder continues in place; any other file is left alone and the game goes
// on in a new save. A plain record (no save header) is a tester's game:
// its seed is in the file for anyone to read.
func (a *App) loadFile(path string) error {
	if d, ok := a.opts.Saves.(*store.Dir); ok {
		if id, ok := d.IDOf(path); ok {
			s, err := session.Resume(d, id, mapLoader(filepath.Dir(path)))
			if err != nil {
				return err
			}
			a.resume(s)
			return nil
		}
	}
	f, err := session.ReadFile(path, mapLoader)
	if err != nil {
		return err
	}
	g, rec, warning := f.Game, f.Record, f.Warning
	a.tester = !f.IsSave || f.Meta.Tester
	// The game goes on in a new save, which names the map from the saves
	// folder: a map file by its absolute path.
	a.mapName, a.mapSum = rec.Map, rec.MapSHA256
	if _, shipped := maps.ShippedName(rec.Map); !shipped && !filepath.IsAbs(filepath.FromSlash(rec.Map)) {
		a.mapName = filepath.Join(filepath.Dir(path), filepath.FromSlash(rec.Map))
		if abs, err := filepath.Abs(a.mapName); err == nil {
			a.mapName = abs
		}
	}
	a.bots.interrupt()
	a.bots = a.savedBots(f.Meta.Seats, time.Duration(f.Meta.BotPauseMS)*time.Millisecond, len(rec.Players), a.tester, rec.Seed)
	a.begin(playRules(g), rec.Seed)
	if warning != "" {
		a.tbl.SetMessage(filepath.Base(path)+": "+warning, false)
	}
	return nil
}

// saveRecord writes the record file (-record) when the game has moved on
// since the last write: atomically, mode 0600 (a record holds every
// secret). The first write of a game never replaces a file: it takes the
// asked name or, when that exists (the record of an earlier game), the
// next free one. A failure stays in a banner until a write succeeds.
func (a *App) saveRecord() {
	g := a.game()
	if a.opts.RecordPath == "" || g == nil || len(g.Actions()) == a.recorded {
		return
	}
	rec := rules.RecordOf(g)
	if a.sess != nil {
		rec = a.sess.Record()
	} else if a.mapName != "" {
		rec.Map, rec.MapSHA256 = a.mapName, a.mapSum
	}
	// A record names a map file by its path relative to the record's
	// folder (docs/records.md), so record and map can move together.
	records.SetMap(&rec, a.opts.RecordPath, rec.Map, g.Map())
	var err error
	if g.FromPosition() {
		// It starts from a scenario file, named relative to the record.
		if a.recScen == "" {
			err = a.recordStart(&rec, a.recordTarget(), g)
			a.recScen, a.recScenSum = rec.Scenario, rec.ScenarioSHA256
		}
		rec.Scenario, rec.ScenarioSHA256 = a.recScen, a.recScenSum
		if a.sess == nil {
			rec.Actions = rec.Actions[g.Base():]
		}
	}
	var buf bytes.Buffer
	if err == nil {
		err = rec.Write(&buf)
	}
	if err == nil {
		if a.recPath == "" {
			var p string
			if p, err = store.WriteNew(a.opts.RecordPath, buf.Bytes(), 0o600); err == nil {
				a.recPath = p
				if p != a.opts.RecordPath {
					a.tbl.SetMessage("This game's record goes to "+p+" (the earlier game's record is kept).", false)
				}
			}
		} else {
			err = store.WriteFile(a.recPath, buf.Bytes(), 0o600, true)
		}
	}
	if err != nil {
		a.recErr = err
		return
	}
	a.recErr, a.recorded = nil, len(g.Actions())
}

// banner is the write failure to keep in view: a headline and the error,
// "" when all is saved.
func (a *App) banner() (head, detail string) {
	var errs []error
	if a.sess != nil {
		errs = append(errs, a.sess.Err())
	} else if a.tbl == nil || a.game() != nil {
		errs = append(errs, a.storeErr)
	}
	if a.recErr != nil {
		errs = append(errs, fmt.Errorf("the record could not be written: %v", a.recErr))
	}
	if a.overlayErr != nil {
		errs = append(errs, fmt.Errorf("the overlay could not be written: %v", a.overlayErr))
	}
	err := errors.Join(errs...)
	if err == nil {
		return "", ""
	}
	head = "Not saved"
	switch {
	case a.closeRefused:
		head += " — close again to quit anyway"
	case a.sess != nil && a.sess.Err() != nil:
		head += " — the next action tries again"
	}
	return head, strings.ReplaceAll(err.Error(), "\n", " · ")
}

// closeWindow handles a request to close the window: a game in progress is
// saved first. It reports whether to quit: a failed save — or a game in
// progress that nothing holds, with no saves folder and no -record file —
// keeps the window open (the banner says why) until the user closes it a
// second time.
func (a *App) closeWindow() bool {
	a.bots.interrupt() // a bot's search stops with the window
	if a.closeRefused {
		return true
	}
	if a.sess == nil {
		// No autosave (the saves folder could not be opened): a game in
		// progress would be lost, so the first close only says so.
		if g := a.game(); g == nil || g.Over() {
			return true
		}
		a.saveRecord()
		if a.opts.RecordPath != "" && a.recErr == nil {
			return true // its -record file holds it: -load resumes it
		}
		if a.storeErr == nil {
			a.storeErr = errors.New("there is no saves folder, so this game is not saved")
		}
	} else {
		a.sess.Save()
		a.saveRecord()
		if a.sess.Err() == nil {
			return true
		}
	}
	a.closeRefused = true
	a.rebuild()
	a.dirty, a.stale = true, true
	return false
}
