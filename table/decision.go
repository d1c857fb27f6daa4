package table

import (
	"math"
	"strings"

	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// The decision panel: the chooser, the move's count dialog, or the hint
// of what to do and the legal actions made with buttons.

// decisionPanel is the decision panel of the table.
type decisionPanel struct{ t *Table }

// widgets is the panel of decisions in r: the chooser, the move's count
// dialog, or what to do and the legal actions that are made with buttons.
func (dp *decisionPanel) widgets(r ui.Rect) []ui.Widget {
	u := dp.t
	if ta := u.pos.eng.ToAct(); u.pos.shown < 0 || u.pos.shown != ta {
		// Another's decision: said in the third person (a spectator, a
		// device waiting on another seat).
		title := "Decision"
		if ta >= 0 {
			title = "Waiting for " + u.pos.seatWords(ta)
		}
		ws := ui.Panel(r, title)
		if len(ws) > 1 && !ui.Fits(ws[1], title) && ta >= 0 {
			// A name too long for the title: the conspiracy alone.
			ws[1].Text, ws[1].Tip = "Waiting for "+words.Title(u.pos.seatID(ta)), title
		}
		return ws
	}
	ws := ui.Panel(r, "Your decision")
	x, y, w := r.X+12, r.Y+32, r.W-24
	bh := math.Max(32, u.panels.tap+4)
	ch := math.Max(32, u.panels.tap) // the Cancel and Move buttons' height
	cancel := func() ui.Widget {
		b := ui.Button(ui.Rect{X: x + w - 110, Y: r.Y + r.H - 8 - ch, W: 110, H: ch}, "Cancel", ui.CmdTarget(ui.Command{Kind: ui.CmdCancel}))
		b.Key, b.Fill = ui.KeyEsc, ui.ColPanelHi
		return b
	}
	if len(u.ch.items) > 0 {
		ws = append(ws, u.ch.widgets(r, x, y, w, ch)...)
		return append(ws, cancel())
	}
	if u.mv.from >= 0 && u.mv.to >= 0 {
		ws = append(ws, u.mv.widgets(r, x, y, w, ch, u.panels.tap, u.past.at != nil)...)
		return append(ws, cancel())
	}
	hint, actions, peek := dp.hint(), dp.actions(), dp.peek()
	if hint != "" {
		// Two lines when the hint is long and there is room for it.
		lines := 1
		wrap := 34
		if u.panels.tap > 0 {
			wrap = int(w / 8) // a phone's pane is wider
		}
		if len(hint) > wrap && r.Y+r.H-y-2*20 >= float64(len(actions))*24 {
			lines = 2
			hint = ui.WrapWords(hint, wrap)
		}
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 19 * float64(lines)}, Kind: ui.WText, Text: hint, Size: 15, Ink: ui.ColText, Tip: strings.ReplaceAll(hint, "\n", " ")})
		y += 19*float64(lines) + 4
	}
	if odds := u.citadel.oddsLine(ui.Rect{X: x, Y: y, W: w, H: 19}); odds != nil {
		ws = append(ws, odds...)
		y += 23
	}
	return dp.buttons(ws, ui.Rect{X: x, Y: y, W: w, H: r.Y + r.H - y}, bh, actions, peek)
}

// hint is what the seat to act is to do, in a line ("" for nothing to
// say).
func (dp *decisionPanel) hint() string {
	u := dp.t
	var hint string
	switch {
	case u.pos.has(rules.VArrange):
		hint = "Arrange your loyalty card in your private panel, then press its Confirm."
		if u.portrait {
			hint = "Arrange your loyalty card below, then press its Confirm."
		}
	case u.pos.has(rules.VPlace):
		hint = "Click a free slot to place an agent."
	case u.pos.has(rules.VRemove):
		hint = "Cersei: click a highlighted agent to remove it, or decline."
	case u.pos.has(rules.VResolve):
		hint = "Click one of your highlighted agents."
	case u.mv.from >= 0:
		hint = "Click a highlighted territory to move there."
	case u.pos.has(rules.VMuster):
		hint = words.Count(u.pos.pub.MusterPoints, "muster point") + " left: click a highlighted territory."
	case u.pos.has(rules.VMove):
		hint = "Click a highlighted territory to move troops from it."
	case u.pos.has(rules.VRetreat):
		hint = "Click a highlighted territory for the loser's retreat."
	case u.pos.has(rules.VExchange):
		hint = "Click two of your tokens to exchange them, or keep."
	case u.pos.has(rules.VPlay):
		hint = "Play a highlighted card from your hand, or pass."
	case u.pos.has(rules.VPass):
		hint = "You hold no card of a house in this combat."
	case u.pos.has(rules.VWinner):
		hint = "The powers are tied: name the winner."
	}
	if h := u.citadel.hint(); h != "" {
		hint = h
	}
	if u.pos.has(rules.VResolve) && (u.pos.has(rules.VLostOrders) || u.pos.has(rules.VIllTidings)) {
		hint = "Click one of your agents, or first play a Dark Wings card."
	}
	return hint
}

// actions are the legal actions the panel makes buttons of: those made
// with buttons but the cards, played from the hand, unless the hand had
// no room for them (privatePanel.hidden).
func (dp *decisionPanel) actions() []rules.Action {
	u := dp.t
	var buttons []rules.Action
	for _, a := range u.pos.buttonActions() {
		if a.Verb != rules.VPlay { // cards are played from the hand
			buttons = append(buttons, a)
		}
	}
	return append(buttons, u.panels.private.hidden...)
}

// peek is the line that names the cards of the hand the seat looked at
// (Melisandre), "" for none.
func (dp *decisionPanel) peek() string {
	p := &dp.t.pos
	if len(p.priv.Peek) == 0 || p.priv.PeekSeat < 0 {
		return ""
	}
	names := make([]string, len(p.priv.Peek))
	for i, c := range p.priv.Peek {
		names[i] = p.card(c).Name
	}
	return p.seatName(p.priv.PeekSeat) + " holds: " + strings.Join(names, ", ")
}

// buttons adds to ws the buttons of actions in r, bh high, and of the
// Citadel's choices among them (the fourth choice after the Maester's
// three, the players whose tokens Dig Up Dirt may look at); then the peek
// line.
func (dp *decisionPanel) buttons(ws []ui.Widget, r ui.Rect, bh float64, actions []rules.Action, peek string) []ui.Widget {
	u := dp.t
	x, y, w := r.X, r.Y, r.W
	peekH := 0.0
	if peek != "" {
		peekH = 22
	}
	extra := u.citadel.buttons()
	at := 0
	for at < len(actions) && actions[at].Verb == rules.VChoose {
		at++
	}
	rs := ui.FlowRects(x, y, w, r.Y+r.H-6-peekH-y, bh, len(actions)+len(extra))
	for i := range extra {
		extra[i].R = rs[at+i]
		if c := extra[i].T.Cmd; c.Kind == ui.CmdUncoverSeat {
			// "Crown's tokens…", or only "Crown" in a narrow column.
			extra[i].Text = shortestNeeded(keyed(extra[i]), extra[i].Text, words.Title(u.pos.seatID(rules.Seat(c.N))))
		}
	}
	if len(rs) > 0 {
		y = rs[len(rs)-1].Y + rs[len(rs)-1].H
	}
	rs = append(rs[:at:at], rs[at+len(extra):]...)
	for i, a := range actions {
		b := ui.ActionButton(rs[i], u.pos.describe(a), a)
		if a.Verb == rules.VDone || a.Verb == rules.VPass || a.Verb == rules.VKeep || a.Verb == rules.VDecline {
			b.Fill = ui.ColPanelHi
		}
		if a.Verb == rules.VPlay {
			b.Tip = CardTip(u.pos.card(a.Card), u.pos.houseName(u.pos.cardHouse(a.Card)))
		}
		if t := u.citadel.tip(a); t != "" {
			b.Tip = t
		}
		ws = append(ws, b)
	}
	ws = append(ws, extra...)
	if peek != "" {
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 3, W: w, H: 19}, Kind: ui.WText, Text: peek, Size: 15, Ink: ui.ColText, Tip: peek})
	}
	return ws
}
