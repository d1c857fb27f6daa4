//go:build !js

package hosting

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"notrueking/gamefile"
	"notrueking/internal/site"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// Hosting is a live game served on the network from a window.
type Hosting struct {
	srv *remote.Server
	// page: browsers can open the link (the host serves the page).
	page bool
	// dirty is set by the host's goroutines when who plays, who is
	// connected or who waits changed: the next frame reads them anew.
	dirty atomic.Bool
	// awaySec is the second the away times were last drawn at, while a
	// device is away (0: none is).
	awaySec int64
}

// Start serves match m on the network: here are the seats played at
// this screen; a continued game's room and devices' tokens come from its
// files f (nil: none), which keep them, so its devices come back by
// themselves.
func Start(m *session.Match, f *session.Files, here []rules.Seat, opts Options) (*Hosting, error) {
	hn := &Hosting{}
	// The names typed at the start screen are the host's; a seat left
	// with its default name takes its device's.
	o := remote.HostOptions{Match: m, Here: here, OnChange: func() { hn.dirty.Store(true) },
		Page: opts.Page, NoSpectators: opts.NoSpectators, NamedSeats: true, AwayBot: remote.DefaultAwayBot}
	if opts.AwayBot != nil {
		o.AwayBot = *opts.AwayBot
	}
	if f != nil {
		if hm := f.Host(); hm != nil {
			o.Room, o.Tokens = hm.Room, hm.Tokens
		}
		o.Keep = func(room string, tokens []string) {
			m.Do(func(*rules.Game) { f.KeepHost(room, tokens) })
		}
	}
	if o.Page == nil {
		// The page this program carries (a release's), if any.
		if s, err := site.Find(""); err == nil && s != nil {
			o.Page = s
		}
	}
	h, err := remote.NewHost(o)
	if err != nil {
		return nil, err
	}
	if o.Keep != nil {
		o.Keep(h.Room(), h.Tokens())
	}
	srv, err := remote.Listen(h, opts.Addr)
	if err != nil {
		h.Close()
		return nil, fmt.Errorf("the game cannot be hosted: %v", err)
	}
	hn.srv, hn.page = srv, o.Page != nil
	return hn, nil
}

// Close stops serving (the devices are told the host went away).
func (hn *Hosting) Close() {
	if hn != nil && hn.srv != nil {
		hn.srv.Close()
	}
}

// Host is the remote.Host served.
func (hn *Hosting) Host() *remote.Host { return hn.srv.Host() }

// Link is the join link; WatchLink the spectator link.
func (hn *Hosting) Link() string      { return hn.srv.Link() }
func (hn *Hosting) WatchLink() string { return hn.srv.WatchLink() }

// Presence is the table's presence of every seat, as of now.
func (hn *Hosting) Presence() []table.Presence {
	ps := hn.Host().Presence()
	out := make([]table.Presence, len(ps))
	for i, p := range ps {
		if p.Kind == gamefile.SeatRemote {
			out[i] = presence(p)
		}
	}
	return out
}

// Changed reports whether the presence or the requests changed since
// they were last read (the host said so), or, while a device is away, its
// away time's second did; it reads them only then, not every frame.
func (hn *Hosting) Changed(now time.Time) bool {
	if !hn.dirty.Swap(false) && (hn.awaySec == 0 || now.Unix() == hn.awaySec) {
		return false
	}
	hn.awaySec = 0
	for _, p := range hn.Host().Presence() {
		if p.AwaySince > 0 {
			hn.awaySec = now.Unix()
		}
	}
	return true
}

// Do carries out a host's command (IsCommand) and returns why it was
// refused.
func (hn *Hosting) Do(cmd ui.Command) error {
	h := hn.Host()
	switch cmd.Kind {
	case ui.CmdAdmit:
		for _, r := range h.Pending() {
			if r.ID == cmd.N {
				return h.Admit(r.ID, h.SeatFor(r))
			}
		}
	case ui.CmdRefuse:
		return h.Refuse(cmd.N, "")
	case ui.CmdGiveSeat:
		return h.Free(rules.Seat(cmd.N), cmd.ID)
	case ui.CmdSpectators:
		h.SetSpectators(!h.Spectators())
	case ui.CmdSpectatorTalk:
		h.SetSpectatorTalk(!h.SpectatorTalk())
	case ui.CmdAwayBot:
		return h.SetAwayBot(nextAwayRule(h.AwayBot()))
	}
	return nil
}

// Admission is the bar over the board's top of table u while a device
// waits to be admitted: "Ann (192.168.1.7) asks to play Torch — Admit /
// Refuse" for the oldest request, and how many more wait (nil while none
// does).
func (hn *Hosting) Admission(u *table.Table) []ui.Widget {
	rs := hn.Host().Pending()
	if len(rs) == 0 {
		return nil
	}
	r := rs[0]
	l := u.Layout()
	b := l.Board
	// Over the board's top — and the log's, where the log stands beside
	// a narrow board — so that the request reads whole.
	right := b.X + b.W
	if l.LogColumn() {
		right = l.Log.X + l.Log.W
	}
	bar := ui.Rect{X: b.X + 8, Y: b.Y + 8, W: right - b.X - 16, H: 52}
	seat := hn.Host().SeatFor(r)
	what := "a seat, but none is free (hand one to Remote in the network panel, F4)"
	if seat >= 0 {
		what = seatName(u, seat)
	}
	text := fmt.Sprintf("%s (%s) asks to play %s", r.Name, r.Addr, what)
	if len(rs) > 1 {
		text += fmt.Sprintf(" · %d more waiting", len(rs)-1)
	}
	ad := ui.Button(ui.Rect{X: bar.X + bar.W - 250, Y: bar.Y + 8, W: 116, H: 36}, "Admit", ui.CmdTarget(ui.Command{Kind: ui.CmdAdmit, N: r.ID}))
	ad.Fill, ad.Size = ui.ColOK, 16
	ad.Tip = "Let this device in: it plays that seat from now on, and takes it back by itself if its link drops or this game is continued later."
	ad.Disabled = seat < 0
	re := ui.Button(ui.Rect{X: bar.X + bar.W - 126, Y: bar.Y + 8, W: 116, H: 36}, "Refuse", ui.CmdTarget(ui.Command{Kind: ui.CmdRefuse, N: r.ID}))
	re.Fill, re.Size = ui.ColWarn, 16
	re.Tip = "Send this device away: it is told the host did not let it in."
	return []ui.Widget{{Kind: ui.WLayer},
		{R: bar, Kind: ui.WPanel, Fill: ui.ColPanelHi, Edge: ui.ColGold},
		{R: ui.Rect{X: bar.X + 14, Y: bar.Y + 15, W: bar.W - 290, H: 24}, Kind: ui.WText, Text: text, Size: ui.FitSize(text, 17, 12, true, bar.W-290), Bold: true, Ink: ui.ColText, Tip: text},
		ad, re}
}

// Chip is the hosting window's button at the foot of table u's board:
// how many of the devices are connected; it opens the network panel (F4).
func (hn *Hosting) Chip(u *table.Table) ui.Widget {
	on, all := 0, 0
	for _, p := range hn.Host().Presence() {
		if p.Kind == gamefile.SeatRemote {
			all++
			if p.Connected {
				on++
			}
		}
	}
	b := u.Layout().Board
	w := ui.Button(ui.Rect{X: b.X + 8, Y: b.Y + b.H - 44, W: 270, H: 36}, fmt.Sprintf("Hosting: %d of %s on", on, words.Count(all, "device")), ui.CmdTarget(ui.Command{Kind: ui.CmdNetPanel}))
	w.Size, w.Key = 15, ui.KeyF4
	w.Tip = "This window hosts the game: " + hn.Link() + " — F4 shows the link's QR code, who is connected, and hands a seat to a bot."
	if on < all {
		w.Fill = ui.ColWarn
	}
	return w
}

// pendingWidgets are the devices waiting to be let in, each with its
// buttons, from r's top.
func pendingWidgets(u *table.Table, r ui.Rect, h *remote.Host) []ui.Widget {
	var ws []ui.Widget
	y := r.Y
	for i, q := range h.Pending() {
		if i == 0 {
			y += 16
			ws = append(ws, ui.Widget{R: ui.Rect{X: r.X, Y: y, W: r.W, H: 26}, Kind: ui.WText, Text: "Asking to join", Size: 20, Bold: true, Ink: ui.ColText})
			y += 36
		}
		what := "a seat, but none is free"
		if seat := h.SeatFor(q); seat >= 0 {
			what = seatName(u, seat)
		}
		text := fmt.Sprintf("%s (%s) for %s", q.Name, q.Addr, what)
		ad := ui.Button(ui.Rect{X: r.X + r.W - 250, Y: y, W: 120, H: 34}, "Admit", ui.CmdTarget(ui.Command{Kind: ui.CmdAdmit, N: q.ID}))
		ad.Fill, ad.Size, ad.Disabled = ui.ColOK, 15, h.SeatFor(q) < 0
		re := ui.Button(ui.Rect{X: r.X + r.W - 120, Y: y, W: 120, H: 34}, "Refuse", ui.CmdTarget(ui.Command{Kind: ui.CmdRefuse, N: q.ID}))
		re.Fill, re.Size = ui.ColWarn, 15
		ws = append(ws, ui.Widget{R: ui.Rect{X: r.X, Y: y + 6, W: r.W - 260, H: 24}, Kind: ui.WText, Text: text, Size: 15, Ink: ui.ColText, Tip: text}, ad, re)
		y += 44
	}
	return ws
}

// ruleWidgets are the network panel's switches of the table's rules for
// the devices: whether spectators read the table's talk (a streamer hides
// it), and the leaver rule (who plays a seat whose device is away).
func ruleWidgets(r ui.Rect, talk bool, away remote.AwayBot) []ui.Widget {
	t := ui.Button(ui.Rect{X: r.X, Y: r.Y, W: 250, H: r.H}, "Spectators read talk: no", ui.CmdTarget(ui.Command{Kind: ui.CmdSpectatorTalk}))
	t.Size, t.Tip = 14, "Spectators do not see the table's talk (a stream shows no chat). Click to show them the talk said to the whole table (never a whisper)."
	if talk {
		t.Text = "Spectators read talk: yes"
		t.Tip = "Spectators read the talk said to the whole table (never a whisper). Click to hide it from them, for a stream."
	}
	a := ui.Button(ui.Rect{X: r.X + 260, Y: r.Y, W: r.W - 260, H: r.H}, "Away seats: wait for them", ui.CmdTarget(ui.Command{Kind: ui.CmdAwayBot}))
	a.Size = 14
	a.Tip = "A seat whose device is away waits for it, however long. Click for the next rule: a bot playing an away seat until its device returns."
	if away.After > 0 {
		a.Text = fmt.Sprintf("Away seats: %s bot after %s", away.Level, words.Duration(away.After))
		a.Tip = fmt.Sprintf("A seat whose device is away longer than %s is played by the %s bot until the device returns; every device is told. Click for the next rule.", words.Duration(away.After), away.Level)
	}
	return []ui.Widget{t, a}
}

// awayRules are the leaver rules the network panel's button goes
// through, in turn: the default first.
var awayRules = []remote.AwayBot{remote.DefaultAwayBot,
	{After: 5 * time.Minute, Level: "easy"}, {After: 2 * time.Minute, Level: "steady"}, {After: 10 * time.Minute, Level: "strong"}, {}}

// nextAwayRule is the rule after a in awayRules (the first after one not
// in the list).
func nextAwayRule(a remote.AwayBot) remote.AwayBot {
	for i, r := range awayRules {
		if r == a {
			return awayRules[(i+1)%len(awayRules)]
		}
	}
	return awayRules[0]
}

// panel is the network panel of the game this window hosts: the join link
// and its QR code, what the link is and is not, the spectators' and the
// table's rules, and each seat with the host's buttons (seats: where).
func (hn *Hosting) panel(u *table.Table, r, seats ui.Rect) []ui.Widget {
	link := hn.Link()
	how := joinHow(hn.page)
	ws := []ui.Widget{{R: ui.Rect{X: r.X + 24, Y: r.Y + 64, W: 340, H: 340}, Kind: ui.WQR, Text: link, Tip: "Scan it with a phone's camera, or give the link below."},
		{R: ui.Rect{X: r.X + 24, Y: r.Y + 414, W: 560, H: 28}, Kind: ui.WText, Text: link, Size: 20, Bold: true, Ink: ui.ColGold, Tip: "The join link: " + link},
		{R: ui.Rect{X: r.X + 24, Y: r.Y + 452, W: 560, H: 200}, Kind: ui.WText, Size: 15, Ink: ui.ColText, Text: strings.Join([]string{
			how[0], how[1],
			"This computer runs the game and keeps its save: it is",
			"the dealer, and its save holds every secret.",
			"Traffic on the local network is not encrypted: anyone on",
			"it can read the game's messages. Over the internet, use a",
			"forwarded port, or better an overlay network such as",
			"Tailscale or ZeroTier (docs/remote.md).",
		}, "\n")}}
	h := hn.Host()
	ws = append(ws, spectatorWidgets(ui.Rect{X: r.X + 24, Y: r.Y + 640, W: 560, H: 90}, hn.srv.WatchLink(), h.Spectators())...)
	ws = append(ws, ruleWidgets(ui.Rect{X: r.X + 24, Y: r.Y + 684, W: 560, H: 34}, h.SpectatorTalk(), h.AwayBot())...)
	return append(ws, seatWidgets(u, seats, h.Presence(), func(r ui.Rect) []ui.Widget { return pendingWidgets(u, r, h) }, nil)...)
}
