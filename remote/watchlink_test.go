//go:build !js

package remote

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"notrueking/gamefile"
	"notrueking/internal/site"
	"notrueking/rules"
)

// TestSpectatorLink: the spectator link carries a code of its own, drawn
// one way from the room code (the same after a restart); it watches and
// never takes a seat; the host may refuse spectators and send them away,
// and the seats' link still seats its players.
func TestSpectatorLink(t *testing.T) {
	r := newRig(t, game{mapName: "standard", names: []string{"Ann", "Ben", "Cy"},
		players: []string{gamefile.SeatRemote, gamefile.SeatRemote, gamefile.SeatRemote}, seed: 3}, HostOptions{AdmitAuto: true})
	room := r.host.Room()
	code := WatchCode(room)
	if code == normRoom(room) || WatchCode(strings.ToLower(room)) != code || WatchCode(NewRoom()) == code {
		t.Fatalf("the watch code %q of room %q", code, room)
	}
	addr := strings.TrimPrefix(r.srv.URL, "http://")
	wl := r.host.WatchLink(addr)
	l, err := ReadLink(wl)
	if err != nil || !l.Watch || l.Room != code || l.WS != "ws://"+addr+"/ws" {
		t.Fatalf("ReadLink(%q) = %+v, %v", wl, l, err)
	}
	if _, err := ReadLink("http://" + addr + "/?join=" + room + "&watch=" + code); err == nil {
		t.Fatal("a link with both codes was read")
	}

	ann := r.join("Ann", "crown", ClientOptions{})
	eve, err := Dial(ctxFor(t), wl, ClientOptions{Name: "Eve"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eve.Close)
	if err := eve.WaitReady(ctxFor(t)); err != nil {
		t.Fatal(err)
	}
	if len(eve.Held()) != 0 || eve.Holds(0) {
		t.Fatalf("a spectator by the watch link holds %v", eve.Held())
	}
	if a, e := enc(noLog(ann.View(rules.Public))), enc(noLog(eve.View(0))); !bytes.Equal(a, e) {
		t.Fatal("the spectator's view of Ann's seat is not the public view")
	}

	// The watch code asks for a seat: refused, and says why.
	d := r.raw()
	d.send(hello(code, "Mallory"))
	var ref Refused
	d.next(KRefused, &ref)
	if !strings.Contains(ref.Text, "spectator link") || ref.Retry {
		t.Fatalf("a seat asked by the spectator link: %+v", ref)
	}

	// Spectators off: Eve is sent away with the reason, a new one is
	// refused by either link, and a player still joins.
	r.host.SetSpectators(false)
	if r.host.Spectators() {
		t.Fatal("Spectators() after SetSpectators(false)")
	}
	eve.Wait(ctxFor(t), eve.Seq())
	for eve.Err() == nil {
		eve.Wait(ctxFor(t), eve.Seq())
	}
	if !strings.Contains(eve.Err().Error(), "stopped letting spectators") {
		t.Fatalf("Eve's end: %v", eve.Err())
	}
	for _, c := range []string{code, room} {
		d := r.raw()
		x := hello(c, "Eve")
		x.Watch = true
		d.send(x)
		d.next(KRefused, &ref)
		if !strings.Contains(ref.Text, "does not let spectators") {
			t.Fatalf("a spectator while off (code %s): %+v", c, ref)
		}
	}
	ben := r.join("Ben", "torch", ClientOptions{})
	if !ben.Holds(1) {
		t.Fatalf("Ben holds %v", ben.Held())
	}
	r.host.SetSpectators(true)
	again, err := Dial(ctxFor(t), wl, ClientOptions{Name: "Eve"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(again.Close)
	if err := again.WaitReady(ctxFor(t)); err != nil {
		t.Fatalf("a spectator once they are on again: %v", err)
	}
}

// TestHostServesPage: every path but /ws is the page's — the module in
// the form the browser takes — and a host without the page says how to
// get one; the devices' WebSocket works beside it.
func TestHostServesPage(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("\x00asm module bytes"))
	zw.Close()
	s, err := site.Open(fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html><title>No True King</title>")},
		"wasm_exec.js":       {Data: []byte("// loader")},
		"notrueking.wasm.gz": {Data: gz.Bytes()},
		"secret-notes.txt":   {Data: []byte("not served")},
	}, "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range []http.Handler{s, nil} {
		r := newRig(t, game{mapName: "standard", names: []string{"Ann", "Ben", "Cy"},
			players: []string{gamefile.SeatRemote, "random", "random"}, seed: 4}, HostOptions{AdmitAuto: true, Page: page})
		get := func(path, enc string) (*http.Response, string) {
			req, _ := http.NewRequest("GET", r.srv.URL+path, nil)
			if enc != "" {
				req.Header.Set("Accept-Encoding", enc)
			}
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			return res, string(b)
		}
		res, body := get("/?join="+r.host.Room(), "")
		if page == nil {
			if res.StatusCode != 404 || !strings.Contains(body, "-site DIR") || !strings.Contains(body, "notrueking join LINK") {
				t.Fatalf("a host without the page answers %d %q", res.StatusCode, body)
			}
		} else {
			if res.StatusCode != 200 || !strings.Contains(body, "<title>No True King") || res.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("the page: %d %v %q", res.StatusCode, res.Header, body)
			}
			res, body = get("/notrueking.wasm", "gzip, br")
			if res.Header.Get("Content-Encoding") != "gzip" || body != gz.String() || res.Header.Get("Content-Type") != "application/wasm" {
				t.Fatalf("the module to a browser taking gzip: %v, %d bytes", res.Header, len(body))
			}
			res, body = get("/notrueking.wasm", "")
			if res.Header.Get("Content-Encoding") != "" || body != "\x00asm module bytes" {
				t.Fatalf("the module to a browser taking no compression: %v %q", res.Header, body)
			}
			if res, _ := get("/secret-notes.txt", ""); res.StatusCode != 404 {
				t.Fatalf("a file the page does not need: %d", res.StatusCode)
			}
		}
		// The devices' link works beside the page.
		ann := r.join("Ann", "crown", ClientOptions{})
		if !ann.Holds(0) {
			t.Fatalf("Ann holds %v", ann.Held())
		}
	}
}

// TestSpectatorReconnectsPublic: a spectator whose link is cut comes back
// by itself, again as a spectator: after every reconnection (and before)
// every message it got holds the public view only, never a seat's, and
// its table is the public one.
func TestSpectatorReconnectsPublic(t *testing.T) {
	r := newRig(t, game{mapName: "standard", names: []string{"Ann", "Ben", "Cy"},
		players: []string{"random", "random", "random"}, seed: 9}, HostOptions{AdmitAuto: true})
	px := newFaultyProxy(t, strings.TrimPrefix(r.srv.URL, "http://"), 9)
	px.dupEvery = 0
	var bad atomic.Value
	eve, err := Dial(ctxFor(t), r.host.WatchLink(px.ln.Addr().String()), ClientOptions{Name: "Eve", NoCompression: true, Backoff: time.Millisecond,
		tap: func(b []byte) {
			var m struct {
				T     string       `json:"t"`
				Views []rules.View `json:"views"`
			}
			json.Unmarshal(b, &m)
			for _, v := range m.Views {
				if v.Seat != rules.Public {
					bad.Store(fmt.Sprintf("a %s message holds seat %d's view", m.T, v.Seat))
				}
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eve.Close)
	if err := eve.WaitReady(ctxFor(t)); err != nil {
		t.Fatal(err)
	}
	for cut := 0; cut < 5; cut++ {
		r.botMove()
		r.botMove()
		px.cutAll()
		r.botMove()
		r.caughtUp(eve, r.m.Version())
		if len(eve.Held()) != 0 {
			t.Fatalf("after cut %d the spectator holds %v", cut+1, eve.Held())
		}
	}
	if b := bad.Load(); b != nil {
		t.Fatal(b)
	}
	r.same("after the cuts", []*Client{eve}, true)
	eve.mu.Lock()
	tries := eve.tries
	eve.mu.Unlock()
	if tries < 6 {
		t.Fatalf("the spectator connected %d times, want once and again after each of 5 cuts", tries)
	}
}
