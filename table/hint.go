package table

import (
	"fmt"
	"slices"
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

// Hints is the hint shown (nil: none) for as long as its position stands,
// and the notes the hints left in the log.
type Hints struct {
	t     *Table
	shown *shownHint
	// notes are the table's own log lines (hints) merged into the log.
	notes []rules.LogLine
}

// Show puts a hint for the position on the table: the message line
// names the move and the search's expected scores of its best three, the
// log notes it, and the move is highlighted until the game moves on.
func (hs *Hints) Show(h Hint) {
	u := hs.t
	pos := u.pos.eng.Len()
	hs.shown = &shownHint{h, pos}
	var alts []string
	for i, o := range h.Top {
		if i == 0 {
			continue
		}
		alts = append(alts, fmt.Sprintf("%s %.1f", hs.name(o.Action), o.Score))
	}
	msg := "Hint: " + hs.name(h.Action)
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
		u.loyalty.houses = h.Action.Order.Houses()
	}
	u.setMsg(msg, false)
	hs.notes = append(hs.notes, rules.LogLine{Action: pos - 1, Seat: h.Seat, Kind: "hint", Event: "hint",
		Text: fmt.Sprintf("%s asked for a hint: %s.", u.pos.seatName(h.Seat), msg[len("Hint: "):])})
	u.Refresh()
}

// Clear takes the hint's highlight off (the notes in the log stay).
func (hs *Hints) Clear() { hs.shown = nil }

// Hinted is the hint shown for the position, nil for none.
func (hs *Hints) Hinted() *Hint {
	if hs.shown == nil || hs.shown.pos != hs.t.pos.eng.Len() {
		return nil
	}
	return &hs.shown.Hint
}

// name words a hinted action: a loyalty card as its houses in slot
// order, anything else as the decision panel names it.
func (hs *Hints) name(x rules.Action) string {
	p := &hs.t.pos
	switch x.Verb {
	case rules.VStudy:
		return "Study at the Citadel to " + x.Aim.Name()
	case rules.VUncover:
		return "Dig Up Dirt on " + p.describe(x)
	case rules.VLostOrders:
		return "Lost Orders on " + p.describe(x)
	case rules.VIllTidings:
		return "Ill Tidings: " + p.describe(x)
	case rules.VArrange:
	default:
		return p.describe(x)
	}
	var names []string
	for i, h := range x.Order.Houses() {
		v := 0
		if i < len(p.m.LoyaltySlots) {
			v = p.m.LoyaltySlots[i]
		}
		names = append(names, fmt.Sprintf("%s %d", p.houseName(h), v))
	}
	return "loyalty card " + strings.Join(names, ", ")
}

// marks lights up the hinted move's territories on the board.
func (hs *Hints) marks(hl []bool, sel board.TerrID) ([]bool, board.TerrID) {
	h := hs.Hinted()
	if h == nil {
		return hl, sel
	}
	act := h.Action
	mark := func(t board.TerrID) {
		if hs.t.pos.m.HasTerr(t) {
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

// Mark frames the widget that makes the hinted move (a button, a
// slot) in gold.
func (hs *Hints) Mark(ws []ui.Widget) []ui.Widget {
	h := hs.Hinted()
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
func (hs *Hints) mergeNotes(log []rules.LogLine, viewer rules.Seat) []rules.LogLine {
	if len(hs.notes) == 0 {
		return log
	}
	notes := make([]rules.LogLine, len(hs.notes))
	for i, n := range hs.notes {
		notes[i] = n
		if n.Seat != viewer {
			notes[i].Text = hs.t.pos.seatName(n.Seat) + " asked for a hint."
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

// dropAfter forgets the notes of the actions from n on (taken back).
func (hs *Hints) dropAfter(n int) {
	hs.notes = slices.DeleteFunc(hs.notes, func(l rules.LogLine) bool { return l.Action >= n })
}
