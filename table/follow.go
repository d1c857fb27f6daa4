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

// follow is what the table keeps for following the game: the log panel,
// the table shown as it stood after an earlier action (read-only), the
// notices the seat at the screen must dismiss before the hand-off (a drawn
// house card, a combat's result), and the combat preview of the move being
// set up.
type follow struct {
	log LogPanel
	// present is the log of the present game as the log panel reads it
	// (the shown seat's, or the public one), kept at each refresh.
	present []rules.LogLine
	// past is the table shown from the history (nil: the present).
	past *pastTable
	// notices wait for the seat at the screen, first first.
	notices []notice
	// preview caches the combat preview of one move at one game length.
	preview preview
}

// pastTable is the game as it stood after n actions, as the log panel's
// seat saw it then.
type pastTable struct {
	n         int
	pub, priv rules.View
}

type preview struct {
	n  int
	a  rules.Action
	cv *rules.CombatView
	ok bool
}

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

// followRefresh runs at the end of refresh: it keeps the present's log and,
// while the past is shown, puts the past's views on the table with no
// legal action.
func (u *Table) followRefresh() {
	u.present = u.pos.pub.Log
	if u.pos.shown >= 0 {
		u.present = u.pos.priv.Log
	}
	if p := u.past; p != nil {
		u.pos.pub, u.pos.priv, u.pos.legal = p.pub, p.priv, nil
	}
}

// showPast shows the table as it stood after n actions (n = the game's
// length returns to the present). It reads the engine's history (At) and
// changes nothing.
func (u *Table) showPast(n int) {
	if n >= u.pos.eng.Len() {
		u.leavePast()
		return
	}
	pub, err := u.pos.eng.ViewAt(n, rules.Public)
	if err != nil {
		u.setMsg(err.Error(), true)
		return
	}
	seat := u.pos.logSeat()
	p := &pastTable{n: n, pub: pub, priv: pub}
	if seat >= 0 {
		if p.priv, err = u.pos.eng.ViewAt(n, seat); err != nil {
			u.setMsg(err.Error(), true)
			return
		}
	}
	u.resetLocal()
	u.past = p
	u.setMsg(pastLabel(n), false)
	u.refresh()
}

// leavePast returns the table to the present.
func (u *Table) leavePast() {
	if u.past == nil {
		return
	}
	u.past = nil
	u.setMsg("", false)
	u.refresh()
}

// followClick takes the clicks on the table's own targets (slots,
// tokens, territories, action buttons) while a notice or the past is up:
// the table cannot be played then. It reports whether it took the click.
func (u *Table) followClick(ui.Target) bool {
	switch {
	case len(u.notices) > 0:
		return true
	case u.past != nil:
		u.setMsg(pastLabel(u.past.n)+" (the table cannot be played from the past)", true)
		return true
	}
	return false
}

// followCommand carries out the commands of following the game: dismiss
// a notice (Esc too), show the table after a log entry's action, scroll
// the log, return to the present (Esc too), undo and redo. While a notice
// or the past is up it takes every other command of the table, so that
// nothing is played from under a notice or from the past. It reports
// whether it took c.
func (u *Table) followCommand(c ui.Command) bool {
	if len(u.notices) > 0 {
		if c.Kind == ui.CmdDismiss || c.Kind == ui.CmdCancel {
			u.notices = u.notices[1:]
		}
		return true
	}
	switch c.Kind {
	case ui.CmdLogEntry:
		u.showPast(c.N)
		return true
	case ui.CmdLogScroll:
		u.log.scroll(c.N)
		return true
	case ui.CmdPresent:
		u.leavePast()
		return true
	case ui.CmdUndo:
		u.undo()
		return true
	case ui.CmdRedo:
		u.redo()
		return true
	case ui.CmdDismiss:
		u.recent.digest = nil
		return true
	case ui.CmdCancel:
		if u.past != nil {
			u.leavePast()
			return true
		}
		if u.recent.digest != nil {
			u.recent.digest = nil
			return true
		}
		return false
	}
	if u.past != nil {
		u.setMsg(pastLabel(u.past.n)+" (the table cannot be played from the past)", true)
		return true
	}
	return false
}

// holding reports whether the table must stay in front of the seat at the
// screen before a hand-off: a notice is waiting to be dismissed.
func (u *Table) holding() bool { return len(u.notices) > 0 }

// undo takes back the last decision of the seat asking (the seat shown)
// through the actor (the session saves the shorter game), with the bots'
// actions made after it; or shows the engine's reason why not. Before it
// takes back another player's decision — and behind the curtain, where no
// one is known to be asking, before any player's — it asks: the same key
// again at the same position goes on, and the game then stands at that
// player's decision, behind the curtain (undo never lifts one).
func (u *Table) undo() bool {
	if u.past != nil || len(u.notices) > 0 {
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
	} else if who := acts[k].Seat; who != u.pos.shown && !u.confirmed(ui.CmdUndo) {
		u.ask(ui.CmdUndo, fmt.Sprintf("That was %s's decision: Undo again (Ctrl+Z) to take it back.", u.pos.seatName(who)))
		return false
	}
	what := u.actionText(k)
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
func (u *Table) redo() bool {
	if u.past != nil || len(u.notices) > 0 {
		return false
	}
	if !u.pos.eng.CanRedo() {
		u.setMsg("Nothing to redo.", true)
		return false
	}
	if who := u.pos.eng.ToAct(); u.pos.botLevel(who) == "" && who != u.pos.shown && !u.confirmed(ui.CmdRedo) {
		u.ask(ui.CmdRedo, fmt.Sprintf("That is %s's decision: Redo again (Ctrl+Y) to redo it.", u.pos.seatName(who)))
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
		u.noticeAfter(evs, wasCombat)
	}
	u.rewound()
	u.setMsg("Redone: "+u.actionText(from), false)
	return true
}

// confirmed reports whether kind (undo or redo) asked at this position,
// and forgets it.
func (u *Table) confirmed(kind ui.CmdKind) bool {
	ok := u.asked == kind && u.askedAt == u.pos.eng.Len()
	u.asked = ui.CmdNone
	return ok
}

// ask puts question q on the message line for undo or redo (kind): the
// same command at this position goes on.
func (u *Table) ask(kind ui.CmdKind, q string) {
	u.asked, u.askedAt = kind, u.pos.eng.Len()
	u.setMsg(q, true)
}

// actionText is the public words of action n's events.
func (u *Table) actionText(n int) string {
	var parts []string
	for _, l := range u.pos.eng.View(rules.Public).Log {
		if l.Action == n {
			parts = append(parts, l.Text)
		}
	}
	return strings.Join(parts, " ")
}

// rewound puts the game on the table again after an undo or a redo: the
// selections and the hint were for a position that is gone, and the log
// is no longer an extension of the rows wrapped.
func (u *Table) rewound() {
	u.resetLocal()
	u.hints.shown = nil
	// A hint noted after an action taken back went with it.
	u.hints.dropAfter(u.pos.eng.Len())
	u.log.toNewest()
	u.log.forget()
	u.refresh()
}

// undoWidgets are the Undo and Redo buttons of the top bar (keys Ctrl+Z
// and Ctrl+Y). A refused undo stays clickable, greyed: a click (or the
// key) puts the engine's reason on the refusal line.
func (u *Table) undoWidgets(ru, rr ui.Rect) (ui.Widget, ui.Widget) {
	un := ui.Button(ru, "Undo", ui.CmdTarget(ui.Command{Kind: ui.CmdUndo}))
	re := ui.Button(rr, "Redo", ui.CmdTarget(ui.Command{Kind: ui.CmdRedo}))
	un.Key, re.Key = ui.KeyCtrlZ, ui.KeyCtrlY
	un.Tip, re.Tip = "Take back the last action.", "Do again the action taken back."
	if err := u.pos.eng.CanUndo(); err != nil || u.past != nil {
		un.Fill, un.Ink = ui.ColPanelHi, ui.ColDim
		if err != nil {
			un.Tip = "Take back the last action. Not now: " + err.Error()
		}
	}
	if !u.pos.eng.CanRedo() || u.past != nil {
		re.Fill, re.Ink = ui.ColPanelHi, ui.ColDim
		re.Tip = "Do again the action taken back (none is)."
	}
	return un, re
}

// noticeAfter queues what the seat at the screen must see before the
// hand-off after an action that caused evs: the house card it drew, and
// the result of a combat that ended. wasCombat says a combat was running
// before the action.
func (u *Table) noticeAfter(evs []rules.Event, wasCombat bool) {
	u.rollNotice(evs)
	started := false
	for _, e := range evs {
		switch e.Kind {
		case rules.EvCombatStarted:
			started = true
		case rules.EvCardDrawnPrivate:
			if e.Seat == u.pos.shown && u.pos.shown >= 0 {
				n := notice{kind: noticeDrawn, seat: e.Seat, text: u.pos.eng.EventText(e, e.Seat), card: e.Card}
				u.notices = append(u.notices, n)
			}
		case rules.EvUncoveredPrivate, rules.EvWingDrawnPrivate:
			if e.Seat == u.pos.shown && u.pos.shown >= 0 {
				n := notice{kind: noticeSecret, seat: e.Seat, text: u.pos.eng.EventText(e, e.Seat), card: board.NoCard, house: e.House}
				if e.Kind == rules.EvWingDrawnPrivate {
					n.wing, n.house = rules.Wing(e.N), board.NoHouse
				}
				u.notices = append(u.notices, n)
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
	u.notices = append(u.notices, notice{kind: noticeResult, seat: rules.Public, card: board.NoCard, combat: cv, lines: combatEndLines(u.pos.eng.View(rules.Public).Log)})
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

// movePreview is the combat the move being set up would start (nil when
// it starts none or is not complete), cached per move and game length.
func (u *Table) movePreview() *rules.CombatView {
	if u.mv.from < 0 || u.mv.to < 0 || u.past != nil {
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

// pastBanner marks the table shown from the past, with a way back.
func (u *Table) pastBanner(r ui.Rect) []ui.Widget {
	if u.past == nil {
		return nil
	}
	// A frame round the whole window and a banner over the top bar: this
	// is not the game as it stands.
	c := ui.Canvas(u.portrait)
	bh := math.Max(34, u.tap) // a finger's on a phone
	ws := []ui.Widget{{R: c.Inset(1), Kind: ui.WPanel, Edge: ui.ColWarn}, {R: r, Kind: ui.WPanel, Fill: ui.ColWarn, Edge: ui.ColGold}}
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 14, Y: r.Y + (r.H-26)/2, W: r.W - 200, H: 26}, Kind: ui.WText,
		Text: pastLabel(u.past.n), Size: 20, Bold: true, Ink: ui.ColText})
	b := ui.Button(ui.Rect{X: r.X + r.W - 178, Y: r.Y + (r.H-bh)/2, W: 168, H: bh}, "Return", ui.CmdTarget(ui.Command{Kind: ui.CmdPresent}))
	b.Fill, b.Key, b.Tip = ui.ColOK, ui.KeyEsc, "Back to the table as it stands."
	return append(ws, b)
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
