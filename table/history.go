package table

import (
	"fmt"
	"strings"

	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// Undo and redo: a seat takes back its last decision (with the bots'
// actions after it) or does it again; before crossing into another
// player's decision the table asks, and the same key again goes on.

// history is the undo or redo that asked before crossing into another
// player's decision (asked: ui.CmdUndo, ui.CmdRedo; CmdNone: none), at
// game length askedAt: the same command there goes on.
type history struct {
	t       *Table
	asked   ui.CmdKind
	askedAt int
}

// undo takes back the last decision of the seat asking (the seat shown)
// through the actor (the session saves the shorter game), with the bots'
// actions made after it; or shows the engine's reason why not. Before it
// takes back another player's decision — and behind the curtain, where no
// one is known to be asking, before any player's — it asks: the same key
// again at the same position goes on, and the game then stands at that
// player's decision, behind the curtain (undo never lifts one).
func (h *history) undo() bool {
	u := h.t
	if u.past.at != nil || u.notices.holding() {
		return false
	}
	if err := u.pos.eng.CanUndo(); err != nil {
		u.setMsg(UndoRefusal(err), true)
		return false
	}
	acts := u.pos.eng.PublicActions()
	k := len(acts) - 1
	for k >= 0 && u.pos.botLevel(acts[k].Seat) != "" {
		k-- // the bots' actions go back with the decision before them
	}
	if k < 0 {
		k = len(acts) - 1 // only bots have played: take back one
	} else if who := acts[k].Seat; who != u.pos.shown && !h.confirmed(ui.CmdUndo) {
		h.ask(ui.CmdUndo, fmt.Sprintf("That was %s's decision: Undo again (Ctrl+Z) to take it back.", u.pos.seatName(who)))
		return false
	}
	what := h.actionText(k)
	for u.pos.eng.Len() > k {
		if err := u.pos.eng.Undo(); err != nil {
			u.rewound()
			u.setMsg(UndoRefusal(err), true)
			return true
		}
	}
	u.rewound()
	u.setMsg("Taken back: "+what, false)
	return true
}

// redo applies again the decision last taken back, with the bots' actions
// that were taken back with it; a combat that ends shows its result again.
// Before it redoes another player's decision (behind the curtain: any
// player's) it asks, as undo does.
func (h *history) redo() bool {
	u := h.t
	if u.past.at != nil || u.notices.holding() {
		return false
	}
	if !u.pos.eng.CanRedo() {
		u.setMsg("Nothing to redo.", true)
		return false
	}
	if who := u.pos.eng.ToAct(); u.pos.botLevel(who) == "" && who != u.pos.shown && !h.confirmed(ui.CmdRedo) {
		h.ask(ui.CmdRedo, fmt.Sprintf("That is %s's decision: Redo again (Ctrl+Y) to redo it.", u.pos.seatName(who)))
		return false
	}
	from := u.pos.eng.Len()
	human := false
	for u.pos.eng.CanRedo() && !u.pos.eng.Over() {
		who := u.pos.eng.ToAct()
		bot := u.pos.botLevel(who) != ""
		if !bot && human {
			break // the next player's decision stays undone
		}
		human = human || !bot
		wasCombat := u.pos.eng.View(rules.Public).Combat != nil
		evs, err := u.pos.eng.Redo()
		if err != nil {
			u.rewound()
			u.setMsg(err.Error(), true)
			return u.pos.eng.Len() > from
		}
		u.notices.after(evs, wasCombat)
	}
	u.rewound()
	u.setMsg("Redone: "+h.actionText(from), false)
	return true
}

// confirmed reports whether kind (undo or redo) asked at this position,
// and forgets it.
func (h *history) confirmed(kind ui.CmdKind) bool {
	u := h.t
	ok := h.asked == kind && h.askedAt == u.pos.eng.Len()
	h.asked = ui.CmdNone
	return ok
}

// ask puts question q on the message line for undo or redo (kind): the
// same command at this position goes on.
func (h *history) ask(kind ui.CmdKind, q string) {
	u := h.t
	h.asked, h.askedAt = kind, u.pos.eng.Len()
	u.setMsg(q, true)
}

// actionText is the public words of action n's events.
func (h *history) actionText(n int) string {
	u := h.t
	var parts []string
	for _, l := range u.pos.eng.View(rules.Public).Log {
		if l.Action == n {
			parts = append(parts, l.Text)
		}
	}
	return strings.Join(parts, " ")
}

// widgets are the Undo and Redo buttons of the top bar (keys Ctrl+Z
// and Ctrl+Y). A refused undo stays clickable, greyed: a click (or the
// key) puts the engine's reason on the refusal line.
func (h *history) widgets(ru, rr ui.Rect) (ui.Widget, ui.Widget) {
	u := h.t
	un := ui.Button(ru, "Undo", ui.CmdTarget(ui.Command{Kind: ui.CmdUndo}))
	re := ui.Button(rr, "Redo", ui.CmdTarget(ui.Command{Kind: ui.CmdRedo}))
	un.Key, re.Key = ui.KeyCtrlZ, ui.KeyCtrlY
	un.Tip, re.Tip = "Take back the last action.", "Do again the action taken back."
	if err := u.pos.eng.CanUndo(); err != nil || u.past.at != nil {
		un.Fill, un.Ink = ui.ColPanelHi, ui.ColDim
		if err != nil {
			un.Tip = "Take back the last action. Not now: " + err.Error()
		}
	}
	if !u.pos.eng.CanRedo() || u.past.at != nil {
		re.Fill, re.Ink = ui.ColPanelHi, ui.ColDim
		re.Tip = "Do again the action taken back (none is)."
	}
	return un, re
}

// UndoRefusal is the engine's reason for refusing an undo as the refusal
// line shows it: what revealed hidden information first (the line may be
// cut at its end on a small window), then why that stops undo.
func UndoRefusal(err error) string {
	const since = "cannot undo: hidden information has reached a player since: "
	if what, ok := strings.CutPrefix(err.Error(), since); ok {
		return "Cannot undo: " + strings.TrimSuffix(what, ".") + " — a player has seen hidden information since."
	}
	return words.Sentence(err.Error())
}
