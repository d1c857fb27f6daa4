package scenarios_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/scenarios"
)

// step is one line of a shipped scenario's test: an action applied (or,
// with refuse, refused for a reason holding that text; with ok, accepted
// by Check and not applied), then an optional check of the game.
type step struct {
	line   string
	refuse string
	ok     bool
	check  func(t *testing.T, g *rules.Game)
}

func apply(line string) step                    { return step{line: line} }
func refuse(line, why string) step              { return step{line: line, refuse: why} }
func accepted(line string) step                 { return step{line: line, ok: true} }
func then(f func(*testing.T, *rules.Game)) step { return step{check: f} }

// units returns house's units in territory.
func units(t *testing.T, g *rules.Game, terr, house string) [board.NumUnits]int {
	t.Helper()
	m := g.Map()
	ti, ok := m.Territory(terr)
	hi, ok2 := m.House(house)
	if !ok || !ok2 {
		t.Fatalf("no territory %q or house %q", terr, house)
	}
	return g.Position().Units(ti, hi)
}

func wantUnits(terr, house string, f, k, s, d int) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		if got, want := units(t, g, terr, house), [board.NumUnits]int{f, k, s, d}; got != want {
			t.Errorf("%s in %s: %v, want %v (footmen, knights, ships, dragons)", house, terr, got, want)
		}
	})
}

// events lists the kinds of the events since the position was set up.
func events(g *rules.Game) []string {
	var out []string
	for _, e := range g.Events() {
		out = append(out, e.Kind.String())
	}
	return out
}

func wantEvent(kind string) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		if !slices.Contains(events(g), kind) {
			t.Errorf("no %s event; events: %v", kind, events(g))
		}
	})
}

func noEvent(kind string) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		if slices.Contains(events(g), kind) {
			t.Errorf("a %s event; events: %v", kind, events(g))
		}
	})
}

func wantToAct(seat rules.Seat) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		if g.ToAct() != seat {
			t.Errorf("seat %d to act, want %d", g.ToAct(), seat)
		}
	})
}

// wantLog checks that the public log holds a line with text.
func wantLog(text string) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		for _, l := range g.View(rules.Public).Log {
			if strings.Contains(l.Text, text) {
				return
			}
		}
		t.Errorf("no log line holds %q", text)
	})
}

func wantFlag(terr, house string) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		m := g.Map()
		tr, _ := m.Territory(terr)
		got := ""
		if h := g.View(rules.Public).Flag(tr); h >= 0 {
			got = m.Houses[h].ID
		}
		if got != house {
			t.Errorf("flag in %s: %q, want %q", terr, got, house)
		}
	})
}

func wantSlot(house string, slot rules.Slot, seat rules.Seat) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		h, _ := g.Map().House(house)
		if got := g.View(rules.Public).Slots[h][slot]; got != seat {
			t.Errorf("%s %s holds seat %d, want %d", house, slot, got, seat)
		}
	})
}

func wantAgents(seat, n int) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		if got := g.View(rules.Public).Players[seat].AgentsInHand; got != n {
			t.Errorf("seat %d has %d agents in hand, want %d", seat, got, n)
		}
	})
}

// preview checks the combat preview of an action (not applied).
func preview(line string, att, def []string, noAtt, noDef string) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		a, err := g.ParseAction(line)
		if err != nil {
			t.Fatal(err)
		}
		cv, err := g.PreviewCombat(a)
		if err != nil || cv == nil {
			t.Fatalf("no combat preview of %q: %v", line, err)
		}
		has := func(terms []string, w string) bool {
			return slices.ContainsFunc(terms, func(x string) bool { return strings.Contains(x, w) })
		}
		for _, w := range att {
			if !has(cv.AttackerTerms, w) {
				t.Errorf("%q: attacker terms %v lack %q", line, cv.AttackerTerms, w)
			}
		}
		for _, w := range def {
			if !has(cv.DefenderTerms, w) {
				t.Errorf("%q: defender terms %v lack %q", line, cv.DefenderTerms, w)
			}
		}
		if noAtt != "" && has(cv.AttackerTerms, noAtt) {
			t.Errorf("%q: attacker terms %v hold %q", line, cv.AttackerTerms, noAtt)
		}
		if noDef != "" && has(cv.DefenderTerms, noDef) {
			t.Errorf("%q: defender terms %v hold %q", line, cv.DefenderTerms, noDef)
		}
	})
}

// powers checks the powers the combat preview of an action gives.
func powers(line string, att, def int) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		a, err := g.ParseAction(line)
		if err != nil {
			t.Fatal(err)
		}
		cv, err := g.PreviewCombat(a)
		if err != nil || cv == nil {
			t.Fatalf("no combat preview of %q: %v", line, err)
		}
		if cv.AttackerPower != att || cv.DefenderPower != def {
			t.Errorf("%q: powers %d to %d (%v against %v), want %d to %d", line, cv.AttackerPower, cv.DefenderPower, cv.AttackerTerms, cv.DefenderTerms, att, def)
		}
	})
}

func wantFort(terr, holder string, present bool) step {
	return then(func(t *testing.T, g *rules.Game) {
		t.Helper()
		m := g.Map()
		tr, _ := m.Territory(terr)
		h, ok := g.View(rules.Public).Fort(tr)
		got := ""
		if h >= 0 {
			got = m.Houses[h].ID
		}
		if ok != present || got != holder {
			t.Errorf("fortification of %s: %q (there: %v), want %q (there: %v)", terr, got, ok, holder, present)
		}
	})
}

// cases are the tests of the shipped scenarios: each must fail if the
// rule its scenario shows breaks.
var cases = map[string][]step{
	"ship-capacity": {
		refuse("crown move winterfell the-shivering-sea footman:2", "can carry only 1 more unit"),
		apply("crown move winterfell the-shivering-sea footman:1"),
		wantUnits("the-shivering-sea", "stark", 2, 0, 2, 0),
		apply("crown resolve stark lord"),
		apply("crown choose move"),
		refuse("crown move the-shivering-sea white-harbor ship:1 footman:1", "ships cannot enter land"),
		apply("crown move the-shivering-sea white-harbor footman:2"),
		wantUnits("white-harbor", "stark", 2, 0, 0, 0),
		wantUnits("the-shivering-sea", "stark", 0, 0, 2, 0),
	},
	"retreat-none": {
		apply("crown move redwyne-straights the-arbor knight:2"),
		wantEvent("no_retreat"),
		wantUnits("the-arbor", "greyjoy", 0, 1, 0, 0),
		wantUnits("the-arbor", "tyrell", 0, 0, 0, 0),
		wantUnits("redwyne-straights", "greyjoy", 0, 0, 2, 0),
	},
	"tie-active-player": {
		apply("crown move winterfell karhold footman:2"),
		wantEvent("combat_tied"),
		wantToAct(0),
		refuse("torch winner greyjoy", "turn"),
		refuse("crown winner lannister", "not in this combat"),
		apply("crown winner greyjoy"),
		wantEvent("defender_won"),
		wantUnits("karhold", "greyjoy", 1, 0, 0, 0),
		wantUnits("winterfell", "stark", 1, 0, 0, 0),
	},
	"casualties-at-sea": {
		apply("crown move ironmans-bay the-golden-sound ship:4"),
		apply("crown play dagmar-cleftjaw"),
		wantEvent("attacker_won"),
		wantLog("Lannister must lose 3 units and loses 1 footman, 1 knight and 1 ship"),
		refuse("crown retreat riverrun", "ships cannot enter land"),
		apply("crown retreat port-of-lannisport"),
		wantUnits("port-of-lannisport", "lannister", 0, 0, 2, 0),
		wantUnits("the-golden-sound", "greyjoy", 0, 0, 4, 0),
	},
	"muster-caps": {
		refuse("crown muster footman white-harbor", "no barrels"),
		apply("crown muster ship winterfell bay-of-ice"),
		refuse("crown muster footman winterfell", "already received 1"),
		apply("crown muster footman the-stony-shore"),
		refuse("crown muster footman widows-watch", "all 10 of its footmen"),
		apply("crown muster knight castle-black"),
		wantUnits("winterfell", "stark", 3, 0, 0, 0),
		wantUnits("the-stony-shore", "stark", 1, 0, 0, 0),
		wantUnits("bay-of-ice", "stark", 0, 0, 1, 0),
		wantUnits("castle-black", "stark", 2, 1, 0, 0),
		wantEvent("move_chosen"), // 3 points spent: the Marshal moves on
	},
	"move-up": {
		apply("crown resolve stark maester"),
		apply("crown choose draw"),
		wantSlot("stark", rules.Marshal, 0),
		wantSlot("stark", rules.Maester, -1),
		apply("crown resolve lannister maester"),
		apply("crown choose draw"),
		wantSlot("lannister", rules.Maester, -1),
		wantSlot("lannister", rules.Marshal, 1),
		wantAgents(0, 2),
	},
	"card-brienne": {
		apply("crown move kingswood kings-landing knight:1"),
		apply("crown play brienne-of-tarth"),
		wantEvent("attacker_won"),
		wantUnits("kings-landing", "baratheon", 0, 1, 0, 0),
		wantUnits("kings-landing", "lannister", 0, 0, 0, 0),
	},
	"card-salladhor": {
		apply("crown move kingswood kings-landing knight:2"),
		apply("crown play salladhor-saan"),
		wantEvent("attacker_won"),
		noEvent("combat_tied"),
		wantUnits("kings-landing", "baratheon", 0, 1, 0, 0),
	},
	"card-catelyn": {
		apply("crown move moat-cailin winterfell knight:3"),
		apply("torch play catelyn-stark"),
		wantEvent("defender_won"),
		apply("crown retreat moat-cailin"),
		wantUnits("moat-cailin", "greyjoy", 0, 1, 0, 0),
		wantUnits("winterfell", "stark", 1, 0, 0, 0),
	},
	"card-asha": {
		apply("crown move greywater-watch flints-finger knight:2"),
		apply("torch play asha-greyjoy"),
		wantEvent("asha_move"),
		wantToAct(1),
		refuse("crown move seagard the-twins footman:2", "turn"),
		apply("torch move seagard the-twins footman:2"),
		wantEvent("combat_tied"),
		wantToAct(0),
		apply("crown winner greyjoy"),
		wantUnits("the-twins", "greyjoy", 1, 0, 0, 0),
		wantUnits("flints-finger", "greyjoy", 0, 1, 0, 0),
	},
	"card-cersei": {
		apply("crown move lannisport stoney-sept footman:3"),
		apply("crown play cersei-lannister"),
		wantEvent("cersei_granted"),
		refuse("crown remove lannister marshal", "resolving now"),
		apply("crown remove lannister lord"),
		wantEvent("cersei_removed"),
		wantAgents(1, 3),
		wantSlot("lannister", rules.Lord, 0),
	},
	"card-jaime": {
		apply("crown move stoney-sept harrenhal footman:2"),
		apply("crown play ser-jaime-lannister"),
		wantEvent("jaime_muster"),
		then(func(t *testing.T, g *rules.Game) {
			if p := g.View(rules.Public).MusterPoints; p != 2 {
				t.Errorf("Jaime's muster has %d points, want 2", p)
			}
		}),
		apply("crown muster footman lannisport"),
		wantUnits("lannisport", "lannister", 2, 0, 0, 0),
		wantUnits("harrenhal", "lannister", 1, 0, 0, 0),
	},
	"card-melisandre": {
		apply("crown move kingswood the-boneway knight:2"),
		apply("crown play melisandre"),
		wantEvent("melisandre_granted"),
		apply("crown look torch"),
		then(func(t *testing.T, g *rules.Game) {
			v := g.View(0)
			if len(v.Peek) != 2 {
				t.Errorf("Ann sees %d of Ben's cards, want 2", len(v.Peek))
			}
		}),
		apply("crown discard robb-stark"),
		then(func(t *testing.T, g *rules.Game) {
			if h := g.Position().Hand(1); len(h) != 1 || g.Map().CardAt(h[0]).ID != "eddard-stark" {
				t.Errorf("Ben holds %v, want only eddard-stark", h)
			}
			found := false
			stark, _ := g.Map().House("stark")
			for _, c := range g.View(rules.Public).Discard(stark) {
				found = found || g.Map().CardAt(c).ID == "robb-stark"
			}
			if !found {
				t.Error("robb-stark is not in the Stark discard")
			}
		}),
	},
	"flags": {
		apply("crown move moat-cailin white-harbor footman:1"),
		noEvent("combat_started"),
		wantEvent("flag_removed"),
		wantFlag("white-harbor", ""),
		wantFlag("moat-cailin", "greyjoy"),
		wantUnits("white-harbor", "greyjoy", 1, 0, 0, 0),
	},
	"port-loss": {
		apply("crown move ironmans-bay pyke knight:5"),
		wantEvent("attacker_won"),
		wantEvent("port_lost"),
		wantUnits("port-of-pyke", "greyjoy", 0, 0, 0, 0),
		wantUnits("pyke", "stark", 0, 4, 0, 0),
	},
	"nine-moat-cailin-entry": {
		wantFort("moat-cailin", "", true),
		apply("crown move winterfell moat-cailin footman:1"),
		wantEvent("fortification_held"),
		wantFort("moat-cailin", "stark", true),
		apply("crown resolve stark lord"),
		apply("crown choose move"),
		apply("crown move moat-cailin winterfell footman:1"),
		wantEvent("fortification_removed"),
		wantFort("moat-cailin", "", false),
		wantFlag("moat-cailin", "stark"),
	},
	"nine-moat-cailin-defence": {
		preview("crown move greywater-watch moat-cailin knight:2", nil, []string{"town +2", "fortification +1", "home region +1"}, "home region", ""),
		powers("crown move greywater-watch moat-cailin knight:2", 4, 6),
		apply("crown move greywater-watch moat-cailin knight:2"),
		wantEvent("defender_won"),
		wantUnits("moat-cailin", "stark", 1, 0, 0, 0),
		wantUnits("greywater-watch", "greyjoy", 0, 0, 0, 0),
		wantFort("moat-cailin", "stark", true),
	},
	"nine-green-fork": {
		refuse("crown move seagard moat-cailin footman:1", "Green Fork"),
		accepted("crown move moat-cailin kingsroad footman:1"),
		apply("crown move seagard the-twins footman:2"),
		wantUnits("the-twins", "tully", 2, 0, 0, 0),
	},
	"nine-roseroad": {
		refuse("crown move kings-landing the-reach footman:1", "Blackwater Rush"),
		refuse("crown move the-reach dornish-marches footman:1", "Mander"),
		accepted("crown move the-reach highgarden footman:1"),
		accepted("crown move the-reach roseroad footman:1"),
		apply("crown move kings-landing roseroad footman:1"),
		wantUnits("roseroad", "tyrell", 1, 0, 0, 0),
		wantFlag("kings-landing", "tyrell"),
	},
	"nine-retreat-river-road": {
		apply("crown move the-reach blackwater knight:3"),
		wantEvent("attacker_won"),
		refuse("crown retreat harrenhal", "Blackwater Rush"),
		refuse("crown retreat kings-landing", "Baratheon has troops"),
		apply("crown retreat goldroad"),
		wantUnits("goldroad", "lannister", 1, 0, 0, 0),
		wantUnits("goldroad", "baratheon", 1, 0, 0, 0),
		wantUnits("blackwater", "tyrell", 0, 2, 0, 0),
	},
	"nine-goldroad": {
		refuse("crown move blackwater goldroad footman:1 attack:stark", "no troops"),
		apply("crown move blackwater goldroad footman:1"),
		noEvent("combat_started"),
		apply("crown resolve tully lord"),
		apply("crown choose move"),
		apply("crown move blackwater goldroad footman:2 attack:martell"),
		wantEvent("attacker_won"),
		wantUnits("goldroad", "martell", 0, 0, 0, 0),
		wantUnits("goldroad", "lannister", 1, 0, 0, 0),
		wantUnits("goldroad", "baratheon", 1, 0, 0, 0),
		wantUnits("goldroad", "tully", 2, 0, 0, 0),
		wantFlag("blackwater", "tully"),
		wantFlag("goldroad", ""),
	},
	"nine-dragons": {
		refuse("crown move dragonstone shipbreaker-bay knight:1 dragon:2", "on their own"),
		refuse("crown move driftmark blackwater-bay dragon:1", "only to attack"),
		apply("crown move dragonstone shipbreaker-bay dragon:2"),
		wantEvent("attacker_won"),
		refuse("crown retreat port-of-dragonstone", "fly only back"),
		refuse("crown retreat storms-end", "fly only back"),
		apply("crown retreat kingswood"),
		wantEvent("redeployed"),
		wantUnits("kingswood", "targaryen", 0, 0, 0, 1),
		wantUnits("shipbreaker-bay", "targaryen", 0, 0, 0, 0),
		wantUnits("shipbreaker-bay", "baratheon", 0, 0, 0, 0),
	},
	"nine-dragon-limit": {
		refuse("crown muster dragon dragonstone", "never returns"),
		apply("crown muster footman dragonstone"),
		wantUnits("dragonstone", "targaryen", 1, 2, 0, 2),
	},
	"nine-home-region": {
		preview("crown move seagard riverrun footman:2", []string{"home region +1"}, []string{"castle +4"}, "", "home region"),
		preview("crown move port-of-seagard ironmans-bay ship:1", nil, nil, "home region", "home region"),
		powers("crown move seagard riverrun footman:2", 3, 5),
		powers("crown move port-of-seagard ironmans-bay ship:1", 1, 1),
		apply("crown move seagard riverrun footman:2"),
		wantEvent("defender_won"),
	},
	"nine-islands": {
		refuse("crown move kingswood driftmark knight:1", "not adjacent"),
		preview("crown move blackwater-bay driftmark knight:3", nil, []string{"home region +1"}, "", ""),
		powers("crown move blackwater-bay driftmark knight:3", 6, 4),
		apply("crown move blackwater-bay driftmark knight:3"),
		wantEvent("no_retreat"),
		wantUnits("driftmark", "targaryen", 0, 0, 0, 0),
		wantUnits("driftmark", "baratheon", 0, 2, 0, 0),
	},
	"nine-seats-full": {
		wantToAct(8),
		refuse("mask place stark lord", "already holds"),
		apply("mask place targaryen lord"),
		wantEvent("resolution_began"),
		apply("crown resolve stark maester"),
		apply("crown choose draw"),
		wantEvent("agent_returned"),
		noEvent("agent_moved_up"),
		wantAgents(0, 1),
	},
	"nine-tie-break": {
		apply("mask keep"),
		then(func(t *testing.T, g *rules.Game) {
			v := g.View(rules.Public)
			if !g.Over() || !slices.Equal(v.Winners, []rules.Seat{1}) || !strings.Contains(v.TieBreak, "next in turn order") {
				t.Errorf("over %v, winners %v, tie-break %q; want Ben (seat 1) by turn order", g.Over(), v.Winners, v.TieBreak)
			}
			for _, p := range v.Players {
				if p.Score != 15 {
					t.Errorf("%s scores %d, want 15", p.ID, p.Score)
				}
			}
		}),
	},
	"nine-loyalty": {
		refuse("crown arrange stark stark greyjoy tyrell martell tully arryn baratheon targaryen", "named twice"),
		apply("crown arrange targaryen baratheon arryn tully martell tyrell greyjoy lannister stark"),
		then(func(t *testing.T, g *rules.Game) {
			if l := g.Position().Loyalty(0); !slices.Equal(l, []board.HouseID{8, 7, 6, 5, 4, 3, 2, 1, 0}) {
				t.Errorf("Ann's card is %v, want the map's houses reversed", l)
			}
		}),
		wantToAct(1),
	},
}

// TestShippedScenarios loads every shipped scenario, checks its comment
// says what to try and what to expect, and plays its test.
func TestShippedScenarios(t *testing.T) {
	names := scenarios.Shipped()
	if len(names) < 24 {
		t.Errorf("%d shipped scenarios, want at least 24", len(names))
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			data, err := scenarios.ShippedFile(name)
			if err != nil {
				t.Fatal(err)
			}
			c := scenarios.Comment(data)
			if !strings.Contains(c, "Try:") || !strings.Contains(c, "Expect:") {
				t.Errorf("the comment at the top does not say what to try and what to expect:\n%s", c)
			}
			g, err := scenarios.LoadShipped(name)
			if err != nil {
				t.Fatal(err)
			}
			steps, ok := cases[name]
			if !ok {
				t.Fatal("no test for this scenario")
			}
			runSteps(t, g, steps)
		})
	}
	for name := range cases {
		if !slices.Contains(names, name) {
			t.Errorf("a test for %s, which is not shipped", name)
		}
	}
}

func runSteps(t *testing.T, g *rules.Game, steps []step) {
	t.Helper()
	for i, s := range steps {
		if s.line != "" {
			a, err := g.ParseAction(s.line)
			if err == nil {
				if s.refuse != "" || s.ok {
					err = g.Check(a)
				} else {
					_, err = g.Apply(a)
				}
			}
			switch {
			case s.refuse != "" && err == nil:
				t.Fatalf("step %d: %q was accepted; want it refused (%s)", i+1, s.line, s.refuse)
			case s.refuse != "" && !strings.Contains(err.Error(), s.refuse):
				t.Fatalf("step %d: %q refused with %q; want %q in the reason", i+1, s.line, err, s.refuse)
			case s.refuse == "" && err != nil:
				t.Fatalf("step %d: %q: %v (to act: seat %d; legal: %v)", i+1, s.line, err, g.ToAct(), legalText(g))
			}
		}
		if s.check != nil {
			s.check(t, g)
		}
		// Every position a scenario passes through (ties, retreats,
		// redeployments, Cersei, Melisandre, granted moves and musters)
		// exports and loads back to itself.
		if s.line != "" && s.refuse == "" && !s.ok {
			h, err := scenarios.Parse("export.toml", scenarios.Export(g, "", ""), "")
			if err != nil {
				t.Fatalf("step %d: the export does not load: %v", i+1, err)
			}
			if same, diff := samePosition(g, h); !same {
				t.Fatalf("step %d: the export loads to another state: %s", i+1, diff)
			}
		}
	}
}

// TestShippedScenariosDocumented: docs/scenarios.md lists every shipped
// scenario with the rule it comes from, and nothing else.
func TestShippedScenariosDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "scenarios.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(doc), "\n") {
		if f := strings.Split(line, " | "); len(f) == 3 && strings.HasPrefix(f[0], "| `") {
			listed[strings.Trim(f[0], "| `")] = true
		}
	}
	if len(listed) != len(scenarios.Shipped()) {
		t.Errorf("docs/scenarios.md lists %d scenarios, %d are shipped", len(listed), len(scenarios.Shipped()))
	}
	for _, name := range scenarios.Shipped() {
		if !listed[name] {
			t.Errorf("docs/scenarios.md does not list %s", name)
		}
		delete(listed, name)
	}
	for name := range listed {
		t.Errorf("docs/scenarios.md lists %s, which is not shipped", name)
	}
}
