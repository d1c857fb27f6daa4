//go:build !js

package remote

import (
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/rules"
)

// TestLostWelcomeCostsNothing: a device admitted whose link drops before
// its welcome arrives comes back by the token it proposed in its hello —
// without asking again and without the seat being lost — while another
// device proposing a token opens nothing, and the proposal counts as no
// wrong token.
func TestLostWelcomeCostsNothing(t *testing.T) {
	t.Parallel()
	gm := game{mapName: "standard", names: []string{"Ann", "Ben"}, players: []string{gamefile.SeatRemote, gamefile.SeatRemote}, seed: 3}
	r := newRig(t, gm, HostOptions{AdmitAuto: true})
	proposed := newToken()
	h := hello(r.host.Room(), "Ann")
	h.Seat, h.NewToken = "crown", proposed
	d := r.raw()
	d.send(h)
	// The host admits it; the device never reads its welcome.
	for {
		ps := r.host.Presence()
		if ps[0].Device == "Ann" {
			break
		}
		time.Sleep(time.Millisecond)
	}
	d.ws.CloseNow()
	// The same hello again: the seat comes back at once.
	again := r.raw()
	again.send(h)
	var w Welcome
	again.next(KWelcome, &w)
	if len(w.Seats) != 1 || w.Seats[0] != 0 || w.Token != "" {
		t.Fatalf("the device came back to seats %v with token %q; want Ann's seat, its own token kept", w.Seats, w.Token)
	}
	if hashToken(proposed) != r.host.Tokens()[0] {
		t.Fatal("the host keeps another token than the one the device proposed")
	}
	// Another device proposing a token of its own waits for Ben's seat;
	// five proposals lock nothing out.
	for i := range 6 {
		o := hello(r.host.Room(), "Ben")
		o.Seat, o.NewToken = "torch", newToken()
		x := r.raw()
		x.send(o)
		if i == 0 {
			var w2 Welcome
			x.next(KWelcome, &w2)
			if len(w2.Seats) != 1 || w2.Seats[0] != rules.Seat(1) {
				t.Fatalf("Ben's device was given %v", w2.Seats)
			}
		} else {
			var ref Refused
			x.next(KRefused, &ref)
			if ref.Retry {
				t.Fatalf("a proposed token counted as a wrong one: %q", ref.Text)
			}
		}
	}
}
