package scenarios_test

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"notrueking/rules"
	"notrueking/scenarios"
)

// citadelCase is the test of a Citadel scenario: the steps a tester
// takes (refusals included), then the outcome, which its record in
// testdata (the same actions, no refusals) must reach too.
type citadelCase struct {
	steps   []step
	outcome func(t *testing.T, g *rules.Game)
}

// The Citadel scenarios join the shipped scenarios' tests.
func init() {
	for name, c := range citadelCases {
		cases[name] = append(slices.Clone(c.steps), then(c.outcome))
	}
}

// pieces checks seat's crystals, ravens and Dark Wings cards held.
func pieces(t *testing.T, g *rules.Game, seat rules.Seat, crystals, ravens, wings int) {
	t.Helper()
	p := g.Position()
	if p.Crystals(seat) != crystals || p.Ravens(seat) != ravens || len(p.WingHand(seat)) != wings {
		t.Errorf("seat %d: %d crystals, %d ravens, %d Dark Wings cards; want %d, %d, %d",
			seat, p.Crystals(seat), p.Ravens(seat), len(p.WingHand(seat)), crystals, ravens, wings)
	}
}

// wings checks the Dark Wings deck's and discard's sizes.
func wings(t *testing.T, g *rules.Game, deck, discard int) {
	t.Helper()
	p := g.Position()
	if len(p.WingDeck()) != deck || len(p.WingDiscard()) != discard {
		t.Errorf("Dark Wings deck %d, discard %d; want %d, %d", len(p.WingDeck()), len(p.WingDiscard()), deck, discard)
	}
}

// eventsAre checks that g's events since the position hold every kind of
// with and none of without.
func eventsAre(t *testing.T, g *rules.Game, with, without []string) {
	t.Helper()
	ev := events(g)
	for _, k := range with {
		if !slices.Contains(ev, k) {
			t.Errorf("no %s event: %v", k, ev)
		}
	}
	for _, k := range without {
		if slices.Contains(ev, k) {
			t.Errorf("a %s event: %v", k, ev)
		}
	}
}

var citadelCases = map[string]citadelCase{
	"citadel-crystals-spent": {
		steps: []step{
			refuse("crown choose legends", "choose takes muster, move or draw"),
			apply("crown study rookery"),
			wantLog("Ann (Crown) studies at the Citadel for Stark: 6 4 3 2 1 → 10; success: 3 crystals are spent."),
		},
		outcome: func(t *testing.T, g *rules.Game) {
			pieces(t, g, 0, 0, 0, 1)
			wings(t, g, 11, 0)
			eventsAre(t, g, []string{"rookery", "wing_drawn"}, nil)
		},
	},
	"citadel-ill-tidings": {
		steps: []step{
			refuse("crown ill-tidings crown", "sent to another player"),
			apply("crown ill-tidings torch"),
			refuse("crown ill-tidings torch", "one Dark Wings card a turn"),
			apply("crown resolve tyrell maester"),
			apply("crown choose draw"),
			apply("torch resolve stark maester"),
			apply("torch study legends"),
			wantLog("6 5 → 11 − 2 (Ill Tidings) = 9"),
			refuse("torch uncover crown 1", "gain a raven or a crystal"),
			apply("torch gain crystal"),
		},
		outcome: func(t *testing.T, g *rules.Game) {
			pieces(t, g, 1, 1, 0, 0)
			pieces(t, g, 0, 0, 0, 0)
			if p := g.Position(); p.Tidings(1) != 2 || !slices.Equal(p.WingDiscard(), []rules.Wing{rules.IllTidings, rules.IllTidings}) {
				t.Errorf("Ben's penalty %d, the discard %v; want 2 and two Ill Tidings", p.Tidings(1), p.WingDiscard())
			}
			eventsAre(t, g, []string{"crystal_gained"}, []string{"legends"})
		},
	},
	"citadel-lost-orders": {
		steps: []step{
			refuse("crown lost-orders stark maester", "is yours"),
			refuse("crown lost-orders lannister lord", "there is no agent on Lannister Lord"),
			wantAgents(1, 1),
			apply("crown lost-orders stark lord"),
			wantSlot("stark", rules.Lord, rules.None),
			wantAgents(1, 2),
			refuse("crown lost-orders tyrell marshal", "one Dark Wings card a turn"),
			apply("crown resolve stark maester"),
			apply("crown choose draw"),
		},
		outcome: func(t *testing.T, g *rules.Game) {
			pieces(t, g, 0, 0, 0, 1)
			wings(t, g, 10, 1)
			eventsAre(t, g, []string{"lost_orders"}, nil)
			if h, _ := g.Map().House("tyrell"); g.Position().Agent(h, rules.Marshal) != 1 {
				t.Error("Ben's Tyrell Marshal left its slot")
			}
		},
	},
	"citadel-three-ravens": {
		steps: []step{
			apply("crown study dirt"),
			wantLog("3 1 → 4; a raven."),
		},
		outcome: func(t *testing.T, g *rules.Game) {
			pieces(t, g, 0, 0, 0, 1)
			wings(t, g, 11, 0)
			eventsAre(t, g, []string{"ravens_exchanged"}, []string{"nothing_to_uncover"})
		},
	},
	"citadel-dirt-revealed": {
		steps: []step{
			apply("crown study dirt"),
			wantLog("6 4 1 → 10; success: 1 crystal is spent."),
		},
		outcome: func(t *testing.T, g *rules.Game) {
			pieces(t, g, 0, 0, 0, 0)
			eventsAre(t, g, []string{"nothing_to_uncover"}, []string{"uncovered"})
			if len(g.Position().Known()) != 0 {
				t.Errorf("Ann knows %v", g.Position().Known())
			}
			for _, a := range g.Legal() {
				if a.Verb == rules.VUncover {
					t.Errorf("a look is offered: %s", g.FormatAction(a))
				}
			}
		},
	},
	"citadel-deck-rebuilt": {
		steps: []step{
			apply("crown study rookery"),
			wantLog("1 1 → 2; a raven."),
		},
		outcome: func(t *testing.T, g *rules.Game) {
			pieces(t, g, 0, 0, 0, 1)
			if h := g.Position().WingHand(0); !slices.Equal(h, []rules.Wing{rules.IllTidings}) {
				t.Errorf("Ann holds %v, want the deck's last card, Ill Tidings", h)
			}
			wings(t, g, 9, 0)
			eventsAre(t, g, []string{"wings_reshuffled"}, nil)
		},
	},
	"citadel-gain-crystal": {
		steps: []step{
			apply("crown study legends"),
			wantLog("4 3 1 → 7; Ann (Crown) chooses a raven or a crystal."),
			refuse("crown choose muster", "gain a raven or a crystal"),
			apply("crown gain crystal"),
		},
		outcome: func(t *testing.T, g *rules.Game) {
			pieces(t, g, 0, 2, 0, 0)
			eventsAre(t, g, []string{"crystal_gained"}, []string{"raven_gained", "legends"})
		},
	},
	"citadel-legends": {
		steps: []step{
			apply("crown study legends"),
			wantLog("6 5 → 11; success."),
		},
		outcome: func(t *testing.T, g *rules.Game) {
			m, p := g.Map(), g.Position()
			var hand []string
			for _, c := range p.Hand(0) {
				hand = append(hand, m.CardAt(c).ID)
			}
			stark, _ := m.House("stark")
			if !slices.Equal(hand, []string{"eddard-stark", "robb-stark"}) || len(p.Deck(stark)) != 5 {
				t.Errorf("Ann holds %v and the Stark deck %d cards; want Eddard and Robb Stark, 5", hand, len(p.Deck(stark)))
			}
		},
	},
	"citadel-dig-up-dirt": {
		steps: []step{
			apply("crown study dirt"),
			wantLog("6 4 2 1 → 10; success: 2 crystals are spent."),
			refuse("crown uncover torch 1", "face up already"),
			refuse("crown uncover crown 2", "another player"),
			apply("crown uncover torch 2"),
			wantLog("Ann (Crown) uncovered a secret of Ben (Torch)."),
		},
		outcome: func(t *testing.T, g *rules.Game) {
			pieces(t, g, 0, 0, 0, 0)
			lannister, _ := g.Map().House("lannister")
			if k := g.Position().Known(); !slices.Equal(k, []rules.Uncovered{{Looker: 0, Target: 1, House: lannister}}) {
				t.Errorf("known %v, want Ann knows Ben's Lannister token", k)
			}
			for _, c := range []struct {
				seat rules.Seat
				see  bool
			}{{0, true}, {2, false}, {rules.Public, false}} {
				tok := g.View(c.seat).Players[1].Loyalty[1]
				if tok.Revealed || (tok.House == lannister) != c.see {
					t.Errorf("seat %d sees Ben's second token as house %d (revealed %v); sees it: %v", c.seat, tok.House, tok.Revealed, c.see)
				}
			}
		},
	},
}

// TestCitadelScenarioRecords replays the record of each Citadel scenario
// (testdata/NAME.ntk, its scenario named relative to it) and checks it
// reaches the scenario's outcome.
func TestCitadelScenarioRecords(t *testing.T) {
	for _, name := range slices.Sorted(maps.Keys(citadelCases)) {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", name+".ntk"))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := rules.ParseRecord(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if rec.Scenario != "../"+name+".toml" {
				t.Fatalf("the record starts from %q", rec.Scenario)
			}
			g, err := scenarios.LoadRef("testdata", rec.Scenario, rec.ScenarioSHA256)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := rules.ReplayFrom(g, rec); err != nil {
				t.Fatal(err)
			}
			if g.Variant() != rules.Citadel {
				t.Fatal("the scenario's game is not the Citadel variant")
			}
			citadelCases[name].outcome(t, g)
		})
	}
}
