package remote

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"notrueking/board"
	"notrueking/feed"
	"notrueking/maps"
	"notrueking/rules"
)

// ClientOptions set up a device's client.
type ClientOptions struct {
	// Name is the player's name (at most MaxName characters).
	Name string
	// Seat is the seat asked (its conspiracy id; "" any free seat);
	// Watch asks to follow the game as a spectator instead.
	Seat  string
	Watch bool
	// Token is the seat token an earlier admission gave this device (from
	// its store): it takes the seat back without asking. SaveToken is
	// told the token when the host admits the device (once).
	Token     string
	SaveToken func(token string)
	// OnChange is told after every change the client learns (a sync, an
	// update, a presence, a notice, the wait for admission, its end), on
	// the client's own goroutine and under no lock: a window redraws, a
	// bot wakes up. It must not block.
	OnChange func()
	// Build is the device's build, for the host's log.
	Build string
	// NoCompression turns permessage-deflate off (native clients; the
	// browser decides its own).
	NoCompression bool
	// Now is the client's clock (nil: time.Now).
	Now func() time.Time
	// Timeout bounds the wait for the host's answer to a request (0:
	// AnswerWithin); PingEvery and Silence the heartbeat (0: PingEvery,
	// Silence).
	Timeout, PingEvery, Silence time.Duration

	// tap sees every message from the host (tests measure them);
	// Backoff is the first wait before reconnecting after the link drops
	// (0: half a second; it doubles up to five seconds). Tests shorten it.
	Backoff time.Duration
	// tap sees every message from the host (tests measure them).
	tap func(data []byte)
}

// AnswerWithin is how long a device waits for the host's answer.
const AnswerWithin = 10 * time.Second

// Errors a client's requests return besides the host's refusals.
var (
	// ErrNoAnswer: the host did not answer in time.
	ErrNoAnswer = errors.New("the host did not answer")
	// ErrLinkDown: the link to the host is down (the client reconnects by
	// itself; the table shows whether the request was played).
	ErrLinkDown = errors.New("the link to the host is down")
	// ErrStale: the request was made at a version the game has left; the
	// client has the state as it stands now.
	ErrStale = errors.New("the game moved on")
	// ErrClosed: the client was closed.
	ErrClosed = errors.New("the client was closed")
)

// keepTexts is how many events' words a client keeps for EventText.
const keepTexts = 4096

// A Client is a device joined to a host: a rules.Desk and a rules.Actor
// answered from the state the host last sent (its seats' views, the
// public history, the legal lines of its seat to act) and, for what it
// cannot know, by asking the host. It reconnects by itself when the link
// drops, and resyncs.
type Client struct {
	o           ClientOptions
	wsURL, room string
	ctx         context.Context
	cancel      context.CancelFunc
	timeout     time.Duration
	pingEvery   time.Duration
	silence     time.Duration

	mu    sync.Mutex
	ws    *websocket.Conn // the link, nil while down
	token string
	// proposed is the token the client proposes while it has none
	// (Hello.NewToken).
	proposed string
	device   string // this client's name for the host (random)
	tries    int    // its connections so far
	nextID   int64
	wait     map[int64]chan any
	stale    []staleAnswer // stale results held until the sync after them
	ended    bool
	err      error

	// The cache: the host's last sync and the updates since.
	ready    bool
	welcome  Welcome
	m        *board.Map
	seats    []rules.Seat
	epoch    uint64
	version  uint64
	views    []heldView
	toAct    rules.Seat
	over     bool
	n        int
	legal    []rules.Action
	history  []rules.PublicAction
	canUndo  string
	canRedo  bool
	texts    map[string]string
	textKeys []string
	presence Presence
	waiting  string
	log      feed.Log // the client's changes (feed.Source)
}

type staleAnswer struct {
	ch  chan any
	res *Result
}

var (
	_ rules.Desk  = (*Client)(nil)
	_ rules.Actor = (*Client)(nil)
)

// Dial joins the host of a join link, or watches by a spectator link
// (ReadLink): it connects, says
// hello and returns; the client then waits for admission if it must,
// and keeps its link up by itself. WaitReady waits for the first state;
// Err says why a client ended.
func Dial(ctx context.Context, link string, o ClientOptions) (*Client, error) {
	l, err := ReadLink(link)
	if err != nil {
		return nil, err
	}
	wsURL, room := l.WS, l.Room
	if l.Watch {
		o.Watch = true // a spectator link takes no seat
	}
	if _, err := cleanName(o.Name); err != nil && !o.Watch {
		return nil, err
	}
	c := &Client{o: o, wsURL: wsURL, room: room, token: o.Token, device: newDeviceID(), proposed: newToken(), wait: map[int64]chan any{},
		texts: map[string]string{}, toAct: -1,
		timeout: o.Timeout, pingEvery: o.PingEvery, silence: o.Silence}
	if c.timeout <= 0 {
		c.timeout = AnswerWithin
	}
	if c.pingEvery <= 0 {
		c.pingEvery = PingEvery
	}
	if c.silence <= 0 {
		c.silence = Silence
	}
	ws, err := c.dial(ctx)
	if err != nil {
		return nil, err
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	go c.run(ws)
	return c, nil
}

func (c *Client) dial(ctx context.Context) (*websocket.Conn, error) {
	ws, _, err := websocket.Dial(ctx, c.wsURL, dialOptions(c.o.NoCompression))
	if err != nil {
		return nil, fmt.Errorf("joining %s: %w", c.wsURL, err)
	}
	ws.SetReadLimit(MaxOut)
	return ws, nil
}

// run keeps the link up: a session per connection, then a wait of 0.5 s
// doubling to 5 s (with jitter) before the next, until the host refuses
// the device for good or the client is closed.
func (c *Client) run(ws *websocket.Conn) {
	first := 500 * time.Millisecond
	if c.o.Backoff > 0 {
		first = c.o.Backoff
	}
	backoff := first
	for {
		if ws != nil {
			synced, err := c.session(ws)
			if err != nil {
				c.end(err)
				return
			}
			if synced {
				backoff = first
			}
		}
		wait := backoff/2 + rand.N(backoff/2+1)
		backoff = min(2*backoff, 5*time.Second)
		select {
		case <-c.ctx.Done():
			c.end(ErrClosed)
			return
		case <-time.After(wait):
		}
		ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
		ws, _ = c.dial(ctx)
		cancel()
	}
}

// end stops the client with err (its reason).
func (c *Client) end(err error) {
	c.mu.Lock()
	if c.ended {
		c.mu.Unlock()
		return
	}
	c.ended, c.err = true, err
	c.failWaits()
	c.changed(feed.Change{Kind: feed.Ended, Seat: -1, Text: err.Error()})
	c.mu.Unlock()
	c.cancel()
	c.notify()
}

// failWaits answers every request waiting with the link's loss (under
// c.mu).
func (c *Client) failWaits() {
	for id, ch := range c.wait {
		ch <- ErrLinkDown
		delete(c.wait, id)
	}
	for _, s := range c.stale {
		s.ch <- s.res
	}
	c.stale = nil
}

// changed records a change (under c.mu) at the version the client holds,
// tells the listeners and wakes the waiters.
func (c *Client) changed(ch feed.Change) {
	ch.Version, ch.Len = c.version, c.n
	c.log.Add(ch)
}

// notify tells OnChange (under no lock).
func (c *Client) notify() {
	if c.o.OnChange != nil {
		c.o.OnChange()
	}
}

// session says hello on ws and reads the host's messages until the link
// drops (err nil: try again) or the host refuses the device for good.
func (c *Client) session(ws *websocket.Conn) (synced bool, err error) {
	c.mu.Lock()
	c.tries++
	hello := Hello{T: KHello, Proto: Proto, Build: c.o.Build, Name: c.o.Name, Room: c.room, Device: c.device, Try: c.tries,
		Token: c.token, Seat: c.o.Seat, Watch: c.o.Watch}
	if c.token == "" {
		hello.NewToken = c.proposed
	}
	if c.o.Watch {
		hello.Token, hello.Seat, hello.NewToken = "", "", ""
		if strings.TrimSpace(hello.Name) == "" {
			hello.Name = "spectator"
		}
	}
	c.mu.Unlock()
	ctx, cancel := context.WithCancel(c.ctx)
	defer cancel()
	defer ws.CloseNow()
	if err := ws.Write(ctx, websocket.MessageText, marshal(hello)); err != nil {
		return false, nil
	}
	c.mu.Lock()
	c.ws = ws
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		if c.ws == ws {
			c.ws = nil
		}
		c.failWaits()
		c.mu.Unlock()
	}()
	go func() {
		t := time.NewTicker(c.pingEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if ws.Write(ctx, websocket.MessageText, marshal(Ping{T: KPing})) != nil {
					return
				}
			}
		}
	}()
	for {
		rctx, rcancel := context.WithTimeout(ctx, c.silence)
		typ, data, err := ws.Read(rctx)
		rcancel()
		if err != nil {
			return synced, nil
		}
		if typ != websocket.MessageText {
			return synced, nil
		}
		if c.o.tap != nil {
			c.o.tap(data)
		}
		s, fatal, err := c.receive(data)
		synced = synced || s
		if fatal != nil {
			return synced, fatal
		}
		if err != nil {
			// The state cannot go on from this message: drop the link,
			// and the next hello brings a sync.
			ws.Close(websocket.StatusNormalClosure, "resync")
			return synced, nil
		}
	}
}

// dropLink closes the link as a lost network would (the client
// reconnects by itself).
func (c *Client) dropLink() {
	c.mu.Lock()
	ws := c.ws
	c.mu.Unlock()
	if ws != nil {
		ws.CloseNow()
	}
}

// receive reads one message from the host: synced says it was a sync;
// fatal ends the client; err drops the link (a resync follows).
func (c *Client) receive(data []byte) (synced bool, fatal, err error) {
	var k kindOf
	if err := json.Unmarshal(data, &k); err != nil {
		return false, nil, err
	}
	c.mu.Lock()
	var deliver []func()
	notify := true
	switch k.T {
	case KWelcome:
		var w Welcome
		if err = json.Unmarshal(data, &w); err == nil {
			fatal = c.welcomed(&w)
			if w.Token != "" && c.o.SaveToken != nil {
				tok := w.Token
				deliver = append(deliver, func() { c.o.SaveToken(tok) })
			}
		}
		notify = false
	case KPending:
		var p Pending
		if err = json.Unmarshal(data, &p); err == nil {
			c.waiting = p.Text
			c.changed(feed.Change{Kind: feed.Waiting, Seat: -1, Text: p.Text})
		}
	case KRefused:
		var r Refused
		if err = json.Unmarshal(data, &r); err == nil && !r.Retry {
			fatal = errors.New(r.Text)
		} else if err == nil {
			c.waiting = r.Text
			c.changed(feed.Change{Kind: feed.Waiting, Seat: -1, Text: r.Text})
		}
	case KSync:
		var s Sync
		if err = json.Unmarshal(data, &s); err == nil {
			err = c.synced(&s)
		}
		if err == nil {
			synced = true
			for _, st := range c.stale {
				deliver = append(deliver, func() { st.ch <- st.res })
			}
			c.stale = nil
		}
	case KUpdate:
		var u Update
		if err = json.Unmarshal(data, &u); err == nil {
			err = c.updated(&u)
		}
	case KResult:
		var r Result
		if err = json.Unmarshal(data, &r); err == nil {
			if ch, ok := c.wait[r.ID]; ok {
				delete(c.wait, r.ID)
				if r.Stale {
					c.stale = append(c.stale, staleAnswer{ch, &r})
				} else {
					c.learn(r.Events)
					deliver = append(deliver, func() { ch <- &r })
				}
			}
		}
		notify = false
	case KAnswer:
		var a Answer
		if err = json.Unmarshal(data, &a); err == nil {
			if ch, ok := c.wait[a.ID]; ok {
				delete(c.wait, a.ID)
				deliver = append(deliver, func() { ch <- &a })
			}
		}
		notify = false
	case KPresence:
		var p Presence
		if err = json.Unmarshal(data, &p); err == nil {
			c.presence = p
			c.changed(feed.Change{Kind: feed.Presence, Seat: -1})
		}
	case KNotice:
		var n Notice
		if err = json.Unmarshal(data, &n); err == nil {
			c.changed(feed.Change{Kind: feed.Notice, Seat: -1, Text: n.Text})
		}
	default:
		notify = false // a pong, or a kind of a later protocol
	}
	c.mu.Unlock()
	for _, f := range deliver {
		f()
	}
	if notify && err == nil && fatal == nil {
		c.notify()
	}
	return synced, fatal, err
}

// welcomed takes the host's welcome (under c.mu): the seats, the map, a
// new token.
func (c *Client) welcomed(w *Welcome) error {
	if w.Proto != Proto {
		return fmt.Errorf("the host speaks protocol %d, this device %d", w.Proto, Proto)
	}
	if c.m == nil || c.m.SHA256 != w.Map.SHA256 {
		m, err := loadMap(w.Map)
		if err != nil {
			return err
		}
		c.m = m
	}
	if len(w.Players) != len(w.Conspiracies) {
		return errors.New("the host's welcome names players and seats that do not match")
	}
	for _, s := range w.Seats {
		if s < 0 || int(s) >= len(w.Players) {
			return fmt.Errorf("the host's welcome gives seat %d of %d", s, len(w.Players))
		}
	}
	c.welcome, c.seats, c.waiting = *w, slices.Clone(w.Seats), ""
	if w.Token != "" {
		c.token = w.Token
	}
	c.welcome.Token = ""
	return nil
}

// loadMap loads the map a welcome names, checking its SHA-256.
func loadMap(ref MapRef) (*board.Map, error) {
	var (
		m   *board.Map
		err error
	)
	if ref.TOML != "" {
		m, err = maps.Parse(ref.ID+".toml", []byte(ref.TOML))
	} else {
		m, err = maps.LoadVersion(ref.ID, ref.SHA256)
	}
	if err != nil {
		return nil, fmt.Errorf("the game's map: %v", err)
	}
	if m.SHA256 != ref.SHA256 {
		return nil, fmt.Errorf("the game's map %q differs from this device's (SHA-256 %.12s…, the host's %.12s…)", ref.ID, m.SHA256, ref.SHA256)
	}
	return m, nil
}

// synced replaces the cache by a sync (under c.mu).
func (c *Client) synced(s *Sync) error {
	if c.m == nil {
		return errors.New("a sync before the welcome")
	}
	n := 1 + len(c.seats)
	if len(s.Views) != n || len(s.Logs) != n {
		return fmt.Errorf("a sync of %d views for a device of %d", len(s.Views), n)
	}
	views := make([]heldView, n)
	for i, v := range s.Views {
		lines, err := unmix(s.Logs[i], views[0].v.Log, i)
		if err != nil {
			return err
		}
		v.Log = lines
		if v.Log == nil {
			v.Log = []rules.LogLine{}
		}
		views[i] = holdView(v)
	}
	legal, err := c.parseLegal(s.Legal)
	if err != nil {
		return err
	}
	c.views = views
	c.epoch, c.version = s.Epoch, s.Version
	c.history = s.History
	c.setState(&s.State, legal)
	c.ready = true
	c.changed(feed.Change{Kind: feed.Resync, Seat: -1})
	return nil
}

// setState takes the plain fields of a state (under c.mu).
func (c *Client) setState(s *State, legal []rules.Action) {
	c.toAct, c.over, c.n = s.ToAct, s.Over, s.Len
	c.legal, c.canUndo, c.canRedo = legal, s.CanUndo, s.CanRedo
}

// parseLegal reads the legal lines of a state.
func (c *Client) parseLegal(lines []string) ([]rules.Action, error) {
	var out []rules.Action
	for _, l := range lines {
		a, err := rules.ParseAction(c.m, len(c.welcome.Conspiracies), l)
		if err != nil {
			return nil, fmt.Errorf("the host's legal action %q: %v", l, err)
		}
		out = append(out, a)
	}
	return out, nil
}

// updated applies an update to the cache (under c.mu); an error (a gap in
// the versions, a patch that does not fit) asks for a resync.
func (c *Client) updated(u *Update) error {
	if !c.ready || u.Epoch != c.epoch || u.Prev != c.version {
		return fmt.Errorf("an update from version %d of epoch %d, this device is at %d of %d", u.Prev, u.Epoch, c.version, c.epoch)
	}
	n := len(c.views)
	if len(u.Patches) != n || len(u.Logs) != n {
		return fmt.Errorf("an update of %d views for %d", len(u.Patches), n)
	}
	views := make([]heldView, n)
	for i, p := range u.Patches {
		hv, err := c.views[i].patched(p)
		if err != nil {
			return fmt.Errorf("an update's view: %v", err)
		}
		d, old := u.Logs[i], c.views[i].v.Log
		if d.From < 0 || d.From > len(old) {
			return fmt.Errorf("a log cut at %d of %d lines", d.From, len(old))
		}
		lines, err := unmix(d, views[0].v.Log, i)
		if err != nil {
			return err
		}
		hv.v.Log = append(old[:d.From:d.From], lines...)
		if hv.v.Log == nil {
			hv.v.Log = []rules.LogLine{}
		}
		views[i] = hv
	}
	if u.HistoryFrom < 0 || u.HistoryFrom > len(c.history) {
		return fmt.Errorf("a history cut at %d of %d", u.HistoryFrom, len(c.history))
	}
	legal, err := c.parseLegal(u.Legal)
	if err != nil {
		return err
	}
	c.views = views
	c.history = append(c.history[:u.HistoryFrom:u.HistoryFrom], u.History...)
	c.version = u.Version
	c.setState(&u.State, legal)
	c.learn(u.Events)
	kind, ok := howKind[u.How]
	if !ok {
		return fmt.Errorf("an update of kind %q", clip(u.How))
	}
	ch := feed.Change{Kind: kind, Seat: u.Seat, Bot: u.Bot, WasCombat: u.WasCombat}
	if u.ID != 0 {
		ch.By = c // the answer to this device's own request
	}
	for _, e := range u.Events {
		ch.Events = append(ch.Events, e.Event)
	}
	c.changed(ch)
	return nil
}

// learn keeps the words of events (under c.mu) for EventText.
func (c *Client) learn(evs []EventText) {
	for _, e := range evs {
		k := string(marshal(e.Event))
		if _, ok := c.texts[k]; !ok {
			c.textKeys = append(c.textKeys, k)
		}
		c.texts[k] = e.Text
	}
	if over := len(c.textKeys) - keepTexts; over > 0 {
		for _, k := range c.textKeys[:over] {
			delete(c.texts, k)
		}
		c.textKeys = slices.Delete(c.textKeys, 0, over)
	}
}

// Close leaves the game: a bye, and the client stops.
func (c *Client) Close() {
	c.mu.Lock()
	ws := c.ws
	c.mu.Unlock()
	if ws != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		ws.Write(ctx, websocket.MessageText, marshal(Ping{T: KBye}))
		cancel()
		ws.Close(websocket.StatusNormalClosure, "bye")
	}
	c.end(ErrClosed)
}

// Err is why the client ended (nil while it runs).
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Ready reports whether the client has the game's state (a sync came).
func (c *Client) Ready() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ready
}

// WaitReady waits for the game's first state (after admission), the
// client's end (its reason) or ctx's.
func (c *Client) WaitReady(ctx context.Context) error {
	for {
		c.mu.Lock()
		ready, ended, err, seq := c.ready, c.ended, c.err, c.log.Seq()
		c.mu.Unlock()
		switch {
		case ready:
			return nil
		case ended:
			return err
		}
		if err := c.Wait(ctx, seq); err != nil {
			return err
		}
	}
}

var _ feed.Source = (*Client)(nil)

// howKind is the feed.Kind of each Update.How.
var howKind = map[string]feed.Kind{HowAct: feed.Action, HowUndo: feed.Undo, HowRedo: feed.Redo, HowSeats: feed.Seats}

// Seq is the number of the latest change the client learnt.
func (c *Client) Seq() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.log.Seq()
}

// Since lists the changes after seq, oldest first; ok is false when the
// client no longer keeps them all (read the state anew). A window polls
// it once a frame.
func (c *Client) Since(seq uint64) ([]feed.Change, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.log.Since(seq)
}

// Listen has f told every change the client learns, in order, under the
// client's lock: f must not block nor call the client.
func (c *Client) Listen(f func(feed.Change)) (stop func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.log.Listen(f)
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		s()
	}
}

// Wait blocks until a change after seq, the client's end (nil: Err says
// why) or ctx's end (its error). A headless bot waits with it.
func (c *Client) Wait(ctx context.Context, seq uint64) error {
	return feed.Wait(ctx, seq, func() (uint64, <-chan struct{}) {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.ended {
			return max(c.log.Seq(), seq+1), nil
		}
		return c.log.Seq(), c.log.Woken()
	})
}

// Version is the epoch and version of the state the client holds.
func (c *Client) Version() (epoch, version uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.epoch, c.version
}

// Held lists the seats the device holds (none: a spectator).
func (c *Client) Held() []rules.Seat {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.seats)
}

// Players are the players' names, one per seat.
func (c *Client) Players() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.welcome.Players)
}

// Variant is the game's variant ("" for the plain game); Tester says it
// is a tester's game (the table's Options.Tester).
func (c *Client) Variant() (variant string, tester bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.welcome.Variant, c.welcome.Tester
}

// Token is the device's seat token ("" before its admission).
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token
}

// Waiting is what the host said while the device waits for admission
// ("" once admitted).
func (c *Client) Waiting() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.waiting
}

// Presence is who plays each seat, as the host last said.
func (c *Client) Presence() Presence {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.presence
	p.Seats = slices.Clone(p.Seats)
	return p
}

// The rules.Desk, from the cache.

func (c *Client) Map() *board.Map {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m
}

func (c *Client) Seats() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.welcome.Conspiracies)
}

func (c *Client) Holds(seat rules.Seat) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.holds(seat)
}

func (c *Client) holds(seat rules.Seat) bool { return seat >= 0 && slices.Contains(c.seats, seat) }

// View is seat's view when the device holds it, else the public view (the
// zero view before the first sync). Treat it as read-only.
func (c *Client) View(seat rules.Seat) rules.View {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.views) == 0 {
		return rules.View{Seat: rules.Public, ToAct: -1}
	}
	if i := slices.Index(c.seats, seat); seat >= 0 && i >= 0 {
		return c.views[1+i].v
	}
	return c.views[0].v
}

func (c *Client) EventText(e rules.Event, viewer rules.Seat) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e.Seat != rules.Public && (e.Seat != viewer || !c.holds(viewer)) {
		return ""
	}
	return c.texts[string(marshal(e))]
}

func (c *Client) ToAct() rules.Seat {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.toAct
}

func (c *Client) Over() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.over
}

func (c *Client) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func (c *Client) Legal() []rules.Action {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.legalFor(c.toAct)
}

func (c *Client) LegalFor(seat rules.Seat) []rules.Action {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.legalFor(seat)
}

func (c *Client) legalFor(seat rules.Seat) []rules.Action {
	if seat != c.toAct || !c.holds(seat) || len(c.legal) == 0 {
		return nil
	}
	return slices.Clone(c.legal)
}

func (c *Client) PublicActions() []rules.PublicAction {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.history)
}

func (c *Client) CanUndo() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.canUndo != "" {
		return errors.New(c.canUndo)
	}
	if !c.ready {
		return ErrLinkDown
	}
	return nil
}

func (c *Client) CanRedo() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.canRedo
}

// Check is nil for an action in the legal list of a held seat, else the
// host's answer.
func (c *Client) Check(a rules.Action) error {
	c.mu.Lock()
	ok := slices.Contains(c.legalFor(a.Seat), a)
	m := c.m
	c.mu.Unlock()
	if ok {
		return nil
	}
	if m == nil {
		return ErrLinkDown
	}
	ans, err := c.ask(Ask{Q: QCheck, Line: a.Format(m)})
	if err != nil {
		return err
	}
	return ansErr(ans)
}

func ansErr(a *Answer) error {
	if a.Err != "" {
		return errors.New(a.Err)
	}
	return nil
}

// ViewAt is the view after n actions: the cache's for now, else the
// host's answer.
func (c *Client) ViewAt(n int, seat rules.Seat) (rules.View, error) {
	c.mu.Lock()
	now := c.ready && n == c.n
	c.mu.Unlock()
	if now {
		return c.View(seat), nil
	}
	ans, err := c.ask(Ask{Q: QViewAt, N: n, Seat: seat})
	if err != nil {
		return rules.View{}, err
	}
	if err := ansErr(ans); err != nil {
		return rules.View{}, err
	}
	if ans.View == nil {
		return rules.View{}, errors.New("the host sent no view")
	}
	return *ans.View, nil
}

func (c *Client) PreviewCombat(a rules.Action) (*rules.CombatView, error) {
	m := c.Map()
	if m == nil {
		return nil, ErrLinkDown
	}
	ans, err := c.ask(Ask{Q: QPreview, Line: a.Format(m)})
	if err != nil {
		return nil, err
	}
	return ans.Combat, ansErr(ans)
}

func (c *Client) CombatResult(n int) (*rules.CombatView, error) {
	ans, err := c.ask(Ask{Q: QCombat, N: n})
	if err != nil {
		return nil, err
	}
	return ans.Combat, ansErr(ans)
}

func (c *Client) TryMove(h board.HouseID, from, to board.TerrID, units [board.NumUnits]int) error {
	ans, err := c.ask(Ask{Q: QTry, House: h, From: from, To: to, Units: units})
	if err != nil {
		return err
	}
	return ansErr(ans)
}

// Information is what a held seat knows now, as the host has it
// (rules.Information), for a bot playing the seat here: it searches as the
// host's bot would.
func (c *Client) Information(seat rules.Seat) (*rules.Information, error) {
	ans, err := c.ask(Ask{Q: QInfo, Seat: seat})
	if err != nil {
		return nil, err
	}
	if err := ansErr(ans); err != nil {
		return nil, err
	}
	return rules.DecodeInformation(c.Map(), ans.Info)
}

func (c *Client) TryDestinations(h board.HouseID, from board.TerrID) []board.TerrID {
	ans, err := c.ask(Ask{Q: QDest, House: h, From: from})
	if err != nil {
		return nil
	}
	return ans.Dest
}

// The rules.Actor: each request goes to the host with the version it was
// made at, and waits for its result; when it returns, the cache has the
// change (the update comes before the result).

// Apply asks the host to apply a, an action of a held seat, and returns
// the events the device's seats may read.
func (c *Client) Apply(a rules.Action) ([]rules.Event, error) {
	m := c.Map()
	if m == nil {
		return nil, ErrLinkDown
	}
	line := a.Format(m)
	return c.act(func(id int64, epoch, version uint64) any {
		return Act{T: KAct, ID: id, Epoch: epoch, Version: version, Line: line}
	})
}

// Undo asks the host to take back the device's seat's last decision.
func (c *Client) Undo() error {
	_, err := c.act(func(id int64, epoch, version uint64) any {
		return UndoRedo{T: KUndo, ID: id, Epoch: epoch, Version: version}
	})
	return err
}

// Redo asks the host to redo the device's seat's decision taken back.
func (c *Client) Redo() ([]rules.Event, error) {
	return c.act(func(id int64, epoch, version uint64) any {
		return UndoRedo{T: KRedo, ID: id, Epoch: epoch, Version: version}
	})
}

func (c *Client) act(msg func(id int64, epoch, version uint64) any) ([]rules.Event, error) {
	v, err := c.request(func(id int64) any {
		return msg(id, c.epoch, c.version) // under c.mu
	})
	if err != nil {
		return nil, err
	}
	r, ok := v.(*Result)
	if !ok {
		return nil, fmt.Errorf("the host answered a %T", v)
	}
	if r.Stale {
		return nil, fmt.Errorf("%w: %s", ErrStale, r.Err)
	}
	if !r.OK {
		return nil, errors.New(r.Err)
	}
	evs := make([]rules.Event, len(r.Events))
	for i, e := range r.Events {
		evs[i] = e.Event
	}
	return evs, nil
}

// ask puts a question to the host.
func (c *Client) ask(q Ask) (*Answer, error) {
	v, err := c.request(func(id int64) any {
		q.T, q.ID = KAsk, id
		return q
	})
	if err != nil {
		return nil, err
	}
	a, ok := v.(*Answer)
	if !ok {
		return nil, fmt.Errorf("the host answered a %T", v)
	}
	return a, nil
}

// request sends the message msg builds (under c.mu, with its id) and
// waits for the host's answer.
func (c *Client) request(msg func(id int64) any) (any, error) {
	c.mu.Lock()
	if c.ended {
		err := c.err
		c.mu.Unlock()
		return nil, err
	}
	ws := c.ws
	if ws == nil || !c.ready {
		c.mu.Unlock()
		return nil, ErrLinkDown
	}
	c.nextID++
	id := c.nextID
	ch := make(chan any, 1)
	c.wait[id] = ch
	b := marshal(msg(id))
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(c.ctx, c.timeout)
	defer cancel()
	if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
		c.forget(id)
		return nil, ErrLinkDown
	}
	select {
	case v := <-ch:
		if err, ok := v.(error); ok {
			return nil, err
		}
		return v, nil
	case <-ctx.Done():
		c.forget(id)
		if c.ctx.Err() != nil {
			return nil, ErrClosed
		}
		return nil, ErrNoAnswer
	}
}

func (c *Client) forget(id int64) {
	c.mu.Lock()
	delete(c.wait, id)
	c.mu.Unlock()
}

// unmix is the new lines of log delta d of view i: its Lines, with the
// copies Mix names taken from pub, the public log as it stands after this
// message (view 0, applied first).
func unmix(d LogDelta, pub []rules.LogLine, i int) ([]rules.LogLine, error) {
	if d.Mix == nil {
		return d.Lines, nil
	}
	if i == 0 {
		return nil, errors.New("the public log copies itself")
	}
	var out []rules.LogLine
	cur, k := d.PubFrom, 0
	for _, n := range d.Mix {
		switch {
		case n > 0 && cur >= 0 && cur+n <= len(pub):
			out = append(out, pub[cur:cur+n]...)
			cur += n
		case n < 0 && k-n <= len(d.Lines):
			out = append(out, d.Lines[k:k-n]...)
			k -= n
		default:
			return nil, fmt.Errorf("a log's mix %d does not fit (%d public lines from %d, %d lines from %d)", n, len(pub), cur, len(d.Lines), k)
		}
		if len(out) > 1<<20 {
			return nil, errors.New("a log of over a million lines")
		}
	}
	if k != len(d.Lines) {
		return nil, fmt.Errorf("a log's mix leaves %d of its lines", len(d.Lines)-k)
	}
	return out, nil
}

// newDeviceID draws a client's name for the host: 64 bits, in hex.
func newDeviceID() string {
	var b [8]byte
	crand.Read(b[:])
	return hex.EncodeToString(b[:])
}
