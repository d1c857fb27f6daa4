package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"notrueking/board"
)

func TestNewValidatesConfig(t *testing.T) {
	m := mustMap(t)
	tests := []struct {
		name    string
		players []string
		want    string
	}{
		{"one player", []string{"Ann"}, "takes 2 to 4"},
		{"five players", []string{"A", "B", "C", "D", "E"}, "takes 2 to 4"},
		{"empty name", []string{"Ann", " "}, "player 2 has no name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(m, Config{Players: tc.players})
			if err == nil {
				t.Fatal("accepted")
			}
			wantErr(t, err.Error(), tc.want)
		})
	}
	if _, err := New(nil, Config{Players: []string{"A", "B"}}); err == nil {
		t.Fatal("nil map accepted")
	}
	for n := 2; n <= 4; n++ {
		g := newGame(t, n, 9)
		if got := g.Seats(); !slices.Equal(got, []string{"crown", "torch", "helm", "gauntlet"}[:n]) {
			t.Fatalf("seats %v", got)
		}
		if v := g.View(Public); v.Rounds != n || v.Round != 1 || v.Phase != PhaseLoyalty {
			t.Fatalf("%d players: rounds %d round %d phase %s", n, v.Rounds, v.Round, v.Phase)
		}
	}
}

func TestNewPlacesStartingUnits(t *testing.T) {
	g := newGame(t, 3, 1)
	tests := []struct {
		house, terr string
		want        [board.NumUnits]int
	}{
		{"stark", "winterfell", units(1, 1, 0)},
		{"stark", "the-shivering-sea", units(0, 0, 1)},
		{"greyjoy", "port-of-pyke", units(0, 0, 1)},
		{"lannister", "stoney-sept", units(1, 0, 0)},
		{"baratheon", "shipbreaker-bay", units(0, 0, 2)},
		{"tyrell", "the-reach", units(0, 0, 0)},
	}
	for _, tc := range tests {
		if got := unitsAt(g, tc.house, tc.terr); got != tc.want {
			t.Errorf("%s in %s: %v, want %v", tc.house, tc.terr, got, tc.want)
		}
	}
	v := g.View(Public)
	for i, h := range g.m.Houses {
		if v.DeckSizes[i] != len(h.Deck) {
			t.Errorf("%s deck %d, want %d", h.ID, v.DeckSizes[i], len(h.Deck))
		}
	}
}

func TestNewDrawsFromSeed(t *testing.T) {
	a, b := newGame(t, 4, 42), newGame(t, 4, 42)
	if a.st.First != b.st.First || !slices.Equal(a.st.Decks[0], b.st.Decks[0]) {
		t.Fatal("same seed, different setup")
	}
	firsts := map[int]bool{}
	decks := map[int]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		g := newGame(t, 4, seed)
		firsts[int(g.st.First)] = true
		decks[int(g.st.Decks[1][0])] = true
	}
	if len(firsts) < 3 || len(decks) < 3 {
		t.Fatalf("40 seeds gave %d first players and %d top Stark cards", len(firsts), len(decks))
	}
}

func TestInitialRankingIsTheMapsOrder(t *testing.T) {
	g := newGame(t, 2, 1)
	want := map[string][2]int{"baratheon": {1, 1}, "stark": {2, 2}, "lannister": {3, 4}, "greyjoy": {3, 4}, "tyrell": {5, 5}}
	for _, r := range g.View(Public).Ranking {
		if w := want[g.m.Houses[r.House].ID]; w != [2]int{r.From, r.To} {
			t.Errorf("%s %d–%d, want %v", g.m.Houses[r.House].ID, r.From, r.To, w)
		}
	}
	// Computed on the starting board, Tyrell ties Lannister and Greyjoy.
	for _, r := range g.computeRanking() {
		if r.House == house(t, g, "tyrell") && (r.From != 3 || r.To != 5) {
			t.Errorf("computed Tyrell %d–%d, want 3–5", r.From, r.To)
		}
	}
}

func TestLoyaltyArrangementIsSecret(t *testing.T) {
	g := newGame(t, 3, 5)
	if g.ToAct() != 0 {
		t.Fatalf("seat %d arranges first, want seat 0", g.ToAct())
	}
	wantErr(t, refuse(t, g, "torch arrange stark baratheon lannister greyjoy tyrell"), "it is Crown's turn")
	wantErr(t, refuse(t, g, "crown arrange stark stark lannister greyjoy tyrell"), "named twice")
	wantErr(t, refuse(t, g, "crown arrange stark lannister greyjoy tyrell"), "all 5 houses")
	wantErr(t, refuse(t, g, "crown arrange stark lannister greyjoy tyrell martell"), "no house")
	wantErr(t, refuse(t, g, "crown place stark maester"), "arrange their loyalty card")
	// Legal offers one arrangement (the card as it stands); every order of
	// the five houses is accepted, and RandomArrangement reaches them all.
	if l := g.Legal(); len(l) != 1 || l[0].Verb != VArrange {
		t.Fatalf("Legal in the loyalty phase = %v, want one arrange action", l)
	}
	seen := map[Arrangement]bool{}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 5000 && len(seen) < 120; i++ {
		a := RandomArrangement(g.Legal()[0], r)
		if err := g.Check(a); err != nil {
			t.Fatalf("random arrangement %v refused: %v", a.Order.Houses(), err)
		}
		seen[a.Order] = true
	}
	if len(seen) != 120 {
		t.Fatalf("RandomArrangement reached %d of the 120 orders", len(seen))
	}
	evs := act(t, g, "crown arrange stark baratheon lannister greyjoy tyrell")
	if !hasEvent(evs, "Crown arranged their loyalty card") {
		t.Fatalf("events %v", evs)
	}
	own, other := g.View(0), g.View(1)
	if own.Players[0].Loyalty[0].House != house(t, g, "stark") || own.Players[0].Loyalty[0].Value != 6 {
		t.Fatalf("own view %v", own.Players[0].Loyalty)
	}
	for _, tok := range append(other.Players[0].Loyalty, g.View(Public).Players[0].Loyalty...) {
		if tok.House != board.NoHouse {
			t.Fatalf("another seat sees Crown's token %v", tok)
		}
	}
	for _, e := range other.Log {
		if containsFold(e.Text, "your loyalty card") {
			t.Fatalf("Torch reads Crown's secret: %q", e.Text)
		}
	}
	act(t, g, "torch arrange baratheon stark lannister greyjoy tyrell")
	act(t, g, "helm arrange tyrell stark lannister greyjoy baratheon")
	if v := g.View(Public); v.Phase != PhasePlace || v.ToAct != g.st.First {
		t.Fatalf("after arranging: phase %s, to act %d, first %d", v.Phase, v.ToAct, g.st.First)
	}
}

func arrangeAll(t *testing.T, g *Game) {
	t.Helper()
	for g.st.Phase == PhaseLoyalty {
		if _, err := g.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPlacementGoesClockwiseFromTheFirstPlayer(t *testing.T) {
	g := newGame(t, 3, 1)
	arrangeAll(t, g)
	if err := g.Edit().First(1); err != nil {
		t.Fatal(err)
	}
	if n := len(g.Legal()); n != 15 {
		t.Fatalf("%d placements listed, want 15 empty slots", n)
	}
	order := []int{}
	for i := 0; i < 9; i++ {
		order = append(order, int(g.ToAct()))
		legal := g.Legal()
		if len(legal) != 15-i {
			t.Fatalf("placement %d: %d slots listed, want %d", i, len(legal), 15-i)
		}
		if i == 1 {
			wantErr(t, refuse(t, g, "helm place baratheon maester"), "already holds Torch's agent")
		}
		if _, err := g.Apply(legal[0]); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(order, []int{1, 2, 0, 1, 2, 0, 1, 2, 0}) {
		t.Fatalf("placement order %v", order)
	}
	if g.st.Phase != PhaseResolve {
		t.Fatalf("phase %s after 9 agents", g.st.Phase)
	}
	for i, p := range g.st.Players {
		if p.Agents != 0 {
			t.Fatalf("seat %d still holds %d agents", i, p.Agents)
		}
	}
}

// TestNewRefusesAMapTooBigForItsIds: territory, house and card ids are
// 16-bit, so a map built in code with more territories than they can
// number is refused with a reason instead of wrapping around.
func TestNewRefusesAMapTooBigForItsIds(t *testing.T) {
	big := *mustMap(t)
	big.Territories = append([]board.Territory(nil), big.Territories...)
	for i := len(big.Territories); i <= board.MaxIDs; i++ {
		big.Territories = append(big.Territories, board.Territory{ID: fmt.Sprintf("t%d", i), Kind: board.Sea, Port: board.NoTerr, PortOf: board.NoTerr, PortSea: board.NoTerr})
	}
	big.Index()
	_, err := New(&big, Config{Players: []string{"Ann", "Ben"}, Seed: 1})
	if err == nil || !strings.Contains(err.Error(), "at most 32767") {
		t.Fatalf("New on a map of %d territories: %v, want a refusal", len(big.Territories), err)
	}
}
