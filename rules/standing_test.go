package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Standing applies the tie-breaks in the rules' order: at game over it
// names the real winner and what decided it (the words of the tie-break
// line say the same); before, its winner has the most points and, among
// the seats tied on them, the fewest revealed tokens.
func TestStandingAppliesTheTieBreaks(t *testing.T) {
	words := map[Decider]string{ByPoints: "No tie", ByReveals: "fewest revealed", ByCards: "most", ByTurnOrder: "turn order"}
	seen := map[Decider]bool{}
	for i := range 24 {
		g := newGame(t, 4, uint64(100+i))
		r := rand.New(rand.NewPCG(uint64(i), 3))
		for !g.Over() {
			if g.st.Phase == PhaseExchange {
				scores, win, _ := g.Standing()
				for s, sc := range scores {
					if sc > scores[win] || sc == scores[win] && g.revealedCount(Seat(s)) < g.revealedCount(win) {
						t.Fatalf("game %d: seat %d (%d points, %d revealed) would beat the standing's winner %d (%d, %d)",
							i, s, sc, g.revealedCount(Seat(s)), win, scores[win], g.revealedCount(win))
					}
				}
			}
			legal := g.Legal()
			a := legal[r.IntN(len(legal))]
			if a.Verb == VArrange {
				a = RandomArrangement(a, r)
			}
			if err := g.Step(a); err != nil {
				t.Fatal(err)
			}
		}
		_, winners, _ := g.Result()
		_, win, by := g.Standing()
		if len(winners) != 1 || winners[0] != win {
			t.Fatalf("game %d: the standing's winner %d, the game's %v", i, win, winners)
		}
		if !strings.Contains(g.st.TieBreak, words[by]) {
			t.Fatalf("game %d: decided by %s, but the tie-break says %q", i, by, g.st.TieBreak)
		}
		seen[by] = true
	}
	if len(seen) < 2 {
		t.Fatalf("24 games were all decided by %v: the test saw no tie-break", seen)
	}
}
