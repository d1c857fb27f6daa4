package app

import (
	"context"
	"net/url"
	"sync/atomic"
	"time"

	"notrueking/gamefile"
	"notrueking/internal/version"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/table"
)

// The spectator window following a game hosted on the network
// (`notrueking spectate LINK`, the page's ?watch=CODE): the same window as
// for a file, reading a remote.Client that holds no seat — the host sends
// it the public table only, and again, public only, after every
// reconnection. The client keeps its link up by itself; the window shows
// why it waits while the link is down.

// follower is what a spectator follows on the network.
type follower struct {
	link   string
	client atomic.Pointer[remote.Client]
	failed atomic.Pointer[string]
	// seq is the client's change last shown.
	seq uint64
}

// isWatchLink reports whether link is a host's spectator link.
func isWatchLink(link string) bool {
	l, err := remote.ReadLink(link)
	return err == nil && l.Watch
}

// newRemoteSpectator follows the game of spectator link link: it dials
// from a goroutine of its own (the window draws meanwhile).
func newRemoteSpectator(link string) *spectator {
	f := &follower{link: link}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		cl, err := remote.Dial(ctx, link, remote.ClientOptions{Name: "Spectator", Watch: true, Build: version.Get().Short()})
		if err != nil {
			s := err.Error()
			f.failed.Store(&s)
			return
		}
		f.client.Store(cl)
	}()
	return &spectator{remote: f}
}

// where names the host followed.
func (f *follower) where() string {
	if u, err := url.Parse(f.link); err == nil && u.Host != "" {
		return "the game hosted at " + u.Host
	}
	return "a game on the network"
}

// pollRemote is poll for a followed host: moved when the client learnt
// anything since the last position shown.
func (s *spectator) pollRemote() (moved, changed bool) {
	f := s.remote
	cl := f.client.Load()
	if cl == nil {
		if e := f.failed.Load(); e != nil {
			return false, s.wait(waiting, "Could not reach the host: "+*e)
		}
		return false, s.wait(waiting, "Connecting to "+f.where()+"…")
	}
	if err := cl.Err(); err != nil {
		return false, s.wait("the link ended", err.Error())
	}
	if !cl.Ready() {
		return false, s.wait(waiting, "Connected; waiting for the host's table.")
	}
	seq := cl.Seq()
	if seq == f.seq && s.remoteShown {
		return false, s.wait("", "")
	}
	f.seq, s.remoteShown = seq, true
	s.wait("", "")
	return true, true
}

// desk is what the spectator shows: the public side of the game read
// from the file, or the spectator's client.
func (s *spectator) desk() table.Game {
	if s.remote != nil {
		return s.remote.client.Load()
	}
	return rules.DeskOf(s.game)
}

// close ends the spectator's link, if any.
func (s *spectator) close() {
	if s.remote != nil {
		if cl := s.remote.client.Load(); cl != nil {
			cl.Close()
		}
	}
}

// remoteBots is, per seat, the bot level the host says plays it ("" for
// a person).
func remoteBots(p remote.Presence, n int) []string {
	bots := make([]string, n)
	for _, s := range p.Seats {
		if s.Seat < 0 || int(s.Seat) >= n {
			continue
		}
		switch s.Kind {
		case gamefile.SeatRemote, "host":
		default:
			bots[s.Seat] = s.Kind
		}
	}
	return bots
}
