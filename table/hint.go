package table

import (
	"fmt"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
)

// The hint's table side: what a hint shows. The search that finds it is
// the app's (a bot thinks on its own goroutine); the table words the
// move on the message line, notes it in the log, lays a hinted loyalty
// card out, lights the move up on the board and frames its widget, for
// as long as the position it was found for stands.

// Hint is a move found for seat: the action, and the search's best
// moves with their expected scores, best first.
type Hint struct {
	Seat   rules.Seat
	Action rules.Action
	Top    []Scored
}

// Scored is an action and its expected score.
type Scored struct {
	Action rules.Action
	Score  float64
}

// shownHint is the hint shown and the position it holds for.
type shownHint struct {
	Hint
	pos int
}

// ShowHint puts a hint for the position on the table: the message line
// names the move and the search's expected scores of its best three, the
// log notes it, and the move is highlighted until the game moves on.
func (u *Table) ShowHint(h Hint) {
	pos := u.pos.eng.Len()
	u.hint = &shownHint{h, pos}
	var alts []string
	for i, o := range h.Top {
		if i == 0 {
			continue
		}
		alts = append(alts, fmt.Sprintf("%s %.1f", u.hintName(o.Action), o.Score))
	}
	msg := "Hint: " + u.hintName(h.Action)
	if legal := u.pos.eng.Legal(); len(legal) == 1 && legal[0].Verb != rules.VArrange {
		// A forced choice: no score to weigh (the search says 0.0).
		msg += " (only one legal action)"
	} else if len(h.Top) > 0 {
		msg += fmt.Sprintf(" (expected score %.1f", h.Top[0].Score)
		if len(alts) > 0 {
			msg += "; then " + strings.Join(alts, ", ")
		}
		msg += ")"
	}
	if h.Action.Verb == rules.VArrange && u.pos.shown == h.Seat {
		// The card is laid out as hinted: Confirm takes it.
		u.arrange = h.Action.Order.Houses()
	}
	u.setMsg(msg, false)
	u.notes = append(u.notes, rules.LogLine{Action: pos - 1, Seat: h.Seat, Kind: "hint", Event: "hint",
		Text: fmt.Sprintf("%s asked for a hint: %s.", u.pos.seatName(h.Seat), msg[len("Hint: "):])})
	u.refresh()
}

// ClearHint takes the hint's highlight off (the notes in the log stay).
func (u *Table) ClearHint() { u.hint = nil }

// hinted is the hint that holds for the position, nil for none.
func (u *Table) hinted() *Hint {
	if u.hint == nil || u.hint.pos != u.pos.eng.Len() {
		return nil
	}
	return &u.hint.Hint
}

// hintName words a hinted action: a loyalty card as its houses in slot
// order, anything else as the decision panel names it.
func (u *Table) hintName(x rules.Action) string {
	switch x.Verb {
	case rules.VStudy:
		return "Study at the Citadel to " + x.Aim.Name()
	case rules.VUncover:
		return "Dig Up Dirt on " + u.pos.describe(x)
	case rules.VLostOrders:
		return "Lost Orders on " + u.pos.describe(x)
	case rules.VIllTidings:
		return "Ill Tidings: " + u.pos.describe(x)
	case rules.VArrange:
	default:
		return u.pos.describe(x)
	}
	var hs []string
	for i, h := range x.Order.Houses() {
		v := 0
		if i < len(u.pos.m.LoyaltySlots) {
			v = u.pos.m.LoyaltySlots[i]
		}
		hs = append(hs, fmt.Sprintf("%s %d", u.pos.houseName(h), v))
	}
	return "loyalty card " + strings.Join(hs, ", ")
}

// hintMarks lights up the hinted move's territories on the board.
func (u *Table) hintMarks(hl []bool, sel board.TerrID) ([]bool, board.TerrID) {
	h := u.hinted()
	if h == nil {
		return hl, sel
	}
	act := h.Action
	mark := func(t board.TerrID) {
		if u.pos.m.HasTerr(t) {
			hl[t] = true
		}
	}
	switch act.Verb {
	case rules.VMove:
		mark(act.To)
		return hl, act.From
	case rules.VMuster:
		mark(act.To)
		return hl, act.From
	case rules.VRetreat:
		return hl, act.To
	}
	return hl, sel
}

// MarkHint frames the widget that makes the hinted move (a button, a
// slot) in gold.
func (u *Table) MarkHint(ws []ui.Widget) []ui.Widget {
	h := u.hinted()
	if h == nil {
		return ws
	}
	act := h.Action
	var frames []ui.Widget
	for i := range ws {
		t := ws[i].T
		hit := (t.Action != nil && *t.Action == act) ||
			(t.Kind == ui.TSlot && (act.Verb == rules.VPlace || act.Verb == rules.VResolve || act.Verb == rules.VRemove) &&
				t.House == act.House && t.Slot == act.Slot)
		if hit {
			// Gold, and a slot says "hint": the move stands out even
			// among the other legal targets' gold edges.
			ws[i].Edge, ws[i].Selected = ui.ColGold, true
			ws[i].Fill, ws[i].Ink = ui.ColGold, ui.TextOn(ui.ColGold)
			if t.Kind == ui.TSlot {
				ws[i].Text = "hint"
			}
			r := ws[i].R
			frames = append(frames, ui.Widget{R: ui.Rect{X: r.X - 3, Y: r.Y - 3, W: r.W + 6, H: r.H + 6}, Kind: ui.WPanel, Edge: ui.ColGold})
		}
	}
	return append(ws, frames...)
}

// mergeNotes puts the table's notes (hints) into the log of viewer after
// the lines of the action they followed. A hint names a move of its
// seat's, which may give away a card in hand or a loyalty card: another
// viewer (the public table, another seat) reads only that the player
// asked for one.
func (u *Table) mergeNotes(log []rules.LogLine, viewer rules.Seat) []rules.LogLine {
	if len(u.notes) == 0 {
		return log
	}
	notes := make([]rules.LogLine, len(u.notes))
	for i, n := range u.notes {
		notes[i] = n
		if n.Seat != viewer {
			notes[i].Text = u.pos.seatName(n.Seat) + " asked for a hint."
		}
	}
	out := make([]rules.LogLine, 0, len(log)+len(notes))
	k := 0
	for _, l := range log {
		for k < len(notes) && notes[k].Action < l.Action {
			out = append(out, notes[k])
			k++
		}
		out = append(out, l)
	}
	return append(out, notes[k:]...)
}

// Hinted is the hint shown for the position, nil for none.
func (u *Table) Hinted() *Hint { return u.hinted() }
