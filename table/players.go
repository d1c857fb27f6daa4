package table

import (
	"fmt"
	"math"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// The Conspiracies panel (the players' tab on a phone): per seat its
// conspiracy, its player, agents in hand, house cards in hand per house
// (public) and its loyalty tokens as the public sees them.

// playersPanel is the Conspiracies panel of the table.
type playersPanel struct{ t *Table }

// widgets is the Conspiracies panel in l: per seat its conspiracy, its
// player, agents in hand, house cards in hand per house (public) and its
// loyalty tokens as the public sees them.
func (pp *playersPanel) widgets(l Layout) []ui.Widget {
	u := pp.t
	r := l.Players
	ws := ui.Panel(r, "Conspiracies")
	ta := u.pos.eng.ToAct()
	pitch := l.PlayerRow
	// The columns of the names and the agents in hand; narrower in a
	// Citadel game, whose pieces take a column of their own.
	nameCol, agentsCol := 96.0, 74.0
	if u.pos.isCitadel() {
		nameCol, agentsCol = 72, 66
	}
	// A phone's narrow pane: two lines a row, the loyalty tokens on the
	// second, under the name.
	compact := r.W < 500
	for k, p := range u.pos.pub.Players {
		i := p.Seat
		at := rowAt{r: r, y: r.Y + 32 + float64(k)*pitch, bh: pitch - 4, compact: compact}
		at.lh = at.bh // the first line's height
		if compact {
			at.lh = math.Floor(at.bh / 2)
		}
		at.ty = at.y + at.lh/2 - 10 // the first line's text
		y, lh := at.y, at.lh
		sc := ui.SeatColor(i)
		row := ui.Widget{R: ui.Rect{X: r.X + 8, Y: y - 1, W: r.W - 16, H: pitch - 2}, Kind: ui.WPanel, Fill: ui.ColPanel}
		if i == ta {
			row.Fill, row.Edge = ui.ColPanelHi, sc
		}
		ws = append(ws, row)
		x := r.X + 12
		name := u.pos.seatName(i)
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 1, W: 86, H: at.bh - 2}, Kind: ui.WBox, Text: words.Title(p.ID), Size: 15, Bold: true, Fill: sc, Ink: ui.TextOn(sc),
			Tip: fmt.Sprintf("Conspiracy %s, played by %s. A conspiracy backs no house openly: its loyalty card says which houses it wants ranked high.", words.Title(p.ID), name)})
		x += 90
		gh := math.Min(20, lh-2)
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + (lh-gh)/2, W: gh, H: gh}, Kind: ui.WGlyph, Text: p.ID, Ink: sc})
		x += gh + 4
		ws = pp.name(ws, at, p, name, x, nameCol)
		x += nameCol
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: at.ty, W: agentsCol - 4, H: 20}, Kind: ui.WText, Text: words.Count(p.AgentsInHand, "agent"), Size: 15, Ink: ui.ColDim,
			Tip: fmt.Sprintf("%s in %s's hand, not yet on a slot. Everyone places three a round.", words.Count(p.AgentsInHand, "agent"), name)})
		x += agentsCol
		var right float64 // where the row's first line ends
		ws, right = pp.tokens(ws, at, p, name)
		// The Citadel's pieces (counts), then the house cards in hand per
		// house (public), between.
		chips, cw := u.citadel.chips(p, x, y, lh, right-6-x)
		ws = append(ws, chips...)
		if k == 0 {
			ws = append(ws, u.citadel.head(r, x)...)
		}
		ws = pp.hand(ws, at, p, name, x+cw, right)
	}
	return ws
}

// rowAt is where a conspiracy's row lies in the panel r: its top y, its
// boxes' height bh, its first line's height lh and that line's text's
// top ty; a compact row (a phone's) has two lines, the loyalty tokens on
// the second.
type rowAt struct {
	r             ui.Rect
	y, bh, lh, ty float64
	compact       bool
}

// name adds to ws player p's name (its seat's player, name) at x on its
// row, never cut, with the tags of a bot and of a seat played from
// another device, nameCol wide in all.
func (pp *playersPanel) name(ws []ui.Widget, at rowAt, p rules.PlayerView, name string, x, nameCol float64) []ui.Widget {
	u := pp.t
	i, ty := p.Seat, at.ty
	nameTip := name + " plays " + words.Title(p.ID) + "."
	nameW := nameCol - 4
	lv := u.pos.botLevel(i)
	if lv != "" {
		nameTip = fmt.Sprintf("%s is %s bot: it plays %s from what its seat may see, nothing more.", name, words.Article(lv), words.Title(p.ID))
		nameW = nameCol - 38 // the "bot" tag keeps its place however long the name
	}
	tag := u.attendance.tag(i, ui.Rect{X: x + nameCol - 40, Y: ty + 1, W: 36, H: 18}, name)
	if tag != nil {
		nameW = nameCol - 44
		nameTip = tag.Tip
	}
	if i == u.pos.pub.FirstPlayer {
		nameTip += " First player this round."
	}
	nw := ui.Widget{R: ui.Rect{X: x, Y: ty, W: nameW, H: 20}, Kind: ui.WText, Text: name, Size: 15, Bold: i == u.pos.pub.FirstPlayer, Ink: ui.ColText, Tip: nameTip}
	nw.Text = shortName(nw, name)
	ws = append(ws, nw)
	if lv != "" {
		ws = append(ws, ui.Widget{R: ui.Rect{X: x + nameW + 2, Y: ty + 1, W: 30, H: 18}, Kind: ui.WBox, Text: "bot", Size: 12, Fill: ui.ColPanelHi, Edge: ui.ColDim, Ink: ui.ColText, Tip: nameTip})
	}
	if tag != nil {
		ws = append(ws, *tag)
	}
	return ws
}

// tokens adds to ws player p's loyalty tokens as the public sees them, at
// the right of its row (on its second line when compact); it returns ws
// and where the row's first line ends.
func (pp *playersPanel) tokens(ws []ui.Widget, at rowAt, p rules.PlayerView, name string) ([]ui.Widget, float64) {
	u := pp.t
	r, y, bh, lh := at.r, at.y, at.bh, at.lh
	nt := max(len(p.Loyalty), 1)
	tw := math.Min(46, math.Floor(230/float64(nt)))
	tx := r.X + r.W - 12 - tw*float64(len(p.Loyalty))
	tokY, tokH, right := y+1, bh-2, tx // the tokens' line; where the first line ends
	if at.compact {
		tx0 := r.X + 12 + 90
		tw = math.Min(46, math.Floor((r.X+r.W-12-tx0)/float64(nt)))
		tx, tokY, tokH, right = tx0, y+lh+1, bh-lh-1, r.X+r.W-12
	}
	for k, tk := range p.Loyalty {
		w := ui.Widget{R: ui.Rect{X: tx + float64(k)*tw, Y: tokY, W: tw - 3, H: tokH}, Kind: ui.WBox, Size: 15, Bold: true}
		slot := fmt.Sprintf("Loyalty slot %d of %s's card, worth %s if its house's final rank span takes in place %d.", k+1, name, words.Count(tk.Value, "point"), k+1)
		if tk.Revealed && tk.House >= 0 {
			w.Fill = ui.HouseColor(u.pos.m, tk.House)
			w.Ink = ui.TextOn(w.Fill)
			w.Text = fmt.Sprint(tk.Value)
			if tw >= 44 {
				w.Text = Abbrev(u.pos.houseName(tk.House)) + fmt.Sprint(tk.Value)
			}
			w.Tip = slot + " Revealed: House " + u.pos.houseName(tk.House) + "."
		} else {
			w.Fill, w.Ink, w.Edge = ui.ColPanelHi, ui.ColText, ui.ColEdge
			w.Text = fmt.Sprintf("?%d", tk.Value)
			w.Tip = slot + " Its house is still secret."
		}
		u.citadel.seatToken(&w, p.Seat, k)
		ws = append(ws, w)
	}
	return ws, right
}

// hand adds to ws player p's house cards in hand per house (public),
// from x to right on its row's first line: a box per house where there is
// room, else their number.
func (pp *playersPanel) hand(ws []ui.Widget, at rowAt, p rules.PlayerView, name string, x, right float64) []ui.Widget {
	u := pp.t
	y, lh, ty := at.y, at.lh, at.ty
	room := right - 6 - x
	var held []board.HouseID
	total := 0
	for h := range u.pos.m.NumHouses() {
		if n := p.HandSize(h); n > 0 {
			held = append(held, h)
			total += n
		}
	}
	handTip := fmt.Sprintf("%s holds %s", name, words.Count(total, "house card"))
	var parts []string
	for _, h := range held {
		parts = append(parts, fmt.Sprintf("%d %s", p.HandSize(h), u.pos.houseName(h)))
	}
	if len(parts) > 0 {
		handTip += ": " + strings.Join(parts, ", ")
	}
	handTip += ". Hand sizes are public, the cards secret."
	switch {
	case room < 60:
		// Little room (the Citadel's pieces): the hand's size alone.
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 2, W: math.Min(27, room), H: lh - 4}, Kind: ui.WBox, Text: fmt.Sprint(total), Size: 15, Bold: true, Fill: ui.ColPanelHi, Ink: ui.ColText, Edge: ui.ColEdge, Tip: handTip})
	case total == 0:
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: ty, W: room, H: 20}, Kind: ui.WText, Text: "no cards", Size: 15, Ink: ui.ColDim, Tip: handTip})
	case float64(len(held))*30 <= room:
		for _, h := range held {
			hc := ui.HouseColor(u.pos.m, h)
			ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 2, W: 27, H: lh - 4}, Kind: ui.WBox, Text: fmt.Sprint(p.HandSize(h)), Size: 15, Bold: true, Fill: hc, Ink: ui.TextOn(hc), Tip: handTip})
			x += 30
		}
	default:
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: ty, W: room, H: 20}, Kind: ui.WText, Text: words.Count(total, "card"), Size: 15, Ink: ui.ColText, Tip: handTip})
	}
	return ws
}

// shortName is a player's name as the cell of w shows it, never cut: the
// name, else its first word, else nothing (the row's glyph and colour
// say whose it is, and the tip the whole name).
func shortName(w ui.Widget, name string) string {
	if ui.Fits(w, name) {
		return name
	}
	if first, _, ok := strings.Cut(name, " "); ok && ui.Fits(w, first) {
		return first
	}
	return ""
}

// Abbrev is a house name cut to three letters (a token's label).
func Abbrev(s string) string {
	if len(s) > 3 {
		return s[:3]
	}
	return s
}
