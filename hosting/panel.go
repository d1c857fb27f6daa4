package hosting

import (
	"fmt"
	"strings"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

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

// seatName is "Ann (Crown)": a seat's player and conspiracy.
func seatName(u *table.Table, seat rules.Seat) string {
	return u.SeatName(seat) + " (" + words.Title(u.SeatID(seat)) + ")"
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

// PanelRect is the network panel's place on the canvas.
var PanelRect = ui.Rect{X: 200, Y: 60, W: 1200, H: 780}

// Panel is what the network panel (F4) shows in PanelRect, under its
// title and Close button, of the game on table u: hosted here (hn), the
// join link and its QR code, what the link is and what it is not, each
// seat's player and device with the host's buttons; joined at another
// host (cl, by link), the game it joined and who plays each seat; else
// (both nil) how to play with others.
func Panel(u *table.Table, hn *Hosting, cl *remote.Client, link string) []ui.Widget {
	r := PanelRect
	seats := ui.Rect{X: r.X + 620, Y: r.Y + 64, W: r.W - 644, H: r.H - 88}
	switch {
	case cl != nil:
		// A device: the game it joined, and who plays each seat.
		text := "This device plays " + seatList(u, cl.Held()) + " in a game hosted elsewhere. The host runs it and keeps its save; this device is told only what its seats may know."
		ws := []ui.Widget{{R: ui.Rect{X: r.X + 24, Y: r.Y + 70, W: 560, H: 28}, Kind: ui.WText, Text: link, Size: 20, Bold: true, Ink: ui.ColGold, Tip: "The join link: " + link},
			{R: ui.Rect{X: r.X + 24, Y: r.Y + 110, W: 560, H: 200}, Kind: ui.WText, Size: 15, Ink: ui.ColText, Text: strings.Join(ui.WrapText(text, 15, 560, 0), "\n"), Tip: text}}
		return append(ws, seatWidgets(u, seats, cl.Presence().Seats, nil, cl)...)
	case hn == nil:
		return []ui.Widget{{R: ui.Rect{X: r.X + 24, Y: r.Y + 80, W: r.W - 48, H: 200}, Kind: ui.WText, Size: 18, Ink: ui.ColText,
			Text: "This game is played at this screen.\nTo play with others at their own devices, start a game with \"Host on network\" on the start screen\n(or run: notrueking host), then give them its link."}}
	}
	link = hn.Link()
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
	return append(ws, seatWidgets(u, seats, h.Presence(), h, nil)...)
}

// seatList names seats: "Ben (Torch) and Cy (Helm)".
func seatList(u *table.Table, seats []rules.Seat) string {
	var names []string
	for _, seat := range seats {
		names = append(names, seatName(u, seat))
	}
	if len(names) == 0 {
		return "no seat (it watches)"
	}
	return words.List(names)
}

// seatWidgets list each seat of ps in r: its player, who plays it (at the
// host's screen, a device and whether it is connected, a bot), and — for
// the host (h; nil at a device, cl) — its buttons: hand a device's seat
// to a bot or a bot's back to a device, admit or refuse a device waiting.
func seatWidgets(u *table.Table, r ui.Rect, ps []remote.SeatPresence, h *remote.Host, cl *remote.Client) []ui.Widget {
	ws := []ui.Widget{{R: ui.Rect{X: r.X, Y: r.Y, W: r.W, H: 26}, Kind: ui.WText, Text: "Seats", Size: 20, Bold: true, Ink: ui.ColText}}
	y := r.Y + 36
	now := time.Now()
	for _, p := range ps {
		seat := p.Seat
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
			if cl != nil && cl.Holds(seat) {
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
			ui.Widget{R: ui.Rect{X: r.X, Y: y + 2, W: 180, H: 30}, Kind: ui.WBox, Text: seatName(u, seat), Size: 15, Bold: true, Fill: ui.SeatColor(seat), Ink: ui.TextOn(ui.SeatColor(seat)), Tip: tip},
			ui.Widget{R: ui.Rect{X: r.X + 190, Y: y + 6, W: r.W - 320, H: 24}, Kind: ui.WText, Text: who, Size: 15, Ink: ui.ColText, Tip: who})
		if btn != nil && h != nil {
			ws = append(ws, *btn)
		}
		y += 44
	}
	if h == nil {
		return ws
	}
	return append(ws, pendingWidgets(u, ui.Rect{X: r.X, Y: y, W: r.W}, h)...)
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

// joinHow is the network panel's first two lines: how others join, by a
// browser when this program serves the page.
func joinHow(page bool) [2]string {
	if page {
		return [2]string{"Open the link in a browser on this network (a phone, a", "laptop: nothing to install), or run: notrueking join LINK"}
	}
	return [2]string{"Join with the desktop program: notrueking join LINK (this", "program has no browser page to serve: -site DIR, web.md)"}
}
