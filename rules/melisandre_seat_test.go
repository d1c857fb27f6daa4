package rules

import (
	"slices"
	"testing"
)

// Melisandre's look and discard belong to the player who played her
// (seed 002: "the player who played it may look at one opponent's hand,
// and then force him to discard a card of his choice"), not to the active
// player: here a third seat, Helm, who is neither attacking nor
// defending, plays her for the winning house. Helm acts, Helm alone sees
// the hand, and the active seat (Crown) cannot act for Helm.
func TestMelisandreBelongsToTheSeatThatPlayedHer(t *testing.T) {
	g := scenario(t, 3, 0, agentAt{0, "baratheon", Maester}, agentAt{1, "tyrell", Maester}, agentAt{2, "baratheon", Marshal})
	clearBoard(g)
	set(t, g, "baratheon", "kingswood", units(3, 0, 0))
	set(t, g, "tyrell", "the-reach", units(1, 0, 0))
	give(t, g, 2, "melisandre")
	give(t, g, 1, "mace-tyrell", "eddard-stark")
	act(t, g, "crown resolve baratheon maester")
	act(t, g, "crown choose move")
	act(t, g, "crown move kingswood the-reach footman:3")
	// The seats play their cards of the two houses in turn: Crown has
	// none, Torch passes, Helm plays Melisandre (Baratheon's).
	for g.ToAct() != 2 {
		if g.ToAct() < 0 || g.top() == nil || g.top().Kind != FrameCombat {
			t.Fatalf("the combat ended before Helm played: to act %d", g.ToAct())
		}
		act(t, g, g.Seats()[g.ToAct()]+" pass")
	}
	act(t, g, "helm play melisandre")
	for g.top() != nil && g.top().Kind == FrameCombat {
		act(t, g, g.Seats()[g.ToAct()]+" pass")
	}
	f := g.top()
	if f == nil || f.Kind != FrameMelisandre {
		t.Fatalf("after the combat: top %+v, want Melisandre's effect", f)
	}
	if f.Seat != 2 || g.ToAct() != 2 {
		t.Fatalf("Melisandre's effect is seat %d's, to act %d; want Helm (2), who played her", f.Seat, g.ToAct())
	}
	wantErr(t, refuse(t, g, "crown look torch"), "")
	act(t, g, "helm look torch")
	if v := g.View(2); v.PeekSeat != 1 || len(v.Peek) != 2 {
		t.Fatalf("Helm's peek: seat %d, %v", v.PeekSeat, v.Peek)
	}
	for _, s := range []Seat{0, 1, Public} {
		if v := g.View(s); len(v.Peek) != 0 {
			t.Fatalf("seat %d sees the hand Helm looked at: %v", s, v.Peek)
		}
	}
	for _, l := range g.View(0).Log {
		if containsFold(l.Text, "Eddard") || containsFold(l.Text, "Mace") {
			t.Fatalf("the active seat's log names a card of the hand Helm looked at: %q", l.Text)
		}
	}
	wantErr(t, refuse(t, g, "crown discard eddard-stark"), "")
	act(t, g, "helm discard eddard-stark")
	if slices.Contains(g.st.Players[1].Hand, g.cardNum("eddard-stark")) || g.top() != nil {
		t.Fatal("Helm's discard was not carried out")
	}
}

// After Melisandre's look the discard is forced ("and then force him to
// discard"): the effect may be declined before the look, not after it.
func TestMelisandresDiscardIsForcedAfterTheLook(t *testing.T) {
	g := melisandreWon(t)
	act(t, g, "crown look torch")
	wantErr(t, refuse(t, g, "crown decline"), "must choose the card Torch discards")
	for _, a := range g.Legal() {
		if a.Verb == VDecline {
			t.Fatal("decline is offered after the look")
		}
	}
	if n := len(g.st.Players[1].Hand); n != 2 {
		t.Fatalf("Torch holds %d cards after a refused decline", n)
	}
}
