package render

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/words"
)

// Combat cards: the preview of an attacking move, the running combat, and
// the result card; all show both sides' power term by term (units,
// terrain, fortification, home region, cards) as the engine words them.

// combatMode says which combat card to build.
type combatMode int

const (
	combatPreview combatMode = iota // before an attacking move is confirmed
	combatLive                      // while cards are played
	combatResult                    // after it is decided
)

// combatSides builds the two columns of a combat (attacker left, defender
// right) in r, term by term with each side's total; it returns the
// widgets and the y below the taller column.
func (u *tableUI) combatSides(r Rect, cv *rules.CombatView, size float64) ([]Widget, float64) {
	var ws []Widget
	// Side by side on a wide card; one under the other on a narrow one
	// (the column in the board's margin).
	stacked := r.W < 400
	half := (r.W - 12) / 2
	if stacked {
		half = r.W
	}
	rowH := size * 1.35
	bottom := r.Y
	side := func(x, top float64, house, role string, terms []string, power int, won bool) {
		hc := houseColor(u.m, house)
		head := Widget{R: Rect{x, top, half, size*2 + 6}, Kind: WBox, Text: fmt.Sprintf("%s %s: %d", u.houseName(house), role, power),
			Size: size + 2, Bold: true, Fill: hc, Ink: textOn(hc)}
		if won {
			head.Selected = true
		}
		ws = append(ws, head)
		y := top + size*2 + 12
		// A wide card names each term's kind in a column of its own; a
		// narrow one tells it when the pointer rests on the term.
		tagW := 0.0
		if half >= 300 {
			tagW = 110
		}
		for _, t := range terms {
			kind := rules.CombatTermKind(t)
			if tagW > 0 {
				ws = append(ws, Widget{R: Rect{x + 6, y, tagW - 8, rowH}, Kind: WText, Text: kind.String(), Size: size, Ink: colDim, Tip: termTips[kind]})
			}
			for k, line := range wrapText(t, size, half-12-tagW, 8) {
				x0 := x + 6 + tagW
				if k > 0 {
					x0 += 8
				}
				w := textW(Rect{x0, y, x + half - 6 - x0, rowH}, line, size, colText)
				w.Tip = t + " — " + termTips[kind]
				ws = append(ws, w)
				y += rowH
			}
		}
		if len(terms) == 0 {
			ws = append(ws, textW(Rect{x + 6, y, half - 12, rowH}, "no strength", size, colDim))
			y += rowH
		}
		// The total under a rule, like a sum.
		ws = append(ws, Widget{R: Rect{x + 6, y + 2, half - 12, 1.5}, Kind: WPanel, Fill: colEdge})
		ws = append(ws, Widget{R: Rect{x + 6, y + 6, half - 12, rowH}, Kind: WText, Text: fmt.Sprintf("total %d", power), Size: size, Bold: true, Ink: colGold, Align: AlignRight})
		bottom = math.Max(bottom, y+6+rowH)
	}
	side(r.X, r.Y, cv.Attacker, "attacks", cv.AttackerTerms, cv.AttackerPower, cv.Winner != "" && cv.Winner == cv.Attacker)
	if stacked {
		side(r.X, bottom+10, cv.Defender, "defends", cv.DefenderTerms, cv.DefenderPower, cv.Winner != "" && cv.Winner == cv.Defender)
	} else {
		side(r.X+half+12, r.Y, cv.Defender, "defends", cv.DefenderTerms, cv.DefenderPower, cv.Winner != "" && cv.Winner == cv.Defender)
	}
	return ws, bottom
}

// termTips say what each kind of combat term counts.
var termTips = map[rules.TermKind]string{
	rules.TermUnits:         "Units: on land a footman adds 1, a knight 2, a dragon 3; at sea a ship 1, a knight 1, a dragon 3 (footmen 0).",
	rules.TermTerrain:       "Terrain: the defender of a town adds 2, of a castle 4 (Brienne ignores it, Catelyn doubles it).",
	rules.TermFortification: "Fortification: the house holding the territory's fortification adds 1 when it defends.",
	rules.TermHomeRegion:    "Home region: a house fighting on land in its own home region adds 1.",
	rules.TermCard:          "House card: a card played for this house adds its strength (and its effect).",
}

// playedText lists the cards played so far ("Ben: Eddard Stark +4", a
// pass as "Ann passed").
func (u *tableUI) playedText(cv *rules.CombatView) []string {
	var out []string
	for _, p := range cv.Played {
		if p.Card.ID == "" {
			out = append(out, u.seatName(p.Seat)+" passed")
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s (%s)", u.seatName(p.Seat), cardLabel(p.Card), u.houseName(p.Card.House)))
	}
	return out
}

// combatCardWidgets builds a combat card in r: a preview, the running
// combat, or (in a notice) its result.
func (u *tableUI) combatCardWidgets(r Rect, cv *rules.CombatView, mode combatMode) []Widget {
	head := "Combat in " + u.terrName(cv.Territory)
	switch mode {
	case combatPreview:
		head = "If you attack: combat in " + u.terrName(cv.Territory)
	case combatResult:
		head = u.houseName(cv.Winner) + " wins the combat in " + u.terrName(cv.Territory)
	}
	ws := panel(r, "")
	ws[0].Edge = colGold
	ink := colGold
	if mode == combatResult {
		ink = houseInk(u.m, cv.Winner)
	}
	size := 15.0
	if r.W > 600 {
		size = 16
	}
	ws = append(ws, Widget{R: Rect{r.X + 12, r.Y + 7, r.W - 24, size + 8}, Kind: WText, Text: head, Size: size + 3, Bold: true, Ink: ink})
	sides, y := u.combatSides(Rect{r.X + 12, r.Y + size + 20, r.W - 24, r.H}, cv, size)
	ws = append(ws, sides...)
	rowH := size * 1.35
	line := func(s string, ink color.RGBA) {
		for _, row := range wrapText(s, size, r.W-24, 10) {
			if y+rowH > r.Y+r.H-4 {
				return
			}
			ws = append(ws, textW(Rect{r.X + 12, y, r.W - 24, rowH}, row, size, ink))
			y += rowH
		}
	}
	y += 4
	switch mode {
	case combatPreview:
		line("Before any card: every seat may then play a card of either house, in turn from the active player.", colDim)
		if cv.AttackerPower > cv.DefenderPower {
			line(fmt.Sprintf("%s leads by %d.", u.houseName(cv.Attacker), cv.AttackerPower-cv.DefenderPower), colText)
		} else if cv.DefenderPower > cv.AttackerPower {
			line(fmt.Sprintf("%s leads by %d.", u.houseName(cv.Defender), cv.DefenderPower-cv.AttackerPower), colText)
		} else {
			line("The sides are even.", colText)
		}
	case combatLive:
		played := u.playedText(cv)
		switch {
		case len(played) == 0:
			line("No card played yet.", colDim)
		case r.W < 400:
			// A narrow card: one card a row, its name and strength first
			// so that wrapping never splits them.
			line("Cards played:", colGold)
			for _, p := range cv.Played {
				if p.Card.ID == "" {
					line(u.seatName(p.Seat)+" passed", colText)
					continue
				}
				line(cardLabel(p.Card), colText)
				line("  "+u.seatName(p.Seat)+" · "+u.houseName(p.Card.House), colDim)
			}
		default:
			line("Cards played: "+strings.Join(played, " · "), colText)
		}
		if cv.Retreater != "" {
			line(fmt.Sprintf("%s must retreat %s.", u.houseName(cv.Retreater), words.Units(cv.RetreatUnits)), colText)
		}
	case combatResult:
		if played := u.playedText(cv); len(played) > 0 {
			line("Cards played: "+strings.Join(played, " · "), colText)
		}
	}
	// The card is as tall as what it says (the board shows below it).
	ws[0].R.H = math.Min(r.H, y+8-r.Y)
	return ws
}

// houseInk is a house's colour made readable as text on the panel (4.5:1,
// like every text).
func houseInk(m *board.Map, id string) color.RGBA {
	return readable(houseColor(m, id), colPanel)
}

// cardEffectText says what a house card's effect does, in a player's
// words; house is the card's house by name. It is the one wording of the
// seven effects (tooltips, the drawn card, the combat card).
func cardEffectText(c board.Card, house string) string {
	switch c.Effect {
	case board.EffectBrienne:
		return "The defender's town or castle bonus does not count."
	case board.EffectAsha:
		return "If " + house + " wins, whoever played her makes a move for " + house + " at once."
	case board.EffectCersei:
		return "If " + house + " wins, whoever played her may remove one unresolved " + house + " agent."
	case board.EffectJaime:
		return "If " + house + " wins, whoever played him musters for " + house + " at once."
	case board.EffectMelisandre:
		return "If " + house + " wins, whoever played her looks at an opponent's hand and makes them discard one card."
	case board.EffectSalladhor:
		return house + " adds +1 per " + house + " ship in the seas next to the contested territory."
	case board.EffectCatelyn:
		return "When " + house + " defends, its town or castle bonus is doubled."
	}
	return ""
}

// noticeWidgets builds the first waiting notice over the whole table: a
// veil that takes every click, the card, and its Continue button.
func (u *tableUI) noticeWidgets() []Widget {
	if len(u.notices) == 0 {
		return nil
	}
	n := u.notices[0]
	full := Rect{0, 0, BaseW, BaseH}
	ws := []Widget{{R: full, Kind: WPanel, Fill: color.RGBA{10, 10, 14, 150}}}
	var card Rect
	next := ""
	if ta := u.eng.ToAct(); ta >= 0 && ta != u.shown && len(u.notices) == 1 {
		next = "  ·  then the table passes to " + u.seatWords(ta)
	}
	switch n.kind {
	case noticeDrawn:
		card = Rect{BaseW/2 - 330, BaseH/2 - 190, 660, 380}
		ws = append(ws, panel(card, "")...)
		ws[len(ws)-1].Edge = seatColor(n.seat)
		ws = append(ws, Widget{R: Rect{card.X + 20, card.Y + 14, card.W - 40, 30}, Kind: WText, Text: "You drew a house card — only you see this",
			Size: 22, Bold: true, Ink: readable(seatColor(n.seat), colPanel)})
		hc := houseColor(u.m, n.card.House)
		face := fmt.Sprintf("%s\n%s  ·  strength %d", n.card.Name, u.houseName(n.card.House), n.card.Strength)
		var icons []string
		if n.card.Swords > 0 {
			icons = append(icons, words.Count(n.card.Swords, "sword"))
		}
		if n.card.Towers > 0 {
			icons = append(icons, words.Count(n.card.Towers, "tower"))
		}
		if len(icons) > 0 {
			face += "  ·  " + strings.Join(icons, ", ")
		}
		ws = append(ws, Widget{R: Rect{card.X + 40, card.Y + 62, card.W - 80, 110}, Kind: WBox, Text: face, Size: 22, Bold: true, Fill: hc, Ink: textOn(hc), Edge: colWhite})
		y := card.Y + 190
		for _, s := range []string{cardEffectText(n.card, u.houseName(n.card.House)), n.text, "It is in your hand; the others see only that you drew a " + u.houseName(n.card.House) + " card."} {
			for _, row := range wrapText(s, 17, card.W-60, 0) {
				if s == "" {
					continue
				}
				ws = append(ws, textW(Rect{card.X + 30, y, card.W - 60, 24}, row, 17, colText))
				y += 24
			}
		}
	case noticeScenario:
		var rows []string
		for _, l := range n.lines {
			rows = append(rows, wrapText(l, 17, 760-60, 0)...)
		}
		rows = rows[:min(len(rows), 18)]
		card = Rect{BaseW/2 - 380, 0, 760, 66 + 24*float64(len(rows)) + 64}
		card.Y = math.Round((BaseH - card.H) / 2)
		ws = append(ws, panel(card, "")...)
		ws = append(ws, Widget{R: Rect{card.X + 20, card.Y + 14, card.W - 40, 30}, Kind: WText, Text: "Scenario: " + n.text,
			Size: 22, Bold: true, Ink: colGold})
		y := card.Y + 60
		for _, row := range rows {
			ws = append(ws, textW(Rect{card.X + 30, y, card.W - 60, 24}, row, 17, colText))
			y += 24
		}
	case noticeResult:
		// The combat card as tall as its terms, the log's words of the
		// end under it, the whole centred on the screen.
		card = Rect{BaseW/2 - 430, 0, 860, 0}
		top := u.combatCardWidgets(Rect{card.X, 0, card.W, BaseH}, n.combat, combatResult)
		h := 0.0
		for _, w := range top[1:] {
			h = math.Max(h, w.R.Y+w.R.H)
		}
		top[0].R.H = h + 10
		var rows []string
		for _, s := range n.lines {
			rows = append(rows, wrapText(s, 16, card.W-40, 12)...)
		}
		rows = rows[:min(len(rows), 12)]
		lower := Rect{card.X, top[0].R.H + 8, card.W, 16 + 21*float64(len(rows)) + 56}
		card.H = lower.Y + lower.H
		dy := math.Max(60, (BaseH-card.H)/2)
		card.Y = dy
		for i := range top {
			top[i].R.Y += dy
		}
		ws = append(ws, top...)
		ws = append(ws, Widget{R: Rect{lower.X, lower.Y + dy, lower.W, lower.H}, Kind: WPanel, Fill: colPanel, Edge: colGold})
		y := lower.Y + dy + 10
		for _, row := range rows {
			ws = append(ws, textW(Rect{card.X + 20, y, card.W - 40, 22}, row, 16, colText))
			y += 21
		}
	}
	b := button(Rect{card.X + card.W - 230, card.Y + card.H - 48, 210, 38}, "Continue", cmdTarget(Command{Kind: CmdDismiss}))
	b.Fill, b.Key = colOK, "Enter"
	ws = append(ws, textW(Rect{card.X + 20, card.Y + card.H - 38, card.W - 270, 22}, strings.TrimPrefix(next, "  ·  "), 15, colDim))
	// The veil takes every other click (the table waits for Continue).
	ws = append(ws, Widget{R: full, Kind: WText, T: Target{Kind: TButton}}, b)
	return ws
}

// followWidgets are the parts of the table for following the game that
// go over the table's own panels: the past's banner and the first notice.
func (u *tableUI) followWidgets(l tableLayout) []Widget {
	var ws []Widget
	if b := u.pastBanner(l.Top); b != nil {
		ws = append(ws, Widget{Kind: WLayer})
		ws = append(ws, b...)
	}
	if n := u.noticeWidgets(); n != nil {
		ws = append(ws, Widget{Kind: WLayer})
		ws = append(ws, n...)
	}
	return ws
}
