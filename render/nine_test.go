package render

import (
	"fmt"
	"os"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/ui"
)

// TestDrawNineTable draws a nine-player game at its start in a 1280×720
// window, and with NTK_SHOTS=DIR (which keeps the pictures to look at) in a
// 1920×1080 one too: the top bar spans the width.
func TestDrawNineTable(t *testing.T) {
	needDisplay(t)
	e, err := tabletest.RulesGame("nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	u := tableOf(e)
	sizes := [][2]int{{1280, 720}}
	if os.Getenv("NTK_SHOTS") != "" {
		// Drawing at full HD costs seconds of software GL: only when the
		// pictures are wanted.
		sizes = append(sizes, [2]int{1920, 1080})
	}
	for _, sz := range sizes {
		img := drawTable(t, u, sz[0], sz[1])
		rendertest.SaveShot(t, fmt.Sprintf("table-nine-%d", sz[0]), img)
		x, y := ui.NewScaler(sz[0], sz[1]).ToScreen(ui.BaseW-4, 20)
		if c := img.RGBAAt(int(x), int(y)); c != ui.ColPanelHi {
			t.Errorf("%v: top bar pixel %v, want %v", sz, c, ui.ColPanelHi)
		}
	}
}
