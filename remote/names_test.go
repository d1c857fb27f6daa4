//go:build !js

package remote

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/rules"
)

// TestDevicesNameTheirSeats: a device's name becomes its seat's player's
// name — a name action in the game, so the record replays it — which
// every device learns as a name update; a device that comes back under
// the same name changes nothing. A host that named the seats keeps its
// names, and a device that gives one of them (in any case) and asks for
// no seat gets that seat.
func TestDevicesNameTheirSeats(t *testing.T) {
	t.Parallel()
	gm := game{"standard", rules.Plain, gamefile.DefaultNames(3), []string{"remote", "remote", "remote"}, 41}
	r := newRig(t, gm, HostOptions{AdmitAuto: true})
	ids := newGame(t, gm).Seats()
	ann := r.join("  Ann   Lee ", ids[0], ClientOptions{})
	seq := ann.Seq()
	ben := r.join("Ben", ids[1], ClientOptions{})
	r.waitChange(ann, seq, func(c feed.Change) bool { return c.Kind == feed.Name && c.Seat == 1 })
	var names []string
	var record bytes.Buffer
	r.m.Do(func(g *rules.Game) {
		names = g.Names()
		rules.RecordOf(g).Write(&record)
	})
	if !slices.Equal(names, []string{"Ann Lee", "Ben", "Carol"}) {
		t.Fatalf("the game's names: %q", names)
	}
	if !strings.Contains(record.String(), "\ncrown name Ann Lee\ntorch name Ben\n") {
		t.Fatalf("the record:\n%s", record.String())
	}
	back, err := rules.ParseRecord(&record)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := rules.Replay(newGame(t, gm).Map(), back)
	if err != nil || !slices.Equal(g.Names(), names) {
		t.Fatalf("the record replays names %q (%v)", g.Names(), err)
	}
	for _, c := range []*Client{ann, ben} {
		if got := c.View(rules.Public).Players[1].Name; got != "Ben" {
			t.Fatalf("a device names seat 1 %q", got)
		}
	}
	// Ben's link drops and comes back by its token, under the same name:
	// no second name action.
	v := r.m.Version()
	ben.dropLink()
	r.waitChange(ben, ben.Seq(), func(c feed.Change) bool { return c.Kind == feed.Resync })
	if r.m.Version() != v {
		t.Fatalf("coming back under the same name moved the game from version %d to %d", v, r.m.Version())
	}

	// A host that named its seats.
	gm2 := game{"standard", rules.Plain, []string{"Ann", "Ben", "Cy"}, []string{"remote", "remote", "remote"}, 42}
	r2 := newRig(t, gm2, HostOptions{AdmitAuto: true, NamedSeats: true})
	cy := r2.join("cy", "", ClientOptions{})
	other := r2.join("Zed", "", ClientOptions{})
	if h := cy.Held(); len(h) != 1 || h[0] != 2 {
		t.Fatalf("Cy asking for no seat holds %v", h)
	}
	if h := other.Held(); len(h) != 1 || h[0] != 0 {
		t.Fatalf("Zed asking for no seat holds %v (the first free one)", h)
	}
	r2.m.Do(func(g *rules.Game) { names = g.Names() })
	if !slices.Equal(names, []string{"Ann", "Ben", "Cy"}) {
		t.Fatalf("the host's names became %q", names)
	}

	// A window's host named its own seat and left the others' defaults:
	// a device asking by the host's name gets that seat and keeps it; a
	// device in a seat left with its default name names it.
	gm3 := game{"standard", rules.Plain, []string{"Ann", "Bob", "Carol"}, []string{"remote", "remote", "remote"}, 43}
	r3 := newRig(t, gm3, HostOptions{AdmitAuto: true, NamedSeats: true})
	r3.join("Ben's phone", ids[1], ClientOptions{}) // named before its welcome
	annd := r3.join("ANN", "", ClientOptions{})
	if h := annd.Held(); len(h) != 1 || h[0] != 0 {
		t.Fatalf("ANN asking for no seat holds %v, want the host's Ann's", h)
	}
	r3.m.Do(func(g *rules.Game) { names = g.Names() })
	if !slices.Equal(names, []string{"Ann", "Ben's phone", "Carol"}) {
		t.Fatalf("the names with one seat the host's: %q", names)
	}
}

// TestANameAGameCannotTakeIsRefused: a device's name with an invisible
// character, or too long, is refused at its hello with the reason.
func TestANameAGameCannotTakeIsRefused(t *testing.T) {
	for _, bad := range []string{"Ann\u200b", strings.Repeat("n", MaxName+1), "\u202eAnn"} {
		if _, err := cleanName(bad); err == nil {
			t.Errorf("%q was taken", bad)
		}
	}
	if got, err := cleanName("  Ann \t Lee "); err != nil || got != "Ann Lee" {
		t.Errorf("a name with spaces: %q %v", got, err)
	}
}
