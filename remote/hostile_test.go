//go:build !js

// (Native only: a browser's WebSocket cannot set an Origin header, so
// websocket.DialOptions has no HTTPHeader in the wasm build.)

package remote

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"notrueking/rules"
)

// TestHostileDevices: a device that lies, replays, sends what no client
// sends, floods or says nothing is refused with a reason or closed with
// one, nothing panics, and the two honest devices and the bot finish the
// game, equal to the host at every step.
func TestHostileDevices(t *testing.T) {
	gm := game{"standard", rules.Plain, []string{"Ann", "Ben", "Mal", "Cy"}, []string{"remote", "remote", "remote", "random"}, 17}
	r := newRig(t, gm, HostOptions{AdmitAuto: true, HelloWithin: 300 * time.Millisecond, Rate: 1000, Burst: 50})
	ids := newGame(t, gm).Seats()
	ann := r.join("Ann", ids[0], ClientOptions{})
	ben := r.join("Ben", ids[1], ClientOptions{})
	room := r.host.Room()

	// Mallory holds seat 2 through a bare WebSocket.
	mal := r.raw()
	h := hello(room, "Mal")
	h.Seat = ids[2]
	mal.send(h)
	var w Welcome
	mal.next(KWelcome, &w)
	var s Sync
	mal.next(KSync, &s)
	if len(w.Seats) != 1 || w.Seats[0] != 2 || w.Token == "" {
		t.Fatalf("Mallory's welcome: %+v", w)
	}
	var res Result
	// An action of her own seat, at a version the game has left.
	var line string // a decision of the seat to act (whoever's)
	r.m.Do(func(g *rules.Game) { line = g.Legal()[0].Format(g.Map()) })
	mal.send(Act{T: KAct, ID: 1, Epoch: s.Epoch, Version: s.Version + 5, Line: line})
	mal.next(KResult, &res)
	if res.ID != 1 || res.OK || !res.Stale || !strings.Contains(res.Err, "moved on") {
		t.Fatalf("a stale act: %+v", res)
	}
	var s2 Sync
	mal.next(KSync, &s2)
	// A replayed message is just as stale.
	mal.send(Act{T: KAct, ID: 1, Epoch: s.Epoch, Version: s.Version + 5, Line: line})
	mal.next(KResult, &res)
	if !res.Stale {
		t.Fatalf("a replayed act: %+v", res)
	}
	mal.next(KSync, nil)
	// Another host's epoch.
	mal.send(Act{T: KAct, ID: 2, Epoch: s.Epoch + 1, Version: s2.Version, Line: line})
	mal.next(KResult, &res)
	if res.ID != 2 || !res.Stale || !strings.Contains(res.Err, "restarted") {
		t.Fatalf("an act of another epoch: %+v", res)
	}
	mal.next(KSync, nil)
	// Ann's decision, at the right version: the seat comes from the
	// connection, never from the line.
	var annLine string
	for _, a := range ann.Legal() {
		annLine = a.Format(ann.Map())
	}
	if annLine != "" {
		mal.send(Act{T: KAct, ID: 3, Epoch: s2.Epoch, Version: s2.Version, Line: annLine})
		mal.next(KResult, &res)
		if res.ID != 3 || res.OK || res.Stale || !strings.Contains(res.Err, "does not hold") {
			t.Fatalf("Ann's action from Mallory's device: %+v", res)
		}
	}
	// A line that is no action, an unknown question, an undo with
	// nothing to undo: each answered with its reason.
	mal.send(Act{T: KAct, ID: 4, Epoch: s2.Epoch, Version: s2.Version, Line: "rule the world"})
	mal.next(KResult, &res)
	if res.ID != 4 || res.OK || res.Err == "" {
		t.Fatalf("a line that is no action: %+v", res)
	}
	var ans Answer
	mal.send(Ask{T: KAsk, ID: 5, Q: "seed"})
	mal.next(KAnswer, &ans)
	if ans.ID != 5 || !strings.Contains(ans.Err, "does not answer") {
		t.Fatalf("a question about the seed: %+v", ans)
	}
	mal.send(UndoRedo{T: KUndo, ID: 6, Epoch: s2.Epoch, Version: s2.Version})
	mal.next(KResult, &res)
	if res.ID != 6 || res.OK || res.Err == "" {
		t.Fatalf("an undo at the start: %+v", res)
	}
	mal.send(Ping{T: KPing})
	mal.next(KPong, nil)
	// A second hello ends the connection.
	mal.send(h)
	if code, why := mal.closed(); code != websocket.StatusPolicyViolation || why != "a second hello" {
		t.Fatalf("a second hello: closed %v %q", code, why)
	}
	// Her seat goes to a bot, and her token opens nothing any more.
	if err := r.host.Free(2, "random"); err != nil {
		t.Fatal(err)
	}
	back := r.raw()
	hb := hello(room, "Mal")
	hb.Token = w.Token
	back.send(hb)
	var ref Refused
	back.next(KRefused, &ref)
	if !strings.Contains(ref.Text, "opens no seat") {
		t.Fatalf("a freed seat's token: %+v", ref)
	}

	// Mid-game, every kind of garbage from other connections; then the
	// honest devices go on.
	hostile := func() {
		refused := func(what string, send func(d *raw), want string) {
			t.Helper()
			d := r.raw()
			send(d)
			var ref Refused
			d.next(KRefused, &ref)
			if !strings.Contains(ref.Text, want) {
				t.Errorf("%s: refused %q, want %q in it", what, ref.Text, want)
			}
			d.closed()
		}
		refused("a wrong protocol", func(d *raw) {
			x := hello(room, "Old")
			x.Proto = Proto + 1
			d.send(x)
		}, fmt.Sprintf("protocol %d and the device protocol %d", Proto, Proto+1))
		refused("a wrong room", func(d *raw) { d.send(hello("ZZZZZZZZZZ", "Eve")) }, "room code")
		refused("an act before the hello", func(d *raw) { d.send(Act{T: KAct, Line: "x"}) }, "must be a hello")
		refused("no name", func(d *raw) { d.send(hello(room, " ")) }, "name")
		refused("a seat that is taken", func(d *raw) {
			x := hello(room, "Eve")
			x.Seat = ids[0]
			d.send(x)
		}, "taken")
		refused("a seat that does not exist", func(d *raw) {
			x := hello(room, "Eve")
			x.Seat = "moon"
			d.send(x)
		}, "no seat")
		closed := func(what string, send func(d *raw), code websocket.StatusCode, want string) {
			t.Helper()
			d := r.raw()
			send(d)
			c, why := d.closed()
			if c != code || !strings.Contains(why, want) {
				t.Errorf("%s: closed %v %q, want %v %q", what, c, why, code, want)
			}
		}
		watch := func(d *raw) {
			x := hello(room, "Eve")
			x.Watch = true
			d.send(x)
			d.next(KSync, nil)
		}
		closed("invalid JSON", func(d *raw) { watch(d); d.send("{not json") }, websocket.StatusPolicyViolation, "not a JSON object")
		closed("an unknown kind", func(d *raw) { watch(d); d.send(`{"t":"update"}`) }, websocket.StatusPolicyViolation, `kind "update"`)
		closed("an unknown field", func(d *raw) { watch(d); d.send(`{"t":"ping","seed":1}`) }, websocket.StatusPolicyViolation, "unknown field")
		closed("a binary frame", func(d *raw) {
			watch(d)
			d.ws.Write(context.Background(), websocket.MessageBinary, []byte(`{"t":"ping"}`))
		}, websocket.StatusUnsupportedData, "text frames only")
		closed("an oversize frame", func(d *raw) {
			watch(d)
			d.ws.Write(context.Background(), websocket.MessageText, []byte(`{"t":"ping","x":"`+strings.Repeat("a", MaxIn)+`"}`))
		}, websocket.StatusMessageTooBig, "")
		closed("no hello", func(d *raw) {}, websocket.StatusPolicyViolation, "no hello within")
		// A flood: the host's answers are read (so that only the rate
		// counts) until it closes the link.
		fl := r.raw()
		watch(fl)
		gone := make(chan error, 1)
		go func() {
			for {
				if _, _, err := fl.ws.Read(context.Background()); err != nil {
					gone <- err
					return
				}
			}
		}()
		for range 1_000_000 {
			if fl.ws.Write(context.Background(), websocket.MessageText, []byte(`{"t":"ping"}`)) != nil {
				break
			}
		}
		var ce websocket.CloseError
		if err := <-gone; !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || !strings.Contains(ce.Reason, "messages a second") {
			t.Errorf("a flood: closed by %v", err)
		}
		// An Origin the host does not know is refused at the upgrade.
		u, _, _ := ParseLink(r.link)
		_, resp, err := websocket.Dial(ctxFor(t), u, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://evil.example"}}})
		if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
			t.Errorf("a foreign origin: %v (%v)", err, resp)
		}
		// An honest client made to claim another seat's action.
		if a, ok := pick(ben, newRand(1)); ok && ann.ToAct() == 1 {
			if _, err := ann.Apply(a); err == nil || !strings.Contains(err.Error(), "does not hold") {
				t.Errorf("Ann's device applying Ben's %s: %v", a.Format(ann.Map()), err)
			}
			if err := ann.Check(a); err == nil {
				t.Errorf("Ann's device checking Ben's %s: accepted", a.Format(ann.Map()))
			}
		}
	}
	bySeat := map[rules.Seat]*Client{0: ann, 1: ben}
	clients := []*Client{ann, ben}
	r.play(clients, bySeat, gm.seed, func(step int) {
		if step == 60 {
			hostile()
		}
	})
	if !ann.Over() || !ben.Over() {
		t.Fatal("the honest devices did not see the game end")
	}
	if err := errors.Join(ann.Err(), ben.Err()); err != nil {
		t.Fatal(err)
	}
}

// TestDefaultRateLimit: at the default limits, a device sending more
// than 30 messages a second (past a burst of 30) is closed with a
// policy violation.
func TestDefaultRateLimit(t *testing.T) {
	gm := game{"standard", rules.Plain, []string{"Ann", "Ben"}, []string{"remote", "random"}, 1}
	r := newRig(t, gm, HostOptions{AdmitAuto: true})
	d := r.raw()
	x := hello(r.host.Room(), "Eve")
	x.Watch = true
	d.send(x)
	d.next(KSync, nil)
	gone := make(chan error, 1)
	go func() {
		for {
			if _, _, err := d.ws.Read(context.Background()); err != nil {
				gone <- err
				return
			}
		}
	}()
	n := 0
	for ; n < 100_000; n++ {
		if d.ws.Write(context.Background(), websocket.MessageText, []byte(`{"t":"ping"}`)) != nil {
			break
		}
	}
	if n < Burst {
		t.Fatalf("closed after %d messages: the burst is %d", n, Burst)
	}
	if n == 100_000 {
		t.Fatal("100 000 pings and still open")
	}
	var ce websocket.CloseError
	if err := <-gone; !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation {
		t.Fatalf("closed by %v", err)
	}
}

// TestLockout: five wrong tokens within a minute from one address lock
// it out for a minute, whatever it sends; then it may try again.
func TestLockout(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { return now }
	gm := game{"standard", rules.Plain, []string{"Ann", "Ben"}, []string{"remote", "random"}, 1}
	r := newRig(t, gm, HostOptions{Now: func() time.Time { return clock() }})
	try := func(token string) Refused {
		t.Helper()
		d := r.raw()
		x := hello(r.host.Room(), "Eve")
		x.Token = token
		d.send(x)
		var ref Refused
		d.next(KRefused, &ref)
		d.closed()
		return ref
	}
	for i := range lockFails {
		ref := try(fmt.Sprintf("%032x", i))
		if i < lockFails-1 && ref.Retry {
			t.Fatalf("wrong token %d: %+v", i+1, ref)
		}
		if i == lockFails-1 && !ref.Retry {
			t.Fatalf("the fifth wrong token does not lock the address out: %+v", ref)
		}
	}
	if ref := try(""); !ref.Retry || !strings.Contains(ref.Text, "try again in a minute") {
		t.Fatalf("a locked-out address: %+v", ref)
	}
	now = now.Add(lockFor)
	d := r.raw()
	d.send(hello(r.host.Room(), "Eve"))
	var p Pending
	d.next(KPending, &p)
	if !strings.Contains(p.Text, "Eve") || len(r.host.Pending()) != 1 {
		t.Fatalf("after the lockout: %+v, %v", p, r.host.Pending())
	}
}
