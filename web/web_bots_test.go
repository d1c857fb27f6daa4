//go:build !js

package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserStrongBotsKeepThePageResponsive lets strong bots play on
// both maps in the page: while they think, the page goes on drawing
// frames (at least ten a decision; a search that kept the page's only
// thread drew one frame an action), because the search gives the
// browser a turn between slices (app/browser_js.go). It logs each
// decision's time in the page and the browser's long-task entries
// (PerformanceObserver "longtask": every task over 50 ms) for
// docs/web.md. It takes a minute or two, so it runs only with
// NTK_BROWSER_BOTS=1.
func TestBrowserStrongBotsKeepThePageResponsive(t *testing.T) {
	if os.Getenv("NTK_BROWSER_BOTS") == "" {
		t.Skip("strong bots in the page: set NTK_BROWSER_BOTS=1 to measure them")
	}
	p := newPage(t, "")
	for _, c := range []struct {
		name, query string
		decisions   int
	}{
		{"standard", "?players=3&bots=strong,strong,strong&seed=11&bot-pause=10ms", 3},
		{"nine", "?map=nine&players=9&bots=" + strings.TrimSuffix(strings.Repeat("strong,", 9), ",") + "&seed=11&bot-pause=10ms", 2},
	} {
		p.run("blank", chromedp.Navigate("about:blank"))
		p.run("open "+c.name, chromedp.Navigate(p.url+c.query))
		st := p.wait("the first frame", func(s webState) bool { return s.Frames > 0 })
		p.run("observe long tasks", chromedp.Evaluate(`globalThis.ntkLong = [];
			new PerformanceObserver((l) => { for (const e of l.getEntries()) ntkLong.push(e.duration); }).observe({ type: "longtask" });`, nil))
		start, frames0, a0 := time.Now(), st.Frames, st.Actions
		var times []string
		last := start
		for end := start.Add(4 * time.Minute); time.Now().Before(end) && st.Actions < a0+c.decisions; time.Sleep(50 * time.Millisecond) {
			s, ok := p.state()
			if !ok {
				continue
			}
			if s.Actions > st.Actions {
				times = append(times, fmt.Sprintf("%.2f s", time.Since(last).Seconds()))
				last = time.Now()
			}
			st = s
		}
		if st.Actions < a0+c.decisions {
			t.Fatalf("%s: the bots made %d of %d decisions in 4 minutes (scene %s, prompt %q)", c.name, st.Actions-a0, c.decisions, st.Scene, st.Prompt)
		}
		var long []float64
		p.run("long tasks", chromedp.Evaluate(`globalThis.ntkLong`, &long))
		worst := 0.0
		for _, d := range long {
			worst = max(worst, d)
		}
		t.Logf("%s: %d decisions (%s), %d frames drawn meanwhile, %d long tasks (over 50 ms), the longest %.0f ms",
			c.name, st.Actions-a0, strings.Join(times, ", "), st.Frames-frames0, len(long), worst)
		if st.Frames-frames0 < 10*c.decisions {
			t.Errorf("%s: only %d frames drawn in %d decisions: the page froze while the bots thought", c.name, st.Frames-frames0, c.decisions)
		}
		p.shot("strong-bots-" + c.name)
	}
	p.checkNoProblems()
}
