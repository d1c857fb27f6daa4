package session

import (
	"bytes"
	"encoding/json"
	"math/rand"
	randv2 "math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/words"
)

// publicGuard is a game read through a rules.Desk that fails the test when
// anything but the public view (or public words) is asked of it.
type publicGuard struct {
	rules.Desk
	t *testing.T
}

func (g publicGuard) View(seat rules.Seat) rules.View {
	if seat != rules.Public {
		g.t.Errorf("the overlay read seat %d's view", seat)
	}
	return g.Desk.View(seat)
}

func (g publicGuard) EventText(e rules.Event, viewer rules.Seat) string {
	if viewer != rules.Public {
		g.t.Errorf("the overlay read an event in seat %d's words", viewer)
	}
	return g.Desk.EventText(e, viewer)
}

func (g publicGuard) Legal() []rules.Action {
	g.t.Error("the overlay read the legal actions (they tell the hand to act)")
	return g.Desk.Legal()
}

func (g publicGuard) LegalFor(seat rules.Seat) []rules.Action {
	g.t.Error("the overlay read the legal actions of a seat")
	return g.Desk.LegalFor(seat)
}

// secretsOf is every seat's secrets in g: loyalty cards and hands.
func secretsOf(g *rules.Game) string {
	var b strings.Builder
	for s := range rules.Seat(len(g.Seats())) {
		p := g.View(s).Players[s]
		js, _ := json.Marshal([]any{p.Loyalty, p.Hand})
		b.Write(js)
	}
	return b.String()
}

// TestOverlayHoldsOnlyPublicFacts: on both maps, at many points of random
// games, the overlay of the game and of a copy whose every secret (loyalty
// cards, hands, decks, the generator) was dealt again are byte for byte
// the same; and the overlay reads nothing but the public view.
func TestOverlayHoldsOnlyPublicFacts(t *testing.T) {
	t.Parallel()
	for _, tc := range []overlayCase{{"standard", 4}, {"nine", 5}} {
		g := rulesGame(t, tc.mapName, caseNames[:tc.players], 11)
		rng := rand.New(rand.NewSource(5))
		r2 := randv2.New(randv2.NewPCG(1, 2))
		points, differed := 0, 0
		for i := 0; !g.Over() && i < 3000; i++ {
			if i%37 == 0 {
				points++
				js, txt, err := OverlayFiles(publicGuard{rules.DeskOf(g), t})
				if err != nil {
					t.Fatal(err)
				}
				h := g.RedealSecrets(rules.Public, r2)
				if secretsOf(h) != secretsOf(g) {
					differed++
				}
				js2, txt2, _ := OverlayFiles(rules.DeskOf(h))
				if !bytes.Equal(js, js2) || !bytes.Equal(txt, txt2) {
					t.Fatalf("%s after %d actions: the overlay depends on secrets:\n%s\nvs\n%s", tc.mapName, i, js, js2)
				}
			}
			l := g.Legal()
			if _, err := g.Apply(l[rng.Intn(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
		if points < 5 || differed < points/2 {
			t.Errorf("%s: %d points compared, secrets differed at only %d", tc.mapName, points, differed)
		}
	}
}

// TestOverlayFollowsThePublicState: after every action of a whole game
// the overlay changes, and says what the public view says: round, tier,
// the seat to act, the last public log line, the ranking, game over and
// the winners, the action count.
func TestOverlayFollowsThePublicState(t *testing.T) {
	t.Parallel()
	g := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, 3)
	rng := rand.New(rand.NewSource(9))
	var last []byte
	rounds := map[int]bool{}
	tiers := map[string]bool{}
	for i := 0; i < 3000; i++ {
		js, _, err := OverlayFiles(rules.DeskOf(g))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(js, last) {
			t.Fatalf("after %d actions the overlay did not change", i)
		}
		last = js
		d := overlayOf(rules.DeskOf(g))
		v := g.View(rules.Public)
		if d.Format != overlayFormat || d.Actions != i || d.Round != v.Round || d.Rounds != 3 || d.GameOver != g.Over() {
			t.Fatalf("after %d actions: %+v", i, d)
		}
		if n := len(v.Log); n > 0 && d.LastEvent != v.Log[n-1].Text {
			t.Fatalf("after %d actions: last event %q, want %q", i, d.LastEvent, v.Log[n-1].Text)
		}
		if len(d.Ranking) != len(v.Ranking) {
			t.Fatalf("ranking %v, want %v", d.Ranking, v.Ranking)
		}
		for k, r := range v.Ranking {
			if o := d.Ranking[k]; o.House != g.Map().Houses[r.House].ID || o.From != r.From || o.To != r.To || o.Rank != words.Span(r.From, r.To) || o.SinceRound > d.Round || o.SinceAction > i {
				t.Fatalf("after %d actions: ranking %+v, want %+v", i, o, r)
			}
		}
		rounds[d.Round] = true
		tiers[d.Tier] = true
		if g.Over() {
			if d.Acting != nil || len(d.Winners) == 0 || d.Winners[0].Seat != int(v.Winners[0])+1 {
				t.Fatalf("game over: acting %v, winners %v (view %v)", d.Acting, d.Winners, v.Winners)
			}
			break
		}
		ta := g.ToAct()
		if d.Acting == nil || d.Acting.Seat != int(ta)+1 || d.Acting.Name != v.Players[ta].Name || d.Acting.Conspiracy != g.Seats()[ta] {
			t.Fatalf("after %d actions: acting %+v, want seat %d", i, d.Acting, ta)
		}
		l := g.Legal()
		if _, err := g.Apply(l[rng.Intn(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Over() || len(rounds) != 3 || !tiers["maester"] || !tiers["lord"] || !tiers[""] {
		t.Errorf("the game did not run its course: over %v, rounds %v, tiers %v", g.Over(), rounds, tiers)
	}
}

// TestOverlayRankSince: since when each house holds its rank, checked
// against every position of the history (a house's since is the first
// position from which its span never changed).
func TestOverlayRankSince(t *testing.T) {
	t.Parallel()
	for _, tc := range []overlayCase{{"standard", 4}, {"nine", 5}} {
		g := rulesGame(t, tc.mapName, caseNames[:tc.players], 21)
		rng := rand.New(rand.NewSource(21))
		var spans []map[board.HouseID][2]int
		for i := 0; !g.Over() && i < 3000; i++ {
			spans = append(spans, spansOf(g.View(rules.Public).Ranking))
			l := g.Legal()
			if _, err := g.Apply(l[rng.Intn(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
		spans = append(spans, spansOf(g.View(rules.Public).Ranking))
		d := overlayOf(rules.DeskOf(g))
		moved := 0
		for _, r := range d.Ranking {
			n := len(spans) - 1
			h, _ := g.Map().House(r.House) // the overlay names houses by id
			for n > 0 && spans[n-1][h] == spans[n][h] {
				n--
			}
			if r.SinceAction != n {
				t.Errorf("%s: %s ranked %s since action %d (round %d), the history says %d", tc.mapName, r.Name, r.Rank, r.SinceAction, r.SinceRound, n)
			}
			if n > 0 {
				moved++
				if at, _ := g.At(n); at.View(rules.Public).Round != r.SinceRound {
					t.Errorf("%s: %s since round %d, the position is in round %d", tc.mapName, r.Name, r.SinceRound, at.View(rules.Public).Round)
				}
			}
		}
		if moved == 0 {
			t.Errorf("%s: no house's rank moved in a whole game: the test proves nothing", tc.mapName)
		}
	}
}

// TestWriteOverlay: the files are written whole (no temporary file left),
// parse back, and may be rewritten; a user's edits make the file no longer
// ours, and -overlay then refuses it.
func TestWriteOverlay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "overlay.json")
	if OverlayTextPath(p) != filepath.Join(dir, "overlay.txt") || OverlayTextPath(filepath.Join(dir, "ov")) != filepath.Join(dir, "ov.txt") {
		t.Fatalf("text sibling of %s is %s", p, OverlayTextPath(p))
	}
	if err := CheckOverlay(p); err != nil {
		t.Fatalf("a new name is refused: %v", err)
	}
	g := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, 3)
	for i := 0; i < 3; i++ {
		if err := WriteOverlay(p, rules.DeskOf(g)); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(g.Legal()[0]); err != nil {
			t.Fatal(err)
		}
	}
	var d overlayData
	data, _ := os.ReadFile(p)
	if err := json.Unmarshal(data, &d); err != nil || d.Actions != 2 || d.Format != overlayFormat {
		t.Fatalf("the overlay reads %+v (%v):\n%s", d, err, data)
	}
	txt, _ := os.ReadFile(OverlayTextPath(p))
	if string(txt) != overlayText(d) || !strings.HasPrefix(string(txt), "No True King — Westeros — round 1 of 3, 2 actions\nTo act: Cy (Helm, seat 3)\n") {
		t.Errorf("the text is %q, want %q", txt, overlayText(d))
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		t.Errorf("the folder holds %d files, want the overlay and its text", len(es))
	}
	if err := CheckOverlay(p); err != nil {
		t.Errorf("the game's own overlay is refused: %v", err)
	}
	if err := os.WriteFile(OverlayTextPath(p), []byte("my notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckOverlay(p); err == nil || !strings.Contains(err.Error(), "overlay.txt exists and is not an overlay text this game wrote") {
		t.Errorf("a user's text file: %v", err)
	}
	os.Remove(OverlayTextPath(p))
	if err := os.WriteFile(p, []byte(`{"format": "something else"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckOverlay(p); err == nil || !strings.Contains(err.Error(), "not an overlay file this game wrote") {
		t.Errorf("a user's JSON file: %v", err)
	}
	// A link to nowhere, as the overlay or as its text: said as such, and
	// nothing is written through it.
	for _, link := range []string{filepath.Join(dir, "linked.json"), filepath.Join(dir, "linked2.txt")} {
		if err := os.Symlink(filepath.Join(dir, "gone", "x"), link); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ overlay, link string }{
		{filepath.Join(dir, "linked.json"), "linked.json"},
		{filepath.Join(dir, "linked2.json"), "linked2.txt"},
	} {
		err := CheckOverlay(c.overlay)
		if err == nil || !strings.Contains(err.Error(), c.link+" is a symbolic link to a file that does not exist") || strings.Contains(err.Error(), "no such file") {
			t.Errorf("%s: %v", c.overlay, err)
		}
	}
}

// BenchmarkOverlay: the overlay's content and files of a game near its end
// (nine players: nine rounds of ranks to look back over), as written after
// every action.
func BenchmarkOverlay(b *testing.B) {
	g := rulesGame(b, "nine", caseNames[:9], 4)
	rng := rand.New(rand.NewSource(4))
	for !g.Over() && g.View(rules.Public).Round < 9 {
		l := g.Legal()
		if _, err := g.Apply(l[rng.Intn(len(l))]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(g.Len()), "actions")
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := OverlayFiles(rules.DeskOf(g)); err != nil {
			b.Fatal(err)
		}
	}
}

// overlayCase is a map and a number of players.
type overlayCase struct {
	mapName string
	players int
}

// caseNames are long player names, one per seat.
var caseNames = []string{"Alexandra", "Bartholomew", "Christabel", "Demetrius", "Evangeline", "Frederick", "Gwendolyn", "Hieronymus", "Isadora"}

// rulesGame is a rules game on a shipped map (tabletest.RulesGame).
func rulesGame(t testing.TB, mapName string, players []string, seed uint64) *rules.Game {
	t.Helper()
	g, err := tabletest.RulesGame(mapName, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
