//go:build !js

package app

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"notrueking/live"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/spectate"
	"notrueking/ui"
)

// TestSpectateLink: a spectator window follows a game a window hosts, by
// its spectator link: the public table only (its table answers for no
// seat, and its views are the host engine's public view), each bot move
// as it comes, the -overlay file rewritten from the public view; when the
// host stops letting spectators watch, the window says the link ended and
// keeps the last position.
func TestSpectateLink(t *testing.T) {
	t.Parallel()                                           // draws nothing (TestMain)
	host, lg := hostApp(t, 8, 5*time.Millisecond, 1, 2, 2) // Ann at a device, Ben and Cy random bots
	defer lg.Close()
	wl := lg.Hosting().WatchLink()
	if !strings.Contains(wl, "/?watch=") || !spectate.IsLink(wl) || spectate.IsLink(lg.Hosting().Link()) {
		t.Fatalf("the spectator link %q (join link %q)", wl, lg.Hosting().Link())
	}
	ov := filepath.Join(t.TempDir(), "overlay.json")
	s := spectate.Watch(wl)
	defer s.Close()
	a, err := newSpectatorApp(Options{Overlay: ov}, s)
	if err != nil {
		t.Fatal(err)
	}
	g := game(host)
	now := time.Now()
	wait(t, "the spectator's first position", func() bool {
		tick(host, now)
		tick(a, now)
		return tbl(a) != nil
	})
	if _, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return strings.HasPrefix(w.Text, "Following the game hosted at 127.0.0.1:") }); !ok {
		t.Fatal("the spectator's panel does not name the host it follows")
	}
	// Ann's seat waits for a device: the bots cannot move past her first
	// decision, so the game is where it starts. Ann's seat is played by
	// hand at the host's engine; the spectator follows each action.
	m := matchOf(lg)
	at := func() (n int, toAct rules.Seat, pub string, overlay []byte) {
		m.Do(func(*rules.Game) {
			n, toAct = g.Len(), g.ToAct()
			b, _ := json.Marshal(g.View(rules.Public))
			pub = string(b)
			overlay, _, _ = session.OverlayFiles(rules.DeskOf(g))
		})
		return
	}
	for i := 0; i < 6; i++ {
		if _, toAct, _, _ := at(); toAct == 0 {
			if _, err := m.Desk(0).Apply(m.Desk(0).LegalFor(0)[0]); err != nil {
				t.Fatal(err)
			}
		}
		var pub string
		var overlay []byte
		wait(t, "the spectator to follow", func() bool {
			now = time.Now()
			tick(host, now)
			tick(a, now)
			n, toAct, p, o := at()
			pub, overlay = p, o
			// The table reads the client, which learns a change before the
			// window's next tick shows it and rewrites the overlay: both
			// are waited for.
			got, _ := os.ReadFile(ov)
			return toAct == 0 && tbl(a).Game().Len() == n && string(got) == string(o)
		})
		d := tbl(a).Game()
		for seat := range g.Seats() {
			if d.Holds(rules.Seat(seat)) || d.LegalFor(rules.Seat(seat)) != nil {
				t.Fatalf("the spectator's table answers for seat %d", seat)
			}
			if b, _ := json.Marshal(d.View(rules.Seat(seat))); string(b) != pub {
				t.Fatalf("the spectator's view of seat %d is not the public view:\n%s\n%s", seat, b, pub)
			}
		}
		if got, _ := os.ReadFile(ov); string(got) != string(overlay) {
			t.Fatalf("the overlay after %d actions:\n%s\nwant\n%s", d.Len(), got, overlay)
		}
	}
	n := tbl(a).Game().Len()
	if n < 6 {
		t.Fatalf("the spectator followed %d actions, want Ann's six and the bots' between", n)
	}
	lg.Hosting().Host().SetSpectators(false)
	wait(t, "the spectator to see its link end", func() bool {
		tick(a, now)
		st, _ := s.Status()
		return st == "the link ended"
	})
	if st, why := s.Status(); !strings.Contains(why, "stopped letting spectators") || tbl(a).Game().Len() != n {
		t.Fatalf("after the host turned spectators off: %q %q, %d actions shown (had %d)", st, why, tbl(a).Game().Len(), n)
	}
}

// hostApp is a window hosting a game of Ann, Ben and Cy (seed), its
// seats set from the start screen: presses[i] presses of seat i's button
// (1: Remote, 2: the random bot).
func hostApp(t *testing.T, seed uint64, pause time.Duration, presses ...int) (*App, *live.Game) {
	t.Helper()
	host := mustApp(t, Options{Saves: tempStore(t), Players: []string{"Ann", "Ben", "Cy"}, Seed: seed, SeedSet: true, HostAddr: "127.0.0.1:0", BotPause: pause}, defaultNewGame)
	pressCmd(t, host, ui.Command{Kind: ui.CmdNetwork})
	for s, n := range presses {
		for range n {
			pressCmd(t, host, ui.Command{Kind: ui.CmdSeatLevel, N: s})
		}
	}
	host.handle(ui.Input{Enter: true})
	lg := playing(host)
	if lg == nil || lg.Hosting() == nil {
		t.Fatalf("no hosted game: %s", homeMsg(host))
	}
	return host, lg
}

// TestCleanSpectatorNamesNoAddress: a stream's spectator window (-clean,
// the page's clean=1) follows a hosted game by its link with no widget —
// text or tooltip — naming the host's address or the link, while it waits
// and once it follows.
func TestCleanSpectatorNamesNoAddress(t *testing.T) {
	t.Parallel()                                           // draws nothing (TestMain)
	host, lg := hostApp(t, 9, 5*time.Millisecond, 1, 2, 2) // Ann at a device, Ben and Cy random bots
	defer lg.Close()
	wl := lg.Hosting().WatchLink()
	u, err := url.Parse(wl)
	if err != nil {
		t.Fatal(err)
	}
	s := spectate.Watch(wl)
	defer s.Close()
	a, err := newSpectatorApp(Options{Clean: true}, s)
	if err != nil {
		t.Fatal(err)
	}
	leaks := func(where string) {
		t.Helper()
		a.rebuild()
		for _, w := range a.f.ws {
			for _, s := range []string{w.Text, w.Tip} {
				if strings.Contains(s, u.Host) || strings.Contains(s, u.Hostname()) || strings.Contains(s, "?watch=") {
					t.Fatalf("%s: a widget names the host: %q", where, s)
				}
			}
		}
	}
	leaks("waiting")
	now := time.Now()
	wait(t, "the spectator's first position", func() bool {
		tick(host, now)
		tick(a, now)
		return tbl(a) != nil
	})
	if _, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.Text == "Following the hosted game" }); !ok {
		t.Fatal("the clean spectator does not say it follows the hosted game")
	}
	leaks("following")
}
