package placer

import (
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// BenchmarkPlanOverlay plans the fitted board of a 1280×720 window on
// both maps, 120 actions into a game: what the painter does each time
// units come and go.
func BenchmarkPlanOverlay(b *testing.B) {
	for _, mp := range []struct {
		name  string
		seats []string
	}{
		{"standard", []string{"A", "B", "C", "D"}},
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}},
	} {
		b.Run(mp.name, func(b *testing.B) {
			g, err := tabletest.RulesGame(mp.name, mp.seats, 3)
			if err != nil {
				b.Fatal(err)
			}
			tabletest.PlaySome(b, g, g, 120)
			m := g.Map()
			v := ui.NewCamera(m)
			v.SetViewport(fitBoard(m))
			k := v.Geom().Cell * 0.8
			pv := g.View(rules.Public)
			b.ReportAllocs()
			for b.Loop() {
				PlanOverlay(v, 0.8, k, &pv)
			}
		})
	}
}

// BenchmarkPlanLabels places the names of the nine-house map's fitted
// board at a 1280×720 window from nothing: what a new window size costs
// once (PlanOverlay keeps the names for that size).
func BenchmarkPlanLabels(b *testing.B) {
	g, err := tabletest.RulesGame("nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 3)
	if err != nil {
		b.Fatal(err)
	}
	m := g.Map()
	v := ui.NewCamera(m)
	v.SetViewport(fitBoard(m))
	k := v.Geom().Cell * 0.8
	b.ReportAllocs()
	for b.Loop() {
		labelCache.Lock()
		labelCache.plans = nil
		labelCache.Unlock()
		PlanOverlay(v, 0.8, k, nil)
	}
}

// BenchmarkPlanLabelsZoomed is BenchmarkPlanLabels zoomed in 2.5× on the
// middle of the board: each new zoom makes the names' plan again.
func BenchmarkPlanLabelsZoomed(b *testing.B) {
	g, err := tabletest.RulesGame("nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 3)
	if err != nil {
		b.Fatal(err)
	}
	m := g.Map()
	v := ui.NewCamera(m)
	v.SetViewport(fitBoard(m))
	vp := v.Viewport()
	v.ZoomAt(2.5, vp.X+vp.W/2, vp.Y+vp.H/2)
	k := v.Geom().Cell * 0.8
	b.ReportAllocs()
	for b.Loop() {
		labelCache.Lock()
		labelCache.plans = nil
		labelCache.Unlock()
		PlanOverlay(v, 0.8, k, nil)
	}
}
