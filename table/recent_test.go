package table

import (
	"math/rand"
	"testing"

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
			for _, k := range u.Marks() {
				kinds[k.Kind]++
				if k.Kind == ui.MarkArrow && k.From == mv.From && k.To == mv.To && k.House == before.ResolvingHouse {
					found = true
				}
			}
			if !found {
				t.Fatalf("seed %d (curtain lifted %v): %s's move %d→%d is not marked: %+v", seed, shown, g.Seats()[mv.Seat], mv.From, mv.To, u.Marks())
			}
		}
		// The viewer acts: nothing since, so no mark.
		if !u.Apply(g.Legal()[0]) {
			t.Fatal("the viewer's action was refused")
		}
		if ms := u.Marks(); len(ms) != 0 {
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
			if u.Digest() != nil {
				t.Fatalf("seed %d: a digest with nothing new", seed)
			}
			continue
		}
		opened++
		got, skipped := u.Digest(), u.recent.digest.skipped
		if skipped+len(got) != len(want) || len(got) > maxDigest {
			t.Fatalf("seed %d: digest of %d lines (+%d earlier), want %d", seed, len(got), skipped, len(want))
		}
		for i, l := range got {
			if l != want[skipped+i] {
				t.Fatalf("seed %d: digest line %d %q, want %q", seed, i, l.Text, want[skipped+i].Text)
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
		u.Do(ui.Command{Kind: ui.CmdCancel})
		if u.InPast() || u.Digest() == nil {
			t.Fatalf("seed %d: Esc from the past closed the digest or stayed", seed)
		}
		u.Do(ui.Command{Kind: ui.CmdCancel})
		if u.Digest() != nil {
			t.Fatalf("seed %d: Esc did not close the digest", seed)
		}
		u.Hide()
		u.Reveal(seat)
		if u.Digest() == nil {
			t.Fatalf("seed %d: no digest after the curtain lifted again", seed)
		}
		if !u.Apply(g.Legal()[0]) || u.Digest() != nil {
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
		a, b := watching.Marks(), fresh.Marks()
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
