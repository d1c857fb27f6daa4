package table

import (
	"fmt"
	"math"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// The table's dialogs: the move being set up with its count dialog, and
// the chooser of the actions a click may mean. Their widgets are built
// with the decision panel's (layout.go); what a click or a key does to
// them is the table's verbs (verbs.go).

// moveDialog is a move being set up: its origin (from; -1: none), then
// its destination (to; -1: none yet), whose count dialog sets how many of
// each unit go (units, at most max), the row the arrow keys change (row)
// and, onto a road, the house attacked there (house; NoHouse: none) among
// those it may attack (targets).
type moveDialog struct {
	from, to   board.TerrID
	units, max [board.NumUnits]int
	house      board.HouseID
	targets    []board.HouseID
	row        int
}

// choice is one entry of a pop-up chooser.
type choice struct {
	Label  string
	Action rules.Action
	Tip    string
}

// chooser is the actions a click may mean, to pick one of: their buttons
// (items) under a title; picking is the Citadel verb whose target the
// chooser (or a click on a slot or a token) picks (citadel.go), 0 for
// none.
type chooser struct {
	items   []choice
	title   string
	picking rules.Verb
}

// moveAction is the move the dialog is set to.
func (u *Table) moveAction() rules.Action {
	return rules.Action{Seat: u.pos.shown, Verb: rules.VMove, From: u.mv.from, To: u.mv.to, Units: u.mv.units, House: u.mv.house}
}

// moveRows are the unit kinds the move dialog offers, top to bottom.
func (u *Table) moveRows() []board.Unit {
	var ks []board.Unit
	for k := board.Unit(0); k < board.NumUnits; k++ {
		if u.mv.max[k] > 0 {
			ks = append(ks, k)
		}
	}
	return ks
}

// moveRowUnit is the unit kind of the move dialog's selected row.
func (u *Table) moveRowUnit() (board.Unit, bool) {
	rows := u.moveRows()
	if u.mv.row < 0 || u.mv.row >= len(rows) {
		return 0, false
	}
	return rows[u.mv.row], true
}

// chooserWidgets is the chooser in the decision panel r: its title at
// (x, y), w wide, then its buttons, down to the Cancel row (ch high)
// which the panel adds.
func (u *Table) chooserWidgets(r ui.Rect, x, y, w, ch float64) []ui.Widget {
	var ws []ui.Widget
	ws = append(ws, ui.Text(ui.Rect{X: x, Y: y, W: w, H: 19}, u.ch.title, 15, ui.ColText))
	y += 22
	rs := ui.FlowRects(x, y, w, r.Y+r.H-14-ch-y, math.Max(30, u.tap+4), len(u.ch.items))
	var glyphs []ui.Widget // over the buttons, after them
	for i, c := range u.ch.items {
		b := ui.ActionButton(rs[i], c.Label, c.Action)
		b.Tip = c.Tip
		b, g := u.shortCitadelButton(b, c.Action)
		ws = append(ws, b)
		if g.Text != "" {
			glyphs = append(glyphs, g)
		}
	}
	ws = append(ws, glyphs...)
	return ws
}

// moveDialogWidgets is the count dialog of the move being set up in the
// decision panel r: its title at (x, y), w wide, a row of − count + for
// each kind of unit, the road's attack choice, and the Move (or Attack)
// button beside the Cancel row (ch high) which the panel adds.
func (u *Table) moveDialogWidgets(r ui.Rect, x, y, w, ch float64) []ui.Widget {
	var ws []ui.Widget
	title := fmt.Sprintf("%s → %s", u.pos.terrName(u.mv.from), u.pos.terrName(u.mv.to))
	ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 19}, Kind: ui.WText, Text: title, Size: 15, Ink: ui.ColText,
		Tip: fmt.Sprintf("Move from %s to %s: set how many of each unit go (arrow keys: Up/Down a row, Left/Right fewer/more).", u.pos.terrName(u.mv.from), u.pos.terrName(u.mv.to))})
	y += 22
	rows := len(u.moveRows())
	if len(u.mv.targets) > 0 {
		rows++ // the road's attack choice, below the units
	}
	rowH := math.Min(math.Max(32, u.tap+4), (r.Y+r.H-12-ch-y)/float64(max(rows, 1)))
	for i, k := range u.moveRows() {
		sel := i == u.mv.row
		lab := ui.Widget{R: ui.Rect{X: x, Y: y + rowH/2 - 10, W: 90, H: 20}, Kind: ui.WText, Text: words.Title(k.String()), Size: 15, Bold: sel, Ink: ui.ColText, Tip: unitTips[k]}
		if sel {
			lab.Ink = ui.ColGold
		}
		dec := ui.Button(ui.Rect{X: x + 92, Y: y, W: 32, H: rowH - 4}, "−", ui.CmdTarget(ui.Command{Kind: ui.CmdFewerUnits, Unit: k}))
		inc := ui.Button(ui.Rect{X: x + 190, Y: y, W: 32, H: rowH - 4}, "+", ui.CmdTarget(ui.Command{Kind: ui.CmdMoreUnits, Unit: k}))
		// The arrow keys step the selected row (Keys); no key badge: it
		// is wider than the button and covered its sign.
		dec.Tip, inc.Tip = "Fewer "+words.Plural(2, k.String())+" (Left arrow on the selected row).", "More "+words.Plural(2, k.String())+" (Right arrow on the selected row)."
		if sel {
			dec.Fill, inc.Fill = ui.ColPanelHi, ui.ColPanelHi
		}
		cnt := ui.Widget{R: ui.Rect{X: x + 128, Y: y, W: 58, H: rowH - 4}, Kind: ui.WBox, Text: fmt.Sprintf("%d/%d", u.mv.units[k], u.mv.max[k]), Size: 15, Bold: true, Fill: ui.ColPanelHi, Ink: ui.ColText, Selected: sel,
			Tip: fmt.Sprintf("%d of the %d %s that may go.", u.mv.units[k], u.mv.max[k], words.Plural(u.mv.max[k], k.String()))}
		ws = append(ws, lab, dec, cnt, inc)
		y += rowH
	}
	if n := len(u.mv.targets); n > 0 {
		// Onto a road: attack none of the houses there, or one (the
		// choice framed; the preview beside the dialog shows the fight).
		bw := (w - float64(n)*4) / float64(n+1)
		for i := range n + 1 {
			br := ui.Rect{X: x + float64(i)*(bw+4), Y: y, W: bw, H: rowH - 4}
			h, label, tip := board.NoHouse, "None", "Attack nobody: join the road beside the houses there."
			if i > 0 {
				h = u.mv.targets[i-1]
				label, tip = u.pos.houseName(h), "Attack House "+u.pos.houseName(h)+"'s troops on the road; only they fight."
			}
			b := ui.Button(br, label, ui.CmdTarget(ui.Command{Kind: ui.CmdMoveAttack, N: int(h)}))
			b.Selected, b.Tip = h == u.mv.house, tip
			if b.Selected {
				b.Fill = ui.ColPanelHi
			}
			ws = append(ws, b)
		}
	}
	label := "Move"
	if u.movePreview() != nil {
		label = "Attack"
	}
	b := ui.Button(ui.Rect{X: x, Y: r.Y + r.H - 8 - ch, W: w - 116, H: ch}, label, ui.CmdTarget(ui.Command{Kind: ui.CmdMoveConfirm}))
	b.Fill, b.Key = ui.ColOK, ui.KeyEnter
	return append(ws, b)
}

// movePreview is the combat the move being set up would start (nil when
// it starts none or is not complete), cached per move and game length.
func (u *Table) movePreview() *rules.CombatView {
	if u.mv.from < 0 || u.mv.to < 0 || u.past.at != nil {
		return nil
	}
	a := u.moveAction()
	n := u.pos.eng.Len()
	if p := u.preview; p.ok && p.n == n && p.a == a {
		return p.cv
	}
	cv, _ := u.pos.eng.PreviewCombat(a)
	u.preview = preview{n: n, a: a, cv: cv, ok: true}
	return cv
}

type preview struct {
	n  int
	a  rules.Action
	cv *rules.CombatView
	ok bool
}
