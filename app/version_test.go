package app

import (
	"testing"

	"notrueking/internal/version"
	"notrueking/ui"
)

// TestStartScreenShowsVersion: the start screen's bottom-right corner
// shows the build's stamp, small and dim, clear of the panels.
func TestStartScreenShowsVersion(t *testing.T) {
	s := newStartScene(Options{})
	want := version.Get().Short()
	for _, w := range s.widgets() {
		if w.Kind != ui.WText || w.Text != want {
			continue
		}
		if w.R.X+w.R.W < ui.BaseW-40 || w.R.Y < ui.BaseH-40 || w.R.Y+w.R.H > ui.BaseH || w.Size > 14 || w.Ink != ui.ColDim {
			t.Errorf("the stamp %q is at %+v, size %v: want it small and dim in the bottom-right corner", want, w.R, w.Size)
		}
		return
	}
	t.Errorf("the start screen does not show the build's stamp %q", want)
}
