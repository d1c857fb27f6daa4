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

// The Houses panel: per house its name, its three slots (a click places,
// resolves or removes an agent), its rank and what the rank rests on, and
// its deck.

// housesPanel is the Houses panel of the table.
type housesPanel struct{ t *Table }

// widgets is the Houses panel in l: per house its name, its three slots
// (in resolution order), its rank and what the rank rests on (crowns,
// castles, towns, barrels), and its deck.
func (hp *housesPanel) widgets(l Layout) []ui.Widget {
	u := hp.t
	r := l.Houses
	ws := ui.Panel(r, "Houses")
	ws[1].R.W = 100 // the title over the names' column: the columns' heads follow
	rowH := l.HouseRow
	if n := len(u.pos.m.Houses); n > 0 {
		rowH = math.Min(l.HouseRow*1.3, (r.H-32-rankNoteH)/float64(n))
	}
	// Under the rows: when the ranks were computed (they are not live).
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 12, Y: r.Y + r.H - rankNoteH - 2, W: r.W - 24, H: rankNoteH}, Kind: ui.WText, Text: "Ranks " + rankingAsOf(u.pos.pub.Log), Size: 15, Ink: ui.ColDim,
		Tip: "The houses are ranked once a round, when every agent has resolved; the ranks shown stay until the next round's are computed, whatever moves in between."})
	c := newHouseCols(r)
	ws = hp.heads(ws, c, r.Y+8)
	hot := hp.hotSlots()
	rank := map[board.HouseID]rules.Rank{}
	for _, rk := range u.pos.pub.Ranking {
		rank[rk.House] = rk
	}
	for h := range u.pos.m.NumHouses() {
		ws = hp.row(ws, c, h, r.Y+32+float64(h)*rowH, rowH-4, hot, rank)
	}
	return ws
}

// houseCols are the Houses panel's columns: name, three slots, rank, four
// facts, deck; a compact panel (a phone's) has no facts and no deck
// (their tips stay on the rank).
type houseCols struct {
	x0, nameW, slotX, slotW float64
	rankX, rankW            float64
	factX, factW            float64
	deckX, deckW            float64
	compact                 bool
}

// newHouseCols are the columns of the Houses panel r.
func newHouseCols(r ui.Rect) houseCols {
	nameW, rankW, factW, deckW, gap := 100.0, 66.0, 26.0, 36.0, 4.0
	compact := r.W < 500
	if compact {
		nameW, factW, deckW, gap = 84, 0, 0, 2
	}
	c := houseCols{x0: r.X + 12, nameW: nameW, rankW: rankW, factW: factW, deckW: deckW, compact: compact}
	c.slotX = c.x0 + nameW + gap
	c.slotW = (r.W - 24 - nameW - rankW - 4*factW - deckW - 4*gap) / 3
	c.rankX = c.slotX + 3*c.slotW + gap
	c.factX = c.rankX + rankW + gap
	c.deckX = c.factX + 4*factW + gap
	return c
}

// heads adds to ws the columns' heads at hy: the slots, the rank, the
// facts' icons and the deck.
func (hp *housesPanel) heads(ws []ui.Widget, c houseCols, hy float64) []ui.Widget {
	for i, s := range slotOrder {
		ws = append(ws, ui.Widget{R: ui.Rect{X: c.slotX + float64(i)*c.slotW, Y: hy, W: c.slotW - 6, H: 20}, Kind: ui.WText, Text: words.Title(s.String()), Size: 15, Align: ui.AlignCenter, Ink: ui.ColDim, Tip: hp.t.pos.slotTip(i)})
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: c.rankX, Y: hy, W: c.rankW, H: 20}, Kind: ui.WText, Text: "Rank", Size: 15, Align: ui.AlignCenter, Ink: ui.ColDim,
		Tip: "Houses rank by crowns, then castles, then towns, then barrels, over the land they control. Equal houses share a span (3rd–4th). Ranks are computed at the end of each round; at the end of the game they decide which loyalty tokens score."})
	if !c.compact {
		for i, ic := range []string{"crown", "castle", "town", "barrel"} {
			ws = append(ws, ui.Widget{R: ui.Rect{X: c.factX + float64(i)*c.factW + 3, Y: hy, W: c.factW - 6, H: 20}, Kind: ui.WIcon, Text: ic, Tip: iconTips[ic]})
		}
		ws = append(ws, ui.Widget{R: ui.Rect{X: c.deckX, Y: hy, W: c.deckW, H: 20}, Kind: ui.WText, Text: "Deck", Size: 15, Align: ui.AlignCenter, Ink: ui.ColDim,
			Tip: "House cards left in the house's draw pile. A Maester or Lord may draw the top one."})
	}
	return ws
}

// slotAt is a house's slot.
type slotAt struct {
	h board.HouseID
	s rules.Slot
}

// hotSlots are the slots a click may act on now for the seat shown, to
// act: to place, resolve or remove an agent, or Lost Orders' targets
// while they are picked.
func (hp *housesPanel) hotSlots() map[slotAt]bool {
	u := hp.t
	hot := map[slotAt]bool{}
	if u.pos.shown < 0 || u.pos.shown != u.pos.eng.ToAct() {
		return hot
	}
	for _, a := range u.pos.legal {
		lost := a.Verb == rules.VLostOrders
		if (u.ch.picking == rules.VLostOrders) == lost && (lost || a.Verb == rules.VPlace || a.Verb == rules.VResolve || a.Verb == rules.VRemove) {
			hot[slotAt{a.House, a.Slot}] = true
		}
	}
	return hot
}

// row adds to ws house h's row at y, bh high: its name, its slots (hot:
// those a click acts on), its rank and facts (rank, by house) and its
// deck.
func (hp *housesPanel) row(ws []ui.Widget, c houseCols, h board.HouseID, y, bh float64, hot map[slotAt]bool, rank map[board.HouseID]rules.Rank) []ui.Widget {
	u := hp.t
	house := &u.pos.m.Houses[h]
	hc := ui.RGBA(house.Color)
	played := len(u.pos.pub.Discard(h))
	ws = append(ws, ui.Widget{R: ui.Rect{X: c.x0, Y: y, W: c.nameW, H: bh}, Kind: ui.WBox, Text: house.Name, Size: 15, Bold: true, Fill: hc, Ink: ui.TextOn(hc),
		Tip: fmt.Sprintf("House %s: anyone's agents may act for it. Home: %s. %s in its deck, %s played.", house.Name, u.pos.terrName(u.pos.m.HomeOf(h)), words.Count(u.pos.pub.DeckSize(h), "card"), words.Count(played, "card"))})
	for i, s := range slotOrder {
		ws = hp.slot(ws, ui.Rect{X: c.slotX + float64(i)*c.slotW, Y: y, W: c.slotW - 6, H: bh}, h, i, hot[slotAt{h, s}])
	}
	rk, ok := rank[h]
	if ok && rk.From > 0 {
		ws = append(ws, ui.Widget{R: ui.Rect{X: c.rankX, Y: y, W: c.rankW, H: bh}, Kind: ui.WBox, Text: RankText(rk), Size: 15, Bold: true, Fill: ui.ColPanelHi, Ink: ui.ColText,
			Tip: fmt.Sprintf("House %s ranks %s: %s of land it controls. At the game's end a loyalty token of %s scores its slot's value if the slot's place lies in this span.", house.Name, RankText(rk), rankFacts(rk), house.Name)})
		for i, n := range []int{rk.Crowns, rk.Castles, rk.Towns, rk.Barrels} {
			if c.compact {
				break
			}
			ws = append(ws, ui.Widget{R: ui.Rect{X: c.factX + float64(i)*c.factW, Y: y, W: c.factW, H: bh}, Kind: ui.WBox, Text: fmt.Sprint(n), Size: 15, Fill: ui.ColPanel, Ink: ui.ColText,
				Tip: fmt.Sprintf("House %s: %s (%s)", house.Name, rankFacts(rk), "crowns, castles, towns and barrels decide the rank in this order")})
		}
	}
	if !c.compact {
		ws = append(ws, ui.Widget{R: ui.Rect{X: c.deckX, Y: y, W: c.deckW, H: bh}, Kind: ui.WBox, Text: fmt.Sprint(u.pos.pub.DeckSize(h)), Size: 15, Fill: ui.ColPanel, Ink: ui.ColText,
			Tip: fmt.Sprintf("%s left in House %s's deck; %s played.", words.Count(u.pos.pub.DeckSize(h), "card"), house.Name, words.Count(played, "card"))})
	}
	return ws
}

// slot adds to ws house h's slot i (in slot order) in sr: free, or its
// agent's player (the conspiracy's glyph where the name does not fit);
// hot where a click acts on it, selected while it resolves.
func (hp *housesPanel) slot(ws []ui.Widget, sr ui.Rect, h board.HouseID, i int, hot bool) []ui.Widget {
	u := hp.t
	house, s := &u.pos.m.Houses[h], slotOrder[i]
	occ := rules.Seat(-1)
	if int(h) < len(u.pos.pub.Slots) {
		occ = u.pos.pub.Slots[h][s]
	}
	w := ui.Widget{R: sr, Kind: ui.WBox, Size: 15, Fill: ui.ColPanelHi, Ink: ui.ColDim, Edge: ui.ColEdge,
		T: ui.Target{Kind: ui.TSlot, House: h, Slot: s}, Text: "free"}
	w.Tip = fmt.Sprintf("%s %s slot, free. %s", house.Name, words.Title(s.String()), u.pos.slotTip(i))
	if occ >= 0 {
		w.Fill = ui.SeatColor(occ)
		w.Ink = ui.TextOn(w.Fill)
		w.Text = u.pos.seatName(occ)
		w.Tip = fmt.Sprintf("%s %s slot: %s's agent (%s). %s", house.Name, words.Title(s.String()), u.pos.seatName(occ), words.Title(u.pos.seatID(occ)), u.pos.slotTip(i))
	}
	w.Hot = hot
	w.Selected = u.pos.pub.ResolvingHouse == h && u.pos.pub.ResolvingSlot == s && u.pos.pub.Phase == rules.PhaseResolve
	if occ < 0 || ui.Fits(w, w.Text) {
		return append(ws, w)
	}
	// A name too long for the cell: the conspiracy's glyph on its colour
	// (no two share one), the name in the tip.
	w.Text = ""
	gs := math.Min(18, sr.H-4)
	return append(ws, w, ui.Widget{R: ui.Rect{X: sr.X + (sr.W-gs)/2, Y: sr.Y + (sr.H-gs)/2, W: gs, H: gs}, Kind: ui.WGlyph, Text: u.pos.seatID(occ), Ink: w.Ink, Tip: w.Tip})
}

// slotOrder is the left-to-right order of the slots: the order they resolve.
var slotOrder = [rules.NumSlots]rules.Slot{rules.Maester, rules.Marshal, rules.Lord}

// slotTips say what an agent on a slot does, in slot order.
var slotTips = [rules.NumSlots]string{
	"Maester: resolves first. Its agent takes one action for the house: muster, move or draw a house card. Afterwards it moves up to the Marshal slot if that is free.",
	"Marshal: resolves second. Its agent musters and moves for the house, in the order its player chooses (never draws). Afterwards it moves up to the Lord slot if that is free.",
	"Lord: resolves last. Its agent takes two different actions of muster, move and draw, in the order its player chooses, then returns to its owner.",
}

// iconTips explain the rank facts' icons.
var iconTips = map[string]string{
	"crown":  "Crowns: the first thing a rank counts, over the land a house controls.",
	"castle": "Castles: the second thing a rank counts. A castle adds +4 to its defender.",
	"town":   "Towns: the third thing a rank counts. A town adds +2 to its defender.",
	"barrel": "Barrels: the last thing a rank counts; a house's barrels are its muster points.",
}

// rankFacts lists what a house's rank rests on: "2 crowns, 1 castle, 0 towns, 3 barrels".
func rankFacts(r rules.Rank) string {
	return strings.Join([]string{words.Count(r.Crowns, "crown"), words.Count(r.Castles, "castle"), words.Count(r.Towns, "town"), words.Count(r.Barrels, "barrel")}, ", ")
}

// rankingAsOf says when the ranking shown was computed: the map's
// starting ranking until the first round has resolved every agent, then
// the one computed at the end of the last round resolved (the engine
// ranks the houses once a round, when every agent has resolved).
func rankingAsOf(log []rules.LogLine) string {
	rounds := 0
	for _, l := range log {
		switch l.Event {
		case rules.EvRanksComputed.String():
			rounds++
		case rules.EvGameOver.String():
			return "final"
		}
	}
	if rounds == 0 {
		return "as at the start (ranked at each round's end)"
	}
	return fmt.Sprintf("as of the end of round %d", rounds)
}
