//go:build !js

package cli

import (
	"bytes"
	"context"
	"errors"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/session"
)

// syncBuf is a buffer the console and the test share.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestHostConsole: every command of the headless host's console, each
// answered in one line: the device asked about admitted by y, seats,
// admit and refuse by number, a seat handed to a bot and freed, a device
// kicked, save (written and not), quit, help and a word it does not know.
func TestHostConsole(t *testing.T) {
	g, err := (&gamefile.Setup{Players: []string{"Ann", "Ben", "Cy"}, Seed: 3, SeedSet: true}).New(nil)
	if err != nil {
		t.Fatal(err)
	}
	m := session.NewMatch(g, session.MatchOptions{Players: []string{"remote", "remote", "remote"}})
	defer m.Close()
	out := &syncBuf{}
	quit := make(chan struct{})
	saveErr := error(nil)
	k := &console{out: out, ids: g.Seats(), quit: func() { close(quit) },
		names: func() (n []string) { m.Do(func(g *rules.Game) { n = g.Names() }); return n },
		save:  func() (string, error) { return "/saves/x.ntk", saveErr }}
	h, err := remote.NewHost(remote.HostOptions{Match: m, NamedSeats: true, OnAsk: func() { k.ask() }})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	k.host = h
	srv := httptest.NewServer(h)
	defer srv.Close()
	link := h.Link(strings.TrimPrefix(srv.URL, "http://"))
	dial := func(name, seat string) *remote.Client {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		c, err := remote.Dial(ctx, link, remote.ClientOptions{Name: name, Seat: seat, Backoff: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(c.Close)
		return c
	}
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for end := time.Now().Add(10 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(end) {
				t.Fatalf("waiting for %s; the console says:\n%s", what, out.String())
			}
		}
	}
	ann := dial("Ann", "")
	waitFor("Ann's question", func() bool {
		return strings.Contains(out.String(), "Ann (127.0.0.1) asks to play Ann (Crown) — admit? [y/n]")
	})
	lines := func() []string { return strings.Split(strings.TrimSpace(out.String()), "\n") }
	cases := []struct{ in, want string }{
		{"y", "admitted Ann to Ann (Crown)"},
		{"y", "no device waits for an answer"},
		{"help", consoleHelp},
		{"frobnicate", `unknown command "frobnicate": ` + consoleHelp},
		{"admit", "admit takes N [SEAT]"},
		{"admit 99", "admit: no device 99 waits"},
		{"refuse x", `refuse: "x" is no request number (seats lists them)`},
		{"bot helm genius", `unknown bot level "genius"`},
		{"bot 7 easy", "there is no seat 7 (1 to 3)"},
		{"bot helm easy", "Cy (Helm) is played by the easy bot"},
		{"free cy", "Cy (Helm) waits for another device"},
		{"save", "saved in /saves/x.ntk"},
	}
	for _, c := range cases {
		before := len(lines())
		k.say("%s", k.do(c.in))
		got := lines()
		if len(got) != before+1 || !strings.HasPrefix(got[len(got)-1], c.want) {
			t.Fatalf("%q: the console answered %q, want %q", c.in, got[before:], c.want)
		}
	}
	saveErr = errors.New("the disk is full")
	if got := k.do("save"); got != "not saved: the disk is full" {
		t.Fatalf("save: %q", got)
	}
	// Two devices waiting: the seats line lists them by number; one
	// admitted to a seat named, the other refused.
	dial("Ben", "")
	waitFor("Ben's question", func() bool { return strings.Contains(out.String(), "Ben (127.0.0.1) asks") })
	dial("Dee", "")
	waitFor("Dee waiting", func() bool { return len(h.Pending()) == 2 })
	ps := h.Pending()
	seats := k.do("seats")
	for _, want := range []string{"Ann (Crown): Ann's device", "Ben (Torch): waits for a device", "Cy (Helm): waits for a device",
		"waiting: " + strconv.Itoa(ps[0].ID) + " Ben (127.0.0.1) for Ben (Torch)", "waiting: " + strconv.Itoa(ps[1].ID) + " Dee (127.0.0.1) for any seat"} {
		if !strings.Contains(seats, want) {
			t.Fatalf("seats: %q lacks %q", seats, want)
		}
	}
	if got := k.do("admit " + strconv.Itoa(ps[1].ID) + " helm"); got != "admitted Dee to Cy (Helm)" {
		t.Fatalf("admit to a seat: %q", got)
	}
	if got := k.do("refuse " + strconv.Itoa(ps[0].ID)); got != "refused device "+strconv.Itoa(ps[0].ID) {
		t.Fatalf("refuse: %q", got)
	}
	if got := k.do("kick ann"); got != "sent Ann's device away: Ann (Crown) waits for another device" {
		t.Fatalf("kick: %q", got)
	}
	waitFor("Ann sent away", func() bool { return ann.Err() != nil })
	if got := k.do("kick Zed"); !strings.HasPrefix(got, `kick: no device is called "Zed"`) {
		t.Fatalf("kick of no device: %q", got)
	}
	if got := k.do("quit"); !strings.HasPrefix(got, "quitting") {
		t.Fatalf("quit: %q", got)
	}
	select {
	case <-quit:
	default:
		t.Fatal("quit did not stop the host")
	}
	// The console reads its lines from a reader, answering each.
	out2 := &syncBuf{}
	k2 := &console{out: out2, ids: k.ids, names: k.names, host: h}
	k2.read(strings.NewReader("help\n\n  seats  \n"))
	if got := strings.Split(strings.TrimSpace(out2.String()), "\n"); len(got) != 2 || got[0] != consoleHelp || !strings.HasPrefix(got[1], "Ann (Crown):") {
		t.Fatalf("read: %q", got)
	}
}
