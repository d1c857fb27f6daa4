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
	"notrueking/start"
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
		home := at1280(mustApp(t, Options{Players: names}, nil))
		home.home.s.SetMaps(start.ShippedMaps(), tc.mapName)
		home.home.s.Do(ui.Command{Kind: ui.CmdEditName, N: 1}) // a name being typed: its end shows
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
		sb.home.s.SetMaps(start.ShippedMaps(), tc.mapName)
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

// cutSizes are the window sizes no instruction may be cut at.
var cutSizes = [][2]int{{1280, 720}, {1600, 900}, {1920, 1080}}

// wideNames are n names of rules.MaxNameRunes characters: the widest
// letter, a long full name, then the longest names of longNames.
func wideNames(n int) []string {
	out := longNames(n)
	out[0] = strings.Repeat("W", rules.MaxNameRunes)
	if n > 1 {
		out[1] = "Maximilian Aurelio Stone"
	}
	return out
}

// instructionCuts name the widgets of a's frame that must never be cut
// and are: the instruction bar and the top bar, the
// panels' titles, the decision panel's texts, the message line, a
// conspiracy's row, a slot, and every text of a notice (a Citadel roll's
// title).
func instructionCuts(a *App) []string {
	var cuts []string
	l := tbl(a).Layout()
	ws := a.f.ws
	notice := noticeUp(a)
	inside := func(r ui.Rect, w ui.Widget) bool { return r.Contains(w.R.X+0.5, w.R.Y+0.5) }
	for _, w := range ws {
		if !fitCut(w) {
			continue
		}
		what := ""
		for _, p := range ws {
			if p.Kind == ui.WPanel && w.Kind == ui.WText && w.R.X == p.R.X+12 && w.R.Y == p.R.Y+6 {
				what = "panel title"
			}
		}
		switch {
		case what != "":
		case w.R.X == l.Prompt.X && w.R.Y == l.Prompt.Y:
			what = "instruction bar"
		case inside(l.Top, w):
			what = "top bar"
		case inside(l.Message, w):
			what = "message line"
		case inside(l.Houses, w) && w.T.Kind == ui.TSlot:
			what = "slot"
		case inside(l.Players, w):
			what = "conspiracy row"
		case inside(ui.Rect{X: l.Private.X, Y: l.Private.Y, W: l.Message.W, H: l.Message.Y - l.Private.Y}, w):
			what = "decision panel" // a chooser takes the log's room under it too
		case notice && !inside(l.Log, w):
			what = "notice" // the log's rows behind its veil are the log's (cut with a tip)
		}
		if what != "" {
			cuts = append(cuts, fmt.Sprintf("%s reads %q (whole: %q)", what, w.Text, w.Tip))
		}
	}
	return cuts
}

// fitCut reports whether ui.FitLabels cut a line of w's label: the line
// ends in an ellipsis that stands for the rest of the text, whole in the
// tip (a label such as "Crown's tokens…" ends in one of its own).
func fitCut(w ui.Widget) bool {
	tip := strings.Join(strings.Fields(w.Tip), " ")
	for _, line := range strings.Split(w.Text, "\n") {
		if rest, ok := strings.CutSuffix(line, ui.Ellipsis); ok && strings.Contains(tip, rest) && !strings.Contains(tip, line) {
			return true
		}
	}
	return false
}

// TestNoInstructionCut plays seeded random games by clicks with names of
// 24 characters (and of five letters), on both maps and in the Citadel
// variant, and before every click fits the frame at 1280×720, 1600×900
// and 1920×1080 as the window does: no instruction, panel title,
// decision, message, slot or conspiracy row may end in an ellipsis:
// what a player must read is never cut.
func TestNoInstructionCut(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	type game struct {
		mapName string
		names   []string
		v       rules.Variant
	}
	five := []string{"Alice", "Brian", "Chloe", "David", "Emily", "Fiona", "Gavin", "Helen", "Isaac"}
	games := []game{
		{"standard", wideNames(4), rules.Plain},
		{"nine", wideNames(9), rules.Plain},
		{"standard", wideNames(4), rules.Citadel},
		{"nine", wideNames(9), rules.Citadel},
		{"standard", five[:4], rules.Plain},
		{"nine", five, rules.Citadel},
	}
	steps := 300 // about a round and a half on the nine-house map
	if testing.Short() {
		// One of each: wide names on the nine-house map, the Citadel's
		// panels; a few dozen decisions each.
		steps, games = 40, []game{games[1], games[2]}
	}
	for i, gm := range games {
		seed := uint64(11 + i)
		variant := "plain"
		if gm.v == rules.Citadel {
			variant = "citadel"
		}
		name := fmt.Sprintf("%s-%d-%s-names%d", gm.mapName, len(gm.names), variant, len([]rune(gm.names[0])))
		t.Run(name, func(t *testing.T) {
			// A tester's game of the window's own (its seed given): the
			// narrowest instruction bar, beside its badge and Hint button.
			a := mustApp(t, Options{Map: gm.mapName, Players: gm.names, Seed: seed, SeedSet: true, Variant: variant, Quick: true}, defaultNewGame)
			if tbl(a) == nil {
				a.handle(ui.Input{Enter: true}) // the start screen, set up by the options
			}
			if tbl(a) == nil || len(tbl(a).Game().Seats()) != len(gm.names) || (tbl(a).Map().NumHouses() == 9) != (gm.mapName == "nine") {
				t.Fatalf("%T: not the game of %d players on %s", a.mgr.cur, len(gm.names), gm.mapName)
			}
			e := tbl(a).Game()
			c := newClicker(t, a)
			looked, n := 0, 0
			seen := map[string]bool{} // each cut once, where it is first seen
			perClass := map[string]int{}
			c.hook = func(float64, float64) {
				if a.mgr.switched {
					a.rebuild()
				}
				for _, sz := range cutSizes {
					atSize(a, sz[0], sz[1])
					looked++
					for _, cut := range instructionCuts(a) {
						class, _, _ := strings.Cut(cut, " reads ")
						if !seen[cut] && perClass[class] < 8 {
							seen[cut] = true
							perClass[class]++
							t.Errorf("after %d actions at %d×%d (%T): %s", n, sz[0], sz[1], a.mgr.cur, cut)
						}
					}
				}
			}
			rng := rand.New(rand.NewSource(int64(seed)))
			for ; n < steps && !e.Over(); n++ {
				legal := e.Legal()
				pick := legal[rng.Intn(len(legal))]
				if pick.Verb == rules.VDone && len(legal) > 1 && rng.Intn(4) > 0 {
					pick = legal[rng.Intn(len(legal)-1)]
				}
				if pick.Verb == rules.VArrange {
					pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(seed, uint64(n))))
				}
				if cs := tabletest.CitadelActions(legal); len(cs) > 0 && rng.Intn(2) == 0 {
					pick = cs[rng.Intn(len(cs))]
				}
				c.do(pick)
			}
			if looked < 3*steps/2 {
				t.Errorf("only %d frames looked at", looked)
			}
		})
	}
}

// TestShotsOfLongNames draws, to look at (NTK_SHOTS), a tester's game on
// each map with names of 24 characters, at a Maester's choice (the
// longest instruction) with the slots filled, at 1280×720 and 1920×1080.
func TestShotsOfLongNames(t *testing.T) {
	lookOnly(t)
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		a := mustApp(t, Options{Map: tc.mapName, Players: wideNames(tc.players), Seed: 3, SeedSet: true, Quick: true}, defaultNewGame)
		if tbl(a) == nil {
			a.handle(ui.Input{Enter: true})
		}
		g := tbl(a).Game()
		rng := rand.New(rand.NewSource(3))
		for n := 0; n < 3000 && !g.Over(); n++ {
			if n > 2*tc.players && strings.Contains(g.View(rules.Public).Prompt, "(muster") {
				break
			}
			l := g.Legal()
			pick := l[rng.Intn(len(l))]
			if pick.Verb == rules.VArrange {
				pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(3, uint64(n))))
			}
			if !tbl(a).Apply(pick) {
				t.Fatalf("%v refused: %s", pick, tbl(a).State().Message)
			}
		}
		moved(a)
		if is[*curtainScene](a) {
			a.handle(ui.Input{Enter: true})
		}
		look(t, a, "cuts-"+tc.mapName+"-1280", 1280, 720)
		look(t, a, "cuts-"+tc.mapName+"-1920", 1920, 1080)
	}
	// The Citadel on the nine-house map: a roll's notice, and Lost
	// Orders' chooser of agents.
	citadel := func(stop func(g *rules.Game) bool) *App {
		for seed := uint64(1); seed < 40; seed++ {
			g, err := tabletest.RulesVariant("nine", wideNames(9), seed, rules.Citadel)
			if err != nil {
				t.Fatal(err)
			}
			if tabletest.PlayCitadel(g, int64(seed), rules.DigUpDirt, func() bool { return stop(g) }) {
				a := curtainApp(t, rules.HotSeat(g), seed)
				a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
				return a
			}
		}
		t.Fatal("no Citadel game of 40 came to the position")
		return nil
	}
	a := citadel(func(g *rules.Game) bool {
		return hasVerb(g, rules.VStudy) && g.View(g.ToAct()).Players[g.ToAct()].Crystals > 0 && g.View(rules.Public).Round > 1
	})
	a.do(ui.Command{Kind: ui.CmdStudy})
	a.rebuild() // the aims' chooser
	for _, w := range a.f.ws {
		if w.T.Action != nil && w.T.Action.Verb == rules.VStudy && w.T.Action.Aim == rules.DigUpDirt {
			a.press(w.T)
			break
		}
	}
	if !noticeUp(a) {
		t.Errorf("%T after a study (notices %v), want the roll's notice", a.mgr.cur, tbl(a).State().Notices)
	}
	look(t, a, "cuts-citadel-roll-1280", 1280, 720)
	a = citadel(func(g *rules.Game) bool { return hasVerb(g, rules.VLostOrders) })
	a.do(ui.Command{Kind: ui.CmdWing, N: int(rules.LostOrders)})
	look(t, a, "cuts-citadel-lost-orders-1280", 1280, 720)
}
