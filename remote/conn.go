//go:build !js

package remote

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"notrueking/rules"
	"notrueking/session"
)

// A connection's role, under the host's lock.
const (
	roleHello   = iota // connected, no hello yet
	rolePending        // waits for admission
	roleSeat           // holds a seat
	roleWatch          // a spectator
	roleGone           // sent away or left
)

// outMsg is one message waiting to be written, or (code ≠ 0) the close
// that follows the messages before it.
type outMsg struct {
	b      []byte
	code   websocket.StatusCode
	reason string
}

// conn is one device's connection to the host.
type conn struct {
	h    *Host
	ws   *websocket.Conn
	id   int
	addr string
	out  chan outMsg
	done chan struct{}
	// wrote is closed when the writer stops; closing says a close waits
	// in the queue behind the last messages (a refusal's).
	wrote   chan struct{}
	closing atomic.Bool
	once    sync.Once
	idle    *time.Timer

	// Under the host's lock: what the device is.
	device string // its Hello.Device and Hello.Try
	try    int
	// proposed is the token its hello proposed ("" none, or not 128 bits
	// in hex).
	proposed string
	role     int
	name     string
	ask      rules.Seat   // the seat asked (-1: any)
	seats    []rules.Seat // the seats held (set when admitted, then fixed)
	desk     *session.Desk

	// The reader goroutine's own: whether the hello came, the limit of
	// its messages (HostOptions.Rate and Burst).
	greeted bool
	limit   *rate.Limiter
	// talk limits its lines of table talk (TalkEvery, TalkBurst).
	talk *rate.Limiter
	// reqID is the request the reader is making (an act, an undo, a
	// redo): the listener, which runs on the reader's goroutine during
	// the act, names it in the device's update, and leaves the events it
	// sent in ownEvents for the Result.
	reqID     int64
	ownEvents []EventText

	// Under the match's lock: what the device was last sent.
	sent sent
}

func (h *Host) newConn(ws *websocket.Conn, addr string) *conn {
	h.mu.Lock()
	h.nextID++
	c := &conn{h: h, ws: ws, id: h.nextID, addr: addr, out: make(chan outMsg, SendQueue),
		done: make(chan struct{}), wrote: make(chan struct{}), ask: -1,
		limit: rate.NewLimiter(rate.Limit(h.o.Rate), max(1, int(h.o.Burst))),
		talk:  rate.NewLimiter(rate.Every(TalkEvery), TalkBurst)}
	h.conns[c] = struct{}{}
	h.mu.Unlock()
	c.idle = time.AfterFunc(h.hello, func() {
		h.mu.Lock()
		greeted := c.role != roleHello
		h.mu.Unlock()
		if greeted {
			c.close(websocket.StatusPolicyViolation, fmt.Sprintf("silent for %v", h.silent))
		} else {
			c.close(websocket.StatusPolicyViolation, fmt.Sprintf("no hello within %v", h.hello))
		}
	})
	h.logf("%s: connected (#%d)", addr, c.id)
	return c
}

// send queues message v for the device.
func (c *conn) send(v any) { c.sendRaw(marshal(v)) }

// sendRaw queues an encoded message; a device whose queue is full is
// dropped (it reconnects and resyncs). It never blocks.
func (c *conn) sendRaw(b []byte) {
	select {
	case <-c.done:
		return
	default:
	}
	select {
	case c.out <- outMsg{b: b}:
	default:
		c.close(websocket.StatusTryAgainLater, "the device fell behind: reconnect")
	}
}

// refuse sends the device the reason it is sent away, then closes.
func (c *conn) refuse(text string, retry bool) {
	c.sendRaw(marshal(Refused{T: KRefused, Text: text, Retry: retry}))
	code := websocket.StatusPolicyViolation
	if retry {
		code = websocket.StatusTryAgainLater
	}
	select {
	case c.out <- outMsg{code: code, reason: text}:
		c.closing.Store(true)
	default:
		c.close(code, text)
	}
}

// close closes the connection with a code and a reason, once; it never
// blocks.
func (c *conn) close(code websocket.StatusCode, reason string) {
	c.once.Do(func() {
		close(c.done)
		go c.ws.Close(code, clipReason(reason))
	})
}

// clipReason fits a close reason in a control frame (123 bytes).
func clipReason(s string) string {
	for len(s) > 120 {
		_, n := lastRune(s)
		s = s[:len(s)-n]
	}
	return s
}

func lastRune(s string) (rune, int) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i]&0xC0 != 0x80 {
			return rune(s[i]), len(s) - i
		}
	}
	return 0, 1
}

// writer writes the queued messages in order.
func (c *conn) writer() {
	defer close(c.wrote)
	for {
		select {
		case <-c.done:
			return
		case m := <-c.out:
			if m.code != 0 {
				c.close(m.code, m.reason)
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			err := c.ws.Write(ctx, websocket.MessageText, m.b)
			cancel()
			if err != nil {
				c.close(websocket.StatusGoingAway, "write failed")
				return
			}
		}
	}
}

// serve reads the device's messages until the connection ends.
func (c *conn) serve() {
	h := c.h
	go c.writer()
	defer c.leave()
	c.ws.SetReadLimit(MaxIn)
	for {
		typ, data, err := c.ws.Read(context.Background())
		if err != nil {
			h.logf("%s (#%d %s): gone: %v", c.addr, c.id, c.name, err)
			return
		}
		if c.greeted {
			c.idle.Reset(h.silent)
		}
		if typ != websocket.MessageText {
			c.close(websocket.StatusUnsupportedData, "text frames only")
			return
		}
		if !c.limit.Allow() {
			h.logf("%s (#%d %s): flood", c.addr, c.id, c.name)
			c.close(websocket.StatusPolicyViolation, fmt.Sprintf("more than %g messages a second", h.o.Rate))
			return
		}
		msg, err := Decode(data)
		if err != nil {
			if !c.greeted {
				c.refuse("the first message must be a hello: "+err.Error(), false)
			} else {
				c.close(websocket.StatusPolicyViolation, err.Error())
			}
			return
		}
		if !c.greeted {
			hm, ok := msg.(*Hello)
			if !ok {
				c.refuse("the first message must be a hello", false)
				return
			}
			c.greeted = true
			h.mu.Lock()
			h.greeting--
			h.mu.Unlock()
			c.idle.Reset(h.silent)
			c.hello(hm)
			continue
		}
		if !c.handle(msg) {
			return
		}
	}
}

// leave forgets the device: its seat waits for it, its wait ends.
func (c *conn) leave() {
	h := c.h
	c.idle.Stop()
	if c.closing.Load() {
		// A refusal waits to be written before its close.
		select {
		case <-c.wrote:
		case <-time.After(10 * time.Second):
		}
	}
	c.close(websocket.StatusNormalClosure, "")
	h.mu.Lock()
	delete(h.conns, c)
	if !c.greeted {
		h.greeting--
	}
	switch c.role {
	case roleSeat:
		h.seats.left(c, h.now())
	case roleWatch:
		h.seats.watchers--
	case rolePending:
		h.seats.unpend(c)
	}
	was := c.role
	c.role = roleGone
	h.mu.Unlock()
	h.m.Read(func(session.Reading) { c.sent.live = false })
	if was == roleSeat || was == roleWatch || was == rolePending {
		h.touch()
	}
}

// handle answers one request of a device that said hello; false ends
// the connection.
func (c *conn) handle(msg any) bool {
	h := c.h
	h.mu.Lock()
	role := c.role
	h.mu.Unlock()
	switch m := msg.(type) {
	case *Hello:
		c.close(websocket.StatusPolicyViolation, "a second hello")
		return false
	case *Ping:
		if m.T == KBye {
			c.close(websocket.StatusNormalClosure, "bye")
			return false
		}
		c.send(Ping{T: KPong})
	case *Act:
		if why := c.mayAsk(role); why != "" {
			c.send(Result{T: KResult, ID: m.ID, Err: why})
			break
		}
		a, err := c.parse(m.Line)
		if err != nil {
			c.send(Result{T: KResult, ID: m.ID, Err: err.Error()})
			break
		}
		c.act(m.ID, m.Epoch, m.Version, func(v uint64) error {
			_, err := c.desk.ApplyAt(v, a)
			return err
		})
	case *UndoRedo:
		if why := c.mayAsk(role); why != "" {
			c.send(Result{T: KResult, ID: m.ID, Err: why})
			break
		}
		if m.T == KUndo {
			c.act(m.ID, m.Epoch, m.Version, c.desk.UndoAt)
		} else {
			c.act(m.ID, m.Epoch, m.Version, func(v uint64) error {
				_, err := c.desk.RedoAt(v)
				return err
			})
		}
	case *Ask:
		if why := c.mayAsk(role); why != "" {
			c.send(Answer{T: KAnswer, ID: m.ID, Err: why})
			break
		}
		c.send(c.answer(m))
	case *Say:
		c.send(c.say(role, m))
	}
	return true
}

// say says a device's line of talk (the listener tells it to every device
// that may read it, this one first) and is the answer to the device.
func (c *conn) say(role int, m *Say) Result {
	r := Result{T: KResult, ID: m.ID}
	switch {
	case role == roleWatch:
		r.Err = "a spectator reads the table's talk but does not talk"
	case c.mayAsk(role) != "":
		r.Err = c.mayAsk(role)
	case len(c.seats) == 0:
		r.Err = "this device holds no seat to talk from"
	case !c.talk.Allow():
		r.Err = "you are talking too fast: wait a moment"
	}
	if r.Err != "" {
		return r
	}
	if _, err := c.h.m.Say(c.seats[0], m.To, m.Text); err != nil {
		r.Err = err.Error()
		return r
	}
	r.OK = true
	return r
}

// mayAsk is why the device may not act or ask yet ("": it may).
func (c *conn) mayAsk(role int) string {
	switch role {
	case roleSeat, roleWatch:
		return ""
	case rolePending:
		return "the host has not let this device in yet"
	}
	return "this device has left the game"
}

// parse reads an action's record line (the map and the seats never
// change: no lock).
func (c *conn) parse(line string) (rules.Action, error) {
	return rules.ParseAction(c.desk.Map(), len(c.h.seats.ids), line)
}

// act makes the device's request id (an act, an undo, a redo: f) at
// (epoch, version) and answers it: the device's update went out during
// f, then the result; a stale request is answered stale, then a sync.
func (c *conn) act(id int64, epoch, version uint64, f func(v uint64) error) {
	h := c.h
	if epoch != h.epoch {
		c.stale(id, "the host restarted since this device's last sync")
		return
	}
	c.reqID, c.ownEvents = id, nil
	err := f(version)
	c.reqID = 0
	var se *session.StaleError
	switch {
	case errors.As(err, &se):
		c.stale(id, err.Error())
	case err != nil:
		c.send(Result{T: KResult, ID: id, Err: err.Error()})
	default:
		c.send(Result{T: KResult, ID: id, OK: true, Events: c.ownEvents})
	}
	c.ownEvents = nil
}

// stale refuses a request made at a version the game has left, then
// sends the state as it stands.
func (c *conn) stale(id int64, why string) {
	c.send(Result{T: KResult, ID: id, Err: why, Stale: true})
	c.h.m.Read(func(r session.Reading) { c.h.sendSync(r, c) })
}

// answer answers a question through the device's desk (its seats only).
func (c *conn) answer(q *Ask) Answer {
	ans := Answer{T: KAnswer, ID: q.ID}
	var err error
	switch q.Q {
	case QCheck, QPreview:
		var a rules.Action
		if a, err = c.parse(q.Line); err != nil {
			break
		}
		if q.Q == QCheck {
			err = c.desk.Check(a)
		} else {
			ans.Combat, err = c.desk.PreviewCombat(a)
		}
	case QCombat:
		ans.Combat, err = c.desk.CombatResult(q.N)
	case QViewAt:
		var v rules.View
		if v, err = c.desk.ViewAt(q.N, q.Seat); err == nil {
			ans.View = &v
		}
	case QTry:
		err = c.desk.TryMove(q.House, q.From, q.To, q.Units)
	case QDest:
		ans.Dest = c.desk.TryDestinations(q.House, q.From)
	case QInfo:
		var in *rules.Information
		if in, err = c.desk.Information(q.Seat); err == nil {
			ans.Info, err = json.Marshal(in)
		}
	default:
		err = fmt.Errorf("a question %q, which this host does not answer", clip(q.Q))
	}
	if err != nil {
		ans.Err = err.Error()
	}
	return ans
}
