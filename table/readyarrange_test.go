package table

import (
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
)

// TestArrangeReadyWhenTheTurnComes: a seat whose panel stays in view while
// another seat arranges first (a bot's, or a player's at another device)
// finds its loyalty card laid out to arrange when its turn comes, as it
// would after the curtain's lift.
func TestArrangeReadyWhenTheTurnComes(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	u := New(rules.DeskOf(g, 1), Options{})
	if g.ToAct() != 0 {
		t.Fatalf("seat %d to act, the test wants 0", g.ToAct())
	}
	u.Reveal(1)
	if len(u.State().Arrange) != 0 {
		t.Fatal("a card laid out to arrange before the seat's turn")
	}
	evs, err := g.Apply(g.Legal()[0])
	if err != nil {
		t.Fatal(err)
	}
	u.Follow(rules.ForDesk(evs, u.Game().Holds), false, "Ann")
	if n := len(u.State().Arrange); n != len(g.Map().Houses) {
		t.Fatalf("Ben's turn to arrange, and %d tokens laid out", n)
	}
}
