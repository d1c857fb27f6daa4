package app

import (
	"fmt"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/start"
	"notrueking/store"
	"notrueking/ui"
)

// citadelGame is a Citadel game on a shipped map.
func citadelGame(t testing.TB, mapName string, players int, seed uint64) *rules.Game {
	t.Helper()
	g, err := tabletest.RulesVariant(mapName, caseNames[:players], seed, rules.Citadel)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// citadelPair is two scripted Citadel games that differ only in seat
// holder's secrets, in its own view: its Dark Wings cards, the token it
// uncovered, the aim its private log names.
func citadelPair(m *board.Map, holder rules.Seat) (a, b *tabletest.Engine) {
	return tabletest.CitadelSecrets(m, holder, []rules.Wing{rules.LostOrders}, 0, rules.DigUpDirt),
		tabletest.CitadelSecrets(m, holder, []rules.Wing{rules.IllTidings}, 1, rules.ResearchLegends)
}

// citadelTable is the table of the seat to act in the first Citadel game
// of tc (seeds from 1) that playCitadel brings to a position at stops.
func citadelTable(t *testing.T, tc tableCase, stop func(g *rules.Game) bool) *App {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		g := citadelGame(t, tc.mapName, tc.players, seed)
		if !tabletest.PlayCitadel(g, int64(seed), rules.DigUpDirt, func() bool { return stop(g) }) {
			continue
		}
		a := curtainApp(t, rules.HotSeat(g), seed)
		a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
		return a
	}
	t.Fatalf("%s: no game of 40 came to the position", tc.mapName)
	return nil
}

// hasVerb reports whether verb v is legal in g.
func hasVerb(g *rules.Game, v rules.Verb) bool {
	for _, a := range g.Legal() {
		if a.Verb == v {
			return true
		}
	}
	return false
}

// TestShotsOfCitadel draws the Citadel variant's table to look at
// (NTK_SHOTS): a Maester's decision with the fourth choice, the aims'
// chooser, a roll's notice, the private panel with Dark Wings cards to
// play and the public counts, on both maps.
func TestShotsOfCitadel(t *testing.T) {
	if !lookOnly(t) {
		return
	}
	st := mustApp(t, Options{Variant: "citadel"}, nil)
	st.home.s.SetMaps(start.ShippedMaps(), "")
	look(t, st, "citadel-start-1280", 1280, 720)
	cases := []tableCase{{"standard", 4}}
	if shotsWanted() {
		cases = append(cases, tableCase{"nine", 9}) // (TestCitadelScenesReadable checks its scenes)
	}
	for _, tc := range cases {
		each := func(a *App, name string) {
			sizes := [][2]int{{1280, 720}}
			if shotsWanted() {
				sizes = append(sizes, [2]int{1920, 1080}) // else both drawn at 640×360: once is enough
			}
			for _, s := range sizes {
				look(t, a, fmt.Sprintf("citadel-%s-%s-%d", name, tc.mapName, s[0]), s[0], s[1])
			}
		}
		// A Maester's decision, some crystals gathered: the fourth choice.
		a := citadelTable(t, tc, func(g *rules.Game) bool {
			return hasVerb(g, rules.VStudy) && g.View(g.ToAct()).Players[g.ToAct()].Crystals > 0 && g.View(rules.Public).Round > 1
		})
		each(a, "choice")
		a.do(ui.Command{Kind: ui.CmdStudy})
		each(a, "aim")
		for _, w := range a.f.ws {
			if w.T.Action != nil && w.T.Action.Verb == rules.VStudy && w.T.Action.Aim == rules.DigUpDirt {
				a.press(w.T)
				break
			}
		}
		each(a, "roll")
		// Dig Up Dirt's look: the tokens to pick on their rows.
		a = citadelTable(t, tc, func(g *rules.Game) bool { return hasVerb(g, rules.VUncover) })
		each(a, "dirt")
		// Dark Wings cards in hand at the start of a resolving turn.
		a = citadelTable(t, tc, func(g *rules.Game) bool {
			return (hasVerb(g, rules.VLostOrders) || hasVerb(g, rules.VIllTidings)) && g.View(g.ToAct()).Players[g.ToAct()].Wings > 1
		})
		each(a, "wings")
		// Lost Orders played: its targets lit on the Houses panel.
		a = citadelTable(t, tc, func(g *rules.Game) bool { return hasVerb(g, rules.VLostOrders) })
		a.do(ui.Command{Kind: ui.CmdWing, N: int(rules.LostOrders)})
		each(a, "lost-orders")
	}
}

// TestStartScreenCitadelToggle: the start screen's toggle (its button, V)
// makes the next game a Citadel game, is kept with the last setup and
// put back at the next start, unless -variant says otherwise; a plain
// game stays plain.
func TestStartScreenCitadelToggle(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	prefs := store.NewDirPrefs(t.TempDir())
	a := homeApp(t, Options{Prefs: prefs, Saves: tempStore(t)})
	toggle := func(a *App) ui.Widget {
		w, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdVariant })
		if !ok || w.Key != ui.KeyV || w.Tip == "" {
			t.Fatalf("no toggle for the Citadel variant on the start screen (%+v)", w)
		}
		return w
	}
	if w := toggle(a); !strings.HasSuffix(w.Text, "off") {
		t.Fatalf("the toggle reads %q at first", w.Text)
	}
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyV}})
	if w := toggle(a); !strings.HasSuffix(w.Text, "on") || !w.Selected {
		t.Fatalf("after V the toggle reads %q", w.Text)
	}
	a.handle(ui.Input{Enter: true})
	if g := gameOf(playing(a)); g == nil || g.Variant() != rules.Citadel {
		t.Fatal("the game started with the toggle on is not a Citadel game")
	}
	a.closeWindow()
	b := homeApp(t, Options{Prefs: prefs})
	if w := toggle(b); !strings.HasSuffix(w.Text, "on") {
		t.Fatalf("after a restart the toggle reads %q, want the last setup's on", w.Text)
	}
	// The command line wins over the setup kept.
	c := homeApp(t, Options{Prefs: prefs, Variant: "plain"})
	if w := toggle(c); !strings.HasSuffix(w.Text, "off") {
		t.Fatalf("with -variant plain the toggle reads %q", w.Text)
	}
	pressCmd(t, c, ui.Command{Kind: ui.CmdStart})
	if g := gameOf(playing(c)); g == nil || g.Variant() != rules.Plain {
		t.Fatal("the game started with the toggle off is not a plain game")
	}
}

// TestCitadelScenesReadable: the Citadel's scenes on both maps at
// 1280×720 — a Maester's decision, the aims' chooser, a roll's notice,
// Dig Up Dirt's tokens, the Dark Wings cards and Lost Orders' targets:
// every text at 4.5:1 against what it is drawn on, none running off its
// room or panel.
func TestCitadelScenesReadable(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		check := func(a *App, what string) {
			t.Helper()
			at1280(a)
			where := tc.mapName + ", " + what
			checkContrast(t, where, a.f.ws)
			checkTexts(t, a, where)
		}
		a := citadelTable(t, tc, func(g *rules.Game) bool { return hasVerb(g, rules.VStudy) })
		check(a, "the fourth choice")
		a.do(ui.Command{Kind: ui.CmdStudy})
		check(a, "the aims")
		for _, w := range a.f.ws {
			if w.T.Action != nil && w.T.Action.Verb == rules.VStudy {
				a.press(w.T)
				break
			}
		}
		check(a, "a roll")
		check(citadelTable(t, tc, func(g *rules.Game) bool { return hasVerb(g, rules.VUncover) }), "Dig Up Dirt")
		a = citadelTable(t, tc, func(g *rules.Game) bool { return hasVerb(g, rules.VLostOrders) })
		check(a, "the Dark Wings cards")
		a.do(ui.Command{Kind: ui.CmdWing, N: int(rules.LostOrders)})
		check(a, "Lost Orders' targets")
	}
}

// citadelHead reports whether ws shows the Citadel's head of the
// Conspiracies panel (its pieces' column).
func citadelHead(ws []ui.Widget) bool {
	_, ok := ui.Find(ws, func(w ui.Widget) bool { return w.Text == "Citadel" && strings.HasPrefix(w.Tip, "The Citadel's pieces") })
	return ok
}

// TestCitadelSaveShowsItsPieces: a Citadel game's save, continued, shows
// the variant's pieces behind the curtain and at the table, and so do
// the replay viewer and the spectator window on its file; a plain game's
// table shows none of them.
func TestCitadelSaveShowsItsPieces(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	st := tempStore(t)
	// A tester's seed: a secret one now and then ended the game before
	// any piece came (and the loop found nothing legal).
	a := mustApp(t, Options{Saves: st, Players: []string{"Ann", "Ben", "Cy"}, Variant: "citadel", Seed: 8, SeedSet: true}, defaultNewGame)
	a.handle(ui.Input{Enter: true})
	g := game(a)
	for i := 0; i < 600 && !g.Over() && g.View(rules.Public).Players[0].Ravens+g.View(rules.Public).Players[0].Crystals+g.View(rules.Public).Players[1].Ravens == 0; i++ {
		l := g.Legal()
		pick := l[0]
		for _, x := range l {
			if x.Verb == rules.VStudy || x.Verb == rules.VGain {
				pick = x
			}
		}
		if _, err := playing(a).Table().Game().Apply(pick); err != nil {
			t.Fatal(err)
		}
	}
	moved(a)
	id := sess(a).ID()
	a.closeWindow()

	b := mustApp(t, Options{Saves: st}, defaultNewGame)
	pressCmd(t, b, ui.Command{Kind: ui.CmdContinue, ID: id})
	if game(b) == nil || game(b).Variant() != rules.Citadel {
		t.Fatal("the continued game is not a Citadel game")
	}
	if !is[*curtainScene](b) || !citadelHead(b.f.behind) {
		t.Fatalf("%T: the public table behind the curtain shows no Citadel pieces", b.mgr.cur)
	}
	b.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	b.rebuild()
	if !citadelHead(b.f.ws) {
		t.Fatalf("%T: the continued Citadel game's table shows no Citadel pieces", b.mgr.cur)
	}
	b.closeWindow()
	r, _ := replayOf(t, fileGame(t, st.File(id)), id+".ntk")
	if !citadelHead(r.f.ws) {
		t.Error("the replay of a Citadel save shows no Citadel pieces")
	}
	s := spectatorOn(t, st.File(id))
	if !citadelHead(s.f.ws) {
		t.Error("the spectator of a Citadel save shows no Citadel pieces")
	}
	p := mustApp(t, Options{Players: []string{"Ann", "Ben"}}, defaultNewGame)
	p.handle(ui.Input{Enter: true})
	p.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	p.rebuild()
	if !ui.HasText(p.f.ws, "Conspiracies") || citadelHead(p.f.ws) {
		t.Error("a plain game's table shows the Citadel's pieces")
	}
}
