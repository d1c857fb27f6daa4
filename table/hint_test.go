package table

import (
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// logPanelText is the text of every row of u's log panel as the seat shown
// (or the public) reads it.
func logPanelText(u *Table) string {
	u.log = LogPanel{}
	return strings.Join(rowsText(u.log.logWidgets(ui.Rect{X: 0, Y: 0, W: 2000, H: 34 + 1000*logRowH}, u.past.present, u.pos.logSeat(), -1), logRect), "\n")
}

// TestHintIsNotedInTheLog: the log panel of the player who asked notes
// "… asked for a hint: the move" (docs/bots.md); the public table's and
// another seat's note only that they asked, for the move may give away a
// card in hand or a loyalty card.
func TestHintIsNotedInTheLog(t *testing.T) {
	g, u := undoAt(t, nil)
	seat := g.ToAct()
	u.Reveal(seat)
	legal := g.Legal()
	u.Hints().Show(Hint{Seat: seat, Action: legal[1], Top: []Scored{{legal[1], 2.5}, {legal[0], 1}}})
	move := u.pos.describe(legal[1])
	if s := logPanelText(u); !strings.Contains(s, u.pos.seatName(seat)+" asked for a hint: "+move) {
		t.Fatalf("the asker's log panel does not note the hint %q:\n%s", move, s)
	}
	if msg := u.State().Message; !strings.Contains(msg, "expected score 2.5") {
		t.Fatalf("the hint's message %q names no expected score", msg)
	}
	u.Hide()
	if s := logPanelText(u); !strings.Contains(s, u.pos.seatName(seat)+" asked for a hint.") || strings.Contains(s, move) {
		t.Fatalf("the public log panel does not say just that %s asked:\n%s", u.pos.seatName(seat), s)
	}
	other := (seat + 1) % 3
	u.Reveal(other)
	if s := logPanelText(u); strings.Contains(s, "asked for a hint:") {
		t.Fatalf("seat %d's log panel names seat %d's hinted move:\n%s", other, seat, s)
	}
}

// TestForcedHintSaysSo: with one legal action the hint says so, not an
// expected score of a search that had nothing to weigh.
func TestForcedHintSaysSo(t *testing.T) {
	f := tabletest.New(tabletest.Map())
	done := rules.Action{Seat: 0, Verb: rules.VDone}
	f.Legals = []rules.Action{done}
	u := New(f, Options{})
	u.Reveal(0)
	u.Hints().Show(Hint{Seat: 0, Action: done, Top: []Scored{{done, 0}}})
	if msg := u.State().Message; !strings.Contains(msg, "only one legal action") || strings.Contains(msg, "expected score") {
		t.Fatalf("a forced hint says %q", msg)
	}
}
