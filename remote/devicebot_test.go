//go:build !js

package remote

import (
	"context"
	"testing"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/rules"
)

// TestDeviceBotSearchesAsTheHostWould: a device playing its seat with the
// easy bot (join -bot easy) asks the host for its seat's information and
// decides exactly what the host's own easy bot, with the same seed, decides
// at every one of its turns; another device asking for a seat it does not
// hold is refused.
func TestDeviceBotSearchesAsTheHostWould(t *testing.T) {
	// Not parallel: it paces the device's bot faster, and the host lets it.
	defer func(d time.Duration) { botInterval = d }(botInterval)
	botInterval = time.Millisecond
	gm := game{mapName: "standard", names: []string{"Ann", "Ben"}, players: []string{gamefile.SeatRemote, gamefile.SeatRemote}, seed: 31}
	r := newRig(t, gm, HostOptions{AdmitAuto: true, Rate: 2000, Burst: 2000})
	ann := r.join("Ann", "crown", ClientOptions{})
	ben := r.join("Ben", "torch", ClientOptions{})
	if _, err := ben.Information(0); err == nil {
		t.Fatal("Ben's device was told Ann's seat's information")
	}
	ctx := ctxFor(t)
	errs := make(chan error, 2)
	go func() { errs <- PlayBot(ctx, ann, bots.Easy, 7) }()
	go func() { errs <- PlayBot(ctx, ben, bots.Random, 3) }()
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	var g *rules.Game
	r.m.Do(func(x *rules.Game) { g = x.Clone() })
	if !g.Over() {
		t.Fatal("the bots stopped before the end")
	}
	turns := 0
	for i, a := range g.Actions() {
		if a.Seat != 0 {
			continue
		}
		at, err := g.At(i)
		if err != nil {
			t.Fatal(err)
		}
		d, err := bots.Decide(context.Background(), at.Information(0), bots.Easy, 7)
		if err != nil {
			t.Fatal(err)
		}
		if d.Action.Canonical() != a.Canonical() {
			t.Fatalf("action %d: the device's bot played %q, the host's would play %q", i, a.Format(g.Map()), d.Action.Format(g.Map()))
		}
		turns++
	}
	if turns < 10 {
		t.Fatalf("only %d turns of the device's bot compared", turns)
	}
}
