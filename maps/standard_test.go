package maps

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"notrueking/board"
)

var update = flag.Bool("update", false, "rewrite golden files")

func standard(t testing.TB) *board.Map {
	t.Helper()
	m, err := Standard()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestStandardCounts(t *testing.T) {
	m := standard(t)
	var kinds [4]int
	crowns, barrels, castles, towns, edges := 0, 0, 0, 0, 0
	for _, tr := range m.Territories {
		kinds[tr.Kind]++
		crowns += tr.Crowns
		barrels += tr.Barrels
		switch tr.Fortress {
		case board.Castle:
			castles++
		case board.Town:
			towns++
		}
		edges += len(tr.Neighbors)
	}
	got := []int{len(m.Territories), kinds[board.Land], kinds[board.Sea], kinds[board.Port], kinds[board.Road], edges / 2, crowns, barrels, castles, towns}
	want := []int{58, 38, 12, 8, 0, 143, 19, 24, 10, 10}
	names := []string{"areas", "land", "sea", "port", "road", "edges", "crowns", "barrels", "castles", "towns"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s = %d, want %d", names[i], got[i], want[i])
		}
	}
	if m.MinPlayers != 2 || m.MaxPlayers != 4 {
		t.Errorf("players %d..%d, want 2..4", m.MinPlayers, m.MaxPlayers)
	}
	if strings.Join(m.Conspiracies, ",") != "crown,torch,helm,gauntlet" || strings.Join(m.ConspiracyNames, ",") != "Crown,Torch,Helm,Gauntlet" {
		t.Errorf("conspiracies %v %v", m.Conspiracies, m.ConspiracyNames)
	}
	if want := []int{6, 4, 3, 2, 0}; !equalInts(m.LoyaltySlots, want) {
		t.Errorf("loyalty slots %v, want %v", m.LoyaltySlots, want)
	}
	ranks := map[string]int{}
	for i, h := range m.Houses {
		ranks[h.ID] = m.InitialRank[i]
		if h.Limits != [board.NumUnits]int{10, 5, 6, 0} {
			t.Errorf("%s limits %v", h.ID, h.Limits)
		}
		if len(h.Deck) != 7 {
			t.Errorf("%s deck has %d cards, want 7", h.ID, len(h.Deck))
		}
		for _, c := range h.Deck {
			if c.House != h.ID {
				t.Errorf("card %s of house %s in %s's deck", c.ID, c.House, h.ID)
			}
		}
	}
	wantRanks := map[string]int{"baratheon": 1, "stark": 2, "lannister": 3, "greyjoy": 3, "tyrell": 5}
	for h, r := range wantRanks {
		if ranks[h] != r {
			t.Errorf("initial rank of %s = %d, want %d", h, ranks[h], r)
		}
	}
}

func TestStandardColoursDistinct(t *testing.T) {
	m := standard(t)
	for i, a := range m.Houses {
		for _, b := range m.Houses[i+1:] {
			d := sq(int(a.Color.R)-int(b.Color.R)) + sq(int(a.Color.G)-int(b.Color.G)) + sq(int(a.Color.B)-int(b.Color.B))
			if d < 80*80 {
				t.Errorf("colours of %s %v and %s %v are too close", a.ID, a.Color, b.ID, b.Color)
			}
		}
	}
}

func sq(x int) int { return x * x }

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// readReference reads a file of the AGoT reference board (a copy of the
// project's shared reference in testdata/reference, so that a clean clone
// compares against it too, never skipping).
// referenceCards is agot-house-cards.json: the real game's house cards.
type referenceCards struct {
	Cards []struct {
		Deck     string `json:"deck"`
		House    string `json:"house"`
		ID       string `json:"id"`
		Name     string `json:"name"`
		Strength int    `json:"combat_strength"`
		Swords   int    `json:"sword_icons"`
		Towers   int    `json:"tower_icons"`
	} `json:"cards"`
}

func readReference(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "reference", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestStandardMatchesReferenceBoard(t *testing.T) {
	var ref struct {
		Regions []struct {
			ID          string    `json:"id"`
			Name        string    `json:"name"`
			Type        string    `json:"type"`
			Crowns      int       `json:"crowns"`
			Barrels     int       `json:"barrels"`
			CastleLevel int       `json:"castle_level"`
			Neighbors   []string  `json:"neighbors"`
			PortOf      string    `json:"port_of"`
			PortSea     string    `json:"port_sea"`
			Approx      []float64 `json:"approx_position"`
		} `json:"regions"`
	}
	readReference(t, "agot-board.json", &ref)
	m := standard(t)
	if len(ref.Regions) != len(m.Territories) {
		t.Errorf("%d territories, reference has %d", len(m.Territories), len(ref.Regions))
	}
	for _, r := range ref.Regions {
		i, ok := m.Territory(r.ID)
		if !ok {
			t.Errorf("reference area %s missing", r.ID)
			continue
		}
		tr := m.Territories[i]
		if tr.Name != r.Name || tr.Kind.String() != r.Type || tr.Crowns != r.Crowns || tr.Barrels != r.Barrels || int(tr.Fortress) != r.CastleLevel {
			t.Errorf("%s: have %q %s crowns %d barrels %d fortress %d; reference %q %s %d %d %d",
				r.ID, tr.Name, tr.Kind, tr.Crowns, tr.Barrels, tr.Fortress, r.Name, r.Type, r.Crowns, r.Barrels, r.CastleLevel)
		}
		var ns []string
		for _, n := range tr.Neighbors {
			ns = append(ns, m.Territories[n].ID)
		}
		sort.Strings(ns)
		want := append([]string(nil), r.Neighbors...)
		sort.Strings(want)
		if strings.Join(ns, " ") != strings.Join(want, " ") {
			t.Errorf("%s neighbours\n have %v\n want %v", r.ID, ns, want)
		}
		// The drawing keeps every area in its place on the printed board:
		// the label anchor lies near the reference's approximate position
		// (seas, drawn as rings and bands, are allowed further).
		if len(r.Approx) == 2 {
			dx := tr.Label.X/float64(m.Grid.W) - r.Approx[0]
			dy := tr.Label.Y/float64(m.Grid.H) - r.Approx[1]
			limit := 0.1
			if tr.Kind == board.Sea {
				limit = 0.2
			}
			if d := math.Hypot(dx, dy); d > limit {
				t.Errorf("%s is drawn at (%.2f, %.2f) of the board, reference (%.2f, %.2f): %.2f away", r.ID,
					tr.Label.X/float64(m.Grid.W), tr.Label.Y/float64(m.Grid.H), r.Approx[0], r.Approx[1], d)
			}
		}
		if r.Type == "port" {
			if tr.PortOf < 0 || m.Territories[tr.PortOf].ID != r.PortOf || tr.PortSea < 0 || m.Territories[tr.PortSea].ID != r.PortSea {
				t.Errorf("%s is tied to %d/%d, reference %s/%s", r.ID, tr.PortOf, tr.PortSea, r.PortOf, r.PortSea)
			}
		}
	}
}

func TestStandardMatchesReferenceSetupAndCards(t *testing.T) {
	var setup struct {
		Units    map[string]map[string]map[string]int `json:"units"`
		HomeArea map[string]string                    `json:"home_area"`
	}
	var cards referenceCards
	readReference(t, "agot-setup-5p.json", &setup)
	readReference(t, "agot-house-cards.json", &cards)
	m := standard(t)
	have := map[string]int{}
	for _, p := range m.Setup {
		have[p.House+" "+p.Territory+" "+p.Unit.String()] += p.Count
	}
	want := map[string]int{}
	for h, ts := range setup.Units {
		for tr, us := range ts {
			for u, n := range us {
				want[h+" "+tr+" "+u] += n
			}
		}
	}
	if len(have) != len(want) {
		t.Errorf("setup has %d entries, reference %d", len(have), len(want))
	}
	for k, n := range want {
		if have[k] != n {
			t.Errorf("setup %s = %d, reference %d", k, have[k], n)
		}
	}
	for _, h := range m.Houses {
		if setup.HomeArea[h.ID] != h.Home {
			t.Errorf("%s home %s, reference %s", h.ID, h.Home, setup.HomeArea[h.ID])
		}
	}
	deck := map[string]board.Card{}
	for _, h := range m.Houses {
		for _, c := range h.Deck {
			deck[c.ID] = c
		}
	}
	n := 0
	for _, c := range cards.Cards {
		if _, inPlay := m.House(c.House); !inPlay || !strings.HasPrefix(c.Deck, "base") {
			continue
		}
		n++
		d, ok := deck[c.ID]
		if !ok || d.Name != c.Name || d.House != c.House || d.Strength != c.Strength || d.Swords != c.Swords || d.Towers != c.Towers {
			t.Errorf("card %s: have %+v, reference %+v", c.ID, d, c)
		}
	}
	if n != len(deck) {
		t.Errorf("%d cards, reference has %d base cards of the five houses", len(deck), n)
	}
	effects := map[string]string{"brienne-of-tarth": "brienne", "asha-greyjoy": "asha", "cersei-lannister": "cersei",
		"ser-jaime-lannister": "jaime", "melisandre": "melisandre", "salladhor-saan": "salladhor", "catelyn-stark": "catelyn"}
	for id, c := range deck {
		if c.Effect != effects[id] {
			t.Errorf("card %s effect %q, want %q", id, c.Effect, effects[id])
		}
	}
}

// TestStandardGeometry checks the drawing independently of the loader.
func TestStandardGeometry(t *testing.T) {
	m := standard(t)
	g := &m.Grid
	if g.W < 40 || g.H < 70 || float64(g.H)/float64(g.W) < 1.6 || float64(g.H)/float64(g.W) > 2.0 {
		t.Errorf("grid %d×%d is not a portrait board about 1.8 times taller than wide", g.W, g.H)
	}
	cells := make([][]int, len(m.Territories))
	for c, tr := range g.Cells {
		if tr >= 0 {
			cells[tr] = append(cells[tr], c)
		}
	}
	for i, tr := range m.Territories {
		if len(cells[i]) == 0 {
			t.Errorf("%s has no cells", tr.ID)
			continue
		}
		seen := map[int]bool{cells[i][0]: true}
		stack := []int{cells[i][0]}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				x, y := c%g.W+d[0], c/g.W+d[1]
				if g.At(x, y) == i && !seen[y*g.W+x] {
					seen[y*g.W+x] = true
					stack = append(stack, y*g.W+x)
				}
			}
		}
		if len(seen) != len(cells[i]) {
			t.Errorf("%s is not one blob: %d of %d cells connected", tr.ID, len(seen), len(cells[i]))
		}
		if l := tr.Label; g.At(int(l.X), int(l.Y)) != i {
			t.Errorf("label of %s at %v is outside it", tr.ID, l)
		}
	}
	touching := map[[2]int]bool{}
	for _, p := range g.Touching() {
		touching[p] = true
	}
	ex := map[[2]int]bool{}
	for _, e := range m.Exceptions {
		ex[[2]int{min(e.A, e.B), max(e.A, e.B)}] = true
	}
	for a := range m.Territories {
		for b := a + 1; b < len(m.Territories); b++ {
			k := [2]int{a, b}
			adj := m.Adjacent(board.TerrID(a), board.TerrID(b))
			if touching[k] != adj && !ex[k] {
				t.Errorf("%s / %s: touching %v, adjacent %v", m.Territories[a].ID, m.Territories[b].ID, touching[k], adj)
			}
		}
	}
	for i, tr := range m.Territories {
		if tr.Kind != board.Port {
			continue
		}
		for _, p := range g.Touching() {
			if p[0] == i || p[1] == i {
				o := board.TerrID(p[0] + p[1] - i)
				if o != tr.PortOf && o != tr.PortSea {
					t.Errorf("port %s touches %s", tr.ID, m.Territories[o].ID)
				}
			}
		}
	}
	if len(m.Exceptions) != 0 {
		t.Errorf("the standard map needs no exceptions, has %d", len(m.Exceptions))
	}
	// Islands: Pyke, Dragonstone and the Arbor touch no other land.
	for _, id := range []string{"pyke", "dragonstone", "the-arbor"} {
		i, _ := m.Territory(id)
		for _, n := range m.Territories[i].Neighbors {
			if m.Territories[n].Kind == board.Land {
				t.Errorf("island %s touches land %s", id, m.Territories[n].ID)
			}
		}
	}
}

func TestValidateJSONGolden(t *testing.T) {
	m, err := Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	data, err := JSON(m)
	if err != nil {
		t.Fatal(err)
	}
	out := bytes.NewBuffer(data)
	golden := "testdata/standard.json"
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./maps -run Golden -update)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("validate -json differs from %s (run with -update if the change is intended)", golden)
	}
	var v map[string]any
	if err := json.Unmarshal(out.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
}

func TestLoadForms(t *testing.T) {
	a, err := Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	b, err := LoadFile("standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	ja, _ := JSON(a)
	jb, _ := JSON(b)
	if !bytes.Equal(ja, jb) {
		t.Error("Load(\"standard\") and LoadFile(\"standard.toml\") differ")
	}
	t.Run("shipped name from elsewhere", func(t *testing.T) {
		t.Chdir(t.TempDir())
		for _, name := range []string{"standard", "standard.toml"} {
			c, err := Load(name)
			if err != nil {
				t.Fatalf("Load(%q): %v", name, err)
			}
			if jc, _ := JSON(c); !bytes.Equal(ja, jc) {
				t.Errorf("Load(%q) differs", name)
			}
		}
	})
	_, err = LoadFile("testdata/does-not-exist.toml")
	var e *Error
	if !errors.As(err, &e) || e.File == "" {
		t.Errorf("missing file: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	// Small seeds only: the fuzzer minimises every interesting input, and
	// minimising the 40 kB standard map stalls it for minutes.
	f.Add([]byte(tiny(f)))
	f.Add([]byte("[grid]\nwidth = 2\nheight = 1\nrows = \"\"\"\n....\n\"\"\"\n"))
	f.Add([]byte("[[territory]]\nid = \"a\"\nneighbors = [\"a\", \"b\"]\n"))
	// The small hostile inputs (bidi and zero-width names, strings that
	// hide brackets, nesting just past the limit, BOM and CRLF).
	for _, h := range hostileInputs(f) {
		if len(h.data) <= 4096 {
			f.Add(h.data)
		}
	}
	f.Add([]byte("\xef\xbb\xbf" + strings.ReplaceAll(tiny(f), "\n", "\r\n")))
	f.Add([]byte("x = " + nest("[", "]", MaxDepth+1) + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse("fuzz.toml", data)
		if err != nil {
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error is not a non-empty ErrorList: %T %v", err, err)
			}
			// Every message is printable and short, whatever the input.
			for _, l := range strings.Split(err.Error(), "\n") {
				if n := utf8.RuneCountInString(l); n > 700 {
					t.Fatalf("a message line of %d characters: %.200q", n, l)
				}
				for _, r := range l {
					if !unicode.IsPrint(r) {
						t.Fatalf("unprintable %U in %q", r, l)
					}
				}
			}
			return
		}
		if m == nil || len(m.Grid.Cells) != m.Grid.W*m.Grid.H {
			t.Fatalf("valid map with a broken grid")
		}
		texts := []string{m.ID, m.Name}
		for _, tr := range m.Territories {
			texts = append(texts, tr.ID, tr.Name)
		}
		for _, h := range m.Houses {
			texts = append(texts, h.ID, h.Name)
			for _, c := range h.Deck {
				texts = append(texts, c.ID, c.Name)
			}
		}
		for _, s := range texts {
			if _, what, bad := badRune(s, false); bad || strings.TrimSpace(s) == "" {
				t.Fatalf("valid map with the name or id %q (%s)", s, what)
			}
		}
		if _, err := JSON(m); err != nil {
			t.Fatal(err)
		}
	})
}

func BenchmarkLoadStandard(b *testing.B) {
	data, err := os.ReadFile("standard.toml")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("standard.toml", data); err != nil {
			b.Fatal(err)
		}
	}
}

func TestStandardOutlines(t *testing.T) {
	m := standard(t)
	g := &m.Grid
	cells := make([]int, len(m.Territories))
	for _, c := range g.Cells {
		if c >= 0 {
			cells[c]++
		}
	}
	for i, tr := range m.Territories {
		a := 0.0
		outer := 0
		for _, l := range g.Outlines(i) {
			if board.LoopArea(l) > 0 {
				outer++
			}
			a += board.LoopArea(l)
		}
		if a != float64(cells[i]) || outer != 1 {
			t.Errorf("%s: outline area %v (%d outer loops), %d cells", tr.ID, a, outer, cells[i])
		}
	}
}

func BenchmarkSmoothOutlines(b *testing.B) {
	m := standard(b)
	for b.Loop() {
		for i := range m.Territories {
			m.Grid.SmoothOutlines(i, 3)
		}
	}
}
