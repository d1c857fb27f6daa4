package table

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"notrueking/board"
	"notrueking/ui"
	"notrueking/words"
)

// A notice on a phone held upright: the same card as on the landscape
// canvas, stacked for the portrait canvas's width — its title wrapped, the
// card's face (a house card, a house, a Dark Wings card), the dice or the
// combat card, the words on as many lines as they need, and Continue the
// whole width at the foot, a finger's height. Nothing is cut: a line
// too long wraps.

// portraitNoticeSize is the text size of a portrait notice's words.
const portraitNoticeSize = 16.0

// portraitWidgets builds the first waiting notice for the portrait canvas.
func (ns *notices) portraitWidgets() []ui.Widget {
	u := ns.t
	n := ns.list[0]
	full := ui.Rect{W: ui.PortraitW, H: ui.PortraitH}
	const m, pad = 4.0, 14.0
	card := ui.Rect{X: m, Y: 0, W: full.W - 2*m}
	inner := card.W - 2*pad
	var body []ui.Widget // laid out from y = 0, moved down once the card's height is known
	y := pad
	text := func(s string, size float64, bold bool, ink color.RGBA) {
		w := ui.Text(ui.Rect{X: card.X + pad, Y: y, W: inner, H: size + 7}, "", size, ink)
		w.Bold = bold
		for _, row := range fitWrap(w, s) {
			w.Text, w.R.Y = row, y
			body = append(body, w)
			y += size + 7
		}
	}
	box := func(face string, size, h float64, fill color.RGBA, tip string) {
		lines := strings.Count(face, "\n") + 1
		h = math.Max(h, float64(lines)*(size+8)+16)
		body = append(body, ui.Widget{R: ui.Rect{X: card.X + pad, Y: y, W: inner, H: h}, Kind: ui.WBox, Text: face, Size: size, Bold: true,
			Fill: fill, Ink: ui.TextOn(fill), Edge: ui.ColWhite, Tip: tip})
		y += h + 12
	}
	edge := ui.ColGold
	switch n.kind {
	case noticeDrawn:
		edge = ui.SeatColor(n.seat)
		text("You drew a house card — only you see this", 18, true, ui.Readable(edge, ui.ColPanel))
		y += 6
		c, house := u.pos.card(n.card), u.pos.houseName(u.pos.cardHouse(n.card))
		box(wrapFace(drawnFace(c, house), 18, inner), 18, 90, ui.HouseColor(u.pos.m, u.pos.cardHouse(n.card)), "")
		for _, s := range []string{cardEffectText(c, house), n.text, drawnRest(house)} {
			if s != "" {
				text(s, portraitNoticeSize, false, ui.ColText)
				y += 4
			}
		}
	case noticeSecret:
		edge = ui.SeatColor(n.seat)
		title, face, fill, tip, rest := u.citadel.secretFace(n)
		text(title, 18, true, ui.Readable(edge, ui.ColPanel))
		y += 6
		box(face, 20, 56, fill, tip)
		for _, s := range []string{n.text, rest} {
			text(s, portraitNoticeSize, false, ui.ColText)
			y += 4
		}
	case noticeRoll:
		text(u.citadel.rollTitle(n), 18, true, ui.Readable(ui.SeatColor(n.who), ui.ColPanel))
		y += 6
		const gap = 8.0
		k := max(len(n.dice), 1)
		size := math.Min(56, (inner-gap*float64(k-1))/float64(k))
		x := card.X + pad + (inner-float64(k)*size-gap*float64(k-1))/2
		for i, d := range n.dice {
			w := ui.Widget{R: ui.Rect{X: x + float64(i)*(size+gap), Y: y, W: size, H: size}, Kind: ui.WBox, Text: fmt.Sprint(d), Size: math.Round(size * 0.55), Bold: true,
				Fill: ui.ColParchment, Ink: ui.ColBlack, Edge: ui.ColEdge, Tip: fmt.Sprintf("A die: %d.", d)}
			if i < 2 {
				w.Edge, w.Selected = ui.ColGold, true
			} else {
				w.Fill = ui.Mix(ui.ColParchment, ui.ColPanel, 0.5)
			}
			body = append(body, w)
		}
		y += size + 8
		text("the two highest count (gold)", 14, false, ui.ColDim)
		text(rollSum(n), 22, true, ui.ColGold)
		text(rollBrings(n.result), portraitNoticeSize, false, ui.ColText)
		y += 4
		for _, l := range n.lines {
			text(l, portraitNoticeSize, false, ui.ColText)
		}
	case noticeScenario:
		text("Scenario: "+n.text, 18, true, ui.ColGold)
		y += 4
		for _, l := range n.lines {
			text(l, portraitNoticeSize, false, ui.ColText)
		}
	case noticeResult:
		// The combat card as tall as its terms, then the log's words of
		// the end.
		cc := u.panels.combat.widgets(ui.Rect{X: card.X + 2, Y: y - pad + 2, W: card.W - 4, H: ui.PortraitH}, n.combat, combatResult)
		h := 0.0
		for _, w := range cc[1:] {
			h = math.Max(h, w.R.Y+w.R.H)
		}
		cc[0].R.H = h + 8 - cc[0].R.Y
		body = append(body, cc...)
		y = cc[0].R.Y + cc[0].R.H + 10
		for _, l := range n.lines {
			text(l, portraitNoticeSize, false, ui.ColText)
		}
	}
	// Who the table passes to, then Continue.
	if ta := u.pos.eng.ToAct(); ta >= 0 && ta != u.pos.shown && len(ns.list) == 1 {
		y += 4
		text("then the table passes to "+u.pos.seatWords(ta), 14, false, ui.ColDim)
	}
	y += 8
	bh := portraitTap + 4
	btn := ui.Button(ui.Rect{X: card.X + pad, Y: y, W: inner, H: bh}, "Continue", ui.CmdTarget(ui.Command{Kind: ui.CmdDismiss}))
	btn.Fill, btn.Key, btn.Size = ui.ColOK, ui.KeyEnter, 18
	card.H = y + bh + pad
	// The card in the middle of the canvas, or from its top when it is
	// taller (its words are never cut; the last rows go first).
	dy := math.Max(m, math.Round((full.H-card.H)/2))
	for i := range body {
		body[i].R.Y += dy
	}
	btn.R.Y += dy
	card.Y = dy
	cut := false
	if card.Y+card.H > full.H-m {
		// Too tall even from the top: Continue stays on the canvas at the
		// card's foot, the last rows give way (the log holds them whole).
		btn.R.Y = full.H - m - pad - bh
		card.H = full.H - m - card.Y
		cut = true
	}
	panel := ui.Panel(card, "")
	panel[0].Edge = edge
	ws := []ui.Widget{{R: full, Kind: ui.WPanel, Fill: color.RGBA{10, 10, 14, 150}}}
	ws = append(ws, panel...)
	foot := btn.R.Y - 6
	if cut {
		foot -= 22
		ws = append(ws, ui.Text(ui.Rect{X: card.X + pad, Y: foot + 2, W: inner, H: 20}, "More in the log.", 14, ui.ColDim))
	}
	for _, w := range body {
		switch {
		case w.R.Y+w.R.H <= foot:
			ws = append(ws, w)
		case w.Kind == ui.WPanel && w.R.Y < foot:
			w.R.H = foot - w.R.Y // a combat card taller than the room: its foot gives way
			ws = append(ws, w)
		}
	}
	// The veil takes every other tap (the table waits for Continue).
	return append(ws, ui.Widget{R: full, Kind: ui.WText, T: ui.Target{Kind: ui.TButton}}, btn)
}

// drawnFace is a house card's face: its name, house, strength and icons.
func drawnFace(c board.Card, house string) string {
	face := fmt.Sprintf("%s\n%s  ·  strength %d", c.Name, house, c.Strength)
	var icons []string
	if c.Swords > 0 {
		icons = append(icons, words.Count(c.Swords, "sword"))
	}
	if c.Towers > 0 {
		icons = append(icons, words.Count(c.Towers, "tower"))
	}
	if len(icons) > 0 {
		face += "  ·  " + strings.Join(icons, ", ")
	}
	return face
}

// drawnRest is what a drawn card's notice says last.
func drawnRest(house string) string {
	return "It is in your hand; the others see only that you drew a " + house + " card."
}

// fitWrap is s in rows that each fit widget w's room (ui.Fits, at every
// common scale, bold as w is): wrapped narrower until they do.
func fitWrap(w ui.Widget, s string) []string {
	for room := w.R.W; ; room *= 0.95 {
		rows := ui.WrapText(s, w.Size, room, 0)
		fits := true
		for _, r := range rows {
			fits = fits && ui.Fits(w, r)
		}
		if fits || room < w.R.W/2 {
			return rows
		}
	}
}

// wrapFace wraps each line of a card's face to room w at size.
func wrapFace(face string, size, w float64) string {
	box := ui.Widget{R: ui.Rect{W: w, H: size}, Kind: ui.WBox, Size: size, Bold: true}
	var out []string
	for _, l := range strings.Split(face, "\n") {
		out = append(out, fitWrap(box, l)...)
	}
	return strings.Join(out, "\n")
}
