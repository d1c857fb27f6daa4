package start

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"notrueking/bots"
	"notrueking/internal/version"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// Widgets are the start screen's: the title, the choices, the games to
// continue, the message line.
func (s *Screen) Widgets() []ui.Widget {
	ws := []ui.Widget{
		{R: ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: ui.BaseH}, Kind: ui.WPanel, Fill: ui.ColBG},
		{R: ui.Rect{X: 0, Y: 70, W: ui.BaseW, H: 70}, Kind: ui.WText, Text: "No True King", Size: 60, Bold: true, Align: ui.AlignCenter, Ink: ui.ColGold},
		{R: ui.Rect{X: 0, Y: 150, W: ui.BaseW, H: 30}, Kind: ui.WText, Text: s.subtitle(), Size: 22, Align: ui.AlignCenter, Ink: ui.ColDim},
		// The build's stamp, small in the corner: which build a player
		// runs, for a bug report (notrueking -version prints it whole).
		{R: ui.Rect{X: ui.BaseW - 520, Y: ui.BaseH - 26, W: 508, H: 18}, Kind: ui.WText, Text: version.Get().Short(), Size: 13, Align: ui.AlignRight, Ink: ui.ColDim},
	}
	px := 450.0
	if len(s.conts) > 0 || s.room.Saves > 0 {
		px = 140 // the saved games take the right half
		ws = append(ws, s.continueWidgets(ui.Rect{X: 870, Y: 210, W: 590, H: 600})...)
		ws = append(ws, s.roomWidgets(ui.Rect{X: 870, Y: 818, W: 590, H: 36})...)
	}
	if s.watch != "" {
		// Continue found the game open in another window: watch it here,
		// as the spectator window does (Esc comes back).
		b := ui.Button(ui.Rect{X: 882, Y: 758, W: 566, H: 40}, "Watch it here, as a spectator", ui.CmdTarget(ui.Command{Kind: ui.CmdWatch}))
		b.Key, b.Fill = ui.KeyW, ui.ColOK
		b.Tip = "Follow the game the other window plays, public view only; Esc comes back here."
		ws = append(ws, b)
	}
	// Name rows close up for more than six players so that nine names, the
	// Start button and the hint fit the panel.
	pitch, ph := 50.0, 640.0
	if s.n > 6 {
		pitch = 36
	}
	ws = append(ws, ui.Panel(ui.Rect{X: px, Y: 210, W: 700, H: ph}, "")...)
	x := px + 40
	y := 240.0
	row := func(label string) {
		ws = append(ws, ui.Text(ui.Rect{X: x, Y: y + 8, W: 170, H: 30}, label, 22, ui.ColText))
	}
	// Every map is a choice of its own; Up and Down pick the one above
	// or below.
	row("Map")
	mh := math.Min(44, 104/float64(max(len(s.maps), 1)))
	for i, m := range s.maps {
		b := ui.Button(ui.Rect{X: x + 180, Y: y, W: 440, H: mh - 4}, m.Label, ui.CmdTarget(ui.Command{Kind: ui.CmdMap, N: i}))
		b.Size = 15
		b.Tip = "Up and Down choose the map."
		if i == s.mapIdx {
			b.Fill, b.Selected, b.Key = ui.ColOK, true, ui.KeyUpDown
		}
		ws = append(ws, b)
		y += mh
	}
	y += 20
	row("Players")
	mc := s.maps[s.mapIdx]
	for n := mc.Min; n <= mc.Max; n++ {
		b := ui.Button(ui.Rect{X: x + 180 + float64(n-mc.Min)*48, Y: y, W: 44, H: 44}, strconv.Itoa(n), ui.CmdTarget(ui.Command{Kind: ui.CmdPlayers, N: n}))
		b.Size = 20
		b.Tip = "Left and Right choose fewer or more players."
		if n == s.n {
			b.Fill, b.Selected = ui.ColOK, true
		}
		ws = append(ws, b)
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: x + 180 + float64(mc.Max-mc.Min+1)*48 + 4, Y: y + 12, W: 60, H: 20}, Kind: ui.WText, Text: "← →", Size: 15, Ink: ui.ColDim})
	y += 60
	for i := 0; i < s.n; i++ {
		seat := fmt.Sprintf("Seat %d", i+1)
		if i < len(mc.Seats) {
			seat = mc.Seats[i]
		}
		row(seat)
		f := ui.Widget{R: ui.Rect{X: x + 180, Y: y, W: 290, H: math.Min(40, pitch-6)}, Kind: ui.WField, Text: s.names[i], Size: 20, Fill: ui.ColPanelHi, Ink: ui.ColText, Edge: ui.SeatColor(rules.Seat(i)),
			T: ui.CmdTarget(ui.Command{Kind: ui.CmdEditName, N: i})}
		if s.focus == i {
			f.Text += "|"
			f.Selected = true
		}
		ws = append(ws, f, s.seatLevelWidget(i, ui.Rect{X: x + 480, Y: y, W: 140, H: math.Min(40, pitch-6)}))
		y += pitch
	}
	y += 14
	if s.tester {
		// A typed seed is no secret: say so before the game starts.
		row("Seed")
		ws = append(ws, ui.Widget{R: ui.Rect{X: x + 180, Y: y, W: 440, H: 40}, Kind: ui.WBox, Text: table.TesterText(s.testSeed), Size: 18, Bold: true, Fill: ui.ColWarn, Ink: ui.ColText})
		y += 56
	}
	b := ui.Button(ui.Rect{X: x + 180, Y: y, W: 260, H: 56}, "Start", ui.CmdTarget(ui.Command{Kind: ui.CmdStart}))
	b.Size, b.Fill, b.Key = 26, ui.ColOK, ui.KeyEnter
	if len(s.conts) > 0 {
		// Enter continues the newest game; N starts a new one.
		b.Key, b.Tip = ui.KeyN, "A new game of this map and these players (Enter continues the newest saved game)."
	}
	if s.canHost {
		// Two toggles, one above the other, left of Start.
		ws = append(ws, b, s.variantWidget(ui.Rect{X: x, Y: y, W: 170, H: 27}, false), s.networkWidget(ui.Rect{X: x, Y: y + 29, W: 170, H: 27}))
	} else {
		ws = append(ws, b, s.variantWidget(ui.Rect{X: x, Y: y, W: 170, H: 56}, true))
	}
	ws = append(ws, s.botPauseWidget(ui.Rect{X: x + 460, Y: y + 8, W: 160, H: 40})...)
	sbx := ui.Button(ui.Rect{X: x + 450, Y: y + 68, W: 170, H: 36}, "Sandbox", ui.CmdTarget(ui.Command{Kind: ui.CmdSandbox}))
	sbx.Tip = "Edit this map's starting position for these players (units, flags, agents, cards), then play from it: a tester's tool."
	scn := ui.Button(ui.Rect{X: x + 450, Y: y + 110, W: 170, H: 36}, "Scenarios", ui.CmdTarget(ui.Command{Kind: ui.CmdScenarios}))
	scn.Key, scn.Tip = ui.KeyF3, "The scenarios, shipped and saved, each with what to try: a click plays one from its position."
	ws = append(ws, sbx, scn)
	ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 76, W: 440, H: 22}, Kind: ui.WText, Text: "Click a name to edit it · Tab: next name · F1: help", Size: 15, Ink: ui.ColDim})
	if s.msg != "" {
		// Red for a refusal or a failure, green for news (a file opened,
		// a map loaded).
		fill := ui.ColOK
		if s.msgErr {
			fill = ui.ColWarn
		}
		// A message longer than the bar (an export's path and its spoiler
		// warning, the game a Delete question names) takes two smaller
		// lines; what still does not fit is cut, whole in the tooltip.
		msg, size, y, h := s.msg, 18.0, 856.0, 36.0
		if rows := ui.WrapText(msg, size, 676, 0); len(rows) > 1 {
			size, y, h = 15, 852, 44
			if rows = ui.WrapText(msg, size, 676, 0); len(rows) > 1 {
				msg = rows[0] + "\n" + strings.Join(rows[1:], " ")
			}
		}
		ws = append(ws, ui.Widget{R: ui.Rect{X: px, Y: y, W: 700, H: h}, Kind: ui.WPanel, Fill: fill},
			ui.Widget{R: ui.Rect{X: px + 12, Y: y + (h-size*1.2*float64(strings.Count(msg, "\n")+1))/2, W: 676, H: h - 8}, Kind: ui.WText, Text: msg, Size: size, Ink: ui.ColText, Tip: s.msg})
	}
	return ws
}

// continueWidgets lists the unfinished saved games, newest first, as
// "Continue: Alice, Bob, Carol" / "round 2, 18:40" buttons, each with its
// Export and Delete.
func (s *Screen) continueWidgets(r ui.Rect) []ui.Widget {
	ws := ui.Panel(r, "Games in progress (saved after every action)")
	now := s.clock()
	for i, c := range s.conts[:min(len(s.conts), maxContinues)] {
		y := r.Y + 44 + float64(i)*62
		// The players on one line, the round and the time of the save on
		// the next: beside Export and Delete one line would cut them off.
		label := strings.Replace(c.Label(now), " — ", "\n", 1)
		b := ui.Button(ui.Rect{X: r.X + 16, Y: y, W: r.W - 32 - gameToolW - 6, H: 52}, label, ui.CmdTarget(ui.Command{Kind: ui.CmdContinue, ID: c.ID}))
		b.Size, b.Key = 16, ui.Digit(i+1)
		if i == 0 {
			// The newest game is offered first: Enter (or 1) continues it.
			b.Key, b.Fill = ui.KeyEnter, ui.ColOK
		}
		if c.Tester {
			b.Text += "  (tester)"
		}
		ws = append(ws, b)
		ws = append(ws, s.gameTools(c, ui.Rect{X: r.X + r.W - 16 - gameToolW, Y: y, W: gameToolW, H: 52})...)
	}
	if len(s.conts) == 0 {
		ws = append(ws, ui.Text(ui.Rect{X: r.X + 16, Y: r.Y + 50, W: r.W - 32, H: 22}, "No game in progress.", 17, ui.ColDim))
	}
	if len(s.conts) > maxContinues {
		ws = append(ws, ui.Text(ui.Rect{X: r.X + 16, Y: r.Y + r.H - 30, W: r.W - 32, H: 22}, fmt.Sprintf("and %d older games", len(s.conts)-maxContinues), 15, ui.ColDim))
	}
	return ws
}

// clock is the time now (s.now, which a test sets; else time.Now).
func (s *Screen) clock() time.Time {
	if s.now != nil {
		return s.now()
	}
	return time.Now()
}

// gameToolW is the width of a listed game's Export and Delete buttons.
const gameToolW = 96

// gameTools are the small Export and Delete buttons of a listed game, one
// above the other in r: Delete turns red and asks on the first press.
func (s *Screen) gameTools(c session.Summary, r ui.Rect) []ui.Widget {
	h := (r.H - 4) / 2
	ex := ui.Button(ui.Rect{X: r.X, Y: r.Y, W: r.W, H: h}, "Export", ui.CmdTarget(ui.Command{Kind: ui.CmdExportGame, ID: c.ID}))
	ex.Size, ex.Tip = 14, exportTip
	del := ui.Button(ui.Rect{X: r.X, Y: r.Y + h + 4, W: r.W, H: h}, "Delete", ui.CmdTarget(ui.Command{Kind: ui.CmdDeleteGame, ID: c.ID}))
	del.Size = 14
	del.Tip = "Delete this game's save after a second press: the game can no longer be continued or replayed."
	if s.delGame == c.ID {
		del.Text, del.Fill = "Press again", ui.ColWarn
	}
	return []ui.Widget{ex, del}
}

// exportTip is the tooltip of the Export buttons: where the files go.
const exportTip = "Keep the save as a file (its record: the replay viewer and -load open it); on the desktop in the exports folder beside the saves, in a browser as a download. It holds every secret of the game."

// roomWidgets say how much room the saved games take and offer to delete
// the finished ones (Continue no longer offers them; their replays go
// with them), a second press confirming.
func (s *Screen) roomWidgets(r ui.Rect) []ui.Widget {
	rm := s.room
	line := fmt.Sprintf("%s %s %s", words.Count(rm.Saves, "saved game"), words.Agree(rm.Saves, "takes", "take"), roomSize(rm.Bytes))
	ws := []ui.Widget{{R: ui.Rect{X: r.X + 4, Y: r.Y + 8, W: 210, H: 22}, Kind: ui.WText, Text: line, Size: 15, Ink: ui.ColDim,
		Tip: line + ", in progress and finished (a finished game's save is its record: the replay viewer opens it)."}}
	if rm.Finished == 0 {
		return ws
	}
	ex := ui.Button(ui.Rect{X: r.X + 218, Y: r.Y, W: 136, H: r.H}, "Export finished", ui.CmdTarget(ui.Command{Kind: ui.CmdExportFinished}))
	ex.Size, ex.Tip = 15, exportTip
	ws = append(ws, ex)
	label := fmt.Sprintf("Delete %d finished (%s)", rm.Finished, roomSize(rm.FinishedBytes))
	if s.delAsked {
		label = "Press again to delete them"
	}
	b := ui.Button(ui.Rect{X: r.X + 360, Y: r.Y, W: r.W - 360, H: r.H}, label, ui.CmdTarget(ui.Command{Kind: ui.CmdDeleteFinished}))
	b.Size = 15
	b.Tip = fmt.Sprintf("Delete the saves of the %s that are over (%s), after a second press. Games in progress stay, and so does a save open in another window.",
		words.Count(rm.Finished, "game"), roomSize(rm.FinishedBytes))
	if s.delAsked {
		b.Fill = ui.ColWarn
	}
	return append(ws, b)
}

// roomSize words a number of bytes as a player reads it: "940 bytes",
// "12 KB", "1.4 MB".
func roomSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", (n+1<<9)>>10)
	}
	return words.Count(int(n), "byte")
}

// variantWidget is the Citadel variant's toggle, left of Start: on, the
// next game is played with the Citadel's rules (docs/rules.md).
func (s *Screen) variantWidget(r ui.Rect, tall bool) ui.Widget {
	on := "off"
	if s.variant == rules.Citadel {
		on = "on"
	}
	label, size := "Citadel variant: "+on, 14.0
	if tall {
		label, size = "Citadel variant\n"+on, 16
	}
	b := ui.Button(r, label, ui.CmdTarget(ui.Command{Kind: ui.CmdVariant}))
	b.Size, b.Key = size, ui.KeyV
	b.Tip = "The Citadel variant (seed 000): a Maester may study at the Citadel instead of mustering, moving or drawing — a secret aim, a public roll of dice that grow with Crystals of Knowledge, ravens that become Dark Wings cards (Lost Orders, Ill Tidings). Off: the plain game. V toggles it."
	if s.variant == rules.Citadel {
		b.Fill, b.Selected = ui.ColOK, true
	}
	return b
}

// networkWidget is the toggle of hosting the next game on the network:
// on, a seat may be Remote — played by someone who joins from their own
// device with the game's link — and the game runs here, the host.
func (s *Screen) networkWidget(r ui.Rect) ui.Widget {
	label := "Host on network: off"
	if s.hosted {
		label = "Host on network: on"
	}
	b := ui.Button(r, label, ui.CmdTarget(ui.Command{Kind: ui.CmdNetwork}))
	b.Size = 14
	b.Tip = "Host the game on the network: players join from their own devices with its link (a seat's button then offers Remote). This computer runs the game and keeps its save; it is the dealer. Off: everyone plays at this screen."
	if s.hosted {
		b.Fill, b.Selected = ui.ColOK, true
	}
	return b
}

// subtitle says how the next game is played: at one screen, or hosted
// here for players at their own devices.
func (s *Screen) subtitle() string {
	if s.hosted {
		return "Puppet masters of the great houses — hosted here: the others join from their own devices"
	}
	return "Puppet masters of the great houses — a hot-seat game for one screen"
}

// seatLevelWidget is the button beside seat i's name: who plays it.
func (s *Screen) seatLevelWidget(i int, r ui.Rect) ui.Widget {
	l := s.bots.level[i]
	b := ui.Button(r, seatLevelLabel(l), ui.CmdTarget(ui.Command{Kind: ui.CmdSeatLevel, N: i}))
	b.Size = 16
	b.Tip = "Who plays this seat: a human at the table, or a bot (random, easy or strong). Click to change."
	if s.hosted {
		b.Tip = "Who plays this seat: a human at this screen, a player who joins from another device (Remote), or a bot. Click to change."
	}
	if l != Human {
		b.Fill = ui.ColPanelHi
		b.Edge = ui.ColGold
	}
	return b
}

// botPauseWidget is the start screen's pause between bot moves (shown
// only when some seat is a bot).
func (s *Screen) botPauseWidget(r ui.Rect) []ui.Widget {
	for i := 0; i < s.n; i++ {
		if s.bots.level[i] >= 0 {
			b := ui.Button(r, fmt.Sprintf("Bot pause %.2g s", s.bots.pause.Seconds()), ui.CmdTarget(ui.Command{Kind: ui.CmdBotPause}))
			b.Size = 15
			b.Tip = "How long the table waits between two bot moves, so each can be followed. Click to change."
			return []ui.Widget{b}
		}
	}
	return nil
}

// seatLevelLabel is a seat button's label: "Human", "Remote" or "Easy
// bot".
func seatLevelLabel(l int) string {
	switch l {
	case Human:
		return "Human"
	case Remote:
		return "Remote"
	}
	return words.Title(bots.Level(l).String()) + " bot"
}
