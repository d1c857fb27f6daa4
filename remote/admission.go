//go:build !js

package remote

import (
	"crypto/subtle"
	"fmt"
	"slices"
	"strings"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/session"
)

// Who may join a host's game and at which seat: a device's hello, the
// host's answers to those waiting (Admit, Refuse), its freeing of seats,
// spectators, and the seat table they change (seats.go).

// Request is a device waiting for the host to admit it.
type Request struct {
	ID   int
	Name string
	// Seat is the seat asked (-1: any free seat).
	Seat rules.Seat
	Addr string
}

// Tokens are the hashes of the seats' tokens (the save keeps them).
func (h *Host) Tokens() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.seats.tokens)
}

// Pending lists the devices waiting for admission, oldest first.
func (h *Host) Pending() []Request {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]Request, 0, len(h.seats.pending))
	for _, c := range h.seats.pending {
		out = append(out, Request{ID: c.id, Name: c.name, Seat: c.ask, Addr: c.addr})
	}
	return out
}

// Presence is who plays each seat and whether their device is connected.
func (h *Host) Presence() []SeatPresence {
	players := h.m.Players()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seats.presence(players)
}

// SeatFor is the seat request r would be admitted to: the one it asked
// for, else the first seat waiting for a device (-1: none is free; a seat
// whose device is only away stays that device's until the host frees it).
func (h *Host) SeatFor(r Request) rules.Seat {
	if r.Seat >= 0 {
		return r.Seat
	}
	return h.firstFree()
}

// firstFree is the first seat waiting for a device (-1: none).
func (h *Host) firstFree() rules.Seat {
	players := h.m.Players()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seats.firstFree(players)
}

// Admit lets the waiting device id in, to seat (a seat waiting for a
// device: not played here or by a bot, held by no connected device; a
// token an earlier device had for it no longer opens it).
func (h *Host) Admit(id int, seat rules.Seat) error {
	players := h.m.Players()
	h.mu.Lock()
	t := &h.seats
	c := t.pendingConn(id)
	var err error
	switch {
	case c == nil:
		err = fmt.Errorf("no device %d waits to be admitted", id)
	case !t.has(seat):
		err = fmt.Errorf("there is no seat %d in this game", seat)
	case !t.claimable(seat, players[seat]):
		err = fmt.Errorf("%s is played %s: no device may take it", t.names[seat], t.playedBy(seat, players[seat]))
	case t.holder[seat] != nil:
		err = fmt.Errorf("%s is held by %s's device, connected: free the seat first", t.names[seat], t.device[seat])
	}
	if err != nil {
		h.mu.Unlock()
		return err
	}
	token := c.proposed
	if token == "" || t.tokenSeat(hashToken(token)) >= 0 {
		token = newToken()
	}
	t.unpend(c)
	t.tokens[seat] = hashToken(token)
	h.seat(c, seat)
	h.mu.Unlock()
	h.keep()
	h.seated(c, seat, token, players[seat])
	return nil
}

// Refuse sends the waiting device id away with the host's reason.
func (h *Host) Refuse(id int, why string) error {
	h.mu.Lock()
	c := h.seats.pendingConn(id)
	if c != nil {
		h.seats.unpend(c)
		c.role = roleGone
	}
	h.mu.Unlock()
	if c == nil {
		return fmt.Errorf("no device %d waits to be admitted", id)
	}
	h.touch()
	text := "The host did not let you in"
	if why = strings.TrimSpace(why); why != "" {
		text += ": " + why
	}
	c.refuse(text, false)
	h.logf("%s (%s): refused by the host", c.name, c.addr)
	return nil
}

// Free hands seat to to — a bot level, or gamefile.SeatRemote for another
// device — and drops its device's token: the device holding it is sent
// away, and its token opens nothing.
func (h *Host) Free(seat rules.Seat, to string) error {
	if to != gamefile.SeatRemote {
		if _, err := bots.ParseLevel(to); err != nil {
			return err
		}
	}
	t := &h.seats
	if !t.has(seat) {
		return fmt.Errorf("there is no seat %d in this game", seat)
	}
	if t.here[seat] {
		return fmt.Errorf("%s is played at the host's screen", t.names[seat])
	}
	h.mu.Lock()
	old := t.drop(seat)
	h.mu.Unlock()
	h.keep()
	if err := h.m.SetPlayer(seat, to); err != nil {
		return err
	}
	text := fmt.Sprintf("The host gave %s to the %s bot.", t.names[seat], to)
	if to == gamefile.SeatRemote {
		text = fmt.Sprintf("The host freed %s for another device.", t.names[seat])
	}
	if old != nil {
		old.refuse(text, false)
	}
	h.notice(text)
	h.logf("seat %s freed for %s", t.ids[seat], to)
	h.touch()
	return nil
}

// Spectators reports whether the host lets spectators watch.
func (h *Host) Spectators() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return !h.seats.noWatch
}

// SetSpectators lets spectators watch, or sends every spectator away and
// refuses new ones.
func (h *Host) SetSpectators(on bool) {
	h.mu.Lock()
	h.seats.noWatch = !on
	var gone []*conn
	if !on {
		for c := range h.conns {
			if c.role == roleWatch {
				gone = append(gone, c)
			}
		}
	}
	h.mu.Unlock()
	for _, c := range gone {
		c.refuse("the host stopped letting spectators watch", false)
	}
	h.touch()
}

// SpectatorTalk reports whether the spectators read the table's talk.
func (h *Host) SpectatorTalk() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return !h.seats.noWatchTalk
}

// SetSpectatorTalk lets the spectators read the table's talk, or hides it
// from them (a stream shows no talk): from the next line on, and from any
// spectator's next sync.
func (h *Host) SetSpectatorTalk(on bool) {
	h.mu.Lock()
	h.seats.noWatchTalk = !on
	h.mu.Unlock()
}

// seat gives seat to device c (under h.mu) and returns the device it
// took the seat from (nil: none).
func (h *Host) seat(c *conn, seat rules.Seat) *conn {
	old := h.seats.give(c, seat)
	c.role = roleSeat
	c.seats = []rules.Seat{seat}
	c.desk = h.m.RemoteDesk(seat)
	return old
}

// seated welcomes device c to seat (-1: a spectator), played by who, with
// its new token ("" when it had one): the seat becomes a remote one, then
// the device gets the welcome and the whole state, and from then on every
// change.
func (h *Host) seated(c *conn, seat rules.Seat, token, who string) {
	if seat >= 0 && who == gamefile.SeatHuman {
		if err := h.m.SetPlayer(seat, gamefile.SeatRemote); err != nil {
			h.logf("seat %d: %v", seat, err)
		}
	}
	if seat >= 0 && !h.seats.named[seat] {
		h.rename(seat, c.name)
	}
	h.m.Read(func(r session.Reading) {
		h.mu.Lock()
		w := h.base
		w.Players = slices.Clone(w.Players)
		h.mu.Unlock()
		w.Epoch, w.Seats, w.Token = h.epoch, slices.Clone(c.seats), token
		if w.Seats == nil {
			w.Seats = []rules.Seat{}
		}
		c.send(w)
		h.sendTalk(r, c) // before the state: a device that has the state has its talk
		h.sendSync(r, c)
	})
	h.touch()
}

// rename has seat played by the name its device gave (a name action in
// the game, told to every device as an update), and keeps the new name
// for what the host says of the seat.
func (h *Host) rename(seat rules.Seat, name string) {
	if err := h.m.Name(seat, name); err != nil {
		h.logf("seat %s keeps its name: %v", h.seats.ids[seat], err)
		return
	}
	h.mu.Lock()
	h.seats.names[seat] = name
	h.base.Players[seat] = name
	h.mu.Unlock()
}

// refusal is why a hello is refused, and whether the device may try
// again later.
type refusal struct {
	text  string
	retry bool
}

func refused(retry bool, format string, args ...any) *refusal {
	return &refusal{text: fmt.Sprintf(format, args...), retry: retry}
}

// hello answers a device's hello: refused, a spectator, its seat back by
// its token, or waiting for admission.
func (c *conn) hello(m *Hello) {
	h := c.h
	name, err := cleanName(m.Name)
	switch {
	case m.Proto != Proto:
		c.refuse(fmt.Sprintf("this host speaks protocol %d and the device protocol %d: both must run the same version of the game", Proto, m.Proto), false)
		return
	case err != nil:
		c.refuse(err.Error(), false)
		return
	}
	players := h.m.Players()
	h.mu.Lock()
	then, no := c.greet(m, name, players)
	h.mu.Unlock()
	if no != nil {
		c.refuse(no.text, no.retry)
		return
	}
	then()
}

// greet decides, under h.mu, what a hello of the player name gets: a
// refusal, or what follows once the lock is let go (then).
func (c *conn) greet(m *Hello, name string, players []string) (then func(), no *refusal) {
	h, t := c.h, &c.h.seats
	now := h.now()
	c.name, c.device, c.try = name, m.Device, m.Try
	if m.Token == "" && isToken(m.NewToken) {
		// A token proposed that already opens a seat: this device was
		// admitted and lost its welcome on the way. It comes back by it.
		if t.tokenSeat(hashToken(m.NewToken)) >= 0 {
			m.Token = m.NewToken
		} else {
			c.proposed = strings.ToLower(m.NewToken)
		}
	}
	if t.lockedOut(c.addr, now) {
		return nil, refused(true, "too many wrong room codes or tokens from this address: try again in a minute")
	}
	room := normRoom(m.Room)
	seats := subtle.ConstantTimeCompare([]byte(room), []byte(normRoom(h.room))) == 1
	watch := subtle.ConstantTimeCompare([]byte(room), []byte(t.watch)) == 1
	switch {
	case !seats && !watch:
		locked := t.failed(c.addr, now)
		h.logf("%s (#%d %s): wrong room", c.addr, c.id, name)
		return nil, refused(locked, "there is no game with this room code here: check the link")
	case watch && !m.Watch:
		return nil, refused(false, "this is the game's spectator link: it shows the public table and takes no seat (ask the host for the join link)")
	case m.Watch:
		return c.watches()
	case m.Token != "":
		return c.byToken(m, players, now)
	}
	return c.asks(m, players)
}

// watches makes the device a spectator (under h.mu).
func (c *conn) watches() (then func(), no *refusal) {
	h, t := c.h, &c.h.seats
	switch {
	case t.noWatch:
		return nil, refused(false, "the host does not let spectators watch this game")
	case t.watchers >= MaxSpectators:
		return nil, refused(true, "the game has %d spectators already", MaxSpectators)
	}
	t.watchers++
	c.role = roleWatch
	c.desk = h.m.RemoteDesk()
	return func() {
		h.logf("%s (#%d %s): watches", c.addr, c.id, c.name)
		h.seated(c, -1, "", "")
	}, nil
}

// byToken gives the device back the seat its token opens (under h.mu).
func (c *conn) byToken(m *Hello, players []string, now time.Time) (then func(), no *refusal) {
	h, t := c.h, &c.h.seats
	seat := t.tokenSeat(hashToken(m.Token))
	if seat < 0 {
		locked := t.failed(c.addr, now)
		h.logf("%s (#%d %s): a wrong token", c.addr, c.id, c.name)
		return nil, refused(locked, "this device's seat token opens no seat here (the host may have freed it): join again without it")
	}
	if !t.claimable(seat, players[seat]) {
		return nil, refused(false, "%s is played %s now: ask the host", t.names[seat], t.playedBy(seat, players[seat]))
	}
	if cur := t.holder[seat]; cur != nil && m.Device != "" && cur.device == m.Device && cur.try > m.Try {
		// A late hello of a connection this device has already left for
		// a newer one.
		return nil, refused(false, "a newer connection of this device holds the seat")
	}
	old := h.seat(c, seat)
	return func() {
		if old != nil {
			old.refuse("another device took this seat with its token", false)
		}
		h.logf("%s (#%d %s): back at %s by its token", c.addr, c.id, c.name, t.ids[seat])
		who := players[seat]
		if h.hasStandIn(seat) {
			h.returned(seat)
			who = gamefile.SeatRemote
		}
		h.seated(c, seat, "", who)
	}, nil
}

// asks has the device wait for the host to admit it to the seat it asks
// for, or any free one (under h.mu).
func (c *conn) asks(m *Hello, players []string) (then func(), no *refusal) {
	t := &c.h.seats
	ask := rules.Seat(-1)
	if m.Seat != "" {
		i := slices.Index(t.ids, m.Seat)
		if i < 0 {
			return nil, refused(false, "there is no seat %q in this game (%s)", clip(m.Seat), strings.Join(t.ids, ", "))
		}
		ask = rules.Seat(i)
		if !t.claimable(ask, players[ask]) {
			return nil, refused(false, "%s's seat (%s) is played %s: ask for another, or watch", t.names[ask], m.Seat, t.playedBy(ask, players[ask]))
		}
		if !t.free(ask, players) {
			return nil, refused(false, "%s's seat (%s) is taken: ask for another, or watch", t.names[ask], m.Seat)
		}
	} else if s := c.h.namedSeat(c.name, players); s >= 0 {
		ask = s // the host named a seat so: the player of that name
	} else if t.firstFree(players) < 0 {
		return nil, refused(false, "every seat is taken or played at the host: you may watch")
	}
	if len(t.pending) >= MaxPending {
		return nil, refused(true, "%d devices wait for the host already: try again later", MaxPending)
	}
	c.role, c.ask = rolePending, ask
	t.pending = append(t.pending, c)
	return func() { c.waits(ask) }, nil
}

// hasStandIn reports whether a bot stands in for seat's device.
func (h *Host) hasStandIn(seat rules.Seat) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seats.standIn[seat] != ""
}

// namedSeat is the free seat whose player the host named name (-1: none,
// or the host named no seat), under h.mu.
func (h *Host) namedSeat(name string, players []string) rules.Seat {
	t := &h.seats
	for i, n := range t.names {
		if t.named[i] && strings.EqualFold(n, name) && t.free(rules.Seat(i), players) {
			return rules.Seat(i)
		}
	}
	return -1
}

// waits tells the device it waits for admission to seat ask (-1: any),
// and the host that it waits; a host that admits every device admits it.
func (c *conn) waits(ask rules.Seat) {
	h := c.h
	what := "a seat"
	if ask >= 0 {
		what = h.seats.names[ask] + "'s seat"
	}
	c.send(Pending{T: KPending, Text: fmt.Sprintf("Waiting for the host to let %s in, to %s.", c.name, what)})
	h.logf("%s (#%d %s): asks for %s", c.addr, c.id, c.name, what)
	h.touch()
	if h.o.OnAsk != nil {
		h.o.OnAsk()
	}
	if h.o.AdmitAuto {
		if ask < 0 {
			ask = h.firstFree()
		}
		if err := h.Admit(c.id, ask); err != nil {
			h.Refuse(c.id, err.Error())
		}
	}
}
