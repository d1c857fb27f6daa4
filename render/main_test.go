package render

import (
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// haveDisplay is set by TestMain when the tests run inside Ebitengine's
// loop (so images can be drawn and read back).
var haveDisplay bool

// TestMain runs the tests while ebiten.RunGame's loop ticks (testLoop):
// Ebitengine's image calls are goroutine-safe, and its frames end as in
// the app. Without a DISPLAY it re-runs itself under xvfb-run when available;
// otherwise it fails under CI and skips the display tests elsewhere.
func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		if os.Getenv("NTK_RENDER_XVFB") == "" {
			if xr, err := exec.LookPath("xvfb-run"); err == nil {
				args := append([]string{"-a", "-s", "-screen 0 1920x1080x24", os.Args[0]}, os.Args[1:]...)
				cmd := exec.Command(xr, args...)
				cmd.Env = append(os.Environ(), "NTK_RENDER_XVFB=1")
				cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
				if err := cmd.Run(); err != nil {
					if ee, ok := err.(*exec.ExitError); ok {
						os.Exit(ee.ExitCode())
					}
					fmt.Fprintln(os.Stderr, "render tests: running under xvfb-run:", err)
					os.Exit(1)
				}
				os.Exit(0)
			}
		}
		if os.Getenv("CI") != "" {
			fmt.Fprintln(os.Stderr, "render tests: no DISPLAY and no xvfb-run on PATH; the rendering tests need one (apt-get install xvfb)")
			os.Exit(1)
		}
		fmt.Fprintln(os.Stderr, "render tests: no DISPLAY and no xvfb-run: skipping the rendering tests")
		os.Exit(m.Run())
	}
	haveDisplay = true
	appMade = func(a *App) { liveApps = append(liveApps, a) }
	g := &testLoop{m: m, code: 1}
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(os.Stderr, "render tests: ebiten.RunGame:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

type testLoop struct {
	m       *testing.M
	code    int
	started bool
	done    chan struct{}
}

// Update starts the tests on their own goroutine at the first tick and
// ends the loop when they are done. Meanwhile the loop goes on ticking, so
// Ebitengine ends frames as usual: what a frame keeps until its end (the
// uniform buffer of the draw commands, images let go) is freed while the
// tests run, instead of once after all of them.
func (g *testLoop) Update() error {
	if !g.started {
		g.started, g.done = true, make(chan struct{})
		go func() {
			g.code = g.m.Run()
			close(g.done)
		}()
	}
	select {
	case <-g.done:
		return ebiten.Termination
	default:
		return nil
	}
}

func (*testLoop) Draw(*ebiten.Image)         {}
func (*testLoop) Layout(int, int) (int, int) { return 320, 240 }

func needDisplay(t *testing.T) {
	t.Helper()
	if !haveDisplay {
		t.Skip("no display: rendering test skipped")
	}
	// The textures of the test's apps go when it ends, not when a GC
	// finds them: the next test starts with the memory of none.
	t.Cleanup(releaseApps)
}

// liveApps are the apps made since the last releaseApps (appMade).
var liveApps []*App

// releaseApps deallocates the textures of the apps the tests made so far
// (an image's own GC cleanup waits for a collection and a frame's end).
func releaseApps() {
	for _, a := range liveApps {
		a.release()
	}
	liveApps = nil
}
