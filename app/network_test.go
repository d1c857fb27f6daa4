//go:build !js

package app

import (
	"encoding/json"
	randv2 "math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"notrueking/feed"
	"notrueking/internal/byclicks"
	"notrueking/live"
	"notrueking/rules"
	"notrueking/store"
	"notrueking/ui"
)

// TestHostAndJoinWindowsPlayARound: a window hosts a game from its start
// screen ("Host on network", Ben's seat Remote, Cy's a bot) and a second
// window joins it from the link the network panel shows. The host admits
// the device from the bar over its board; then Ann (at the host) and Ben
// (at the device) play a whole round by clicks while the bot plays Cy.
// After every change each window's table shows what its seats may know:
// the device's views deep-equal the host's engine's for Ben and for the
// public, and it never answers for Ann's or Cy's seat.
func TestHostAndJoinWindowsPlayARound(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	host := mustApp(t, Options{Saves: tempStore(t), Players: []string{"Ann", "Ben", "Cy"}, Seed: 5, SeedSet: true, HostAddr: "127.0.0.1:0", BotPause: 10 * time.Millisecond}, defaultNewGame)
	pressCmd(t, host, ui.Command{Kind: ui.CmdNetwork})
	pressCmd(t, host, ui.Command{Kind: ui.CmdSeatLevel, N: 1}) // Human → Remote
	for range 2 {
		pressCmd(t, host, ui.Command{Kind: ui.CmdSeatLevel, N: 2}) // Human → Remote → Random bot
	}
	host.handle(ui.Input{Enter: true})
	lg := playing(host)
	if lg == nil || lg.Hosting() == nil {
		t.Fatalf("no hosted game: %s", homeMsg(host))
	}
	defer lg.Close()
	if _, ok := host.mgr.cur.(*netScene); !ok {
		t.Fatalf("a hosted game opens on %T, want the network panel (its link first)", host.mgr.cur)
	}
	link := lg.Hosting().Link()
	if _, ok := ui.Find(host.f.ws, func(w ui.Widget) bool { return w.Kind == ui.WQR && w.Text == link }); !ok {
		t.Fatal("the network panel shows no QR code of the link")
	}
	host.handle(ui.Input{Escape: true})

	prefs := store.NewKVPrefs(&mapKV{m: map[string]string{}})
	dev := mustApp(t, Options{Join: link, JoinName: "Ben's laptop", Prefs: prefs}, nil)
	dev.mgr.goTo(startJoin(dev))
	dev.rebuild()
	g := game(host)
	now := time.Now()
	// The device asks; the host admits it from the bar.
	// (The host's window learns of the request when the host tells it,
	// a moment after Pending has it: the bar is waited for.)
	var w ui.Widget
	wait(t, "the host to show the device asking", func() bool {
		tick(host, now)
		tick(dev, now)
		var ok bool
		w, ok = ui.Find(host.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdAdmit })
		return ok && len(lg.Hosting().Host().Pending()) == 1
	})
	host.press(w.T)
	wait(t, "the device's table", func() bool {
		tick(dev, now)
		return playing(dev) != nil
	})
	if tok, _, _ := prefs.Get(live.SeatTokenKey(link)); len(tok) != 32 {
		t.Fatalf("the device kept the token %q, want 128 bits in hex", tok)
	}
	cl, _ := playing(dev).Client()
	if h := cl.Held(); len(h) != 1 || h[0] != 1 {
		t.Fatalf("the device holds %v, want Ben's seat 1", h)
	}
	// The device's network panel names the game it joined and who plays
	// each seat, with no host's buttons.
	// (Who plays each seat comes in the host's presence message, a moment
	// after the device's table: it is waited for.)
	pressCmd(t, dev, ui.Command{Kind: ui.CmdNetPanel})
	wait(t, "the device's network panel to say which seat is its own", func() bool {
		tick(dev, now)
		dev.rebuild()
		_, ok := ui.Find(dev.f.ws, func(w ui.Widget) bool { return w.Text == "this device" })
		return ok
	})
	if _, ok := ui.Find(dev.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdGiveSeat || w.T.Cmd.Kind == ui.CmdAdmit }); ok {
		t.Fatal("the device's network panel offers the host's buttons")
	}
	pressCmd(t, dev, ui.Command{Kind: ui.CmdNetPanel})
	talkBetween(t, host, dev, now)
	hc, dc := newClicker(t, host), newClicker(t, dev)
	rng := randv2.New(randv2.NewPCG(5, 1))
	for g.View(rules.Public).Round < 2 && !g.Over() {
		now = now.Add(time.Second)
		// Both windows follow what the host tells them.
		wait(t, "the device to follow the host", func() bool {
			// The client may learn a change between the device's tick and
			// this check: it is read before the tick that follows it.
			caught := cl.Len() == g.Len()
			tick(host, now)
			tick(dev, now)
			return caught && cl.Len() == g.Len()
		})
		checkDevice(t, host, dev)
		if hd := tbl(host).Game(); hd.Holds(1) || hd.LegalFor(1) != nil || hd.View(1).Seat != rules.Public {
			t.Fatal("the host's window answers for Ben's seat, played at a device")
		}
		seat := g.ToAct()
		var c *clicker
		switch seat {
		case 0:
			c = hc
		case 1:
			c = dc
		default:
			m := matchOf(lg)
			n := g.Len()
			for noticeUp(host) {
				hc.clickWidget("continue", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDismiss })
			}
			for i := 0; i < 200 && g.Len() == n; i++ {
				now = now.Add(time.Second)
				if !tick(host, now) {
					m.WaitSearch()
				}
			}
			if g.Len() == n {
				t.Fatalf("the bot did not play Cy's seat (%T)", host.mgr.cur)
			}
			continue
		}
		legal := g.LegalFor(seat)
		pick := legal[rng.IntN(len(legal))]
		if pick.Verb == rules.VArrange {
			pick = rules.RandomArrangement(pick, rng)
		}
		for noticeUp(c.a) {
			c.clickWidget("continue", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDismiss })
		}
		c.lift()
		u := tbl(c.a)
		if u.Shown() != seat {
			t.Fatalf("seat %d to act, but its window shows seat %d (%T)", seat, u.Shown(), c.a.mgr.cur)
		}
		if pick.Verb == rules.VArrange {
			// A window lays out its seat's card a tick after it follows
			// the move before (the test failed now and then on an empty
			// one).
			wait(t, "the card laid out to arrange", func() bool {
				tick(c.a, now)
				return len(u.State().Arrange) > 0
			})
		}
		n := g.Len()
		byclicks.Play(u, pick, byclicks.Reach{Widget: c.clickWidget, Terr: c.clickTerr})
		if g.Len() != n+1 {
			t.Fatalf("seat %d's clicks for %q played nothing: %q", seat, pick.Format(g.Map()), u.State().Message)
		}
	}
	if g.View(rules.Public).Round < 2 && !g.Over() {
		t.Fatal("the round did not end")
	}
	// The tools that show every secret are off at the host's screen.
	openSandbox(host.ctx(), lg, host.mgr.cur)
	if sandboxUp(host) != nil {
		t.Fatal("the hosting window opened the sandbox, every seat's secrets in view")
	}
	if msg, _ := tbl(host).Message(); !strings.Contains(msg, "are off") {
		t.Fatalf("the refusal of the sandbox says %q", msg)
	}
}

// checkDevice compares the device's table with the host's engine: Ben's
// view and the public view equal the engine's (as the wire encodes them), and the device answers for
// no other seat.
func checkDevice(t *testing.T, host, dev *App) {
	t.Helper()
	g, d := game(host), tbl(dev).Game()
	var want, got rules.View
	matchOf(playing(host)).Do(func(*rules.Game) {
		want = g.View(1)
	})
	got = d.View(1)
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if string(a) != string(b) {
		t.Fatalf("after %d actions the device's view of Ben's seat differs from the host's:\n%s\n%s", g.Len(), a, b)
	}
	a, _ = json.Marshal(d.View(rules.Public))
	b, _ = json.Marshal(g.View(rules.Public))
	if string(a) != string(b) {
		t.Fatalf("after %d actions the device's public view differs from the host's", g.Len())
	}
	for _, s := range []rules.Seat{0, 2} {
		if v := d.View(s); v.Seat != rules.Public || d.LegalFor(s) != nil {
			t.Fatalf("the device answered for seat %d", s)
		}
	}
}

// wait ticks until done, at most a few seconds of real time (the host and
// the device talk over a real socket).
func wait(t *testing.T, what string, done func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); {
		if done() {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("waited in vain for %s", what)
}

// mapKV is a store.KV in memory (the browser's storage, or a test's).
type mapKV struct{ m map[string]string }

func (k *mapKV) Get(name string) (string, bool, error) { v, ok := k.m[name]; return v, ok, nil }
func (k *mapKV) Set(name, value string) error          { k.m[name] = value; return nil }
func (k *mapKV) Remove(name string) error              { delete(k.m, name); return nil }
func (k *mapKV) Keys() ([]string, error) {
	var out []string
	for n := range k.m {
		out = append(out, n)
	}
	return out, nil
}

// TestRemoteSeatFromTheCommandLine: -bots human,remote starts a game the
// window hosts (the start screen's toggle on), Ben's seat waiting for a
// device, Ann's at this screen.
func TestRemoteSeatFromTheCommandLine(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{Saves: tempStore(t), Players: []string{"Ann", "Ben"}, Bots: []int{Human, Remote}, HostAddr: "127.0.0.1:0"}, defaultNewGame)
	if !a.home.s.Next().Hosted {
		t.Fatal("a remote seat on the command line leaves the start screen's hosting off")
	}
	startOn(t, a)
	lg := playing(a)
	if lg == nil || lg.Hosting() == nil {
		t.Fatal("the game is not hosted")
	}
	defer lg.Close()
	if p := matchOf(lg).Players(); p[0] != "human" || p[1] != "remote" {
		t.Fatalf("the seats are played by %v", p)
	}
	if tbl(a).Game().Holds(1) || !tbl(a).Game().Holds(0) {
		t.Fatal("the window's desk holds the remote seat, or not the seat at its screen")
	}
}

// talkBetween has the device say a line to the table through its table's
// Talk (typed, Enter sends), which the host's window hears; then the
// host's seat whisper to the device's, which the device hears as a
// whisper. Both windows go back to their log.
func talkBetween(t *testing.T, host, dev *App, now time.Time) {
	t.Helper()
	heard := func(a *App, text string, whisper bool) func() bool {
		return func() bool {
			tick(a, now)
			return slices.ContainsFunc(tbl(a).Talk().Lines(), func(l feed.TalkLine) bool { return l.Text == text && l.Whisper() == whisper })
		}
	}
	say := func(a *App, to rules.Seat, text string) {
		t.Helper()
		pressCmd(t, a, ui.Command{Kind: ui.CmdTalk, N: 1})
		want := "To: the table"
		if to >= 0 {
			want = "Whisper: " + tbl(a).SeatName(to)
		}
		for range 10 {
			if ui.HasText(a.f.ws, want) {
				break
			}
			pressCmd(t, a, ui.Command{Kind: ui.CmdTalkTo})
		}
		pressCmd(t, a, ui.Command{Kind: ui.CmdTalkWrite})
		a.handle(ui.Input{Chars: []rune(text)})
		a.handle(ui.Input{Enter: true})
		if st := tbl(a).State(); st.Refusal {
			t.Fatalf("%q refused: %s", text, st.Message)
		}
	}
	say(dev, -1, "good luck, all")
	wait(t, "the host's window to hear the device", heard(host, "good luck, all", false))
	say(host, 1, "between us")
	wait(t, "the device to hear the host's whisper", heard(dev, "between us", true))
	if !ui.Shows(dev.f.ws, "(whisper): between us") {
		dev.rebuild()
	}
	if !ui.Shows(dev.f.ws, "(whisper): between us") {
		t.Fatal("the device's talk does not show the whisper")
	}
	if shotsWanted() { // the talk at both windows, to look at
		look(t, dev, "talk-device", 1280, 720)
		pressCmd(t, dev, ui.Command{Kind: ui.CmdTalkWrite})
		dev.handle(ui.Input{Chars: []rune("I am typing a line")})
		look(t, dev, "talk-device-typing", 1920, 1080)
		dev.handle(ui.Input{Escape: true})
		tick(host, now)
		look(t, host, "talk-host", 1280, 720)
	}
	for _, a := range []*App{host, dev} {
		pressCmd(t, a, ui.Command{Kind: ui.CmdTalk, N: 0})
	}
}
