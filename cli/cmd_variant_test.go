package cli

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/store"
)

// TestVariantFlag: selfplay and bots play the Citadel variant with
// -variant citadel (the same seed repeats it, and it is another game than
// the plain one); an unknown variant is refused listing the known ones.
func TestVariantFlag(t *testing.T) {
	run := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		if code := Run(args, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		return out.String()
	}
	checksum := func(out string) string {
		i := strings.Index(out, "checksum ")
		if i < 0 {
			t.Fatalf("no checksum in %q", out)
		}
		return strings.TrimSpace(out[i:])
	}
	citadel := run("selfplay", "-games", "5", "-seed", "3", "-variant", "citadel")
	again := run("selfplay", "-games", "5", "-seed", "3", "-variant", "citadel")
	plain := run("selfplay", "-games", "5", "-seed", "3")
	explicit := run("selfplay", "-games", "5", "-seed", "3", "-variant", "plain")
	if !strings.HasPrefix(citadel, "map standard, 4 players, seed 3, variant citadel\n") || strings.Contains(plain, "variant") {
		t.Errorf("the first lines: %q, %q", citadel, plain)
	}
	if checksum(citadel) != checksum(again) || checksum(citadel) == checksum(plain) || checksum(plain) != checksum(explicit) {
		t.Errorf("checksums: citadel %s, again %s, plain %s, -variant plain %s", checksum(citadel), checksum(again), checksum(plain), checksum(explicit))
	}
	for _, cmd := range []string{"selfplay", "bots"} {
		var out, errb bytes.Buffer
		code := Run([]string{cmd, "-variant", "winter", "-seats", "random,random,random,random"}, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), `unknown variant "winter": the variants are plain, citadel`) {
			t.Errorf("%s -variant winter: exit %d, %q", cmd, code, errb.String())
		}
	}

	dir := filepath.Join(t.TempDir(), "recs")
	out := run("bots", "-players", "3", "-games", "2", "-seats", "random,random,random", "-seed", "4", "-j", "1", "-q", "-variant", "citadel", "-records", dir)
	if !strings.HasPrefix(out, "map standard, 3 players, 2 games, seed 4, variant citadel\n") {
		t.Errorf("the table's first line: %q", out)
	}
	// Each game's record says the variant and replays to a Citadel game
	// that is over.
	for _, name := range []string{"game-001-seed-4.ntk", "game-002-seed-5.ntk"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "\nvariant citadel\n") {
			t.Errorf("%s has no variant line:\n%.300s", name, data)
		}
		f, err := gamefile.ReadFile(filepath.Join(dir, name), gamefile.Loader)
		if err != nil {
			t.Fatal(err)
		}
		if f.Game.Variant() != rules.Citadel || !f.Game.Over() {
			t.Errorf("%s replays to variant %v, over %v", name, f.Game.Variant(), f.Game.Over())
		}
	}
	// run's JSON names the variant (and each seat's public counts) at
	// the end; a plain record's does not.
	last := func(path string) string {
		out := run("run", path)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		return lines[len(lines)-1]
	}
	if l := last(filepath.Join(dir, "game-001-seed-4.ntk")); !strings.HasPrefix(l, `{"final":{"variant":"citadel","over":true,`) {
		t.Errorf("run's last line of a Citadel record: %.200s", l)
	}
	if l := last(filepath.Join("testdata", "two-players.ntk")); strings.Contains(l, "variant") || strings.Contains(l, "ravens") {
		t.Errorf("run's last line of a plain record names the variant: %.200s", l)
	}
}

// TestRunCitadelScenarioRecords: run replays the record of each Citadel
// scenario (its scenario carries the variant) and its final line shows
// the variant and the seats' public pieces.
func TestRunCitadelScenarioRecords(t *testing.T) {
	want := map[string]string{
		"citadel-crystals-spent.ntk": `"name":"Ann","score":0,"revealed":0,`,
		"citadel-gain-crystal.ntk":   `"hand_sizes":{},"crystals":2}`,
		"citadel-ill-tidings.ntk":    `"name":"Ben","score":0,"revealed":0,`,
		"citadel-lost-orders.ntk":    `"hand_sizes":{"stark":1},"wings":1}`,
		"citadel-three-ravens.ntk":   `"hand_sizes":{},"wings":1}`,
		"citadel-deck-rebuilt.ntk":   `"hand_sizes":{},"wings":1}`,
		"citadel-dirt-revealed.ntk":  `"name":"Ben","score":0,"revealed":5,`,
		"citadel-legends.ntk":        `"hand_sizes":{"stark":2}}`,
		"citadel-dig-up-dirt.ntk":    `"name":"Ben","score":0,"revealed":1,`,
	}
	// What the last seat's entry ends with: its public pieces.
	tails := map[string]string{
		"citadel-crystals-spent.ntk": `"hand_sizes":{},"wings":1},{"seat":1`,
		"citadel-gain-crystal.ntk":   `"crystals":2},{"seat":1`,
		"citadel-ill-tidings.ntk":    `"hand_sizes":{},"crystals":1}],"winners"`,
		"citadel-lost-orders.ntk":    `"wings":1},{"seat":1`,
		"citadel-three-ravens.ntk":   `"wings":1},{"seat":1`,
		"citadel-deck-rebuilt.ntk":   `"hand_sizes":{},"wings":1},{"seat":1`,
		"citadel-dirt-revealed.ntk":  `"hand_sizes":{}}],"winners"`,
		"citadel-legends.ntk":        `"hand_sizes":{"stark":2}},{"seat":1`,
		"citadel-dig-up-dirt.ntk":    `"name":"Cat","score":0,"revealed":0,`,
	}
	names, err := filepath.Glob(filepath.Join("scenarios", "testdata", "citadel-*.ntk"))
	if err != nil || len(names) != len(want) {
		t.Fatalf("%d Citadel records (%v), want %d", len(names), err, len(want))
	}
	for _, path := range names {
		var out, errb bytes.Buffer
		if code := Run([]string{"run", path}, &out, &errb); code != 0 {
			t.Fatalf("run %s: exit %d: %s", path, code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		last := lines[len(lines)-1]
		w, ok := want[filepath.Base(path)]
		if !ok || !strings.HasPrefix(last, `{"final":{"variant":"citadel",`) || !strings.Contains(last, w) || !strings.Contains(last, tails[filepath.Base(path)]) {
			t.Errorf("%s: the final line lacks the variant or %s:\n%.600s", path, w, last)
		}
	}
}

// TestCitadelContinue: a Citadel game autosaved by a session (a new game,
// and one from a Citadel scenario) is the same game when Continue
// resumes it, and -load reads it the same.
func TestCitadelContinue(t *testing.T) {
	st, err := store.OpenDir(filepath.Join(t.TempDir(), "saves"))
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := gamefile.Setup{Count: 3, Seed: 5, SeedSet: true, Variant: rules.Citadel}.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	fromPosition, err := scenarios.LoadShipped("citadel-gain-crystal")
	if err != nil {
		t.Fatal(err)
	}
	for id, g := range map[string]*rules.Game{"fresh": fresh, "position": fromPosition} {
		s := session.New(st, id, g, "", false)
		if g.FromPosition() {
			if s.Start, err = scenarios.StartOf(g); err != nil {
				t.Fatal(err)
			}
		}
		r := rand.New(rand.NewPCG(5, 5))
		for i := 0; i < 80 && !g.Over(); i++ {
			legal := g.Legal()
			a := legal[r.IntN(len(legal))]
			if a.Verb == rules.VArrange {
				a = rules.RandomArrangement(a, r)
			}
			if _, err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		s.Close()
		back, err := session.Resume(st, id, gamefile.Loader("."))
		if err != nil {
			t.Fatal(err)
		}
		h := back.Game()
		back.Close()
		if h.Variant() != rules.Citadel || !reflect.DeepEqual(g.Position(), h.Position()) || h.Len() != g.Len() {
			t.Errorf("%s: resumed as variant %v after %d actions (want %d), same position %v", id, h.Variant(), h.Len(), g.Len(), reflect.DeepEqual(g.Position(), h.Position()))
		}
		f, err := gamefile.ReadFile(st.File(id), gamefile.Loader)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(g.Position(), f.Game.Position()) {
			t.Errorf("%s: -load reads another position", id)
		}
	}
}
