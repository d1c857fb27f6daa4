// Package spectate is the spectator window's room (notrueking spectate
// FILE|latest|LINK): the public view of a game only — the board, the
// houses, the conspiracies as everyone sees them, the public log, whose
// turn it is, the combat as far as it is public — the window a streamer
// captures while the players use theirs. It has no curtain, no hand, no
// loyalty card (only the tokens already revealed), no action button, no
// undo and no hint, and it writes no file but its -overlay.
//
// A Spectator follows a game's save or record file as it is written
// (session.Follower), or a game hosted on the network by its spectator
// link (a remote.Client that holds no seat: the host sends it the public
// table only); either way the game followed is a live.Game (live.Watch),
// whose table takes each change as it comes through package live's one
// loop, and the game is read anew when it cannot be followed one change
// at a time. A file that cannot be read for now, or a link that is down,
// leaves the last position in view and says why. Plain Go: the window
// (package app) shows its widgets and ticks it.
package spectate

import (
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/internal/version"
	"notrueking/live"
	"notrueking/remote"
	"notrueking/session"
	"notrueking/store"
	"notrueking/table"
)

// Latest, given as the file, follows the newest save of the saves folder,
// and the next game once a newer one is saved.
const Latest = "latest"

// Spectator is what the spectator window follows, and the game followed
// once its first position is read.
type Spectator struct {
	// file follows a save or record file (nil for a link); link dials a
	// host's spectator link (nil for a file).
	file *session.Follower
	link *live.Dialing
	// src tells the game's changes and view gives its position: a desk
	// holding no seat (nil before the first), its seed, who plays each
	// seat (nil: the host's presence says). A link's are known once its
	// client is ready.
	src  feed.Source
	view func() (table.Game, uint64, []string)
	// lg is the game followed (nil before its first position).
	lg *live.Game
	// overlay is the -overlay file rewritten after each newly seen
	// position ("": none), overlayErr its last write's failure.
	overlay    string
	overlayErr error
	// clean: a stream's picture (-clean, the page's clean=1) names no
	// host's address and no link, which a forwarded port makes public.
	clean bool
}

// SetClean makes the window name no host's address or link (a stream).
func (s *Spectator) SetClean(on bool) { s.clean = on }

// where names the host followed: "the game hosted at HOST:PORT", or
// "the hosted game" on a stream's picture.
func (s *Spectator) where() string {
	if s.clean {
		return "the hosted game"
	}
	return s.link.Where()
}

// Open follows arg: a record or save file, or Latest for the newest save
// of the saves folder (store.DefaultDir, opened read only); maps are
// found by load. A file named "latest" is followed as ./latest.
func Open(arg string, load func(dir string) gamefile.MapLoader) (*Spectator, error) {
	if arg == Latest {
		dir, err := store.DefaultDir()
		if err != nil {
			return nil, err
		}
		return ofFile(session.FollowNewest(dir, load)), nil
	}
	f, err := session.Follow(arg, load)
	if err != nil {
		return nil, err
	}
	return ofFile(f), nil
}

func ofFile(f *session.Follower) *Spectator {
	return &Spectator{file: f, src: f, view: func() (table.Game, uint64, []string) {
		d, seed, bots := f.Desk()
		if d == nil {
			return nil, 0, nil // no position yet (not a nil *rules.Seated)
		}
		return d, seed, bots
	}}
}

// Following is a spectator of the game src tells, whose position view
// gives (a desk that holds no seat, nil before the first; its seed; who
// plays each seat): the game in another window, a test's.
func Following(src feed.Source, view func() (table.Game, uint64, []string)) *Spectator {
	return &Spectator{src: src, view: view}
}

// IsLink reports whether link is a host's spectator link.
func IsLink(link string) bool {
	l, err := remote.ReadLink(link)
	return err == nil && l.Watch
}

// Watch follows the game of spectator link link: it dials from a
// goroutine of its own (the window draws meanwhile).
func Watch(link string) *Spectator {
	o := remote.ClientOptions{Name: "Spectator", Watch: true, Build: version.Get().Short()}
	return &Spectator{link: live.Dial(link, o, 30*time.Second)}
}

// WritesOverlay has the spectator rewrite the -overlay file at path
// after each newly seen position (its text sibling too).
func (s *Spectator) WritesOverlay(path string) { s.overlay = path }

// OverlayErr is the last overlay write's failure (nil: written, or none).
func (s *Spectator) OverlayErr() error { return s.overlayErr }

// Game is the game followed (nil before its first position is read).
func (s *Spectator) Game() *live.Game { return s.lg }

// Close ends the link, if any.
func (s *Spectator) Close() {
	if s.link != nil {
		s.link.Close()
	}
}

// Poll looks at what is followed — the file when it is due, the link's
// client — and has the game's table follow what changed: the first
// position puts the game up, each change after it goes to the table, and
// the overlay is rewritten after each newly seen position. It reports
// whether anything shown changed (a position or why it waits).
func (s *Spectator) Poll(now time.Time) bool {
	changed := false
	if s.file != nil {
		changed = s.file.Poll(now)
	}
	if s.lg == nil {
		if !s.start() {
			return changed || s.link != nil // the link's words may have changed
		}
		s.writeOverlay()
		return true
	}
	any, moved := s.lg.Follow(now)
	if moved {
		s.writeOverlay()
	}
	return changed || any
}

// start puts the game up at its first position, when there is one.
func (s *Spectator) start() bool {
	if s.link != nil && s.src == nil {
		cl := s.link.Client()
		if cl == nil || !cl.Ready() {
			return false
		}
		// The host's presence says who plays each seat (live.Watch reads
		// it).
		s.src, s.view = cl, func() (table.Game, uint64, []string) { return cl, 0, nil }
	}
	if d, _, _ := s.view(); d == nil {
		return false
	}
	s.lg = live.Watch(s.src, s.view)
	return true
}

// writeOverlay rewrites the overlay from the position in view: the
// public views only, and the game's history behind a desk that holds no
// seat (the ranks' "since when" needs it).
func (s *Spectator) writeOverlay() {
	if s.overlay != "" {
		s.overlayErr = session.WriteOverlay(s.overlay, s.lg.Table().Game())
	}
}

// Status says why the window may be behind the game ("" while it
// follows: waiting, the link ended) and the detail.
func (s *Spectator) Status() (status, reason string) {
	if s.file != nil {
		return s.file.Status()
	}
	if s.link == nil {
		return "", ""
	}
	d := s.link
	cl := d.Client()
	switch {
	case cl == nil && d.Failed() != "" && s.clean:
		return session.Waiting, "Could not reach the host; trying again."
	case cl == nil && d.Failed() != "":
		return session.Waiting, "Could not reach the host: " + d.Failed()
	case cl == nil:
		return session.Waiting, "Connecting to " + s.where() + "…"
	case cl.Err() != nil && s.clean:
		return "the link ended", "The link to the host ended."
	case cl.Err() != nil:
		return "the link ended", cl.Err().Error()
	case !cl.Ready():
		return session.Waiting, "Connected; waiting for the host's table."
	}
	return "", ""
}
