package session

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"notrueking/board"
	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/internal/safefile"
	"notrueking/rules"
	"notrueking/store"
)

// A Follower follows a game's save or record file as a game writes it —
// an autosave, a -record file, or the newest save of a saves folder — for
// a spectator, and tells what it finds as a feed (feed.Source): as the
// file grows, each new action (feed.Action, with its events); as it
// shrinks, each action taken back (feed.Undo); when it holds another game,
// or a game that cannot be followed one action at a time, feed.Resync.
// It never writes a file.
//
// Poll looks at the file when it is due (every PollEvery: os.Stat, its
// identity, size and time); only a changed file is read again, through
// gamefile.ReadFile, which bounds its size and kind and replays it. A file
// that cannot be read for now (being rewritten, cut off, garbage) leaves
// the last good position where it was, and the follower says it waits
// (Status). Its game is the last good position, moved action by action:
// its desk (Desk) holds no seat.
type Follower struct {
	mu  sync.Mutex
	log *feed.Log
	// path is the file followed ("" while the saves folder holds no
	// game); saves the saves folder whose newest save is followed (nil:
	// the one file path).
	path  string
	saves *store.Dir
	// load finds a record's map (each loaded once per map, see
	// cachedMaps).
	load func(dir string) gamefile.MapLoader
	// next is when to poll again; stat the file as last read (nil reads
	// it at the next poll); retryAt, when set, reads the file again then
	// although it looks unchanged (the last read failed or found a
	// cut-off line).
	next, retryAt time.Time
	stat          os.FileInfo
	// game is the last good position (nil before the first), file what
	// was read with it (the players' names, the seed, the save's header);
	// version counts the changes of the game.
	game    *rules.Game
	file    *gamefile.File
	version uint64
	// status says why the position may be behind the file ("" when it
	// follows); reason is the detail.
	status, reason string
}

// PollEvery is how often a Follower looks at its file; RetryEvery how
// often a file that could not be read (or was cut off) is read again
// although it looks unchanged.
const (
	PollEvery  = 400 * time.Millisecond
	RetryEvery = 2 * time.Second
)

// Waiting is the status of a follower that cannot read the game for now.
const Waiting = "waiting for the game…"

// Follow follows the record or save file at path (maps found by load). A
// file that is there must be one a game can be: a FIFO, a device, a file
// over the bound of a save is refused at once, as a folder is; a file not
// there yet is waited for (the game may not have begun).
func Follow(path string, load func(dir string) gamefile.MapLoader) (*Follower, error) {
	if path == "" {
		return nil, errors.New("no file to follow")
	}
	if st, err := os.Stat(path); err == nil {
		switch {
		case st.IsDir():
			return nil, fmt.Errorf("%s is a folder, not a game's save or record", path)
		case !st.Mode().IsRegular():
			return nil, fmt.Errorf("%s is not a regular file: not a game's save or record", path)
		case st.Size() > store.MaxSave:
			return nil, fmt.Errorf("%s: %s is larger than a save can be (%s)", path, safefile.Size(st.Size()), safefile.Size(store.MaxSave))
		}
	}
	return &Follower{path: path, log: feed.NewLog(0), load: cachedMaps(load)}, nil
}

// FollowNewest follows the newest save of the saves folder dir, opened
// read only (the follower creates no folder and removes no file), and the
// next game once a newer one is saved.
func FollowNewest(dir string, load func(dir string) gamefile.MapLoader) *Follower {
	return &Follower{saves: store.ReadOnlyDir(dir), log: feed.NewLog(0), load: cachedMaps(load)}
}

// cachedMaps wraps a map loader so that each map (by folder, name and
// hash) is loaded once: a table keeps its board while the map stays the
// same, and a poll does not parse the map again.
func cachedMaps(loaderFor func(dir string) gamefile.MapLoader) func(dir string) gamefile.MapLoader {
	type key struct{ dir, name, sum string }
	cache := map[key]*board.Map{}
	return func(dir string) gamefile.MapLoader {
		load := loaderFor(dir)
		return func(name, sum string) (*board.Map, error) {
			k := key{dir, name, sum}
			if m, ok := cache[k]; ok {
				return m, nil
			}
			m, err := load(name, sum)
			if err == nil {
				cache[k] = m
			}
			return m, err
		}
	}
}

// Poll looks at the file when it is time to and reads it when it changed:
// the changes it finds are told to the followers. It reports whether
// anything a spectator shows changed (the position or the status).
func (f *Follower) Poll(now time.Time) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if now.Before(f.next) {
		return false
	}
	f.next = now.Add(PollEvery)
	if f.saves != nil {
		l, err := f.saves.List()
		if err != nil || len(l) == 0 {
			return f.wait(Waiting, "No saved game in "+f.saves.Path()+" yet: start one.")
		}
		if p := f.saves.File(l[0].ID); p != f.path {
			// A newer game: followed from now on (the last one stays
			// until the new one is read).
			f.path, f.stat, f.retryAt = p, nil, time.Time{}
		}
	}
	st, err := os.Stat(f.path)
	if err != nil {
		return f.wait(Waiting, fmt.Sprintf("%s: %v", filepath.Base(f.path), unwrapPath(err)))
	}
	if f.stat != nil && os.SameFile(st, f.stat) && st.Size() == f.stat.Size() && st.ModTime().Equal(f.stat.ModTime()) &&
		(f.retryAt.IsZero() || now.Before(f.retryAt)) {
		return false
	}
	f.stat, f.retryAt = st, time.Time{}
	file, err := gamefile.ReadFile(f.path, f.load)
	if err != nil {
		f.retryAt = now.Add(RetryEvery)
		return f.wait(Waiting, err.Error())
	}
	if file.Warning != "" && f.game != nil {
		// A cut-off last line: the file is being written by something
		// that does not write atomically. The last position stays.
		f.retryAt = now.Add(RetryEvery)
		return f.wait(Waiting, filepath.Base(f.path)+": "+file.Warning)
	}
	changed := f.wait("", "")
	return f.follow(file) || changed
}

// wait keeps the last position and says why; it reports whether the
// status changed.
func (f *Follower) wait(status, reason string) bool {
	changed := f.status != status || f.reason != reason
	f.status, f.reason = status, reason
	return changed
}

// unwrapPath drops the path an os error repeats (the status names the
// file already).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// follow takes the game read from the file: the actions it has beyond
// the position followed are applied to it one by one, those it no longer
// has are taken back; anything else (another game, other actions) makes
// it the position followed, read anew. It reports whether the position
// changed.
func (f *Follower) follow(file *gamefile.File) bool {
	g, old, same := file.Game, f.game, sameGame(f.file, file)
	f.file = file // the header (the time of the save) may be newer
	if old != nil && same && g.Len() == old.Len() && slices.Equal(g.Actions(), old.Actions()) {
		return false
	}
	if old == nil || !same || !f.step(g) {
		f.game = g
		f.add(feed.Change{Kind: feed.Resync, Seat: -1})
	}
	return true
}

// step moves the position followed to g's, one action at a time (false:
// g is not the same game one by one from here).
func (f *Follower) step(g *rules.Game) bool {
	old, acts := f.game, g.Actions()
	have := old.Actions()
	switch {
	case len(acts) > len(have) && slices.Equal(acts[:len(have)], have):
		for _, a := range acts[len(have):] {
			was := old.InCombat()
			evs, err := old.Apply(a)
			if err != nil {
				return false
			}
			f.add(feed.Change{Kind: feed.Action, Seat: a.Seat, Events: evs, WasCombat: was})
		}
	case len(acts) < len(have) && slices.Equal(have[:len(acts)], acts):
		for i := len(have) - 1; i >= len(acts); i-- {
			if err := old.Undo(); err != nil {
				return false
			}
			f.add(feed.Change{Kind: feed.Undo, Seat: have[i].Seat})
		}
	default:
		return false
	}
	return true
}

// add tells change c of the game (under the lock).
func (f *Follower) add(c feed.Change) {
	f.version++
	c.Version, c.Len = f.version, f.game.Len()
	f.log.Add(c)
}

// sameGame reports whether two reads are of the same game: same map,
// seed and players.
func sameGame(a, b *gamefile.File) bool {
	if a == nil || b == nil {
		return false
	}
	ra, rb := a.Record, b.Record
	return ra.Map == rb.Map && ra.MapSHA256 == rb.MapSHA256 && ra.Seed == rb.Seed && strings.Join(ra.Players, "\x00") == strings.Join(rb.Players, "\x00")
}

// Desk is the position followed, behind a desk that holds no seat (nil
// before the first read), with its seed and, per seat, the bot its save
// names ("" a person). The desk is another after a Resync.
func (f *Follower) Desk() (*rules.Seated, uint64, []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.game == nil {
		return nil, 0, nil
	}
	return rules.DeskOf(f.game), f.file.Record.Seed, gamefile.BotLevels(f.file.Meta.Seats)
}

// Status says why the position may be behind the file ("" while it
// follows: Waiting, or why the file cannot be read) and the detail.
func (f *Follower) Status() (status, reason string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.status, f.reason
}

// Path is the file followed ("" while the saves folder holds no game);
// Folder the saves folder whose newest save it follows ("" for one file).
func (f *Follower) Path() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.path
}

func (f *Follower) Folder() string {
	if f.saves == nil {
		return ""
	}
	return f.saves.Path()
}

var _ feed.Source = (*Follower)(nil)

// Seq is the number of the follower's latest change (feed.Source).
func (f *Follower) Seq() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.log.Seq()
}

// Since lists the changes after seq, oldest first; ok is false when the
// follower no longer keeps them all.
func (f *Follower) Since(seq uint64) ([]feed.Change, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.log.Since(seq)
}

// Listen has fn told every change, under the follower's lock, in order.
func (f *Follower) Listen(fn func(feed.Change)) (stop func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.log.Listen(fn)
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		s()
	}
}

// Wait blocks until the follower has a change after seq, or ctx ends.
func (f *Follower) Wait(ctx context.Context, seq uint64) error {
	return feed.Wait(ctx, seq, func() (uint64, <-chan struct{}) {
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.log.Seq(), f.log.Woken()
	})
}
