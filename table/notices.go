package table

import (
	"image/color"
	"math"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
)

// The notices: cards over the table that the seat at the screen must
// dismiss before the hand-off — a house card drawn, a combat's result, a
// scenario's comment, a roll at the Citadel, a Citadel secret learnt.

type noticeKind int

const (
	noticeDrawn    noticeKind = iota // a house card drawn, shown to its drawer
	noticeResult                     // a combat's result, public
	noticeScenario                   // a scenario's comment: what to try, what should happen
	noticeRoll                       // a roll at the Citadel, public (citadel.go)
	noticeSecret                     // a Citadel secret learnt, for its seat: a token uncovered, a Dark Wings card drawn
)

// notice is a card over the table that stays until it is dismissed.
type notice struct {
	kind noticeKind
	seat rules.Seat // the seat it is for (rules.Public: anyone at the screen)
	// text is the engine's words ("You drew …"); for a scenario, its
	// file's name.
	text string
	card board.CardID
	// combat is the decided combat and lines the log's words of its end
	// (winner, casualties, retreat, occupation); for a scenario, lines are
	// its comment's.
	combat *rules.CombatView
	lines  []string
	// A roll at the Citadel: who rolled for which house, the dice
	// (highest first), the result and the Ill Tidings penalty in it.
	who     rules.Seat
	house   board.HouseID
	dice    []int
	result  int
	penalty int
	// A Citadel secret: the Dark Wings card drawn (0 for a token
	// uncovered, whose house is house).
	wing rules.Wing
}

// notices are the notices waiting for the seat at the screen, first
// first.
type notices struct {
	t    *Table
	list []notice
}

// holding reports whether the table must stay in front of the seat at the
// screen before a hand-off: a notice is waiting to be dismissed.
func (ns *notices) holding() bool { return len(ns.list) > 0 }

// after queues what the seat at the screen must see before the
// hand-off after an action that caused evs: the house card it drew, and
// the result of a combat that ended. wasCombat says a combat was running
// before the action.
func (ns *notices) after(evs []rules.Event, wasCombat bool) {
	u := ns.t
	u.citadel.rollNotice(evs)
	started := false
	for _, e := range evs {
		switch e.Kind {
		case rules.EvCombatStarted:
			started = true
		case rules.EvCardDrawnPrivate:
			if e.Seat == u.pos.shown && u.pos.shown >= 0 {
				n := notice{kind: noticeDrawn, seat: e.Seat, text: rules.OwnWords(u.pos.eng.EventText(e, e.Seat), u.pos.playerWords(e.Seat)), card: e.Card}
				ns.list = append(ns.list, n)
			}
		case rules.EvUncoveredPrivate, rules.EvWingDrawnPrivate:
			if e.Seat == u.pos.shown && u.pos.shown >= 0 {
				n := notice{kind: noticeSecret, seat: e.Seat, text: rules.OwnWords(u.pos.eng.EventText(e, e.Seat), u.pos.playerWords(e.Seat)), card: board.NoCard, house: e.House}
				if e.Kind == rules.EvWingDrawnPrivate {
					n.wing, n.house = rules.Wing(e.N), board.NoHouse
				}
				ns.list = append(ns.list, n)
			}
		}
	}
	if !started && !wasCombat {
		return
	}
	cv, err := u.pos.eng.CombatResult(u.pos.eng.Len())
	if err != nil || cv == nil {
		return
	}
	ns.list = append(ns.list, notice{kind: noticeResult, seat: rules.Public, card: board.NoCard, combat: cv, lines: combatEndLines(u.pos.eng.View(rules.Public).Log)})
}

// combatEndLines are the public log's words of the last combat after its
// cards: the tie, the winner, casualties, retreat, occupation and the
// effects the winner's cards grant.
func combatEndLines(log []rules.LogLine) []string {
	start := -1
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Event == rules.EvCombatStarted.String() {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	var out []string
	for _, l := range log[start+1:] {
		switch l.Event {
		case rules.EvCardPlayed.String(), rules.EvPassed.String():
			continue
		}
		out = append(out, l.Text)
	}
	return out
}

// widgets builds the first waiting notice over the whole table: a veil
// that takes every click, the card, and its Continue button.
func (ns *notices) widgets() []ui.Widget {
	u := ns.t
	if !ns.holding() {
		return nil
	}
	if u.portrait {
		return ns.portraitWidgets()
	}
	n := ns.list[0]
	full := ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: ui.BaseH}
	ws := []ui.Widget{{R: full, Kind: ui.WPanel, Fill: color.RGBA{10, 10, 14, 150}}}
	next := ""
	if ta := u.pos.eng.ToAct(); ta >= 0 && ta != u.pos.shown && len(ns.list) == 1 {
		next = "then the table passes to " + u.pos.seatWords(ta)
	}
	var cw []ui.Widget
	var card ui.Rect
	switch n.kind {
	case noticeDrawn:
		cw, card = ns.drawnWidgets(n)
	case noticeScenario:
		cw, card = ns.scenarioWidgets(n)
	case noticeRoll:
		cw, card = u.citadel.rollWidgets(n)
	case noticeSecret:
		cw, card = u.citadel.secretWidgets(n)
	case noticeResult:
		cw, card = ns.resultWidgets(n)
	}
	ws = append(ws, cw...)
	b := ui.Button(ui.Rect{X: card.X + card.W - 230, Y: card.Y + card.H - 48, W: 210, H: 38}, "Continue", ui.CmdTarget(ui.Command{Kind: ui.CmdDismiss}))
	b.Fill, b.Key = ui.ColOK, ui.KeyEnter
	ws = append(ws, u.panels.passesTo(ui.Text(ui.Rect{X: card.X + 20, Y: card.Y + card.H - 38, W: card.W - 270, H: 22}, next, 15, ui.ColDim)))
	// The veil takes every other click (the table waits for Continue).
	ws = append(ws, ui.Widget{R: full, Kind: ui.WText, T: ui.Target{Kind: ui.TButton}}, b)
	return ws
}

// drawnWidgets is the notice of a house card drawn, for its drawer: the
// card's face, its effect and the engine's words.
func (ns *notices) drawnWidgets(n notice) ([]ui.Widget, ui.Rect) {
	u := ns.t
	card := ui.Rect{X: ui.BaseW/2 - 330, Y: ui.BaseH/2 - 190, W: 660, H: 380}
	ws := ui.Panel(card, "")
	ws[len(ws)-1].Edge = ui.SeatColor(n.seat)
	ws = append(ws, ui.Widget{R: ui.Rect{X: card.X + 20, Y: card.Y + 14, W: card.W - 40, H: 30}, Kind: ui.WText, Text: "You drew a house card — only you see this",
		Size: 22, Bold: true, Ink: ui.Readable(ui.SeatColor(n.seat), ui.ColPanel)})
	c, house := u.pos.card(n.card), u.pos.houseName(u.pos.cardHouse(n.card))
	hc := ui.HouseColor(u.pos.m, u.pos.cardHouse(n.card))
	face := drawnFace(c, house)
	ws = append(ws, ui.Widget{R: ui.Rect{X: card.X + 40, Y: card.Y + 62, W: card.W - 80, H: 110}, Kind: ui.WBox, Text: face, Size: 22, Bold: true, Fill: hc, Ink: ui.TextOn(hc), Edge: ui.ColWhite})
	y := card.Y + 190
	for _, s := range []string{cardEffectText(c, house), n.text, drawnRest(house)} {
		for _, row := range ui.WrapText(s, 17, card.W-60, 0) {
			if s == "" {
				continue
			}
			ws = append(ws, ui.Text(ui.Rect{X: card.X + 30, Y: y, W: card.W - 60, H: 24}, row, 17, ui.ColText))
			y += 24
		}
	}
	return ws, card
}

// scenarioWidgets is the notice of a scenario's comment: its file's name
// and its paragraphs.
func (ns *notices) scenarioWidgets(n notice) ([]ui.Widget, ui.Rect) {
	var rows []string
	for _, l := range n.lines {
		rows = append(rows, ui.WrapText(l, 17, 760-60, 0)...)
	}
	rows = rows[:min(len(rows), 18)]
	card := ui.Rect{X: ui.BaseW/2 - 380, Y: 0, W: 760, H: 66 + 24*float64(len(rows)) + 64}
	card.Y = math.Round((ui.BaseH - card.H) / 2)
	ws := ui.Panel(card, "")
	ws = append(ws, ui.Widget{R: ui.Rect{X: card.X + 20, Y: card.Y + 14, W: card.W - 40, H: 30}, Kind: ui.WText, Text: "Scenario: " + n.text,
		Size: 22, Bold: true, Ink: ui.ColGold})
	y := card.Y + 60
	for _, row := range rows {
		ws = append(ws, ui.Text(ui.Rect{X: card.X + 30, Y: y, W: card.W - 60, H: 24}, row, 17, ui.ColText))
		y += 24
	}
	return ws, card
}

// resultWidgets is the notice of a combat's result: the combat card as
// tall as its terms, the log's words of the end under it, the whole
// centred on the screen.
func (ns *notices) resultWidgets(n notice) ([]ui.Widget, ui.Rect) {
	card := ui.Rect{X: ui.BaseW/2 - 430, Y: 0, W: 860, H: 0}
	top := ns.t.panels.combat.widgets(ui.Rect{X: card.X, Y: 0, W: card.W, H: ui.BaseH}, n.combat, combatResult)
	h := 0.0
	for _, w := range top[1:] {
		h = math.Max(h, w.R.Y+w.R.H)
	}
	top[0].R.H = h + 10
	var rows []string
	for _, s := range n.lines {
		rows = append(rows, ui.WrapText(s, 16, card.W-40, 12)...)
	}
	rows = rows[:min(len(rows), 12)]
	lower := ui.Rect{X: card.X, Y: top[0].R.H + 8, W: card.W, H: 16 + 21*float64(len(rows)) + 56}
	card.H = lower.Y + lower.H
	dy := math.Max(60, (ui.BaseH-card.H)/2)
	card.Y = dy
	for i := range top {
		top[i].R.Y += dy
	}
	ws := append(top, ui.Widget{R: ui.Rect{X: lower.X, Y: lower.Y + dy, W: lower.W, H: lower.H}, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: ui.ColGold})
	y := lower.Y + dy + 10
	for _, row := range rows {
		ws = append(ws, ui.Text(ui.Rect{X: card.X + 20, Y: y, W: card.W - 40, H: 22}, row, 16, ui.ColText))
		y += 21
	}
	return ws, card
}
