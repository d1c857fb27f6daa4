package scenarios_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
	"notrueking/scenarios"
)

// samePosition reports whether two games stand at the same position,
// every secret included (their logs aside: a loaded scenario starts a new
// one), and else where their exports first differ.
func samePosition(g, h *rules.Game) (bool, string) {
	if reflect.DeepEqual(g.Position(), h.Position()) {
		return true, ""
	}
	return false, firstDiff(string(scenarios.Export(g, "", "")), string(scenarios.Export(h, "", "")))
}

func legalText(g *rules.Game) []string {
	var out []string
	for _, a := range g.Legal() {
		out = append(out, g.FormatAction(a))
	}
	return out
}

func pick(r *rand.Rand, legal []rules.Action) rules.Action {
	a := legal[r.IntN(len(legal))]
	if a.Verb == rules.VArrange {
		a = rules.RandomArrangement(a, r)
	}
	return a
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-80)
	return fmt.Sprintf("…%s… vs …%s…", a[lo:min(len(a), i+80)], b[lo:min(len(b), i+80)])
}

// TestExportLoadsBack plays random games on both shipped maps, exports the
// position at random points, loads it back and checks the whole state and
// the legal actions are the same; then it plays both on with the same
// actions and compares again after each.
func TestExportLoadsBack(t *testing.T) {
	seen := map[rules.Verb]bool{}
	defer func() {
		var kinds []string
		for v := range seen {
			kinds = append(kinds, v.String())
		}
		slices.Sort(kinds)
		t.Logf("positions checked where the next verb is: %v", kinds)
	}()
	for _, mapName := range []string{"standard", "nine"} {
		m, err := maps.Load(mapName)
		if err != nil {
			t.Fatal(err)
		}
		games := 4
		if testing.Short() {
			games = 2
		}
		for game := range games {
			seed := uint64(game*7919 + 1)
			if game%2 == 1 {
				seed += 1<<63 + 1<<62 // a seed beyond TOML's integers, as the system's random source draws them
			}
			r := rand.New(rand.NewPCG(seed, 42))
			players := m.MinPlayers + r.IntN(m.MaxPlayers-m.MinPlayers+1)
			names := make([]string, players)
			for i := range names {
				names[i] = fmt.Sprintf("P%d \"x\"", i+1)
			}
			g, err := rules.New(m, rules.Config{Players: names, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; !g.Over() && step < 5000; step++ {
				legal := g.Legal()
				// Positions inside a combat, a muster or a card effect
				// are rarer and hold the most state: check them often.
				odds := 60
				switch legal[0].Verb {
				case rules.VPlay, rules.VPass, rules.VWinner, rules.VRetreat, rules.VRemove, rules.VLook,
					rules.VDiscard, rules.VDecline, rules.VMuster, rules.VExchange, rules.VKeep:
					odds = 10
				}
				if r.IntN(odds) == 0 {
					seen[legal[0].Verb] = true
					compareExport(t, fmt.Sprintf("%s game %d step %d", mapName, game, step), g, r)
				}
				if _, err := g.Apply(pick(r, legal)); err != nil {
					t.Fatal(err)
				}
			}
			compareExport(t, fmt.Sprintf("%s game %d at the end", mapName, game), g, r)
		}
	}
}

func compareExport(t *testing.T, where string, g *rules.Game, r *rand.Rand) {
	t.Helper()
	text := scenarios.Export(g, "", "")
	h, err := scenarios.Parse("export.toml", text, "")
	if err != nil {
		t.Fatalf("%s: the export does not load: %v\n%s", where, err, text)
	}
	if g.Config().Seed != h.Config().Seed {
		t.Fatalf("%s: seed %d loads back as %d", where, g.Config().Seed, h.Config().Seed)
	}
	if same, diff := samePosition(g, h); !same {
		t.Fatalf("%s: loaded state differs: %s\n%s", where, diff, text)
	}
	if a, b := legalText(g), legalText(h); !slices.Equal(a, b) {
		t.Fatalf("%s: legal actions differ:\n%v\n%v", where, a, b)
	}
	if again := scenarios.Export(h, "", ""); string(again) != string(text) {
		t.Fatalf("%s: exporting the loaded game writes another file", where)
	}
	g = g.Clone()
	for i := 0; i < 11 && !g.Over(); i++ {
		a := pick(r, g.Legal())
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%s: the loaded game refuses %q after %d actions: %v", where, g.FormatAction(a), i, err)
		}
		if i%10 != 0 && !g.Over() {
			continue
		}
		if same, diff := samePosition(g, h); !same {
			t.Fatalf("%s, %d actions on: states differ: %s", where, i+1, diff)
		}
	}
}
