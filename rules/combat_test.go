package rules

import (
	"slices"
	"testing"

	"notrueking/board"
)

// fight clears the board, lets setup place units and cards, and has Crown
// resolve a Maester of house att that has chosen to move. Torch holds a
// Maester of Tyrell so the round does not end early.
func fight(t *testing.T, att string, setup func(g *Game)) *Game {
	t.Helper()
	g := scenario(t, 2, 0, agentAt{0, att, Maester}, agentAt{1, "tyrell", Maester}, agentAt{1, att, Marshal})
	clearBoard(g)
	setup(g)
	act(t, g, "crown resolve "+att+" maester")
	act(t, g, "crown choose move")
	return g
}

func TestCombatTermsOnLand(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "stoney-sept", units(2, 1, 0))
		set(t, g, "lannister", "lannisport", units(1, 0, 0))
		give(t, g, 1, "tyrion-lannister")
	})
	evs := act(t, g, "crown move stoney-sept lannisport footman:2 knight:1")
	if !hasEvent(evs, "Combat in Lannisport: Stark attacks Lannister") {
		t.Fatalf("events %v", evs)
	}
	if flagAt(g, "stoney-sept") != "stark" {
		t.Fatal("the emptied origin got no flag")
	}
	v := g.View(Public)
	if v.Phase != PhaseCombat || v.Combat == nil || v.ToAct != 1 || v.Active != 0 {
		t.Fatalf("phase %s combat %v to act %d active %d", v.Phase, v.Combat, v.ToAct, v.Active)
	}
	c := v.Combat
	if !slices.Equal(c.AttackerTerms, []string{"2 footmen +2", "1 knight +2"}) || c.AttackerPower != 4 {
		t.Fatalf("attacker %v = %d", c.AttackerTerms, c.AttackerPower)
	}
	if !slices.Equal(c.DefenderTerms, []string{"1 footman +1", "castle +4"}) || c.DefenderPower != 5 {
		t.Fatalf("defender %v = %d", c.DefenderTerms, c.DefenderPower)
	}
	if got := v.Prompt; got != "Combat in Lannisport: waiting for Torch to play a house card or pass" {
		t.Fatalf("prompt %q", got)
	}
	// Crown had no Stark or Lannister card and was skipped.
	if len(c.Played) != 1 || c.Played[0].Seat != 0 || c.Played[0].Card != board.NoCard {
		t.Fatalf("played %v", c.Played)
	}
	wantErr(t, refuse(t, g, "torch play eddard-stark"), "does not hold Eddard Stark")
	act(t, g, "torch play tyrion-lannister")
	// 4 against 6: Lannister wins. Stark loses 2 (its footmen first), Lannister 1.
	v = g.View(Public)
	if v.Combat == nil || v.Combat.Step != "retreat" {
		t.Fatalf("combat %+v", v.Combat)
	}
	// The view keeps the deciding powers and names the retreating survivors.
	if c := v.Combat; c.Winner != house(t, g, "lannister") || c.AttackerPower != 4 || c.DefenderPower != 6 ||
		c.Retreater != house(t, g, "stark") || c.RetreatUnits != units(0, 1, 0) || len(c.AttackerTerms) != 2 {
		t.Fatalf("combat view after the decision %+v", c)
	}
	if flagAt(g, "lannisport") != "lannister" {
		t.Fatal("Lannister, winning with no troops left, has no flag in Lannisport")
	}
	if g.ToAct() != 0 {
		t.Fatalf("%d chooses the retreat, want the active player", g.ToAct())
	}
	var opts []string
	for _, a := range g.Legal() {
		opts = append(opts, g.m.Territories[a.To].ID)
	}
	if !slices.Equal(opts, []string{"riverrun", "searoad-marches", "stoney-sept"}) {
		t.Fatalf("retreat options %v", opts)
	}
	wantErr(t, refuse(t, g, "crown retreat the-golden-sound"), "no ships in The Golden Sound")
	act(t, g, "crown retreat stoney-sept")
	if got := unitsAt(g, "stark", "stoney-sept"); got != units(0, 1, 0) {
		t.Fatalf("Stark's survivors %v", got)
	}
	if flagAt(g, "stoney-sept") != "" {
		t.Fatal("the flag stayed under the returning knight")
	}
	if g.top() != nil || g.st.Phase != PhaseResolve {
		t.Fatalf("combat not over: %+v", g.top())
	}
}

func TestCombatAtSeaAndTie(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "the-shivering-sea", units(1, 1, 2))
		set(t, g, "greyjoy", "the-narrow-sea", units(0, 0, 3))
	})
	act(t, g, "crown move the-shivering-sea the-narrow-sea footman:1 knight:1 ship:2")
	v := g.View(Public)
	c := v.Combat
	if !slices.Equal(c.AttackerTerms, []string{"1 footman +0", "1 knight +1", "2 ships +2"}) || c.DefenderPower != 3 || c.AttackerPower != 3 {
		t.Fatalf("%v %d vs %v %d", c.AttackerTerms, c.AttackerPower, c.DefenderTerms, c.DefenderPower)
	}
	if c.Step != "tie" || g.ToAct() != 0 {
		t.Fatalf("step %s to act %d", c.Step, g.ToAct())
	}
	wantErr(t, refuse(t, g, "crown winner tyrell"), "not in this combat")
	wantErr(t, refuse(t, g, "crown pass"), "name the winner")
	act(t, g, "crown winner stark")
	// Greyjoy loses 2 ships; its last ship retreats to a free sea (a port
	// of a land Greyjoy does not control is closed to it).
	var opts []string
	for _, a := range g.Legal() {
		opts = append(opts, g.m.Territories[a.To].ID)
	}
	if !slices.Equal(opts, []string{"shipbreaker-bay", "the-shivering-sea"}) {
		t.Fatalf("retreat options %v", opts)
	}
	act(t, g, "crown retreat shipbreaker-bay")
	if got := unitsAt(g, "stark", "the-narrow-sea"); got != units(0, 1, 2) {
		t.Fatalf("Stark in the Narrow Sea: %v", got)
	}
	if got := unitsAt(g, "greyjoy", "shipbreaker-bay"); got != units(0, 0, 1) {
		t.Fatalf("Greyjoy in Shipbreaker Bay: %v", got)
	}
}

func TestCasualtiesWithSwordsAndTowers(t *testing.T) {
	tests := []struct {
		name        string
		stark, lann string
		winner      string
		starkLeft   [4]int // Stark units in the territory or retreated (total)
		lannLeft    int
	}{
		{"swords add to the loser's losses", "eddard-stark", "", "stark", [4]int{2, 0, 0, 0}, 0},
		{"towers save the loser", "robb-stark", "the-hound", "stark", [4]int{2, 0, 0, 0}, 3},
		{"loser's swords hurt the winner", "greatjon-umber", "ser-gregor-clegane", "lannister", [4]int{0, 0, 0, 0}, 1},
		{"towers bring losses to zero", "ser-rodrick-cassel", "tywin-lannister", "lannister", [4]int{3, 0, 0, 0}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := fight(t, "stark", func(g *Game) {
				set(t, g, "stark", "harrenhal", units(3, 0, 0))
				set(t, g, "lannister", "stoney-sept", units(3, 0, 0))
				give(t, g, 0, tc.stark)
				if tc.lann != "" {
					give(t, g, 1, tc.lann)
				}
			})
			act(t, g, "crown move harrenhal stoney-sept footman:3")
			act(t, g, "crown play "+tc.stark)
			if tc.lann != "" {
				act(t, g, "torch play "+tc.lann)
			}
			for g.top() != nil && g.top().Kind == FrameCombat {
				act(t, g, g.FormatAction(g.Legal()[0]))
			}
			var stark, lann int
			var sv [4]int
			for tt := range g.st.Units {
				u := g.st.Units[tt][house(t, g, "stark")]
				for k := range sv {
					sv[k] += u[k]
				}
				lann += board.Total(g.st.Units[tt][house(t, g, "lannister")])
			}
			_ = stark
			if sv != tc.starkLeft || lann != tc.lannLeft {
				t.Fatalf("Stark left %v, Lannister %d; want %v, %d", sv, lann, tc.starkLeft, tc.lannLeft)
			}
			won := g.control(terr(t, g, "stoney-sept"))
			if g.m.Houses[won].ID != tc.winner {
				t.Fatalf("Stoney Sept held by %s, want %s", g.m.Houses[won].ID, tc.winner)
			}
		})
	}
}

func TestRetreatIsAutomaticWithOneOptionAndDestroysWithNone(t *testing.T) {
	// Lannister in Stoney Sept; neighbours: Blackwater, Harrenhal (the
	// attacker's origin), Lannisport, Riverrun, Searoad Marches.
	for _, tc := range []struct {
		name     string
		free     []string
		want     string // where Lannister's survivor ends up, "" = destroyed
		wantText string
	}{
		{"one way out", []string{"riverrun"}, "riverrun", "retreat from Stoney Sept to Riverrun"},
		{"no way out", nil, "", "cannot retreat anywhere"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := fight(t, "stark", func(g *Game) {
				set(t, g, "stark", "harrenhal", units(7, 0, 0)) // one stays and blocks Harrenhal
				set(t, g, "lannister", "stoney-sept", units(3, 0, 0))
				give(t, g, 1, "the-hound") // 2 towers: Lannister loses nothing
				for _, n := range []string{"blackwater", "lannisport", "riverrun", "searoad-marches"} {
					if !slices.Contains(tc.free, n) {
						set(t, g, "tyrell", n, units(1, 0, 0))
					}
				}
			})
			act(t, g, "crown move harrenhal stoney-sept footman:6")
			evs := act(t, g, "torch play the-hound")
			if !hasEvent(evs, tc.wantText) {
				t.Fatalf("events %v", evs)
			}
			if tc.want != "" && unitsAt(g, "lannister", tc.want) != units(3, 0, 0) {
				t.Fatalf("Lannister in %s: %v", tc.want, unitsAt(g, "lannister", tc.want))
			}
			if unitsAt(g, "stark", "stoney-sept") != units(5, 0, 0) {
				t.Fatalf("Stark did not occupy: %v", unitsAt(g, "stark", "stoney-sept"))
			}
			if g.top() != nil {
				t.Fatal("combat still running")
			}
		})
	}
}

func TestLosingAPortsLandInCombatSinksItsShips(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "riverrun", units(6, 0, 0))
		set(t, g, "lannister", "lannisport", units(1, 0, 0))
		set(t, g, "lannister", "port-of-lannisport", units(0, 0, 2))
	})
	evs := act(t, g, "crown move riverrun lannisport footman:6")
	if !hasEvent(evs, "2 ships in Port of Lannisport are lost") || unitsAt(g, "lannister", "port-of-lannisport") != units(0, 0, 0) {
		t.Fatalf("events %v", evs)
	}
	if unitsAt(g, "stark", "lannisport") != units(5, 0, 0) {
		t.Fatal("Stark did not occupy Lannisport")
	}
}

func TestRetreatMayNotStartCombat(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "harrenhal", units(6, 0, 0))
		set(t, g, "lannister", "stoney-sept", units(3, 0, 0))
		set(t, g, "tyrell", "searoad-marches", units(1, 0, 0))
		give(t, g, 1, "the-hound")
	})
	act(t, g, "crown move harrenhal stoney-sept footman:6")
	act(t, g, "torch play the-hound")
	wantErr(t, refuse(t, g, "crown retreat searoad-marches"), "a retreat may not start a combat")
	wantErr(t, refuse(t, g, "crown retreat kings-landing"), "not adjacent")
	// The attacker's emptied origin (Stark's flag) is a legal retreat.
	act(t, g, "crown retreat harrenhal")
	if flagAt(g, "harrenhal") != "" || unitsAt(g, "lannister", "harrenhal") != units(3, 0, 0) {
		t.Fatal("Lannister did not retreat onto Stark's flag")
	}
}

func TestWinnerWithoutSurvivorsKeepsAFlag(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "harrenhal", units(1, 0, 0))
		set(t, g, "lannister", "stoney-sept", units(1, 0, 0))
		give(t, g, 0, "eddard-stark")
	})
	act(t, g, "crown move harrenhal stoney-sept footman:1")
	evs := act(t, g, "crown play eddard-stark")
	if !hasEvent(evs, "Stark wins Stoney Sept with no troops left") {
		t.Fatalf("events %v", evs)
	}
	if flagAt(g, "stoney-sept") != "stark" || board.Total(unitsAt(g, "lannister", "stoney-sept")) != 0 {
		t.Fatal("Stark holds no flag in Stoney Sept")
	}
}

func TestPreviewCombatShowsTermsWithoutChangingTheGame(t *testing.T) {
	g := fight(t, "stark", func(g *Game) {
		set(t, g, "stark", "stoney-sept", units(2, 1, 0))
		set(t, g, "lannister", "lannisport", units(1, 0, 0))
	})
	before := g.View(Public)
	a, _ := g.ParseAction("crown move stoney-sept lannisport footman:2 knight:1")
	cv, err := g.PreviewCombat(a)
	if err != nil || cv == nil {
		t.Fatalf("preview %v %v", cv, err)
	}
	if cv.AttackerPower != 4 || cv.DefenderPower != 5 || !slices.Equal(cv.DefenderTerms, []string{"1 footman +1", "castle +4"}) {
		t.Fatalf("preview %+v", cv)
	}
	if after := g.View(Public); len(after.Log) != len(before.Log) || after.Phase != before.Phase {
		t.Fatal("the preview changed the game")
	}
	b, _ := g.ParseAction("crown move stoney-sept harrenhal footman:1")
	if cv, err := g.PreviewCombat(b); err != nil || cv != nil {
		t.Fatalf("a peaceful move previews %v %v", cv, err)
	}
	c, _ := g.ParseAction("crown move stoney-sept dorne footman:1")
	if _, err := g.PreviewCombat(c); err == nil {
		t.Fatal("an illegal move previewed")
	}
}
