//go:build !js

package remote

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"notrueking/feed"
	"notrueking/rules"
	"notrueking/session"
)

// TestAdmission: without AdmitAuto a device waits (Pending) until the
// host admits it; its token comes once, in its welcome, and the host
// keeps only its hash; a dropped link comes back with the token without
// asking, and so does the link to a restarted host built from the save's
// room and hashes; the host may refuse a device or free a seat; the
// waiting room and the spectators have their caps.
func TestAdmission(t *testing.T) {
	var mu sync.Mutex
	var kept []string
	asked := make(chan struct{}, 16)
	gm := game{"standard", rules.Plain, []string{"Ann", "Ben", "Cy", "Dee"}, []string{"remote", "remote", "remote", "remote"}, 31}
	r := newRig(t, gm, HostOptions{
		Keep: func(room string, tokens []string) {
			mu.Lock()
			kept = tokens
			mu.Unlock()
		},
		OnAsk: func() { asked <- struct{}{} },
	})
	ids := newGame(t, gm).Seats()
	var saved []string
	ann, err := Dial(ctxFor(t), r.link, ClientOptions{Name: "Ann", Seat: ids[0], Backoff: 10 * time.Millisecond,
		SaveToken: func(tok string) { mu.Lock(); saved = append(saved, tok); mu.Unlock() }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ann.Close)
	<-asked
	r.waitChange(ann, 0, func(c feed.Change) bool { return c.Kind == feed.Waiting })
	if ann.Ready() || !strings.Contains(ann.Waiting(), "Ann") {
		t.Fatalf("waiting: ready %v, %q", ann.Ready(), ann.Waiting())
	}
	p := r.host.Pending()
	if len(p) != 1 || p[0].Name != "Ann" || p[0].Seat != 0 || p[0].Addr != "127.0.0.1" {
		t.Fatalf("pending: %+v", p)
	}
	if err := r.host.Admit(p[0].ID, 0); err != nil {
		t.Fatal(err)
	}
	if err := ann.WaitReady(ctxFor(t)); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	if len(saved) != 1 || !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(saved[0]) {
		t.Fatalf("tokens saved: %q", saved)
	}
	tok := saved[0]
	if kept[0] != hashToken(tok) || slices.Contains(kept, tok) {
		t.Fatalf("the host keeps %q for the token %q", kept, tok)
	}
	mu.Unlock()
	if h := ann.Held(); len(h) != 1 || h[0] != 0 || ann.Token() != tok {
		t.Fatalf("Ann holds %v with %q", h, ann.Token())
	}
	if pr := r.host.Presence(); pr[0].Kind != "remote" || pr[0].Device != "Ann" || !pr[0].Connected || pr[1].Connected {
		t.Fatalf("presence: %+v", pr)
	}
	r.waitChange(ann, 0, func(c feed.Change) bool {
		ps := ann.Presence().Seats
		return c.Kind == feed.Presence && len(ps) == 4 && ps[0].Connected
	})

	// A dropped link comes back with the token: no asking.
	seq := ann.Seq()
	ann.dropLink()
	r.waitChange(ann, seq, func(c feed.Change) bool { return c.Kind == feed.Resync })
	r.same("back by the token", []*Client{ann}, true)

	// Ben is refused, with the host's reason.
	ben, err := Dial(ctxFor(t), r.link, ClientOptions{Name: "Ben", Seat: ids[1]})
	if err != nil {
		t.Fatal(err)
	}
	<-asked
	p = r.host.Pending()
	if len(p) != 1 || p[0].Name != "Ben" {
		t.Fatalf("pending: %+v", p)
	}
	if err := r.host.Admit(p[0].ID, 0); err == nil {
		t.Fatal("Ben admitted to Ann's seat")
	}
	if err := r.host.Refuse(p[0].ID, "not tonight"); err != nil {
		t.Fatal(err)
	}
	if err := ben.WaitReady(ctxFor(t)); err == nil || !strings.Contains(err.Error(), "not tonight") {
		t.Fatalf("Ben refused: %v", err)
	}

	// The waiting room holds four; a fifth may come back later.
	for i := range MaxPending {
		d := r.raw()
		d.send(hello(r.host.Room(), "Guest"))
		d.next(KPending, nil)
		<-asked
		_ = i
	}
	d := r.raw()
	d.send(hello(r.host.Room(), "Guest"))
	var ref Refused
	d.next(KRefused, &ref)
	if !ref.Retry || !strings.Contains(ref.Text, "wait for the host") {
		t.Fatalf("a fifth waiting device: %+v", ref)
	}
	// So many spectators, and no more.
	for range MaxSpectators {
		d := r.raw()
		x := hello(r.host.Room(), "Eve")
		x.Watch = true
		d.send(x)
		var w Welcome
		d.next(KWelcome, &w)
		if len(w.Seats) != 0 || w.Token != "" {
			t.Fatalf("a spectator's welcome: %+v", w)
		}
		var s Sync
		d.next(KSync, &s)
		if len(s.Views) != 1 || s.Views[0].Seat != rules.Public || s.Legal != nil {
			t.Fatalf("a spectator's sync: %d views, legal %v", len(s.Views), s.Legal)
		}
	}
	d = r.raw()
	x := hello(r.host.Room(), "Eve")
	x.Watch = true
	d.send(x)
	d.next(KRefused, &ref)
	if !ref.Retry || !strings.Contains(ref.Text, "spectators") {
		t.Fatalf("a 17th spectator: %+v", ref)
	}

	// Ann acts, then the host restarts from its save: the same room, the
	// hashes it kept, the game replayed. Ann comes back without asking.
	if a, ok := pick(ann, newRand(3)); ok {
		if _, err := ann.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	var acts []rules.Action
	r.m.Do(func(g *rules.Game) { acts = g.Actions() })
	g2 := newGame(t, gm)
	for _, a := range acts {
		if _, err := g2.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	m2 := session.NewMatch(g2, session.MatchOptions{Players: gm.players})
	mu.Lock()
	tokens := slices.Clone(kept)
	mu.Unlock()
	asked2 := 0
	h2, err := NewHost(HostOptions{Match: m2, Room: r.host.Room(), Tokens: tokens, OnAsk: func() { asked2++ }})
	if err != nil {
		t.Fatal(err)
	}
	old := r.host
	r.served.Store(h2)
	r.m, r.host = m2, h2
	seq = ann.Seq()
	old.Close()
	r.waitChange(ann, seq, func(c feed.Change) bool { return c.Kind == feed.Resync })
	if e, _ := ann.Version(); e != h2.Epoch() || e == old.Epoch() {
		t.Fatalf("Ann's epoch %d: the new host's %d, the old %d", e, h2.Epoch(), old.Epoch())
	}
	r.same("after the host's restart", []*Client{ann}, true)
	if asked2 != 0 || len(h2.Pending()) != 0 {
		t.Fatalf("the restarted host asked about Ann: %d, %v", asked2, h2.Pending())
	}
	mu.Lock()
	if len(saved) != 1 {
		t.Fatalf("the token was sent %d times", len(saved))
	}
	mu.Unlock()

	// A second device with Ann's token takes her seat: the first is sent
	// away with the reason.
	ann2, err := Dial(ctxFor(t), r.link, ClientOptions{Name: "Ann", Token: tok})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ann2.Close)
	if err := ann2.WaitReady(ctxFor(t)); err != nil {
		t.Fatal(err)
	}
	if err := ann.WaitReady(ctxFor(t)); err != nil {
		t.Fatal(err) // (it was ready)
	}
	for ann.Err() == nil {
		if err := ann.Wait(ctxFor(t), ann.Seq()); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(ann.Err().Error(), "another device took this seat") {
		t.Fatalf("the first device's end: %v", ann.Err())
	}
	ann = ann2
	if h := ann.Held(); len(h) != 1 || h[0] != 0 || asked2 != 0 {
		t.Fatalf("the second device holds %v (asked %d)", h, asked2)
	}
	r.same("the second device", []*Client{ann}, true)

	// The host gives Ann's seat to a bot: she is sent away, her token
	// opens nothing.
	if err := h2.Free(0, "random"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for ann.Err() == nil {
		if err := ann.Wait(ctx, ann.Seq()); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(ann.Err().Error(), "gave Ann to the random bot") {
		t.Fatalf("Ann's end: %v", ann.Err())
	}
	if h2.Tokens()[0] != "" || h2.Presence()[0].Kind != "random" {
		t.Fatalf("after Free: tokens %q, presence %+v", h2.Tokens(), h2.Presence()[0])
	}
}

// TestLinks: a join link names the host's address and room; ParseLink
// reads it back as the WebSocket to dial.
func TestLinks(t *testing.T) {
	room := NewRoom()
	if !regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{10}$`).MatchString(room) {
		t.Fatalf("a room code %q", room)
	}
	for link, want := range map[string]string{
		"http://192.168.1.5:7777/?join=" + room:     "ws://192.168.1.5:7777/ws",
		"https://x.example/?join=" + room + "#frag": "wss://x.example/ws",
		"ws://[::1]:80/anything?join=" + room:       "ws://[::1]:80/ws",
	} {
		u, r, err := ParseLink(link)
		if err != nil || u != want || r != room {
			t.Errorf("ParseLink(%q) = %q %q %v", link, u, r, err)
		}
	}
	for _, bad := range []string{"", "ftp://x/?join=ABCDEFGHJK", "http://x/", "http:///?join=ABCDEFGHJK", "http://x/?join=AB%20CD"} {
		if _, _, err := ParseLink(bad); err == nil {
			t.Errorf("ParseLink(%q) accepted", bad)
		}
	}
}
