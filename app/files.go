package app

import (
	"errors"
	"fmt"
	"os"
	"time"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/store"
)

// The files a live game writes, in one place. The table never writes and
// never calls back into the app: it acts on the game it was given, which
// is a session.Game — the rules game followed by one chain of observers,
// told after every action, undo and redo, whoever made it: the autosave
// (session.Session), the -record file (session.RecordFile), the -overlay
// file (overlayFile). Where each file's record starts and what its header
// says is package gamefile's. The start position of a game from a
// scenario or the sandbox goes into its save (scenarios.StartOf) and beside
// its record (gamefile.RecordOrigin). The spectator window's -overlay file
// is written from here too (writesOverlay).

// gameFiles is what a live game writes.
type gameFiles interface {
	// open starts the files of game p (a new game, or the resumed save's)
	// and returns what the table reads and acts on: acting through it
	// writes the files (the chain). seats and pause are who plays each seat and the pause
	// between bot moves, for the save's header.
	open(p play, seats []string, pause time.Duration) play
	// moved is told that the table reported a move (the files have
	// followed the game already): note is a line for the message bar
	// ("" for none), where the record went when its name was taken.
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
	// discard removes the save and record file written for a new game
	// the window never showed (a resumed save stays).
	discard()
	// leave gives the game's save back when the window leaves the game
	// (its lock: another window may continue it); nothing is written
	// after.
	leave()
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

// diskFiles writes a live game's files: they follow the game through one
// chain of observers (session.Game) — the autosave (a session.Session
// saving into Options.Saves), the -record file (session.RecordFile,
// Options.RecordPath), the -overlay file (overlayFile, Options.Overlay) —
// told after each action, undo and redo, whoever made it.
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
	rec  *session.RecordFile
	ov   *overlayFile
}

// newFiles are the files of a game from id, under the app's options.
func newFiles(c *Context, id gameID) *diskFiles {
	o := &c.app.opts
	return &diskFiles{id: id, saves: o.Saves, recordPath: o.RecordPath, overlayPath: o.Overlay, storeErr: c.app.storeErr}
}

func (f *diskFiles) open(p play, seats []string, pause time.Duration) play {
	f.play = p
	g := p.game
	if g == nil {
		return p // a scripted engine: nothing to write
	}
	f.sess = f.id.resumed
	if f.saves != nil && f.sess == nil {
		s := session.New(f.saves, store.NewID(time.Now()), g, f.id.mapName, f.id.tester)
		s.MapSum = f.id.mapSum
		if start, err := scenarios.StartOf(g); err != nil {
			// Never a save that would not replay.
			f.err = fmt.Errorf("the game's start position cannot be saved: %v", err)
		} else {
			s.Start = start
			f.sess = s
			f.keep(seats, pause)
			s.Save()
		}
	} else if f.sess != nil {
		f.keep(seats, pause)
	}
	var obs []session.Observer
	if f.sess != nil {
		obs = append(obs, f.sess)
	}
	if f.recordPath != "" {
		f.rec = session.NewRecordFile(f.recordPath, f.id.mapName, f.id.scenario)
		obs = append(obs, f.rec)
	}
	if f.overlayPath != "" {
		f.ov = &overlayFile{path: f.overlayPath}
		obs = append(obs, f.ov)
	}
	m := session.NewMatch(g, session.MatchOptions{}, obs...)
	m.Start()
	f.play = play{on: m.Desk(rules.EverySeat(g)...), game: g}
	return f.play
}

// keep has every save say who plays each seat, and the round.
func (f *diskFiles) keep(seats []string, pause time.Duration) {
	f.sess.Round = publicRound
	f.sess.Seats, f.sess.BotPause = seats, pause
}

// moved reports where the record went when the asked name was taken
// (the files themselves follow the game: open).
func (f *diskFiles) moved() string {
	if f.rec == nil {
		return ""
	}
	return f.rec.Note()
}

func (f *diskFiles) close() bool {
	g := f.play.game
	if f.rec != nil && g != nil {
		f.rec.Moved(g, session.Started) // a failed write tried again
	}
	if f.sess == nil {
		// No autosave (the saves folder could not be opened): a game in
		// progress would be lost, so the first close only says so.
		if g == nil || g.Over() {
			return true
		}
		if f.rec != nil && f.rec.Err() == nil {
			return true // its -record file holds it: -load resumes it
		}
		if f.storeErr == nil && f.err == nil {
			f.err = errors.New("there is no saves folder, so this game is not saved")
		}
		return false
	}
	f.sess.Save()
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
	if f.rec != nil && f.rec.Err() != nil {
		errs = append(errs, fmt.Errorf("the record could not be written: %v", f.rec.Err()))
	}
	if f.ov != nil && f.ov.err != nil {
		errs = append(errs, fmt.Errorf("the overlay could not be written: %v", f.ov.err))
	}
	return errs, f.sess != nil && f.sess.Err() != nil
}

func (f *diskFiles) record() (rules.Record, []byte) {
	if f.sess != nil {
		return f.sess.Record(), f.sess.Start
	}
	return gamefile.Record(f.play.game, gamefile.Origin{Map: f.id.mapName, MapSum: f.id.mapSum}), nil
}

func (f *diskFiles) discard() {
	if f.sess != nil && f.id.resumed == nil {
		id := f.sess.ID()
		f.sess.Close()
		f.saves.Delete(id)
	}
	if f.rec != nil && f.rec.Path() != "" {
		os.Remove(f.rec.Path())
	}
}

func (f *diskFiles) leave() {
	if f.sess != nil {
		f.sess.Close()
	}
}

func (f *diskFiles) saveID() string {
	if f.sess == nil {
		return ""
	}
	return f.sess.ID()
}

// overlayFile is the -overlay file of a live game, an observer of its
// chain: rewritten after every move; a failure is kept for the banner
// and tried again at the next move.
type overlayFile struct {
	path string
	err  error
}

func (o *overlayFile) Moved(g *rules.Game, _ session.Change) {
	o.err = writeOverlay(o.path, rules.DeskOf(g))
}

// writesOverlay has the spectator window s write the -overlay file at
// path after each newly seen position of the game it follows (a write's
// failure is kept for the banner). overlayOf reads public views only
// (overlay_test.go), so it is given the game itself: the ranks' "since
// when" needs its history.
func (s *spectator) writesOverlay(path string) {
	s.hooks = append(s.hooks, func(rules.Desk, int) {
		s.overlayErr = writeOverlay(path, rules.DeskOf(s.game))
	})
}

// publicRound is the round a save's header shows.
func publicRound(g *rules.Game) int { return g.View(rules.Public).Round }
