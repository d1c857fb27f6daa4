package rules_test

import (
	"bytes"
	"fmt"
	"testing"

	"notrueking/rules"
)

// TestLogGolden replays the four-player example and compares the whole log
// as the game-over view words it (action index, seat, kind, text; private
// events in their seat's words) with testdata/four-players.log.txt, so no
// sentence of the log changes unnoticed.
func TestLogGolden(t *testing.T) {
	m := mustStandard(t)
	rec, _ := exampleRecord(t, "four-players.ntk")
	g, events, err := rules.Replay(m, rec)
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(rules.Public)
	if !g.Over() || len(v.Log) != len(events) {
		t.Fatalf("over %v; the view shows %d lines of %d events", g.Over(), len(v.Log), len(events))
	}
	var out bytes.Buffer
	for i, l := range v.Log {
		if want := g.EventText(events[i], events[i].Seat); l.Text != want {
			t.Fatalf("line %d reads %q, EventText for its seat %q", i, l.Text, want)
		}
		fmt.Fprintf(&out, "%d\t%d\t%s\t%s\n", l.Action, l.Seat, l.Kind, l.Text)
	}
	checkGolden(t, "four-players.log.txt", out.Bytes(), "TestLogGolden")
}
