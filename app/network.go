package app

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/internal/site"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// A game played over the network, seen from the window. Hosting (the
// start screen's "Host on network", or a continued game whose seats are
// Remote): the window's match is served by a remote.Host, each device
// that joins acts on it through a desk bound to its seats, and the table
// follows their moves as it follows a bot's (liveGame.follow). The window
// shows who is connected (table presence), asks the host to admit each
// device that asks (a bar over the board), and the network panel (F4)
// shows the join link and its QR code, the seats and their devices, and
// hands a seat to a bot and back.

// hosting is a live game served on the network from this window.
type hosting struct {
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

// startHosting serves lg's match on the network at opts.HostAddr ("":
// port 7373 on every address, or any free port), with opts' browser page. The seats played at
// this screen are the match's SeatHuman ones; a continued game's room and
// devices' tokens come from its save, so its devices come back by
// themselves.
func startHosting(lg *liveGame, opts Options) (*hosting, error) {
	addr := opts.HostAddr
	m, f := lg.play.match, lg.play.files
	hs, _ := lg.humans()
	hn := &hosting{}
	o := remote.HostOptions{Match: m, Here: hs, OnChange: func() { hn.dirty.Store(true) },
		Page: opts.HostPage, NoSpectators: opts.NoSpectators}
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
	srv, err := remote.Listen(h, addr)
	if err != nil {
		h.Close()
		return nil, fmt.Errorf("the game cannot be hosted: %v", err)
	}
	hn.srv, hn.page = srv, o.Page != nil
	return hn, nil
}

// close stops serving (the devices are told the host went away).
func (hn *hosting) close() {
	if hn != nil && hn.srv != nil {
		hn.srv.Close()
	}
}

// host is the remote.Host served.
func (hn *hosting) host() *remote.Host { return hn.srv.Host() }

// link is the join link.
func (hn *hosting) link() string { return hn.srv.Link() }

// presence is the table's presence of every seat, as of now.
func (hn *hosting) presence() []table.Presence {
	ps := hn.host().Presence()
	out := make([]table.Presence, len(ps))
	for i, p := range ps {
		if p.Kind != gamefile.SeatRemote {
			continue
		}
		out[i] = table.Presence{Remote: true, Device: p.Device, Connected: p.Connected}
		if p.AwaySince > 0 {
			out[i].AwaySince = time.UnixMilli(p.AwaySince)
		}
	}
	return out
}

// changed reports whether the presence or the requests changed since
// they were last read (the host said so), or, while a device is away, its
// away time's second did; it reads them only then, not every frame.
func (hn *hosting) changed(now time.Time) bool {
	if !hn.dirty.Swap(false) && (hn.awaySec == 0 || now.Unix() == hn.awaySec) {
		return false
	}
	hn.awaySec = 0
	for _, p := range hn.host().Presence() {
		if p.AwaySince > 0 {
			hn.awaySec = now.Unix()
		}
	}
	return true
}

// do carries out a network command of the host's window; it reports
// whether it was one, and puts a refusal on the table's message line.
func (lg *liveGame) netDo(cmd ui.Command) bool {
	hn := lg.hosting
	switch cmd.Kind {
	case ui.CmdAdmit, ui.CmdRefuse, ui.CmdGiveSeat, ui.CmdSpectators:
	default:
		return false
	}
	if hn == nil {
		lg.tbl.SetMessage("This game is played at this screen, not hosted on the network.", true)
		return true
	}
	h := hn.host()
	var err error
	switch cmd.Kind {
	case ui.CmdAdmit:
		for _, r := range h.Pending() {
			if r.ID == cmd.N {
				err = h.Admit(r.ID, hn.host().SeatFor(r))
			}
		}
	case ui.CmdRefuse:
		err = h.Refuse(cmd.N, "")
	case ui.CmdGiveSeat:
		err = h.Free(rules.Seat(cmd.N), cmd.ID)
	case ui.CmdSpectators:
		h.SetSpectators(!h.Spectators())
	}
	if err != nil {
		lg.tbl.SetMessage(err.Error(), true)
	}
	return true
}

// admissionWidgets is the bar over the board's top while a device waits
// to be admitted: "Ann (192.168.1.7) asks to play Torch — Admit / Refuse"
// for the oldest request, and how many more wait.
func (lg *liveGame) admissionWidgets(ws []ui.Widget) []ui.Widget {
	hn := lg.hosting
	if hn == nil {
		return ws
	}
	rs := hn.host().Pending()
	if len(rs) == 0 {
		return ws
	}
	r := rs[0]
	l := lg.tbl.Layout()
	b := l.Board
	// Over the board's top — and the log's, where the log stands beside
	// a narrow board — so that the request reads whole.
	right := b.X + b.W
	if l.LogColumn() {
		right = l.Log.X + l.Log.W
	}
	bar := ui.Rect{X: b.X + 8, Y: b.Y + 8, W: right - b.X - 16, H: 52}
	seat := hn.host().SeatFor(r)
	what := "a seat, but none is free (hand one to Remote in the network panel, F4)"
	if seat >= 0 {
		what = lg.tbl.SeatName(seat) + " (" + words.Title(lg.tbl.SeatID(seat)) + ")"
	}
	text := fmt.Sprintf("%s (%s) asks to play %s", r.Name, r.Addr, what)
	if len(rs) > 1 {
		text += fmt.Sprintf(" · %d more waiting", len(rs)-1)
	}
	ad := ui.Button(ui.Rect{X: bar.X + bar.W - 250, Y: bar.Y + 8, W: 116, H: 36}, "Admit", ui.CmdTarget(ui.Command{Kind: ui.CmdAdmit, N: r.ID}))
	ad.Fill, ad.Size = ui.ColOK, 16
	ad.Tip = "Let this device in: it plays that seat from now on, and takes it back by itself if its link drops or this game is continued later."
	if seat < 0 {
		ad.Disabled = true
	}
	re := ui.Button(ui.Rect{X: bar.X + bar.W - 126, Y: bar.Y + 8, W: 116, H: 36}, "Refuse", ui.CmdTarget(ui.Command{Kind: ui.CmdRefuse, N: r.ID}))
	re.Fill, re.Size = ui.ColWarn, 16
	re.Tip = "Send this device away: it is told the host did not let it in."
	return append(ws,
		ui.Widget{Kind: ui.WLayer},
		ui.Widget{R: bar, Kind: ui.WPanel, Fill: ui.ColPanelHi, Edge: ui.ColGold},
		ui.Widget{R: ui.Rect{X: bar.X + 14, Y: bar.Y + 15, W: bar.W - 290, H: 24}, Kind: ui.WText, Text: text, Size: ui.FitSize(text, 17, 12, true, bar.W-290), Bold: true, Ink: ui.ColText, Tip: text},
		ad, re)
}

// netScene is the network panel (F4, Tools → Network…) over the table:
// the join link and its QR code, what the link is and what it is not,
// each seat's player and device, and the host's buttons.
type netScene struct {
	under Scene
	lg    *liveGame
}

// netRect is the panel.
var netRect = ui.Rect{X: 200, Y: 60, W: 1200, H: 780}

func (s *netScene) Show(c *Context) Shown {
	sh := s.under.Show(c)
	r := netRect
	ws := overlayPanel(r, "Playing over the network", ui.CmdNetPanel)
	hn := s.lg.hosting
	if cl := s.lg.client; cl != nil {
		// A device: the game it joined, and who plays each seat.
		text := "This device plays " + s.seatList(cl.Held()) + " in a game hosted elsewhere. The host runs it and keeps its save; this device is told only what its seats may know."
		ws = append(ws,
			ui.Widget{R: ui.Rect{X: r.X + 24, Y: r.Y + 70, W: 560, H: 28}, Kind: ui.WText, Text: s.lg.joinLink, Size: 20, Bold: true, Ink: ui.ColGold, Tip: "The join link: " + s.lg.joinLink},
			ui.Widget{R: ui.Rect{X: r.X + 24, Y: r.Y + 110, W: 560, H: 200}, Kind: ui.WText, Size: 15, Ink: ui.ColText, Text: strings.Join(ui.WrapText(text, 15, 560, 0), "\n"), Tip: text})
		ws = append(ws, s.seatWidgets(ui.Rect{X: r.X + 620, Y: r.Y + 64, W: r.W - 644, H: r.H - 88}, cl.Presence().Seats, nil)...)
		sh.Over = ws
		return sh
	}
	if hn == nil {
		ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 24, Y: r.Y + 80, W: r.W - 48, H: 200}, Kind: ui.WText, Size: 18, Ink: ui.ColText,
			Text: "This game is played at this screen.\nTo play with others at their own devices, start a game with \"Host on network\" on the start screen\n(or run: notrueking host), then give them its link."})
		sh.Over = ws
		return sh
	}
	link := hn.link()
	ws = append(ws,
		ui.Widget{R: ui.Rect{X: r.X + 24, Y: r.Y + 64, W: 340, H: 340}, Kind: ui.WQR, Text: link, Tip: "Scan it with a phone's camera, or give the link below."},
		ui.Widget{R: ui.Rect{X: r.X + 24, Y: r.Y + 414, W: 560, H: 28}, Kind: ui.WText, Text: link, Size: 20, Bold: true, Ink: ui.ColGold, Tip: "The join link: " + link},
		ui.Widget{R: ui.Rect{X: r.X + 24, Y: r.Y + 452, W: 560, H: 200}, Kind: ui.WText, Size: 15, Ink: ui.ColText, Text: strings.Join([]string{
			joinHow(hn.page)[0],
			joinHow(hn.page)[1],
			"This computer runs the game and keeps its save: it is",
			"the dealer, and its save holds every secret.",
			"Traffic on the local network is not encrypted: anyone on",
			"it can read the game's messages. Over the internet, use a",
			"forwarded port, or better an overlay network such as",
			"Tailscale or ZeroTier (docs/remote.md).",
		}, "\n")})
	h := hn.host()
	ws = append(ws, spectatorWidgets(ui.Rect{X: r.X + 24, Y: r.Y + 640, W: 560, H: 90}, hn.srv.WatchLink(), h.Spectators())...)
	ws = append(ws, s.seatWidgets(ui.Rect{X: r.X + 620, Y: r.Y + 64, W: r.W - 644, H: r.H - 88}, h.Presence(), h)...)
	sh.Over = ws
	return sh
}

// seatList names seats: "Ben (Torch) and Cy (Helm)".
func (s *netScene) seatList(seats []rules.Seat) string {
	var names []string
	for _, seat := range seats {
		names = append(names, s.lg.tbl.SeatName(seat)+" ("+words.Title(s.lg.tbl.SeatID(seat))+")")
	}
	if len(names) == 0 {
		return "no seat (it watches)"
	}
	return words.List(names)
}

// seatWidgets list each seat of ps: its player, who plays it (at the
// host's screen, a device and whether it is connected, a bot), and — for
// the host (h; nil at a device) — its buttons: hand a device's seat to a
// bot or a bot's back to a device, admit or refuse a device waiting.
func (s *netScene) seatWidgets(r ui.Rect, ps []remote.SeatPresence, h *remote.Host) []ui.Widget {
	u := s.lg.tbl
	ws := []ui.Widget{{R: ui.Rect{X: r.X, Y: r.Y, W: r.W, H: 26}, Kind: ui.WText, Text: "Seats", Size: 20, Bold: true, Ink: ui.ColText}}
	y := r.Y + 36
	now := time.Now()
	for _, p := range ps {
		seat := p.Seat
		name := u.SeatName(seat) + " (" + words.Title(u.SeatID(seat)) + ")"
		var who, tip string
		var btn *ui.Widget
		switch p.Kind {
		case "host":
			who, tip = "at this screen", "Played here, behind the curtain between this screen's players."
			if h == nil {
				who, tip = "at the host's screen", "Played at the computer that hosts the game."
			}
		case gamefile.SeatRemote:
			switch {
			case p.Connected:
				who = fmt.Sprintf("device %q, connected", p.Device)
			case p.Device == "":
				who = "waiting for a device to join"
			default:
				d := now.Sub(time.UnixMilli(p.AwaySince)).Round(time.Second)
				who = fmt.Sprintf("device %q, away %s", p.Device, d)
			}
			tip = "Played from another device."
			if s.lg.client != nil && s.lg.client.Holds(seat) {
				who, tip = "this device", "Played here."
			}
			b := ui.Button(ui.Rect{X: r.X + r.W - 120, Y: y, W: 120, H: 34}, "To a bot", ui.CmdTarget(ui.Command{Kind: ui.CmdGiveSeat, N: int(seat), ID: bots.Easy.String()}))
			b.Size, b.Tip = 15, "Hand this seat to the easy bot: its device is sent away, and the bot plays on until you give the seat back to a device."
			btn = &b
		default:
			who, tip = words.Title(p.Kind)+" bot", "Played by a bot."
			b := ui.Button(ui.Rect{X: r.X + r.W - 120, Y: y, W: 120, H: 34}, "To a device", ui.CmdTarget(ui.Command{Kind: ui.CmdGiveSeat, N: int(seat), ID: gamefile.SeatRemote}))
			b.Size, b.Tip = 15, "Give this seat back to a player who joins from a device (the host admits them)."
			btn = &b
		}
		ws = append(ws,
			ui.Widget{R: ui.Rect{X: r.X, Y: y + 2, W: 180, H: 30}, Kind: ui.WBox, Text: name, Size: 15, Bold: true, Fill: ui.SeatColor(seat), Ink: ui.TextOn(ui.SeatColor(seat)), Tip: tip},
			ui.Widget{R: ui.Rect{X: r.X + 190, Y: y + 6, W: r.W - 320, H: 24}, Kind: ui.WText, Text: who, Size: 15, Ink: ui.ColText, Tip: who})
		if btn != nil && h != nil {
			ws = append(ws, *btn)
		}
		y += 44
	}
	if h == nil {
		return ws
	}
	// The devices waiting to be let in, each with its buttons.
	for i, q := range h.Pending() {
		if i == 0 {
			y += 16
			ws = append(ws, ui.Widget{R: ui.Rect{X: r.X, Y: y, W: r.W, H: 26}, Kind: ui.WText, Text: "Asking to join", Size: 20, Bold: true, Ink: ui.ColText})
			y += 36
		}
		what := "a seat, but none is free"
		if seat := h.SeatFor(q); seat >= 0 {
			what = u.SeatName(seat) + " (" + words.Title(u.SeatID(seat)) + ")"
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

// Keys: Esc and F4 close.
func (s *netScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	for _, k := range in.Pressed() {
		if k == ui.KeyEsc || k == ui.KeyF4 {
			c.GoTo(s.under)
			return nil, true
		}
	}
	return nil, false
}

// Do: Close closes; the seats' buttons hand seats over.
func (s *netScene) Do(cmd ui.Command, c *Context) {
	switch cmd.Kind {
	case ui.CmdNetPanel, ui.CmdCancel:
		c.GoTo(s.under)
	default:
		s.lg.netDo(cmd)
	}
}

func (s *netScene) Click(ui.Target, *Context) {}

// Tick: the game under it goes on (bots and devices move), as under the
// help; the panel redraws when a device comes or goes.
func (s *netScene) Tick(now time.Time, c *Context) bool {
	return s.under.Tick(now, c.under(func(sc Scene) { s.under = sc }))
}

// netChip is the hosting window's button at the foot of the board: how
// many of the devices are connected; it opens the network panel (F4).
func (lg *liveGame) netChip(ws []ui.Widget) []ui.Widget {
	hn := lg.hosting
	if hn == nil {
		return ws
	}
	on, all := 0, 0
	for _, p := range hn.host().Presence() {
		if p.Kind == gamefile.SeatRemote {
			all++
			if p.Connected {
				on++
			}
		}
	}
	b := lg.tbl.Layout().Board
	w := ui.Button(ui.Rect{X: b.X + 8, Y: b.Y + b.H - 44, W: 270, H: 36}, fmt.Sprintf("Hosting: %d of %s on", on, words.Count(all, "device")), ui.CmdTarget(ui.Command{Kind: ui.CmdNetPanel}))
	w.Size, w.Key = 15, ui.KeyF4
	w.Tip = "This window hosts the game: " + hn.link() + " — F4 shows the link's QR code, who is connected, and hands a seat to a bot."
	if on < all {
		w.Fill = ui.ColWarn
	}
	return append(ws, w)
}

// refuseSecretTool refuses, in a hosted game, the tools that show every
// secret (the sandbox, saving the position as a scenario): the other
// players' cards are theirs, and the host's screen is not a spectator of
// them. It says so on the message line and reports whether it refused.
func (lg *liveGame) refuseSecretTool() bool {
	if lg.hosting == nil && lg.client == nil {
		return false
	}
	lg.tbl.SetMessage("This game is played at other devices too: the tools that show every secret (the sandbox, saving the position) are off.", true)
	return true
}

// spectatorWidgets are the network panel's spectator link and its switch:
// a stream follows the public table by it (a browser source, or
// notrueking spectate LINK).
func spectatorWidgets(r ui.Rect, link string, on bool) []ui.Widget {
	b := ui.Button(ui.Rect{X: r.X, Y: r.Y, W: 190, H: 34}, "Spectators: off", ui.CmdTarget(ui.Command{Kind: ui.CmdSpectators}))
	b.Size, b.Tip = 15, "Nobody may watch: spectators are refused. Click to let them follow the public table by the spectator link."
	text := "Spectators are refused."
	if on {
		b.Text, b.Fill = "Spectators: on", ui.ColOK
		b.Ink = ui.TextOn(b.Fill)
		b.Tip = "Anyone with the spectator link sees the public table, live (no seat, no secret). Click to send spectators away and refuse new ones."
		text = link
	}
	return []ui.Widget{b,
		{R: ui.Rect{X: r.X + 200, Y: r.Y + 6, W: r.W - 200, H: 24}, Kind: ui.WText, Text: text, Size: 15, Ink: ui.ColText,
			Tip: "The spectator link: the public table only, for a stream (a browser source: add &canvas=1920x1080&clean=1) or notrueking spectate LINK. " + link},
	}
}

// joinHow is the network panel's first two lines: how others join, by a
// browser when this program serves the page.
func joinHow(page bool) [2]string {
	if page {
		return [2]string{"Open the link in a browser on this network (a phone, a", "laptop: nothing to install), or run: notrueking join LINK"}
	}
	return [2]string{"Join with the desktop program: notrueking join LINK (this", "program has no browser page to serve: -site DIR, web.md)"}
}
