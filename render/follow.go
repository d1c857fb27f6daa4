package render

import (
	"fmt"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/words"
)

// follow is what the table keeps for following the game: the log panel,
// the table shown as it stood after an earlier action (read-only), the
// notices the seat at the screen must dismiss before the hand-off (a drawn
// house card, a combat's result), and the combat preview of the move being
// set up.
type follow struct {
	log logPanel
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
)

// notice is a card over the table that stays until it is dismissed.
type notice struct {
	kind noticeKind
	seat int // the seat it is for (rules.Public: anyone at the screen)
	// text is the engine's words ("You drew …"); for a scenario, its
	// file's name.
	text string
	card board.Card
	// combat is the decided combat and lines the log's words of its end
	// (winner, casualties, retreat, occupation); for a scenario, lines are
	// its comment's.
	combat *rules.CombatView
	lines  []string
}

// undoer is an actor that can take actions back: the autosave session
// (which saves the shorter game) or a rules game played without saves.
type undoer interface {
	Undo() error
	Redo() ([]rules.Event, error)
}

// previewer and resulter are read-only abilities of a rules game that a
// scripted engine need not have.
type previewer interface {
	PreviewCombat(rules.Action) (*rules.CombatView, error)
}

type resulter interface {
	CombatResult(n int) (*rules.CombatView, error)
}

// logSeat is whose log the panel shows: the seat shown after the curtain
// (its private lines too), else the public log.
func (u *tableUI) logSeat() int {
	if u.shown >= 0 {
		return u.shown
	}
	return rules.Public
}

// followRefresh runs at the end of refresh: it keeps the present's log and,
// while the past is shown, puts the past's views on the table with no
// legal action.
func (u *tableUI) followRefresh() {
	u.present = u.pub.Log
	if u.shown >= 0 {
		u.present = u.priv.Log
	}
	if p := u.past; p != nil {
		u.pub, u.priv, u.legal = p.pub, p.priv, nil
	}
}

// showPast shows the table as it stood after n actions (n = the game's
// length returns to the present). It reads the engine's history (At) and
// changes nothing.
func (u *tableUI) showPast(n int) {
	if n >= u.eng.Len() {
		u.leavePast()
		return
	}
	g, err := u.eng.At(n)
	if err != nil {
		u.setMsg(err.Error(), true)
		return
	}
	seat := u.logSeat()
	p := &pastTable{n: n, pub: g.View(rules.Public)}
	p.priv = p.pub
	if seat >= 0 {
		p.priv = g.View(seat)
	}
	u.resetLocal()
	u.past = p
	u.setMsg(pastLabel(n), false)
	u.refresh()
}

// leavePast returns the table to the present.
func (u *tableUI) leavePast() {
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
func (u *tableUI) followClick(Target) bool {
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
func (u *tableUI) followCommand(c Command) bool {
	if len(u.notices) > 0 {
		if c.Kind == CmdDismiss || c.Kind == CmdCancel {
			u.notices = u.notices[1:]
		}
		return true
	}
	switch c.Kind {
	case CmdLogEntry:
		u.showPast(c.N)
		return true
	case CmdLogScroll:
		u.log.scroll(c.N)
		return true
	case CmdPresent:
		u.leavePast()
		return true
	case CmdUndo:
		u.undo()
		return true
	case CmdRedo:
		u.redo()
		return true
	case CmdCancel:
		if u.past != nil {
			u.leavePast()
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
func (u *tableUI) holding() bool { return len(u.notices) > 0 }

// lastActionText is the public words of the last action's events.
func (u *tableUI) lastActionText() string {
	n := u.eng.Len()
	var parts []string
	for _, l := range u.eng.View(rules.Public).Log {
		if l.Action == n-1 {
			parts = append(parts, l.Text)
		}
	}
	return strings.Join(parts, " ")
}

// undo takes the last action back through the actor (the session saves
// the shorter game), or shows the engine's reason why not.
func (u *tableUI) undo() bool {
	if u.past != nil || len(u.notices) > 0 {
		return false
	}
	if err := u.eng.CanUndo(); err != nil {
		u.setMsg(undoRefusal(err), true)
		return false
	}
	un, ok := u.act.(undoer)
	if !ok {
		u.setMsg("This game cannot take actions back.", true)
		return false
	}
	what := u.lastActionText()
	if err := un.Undo(); err != nil {
		u.setMsg(undoRefusal(err), true)
		return false
	}
	u.resetLocal()
	u.log.toNewest()
	u.log.forget() // the history changed under the wrapped rows
	u.refresh()
	u.setMsg("Taken back: "+what, false)
	return true
}

// redo applies again the action last undone.
func (u *tableUI) redo() bool {
	if u.past != nil || len(u.notices) > 0 {
		return false
	}
	un, ok := u.act.(undoer)
	if !ok || !u.eng.CanRedo() {
		u.setMsg("Nothing to redo.", true)
		return false
	}
	if _, err := un.Redo(); err != nil {
		u.setMsg(err.Error(), true)
		u.refresh()
		return false
	}
	u.resetLocal()
	u.log.toNewest()
	u.log.forget() // the history changed under the wrapped rows
	u.refresh()
	u.setMsg("Redone: "+u.lastActionText(), false)
	return true
}

// undoWidgets are the Undo and Redo buttons of the top bar (keys Ctrl+Z
// and Ctrl+Y). A refused undo stays clickable, greyed: a click (or the
// key) puts the engine's reason on the refusal line.
func (u *tableUI) undoWidgets(ru, rr Rect) (Widget, Widget) {
	un := button(ru, "Undo", cmdTarget(Command{Kind: CmdUndo}))
	re := button(rr, "Redo", cmdTarget(Command{Kind: CmdRedo}))
	un.Key, re.Key = "Ctrl+Z", "Ctrl+Y"
	un.Tip, re.Tip = "Take back the last action.", "Do again the action taken back."
	if err := u.eng.CanUndo(); err != nil || u.past != nil {
		un.Fill, un.Ink = colPanelHi, colDim
		if err != nil {
			un.Tip = "Take back the last action. Not now: " + err.Error()
		}
	}
	if !u.eng.CanRedo() || u.past != nil {
		re.Fill, re.Ink = colPanelHi, colDim
		re.Tip = "Do again the action taken back (none is)."
	}
	return un, re
}

// noticeAfter queues what the seat at the screen must see before the
// hand-off after an action that caused evs: the house card it drew, and
// the result of a combat that ended. wasCombat says a combat was running
// before the action.
func (u *tableUI) noticeAfter(evs []rules.Event, wasCombat bool) {
	started := false
	for _, e := range evs {
		switch e.Kind {
		case rules.EvCombatStarted:
			started = true
		case rules.EvCardDrawnPrivate:
			if e.Seat == u.shown && u.shown >= 0 {
				n := notice{kind: noticeDrawn, seat: e.Seat, text: u.eng.EventText(e, e.Seat), card: board.Card{ID: e.Card, Name: e.Card}}
				if i, ok := u.m.Card(e.Card); ok {
					n.card = u.m.CardAt(i)
				}
				u.notices = append(u.notices, n)
			}
		}
	}
	if !started && !wasCombat {
		return
	}
	r, ok := u.eng.(resulter)
	if !ok {
		return
	}
	cv, err := r.CombatResult(u.eng.Len())
	if err != nil || cv == nil {
		return
	}
	u.notices = append(u.notices, notice{kind: noticeResult, seat: rules.Public, combat: cv, lines: combatEndLines(u.eng.View(rules.Public).Log)})
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
func (u *tableUI) movePreview() *rules.CombatView {
	if u.moveFrom < 0 || u.moveTo < 0 || u.past != nil {
		return nil
	}
	a := rules.Action{Seat: u.shown, Verb: rules.VMove, From: u.moveFrom, To: u.moveTo, Units: u.moveUnits, House: rules.None}
	n := u.eng.Len()
	if p := u.preview; p.ok && p.n == n && p.a == a {
		return p.cv
	}
	var cv *rules.CombatView
	if pv, ok := u.eng.(previewer); ok {
		cv, _ = pv.PreviewCombat(a)
	}
	u.preview = preview{n: n, a: a, cv: cv, ok: true}
	return cv
}

// attacks reports whether move a would start a combat.
func (u *tableUI) attacks(a rules.Action) bool {
	pv, ok := u.eng.(previewer)
	if !ok {
		return false
	}
	cv, err := pv.PreviewCombat(a)
	return err == nil && cv != nil
}

// pastBanner marks the table shown from the past, with a way back.
func (u *tableUI) pastBanner(r Rect) []Widget {
	if u.past == nil {
		return nil
	}
	// A frame round the whole window and a banner over the top bar: this
	// is not the game as it stands.
	ws := []Widget{{R: Rect{1, 1, BaseW - 2, BaseH - 2}, Kind: WPanel, Edge: colWarn}, {R: r, Kind: WPanel, Fill: colWarn, Edge: colGold}}
	ws = append(ws, Widget{R: Rect{r.X + 14, r.Y + (r.H-26)/2, r.W - 200, 26}, Kind: WText,
		Text: pastLabel(u.past.n), Size: 20, Bold: true, Ink: colText})
	b := button(Rect{r.X + r.W - 178, r.Y + (r.H-34)/2, 168, 34}, "Return", cmdTarget(Command{Kind: CmdPresent}))
	b.Fill, b.Key, b.Tip = colOK, "Esc", "Back to the table as it stands."
	return append(ws, b)
}

// seatWords is "Torch (Ben)", as the curtain names a seat.
func (u *tableUI) seatWords(s int) string {
	if s < 0 || s >= len(u.seats) {
		return "everyone"
	}
	return fmt.Sprintf("%s (%s)", words.Title(u.seats[s]), u.seatName(s))
}

// undoRefusal is the engine's reason for refusing an undo as the refusal
// line shows it: what revealed hidden information first (the line may be
// cut at its end on a small window), then why that stops undo.
func undoRefusal(err error) string {
	const since = "cannot undo: hidden information has reached a player since: "
	if what, ok := strings.CutPrefix(err.Error(), since); ok {
		return "Cannot undo: " + strings.TrimSuffix(what, ".") + " — a player has seen hidden information since."
	}
	return sentence(err.Error())
}

// sentence starts s with a capital letter, as the refusal line shows the
// engine's words.
func sentence(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
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
