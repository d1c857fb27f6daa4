package rules

import (
	"slices"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/maps"
)

// The edge cases of the nine-player map's design (docs/maps.md, "The
// nine-player map"), played on the shipped map, set up with the position editor.

func shippedNine(t testing.TB) *board.Map {
	t.Helper()
	m, err := maps.Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// nineGame starts a game on the shipped nine-player map with the given
// players, Crown first, exactly the given agents placed and an empty board.
func nineGame(t *testing.T, players int, agents ...agentAt) *Game {
	t.Helper()
	names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy"}[:players]
	g, err := New(shippedNine(t), Config{Players: names, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Edit().First(0); err != nil {
		t.Fatal(err)
	}
	if err := g.startResolution(agents); err != nil {
		t.Fatal(err)
	}
	clearBoard(g)
	return g
}

// Edge case 1: the first house into Moat Cailin holds its fortification;
// when its last unit leaves, the fortification is gone for good, even if
// Stark returns.
func TestNineMoatCailinFortificationGoesForGood(t *testing.T) {
	g := nineGame(t, 3, agentAt{0, "stark", Lord})
	mc := terr(t, g, "moat-cailin")
	if g.st.Forts[mc] != FortEmpty {
		t.Fatalf("Moat Cailin starts %d", g.st.Forts[mc])
	}
	set(t, g, "stark", "winterfell", units(2, 0, 0))
	round := func(moves ...string) {
		t.Helper()
		act(t, g, "crown resolve stark lord")
		act(t, g, "crown choose move")
		for _, m := range moves {
			act(t, g, "crown move "+m)
		}
		act(t, g, "crown choose draw")
		for _, s := range []string{"crown", "torch", "helm"} {
			if g.Over() {
				return
			}
			act(t, g, s+" keep")
		}
		if g.Over() {
			return
		}
		if err := g.Edit().First(0); err != nil {
			t.Fatal(err)
		}
		if err := g.startResolution([]agentAt{{0, "stark", Lord}}); err != nil {
			t.Fatal(err)
		}
	}
	round("winterfell moat-cailin footman:1")
	if g.st.Forts[mc] != house(t, g, "stark") {
		t.Fatalf("Stark entered first but the fortification is %d", g.st.Forts[mc])
	}
	round("moat-cailin winterfell footman:1")
	if g.st.Forts[mc] != FortNone {
		t.Fatalf("fortification %d after Stark left", g.st.Forts[mc])
	}
	round("winterfell moat-cailin footman:1")
	if g.st.Forts[mc] != FortNone {
		t.Fatal("the fortification came back when Stark returned")
	}
}

// Edge cases 2 and 3: rivers block borders except at bridges, a refusal
// names the river, and the roads go round the rivers.
func TestNineRiversAndRoads(t *testing.T) {
	for _, tc := range []struct {
		house, from, to string
		refused         string // "" when allowed
	}{
		{"tully", "seagard", "moat-cailin", "not adjacent: the Green Fork"},
		{"tully", "seagard", "the-twins", ""},
		{"stark", "moat-cailin", "kingsroad", ""},
		{"stark", "kingsroad", "the-twins", ""},
		{"lannister", "kings-landing", "the-reach", "not adjacent: the Blackwater Rush"},
		{"lannister", "kings-landing", "roseroad", ""},
		{"lannister", "roseroad", "the-reach", ""},
		{"tyrell", "the-reach", "dornish-marches", "not adjacent: the Mander"},
		{"tyrell", "the-reach", "highgarden", ""},
		{"tyrell", "searoad-marches", "highgarden", "not adjacent: the Mander"},
		{"lannister", "harrenhal", "blackwater", "not adjacent: the Blackwater Rush"},
		{"lannister", "kings-landing", "blackwater", ""},
		{"lannister", "kings-landing", "kingswood", "not adjacent: the Blackwater Rush"},
		{"arryn", "the-mountains-of-the-moon", "crackclaw-point", "is not adjacent to"},
	} {
		t.Run(tc.from+"-"+tc.to, func(t *testing.T) {
			g := nineGame(t, 2, agentAt{0, tc.house, Lord})
			set(t, g, tc.house, tc.from, units(1, 0, 0))
			act(t, g, "crown resolve "+tc.house+" lord")
			act(t, g, "crown choose move")
			line := "crown move " + tc.from + " " + tc.to + " footman:1"
			if tc.refused == "" {
				act(t, g, line)
				if unitsAt(g, tc.house, tc.to) != units(1, 0, 0) {
					t.Fatal("the footman did not arrive")
				}
				return
			}
			wantErr(t, refuse(t, g, line), tc.refused)
		})
	}
}

// Edge case 4: a retreat across a river is never offered; a retreat onto a
// road where other houses stand is.
func TestNineRetreatNeverCrossesARiver(t *testing.T) {
	g := nineGame(t, 2, agentAt{0, "lannister", Lord}, agentAt{1, "tully", Lord})
	set(t, g, "lannister", "stoney-sept", units(0, 4, 0))
	set(t, g, "tully", "blackwater", units(3, 0, 0))
	set(t, g, "stark", "goldroad", units(1, 0, 0))
	act(t, g, "crown resolve lannister lord")
	act(t, g, "crown choose move")
	act(t, g, "crown move stoney-sept blackwater knight:4")
	var opts []string
	for _, a := range g.Legal() {
		opts = append(opts, g.m.Territories[a.To].ID)
	}
	// Blackwater's neighbours: Searoad Marches, Stoney Sept (the attacker's
	// origin, held), King's Landing (bridge), the Goldroad (Stark there).
	// Harrenhal and Crackclaw Point lie across the Blackwater Rush.
	for _, across := range []string{"harrenhal", "crackclaw-point"} {
		if slices.Contains(opts, across) {
			t.Errorf("retreat across the Blackwater Rush to %s offered: %v", across, opts)
		}
	}
	if !slices.Contains(opts, "goldroad") {
		t.Errorf("no retreat onto the Goldroad with Stark on it: %v", opts)
	}
	wantErr(t, refuse(t, g, "crown retreat harrenhal"), "")
	act(t, g, "crown retreat goldroad")
	if unitsAt(g, "tully", "goldroad") == ([board.NumUnits]int{}) || unitsAt(g, "stark", "goldroad") != units(1, 0, 0) {
		t.Fatal("Tully did not retreat onto the road beside Stark")
	}
}

// Edge case 5: three houses on the Goldroad; a fourth entering may attack
// one of them, and only that one fights; entering with no target starts no
// combat; no flag is ever left on a road.
func TestNineGoldroadCrowd(t *testing.T) {
	g := nineGame(t, 2, agentAt{0, "baratheon", Lord}, agentAt{1, "tully", Lord})
	set(t, g, "lannister", "goldroad", units(1, 0, 0))
	set(t, g, "tully", "goldroad", units(1, 0, 0))
	set(t, g, "stark", "goldroad", units(1, 0, 0))
	set(t, g, "baratheon", "kings-landing", units(3, 0, 0))
	give(t, g, 1, "hoster-tully")
	act(t, g, "crown resolve baratheon lord")
	act(t, g, "crown choose move")
	evs := act(t, g, "crown move kings-landing goldroad footman:2 attack:tully")
	if !hasEvent(evs, "Combat in The Goldroad: Baratheon attacks Tully") {
		t.Fatalf("events %v", evs)
	}
	act(t, g, "torch pass")
	for _, h := range []string{"lannister", "stark"} {
		if unitsAt(g, h, "goldroad") != units(1, 0, 0) {
			t.Errorf("%s was drawn into the combat", h)
		}
	}
	if flagAt(g, "goldroad") != "" {
		t.Errorf("a flag on the road: %q", flagAt(g, "goldroad"))
	}
	// Entering with no target starts no combat and leaves no flag.
	g = nineGame(t, 2, agentAt{0, "baratheon", Lord}, agentAt{1, "tully", Lord})
	set(t, g, "lannister", "goldroad", units(1, 0, 0))
	set(t, g, "baratheon", "kings-landing", units(1, 0, 0))
	act(t, g, "crown resolve baratheon lord")
	act(t, g, "crown choose move")
	evs = act(t, g, "crown move kings-landing goldroad footman:1")
	if hasEvent(evs, "combat") || flagAt(g, "goldroad") != "" || unitsAt(g, "lannister", "goldroad") != units(1, 0, 0) {
		t.Fatalf("entering with no target: %v", evs)
	}
}

// Edge case 6: Targaryen's dragons attack a sea alone and fly back to land;
// a dragon with a knight into a sea, or onto its own ships, is refused; the
// fourth dragon is refused after one was lost.
func TestNineDragons(t *testing.T) {
	g := nineGame(t, 2, agentAt{0, "targaryen", Lord}, agentAt{1, "baratheon", Lord})
	tg := house(t, g, "targaryen")
	set(t, g, "targaryen", "dragonstone", [board.NumUnits]int{0, 1, 0, 2})
	set(t, g, "targaryen", "blackwater-bay", units(0, 0, 2))
	set(t, g, "targaryen", "crackclaw-point", [board.NumUnits]int{0, 1, 0, 1})
	set(t, g, "baratheon", "shipbreaker-bay", units(0, 0, 1))
	act(t, g, "crown resolve targaryen lord")
	act(t, g, "crown choose move")
	wantErr(t, refuse(t, g, "crown move crackclaw-point blackwater-bay dragon:1"), "only to attack")
	wantErr(t, refuse(t, g, "crown move dragonstone shipbreaker-bay dragon:1 knight:1"), "on their own")
	if refuse(t, g, "crown move dragonstone port-of-dragonstone dragon:1") == "" {
		t.Fatal("a dragon entered a port")
	}
	evs := act(t, g, "crown move dragonstone shipbreaker-bay dragon:2")
	if !hasEvent(evs, "Combat in Shipbreaker Bay") {
		t.Fatalf("events %v", evs)
	}
	v := g.View(Public)
	if v.Combat == nil || v.Combat.Step != "redeploy" {
		t.Fatalf("combat %+v", v.Combat)
	}
	var opts []string
	for _, a := range g.Legal() {
		to := g.m.Territories[a.To]
		if to.Kind != board.Land {
			t.Errorf("redeploy into %s, a %s", to.ID, to.Kind)
		}
		opts = append(opts, to.ID)
	}
	if !slices.Contains(opts, "dragonstone") || !slices.Contains(opts, "tarth") {
		t.Errorf("redeploy options %v", opts)
	}
	act(t, g, "crown retreat tarth")
	// A lost dragon leaves the game: after three musters the fourth is refused.
	g.st.Dragons[tg] = 3
	act(t, g, "crown choose muster")
	wantErr(t, refuse(t, g, "crown muster dragon crackclaw-point"), "all 3 of its dragons")
}

// Edge case 7: Tully attacking into Riverrun held by Lannister gets +1;
// no bonus on roads.
func TestNineHomeRegion(t *testing.T) {
	g := nineGame(t, 2, agentAt{0, "tully", Lord}, agentAt{1, "lannister", Lord})
	set(t, g, "tully", "seagard", units(2, 0, 0))
	set(t, g, "lannister", "riverrun", units(1, 0, 0))
	give(t, g, 1, "tywin-lannister")
	act(t, g, "crown resolve tully lord")
	act(t, g, "crown choose move")
	act(t, g, "crown move seagard riverrun footman:2")
	c := g.View(Public).Combat
	if !slices.Contains(c.AttackerTerms, "home region +1") || slices.Contains(c.DefenderTerms, "home region +1") {
		t.Fatalf("terms %v / %v", c.AttackerTerms, c.DefenderTerms)
	}

	g = nineGame(t, 2, agentAt{0, "lannister", Lord}, agentAt{1, "tully", Lord})
	set(t, g, "lannister", "lannisport", units(2, 0, 0))
	set(t, g, "tully", "goldroad", units(1, 0, 0))
	give(t, g, 1, "hoster-tully")
	act(t, g, "crown resolve lannister lord")
	act(t, g, "crown choose move")
	act(t, g, "crown move lannisport goldroad footman:2 attack:tully")
	c = g.View(Public).Combat
	if slices.Contains(c.AttackerTerms, "home region +1") || slices.Contains(c.DefenderTerms, "home region +1") {
		t.Fatalf("a home-region bonus on a road: %v / %v", c.AttackerTerms, c.DefenderTerms)
	}
}

// Edge case 8: Tarth and Driftmark are islands, reached only by ships.
func TestNineIslands(t *testing.T) {
	m := shippedNine(t)
	for _, id := range []string{"tarth", "driftmark"} {
		i, _ := m.Territory(id)
		for _, n := range m.Territories[i].Neighbors {
			if k := m.Territories[n].Kind; k != board.Sea {
				t.Errorf("%s neighbours %s, a %s", id, m.Territories[n].ID, k)
			}
		}
	}
	g := nineGame(t, 2, agentAt{0, "baratheon", Lord}, agentAt{1, "targaryen", Lord})
	set(t, g, "baratheon", "storms-end", units(2, 0, 0))
	set(t, g, "baratheon", "shipbreaker-bay", units(1, 0, 1))
	act(t, g, "crown resolve baratheon lord")
	act(t, g, "crown choose move")
	wantErr(t, refuse(t, g, "crown move storms-end tarth footman:1"), "not adjacent")
	act(t, g, "crown move shipbreaker-bay tarth footman:1")
	if unitsAt(g, "baratheon", "tarth") != units(1, 0, 0) {
		t.Fatal("no footman landed on Tarth")
	}
}

// Edge case 9: with nine players every one of the 27 agent slots is
// filled, and every loyalty arrangement is one checked action.
func TestNineNinePlayers(t *testing.T) {
	m := shippedNine(t)
	names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy"}
	g, err := New(m, Config{Players: names, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Conspiracies) != 9 || len(m.LoyaltySlots) != 9 {
		t.Fatalf("%d conspiracies, %d slots", len(m.Conspiracies), len(m.LoyaltySlots))
	}
	placed := 0
	for !g.Over() && placed < 27 {
		legal := g.Legal()
		if len(legal) == 0 {
			t.Fatal("no legal action")
		}
		a := legal[0]
		line := g.FormatAction(a)
		if strings.Contains(line, " place ") {
			placed++
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	if placed != 27 {
		t.Fatalf("placed %d agents", placed)
	}
	full := 0
	for h := range g.st.Slots {
		for _, s := range g.st.Slots[h] {
			if s >= 0 {
				full++
			}
		}
	}
	if full != 27 {
		t.Errorf("%d of 27 slots filled", full)
	}
}

// The initial ranks written in the nine-player map equal the ranking rule
// applied to its setup (the shown rank is the computed one).
func TestNineInitialRankIsComputed(t *testing.T) {
	m := shippedNine(t)
	g, err := New(m, Config{Players: []string{"Ann", "Ben"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range g.computeRanking() {
		h := r.House
		if m.InitialRank[h] != r.From {
			t.Errorf("%s: file rank %d, computed %d–%d", m.Houses[h].ID, m.InitialRank[h], r.From, r.To)
		}
	}
}

// Edge case 9: any order of the nine houses is one arrange action, typed
// as a record line or drawn by RandomArrangement; a repeated house is refused.
func TestNineAnyArrangement(t *testing.T) {
	m := shippedNine(t)
	g, err := New(m, Config{Players: []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range g.Legal() {
		if a.Verb == VArrange {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("Legal lists %d arrange actions, want 1", n)
	}
	seat := m.Conspiracies[g.ToAct()]
	wantErr(t, refuse(t, g, seat+" arrange targaryen stark stark tully greyjoy tyrell martell arryn baratheon"), "")
	evs := act(t, g, seat+" arrange targaryen baratheon arryn tully martell tyrell greyjoy lannister stark")
	if !hasEvent(evs, "arranged") {
		t.Fatalf("events %v", evs)
	}
}

// Edge case 8: losers on an island with no ships of their own to board
// have nowhere to retreat and are destroyed.
func TestNineIslandLosersAreDestroyed(t *testing.T) {
	g := nineGame(t, 2, agentAt{0, "targaryen", Lord}, agentAt{1, "baratheon", Lord})
	set(t, g, "baratheon", "tarth", units(3, 0, 0))
	set(t, g, "targaryen", "shipbreaker-bay", units(0, 3, 3))
	act(t, g, "crown resolve targaryen lord")
	act(t, g, "crown choose move")
	act(t, g, "crown move shipbreaker-bay tarth knight:3")
	if u := unitsAt(g, "baratheon", "tarth"); u != ([board.NumUnits]int{}) {
		t.Fatalf("Baratheon still on Tarth: %v", u)
	}
	if unitsAt(g, "targaryen", "tarth")[board.Knight] == 0 {
		t.Fatal("Targaryen did not take Tarth")
	}
}

// Edge case 9: the last tie-break goes round nine seats: with every seat
// tied, the seat after the last first player (Mask, the ninth) wraps round
// to Crown.
func TestNineTieBreakWrapsRoundNineSeats(t *testing.T) {
	m := shippedNine(t)
	names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy"}
	g, err := New(m, Config{Players: names, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Edit().Round(9); err != nil {
		t.Fatal(err)
	}
	if err := g.Edit().First(8); err != nil {
		t.Fatal(err)
	}
	order := []string{"stark", "lannister", "greyjoy", "tyrell", "martell", "tully", "arryn", "baratheon", "targaryen"}
	for s := range names {
		if err := g.setLoyalty(s, order); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.startResolution(nil); err != nil {
		t.Fatal(err)
	}
	for i := range names {
		act(t, g, m.Conspiracies[(8+i)%9]+" keep")
	}
	v := g.View(Public)
	if !g.Over() || len(v.Winners) != 1 || v.Winners[0] != 0 || !containsFold(v.TieBreak, "(Crown) wins as the next in turn order") {
		t.Fatalf("over %v, winners %v, tie-break %q", g.Over(), v.Winners, v.TieBreak)
	}
}
