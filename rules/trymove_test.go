package rules

import (
	"encoding/json"
	"slices"
	"testing"

	"notrueking/board"
)

// TryDestinations and TryMove answer as the engine does for the house
// that is moving now: the destinations are exactly those Legal lists, and
// every refusal is Check's text, for every group on the board.
func TestTryMoveAgreesWithLegalAndCheck(t *testing.T) {
	{
		g := scenario(t, 3, 0, agentAt{0, "greyjoy", Maester}, agentAt{1, "stark", Maester}, agentAt{2, "lannister", Marshal})
		act(t, g, "crown resolve greyjoy maester")
		act(t, g, "crown choose move")
		h := house(t, g, "greyjoy")
		before, _ := json.Marshal(g.st)
		legalTo := map[board.TerrID][]board.TerrID{}
		for _, a := range g.Legal() {
			if a.Verb == VMove && !slices.Contains(legalTo[a.From], a.To) {
				legalTo[a.From] = append(legalTo[a.From], a.To)
			}
		}
		checked := 0
		for from := range g.m.NumTerritories() {
			u := g.st.Units[from][h]
			got := g.TryDestinations(h, from)
			want := legalTo[from]
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("from %s: TryDestinations %v, Legal %v", g.terrName(from), got, want)
			}
			if u == ([board.NumUnits]int{}) {
				continue
			}
			for to := range g.m.NumTerritories() {
				err := g.TryMove(h, from, to, u)
				cerr := g.Check(Action{Seat: 0, Verb: VMove, From: from, To: to, Units: u, House: None})
				if (err == nil) != (cerr == nil) || err != nil && err.Error() != cerr.Error() {
					t.Fatalf("%s → %s: TryMove %v, Check %v", g.terrName(from), g.terrName(to), err, cerr)
				}
				checked++
			}
		}
		if checked == 0 || len(legalTo) == 0 {
			t.Fatal("Greyjoy has no group to try")
		}
		after, _ := json.Marshal(g.st)
		if string(before) != string(after) {
			t.Fatal("trying moves changed the game")
		}
	}
}

// Any house may be tried at any time: Stark's ships cannot sail onto
// land, whoever is to act, and its footmen in Winterfell may go next door.
func TestTryMoveAnyHouseAnyTime(t *testing.T) {
	g := newGame(t, 3, 1) // the loyalty phase: nobody moves
	s := house(t, g, "stark")
	clearBoard(g)
	set(t, g, "stark", "winterfell", units(2, 0, 0))
	set(t, g, "stark", "bay-of-ice", units(0, 0, 1))
	wf, bay := terr(t, g, "winterfell"), terr(t, g, "bay-of-ice")
	if err := g.TryMove(s, bay, wf, units(0, 0, 1)); err == nil {
		t.Fatal("a ship sailed onto land")
	} else {
		wantErr(t, err.Error(), "ships cannot enter land")
	}
	if err := g.TryMove(s, wf, terr(t, g, "the-twins"), units(2, 0, 0)); err == nil {
		t.Fatal("Winterfell to the Twins (not adjacent) accepted")
	}
	ds := g.TryDestinations(s, wf)
	if !slices.Contains(ds, terr(t, g, "castle-black")) || !slices.Contains(ds, bay) {
		t.Fatalf("destinations from Winterfell %v: want Castle Black and the Bay of Ice (one ship)", ds)
	}
	if err := g.TryMove(99, wf, bay, units(1, 0, 0)); err == nil {
		t.Fatal("no house 99, accepted")
	}
}
