package table

import (
	"slices"
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestNineSlotsNameTheirAgentOnOneLine: at nine houses a slot is too short
// for two lines, so an occupied slot shows its agent's owner alone.
func TestNineSlotsNameTheirAgentOnOneLine(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}
	e, err := tabletest.RulesGame("nine", names, 3)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlayUntil(t, e, e, 3, func() bool { return e.View(rules.Public).Phase == rules.PhaseResolve })
	u := New(rules.HotSeat(e), Options{Seed: 3})
	u.Reveal(e.ToAct())
	l := NewLayout(e.Map().Grid.W, e.Map().Grid.H, len(names), 0)
	occupied := 0
	for _, w := range u.panels.table(l) {
		if w.T.Kind != ui.TSlot {
			continue
		}
		if strings.Contains(w.Text, "\n") {
			t.Errorf("slot %s %s reads %q: two lines in a nine-house row", u.pos.m.Houses[w.T.House].ID, w.T.Slot, w.Text)
		}
		if slices.Contains(names, w.Text) {
			occupied++
		}
	}
	if occupied != 27 {
		t.Fatalf("%d slots name their agent's owner, want all 27", occupied)
	}
}
