package gamefile_test

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/scenarios"
)

// playOn applies n random legal actions (fewer if the game ends).
func playOn(t *testing.T, g *rules.Game, n int, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n && !g.Over(); i++ {
		legal := g.Legal()
		a := legal[r.IntN(len(legal))]
		if a.Verb == rules.VArrange {
			a = rules.RandomArrangement(a, r)
		}
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
}

// same checks that h is g: the variant, the position (every secret) and
// the legal actions.
func same(t *testing.T, what string, g, h *rules.Game) {
	t.Helper()
	if h.Variant() != g.Variant() || !reflect.DeepEqual(g.Position(), h.Position()) || !slices.Equal(g.Legal(), h.Legal()) {
		t.Errorf("%s: reopened as variant %v at another position (want variant %v)", what, h.Variant(), g.Variant())
	}
}

// studied counts the rolls at the Citadel in g's events.
func studied(g *rules.Game) int {
	n := 0
	for _, e := range g.Events() {
		if e.Kind.String() == "studied" {
			n++
		}
	}
	return n
}

// TestCitadelSaveReopens: a Citadel game saved and reopened is the same
// game — from a new game (the record's variant line) and from a position
// (the save's start position carries the variant) — and a -record file of
// a game from a position with no file keeps a start that carries it too.
func TestCitadelSaveReopens(t *testing.T) {
	m, err := maps.Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.New(m, rules.Config{Players: []string{"Ann", "Ben", "Cat"}, Seed: 8, Variant: rules.Citadel})
	if err != nil {
		t.Fatal(err)
	}
	playOn(t, g, 120, 8)
	if studied(g) == 0 {
		t.Fatal("no roll at the Citadel in 120 actions: pick another seed")
	}
	data, err := gamefile.Encode(gamefile.Record(g, gamefile.SaveOrigin("standard", "", nil)), gamefile.Meta{Saved: time.Unix(0, 0).UTC(), Players: g.Config().Players, Actions: g.Len()})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("\nseed 8\nvariant citadel\n")) {
		t.Errorf("the save's record has no variant line:\n%.400s", data)
	}
	f, err := gamefile.ReadData(data, ".", gamefile.Loader)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "a new game's save", g, f.Game)

	// From a position: the save holds the start, which names the variant.
	p, err := scenarios.LoadShipped("citadel-gain-crystal")
	if err != nil {
		t.Fatal(err)
	}
	playOn(t, p, 40, 3)
	start, err := scenarios.StartOf(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(start, []byte("variant = \"citadel\"\n")) {
		t.Errorf("the start position does not name the variant:\n%s", start)
	}
	data, err = gamefile.Encode(gamefile.Record(p, gamefile.SaveOrigin("standard", "", start)), gamefile.Meta{Players: p.Config().Players, Actions: p.Len(), Start: string(start)})
	if err != nil {
		t.Fatal(err)
	}
	f, err = gamefile.ReadData(data, ".", gamefile.Loader)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "a position's save", p, f.Game)

	// A -record file of that game: its start written beside it.
	dir := t.TempDir()
	path := filepath.Join(dir, "r.ntk")
	o, startPath, err := gamefile.RecordOrigin(path, "", "", p)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := gamefile.Record(p, o).Write(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	if filepath.Base(startPath) != "r.ntk.start.toml" {
		t.Errorf("the start went to %s", startPath)
	}
	f, err = gamefile.ReadFile(path, gamefile.Loader)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "a -record file from a position", p, f.Game)
}

// TestPlainRecordsUnchanged: the plain game's records, replayed and
// written again, are the files they came from (after their comments):
// no variant line, every line as before.
func TestPlainRecordsUnchanged(t *testing.T) {
	for _, name := range []string{"two-players.ntk", "three-players.ntk", "four-players.ntk"} {
		path := filepath.Join("..", "testdata", name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := gamefile.ReadFile(path, gamefile.Loader)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := gamefile.Record(f.Game, gamefile.Origin{}).Write(&b); err != nil {
			t.Fatal(err)
		}
		i := strings.Index(string(data), "# No True King record\n")
		if f.Game.Variant() != rules.Plain || i < 0 || b.String() != string(data[i:]) {
			t.Errorf("%s: written again (variant %v):\n%.300s\nwant:\n%.300s", name, f.Game.Variant(), b.String(), data[max(i, 0):])
		}
	}
}
