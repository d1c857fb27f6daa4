package app

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"notrueking/rules"
)

// TestDriveWindow plays a whole four-player game in a real app window by
// mouse clicks (xdotool), as a tester would, and checks after every action
// that the window's game record (-record) holds exactly the action meant.
// A shadow App, fed the same clicks, knows where each click must go. It is a
// developer tool, not part of `go test ./...`: docs/testing.md says how to
// start the window and this test (NTK_DRIVE names the folder for the
// record and the screenshots it takes at every phase and first use of each
// verb). Without NTK_DRIVE it plays the same game on the shadow alone, which
// checks that a complete game can be clicked through (not with -short:
// the click-through tests do that too).
func TestDriveWindow(t *testing.T) {
	dir := os.Getenv("NTK_DRIVE")
	if dir == "" && testing.Short() {
		t.Skip("-short: the shadow game alone is the click-through tests' work")
	}
	if dir == "" {
		t.Parallel() // the shadow game alone draws nothing (TestMain)
	}
	var ox, oy float64
	fmt.Sscan(os.Getenv("NTK_OX"), &ox)
	fmt.Sscan(os.Getenv("NTK_OY"), &oy)
	seed := uint64(42)
	fmt.Sscan(os.Getenv("NTK_SEED"), &seed)
	// NTK_MAP and NTK_NAMES must match the window's -map and -names;
	// NTK_STEPS > 0 stops after that many actions (a nine-player game is
	// some 1,500 of them).
	mapName, names := "standard", []string{"Alice", "Bob", "Carol", "Dave"}
	if v := os.Getenv("NTK_MAP"); v != "" {
		mapName = v
	}
	if v := os.Getenv("NTK_NAMES"); v != "" {
		names = strings.Split(v, ",")
	}
	maxSteps := 0
	fmt.Sscan(os.Getenv("NTK_STEPS"), &maxSteps)
	e := rulesGame(t, mapName, names, seed)
	a := curtainApp(t, rules.HotSeat(e), seed)
	c := newClicker(t, a)
	g := e
	shot := 0
	snap := func(string) {}
	if dir != "" {
		x := func(name string, args ...string) error {
			cmd := exec.Command(name, args...)
			cmd.Env = append(os.Environ(), "DISPLAY="+os.Getenv("NTK_DISPLAY"))
			return cmd.Run()
		}
		snap = func(tag string) {
			time.Sleep(400 * time.Millisecond)
			shot++
			if err := x("import", "-window", "root", filepath.Join(dir, fmt.Sprintf("%03d-%s.png", shot, tag))); err != nil {
				t.Logf("screenshot %s: %v", tag, err)
			}
		}
		c.hook = func(bx, by float64) {
			// Hold the button long enough for a slow (software GL) frame to see it.
			x("xdotool", "mousemove", fmt.Sprint(int(ox+bx)), fmt.Sprint(int(oy+by)))
			time.Sleep(150 * time.Millisecond)
			x("xdotool", "mousedown", "1")
			time.Sleep(300 * time.Millisecond)
			x("xdotool", "mouseup", "1")
			time.Sleep(350 * time.Millisecond)
			if is[*curtainScene](a) { // the first frame of a table is the slowest
				time.Sleep(1500 * time.Millisecond)
			}
		}
	}
	rng := rand.New(rand.NewSource(int64(seed)))
	seen := map[rules.Verb]int{}
	lastPhase := rules.Phase("")
	for steps := 0; !e.Over(); steps++ {
		if maxSteps > 0 && steps == maxSteps {
			snap("stopped")
			t.Logf("stopped after %d actions clicked, as NTK_STEPS asks", steps)
			return
		}
		if steps == 3000 {
			t.Fatal("the game did not end in 3000 actions")
		}
		v := e.View(rules.Public)
		if v.Phase != lastPhase {
			snap(fmt.Sprintf("phase-%s-r%d", v.Phase, v.Round))
			lastPhase = v.Phase
		}
		legal := e.Legal()
		pick := legal[rng.Intn(len(legal))]
		if pick.Verb == rules.VArrange {
			pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(seed, uint64(steps))))
		}
		// Play with some intent: attack when possible, prefer acting over done.
		var attacks []rules.Action
		for _, l := range legal {
			if l.Verb == rules.VMove {
				if cv, err := g.PreviewCombat(l); err == nil && cv != nil {
					attacks = append(attacks, l)
				}
			}
		}
		if len(attacks) > 0 && rng.Intn(3) > 0 {
			pick = attacks[rng.Intn(len(attacks))]
		} else if pick.Verb == rules.VDone && len(legal) > 1 && rng.Intn(4) > 0 {
			pick = legal[rng.Intn(len(legal)-1)]
		}
		if seen[pick.Verb] < 2 && dir != "" {
			seen[pick.Verb]++
			c.lift()
			snap("before-" + pick.Verb.String())
		}
		before := len(g.Actions())
		c.do(pick)
		if len(g.Actions()) != before+1 || g.Actions()[before] != pick {
			t.Fatalf("step %d: the shadow did not apply %q: %q", steps, pick.Format(e.Map()), tbl(a).State().Message)
		}
		if dir != "" {
			waitForRecord(t, filepath.Join(dir, "game.ntk"), before, pick.Format(e.Map()))
		}
	}
	snap("end")
	v := e.View(rules.Public)
	if len(v.Winners) == 0 || !is[*endScene](a) {
		t.Fatalf("game over with winners %v on %T", v.Winners, a.mgr.cur)
	}
	t.Logf("%d actions clicked; winners %v: %s", len(g.Actions()), v.Winners, v.TieBreak)
}

// waitForRecord waits until the window's record holds before+1 actions and
// checks that the last is want.
func waitForRecord(t *testing.T, path string, before int, want string) {
	t.Helper()
	var got []string
	for try := 0; try < 80; try++ {
		if f, err := os.Open(path); err == nil {
			r, err := rules.ParseRecord(f)
			f.Close()
			if err == nil && len(r.Actions) == before+1 {
				if r.Actions[before] != want {
					t.Fatalf("action %d: the window applied %q, want %q", before+1, r.Actions[before], want)
				}
				return
			}
			got = r.Actions
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("action %d (%q): the window's record has %d actions", before+1, want, len(got))
}
