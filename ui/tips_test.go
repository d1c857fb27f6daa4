package ui

import (
	"strings"
	"testing"
)

// TestHelpFitsItsPanel: every text of the help overlay lies inside its
// panel, the keys' rows apart, for every scene's list of keys (the list
// grows with every tool; it once ran off the panel's foot).
func TestHelpFitsItsPanel(t *testing.T) {
	for sc := HelpScene(1); sc <= InSpectator; sc <<= 1 {
		ws := HelpWidgets(HelpKeys(sc))
		panel := ws[1].R
		var rows []Rect
		for _, w := range ws[2:] {
			if w.Kind != WText {
				continue
			}
			lines := float64(strings.Count(w.Text, "\n") + 1)
			bottom := w.R.Y + lines*w.Size*1.15
			if w.R.X < panel.X || w.R.X+w.R.W > panel.X+panel.W || w.R.Y < panel.Y || bottom > panel.Y+panel.H {
				t.Errorf("keys %d: %q (%v, %v lines) runs off the help panel %v", sc, w.Text, w.R, lines, panel)
			}
			if w.R.X == panel.X+34+helpKeyW {
				rows = append(rows, Rect{X: w.R.X, Y: w.R.Y, W: w.R.W, H: lines * w.Size * 1.15})
			}
		}
		for i := 1; i < len(rows); i++ {
			if rows[i].Y < rows[i-1].Y+rows[i-1].H {
				t.Errorf("keys %d: key rows %d and %d overlap", sc, i-1, i)
			}
		}
	}
}
