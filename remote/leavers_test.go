//go:build !js

package remote

import (
	"strings"
	"testing"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/rules"
)

// TestALeaversSeatIsPlayedByTheBotUntilTheyReturn: a device leaves in the
// middle of the game; after the host's grace the away bot plays its seat
// (every device is told so) and the game goes on; the device comes back by
// its token and plays its seat again, told to every device.
func TestALeaversSeatIsPlayedByTheBotUntilTheyReturn(t *testing.T) {
	t.Parallel()
	gm := game{"standard", rules.Plain, []string{"Ann", "Ben", "Cy"}, []string{"remote", "remote", "remote"}, 51}
	r := newRig(t, gm, HostOptions{AdmitAuto: true, NamedSeats: true, AwayBot: AwayBot{After: 150 * time.Millisecond, Level: "random"}})
	ids := newGame(t, gm).Seats()
	var cls []*Client
	for i, n := range []string{"Ann", "Ben", "Cy"} {
		cls = append(cls, r.join(n, ids[i], ClientOptions{Backoff: time.Hour}))
	}
	ann, ben := cls[0], cls[1]
	// Ben's device goes away for good (it never retries on its own).
	seq := ann.Seq()
	ben.dropLink()
	notice := r.waitChange(ann, seq, func(c feed.Change) bool { return c.Kind == feed.Notice && strings.Contains(c.Text, "Ben is away") })
	if notice.Text != "Ben is away: the random bot plays Torch until they return." {
		t.Fatalf("the notice: %q", notice.Text)
	}
	if p := r.m.Players(); p[1] != "random" {
		t.Fatalf("Torch is played by %q", p[1])
	}
	if pr := r.host.Presence(); pr[1].Kind != "random" || !pr[1].StandIn || pr[1].Device != "Ben" || pr[1].AwaySince == 0 {
		t.Fatalf("Torch's presence: %+v", pr[1])
	}
	// The game goes on: the others play and the bot plays Torch's
	// decisions (the rig's bot goroutine ticks the match).
	before, byBot := r.m.Version(), 0
	for i := 0; i < 12 && !r.m.Over(); i++ {
		var toAct rules.Seat
		r.m.Do(func(g *rules.Game) { toAct = g.ToAct() })
		if toAct == 1 {
			r.botMove()
			byBot++
			continue
		}
		c := cls[toAct]
		r.caughtUp(c, r.m.Version())
		if _, err := c.Apply(c.Legal()[0]); err != nil {
			t.Fatalf("%s: %v", c.Players()[toAct], err)
		}
	}
	if r.m.Version() != before+12 || byBot == 0 {
		t.Fatalf("the game went from version %d to %d, %d moves by the bot for Ben", before, r.m.Version(), byBot)
	}
	// Ben comes back by his token.
	seq = ann.Seq()
	back := r.join("Ben", ids[1], ClientOptions{Token: ben.Token()})
	if h := back.Held(); len(h) != 1 || h[0] != 1 {
		t.Fatalf("Ben came back to %v", h)
	}
	r.waitChange(ann, seq, func(c feed.Change) bool {
		return c.Kind == feed.Notice && c.Text == "Ben is back and plays Torch again."
	})
	if p := r.m.Players(); p[1] != gamefile.SeatRemote {
		t.Fatalf("Torch is played by %q after Ben came back", p[1])
	}
	if pr := r.host.Presence(); pr[1].StandIn || !pr[1].Connected {
		t.Fatalf("Torch's presence after Ben came back: %+v", pr[1])
	}
}

// TestAHostRestartedFromASaveKnowsItsStandIns: a bot seat whose device's
// token the save kept is a stand-in after a restart: the device comes back
// to it by its token.
func TestAHostRestartedFromASaveKnowsItsStandIns(t *testing.T) {
	t.Parallel()
	gm := game{"standard", rules.Plain, []string{"Ann", "Ben"}, []string{"remote", "easy"}, 52}
	tok := newToken()
	r := newRig(t, gm, HostOptions{Tokens: []string{"", hashToken(tok)}})
	if pr := r.host.Presence(); !pr[1].StandIn || pr[1].Kind != "easy" {
		t.Fatalf("the restarted host's seat 1: %+v", pr[1])
	}
	ids := newGame(t, gm).Seats()
	ben := r.join("Ben", ids[1], ClientOptions{Token: tok})
	if h := ben.Held(); len(h) != 1 || h[0] != 1 || r.m.Players()[1] != gamefile.SeatRemote {
		t.Fatalf("Ben holds %v; seat 1 is played by %q", h, r.m.Players()[1])
	}
}

func TestParseAwayBot(t *testing.T) {
	for in, want := range map[string]AwayBot{"90s,easy": {90 * time.Second, "easy"}, "2m": {2 * time.Minute, "easy"},
		"off": {}, " 5m , strong ": {5 * time.Minute, "strong"}} {
		got, err := ParseAwayBot(in)
		if err != nil || got != want {
			t.Errorf("%q: %+v %v", in, got, err)
		}
		if want.After > 0 {
			if back, _ := ParseAwayBot(got.String()); back != got {
				t.Errorf("%q does not read back: %q", in, got.String())
			}
		}
	}
	for _, bad := range []string{"soon", "-1m,easy", "2m,genius", ""} {
		if _, err := ParseAwayBot(bad); err == nil {
			t.Errorf("%q was taken", bad)
		}
	}
}
