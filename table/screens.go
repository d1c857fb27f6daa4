package table

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// The table's other screens: the hand-off curtain over the public table
// (the seat shown is hidden, Table.Hide, until the curtain is lifted,
// Table.Reveal) and the end screen.

// Screens builds the table's other screens: the curtain and the end
// screen.
type Screens struct{ t *Table }

// Curtain is the hand-off curtain that waits for seat: the public
// table stays in view under its veil, and the whole screen lifts it.
func (s *Screens) Curtain(seat rules.Seat) []ui.Widget {
	u := s.t
	if u.portrait {
		return u.screens.portraitCurtain(seat)
	}
	name := u.pos.seatName(seat)
	id := ""
	if seat >= 0 && int(seat) < len(u.pos.seats) {
		id = words.Title(u.pos.seats[seat])
	}
	sc := ui.SeatColor(seat)
	full := ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: ui.BaseH}
	pass := fmt.Sprintf("Pass to %s (%s)", id, name)
	only := fmt.Sprintf("Click, or press Enter or Space, when only %s is looking.", name)
	iam := "I am " + name
	// The button as wide as its words need, from 360 to the panel's width.
	iwText, _ := ui.Measure(iam, 24, true, 0)
	iw := math.Min(960, math.Max(360, iwText/0.96+90))
	ws := []ui.Widget{
		{R: full, Kind: ui.WPanel, Fill: color.RGBA{10, 10, 14, 190}}, // veils the public table
		{R: ui.Rect{X: 300, Y: 250, W: 1000, H: 400}, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: sc},
		// A long name sets the lines smaller, not cut.
		{R: ui.Rect{X: 320, Y: 300, W: 960, H: 60}, Kind: ui.WText, Text: pass, Size: ui.FitSize(pass, 48, 30, true, 960), Bold: true, Align: ui.AlignCenter, Ink: ui.Readable(sc, ui.ColPanel)},
		{R: ui.Rect{X: 320, Y: 400, W: 960, H: 40}, Kind: ui.WText, Text: only, Size: ui.FitSize(only, 28, 20, false, 960), Align: ui.AlignCenter, Ink: ui.ColText},
		{R: ui.Rect{X: 320, Y: 460, W: 960, H: 30}, Kind: ui.WText, Text: u.pos.pub.Prompt, Size: 20, Align: ui.AlignCenter, Ink: ui.ColDim},
		{R: ui.Rect{X: 800 - iw/2, Y: 540, W: iw, H: 60}, Kind: ui.WButton, Text: iam, Size: 24, Fill: ui.ColOK, Ink: ui.ColText, Edge: sc, Key: ui.KeyEnter, T: ui.CmdTarget(ui.Command{Kind: ui.CmdLift})},
	}
	if u.msg != "" {
		// An undo's or a redo's words (or its question) behind the curtain:
		// public, and the veil would hide the message line's.
		ink := ui.ColDim
		if u.msgErr {
			ink = ui.ColGold // a question: the same key again goes on
		}
		rows := ui.WrapText(u.msg, 16, 960, 0)
		rows = rows[:min(len(rows), 2)]
		ws = append(ws, ui.Widget{R: ui.Rect{X: 320, Y: 494, W: 960, H: 20 * float64(len(rows))}, Kind: ui.WText, Text: strings.Join(rows, "\n"), Size: 16, Align: ui.AlignCenter, Ink: ink, Tip: u.msg})
	}
	// The whole screen is the button.
	ws = append(ws, ui.Widget{R: full, Kind: ui.WText, T: ui.CmdTarget(ui.Command{Kind: ui.CmdLift})})
	return ws
}

// portraitCurtain is the hand-off curtain on the portrait canvas: the
// same words and button as the landscape one's, one under the other, the
// button a thumb's width; the whole screen lifts it.
func (s *Screens) portraitCurtain(seat rules.Seat) []ui.Widget {
	u := s.t
	name := u.pos.seatName(seat)
	id := ""
	if seat >= 0 && int(seat) < len(u.pos.seats) {
		id = words.Title(u.pos.seats[seat])
	}
	sc := ui.SeatColor(seat)
	full := ui.Canvas(true)
	card := ui.Rect{X: 12, Y: 230, W: full.W - 24, H: 330}
	tw := card.W - 32
	pass := fmt.Sprintf("Pass to %s (%s)", id, name)
	only := fmt.Sprintf("Tap when only %s is looking.", name)
	iam := "I am " + name
	// A long name goes on a line of its own, smaller, not cut.
	passText, passSize := pass, ui.FitSize(pass, 30, 20, true, tw)
	if w, _ := ui.Measure(pass, passSize, true, 0); w > tw {
		passText = fmt.Sprintf("Pass to %s\n(%s)", id, name)
		passSize = min(ui.FitSize(id, 24, 16, true, tw), ui.FitSize("("+name+")", 24, 16, true, tw))
	}
	ws := []ui.Widget{
		{R: full, Kind: ui.WPanel, Fill: color.RGBA{10, 10, 14, 190}}, // veils the public table
		{R: card, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: sc},
		{R: ui.Rect{X: card.X + 16, Y: card.Y + 16, W: tw, H: 60}, Kind: ui.WText, Text: passText, Size: passSize, Bold: true, Align: ui.AlignCenter, Ink: ui.Readable(sc, ui.ColPanel), Tip: pass},
		{R: ui.Rect{X: card.X + 16, Y: card.Y + 84, W: tw, H: 52}, Kind: ui.WText, Text: ui.WrapWords(only, 34), Size: 19, Align: ui.AlignCenter, Ink: ui.ColText, Tip: only},
		{R: ui.Rect{X: card.X + 16, Y: card.Y + 146, W: tw, H: 48}, Kind: ui.WText, Text: ui.WrapWords(u.pos.pub.Prompt, 40), Size: 16, Align: ui.AlignCenter, Ink: ui.ColDim, Tip: u.pos.pub.Prompt},
		{R: ui.Rect{X: card.X + 16, Y: card.Y + card.H - 24 - 60, W: tw, H: 60}, Kind: ui.WButton, Text: iam, Size: ui.FitSize(iam, 24, 16, true, tw-20), Fill: ui.ColOK, Ink: ui.ColText, Edge: sc, T: ui.CmdTarget(ui.Command{Kind: ui.CmdLift})},
	}
	if u.msg != "" {
		ink := ui.ColDim
		if u.msgErr {
			ink = ui.ColGold
		}
		ws = append(ws, ui.Widget{R: ui.Rect{X: card.X + 16, Y: card.Y + 200, W: tw, H: 40}, Kind: ui.WText, Text: ui.WrapWords(u.msg, 44), Size: 15, Align: ui.AlignCenter, Ink: ink, Tip: u.msg})
	}
	return append(ws, ui.Widget{R: full, Kind: ui.WText, T: ui.CmdTarget(ui.Command{Kind: ui.CmdLift})})
}

// End is the end screen: the ranking, every loyalty card and
// score, the seed; replay adds the button that watches the game again.
func (s *Screens) End(replay bool) []ui.Widget {
	u := s.t
	v := u.pos.pub
	m := u.pos.m
	l := EndLayout(m.Grid.W, m.Grid.H)
	rx := l.Houses.X
	rw := ui.BaseW - 8 - rx
	ws := []ui.Widget{{R: ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: 50}, Kind: ui.WPanel, Fill: ui.ColPanelHi}}
	var wn []string
	for _, w := range v.Winners {
		// "Torch (Ben)", as the curtain says it: the engine's sentences name
		// the conspiracy, the table the player.
		wn = append(wn, fmt.Sprintf("%s (%s)", words.Title(u.pos.seats[w]), u.pos.seatName(w)))
	}
	head := "Game over"
	if len(wn) > 0 {
		head += " — " + words.List(wn) + " " + words.Agree(len(wn), "wins", "win")
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: 16, Y: 8, W: 1400, H: 34}, Kind: ui.WText, Text: head, Size: 26, Bold: true, Ink: ui.ColGold})
	// The ranking takes two columns beyond six houses, and the players'
	// rows shrink to fit nine: the end screen never runs off the window.
	cols := 1
	if len(v.Ranking) > 6 {
		cols = 2
	}
	rows := (len(v.Ranking) + cols - 1) / cols
	rankH := 250.0
	if rows > 5 {
		rankH = 44 + 38*float64(rows)
	}
	ws = append(ws, ui.Panel(ui.Rect{X: rx, Y: 58, W: rw, H: rankH}, "Final ranking")...)
	colW := (rw - 12) / float64(cols)
	for i, rk := range v.Ranking {
		x, y := rx+12+float64(i/rows)*colW, 94.0+38*float64(i%rows)
		hc := ui.HouseColor(m, rk.House)
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: 90, H: 30}, Kind: ui.WBox, Text: RankText(rk), Size: 16, Bold: true, Fill: hc, Ink: ui.TextOn(hc)})
		ws = append(ws, ui.Text(ui.Rect{X: x + 100, Y: y + 5, W: colW - 112, H: 22}, u.pos.houseName(rk.House)+"  ·  "+rankFacts(rk), 17, ui.ColText))
	}
	py := 58 + rankH + 10
	// Room left for the players below: the panel's title, then one row
	// each, then the tie-break line and the button.
	held := HeldWings(v)
	extra := 0.0
	if held != "" {
		extra = 30
	}
	rowH := math.Min(70, (ui.BaseH-8-py-54-84-extra)/float64(max(len(v.Players), 1)))
	tokH := rowH - 10
	tokSize := 14.0
	if tokH < 56 {
		tokSize = 12
	}
	ph := 54 + rowH*float64(len(v.Players))
	ws = append(ws, ui.Panel(ui.Rect{X: rx, Y: py, W: rw, H: ph}, "Loyalty cards and scores  ·  gold frame: the token scored")...)
	for i, p := range v.Players {
		y := py + 40 + float64(i)*rowH
		sc := ui.SeatColor(p.Seat)
		ws = append(ws, ui.Widget{R: ui.Rect{X: rx + 12, Y: y, W: 120, H: tokH - 4}, Kind: ui.WBox, Text: words.Title(p.ID), Size: 18, Bold: true, Fill: sc, Ink: ui.TextOn(sc)})
		if tokH >= 52 {
			ws = append(ws, ui.Text(ui.Rect{X: rx + 142, Y: y + 4, W: 200, H: 22}, u.pos.seatName(p.Seat), 19, ui.ColText))
			ws = append(ws, ui.Text(ui.Rect{X: rx + 142, Y: y + 30, W: 200, H: 22}, words.Count(p.Score, "point"), 19, ui.ColGold))
		} else {
			ws = append(ws, ui.Text(ui.Rect{X: rx + 142, Y: y + (tokH-22)/2, W: 210, H: 22}, u.pos.seatName(p.Seat)+" · "+words.Count(p.Score, "point"), 17, ui.ColGold))
		}
		tw := math.Min(110, (rw-380)/float64(max(len(p.Loyalty), 1)))
		for k, tk := range p.Loyalty {
			hc := ui.HouseColor(m, tk.House)
			t := fmt.Sprintf("%d\n%s", tk.Value, u.pos.houseName(tk.House))
			if tk.Revealed {
				t += "\n(shown)"
			}
			if Scores(v.Ranking, tk.House, k) && tk.Value > 0 {
				ws = append(ws, ui.Widget{R: ui.Rect{X: rx + 360 + float64(k)*tw - 3, Y: y - 3, W: tw, H: tokH + 6}, Kind: ui.WBox, Fill: ui.ColGold})
			}
			ws = append(ws, ui.Widget{R: ui.Rect{X: rx + 360 + float64(k)*tw, Y: y, W: tw - 6, H: tokH}, Kind: ui.WBox, Text: t, Size: tokSize, Bold: true, Fill: hc, Ink: ui.TextOn(hc)})
		}
	}
	ty := py + ph + 10
	if v.TieBreak != "" {
		ws = append(ws, ui.Text(ui.Rect{X: rx, Y: ty, W: rw, H: 24}, v.TieBreak, 18, ui.ColText))
		ty += 34
	}
	if held != "" {
		ws = append(ws, ui.Text(ui.Rect{X: rx, Y: ty, W: rw, H: 24}, held, 16, ui.ColDim))
		ty += extra
	}
	again := ui.Button(ui.Rect{X: rx, Y: ty, W: 220, H: 40}, "New game", ui.CmdTarget(ui.Command{Kind: ui.CmdAgain}))
	again.Key = ui.KeyEnter
	ws = append(ws, again)
	if replay {
		rp := ui.Button(ui.Rect{X: rx + 230, Y: ty, W: 250, H: 40}, "Watch the replay", ui.CmdTarget(ui.Command{Kind: ui.CmdReplay}))
		rp.Key, rp.Tip = ui.KeyR, "Step through this game action by action, every seat's view open."
		ws = append(ws, rp)
		rx += 272
		rw -= 272
	}
	// The seed is revealed with everything else at the end.
	ws = append(ws, ui.Text(ui.Rect{X: rx + 220, Y: ty + 9, W: rw - 220, H: 24}, fmt.Sprintf("Seed %d", u.seed), 18, ui.ColDim))
	return ws
}

// EndLayout is the end screen's: the final board at the left (as high as
// the table's, as wide as the map needs), the results right of it.
func EndLayout(gw, gh int) Layout {
	bw := 470.0
	if gw > 0 && gh > 0 {
		bw = math.Max(360, math.Min(700, 834*float64(gw)/float64(gh)))
	}
	return Layout{Top: ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: 50}, Board: ui.Rect{X: 8, Y: 58, W: bw, H: 834}, Houses: ui.Rect{X: bw + 20, Y: 58, W: ui.BaseW - 28 - bw, H: 834}}
}

// HeldWings is the end screen's line on the Dark Wings cards still held
// (Citadel variant: worth nothing, breaking no tie), "" when none is: at
// game over the view shows every seat's cards.
func HeldWings(v rules.View) string {
	var held []string
	for _, p := range v.Players {
		if len(p.WingCards) == 0 {
			continue
		}
		var cards []string
		for _, c := range wingCounts(p.WingCards) {
			cards = append(cards, c.label())
		}
		held = append(held, words.Title(p.ID)+" "+strings.Join(cards, ", "))
	}
	if len(held) == 0 {
		return ""
	}
	return "Dark Wings cards still held, worth nothing and breaking no tie: " + strings.Join(held, "; ") + "."
}

// TesterText marks a tester's game: its seed was typed, so its shuffles
// are no secret.
func TesterText(seed uint64) string { return fmt.Sprintf("Tester's game — seed %d", seed) }

// Scores reports whether a token of house on loyalty slot k scores: the
// house's final rank span contains the slot's place (slot k = rank k+1).
func Scores(ranking []rules.Rank, house board.HouseID, k int) bool {
	for _, r := range ranking {
		if r.House == house {
			return r.From <= k+1 && k+1 <= r.To
		}
	}
	return false
}
