package rules

import (
	"strings"
	"testing"

	"notrueking/board"
)

// Every edit checks what Builder checks of the same fact; a refused edit
// changes nothing, an accepted one makes the position the start of the
// game's history.
func TestEditorEditsInPlace(t *testing.T) {
	g := newGame(t, 3, 7)
	e := g.Edit()
	T := func(id string) board.TerrID { return terr(t, g, id) }
	H := func(id string) board.HouseID { return house(t, g, id) }
	stark, kh, wf := H("stark"), T("karhold"), T("winterfell")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	// Troops placed take away a flag there (as entering does).
	must(e.Flag(board.TerrID(kh), H("lannister")))
	must(e.Units(board.TerrID(kh), board.HouseID(stark), units(0, 2, 0)))
	if flagAt(g, "karhold") != "" || unitsAt(g, "stark", "karhold") != units(0, 2, 0) {
		t.Fatalf("Karhold: flag %q, units %v", flagAt(g, "karhold"), unitsAt(g, "stark", "karhold"))
	}
	if !g.FromPosition() || g.CanUndo() == nil {
		t.Error("an edited position is not the start of the history")
	}
	for _, c := range []struct {
		name string
		edit func() error
		want string
	}{
		{"ships on land", func() error { return e.Units(board.TerrID(kh), board.HouseID(stark), units(0, 0, 1)) }, "ships cannot stand on land (Karhold is land)"},
		{"another house", func() error { return e.Units(board.TerrID(wf), H("greyjoy"), units(1, 0, 0)) }, "Stark already has troops in Winterfell"},
		{"flag on troops", func() error { return e.Flag(board.TerrID(wf), H("greyjoy")) }, "Stark has troops in Winterfell"},
		{"card of another house", func() error { return e.DeckTop(stark, []board.CardID{g.cardNum("mace-tyrell")}, false) }, "Mace Tyrell is a Tyrell card"},
		{"loyalty", func() error { return e.Loyalty(0, []board.HouseID{0, 1}) }, "a loyalty card holds one token of each of the 5 houses"},
		{"round", func() error { return e.Round(4) }, "round 4 is outside 1..3"},
		{"over", func() error { return e.Phase(PhaseOver) }, "last exchange"},
		{"seat", func() error { return e.GiveCard(3, 0) }, "no seat 3"},
	} {
		before := positionJSON(t, g)
		if err := c.edit(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if positionJSON(t, g) != before {
			t.Errorf("%s: refused but the position changed", c.name)
		}
	}

	// Agents: the seats' agents in hand follow; a seat with none left is
	// refused.
	for _, h := range []string{"stark", "lannister", "tyrell"} {
		must(e.Agent(board.HouseID(H(h)), Lord, 0))
	}
	if g.st.Players[0].Agents != 0 {
		t.Fatalf("seat 0 holds %d agents", g.st.Players[0].Agents)
	}
	if err := e.Agent(H("greyjoy"), Lord, 0); err == nil || !strings.Contains(err.Error(), "Crown has no agents in hand") {
		t.Errorf("a fourth agent: %v", err)
	}
	must(e.Agent(board.HouseID(stark), Lord, 1))
	if g.st.Players[0].Agents != 1 || g.st.Players[1].Agents != 2 {
		t.Errorf("agents in hand %d and %d after the slot changed hands", g.st.Players[0].Agents, g.st.Players[1].Agents)
	}

	// Cards move from wherever they are.
	eddard := g.cardNum("eddard-stark")
	must(e.GiveCard(2, eddard))
	must(e.GiveCard(1, eddard))
	if len(g.st.Players[2].Hand) != 0 || len(g.st.Players[1].Hand) != 1 || g.cardPlace(eddard) != "in Torch's hand" {
		t.Fatalf("Eddard is %s", g.cardPlace(eddard))
	}
	must(e.DeckTop(stark, []board.CardID{eddard}, true))
	if g.st.Decks[stark][0] != eddard || len(g.st.Decks[stark]) != 1 || len(g.st.Discards[stark]) != len(g.m.Houses[stark].Deck)-1 {
		t.Errorf("deck %v discard %v", g.st.Decks[stark], g.st.Discards[stark])
	}

	// A loyalty card edited counts as arranged.
	must(e.Reveal(2, board.HouseID(stark), true))
	if !g.st.Players[2].Revealed[stark] || !g.st.Players[2].Arranged {
		t.Error("the token is not face up on an arranged card")
	}
}

// On the nine-player map troops entering an unheld fortification hold it
// and it is gone once they leave, as in play; dragons placed are dragons
// the house has had.
func TestEditorFortificationsAndDragons(t *testing.T) {
	g := nineGame(t, 3)
	e := g.Edit()
	mc, stark, targ := terr(t, g, "moat-cailin"), house(t, g, "stark"), house(t, g, "targaryen")
	if err := e.Units(mc, stark, units(1, 0, 0)); err != nil {
		t.Fatal(err)
	}
	if g.st.Forts[mc] != stark {
		t.Fatalf("Moat Cailin's fortification %d, want Stark's", g.st.Forts[mc])
	}
	if err := e.Units(mc, stark, units(0, 0, 0)); err != nil {
		t.Fatal(err)
	}
	if g.st.Forts[mc] != FortNone {
		t.Fatalf("Moat Cailin's fortification %d, want gone", g.st.Forts[mc])
	}
	dragonstone := terr(t, g, "dragonstone")
	if err := e.Units(dragonstone, targ, [4]int{0, 0, 0, 3}); err != nil {
		t.Fatal(err)
	}
	if g.st.Dragons[targ] < 3 {
		t.Errorf("Targaryen has had %d dragons with 3 on the board", g.st.Dragons[targ])
	}
}

// Build checks the whole edited position and starts a new game from it;
// the edited game is not changed.
func TestEditorBuild(t *testing.T) {
	g := newGame(t, 2, 3)
	e := g.Edit()
	port, wf, stark := terr(t, g, "port-of-winterfell"), terr(t, g, "winterfell"), house(t, g, "stark")
	h, err := e.Build()
	if err != nil {
		t.Fatal(err)
	}
	if positionJSON(t, h) != positionJSON(t, g) || h.Len() != 0 || !h.FromPosition() {
		t.Fatal("the game built from an unedited position differs")
	}
	wfUnits := g.st.Units[wf][stark]
	if err := e.Units(port, stark, units(0, 0, 1)); err != nil {
		t.Fatal(err)
	}
	if err := e.Units(wf, stark, units(0, 0, 0)); err != nil {
		t.Fatal(err)
	}
	before := positionJSON(t, g)
	if _, err := e.Build(); err == nil || !strings.Contains(err.Error(), "Stark has ships in Port of Winterfell but does not control Winterfell") {
		t.Errorf("ships in a port whose land Stark does not hold: %v", err)
	}
	if positionJSON(t, g) != before {
		t.Error("Build changed the edited game")
	}
	// The phase: pending steps go, the turn goes to the first player,
	// and a turn a seat cannot take goes to the seat the position gives.
	if err := e.Units(wf, stark, wfUnits); err != nil {
		t.Fatal(err)
	}
	if err := e.Phase(PhasePlace); err != nil {
		t.Fatal(err)
	}
	first := g.st.First
	if err := e.Agent(house(t, g, "tyrell"), Lord, first); err != nil {
		t.Fatal(err)
	}
	for _, hid := range []string{"greyjoy", "baratheon"} {
		if err := e.Agent(house(t, g, hid), Lord, first); err != nil {
			t.Fatal(err)
		}
	}
	h, err = e.Build()
	if err != nil {
		t.Fatal(err)
	}
	if h.ToAct() != 1-first {
		t.Errorf("%d to act, want the seat with agents left, %d", h.ToAct(), 1-first)
	}
}
