//go:build !js

package remote

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/coder/websocket"

	"notrueking/board"
	"notrueking/bots"
	"notrueking/internal/site"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/session"
)

// HostOptions set up a host.
type HostOptions struct {
	// Match is the game served: its engine, files and bots.
	Match *session.Match
	// Here lists the seats played at the host's own screen (nil for a
	// headless host): no device may claim them.
	Here []rules.Seat
	// Room is the room code the join link carries; "" draws a new one
	// (NewRoom).
	Room string
	// Tokens are, per seat, the hex SHA-256 of the token of the device
	// admitted to it ("" for none): a restarted host takes them from its
	// save, so that its devices come back without asking.
	Tokens []string
	// Keep is told the room and the tokens' hashes whenever they change
	// (the save's header keeps them). It is called under no lock of the
	// host's or the match's, one call at a time.
	Keep func(room string, tokens []string)
	// Tester marks a tester's game (its seed was typed): the devices'
	// tables show it as the host's does.
	Tester bool
	// AdmitAuto admits every device that asks for a free seat (tests,
	// `host -admit auto`).
	AdmitAuto bool
	// OnAsk is told when a new device waits for admission (the window
	// redraws to show Pending). Called under no lock.
	OnAsk func()
	// OnChange is told, on a goroutine of the host's and under no lock,
	// whenever who plays a seat, whose device is connected or who waits
	// to be admitted changed (the window redraws its presence then, not
	// every frame).
	OnChange func()
	// Origins are extra allowed Origin patterns (websocket.AcceptOptions):
	// a page of the host's own origin, and a device sending no Origin
	// header, are always accepted.
	Origins []string
	// NoCompression turns permessage-deflate off (it is on by default,
	// used when the device offers it).
	NoCompression bool
	// Now is the clock of lockouts and presence (nil: time.Now).
	Now func() time.Time
	// Log gets one line per connection event (nil: none).
	Log io.Writer
	// HelloWithin and Silence bound the wait for a device's hello and the
	// silence of a connected device (0: HelloWithin, Silence).
	HelloWithin, Silence time.Duration
	// Rate and Burst bound the messages a connection may send (0:
	// RatePerSecond, Burst); a test's devices that play as fast as they
	// can raise them.
	Rate, Burst float64
	// NoSpectators refuses spectators, by either link, from the start
	// (SetSpectators turns them on and off).
	NoSpectators bool
	// NoSpectatorTalk hides the table's talk from the spectators from the
	// start (a stream; SetSpectatorTalk turns it on and off).
	NoSpectatorTalk bool
	// NamedSeats says the host named the seats' players itself (-names,
	// names typed at the start screen): a device keeps the name of the
	// seat it gets, and one that asks for no seat but gives a seat's name
	// asks for that seat. A seat left with its default name
	// (gamefile.DefaultNames: "Bob" in the second place) is not named by
	// the host: there, as in every seat when NamedSeats is unset, the
	// name a device gives becomes its seat's player's name, a name action
	// in the game (Match.Name).
	NamedSeats bool
	// AwayBot is the leaver rule (leavers.go): a seat whose device is
	// away longer than AwayBot.After is played by its bot until the
	// device returns. Zero: never.
	AwayBot AwayBot
	// Page serves the browser page beside the WebSocket (every path but
	// /ws; internal/site): a join link opens in a browser. nil: the host
	// answers "/" with a page saying how to get one.
	Page http.Handler
}

// A Host serves one match to the devices that join it over WebSocket
// (GET /ws). Every device's act goes through a desk of the match bound to
// the device's seats; every message it is sent is built from what those
// seats may know, after the match's files have saved the change.
type Host struct {
	o      HostOptions
	m      *session.Match
	epoch  uint64
	room   string
	base   Welcome // players, conspiracies, map, variant
	now    func() time.Time
	hello  time.Duration
	silent time.Duration

	// version is the match's version, kept under the match's lock (the
	// listener and Read).
	version uint64

	mu       sync.Mutex
	closed   bool
	conns    map[*conn]struct{}
	nextID   int // the number of the last connection
	greeting int
	// seats is who holds each seat and who waits to (admission.go).
	seats seatTable

	keepMu sync.Mutex
	logMu  sync.Mutex
	kick   chan struct{}
	done   chan struct{}
	// unlisten stops the match's telling the host its changes.
	unlisten func()
}

// NewHost serves o.Match. Call Close when the game ends or the window
// closes.
func NewHost(o HostOptions) (*Host, error) {
	m := o.Match
	if m == nil {
		return nil, errors.New("a host needs a match to serve")
	}
	h := &Host{o: o, m: m, room: o.Room, now: o.Now, hello: o.HelloWithin, silent: o.Silence,
		conns: map[*conn]struct{}{}, kick: make(chan struct{}, 1), done: make(chan struct{})}
	if h.now == nil {
		h.now = time.Now
	}
	if h.hello <= 0 {
		h.hello = HelloWithin
	}
	if h.silent <= 0 {
		h.silent = Silence
	}
	if h.o.Rate <= 0 {
		h.o.Rate = RatePerSecond
	}
	if h.o.Burst <= 0 {
		h.o.Burst = Burst
	}
	if h.room == "" {
		h.room = NewRoom()
	} else if err := checkRoom(h.room); err != nil {
		return nil, err
	}
	var mapErr error
	m.Read(func(r session.Reading) {
		// The table every device is welcomed to, as the public sees it.
		pub := r.Public()
		v := pub.View(rules.Public)
		ids := pub.Seats()
		h.base = Welcome{T: KWelcome, Proto: Proto, Conspiracies: slices.Clone(ids), Variant: v.Variant, Tester: o.Tester}
		for _, p := range v.Players {
			h.base.Players = append(h.base.Players, p.Name)
		}
		h.seats = newSeatTable(ids, slices.Clone(h.base.Players))
		h.seats.named = hostNamed(h.base.Players, o.NamedSeats)
		h.base.Map, mapErr = mapRefOf(pub.Map())
	})
	if mapErr != nil {
		return nil, mapErr
	}
	h.seats.watch, h.seats.noWatch, h.seats.noWatchTalk = WatchCode(h.room), o.NoSpectators, o.NoSpectatorTalk
	if err := h.seats.setUp(o.Here, o.Tokens); err != nil {
		return nil, err
	}
	// A restarted host's bot seats that kept a device's token stood in
	// for that device when the save was written: they still do.
	// A seat a device holds a token for is away until the device comes
	// back (the leaver rule counts from the host's start).
	for i, who := range m.Players() {
		if h.seats.tokens[i] == "" {
			continue
		}
		h.seats.away[i] = h.now()
		if _, err := bots.ParseLevel(who); err == nil {
			h.seats.standIn[i] = who
		}
	}
	var e [8]byte
	for h.epoch == 0 {
		rand.Read(e[:])
		h.epoch = binary.LittleEndian.Uint64(e[:]) >> 11 // exact in a JavaScript number
	}
	h.unlisten = m.ListenDesks(h.moved)
	v := m.Version()
	m.Read(func(session.Reading) { h.version = max(h.version, v) })
	go h.presenceLoop()
	if err := h.SetAwayBot(h.o.AwayBot); err != nil {
		return nil, err
	}
	go h.leaverLoop()
	return h, nil
}

// mapRefOf is how a device finds map m: a shipped map by id (the version
// of its SHA-256), else the file's text.
func mapRefOf(m *board.Map) (MapRef, error) {
	ref := MapRef{ID: m.ID, SHA256: m.SHA256}
	if _, ok := maps.ShippedName(m.ID); ok {
		if sm, err := maps.LoadVersion(m.ID, m.SHA256); err == nil && sm.SHA256 == m.SHA256 {
			return ref, nil
		}
	}
	if m.Source == "" {
		return ref, fmt.Errorf("the map %q was not read from a file: a device could not load it", m.ID)
	}
	data, err := os.ReadFile(m.Source)
	if err != nil {
		return ref, fmt.Errorf("the map's file, for the devices: %v", err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != m.SHA256 {
		return ref, fmt.Errorf("the map's file %s changed since the game began", m.Source)
	}
	ref.TOML = string(data)
	return ref, nil
}

// Room is the host's room code.
func (h *Host) Room() string { return h.room }

// Epoch is the host's epoch: drawn at each start, so that a device tells
// a restarted host's versions from the old ones.
func (h *Host) Epoch() uint64 { return h.epoch }

// Link is the join link of the host listening at addr ("host:port").
func (h *Host) Link(addr string) string {
	return "http://" + addr + "/?join=" + h.room
}

// WatchLink is the spectator link of the host listening at addr: it
// follows the public table only and takes no seat.
func (h *Host) WatchLink(addr string) string {
	return "http://" + addr + "/?watch=" + h.seats.watch
}

// ServeHTTP upgrades GET /ws to a device's connection; every other path
// is the browser page's (HostOptions.Page).
func (h *Host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/ws" {
		if h.o.Page != nil {
			h.o.Page.ServeHTTP(w, r)
		} else {
			site.Missing(w, r)
		}
		return
	}
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		http.Error(w, "a device connects with GET", http.StatusMethodNotAllowed)
		return
	}
	addr := addrOf(r.RemoteAddr)
	h.mu.Lock()
	busy := h.closed || h.greeting >= maxGreeting
	if !busy {
		h.greeting++
	}
	h.mu.Unlock()
	if busy {
		http.Error(w, "the host is busy or closed: try again", http.StatusServiceUnavailable)
		return
	}
	mode := websocket.CompressionContextTakeover
	if h.o.NoCompression {
		mode = websocket.CompressionDisabled
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: h.o.Origins, CompressionMode: mode})
	if err != nil {
		h.mu.Lock()
		h.greeting--
		h.mu.Unlock()
		h.logf("%s: not a WebSocket: %v", addr, err)
		return
	}
	c := h.newConn(ws, addr)
	c.serve()
}

// addrOf is the address part of host:port.
func addrOf(remote string) string {
	if a, _, err := net.SplitHostPort(remote); err == nil {
		return a
	}
	return remote
}

func (h *Host) logf(format string, args ...any) {
	if h.o.Log == nil {
		return
	}
	h.logMu.Lock()
	defer h.logMu.Unlock()
	fmt.Fprintf(h.o.Log, h.now().Format("15:04:05")+" "+format+"\n", args...)
}

// keep tells o.Keep the tokens as they stand.
func (h *Host) keep() {
	if h.o.Keep == nil {
		return
	}
	h.keepMu.Lock()
	defer h.keepMu.Unlock()
	h.mu.Lock()
	ts := slices.Clone(h.seats.tokens)
	h.mu.Unlock()
	h.o.Keep(h.room, ts)
}

// notice tells everyone at the game — every device, and the host's own
// window — words for the table (the match's feed.Notice: the devices hear
// it from the host's listener).
func (h *Host) notice(text string) { h.m.Notice(text) }

// touch has every device told the presence anew (soon, in order).
func (h *Host) touch() {
	select {
	case h.kick <- struct{}{}:
	default:
	}
}

// presenceLoop sends the presence to every device whenever touched: one
// goroutine, so that the last sent is the latest.
func (h *Host) presenceLoop() {
	for {
		select {
		case <-h.done:
			return
		case <-h.kick:
		}
		players := h.m.Players()
		h.mu.Lock()
		b := marshal(Presence{T: KPresence, Seats: h.seats.presence(players), Spectators: h.seats.watchers})
		for c := range h.conns {
			if c.role == roleSeat || c.role == roleWatch {
				c.sendRaw(b)
			}
		}
		h.mu.Unlock()
		if h.o.OnChange != nil {
			h.o.OnChange()
		}
	}
}

// Close sends every device away ("going away": they retry, and find a
// restarted host) and serves no more. The match is the caller's.
func (h *Host) Close() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	cs := make([]*conn, 0, len(h.conns))
	for c := range h.conns {
		cs = append(cs, c)
	}
	h.mu.Unlock()
	h.unlisten()
	close(h.done)
	for _, c := range cs {
		c.close(websocket.StatusGoingAway, "the host closed the game")
	}
	h.logf("closed")
}
