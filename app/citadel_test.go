package app

import (
	"fmt"
	"math/rand"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
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

// playCitadel plays seeded random actions of g, leaning to the Citadel
// (a Maester studies; a 7–9 takes a crystal; no card is played), until
// stop says so; it fails when stop never does.
func playCitadel(t testing.TB, g *rules.Game, seed int64, stop func() bool) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < 4000 && !g.Over(); i++ {
		if stop() {
			return
		}
		var l []rules.Action
		for _, a := range g.Legal() {
			if a.Verb != rules.VLostOrders && a.Verb != rules.VIllTidings {
				l = append(l, a)
			}
		}
		pick := l[rng.Intn(len(l))]
		if pick.Verb == rules.VDone && len(l) > 1 && rng.Intn(4) > 0 {
			pick = l[rng.Intn(len(l)-1)]
		}
		for _, a := range l {
			switch {
			case a.Verb == rules.VStudy && rng.Intn(3) > 0,
				a.Verb == rules.VGain && a.Gain == rules.GainCrystal && rng.Intn(3) > 0:
				pick = a
			}
		}
		if pick.Verb == rules.VArrange {
			pick = l[0]
		}
		if _, err := g.Apply(pick); err != nil {
			t.Fatal(err)
		}
	}
	if !stop() {
		t.Fatalf("seed %d: the position looked for never came", seed)
	}
}

// citadelPair is two scripted Citadel games that differ only in seat
// holder's secrets, in its own view: its Dark Wings cards, the token it
// uncovered, the aim its private log names.
func citadelPair(m *board.Map, holder rules.Seat) (a, b *tabletest.Engine) {
	return tabletest.CitadelSecrets(m, holder, []rules.Wing{rules.LostOrders}, 0, rules.DigUpDirt),
		tabletest.CitadelSecrets(m, holder, []rules.Wing{rules.IllTidings}, 1, rules.ResearchLegends)
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
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		each := func(a *App, name string) {
			for _, s := range [][2]int{{1280, 720}, {1920, 1080}} {
				look(t, a, fmt.Sprintf("citadel-%s-%s-%d", name, tc.mapName, s[0]), s[0], s[1])
			}
		}
		// A Maester's decision, some crystals gathered: the fourth choice.
		g := citadelGame(t, tc.mapName, tc.players, 3)
		playCitadel(t, g, 3, func() bool {
			return hasVerb(g, rules.VStudy) && g.View(g.ToAct()).Players[g.ToAct()].Crystals > 0 && g.View(rules.Public).Round > 1
		})
		a := curtainApp(t, g, 3)
		a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
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
		// Dark Wings cards in hand at the start of a resolving turn.
		g = citadelGame(t, tc.mapName, tc.players, 5)
		playCitadel(t, g, 5, func() bool {
			return (hasVerb(g, rules.VLostOrders) || hasVerb(g, rules.VIllTidings)) && g.View(g.ToAct()).Players[g.ToAct()].Wings > 1
		})
		a = curtainApp(t, g, 5)
		a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
		each(a, "wings")
	}
}
