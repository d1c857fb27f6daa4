package render

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/table"
)

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	return time.Duration(processCPU())
}

// drawTime is the CPU time of the calling thread (drawCPU).
func drawTime() time.Duration {
	return time.Duration(drawCPU())
}

// BenchmarkDrawTable is one full repaint of a four-player standard table
// at 1920×1080, mid-game, the curtain lifted: the scene as Draw paints it
// after a state change, the tooltip layer on top. It reports the process's
// CPU time per repaint: draw-cpu-ms/op for the Draw calls (building the
// GPU commands: what the repaint's 2 ms budget is for), frame-cpu-ms/op with
// the commands run at the frame's end too (under Xvfb the GPU is llvmpipe,
// so that is CPU as well; the whole process's). Wall time is noise on a
// shared machine. The Draw calls' CPU is the benchmark's thread's
// (drawCPU), as the test loop ticks beside it.
func BenchmarkDrawTable(b *testing.B) {
	if !haveDisplay() {
		b.Skip("no display")
	}
	e, err := tabletest.RulesGame("standard", []string{"Alice", "Bob", "Carol", "Dave"}, 3)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 120 && !e.Over(); i++ {
		l := e.Legal()
		if _, err := e.Apply(l[(i*7)%len(l)]); err != nil {
			b.Fatal(err)
		}
	}
	p, u := newPainter(b), tableOf(rules.HotSeat(e))
	f := tableFrame(u)
	if e.View(rules.Public).Round == 0 {
		b.Fatal("no game")
	}
	img := ebiten.NewImage(1920, 1080)
	defer img.Deallocate()
	p.DrawScene(img, &f, -1) // the board's raster is built once, as in the app
	rendertest.Snapshot(img)
	defer lockDrawThread()()
	b.ResetTimer()
	var draw, frame time.Duration
	for i := 0; i < b.N; i++ {
		c0, t0 := cpuTime(), drawTime()
		p.DrawScene(img, &f, -1)
		p.DrawHover(img, f.Widgets, -1, nil)
		t1 := drawTime()
		b.StopTimer()
		img.At(0, 0) // the frame's end: the queued commands run (llvmpipe under Xvfb)
		c2 := cpuTime()
		b.StartTimer()
		draw += t1 - t0
		frame += c2 - c0
	}
	b.StopTimer()
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(b.N) }
	b.ReportMetric(ms(draw), "draw-cpu-ms/op")
	b.ReportMetric(ms(frame), "frame-cpu-ms/op")
	rendertest.Snapshot(img)
}

// BenchmarkDrawTableAfterAction is the repaint after each action of a
// four-player standard game (the seat to act shown): the widgets rebuilt
// and the changed parts drawn again, what did not change from the caches.
func BenchmarkDrawTableAfterAction(b *testing.B) {
	if !haveDisplay() {
		b.Skip("no display")
	}
	newGame := func() (*rules.Game, *table.Table) {
		e, err := tabletest.RulesGame("standard", []string{"Alice", "Bob", "Carol", "Dave"}, 3)
		if err != nil {
			b.Fatal(err)
		}
		return e, tableOf(rules.HotSeat(e))
	}
	p := newPainter(b)
	e, u := newGame()
	img := ebiten.NewImage(1920, 1080)
	defer img.Deallocate()
	f := tableFrame(u)
	p.DrawScene(img, &f, -1)
	rendertest.Snapshot(img)
	var draw, frame time.Duration
	defer lockDrawThread()()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if e.Over() {
			e, u = newGame()
		}
		l := e.Legal()
		if _, err := e.Apply(l[(i*7)%len(l)]); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		c0, t0 := cpuTime(), drawTime()
		u.Reveal(e.ToAct())
		f := tableFrame(u)
		p.DrawScene(img, &f, -1)
		p.DrawHover(img, f.Widgets, -1, nil)
		t1 := drawTime()
		b.StopTimer()
		img.At(0, 0)
		c2 := cpuTime()
		b.StartTimer()
		draw += t1 - t0
		frame += c2 - c0
	}
	b.StopTimer()
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(b.N) }
	b.ReportMetric(ms(draw), "draw-cpu-ms/op")
	b.ReportMetric(ms(frame), "frame-cpu-ms/op")
}
