package table

import (
	"slices"

	"notrueking/board"
	"notrueking/rules"
)

// State is a copy of what the table holds beside the game: the seat
// shown, the message line, the dialogs' contents, the notices waiting,
// the past shown and try mode's pick. It is plain data, for a driver
// that follows the table without reading its widgets (the app's tests, a
// remote client's mirror).
type State struct {
	Shown   rules.Seat
	Message string
	Refusal bool
	// Arrange is the loyalty card being arranged (houses, slot order).
	Arrange []board.HouseID
	// ChooserTitle and Choices are the chooser's (none when closed).
	ChooserTitle string
	Choices      []rules.Action
	// Picking is the Citadel verb whose target the chooser (or a click)
	// picks: study (the aim), uncover, lost-orders, ill-tidings; 0 none.
	Picking rules.Verb
	// The move being set up: from, to (-1 while none) and the counts.
	MoveFrom, MoveTo board.TerrID
	MoveUnits        [board.NumUnits]int
	// MoveHouse is the house the move attacks on a road (NoHouse: none),
	// MoveTargets the houses there it may attack.
	MoveHouse   board.HouseID
	MoveTargets []board.HouseID
	// Notices wait for the seat at the screen, first first.
	Notices []Notice
	// Past is the number of actions of the table shown from the past,
	// -1 for the present.
	Past int
	// Trying says try mode is on; TryFrom and TryHouse are its pick
	// (-1 for none).
	Trying   bool
	TryFrom  board.TerrID
	TryHouse board.HouseID
}

// Notice is a card over the table until it is dismissed: Kind "drawn" (a
// house card drawn, for Seat: Text and Card), "result" (a combat's
// result: Combat, and Lines the log's words of its end), "scenario"
// (Text its file's name, Lines its comment) or "roll" (a roll at the
// Citadel: Text the log's words, Dice highest first, Result, Lines the
// public lines that followed) or "secret" (a Citadel secret learnt, for
// Seat: Text, the private log's words).
type Notice struct {
	Kind   string
	Seat   rules.Seat
	Text   string
	Card   board.CardID
	Combat *rules.CombatView
	Lines  []string
	Dice   []int
	Result int
}

// noticeNames are the notice kinds as State names them.
var noticeNames = [...]string{noticeDrawn: "drawn", noticeResult: "result", noticeScenario: "scenario", noticeRoll: "roll", noticeSecret: "secret"}

// State is a copy of the table's own state (see State).
func (u *Table) State() State {
	s := State{Shown: u.pos.shown, Message: u.msg, Refusal: u.msgErr, Arrange: append([]board.HouseID(nil), u.loyalty.houses...),
		ChooserTitle: u.ch.title, Picking: u.ch.picking, MoveFrom: u.mv.from, MoveTo: u.mv.to, MoveUnits: u.mv.units,
		MoveHouse: u.mv.house, MoveTargets: slices.Clone(u.mv.targets),
		Past: -1, TryFrom: -1, TryHouse: -1}
	for _, c := range u.ch.items {
		s.Choices = append(s.Choices, c.Action)
	}
	for _, n := range u.notices.list {
		s.Notices = append(s.Notices, Notice{Kind: noticeNames[n.kind], Seat: n.seat, Text: n.text, Card: n.card, Combat: n.combat, Lines: n.lines, Dice: n.dice, Result: n.result})
	}
	if u.past.at != nil {
		s.Past = u.past.at.n
	}
	if u.try.on {
		s.Trying, s.TryFrom, s.TryHouse = true, u.try.from, u.try.house
	}
	return s
}

// Private is the view of the seat shown (the public view when none is).
func (u *Table) Private() rules.View { return u.pos.priv }
