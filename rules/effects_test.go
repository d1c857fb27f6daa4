package rules

import (
	"slices"
	"testing"
)

func TestBrienneIgnoresTheDefendersBonus(t *testing.T) {
	g := fight(t, "baratheon", func(g *Game) {
		set(t, g, "baratheon", "castle-black", units(3, 0, 0))
		set(t, g, "stark", "winterfell", units(1, 0, 0))
		give(t, g, 0, "brienne-of-tarth")
		give(t, g, 1, "the-blackfish")
	})
	act(t, g, "crown move castle-black winterfell footman:3")
	act(t, g, "crown play brienne-of-tarth")
	c := g.View(Public).Combat
	if !slices.Equal(c.DefenderTerms, []string{"1 footman +1", "castle +0 (ignored: Brienne of Tarth)"}) || c.DefenderPower != 1 || c.AttackerPower != 5 {
		t.Fatalf("%v %d vs %v %d", c.AttackerTerms, c.AttackerPower, c.DefenderTerms, c.DefenderPower)
	}
}

func TestCatelynDoublesStarksDefenceOnly(t *testing.T) {
	g := fight(t, "greyjoy", func(g *Game) {
		set(t, g, "greyjoy", "the-stony-shore", units(5, 0, 0))
		set(t, g, "stark", "winterfell", units(1, 0, 0))
		give(t, g, 1, "catelyn-stark")
	})
	act(t, g, "crown move the-stony-shore winterfell footman:5")
	evs := act(t, g, "torch play catelyn-stark")
	if !hasEvent(evs, "Stark wins the combat in Winterfell (Greyjoy 5, Stark 9)") {
		t.Fatalf("events %v", evs)
	}
	// Attacking, Catelyn adds nothing to the defender's castle.
	g = fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "stoney-sept", units(2, 0, 0))
		set(t, g, "lannister", "lannisport", units(1, 0, 0))
		give(t, g, 0, "catelyn-stark")
		give(t, g, 1, "tyrion-lannister")
	})
	act(t, g, "crown move stoney-sept lannisport footman:2")
	act(t, g, "crown play catelyn-stark")
	c := g.View(Public).Combat
	if !slices.Equal(c.DefenderTerms, []string{"1 footman +1", "castle +4"}) {
		t.Fatalf("defender terms %v", c.DefenderTerms)
	}
}

func TestSalladhorCountsBaratheonShipsInAdjacentSeas(t *testing.T) {
	g := fight(t, "baratheon", func(g *Game) {
		set(t, g, "baratheon", "storms-end", units(1, 0, 0))
		set(t, g, "baratheon", "shipbreaker-bay", units(0, 0, 2))
		set(t, g, "baratheon", "blackwater-bay", units(0, 0, 1))
		set(t, g, "baratheon", "east-summer-sea", units(0, 0, 4)) // not adjacent to Kingswood
		set(t, g, "tyrell", "kingswood", units(1, 0, 0))
		give(t, g, 0, "salladhor-saan")
		give(t, g, 1, "mace-tyrell")
	})
	act(t, g, "crown move storms-end kingswood footman:1")
	act(t, g, "crown play salladhor-saan")
	c := g.View(Public).Combat
	want := []string{"1 footman +1", "Salladhor Saan +1", "Baratheon ships in adjacent seas +3 (Salladhor Saan)"}
	if !slices.Equal(c.AttackerTerms, want) || c.AttackerPower != 5 {
		t.Fatalf("attacker %v = %d", c.AttackerTerms, c.AttackerPower)
	}
}

func ashaGame(t *testing.T, asha int) *Game {
	g := fight(t, "greyjoy", func(g *Game) {
		set(t, g, "greyjoy", "greywater-watch", units(4, 0, 0))
		set(t, g, "greyjoy", "seagard", units(2, 0, 0))
		set(t, g, "stark", "flints-finger", units(1, 0, 0))
		set(t, g, "stark", "the-twins", units(1, 0, 0))
		give(t, g, asha, "asha-greyjoy")
	})
	act(t, g, "crown move greywater-watch flints-finger footman:4")
	return g
}

func TestAshaGrantsAMoveThatMayFight(t *testing.T) {
	g := ashaGame(t, 0)
	evs := act(t, g, "crown play asha-greyjoy")
	if !hasEvent(evs, "Greyjoy wins with Asha Greyjoy: Crown may move Greyjoy troops") {
		t.Fatalf("events %v", evs)
	}
	if f := g.top(); f.Kind != FrameMove || f.Effect != g.cardNum("asha-greyjoy") || f.Seat != 0 {
		t.Fatalf("top %+v", f)
	}
	// The granted move starts a combat of its own.
	evs = act(t, g, "crown move seagard the-twins footman:2")
	if !hasEvent(evs, "Combat in The Twins: Greyjoy attacks Stark") {
		t.Fatalf("events %v", evs)
	}
	if unitsAt(g, "greyjoy", "the-twins") != units(1, 0, 0) || g.top() != nil {
		t.Fatalf("Greyjoy in the Twins %v, stack %v", unitsAt(g, "greyjoy", "the-twins"), g.st.Stack)
	}
	if g.ToAct() != 1 {
		t.Fatal("the resolving agent did not finish after the effect")
	}
}

func TestAshaPlayedByAnotherSeatGivesThemTheMove(t *testing.T) {
	g := ashaGame(t, 1)
	give(t, g, 0, "the-blackfish") // after Crown's turn to play in this combat
	act(t, g, "torch play asha-greyjoy")
	if g.ToAct() != 1 || g.View(1).Prompt != "Torch: move one group of Greyjoy troops, or say done" {
		t.Fatalf("to act %d prompt %q", g.ToAct(), g.View(1).Prompt)
	}
	act(t, g, "torch move seagard the-twins footman:2")
	// Torch made the move, but the active player of this combat is still
	// Crown, whose turn it is (resolving the Greyjoy agent): Crown plays
	// first, then Torch (no card left, skipped).
	v := g.View(Public)
	if v.Combat == nil || v.Combat.Territory != terr(t, g, "the-twins") || v.Active != 0 || v.ToAct != 0 {
		t.Fatalf("combat %+v active %d to act %d, want Crown active and first to play", v.Combat, v.Active, v.ToAct)
	}
	if c := g.top().Combat; c.Active != 0 || !slices.Equal(c.Order, []Seat{0, 1}) {
		t.Fatalf("combat active %d card order %v, want 0 and [0 1]", c.Active, c.Order)
	}
	act(t, g, "crown pass")
	if len(g.st.Stack) > 0 {
		t.Fatalf("stack %v", g.st.Stack)
	}
}

func TestAshaDoesNothingWhenGreyjoyLoses(t *testing.T) {
	g := fight(t, "greyjoy", func(g *Game) {
		set(t, g, "greyjoy", "greywater-watch", units(1, 0, 0))
		set(t, g, "stark", "flints-finger", units(2, 0, 0))
		give(t, g, 0, "asha-greyjoy")
	})
	act(t, g, "crown move greywater-watch flints-finger footman:1")
	evs := act(t, g, "crown play asha-greyjoy")
	if hasEvent(evs, "may move") || g.top() != nil {
		t.Fatalf("events %v", evs)
	}
}

func TestJaimeGrantsAMuster(t *testing.T) {
	g := fight(t, "lannister", func(g *Game) {
		set(t, g, "lannister", "lannisport", units(4, 0, 0))
		set(t, g, "stark", "stoney-sept", units(1, 0, 0))
		give(t, g, 1, "ser-jaime-lannister")
	})
	act(t, g, "crown move lannisport stoney-sept footman:3")
	act(t, g, "torch play ser-jaime-lannister")
	f := g.top()
	if f == nil || f.Kind != FrameMuster || f.Seat != 1 || f.Points != 2 || f.Effect != g.cardNum("ser-jaime-lannister") {
		t.Fatalf("top %+v", f)
	}
	act(t, g, "torch muster footman lannisport")
	act(t, g, "torch muster ship lannisport port-of-lannisport")
	if unitsAt(g, "lannister", "port-of-lannisport") != units(0, 0, 1) || g.ToAct() != 1 {
		t.Fatal("Jaime's muster did not place")
	}
}

func TestCerseiRemovesAnUnresolvedLannisterAgent(t *testing.T) {
	for _, decline := range []bool{false, true} {
		g := fight(t, "lannister", func(g *Game) {
			set(t, g, "lannister", "lannisport", units(4, 0, 0))
			set(t, g, "stark", "stoney-sept", units(1, 0, 0))
			give(t, g, 1, "cersei-lannister")
		})
		act(t, g, "crown move lannisport stoney-sept footman:3")
		act(t, g, "torch play cersei-lannister")
		if f := g.top(); f == nil || f.Kind != FrameCersei || g.ToAct() != 1 {
			t.Fatalf("top %+v", f)
		}
		if got := g.Legal(); len(got) != 2 || g.FormatAction(got[0]) != "torch remove lannister marshal" {
			t.Fatalf("legal %v", got)
		}
		wantErr(t, refuse(t, g, "torch remove lannister maester"), "resolving now")
		wantErr(t, refuse(t, g, "torch remove stark marshal"), "removes only a Lannister agent")
		wantErr(t, refuse(t, g, "torch remove lannister lord"), "no agent on Lannister Lord")
		if decline {
			act(t, g, "torch decline")
			if g.st.Slots[house(t, g, "lannister")][Marshal] != 1 {
				t.Fatal("declined, but the agent left")
			}
			continue
		}
		before := g.st.Players[1].Agents
		act(t, g, "torch remove lannister marshal")
		if g.st.Players[1].Agents != before+1 {
			t.Fatal("the agent was not returned")
		}
		// Crown's resolving Maester then moves up into the freed Marshal slot.
		if g.st.Slots[house(t, g, "lannister")][Marshal] != 0 {
			t.Fatal("the resolved Maester did not move up into the freed slot")
		}
	}
}

// melisandreWon is a two-player game in which Crown's Baratheon attack
// into the Reach has just been won with Melisandre, Torch holding Mace
// Tyrell and Eddard Stark: her effect waits for Crown.
func melisandreWon(t *testing.T) *Game {
	t.Helper()
	g := fight(t, "baratheon", func(g *Game) {
		set(t, g, "baratheon", "kingswood", units(3, 0, 0))
		set(t, g, "tyrell", "the-reach", units(1, 0, 0))
		give(t, g, 0, "melisandre")
		give(t, g, 1, "mace-tyrell", "eddard-stark")
	})
	act(t, g, "crown move kingswood the-reach footman:3")
	act(t, g, "crown play melisandre")
	act(t, g, "torch pass")
	return g
}

func TestMelisandreLooksAndDiscards(t *testing.T) {
	g := melisandreWon(t)
	if f := g.top(); f == nil || f.Kind != FrameMelisandre {
		t.Fatalf("top %+v", f)
	}
	wantErr(t, refuse(t, g, "crown look crown"), "an opponent's hand")
	act(t, g, "crown look torch")
	if v := g.View(0); v.PeekSeat != 1 || len(v.Peek) != 2 {
		t.Fatalf("Crown's peek %d %v", v.PeekSeat, v.Peek)
	}
	if v := g.View(1); len(v.Peek) != 0 || v.PeekSeat != -1 {
		t.Fatal("Torch sees the peek")
	}
	if v := g.View(Public); len(v.Peek) != 0 {
		t.Fatal("the public sees the peek")
	}
	if g.View(0).Prompt != "Crown: choose the card Torch discards" {
		t.Fatalf("prompt %q", g.View(0).Prompt)
	}
	wantErr(t, refuse(t, g, "crown discard melisandre"), "Torch does not hold Melisandre")
	act(t, g, "crown discard eddard-stark")
	if len(g.st.Players[1].Hand) != 1 || !slices.Contains(g.View(Public).Discards[house(t, g, "stark")], g.cardNum("eddard-stark")) {
		t.Fatal("Eddard was not discarded")
	}
	if g.top() != nil {
		t.Fatal("effect did not end")
	}
}

func TestMelisandreMayBeDeclined(t *testing.T) {
	g := fight(t, "baratheon", func(g *Game) {
		set(t, g, "baratheon", "kingswood", units(3, 0, 0))
		set(t, g, "tyrell", "the-reach", units(1, 0, 0))
		give(t, g, 0, "melisandre")
		give(t, g, 1, "eddard-stark")
	})
	act(t, g, "crown move kingswood the-reach footman:3")
	act(t, g, "crown play melisandre")
	act(t, g, "crown decline")
	if len(g.st.Players[1].Hand) != 1 || g.top() != nil {
		t.Fatal("decline changed the hand or left the effect running")
	}
}
