package rules

import (
	"encoding/json"
	"slices"
	"testing"

	"notrueking/board"
)

// nineMap is the fixture board with the nine-player map's special rules
// added by hand: a Northern home region for Stark, Moat Cailin's empty
// fortification, the Reach turned into a road area, and three dragons for
// Baratheon.
func nineMap(t *testing.T) *board.Map {
	t.Helper()
	data, err := json.Marshal(mustMap(t))
	if err != nil {
		t.Fatal(err)
	}
	var m board.Map
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	m.Index()
	m.Regions = []board.Region{{ID: "the-north", Name: "The North", House: "stark"}}
	for _, id := range []string{"winterfell", "karhold", "white-harbor", "moat-cailin", "the-stony-shore", "widows-watch", "castle-black"} {
		i, _ := m.Territory(id)
		m.Territories[i].Region = "the-north"
	}
	mc, _ := m.Territory("moat-cailin")
	m.Territories[mc].Fortification = true
	r, _ := m.Territory("the-reach")
	m.Territories[r].Kind = board.Road
	m.Territories[r].Fortress = board.NoFortress
	b, _ := m.House("baratheon")
	m.Houses[b].Limits[board.Dragon] = 3
	return &m
}

func nineScenario(t *testing.T, agents ...agentAt) *Game {
	t.Helper()
	g, err := New(nineMap(t), Config{Players: []string{"Ann", "Ben"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.Edit().First(0)
	if err := g.startResolution(agents); err != nil {
		t.Fatal(err)
	}
	clearBoard(g)
	return g
}

func TestHomeRegionBonus(t *testing.T) {
	for _, tc := range []struct {
		name, att, from, to string
		attTerm, defTerm    bool
	}{
		{"Stark defends at home", "greyjoy", "the-stony-shore", "winterfell", false, true},
		{"Stark attacks at home", "stark", "winterfell", "karhold", true, false},
		{"no bonus outside the region", "stark", "seagard", "riverrun", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := nineScenario(t, agentAt{0, tc.att, Maester}, agentAt{1, "tyrell", Maester})
			def := "stark"
			if tc.att == "stark" {
				def = "lannister"
			}
			set(t, g, tc.att, tc.from, units(3, 0, 0))
			set(t, g, def, tc.to, units(1, 0, 0))
			give(t, g, 1, "mace-tyrell", "tywin-lannister", "eddard-stark", "euron-crows-eye")
			act(t, g, "crown resolve "+tc.att+" maester")
			act(t, g, "crown choose move")
			act(t, g, "crown move "+tc.from+" "+tc.to+" footman:3")
			c := g.View(Public).Combat
			if got := slices.Contains(c.AttackerTerms, "home region +1"); got != tc.attTerm {
				t.Fatalf("attacker terms %v", c.AttackerTerms)
			}
			if got := slices.Contains(c.DefenderTerms, "home region +1"); got != tc.defTerm {
				t.Fatalf("defender terms %v", c.DefenderTerms)
			}
		})
	}
}

func TestFortificationIsHeldByTheFirstToEnterUntilItLeaves(t *testing.T) {
	g := nineScenario(t, agentAt{0, "stark", Lord}, agentAt{1, "greyjoy", Maester}, agentAt{1, "greyjoy", Marshal})
	mc := terr(t, g, "moat-cailin")
	if g.st.Forts[mc] != FortEmpty {
		t.Fatalf("Moat Cailin starts %d", g.st.Forts[mc])
	}
	set(t, g, "stark", "winterfell", units(2, 0, 0))
	set(t, g, "greyjoy", "greywater-watch", units(3, 0, 0))
	give(t, g, 0, "the-blackfish")
	// Torch (Greyjoy) does nothing yet; Crown's Stark Lord enters Moat Cailin first.
	act(t, g, "torch resolve greyjoy maester")
	act(t, g, "torch choose draw")
	act(t, g, "torch resolve greyjoy marshal")
	act(t, g, "torch choose muster")
	act(t, g, "torch done")
	act(t, g, "torch done")
	act(t, g, "crown resolve stark lord")
	act(t, g, "crown choose move")
	evs := act(t, g, "crown move winterfell moat-cailin footman:1")
	if !hasEvent(evs, "Stark enters Moat Cailin first and holds its fortification") || g.st.Forts[mc] != house(t, g, "stark") {
		t.Fatalf("events %v", evs)
	}
	v := g.View(Public)
	forts := 0
	for t := range g.m.NumTerritories() {
		if _, ok := v.Fort(t); ok {
			forts++
		}
	}
	if h, ok := v.Fort(mc); !ok || h != house(t, g, "stark") || forts != 1 {
		t.Fatalf("view fortifications %v", v.Fortifications)
	}
	// Greyjoy attacks: Stark defends with the town, the fortification and its home region.
	g.st.Slots[house(t, g, "greyjoy")][Lord] = 1
	act(t, g, "crown choose draw")
	act(t, g, "torch resolve greyjoy lord")
	act(t, g, "torch choose move")
	act(t, g, "torch move greywater-watch moat-cailin footman:3")
	c := g.View(Public).Combat
	if !slices.Equal(c.DefenderTerms, []string{"1 footman +1", "town +2", "fortification +1", "home region +1"}) || c.DefenderPower != 5 {
		t.Fatalf("defender terms %v = %d, want 5", c.DefenderTerms, c.DefenderPower)
	}
	act(t, g, "torch pass")
	act(t, g, "crown pass")
	act(t, g, "torch retreat greywater-watch")
	// 3 against 5: Stark wins, loses 1 (its only footman): the fortification goes for good.
	if g.st.Forts[mc] != FortNone || !hasEvent(g.ownLines(g.st.Log), "fortification is removed for good") {
		t.Fatalf("fortification %d\n%v", g.st.Forts[mc], g.st.Log[len(g.st.Log)-8:])
	}
}

func TestDragons(t *testing.T) {
	g := nineScenario(t, agentAt{0, "baratheon", Lord}, agentAt{1, "lannister", Lord})
	set(t, g, "baratheon", "kingswood", [board.NumUnits]int{0, 2, 0, 1})
	set(t, g, "baratheon", "dragonstone", units(0, 1, 0))
	set(t, g, "lannister", "blackwater-bay", units(0, 0, 1))
	set(t, g, "lannister", "kings-landing", units(1, 0, 0))
	act(t, g, "crown resolve baratheon lord")
	act(t, g, "crown choose muster")
	g.st.Dragons[house(t, g, "baratheon")] = 2
	act(t, g, "crown muster dragon kingswood")
	wantErr(t, refuse(t, g, "crown muster dragon dragonstone"), "already had all 3 of its dragons")
	act(t, g, "crown done")
	act(t, g, "crown choose move")
	wantErr(t, refuse(t, g, "crown move kingswood shipbreaker-bay dragon:1"), "only to attack")
	wantErr(t, refuse(t, g, "crown move kingswood blackwater-bay dragon:2 knight:1"), "on their own")
	evs := act(t, g, "crown move kingswood blackwater-bay dragon:2")
	if !hasEvent(evs, "Combat in Blackwater Bay") {
		t.Fatalf("events %v", evs)
	}
	// 6 against 1: the dragons win, lose one, and may not stay at sea.
	v := g.View(Public)
	if v.Combat == nil || v.Combat.Step != "redeploy" {
		t.Fatalf("combat %+v\n%v", v.Combat, g.st.Log[len(g.st.Log)-8:])
	}
	var opts []string
	for _, a := range g.Legal() {
		opts = append(opts, g.m.Territories[a.To].ID)
	}
	// Kings Landing holds Lannister troops; Crackclaw Point is open; Kingswood is the origin.
	if !slices.Equal(opts, []string{"crackclaw-point", "kingswood"}) {
		t.Fatalf("redeploy options %v", opts)
	}
	wantErr(t, refuse(t, g, "crown retreat kings-landing"), "may fly only")
	act(t, g, "crown retreat crackclaw-point")
	var d [board.NumUnits]int
	d[board.Dragon] = 1
	if unitsAt(g, "baratheon", "crackclaw-point") != d || board.Total(unitsAt(g, "baratheon", "blackwater-bay")) != 0 {
		t.Fatal("the surviving dragon did not fly to Crackclaw Point")
	}
}

func TestRoadsLetHousesCoexist(t *testing.T) {
	g := nineScenario(t, agentAt{0, "baratheon", Lord}, agentAt{1, "tyrell", Lord})
	set(t, g, "baratheon", "kingswood", units(4, 0, 0))
	set(t, g, "stark", "the-reach", units(1, 0, 0))
	set(t, g, "tyrell", "the-reach", units(2, 0, 0))
	act(t, g, "crown resolve baratheon lord")
	act(t, g, "crown choose move")
	var lines []string
	for _, a := range g.Legal() {
		if s := g.FormatAction(a); a.From == terr(t, g, "kingswood") && a.To == terr(t, g, "the-reach") && a.Units[board.Footman] == 1 {
			lines = append(lines, s)
		}
	}
	want := []string{"crown move kingswood the-reach footman:1", "crown move kingswood the-reach footman:1 attack:stark", "crown move kingswood the-reach footman:1 attack:tyrell"}
	if !slices.Equal(lines, want) {
		t.Fatalf("road moves %v", lines)
	}
	wantErr(t, refuse(t, g, "crown move kingswood storms-end footman:1 attack:tyrell"), "only when it enters a road")
	wantErr(t, refuse(t, g, "crown move kingswood the-reach footman:1 attack:greyjoy"), "no troops in The Reach")
	evs := act(t, g, "crown move kingswood the-reach footman:1")
	if hasEvent(evs, "combat") || unitsAt(g, "baratheon", "the-reach") != units(1, 0, 0) {
		t.Fatalf("events %v", evs)
	}
	act(t, g, "crown choose muster")
	act(t, g, "crown done")
	act(t, g, "torch resolve tyrell lord")
	act(t, g, "torch choose draw")
	act(t, g, "torch choose move")
	act(t, g, "torch done")
	// Round over. Next round a Baratheon Lord attacks Tyrell alone with an outside army.
	act(t, g, "crown keep")
	act(t, g, "torch keep")
	if err := g.startResolution([]agentAt{{0, "baratheon", Lord}}); err != nil {
		t.Fatal(err)
	}
	act(t, g, "crown resolve baratheon lord")
	act(t, g, "crown choose move")
	evs = act(t, g, "crown move kingswood the-reach footman:3 attack:tyrell")
	if !hasEvent(evs, "Combat in The Reach: Baratheon attacks Tyrell") {
		t.Fatalf("events %v", evs)
	}
	if unitsAt(g, "stark", "the-reach") != units(1, 0, 0) {
		t.Fatal("Stark was drawn into the combat")
	}
	if flagAt(g, "kingswood") != "baratheon" {
		t.Fatal("no flag left in Kingswood")
	}
	act(t, g, "torch pass") // Torch drew a Tyrell card but plays nothing
	// 3 against 2: Baratheon wins and joins its group on the road; no flags on roads.
	if unitsAt(g, "baratheon", "the-reach") != units(3, 0, 0) || flagAt(g, "the-reach") != "" {
		t.Fatalf("Baratheon on the road %v", unitsAt(g, "baratheon", "the-reach"))
	}
}

func TestRandomGamesOnTheNineFixture(t *testing.T) {
	m := nineMap(t)
	// Give Baratheon a dragon at setup so dragons fight in random games.
	m.Setup = append(m.Setup, board.Placement{House: "baratheon", Territory: "kingswood", Unit: board.Dragon, Count: 1})
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := New(m, Config{Players: []string{"A", "B", "C", "D"}[:2+seed%3], Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		playRandomOn(t, g, seed, true)
	}
}

// No flag is ever left on a road (seed 004: roads hold no flags): a house
// that leaves a road empty leaves no flag there — on land it would.
func TestNoFlagIsLeftOnARoad(t *testing.T) {
	g := nineScenario(t, agentAt{0, "baratheon", Lord}, agentAt{1, "tyrell", Lord})
	set(t, g, "baratheon", "the-reach", units(2, 0, 0))
	act(t, g, "crown resolve baratheon lord")
	act(t, g, "crown choose move")
	evs := act(t, g, "crown move the-reach highgarden footman:2")
	if f := flagAt(g, "the-reach"); f != "" || hasEvent(evs, "flag") && hasEvent(evs, "The Reach") {
		t.Fatalf("a road left empty holds %q's flag; events %v", f, evs)
	}
	// (On land the same move leaves the house's flag: TestCombatTermsOnLand.)
	for tr := range g.m.NumTerritories() {
		if g.m.Territories[tr].Kind == board.Road && g.st.Flags[tr] >= 0 {
			t.Fatalf("a flag stands on the road %s", g.m.Territories[tr].ID)
		}
	}
}
