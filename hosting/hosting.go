// Package hosting is a game played over the network, seen from a window:
// a match this window serves (Hosting: its server, who is connected, the
// devices asking to be let in, and the host's decisions on them — admit,
// refuse, hand a seat to a bot and back, spectators on or off), and what
// the window shows of it — the bar over the board while a device asks
// (Admission), the chip at the board's foot (Chip), and the network panel
// (Panel: the join link and its QR code, each seat's player and device,
// the host's buttons; at a device that joined, the game it joined). Each
// device that joins acts on the match through a desk bound to its seats
// (package remote); the window's table follows their moves as it follows
// a bot's. Plain Go: the window (package app) opens the panel over its
// scenes and passes the host's commands here.
package hosting

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"notrueking/gamefile"
	"notrueking/internal/site"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
)

// Hosting is a live game served on the network from a window.
type Hosting struct {
	srv *remote.Server
	// page: browsers can open the link (the host serves the page).
	page bool
	// dirty is set by the host's goroutines when who plays, who is
	// connected or who waits changed: the next frame reads them anew.
	dirty atomic.Bool
	// awaySec is the second the away times were last drawn at, while a
	// device is away (0: none is).
	awaySec int64
}

// Options say where a hosted game listens and what it serves beside it.
type Options struct {
	// Addr is where it listens (HOST:PORT; "": every address, port 7373
	// or any free one).
	Addr string
	// Page serves the browser page beside the game's WebSocket (nil: the
	// page this program carries, if any); NoSpectators refuses
	// spectators.
	Page         http.Handler
	NoSpectators bool
	// AwayBot is the leaver rule to start with (nil:
	// remote.DefaultAwayBot); the network panel changes it.
	AwayBot *remote.AwayBot
}

// Start serves match m on the network: here are the seats played at
// this screen; a continued game's room and devices' tokens come from its
// files f (nil: none), which keep them, so its devices come back by
// themselves.
func Start(m *session.Match, f *session.Files, here []rules.Seat, opts Options) (*Hosting, error) {
	hn := &Hosting{}
	// The names typed at the start screen are the host's; a seat left
	// with its default name takes its device's.
	o := remote.HostOptions{Match: m, Here: here, OnChange: func() { hn.dirty.Store(true) },
		Page: opts.Page, NoSpectators: opts.NoSpectators, NamedSeats: true, AwayBot: remote.DefaultAwayBot}
	if opts.AwayBot != nil {
		o.AwayBot = *opts.AwayBot
	}
	if f != nil {
		if hm := f.Host(); hm != nil {
			o.Room, o.Tokens = hm.Room, hm.Tokens
		}
		o.Keep = func(room string, tokens []string) {
			m.Do(func(*rules.Game) { f.KeepHost(room, tokens) })
		}
	}
	if o.Page == nil {
		// The page this program carries (a release's), if any.
		if s, err := site.Find(""); err == nil && s != nil {
			o.Page = s
		}
	}
	h, err := remote.NewHost(o)
	if err != nil {
		return nil, err
	}
	if o.Keep != nil {
		o.Keep(h.Room(), h.Tokens())
	}
	srv, err := remote.Listen(h, opts.Addr)
	if err != nil {
		h.Close()
		return nil, fmt.Errorf("the game cannot be hosted: %v", err)
	}
	hn.srv, hn.page = srv, o.Page != nil
	return hn, nil
}

// Close stops serving (the devices are told the host went away).
func (hn *Hosting) Close() {
	if hn != nil && hn.srv != nil {
		hn.srv.Close()
	}
}

// Host is the remote.Host served.
func (hn *Hosting) Host() *remote.Host { return hn.srv.Host() }

// Link is the join link; WatchLink the spectator link.
func (hn *Hosting) Link() string      { return hn.srv.Link() }
func (hn *Hosting) WatchLink() string { return hn.srv.WatchLink() }

// Presence is the table's presence of every seat, as of now.
func (hn *Hosting) Presence() []table.Presence {
	ps := hn.Host().Presence()
	out := make([]table.Presence, len(ps))
	for i, p := range ps {
		if p.Kind == gamefile.SeatRemote {
			out[i] = presence(p)
		}
	}
	return out
}

// presence is the table's presence of a remote seat p.
func presence(p remote.SeatPresence) table.Presence {
	out := table.Presence{Remote: true, Device: p.Device, Connected: p.Connected}
	if p.AwaySince > 0 {
		out.AwaySince = time.UnixMilli(p.AwaySince)
	}
	return out
}

// Seats is who plays each of n seats as a host said (p, at a device that
// joined, or a spectator's): the table's presence of the remote seats,
// and the bot level that plays each seat ("" for a person).
func Seats(p remote.Presence, n int) ([]table.Presence, []string) {
	ps, bots := make([]table.Presence, n), make([]string, n)
	for _, s := range p.Seats {
		if s.Seat < 0 || int(s.Seat) >= n {
			continue
		}
		switch s.Kind {
		case gamefile.SeatRemote:
			ps[s.Seat] = presence(s)
		case "host":
		default:
			bots[s.Seat] = s.Kind
		}
	}
	return ps, bots
}

// Changed reports whether the presence or the requests changed since
// they were last read (the host said so), or, while a device is away, its
// away time's second did; it reads them only then, not every frame.
func (hn *Hosting) Changed(now time.Time) bool {
	if !hn.dirty.Swap(false) && (hn.awaySec == 0 || now.Unix() == hn.awaySec) {
		return false
	}
	hn.awaySec = 0
	for _, p := range hn.Host().Presence() {
		if p.AwaySince > 0 {
			hn.awaySec = now.Unix()
		}
	}
	return true
}

// IsCommand reports whether cmd is one of the host's: admit or refuse a
// device, hand a seat over, spectators on or off.
func IsCommand(cmd ui.Command) bool {
	switch cmd.Kind {
	case ui.CmdAdmit, ui.CmdRefuse, ui.CmdGiveSeat, ui.CmdSpectators, ui.CmdSpectatorTalk, ui.CmdAwayBot:
		return true
	}
	return false
}

// Do carries out a host's command (IsCommand) and returns why it was
// refused.
func (hn *Hosting) Do(cmd ui.Command) error {
	h := hn.Host()
	switch cmd.Kind {
	case ui.CmdAdmit:
		for _, r := range h.Pending() {
			if r.ID == cmd.N {
				return h.Admit(r.ID, h.SeatFor(r))
			}
		}
	case ui.CmdRefuse:
		return h.Refuse(cmd.N, "")
	case ui.CmdGiveSeat:
		return h.Free(rules.Seat(cmd.N), cmd.ID)
	case ui.CmdSpectators:
		h.SetSpectators(!h.Spectators())
	case ui.CmdSpectatorTalk:
		h.SetSpectatorTalk(!h.SpectatorTalk())
	case ui.CmdAwayBot:
		return h.SetAwayBot(nextAwayRule(h.AwayBot()))
	}
	return nil
}
