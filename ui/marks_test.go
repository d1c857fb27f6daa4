package ui

import (
	"image/color"
	"math"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
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
			cam := NewCamera(g.Map())
			cam.SetViewport(tableBoard)
			now := g.View(rules.Public)
			for _, tk := range PlanOverlay(cam, 1, cam.Geom().Cell, &now).Tokens {
				if tk.Attack {
					t.Fatalf("seed %d: an attacker's token after the combat: %+v", seed, tk)
				}
			}
			if ms := BoardMarks(g.Map(), &now, nil); len(ms) != 0 {
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
	cam := NewCamera(g.Map())
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
	ms := BoardMarks(g.Map(), &pv, nil)
	if len(ms) != 1 || ms[0].Kind != MarkArrow || !ms[0].Attack || ms[0].From != c.From || ms[0].To != c.Territory || ms[0].House != c.Attacker {
		t.Errorf("%s: marks %+v, want one attack arrow %d→%d", what, ms, c.From, c.Territory)
	}
}

// TestArrowPathClearsTheTokensLeftBehind: an arrow leaves from beyond the
// edge of its origin's token block (the tokens and flag left there stay
// uncovered) and its tip reaches into the destination's block, where its
// head is drawn over the tokens; without blocks it runs between the poles
// cut back at both ends, and so when the blocks leave no room.
func TestArrowPathClearsTheTokensLeftBehind(t *testing.T) {
	a, z := board.Point{X: 0, Y: 0}, board.Point{X: 100, Y: 0}
	from := Rect{X: -20, Y: -10, W: 40, H: 20}
	to := Rect{X: 80, Y: -10, W: 40, H: 20}
	tail, tip := ArrowPath(a, z, from, to, 3, 5, 4, 10)
	if tail.X != 23 || tail.Y != 0 {
		t.Errorf("tail at %v, want 3 beyond the origin's block (23, 0)", tail)
	}
	if tip.X != 85 || tip.Y != 0 {
		t.Errorf("tip at %v, want 5 into the destination's block (85, 0)", tip)
	}
	tail, tip = ArrowPath(a, z, Rect{}, Rect{}, 3, 5, 4, 10)
	if tail.X != 4 || tip.X != 96 {
		t.Errorf("without blocks: %v to %v, want 4 to 96", tail, tip)
	}
	wide := Rect{X: -20, Y: -10, W: 95, H: 20}
	if tail, tip = ArrowPath(a, z, wide, to, 3, 5, 4, 10); tail.X != 4 || tip.X != 96 {
		t.Errorf("blocks with no room between: %v to %v, want the poles' 4 to 96", tail, tip)
	}
	// Down and to the left: the tail leaves by the block's side it faces.
	tail, _ = ArrowPath(a, board.Point{X: -60, Y: 80}, from, Rect{}, 2, 0, 4, 10)
	if tail.Y < 10+2-1e-9 && tail.X > -20-2+1e-9 {
		t.Errorf("tail at %v inside the origin's block grown by the gap", tail)
	}
}

// TestMarkCasingStandsApart: a mark's casing is the dark one round a light
// house colour and the light one round a dark house colour, inside a
// hairline of the other, for every house of the shipped maps; and every
// ground of the board contrasts 3:1 with one of the two, so a mark's edge
// shows on it.
func TestMarkCasingStandsApart(t *testing.T) {
	for _, name := range []string{"standard", "nine"} {
		g, err := tabletest.RulesGame(name, []string{"A", "B"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range g.Map().Houses {
			c := RGBA(h.Color)
			hair, casing := MarkCasing(c)
			if hair == casing || Contrast(casing, c) < Contrast(hair, c) {
				t.Errorf("%s %s: casing %v, hairline %v", name, h.ID, casing, hair)
			}
		}
	}
	for l := 0.0; l <= 1; l += 0.01 {
		v := uint8(math.Round(255 * math.Pow(l, 1/2.2)))
		g := color.RGBA{v, v, v, 255}
		if max(Contrast(g, ColMarkDark), Contrast(g, ColMarkLight)) < 3 {
			t.Errorf("a ground of luminance %.2f contrasts less than 3:1 with both casings", Luminance(g))
		}
	}
}
