//go:build !js

package remote

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"notrueking/rules"
)

// The tests of secrecy, faults and speed read what a host sends byte for
// byte. wireDev is a device written for them: a bare WebSocket that speaks
// the protocol (hello, act from its legal lines, ask), keeps every frame's
// payload as it came, in order, and follows the state only as far as it
// needs to act (epoch, version, legal lines, who acts). It never reconnects:
// a link that drops ends it. (These tests serve and dial real sockets:
// not in the browser build, whose WebSocket takes no options.)

// wframe is one message the host sent a device: its payload and kind.
type wframe struct {
	b    []byte
	kind string
}

// wireHead is the part of any host message a wireDev reads.
type wireHead struct {
	T       string     `json:"t"`
	Epoch   uint64     `json:"epoch"`
	Version uint64     `json:"version"`
	ID      int64      `json:"id"`
	Legal   []string   `json:"legal"`
	ToAct   rules.Seat `json:"to_act"`
	Over    bool       `json:"over"`
	Len     int        `json:"len"`
	Token   string     `json:"token"`
	Text    string     `json:"text"`
	OK      bool       `json:"ok"`
	Err     string     `json:"err"`
	Stale   bool       `json:"stale"`
}

type wireDev struct {
	t    testing.TB
	ws   *websocket.Conn
	ctx  context.Context
	seat rules.Seat // the seat asked for (rules.Public: a spectator)

	mu      sync.Mutex
	frames  []wframe
	got     []time.Time // when each frame was read (benchmarks)
	bytes   int64       // payload bytes read
	synced  bool
	epoch   uint64
	ver     uint64
	legal   []string
	toAct   rules.Seat
	over    bool
	n       int
	token   string
	replies map[int64][]byte
	err     error
	wake    chan struct{}
	nextID  int64
	keep    bool // keep the frames (false: count them only)
}

// wireURL is the WebSocket URL of the host a wireMux serves as name.
func wireURL(srv *httptest.Server, name string) string {
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/" + name + "/ws"
}

// wireMux serves several hosts on one test server: /NAME/ws is host
// NAME's /ws.
type wireMux struct {
	mu    sync.Mutex
	hosts map[string]*Host
}

func newWireServer(t testing.TB) (*httptest.Server, *wireMux) {
	mux := &wireMux{hosts: map[string]*Host{}}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, mux
}

func (x *wireMux) put(name string, h *Host) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if h == nil {
		delete(x.hosts, name)
	} else {
		x.hosts[name] = h
	}
}

func (x *wireMux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	x.mu.Lock()
	h := x.hosts[name]
	x.mu.Unlock()
	if h == nil || rest != "ws" {
		http.NotFound(w, r)
		return
	}
	r.URL.Path = "/ws"
	h.ServeHTTP(w, r)
}

// dialWire connects a device for seat (rules.Public: a spectator) to url
// and says hello; it keeps every frame.
func dialWire(t testing.TB, ctx context.Context, url string, seat rules.Seat, h Hello, compress bool) *wireDev {
	return dialWireCounted(t, ctx, url, seat, h, compress, nil)
}

// dialWireCounted is dialWire counting in wire the bytes the device reads
// from its socket (the upgrade's answer, then the frames as they travel:
// compressed when compress).
func dialWireCounted(t testing.TB, ctx context.Context, url string, seat rules.Seat, h Hello, compress bool, wire *atomic.Int64) *wireDev {
	t.Helper()
	mode := websocket.CompressionDisabled
	if compress {
		mode = websocket.CompressionContextTakeover
	}
	o := &websocket.DialOptions{CompressionMode: mode}
	if wire != nil {
		var d net.Dialer
		o.HTTPClient = &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := d.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			return &readCounter{Conn: c, n: wire}, nil
		}}}
	}
	ws, _, err := websocket.Dial(ctx, url, o)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	ws.SetReadLimit(MaxOut)
	d := &wireDev{t: t, ws: ws, ctx: ctx, seat: seat, replies: map[int64][]byte{}, wake: make(chan struct{}), toAct: -1, keep: true}
	go d.read()
	d.send(h)
	return d
}

func (d *wireDev) read() {
	for {
		_, b, err := d.ws.Read(d.ctx)
		now := time.Now()
		d.mu.Lock()
		if err != nil {
			if d.err == nil {
				d.err = fmt.Errorf("the link ended: %w", err)
			}
			close(d.wake)
			d.wake = make(chan struct{})
			d.mu.Unlock()
			return
		}
		hd, err := readHead(b)
		if err != nil && d.err == nil {
			d.err = fmt.Errorf("a frame that is not JSON: %v", err)
		}
		d.bytes += int64(len(b))
		if d.keep {
			d.frames = append(d.frames, wframe{b: b, kind: hd.T})
			d.got = append(d.got, now)
		}
		switch hd.T {
		case KSync, KUpdate:
			d.synced = true
			d.epoch, d.ver = hd.Epoch, hd.Version
			d.legal, d.toAct, d.over, d.n = hd.Legal, hd.ToAct, hd.Over, hd.Len
		case KWelcome:
			d.token = hd.Token
		case KResult, KAnswer:
			d.replies[hd.ID] = b
		case KRefused:
			if d.err == nil {
				d.err = fmt.Errorf("refused: %s", hd.Text)
			}
		}
		close(d.wake)
		d.wake = make(chan struct{})
		d.mu.Unlock()
	}
}

func (d *wireDev) send(v any) {
	d.t.Helper()
	if err := d.ws.Write(d.ctx, websocket.MessageText, marshal(v)); err != nil {
		d.t.Fatalf("device %d: write: %v", d.seat, err)
	}
}

// waitFor waits until cond (under the device's lock) holds.
func (d *wireDev) waitFor(what string, cond func() bool) {
	d.t.Helper()
	for {
		d.mu.Lock()
		if cond() {
			d.mu.Unlock()
			return
		}
		err, w := d.err, d.wake
		d.mu.Unlock()
		if err != nil {
			d.t.Fatalf("device %d waiting for %s: %v", d.seat, what, err)
		}
		select {
		case <-w:
		case <-d.ctx.Done():
			d.t.Fatalf("device %d waiting for %s: %v", d.seat, what, d.ctx.Err())
		}
	}
}

// at waits until the device holds version v of the state.
func (d *wireDev) at(v uint64) {
	d.t.Helper()
	d.waitFor(fmt.Sprintf("version %d", v), func() bool { return d.synced && d.ver >= v })
}

// request sends the message msg builds (with its id, at the device's
// epoch and version) and returns the host's reply to it.
func (d *wireDev) request(msg func(id int64, epoch, ver uint64) any) []byte {
	d.t.Helper()
	d.mu.Lock()
	d.nextID++
	id := d.nextID
	m := msg(id, d.epoch, d.ver)
	d.mu.Unlock()
	d.send(m)
	var b []byte
	d.waitFor(fmt.Sprintf("the answer to request %d", id), func() bool {
		b = d.replies[id]
		return b != nil
	})
	return b
}

// act asks the host to apply line at the device's version: the result.
func (d *wireDev) act(line string) Result {
	d.t.Helper()
	b := d.request(func(id int64, epoch, ver uint64) any {
		return Act{T: KAct, ID: id, Epoch: epoch, Version: ver, Line: line}
	})
	var r Result
	if err := json.Unmarshal(b, &r); err != nil {
		d.t.Fatal(err)
	}
	return r
}

// ask puts question q and returns the answer's payload.
func (d *wireDev) ask(q Ask) []byte {
	d.t.Helper()
	return d.request(func(id int64, _, _ uint64) any {
		q.T, q.ID = KAsk, id
		return q
	})
}

// state is what the device holds now.
func (d *wireDev) state() (ver uint64, legal []string, toAct rules.Seat, over bool, n int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.ver, d.legal, d.toAct, d.over, d.n
}

// framesFrom is the frames from the k-th on.
func (d *wireDev) framesFrom(k int) []wframe {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]wframe(nil), d.frames[min(k, len(d.frames)):]...)
}

func (d *wireDev) close() { d.ws.CloseNow() }

// readHead reads the fields of a message a wireDev needs, skipping the
// rest without decoding it (a sync is large; the devices of the tests
// read many).
func readHead(b []byte) (wireHead, error) {
	var hd wireHead
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return hd, err
	}
	for key, p := range map[string]any{"t": &hd.T, "epoch": &hd.Epoch, "version": &hd.Version, "id": &hd.ID,
		"legal": &hd.Legal, "to_act": &hd.ToAct, "over": &hd.Over, "len": &hd.Len, "token": &hd.Token,
		"text": &hd.Text, "ok": &hd.OK, "err": &hd.Err, "stale": &hd.Stale} {
		if val, ok := m[key]; ok {
			if err := json.Unmarshal(val, p); err != nil {
				return hd, fmt.Errorf("%s: %v", key, err)
			}
		}
	}
	return hd, nil
}

// readCounter counts the bytes read from a connection.
type readCounter struct {
	net.Conn
	n *atomic.Int64
}

func (c *readCounter) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// take hands over the frames the device kept since the last take, with
// when each was read, and keeps no more of them (benchmarks).
func (d *wireDev) take() ([]wframe, []time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	fs, at := d.frames, d.got
	d.frames, d.got = nil, nil
	return fs, at
}
