package rules_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
)

// TestRandomCitadelGames plays seeded random games of the Citadel variant
// on both maps through Legal/Apply with the random games' checks before
// every action (Legal passes Check, refusals change nothing, secrets stay
// hidden), replays their records, and counts that random play reaches
// every choice the variant adds: each aim, both gains, a look, both Dark
// Wings cards, three ravens exchanged and the Dark Wings deck rebuilt. The
// first standard game checks everything before every action (a nine-seat
// game checked so costs 14 s).
func TestRandomCitadelGames(t *testing.T) {
	t.Parallel()
	reached := map[string]int{}
	boards := []struct {
		name    string
		players int
		games   int
	}{{"standard", 4, 16}, {"nine", 9, 3}}
	if testing.Short() {
		boards[0].games, boards[1].games = 8, 2
	}
	for _, mp := range boards {
		m := mustStandard(t)
		if mp.name == "nine" {
			var err error
			if m, err = maps.Load("nine"); err != nil {
				t.Fatal(err)
			}
		}
		for i := range mp.games {
			players := mp.players
			if mp.name == "standard" {
				players = 2 + i%3
			}
			seed := uint64(i)*104729 + 3
			c := &checker{m: m, r: rand.New(rand.NewPCG(seed, 7)), full: i == 0 && mp.name == "standard"}
			g, err := playVariant(m, rules.Citadel, players, seed, newRandomPlayer(seed, 0.2).studious(), c.step, func(g *rules.Game, legal []rules.Action, a rules.Action) error {
				for _, l := range legal {
					reached[l.Verb.String()+" listed"]++
				}
				switch a.Verb {
				case rules.VStudy:
					reached["study "+a.Aim.String()]++
				case rules.VGain:
					reached["gain "+a.Gain.String()]++
				case rules.VUncover, rules.VLostOrders, rules.VIllTidings:
					reached[a.Verb.String()]++
				}
				return nil
			})
			if err == nil && i%4 == 0 {
				err = checkRoundTrip(m, g)
			}
			if err != nil {
				rec := "(no game)"
				if g != nil {
					rec = rules.RecordOf(g).String()
				}
				t.Fatalf("%s map, game %d (%d players, seed %d): %v\n%s", mp.name, i, players, seed, err, tail(rec, 30))
			}
			for _, e := range g.View(rules.Public).Log {
				switch e.Event {
				case "ravens_exchanged", "wings_reshuffled", "legends", "rookery", "nothing_to_uncover":
					reached[e.Event]++
				}
			}
		}
	}
	for _, want := range []string{"study dirt", "study legends", "study rookery", "gain raven", "gain crystal",
		"uncover", "lost-orders", "ill-tidings", "ravens_exchanged", "wings_reshuffled", "legends", "rookery"} {
		if reached[want] == 0 {
			t.Errorf("random play never reached %q (reached: %v)", want, fmt.Sprint(reached))
		}
	}
}
