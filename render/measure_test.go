package render

import (
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"notrueking/internal/tabletest"
	"notrueking/placer"
	"notrueking/rules"
	"notrueking/ui"
)

// measureSamples are strings the screens draw: log lines, names, labels,
// with the punctuation and symbols the window uses.
var measureSamples = []string{
	"", "A", "Winterfell", "The Shivering Sea", "Port of Winterfell",
	"Ben (Torch) placed an agent on Stark Maester.",
	"Round 3 of 4 · first: Alice",
	"Viewing the table after action 12 — Esc returns",
	"House Lannister's 2 footmen and 1 knight moved from Karhold to Winterfell; a combat starts.",
	"Cannot undo: Ben drew a house card — a player has seen hidden information since.",
	"Swap Stark and Lannister, reveal Stark", "Footman → knight", "… and 3 more",
	"1st–2nd", "?6", "Eddard Stark  +4  2 swords", "Tester's game — seed 1234567890",
	"WAVAWAVA ffi fl Tý", "iiiiiiiiiiiiiiiiiiii", "MMMMMMMMMM",
	"two\nlines", "Castle\nBlack",
}

// TestMeasureMatchesPainter: the plain measuring of package ui gives the
// painter's widths (Ebitengine's text/v2, the fonts the painter loads) to
// within a pixel, at every size and weight the screens use, for the
// samples above and a real game's log lines and names; heights of
// multi-line text too. (Measured: they agree exactly.)
func TestMeasureMatchesPainter(t *testing.T) {
	p, err := NewPainter()
	if err != nil {
		t.Fatal(err)
	}
	// And the words of a real game: its log, its map's names.
	samples := append([]string(nil), measureSamples...)
	for _, mapName := range []string{"standard", "nine"} {
		g, err := tabletest.RulesGame(mapName, []string{"Ann", "Ben", "Cy"}, 5)
		if err != nil {
			t.Fatal(err)
		}
		tabletest.PlayUntil(t, g, g, 5, func() bool { return g.Len() > 120 })
		for i, l := range g.View(rules.Public).Log {
			if i%3 == 0 {
				samples = append(samples, l.Text)
			}
		}
		for _, tr := range g.Map().Territories {
			samples = append(samples, tr.Name, placer.WrapName(tr.Name))
		}
	}
	worst := 0.0
	for _, s := range samples {
		for _, size := range []float64{7, 12, 12.5, 13, 15, 16, 17, 18, 19.5, 22, 24, 26, 34, 48} {
			for _, bold := range []bool{false, true} {
				f := &text.GoTextFace{Source: p.regular, Size: size}
				if bold {
					f.Source = p.bold
				}
				ww, wh := text.Measure(s, f, size*1.2)
				gw, gh := ui.Measure(s, size, bold, size*1.2)
				d := math.Max(math.Abs(ww-gw), math.Abs(wh-gh))
				worst = math.Max(worst, d)
				if d >= 1 {
					t.Errorf("%q at %g (bold %v): painter %.3f×%.3f, ui %.3f×%.3f", s, size, bold, ww, wh, gw, gh)
				}
				if !bold && !containsNewline(s) {
					if tw := ui.TextWidth(s, size); math.Abs(tw-ww) >= 1 {
						t.Errorf("TextWidth(%q, %g) = %.3f, painter %.3f", s, size, tw, ww)
					}
				}
			}
		}
	}
	t.Logf("largest difference: %.4f px", worst)
}

func containsNewline(s string) bool {
	for _, r := range s {
		if r == '\n' {
			return true
		}
	}
	return false
}
