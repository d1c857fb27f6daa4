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
	"notrueking/gamefile"
	"notrueking/remote"
	"notrueking/table"
	"notrueking/ui"
	"time"
)

// What a window shows of a game over the network on every platform: who
// plays each seat (a joined device reads it too) and the host's commands.

// Options say where a hosted game listens and what it serves beside it.
type Options struct {
	// Addr is where it listens (HOST:PORT; "": every address, port 7373
	// or any free one).
	Addr string
	// Page serves the browser page beside the game's WebSocket (nil: the
	// page this program carries, if any); NoSpectators refuses
	// spectators.
	Page         Page
	NoSpectators bool
	// AwayBot is the leaver rule to start with (nil:
	// remote.DefaultAwayBot); the network panel changes it.
	AwayBot *remote.AwayBot
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

// IsCommand reports whether cmd is one of the host's: admit or refuse a
// device, hand a seat over, spectators on or off.
func IsCommand(cmd ui.Command) bool {
	switch cmd.Kind {
	case ui.CmdAdmit, ui.CmdRefuse, ui.CmdGiveSeat, ui.CmdSpectators, ui.CmdSpectatorTalk, ui.CmdAwayBot:
		return true
	}
	return false
}
