package scenarios_test

import (
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
	return g.Snapshot().Units[ti][hi]
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
	for _, e := range g.Snapshot().Log {
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

func wantToAct(seat int) step {
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
		if got := g.View(rules.Public).Flags[terr]; got != house {
			t.Errorf("flag in %s: %q, want %q", terr, got, house)
		}
	})
}

func wantSlot(house string, slot rules.Slot, seat int) step {
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
		apply("crown move ironmans-bay the-golden-sound ship:3"),
		apply("crown play euron-crows-eye"),
		wantEvent("attacker_won"),
		wantLog("Lannister must lose 3 units and loses 1 footman, 1 knight and 1 ship"),
		refuse("crown retreat riverrun", "ships cannot enter land"),
		apply("crown retreat port-of-lannisport"),
		wantUnits("port-of-lannisport", "lannister", 0, 0, 2, 0),
		wantUnits("the-golden-sound", "greyjoy", 0, 0, 2, 0),
	},
	"muster-caps": {
		refuse("crown muster footman white-harbor", "no barrels"),
		apply("crown muster footman winterfell"),
		refuse("crown muster footman the-stony-shore", "all 10 of its footmen"),
		refuse("crown muster ship winterfell bay-of-ice", "already received 1"),
		apply("crown muster ship the-stony-shore bay-of-ice"),
		apply("crown muster knight castle-black"),
		wantUnits("winterfell", "stark", 4, 0, 0, 0),
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
		refuse("crown move seagard riverrun footman:2", "turn"),
		apply("torch move seagard riverrun footman:2"),
		wantUnits("riverrun", "greyjoy", 2, 0, 0, 0),
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
			if h := g.Snapshot().Players[1].Hand; !slices.Equal(h, []string{"eddard-stark"}) {
				t.Errorf("Ben holds %v, want only eddard-stark", h)
			}
			found := false
			for _, c := range g.View(rules.Public).Discards["stark"] {
				found = found || c.ID == "robb-stark"
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
	}
}
