package scenarios_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
	"notrueking/scenarios"
)

const base = `map = "standard"
phase = "resolve"

[[player]]
id = "crown"
name = "Ann"
hand = ["eddard-stark"]

[[player]]
id = "torch"
name = "Ben"

[agents]
stark = { lord = "crown" }

[units]
winterfell.stark = { footman = 2 }
`

// TestRefused: every bad scenario is refused with the file, the line and
// the key of the problem and a reason.
func TestRefused(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
	}{
		{"unknown key", strings.Replace(base, "\n", "\ncolour = 3\n", 1), "s.toml:2: colour: unknown key \"colour\""},
		{"unknown top table", base + "\n[weather]\nrain = 1\n", "s.toml:19: weather: unknown key \"weather\""},
		{"wrong type", strings.Replace(base, `phase = "resolve"`, `phase = 3`, 1), "s.toml:2: phase: want a string, have an integer"},
		{"duplicate key", strings.Replace(base, `phase = "resolve"`, "phase = \"resolve\"\nphase = \"place\"", 1), "s.toml:3"},
		{"control character", strings.Replace(base, `"Ann"`, `"A\u0007nn"`, 1), "s.toml:6: player.name"},
		{"bidi name", strings.Replace(base, `"Ann"`, `"Ann\u202e"`, 1), "bidi"},
		{"no map", strings.Replace(base, `map = "standard"`, ``, 1), "missing key \"map\""},
		{"unknown map", strings.Replace(base, `"standard"`, `"westeros"`, 1), "s.toml:1: map:"},
		{"unknown territory", base + "nowhere.stark = { footman = 1 }\n", "s.toml:18: units.nowhere: no territory \"nowhere\""},
		{"unknown house", base + "karhold.bolton = { footman = 1 }\n", "no house \"bolton\""},
		{"unknown unit", base + "karhold.stark = { archer = 1 }\n", "unknown unit \"archer\""},
		{"unknown card", strings.Replace(base, `"eddard-stark"`, `"jon-snow"`, 1), "s.toml:7: player.hand: no house card \"jon-snow\""},
		{"unknown seat", strings.Replace(base, `lord = "crown"`, `lord = "helm"`, 1), "no seat \"helm\""},
		{"seat order", strings.Replace(base, `id = "torch"`, `id = "helm"`, 1), "s.toml:10: player.id: player 2 sits as \"helm\""},
		{"one player", strings.SplitN(base, "[[player]]\nid = \"torch\"", 2)[0], "1 [[player]] tables"},
		{"ships on land", base + "karhold.stark = { ship = 1 }\n", "units.karhold.stark: ships cannot stand on land"},
		{"troops at sea without ships", base + "bay-of-ice.stark = { footman = 2, ship = 1 }\n", "need as many ships"},
		{"footmen in a port", base + "port-of-winterfell.stark = { footman = 1 }\n", "only ships stand in a port"},
		{"two houses", base + "winterfell.greyjoy = { footman = 1 }\n", "s.toml:17: units.winterfell.stark: Greyjoy already has troops in Winterfell: two houses meet only in combat"},
		{"supply", base + "karhold.stark = { footman = 9 }\n", "s.toml:16: units: Stark has 11 footmen on the board; its supply is 10"},
		{"hand card in a deck", base + "\n[house.stark]\ndeck = [\"eddard-stark\"]\n", "s.toml:20: house.stark.deck: Eddard Stark is already in Ann (Crown)'s hand: a card is in one place only"},
		{"card twice in hands", strings.Replace(base, `name = "Ben"`, "name = \"Ben\"\nhand = [\"eddard-stark\"]", 1), "s.toml:12: player.hand: Eddard Stark is already in Ann (Crown)'s hand"},
		{"deck incomplete", base + "\n[house.stark]\ndeck = [\"robb-stark\"]\n", "is nowhere"},
		{"card of another house", base + "\n[house.stark]\ndiscard = [\"mace-tyrell\"]\n", "house.stark.discard: Mace Tyrell is a Tyrell card, not a Stark one"},
		{"loyalty not a permutation", strings.Replace(base, `name = "Ben"`, "name = \"Ben\"\nloyalty = [\"stark\", \"stark\", \"tyrell\", \"greyjoy\", \"lannister\"]", 1), "player.loyalty: Stark is named twice"},
		{"loyalty short", strings.Replace(base, `name = "Ben"`, "name = \"Ben\"\nloyalty = [\"stark\"]", 1), "a loyalty card holds one token of each of the 5 houses"},
		{"flag at sea", base + "\n[flags]\nbay-of-ice = \"stark\"\n", "flags stand only on land"},
		{"flag with troops", base + "\n[flags]\nwinterfell = \"greyjoy\"\n", "flags.winterfell: Stark has troops in Winterfell: a flag stands only in a territory without troops"},
		{"four agents", strings.Replace(base, `stark = { lord = "crown" }`, "stark = { lord = \"crown\", marshal = \"crown\", maester = \"crown\" }\ntyrell = { lord = \"crown\" }", 1), "agents.tyrell.lord: Ann (Crown) has no agents in hand: all 3 are on slots"},
		{"agents in the exchange", strings.Replace(base, `"resolve"`, `"exchange"`, 1), "no agent stands on a slot in the exchange phase"},
		{"round", base[:len("map = \"standard\"\n")] + "round = 3\n" + base[len("map = \"standard\"\n"):], "s.toml:2: round: 3 is out of range 1..2"},
		{"turn without agents", base[:len("map = \"standard\"\n")] + "turn = \"torch\"\n" + base[len("map = \"standard\"\n"):], "s.toml:2: turn: Ben (Torch) has no lord agent to resolve"},
		{"port without its land", base + "port-of-pyke.stark = { ship = 1 }\n", "Stark has ships in Port of Pyke but does not control Pyke"},
		{"combat without a stack agent", base + "\n[[stack]]\nkind = \"combat\"\nterritory = \"karhold\"\nfrom = \"winterfell\"\nattacker = \"stark\"\ndefender = \"greyjoy\"\n", "stack.territory: the first pending step is the agent resolving"},
		{"combat phase without combat", strings.Replace(base, `"resolve"`, `"combat"`, 1), "needs a pending combat"},
		{"stack in the place phase", strings.Replace(base, `"resolve"`, `"place"`, 1) + "\n[[stack]]\nkind = \"agent\"\nhouse = \"stark\"\nslot = \"lord\"\n", "steps are pending only while agents resolve"},
		{"rng", base[:len("map = \"standard\"\n")] + "rng = \"xyz\"\n" + base[len("map = \"standard\"\n"):], "s.toml:2: rng: a generator state is 32 hex digits"},
		{"fortification on the standard map", base + "\n[fortifications]\nwinterfell = \"stark\"\n", "fortifications.winterfell: Winterfell has no fortification"},
		{"dragons at sea", base + "bay-of-ice.stark = { dragon = 1 }\n", "dragons never stay at sea"},
		{"negative", base + "karhold.stark = { footman = -1 }\n", "out of range 0..99"},
		{"deep", base + "x = " + strings.Repeat("[", 40) + strings.Repeat("]", 40) + "\n", "nested deeper than"},
		{"second BOM", "\uFEFF\uFEFF" + base, "a second byte-order mark"},
		{"ships attack land", base + "karhold.greyjoy = { footman = 1 }\n\n[[stack]]\nkind = \"agent\"\nhouse = \"stark\"\nslot = \"lord\"\nused = [\"move\"]\n\n[[stack]]\nkind = \"combat\"\nterritory = \"karhold\"\nfrom = \"the-shivering-sea\"\nattacker = \"stark\"\ndefender = \"greyjoy\"\nattacking = { ship = 1 }\n", "stack.attacking: ships cannot attack land"},
		{"not TOML", base + "this is not toml\n", "s.toml:18"},
	} {
		_, err := scenarios.Parse("s.toml", []byte(c.text), "")
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q in it", c.name, err, c.want)
		}
		var list maps.ErrorList
		if !errors.As(err, &list) {
			t.Errorf("%s: %T is not a maps.ErrorList", c.name, err)
			continue
		}
		for _, e := range list {
			if e.File != "s.toml" {
				t.Errorf("%s: %v names no file", c.name, e)
			}
		}
	}
	if _, err := scenarios.Parse("s.toml", []byte(base), ""); err != nil {
		t.Fatalf("the base of these cases does not load: %v", err)
	}
}

// TestLoadBounded: only a regular file of at most MaxFileSize bytes is read.
func TestLoadBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.toml")
	if err := os.WriteFile(big, []byte(base+strings.Repeat("# padding\n", scenarios.MaxFileSize/10+1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := scenarios.Load(big); err == nil || !strings.Contains(err.Error(), "larger than the limit") {
		t.Errorf("an oversize file: %v", err)
	}
	if _, err := scenarios.Load(dir); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("a folder: %v", err)
	}
	if _, err := scenarios.Parse("s.toml", []byte(base+strings.Repeat("#", scenarios.MaxFileSize)), ""); err == nil || !strings.Contains(err.Error(), "larger than the limit") {
		t.Errorf("oversize data: %v", err)
	}
	// A map path is relative to the scenario's folder; a shipped scenario
	// may name only shipped maps.
	mapData, err := os.ReadFile(filepath.Join("..", "maps", "testdata", "tiny.toml"))
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "maps"), 0o700)
	os.WriteFile(filepath.Join(dir, "maps", "tiny.toml"), mapData, 0o600)
	sc := filepath.Join(dir, "s.toml")
	os.WriteFile(sc, []byte("map = \"maps/tiny.toml\"\nmap_sha256 = \""+strings.Repeat("0", 64)+"\"\n"), 0o600)
	if _, err := scenarios.Load(sc); err == nil || !strings.Contains(err.Error(), "changed since") {
		t.Errorf("a map file whose hash differs: %v", err)
	}
	if _, err := scenarios.Parse("s.toml", []byte("map = \"maps/tiny.toml\"\n"), ""); err == nil || !strings.Contains(err.Error(), "not a shipped map") {
		t.Errorf("a map path without a folder: %v", err)
	}
}

// A position in which the seat to act can do nothing is refused: here a
// retreat with nowhere to go, which play settles at once.
func TestStuckRefused(t *testing.T) {
	text := `map = "standard"
phase = "combat"
[[player]]
id = "crown"
name = "Ann"
[[player]]
id = "torch"
name = "Ben"
[agents]
greyjoy = { lord = "crown" }
[units]
redwyne-straights.greyjoy = { ship = 2 }
[[stack]]
kind = "agent"
house = "greyjoy"
slot = "lord"
used = ["move"]
[[stack]]
kind = "combat"
territory = "the-arbor"
from = "redwyne-straights"
attacker = "greyjoy"
defender = "tyrell"
step = "retreat"
attacking = { knight = 1 }
winner = "greyjoy"
retreating = { footman = 1 }
plays = [{ seat = "crown" }, { seat = "torch" }]
`
	if _, err := scenarios.Parse("s.toml", []byte(text), ""); err == nil || !strings.Contains(err.Error(), "has no legal action") {
		t.Errorf("a retreat with nowhere to go: %v", err)
	}
	// The same combat won by Tyrell: Greyjoy's knight retreats aboard its
	// ships in the Redwyne Straights, a legal position.
	ok := strings.Replace(text, `winner = "greyjoy"`, `winner = "tyrell"`, 1)
	ok = strings.Replace(ok, "attacking = { knight = 1 }", "", 1)
	ok = strings.Replace(ok, "redwyne-straights.greyjoy = { ship = 2 }", "redwyne-straights.greyjoy = { ship = 2 }\nthe-arbor.tyrell = { footman = 1 }", 1)
	ok = strings.Replace(ok, "retreating = { footman = 1 }", "retreating = { knight = 1 }", 1)
	if _, err := scenarios.Parse("s.toml", []byte(ok), ""); err != nil {
		t.Errorf("a retreat by ship: %v", err)
	}
}

// A loaded scenario is the start of its game's history: its actions undo
// back to it and no further, and At(0) is the scenario's position.
func TestScenarioStartsTheHistory(t *testing.T) {
	g, err := scenarios.LoadShipped("flags")
	if err != nil {
		t.Fatal(err)
	}
	start := g.Position()
	if err := g.CanUndo(); err == nil {
		t.Fatal("undo before any action")
	}
	a, _ := g.ParseAction("crown move moat-cailin white-harbor footman:1")
	if _, err := g.Apply(a); err != nil {
		t.Fatal(err)
	}
	if at, err := g.At(0); err != nil || !reflect.DeepEqual(at.Position(), start) {
		t.Fatalf("At(0): %v", err)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Position(), start) {
		t.Error("undo does not go back to the scenario's position")
	}
	if err := g.CanUndo(); err == nil {
		t.Error("undo past the scenario's position")
	}
}

// Seeds beyond TOML's integers are written as strings and read back.
func TestSeedBeyondTOMLIntegers(t *testing.T) {
	text := strings.Replace(base, "phase = \"resolve\"", "phase = \"resolve\"\nseed = \"18446744073709551615\"", 1)
	g, err := scenarios.Parse("s.toml", []byte(text), "")
	if err != nil {
		t.Fatal(err)
	}
	if g.Config().Seed != 1<<64-1 {
		t.Errorf("seed %d", g.Config().Seed)
	}
	for _, bad := range []string{`"-1"`, `-1`, `"18446744073709551616"`, `1.5`} {
		text := strings.Replace(base, "phase = \"resolve\"", "phase = \"resolve\"\nseed = "+bad, 1)
		if _, err := scenarios.Parse("s.toml", []byte(text), ""); err == nil || !strings.Contains(err.Error(), "s.toml:3: seed: want a whole number") {
			t.Errorf("seed %s: %v", bad, err)
		}
	}
}

// A scenario's player name holds at most rules.MaxNameRunes characters, as
// every other way a name enters (rules.TestNamesHoldAtMost24Characters):
// a longer one is refused with its file, line and the reason.
func TestScenarioNamesHoldAtMost24Characters(t *testing.T) {
	data, err := scenarios.ShippedFile("flags")
	if err != nil {
		t.Fatal(err)
	}
	fits := strings.Repeat("W", rules.MaxNameRunes)
	for _, name := range []string{fits, fits + "W", strings.Repeat("W", 10000)} {
		text := strings.Replace(string(data), `name = "Ann"`, `name = "`+name+`"`, 1)
		if text == string(data) {
			t.Fatal("flags.toml names no player Ann")
		}
		_, err := scenarios.Parse("flags.toml", []byte(text), "")
		switch {
		case len(name) <= rules.MaxNameRunes && err != nil:
			t.Errorf("a name of %d characters: %v", len(name), err)
		case len(name) > rules.MaxNameRunes && (err == nil || !strings.Contains(err.Error(), "flags.toml:") || !strings.Contains(err.Error(), "at most 24") || len(err.Error()) > 300):
			t.Errorf("a name of %d characters: %v", len(name), err)
		}
	}
}
