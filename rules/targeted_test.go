package rules

// Targeted tests: each fails when one rule of seed 002, seed 001 (house
// decks), seed 004 (nine-player map) or rulings.md is broken in the
// engine. docs/testing.md lists the breaks tried and which test caught each.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"notrueking/board"
)

// Seed 002: "After resolving an Agent, the active player rotates
// clockwise." When the tier changes the turn keeps rotating from the seat
// after the last resolver; it does not go back to the first player.
func TestTierChangeKeepsRotating(t *testing.T) {
	g := scenario(t, 3, 0,
		agentAt{1, "stark", Maester},
		agentAt{2, "stark", Marshal},
		agentAt{0, "baratheon", Marshal},
	)
	if g.ToAct() != 1 {
		t.Fatalf("to act %d, want Torch (the only Maester)", g.ToAct())
	}
	act(t, g, "torch resolve stark maester")
	act(t, g, "torch choose draw")
	// Marshals now: clockwise after Torch is Helm, not the first player Crown.
	if g.currentTier() != Marshal || g.ToAct() != 2 {
		t.Fatalf("tier %s to act %d, want Marshal and Helm (next after Torch)", g.currentTier(), g.ToAct())
	}
	act(t, g, "helm resolve stark marshal")
	act(t, g, "helm choose move")
	act(t, g, "helm done")
	act(t, g, "helm done")
	if g.ToAct() != 0 {
		t.Fatalf("to act %d, want Crown (next after Helm)", g.ToAct())
	}
}

// Seed 002: "Once all Agents have been placed, starting with the first
// player ... each player resolves Agents." Played through a real
// placement (round 2, first player Torch).
func TestResolutionStartsWithTheFirstPlayer(t *testing.T) {
	g := scenario(t, 3, 0) // no agents: round 1 ends at once
	for _, seat := range []string{"crown", "torch", "helm"} {
		act(t, g, seat+" keep")
	}
	if g.st.Phase != PhasePlace || g.st.First != 1 || g.ToAct() != 1 {
		t.Fatalf("phase %s first %d to act %d", g.st.Phase, g.st.First, g.ToAct())
	}
	for _, slot := range []string{"maester", "marshal", "lord"} {
		act(t, g, "torch place stark "+slot)
		act(t, g, "helm place lannister "+slot)
		act(t, g, "crown place greyjoy "+slot)
	}
	if g.st.Phase != PhaseResolve || g.ToAct() != 1 {
		t.Fatalf("phase %s to act %d, want Torch, the first player, to resolve first", g.st.Phase, g.ToAct())
	}
}

// Seed 001: "If the draw deck runs out, the common dead/discard pile is
// immediately shuffled to create a new draw deck." The rebuilt deck is a
// shuffle of the discard, not the discard in the order it was piled.
func TestRebuiltDeckIsShuffled(t *testing.T) {
	orders := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		g := newGame(t, 2, seed)
		if err := g.Edit().First(0); err != nil {
			t.Fatal(err)
		}
		if err := g.startResolution([]agentAt{{1, "stark", Maester}}); err != nil {
			t.Fatal(err)
		}
		if err := g.setDeck("stark", []string{"eddard-stark"}, true); err != nil {
			t.Fatal(err)
		}
		h := house(t, g, "stark")
		piled := slices.Clone(g.st.Discards[h])
		act(t, g, "torch resolve stark maester")
		act(t, g, "torch choose draw")
		deck := g.st.Decks[h]
		if len(deck) != len(piled) || len(g.st.Discards[h]) != 0 {
			t.Fatalf("seed %d: deck %v discard %v after the rebuild", seed, deck, g.st.Discards[h])
		}
		for _, c := range piled {
			if !slices.Contains(deck, c) {
				t.Fatalf("seed %d: %s lost in the rebuild", seed, g.cardID(c))
			}
		}
		if slices.Equal(deck, piled) {
			t.Errorf("seed %d: the rebuilt deck %v is the discard in piled order, not shuffled", seed, deck)
		}
		orders[fmt.Sprint(deck)] = true
	}
	if len(orders) < 2 {
		t.Fatalf("every seed rebuilt the same order %v", orders)
	}
}

// Seed 001 (as the engine rules it): a deck is never left empty while its
// discard holds cards, also when a card is discarded onto an empty deck's
// pile (every other card of the house in hands).
func TestDiscardOntoAnEmptyDeckRebuildsIt(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "stoney-sept", units(2, 0, 0))
		set(t, g, "lannister", "lannisport", units(1, 0, 0))
		give(t, g, 0, "eddard-stark")
		for _, c := range g.m.Houses[house(t, g, "stark")].Deck[1:] {
			give(t, g, 1, c.ID)
		}
	})
	h := house(t, g, "stark")
	if len(g.st.Decks[h]) != 0 || len(g.st.Discards[h]) != 0 {
		t.Fatalf("deck %v discard %v, want both empty", g.st.Decks[h], g.st.Discards[h])
	}
	act(t, g, "crown move stoney-sept lannisport footman:2")
	evs := act(t, g, "crown play eddard-stark")
	if !slices.Equal(g.st.Decks[h], []board.CardID{g.cardNum("eddard-stark")}) || len(g.st.Discards[h]) != 0 {
		t.Fatalf("deck %v discard %v, want Eddard rebuilt into the deck at once", g.st.Decks[h], g.st.Discards[h])
	}
	if !hasEvent(evs, "shuffled into a new deck") {
		t.Fatalf("events %v", evs)
	}
}

// Seed 002: "Figures are lost in order of footmen, then knights, then
// ships." At sea the winner's one casualty is its knight, not a ship.
func TestCasualtiesTakeKnightsBeforeShips(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "the-shivering-sea", units(0, 1, 3))
		set(t, g, "greyjoy", "the-narrow-sea", units(0, 0, 2))
	})
	act(t, g, "crown move the-shivering-sea the-narrow-sea knight:1 ship:3")
	// 4 against 2: Greyjoy loses both ships, Stark loses one figure.
	if got := unitsAt(g, "stark", "the-narrow-sea"); got != units(0, 0, 3) {
		t.Fatalf("Stark in the Narrow Sea %v, want the knight lost and 3 ships left", got)
	}
	for _, tc := range []struct {
		have, lost [board.NumUnits]int
		n          int
	}{
		{[board.NumUnits]int{2, 1, 1, 1}, [board.NumUnits]int{2, 0, 0, 0}, 2},
		{[board.NumUnits]int{1, 1, 1, 1}, [board.NumUnits]int{1, 1, 1, 0}, 3},
		{[board.NumUnits]int{0, 2, 2, 1}, [board.NumUnits]int{0, 2, 1, 0}, 3},
		{[board.NumUnits]int{0, 0, 1, 2}, [board.NumUnits]int{0, 0, 1, 1}, 2},
	} {
		u := tc.have
		if lost := kill(&u, tc.n); lost != tc.lost {
			t.Errorf("kill %d of %v lost %v, want %v (footmen, knights, ships, dragons)", tc.n, tc.have, lost, tc.lost)
		}
	}
}

// Several "if ... wins" effects of the winning house run in the order the
// cards were played (docs/rules.md, engine ruling), whoever played first.
func TestWinEffectsRunInTheOrderPlayed(t *testing.T) {
	for _, tc := range []struct {
		crown, torch string
		first        FrameKind
		firstSeat    int
	}{
		{"cersei-lannister", "ser-jaime-lannister", FrameCersei, 0},
		{"ser-jaime-lannister", "cersei-lannister", FrameMuster, 0},
	} {
		t.Run(tc.crown, func(t *testing.T) {
			g := fight(t, "lannister", func(g *Game) {
				set(t, g, "lannister", "lannisport", units(4, 0, 0))
				set(t, g, "stark", "stoney-sept", units(1, 0, 0))
				give(t, g, 0, tc.crown)
				give(t, g, 1, tc.torch)
			})
			act(t, g, "crown move lannisport stoney-sept footman:3")
			act(t, g, "crown play "+tc.crown)
			act(t, g, "torch play "+tc.torch)
			f := g.top()
			if f == nil || f.Kind != tc.first || int(f.Seat) != tc.firstSeat || int(g.ToAct()) != tc.firstSeat {
				t.Fatalf("first effect %+v to act %d, want %s of seat %d (played first)", f, g.ToAct(), tc.first, tc.firstSeat)
			}
			if tc.first == FrameCersei {
				act(t, g, "crown decline")
			} else {
				act(t, g, "crown done")
			}
			if f := g.top(); f == nil || f.Seat != 1 || (f.Kind != FrameCersei && f.Kind != FrameMuster) || f.Kind == tc.first {
				t.Fatalf("second effect %+v, want Torch's", f)
			}
		})
	}
}

// Brienne of Tarth (a Baratheon card) ignores the defender's town or castle
// bonus only when Baratheon attacks; with Catelyn also played her "ignore"
// wins; played by a defending Baratheon she leaves its own bonus alone.
func TestBrienneWithCatelynAndWhenBaratheonDefends(t *testing.T) {
	for _, tc := range []struct {
		name, att, def, from, to string
		crown, torch             string // cards played, Crown first
		won                      string // the result event
		defTerm                  string
	}{
		{"Brienne then Catelyn", "baratheon", "stark", "castle-black", "winterfell", "brienne-of-tarth", "catelyn-stark",
			"Baratheon wins the combat in Winterfell (Baratheon 5, Stark 1)", "castle +0 (ignored: Brienne of Tarth)"},
		{"Catelyn then Brienne", "baratheon", "stark", "castle-black", "winterfell", "catelyn-stark", "brienne-of-tarth",
			"Baratheon wins the combat in Winterfell (Baratheon 5, Stark 1)", "castle +0 (ignored: Brienne of Tarth)"},
		{"Brienne for a defending Baratheon", "stark", "baratheon", "blackwater", "kings-landing", "", "brienne-of-tarth",
			"Baratheon wins the combat in King's Landing (Stark 3, Baratheon 7)", "castle +4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := fight(t, tc.att, func(g *Game) {
				set(t, g, tc.att, tc.from, units(3, 0, 0))
				set(t, g, tc.def, tc.to, units(1, 0, 0))
				if tc.crown != "" {
					give(t, g, 0, tc.crown)
				}
				give(t, g, 1, tc.torch)
			})
			act(t, g, "crown move "+tc.from+" "+tc.to+" footman:3")
			if tc.crown != "" {
				act(t, g, "crown play "+tc.crown)
			}
			evs := act(t, g, "torch play "+tc.torch)
			if !hasEvent(evs, tc.won) {
				t.Fatalf("events %v, want %q", evs, tc.won)
			}
			if c := g.View(Public).Combat; c != nil && !slices.Contains(c.DefenderTerms, tc.defTerm) {
				t.Fatalf("defender terms %v, want %q", c.DefenderTerms, tc.defTerm)
			}
		})
	}
}

// Salladhor Saan adds the Baratheon ships in the seas adjacent to the
// contested territory: not Baratheon ships in an adjacent port, not another
// house's ships, not ships in seas further off.
func TestSalladhorCountsOnlyBaratheonShipsInAdjacentSeas(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "kingswood", units(4, 0, 0))
		set(t, g, "baratheon", "storms-end", units(1, 0, 0))
		set(t, g, "baratheon", "shipbreaker-bay", units(0, 0, 2))    // adjacent sea: counts
		set(t, g, "baratheon", "port-of-storms-end", units(0, 0, 1)) // adjacent port: no
		set(t, g, "greyjoy", "sea-of-dorne", units(0, 0, 3))         // another house: no
		set(t, g, "baratheon", "blackwater-bay", units(0, 0, 1))     // not adjacent: no
		give(t, g, 1, "salladhor-saan")
	})
	act(t, g, "crown move kingswood storms-end footman:4")
	evs := act(t, g, "torch play salladhor-saan")
	// Baratheon: 1 footman + town 2 + Salladhor 1 + 2 ships = 6.
	if !hasEvent(evs, "Baratheon wins the combat in Storm's End (Stark 4, Baratheon 6)") {
		t.Fatalf("events %v", evs)
	}
	if c := g.View(Public).Combat; c == nil || !slices.Contains(c.DefenderTerms, "Baratheon ships in adjacent seas +2 (Salladhor Saan)") {
		t.Fatalf("combat %+v", c)
	}
}

// Melisandre: only an opponent holding cards may be chosen; with none the
// effect ends by itself.
func TestMelisandreChoosesOnlyAnOpponentWithCards(t *testing.T) {
	g := scenario(t, 3, 0, agentAt{0, "baratheon", Maester}, agentAt{1, "tyrell", Maester}, agentAt{2, "tyrell", Marshal})
	clearBoard(g)
	set(t, g, "baratheon", "kingswood", units(3, 0, 0))
	set(t, g, "tyrell", "the-reach", units(1, 0, 0))
	give(t, g, 0, "melisandre")
	give(t, g, 1, "eddard-stark")
	act(t, g, "crown resolve baratheon maester")
	act(t, g, "crown choose move")
	act(t, g, "crown move kingswood the-reach footman:3")
	act(t, g, "crown play melisandre")
	if f := g.top(); f == nil || f.Kind != FrameMelisandre {
		t.Fatalf("top %+v", f)
	}
	wantErr(t, refuse(t, g, "crown look helm"), "Helm holds no house cards")
	var lines []string
	for _, a := range g.Legal() {
		lines = append(lines, g.FormatAction(a))
	}
	if !slices.Equal(lines, []string{"crown look torch", "crown decline"}) && !slices.Equal(lines, []string{"crown decline", "crown look torch"}) {
		t.Fatalf("legal %v", lines)
	}
	// Two players, the opponent's hand empty: nobody to choose.
	g = fight(t, "baratheon", func(g *Game) {
		set(t, g, "baratheon", "kingswood", units(3, 0, 0))
		set(t, g, "tyrell", "the-reach", units(1, 0, 0))
		give(t, g, 0, "melisandre")
	})
	act(t, g, "crown move kingswood the-reach footman:3")
	act(t, g, "crown play melisandre")
	if f := g.top(); f != nil && f.Kind == FrameMelisandre {
		t.Fatalf("Melisandre waits for a choice with no opponent holding cards: %+v", f)
	}
}

// Muster: a territory receives no more new footmen plus ships than its
// barrels (ships count), and a ship sails only into the port of the land
// it is mustered from (or an adjacent sea).
func TestMusterShipsCountAgainstBarrelsAndOwnPortOnly(t *testing.T) {
	for _, tc := range []struct{ first, second, want string }{
		{"crown muster ship pyke port-of-pyke", "crown muster footman pyke", "already received 1 new unit"},
		{"crown muster footman pyke", "crown muster ship pyke ironmans-bay", "already received 1 new unit"},
		{"crown muster ship greywater-watch ironmans-bay", "crown muster ship pyke port-of-lannisport", "must sail into its port or an adjacent sea"},
		{"crown muster footman greywater-watch", "crown muster ship greywater-watch port-of-pyke", "already received"},
		{"crown muster footman pyke", "crown muster ship greywater-watch port-of-pyke", "must sail into its port or an adjacent sea"},
	} {
		t.Run(tc.first+" then "+tc.second, func(t *testing.T) {
			g := scenario(t, 2, 0, agentAt{0, "greyjoy", Maester}, agentAt{1, "tyrell", Maester})
			clearBoard(g)
			set(t, g, "greyjoy", "pyke", units(1, 0, 0))
			set(t, g, "greyjoy", "greywater-watch", units(1, 0, 0))
			set(t, g, "lannister", "lannisport", units(1, 0, 0))
			act(t, g, "crown resolve greyjoy maester")
			act(t, g, "crown choose muster")
			if p := g.top().Points; p != 2 {
				t.Fatalf("%d muster points, want 2 (Pyke and Greywater Watch)", p)
			}
			act(t, g, tc.first)
			wantErr(t, refuse(t, g, tc.second), tc.want)
		})
	}
}

// Seed 004: a dragon adds 3, on land and at sea.
func TestDragonStrengthIsThree(t *testing.T) {
	for _, to := range []string{"the-boneway", "blackwater-bay"} {
		g := nineScenario(t, agentAt{0, "baratheon", Lord}, agentAt{1, "lannister", Lord})
		set(t, g, "baratheon", "kingswood", [board.NumUnits]int{0, 0, 0, 1})
		if to == "blackwater-bay" {
			set(t, g, "lannister", to, units(0, 0, 1))
		} else {
			set(t, g, "lannister", to, units(1, 0, 0))
		}
		act(t, g, "crown resolve baratheon lord")
		act(t, g, "crown choose move")
		a, err := g.ParseAction("crown move kingswood " + to + " dragon:1")
		if err != nil {
			t.Fatal(err)
		}
		c, err := g.PreviewCombat(a)
		if err != nil || c == nil {
			t.Fatalf("%s: preview %v %v", to, c, err)
		}
		if !slices.Equal(c.AttackerTerms, []string{"1 dragon +3"}) || c.AttackerPower != 3 {
			t.Fatalf("%s: attacker %v = %d, want 1 dragon +3", to, c.AttackerTerms, c.AttackerPower)
		}
	}
}

// Seed 004: after winning at sea dragons return to their origin or fly into
// an adjacent land free of other houses' troops and flags; their own
// house's flag does not bar them.
func TestDragonsAfterWinningAtSeaAvoidOtherHousesFlags(t *testing.T) {
	for _, tc := range []struct {
		flag string
		want []string
	}{
		{"lannister", []string{"kingswood"}},
		{"baratheon", []string{"crackclaw-point", "kingswood"}},
		{"", []string{"crackclaw-point", "kingswood"}},
	} {
		t.Run("flag "+tc.flag, func(t *testing.T) {
			g := nineScenario(t, agentAt{0, "baratheon", Lord}, agentAt{1, "lannister", Lord})
			set(t, g, "baratheon", "kingswood", [board.NumUnits]int{0, 1, 0, 2})
			set(t, g, "lannister", "blackwater-bay", units(0, 0, 1))
			set(t, g, "lannister", "kings-landing", units(1, 0, 0))
			if tc.flag != "" {
				if err := g.setFlag("crackclaw-point", tc.flag); err != nil {
					t.Fatal(err)
				}
			}
			act(t, g, "crown resolve baratheon lord")
			act(t, g, "crown choose move")
			act(t, g, "crown move kingswood blackwater-bay dragon:2")
			var opts []string
			if c := g.View(Public).Combat; c != nil && c.Step == "redeploy" {
				for _, a := range g.Legal() {
					opts = append(opts, g.m.Territories[a.To].ID)
				}
			} else if d := unitsAt(g, "baratheon", "kingswood"); d[board.Dragon] == 1 {
				opts = []string{"kingswood"} // the one option, taken by itself
			}
			if !slices.Equal(opts, tc.want) {
				t.Fatalf("dragons may fly to %v, want %v", opts, tc.want)
			}
			if tc.flag == "lannister" && flagAt(g, "crackclaw-point") != "lannister" {
				t.Fatal("the Lannister flag was removed")
			}
		})
	}
}

// Seed 004: a losing dragon retreats as usual: to an adjacent land it could
// move into without combat, never to a sea (dragons never end a move at
// sea).
func TestLosingDragonRetreatsToLand(t *testing.T) {
	g := nineScenario(t, agentAt{0, "baratheon", Lord}, agentAt{1, "lannister", Lord})
	set(t, g, "baratheon", "kingswood", [board.NumUnits]int{0, 0, 0, 2})
	set(t, g, "lannister", "blackwater-bay", units(0, 0, 6))
	set(t, g, "lannister", "kings-landing", units(1, 0, 0))
	give(t, g, 0, "brienne-of-tarth")
	give(t, g, 1, "tywin-lannister")
	act(t, g, "crown resolve baratheon lord")
	act(t, g, "crown choose move")
	act(t, g, "crown move kingswood blackwater-bay dragon:2")
	act(t, g, "crown play brienne-of-tarth")
	evs := act(t, g, "torch play tywin-lannister")
	// 6 + 2 against 6 + 4: Lannister wins; Baratheon loses 2 − 1 tower = 1 dragon.
	if !hasEvent(evs, "Lannister wins the combat in Blackwater Bay (Baratheon 8, Lannister 10)") {
		t.Fatalf("events %v", evs)
	}
	var opts []string
	for _, a := range g.Legal() {
		opts = append(opts, g.m.Territories[a.To].ID)
	}
	if !slices.Equal(opts, []string{"crackclaw-point", "kingswood"}) {
		t.Fatalf("retreat options %v, want the two free lands (no sea)", opts)
	}
	wantErr(t, refuse(t, g, "crown retreat shipbreaker-bay"), "at sea")
	act(t, g, "crown retreat kingswood")
	if d := unitsAt(g, "baratheon", "kingswood"); d != [board.NumUnits]int{0, 0, 0, 1} {
		t.Fatalf("Baratheon in Kingswood %v, want the surviving dragon", d)
	}
}

// Seed 004: any number of houses may stand on a road, so a retreat may end
// on a road other houses hold.
func TestRetreatOntoARoadOtherHousesHold(t *testing.T) {
	g := nineScenario(t, agentAt{0, "baratheon", Lord}, agentAt{1, "tyrell", Lord})
	set(t, g, "baratheon", "kings-landing", units(5, 0, 0))
	set(t, g, "stark", "blackwater", units(3, 0, 0))
	set(t, g, "tyrell", "the-reach", units(2, 0, 0))
	for _, id := range []string{"crackclaw-point", "harrenhal", "searoad-marches", "stoney-sept"} {
		set(t, g, "lannister", id, units(1, 0, 0))
	}
	act(t, g, "crown resolve baratheon lord")
	act(t, g, "crown choose move")
	act(t, g, "crown move kings-landing blackwater footman:5")
	var opts []string
	for _, a := range g.Legal() {
		opts = append(opts, g.m.Territories[a.To].ID)
	}
	if !slices.Equal(opts, []string{"kings-landing", "the-reach"}) {
		t.Fatalf("retreat options %v, want King's Landing and the road", opts)
	}
	act(t, g, "crown retreat the-reach")
	if unitsAt(g, "stark", "the-reach") != units(1, 0, 0) || unitsAt(g, "tyrell", "the-reach") != units(2, 0, 0) {
		t.Fatalf("the road holds Stark %v Tyrell %v", unitsAt(g, "stark", "the-reach"), unitsAt(g, "tyrell", "the-reach"))
	}
}

// Seed 004: the home-region bonus is never given at sea, even where a map
// puts a sea in a house's region.
func TestHomeRegionNeverAtSea(t *testing.T) {
	m := nineMap(t)
	bay, _ := m.Territory("bay-of-ice")
	m.Territories[bay].Region = "the-north"
	g, err := New(m, Config{Players: []string{"Ann", "Ben"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Edit().First(0); err != nil {
		t.Fatal(err)
	}
	if err := g.startResolution([]agentAt{{0, "greyjoy", Maester}, {1, "tyrell", Maester}}); err != nil {
		t.Fatal(err)
	}
	clearBoard(g)
	set(t, g, "stark", "bay-of-ice", units(0, 0, 2))
	set(t, g, "greyjoy", "sunset-sea", units(0, 0, 3))
	act(t, g, "crown resolve greyjoy maester")
	act(t, g, "crown choose move")
	a, err := g.ParseAction("crown move sunset-sea bay-of-ice ship:3")
	if err != nil {
		t.Fatal(err)
	}
	c, err := g.PreviewCombat(a)
	if err != nil || c == nil {
		t.Fatalf("preview %v %v", c, err)
	}
	if !slices.Equal(c.DefenderTerms, []string{"2 ships +2"}) || c.DefenderPower != 2 {
		t.Fatalf("Stark at sea in its own region: %v = %d, want no home-region bonus", c.DefenderTerms, c.DefenderPower)
	}
}

// Seed 002: "Houses are ranked first by the number of Crowns ... then the
// number of castles, then towns, and then barrels"; equal on all four,
// equal rank. Each case differs in one tie-breaker, all earlier ones equal.
func TestRankingTieBreakersInOrder(t *testing.T) {
	for _, tc := range []struct {
		name        string
		stark, lann []string // land each controls
		starkAhead  bool     // false: the two share a span
	}{
		{"a crown beats a castle and barrels", []string{"karhold"}, []string{"lannisport"}, true},
		{"a castle beats two towns", []string{"oldtown"}, []string{"crackclaw-point", "moat-cailin"}, true},
		{"a town beats two barrels", []string{"white-harbor"}, []string{"blackwater"}, true},
		{"two barrels beat one", []string{"blackwater"}, []string{"greywater-watch"}, true},
		{"equal on all four", []string{"greywater-watch"}, []string{"the-stony-shore"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, 2, 1)
			clearBoard(g)
			for _, id := range tc.stark {
				set(t, g, "stark", id, units(1, 0, 0))
			}
			for _, id := range tc.lann {
				set(t, g, "lannister", id, units(1, 0, 0))
			}
			var s, l Rank
			for _, r := range g.computeRanking() {
				switch g.m.Houses[r.House].ID {
				case "stark":
					s = r
				case "lannister":
					l = r
				}
			}
			if tc.starkAhead && !(s.To < l.From) {
				t.Fatalf("Stark %d–%d, Lannister %d–%d: want Stark ranked above (%+v, %+v)", s.From, s.To, l.From, l.To, s, l)
			}
			if !tc.starkAhead && (s.From != l.From || s.To != l.To) {
				t.Fatalf("Stark %d–%d, Lannister %d–%d: want one shared span", s.From, s.To, l.From, l.To)
			}
		})
	}
}

// Seed 002: "Finally, first player passes to the next clockwise player."
// Three players, so clockwise and counter-clockwise differ.
func TestFirstPlayerPassesClockwise(t *testing.T) {
	g := scenario(t, 3, 0)
	for _, want := range []Seat{1, 2} {
		for i := 0; i < 3; i++ {
			act(t, g, g.Seats()[g.ToAct()]+" keep")
		}
		if g.st.First != want {
			t.Fatalf("first player %d, want %d (clockwise)", g.st.First, want)
		}
		if err := g.startResolution(nil); err != nil {
			t.Fatal(err)
		}
	}
}

// Seed 002: "The losing side must kill two figures, the winning side must
// kill one figure. Sword icons on House cards increase the number of
// figures killed. Tower icons on House cards reduce the number of figures
// killed." Swords count against the other side, towers for their own.
func TestCasualtyCountsWithSwordsAndTowers(t *testing.T) {
	for _, tc := range []struct {
		stark, lann string // cards: Crown plays for Stark, Torch for Lannister
		want        []string
	}{
		{"", "", []string{"Stark must lose 1 unit", "Lannister must lose 2 units"}},
		{"ser-rodrick-cassel", "ser-jaime-lannister", []string{"Stark loses no units", "Lannister must lose 2 units"}}, // winner's towers
		{"greatjon-umber", "the-hound", []string{"Stark must lose 1 unit", "Lannister must lose 1 unit"}},              // loser's towers
		{"eddard-stark", "tyrion-lannister", []string{"Stark must lose 1 unit", "Lannister must lose 4 units"}},        // winner's swords
		{"roose-bolton", "ser-gregor-clegane", []string{"Stark must lose 4 units", "Lannister must lose 2 units"}},     // loser's swords
	} {
		t.Run(tc.stark+" "+tc.lann, func(t *testing.T) {
			g := fight(t, "stark", func(g *Game) {
				set(t, g, "stark", "stoney-sept", units(6, 0, 0))
				set(t, g, "lannister", "blackwater", units(3, 0, 0))
				if tc.stark != "" {
					give(t, g, 0, tc.stark, "mace-tyrell")
					give(t, g, 1, tc.lann)
				}
			})
			evs := act(t, g, "crown move stoney-sept blackwater footman:6")
			if tc.stark != "" {
				// Only cards of the houses in the combat are listed.
				if got, want := legalLines(g), []string{"crown pass", "crown play " + tc.stark}; !slices.Equal(got, want) {
					t.Fatalf("legal %v, want %v", got, want)
				}
				act(t, g, "crown play "+tc.stark)
				evs = act(t, g, "torch play "+tc.lann)
			}
			if !hasEvent(evs, "Stark wins the combat in Blackwater") {
				t.Fatalf("events %v", evs)
			}
			for _, w := range tc.want {
				if !hasEvent(evs, w) {
					t.Fatalf("events %v, want %q", evs, w)
				}
			}
		})
	}
}

func legalLines(g *Game) []string {
	var out []string
	for _, a := range g.Legal() {
		out = append(out, g.FormatAction(a))
	}
	slices.Sort(out)
	return out
}

// Legal is generated apart from Check: each of these rules is written a
// second time there. A Maester chooses any of the three actions, a Marshal
// never draws, a Lord takes two different ones.
func TestLegalChoicesFollowTheSlot(t *testing.T) {
	for _, tc := range []struct {
		slot  Slot
		first string // an action taken (and ended) first
		want  []string
	}{
		{Maester, "", []string{"crown choose draw", "crown choose move", "crown choose muster"}},
		{Marshal, "", []string{"crown choose move", "crown choose muster"}},
		{Lord, "", []string{"crown choose draw", "crown choose move", "crown choose muster"}},
		{Lord, "draw", []string{"crown choose move", "crown choose muster"}},
		{Lord, "muster", []string{"crown choose draw", "crown choose move"}},
	} {
		t.Run(slotName(tc.slot)+" "+tc.first, func(t *testing.T) {
			g := scenario(t, 2, 0, agentAt{0, "stark", tc.slot}, agentAt{1, "tyrell", Lord})
			act(t, g, "crown resolve stark "+strings.ToLower(slotName(tc.slot)))
			if tc.first != "" {
				act(t, g, "crown choose "+tc.first)
				if tc.first != "draw" {
					act(t, g, "crown done")
				}
			}
			if got := legalLines(g); !slices.Equal(got, tc.want) {
				t.Fatalf("legal %v, want %v", got, tc.want)
			}
			if tc.first != "" {
				wantErr(t, refuse(t, g, "crown choose "+tc.first), "already taken")
			}
			if tc.slot == Marshal {
				wantErr(t, refuse(t, g, "crown choose draw"), "cannot draw")
			}
		})
	}
}

// Legal lists every muster Check accepts and no other: ships into the
// land's own port or an adjacent sea free of other houses' ships, and
// nothing beyond the piece limits (dragons: the number ever had).
func TestLegalMustersFollowLimitsAndPorts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(g *Game)
		want  []string
	}{
		{"room for everything", func(g *Game) {}, []string{"crown done", "crown muster footman pyke", "crown muster knight pyke",
			"crown muster ship pyke ironmans-bay", "crown muster ship pyke port-of-pyke"}},
		{"Pyke's one barrel used", func(g *Game) {
			set(t, g, "greyjoy", "the-stony-shore", units(1, 0, 0))
			act(t, g, "crown resolve greyjoy maester")
			act(t, g, "crown choose muster")
			act(t, g, "crown muster ship pyke port-of-pyke")
		}, []string{"crown done", "crown muster footman the-stony-shore", "crown muster knight pyke", "crown muster knight the-stony-shore",
			"crown muster ship the-stony-shore bay-of-ice"}},
		{"another house's ships in the sea", func(g *Game) { set(t, g, "lannister", "ironmans-bay", units(0, 0, 1)) },
			[]string{"crown done", "crown muster footman pyke", "crown muster knight pyke", "crown muster ship pyke port-of-pyke"}},
		{"every limit reached", func(g *Game) {
			set(t, g, "greyjoy", "pyke", units(1, 5, 0))
			set(t, g, "greyjoy", "the-stony-shore", units(9, 0, 0))
			set(t, g, "greyjoy", "sunset-sea", units(0, 0, 6))
		}, []string{"crown done"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := scenario(t, 2, 0, agentAt{0, "greyjoy", Maester}, agentAt{1, "tyrell", Maester})
			clearBoard(g)
			set(t, g, "greyjoy", "pyke", units(1, 0, 0))
			tc.setup(g)
			if g.top() == nil {
				act(t, g, "crown resolve greyjoy maester")
				act(t, g, "crown choose muster")
			}
			if got := legalLines(g); !slices.Equal(got, tc.want) {
				t.Fatalf("legal %v, want %v", got, tc.want)
			}
		})
	}
	for _, had := range []int{2, 3} {
		g := nineScenario(t, agentAt{0, "baratheon", Maester}, agentAt{1, "tyrell", Maester})
		set(t, g, "baratheon", "kingswood", units(0, 1, 0))
		g.st.Dragons[house(t, g, "baratheon")] = had
		act(t, g, "crown resolve baratheon maester")
		act(t, g, "crown choose muster")
		if got := slices.Contains(legalLines(g), "crown muster dragon kingswood"); got != (had < 3) {
			t.Fatalf("%d dragons had: dragon listed %v", had, got)
		}
	}
}

// Legal lists exactly the exchanges that reveal one new token: one of the
// two exchanged when either is face down, else another face-down one.
func TestLegalExchangesRevealExactlyOne(t *testing.T) {
	for _, tc := range []struct {
		revealed []string
		want     int // exchanges, plus keep
	}{
		{nil, 10*2 + 1},
		{[]string{"stark"}, 4 + 6*2 + 1},
		{[]string{"stark", "tyrell"}, 3 + 6 + 3*2 + 1},
		{[]string{"baratheon", "stark", "lannister", "greyjoy", "tyrell"}, 1},
	} {
		g := exchangeGame(t)
		var order []string
		for _, h := range g.m.Houses {
			order = append(order, h.ID)
		}
		if err := g.setLoyalty(0, order, tc.revealed...); err != nil {
			t.Fatal(err)
		}
		legal := g.Legal()
		if len(legal) != tc.want {
			t.Fatalf("revealed %v: %d legal actions, want %d", tc.revealed, len(legal), tc.want)
		}
		for _, a := range legal {
			if err := g.Check(a); err != nil {
				t.Fatalf("revealed %v: %s listed but refused: %v", tc.revealed, g.FormatAction(a), err)
			}
		}
	}
}
