package table

import (
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// toAnotherSeatAfterMove plays g at random until another seat is to act
// right after a seat's move, and returns that move's index.
func toAnotherSeatAfterMove(t *testing.T, g *rules.Game, seed int64) int {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < 3000 && !g.Over(); i++ {
		l := g.Legal()
		pick := l[rng.Intn(len(l))]
		for _, a := range l {
			if a.Verb == rules.VMove && rng.Intn(2) == 0 {
				pick = a
			}
		}
		if _, err := g.Apply(pick); err != nil {
			t.Fatal(err)
		}
		if pick.Verb == rules.VMove && g.ToAct() >= 0 && g.ToAct() != pick.Seat && g.View(rules.Public).Combat == nil {
			return g.Len() - 1
		}
	}
	t.Fatal("no move handed to another seat")
	return -1
}

// TestMarksOfOtherSeatsUntilTheViewerActs: after another seat's move, the
// board of the next seat to act marks it (an arrow from its origin to its
// destination, in the moving house's colour), behind the curtain and once
// it lifts; once that seat acts, the marks of what happened before are
// gone; a muster is a pulse, a promotion a ring.
func TestMarksOfOtherSeatsUntilTheViewerActs(t *testing.T) {
	kinds := map[ui.MarkKind]int{}
	for seed := int64(1); seed <= 12; seed++ {
		g, err := tabletest.RulesGame("standard", []string{"A", "B", "C", "D"}, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		n := toAnotherSeatAfterMove(t, g, seed)
		mv := g.Actions()[n]
		before, err := g.ViewAt(n, rules.Public)
		if err != nil {
			t.Fatal(err)
		}
		u := New(rules.HotSeat(g), Options{})
		viewer := g.ToAct()
		for _, shown := range []bool{false, true} {
			if shown {
				u.Reveal(viewer)
			}
			found := false
			for _, k := range u.Recent().Marks() {
				kinds[k.Kind]++
				if k.Kind == ui.MarkArrow && k.From == mv.From && k.To == mv.To && k.House == before.ResolvingHouse {
					found = true
				}
			}
			if !found {
				t.Fatalf("seed %d (curtain lifted %v): %s's move %d→%d is not marked: %+v", seed, shown, g.Seats()[mv.Seat], mv.From, mv.To, u.Recent().Marks())
			}
		}
		// The viewer acts: nothing since, so no mark.
		if !u.Apply(g.Legal()[0]) {
			t.Fatal("the viewer's action was refused")
		}
		if ms := u.Recent().Marks(); len(ms) != 0 {
			t.Fatalf("seed %d: after the viewer's action the board still marks %+v", seed, ms)
		}
	}
	if kinds[ui.MarkPulse] == 0 {
		t.Errorf("no muster marked in any game: %v", kinds)
	}
}

// TestDigestSinceYouLastLooked: when the curtain lifts for a seat, the
// digest lists exactly the public events since that seat's last action
// (those the public log gained since then), with the number left to the
// log; nothing private; it closes on Esc and when the seat acts.
func TestDigestSinceYouLastLooked(t *testing.T) {
	opened := 0
	for seed := int64(1); seed <= 12; seed++ {
		g, err := tabletest.RulesGame("standard", []string{"A", "B", "C", "D"}, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		toAnotherSeatAfterMove(t, g, seed)
		seat := g.ToAct()
		own := -1
		for i, a := range g.Actions() {
			if a.Seat == seat {
				own = i
			}
		}
		then, err := g.ViewAt(own+1, rules.Public)
		if err != nil {
			t.Fatal(err)
		}
		now := g.View(rules.Public).Log
		want := now[len(then.Log):]
		u := New(rules.HotSeat(g), Options{})
		u.Reveal(seat)
		if len(want) == 0 {
			if u.Recent().Digest() != nil {
				t.Fatalf("seed %d: a digest with nothing new", seed)
			}
			continue
		}
		opened++
		got, skipped := u.Recent().Digest(), u.recent.digest.skipped
		// What mattered, in order, then one line counting the rest.
		var news []rules.LogLine
		routine := 0
		for _, l := range mergePasses(want) {
			if digestTier(l, u.recent.digest.took) > 0 {
				news = append(news, l)
			} else {
				routine++
			}
		}
		body := got
		if routine > 0 {
			body = got[:len(got)-1]
			fold := got[len(got)-1]
			n := 0
			for _, f := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(fold.Text, "Also: "), "."), ", ") {
				k, _ := strconv.Atoi(strings.Fields(f)[0])
				n += k
			}
			// It counts routine lines (choices and the ends of musters go
			// unsaid), and opens the table after the latest of them.
			if !strings.HasPrefix(fold.Text, "Also: ") || n == 0 || n > routine || fold.Action > g.Len() {
				t.Fatalf("seed %d: the fold line %q for %d routine lines", seed, fold.Text, routine)
			}
		}
		if len(body) > maxDigest || skipped+len(body) != len(news) {
			t.Fatalf("seed %d: digest of %d lines (+%d earlier), want the %d that mattered", seed, len(body), skipped, len(news))
		}
		for i, l := range body {
			if skipped == 0 && l != news[i] {
				t.Fatalf("seed %d: digest line %d %q, want %q", seed, i, l.Text, news[i].Text)
			}
			if digestTier(l, u.recent.digest.took) == 0 {
				t.Fatalf("seed %d: a routine line listed: %q", seed, l.Text)
			}
		}
		private := map[string]bool{}
		for _, l := range g.View(seat).Log {
			if l.Seat != rules.Public {
				private[l.Text] = true
			}
		}
		l := NewLayout(g.Map().Grid.W, g.Map().Grid.H, 4, len(g.Map().Houses))
		ws := u.Widgets(l)
		shownLines := 0
		for _, w := range ws {
			if private[w.Text] && w.R.Y < l.Log.Y+l.Log.H/2 {
				t.Fatalf("seed %d: a private line in the digest's place: %q", seed, w.Text)
			}
			if w.T.Cmd.Kind == ui.CmdLogEntry && w.R.Y < l.Log.Y+300 {
				shownLines++
			}
		}
		if shownLines == 0 {
			t.Fatalf("seed %d: the digest shows no line to click", seed)
		}
		// A line opens the table then; Esc returns, Esc again closes.
		// (The latest line's table is the present: the first one's.)
		u.Do(ui.Command{Kind: ui.CmdLogEntry, N: LogAction(got[0])})
		if LogAction(got[0]) < g.Len() && !u.InPast() {
			t.Fatalf("seed %d: a digest line did not open the past", seed)
		}
		if u.InPast() {
			u.Do(ui.Command{Kind: ui.CmdCancel})
			if u.InPast() || u.Recent().Digest() == nil {
				t.Fatalf("seed %d: Esc from the past closed the digest or stayed", seed)
			}
		}
		u.Do(ui.Command{Kind: ui.CmdCancel})
		if u.Recent().Digest() != nil {
			t.Fatalf("seed %d: Esc did not close the digest", seed)
		}
		u.Hide()
		u.Reveal(seat)
		if u.Recent().Digest() == nil {
			t.Fatalf("seed %d: no digest after the curtain lifted again", seed)
		}
		if !u.Apply(g.Legal()[0]) || u.Recent().Digest() != nil {
			t.Fatalf("seed %d: the digest stays after the seat acted", seed)
		}
	}
	if opened < 4 {
		t.Fatalf("only %d digests opened", opened)
	}
}

// TestMarksHouseWithoutHistory: the house of each marked action is the
// one resolving before it, whether the table saw the action happen (one
// refresh per action) or met it in the history (a game put on the table
// later); both tables mark alike.
func TestMarksHouseWithoutHistory(t *testing.T) {
	g, err := tabletest.RulesGame("nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, 9)
	if err != nil {
		t.Fatal(err)
	}
	watching := New(rules.HotSeat(g), Options{})
	rng := rand.New(rand.NewSource(9))
	checked := 0
	for i := 0; i < 600 && !g.Over(); i++ {
		l := g.Legal()
		if !watching.Apply(l[rng.Intn(len(l))]) {
			t.Fatal("refused")
		}
		if i%25 != 0 {
			continue
		}
		fresh := New(rules.HotSeat(g), Options{})
		a, b := watching.Recent().Marks(), fresh.Recent().Marks()
		if len(a) != len(b) {
			t.Fatalf("after %d actions: %d marks watched, %d from the history", g.Len(), len(a), len(b))
		}
		for k := range a {
			if a[k] != b[k] {
				t.Fatalf("after %d actions: mark %d watched %+v, from the history %+v", g.Len(), k, a[k], b[k])
			}
		}
		checked += len(a)
	}
	if checked == 0 {
		t.Fatal("no marks to compare")
	}
}

// TestDigestPutsCombatsFirst: a combat followed by a round of
// routine is listed whole, the routine folded into one counted line;
// with more news than room, cards drawn give way before combats.
func TestDigestPutsCombatsFirst(t *testing.T) {
	line := func(a int, ev, text string) rules.LogLine {
		return rules.LogLine{Action: a, Seat: rules.Public, Event: ev, Text: text}
	}
	lines := []rules.LogLine{
		line(0, "moved", "Tyrell moves 2 footmen from The Reach to Highgarden."),
		line(1, "moved", "Lannister moves 1 knight from Lannisport to Riverrun."),
		line(1, "combat_started", "Combat in Riverrun: Lannister attacks Tully."),
		line(2, "card_played", "Bob plays Tywin Lannister."),
		line(3, "passed", "Carol plays no card."),
		line(3, "attacker_won", "Lannister wins the combat in Riverrun."),
	}
	for a := 4; a < 19; a++ {
		lines = append(lines, line(a, "no_move", "Helm moves no Greyjoy troops."))
	}
	lines = append(lines, line(19, "mustered", "Stark musters a knight in Winterfell."), line(20, "agent_placed", "Dave places an agent on Stark Lord."))
	took := map[int]bool{1: true} // Riverrun was Tully's
	got, skipped := foldDigest(lines, took)
	var texts []string
	for _, l := range got {
		texts = append(texts, l.Text)
	}
	want := []string{
		"Lannister moves 1 knight from Lannisport to Riverrun.",
		"Combat in Riverrun: Lannister attacks Tully.",
		"Bob plays Tywin Lannister.",
		"Carol plays no card.",
		"Lannister wins the combat in Riverrun.",
		"Also: 1 agent placed, 1 muster, 1 move, 15 turns without a move.",
	}
	if !slices.Equal(texts, want) || skipped != 0 {
		t.Fatalf("digest (+%d earlier):\n%s\nwant:\n%s", skipped, strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
	if f := got[len(got)-1]; f.Action != 20 {
		t.Fatalf("the fold line opens the table after action %d, want 20 (its latest line's)", f.Action)
	}

	// Twelve cards drawn, then a combat: the combat stays, the oldest
	// draws go to the log.
	var many []rules.LogLine
	for a := range 12 {
		many = append(many, line(a, "card_drawn", "Ann draws a Stark card."))
	}
	many = append(many, line(12, "combat_started", "Combat in Riverrun: Lannister attacks Tully."), line(12, "defender_won", "Tully wins the combat in Riverrun."))
	got, skipped = foldDigest(many, nil)
	if len(got) != maxDigest || skipped != len(many)-maxDigest || got[len(got)-2].Event != "combat_started" || got[len(got)-1].Event != "defender_won" {
		t.Fatalf("with too much news: %d lines, %d skipped, ending %v", len(got), skipped, got[len(got)-2:])
	}
}

// The running combat's card says why a seat passed when it had to, as
// the log does (it once said "Bob passed" with no reason when Bob held
// only Stark cards and Stark was not fighting); a chosen pass says no reason.
func TestACombatCardSaysWhyASeatPassed(t *testing.T) {
	forced, chosen := 0, 0
	for seed := uint64(1); seed <= 20 && (forced < 2 || chosen < 2); seed++ {
		g, err := tabletest.RulesGame("standard", []string{"A", "B", "C", "D"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(int64(seed)))
		for step := 0; step < 3000 && !g.Over(); step++ {
			if pv := g.View(rules.Public); pv.Combat != nil && len(pv.Combat.Played) > 0 {
				// The log's passes of this combat, by seat.
				said := map[string]bool{}
				for _, l := range pv.Log {
					switch l.Event {
					case "combat_started":
						clear(said)
					case "passed":
						// "A (Crown) plays no card": the seat's conspiracy.
						c := l.Text[strings.Index(l.Text, "(")+1 : strings.Index(l.Text, ")")]
						said[strings.ToLower(c)] = strings.Contains(l.Text, "they hold no")
					}
				}
				u := New(rules.HotSeat(g), Options{Seed: 5})
				u.Reveal(g.ToAct())
				for _, p := range pv.Combat.Played {
					if p.Card != board.NoCard {
						continue
					}
					name := g.Map().Conspiracies[p.Seat]
					must, ok := said[name]
					if !ok {
						t.Fatalf("seed %d: %s passed and the log says nothing", seed, name)
					}
					want := strings.Fields(u.pos.seatName(p.Seat))[0] + " passed"
					if must {
						want += ": no"
						forced++
					} else {
						chosen++
					}
					// The card's rows, wrapped, read as one text.
					var all []string
					for _, w := range u.Widgets(u.Layout()) {
						all = append(all, strings.ReplaceAll(w.Text, "\n", " "))
					}
					text := strings.Join(all, " ")
					found := strings.Contains(text, want) && (must || !strings.Contains(text, want+": "))
					if !found {
						var texts []string
						for _, w := range u.Widgets(u.Layout()) {
							if strings.Contains(w.Text, "pass") {
								texts = append(texts, w.Text)
							}
						}
						t.Fatalf("seed %d: the combat card does not say %q: %q", seed, want, texts)
					}
				}
			}
			legal := g.Legal()
			if _, err := g.Apply(legal[r.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if forced < 2 || chosen < 2 {
		t.Fatalf("only %d forced and %d chosen passes on a combat card", forced, chosen)
	}
}

// The seats one action left without a card are one line of the digest
// (nine-house combats made eight); passes of other actions, or chosen
// ones, stay apart.
func TestDigestMergesForcedPasses(t *testing.T) {
	line := func(a int, ev, text string) rules.LogLine {
		return rules.LogLine{Action: a, Seat: rules.Public, Event: ev, Text: text}
	}
	got, _ := foldDigest([]rules.LogLine{
		line(4, "combat_started", "Combat in The Shivering Sea: Arryn attacks Stark."),
		line(4, "passed", "Quill plays no card: they hold no Arryn or Stark card."),
		line(4, "passed", "Chain plays no card: they hold no Arryn or Stark card."),
		line(4, "passed", "Key plays no card: they hold no Arryn or Stark card."),
		line(5, "card_played", "Mask plays Nestor Royce (Arryn, strength 2, 2 towers)."),
		line(6, "passed", "Crown plays no card."),
		line(7, "passed", "Torch plays no card."),
	}, nil)
	var texts []string
	for _, l := range got {
		texts = append(texts, l.Text)
	}
	want := []string{
		"Combat in The Shivering Sea: Arryn attacks Stark.",
		"Quill, Chain and Key play no card: they hold no Arryn or Stark card.",
		"Mask plays Nestor Royce (Arryn, strength 2, 2 towers).",
		"Crown plays no card.",
		"Torch plays no card.",
	}
	if !slices.Equal(texts, want) {
		t.Fatalf("digest:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
}
