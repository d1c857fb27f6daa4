package placer

import (
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestAttackersDrawnDuringCombat: while a combat runs, the attacker's
// units (off the board until it ends) are in the overlay's plan, in the
// contested territory, edged as attackers and as many as attack, with an
// attack arrow from their origin; the same in the log's past board of
// that moment once the combat is over; and none when no combat runs.
func TestAttackersDrawnDuringCombat(t *testing.T) {
	found := 0
	for seed := int64(1); seed <= 40 && found < 4; seed++ {
		for _, mp := range []struct {
			name  string
			seats []string
		}{{"standard", []string{"A", "B", "C", "D"}}, {"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}}} {
			g, err := tabletest.RulesGame(mp.name, mp.seats, uint64(seed))
			if err != nil {
				t.Fatal(err)
			}
			tabletest.PlayUntil(t, g, g, seed, func() bool { return g.View(rules.Public).Combat != nil })
			if g.View(rules.Public).Combat == nil {
				continue
			}
			found++
			at := g.Len()
			checkAttackers(t, g, g.View(rules.Public), "live")
			// Play on until the combat is over; the past board of then
			// shows the attackers as the live board did.
			tabletest.PlayUntil(t, g, g, seed, func() bool { return g.View(rules.Public).Combat == nil })
			if g.View(rules.Public).Combat != nil {
				continue
			}
			past, err := g.ViewAt(at, rules.Public)
			if err != nil {
				t.Fatal(err)
			}
			checkAttackers(t, g, past, "past board")
			cam := ui.NewCamera(g.Map())
			cam.SetViewport(tableBoard)
			now := g.View(rules.Public)
			for _, tk := range PlanOverlay(cam, 1, cam.Geom().Cell, &now).Tokens {
				if tk.Attack {
					t.Fatalf("seed %d: an attacker's token after the combat: %+v", seed, tk)
				}
			}
			if ms := ui.BoardMarks(g.Map(), &now, nil); len(ms) != 0 {
				t.Fatalf("seed %d: marks with no combat and none given: %+v", seed, ms)
			}
		}
	}
	if found < 4 {
		t.Fatalf("only %d combats reached", found)
	}
}

func checkAttackers(t *testing.T, g *rules.Game, pv rules.View, what string) {
	t.Helper()
	c := pv.Combat
	if c == nil {
		t.Fatalf("%s: no combat in the view", what)
	}
	if board.Total(c.Attacking) == 0 {
		t.Fatalf("%s: the combat's attackers are already gone (step %s)", what, c.Step)
	}
	cam := ui.NewCamera(g.Map())
	cam.SetViewport(tableBoard)
	pl := PlanOverlay(cam, 1, cam.Geom().Cell, &pv)
	var got [board.NumUnits]int
	for _, tk := range pl.Tokens {
		if !tk.Attack {
			continue
		}
		if tk.Terr != int(c.Territory) || tk.House != c.Attacker || tk.Flag {
			t.Errorf("%s: attacker's token %+v, want house %d in territory %d", what, tk, c.Attacker, c.Territory)
		}
		got[tk.Unit] += tk.N
	}
	if got != c.Attacking {
		t.Errorf("%s: attackers drawn %v, attacking %v", what, got, c.Attacking)
	}
	ms := ui.BoardMarks(g.Map(), &pv, nil)
	if len(ms) != 1 || ms[0].Kind != ui.MarkArrow || !ms[0].Attack || ms[0].From != c.From || ms[0].To != c.Territory || ms[0].House != c.Attacker {
		t.Errorf("%s: marks %+v, want one attack arrow %d→%d", what, ms, c.From, c.Territory)
	}
}
