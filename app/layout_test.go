package app

import (
	"strconv"
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

func TestStartScreenEditAndStart(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	var gotNames []string
	var gotSeed uint64
	var gotMap string
	ng := func(mapName string, players []string, seed uint64, v rules.Variant) (*rules.Game, error) {
		gotMap, gotNames, gotSeed = mapName, players, seed
		return defaultNewGame(mapName, players, seed, v)
	}
	a := mustApp(t, Options{Seed: 5, SeedSet: true}, ng)
	click := func(c ui.Command) { t.Helper(); pressCmd(t, a, c) }
	click(ui.Command{Kind: ui.CmdPlayers, N: 3})
	click(ui.Command{Kind: ui.CmdEditName, N: 0})
	for i := 0; i < 5; i++ {
		a.handle(ui.Input{Backspace: true})
	}
	a.handle(ui.Input{Chars: []rune("Zed")})
	a.handle(ui.Input{Tab: true}) // to Bob
	a.handle(ui.Input{Backspace: true})
	a.handle(ui.Input{Tab: true}) // to Carol: a name stops at 24 characters
	a.handle(ui.Input{Chars: []rune("ñbcdefghijklmnopqrstuvwxyz")})
	if _, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdEditName, N: 3} }); ok {
		t.Error("a fourth name field is shown for three players")
	}
	click(ui.Command{Kind: ui.CmdStart})
	if gotMap != "standard" || gotSeed != 5 || strings.Join(gotNames, ",") != "Zed,Bo,Carolñbcdefghijklmnopqrs" {
		t.Fatalf("new game: map %q seed %d names %v", gotMap, gotSeed, gotNames)
	}
	if !is[*curtainScene](a) || curtainSeat(a) != 0 {
		t.Fatalf("after Start: %T curtain %d, want the curtain for seat 0", a.mgr.cur, curtainSeat(a))
	}
}

// A normal game's seed comes from the system's random source and is not
// shown until the end screen (rulings: "Secrets outside the table").
func TestNormalGameSeedIsSecret(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	var seeds []uint64
	ng := func(mapName string, players []string, seed uint64, v rules.Variant) (*rules.Game, error) {
		seeds = append(seeds, seed)
		return defaultNewGame(mapName, players, seed, v)
	}
	a := mustApp(t, Options{}, ng)
	if _, ok := ui.Find(a.f.ws, func(w ui.Widget) bool {
		return w.Kind == ui.WField && strings.Contains(strings.ToLower(w.Text), "seed")
	}); ok {
		t.Error("the start screen has a seed field in a normal game")
	}
	for i := 0; i < 2; i++ {
		a.mgr.goTo(a.home)
		a.handle(ui.Input{Enter: true})
	}
	if len(seeds) != 2 || seeds[0] == seeds[1] {
		t.Fatalf("two games drew seeds %v; want two different random seeds", seeds)
	}
	seed := strconv.FormatUint(seeds[1], 10)
	if !is[*curtainScene](a) {
		t.Fatalf("a new game starts at %T, want the curtain", a.mgr.cur)
	}
	for _, sc := range []Scene{a.mgr.cur, &tableScene{lg: playing(a)}} {
		a.mgr.goTo(sc)
		a.rebuild()
		if ui.HasText(a.f.ws, seed) || ui.HasText(a.f.ws, "Tester") {
			t.Errorf("%T shows the seed or a tester mark during a normal game", sc)
		}
	}
	// The end screen of a game that is not a tester's.
	fake := tabletest.New(tabletest.Map())
	fake.Ended = true
	beginOn(a, fake, seeds[1])
	if !is[*endScene](a) || !ui.HasText(a.f.ws, "Seed "+seed) {
		t.Errorf("the end screen (%T) does not reveal the seed %s", a.mgr.cur, seed)
	}
}

// TestFitWindow: the first window fits the monitor with room for a title
// bar and a task bar, keeps the table's shape, and never grows.
func TestFitWindow(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, c := range []struct{ mw, mh, w, h int }{
		{0, 0, 1600, 900},       // monitor unknown
		{1920, 1080, 1600, 900}, // fits with room to spare
		{3840, 2160, 1600, 900}, // never larger than asked
		{1280, 720, 1126, 633},  // 0.88 of the height
		{1366, 768, 1201, 675},
	} {
		w, h := fitWindow(1600, 900, c.mw, c.mh)
		if w != c.w || h != c.h {
			t.Errorf("monitor %dx%d: window %dx%d, want %dx%d", c.mw, c.mh, w, h, c.w, c.h)
		}
		if c.mw > 0 && (w > c.mw || h > c.mh) {
			t.Errorf("monitor %dx%d: window %dx%d does not fit", c.mw, c.mh, w, h)
		}
	}
}
