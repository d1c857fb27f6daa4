package scenarios_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
	"notrueking/scenarios"
)

// citadelPick picks a random legal action, one of the Citadel's own half
// the time when there is one (random play reaches them rarely), and then
// mostly a study to dig up dirt or a crystal (a look is the rarest).
func citadelPick(r *rand.Rand, legal []rules.Action) rules.Action {
	var own []rules.Action
	for _, a := range legal {
		switch a.Verb {
		case rules.VStudy, rules.VGain, rules.VUncover, rules.VLostOrders, rules.VIllTidings:
			if a.Aim == rules.DigUpDirt || a.Gain == rules.GainCrystal {
				own = append(own, a, a, a)
			}
			own = append(own, a)
		}
	}
	if len(own) > 0 && r.IntN(2) == 0 {
		return own[r.IntN(len(own))]
	}
	return pick(r, legal)
}

// TestExportLoadsBackCitadel: positions of Citadel games on both maps,
// exported and loaded back, are the same positions (the variant, every
// seat's crystals, ravens, Ill Tidings and Dark Wings cards, the deck and
// discard, the looks of Dig Up Dirt, a pending roll), with the same legal
// actions, and go on alike.
func TestExportLoadsBackCitadel(t *testing.T) {
	seen := map[string]bool{}
	for _, mapName := range []string{"standard", "nine"} {
		m, err := maps.Load(mapName)
		if err != nil {
			t.Fatal(err)
		}
		for game := range 3 {
			seed := uint64(game*31 + 5)
			r := rand.New(rand.NewPCG(seed, 7))
			names := make([]string, m.MinPlayers+game%2)
			for i := range names {
				names[i] = fmt.Sprintf("P%d", i+1)
			}
			g, err := rules.New(m, rules.Config{Players: names, Seed: seed, Variant: rules.Citadel})
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; !g.Over(); step++ {
				p := g.Position()
				citadelStep := slices.ContainsFunc(p.Pending(), func(f rules.Pending) bool { return f.Kind == rules.FrameCitadel })
				if r.IntN(50) == 0 || (citadelStep || p.WingPlayed() || len(p.Known()) > 0) && r.IntN(5) == 0 {
					seen["step"] = seen["step"] || citadelStep
					seen["played"] = seen["played"] || p.WingPlayed()
					seen["known"] = seen["known"] || len(p.Known()) > 0
					seen["discard"] = seen["discard"] || len(p.WingDiscard()) > 0
					compareExport(t, fmt.Sprintf("%s game %d step %d", mapName, game, step), g, r)
				}
				if _, err := g.Apply(citadelPick(r, g.Legal())); err != nil {
					t.Fatal(err)
				}
			}
			compareExport(t, fmt.Sprintf("%s game %d at the end", mapName, game), g, r)
		}
	}
	for _, k := range []string{"step", "played", "known", "discard"} {
		if !seen[k] {
			t.Errorf("no exported position had %s", k)
		}
	}
}

const citadelBase = `map = "standard"
variant = "citadel"
phase = "resolve"

[[player]]
id = "crown"
name = "Ann"
crystals = 2
wings = ["ill-tidings"]

[[player]]
id = "torch"
name = "Ben"
ravens = 2
tidings = 1

[agents]
stark = { maester = "crown" }

[citadel]
discard = ["lost-orders"]
known = [{ looker = "torch", target = "crown", house = "stark" }]

[[stack]]
kind = "agent"
house = "stark"
slot = "maester"
left = 0

[[stack]]
kind = "citadel"
step = "gain"
`

// TestCitadelScenario: a scenario carries the variant and its pieces; a
// scenario without them is a plain game.
func TestCitadelScenario(t *testing.T) {
	g, err := scenarios.Parse("c.toml", []byte(citadelBase), "")
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	stark, _ := g.Map().House("stark")
	if g.Variant() != rules.Citadel || p.Crystals(0) != 2 || p.Ravens(1) != 2 || p.Tidings(1) != 1 ||
		!slices.Equal(p.WingHand(0), []rules.Wing{rules.IllTidings}) || !slices.Equal(p.WingDiscard(), []rules.Wing{rules.LostOrders}) ||
		len(p.WingDeck()) != 10 || !slices.Equal(p.Known(), []rules.Uncovered{{Looker: 1, Target: 0, House: stark}}) {
		t.Errorf("read: variant %v, crystals %d, ravens %d, tidings %d, hand %v, discard %v, deck %v, known %v",
			g.Variant(), p.Crystals(0), p.Ravens(1), p.Tidings(1), p.WingHand(0), p.WingDiscard(), p.WingDeck(), p.Known())
	}
	if got := legalText(g); !slices.Equal(got, []string{"crown gain raven", "crown gain crystal"}) {
		t.Errorf("legal %v, want the 7–9's choice", got)
	}
	// Written and read back: the same position, the same file.
	text := scenarios.Export(g, "", "")
	if !strings.Contains(string(text), "variant = \"citadel\"") || !strings.Contains(string(text), "kind = \"citadel\"\nseat = \"crown\"\nhouse = \"stark\"\nstep = \"gain\"") {
		t.Errorf("the export lacks the variant or the pending roll:\n%s", text)
	}
	h, err := scenarios.Parse("x.toml", text, "")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if same, diff := samePosition(g, h); !same {
		t.Errorf("loaded back differs: %s", diff)
	}
	// A scenario that does not name the variant is the plain game, its
	// export unchanged: no variant, no Citadel keys.
	plain, err := scenarios.LoadShipped("ship-capacity")
	if err != nil {
		t.Fatal(err)
	}
	out := string(scenarios.Export(plain, "", ""))
	if plain.Variant() != rules.Plain || strings.Contains(out, "variant") || strings.Contains(out, "citadel") || strings.Contains(out, "crystals") {
		t.Errorf("a plain scenario reads or writes the variant:\n%s", out)
	}
	// The deck left out is the cards in no hand and not in the discard,
	// shuffled by the seed: another seed, another order.
	decks := map[string]bool{}
	for seed := range 6 {
		text := strings.Replace(citadelBase, "phase = ", fmt.Sprintf("seed = %d\nphase = ", seed), 1)
		g, err := scenarios.Parse("c.toml", []byte(text), "")
		if err != nil {
			t.Fatal(err)
		}
		decks[fmt.Sprint(g.Position().WingDeck())] = true
	}
	if len(decks) < 2 {
		t.Error("six seeds shuffle the Dark Wings deck alike")
	}
}

// TestCitadelRefused: bad Citadel values are refused with the file, the
// line and the key.
func TestCitadelRefused(t *testing.T) {
	for _, c := range []struct {
		name, old, new, want string
	}{
		{"unknown variant", `variant = "citadel"`, `variant = "winter"`, `c.toml:2: variant: unknown variant "winter" (want citadel, or none for the plain game)`},
		{"variant type", `variant = "citadel"`, `variant = 1`, `c.toml:2: variant: want a string`},
		{"crystals in a plain game", `variant = "citadel"`, ``, `c.toml:8: player.crystals: this game is played without the Citadel variant`},
		{"negative crystals", `crystals = 2`, `crystals = -1`, `c.toml:8: player.crystals: -1 is out of range`},
		{"unknown card", `wings = ["ill-tidings"]`, `wings = ["dragonglass"]`, `c.toml:9: player.wings: unknown Dark Wings card "dragonglass" (want lost-orders or ill-tidings)`},
		{"seventh card", `discard = ["lost-orders"]`, `discard = ["ill-tidings", "ill-tidings", "ill-tidings", "ill-tidings", "ill-tidings", "ill-tidings"]`, `c.toml:21: citadel.discard: all 6 Ill Tidings cards are placed already`},
		{"deck incomplete", `discard = ["lost-orders"]`, `deck = ["lost-orders"]`, `citadel: the Dark Wings cards hold 1 Lost Orders; there are 6`},
		{"three ravens", `ravens = 2`, `ravens = 3`, `c.toml:14: player.ravens: Ben (Torch) holds 3 ravens while a Dark Wings card can be drawn`},
		{"look at oneself", `looker = "torch"`, `looker = "crown"`, `c.toml:22: citadel.known: a player digs up dirt on another player`},
		{"look of no seat", `looker = "torch"`, `looker = "helm"`, `c.toml:22: citadel.known: no seat "helm"`},
		{"unknown key", `discard = [`, `ravens = 1` + "\n" + `discard = [`, `c.toml:21: citadel.ravens: unknown key "ravens"`},
		{"step", `step = "gain"`, `step = "pray"`, `c.toml:32: stack.step: unknown Citadel step "pray"`},
		{"step of another seat", `step = "gain"`, "seat = \"torch\"\nstep = \"gain\"", `stack.step: the Maester that studied is Ann (Crown)'s, not Ben (Torch)'s`},
		{"step above no maester", `slot = "maester"`, `slot = "lord"`, `a roll at the Citadel is pending only right above the Maester agent that studied`},
	} {
		text := strings.Replace(citadelBase, c.old, c.new, 1)
		if c.name == "step above no maester" {
			text = strings.Replace(text, `maester = "crown"`, `lord = "crown"`, 1)
		}
		_, err := scenarios.Parse("c.toml", []byte(text), "")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", c.name, err, c.want)
		}
	}
	plainTable := strings.Replace(citadelBase, `variant = "citadel"`, ``, 1)
	plainTable = strings.Replace(strings.Replace(plainTable, "crystals = 2\n", "", 1), `wings = ["ill-tidings"]`, "", 1)
	plainTable = strings.Replace(strings.Replace(plainTable, "ravens = 2\n", "", 1), "tidings = 1\n", "", 1)
	plainTable = plainTable[:strings.Index(plainTable, "[[stack]]")]
	if _, err := scenarios.Parse("c.toml", []byte(plainTable), ""); err == nil || !strings.Contains(err.Error(), `citadel: the scenario is a plain game: a [citadel] table needs variant = "citadel"`) {
		t.Errorf("a [citadel] table in a plain game: %v", err)
	}
}
