package app

import (
	"fmt"
	"math"
	"math/rand"
	randv2 "math/rand/v2"
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// longNames are the longest names a player can enter (rules.MaxNameRunes
// characters, of the widest letter), one per seat.
func longNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('A'+i)) + strings.Repeat("W", rules.MaxNameRunes-1)
	}
	return out
}

// textClash says what is wrong with text widget i of ws drawn at scale s
// ("" for nothing): a line wider than its widget's room (ui.TextRoom), or
// its box outside the window or the panel it starts in.
func textClash(ws []ui.Widget, i int, s float64) string {
	w := ws[i]
	for _, line := range strings.Split(w.Text, "\n") {
		size := math.Max(6, math.Round(w.Size*s*2)/2) // the painter's
		if got, _ := ui.Measure(line, size, w.Bold || w.Kind == ui.WButton, 0); got > ui.TextRoom(w)*s+0.5 {
			return fmt.Sprintf("%q is %.0f px wide in a room of %.0f (%+v, kind %d, size %v, tip %q)", line, got, ui.TextRoom(w)*s, w.R, w.Kind, w.Size, w.Tip)
		}
	}
	lines := float64(strings.Count(w.Text, "\n") + 1)
	r := w.R
	if w.Kind == ui.WText {
		r.H = math.Max(r.H, (lines-1)*w.Size*1.2+w.Size)
	}
	if r.X < -0.5 || r.Y < -0.5 || r.X+r.W > ui.BaseW+0.5 || r.Y+r.H > ui.BaseH+0.5 {
		return fmt.Sprintf("%q %+v leaves the window", w.Text, r)
	}
	// The smallest panel the text starts in (over it, not under it).
	var p *ui.Rect
	for j := i - 1; j >= 0; j-- {
		o := ws[j]
		if o.Kind == ui.WLayer {
			break
		}
		if o.Kind != ui.WPanel || o.R.W >= ui.BaseW || !o.R.Contains(r.X+0.5, r.Y+0.5) {
			continue
		}
		if p == nil || o.R.W*o.R.H < p.W*p.H {
			p = &o.R
		}
	}
	if p != nil && (r.X+r.W > p.X+p.W+0.5 || r.Y+r.H > p.Y+p.H+0.5) {
		return fmt.Sprintf("%q %+v runs off its panel %+v", w.Text, r, *p)
	}
	return ""
}

// checkTexts fails t for every text of a's scene that runs off its room
// or its panel at 1280×720.
func checkTexts(t *testing.T, a *App, where string) {
	t.Helper()
	s := ui.NewScaler(1280, 720).S
	for _, ws := range [][]ui.Widget{a.f.ws, a.f.behind} {
		for i, w := range ws {
			if w.Text == "" || (w.Kind != ui.WText && w.Kind != ui.WButton && w.Kind != ui.WBox && w.Kind != ui.WField) {
				continue
			}
			if clash := textClash(ws, i, s); clash != "" {
				t.Errorf("%s: %s", where, clash)
			}
		}
	}
}

// at1280 puts a's window at 1280×720: its labels are fitted at that scale.
func at1280(a *App) *App { return atSize(a, 1280, 720) }

// atSize puts a's window at w×h.
func atSize(a *App, w, h int) *App {
	a.win.w, a.win.h = w, h
	a.win.sc = ui.NewScaler(w, h)
	a.rebuild()
	return a
}

// TestNoTextRunsOffAt1280: every scene at 1280×720 with the longest names a
// player can enter, on both maps: every text fits its box (shortened with
// an ellipsis and a tooltip when it must be: ui.FitLabels) and lies inside
// the window and the panel it starts in.
func TestNoTextRunsOffAt1280(t *testing.T) {
	if shotsWanted() {
		needDisplay(t)
	} else {
		t.Parallel() // draws nothing (TestMain)
	}
	shoot := func(a *App, name string) {
		t.Helper()
		if shotsWanted() {
			look(t, atSize(a, 1920, 1080), "longnames-"+name+"-1920", 1920, 1080)
			look(t, at1280(a), "longnames-"+name+"-1280", 1280, 720)
		}
	}
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		names := longNames(tc.players)
		home := at1280(mustApp(t, Options{}, nil))
		home.home.setMaps(shippedMaps(), tc.mapName)
		home.home.n = tc.players
		home.home.clampPlayers()
		copy(home.home.names, names)
		home.home.focus = 1 // a name being typed: its end shows
		home.rebuild()
		checkTexts(t, home, tc.mapName+": start")
		shoot(home, tc.mapName+"-start")
		g := rulesGame(t, tc.mapName, names, 7)
		a := at1280(curtainApp(t, rules.HotSeat(g), 7))
		checkTexts(t, a, tc.mapName+": curtain")
		shoot(a, tc.mapName+"-curtain")
		combat, result := false, false
		rng := rand.New(rand.NewSource(7))
		for steps := 1; steps < 3000 && !g.Over(); steps++ {
			l := g.Legal()
			pick := l[rng.Intn(len(l))]
			if pick.Verb == rules.VDone && len(l) > 1 {
				pick = l[rng.Intn(len(l)-1)]
			}
			if pick.Verb == rules.VArrange {
				pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(7, uint64(steps))))
			}
			if !tbl(a).Apply(pick) {
				t.Fatalf("%s: %v refused: %s", tc.mapName, pick, tbl(a).State().Message)
			}
			inCombat, notice := g.View(rules.Public).Combat != nil, len(tbl(a).State().Notices) > 0
			if steps%50 != 0 && !(inCombat && !combat) && !(notice && !result) {
				continue
			}
			// The window follows the game only here: a frame is built
			// at each look, not at each action.
			moved(a)
			if is[*curtainScene](a) {
				a.handle(ui.Input{Enter: true})
			}
			checkTexts(t, a, fmt.Sprintf("%s after %d actions", tc.mapName, steps))
			if inCombat && !combat || notice && !result || steps == 200 {
				shoot(a, fmt.Sprintf("%s-%d", tc.mapName, steps))
			}
			combat, result = combat || inCombat, result || notice
			for len(tbl(a).State().Notices) > 0 {
				a.handle(ui.Input{Keys: []ui.Key{ui.KeySpace}})
			}
		}
		toTable(a)
		a.handle(ui.Input{Keys: []ui.Key{ui.KeyF2}})
		if !toolsOpen(a) {
			t.Errorf("%s: F2 opened no Tools menu", tc.mapName)
		}
		checkTexts(t, a, tc.mapName+": the Tools menu")
		a.handle(ui.Input{Keys: []ui.Key{ui.KeyF2}})
		moved(a)
		checkTexts(t, a, tc.mapName+": end")
		shoot(a, tc.mapName+"-end")
		if !combat || !result {
			t.Errorf("%s: no combat (%v) or notice (%v) was seen", tc.mapName, combat, result)
		}
		r, _ := replayOf(t, g, "a-game-with-a-long-file-name-"+strings.Repeat("x", 60)+".ntk")
		at1280(r)
		checkTexts(t, r, tc.mapName+": replay")
		shoot(r, tc.mapName+"-replay")
		r.handle(ui.Input{Keys: []ui.Key{ui.KeyF1}})
		checkTexts(t, r, tc.mapName+": help")
		sb := at1280(mustApp(t, Options{Players: names, Seed: 7, SeedSet: true}, defaultNewGame))
		sb.home.setMaps(shippedMaps(), tc.mapName)
		if err := openOn(sb, sandboxFromStart); err != nil {
			t.Fatal(err)
		}
		checkTexts(t, sb, tc.mapName+": sandbox")
		shoot(sb, tc.mapName+"-sandbox")
	}
}

// BenchmarkFitLabels fits the labels of a nine-player table at 1280×720,
// as every rebuild does (the widths measured once are cached).
func BenchmarkFitLabels(b *testing.B) {
	g := rulesGame(b, "nine", longNames(9), 7)
	n := 0
	tabletest.PlayUntil(b, g, g, 7, func() bool { n++; return n > 200 })
	a := curtainApp(b, rules.HotSeat(g), 7)
	a.handle(ui.Input{Enter: true})
	ws := tbl(a).Widgets(tbl(a).Layout())
	s := ui.NewScaler(1280, 720).S
	work := make([]ui.Widget, len(ws))
	for b.Loop() {
		copy(work, ws)
		ui.FitLabels(work, s)
	}
}
