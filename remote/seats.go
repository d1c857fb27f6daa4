//go:build !js

package remote

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"notrueking/gamefile"
	"notrueking/rules"
)

// seatTable is who holds each seat of a host's game and who waits to:
// the device holding each seat, the hash of its token, its name and when
// it left; the devices waiting for admission; the spectators; the
// addresses locked out for wrong room codes or tokens. It is kept under
// the Host's mu; players (who plays each seat: gamefile.SeatHuman,
// SeatRemote or a bot level) is the match's, passed in.
type seatTable struct {
	here   []bool   // per seat: played at the host's own screen
	ids    []string // per seat: its conspiracy id
	names  []string // per seat: its player's name
	holder []*conn  // per seat: the device holding it
	tokens []string // per seat: the hex SHA-256 of its device's token
	device []string // per seat: the name of the device admitted to it
	away   []time.Time
	// standIn is, per seat, the level of the bot playing it while its
	// device is away ("" none: leavers.go).
	standIn []string
	// named is, per seat, whether the host named its player (-names, a
	// name typed at the host's start screen): a device asking by that
	// name gets the seat, and no device renames it.
	named []bool
	// awayBot is the leaver rule in force (HostOptions.AwayBot, then
	// SetAwayBot).
	awayBot AwayBot

	pending  []*conn
	watchers int
	// watch is the spectator link's code (WatchCode); noWatch refuses
	// spectators.
	watch   string
	noWatch bool
	// noWatchTalk hides the table's talk from the spectators (a stream).
	noWatchTalk bool
	fails       map[string][]time.Time
	locked      map[string]time.Time
}

// hostNamed is, per seat of a game that began with players, whether the
// host named it: a name other than the default for its place
// (gamefile.DefaultNames), when the host says it named the seats at all.
func hostNamed(players []string, named bool) []bool {
	out := make([]bool, len(players))
	def := gamefile.DefaultNames(len(players))
	for i, p := range players {
		out[i] = named && p != def[i]
	}
	return out
}

func newSeatTable(ids, names []string) seatTable {
	n := len(ids)
	return seatTable{ids: ids, names: names, here: make([]bool, n), holder: make([]*conn, n), tokens: make([]string, n),
		device: make([]string, n), away: make([]time.Time, n), standIn: make([]string, n), fails: map[string][]time.Time{}, locked: map[string]time.Time{}}
}

// setUp marks the seats played here and takes the hashes of the tokens
// a restarted host's save kept (HostOptions.Here, Tokens).
func (t *seatTable) setUp(here []rules.Seat, tokens []string) error {
	for _, s := range here {
		if !t.has(s) {
			return fmt.Errorf("there is no seat %d in this game to play here", s)
		}
		t.here[s] = true
	}
	if tokens != nil && len(tokens) != len(t.ids) {
		return fmt.Errorf("%d seat tokens for a game of %d seats", len(tokens), len(t.ids))
	}
	for i, tok := range tokens {
		if tok != "" {
			if b, err := hex.DecodeString(tok); err != nil || len(b) != sha256.Size {
				return fmt.Errorf("seat %d's token hash %q is not a hex SHA-256", i+1, clip(tok))
			}
		}
		t.tokens[i] = strings.ToLower(tok)
	}
	return nil
}

// has reports whether seat is one of the game's.
func (t *seatTable) has(seat rules.Seat) bool { return seat >= 0 && int(seat) < len(t.ids) }

// claimable reports whether a device may hold seat, played by who: a
// seat for a remote device, or a person's not played at the host's screen
// (never a bot's).
func (t *seatTable) claimable(seat rules.Seat, who string) bool {
	return who == gamefile.SeatRemote || who == gamefile.SeatHuman && !t.here[seat] || t.standIn[seat] != ""
}

// free reports whether seat waits for a device: claimable, no device
// holds it or has its token.
func (t *seatTable) free(seat rules.Seat, players []string) bool {
	return t.claimable(seat, players[seat]) && t.holder[seat] == nil && t.tokens[seat] == ""
}

// firstFree is the first seat waiting for a device (-1: none).
func (t *seatTable) firstFree(players []string) rules.Seat {
	for i := range t.ids {
		if s := rules.Seat(i); t.free(s, players) {
			return s
		}
	}
	return -1
}

// playedBy says who plays seat at the host ("at the host's screen", "by
// the easy bot").
func (t *seatTable) playedBy(seat rules.Seat, who string) string {
	if t.here[seat] || who == gamefile.SeatHuman {
		return "at the host's screen"
	}
	return "by the " + who + " bot"
}

// tokenSeat is the seat whose token hash is hash (-1: none), compared in
// constant time with every seat's.
func (t *seatTable) tokenSeat(hash string) rules.Seat {
	seat := rules.Seat(-1)
	for i, tok := range t.tokens {
		if tok != "" && subtle.ConstantTimeCompare([]byte(tok), []byte(hash)) == 1 {
			seat = rules.Seat(i)
		}
	}
	return seat
}

// lockedOut reports whether addr may not say hello now.
func (t *seatTable) lockedOut(addr string, now time.Time) bool {
	until, ok := t.locked[addr]
	if ok && now.Before(until) {
		return true
	}
	delete(t.locked, addr)
	return false
}

// failed counts a wrong room code or token from addr, and reports
// whether it locks the address out.
func (t *seatTable) failed(addr string, now time.Time) bool {
	fs := slices.DeleteFunc(t.fails[addr], func(at time.Time) bool { return now.Sub(at) >= lockFor })
	fs = append(fs, now)
	if len(fs) >= lockFails {
		delete(t.fails, addr)
		t.locked[addr] = now.Add(lockFor)
		return true
	}
	t.fails[addr] = fs
	return false
}

// pendingConn is the waiting device id (nil: none).
func (t *seatTable) pendingConn(id int) *conn {
	for _, c := range t.pending {
		if c.id == id {
			return c
		}
	}
	return nil
}

// unpend takes device c off the waiting list.
func (t *seatTable) unpend(c *conn) {
	t.pending = slices.DeleteFunc(t.pending, func(p *conn) bool { return p == c })
}

// give gives seat to device c and returns the device it took the seat
// from (nil: none).
func (t *seatTable) give(c *conn, seat rules.Seat) *conn {
	old := t.holder[seat]
	if old == c {
		old = nil
	}
	if old != nil {
		old.role = roleGone
	}
	t.holder[seat] = c
	t.device[seat] = c.name
	t.away[seat] = time.Time{}
	return old
}

// drop frees seat from its device and its token, and returns the device
// that held it (nil: none).
func (t *seatTable) drop(seat rules.Seat) *conn {
	old := t.holder[seat]
	t.holder[seat], t.tokens[seat], t.device[seat], t.away[seat], t.standIn[seat] = nil, "", "", time.Time{}, ""
	if old != nil {
		old.role = roleGone
	}
	return old
}

// left records that device c, which held seats, is gone at now: its
// seats wait for it.
func (t *seatTable) left(c *conn, now time.Time) {
	for _, s := range c.seats {
		if t.holder[s] == c {
			t.holder[s] = nil
			t.away[s] = now
		}
	}
}

// presence is who plays each seat and whether their device is connected.
func (t *seatTable) presence(players []string) []SeatPresence {
	out := make([]SeatPresence, len(players))
	for i, who := range players {
		s := rules.Seat(i)
		p := SeatPresence{Seat: s, Kind: who}
		switch {
		case who == gamefile.SeatHuman && (t.here[s] || t.device[s] == ""):
			p.Kind, p.Connected = "host", true
		case who == gamefile.SeatHuman || who == gamefile.SeatRemote || t.standIn[s] != "":
			p.StandIn = t.standIn[s] != ""
			if !p.StandIn {
				p.Kind = gamefile.SeatRemote
			}
			p.Device = t.device[s]
			p.Connected = t.holder[s] != nil
			if !p.Connected && !t.away[s].IsZero() {
				p.AwaySince = t.away[s].UnixMilli()
			}
		default:
			p.Connected = true
		}
		out[i] = p
	}
	return out
}
