package rules

import (
	"slices"
	"testing"
)

// TestPreviewEqualsTheCombatStarted: the preview of an attacking move is
// the combat the move then starts, term by term.
func TestPreviewEqualsTheCombatStarted(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "stoney-sept", units(2, 1, 0))
		set(t, g, "lannister", "lannisport", units(1, 0, 0))
		give(t, g, 1, "tyrion-lannister")
	})
	a, _ := g.ParseAction("crown move stoney-sept lannisport footman:2 knight:1")
	pv, err := g.PreviewCombat(a)
	if err != nil || pv == nil {
		t.Fatalf("preview %v %v", pv, err)
	}
	if _, err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
	cv := g.View(Public).Combat
	if cv == nil {
		t.Fatal("the move started no combat")
	}
	if !slices.Equal(pv.AttackerTerms, cv.AttackerTerms) || !slices.Equal(pv.DefenderTerms, cv.DefenderTerms) ||
		pv.AttackerPower != cv.AttackerPower || pv.DefenderPower != cv.DefenderPower || pv.Territory != cv.Territory {
		t.Fatalf("preview %+v, combat started %+v", pv, cv)
	}
}

// TestCombatResult: the action that ends a combat gives its deciding
// terms and winner; other actions give none, and the game is unchanged.
func TestCombatResult(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "stoney-sept", units(2, 1, 0))
		set(t, g, "lannister", "lannisport", units(1, 0, 0))
		give(t, g, 1, "tyrion-lannister")
	})
	act(t, g, "crown move stoney-sept lannisport footman:2 knight:1")
	if cv, err := g.CombatResult(g.Len()); err != nil || cv != nil {
		t.Fatalf("the move that opened the combat ended one: %+v %v", cv, err)
	}
	act(t, g, "torch play tyrion-lannister")
	// Lannister wins 6 to 4; Stark's survivors must choose a retreat: the
	// combat has not ended yet.
	if cv, err := g.CombatResult(g.Len()); err != nil || cv != nil {
		t.Fatalf("the combat ended before the retreat: %+v %v", cv, err)
	}
	live := *g.View(Public).Combat
	var to string
	for _, l := range g.Legal() {
		if l.Verb == VRetreat {
			to = g.Map().Territories[l.To].ID
			break
		}
	}
	if to == "" {
		t.Fatal("no retreat offered")
	}
	act(t, g, "crown retreat "+to)
	before := stateJSON(t, g)
	cv, err := g.CombatResult(g.Len())
	if err != nil || cv == nil {
		t.Fatalf("the retreat ended no combat: %v", err)
	}
	if cv.Winner != house(t, g, "lannister") || cv.AttackerPower != 4 || cv.DefenderPower != 6 ||
		!slices.Equal(cv.AttackerTerms, live.AttackerTerms) || !slices.Equal(cv.DefenderTerms, []string{"1 footman +1", "castle +4", "Tyrion Lannister +1"}) ||
		len(cv.Played) != 2 || cv.Played[1].Card != g.cardNum("tyrion-lannister") {
		t.Fatalf("result %+v", cv)
	}
	if stateJSON(t, g) != before {
		t.Fatal("CombatResult changed the game")
	}
	if _, err := g.CombatResult(g.Len() + 1); err == nil {
		t.Fatal("a result for an action not taken")
	}
}

// TestCombatResultOfAMoveThatDecidesAtOnce: when nobody holds a card of
// either house, the move that opens the combat also ends it.
func TestCombatResultOfAMoveThatDecidesAtOnce(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "stoney-sept", units(3, 2, 0))
		set(t, g, "lannister", "lannisport", units(1, 0, 0))
	})
	evs := act(t, g, "crown move stoney-sept lannisport footman:3 knight:2")
	if g.View(Public).Combat != nil || !hasEvent(evs, "wins the combat") {
		t.Fatalf("the combat did not end with the move: %v", evs)
	}
	cv, err := g.CombatResult(g.Len())
	if err != nil || cv == nil {
		t.Fatalf("no result for the move: %v", err)
	}
	if cv.Winner != house(t, g, "stark") || cv.AttackerPower != 7 || cv.DefenderPower != 5 || len(cv.AttackerTerms) != 2 {
		t.Fatalf("result %+v", cv)
	}
}
