package table

import (
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
)

// BenchmarkTableWidgetsLate builds the table's widgets (the log panel, the
// Undo/Redo buttons and the rank note included) for a four-player game
// 300 actions in, as every state change does.
func BenchmarkTableWidgetsLate(b *testing.B) {
	g := lateGame(b, 300)
	u := New(rules.HotSeat(g), Options{Seed: 9})
	u.Reveal(g.ToAct())
	l := NewLayout(g.Map().Grid.W, g.Map().Grid.H, 4, len(g.Map().Houses))
	u.panels.table(l)
	b.ReportAllocs()
	for b.Loop() {
		u.panels.table(l)
	}
}

// BenchmarkLogWrapAll wraps a whole late-game log for the panel from
// scratch (the first view of a seat's log; later rebuilds wrap only the
// new lines).
func BenchmarkLogWrapAll(b *testing.B) {
	g := lateGame(b, 300)
	lines := g.View(rules.Public).Log
	b.ReportMetric(float64(len(lines)), "lines")
	for b.Loop() {
		var lp LogPanel
		lp.wrapRows(lines, rules.Public, 588)
	}
}

// BenchmarkCombatResult is what the table pays after an action during a
// combat to find whether it ended (a replay from the last checkpoint,
// up to 255 actions): here 500 actions into a four-player game.
func BenchmarkCombatResult(b *testing.B) {
	g := lateGame(b, 500)
	b.ReportMetric(float64(g.Len()), "actions")
	for b.Loop() {
		if _, err := g.CombatResult(g.Len()); err != nil {
			b.Fatal(err)
		}
	}
}

// lateGame is a four-player standard game (seed 9) after n actions (or at
// its end), each the first legal one.
func lateGame(b *testing.B, n int) *rules.Game {
	b.Helper()
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, 9)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < n && !g.Over(); i++ {
		if _, err := g.Apply(g.Legal()[0]); err != nil {
			b.Fatal(err)
		}
	}
	return g
}
