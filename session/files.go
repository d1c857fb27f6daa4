package session

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/store"
)

// The files a live game writes, in one place, for the window and the
// headless host alike: the autosave (a Session saving into a saves
// folder), the -record file (RecordFile) and the -overlay file
// (OverlayFile), each an observer of the match's chain, told after every
// action, undo and redo, whoever made it. Where each file's record starts
// and what its header says is package gamefile's. The start position of a
// game from a scenario or the sandbox goes into its save (scenarios.StartOf)
// and beside its record (gamefile.RecordOrigin).

// FilesOptions say where a live game's files go.
type FilesOptions struct {
	// Saves is the saves folder (nil: no autosave); StoreErr why it could
	// not be opened (shown while the game has no autosave).
	Saves    store.Store
	StoreErr error
	// MapName and MapSum name the map as the record does (a shipped map's
	// id, or a map file's path and SHA-256); Scenario is the scenario
	// file the game was opened from ("" for none).
	MapName, MapSum, Scenario string
	// Resumed is the save the game resumes (nil for a new game).
	Resumed *Session
	// Tester marks a tester's game (its seed was typed).
	Tester bool
	// RecordPath and OverlayPath are -record and -overlay ("" for none).
	RecordPath, OverlayPath string
}

// Files are what a live game writes. Its methods may be called from any
// goroutine: one lock guards the save (the match tells the observers
// under its own lock, then this one; a host keeps its seats' tokens
// through KeepHost from its own goroutines).
type Files struct {
	mu  sync.Mutex
	o   FilesOptions
	g   *rules.Game
	err error // the game's own: its start position cannot be saved, there is no saves folder

	sess *Session
	rec  *RecordFile
	ov   *OverlayFile
}

// OpenFiles starts the files of game g (a new game's save, or the resumed
// one): seats and pause are who plays each seat and the pause between bot
// moves, for the save's header. Observers lists them for the match.
func OpenFiles(g *rules.Game, o FilesOptions, seats []string, pause time.Duration) *Files {
	f := &Files{o: o, g: g, sess: o.Resumed}
	if o.Saves != nil && f.sess == nil {
		s := New(o.Saves, store.NewID(time.Now()), g, o.MapName, o.Tester)
		s.MapSum = o.MapSum
		if start, err := scenarios.StartOf(g); err != nil {
			// Never a save that would not replay.
			f.err = fmt.Errorf("the game's start position cannot be saved: %v", err)
		} else {
			s.Start = start
			f.sess = s
			f.KeepSeats(seats, pause)
			s.Save()
		}
	} else if f.sess != nil {
		f.KeepSeats(seats, pause)
	}
	if o.RecordPath != "" {
		f.rec = NewRecordFile(o.RecordPath, o.MapName, o.Scenario)
	}
	if o.OverlayPath != "" {
		f.ov = &OverlayFile{Path: o.OverlayPath}
	}
	return f
}

// Observers are the files in the order they follow the game: the save
// first (save, then send), the record, the overlay.
func (f *Files) Observers() []Observer {
	var obs []Observer
	if f.sess != nil {
		obs = append(obs, lockedSave{f})
	}
	if f.rec != nil {
		obs = append(obs, f.rec)
	}
	if f.ov != nil {
		obs = append(obs, f.ov)
	}
	return obs
}

// lockedSave is the autosave as the chain's observer, under the files'
// lock.
type lockedSave struct{ f *Files }

func (l lockedSave) Moved(g *rules.Game, c Change) {
	l.f.mu.Lock()
	defer l.f.mu.Unlock()
	l.f.sess.Moved(g, c)
}

// Talked keeps a line of the table's talk in the save, under the files'
// lock.
func (l lockedSave) Talked(t feed.TalkLine) error {
	l.f.mu.Lock()
	defer l.f.mu.Unlock()
	return l.f.sess.Talked(t)
}

// Talk is the table's talk a resumed save holds (none for a new one).
func (f *Files) Talk() []feed.TalkLine {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess == nil {
		return nil
	}
	return f.sess.Talk()
}

// KeepSeats has every save say who plays each seat and the pause between
// bot moves (a match's OnSeats), and the round as the public sees it.
func (f *Files) KeepSeats(seats []string, pause time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess == nil {
		return
	}
	f.sess.Round = publicRound
	changed := !slices.Equal(f.sess.Seats, seats) || f.sess.BotPause != pause
	f.sess.Seats, f.sess.BotPause = seats, pause
	if changed && f.sess.saved >= 0 {
		f.sess.Save()
	}
}

// publicRound is the round a save's header shows.
func publicRound(g *rules.Game) int { return g.View(rules.Public).Round }

// Note is a line for a window's message bar ("" for none): where the
// record went when its name was taken.
func (f *Files) Note() string {
	if f.rec == nil {
		return ""
	}
	return f.rec.Note()
}

// Close is the last write when the window closes (or the host stops): it
// reports whether the game can be resumed (saved, or in its -record file).
func (f *Files) Close() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.rec != nil {
		f.rec.Moved(f.g, Started) // a failed write tried again
	}
	if f.sess == nil {
		// No autosave (the saves folder could not be opened): a game in
		// progress would be lost, so the first close only says so.
		if f.g.Over() {
			return true
		}
		if f.rec != nil && f.rec.Err() == nil {
			return true // its -record file holds it: -load resumes it
		}
		if f.o.StoreErr == nil && f.err == nil {
			f.err = errors.New("there is no saves folder, so this game is not saved")
		}
		return false
	}
	f.sess.Save()
	return f.sess.Err() == nil
}

// Save writes the whole save now (a headless host's "save"): nil when it
// is written, else why not. Call it under the match's lock.
func (f *Files) Save() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess == nil {
		if f.o.StoreErr != nil {
			return fmt.Errorf("there is no saves folder: %v", f.o.StoreErr)
		}
		return errors.New("there is no saves folder, so this game is not saved")
	}
	return f.sess.Save()
}

// Unsaved is what could not be written (none when all was), and whether
// the next action tries the autosave again.
func (f *Files) Unsaved() ([]error, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var errs []error
	switch {
	case f.sess != nil:
		errs = append(errs, f.sess.Err())
	case f.err != nil:
		errs = append(errs, f.err)
	default:
		errs = append(errs, f.o.StoreErr)
	}
	if f.rec != nil && f.rec.Err() != nil {
		errs = append(errs, fmt.Errorf("the record could not be written: %v", f.rec.Err()))
	}
	if f.ov != nil && f.ov.Err() != nil {
		errs = append(errs, fmt.Errorf("the overlay could not be written: %v", f.ov.Err()))
	}
	return errs, f.sess != nil && f.sess.Err() != nil
}

// Record is the game's record as its save holds it and the start position
// of a game from a position (nil otherwise): the browser's "Download
// record".
func (f *Files) Record() (rules.Record, []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess != nil {
		return f.sess.Record(), f.sess.Start
	}
	return gamefile.Record(f.g, gamefile.Origin{Map: f.o.MapName, MapSum: f.o.MapSum}), nil
}

// Session is the autosave (nil without one).
func (f *Files) Session() *Session { return f.sess }

// SaveID is the id of the game's save ("" without one).
func (f *Files) SaveID() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess == nil {
		return ""
	}
	return f.sess.ID()
}

// Discard removes the save and record file written for a new game the
// window never showed (a resumed save stays).
func (f *Files) Discard() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess != nil && f.o.Resumed == nil {
		id := f.sess.ID()
		f.sess.Close()
		f.o.Saves.Delete(id)
	}
	if f.rec != nil && f.rec.Path() != "" {
		os.Remove(f.rec.Path())
	}
}

// Leave gives the game's save back when the window leaves the game (its
// lock: another window may continue it); nothing is written after.
func (f *Files) Leave() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess != nil {
		f.sess.Close()
	}
}

// RecordPath is where the -record file went ("" without one).
func (f *Files) RecordPath() string {
	if f.rec == nil {
		return ""
	}
	return f.rec.Path()
}

// KeepHost has every save keep the network seats of a hosted game: its
// room code and the hashes of its devices' tokens (a host's Keep), so
// that a restarted host (-load) takes the same devices back without
// asking. The save is written at once.
func (f *Files) KeepHost(room string, tokens []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess == nil {
		return
	}
	f.sess.Host = &gamefile.Host{Room: room, Tokens: append([]string(nil), tokens...)}
	if f.sess.saved >= 0 {
		f.sess.Save()
	}
}

// Host is the network seats the save keeps (nil for a game not hosted).
func (f *Files) Host() *gamefile.Host {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sess == nil || f.sess.Host == nil {
		return nil
	}
	h := *f.sess.Host
	return &h
}
