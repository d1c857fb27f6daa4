package table

import (
	"math"

	"notrueking/rules"
	"notrueking/ui"
)

// The chooser: what a click means among the legal actions — one match is
// applied, several open the chooser of their buttons (pick). Its widgets
// are built with the decision panel's.

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
	t       *Table
	items   []choice
	title   string
	picking rules.Verb
}

// reset closes the chooser.
func (c *chooser) reset() { c.items, c.title, c.picking = nil, "", 0 }

// offer opens the chooser of actions as under title.
func (c *chooser) offer(title string, as []rules.Action) {
	u := c.t
	c.title = title
	c.items = c.items[:0]
	for _, a := range as {
		c.items = append(c.items, choice{u.pos.describe(a), a, u.citadel.tip(a)})
	}
}

// pick applies the only match, offers a chooser for several, and reports
// whether there was any match.
func (c *chooser) pick(title string, as []rules.Action) bool {
	switch len(as) {
	case 0:
		return false
	case 1:
		c.t.Apply(as[0])
	default:
		c.offer(title, as)
	}
	return true
}

// widgets is the chooser in the decision panel r: its title at
// (x, y), w wide, then its buttons, down to the Cancel row (ch high)
// which the panel adds.
func (c *chooser) widgets(r ui.Rect, x, y, w, ch float64) []ui.Widget {
	u := c.t
	var ws []ui.Widget
	ws = append(ws, ui.Text(ui.Rect{X: x, Y: y, W: w, H: 19}, c.title, 15, ui.ColText))
	y += 22
	rs := ui.FlowRects(x, y, w, r.Y+r.H-14-ch-y, math.Max(30, u.panels.tap+4), len(c.items))
	var glyphs []ui.Widget // over the buttons, after them
	for i, it := range c.items {
		b := ui.ActionButton(rs[i], it.Label, it.Action)
		b.Tip = it.Tip
		b, g := u.citadel.shortButton(b, it.Action)
		ws = append(ws, b)
		if g.Text != "" {
			glyphs = append(glyphs, g)
		}
	}
	ws = append(ws, glyphs...)
	return ws
}

// explain shows why a plausible action is refused (or applies it if the
// engine accepts it after all).
func (c *chooser) explain(a rules.Action, fallback string) {
	u := c.t
	if err := u.pos.eng.Check(a); err != nil {
		u.setMsg(err.Error(), true)
		return
	}
	if fallback != "" && len(u.pos.legal) == 0 {
		u.setMsg(fallback, true)
		return
	}
	u.Apply(a)
}
