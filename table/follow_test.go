package table

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// playFollowUntil plays g with a seeded random player that prefers attacks,
// until stop says so after an action; it fails after limit actions.
var logRect = ui.Rect{X: 0, Y: 0, W: 420, H: 34 + 10*logRowH + 6}

func playFollowUntil(t *testing.T, g *rules.Game, seed uint64, limit int, stop func(evs []rules.Event) bool) {
	t.Helper()
	rng := rand.New(rand.NewSource(int64(seed)))
	for steps := 0; ; steps++ {
		if steps == limit || g.Over() {
			t.Fatalf("seed %d: nothing wanted happened in %d actions", seed, steps)
		}
		legal := g.Legal()
		pick := legal[rng.Intn(len(legal))]
		if pick.Verb == rules.VArrange {
			pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(seed, uint64(steps))))
		}
		if pick.Verb == rules.VDone && len(legal) > 1 {
			pick = legal[rng.Intn(len(legal)-1)]
		}
		evs, err := g.Apply(pick)
		if err != nil {
			t.Fatal(err)
		}
		if stop(evs) {
			return
		}
	}
}

func hasKind(evs []rules.Event, k rules.EventKind) bool {
	return slices.ContainsFunc(evs, func(e rules.Event) bool { return e.Kind == k })
}

// rowsText joins the text widgets of a log panel's rows (below its title).
func rowsText(ws []ui.Widget, r ui.Rect) []string {
	var out []string
	for _, w := range ws {
		if w.Kind == ui.WText && w.R.Y >= r.Y+logHeadH-1 && w.T.Kind == ui.TNone {
			out = append(out, w.Text)
		}
	}
	return out
}

// TestLogPanelPrivateLines: a seat's private lines (the card it drew) are
// in its log panel only: not in another seat's, not in the public one.
func TestLogPanelPrivateLines(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	var drawer rules.Seat
	playFollowUntil(t, g, 3, 400, func(evs []rules.Event) bool {
		for _, e := range evs {
			if e.Kind == rules.EvCardDrawnPrivate {
				drawer = e.Seat
				return true
			}
		}
		return false
	})
	u := New(rules.HotSeat(g), Options{Seed: 3})
	panelText := func() string {
		u.log = LogPanel{}
		return strings.Join(rowsText(u.log.logWidgets(ui.Rect{X: 0, Y: 0, W: 2000, H: 34 + 1000*logRowH}, u.past.present, u.pos.logSeat(), -1), logRect), "\n")
	}
	if s := panelText(); strings.Contains(s, "You drew") {
		t.Fatal("the public log panel shows a drawn card")
	}
	for seat := range rules.Seat(len(g.Seats())) {
		u.Reveal(seat)
		s := panelText()
		if got := strings.Contains(s, "You drew"); got != (seat == drawer) {
			t.Errorf("seat %d (drawer %d): panel shows the drawn card: %v", seat, drawer, got)
		}
		for _, l := range u.past.present {
			if l.Seat != rules.Public && l.Seat != seat {
				t.Errorf("seat %d reads seat %d's private line %q", seat, l.Seat, l.Text)
			}
		}
	}
	u.Hide()
	if s := panelText(); strings.Contains(s, "You drew") {
		t.Fatal("after the hand-off the log panel still shows the drawn card")
	}
}

// TestLogPanelOrderAndScroll: the newest entry is on the bottom row, the
// rows keep the log's order, wrapped rows fit the panel and join back into
// the engine's words, and scrolling stops at both ends.
func TestLogPanelOrderAndScroll(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, 40)
	lines := g.View(rules.Public).Log
	var lp LogPanel
	ws := lp.logWidgets(logRect, lines, rules.Public, -1)
	rows := rowsText(ws, logRect)
	if len(rows) != logVisibleRows(logRect.H) {
		t.Fatalf("%d rows shown, the panel has room for %d", len(rows), logVisibleRows(logRect.H))
	}
	all := lp.wrapRows(lines, rules.Public, logRect.W-24)
	if rows[len(rows)-1] != all[len(all)-1].text || !strings.HasSuffix(lines[len(lines)-1].Text, all[len(all)-1].text) {
		t.Fatalf("the bottom row %q is not the end of the newest entry %q", rows[len(rows)-1], lines[len(lines)-1].Text)
	}
	// Wrapping loses nothing, keeps order, and every row fits.
	var joined []string
	for i, r := range all {
		if ui.TextWidth(r.text, logTextSize) > logRect.W-24 {
			t.Errorf("row %q is wider than the panel", r.text)
		}
		if i > 0 && r.entry < all[i-1].entry {
			t.Fatal("rows out of the log's order")
		}
		if r.cont {
			joined[len(joined)-1] += " " + r.text
		} else {
			joined = append(joined, r.text)
		}
	}
	for i, l := range lines {
		if strings.Join(strings.Fields(l.Text), " ") != joined[i] {
			t.Fatalf("entry %d wrapped into %q, want %q", i, joined[i], l.Text)
		}
	}
	// Scrolling: clamped at the oldest and the newest.
	lp.scroll(1 << 20)
	if lp.back != lp.maxBack || lp.maxBack != len(all)-len(rows) {
		t.Fatalf("scrolled to %d of %d (rows %d, shown %d)", lp.back, lp.maxBack, len(all), len(rows))
	}
	ws = lp.logWidgets(logRect, lines, rules.Public, -1)
	if top := rowsText(ws, logRect)[0]; top != all[0].text {
		t.Fatalf("scrolled to the top, the first row is %q, want %q", top, all[0].text)
	}
	if w, _ := ui.Find(ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdLogScroll && w.T.Cmd.N > 0 }); !w.Disabled {
		t.Error("the older button is live at the oldest entry")
	}
	lp.scroll(-1 << 20)
	if lp.back != 0 {
		t.Fatalf("scrolled back to %d, want 0", lp.back)
	}
	if lp.scroll(3); lp.back != 3 {
		t.Fatalf("the older button scrolled to %d", lp.back)
	}
	// Every entry shown is a click target for the table after its action.
	for _, w := range lp.logWidgets(logRect, lines, rules.Public, -1) {
		if w.T.Cmd.Kind == ui.CmdLogEntry {
			if n := w.T.Cmd.N; n < 0 || n > g.Len() {
				t.Fatalf("entry target %+v", w.T)
			}
		}
	}
}

// TestLogPanelWordsEveryKind: an event of every kind, in the engine's
// words, fits the panel whole (wrapped, never cut).
func TestLogPanelWordsEveryKind(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var lines []rules.LogLine
	for k := rules.EvNone + 1; !strings.HasPrefix(k.String(), "event("); k++ {
		e := rules.Event{Kind: k, Seat: rules.Public, Card: tabletest.Card(g.Map(), "eddard-stark"), N: 2, M: 1, Units: [4]int16{2, 1, 0, 0}}
		txt := g.EventText(e, rules.Public)
		if txt == "" || txt == k.String() {
			t.Fatalf("kind %s has no words", k)
		}
		lines = append(lines, rules.LogLine{Action: 0, Seat: rules.Public, Event: k.String(), Text: txt})
	}
	var lp LogPanel
	rows := lp.wrapRows(lines, rules.Public, 300)
	got := make([]string, len(lines))
	for _, r := range rows {
		if ui.TextWidth(r.text, logTextSize) > 300 {
			t.Errorf("%s: row %q is wider than the panel", lines[r.entry].Event, r.text)
		}
		got[r.entry] = strings.TrimSpace(got[r.entry] + " " + r.text)
	}
	for i, l := range lines {
		if got[i] != strings.Join(strings.Fields(l.Text), " ") {
			t.Errorf("%s: the panel shows %q, the engine says %q", l.Event, got[i], l.Text)
		}
	}
}

// TestLogEntryShowsTheReplayedTable: clicking the log entry of action n
// puts on the table exactly the view of a fresh replay of the first n
// actions (public and the shown seat's), marked, read-only; Esc returns.
func TestLogEntryShowsTheReplayedTable(t *testing.T) {
	players := []string{"Ann", "Ben", "Cy"}
	g, err := tabletest.RulesGame("standard", players, 11)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, 60)
	u := New(rules.HotSeat(g), Options{Seed: 11})
	seat := g.ToAct()
	u.Reveal(seat)
	present := tabletest.ViewJSON(t, u.pos.pub)
	for _, n := range []int{0, 1, 7, 33, 59} {
		fresh, err := tabletest.RulesGame("standard", players, 11)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range g.Actions()[:n] {
			if _, err := fresh.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		var target ui.Widget
		for _, w := range u.log.logWidgets(ui.Rect{X: 0, Y: 0, W: 600, H: 2000 * logRowH}, u.past.present, u.pos.logSeat(), -1) {
			if w.T.Cmd.Kind == ui.CmdLogEntry && w.T.Cmd.N == n {
				target = w
			}
		}
		if target.T.Kind == ui.TNone {
			t.Fatalf("no log entry for action %d", n)
		}
		u.command(target.T.Cmd)
		if u.past.at == nil || u.past.at.n != n {
			t.Fatalf("clicking entry %d shows %+v", n, u.past)
		}
		if tabletest.ViewJSON(t, u.pos.pub) != tabletest.ViewJSON(t, fresh.View(rules.Public)) || tabletest.ViewJSON(t, u.pos.priv) != tabletest.ViewJSON(t, fresh.View(seat)) {
			t.Fatalf("the table after action %d is not a fresh replay's", n)
		}
		ws := u.panels.table(NewLayout(g.Map().Grid.W, g.Map().Grid.H, 3, len(g.Map().Houses)))
		if _, ok := ui.Find(ws, func(w ui.Widget) bool { return w.Text == pastLabel(n) }); !ok {
			t.Fatalf("the past table is not marked %q", pastLabel(n))
		}
		// Read-only: a slot, a territory or a button changes nothing.
		for _, tg := range []ui.Target{{Kind: ui.TSlot, House: tabletest.House(g.Map(), "stark"), Slot: rules.Lord}, {Kind: ui.TTerritory, Terr: 3}, {Kind: ui.TButton, Cmd: ui.Command{Kind: ui.CmdUndo}}} {
			u.click(tg)
		}
		if g.Len() != 60 || u.past.at == nil {
			t.Fatalf("a click on the past table acted (game at %d actions)", g.Len())
		}
		u.command(ui.Command{Kind: ui.CmdCancel}) // Esc
		if u.past.at != nil || tabletest.ViewJSON(t, u.pos.pub) != present {
			t.Fatal("Esc did not return to the present table")
		}
	}
}

// TestUndoRedoButtons: the Undo button takes the last action back, Redo
// applies it again; a refused undo shows the engine's reason and changes
// nothing.
func TestUndoRedoButtons(t *testing.T) {
	g, u := undoAt(t, nil)
	last := g.Actions()[4]
	u.Reveal(last.Seat) // its player asks: undo takes it back at once
	before := tabletest.ViewJSON(t, g.View(rules.Public))
	u.command(ui.Command{Kind: ui.CmdUndo})
	if g.Len() != 4 || u.msgErr || !strings.HasPrefix(u.msg, "Taken back: ") {
		t.Fatalf("undo: %d actions, message %q", g.Len(), u.msg)
	}
	if _, re := u.history.widgets(ui.Rect{}, ui.Rect{}); re.Ink == ui.ColDim {
		t.Error("Redo is greyed with an action to redo")
	}
	u.command(ui.Command{Kind: ui.CmdRedo})
	if g.Len() != 5 || g.Actions()[4] != last || tabletest.ViewJSON(t, g.View(rules.Public)) != before {
		t.Fatalf("redo did not restore the game: %d actions, message %q", g.Len(), u.msg)
	}
	// Play on to a draw: undo is refused with the engine's reason.
	playFollowUntil(t, g, 3, 400, func(evs []rules.Event) bool { return hasKind(evs, rules.EvCardDrawn) })
	u = New(rules.HotSeat(g), Options{Seed: 3})
	u.Reveal(g.ToAct())
	reason := g.CanUndo()
	if reason == nil {
		t.Fatal("undo allowed right after a draw")
	}
	state, n := tabletest.ViewJSON(t, g.View(rules.Public)), g.Len()
	u.command(ui.Command{Kind: ui.CmdUndo})
	if !u.msgErr || u.msg != UndoRefusal(reason) || !strings.Contains(u.msg, "Cannot undo: ") {
		t.Fatalf("refused undo says %q (error %v), want %q", u.msg, u.msgErr, reason)
	}
	// The refusal names what revealed hidden information, in the engine's words.
	if what := strings.TrimPrefix(reason.Error(), "cannot undo: hidden information has reached a player since: "); !strings.Contains(u.msg, strings.TrimSuffix(what, ".")) {
		t.Fatalf("refusal %q does not name %q", u.msg, what)
	}
	if g.Len() != n || tabletest.ViewJSON(t, g.View(rules.Public)) != state {
		t.Fatal("a refused undo changed the game")
	}
	if un, _ := u.history.widgets(ui.Rect{}, ui.Rect{}); un.Ink != ui.ColDim {
		t.Error("Undo is not greyed when the engine refuses it")
	}
}

// TestAttackIsPreviewedThenConfirmed: clicking an attacking move's target
// does not attack; the preview shows the terms of the combat the move then
// starts, and only the Attack button applies it.
func TestAttackIsPreviewedThenConfirmed(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		var attack rules.Action
		var pv *rules.CombatView
		rng := rand.New(rand.NewSource(int64(seed)))
		for steps := 0; pv == nil; steps++ {
			if steps == 1500 || g.Over() {
				t.Fatalf("seed %d: no attack offered", seed)
			}
			legal := g.Legal()
			for _, l := range legal {
				if cv, err := g.PreviewCombat(l); l.Verb == rules.VMove && err == nil && cv != nil {
					attack, pv = l, cv
					break
				}
			}
			if pv != nil {
				break
			}
			pick := legal[rng.Intn(len(legal))]
			if pick.Verb == rules.VArrange {
				pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(seed, uint64(steps))))
			}
			if _, err := g.Apply(pick); err != nil {
				t.Fatal(err)
			}
		}
		u := New(rules.HotSeat(g), Options{Seed: seed})
		u.Reveal(g.ToAct())
		n := g.Len()
		u.clickTerritory(attack.From)
		u.clickTerritory(attack.To)
		if g.Len() != n || u.mv.to != attack.To {
			t.Fatalf("seed %d: clicking the target attacked at once", seed)
		}
		u.mv.units = attack.Units
		cv := u.mv.preview(u.past.at != nil)
		if cv == nil || !slices.Equal(cv.AttackerTerms, pv.AttackerTerms) || !slices.Equal(cv.DefenderTerms, pv.DefenderTerms) {
			t.Fatalf("seed %d: preview %+v, engine's %+v", seed, cv, pv)
		}
		l := NewLayout(g.Map().Grid.W, g.Map().Grid.H, 3, len(g.Map().Houses))
		ws := u.panels.table(l)
		if _, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdMoveConfirm && w.Text == "Attack" }); !ok {
			t.Fatalf("seed %d: no Attack button", seed)
		}
		for _, term := range append(append([]string{}, cv.AttackerTerms...), cv.DefenderTerms...) {
			if _, ok := ui.Find(ws, func(w ui.Widget) bool { return w.Kind == ui.WText && w.Text == term }); !ok {
				t.Errorf("seed %d: the preview does not show the term %q", seed, term)
			}
		}
		u.command(ui.Command{Kind: ui.CmdMoveConfirm})
		if g.Len() != n+1 || g.Actions()[n] != attack.Canonical() {
			t.Fatalf("seed %d: confirm applied %v, want %v (%q)", seed, g.Actions()[n:], attack, u.msg)
		}
		started := g.View(rules.Public).Combat
		if started == nil {
			// Decided at once (nobody held a card): the result card
			// carries the same terms.
			if !u.notices.holding() || u.notices.list[len(u.notices.list)-1].kind != noticeResult {
				t.Fatalf("seed %d: the combat ended with no result card", seed)
			}
			started = u.notices.list[len(u.notices.list)-1].combat
		}
		if !slices.Equal(started.AttackerTerms, pv.AttackerTerms) || !slices.Equal(started.DefenderTerms, pv.DefenderTerms) ||
			started.AttackerPower != pv.AttackerPower || started.DefenderPower != pv.DefenderPower {
			t.Fatalf("seed %d: preview %+v, combat %+v", seed, pv, started)
		}
	}
}

// TestRankingSaysWhenComputed: the ranking is the starting one until the
// first round resolves, then as of the end of the last round resolved.
func TestRankingSaysWhenComputed(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if got := rankingAsOf(g.View(rules.Public).Log); !strings.HasPrefix(got, "as at the start") {
		t.Fatalf("a new game's ranking says %q", got)
	}
	for round := 1; round <= 2; round++ {
		playFollowUntil(t, g, uint64(round), 2000, func(evs []rules.Event) bool { return hasKind(evs, rules.EvRanksComputed) })
		v := g.View(rules.Public)
		if got, want := rankingAsOf(v.Log), "as of the end of round "+strconv.Itoa(v.Round); got != want || v.Round != round {
			t.Fatalf("after round %d resolved (view round %d): %q, want %q", round, v.Round, got, want)
		}
	}
}

// TestLiveCombatCardFollowsTheCards: while a combat runs, the combat card
// shows every card as it is played: its term on its side and the new
// total.
func TestLiveCombatCardFollowsTheCards(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		played := false
		rng := rand.New(rand.NewSource(int64(seed)))
		for steps := 0; steps < 1500 && !g.Over() && !played; steps++ {
			legal := g.Legal()
			pick := legal[rng.Intn(len(legal))]
			for _, l := range legal {
				if cv, err := g.PreviewCombat(l); (err == nil && cv != nil) || l.Verb == rules.VPlay {
					pick = l
				}
			}
			if pick.Verb == rules.VArrange {
				pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(seed, uint64(steps))))
			}
			if _, err := g.Apply(pick); err != nil {
				t.Fatal(err)
			}
			cv := g.View(rules.Public).Combat
			played = pick.Verb == rules.VPlay && cv != nil && cv.Winner == board.NoHouse
		}
		if !played {
			continue
		}
		cv := g.View(rules.Public).Combat
		last := g.Map().CardAt(cv.Played[len(cv.Played)-1].Card)
		u := New(rules.HotSeat(g), Options{Seed: seed})
		u.Reveal(g.ToAct())
		ws := u.panels.table(NewLayout(g.Map().Grid.W, g.Map().Grid.H, 4, len(g.Map().Houses)))
		term := fmt.Sprintf("%s +%d", last.Name, last.Strength)
		if _, ok := ui.Find(ws, func(w ui.Widget) bool { return w.Kind == ui.WText && strings.HasPrefix(w.Text, term) }); !ok {
			t.Fatalf("seed %d: the combat card does not show the card just played as %q", seed, term)
		}
		for _, head := range []string{
			fmt.Sprintf("%s attacks: %d", u.pos.houseName(cv.Attacker), cv.AttackerPower),
			fmt.Sprintf("%s defends: %d", u.pos.houseName(cv.Defender), cv.DefenderPower),
		} {
			if _, ok := ui.Find(ws, func(w ui.Widget) bool { return w.Text == head }); !ok {
				t.Fatalf("seed %d: the combat card lacks %q", seed, head)
			}
		}
		if _, ok := ui.Find(ws, func(w ui.Widget) bool { return strings.Contains(w.Text, CardLabel(last)) }); !ok {
			t.Fatalf("seed %d: the cards played do not list %s", seed, CardLabel(last))
		}
		return
	}
	t.Fatal("no card was played in a running combat in 30 games")
}

// undoAt is a three-player standard game after five actions (seats 0, 1,
// 2 arrange their cards, then 2 and 0 place an agent: seat 1 to act) on a
// table of bots (the level per seat, "" a person; nil: all human).
func undoAt(t *testing.T, bots []string) (*rules.Game, *Table) {
	t.Helper()
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, 5)
	var seats []rules.Seat
	for _, a := range g.Actions() {
		seats = append(seats, a.Seat)
	}
	if !slices.Equal(seats, []rules.Seat{0, 1, 2, 2, 0}) || g.ToAct() != 1 {
		t.Fatalf("the actions' seats are %v and seat %d is to act; the test wants 0 1 2 2 0, then 1", seats, g.ToAct())
	}
	return g, New(rules.HotSeat(g), Options{Seed: 3, Bots: bots})
}

// TestUndoStopsAtTheAskersDecisions: undo takes back the decisions of the
// seat asking; before another player's it asks, and only the same key
// again takes it back, the game then waiting for that player behind the
// curtain (the table shows no one's secrets by itself). Behind the curtain
// redo works the same way: it asks before a player's decision, then
// redoes it, and lifts no curtain.
func TestUndoStopsAtTheAskersDecisions(t *testing.T) {
	g, u := undoAt(t, nil)
	u.Reveal(1)
	undo, redo := ui.Command{Kind: ui.CmdUndo}, ui.Command{Kind: ui.CmdRedo}
	u.Do(undo)
	if s := u.State(); g.Len() != 5 || s.Shown != 1 || !strings.Contains(s.Message, "Undo again (Ctrl+Z)") || !strings.Contains(s.Message, u.pos.seatName(0)) {
		t.Fatalf("undo into seat 0's decision, asked by seat 1: %d actions, seat %d shown, message %q", g.Len(), s.Shown, s.Message)
	}
	u.Do(undo)
	if g.Len() != 4 || g.ToAct() != 0 || !strings.HasPrefix(u.State().Message, "Taken back: ") {
		t.Fatalf("undo again: %d actions, seat %d to act, message %q", g.Len(), g.ToAct(), u.State().Message)
	}
	u.Hide() // the app's curtain for seat 0
	u.Do(redo)
	if s := u.State(); g.Len() != 4 || s.Shown != -1 || !strings.Contains(s.Message, "Redo again (Ctrl+Y)") {
		t.Fatalf("redo behind the curtain: %d actions, seat %d shown, message %q", g.Len(), s.Shown, s.Message)
	}
	if _, re := u.history.widgets(ui.Rect{}, ui.Rect{}); re.Ink == ui.ColDim {
		t.Fatal("Redo is greyed behind the curtain with a decision to redo")
	}
	u.Do(redo)
	if s := u.State(); g.Len() != 5 || s.Shown != -1 || !strings.HasPrefix(s.Message, "Redone: ") {
		t.Fatalf("redo again behind the curtain: %d actions, seat %d shown, message %q", g.Len(), s.Shown, s.Message)
	}
	// Behind the curtain undo asks too, then takes seat 0's decision back.
	u.Do(undo)
	u.Do(undo)
	if g.Len() != 4 || u.State().Shown != -1 {
		t.Fatalf("undo behind the curtain, twice: %d actions, seat %d shown", g.Len(), u.State().Shown)
	}
	// Asked, then something else: the question is forgotten.
	u.Do(redo)
	u.Do(ui.Command{Kind: ui.CmdCancel})
	u.Do(redo)
	if g.Len() != 4 {
		t.Fatalf("a redo asked, cancelled, then asked again went on: %d actions", g.Len())
	}
	// A seat's own decision goes back at once.
	u.Do(redo)
	u.Reveal(1)
	tabletest.PlaySome(t, g, g, 1)
	u.Refresh()
	u.Do(undo)
	if g.Len() != 5 || g.ToAct() != 1 {
		t.Fatalf("seat 1's own undo: %d actions, seat %d to act (message %q)", g.Len(), g.ToAct(), u.State().Message)
	}
}

// TestUndoTakesTheBotsActionsBack: the bots' actions go back with the
// decision before them and come again with it, so that undo reaches the
// player's own decision (a bot to act would play again at once).
func TestUndoTakesTheBotsActionsBack(t *testing.T) {
	g, u := undoAt(t, []string{"easy", "easy", ""})
	u.Reveal(2)
	u.Do(ui.Command{Kind: ui.CmdUndo})
	if g.Len() != 3 || g.ToAct() != 2 {
		t.Fatalf("undo by seat 2 after a bot's action: %d actions, seat %d to act (message %q)", g.Len(), g.ToAct(), u.State().Message)
	}
	u.Do(ui.Command{Kind: ui.CmdRedo})
	if g.Len() != 5 {
		t.Fatalf("redo by seat 2: %d actions (message %q)", g.Len(), u.State().Message)
	}
}

// TestRedoShowsTheCombatResultAgain: a redone action that ends a combat
// puts its result in front of the table again, as it did when played.
func TestRedoShowsTheCombatResultAgain(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		ended := false
		playFollowUntil(t, g, seed, 3000, func(evs []rules.Event) bool {
			ended = hasKind(evs, rules.EvAttackerWon) || hasKind(evs, rules.EvDefenderWon)
			return ended || g.Over()
		})
		if !ended || g.CanUndo() != nil {
			continue // decided by a card reveal, which undo never crosses
		}
		last := g.Actions()[g.Len()-1]
		u := New(rules.HotSeat(g), Options{Seed: seed})
		u.Reveal(last.Seat)
		n := g.Len()
		u.Do(ui.Command{Kind: ui.CmdUndo})
		if g.Len() >= n || g.View(rules.Public).Combat == nil {
			t.Fatalf("seed %d: the undo did not go back into the combat (%q)", seed, u.State().Message)
		}
		u.Reveal(g.ToAct())
		u.Do(ui.Command{Kind: ui.CmdRedo})
		ns := u.State().Notices
		if len(ns) == 0 || ns[len(ns)-1].Kind != "result" || ns[len(ns)-1].Combat == nil {
			t.Fatalf("seed %d: the redone combat's end shows no result (notices %+v, message %q)", seed, ns, u.State().Message)
		}
		return
	}
	t.Fatal("no seed reached a combat's end that undo may take back")
}
