package table

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// The private panel: the shown seat's secrets — its loyalty card (to
// arrange, or its tokens to exchange), its Dark Wings cards and its hand,
// the playable cards as buttons.

// privatePanel is the private panel of the table; hidden are the card
// plays it had no room for, which the decision panel shows as buttons
// (set while building widgets).
type privatePanel struct {
	t      *Table
	hidden []rules.Action
}

// widgets draws the shown seat's secrets in r: loyalty card and hand.
// With no seat shown (curtain, public) it draws nothing secret.
func (pp *privatePanel) widgets(r ui.Rect) []ui.Widget {
	u := pp.t
	pp.hidden = nil
	if u.pos.shown < 0 || int(u.pos.shown) >= len(u.pos.priv.Players) {
		ws := ui.Panel(r, "Private")
		return append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: r.Y + 36, W: r.W - 24, H: 20}, "Hidden until its player is looking.", 15, ui.ColDim))
	}
	p := u.pos.priv.Players[u.pos.shown]
	ws := pp.title(r, p)
	arranging := u.pos.has(rules.VArrange) && len(u.loyalty.houses) > 0
	ws, y := pp.tokens(ws, r, p, arranging, u.pos.has(rules.VExchange))
	if arranging {
		return pp.arrangeButtons(ws, r, y)
	}
	wings, wh := u.citadel.wings(r, y, p)
	ws = append(ws, wings...)
	return pp.hand(ws, r, y+wh, p)
}

// title is the panel in r under the seat's player's and conspiracy's
// names (shorter where the whole does not fit, whole in the tip), edged
// in the seat's colour.
func (pp *privatePanel) title(r ui.Rect, p rules.PlayerView) []ui.Widget {
	u := pp.t
	whole := fmt.Sprintf("%s (%s) — only you may look", u.pos.seatName(u.pos.shown), words.Title(p.ID))
	ws := ui.Panel(r, whole)
	ws[1].Text, ws[1].Tip = shortestNeeded(ws[1], whole,
		fmt.Sprintf("%s (%s) — private", u.pos.seatName(u.pos.shown), words.Title(p.ID)),
		fmt.Sprintf("%s (%s)", u.pos.seatName(u.pos.shown), words.Title(p.ID)),
		words.Title(p.ID)+" — private: only you may look",
		words.Title(p.ID)+" — private"), whole
	ws[0].Edge = ui.SeatColor(u.pos.shown)
	return ws
}

// tokens adds to ws the seat's loyalty card in r, under the panel's
// title, p the seat's view of itself: the card being arranged
// (arranging) or its tokens, clickable to swap or to exchange
// (exchanging). It returns ws and the y under them.
func (pp *privatePanel) tokens(ws []ui.Widget, r ui.Rect, p rules.PlayerView, arranging, exchanging bool) ([]ui.Widget, float64) {
	u := pp.t
	y := r.Y + 32
	label := "Loyalty card"
	switch {
	case arranging:
		label = "Click a token, then another to swap"
	case exchanging:
		label = "Click two tokens to exchange them"
	}
	ws = append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: y, W: r.W - 24, H: 19}, label, 15, ui.ColDim))
	y += 21
	n := len(p.Loyalty)
	if arranging {
		n = len(u.loyalty.houses)
	}
	tw := math.Min(64, (r.W-24)/float64(max(n, 1)))
	th := 44.0
	for k := 0; k < n; k++ {
		var house board.HouseID
		var value int
		var revealed bool
		if arranging {
			house = u.loyalty.houses[k]
			if k < len(u.pos.m.LoyaltySlots) {
				value = u.pos.m.LoyaltySlots[k]
			}
		} else {
			tk := p.Loyalty[k]
			house, value, revealed = tk.House, tk.Value, tk.Revealed
		}
		w := ui.Widget{R: ui.Rect{X: r.X + 12 + float64(k)*tw, Y: y, W: tw - 4, H: th}, Kind: ui.WBox, Size: 15, Bold: true,
			T: ui.Target{Kind: ui.TToken, Index: k}}
		w.Fill = ui.HouseColor(u.pos.m, house)
		w.Ink = ui.TextOn(w.Fill)
		w.Text = fmt.Sprintf("%d\n%s", value, Abbrev(u.pos.houseName(house)))
		w.Tip = fmt.Sprintf("Slot %d of your loyalty card: House %s's token, worth %s at the game's end if %s's final rank span takes in place %d (6, 4, 3, 2 for the best four places).", k+1, u.pos.houseName(house), words.Count(value, "point"), u.pos.houseName(house), k+1)
		if revealed {
			w.Edge = ui.ColWhite
			w.Tip += " Revealed: everyone sees it."
		} else {
			w.Tip += " Face down: only you see it."
		}
		w.Hot = arranging || exchanging
		w.Selected = (arranging && u.loyalty.sel == k)
		for _, s := range u.loyalty.picked {
			if s == k {
				w.Selected = true
			}
		}
		if !(arranging || exchanging) {
			w.T = ui.Target{}
		}
		ws = append(ws, w)
	}
	return ws, y + th + 6
}

// arrangeButtons adds to ws the Shuffle and Confirm buttons under the
// card being arranged, at y in r.
func (pp *privatePanel) arrangeButtons(ws []ui.Widget, r ui.Rect, y float64) []ui.Widget {
	bh := math.Max(32, pp.t.panels.tap)
	sh := ui.Button(ui.Rect{X: r.X + 12, Y: y, W: 124, H: bh}, "Shuffle", ui.CmdTarget(ui.Command{Kind: ui.CmdShuffle}))
	sh.Key = ui.KeyS
	b := ui.Button(ui.Rect{X: r.X + 142, Y: y, W: r.W - 154, H: bh}, "Confirm", ui.CmdTarget(ui.Command{Kind: ui.CmdConfirmArrange}))
	b.Fill, b.Key = ui.ColOK, ui.KeyEnter
	b.Tip = "Confirm this loyalty card: slot 1 is worth 6, slot 2 4, slot 3 3, slot 4 2, the rest 0."
	return append(ws, sh, b)
}

// hand adds the seat's hand to the panel's widgets ws, from y in r: its
// cards, the playable ones as buttons and first. Without room for it (a
// phone's pane) its plays become the decision panel's buttons (hidden),
// its cards the panel's tooltip.
func (pp *privatePanel) hand(ws []ui.Widget, r ui.Rect, y float64, p rules.PlayerView) []ui.Widget {
	u := pp.t
	playable := map[board.CardID]rules.Action{}
	for _, a := range u.pos.legal {
		if a.Verb == rules.VPlay {
			playable[a.Card] = a
		}
	}
	if y+19 > r.Y+r.H-4 {
		var names []string
		for _, c := range p.Hand {
			names = append(names, CardLabel(u.pos.card(c)))
			if a, ok := playable[c]; ok && u.pos.shown == u.pos.eng.ToAct() {
				pp.hidden = append(pp.hidden, a)
			}
		}
		ws[0].Tip = "Hand: " + words.Count(len(p.Hand), "house card")
		if len(names) > 0 {
			ws[0].Tip += ": " + strings.Join(names, " · ")
		}
		return ws
	}
	head := len(ws)
	ws = append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: y, W: r.W - 24, H: 19}, "Hand: "+words.Count(len(p.Hand), "house card"), 15, ui.ColDim))
	// Playable cards first, so a long hand never hides one.
	hand := append([]board.CardID(nil), p.Hand...)
	sort.SliceStable(hand, func(i, j int) bool {
		_, pi := playable[hand[i]]
		_, pj := playable[hand[j]]
		return pi && !pj
	})
	return pp.cards(ws, head, r, y+21, hand, playable)
}

// cards adds the cards of hand (playable: those that may be played, by
// card) a row each from y in r to the panel's widgets ws, whose line
// ws[head] heads the hand; the cards with no row are named on a last
// line, or in that line's tip.
func (pp *privatePanel) cards(ws []ui.Widget, head int, r ui.Rect, y float64, hand []board.CardID, playable map[board.CardID]rules.Action) []ui.Widget {
	u := pp.t
	cw := r.W - 24
	pitch, ch := 27.0, 24.0 // a card's row; a finger's on a phone
	if u.panels.tap > 0 {
		pitch, ch = u.panels.tap+3, u.panels.tap
	}
	for k, id := range hand {
		c, h := u.pos.card(id), u.pos.cardHouse(id)
		cr := ui.Rect{X: r.X + 12, Y: y + float64(k)*pitch, W: cw, H: ch}
		if cr.Y+cr.H > r.Y+r.H-4 || (k < len(hand)-1 && cr.Y+cr.H+pitch > r.Y+r.H-4) {
			// The cards with no row: named on the line that says so, or
			// (no room for that line either) in the tooltip of the hand's.
			var rest []string
			for _, c := range hand[k:] {
				rest = append(rest, CardLabel(u.pos.card(c)))
			}
			if more := (ui.Rect{X: r.X + 12, Y: cr.Y + 2, W: r.W - 24, H: 19}); more.Y+more.H <= r.Y+r.H {
				m := ui.Text(more, fmt.Sprintf("… and %d more", len(hand)-k), 15, ui.ColDim)
				m.Tip = strings.Join(rest, " · ")
				ws = append(ws, m)
			} else {
				ws[head].Tip = strings.Join(rest, " · ")
			}
			// Cards that may be played but find no room here become
			// buttons of the decision panel: no legal play is ever hidden.
			if u.pos.shown == u.pos.eng.ToAct() {
				for _, c := range hand[k:] {
					if a, ok := playable[c]; ok {
						pp.hidden = append(pp.hidden, a)
					}
				}
			}
			break
		}
		tip := CardTip(c, u.pos.houseName(h))
		hc := ui.HouseColor(u.pos.m, h)
		if a, ok := playable[id]; ok && u.pos.shown == u.pos.eng.ToAct() {
			w := ui.ActionButton(cr, CardLabel(c), a)
			// Smaller for a long card (Dagmar Cleftjaw's four facts), the
			// room of a digit's key hint kept.
			w.Size = ui.FitSize(w.Text, 15, 12, true, cr.W-6-24)
			w.Edge = ui.ColGold
			w.Hot = true
			w.Tip = tip
			ws = append(ws, w)
			continue
		}
		fill := CardFill(hc)
		ws = append(ws, ui.Widget{R: cr, Kind: ui.WBox, Text: CardLabel(c), Size: 15, Fill: fill, Ink: ui.TextOn(fill), Edge: hc, Tip: tip})
	}
	return ws
}

// seat is the shown seat's secrets at the position shown: its
// loyalty card and its hand, the cards two to a row so that a long hand
// fits. Built only once the game of the file is over.
func (pp *privatePanel) seat(pr ui.Rect) []ui.Widget {
	u := pp.t
	s := u.pos.shown
	if s < 0 || int(s) >= len(u.pos.priv.Players) {
		return nil
	}
	p := u.pos.priv.Players[s]
	ws := ui.Panel(pr, fmt.Sprintf("%s — their view at this point", u.pos.seatWords(s)))
	ws[0].Edge = ui.SeatColor(s)
	x, y, w := pr.X+12, pr.Y+34, pr.W-24
	ws = append(ws, ui.Text(ui.Rect{X: x, Y: y, W: w, H: 19}, "Loyalty card (white frame: revealed)", 15, ui.ColDim))
	y += 21
	tw := math.Min(80, w/float64(max(len(p.Loyalty), 1)))
	for k, tk := range p.Loyalty {
		hc := ui.HouseColor(u.pos.m, tk.House)
		b := ui.Widget{R: ui.Rect{X: x + float64(k)*tw, Y: y, W: tw - 5, H: 46}, Kind: ui.WBox, Text: fmt.Sprintf("%d\n%s", tk.Value, Abbrev(u.pos.houseName(tk.House))), Size: 16, Bold: true, Fill: hc, Ink: ui.TextOn(hc),
			Tip: fmt.Sprintf("Slot %d of %s's loyalty card: House %s, worth %s if its final rank span takes in place %d.", k+1, u.pos.seatName(s), u.pos.houseName(tk.House), words.Count(tk.Value, "point"), k+1)}
		if tk.Revealed {
			b.Edge = ui.ColWhite
		}
		ws = append(ws, b)
	}
	y += 52
	ws = append(ws, ui.Text(ui.Rect{X: x, Y: y, W: w, H: 19}, "Hand: "+words.Count(len(p.Hand), "house card"), 15, ui.ColDim))
	y += 22
	cw := (w - 6) / 2
	rows := max(0, int((pr.Y+pr.H-4-y)/27))
	for k, id := range p.Hand {
		c, h := u.pos.card(id), u.pos.cardHouse(id)
		row, col := k/2, k%2
		if row >= rows || (row == rows-1 && col == 1 && k < len(p.Hand)-1) {
			ws = append(ws, ui.Text(ui.Rect{X: x + float64(col)*(cw+6), Y: y + float64(row)*27 + 3, W: cw, H: 19}, fmt.Sprintf("… and %d more", len(p.Hand)-k), 15, ui.ColDim))
			break
		}
		hc := ui.HouseColor(u.pos.m, h)
		fill := CardFill(hc)
		ws = append(ws, ui.Widget{R: ui.Rect{X: x + float64(col)*(cw+6), Y: y + float64(row)*27, W: cw, H: 24}, Kind: ui.WBox, Text: CardLabel(c), Size: 15, Fill: fill, Ink: ui.TextOn(fill), Edge: hc,
			Tip: CardTip(c, u.pos.houseName(h))})
	}
	return ws
}

// CardFill is the fill of a house card in the hand: the house's colour
// toned towards the panel, but never so dark that it sinks into the panel
// (Greyjoy's near-black is lifted).
func CardFill(hc color.RGBA) color.RGBA {
	f := ui.Mix(hc, ui.ColPanel, 0.35)
	if ui.Luminance(f) < 0.06 {
		f = ui.Mix(hc, ui.ColWhite, 0.3)
	}
	return f
}

// CardTip explains a house card.
func CardTip(c board.Card, house string) string {
	s := fmt.Sprintf("%s, a %s house card: +%d to House %s in a combat it fights.", c.Name, house, c.Strength, house)
	if c.Swords > 0 {
		s += fmt.Sprintf(" %s: the other side loses %s more.", words.Count(c.Swords, "sword"), words.Count(c.Swords, "unit"))
	}
	if c.Towers > 0 {
		s += fmt.Sprintf(" %s: %s lost fewer.", words.Count(c.Towers, "tower"), words.Count(c.Towers, "unit"))
	}
	if e := cardEffectText(c, house); e != "" {
		s += " " + e
	}
	return s
}

// CardLabel is a house card as the hand lists it: "Eddard Stark  +4  2 swords".
func CardLabel(c board.Card) string {
	s := fmt.Sprintf("%s  +%d", c.Name, c.Strength)
	if c.Swords > 0 {
		s += "  " + words.Count(c.Swords, "sword")
	}
	if c.Towers > 0 {
		s += "  " + words.Count(c.Towers, "tower")
	}
	return s
}
