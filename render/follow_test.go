package render

import (
	"encoding/json"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"notrueking/rules"
)

// playFollowUntil plays g with a seeded random player that prefers attacks,
// until stop says so after an action; it fails after limit actions.
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
func rowsText(ws []Widget, r Rect) []string {
	var out []string
	for _, w := range ws {
		if w.Kind == WText && w.R.Y >= r.Y+logHeadH-1 && w.T.Kind == TNone {
			out = append(out, w.Text)
		}
	}
	return out
}

var logRect = Rect{0, 0, 420, 34 + 10*logRowH + 6}

// TestLogPanelPrivateLines: a seat's private lines (the card it drew) are
// in its log panel only: not in another seat's, not in the public one.
func TestLogPanelPrivateLines(t *testing.T) {
	g, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	var drawer int
	playFollowUntil(t, g, 3, 400, func(evs []rules.Event) bool {
		for _, e := range evs {
			if e.Kind == rules.EvCardDrawnPrivate {
				drawer = e.Seat
				return true
			}
		}
		return false
	})
	u := newTableUI(g, g, 3)
	panelText := func() string {
		u.log = logPanel{}
		return strings.Join(rowsText(u.log.logWidgets(Rect{0, 0, 2000, 34 + 1000*logRowH}, u.present, u.logSeat(), -1), logRect), "\n")
	}
	if s := panelText(); strings.Contains(s, "You drew") {
		t.Fatal("the public log panel shows a drawn card")
	}
	for seat := range g.Seats() {
		u.reveal(seat)
		s := panelText()
		if got := strings.Contains(s, "You drew"); got != (seat == drawer) {
			t.Errorf("seat %d (drawer %d): panel shows the drawn card: %v", seat, drawer, got)
		}
		for _, l := range u.present {
			if l.Seat != rules.Public && l.Seat != seat {
				t.Errorf("seat %d reads seat %d's private line %q", seat, l.Seat, l.Text)
			}
		}
	}
	u.hide()
	if s := panelText(); strings.Contains(s, "You drew") {
		t.Fatal("after the hand-off the log panel still shows the drawn card")
	}
}

// TestLogPanelOrderAndScroll: the newest entry is on the bottom row, the
// rows keep the log's order, wrapped rows fit the panel and join back into
// the engine's words, and scrolling stops at both ends.
func TestLogPanelOrderAndScroll(t *testing.T) {
	g, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	playSome(t, g, 40)
	lines := g.View(rules.Public).Log
	var lp logPanel
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
		if textWidth(r.text, logTextSize) > logRect.W-24 {
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
	if w, _ := findWidget(ws, func(w Widget) bool { return w.T.Cmd.Kind == CmdLogScroll && w.T.Cmd.N > 0 }); !w.Disabled {
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
		if w.T.Cmd.Kind == CmdLogEntry {
			if n := w.T.Cmd.N; n < 0 || n > g.Len() {
				t.Fatalf("entry target %+v", w.T)
			}
		}
	}
}

// TestLogPanelWordsEveryKind: an event of every kind, in the engine's
// words, fits the panel whole (wrapped, never cut).
func TestLogPanelWordsEveryKind(t *testing.T) {
	g, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var lines []rules.LogLine
	for k := rules.EvNone + 1; !strings.HasPrefix(k.String(), "event("); k++ {
		e := rules.Event{Kind: k, Seat: rules.Public, Card: "eddard-stark", N: 2, M: 1, Units: [4]int16{2, 1, 0, 0}}
		txt := g.EventText(e, rules.Public)
		if txt == "" || txt == k.String() {
			t.Fatalf("kind %s has no words", k)
		}
		lines = append(lines, rules.LogLine{Action: 0, Seat: rules.Public, Event: k.String(), Text: txt})
	}
	var lp logPanel
	rows := lp.wrapRows(lines, rules.Public, 300)
	got := make([]string, len(lines))
	for _, r := range rows {
		if textWidth(r.text, logTextSize) > 300 {
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

func viewJSON(t *testing.T, v rules.View) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLogEntryShowsTheReplayedTable: clicking the log entry of action n
// puts on the table exactly the view of a fresh replay of the first n
// actions (public and the shown seat's), marked, read-only; Esc returns.
func TestLogEntryShowsTheReplayedTable(t *testing.T) {
	players := []string{"Ann", "Ben", "Cy"}
	g, err := newRulesGame("standard", players, 11)
	if err != nil {
		t.Fatal(err)
	}
	playSome(t, g, 60)
	u := newTableUI(g, g, 11)
	seat := g.ToAct()
	u.reveal(seat)
	present := viewJSON(t, u.pub)
	for _, n := range []int{0, 1, 7, 33, 59} {
		fresh, err := newRulesGame("standard", players, 11)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range g.Actions()[:n] {
			if _, err := fresh.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		var target Widget
		for _, w := range u.log.logWidgets(Rect{0, 0, 600, 2000 * logRowH}, u.present, u.logSeat(), -1) {
			if w.T.Cmd.Kind == CmdLogEntry && w.T.Cmd.N == n {
				target = w
			}
		}
		if target.T.Kind == TNone {
			t.Fatalf("no log entry for action %d", n)
		}
		u.command(target.T.Cmd)
		if u.past == nil || u.past.n != n {
			t.Fatalf("clicking entry %d shows %+v", n, u.past)
		}
		if viewJSON(t, u.pub) != viewJSON(t, fresh.View(rules.Public)) || viewJSON(t, u.priv) != viewJSON(t, fresh.View(seat)) {
			t.Fatalf("the table after action %d is not a fresh replay's", n)
		}
		ws := u.tableWidgets(layoutTable(g.Map().Grid.W, g.Map().Grid.H, 3, len(g.Map().Houses)))
		if _, ok := findWidget(ws, func(w Widget) bool { return w.Text == pastLabel(n) }); !ok {
			t.Fatalf("the past table is not marked %q", pastLabel(n))
		}
		// Read-only: a slot, a territory or a button changes nothing.
		for _, tg := range []Target{{Kind: TSlot, House: "stark", Slot: rules.Lord}, {Kind: TTerritory, Terr: 3}, {Kind: TButton, Cmd: Command{Kind: CmdUndo}}} {
			u.click(tg)
		}
		if g.Len() != 60 || u.past == nil {
			t.Fatalf("a click on the past table acted (game at %d actions)", g.Len())
		}
		u.command(Command{Kind: CmdCancel}) // Esc
		if u.past != nil || viewJSON(t, u.pub) != present {
			t.Fatal("Esc did not return to the present table")
		}
	}
}

// TestUndoRedoButtons: the Undo button takes the last action back, Redo
// applies it again; a refused undo shows the engine's reason and changes
// nothing.
func TestUndoRedoButtons(t *testing.T) {
	g, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	playSome(t, g, 5)
	u := newTableUI(g, g, 3)
	u.reveal(g.ToAct())
	before := viewJSON(t, g.View(rules.Public))
	last := g.Actions()[4]
	u.command(Command{Kind: CmdUndo})
	if g.Len() != 4 || u.msgErr || !strings.HasPrefix(u.msg, "Taken back: ") {
		t.Fatalf("undo: %d actions, message %q", g.Len(), u.msg)
	}
	if _, re := u.undoWidgets(Rect{}, Rect{}); re.Ink == colDim {
		t.Error("Redo is greyed with an action to redo")
	}
	u.reveal(g.ToAct())
	u.command(Command{Kind: CmdRedo})
	if g.Len() != 5 || g.Actions()[4] != last || viewJSON(t, g.View(rules.Public)) != before {
		t.Fatalf("redo did not restore the game: %d actions, message %q", g.Len(), u.msg)
	}
	// Play on to a draw: undo is refused with the engine's reason.
	playFollowUntil(t, g, 3, 400, func(evs []rules.Event) bool { return hasKind(evs, rules.EvCardDrawn) })
	u = newTableUI(g, g, 3)
	u.reveal(g.ToAct())
	reason := g.CanUndo()
	if reason == nil {
		t.Fatal("undo allowed right after a draw")
	}
	state, n := viewJSON(t, g.View(rules.Public)), g.Len()
	u.command(Command{Kind: CmdUndo})
	if !u.msgErr || u.msg != undoRefusal(reason) || !strings.Contains(u.msg, "Cannot undo: ") {
		t.Fatalf("refused undo says %q (error %v), want %q", u.msg, u.msgErr, reason)
	}
	// The refusal names what revealed hidden information, in the engine's words.
	if what := strings.TrimPrefix(reason.Error(), "cannot undo: hidden information has reached a player since: "); !strings.Contains(u.msg, strings.TrimSuffix(what, ".")) {
		t.Fatalf("refusal %q does not name %q", u.msg, what)
	}
	if g.Len() != n || viewJSON(t, g.View(rules.Public)) != state {
		t.Fatal("a refused undo changed the game")
	}
	if un, _ := u.undoWidgets(Rect{}, Rect{}); un.Ink != colDim {
		t.Error("Undo is not greyed when the engine refuses it")
	}
}

// TestAttackIsPreviewedThenConfirmed: clicking an attacking move's target
// does not attack; the preview shows the terms of the combat the move then
// starts, and only the Attack button applies it.
func TestAttackIsPreviewedThenConfirmed(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy"}, seed)
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
		u := newTableUI(g, g, seed)
		u.reveal(g.ToAct())
		n := g.Len()
		u.clickTerritory(attack.From)
		u.clickTerritory(attack.To)
		if g.Len() != n || u.moveTo != attack.To {
			t.Fatalf("seed %d: clicking the target attacked at once", seed)
		}
		u.moveUnits = attack.Units
		cv := u.movePreview()
		if cv == nil || !slices.Equal(cv.AttackerTerms, pv.AttackerTerms) || !slices.Equal(cv.DefenderTerms, pv.DefenderTerms) {
			t.Fatalf("seed %d: preview %+v, engine's %+v", seed, cv, pv)
		}
		l := layoutTable(g.Map().Grid.W, g.Map().Grid.H, 3, len(g.Map().Houses))
		ws := u.tableWidgets(l)
		if _, ok := findWidget(ws, func(w Widget) bool { return w.T.Cmd.Kind == CmdMoveConfirm && w.Text == "Attack" }); !ok {
			t.Fatalf("seed %d: no Attack button", seed)
		}
		for _, term := range append(append([]string{}, cv.AttackerTerms...), cv.DefenderTerms...) {
			if _, ok := findWidget(ws, func(w Widget) bool { return w.Kind == WText && w.Text == term }); !ok {
				t.Errorf("seed %d: the preview does not show the term %q", seed, term)
			}
		}
		u.command(Command{Kind: CmdMoveConfirm})
		if g.Len() != n+1 || g.Actions()[n] != attack.Canonical() {
			t.Fatalf("seed %d: confirm applied %v, want %v (%q)", seed, g.Actions()[n:], attack, u.msg)
		}
		started := g.View(rules.Public).Combat
		if started == nil {
			// Decided at once (nobody held a card): the result card
			// carries the same terms.
			if len(u.notices) == 0 || u.notices[len(u.notices)-1].kind != noticeResult {
				t.Fatalf("seed %d: the combat ended with no result card", seed)
			}
			started = u.notices[len(u.notices)-1].combat
		}
		if !slices.Equal(started.AttackerTerms, pv.AttackerTerms) || !slices.Equal(started.DefenderTerms, pv.DefenderTerms) ||
			started.AttackerPower != pv.AttackerPower || started.DefenderPower != pv.DefenderPower {
			t.Fatalf("seed %d: preview %+v, combat %+v", seed, pv, started)
		}
	}
}

// TestResultCardStaysUntilDismissed: after the action that ends a combat
// the table stays up with the result card (winner, terms, casualties)
// whatever else is clicked; Continue brings the hand-off curtain. A drawn
// card is shown to its drawer the same way.
func TestResultCardStaysUntilDismissed(t *testing.T) {
	seen := map[noticeKind]bool{}
	for seed := uint64(1); seed <= 8 && len(seen) < 2; seed++ {
		g, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		a := curtainApp(t, g, seed)
		c := newClicker(t, a)
		rng := rand.New(rand.NewSource(int64(seed)))
		for steps := 0; steps < 1500 && !g.Over() && len(seen) < 2; steps++ {
			legal := g.Legal()
			pick := legal[rng.Intn(len(legal))]
			for _, l := range legal {
				if cv, err := g.PreviewCombat(l); err == nil && cv != nil && rng.Intn(2) == 0 {
					pick = l
				}
			}
			if pick.Verb == rules.VArrange {
				pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(seed, uint64(steps))))
			}
			c.do(pick)
			if len(a.tbl.notices) == 0 {
				continue
			}
			nt := a.tbl.notices[0]
			if a.scene != sceneTable {
				t.Fatalf("seed %d: a notice is waiting but the scene is %d", seed, a.scene)
			}
			n := g.Len()
			// Clicks elsewhere do nothing; the card stays.
			c.at(200, 400)
			c.at(1500, 870)
			if a.scene != sceneTable || len(a.tbl.notices) == 0 || g.Len() != n {
				t.Fatalf("seed %d: the notice went away without Continue", seed)
			}
			ws := a.ws
			switch nt.kind {
			case noticeResult:
				head := a.tbl.houseName(nt.combat.Winner) + " wins the combat in " + a.tbl.terrName(nt.combat.Territory)
				if _, ok := findWidget(ws, func(w Widget) bool { return w.Text == head }); !ok {
					t.Fatalf("seed %d: the result card does not say %q", seed, head)
				}
				if !slices.ContainsFunc(nt.lines, func(s string) bool { return strings.Contains(s, "must lose") || strings.Contains(s, "loses no units") }) {
					t.Fatalf("seed %d: the result card has no casualties: %q", seed, nt.lines)
				}
			case noticeDrawn:
				if nt.seat != a.tbl.shown || !strings.HasPrefix(nt.text, "You drew") {
					t.Fatalf("seed %d: drawn card notice %+v for seat %d", seed, nt, a.tbl.shown)
				}
				if _, ok := findWidget(ws, func(w Widget) bool { return strings.HasPrefix(w.Text, nt.card.Name+"\n") }); !ok {
					t.Fatalf("seed %d: the drawn card %s is not shown", seed, nt.card.Name)
				}
			}
			seen[nt.kind] = true
			// Enter dismisses the first notice, Esc the next, clicks the rest.
			a.handle(input{X: 10, Y: 10, Enter: true})
			if len(a.tbl.notices) > 0 {
				a.handle(input{X: 10, Y: 10, Escape: true})
			}
			for len(a.tbl.notices) > 0 {
				c.clickWidget("continue", func(w Widget) bool { return w.T.Cmd.Kind == CmdDismiss })
			}
			if ta := g.ToAct(); ta != a.tbl.shown && !g.Over() && a.scene != sceneCurtain {
				t.Fatalf("seed %d: Continue did not bring the curtain for seat %d (scene %d)", seed, ta, a.scene)
			}
		}
	}
	if !seen[noticeResult] || !seen[noticeDrawn] {
		t.Fatalf("notices seen: %v; want a result card and a drawn card", seen)
	}
}

// TestRankingSaysWhenComputed: the ranking is the starting one until the
// first round resolves, then as of the end of the last round resolved.
func TestRankingSaysWhenComputed(t *testing.T) {
	g, err := newRulesGame("standard", []string{"Ann", "Ben"}, 4)
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

// TestUndoRedoKeys: Ctrl+Z and Ctrl+Y at the table undo and redo through
// the app (the hand-off curtain comes when the seat to act changes); a
// refused Ctrl+Z shows the engine's reason and changes nothing.
func TestUndoRedoKeys(t *testing.T) {
	g, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	a := curtainApp(t, g, 3)
	c := newClicker(t, a)
	for i := 0; i < 5; i++ {
		l := g.Legal()
		pick := l[0]
		if pick.Verb == rules.VArrange {
			pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(3, uint64(i))))
		}
		c.do(pick)
	}
	if a.scene == sceneCurtain {
		c.at(800, 450)
	}
	last := g.Actions()[4]
	a.handle(input{X: 10, Y: 10, Keys: []string{"Ctrl+Z"}})
	if g.Len() != 4 || a.tbl.msgErr {
		t.Fatalf("Ctrl+Z: %d actions, message %q", g.Len(), a.tbl.msg)
	}
	if ta := g.ToAct(); ta != a.tbl.shown && a.scene != sceneCurtain {
		t.Fatalf("after the undo seat %d acts but the table still shows seat %d", ta, a.tbl.shown)
	}
	if a.scene == sceneCurtain {
		c.at(800, 450)
	}
	a.handle(input{X: 10, Y: 10, Keys: []string{"Ctrl+Y"}})
	if g.Len() != 5 || g.Actions()[4] != last {
		t.Fatalf("Ctrl+Y: %d actions, message %q", g.Len(), a.tbl.msg)
	}
	// Play to a draw: Ctrl+Z is refused with the reason.
	for steps := 0; ; steps++ {
		if steps == 400 || g.Over() {
			t.Fatal("no card drawn")
		}
		var pick rules.Action
		for _, l := range g.Legal() {
			pick = l
			if l.Verb == rules.VChoose && l.Choice == rules.ChooseDraw {
				break
			}
		}
		c.do(pick)
		if g.CanUndo() != nil {
			break
		}
	}
	for len(a.tbl.notices) > 0 {
		a.handle(input{X: 10, Y: 10, Keys: []string{"Space"}})
	}
	if a.scene == sceneCurtain {
		c.at(800, 450)
	}
	n, state := g.Len(), viewJSON(t, g.View(rules.Public))
	a.handle(input{X: 10, Y: 10, Keys: []string{"Ctrl+Z"}})
	if !a.tbl.msgErr || a.tbl.msg != undoRefusal(g.CanUndo()) || g.Len() != n || viewJSON(t, g.View(rules.Public)) != state {
		t.Fatalf("refused Ctrl+Z: message %q (error %v), %d actions (was %d)", a.tbl.msg, a.tbl.msgErr, g.Len(), n)
	}
	if _, ok := findWidget(a.ws, func(w Widget) bool { return w.Text == a.tbl.msg }); !ok {
		t.Fatal("the refusal is not on the screen")
	}
	// The top bar's Undo button, clicked, says the same and changes nothing.
	a.tbl.setMsg("", false)
	a.rebuild()
	un, ok := findWidget(a.ws, func(w Widget) bool { return w.T.Cmd.Kind == CmdUndo })
	if !ok || un.Key != "Ctrl+Z" || un.Disabled {
		t.Fatalf("no live Undo button showing Ctrl+Z: %+v", un)
	}
	x, y := center(un.R)
	a.handle(input{X: x, Y: y})
	a.handle(input{X: x, Y: y, Click: true})
	if !a.tbl.msgErr || a.tbl.msg != undoRefusal(g.CanUndo()) || g.Len() != n || viewJSON(t, g.View(rules.Public)) != state {
		t.Fatalf("refused Undo click: message %q, %d actions (was %d)", a.tbl.msg, g.Len(), n)
	}
}

// TestUndoRedoButtonClicks: the top bar's Undo and Redo buttons, clicked
// in the window, take the last action back and do it again.
func TestUndoRedoButtonClicks(t *testing.T) {
	g, err := newRulesGame("standard", []string{"Ann", "Ben"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	a := curtainApp(t, g, 5)
	c := newClicker(t, a)
	for i := 0; i < 4; i++ {
		pick := g.Legal()[0]
		if pick.Verb == rules.VArrange {
			pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(5, uint64(i))))
		}
		c.do(pick)
	}
	if a.scene == sceneCurtain {
		c.at(800, 450)
	}
	last := g.Actions()[3]
	click := func(k CmdKind) {
		t.Helper()
		if a.scene == sceneCurtain {
			c.at(800, 450)
		}
		w, ok := findWidget(a.ws, func(w Widget) bool { return w.T.Cmd.Kind == k })
		if !ok {
			t.Fatalf("no button for command %d", k)
		}
		c.at(center(w.R))
	}
	click(CmdUndo)
	if g.Len() != 3 {
		t.Fatalf("Undo click: %d actions, message %q", g.Len(), a.tbl.msg)
	}
	click(CmdRedo)
	if g.Len() != 4 || g.Actions()[3] != last {
		t.Fatalf("Redo click: %d actions, message %q", g.Len(), a.tbl.msg)
	}
}

// TestUndoKeepsTheAutosave: Ctrl+Z in an autosaved game saves the shorter
// game (and the -record file), Ctrl+Y the longer one again.
func TestUndoKeepsTheAutosave(t *testing.T) {
	st := tempStore(t)
	rec := filepath.Join(t.TempDir(), "game.ntk")
	a, err := newApp(Options{Saves: st, Players: []string{"Ann", "Ben"}, RecordPath: rec}, defaultNewGame)
	if err != nil {
		t.Fatal(err)
	}
	a.handle(input{Enter: true})
	step(t, a, 4) // two arrangements, two placements: nothing hidden revealed
	if a.scene == sceneCurtain {
		a.clickOn(cmdTarget(Command{Kind: CmdLift}))
	}
	id := a.sess.ID()
	a.handle(input{X: 10, Y: 10, Keys: []string{"Ctrl+Z"}})
	if n := saveActions(t, st, id); n != 3 || a.game().Len() != 3 {
		t.Fatalf("after Ctrl+Z the save holds %d actions, the game %d; want 3 (message %q)", n, a.game().Len(), a.tbl.msg)
	}
	if data, err := os.ReadFile(a.recPath); err != nil || strings.Count(string(data), " place ") != 1 {
		t.Fatalf("after Ctrl+Z the record file holds %q (%v)", data, err)
	}
	if a.scene == sceneCurtain {
		a.clickOn(cmdTarget(Command{Kind: CmdLift}))
	}
	a.handle(input{X: 10, Y: 10, Keys: []string{"Ctrl+Y"}})
	if n := saveActions(t, st, id); n != 4 {
		t.Fatalf("after Ctrl+Y the save holds %d actions, want 4", n)
	}
}

// TestLiveCombatCardFollowsTheCards: while a combat runs, the combat card
// shows every card as it is played: its term on its side and the new
// total.
func TestLiveCombatCardFollowsTheCards(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		g, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, seed)
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
			played = pick.Verb == rules.VPlay && cv != nil && cv.Winner == ""
		}
		if !played {
			continue
		}
		cv := g.View(rules.Public).Combat
		last := cv.Played[len(cv.Played)-1].Card
		u := newTableUI(g, g, seed)
		u.reveal(g.ToAct())
		ws := u.tableWidgets(layoutTable(g.Map().Grid.W, g.Map().Grid.H, 4, len(g.Map().Houses)))
		term := fmt.Sprintf("%s +%d", last.Name, last.Strength)
		if _, ok := findWidget(ws, func(w Widget) bool { return w.Kind == WText && strings.HasPrefix(w.Text, term) }); !ok {
			t.Fatalf("seed %d: the combat card does not show the card just played as %q", seed, term)
		}
		for _, head := range []string{
			fmt.Sprintf("%s attacks: %d", u.houseName(cv.Attacker), cv.AttackerPower),
			fmt.Sprintf("%s defends: %d", u.houseName(cv.Defender), cv.DefenderPower),
		} {
			if _, ok := findWidget(ws, func(w Widget) bool { return w.Text == head }); !ok {
				t.Fatalf("seed %d: the combat card lacks %q", seed, head)
			}
		}
		if _, ok := findWidget(ws, func(w Widget) bool { return strings.Contains(w.Text, cardLabel(last)) }); !ok {
			t.Fatalf("seed %d: the cards played do not list %s", seed, cardLabel(last))
		}
		return
	}
	t.Fatal("no card was played in a running combat in 30 games")
}
