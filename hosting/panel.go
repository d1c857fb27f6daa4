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

// seatName is "Ann (Crown)": a seat's player and conspiracy.
func seatName(u *table.Table, seat rules.Seat) string {
	return u.SeatName(seat) + " (" + words.Title(u.SeatID(seat)) + ")"
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
	return hn.panel(u, r, seats)
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
// the host (pending lists the devices waiting; nil at a device, cl) — its buttons: hand a device's seat
// to a bot or a bot's back to a device, admit or refuse a device waiting.
func seatWidgets(u *table.Table, r ui.Rect, ps []remote.SeatPresence, pending func(ui.Rect) []ui.Widget, cl *remote.Client) []ui.Widget {
	host := pending != nil
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
			if !host {
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
		if btn != nil && host {
			ws = append(ws, *btn)
		}
		y += 44
	}
	if !host {
		return ws
	}
	return append(ws, pending(ui.Rect{X: r.X, Y: y, W: r.W})...)
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
