package render

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"notrueking/board"
	"notrueking/rules"
)

// tableLayout is where the table's parts sit on the base canvas.
type tableLayout struct {
	Top, Board, Houses, Side, Players, Private, Actions, Message Rect
}

// layoutTable splits the base canvas for a map grid of gw×gh cells and n players.
func layoutTable(gw, gh, n int) tableLayout {
	var l tableLayout
	l.Top = Rect{0, 0, BaseW, 50}
	bh := 834.0
	bw := 460.0
	if gw > 0 && gh > 0 {
		bw = math.Max(360, math.Min(700, bh*float64(gw)/float64(gh)))
	}
	l.Board = Rect{8, 58, bw, bh}
	rx := l.Board.X + l.Board.W + 12
	rw := BaseW - 8 - rx
	hw := math.Round(rw * 0.56)
	l.Houses = Rect{rx, 58, hw, 330}
	l.Side = Rect{rx + hw + 10, 58, rw - hw - 10, 330}
	ph := 34 + rowPitch(n)*float64(max(n, 2))
	l.Players = Rect{rx, 398, rw, ph}
	py := l.Players.Y + ph + 10
	l.Private = Rect{rx, py, hw, 850 - py}
	l.Actions = Rect{rx + hw + 10, py, rw - hw - 10, 850 - py}
	l.Message = Rect{rx, 856, rw, 36}
	return l
}

// rowPitch is the height of one conspiracy's row: 44 base pixels up to
// four players, then smaller so that nine rows still leave the private
// panel room for the loyalty card and hand.
func rowPitch(n int) float64 {
	if n <= 4 {
		return 44
	}
	return math.Max(24, math.Floor(176/float64(n)))
}

func houseColor(m *board.Map, id string) color.RGBA {
	if h, ok := m.House(id); ok {
		return rgba(m.Houses[h].Color)
	}
	return colDim
}

func panel(r Rect, titleText string) []Widget {
	ws := []Widget{{R: r, Kind: WPanel, Fill: colPanel, Edge: colEdge}}
	if titleText != "" {
		ws = append(ws, Widget{R: Rect{r.X + 12, r.Y + 6, r.W - 24, 24}, Kind: WText, Text: titleText, Size: 17, Bold: true, Ink: colGold})
	}
	return ws
}

func textW(r Rect, s string, size float64, ink color.RGBA) Widget {
	return Widget{R: r, Kind: WText, Text: s, Size: size, Ink: ink}
}

func button(r Rect, label string, t Target) Widget {
	return Widget{R: r, Kind: WButton, Text: label, Size: 16, Fill: colButton, Ink: colText, Edge: colButtonHi, T: t}
}

func actionButton(r Rect, label string, a rules.Action) Widget {
	a2 := a
	return button(r, label, Target{Kind: TButton, Action: &a2})
}

func rankText(r rules.Rank) string {
	if r.From == r.To {
		return rules.Ordinal(r.From)
	}
	return fmt.Sprintf("%s–%s", rules.Ordinal(r.From), rules.Ordinal(r.To))
}

// slotOrder is the left-to-right order of the slots: the order they resolve.
var slotOrder = [rules.NumSlots]rules.Slot{rules.Maester, rules.Marshal, rules.Lord}

// tableWidgets builds the whole table screen (everything but the board's
// own drawing) for the current state.
// testerBadge is where a tester's game says so ("Tester's game — seed N"):
// in the top bar, left of the round, so that it covers no board.
var testerBadge = Rect{872, 13, 236, 24}

func (u *tableUI) tableWidgets(l tableLayout) []Widget {
	var ws []Widget
	pub := u.pub
	// Top bar: whose turn and what to do.
	ws = append(ws, Widget{R: l.Top, Kind: WPanel, Fill: colPanelHi})
	ta := u.eng.ToAct()
	prompt := pub.Prompt
	if prompt == "" && ta >= 0 {
		prompt = u.seatName(ta) + " to act"
	}
	pw := 1100.0
	if u.tester {
		pw = testerBadge.X - 16 - 16
	}
	ws = append(ws, Widget{R: Rect{16, 8, pw, 34}, Kind: WText, Text: prompt, Size: 24, Bold: true, Ink: seatColor(ta)})
	info := fmt.Sprintf("Round %d of %d  ·  first player: %s", pub.Round, pub.Rounds, u.seatName(pub.FirstPlayer))
	ws = append(ws, Widget{R: Rect{1116, 12, 468, 28}, Kind: WText, Text: info, Size: 18, Align: AlignRight, Ink: colText})

	ws = append(ws, u.housesWidgets(l.Houses)...)
	if pub.Combat != nil {
		ws = append(ws, u.combatCardWidgets(l.Side, pub.Combat, combatLive)...)
	} else if cv := u.movePreview(); cv != nil {
		ws = append(ws, u.combatCardWidgets(l.Side, cv, combatPreview)...)
	} else {
		ws = append(ws, u.rankingWidgets(l.Side)...)
	}
	ws = append(ws, u.playersWidgets(l.Players)...)
	ws = append(ws, u.privateWidgets(l.Private)...)
	ws = append(ws, u.actionWidgets(l.Actions)...)
	// Message bar.
	fill := colPanel
	if u.msgErr {
		fill = colWarn
	}
	ws = append(ws, Widget{R: l.Message, Kind: WPanel, Fill: fill, Edge: colEdge})
	if u.msg != "" {
		ws = append(ws, textW(Rect{l.Message.X + 12, l.Message.Y + 6, l.Message.W - 24, 24}, u.msg, 17, colText))
	} else if n := len(pub.Log); n > 0 {
		ws = append(ws, textW(Rect{l.Message.X + 12, l.Message.Y + 6, l.Message.W - 24, 24}, pub.Log[n-1].Text, 17, colDim))
	}
	return append(ws, u.followWidgets(l)...)
}

func (u *tableUI) housesWidgets(r Rect) []Widget {
	ws := panel(r, "Houses  ·  agents resolve Maester → Marshal → Lord")
	ta := u.eng.ToAct()
	active := u.shown >= 0 && u.shown == ta
	rowH := (r.H - 38) / float64(max(len(u.m.Houses), 1))
	// Rank, deck and played count take three lines in a tall row; in a
	// short one (more than six houses) the deck and played counts share
	// the second line, and the column is a little wider for it.
	compact := rowH < 44
	rightW := 90.0
	if compact {
		rightW = 108
	}
	slotW := (r.W - 24 - 150 - rightW) / 3
	hot := map[[2]string]bool{}
	if active {
		for _, a := range u.legal {
			if a.Verb == rules.VPlace || a.Verb == rules.VResolve || a.Verb == rules.VRemove {
				hot[[2]string{u.hid(a.House), a.Slot.String()}] = true
			}
		}
	}
	rank := map[string]rules.Rank{}
	for _, rk := range u.pub.Ranking {
		rank[rk.House] = rk
	}
	for h, house := range u.m.Houses {
		y := r.Y + 34 + float64(h)*rowH
		hc := rgba(house.Color)
		ws = append(ws, Widget{R: Rect{r.X + 12, y + 3, 146, rowH - 6}, Kind: WBox, Text: house.Name, Size: 18, Bold: true, Fill: hc, Ink: textOn(hc)})
		for i, s := range slotOrder {
			sr := Rect{r.X + 166 + float64(i)*slotW, y + 3, slotW - 6, rowH - 6}
			occ := -1
			if h < len(u.pub.Slots) {
				occ = u.pub.Slots[h][s]
			}
			w := Widget{R: sr, Kind: WBox, Size: 15, Fill: colPanelHi, Ink: colDim, Edge: colEdge,
				T: Target{Kind: TSlot, House: house.ID, Slot: s}}
			label := title(s.String())
			if occ >= 0 {
				w.Fill = seatColor(occ)
				w.Ink = textOn(w.Fill)
				if compact {
					// Two lines do not fit a short row: the agent's
					// owner alone (the columns are always Maester,
					// Marshal, Lord, and empty slots say so).
					label = u.seatName(occ)
				} else {
					label += "\n" + u.seatName(occ)
				}
			}
			w.Text = label
			w.Hot = hot[[2]string{house.ID, s.String()}]
			w.Selected = u.pub.ResolvingHouse == house.ID && u.pub.ResolvingSlot == s && u.pub.Phase == rules.PhaseResolve
			ws = append(ws, w)
		}
		rk := rank[house.ID]
		rt := ""
		if rk.From > 0 {
			rt = rankText(rk)
		}
		deck := fmt.Sprintf("deck %d", u.pub.DeckSizes[house.ID])
		played := ""
		if n := len(u.pub.Discards[house.ID]); n > 0 {
			played = fmt.Sprintf("played %d", n)
		}
		if compact {
			ws = append(ws, textW(Rect{r.X + r.W - rightW, y + 1, rightW - 8, 16}, rt, 15, colText))
			if played != "" {
				deck += " · " + played
			}
			ws = append(ws, textW(Rect{r.X + r.W - rightW, y + 17, rightW - 8, 14}, deck, 12, colDim))
			continue
		}
		ws = append(ws, textW(Rect{r.X + r.W - 90, y + 4, 80, 19}, rt, 16, colText))
		ws = append(ws, textW(Rect{r.X + r.W - 90, y + 23, 80, 15}, deck, 13, colDim))
		if played != "" {
			ws = append(ws, textW(Rect{r.X + r.W - 90, y + 38, 80, 16}, played, 13, colDim))
		}
	}
	return ws
}

func (u *tableUI) rankingWidgets(r Rect) []Widget {
	ws := panel(r, "Ranking  ·  "+rankingAsOf(u.pub.Log))
	y := r.Y + 36
	if u.pub.Phase == rules.PhaseResolve {
		ws = append(ws, textW(Rect{r.X + 12, y, r.W - 24, 20}, "Now resolving: "+title(u.pub.Tier.String())+" agents", 15, colText))
		y += 24
	}
	// Rows of 32 base pixels, closer when many houses must fit the panel.
	pitch := 32.0
	if n := len(u.pub.Ranking); n > 0 {
		pitch = math.Max(22, math.Min(32, (r.Y+r.H-y-6)/float64(n)))
	}
	f := pitch / 32
	for _, rk := range u.pub.Ranking {
		hc := houseColor(u.m, rk.House)
		ws = append(ws, Widget{R: Rect{r.X + 12, y, 70, 26 * f}, Kind: WBox, Text: rankText(rk), Size: 15 * math.Max(f, 0.85), Bold: true, Fill: hc, Ink: textOn(hc)})
		ws = append(ws, textW(Rect{r.X + 90, y + 3*f, r.W - 100, 22},
			u.houseName(rk.House)+"  ·  "+rankFacts(rk), 14*math.Max(f, 0.85), colText))
		y += pitch
	}
	// A short public log under the ranking.
	y += 4
	lines := int((r.Y + r.H - y - 6) / 19)
	log := u.pub.Log
	if lines > 0 && len(log) > 0 {
		from := max(0, len(log)-lines)
		for _, e := range log[from:] {
			ws = append(ws, textW(Rect{r.X + 12, y, r.W - 24, 18}, e.Text, 13, colDim))
			y += 19
		}
	}
	return ws
}

func (u *tableUI) playersWidgets(r Rect) []Widget {
	ws := panel(r, "Conspiracies")
	ta := u.eng.ToAct()
	for i, p := range u.pub.Players {
		pitch := rowPitch(len(u.pub.Players))
		f := pitch / 44 // row scale: 1 up to four players
		y := r.Y + 34 + float64(i)*pitch
		sc := seatColor(i)
		name := u.seatName(i)
		mark := ""
		if i == u.pub.FirstPlayer {
			mark = "  (first)"
		}
		row := Widget{R: Rect{r.X + 8, y, r.W - 16, 40 * f}, Kind: WPanel, Fill: colPanel}
		if i == ta {
			row.Fill, row.Edge = colPanelHi, sc
		}
		ws = append(ws, row)
		ws = append(ws, Widget{R: Rect{r.X + 14, y + 5*f, 110, 30 * f}, Kind: WBox, Text: title(p.ID), Size: 16 * math.Max(f, 0.8), Bold: true, Fill: sc, Ink: textOn(sc)})
		ws = append(ws, Widget{R: Rect{r.X + 130, y + 20*f - 11*math.Max(f, 0.8), 22 * math.Max(f, 0.8), 22 * math.Max(f, 0.8)}, Kind: WGlyph, Text: p.ID, Ink: sc})
		ws = append(ws, textW(Rect{r.X + 156, y + 20*f - 10, 130, 22}, name+mark, 17*math.Max(f, 0.8), colText))
		ws = append(ws, textW(Rect{r.X + 290, y + 20*f - 8, 106, 22}, agentsLeft(p.AgentsInHand), 14*math.Max(f, 0.85), colDim))
		// Hand sizes per house (public).
		x := r.X + 400
		total := 0
		for _, h := range u.m.Houses {
			n := p.HandSizes[h.ID]
			total += n
			if n == 0 {
				continue
			}
			hc := rgba(h.Color)
			ws = append(ws, Widget{R: Rect{x, y + 8*f, 30, 24 * f}, Kind: WBox, Text: fmt.Sprint(n), Size: 14 * math.Max(f, 0.8), Bold: true, Fill: hc, Ink: textOn(hc)})
			x += 34
		}
		if total == 0 {
			ws = append(ws, textW(Rect{x, y + 20*f - 8, 90, 22}, "no cards", 14*math.Max(f, 0.85), colDim))
		}
		// Loyalty tokens as the public sees them.
		tw := 58.0
		tx := r.X + r.W - 14 - tw*float64(len(p.Loyalty))
		for k, tk := range p.Loyalty {
			w := Widget{R: Rect{tx + float64(k)*tw, y + 6*f, tw - 4, 28 * f}, Kind: WBox, Size: 13 * math.Max(f, 0.85), Bold: true}
			if tk.Revealed && tk.House != "" {
				w.Fill = houseColor(u.m, tk.House)
				w.Ink = textOn(w.Fill)
				w.Text = fmt.Sprintf("%s %d", abbrev(u.houseName(tk.House)), tk.Value)
			} else {
				w.Fill, w.Ink, w.Edge = colPanelHi, colDim, colEdge
				w.Text = fmt.Sprintf("? %d", tk.Value)
			}
			ws = append(ws, w)
		}
	}
	return ws
}

func abbrev(s string) string {
	if len(s) > 3 {
		return s[:3]
	}
	return s
}

// privateWidgets draws the shown seat's secrets: loyalty card and hand.
// With no seat shown (curtain, public) it draws nothing secret.
func (u *tableUI) privateWidgets(r Rect) []Widget {
	u.hiddenPlays = nil
	if u.shown < 0 || u.shown >= len(u.priv.Players) {
		ws := panel(r, "Private")
		return append(ws, textW(Rect{r.X + 12, r.Y + 40, r.W - 24, 20}, "Hidden.", 16, colDim))
	}
	p := u.priv.Players[u.shown]
	ws := panel(r, fmt.Sprintf("%s (%s) — only you may look", u.seatName(u.shown), title(p.ID)))
	ws[0].Edge = seatColor(u.shown)
	arranging := u.has(rules.VArrange) && len(u.arrange) > 0
	exchanging := u.has(rules.VExchange)
	y := r.Y + 36
	label := "Loyalty card"
	switch {
	case arranging:
		label = "Loyalty card: click a token, then another to swap them"
	case exchanging:
		label = "Loyalty card: click two tokens to exchange them"
	}
	ws = append(ws, textW(Rect{r.X + 12, y, r.W - 24, 18}, label, 14, colDim))
	y += 22
	n := len(p.Loyalty)
	if arranging {
		n = len(u.arrange)
	}
	tw := math.Min(110, (r.W-24)/float64(max(n, 1)))
	for k := 0; k < n; k++ {
		var house string
		var value int
		var revealed bool
		if arranging {
			house = u.arrange[k]
			if k < len(u.m.LoyaltySlots) {
				value = u.m.LoyaltySlots[k]
			}
		} else {
			tk := p.Loyalty[k]
			house, value, revealed = tk.House, tk.Value, tk.Revealed
		}
		w := Widget{R: Rect{r.X + 12 + float64(k)*tw, y, tw - 6, 56}, Kind: WBox, Size: 15, Bold: true,
			T: Target{Kind: TToken, Index: k}}
		w.Fill = houseColor(u.m, house)
		w.Ink = textOn(w.Fill)
		w.Text = fmt.Sprintf("%d\n%s", value, u.houseName(house))
		if revealed {
			w.Text += "\n(shown)"
		}
		w.Hot = arranging || exchanging
		w.Selected = (arranging && u.arrangeSel == k)
		for _, s := range u.exSel {
			if s == k {
				w.Selected = true
			}
		}
		if !(arranging || exchanging) {
			w.T = Target{}
		}
		ws = append(ws, w)
	}
	y += 64
	if arranging {
		ws = append(ws, button(Rect{r.X + 12, y, 140, 34}, "Shuffle", Target{Kind: TButton, ID: "shuffle"}))
		b := button(Rect{r.X + 162, y, 200, 34}, "Confirm loyalty", Target{Kind: TButton, ID: "confirm-arrange"})
		b.Fill = colOK
		ws = append(ws, b)
		return ws
	}
	// Hand: playable cards are buttons.
	playable := map[string]rules.Action{}
	for _, a := range u.legal {
		if a.Verb == rules.VPlay {
			playable[u.cid(a.Card)] = a
		}
	}
	ws = append(ws, textW(Rect{r.X + 12, y, r.W - 24, 18}, fmt.Sprintf("Hand (%d cards)", len(p.Hand)), 14, colDim))
	y += 20
	// Playable cards first, so a long hand never hides one.
	hand := append([]board.Card(nil), p.Hand...)
	sort.SliceStable(hand, func(i, j int) bool {
		_, pi := playable[hand[i].ID]
		_, pj := playable[hand[j].ID]
		return pi && !pj
	})
	const cols, size = 2, 14.0
	cw := (r.W - 24) / float64(cols)
	for k, c := range hand {
		cr := Rect{r.X + 12 + float64(k%cols)*cw, y + float64(k/cols)*28, cw - 6, 25}
		if cr.Y+cr.H > r.Y+r.H-4 {
			ws = append(ws, textW(Rect{r.X + 12, cr.Y, r.W - 24, 18}, fmt.Sprintf("… and %d more", len(hand)-k), 14, colDim))
			// Cards that may be played but find no room here become
			// buttons of the decision panel: no legal play is ever hidden.
			if u.shown == u.eng.ToAct() {
				for _, c := range hand[k:] {
					if a, ok := playable[c.ID]; ok {
						u.hiddenPlays = append(u.hiddenPlays, a)
					}
				}
			}
			break
		}
		hc := houseColor(u.m, c.House)
		if a, ok := playable[c.ID]; ok && u.shown == u.eng.ToAct() {
			w := actionButton(cr, "Play "+cardLabel(c), a)
			w.Size = size
			w.Edge = colGold
			w.Hot = true
			ws = append(ws, w)
			continue
		}
		ws = append(ws, Widget{R: cr, Kind: WBox, Text: cardLabel(c), Size: size, Fill: mix(hc, colPanel, 0.35), Ink: textOn(mix(hc, colPanel, 0.35))})
	}
	return ws
}

// actionWidgets is the panel of decisions: chooser, move steppers, or the
// legal actions that are made with buttons.
func (u *tableUI) actionWidgets(r Rect) []Widget {
	ws := panel(r, "Your decision")
	if u.shown < 0 || u.shown != u.eng.ToAct() {
		return ws
	}
	x, y, w := r.X+12, r.Y+36, r.W-24
	bh := 32.0
	if len(u.chooser) > 0 {
		ws = append(ws, textW(Rect{x, y, w, 18}, u.chooserTitle, 15, colText))
		y += 22
		rs := flowRects(x, y, w, r.Y+r.H-46-y, bh, len(u.chooser))
		for i, c := range u.chooser {
			ws = append(ws, actionButton(rs[i], c.Label, c.Action))
		}
		ws = append(ws, button(Rect{x, r.Y + r.H - 42, 120, 34}, "Cancel", Target{Kind: TButton, ID: "cancel"}))
		return ws
	}
	if u.moveFrom >= 0 && u.moveTo >= 0 {
		ws = append(ws, textW(Rect{x, y, w, 18}, fmt.Sprintf("Move from %s to %s:", u.terrName(u.tid(u.moveFrom)), u.terrName(u.tid(u.moveTo))), 15, colText))
		y += 26
		for k := board.Unit(0); k < board.NumUnits; k++ {
			if u.moveMax[k] == 0 {
				continue
			}
			ws = append(ws, textW(Rect{x, y + 6, 110, 20}, title(k.String()), 16, colText))
			ws = append(ws, button(Rect{x + 120, y, 36, 30}, "−", Target{Kind: TButton, ID: "dec:" + k.String()}))
			ws = append(ws, Widget{R: Rect{x + 160, y, 60, 30}, Kind: WBox, Text: fmt.Sprintf("%d/%d", u.moveUnits[k], u.moveMax[k]), Size: 16, Bold: true, Fill: colPanelHi, Ink: colText})
			ws = append(ws, button(Rect{x + 224, y, 36, 30}, "+", Target{Kind: TButton, ID: "inc:" + k.String()}))
			y += 36
		}
		label := "Move"
		if u.movePreview() != nil {
			label = "Attack"
		}
		b := button(Rect{x, y + 6, 160, 34}, label, Target{Kind: TButton, ID: "move-confirm"})
		b.Fill = colOK
		ws = append(ws, b, button(Rect{x + 170, y + 6, 120, 34}, "Cancel", Target{Kind: TButton, ID: "cancel"}))
		return ws
	}
	var hint string
	switch {
	case u.has(rules.VArrange):
		hint = "Arrange your loyalty card on the left, then Confirm."
	case u.has(rules.VPlace):
		hint = "Click a free slot of a house to place an agent."
	case u.has(rules.VRemove):
		hint = "Cersei: click a highlighted agent to remove it, or decline."
	case u.has(rules.VResolve):
		hint = "Click one of your highlighted agents to resolve it."
	case u.moveFrom >= 0:
		hint = "Click a highlighted territory to move there."
	case u.has(rules.VMuster):
		hint = count(u.pub.MusterPoints, "muster point") + " left: click a highlighted territory."
	case u.has(rules.VMove):
		hint = "Click a highlighted territory to move troops from it."
	case u.has(rules.VRetreat):
		hint = "Click a highlighted territory for the loser's retreat."
	case u.has(rules.VExchange):
		hint = "Click two of your tokens to exchange them, or keep."
	case u.has(rules.VPlay):
		hint = "Play a highlighted card from your hand, or pass."
	case u.has(rules.VPass):
		hint = "You hold no card of a house in this combat."
	case u.has(rules.VWinner):
		hint = "The powers are tied: name the winner."
	}
	if hint != "" {
		ws = append(ws, textW(Rect{x, y, w, 18}, hint, 15, colText))
		y += 24
	}
	var buttons []rules.Action
	for _, a := range u.buttonActions() {
		if a.Verb != rules.VPlay { // cards are played from the hand
			buttons = append(buttons, a)
		}
	}
	// ... unless the hand panel had no room for them (privateWidgets).
	buttons = append(buttons, u.hiddenPlays...)
	peekH := 0.0
	if len(u.priv.Peek) > 0 && u.priv.PeekSeat >= 0 {
		peekH = 24
	}
	rs := flowRects(x, y, w, r.Y+r.H-6-peekH-y, bh, len(buttons))
	for i, a := range buttons {
		b := actionButton(rs[i], u.describe(a), a)
		if a.Verb == rules.VDone || a.Verb == rules.VPass || a.Verb == rules.VKeep || a.Verb == rules.VDecline {
			b.Fill = colPanelHi
		}
		ws = append(ws, b)
	}
	if len(rs) > 0 {
		y = rs[len(rs)-1].Y + rs[len(rs)-1].H
	}
	if len(u.priv.Peek) > 0 && u.priv.PeekSeat >= 0 {
		names := make([]string, len(u.priv.Peek))
		for i, c := range u.priv.Peek {
			names[i] = c.Name
		}
		ws = append(ws, textW(Rect{x, y + 4, w, 18}, u.seatName(u.priv.PeekSeat)+" holds: "+strings.Join(names, ", "), 14, colText))
	}
	return ws
}

// tooltip describes territory t (public facts only) in a box near (x, y).
func (u *tableUI) tooltip(t int, x, y float64) []Widget {
	if t < 0 || t >= len(u.m.Territories) {
		return nil
	}
	tr := u.m.Territories[t]
	lines := []string{}
	var facts []string
	switch tr.Kind {
	case board.Sea:
		facts = append(facts, "Sea")
	case board.Port:
		facts = append(facts, "Port")
		if tr.PortOf >= 0 {
			facts[0] = "Port of " + u.m.Territories[tr.PortOf].Name
		}
	case board.Road:
		facts = append(facts, "Road")
	default:
		facts = append(facts, "Land")
	}
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	if tr.Crowns > 0 {
		facts = append(facts, plural(tr.Crowns, "crown", "crowns"))
	}
	if tr.Barrels > 0 {
		facts = append(facts, plural(tr.Barrels, "barrel", "barrels"))
	}
	if tr.Fortress != board.NoFortress {
		facts = append(facts, fmt.Sprintf("%s (defender +%d)", tr.Fortress, tr.Fortress.DefenceBonus()))
	}
	lines = append(lines, strings.Join(facts, " · "))
	// Nine-player map: the fortification while it stands, the home region,
	// the rivers on this territory's borders.
	if holder, ok := u.pub.Fortifications[tr.ID]; ok {
		if holder == "" {
			lines = append(lines, "Fortification +1, unheld: first in holds it")
		} else {
			lines = append(lines, "Fortification +1, held by "+u.houseName(holder))
		}
	}
	for _, rg := range u.m.Regions {
		if rg.ID == tr.Region && rg.House != "" {
			lines = append(lines, rg.Name+": "+u.houseName(rg.House)+" fights here at +1")
		}
	}
	if t, ok := u.m.Territory(tr.ID); ok {
		for _, r := range u.m.Rivers {
			for _, b := range r.Borders {
				if b[0] == t || b[1] == t {
					o := b[0] + b[1] - t
					lines = append(lines, r.Name+" blocks the way to "+u.m.Territories[o].Name)
				}
			}
		}
	}
	if h, ok := u.pub.Control[tr.ID]; ok {
		held := "Held by " + u.houseName(h)
		if _, flag := u.pub.Flags[tr.ID]; flag {
			held += " (flag)"
		}
		lines = append(lines, held)
	}
	for _, g := range u.pub.Groups {
		if g.Territory == tr.ID {
			lines = append(lines, u.houseName(g.House)+": "+unitsText(g.Units))
		}
	}
	w := 330.0
	h := 34 + 21*float64(len(lines))
	bx, by := x+18, y+18
	if bx+w > BaseW-4 {
		bx = x - w - 12
	}
	if by+h > BaseH-4 {
		by = BaseH - 4 - h
	}
	ws := []Widget{
		{R: Rect{bx, by, w, h}, Kind: WPanel, Fill: color.RGBA{24, 26, 34, 255}, Edge: colGold},
		{R: Rect{bx + 10, by + 6, w - 20, 22}, Kind: WText, Text: tr.Name, Size: 18, Bold: true, Ink: colGold},
	}
	for i, l := range lines {
		ws = append(ws, textW(Rect{bx + 10, by + 32 + 21*float64(i), w - 20, 20}, l, 15, colText))
	}
	return ws
}

// flowRects lays out n buttons of row height bh top-down from (x, y) in a
// box w wide and h high. When one column would run past the box it uses
// more columns and, past that, shorter rows, so that every choice stays
// on screen: a choice that is not drawn cannot be clicked.
func flowRects(x, y, w, h, bh float64, n int) []Rect {
	if n == 0 {
		return nil
	}
	const gap = 6.0
	rows := max(1, int(h/bh))
	cols := (n + rows - 1) / rows
	if cols > 3 {
		cols = 3
	}
	rows = (n + cols - 1) / cols
	rowH := bh
	if float64(rows)*rowH > h {
		rowH = math.Max(20, h/float64(rows))
	}
	cw := (w - gap*float64(cols-1)) / float64(cols)
	out := make([]Rect, n)
	for i := range out {
		c, r := i/rows, i%rows
		out[i] = Rect{x + float64(c)*(cw+gap), y + float64(r)*rowH, cw, rowH - 4}
	}
	return out
}

// agentsLeft says how many agents a player still holds (not on a slot).
func agentsLeft(n int) string {
	if n == 1 {
		return "1 agent left"
	}
	return fmt.Sprintf("%d agents left", n)
}

// rankFacts lists what a house's rank rests on: "2 crowns, 1 castle, 0 towns, 3 barrels".
func rankFacts(r rules.Rank) string {
	return strings.Join([]string{count(r.Crowns, "crown"), count(r.Castles, "castle"), count(r.Towns, "town"), count(r.Barrels, "barrel")}, ", ")
}

// count writes n and the noun, plural unless n is 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
