//go:build !js

package remote

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
)

var _ table.Game = (*Client)(nil)

// rig is a match served by a host over a real WebSocket server on the
// loopback.
type rig struct {
	t    testing.TB
	m    *session.Match
	host *Host
	srv  *httptest.Server
	link string
	// served swaps the host behind the server (a restarted host).
	served atomic.Pointer[Host]
	bots   chan chan struct{}
	// wire counts the bytes the server's connections read and wrote.
	wire *counter
	// upTo stops play after so many steps (0: at the game's end): the
	// short run plays each game's start only.
	upTo int
}

type game struct {
	mapName string
	variant rules.Variant
	names   []string
	players []string // per seat: gamefile.SeatRemote or a bot level
	seed    uint64
}

func newGame(t testing.TB, gm game) *rules.Game {
	t.Helper()
	m, err := maps.Load(gm.mapName)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.New(m, rules.Config{Players: gm.names, Seed: gm.seed, Variant: gm.variant})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func newRig(t testing.TB, gm game, o HostOptions) *rig {
	t.Helper()
	g := newGame(t, gm)
	m := session.NewMatch(g, session.MatchOptions{Players: gm.players, Pause: time.Nanosecond, BotSeed: gm.seed})
	r := &rig{t: t, m: m, bots: make(chan chan struct{}), wire: &counter{}}
	o.Match = m
	h, err := NewHost(o)
	if err != nil {
		t.Fatal(err)
	}
	r.host = h
	r.served.Store(h)
	r.srv = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.served.Load().ServeHTTP(w, req)
	}))
	ln := r.srv.Listener
	r.srv.Listener = &countListener{Listener: ln, n: r.wire}
	r.srv.Start()
	r.link = h.Link(strings.TrimPrefix(r.srv.URL, "http://"))
	// The bots' goroutine: asked for one bot move, it ticks the match
	// until the move is made.
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			case done := <-r.bots:
				v := m.Version()
				for m.Version() == v {
					if moved, note := m.Tick(time.Now(), false); note != "" {
						t.Errorf("bot: %s", note)
						break
					} else if !moved {
						m.WaitSearch()
					}
				}
				close(done)
			}
		}
	}()
	t.Cleanup(func() {
		close(stop)
		r.served.Load().Close()
		r.srv.Close()
		m.Close()
	})
	return r
}

// botMove has the bots' goroutine make one bot move.
func (r *rig) botMove() {
	done := make(chan struct{})
	r.bots <- done
	<-done
}

// counter counts bytes.
type counter struct{ in, out atomic.Int64 }

type countListener struct {
	net.Listener
	n *counter
}

func (l *countListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countConn{Conn: c, n: l.n}, nil
}

type countConn struct {
	net.Conn
	n *counter
}

func (c *countConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.in.Add(int64(n))
	return n, err
}

func (c *countConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	c.n.out.Add(int64(n))
	return n, err
}

func ctxFor(t testing.TB) context.Context { return ctxWithin(t, 60*time.Second) }

// ctxWithin is a context that ends after d: a bound for a test that
// hangs (a whole game played through faults takes longer on a loaded
// machine), never an assertion on time.
func ctxWithin(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// join dials the rig as a device asking for seat (its conspiracy id) and
// waits for its first state.
func (r *rig) join(name, seat string, o ClientOptions) *Client {
	r.t.Helper()
	o.Name, o.Seat = name, seat
	c, err := Dial(ctxFor(r.t), r.link, o)
	if err != nil {
		r.t.Fatal(err)
	}
	r.t.Cleanup(c.Close)
	if err := c.WaitReady(ctxFor(r.t)); err != nil {
		r.t.Fatalf("%s: %v", name, err)
	}
	return c
}

// caughtUp waits until c holds the match's version v of the host's
// epoch.
func (r *rig) caughtUp(c *Client, v uint64) {
	r.t.Helper()
	ctx := ctxFor(r.t)
	for {
		seq := c.Seq()
		e, cv := c.Version()
		if e == r.served.Load().epoch && cv == v {
			return
		}
		if err := c.Err(); err != nil {
			r.t.Fatalf("client ended: %v", err)
		}
		if err := c.Wait(ctx, seq); err != nil {
			r.t.Fatalf("waiting for version %d (at %d): %v", v, cv, err)
		}
	}
}

func enc(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// noLog is v without its log.
func noLog(v rules.View) rules.View { v.Log = nil; return v }

// same fails unless every client shows what the host's game does for
// its seats (and the public), at the match's version: views (their logs
// whole when full), legal actions, the public history, who acts, the
// length, the undo state.
func (r *rig) same(where string, clients []*Client, full bool) {
	r.t.Helper()
	v := r.m.Version()
	for _, c := range clients {
		r.caughtUp(c, v)
	}
	var fails []string
	r.m.Do(func(g *rules.Game) {
		views := map[rules.Seat]rules.View{}
		view := func(s rules.Seat) (rules.View, []rules.LogLine) {
			v, ok := views[s]
			if !ok {
				v = g.View(s)
				views[s] = v
			}
			return noLog(v), v.Log
		}
		pub := g.PublicActions()
		for ci, c := range clients {
			bad := func(f string, args ...any) {
				fails = append(fails, fmt.Sprintf("%s: client %d (seats %v): ", where, ci, c.Held())+fmt.Sprintf(f, args...))
			}
			for _, s := range append([]rules.Seat{rules.Public}, c.Held()...) {
				hv, hl := view(s)
				cv := c.View(s)
				if !sameData(reflect.ValueOf(hv), reflect.ValueOf(noLog(cv))) {
					bad("view %d differs:\nhost   %s\nclient %s", s, clip2(enc(hv)), clip2(enc(noLog(cv))))
				}
				cl := cv.Log
				switch {
				case len(cl) != len(hl):
					bad("view %d's log has %d lines, the host's %d", s, len(cl), len(hl))
				case full && !slices.Equal(cl, hl):
					bad("view %d's log differs", s)
				case len(hl) > 0 && cl[len(cl)-1] != hl[len(hl)-1]:
					bad("view %d's last log line is %q, the host's %q", s, cl[len(cl)-1].Text, hl[len(hl)-1].Text)
				}
				if s >= 0 {
					hlg, clg := g.LegalFor(s), c.LegalFor(s)
					if g.ToAct() != s {
						hlg = nil
					}
					if !slices.Equal(hlg, clg) {
						bad("seat %d's legal actions: %d, the host's %d", s, len(clg), len(hlg))
					}
				}
			}
			if !slices.Equal(pub, c.PublicActions()) {
				bad("the public history differs (%d entries, the host's %d)", len(c.PublicActions()), len(pub))
			}
			if c.ToAct() != g.ToAct() || c.Len() != g.Len() || c.Over() != g.Over() {
				bad("to act %d len %d over %v; the host's %d %d %v", c.ToAct(), c.Len(), c.Over(), g.ToAct(), g.Len(), g.Over())
			}
		}
	})
	// The undo state, as the device's desk at the host answers it.
	r.m.Read(func(rd session.Reading) {
		for ci, c := range clients {
			d := rd.Desk(r.m.RemoteDesk(c.Held()...))
			if errText(d.CanUndo()) != errText(c.CanUndo()) || d.CanRedo() != c.CanRedo() {
				fails = append(fails, fmt.Sprintf("%s: client %d (seats %v): undo %q redo %v; the host's %q %v",
					where, ci, c.Held(), errText(c.CanUndo()), c.CanRedo(), errText(d.CanUndo()), d.CanRedo()))
			}
		}
	})
	if len(fails) > 0 {
		r.t.Fatal(strings.Join(fails[:min(len(fails), 4)], "\n"))
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func clip2(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

// pick is a random legal action of c's seat to act (nil: none).
func pick(c *Client, r *rand.Rand) (rules.Action, bool) {
	legal := c.Legal()
	if len(legal) == 0 {
		return rules.Action{}, false
	}
	return randomOf(legal, r), true
}

// randomOf is one of the legal actions, drawn by r (an arrangement drawn
// too).
func randomOf(legal []rules.Action, r *rand.Rand) rules.Action {
	a := legal[r.IntN(len(legal))]
	if a.Verb == rules.VArrange {
		a = rules.RandomArrangement(a, r)
	}
	return a
}

// play plays the rig's game to its end (or r.upTo steps) in lock step:
// the seat to act moves (a device by a random legal action through its
// client, a bot through the bots' goroutine), then every client is checked
// against the host. each is called after every change (may be nil).
func (r *rig) play(clients []*Client, bySeat map[rules.Seat]*Client, seed uint64, each func(step int)) int {
	r.t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	steps := 0
	for ; ; steps++ {
		r.same(fmt.Sprintf("step %d", steps), clients, steps%97 == 0)
		var over bool
		var toAct rules.Seat
		r.m.Do(func(g *rules.Game) { over, toAct = g.Over(), g.ToAct() })
		if over || r.upTo > 0 && steps >= r.upTo {
			break
		}
		if steps > 5000 {
			r.t.Fatal("no end after 5000 steps")
		}
		if each != nil {
			each(steps)
		}
		r.m.Do(func(g *rules.Game) { over, toAct = g.Over(), g.ToAct() })
		if over {
			continue
		}
		if r.m.IsBot(toAct) {
			r.botMove()
			continue
		}
		c := bySeat[toAct]
		if c == nil {
			r.t.Fatalf("no device plays seat %d", toAct)
		}
		a, ok := pick(c, rng)
		if !ok {
			r.t.Fatalf("step %d: seat %d's device has no legal action", steps, toAct)
		}
		seq := c.Seq()
		evs, err := c.Apply(a)
		if err != nil {
			r.t.Fatalf("step %d: %s: %v", steps, a.Format(c.Map()), err)
		}
		// Its own update came before the result, naming the request,
		// with the events its seats may read, in their words.
		chs, _ := c.Since(seq)
		if !slices.ContainsFunc(chs, func(ch feed.Change) bool { return ch.By == any(c) && ch.Kind == feed.Action && ch.Seat == toAct }) {
			r.t.Fatalf("step %d: no update of its own before the result: %+v", steps, chs)
		}
		r.m.Do(func(g *rules.Game) {
			for _, e := range evs {
				if e.Seat != rules.Public && e.Seat != toAct {
					r.t.Fatalf("step %d: the device was given seat %d's event %v", steps, e.Seat, e.Kind)
				}
				if got, want := c.EventText(e, toAct), g.EventText(e, toAct); got != want {
					r.t.Fatalf("step %d: event %v reads %q, at the host %q", steps, e.Kind, got, want)
				}
				if got, want := c.EventText(e, rules.Public), g.EventText(e, rules.Public); got != want {
					r.t.Fatalf("step %d: event %v reads %q to the public, at the host %q", steps, e.Kind, got, want)
				}
			}
		})
	}
	r.same("the end", clients, true)
	return steps
}

// raw is a hostile device: a bare WebSocket to the host.
type raw struct {
	t  testing.TB
	ws *websocket.Conn
}

func (r *rig) raw() *raw {
	r.t.Helper()
	u, _, err := ParseLink(r.link)
	if err != nil {
		r.t.Fatal(err)
	}
	ws, _, err := websocket.Dial(ctxFor(r.t), u, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	ws.SetReadLimit(MaxOut)
	r.t.Cleanup(func() { ws.CloseNow() })
	return &raw{t: r.t, ws: ws}
}

func (d *raw) send(v any) {
	d.t.Helper()
	b, ok := v.([]byte)
	if !ok {
		if s, isStr := v.(string); isStr {
			b = []byte(s)
		} else {
			b = enc(v)
		}
	}
	if err := d.ws.Write(ctxFor(d.t), websocket.MessageText, b); err != nil {
		d.t.Fatalf("write: %v", err)
	}
}

// next reads messages until one of kind k (decoded into out), failing on
// a close.
func (d *raw) next(k string, out any) {
	d.t.Helper()
	for {
		_, b, err := d.ws.Read(ctxFor(d.t))
		if err != nil {
			d.t.Fatalf("waiting for a %s: %v", k, err)
		}
		var kk kindOf
		json.Unmarshal(b, &kk)
		if kk.T == k {
			if out != nil {
				reflect.ValueOf(out).Elem().SetZero()
				if err := json.Unmarshal(b, out); err != nil {
					d.t.Fatal(err)
				}
			}
			return
		}
	}
}

// closed reads until the host closes the link, and returns how.
func (d *raw) closed() (websocket.StatusCode, string) {
	d.t.Helper()
	for {
		_, _, err := d.ws.Read(ctxFor(d.t))
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code, ce.Reason
			}
			return -1, err.Error()
		}
	}
}

func hello(room, name string) Hello {
	return Hello{T: KHello, Proto: Proto, Name: name, Room: room}
}

var _ = gamefile.SeatRemote

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 2)) }

// sameData is reflect.DeepEqual for plain data that crossed a JSON
// boundary: a nil list or map is the same as an empty one.
func sameData(a, b reflect.Value) bool {
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Slice, reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		if a.Kind() == reflect.Map {
			for _, k := range a.MapKeys() {
				if bv := b.MapIndex(k); !bv.IsValid() || !sameData(a.MapIndex(k), bv) {
					return false
				}
			}
			return true
		}
		fallthrough
	case reflect.Array:
		for i := range a.Len() {
			if !sameData(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameData(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !sameData(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	}
	panic("sameData: a " + a.Kind().String())
}

// asks puts the questions a table asks of a client — the past as a
// view, a combat's result, a move's combat, try mode — and fails unless
// each answer is the host desk's for the same seats.
func (r *rig) asks(c *Client, rng *rand.Rand) {
	r.t.Helper()
	d := r.m.RemoteDesk(c.Held()...)
	seats := append([]rules.Seat{rules.Public}, c.Held()...)
	n := rng.IntN(c.Len() + 1)
	for _, s := range seats {
		cv, cerr := c.ViewAt(n, s)
		hv, herr := d.ViewAt(n, s)
		if errText(cerr) != errText(herr) || !sameData(reflect.ValueOf(cv), reflect.ValueOf(hv)) {
			r.t.Fatalf("ViewAt(%d, %d) differs (%v, host %v)", n, s, cerr, herr)
		}
	}
	for range 3 {
		n := rng.IntN(c.Len()+2) - 1
		cc, cerr := c.CombatResult(n)
		hc, herr := d.CombatResult(n)
		if errText(cerr) != errText(herr) || !sameData(reflect.ValueOf(cc), reflect.ValueOf(hc)) {
			r.t.Fatalf("CombatResult(%d) differs (%v, host %v)", n, cerr, herr)
		}
	}
	for _, a := range c.Legal() {
		if a.Verb != rules.VMove {
			continue
		}
		cc, cerr := c.PreviewCombat(a)
		hc, herr := d.PreviewCombat(a)
		if errText(cerr) != errText(herr) || !sameData(reflect.ValueOf(cc), reflect.ValueOf(hc)) {
			r.t.Fatalf("PreviewCombat(%s) differs (%v, host %v)", a.Format(c.Map()), cerr, herr)
		}
		cd, hd := c.TryDestinations(a.House, a.From), d.TryDestinations(a.House, a.From)
		if !slices.Equal(cd, hd) {
			r.t.Fatalf("TryDestinations(%d, %d): %v, host %v", a.House, a.From, cd, hd)
		}
		for _, to := range append(hd, a.From) {
			if ce, he := c.TryMove(a.House, a.From, to, a.Units), d.TryMove(a.House, a.From, to, a.Units); errText(ce) != errText(he) {
				r.t.Fatalf("TryMove to %d: %v, host %v", to, ce, he)
			}
		}
		break
	}
	// Check: the legal list answers locally, anything else the host.
	checks := c.Legal()
	for s := range c.Seats() {
		checks = append(checks, rules.Action{Seat: rules.Seat(s), Verb: rules.VDone})
	}
	for _, a := range checks {
		if ce, he := c.Check(a), d.Check(a); errText(ce) != errText(he) {
			r.t.Fatalf("Check(%+v): %v, host %v", a, ce, he)
		}
	}
}

// tables fails unless a table on client c and one on the host's desk of
// the same seats, each showing c's seat, show the same widgets.
func (r *rig) tables(c *Client) {
	r.t.Helper()
	seat := c.Held()[0]
	o := table.Options{Seed: 1}
	ct, ht := table.New(c, o), table.New(r.m.RemoteDesk(seat), o)
	ct.Reveal(seat)
	ht.Reveal(seat)
	cw, hw := ct.Widgets(ct.Layout()), ht.Widgets(ht.Layout())
	if !reflect.DeepEqual(cw, hw) {
		for i := range min(len(cw), len(hw)) {
			if !reflect.DeepEqual(cw[i], hw[i]) {
				r.t.Fatalf("widget %d: %+v, on the host's desk %+v", i, cw[i], hw[i])
			}
		}
		r.t.Fatalf("%d widgets, on the host's desk %d", len(cw), len(hw))
	}
}
