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
	"time"

	"notrueking/board"
	"notrueking/feed"
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

// A Client is a device joined to a host: a rules.Desk and a rules.Actor
// answered from its mirror of the game (the state the host last sent: its
// seats' views, the public history, the legal lines of its seat to act)
// and, for what the mirror cannot know, by asking the host. It reconnects
// by itself when the link drops, and resyncs. This file is its
// connection: the dial, the session loop, the requests and their answers,
// the reconnection; mirror.go is the copy of the game.
type Client struct {
	o           ClientOptions
	wsURL, room string
	ctx         context.Context
	cancel      context.CancelFunc
	timeout     time.Duration
	pingEvery   time.Duration
	silence     time.Duration

	// The game as the host told it (its lock, mu, guards the fields below
	// too).
	mirror
	ws    link // the link, nil while down
	token string
	// proposed is the token the client proposes while it has none
	// (Hello.NewToken).
	proposed string
	device   string // this client's name for the host (random)
	tries    int    // its connections so far
	nextID   int64
	wait     map[int64]chan any
	stale    []staleAnswer // stale results held until the sync after them
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
	c := &Client{o: o, wsURL: wsURL, room: room, mirror: newMirror(), token: o.Token, device: newDeviceID(), proposed: newToken(),
		wait: map[int64]chan any{}, timeout: o.Timeout, pingEvery: o.PingEvery, silence: o.Silence}
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

func (c *Client) dial(ctx context.Context) (link, error) {
	ws, err := dialLink(ctx, c.wsURL, c.o.NoCompression)
	if err != nil {
		return nil, fmt.Errorf("joining %s: %w", c.wsURL, err)
	}
	return ws, nil
}

// run keeps the link up: a session per connection, then a wait of 0.5 s
// doubling to 5 s (with jitter) before the next, until the host refuses
// the device for good or the client is closed.
func (c *Client) run(ws link) {
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
	if !c.ending(err) {
		c.mu.Unlock()
		return
	}
	c.failWaits()
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

// notify tells OnChange (under no lock).
func (c *Client) notify() {
	if c.o.OnChange != nil {
		c.o.OnChange()
	}
}

// session says hello on ws and reads the host's messages until the link
// drops (err nil: try again) or the host refuses the device for good.
func (c *Client) session(ws link) (synced bool, err error) {
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
	defer ws.Drop()
	if err := ws.Write(ctx, marshal(hello)); err != nil {
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
				if ws.Write(ctx, marshal(Ping{T: KPing})) != nil {
					return
				}
			}
		}
	}()
	for {
		rctx, rcancel := context.WithTimeout(ctx, c.silence)
		data, err := ws.Read(rctx)
		rcancel()
		if err != nil {
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
			ws.Close("resync")
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
		ws.Drop()
	}
}

// receive reads one message from the host: synced says it was a sync;
// fatal ends the client; err drops the link (a resync follows).
func (c *Client) receive(data []byte) (synced bool, fatal, err error) {
	var k kindOf
	if err := json.Unmarshal(data, &k); err != nil {
		return false, nil, err
	}
	msg, ok := newMessage(k.T, false)
	if !ok || k.T == KPong {
		return false, nil, nil // a pong, or a kind of a later protocol
	}
	if err := json.Unmarshal(data, msg); err != nil {
		return false, nil, err
	}
	c.mu.Lock()
	var deliver []func()
	notify := true
	switch m := msg.(type) {
	case *Welcome:
		if fatal = c.welcomed(m); fatal == nil && m.Token != "" {
			c.token = m.Token
		}
		if m.Token != "" && c.o.SaveToken != nil {
			deliver = append(deliver, func() { c.o.SaveToken(m.Token) })
		}
		notify = false
	case *Pending:
		c.waiting = m.Text
		c.changed(feed.Change{Kind: feed.Waiting, Seat: -1, Text: m.Text})
	case *Refused:
		if !m.Retry {
			fatal = errors.New(m.Text)
			break
		}
		c.waiting = m.Text
		c.changed(feed.Change{Kind: feed.Waiting, Seat: -1, Text: m.Text})
	case *Sync:
		if err = c.synced(m); err == nil {
			synced = true
			for _, st := range c.stale {
				deliver = append(deliver, func() { st.ch <- st.res })
			}
			c.stale = nil
		}
	case *Update:
		err = c.updated(m, c)
	case *Result:
		if ch, ok := c.wait[m.ID]; ok {
			delete(c.wait, m.ID)
			if m.Stale {
				c.stale = append(c.stale, staleAnswer{ch, m})
			} else {
				c.words.learn(m.Events)
				deliver = append(deliver, func() { ch <- m })
			}
		}
		notify = false
	case *Answer:
		if ch, ok := c.wait[m.ID]; ok {
			delete(c.wait, m.ID)
			deliver = append(deliver, func() { ch <- m })
		}
		notify = false
	case *Presence:
		c.presence = *m
		c.changed(feed.Change{Kind: feed.Presence, Seat: -1})
	case *Notice:
		c.changed(feed.Change{Kind: feed.Notice, Seat: -1, Text: m.Text})
	case *Talk:
		c.talked(m)
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

// Close leaves the game: a bye, and the client stops.
func (c *Client) Close() {
	c.mu.Lock()
	ws := c.ws
	c.mu.Unlock()
	if ws != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		ws.Write(ctx, marshal(Ping{T: KBye}))
		cancel()
		ws.Close("bye")
	}
	c.end(ErrClosed)
}

// Token is the device's seat token ("" before its admission).
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token
}

var _ feed.Source = (*Client)(nil)

// The rules.Desk's questions the mirror cannot answer: the host's.

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
// the events the device's seats may read. It goes with the version the
// device holds when it is sent; a decision made on an earlier state goes
// by ApplyAt.
func (c *Client) Apply(a rules.Action) ([]rules.Event, error) {
	return c.ApplyAt(0, 0, a)
}

// ApplyAt is Apply of a decision made on the state of epoch and version
// (Version): when the device has learnt a newer state since — an update,
// a resync after the host restarted — it is refused as stale (ErrStale)
// and never applied to a state it was not made on. Zeros: the state the
// device holds when it sends.
func (c *Client) ApplyAt(epoch, version uint64, a rules.Action) ([]rules.Event, error) {
	m := c.Map()
	if m == nil {
		return nil, ErrLinkDown
	}
	line := a.Format(m)
	return c.act(func(id int64, e, v uint64) any {
		if epoch != 0 && (e != epoch || v != version) {
			return nil // the state moved on while the seat decided
		}
		return Act{T: KAct, ID: id, Epoch: e, Version: v, Line: line}
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

// Say says text to the table (to -1) or whispers it to seat to, from the
// device's seat: nil once the host has taken it (the line comes back as a
// feed.Talk change), else the host's refusal.
func (c *Client) Say(to rules.Seat, text string) error {
	v, err := c.request(func(id int64) any { return Say{T: KSay, ID: id, To: to, Text: text} })
	if err != nil {
		return err
	}
	r, ok := v.(*Result)
	if !ok {
		return fmt.Errorf("the host answered a %T", v)
	}
	if !r.OK {
		return errors.New(r.Err)
	}
	return nil
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
	m := msg(id)
	if m == nil {
		// A request that no longer applies (ApplyAt: the state moved on).
		c.mu.Unlock()
		return nil, fmt.Errorf("%w: the game moved on while the seat decided", ErrStale)
	}
	ch := make(chan any, 1)
	c.wait[id] = ch
	b := marshal(m)
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(c.ctx, c.timeout)
	defer cancel()
	if err := ws.Write(ctx, b); err != nil {
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

// newDeviceID draws a client's name for the host: 64 bits, in hex.
func newDeviceID() string {
	var b [8]byte
	crand.Read(b[:])
	return hex.EncodeToString(b[:])
}
