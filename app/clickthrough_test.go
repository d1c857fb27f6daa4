package app

import (
	"math/rand"
	randv2 "math/rand/v2"
	"testing"

	"notrueking/board"
	"notrueking/internal/byclicks"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// clicker drives an App with synthetic clicks, as a player would.
type clicker struct {
	t   *testing.T
	a   *App
	pts map[int][2]float64 // a base point inside each territory
	// hook, when set, also receives every click (in base-canvas pixels),
	// e.g. to replay it into a real window.
	hook func(x, y float64)
}

func newClicker(t *testing.T, a *App) *clicker {
	c := &clicker{t: t, a: a, pts: a.terrPoints()}
	m := tbl(a).Map()
	for i := range m.Territories {
		if _, ok := c.pts[i]; !ok {
			t.Fatalf("no clickable point for %s", m.Territories[i].ID)
		}
	}
	return c
}

func (c *clicker) at(x, y float64) {
	if c.hook != nil {
		c.hook(x, y)
	}
	c.a.handle(ui.Input{X: x, Y: y})
	c.a.handle(ui.Input{X: x, Y: y, Click: true})
}

func (c *clicker) widget(pred func(ui.Widget) bool) (ui.Widget, bool) {
	return ui.Find(c.a.f.ws, pred)
}

func (c *clicker) clickWidget(what string, pred func(ui.Widget) bool) {
	c.t.Helper()
	w, ok := c.widget(pred)
	if !ok {
		c.t.Fatalf("no widget for %s (message %q)", what, tbl(c.a).State().Message)
	}
	c.at(w.R.Center())
}

func (c *clicker) clickTerr(tr board.TerrID) {
	c.t.Helper()
	if tr < 0 || int(tr) >= len(c.pts) {
		c.t.Fatalf("unknown territory %d", tr)
	}
	p := c.pts[int(tr)]
	c.at(p[0], p[1])
}

// do performs action a through the screen.
func (c *clicker) do(a rules.Action) {
	c.t.Helper()
	u := tbl(c.a)
	// A drawn card or a combat's result waits for Continue first.
	for noticeUp(c.a) {
		c.clickWidget("continue", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDismiss })
	}
	c.lift()
	if !is[*tableScene](c.a) || u.Shown() != a.Seat || len(u.State().Notices) > 0 {
		c.t.Fatalf("%T showing seat %d, want the table for seat %d", c.a.mgr.cur, u.Shown(), a.Seat)
	}
	byclicks.Play(u, a, byclicks.Reach{Widget: c.clickWidget, Terr: c.clickTerr})
}

// lift lifts the hand-off curtain when it is up, by a click on it.
func (c *clicker) lift() {
	if is[*curtainScene](c.a) {
		c.at(800, 450)
	}
}

// playFirst plays the first legal action of g n times by clicks (a
// loyalty card arranged at random, from seed), then lifts the curtain.
func (c *clicker) playFirst(g *rules.Game, seed uint64, n int) {
	c.t.Helper()
	for i := 0; i < n; i++ {
		pick := g.Legal()[0]
		if pick.Verb == rules.VArrange {
			pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(seed, uint64(i))))
		}
		c.do(pick)
	}
	c.lift()
}

// clickGame is a game played by clicks in clickGames.
type clickGame struct {
	a     *App
	c     *clicker
	g     *rules.Game
	seed  uint64
	steps int
}

// clickGames plays random three-player standard games by clicks, one per
// seed from first to last, until done says so: pick chooses each action
// among the legal ones (a loyalty card is then arranged at random), and
// play plays it (c.do) with what the test checks around it.
func clickGames(t *testing.T, first, last uint64, done func() bool, pick func(g *rules.Game, legal []rules.Action, rng *rand.Rand) rules.Action, play func(cg *clickGame, a rules.Action)) {
	t.Helper()
	for seed := first; seed <= last && !done(); seed++ {
		g := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, seed)
		a := curtainApp(t, rules.HotSeat(g), seed)
		cg := &clickGame{a: a, c: newClicker(t, a), g: g, seed: seed}
		rng := rand.New(rand.NewSource(int64(seed)))
		for ; cg.steps < 1500 && !g.Over() && !done(); cg.steps++ {
			p := pick(g, g.Legal(), rng)
			if p.Verb == rules.VArrange {
				p = rules.RandomArrangement(p, randv2.New(randv2.NewPCG(seed, uint64(cg.steps))))
			}
			play(cg, p)
		}
	}
}

// TestClickThroughGames plays random games on the standard map entirely by
// clicking: every action the engine applies must be the one the simulated
// player meant, reached through curtain, slots, territories and buttons.
// Twelve games, six with -short (every verb below is clicked in those
// too; a retreat only in the ninth).
func TestClickThroughGames(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	verbs := map[rules.Verb]int{}
	games := uint64(12)
	if testing.Short() {
		games = 6
	}
	for seed := uint64(1); seed <= games; seed++ {
		clickThrough(t, "standard", []string{"Ann", "Ben", "Cy"}[:2+int(seed%2)], seed, rules.Plain, verbs)
	}
	t.Logf("verbs clicked: %v", verbs)
	for _, v := range []rules.Verb{rules.VArrange, rules.VPlace, rules.VResolve, rules.VChoose, rules.VMuster, rules.VMove, rules.VDone, rules.VExchange, rules.VKeep} {
		if verbs[v] == 0 {
			t.Errorf("no %s action was clicked in the sample games", v)
		}
	}
}

// TestClickThroughNineMap plays two- and nine-player games on the
// nine-house map by clicks alone: nine loyalty tokens, 27 slots, roads
// (clicked on their track), rivers and islands are all reachable.
func TestClickThroughNineMap(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	if testing.Short() {
		t.Skip("-short")
	}
	verbs := map[rules.Verb]int{}
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}
	clickThrough(t, "nine", names[:2], 5, rules.Plain, verbs)
	clickThrough(t, "nine", names, 6, rules.Plain, verbs)
	for _, v := range []rules.Verb{rules.VArrange, rules.VPlace, rules.VResolve, rules.VChoose, rules.VMuster, rules.VMove, rules.VExchange} {
		if verbs[v] == 0 {
			t.Errorf("no %s was clicked in the nine-map games", v)
		}
	}
}

// TestClickThroughCitadel plays Citadel games by clicks alone, on both
// maps: the fourth choice and the aim, the gain, a token uncovered on its
// player's row, both Dark Wings cards and their targets (a slot, a
// player), the roll's notice dismissed.
func TestClickThroughCitadel(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	verbs := map[rules.Verb]int{}
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}
	clickThrough(t, "standard", names[:4], 22, rules.Citadel, verbs)
	if !testing.Short() {
		clickThrough(t, "standard", names[:3], 21, rules.Citadel, verbs)
		clickThrough(t, "nine", names[:5], 23, rules.Citadel, verbs)
	}
	t.Logf("verbs clicked: %v", verbs)
	for _, v := range []rules.Verb{rules.VStudy, rules.VGain, rules.VUncover, rules.VLostOrders, rules.VIllTidings} {
		if verbs[v] == 0 {
			t.Errorf("no %s was clicked in the Citadel games", v)
		}
	}
}

// clickThrough plays one random game (map, players, seed, variant) by
// clicks, counting the verbs clicked; in a Citadel game half the picks
// are the Citadel's actions when there are any.
func clickThrough(t *testing.T, mapName string, players []string, seed uint64, v rules.Variant, verbs map[rules.Verb]int) {
	t.Helper()
	e, err := tabletest.RulesVariant(mapName, players, seed, v)
	if err != nil {
		t.Fatal(err)
	}
	a := curtainApp(t, rules.HotSeat(e), seed)
	c := newClicker(t, a)
	rng := rand.New(rand.NewSource(int64(seed)))
	steps := 0
	for !e.Over() && steps < 3000 {
		legal := e.Legal()
		// Prefer doing something over ending an action early.
		pick := legal[rng.Intn(len(legal))]
		if pick.Verb == rules.VDone && len(legal) > 1 && rng.Intn(4) > 0 {
			pick = legal[rng.Intn(len(legal)-1)]
		}
		if pick.Verb == rules.VArrange {
			pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(seed, uint64(steps))))
		}
		if c := tabletest.CitadelActions(legal); len(c) > 0 && rng.Intn(2) == 0 {
			pick = c[rng.Intn(len(c))]
		}
		before := e.Len()
		c.do(pick)
		verbs[pick.Verb]++
		acts := e.Actions()
		if len(acts) != before+1 || acts[len(acts)-1] != pick {
			t.Fatalf("%s seed %d step %d: wanted %q; engine has %d actions (was %d); message %q",
				mapName, seed, steps, pick.Format(e.Map()), len(acts), before, tbl(a).State().Message)
		}
		steps++
	}
	if !e.Over() {
		t.Fatalf("%s seed %d: game not over after %d steps", mapName, seed, steps)
	}
	if !is[*endScene](a) {
		t.Fatalf("%s seed %d: game over but %T, want the end screen", mapName, seed, a.mgr.cur)
	}
	t.Logf("%s seed %d, %d players: %d clicked actions, winners %v", mapName, seed, len(players), steps, e.View(rules.Public).Winners)
}
