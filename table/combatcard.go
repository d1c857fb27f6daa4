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

// Combat cards: the preview of an attacking move, the running combat, and
// the result card; all show both sides' power term by term (units,
// terrain, fortification, home region, cards) as the engine words them.

// combatCard builds the combat cards from the table's position.
type combatCard struct{ pos *position }

// combatMode says which combat card to build.
type combatMode int

const (
	combatPreview combatMode = iota // before an attacking move is confirmed
	combatLive                      // while cards are played
	combatResult                    // after it is decided
)

// termTips say what each kind of combat term counts.
var termTips = map[rules.TermKind]string{
	rules.TermUnits:         "Units: on land a footman adds 1, a knight 2, a dragon 3; at sea a ship 1, a knight 1, a dragon 3 (footmen 0).",
	rules.TermTerrain:       "Terrain: the defender of a town adds 2, of a castle 4 (Brienne ignores it, Catelyn doubles it).",
	rules.TermFortification: "Fortification: the house holding the territory's fortification adds 1 when it defends.",
	rules.TermHomeRegion:    "Home region: a house fighting on land in its own home region adds 1.",
	rules.TermCard:          "House card: a card played for this house adds its strength (and its effect).",
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

// sides builds the two columns of a combat (attacker left, defender
// right) in r, term by term with each side's total; it returns the
// widgets and the y below the taller column.
func (cc *combatCard) sides(r ui.Rect, cv *rules.CombatView, size float64) ([]ui.Widget, float64) {
	var ws []ui.Widget
	// Side by side on a wide card; one under the other on a narrow one
	// (the column in the board's margin).
	stacked := r.W < 400
	half := (r.W - 12) / 2
	if stacked {
		half = r.W
	}
	rowH := size * 1.35
	bottom := r.Y
	side := func(x, top float64, house board.HouseID, role string, terms []string, power int, won bool) {
		hc := ui.HouseColor(cc.pos.m, house)
		head := ui.Widget{R: ui.Rect{X: x, Y: top, W: half, H: size*2 + 6}, Kind: ui.WBox, Text: fmt.Sprintf("%s %s: %d", cc.pos.houseName(house), role, power),
			Size: size + 2, Bold: true, Fill: hc, Ink: ui.TextOn(hc)}
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
				ws = append(ws, ui.Widget{R: ui.Rect{X: x + 6, Y: y, W: tagW - 8, H: rowH}, Kind: ui.WText, Text: kind.String(), Size: size, Ink: ui.ColDim, Tip: termTips[kind]})
			}
			for k, line := range ui.WrapText(t, size, (half-12-tagW)*0.93, 8) { // room at every common scale (ui.Fits)
				x0 := x + 6 + tagW
				if k > 0 {
					x0 += 8
				}
				w := ui.Text(ui.Rect{X: x0, Y: y, W: x + half - 6 - x0, H: rowH}, line, size, ui.ColText)
				w.Tip = t + " — " + termTips[kind]
				ws = append(ws, w)
				y += rowH
			}
		}
		if len(terms) == 0 {
			ws = append(ws, ui.Text(ui.Rect{X: x + 6, Y: y, W: half - 12, H: rowH}, "no strength", size, ui.ColDim))
			y += rowH
		}
		// The total under a rule, like a sum.
		ws = append(ws, ui.Widget{R: ui.Rect{X: x + 6, Y: y + 2, W: half - 12, H: 1.5}, Kind: ui.WPanel, Fill: ui.ColEdge})
		ws = append(ws, ui.Widget{R: ui.Rect{X: x + 6, Y: y + 6, W: half - 12, H: rowH}, Kind: ui.WText, Text: fmt.Sprintf("total %d", power), Size: size, Bold: true, Ink: ui.ColGold, Align: ui.AlignRight})
		bottom = math.Max(bottom, y+6+rowH)
	}
	side(r.X, r.Y, cv.Attacker, "attacks", cv.AttackerTerms, cv.AttackerPower, cv.Winner >= 0 && cv.Winner == cv.Attacker)
	if stacked {
		side(r.X, bottom+10, cv.Defender, "defends", cv.DefenderTerms, cv.DefenderPower, cv.Winner >= 0 && cv.Winner == cv.Defender)
	} else {
		side(r.X+half+12, r.Y, cv.Defender, "defends", cv.DefenderTerms, cv.DefenderPower, cv.Winner >= 0 && cv.Winner == cv.Defender)
	}
	return ws, bottom
}

// played lists the cards played so far ("Ben: Eddard Stark +4", a
// pass as "Ann passed").
func (cc *combatCard) played(cv *rules.CombatView) []string {
	var out []string
	for _, p := range cv.Played {
		if p.Card == board.NoCard {
			out = append(out, cc.pass(p.Seat, cv))
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s (%s)", cc.pos.seatName(p.Seat), CardLabel(cc.pos.card(p.Card)), cc.pos.houseName(cc.pos.cardHouse(p.Card))))
	}
	return out
}

// pass says a seat passed, and why when it had to: it holds no card
// of either house in the combat (the engine does not ask it; the houses of
// a hand are public). While the combat runs the hand is the one it passed
// with; after it, an effect that changed the hand may blur this (the log
// line, written then, stays exact).
func (cc *combatCard) pass(seat rules.Seat, cv *rules.CombatView) string {
	name := cc.pos.seatName(seat)
	if int(seat) < 0 || int(seat) >= len(cc.pos.pub.Players) {
		return name + " passed"
	}
	p := cc.pos.pub.Players[seat]
	if p.HandSize(cv.Attacker)+p.HandSize(cv.Defender) == 0 {
		return fmt.Sprintf("%s passed: no %s or %s card", name, cc.pos.houseName(cv.Attacker), cc.pos.houseName(cv.Defender))
	}
	return name + " passed"
}

// widgets builds a combat card in r: a preview, the running
// combat, or (in a notice) its result.
func (cc *combatCard) widgets(r ui.Rect, cv *rules.CombatView, mode combatMode) []ui.Widget {
	head := "Combat in " + cc.pos.terrName(cv.Territory)
	switch mode {
	case combatPreview:
		head = "If you attack: combat in " + cc.pos.terrName(cv.Territory)
	case combatResult:
		head = cc.pos.houseName(cv.Winner) + " wins the combat in " + cc.pos.terrName(cv.Territory)
	}
	ws := ui.Panel(r, "")
	ws[0].Edge = ui.ColGold
	ink := ui.ColGold
	if mode == combatResult {
		ink = ui.HouseInk(cc.pos.m, cv.Winner)
	}
	size := 15.0
	if r.W > 600 {
		size = 16
	}
	// The title in a smaller size rather than cut ("Combat in Dornish
	// Mar…"); the line keeps its height.
	hw := ui.Widget{R: ui.Rect{X: r.X + 12, Y: r.Y + 7, W: r.W - 24, H: size + 8}, Kind: ui.WText, Text: head, Size: ui.FitSize(head, size+3, size-1, true, r.W-24), Bold: true, Ink: ink}
	dy := 0.0
	if !ui.Fits(hw, head) {
		// Still too long (a phone's narrow card): on two lines.
		hw.Size = size - 1
		hw.Text = twoLines(head, hw.Size, (r.W-24)*0.9)
		dy = size + 2
		hw.R.H += dy
	}
	ws = append(ws, hw)
	sides, y := cc.sides(ui.Rect{X: r.X + 12, Y: r.Y + size + 20 + dy, W: r.W - 24, H: r.H}, cv, size)
	ws = append(ws, sides...)
	rowH := size * 1.35
	line := func(s string, ink color.RGBA) {
		for _, row := range ui.WrapText(s, size, (r.W-24)*0.93, 10) { // room at every common scale (ui.Fits)
			if y+rowH > r.Y+r.H-4 {
				return
			}
			ws = append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: y, W: r.W - 24, H: rowH}, row, size, ink))
			y += rowH
		}
	}
	y += 4
	switch mode {
	case combatPreview:
		line("Before any card: every seat may then play a card of either house, in turn from the active player.", ui.ColDim)
		if cv.AttackerPower > cv.DefenderPower {
			line(fmt.Sprintf("%s leads by %d.", cc.pos.houseName(cv.Attacker), cv.AttackerPower-cv.DefenderPower), ui.ColText)
		} else if cv.DefenderPower > cv.AttackerPower {
			line(fmt.Sprintf("%s leads by %d.", cc.pos.houseName(cv.Defender), cv.DefenderPower-cv.AttackerPower), ui.ColText)
		} else {
			line("The sides are even.", ui.ColText)
		}
	case combatLive:
		played := cc.played(cv)
		switch {
		case len(played) == 0:
			line("No card played yet.", ui.ColDim)
		case r.W < 400:
			// A narrow card: one card a row, its name and strength first
			// so that wrapping never splits them.
			line("Cards played:", ui.ColGold)
			for _, p := range cv.Played {
				if p.Card == board.NoCard {
					line(cc.pass(p.Seat, cv), ui.ColText)
					continue
				}
				line(CardLabel(cc.pos.card(p.Card)), ui.ColText)
				line("  "+cc.pos.seatName(p.Seat)+" · "+cc.pos.houseName(cc.pos.cardHouse(p.Card)), ui.ColDim)
			}
		default:
			line("Cards played: "+strings.Join(played, " · "), ui.ColText)
		}
		if cv.Retreater >= 0 {
			line(fmt.Sprintf("%s must retreat %s.", cc.pos.houseName(cv.Retreater), words.Units(cv.RetreatUnits)), ui.ColText)
		}
	case combatResult:
		if played := cc.played(cv); len(played) > 0 {
			line("Cards played: "+strings.Join(played, " · "), ui.ColText)
		}
	}
	// The card is as tall as what it says (the board shows below it).
	ws[0].R.H = math.Min(r.H, y+8-r.Y)
	return ws
}
