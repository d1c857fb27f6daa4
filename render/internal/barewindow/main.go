// Command barewindow is the yardstick of docs/perf/measure.sh: a bare
// Ebitengine window of the app's default size that fills its screen once
// and then draws nothing, so the app's first frame, memory and idle cost
// can be compared with what Ebitengine itself costs on the same machine.
package main

import (
	"fmt"
	"image/color"
	"os"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

type bare struct{ drawn bool }

func (b *bare) Update() error { return nil }

func (b *bare) Draw(screen *ebiten.Image) {
	if b.drawn {
		return
	}
	screen.Fill(color.RGBA{30, 32, 40, 255})
	b.drawn = true
	if os.Getenv("NTK_TRACE_FIRST_FRAME") != "" {
		fmt.Fprintf(os.Stderr, "first-frame %d\n", time.Now().UnixNano())
	}
}

func (b *bare) Layout(w, h int) (int, int) { return w, h }

func main() {
	ebiten.SetWindowSize(1600, 900)
	ebiten.SetWindowTitle("bare window")
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(&bare{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
