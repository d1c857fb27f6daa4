//go:build !js

package hosting

import (
	"context"
	"strings"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/internal/tabletest"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
)

// waitFor polls done for a few seconds of real time (a device talks to
// the host over a real socket).
func waitFor(t *testing.T, what string, done func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(2 * time.Millisecond) {
		if done() {
			return
		}
	}
	t.Fatalf("waited in vain for %s", what)
}

// has reports whether some widget of ws satisfies pred.
func has(ws []ui.Widget, pred func(ui.Widget) bool) bool {
	_, ok := ui.Find(ws, pred)
	return ok
}

// hosted is a match of Ann (at this screen), Ben (at a device) and Cy (a
// bot) served on the local address, and the window's table of it; both
// close when the test ends.
func hosted(t *testing.T) (*session.Match, *Hosting, *table.Table) {
	t.Helper()
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	m := session.NewMatch(g, session.MatchOptions{Players: []string{gamefile.SeatHuman, gamefile.SeatRemote, "random"}, Pause: time.Millisecond})
	m.Start()
	t.Cleanup(m.Close)
	hn, err := Start(m, nil, []rules.Seat{0}, Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hn.Close)
	return m, hn, table.New(m.Desk(0, 2), table.Options{})
}

// TestHostingAdmitsADevice: a match of Ann (at this screen), Ben (at a
// device) and Cy (a bot) served on the local address. The panel shows the
// link's QR code and a row per seat with the host's buttons; the chip
// counts no device on. A device that asks shows in the bar over the board
// with its name; admitted, it plays Ben's seat, the chip counts it, and
// its own panel (at the device) names its seat with no host's button.
// Spectators and a seat handed to a bot follow the host's commands.
func TestHostingAdmitsADevice(t *testing.T) {
	m, hn, u := hosted(t)

	panel := Panel(u, hn, nil, "")
	if !has(panel, func(w ui.Widget) bool { return w.Kind == ui.WQR && w.Text == hn.Link() }) {
		t.Fatal("the panel shows no QR code of the join link")
	}
	for _, c := range []ui.Command{{Kind: ui.CmdGiveSeat, N: 1, ID: "easy"}, {Kind: ui.CmdGiveSeat, N: 2, ID: gamefile.SeatRemote}, {Kind: ui.CmdSpectators}} {
		if !has(panel, func(w ui.Widget) bool { return w.T.Cmd == c }) {
			t.Errorf("the host's panel has no button for %+v", c)
		}
	}
	if chip := hn.Chip(u); chip.Text != "Hosting: 0 of 1 device on" || chip.Fill != ui.ColWarn {
		t.Errorf("the chip with no device: %q on %v", chip.Text, chip.Fill)
	}
	if bar := hn.Admission(u); bar != nil {
		t.Fatalf("an admission bar while nobody asks: %+v", bar)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cl, err := remote.Dial(ctx, hn.Link(), remote.ClientOptions{Name: "Ben's phone"})
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	waitFor(t, "the device to ask", func() bool { return hn.Changed(time.Now()) && len(hn.Host().Pending()) == 1 })
	bar := hn.Admission(u)
	if !has(bar, func(w ui.Widget) bool {
		return strings.Contains(w.Text, "Ben's phone") && strings.Contains(w.Text, "asks to play Ben (Torch)")
	}) {
		t.Fatalf("the bar does not say who asks for which seat: %+v", bar)
	}
	admit, ok := ui.Find(bar, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdAdmit })
	if !ok || admit.Disabled {
		t.Fatal("no Admit button for a free seat")
	}
	if !IsCommand(admit.T.Cmd) || hn.Do(admit.T.Cmd) != nil {
		t.Fatal("Admit was refused")
	}
	waitFor(t, "the device's table", func() bool { return cl.Ready() && hn.Presence()[1].Connected })
	if chip := hn.Chip(u); chip.Text != "Hosting: 1 of 1 device on" || chip.Fill == ui.ColWarn {
		t.Errorf("the chip with the device on: %q on %v", chip.Text, chip.Fill)
	}
	waitFor(t, "the device to learn who plays each seat", func() bool { return len(cl.Presence().Seats) == 3 })
	ps, bots := Seats(cl.Presence(), 3)
	if !ps[1].Remote || !ps[1].Connected || bots[2] != "random" || bots[0] != "" || bots[1] != "" {
		t.Fatalf("who plays each seat, as the device reads it: %+v, bots %q", ps, bots)
	}
	dev := Panel(table.New(cl, table.Options{}), nil, cl, hn.Link())
	if !has(dev, func(w ui.Widget) bool { return w.Text == "this device" }) || has(dev, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdGiveSeat }) {
		t.Fatal("the device's panel does not name its own seat, or offers the host's buttons")
	}

	on := hn.Host().Spectators()
	if err := hn.Do(ui.Command{Kind: ui.CmdSpectators}); err != nil || hn.Host().Spectators() == on {
		t.Fatalf("the spectators' switch: %v, on %v", err, hn.Host().Spectators())
	}
	if err := hn.Do(ui.Command{Kind: ui.CmdGiveSeat, N: 1, ID: "easy"}); err != nil || m.Players()[1] != "easy" {
		t.Fatalf("Ben's seat to the easy bot: %v, seats %v", err, m.Players())
	}
	if IsCommand(ui.Command{Kind: ui.CmdUndo}) {
		t.Error("Undo taken for a host's command")
	}
}

// TestPanelSetsTheTableRules: a hosted game starts with the default
// leaver rule; the network panel's button goes through the rules in turn
// (to "wait for them" and back), and its talk button hides the table's
// talk from spectators and shows it again — each said on its button.
func TestPanelSetsTheTableRules(t *testing.T) {
	_, hn, u := hosted(t)
	h := hn.Host()
	if h.AwayBot() != remote.DefaultAwayBot {
		t.Fatalf("a hosted window starts with the leaver rule %v, want %v", h.AwayBot(), remote.DefaultAwayBot)
	}
	button := func(kind ui.CmdKind) ui.Widget {
		w, ok := ui.Find(Panel(u, hn, nil, ""), func(w ui.Widget) bool { return w.T.Cmd.Kind == kind })
		if !ok {
			t.Fatalf("the panel has no button for %v", kind)
		}
		return w
	}
	if got := button(ui.CmdAwayBot).Text; got != "Away seats: easy bot after 2 minutes" {
		t.Fatalf("the leaver rule's button reads %q", got)
	}
	seen := map[remote.AwayBot]bool{}
	for range len(awayRules) {
		if err := hn.Do(ui.Command{Kind: ui.CmdAwayBot}); err != nil {
			t.Fatal(err)
		}
		seen[h.AwayBot()] = true
		if h.AwayBot().After == 0 && button(ui.CmdAwayBot).Text != "Away seats: wait for them" {
			t.Fatalf("the rule off reads %q", button(ui.CmdAwayBot).Text)
		}
	}
	if len(seen) != len(awayRules) || h.AwayBot() != remote.DefaultAwayBot {
		t.Fatalf("the button went through %d rules and ended on %v", len(seen), h.AwayBot())
	}
	on := h.SpectatorTalk()
	if err := hn.Do(ui.Command{Kind: ui.CmdSpectatorTalk}); err != nil || h.SpectatorTalk() == on {
		t.Fatalf("the talk button left spectator talk %v (%v)", h.SpectatorTalk(), err)
	}
	if want := map[bool]string{true: "Spectators read talk: yes", false: "Spectators read talk: no"}[h.SpectatorTalk()]; button(ui.CmdSpectatorTalk).Text != want {
		t.Fatalf("the talk button reads %q, want %q", button(ui.CmdSpectatorTalk).Text, want)
	}
	if err := h.SetAwayBot(remote.AwayBot{After: time.Minute, Level: "grandmaster"}); err == nil || h.AwayBot() != remote.DefaultAwayBot {
		t.Fatalf("a level no bot has was taken (%v): %v", err, h.AwayBot())
	}
}
