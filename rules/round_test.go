package rules

import (
	"testing"

	"notrueking/board"
)

func TestRankingOrderAndSpans(t *testing.T) {
	g := newGame(t, 2, 1)
	clearBoard(g)
	// Stark: 1 crown, 1 castle (Winterfell). Lannister: 1 crown, 1 castle
	// (Riverrun) — equal on crowns and castles; Riverrun and Winterfell
	// both have 1 barrel, so they share 1st–2nd.
	set(t, g, "stark", "winterfell", units(1, 0, 0))
	set(t, g, "lannister", "riverrun", units(1, 0, 0))
	// Greyjoy: 1 crown, no castle (Karhold) but a town elsewhere (Flint's Finger).
	set(t, g, "greyjoy", "karhold", units(1, 0, 0))
	if err := g.setFlag("flints-finger", "greyjoy"); err != nil {
		t.Fatal(err)
	}
	// Tyrell: no crowns, 2 barrels (Blackwater) beats Baratheon's nothing.
	set(t, g, "tyrell", "blackwater", units(1, 0, 0))
	want := map[string][2]int{"stark": {1, 2}, "lannister": {1, 2}, "greyjoy": {3, 3}, "tyrell": {4, 4}, "baratheon": {5, 5}}
	rs := g.computeRanking()
	for _, r := range rs {
		if w := want[g.m.Houses[r.House].ID]; w != [2]int{r.From, r.To} {
			t.Errorf("%s %d–%d, want %v (stats %+v)", g.m.Houses[r.House].ID, r.From, r.To, w, r)
		}
	}
	if rs[0].From != 1 || g.m.Houses[rs[len(rs)-1].House].ID != "baratheon" {
		t.Fatalf("not in rank order: %+v", rs)
	}
	if rankText(g, rs) != "Stark 1st–2nd, Lannister 1st–2nd, Greyjoy 3rd, Tyrell 4th, Baratheon 5th" {
		t.Fatalf("text %q", rankText(g, rs))
	}
}

// exchangeGame is a 2-player game in its exchange phase, Crown first.
func exchangeGame(t *testing.T) *Game {
	g := scenario(t, 2, 0)
	if g.st.Phase != PhaseExchange || g.ToAct() != 0 {
		t.Fatalf("phase %s to act %d", g.st.Phase, g.ToAct())
	}
	return g
}

func TestExchangeReveals(t *testing.T) {
	tests := []struct {
		name     string
		revealed []string
		line     string
		want     string // refusal; "" = accepted
	}{
		{"both face down: reveal one of them", nil, "crown exchange stark tyrell reveal tyrell", ""},
		{"both face down: not another", nil, "crown exchange stark tyrell reveal baratheon", "reveal one of the two exchanged tokens"},
		{"one face up: reveal the other", []string{"stark"}, "crown exchange stark tyrell reveal tyrell", ""},
		{"one face up: not the face-up one", []string{"stark"}, "crown exchange stark tyrell reveal stark", "already face up"},
		{"both face up: reveal another", []string{"stark", "tyrell"}, "crown exchange stark tyrell reveal greyjoy", ""},
		{"both face up: not one of them", []string{"stark", "tyrell"}, "crown exchange stark tyrell reveal stark", "reveal another face-down token"},
		{"both face up: not a face-up other", []string{"stark", "tyrell", "greyjoy"}, "crown exchange stark tyrell reveal greyjoy", "already face up"},
		{"all face up: no exchange", []string{"baratheon", "stark", "lannister", "greyjoy", "tyrell"}, "crown exchange stark tyrell reveal greyjoy", "every token is face up"},
		{"same token twice", nil, "crown exchange stark stark reveal stark", "two different tokens"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := exchangeGame(t)
			if err := g.setLoyalty(0, []string{"baratheon", "stark", "lannister", "greyjoy", "tyrell"}, tc.revealed...); err != nil {
				t.Fatal(err)
			}
			if tc.want != "" {
				wantErr(t, refuse(t, g, tc.line), tc.want)
				return
			}
			act(t, g, tc.line)
			p := g.st.Players[0]
			if p.Loyalty[1] != house(t, g, "tyrell") || p.Loyalty[4] != house(t, g, "stark") {
				t.Fatalf("tokens not swapped: %v", p.Loyalty)
			}
			if g.revealedCount(0) != len(tc.revealed)+1 {
				t.Fatalf("%d tokens revealed, want %d", g.revealedCount(0), len(tc.revealed)+1)
			}
		})
	}
}

func TestExchangeIsPublicOnlyForTheRevealedToken(t *testing.T) {
	g := exchangeGame(t)
	if err := g.setLoyalty(0, []string{"baratheon", "stark", "lannister", "greyjoy", "tyrell"}); err != nil {
		t.Fatal(err)
	}
	evs := act(t, g, "crown exchange stark tyrell reveal tyrell")
	if !hasEvent(evs, "Crown swaps the tokens in their 4 and 0 slots and reveals Tyrell in the 4 slot") {
		t.Fatalf("events %v", evs)
	}
	v := g.View(1)
	toks := v.Players[0].Loyalty
	if toks[1].House != house(t, g, "tyrell") || !toks[1].Revealed || toks[4].House != board.NoHouse {
		t.Fatalf("Torch sees %v", toks)
	}
	for _, e := range v.Log {
		if containsFold(e.Text, "You exchanged") {
			t.Fatal("Torch reads Crown's private exchange")
		}
	}
	if len(g.Legal()) == 0 || g.ToAct() != 1 {
		t.Fatal("Torch does not exchange next")
	}
}

func TestScoringUsesRankSpans(t *testing.T) {
	g := newGame(t, 2, 1)
	// Starting board computed: Baratheon 1st, Stark 2nd, the other three 3rd–5th.
	g.Edit().Rank()
	tests := []struct {
		order []string
		want  int
	}{
		{[]string{"baratheon", "stark", "lannister", "greyjoy", "tyrell"}, 6 + 4 + 3 + 2},
		{[]string{"baratheon", "stark", "tyrell", "lannister", "greyjoy"}, 6 + 4 + 3 + 2},
		{[]string{"stark", "baratheon", "lannister", "greyjoy", "tyrell"}, 3 + 2},
		{[]string{"tyrell", "lannister", "greyjoy", "baratheon", "stark"}, 3},
		{[]string{"tyrell", "lannister", "stark", "greyjoy", "baratheon"}, 2},
	}
	for _, tc := range tests {
		if err := g.setLoyalty(0, tc.order); err != nil {
			t.Fatal(err)
		}
		if got := g.score(0); got != tc.want {
			t.Errorf("%v scores %d, want %d", tc.order, got, tc.want)
		}
	}
}

// endGame plays the last round's empty resolution and exchange and returns
// the finished game. setup runs before.
func endGame(t *testing.T, setup func(g *Game)) *Game {
	g := newGame(t, 2, 1)
	if err := g.Edit().Round(2); err != nil {
		t.Fatal(err)
	}
	if err := g.Edit().First(0); err != nil {
		t.Fatal(err)
	}
	setup(g)
	if err := g.startResolution(nil); err != nil {
		t.Fatal(err)
	}
	act(t, g, "crown keep")
	act(t, g, "torch keep")
	if !g.Over() {
		t.Fatal("game not over after the last round")
	}
	return g
}

func TestTieBreaks(t *testing.T) {
	same := []string{"baratheon", "stark", "lannister", "greyjoy", "tyrell"}
	tests := []struct {
		name   string
		setup  func(t *testing.T, g *Game)
		winner int
		text   string
	}{
		{"no tie", func(t *testing.T, g *Game) {
			g.setLoyalty(0, same)
			g.setLoyalty(1, []string{"stark", "baratheon", "lannister", "greyjoy", "tyrell"})
		}, 0, "no tie: crown wins outright"},
		{"fewest revealed", func(t *testing.T, g *Game) {
			g.setLoyalty(0, same, "tyrell")
			g.setLoyalty(1, same)
		}, 1, "Torch wins with the fewest revealed tokens (0)"},
		{"most cards of the first-ranked house", func(t *testing.T, g *Game) {
			g.setLoyalty(0, same)
			g.setLoyalty(1, same)
			give(t, g, 0, "stannis-baratheon")
			give(t, g, 1, "eddard-stark", "robb-stark")
		}, 0, "Crown wins with the most Baratheon cards in hand (1)"},
		{"then the second-ranked house", func(t *testing.T, g *Game) {
			g.setLoyalty(0, same)
			g.setLoyalty(1, same)
			give(t, g, 0, "stannis-baratheon", "tywin-lannister")
			give(t, g, 1, "renly-baratheon", "eddard-stark")
		}, 1, "Torch wins with the most Stark cards in hand (1)"},
		{"then turn order after the last first player", func(t *testing.T, g *Game) {
			g.setLoyalty(0, same)
			g.setLoyalty(1, same)
		}, 1, "Torch wins as the next in turn order"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := endGame(t, func(g *Game) { tc.setup(t, g) })
			v := g.View(Public)
			if len(v.Winners) != 1 || int(v.Winners[0]) != tc.winner || !containsFold(v.TieBreak, tc.text) {
				t.Fatalf("winners %v, tie-break %q; want %d, %q", v.Winners, v.TieBreak, tc.winner, tc.text)
			}
			if v.Players[0].Score != g.score(0) || v.ToAct != -1 || len(g.Legal()) != 0 {
				t.Fatal("final view incomplete")
			}
			// Everything is revealed at the end.
			if v.Players[1].Loyalty[0].House == board.NoHouse {
				t.Fatal("loyalty hidden at game over")
			}
		})
	}
}

func TestGameLastsOneRoundPerPlayer(t *testing.T) {
	for n := 2; n <= 4; n++ {
		g := playRandomGame(t, n, uint64(n), false)
		firsts := map[int]bool{}
		for _, e := range g.st.Log {
			if e.Kind == EvRoundStarted {
				firsts[len(firsts)] = true
			}
		}
		if len(firsts) != n || g.st.Round != n {
			t.Fatalf("%d players: %d rounds", n, len(firsts))
		}
	}
}
