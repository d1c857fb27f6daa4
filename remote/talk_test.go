//go:build !js

package remote

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"notrueking/feed"
	"notrueking/rules"
)

// frames keeps every message a client received.
type frames struct {
	mu  sync.Mutex
	all [][]byte
}

func (f *frames) tap(b []byte) {
	f.mu.Lock()
	f.all = append(f.all, bytes.Clone(b))
	f.mu.Unlock()
}

// holds reports whether any frame holds s.
func (f *frames) holds(s string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, b := range f.all {
		if bytes.Contains(b, []byte(s)) {
			return true
		}
	}
	return false
}

// TestTableTalk: a line to the table reaches every seat's device and the
// spectators; a whisper reaches its two seats' devices and no other — not
// a byte of it in any frame a third seat or a spectator gets; a spectator
// may not talk; a device talking too fast, or too long, is refused with
// the reason; the host can hide the table's talk from the spectators; a
// device that comes back gets its own talk again, and only its own.
func TestTableTalk(t *testing.T) {
	t.Parallel()
	gm := game{"standard", rules.Plain, []string{"Ann", "Ben", "Cy"}, []string{"remote", "remote", "remote"}, 61}
	r := newRig(t, gm, HostOptions{AdmitAuto: true, NamedSeats: true})
	ids := newGame(t, gm).Seats()
	var taps [4]frames
	var cls []*Client
	for i, n := range []string{"Ann", "Ben", "Cy"} {
		cls = append(cls, r.join(n, ids[i], ClientOptions{Backoff: 10 * time.Millisecond, tap: taps[i].tap}))
	}
	ann, ben, cy := cls[0], cls[1], cls[2]
	eve := r.join("Eve", "", ClientOptions{Watch: true, tap: taps[3].tap})
	heard := func(c *Client, text string) {
		t.Helper()
		r.waitChange(c, 0, func(ch feed.Change) bool { return ch.Kind == feed.Talk && ch.Talk != nil && ch.Talk.Text == text })
	}
	if err := ann.Say(-1, "Hello, table."); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Client{ann, ben, cy, eve} {
		heard(c, "Hello, table.")
	}
	if err := ann.Say(1, "psst: Ben, I back Stark"); err != nil {
		t.Fatal(err)
	}
	heard(ann, "psst: Ben, I back Stark")
	heard(ben, "psst: Ben, I back Stark")
	if err := cy.Say(0, "Ann, what did you tell Ben?"); err != nil {
		t.Fatal(err)
	}
	heard(ann, "Ann, what did you tell Ben?")
	// A public line after the whispers: every device has had time to get
	// what it was going to get.
	if err := ben.Say(-1, "Nothing to see."); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Client{ann, ben, cy, eve} {
		heard(c, "Nothing to see.")
	}
	for i, secret := range map[int]string{2: "I back Stark", 3: "I back Stark"} {
		if taps[i].holds(secret) {
			t.Fatalf("device %d got a frame with another pair's whisper", i)
		}
	}
	if taps[1].holds("what did you tell") || taps[3].holds("what did you tell") {
		t.Fatal("Cy's whisper to Ann reached Ben or the spectator")
	}
	if got := eve.Talk(); len(got) != 2 || got[0].Text != "Hello, table." || got[1].Text != "Nothing to see." {
		t.Fatalf("the spectator's talk: %+v", got)
	}
	// Refusals, each with its reason.
	if err := eve.Say(-1, "hi"); err == nil || !strings.Contains(err.Error(), "spectator") {
		t.Fatalf("a spectator's line: %v", err)
	}
	if err := ann.Say(-1, strings.Repeat("x", 501)); err == nil || !strings.Contains(err.Error(), "at most 500") {
		t.Fatalf("a long line: %v", err)
	}
	if err := ann.Say(0, "to myself"); err == nil {
		t.Fatal("a whisper to oneself was said")
	}
	var fast error
	for i := 0; i < TalkBurst+2 && fast == nil; i++ {
		fast = cy.Say(-1, "spam")
	}
	if fast == nil || !strings.Contains(fast.Error(), "too fast") {
		t.Fatalf("talking too fast: %v", fast)
	}
	// The host hides the table's talk from the spectators.
	r.host.SetSpectatorTalk(false)
	if err := ben.Say(-1, "Off the stream."); err != nil {
		t.Fatal(err)
	}
	heard(ann, "Off the stream.")
	if err := ann.Say(-1, "Marker."); err != nil {
		t.Fatal(err)
	}
	heard(cy, "Marker.")
	if taps[3].holds("Off the stream.") {
		t.Fatal("a hidden line reached the spectator")
	}
	// Ben comes back: his own talk, whispers to him included, and not
	// Cy's whisper to Ann.
	seq := ben.Seq()
	ben.dropLink()
	r.waitChange(ben, seq, func(ch feed.Change) bool { return ch.Kind == feed.Talk && ch.Talk == nil })
	var texts []string
	spam := 0
	for _, l := range ben.Talk() {
		if l.Text == "spam" {
			spam++ // as many as Cy's burst let through
			continue
		}
		texts = append(texts, l.Text)
	}
	if strings.Join(texts, "|") != "Hello, table.|psst: Ben, I back Stark|Nothing to see.|Off the stream.|Marker." || spam < TalkBurst-1 {
		t.Fatalf("Ben's talk after coming back: %q and %d spam", texts, spam)
	}
}
