package remote

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"notrueking/board"
	"notrueking/bots"
	"notrueking/gamefile"
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
	// Page serves the browser page beside the WebSocket (every path but
	// /ws; internal/site): a join link opens in a browser. nil: the host
	// answers "/" with a page saying how to get one.
	Page http.Handler
}

// Waits a host allows a device.
const (
	// HelloWithin is how long a new connection has to send its hello.
	HelloWithin = 10 * time.Second
	// Silence is how long a device may say nothing (it pings every
	// PingEvery) before the host drops it.
	Silence = 60 * time.Second
	// PingEvery is how often a device pings a quiet link.
	PingEvery = 20 * time.Second
	// maxGreeting bounds the connections that have not said hello yet.
	maxGreeting = 8
	// lockFails wrong room codes or tokens from one address within
	// lockFor lock it out for lockFor.
	lockFails = 5
	lockFor   = time.Minute
)

// Request is a device waiting for the host to admit it.
type Request struct {
	ID   int
	Name string
	// Seat is the seat asked (-1: any free seat).
	Seat rules.Seat
	Addr string
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
	here   []bool
	seatID []string // the seats' conspiracy ids
	base   Welcome  // players, conspiracies, map, variant
	now    func() time.Time
	hello  time.Duration
	silent time.Duration

	// version is the match's version, kept under the match's lock (the
	// listener and Do).
	version uint64

	mu       sync.Mutex
	closed   bool
	conns    map[*conn]struct{}
	greeting int
	holder   []*conn     // per seat: the device holding it
	tokens   []string    // per seat: the hex SHA-256 of its device's token
	device   []string    // per seat: the name of the device admitted to it
	away     []time.Time // per seat: when its device left
	pending  []*conn
	watchers int
	// watch is the spectator link's code (WatchCode); noWatch refuses
	// spectators.
	watch   string
	noWatch bool
	fails   map[string][]time.Time
	locked  map[string]time.Time
	nextID  int

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
		conns: map[*conn]struct{}{}, fails: map[string][]time.Time{}, locked: map[string]time.Time{},
		kick: make(chan struct{}, 1), done: make(chan struct{})}
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
	h.watch, h.noWatch = WatchCode(h.room), o.NoSpectators
	var mapErr error
	m.Read(func(r session.Reading) {
		// The table every device is welcomed to, as the public sees it.
		pub := r.Public()
		v := pub.View(rules.Public)
		h.seatID = pub.Seats()
		h.base = Welcome{T: KWelcome, Proto: Proto, Conspiracies: slices.Clone(h.seatID), Variant: v.Variant, Tester: o.Tester}
		for _, p := range v.Players {
			h.base.Players = append(h.base.Players, p.Name)
		}
		h.base.Map, mapErr = mapRefOf(pub.Map())
	})
	if mapErr != nil {
		return nil, mapErr
	}
	n := len(h.seatID)
	h.here = make([]bool, n)
	for _, s := range o.Here {
		if s < 0 || int(s) >= n {
			return nil, fmt.Errorf("there is no seat %d in this game to play here", s)
		}
		h.here[s] = true
	}
	h.tokens = make([]string, n)
	if o.Tokens != nil && len(o.Tokens) != n {
		return nil, fmt.Errorf("%d seat tokens for a game of %d seats", len(o.Tokens), n)
	}
	for i, t := range o.Tokens {
		if t != "" {
			if b, err := hex.DecodeString(t); err != nil || len(b) != sha256.Size {
				return nil, fmt.Errorf("seat %d's token hash %q is not a hex SHA-256", i+1, clip(t))
			}
		}
		h.tokens[i] = strings.ToLower(t)
	}
	h.holder = make([]*conn, n)
	h.device = make([]string, n)
	h.away = make([]time.Time, n)
	var e [8]byte
	for h.epoch == 0 {
		rand.Read(e[:])
		h.epoch = binary.LittleEndian.Uint64(e[:]) >> 11 // exact in a JavaScript number
	}
	h.unlisten = m.ListenDesks(h.moved)
	v := m.Version()
	m.Read(func(session.Reading) { h.version = max(h.version, v) })
	go h.presenceLoop()
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

// crockford is Crockford's base-32 alphabet: no I, L, O or U.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// NewRoom draws a room code: 10 characters of Crockford's base 32 from
// crypto/rand (50 bits).
func NewRoom() string {
	var b [10]byte
	rand.Read(b[:])
	for i := range b {
		b[i] = crockford[b[i]&31]
	}
	return string(b[:])
}

// checkRoom refuses a room code that a link could not carry.
func checkRoom(room string) error {
	if len(room) < 4 || len(room) > 32 {
		return fmt.Errorf("a room code of %d characters: 4 to 32", len(room))
	}
	for _, r := range room {
		if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z') {
			return fmt.Errorf("the room code %q: letters and digits only", clip(room))
		}
	}
	return nil
}

// normRoom reads a room code as Crockford's base 32 does: any case, I and
// L as 1, O as 0.
func normRoom(s string) string {
	return strings.NewReplacer("I", "1", "L", "1", "O", "0").Replace(strings.ToUpper(s))
}

// Link is the join link of the host listening at addr ("host:port").
func (h *Host) Link(addr string) string {
	return "http://" + addr + "/?join=" + h.room
}

// WatchCode is the spectator link's code of a game whose room code is
// room: drawn from it one way (SHA-256), so that it stays the same when the
// host restarts from its save (a stream's browser source keeps working)
// and a spectator cannot work the seats' room code out of it.
func WatchCode(room string) string {
	sum := sha256.Sum256([]byte("notrueking spectator link\x00" + normRoom(room)))
	b := make([]byte, 10)
	for i := range b {
		b[i] = crockford[sum[i]&31]
	}
	return string(b)
}

// WatchLink is the spectator link of the host listening at addr: it
// follows the public table only and takes no seat.
func (h *Host) WatchLink(addr string) string {
	return "http://" + addr + "/?watch=" + h.watch
}

// Spectators reports whether the host lets spectators watch.
func (h *Host) Spectators() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return !h.noWatch
}

// SetSpectators lets spectators watch, or sends every spectator away and
// refuses new ones.
func (h *Host) SetSpectators(on bool) {
	h.mu.Lock()
	h.noWatch = !on
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

// A Link is a join or spectator link as a device reads it.
type Link struct {
	// WS is the WebSocket URL to dial; Room the code the link carries.
	WS, Room string
	// Watch: a spectator link (?watch=CODE), which takes no seat.
	Watch bool
}

// ReadLink reads a join link (http://ADDR/?join=ROOM) or a spectator link
// (http://ADDR/?watch=CODE); https and ws(s) as well.
func ReadLink(link string) (Link, error) {
	u, err := url.Parse(strings.TrimSpace(link))
	if err != nil {
		return Link{}, fmt.Errorf("the link %q: %v", clip(link), err)
	}
	switch u.Scheme {
	case "http", "ws":
		u.Scheme = "ws"
	case "https", "wss":
		u.Scheme = "wss"
	default:
		return Link{}, fmt.Errorf("the link %q: it should start with http://", clip(link))
	}
	if u.Host == "" {
		return Link{}, fmt.Errorf("the link %q names no host", clip(link))
	}
	q := u.Query()
	l := Link{Room: q.Get("join")}
	if w := q.Get("watch"); w != "" {
		if l.Room != "" {
			return Link{}, fmt.Errorf("the link %q: both a join code and a spectator code", clip(link))
		}
		l.Room, l.Watch = w, true
	}
	if err := checkRoom(l.Room); err != nil {
		return Link{}, fmt.Errorf("the link %q: %v", clip(link), err)
	}
	u.Path, u.RawQuery, u.Fragment, u.User = "/ws", "", "", nil
	l.WS = u.String()
	return l, nil
}

// ParseLink reads a join or spectator link as the WebSocket URL to dial
// and the code it carries (ReadLink).
func ParseLink(link string) (wsURL, room string, err error) {
	l, err := ReadLink(link)
	return l.WS, l.Room, err
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

// hashToken is a token's hex SHA-256, as the host keeps it.
func hashToken(token string) string {
	s := sha256.Sum256([]byte(token))
	return hex.EncodeToString(s[:])
}

// newToken draws a seat token: 128 bits from crypto/rand, in hex.
func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// claimable reports whether a device may hold seat, played by who: a
// seat for a remote device, or a person's not played at the host's screen
// (never a bot's).
func (h *Host) claimable(seat rules.Seat, who string) bool {
	return who == gamefile.SeatRemote || who == gamefile.SeatHuman && !h.here[seat]
}

// free reports whether seat waits for a device: claimable, no device
// holds it or has its token (under h.mu).
func (h *Host) free(seat rules.Seat, players []string) bool {
	return h.claimable(seat, players[seat]) && h.holder[seat] == nil && h.tokens[seat] == ""
}

// tokenSeat is the seat whose token hash is hash (-1: none), compared in
// constant time with every seat's (under h.mu).
func (h *Host) tokenSeat(hash string) rules.Seat {
	seat := rules.Seat(-1)
	for i, t := range h.tokens {
		if t != "" && subtle.ConstantTimeCompare([]byte(t), []byte(hash)) == 1 {
			seat = rules.Seat(i)
		}
	}
	return seat
}

// lockedOut reports whether addr may not say hello now (under h.mu).
func (h *Host) lockedOut(addr string, now time.Time) bool {
	until, ok := h.locked[addr]
	if ok && now.Before(until) {
		return true
	}
	delete(h.locked, addr)
	return false
}

// failed counts a wrong room code or token from addr, and reports
// whether it locks the address out (under h.mu).
func (h *Host) failed(addr string, now time.Time) bool {
	fs := slices.DeleteFunc(h.fails[addr], func(t time.Time) bool { return now.Sub(t) >= lockFor })
	fs = append(fs, now)
	if len(fs) >= lockFails {
		delete(h.fails, addr)
		h.locked[addr] = now.Add(lockFor)
		return true
	}
	h.fails[addr] = fs
	return false
}

// keep tells o.Keep the tokens as they stand.
func (h *Host) keep() {
	if h.o.Keep == nil {
		return
	}
	h.keepMu.Lock()
	defer h.keepMu.Unlock()
	h.mu.Lock()
	ts := slices.Clone(h.tokens)
	h.mu.Unlock()
	h.o.Keep(h.room, ts)
}

// Tokens are the hashes of the seats' tokens (the save keeps them).
func (h *Host) Tokens() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.tokens)
}

// Pending lists the devices waiting for admission, oldest first.
func (h *Host) Pending() []Request {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]Request, 0, len(h.pending))
	for _, c := range h.pending {
		out = append(out, Request{ID: c.id, Name: c.name, Seat: c.ask, Addr: c.addr})
	}
	return out
}

// Admit lets the waiting device id in, to seat (a seat waiting for a
// device: not played here or by a bot, held by no connected device; a
// token an earlier device had for it no longer opens it).
func (h *Host) Admit(id int, seat rules.Seat) error {
	players := h.m.Players()
	h.mu.Lock()
	c := h.pendingConn(id)
	var err error
	switch {
	case c == nil:
		err = fmt.Errorf("no device %d waits to be admitted", id)
	case seat < 0 || int(seat) >= len(h.seatID):
		err = fmt.Errorf("there is no seat %d in this game", seat)
	case !h.claimable(seat, players[seat]):
		err = fmt.Errorf("%s is played %s: no device may take it", h.base.Players[seat], h.playedBy(seat, players[seat]))
	case h.holder[seat] != nil:
		err = fmt.Errorf("%s is held by %s's device, connected: free the seat first", h.base.Players[seat], h.device[seat])
	}
	if err != nil {
		h.mu.Unlock()
		return err
	}
	token := c.proposed
	if token == "" || h.tokenSeat(hashToken(token)) >= 0 {
		token = newToken()
	}
	h.pending = slices.DeleteFunc(h.pending, func(p *conn) bool { return p == c })
	h.tokens[seat] = hashToken(token)
	h.seat(c, seat)
	h.mu.Unlock()
	h.keep()
	h.seated(c, seat, token, players[seat])
	return nil
}

// playedBy says who plays seat at the host ("at the host's screen", "by
// the easy bot").
func (h *Host) playedBy(seat rules.Seat, who string) string {
	if h.here[seat] || who == gamefile.SeatHuman {
		return "at the host's screen"
	}
	return "by the " + who + " bot"
}

// pendingConn is the waiting device id (nil: none), under h.mu.
func (h *Host) pendingConn(id int) *conn {
	for _, c := range h.pending {
		if c.id == id {
			return c
		}
	}
	return nil
}

// Refuse sends the waiting device id away with the host's reason.
func (h *Host) Refuse(id int, why string) error {
	h.mu.Lock()
	c := h.pendingConn(id)
	if c != nil {
		h.pending = slices.DeleteFunc(h.pending, func(p *conn) bool { return p == c })
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
	if seat < 0 || int(seat) >= len(h.seatID) {
		return fmt.Errorf("there is no seat %d in this game", seat)
	}
	if h.here[seat] {
		return fmt.Errorf("%s is played at the host's screen", h.base.Players[seat])
	}
	h.mu.Lock()
	old := h.holder[seat]
	h.holder[seat], h.tokens[seat], h.device[seat], h.away[seat] = nil, "", "", time.Time{}
	if old != nil {
		old.role = roleGone
	}
	h.mu.Unlock()
	h.keep()
	if err := h.m.SetPlayer(seat, to); err != nil {
		return err
	}
	name := h.base.Players[seat]
	text := fmt.Sprintf("The host gave %s to the %s bot.", name, to)
	if to == gamefile.SeatRemote {
		text = fmt.Sprintf("The host freed %s for another device.", name)
	}
	if old != nil {
		old.refuse(text, false)
	}
	h.notice(text)
	h.logf("seat %s freed for %s", h.seatID[seat], to)
	h.touch()
	return nil
}

// notice tells everyone at the game — every device, and the host's own
// window — words for the table (the match's feed.Notice: the devices hear
// it from the host's listener).
func (h *Host) notice(text string) { h.m.Notice(text) }

// Presence is who plays each seat and whether their device is connected.
func (h *Host) Presence() []SeatPresence {
	players := h.m.Players()
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.presence(players)
}

// presence builds Presence's seats (under h.mu).
func (h *Host) presence(players []string) []SeatPresence {
	out := make([]SeatPresence, len(players))
	for i, who := range players {
		s := rules.Seat(i)
		p := SeatPresence{Seat: s, Kind: who}
		switch {
		case who == gamefile.SeatHuman && (h.here[s] || h.device[s] == ""):
			p.Kind, p.Connected = "host", true
		case who == gamefile.SeatHuman || who == gamefile.SeatRemote:
			p.Kind = gamefile.SeatRemote
			p.Device = h.device[s]
			p.Connected = h.holder[s] != nil
			if !p.Connected && !h.away[s].IsZero() {
				p.AwaySince = h.away[s].UnixMilli()
			}
		default:
			p.Connected = true
		}
		out[i] = p
	}
	return out
}

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
		b := marshal(Presence{T: KPresence, Seats: h.presence(players), Spectators: h.watchers})
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

// isToken reports whether s is a seat token's shape: 128 bits in hex.
func isToken(s string) bool {
	if len(s) != 32 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}
