package table

import (
	"fmt"
	"math"

	"notrueking/ui"
	"notrueking/words"
)

// EndPortrait is the end screen on a phone held upright (the portrait
// canvas): who won, the final ranking one house a row, each player's
// score and loyalty card (the tokens scored in a gold frame), the tie
// break, the Dark Wings cards still held, the seed, and New game (and
// Watch the replay when replay) the whole width at the foot, a finger
// tall. The rows shrink to fit nine players; no line is cut.
func (s *Screens) EndPortrait(replay bool) []ui.Widget {
	u := s.t
	v := u.pos.pub
	m := u.pos.m
	const w, pad = float64(ui.PortraitW), 8.0
	inner := w - 2*pad
	var wn []string
	for _, seat := range v.Winners {
		wn = append(wn, u.pos.seatWords(seat))
	}
	head := "Game over"
	if len(wn) > 0 {
		head += " — " + words.List(wn) + " " + words.Agree(len(wn), "wins", "win")
	}
	ws := []ui.Widget{{R: ui.Rect{W: w, H: ui.PortraitH}, Kind: ui.WPanel, Fill: ui.ColBG}}
	y := 6.0
	hw := ui.Widget{R: ui.Rect{X: pad, W: inner, H: 26}, Kind: ui.WText, Size: 20, Bold: true, Ink: ui.ColGold}
	for _, row := range fitWrap(hw, head) {
		hw.Text, hw.R.Y = row, y
		ws = append(ws, hw)
		y += 26
	}
	y += 4
	// The foot, from the bottom up: the buttons, the seed, the notes.
	foot := float64(ui.PortraitH) - 4 - portraitTap
	again := ui.Button(ui.Rect{X: pad, Y: foot, W: inner, H: portraitTap}, "New game", ui.CmdTarget(ui.Command{Kind: ui.CmdAgain}))
	again.Key, again.Size = ui.KeyEnter, 17
	btns := []ui.Widget{again}
	if replay {
		again.R.W = inner/2 - 4
		rp := ui.Button(ui.Rect{X: pad + inner/2 + 4, Y: foot, W: inner/2 - 4, H: portraitTap}, "Watch the replay", ui.CmdTarget(ui.Command{Kind: ui.CmdReplay}))
		rp.Key, rp.Size, rp.Tip = ui.KeyR, 15, "Step through this game action by action, every seat's view open."
		btns = []ui.Widget{again, rp}
	}
	var notes []ui.Widget
	nw := ui.Widget{R: ui.Rect{X: pad, W: inner, H: 19}, Kind: ui.WText, Size: 14, Ink: ui.ColText}
	var lines []ui.Widget
	for _, s := range []string{v.TieBreak, HeldWings(v), fmt.Sprintf("Seed %d", u.seed)} {
		if s == "" {
			continue
		}
		for _, row := range fitWrap(nw, s) {
			nw.Text = row
			lines = append(lines, nw)
		}
	}
	ny := foot - 6 - 19*float64(len(lines))
	for i, l := range lines {
		l.R.Y = ny + 19*float64(i)
		if i == len(lines)-1 {
			l.Ink = ui.ColDim // the seed
		}
		notes = append(notes, l)
	}
	// The ranking: one house a row.
	room := ny - 8 - y
	rankRow := math.Min(30, math.Max(22, (room*0.4-32)/float64(max(len(v.Ranking), 1))))
	rank := ui.Rect{X: 4, Y: y, W: w - 8, H: 32 + rankRow*float64(len(v.Ranking))}
	ws = append(ws, ui.Panel(rank, "Final ranking")...)
	for i, rk := range v.Ranking {
		ry := rank.Y + 30 + rankRow*float64(i)
		hc := ui.HouseColor(m, rk.House)
		ws = append(ws, ui.Widget{R: ui.Rect{X: pad + 4, Y: ry, W: 56, H: rankRow - 3}, Kind: ui.WBox, Text: RankText(rk), Size: 13, Bold: true, Fill: hc, Ink: ui.TextOn(hc)})
		facts := u.pos.houseName(rk.House) + " · " + rankFacts(rk)
		tw := ui.Text(ui.Rect{X: pad + 66, Y: ry + (rankRow-3-18)/2, W: inner - 70, H: 18}, facts, 13, ui.ColText)
		if !ui.Fits(tw, facts) {
			tw.Text, tw.Tip = u.pos.houseName(rk.House), facts
		}
		ws = append(ws, tw)
	}
	y = rank.Y + rank.H + 6
	// The players: their score, then their loyalty card.
	n := max(len(v.Players), 1)
	rowH := math.Min(86, (ny-8-y-30)/float64(n))
	tokH := math.Max(20, rowH-30)
	pl := ui.Rect{X: 4, Y: y, W: w - 8, H: 30 + rowH*float64(n)}
	ws = append(ws, ui.Panel(pl, "Scores · gold: the tokens scored")...)
	for i, p := range v.Players {
		py := pl.Y + 30 + rowH*float64(i)
		sc := ui.SeatColor(p.Seat)
		ws = append(ws, ui.Widget{R: ui.Rect{X: pad + 4, Y: py, W: 84, H: 22}, Kind: ui.WBox, Text: words.Title(p.ID), Size: 13, Bold: true, Fill: sc, Ink: ui.TextOn(sc)})
		who := u.pos.seatName(p.Seat) + " · " + pointsText(p.Score)
		tw := ui.Text(ui.Rect{X: pad + 96, Y: py + 2, W: inner - 100, H: 20}, who, 15, ui.ColGold)
		if !ui.Fits(tw, who) {
			tw.Text, tw.Tip = pointsText(p.Score), who
		}
		ws = append(ws, tw)
		k := max(len(p.Loyalty), 1)
		tw2 := (inner - 8) / float64(k)
		for j, tk := range p.Loyalty {
			hc := ui.HouseColor(m, tk.House)
			r := ui.Rect{X: pad + 4 + float64(j)*tw2, Y: py + 26, W: tw2 - 6, H: tokH - 4}
			if Scores(v.Ranking, tk.House, j) && tk.Value > 0 {
				ws = append(ws, ui.Widget{R: ui.Rect{X: r.X - 2, Y: r.Y - 2, W: r.W + 4, H: r.H + 4}, Kind: ui.WBox, Fill: ui.ColGold})
			}
			text := fmt.Sprintf("%d %s", tk.Value, Abbrev(u.pos.houseName(tk.House)))
			tip := fmt.Sprintf("%d: House %s", tk.Value, u.pos.houseName(tk.House))
			if tk.Revealed {
				tip += " (shown during the game)"
			}
			ws = append(ws, ui.Widget{R: r, Kind: ui.WBox, Text: text, Size: 12, Bold: true, Fill: hc, Ink: ui.TextOn(hc), Tip: tip})
		}
	}
	ws = append(ws, notes...)
	return append(ws, btns...)
}

// pointsText is a score: "12 points".
func pointsText(n int) string { return words.Count(n, "point") }
