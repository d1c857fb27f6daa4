package rules

import (
	"bytes"
	"strings"
	"testing"
)

// TestNameActionNamesTheSeat: a name action gives a seat's player a new
// name at any time — not that seat's turn, no decision — shown once in
// the public log with the name it gave; views and later words use it; it
// is no legal decision and no desk may take it; undo stops at it; and it
// reads back from its record line, quoted when plain text would not.
func TestNameActionNamesTheSeat(t *testing.T) {
	g := newGame(t, 3, 11)
	toAct := g.ToAct()
	other := (toAct + 1) % 3
	lines := act(t, g, g.m.Conspiracies[other]+" name Zoë Quill")
	if len(lines) != 1 || lines[0].Seat != Public || lines[0].Event != "named" ||
		lines[0].Text != g.seatName(other)+" is played by Zoë Quill." {
		t.Fatalf("the name's log: %+v", lines)
	}
	if g.ToAct() != toAct {
		t.Fatalf("naming a seat moved the turn from %d to %d", toAct, g.ToAct())
	}
	if got := g.View(Public).Players[other].Name; got != "Zoë Quill" {
		t.Fatalf("the public view names seat %d %q", other, got)
	}
	for _, a := range g.Legal() {
		if a.Verb == VName {
			t.Fatalf("Legal lists %v", a)
		}
	}
	if err := DeskOf(g, EverySeat(g)...).MayAct(Action{Seat: other, Verb: VName, Name: "Mallory"}); err != ErrNotADecision {
		t.Fatalf("a desk may name a seat: %v", err)
	}
	// A second name: the first line keeps the name it gave.
	act(t, g, g.m.Conspiracies[other]+` name "\"Q\" Ruiz"`)
	log := g.View(Public).Log
	var named []string
	for _, l := range log {
		if l.Event == "named" {
			named = append(named, l.Text)
		}
	}
	if len(named) != 2 || !strings.HasSuffix(named[0], "by Zoë Quill.") || !strings.HasSuffix(named[1], `by "Q" Ruiz.`) {
		t.Fatalf("the log's names: %q", named)
	}
	if err := g.CanUndo(); err == nil || !strings.Contains(err.Error(), `has been played by "Q" Ruiz since`) {
		t.Fatalf("undo across a name: %v", err)
	}
	// Refusals: the same name, a name that is no player's, spaces that a
	// record line would not keep.
	wantErr(t, refuse(t, g, g.m.Conspiracies[other]+` name "\"Q\" Ruiz"`), `already played by "Q" Ruiz`)
	for _, bad := range []string{"Ann\u200bie", strings.Repeat("x", MaxNameRunes+1)} {
		if _, err := g.Apply(Action{Seat: other, Verb: VName, Name: bad}); err == nil {
			t.Fatalf("the name %q was taken", bad)
		}
	}
	if _, err := g.Apply(Action{Seat: other, Verb: VName, Name: "Two  Spaces"}); err == nil {
		t.Fatal("a name with two spaces in a row was taken: its record line would read back otherwise")
	}
	// The record replays the names, byte for byte the same game.
	var buf bytes.Buffer
	if err := RecordOf(g).Write(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "name \"\\\"Q\\\" Ruiz\"\n") {
		t.Fatalf("the record's name line:\n%s", buf.String())
	}
	r, err := ParseRecord(&buf)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := Replay(g.m, r)
	if err != nil {
		t.Fatal(err)
	}
	if same, diff := sameState(back, g); !same {
		t.Fatalf("the replayed game differs: %s", diff)
	}
}
