package app

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"notrueking/internal/safefile"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/store"
)

// The files a live game writes, in one place. The table never writes and
// never calls back into the app: table.Table's Click, Do and Keys report
// that the game moved, and the game's owner (liveGame.moved, live.go)
// tells its files. Everything the app writes for a game — the autosave,
// the -record file, the -overlay file, the start position of a game from
// a scenario or the sandbox (in the save, and beside the record) — is
// written from here, behind gameFiles; and so is the spectator window's
// -overlay file (writesOverlay).

// gameFiles is what a live game writes.
type gameFiles interface {
	// open starts the files of game p (a new game, or the resumed save's)
	// and returns what the table reads and acts on: acting through it
	// autosaves. seats and pause are who plays each seat and the pause
	// between bot moves, for the save's header.
	open(p play, seats []string, pause time.Duration) play
	// moved writes what follows a move of the game (an action, an undo, a
	// redo, a notice dismissed): the -record file and the overlay. note
	// is a line for the message bar ("" for none).
	moved() (note string)
	// close is the last write when the window closes: it reports whether
	// the game can be resumed (saved, or in its -record file).
	close() (kept bool)
	// unsaved is what could not be written (none when all was), and
	// whether the next action tries the autosave again.
	unsaved() (errs []error, retry bool)
	// record is the game's record as its save holds it and the start
	// position of a game from a position (nil otherwise): the browser's
	// "Download record".
	record() (rec rules.Record, start []byte)
	// saveID is the id of the game's save ("" without one).
	saveID() string
}

// gameID is where a live game comes from, as its files name it: the map
// (a shipped map's id or a map file's path, and the file's SHA-256), the
// scenario file it was opened from ("" for none), the save it resumes
// (nil for a new game), and whether it is a tester's game.
type gameID struct {
	mapName, mapSum string
	scenario        string
	resumed         *session.Session
	tester          bool
}

// diskFiles writes a live game's files: a session.Session autosaves into
// the saves folder (Options.Saves), the record file (Options.RecordPath)
// and the overlay (Options.Overlay) are rewritten after every move.
type diskFiles struct {
	id    gameID
	saves store.Store
	// recordPath and overlayPath are the options' -record and -overlay.
	recordPath, overlayPath string
	// storeErr is why the saves folder could not be opened (shown while
	// the game has no autosave); err the game's own: its start position
	// cannot be saved, there is no saves folder.
	storeErr, err error

	play play
	sess *session.Session
	// The record file: recPath once written (the first write picks a free
	// name), recorded its actions (-1 none written), recErr the last
	// write's failure; recScen, recScenSum its scenario line once written.
	recPath             string
	recorded            int
	recErr              error
	recScen, recScenSum string
	// What the overlay was last written from, and the last write's error.
	overlayAt  overlayAt
	overlayErr error
}

// newFiles are the files of a game from id, under the app's options.
func newFiles(c *Context, id gameID) *diskFiles {
	o := &c.app.opts
	return &diskFiles{id: id, saves: o.Saves, recordPath: o.RecordPath, overlayPath: o.Overlay, storeErr: c.app.storeErr, recorded: -1}
}

func (f *diskFiles) open(p play, seats []string, pause time.Duration) play {
	f.sess = f.id.resumed
	if p.game != nil && f.saves != nil && f.sess == nil {
		s := session.New(f.saves, store.NewID(time.Now()), p.game, f.id.mapName, f.id.tester)
		s.MapSum = f.id.mapSum
		if err := sessionStart(s, p.game); err != nil {
			// Never a save that would not replay.
			f.err = fmt.Errorf("the game's start position cannot be saved: %v", err)
		} else {
			f.sess = s
			f.keep(seats, pause)
			s.Save()
		}
	} else if f.sess != nil {
		f.keep(seats, pause)
	}
	if f.sess != nil {
		p = playSaved(f.sess)
	}
	f.play = p
	return p
}

// keep has every save say who plays each seat, and the round.
func (f *diskFiles) keep(seats []string, pause time.Duration) {
	f.sess.Round = publicRound
	f.sess.Seats, f.sess.BotPause = seats, pause
}

func (f *diskFiles) moved() string {
	note := f.saveRecord()
	f.saveOverlay()
	return note
}

// saveRecord writes the record file (-record) when the game has moved on
// since the last write: atomically, mode 0600 (a record holds every
// secret). The first write of a game never replaces a file: it takes the
// asked name or, when that exists (the record of an earlier game), the
// next free one. A failure stays in a banner until a write succeeds.
func (f *diskFiles) saveRecord() (note string) {
	g := f.play.game
	if f.recordPath == "" || g == nil || len(g.Actions()) == f.recorded {
		return ""
	}
	rec := rules.RecordOf(g)
	if f.sess != nil {
		rec = f.sess.Record()
	} else if f.id.mapName != "" {
		rec.Map, rec.MapSHA256 = f.id.mapName, f.id.mapSum
	}
	// A record names a map file by its path relative to the record's
	// folder (docs/records.md), so record and map can move together.
	records.SetMap(&rec, f.recordPath, rec.Map, g.Map())
	var err error
	if g.FromPosition() {
		// It starts from a scenario file, named relative to the record.
		if f.recScen == "" {
			err = f.recordStart(&rec, f.recordTarget(), g)
			f.recScen, f.recScenSum = rec.Scenario, rec.ScenarioSHA256
		}
		rec.Scenario, rec.ScenarioSHA256 = f.recScen, f.recScenSum
		if f.sess == nil {
			rec.Actions = rec.Actions[g.Base():]
		}
	}
	var buf bytes.Buffer
	if err == nil {
		err = rec.Write(&buf)
	}
	if err == nil {
		if f.recPath == "" {
			var p string
			if p, err = store.WriteNew(f.recordPath, buf.Bytes(), 0o600); err == nil {
				f.recPath = p
				if p != f.recordPath {
					note = "This game's record goes to " + p + " (the earlier game's record is kept)."
				}
			}
		} else {
			err = store.WriteFile(f.recPath, buf.Bytes(), 0o600, true)
		}
	}
	if err != nil {
		f.recErr = err
		return note
	}
	f.recErr, f.recorded = nil, len(g.Actions())
	return note
}

// recordTarget is the record file's path: the one written, or the one
// asked for (-record) before the first write (it is in the same folder).
func (f *diskFiles) recordTarget() string {
	if f.recPath != "" {
		return f.recPath
	}
	return f.recordPath
}

// saveOverlay rewrites the -overlay files after a move (called after
// every click and key too, so it first checks whether the game changed —
// the overlay looks back over the rounds' rankings, some milliseconds
// late in a long game); a failure is kept for the banner and tried again
// at the next move.
func (f *diskFiles) saveOverlay() {
	on := f.play.on
	if f.overlayPath == "" || on == nil {
		return
	}
	at := overlayAt{on, on.Len()}
	if at == f.overlayAt && f.overlayErr == nil {
		return
	}
	f.overlayErr = writeOverlay(f.overlayPath, on)
	if f.overlayErr == nil {
		f.overlayAt = at
	}
}

func (f *diskFiles) close() bool {
	if f.sess == nil {
		// No autosave (the saves folder could not be opened): a game in
		// progress would be lost, so the first close only says so.
		if g := f.play.game; g == nil || g.Over() {
			return true
		}
		f.saveRecord()
		if f.recordPath != "" && f.recErr == nil {
			return true // its -record file holds it: -load resumes it
		}
		if f.storeErr == nil && f.err == nil {
			f.err = errors.New("there is no saves folder, so this game is not saved")
		}
		return false
	}
	f.sess.Save()
	f.saveRecord()
	return f.sess.Err() == nil
}

func (f *diskFiles) unsaved() ([]error, bool) {
	var errs []error
	switch {
	case f.sess != nil:
		errs = append(errs, f.sess.Err())
	case f.play.game != nil && f.err != nil:
		errs = append(errs, f.err)
	case f.play.game != nil:
		errs = append(errs, f.storeErr)
	}
	if f.recErr != nil {
		errs = append(errs, fmt.Errorf("the record could not be written: %v", f.recErr))
	}
	if f.overlayErr != nil {
		errs = append(errs, fmt.Errorf("the overlay could not be written: %v", f.overlayErr))
	}
	return errs, f.sess != nil && f.sess.Err() != nil
}

func (f *diskFiles) record() (rules.Record, []byte) {
	if f.sess != nil {
		return f.sess.Record(), f.sess.Start
	}
	rec := rules.RecordOf(f.play.game)
	if f.id.mapName != "" {
		rec.Map, rec.MapSHA256 = f.id.mapName, f.id.mapSum
	}
	return rec, nil
}

func (f *diskFiles) saveID() string {
	if f.sess == nil {
		return ""
	}
	return f.sess.ID()
}

// recordStart gives rec, the record of a game that starts from a
// position, its scenario line for a record file at recordPath: the
// scenario file the game was opened from (-scenario), named relative to
// the record, or else the start position written beside the record
// (RECORD.start.toml, a new file).
func (f *diskFiles) recordStart(rec *rules.Record, recordPath string, g *rules.Game) error {
	if f.id.scenario != "" {
		data, err := safefile.ReadFile(f.id.scenario, scenarios.MaxFileSize)
		if err == nil {
			rec.Scenario, rec.ScenarioSHA256 = records.ScenarioRef(filepath.Dir(recordPath), f.id.scenario, data)
			if _, err := scenarios.LoadRef(filepath.Dir(recordPath), rec.Scenario, rec.ScenarioSHA256); err == nil {
				return nil
			}
		}
		// The scenario file changed or went away: the record keeps its
		// own copy of the start.
	}
	start, err := scenarios.StartOf(g)
	if err != nil {
		return err
	}
	if start == nil {
		return errors.New("the game does not start from a position")
	}
	p, err := store.WriteNew(recordPath+".start.toml", start, 0o600)
	if err != nil {
		return err
	}
	f.id.scenario = p
	rec.Scenario, rec.ScenarioSHA256 = records.ScenarioRef(filepath.Dir(recordPath), p, start)
	return nil
}

// sessionStart gives a new save of g its start position when g starts
// from one.
func sessionStart(s *session.Session, g *rules.Game) error {
	start, err := scenarios.StartOf(g)
	if err != nil {
		return err
	}
	s.Start = start
	return nil
}

// playSaved is the play of a session's game: read as the rules game,
// acted on through the session, which saves after every action.
func playSaved(s *session.Session) play {
	g := s.Game()
	return play{on: saving{g, s}, game: g}
}

// saving is the table's game while it is autosaved: the rules game for
// reading, the session for acting (it applies to the game, then saves).
type saving struct {
	*rules.Game
	s *session.Session
}

func (g saving) Apply(a rules.Action) ([]rules.Event, error) { return g.s.Apply(a) }
func (g saving) Undo() error                                 { return g.s.Undo() }
func (g saving) Redo() ([]rules.Event, error)                { return g.s.Redo() }

// writesOverlay has the spectator window s write the -overlay file at
// path after each newly seen position of the game it follows (a write's
// failure is kept for the banner). overlayOf reads public views only
// (overlay_test.go), so it is given the game itself: the ranks' "since
// when" needs its history.
func (s *spectator) writesOverlay(path string) {
	s.hooks = append(s.hooks, func(rules.Reader, int) {
		s.overlayErr = writeOverlay(path, s.game)
	})
}

// publicRound is the round a save's header shows.
func publicRound(g *rules.Game) int { return g.View(rules.Public).Round }
