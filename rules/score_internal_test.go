package rules

import (
	"testing"

	"notrueking/board"
	"notrueking/maps"
)

func loadShipped(t testing.TB, name string) *board.Map {
	t.Helper()
	m, err := maps.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestScoreCardAgreesWithProvisional: ScoreCard, given each seat's card
// and the ranking the board gives, scores what Provisional (its own
// reckoning of the spans) says, at positions all through random games on
// both shipped maps; over, the scores are the game's.
func TestScoreCardAgreesWithProvisional(t *testing.T) {
	for _, tc := range []struct {
		m       string
		players int
	}{{"standard", 4}, {"nine", 9}} {
		m := loadShipped(t, tc.m)
		checked := 0
		_, err := SelfPlayEach(m, tc.players, 3, 7, func(i int, g *Game) {
			for n := 0; n <= g.Len(); n += 97 {
				at, err := g.At(n)
				if err != nil {
					t.Fatal(err)
				}
				want := at.Provisional()
				ranking := at.computeRanking()
				if at.Over() {
					ranking = at.st.Ranking
				}
				for s, p := range at.st.Players {
					if got := ScoreCard(m.LoyaltySlots, p.Loyalty, ranking); got != want[s] {
						t.Fatalf("%s game %d after %d actions, seat %d: ScoreCard %d, Provisional %d", tc.m, i, n, s, got, want[s])
					}
					checked++
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if checked == 0 {
			t.Fatalf("%s: no position checked", tc.m)
		}
	}
}

// TestSelfPlayEachHandsOverEveryFinishedGame: each is called once per
// game, in order, with the game over, and the games are SelfPlay's (the
// same checksum).
func TestSelfPlayEachHandsOverEveryFinishedGame(t *testing.T) {
	m := loadShipped(t, "standard")
	want, err := SelfPlay(m, 3, 5, 11)
	if err != nil {
		t.Fatal(err)
	}
	var seen []int
	got, err := SelfPlayEach(m, 3, 5, 11, func(i int, g *Game) {
		if !g.Over() {
			t.Errorf("game %d handed over before its end", i)
		}
		seen = append(seen, i)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("SelfPlayEach %+v, SelfPlay %+v", got, want)
	}
	if len(seen) != 5 {
		t.Fatalf("each called for games %v, want 0 to 4", seen)
	}
	for i, n := range seen {
		if n != i {
			t.Fatalf("each called for games %v, want 0 to 4 in order", seen)
		}
	}
}
