// Package rendertest runs the drawing tests of packages render and app
// inside Ebitengine's loop, on a display (under xvfb-run when there is
// none), and compares and keeps their pictures. It is for tests only.
package rendertest

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// xvfbEnv marks a test binary already re-run under xvfb-run.
const xvfbEnv = "NTK_RENDER_XVFB"

// haveDisplay is set by Main when the tests run inside Ebitengine's loop
// (so images can be drawn and read back).
var haveDisplay bool

// Main runs a package's tests (a TestMain calls it) on their own
// goroutine inside ebiten.RunGame's loop, which holds a frame open while
// they run (testLoop.Update): Ebitengine's image calls are goroutine-safe,
// and its frames still end, as in the app. Without a DISPLAY it re-runs
// the test binary under xvfb-run when available; otherwise it fails under
// CI and skips the display tests elsewhere (what needs no display still
// runs).
func Main(m *testing.M, name string) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		if os.Getenv(xvfbEnv) == "" {
			if xr, err := exec.LookPath("xvfb-run"); err == nil {
				args := append([]string{"-a", "-s", "-screen 0 1920x1080x24", os.Args[0]}, os.Args[1:]...)
				cmd := exec.Command(xr, args...)
				cmd.Env = append(os.Environ(), xvfbEnv+"=1")
				cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
				if err := cmd.Run(); err != nil {
					if ee, ok := err.(*exec.ExitError); ok {
						os.Exit(ee.ExitCode())
					}
					fmt.Fprintf(os.Stderr, "%s tests: running under xvfb-run: %v\n", name, err)
					os.Exit(1)
				}
				os.Exit(0)
			}
		}
		if os.Getenv("CI") != "" {
			fmt.Fprintf(os.Stderr, "%s tests: no DISPLAY and no xvfb-run on PATH; the rendering tests need one (apt-get install xvfb)\n", name)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "%s tests: no DISPLAY and no xvfb-run: skipping the rendering tests\n", name)
		os.Exit(m.Run())
	}
	haveDisplay = true
	// Frames end as fast as they can when the loop lets one end: no wait
	// for the display, one Update a frame.
	ebiten.SetVsyncEnabled(false)
	ebiten.SetTPS(ebiten.SyncWithFPS)
	g := &testLoop{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintf(os.Stderr, "%s tests: ebiten.RunGame: %v\n", name, err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

type testLoop struct {
	m       *testing.M
	code    int
	started bool
	done    chan struct{}
	ended   chan struct{} // closed at the first Update after the frame endFrame ended
}

// frameEnds carries endFrame's requests to the loop.
var frameEnds = make(chan chan struct{})

// frameAtMost is how long the loop stays in one frame at most, whether
// or not a test asks for its end.
const frameAtMost = 100 * time.Millisecond

// Update starts the tests on their own goroutine at the first tick, then
// holds the loop inside Update — inside a frame — while they run, until a
// test asks for the frame to end (endFrame, as every display test does
// when it ends), frameAtMost has passed, or the tests are done. So the
// tests draw and read pixels inside a frame, as the app's Draw does: a
// read is done at once instead of waiting for the next frame, and no
// flush of a frame's end competes with the test for Ebitengine's locks.
// (The tests ran while the loop ticked at 60 Hz: a third of the app's
// test time went in waiting for a frame.) Frames still end, so what a
// frame keeps until its end (the uniform buffer of the draw commands,
// images let go) is freed as the tests go, not once after all of them;
// and a read that missed a frame (a test's own goroutine) waits for the
// next one at most frameAtMost.
func (g *testLoop) Update() error {
	if !g.started {
		g.started, g.done = true, make(chan struct{})
		go func() {
			g.code = g.m.Run()
			close(g.done)
		}()
	}
	if g.ended != nil {
		close(g.ended)
		g.ended = nil
	}
	t := time.NewTimer(frameAtMost)
	defer t.Stop()
	select {
	case <-g.done:
		return ebiten.Termination
	case g.ended = <-frameEnds:
	case <-t.C:
	}
	return nil
}

func (*testLoop) Draw(*ebiten.Image)         {}
func (*testLoop) Layout(int, int) (int, int) { return 320, 240 }

// endFrame lets Ebitengine end the frame the tests run in and begin the
// next: what the frame kept (draw commands' buffers, textures let go) is
// freed. It returns when the loop is back inside a frame.
func endFrame() {
	if !haveDisplay {
		return
	}
	ended := make(chan struct{})
	frameEnds <- ended
	<-ended
}

// HaveDisplay reports whether images can be drawn and read back.
func HaveDisplay() bool { return haveDisplay }

// Releaser is what keeps textures: a painter, an app.
type Releaser interface{ Release() }

// live are the releasers made since the last release (Track), under
// liveMu: tests without a display may run in parallel (t.Parallel).
var (
	liveMu sync.Mutex
	live   []Releaser
)

// drawing is held by the test that draws (NeedDisplay) until it ends.
var drawing sync.Mutex

// Track keeps r to be released when the test that made it ends (one that
// called NeedDisplay): its textures go then, not when a collection finds
// them, so the next test starts with the memory of none.
func Track(r Releaser) {
	liveMu.Lock()
	defer liveMu.Unlock()
	live = append(live, r)
}

// NeedDisplay skips a test without a display; with one, it waits until
// no other test draws, and when the test ends the textures of what was
// made since the last release (Track) are released. So the tests that
// draw may be parallel (t.Parallel): they draw one at a time (pictures
// compared pixel for pixel between two apps see no other test's
// drawing), beside the tests that draw nothing, whose apps hold no
// textures to release.
func NeedDisplay(t testing.TB) {
	t.Helper()
	if !haveDisplay {
		t.Skip("no display: rendering test skipped")
	}
	drawing.Lock()
	t.Cleanup(func() {
		defer drawing.Unlock()
		liveMu.Lock()
		rs := live
		live = nil
		liveMu.Unlock()
		for _, r := range rs {
			r.Release()
		}
		endFrame() // free them now
	})
}

// Snapshot reads an offscreen image back into memory.
func Snapshot(img *ebiten.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	return out
}

// SaveShot writes the image to $NTK_SHOTS/name.png when NTK_SHOTS is set
// (for looking at the screens by eye).
func SaveShot(t testing.TB, name string, img *image.RGBA) {
	dir := os.Getenv("NTK_SHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Log(err)
		return
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Log(err)
	}
}

// Changed reports whether two RGBA pixels differ beyond rounding.
func Changed(p, q []byte) bool {
	for k := range p {
		if d := int(p[k]) - int(q[k]); d > 2 || d < -2 {
			return true
		}
	}
	return false
}

// SamePicture is nil when two pictures (RGBA bytes) agree but for
// rounding: text drawn twice can differ by a rounding step where a glyph
// sits elsewhere in Ebitengine's glyph cache, and software GL rounds.
func SamePicture(a, b []byte) error {
	if len(a) != len(b) {
		return fmt.Errorf("sizes differ")
	}
	n := 0
	for i := 0; i < len(a); i += 4 {
		if Changed(a[i:i+4], b[i:i+4]) {
			n++
		}
	}
	if n > 0 {
		return fmt.Errorf("%d pixels differ", n)
	}
	return nil
}

// DiffBox is the bounding box of the pixels where two pictures w pixels
// wide differ.
func DiffBox(a, b []byte, w int) image.Rectangle {
	var r image.Rectangle
	for i := 0; i+3 < len(a); i += 4 {
		if a[i] != b[i] || a[i+1] != b[i+1] || a[i+2] != b[i+2] {
			p := image.Pt((i/4)%w, (i/4)/w)
			r = r.Union(image.Rectangle{p, p.Add(image.Pt(1, 1))})
		}
	}
	return r
}

// Differs reports whether two pictures of the same size differ anywhere.
func Differs(a, b *image.RGBA) bool {
	if a.Bounds() != b.Bounds() {
		return true
	}
	for i := range a.Pix {
		if a.Pix[i] != b.Pix[i] {
			return true
		}
	}
	return false
}
