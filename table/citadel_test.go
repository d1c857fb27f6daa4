package table

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// citadelAt plays a Citadel game of players seats on mapName
// (tabletest.PlayCitadel, leaning to aim) until stop says so, and puts it
// on a table showing the seat to act.
func citadelAt(t *testing.T, mapName string, players int, seed uint64, aim rules.Aim, stop func(g *rules.Game) bool) (*rules.Game, *Table) {
	t.Helper()
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}[:players]
	g, err := tabletest.RulesVariant(mapName, names, seed, rules.Citadel)
	if err != nil {
		t.Fatal(err)
	}
	if !tabletest.PlayCitadel(g, int64(seed), aim, func() bool { return stop(g) }) {
		t.Fatalf("seed %d: the position looked for never came", seed)
	}
	u := New(rules.HotSeat(g), Options{Seed: seed})
	u.Reveal(g.ToAct())
	return g, u
}

// legalVerb reports whether verb v is legal in g.
func legalVerb(g tabletest.Playing, v rules.Verb) bool {
	return slices.ContainsFunc(g.Legal(), func(a rules.Action) bool { return a.Verb == v })
}

// widgetWith is the first widget of u's table that pred accepts.
func widgetWith(t *testing.T, u *Table, what string, pred func(ui.Widget) bool) ui.Widget {
	t.Helper()
	w, ok := ui.Find(u.Widgets(u.Layout()), pred)
	if !ok {
		t.Fatalf("no %s on the table", what)
	}
	return w
}

// TestCitadelOdds: the odds of a 10 or more are the share of the rolls
// of 2 + crystals dice whose two highest reach 10 + the penalty, counted
// here roll by roll, written "N dice: P %".
func TestCitadelOdds(t *testing.T) {
	for crystals := range 3 {
		for pen := range 2 {
			n := 2 + crystals
			hits, all := 0, 0
			dice := make([]int, n)
			var roll func(i int)
			roll = func(i int) {
				if i == n {
					d := slices.Clone(dice)
					slices.Sort(d)
					all++
					if d[n-1]+d[n-2]-pen >= 10 {
						hits++
					}
					return
				}
				for v := 1; v <= 6; v++ {
					dice[i] = v
					roll(i + 1)
				}
			}
			roll(0)
			want := itoa(n) + " dice: " + Percent(float64(hits)/float64(all))
			if got := Odds(crystals, pen); got != want {
				t.Errorf("Odds(%d, %d) = %q, want %q", crystals, pen, got, want)
			}
		}
	}
	if got := Odds(0, 0); got != "2 dice: 17 %" {
		t.Errorf("Odds(0, 0) = %q, want the issue's example 2 dice: 17 %%", got)
	}
}

var itoa = strconv.Itoa

// TestCitadelFourthChoice: at a Maester's decision of a Citadel game the
// decision panel offers Study at the Citadel after the three choices, on
// key 4, with the seat's own odds beside it and the next crystal's in
// its tooltip; a plain game's Maester has three choices and no odds.
func TestCitadelFourthChoice(t *testing.T) {
	g, u := citadelAt(t, "standard", 3, 2, rules.VisitRookery, func(g *rules.Game) bool {
		return legalVerb(g, rules.VStudy) && g.View(g.ToAct()).Players[g.ToAct()].Crystals > 0
	})
	me := g.View(g.ToAct()).Players[g.ToAct()]
	b := widgetWith(t, u, "Study at the Citadel button", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdStudy })
	if b.Text != "Study at the Citadel" || b.Key != ui.Key4 {
		t.Errorf("the fourth choice reads %q on key %q, want Study at the Citadel on 4", b.Text, b.Key)
	}
	now, next := Odds(me.Crystals, me.Tidings), Odds(me.Crystals+1, me.Tidings)
	if !strings.Contains(b.Tip, now) || !strings.Contains(b.Tip, next) {
		t.Errorf("the fourth choice's tooltip %q names neither %q nor %q", b.Tip, now, next)
	}
	odds := widgetWith(t, u, "odds line", func(w ui.Widget) bool { return strings.Contains(w.Text, " dice: ") })
	if !strings.HasSuffix(odds.Text, now) || !strings.Contains(odds.Tip, next) {
		t.Errorf("the odds line reads %q (tooltip %q), want the seat's %q and then %q", odds.Text, odds.Tip, now, next)
	}
	// The plain game: the same decision without the fourth choice.
	p, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlayUntil(t, p, p, 2, func() bool { return legalVerb(p, rules.VChoose) && p.View(rules.Public).ResolvingSlot == rules.Maester })
	pu := New(rules.HotSeat(p), Options{})
	pu.Reveal(p.ToAct())
	for _, w := range pu.Widgets(pu.Layout()) {
		if w.T.Cmd.Kind == ui.CmdStudy || strings.Contains(w.Text, "Citadel") || strings.Contains(w.Text, "Dark Wings") {
			t.Errorf("a plain game's table shows %q", w.Text)
		}
	}
}

// TestCitadelAimChooser: Study at the Citadel opens the chooser of the
// three aims on the seat's own table, each with its tooltip; the aim
// chosen is played, and read in the seat's own log, never on the public
// table, the curtain or another seat's table.
func TestCitadelAimChooser(t *testing.T) {
	g, u := citadelAt(t, "standard", 3, 4, 0, func(g *rules.Game) bool { return legalVerb(g, rules.VStudy) })
	seat := g.ToAct()
	u.Click(widgetWith(t, u, "Study button", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdStudy }).T)
	st := u.State()
	if st.Picking != rules.VStudy || len(st.Choices) != 3 {
		t.Fatalf("Study opened %d choices picking %v, want the three aims", len(st.Choices), st.Picking)
	}
	tips := map[string]bool{}
	for _, aim := range rules.Aims() {
		b := widgetWith(t, u, aim.Name(), func(w ui.Widget) bool { return w.T.Action != nil && w.T.Action.Aim == aim })
		if b.Text != aim.Name() || !strings.Contains(b.Tip, aim.Name()) || tips[b.Tip] {
			t.Errorf("aim %s: button %q with tooltip %q (each aim says what it does)", aim.Name(), b.Text, b.Tip)
		}
		tips[b.Tip] = true
	}
	aim := rules.ResearchLegends
	u.Click(widgetWith(t, u, "Research Legends", func(w ui.Widget) bool { return w.T.Action != nil && w.T.Action.Aim == aim }).T)
	if acts := g.Actions(); acts[len(acts)-1].Verb != rules.VStudy || acts[len(acts)-1].Aim != aim {
		t.Fatalf("the chooser played %v", acts[len(acts)-1])
	}
	shows := func(ws []ui.Widget) bool {
		return slices.ContainsFunc(ws, func(w ui.Widget) bool { return strings.Contains(w.Text+w.Tip, aim.Name()) })
	}
	for u.Holding() {
		u.Do(ui.Command{Kind: ui.CmdDismiss})
	}
	if !shows(u.Widgets(u.Layout())) {
		t.Fatal("the seat's own table does not show its aim (the test cannot see it)")
	}
	u.Hide()
	if shows(u.Widgets(u.Layout())) || shows(u.screens.Curtain(g.ToAct())) {
		t.Error("the public table or the curtain shows the secret aim")
	}
	other := (seat + 1) % rules.Seat(len(g.Seats()))
	u.Reveal(other)
	if shows(u.Widgets(u.Layout())) {
		t.Error("another seat's table shows the secret aim")
	}
}

// TestCitadelRollNotice: a roll at the Citadel puts a public notice in
// front of the table: the dice as die faces, highest first, the two that
// count marked, the sum and what it brings, as the log reads it.
func TestCitadelRollNotice(t *testing.T) {
	g, u := citadelAt(t, "standard", 3, 5, rules.ResearchLegends, func(g *rules.Game) bool {
		return legalVerb(g, rules.VStudy) && g.View(g.ToAct()).Players[g.ToAct()].Crystals > 0
	})
	u.Click(widgetWith(t, u, "Study button", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdStudy }).T)
	u.Click(widgetWith(t, u, "Dig Up Dirt", func(w ui.Widget) bool { return w.T.Action != nil && w.T.Action.Aim == rules.DigUpDirt }).T)
	st := u.State()
	if len(st.Notices) == 0 || st.Notices[0].Kind != "roll" {
		t.Fatalf("no roll notice after a study: %+v", st.Notices)
	}
	if m := u.Mode(); m != ModeNotice {
		t.Fatalf("with the roll's notice up the table is in mode %d, want the notice's", m)
	}
	n := st.Notices[0]
	log := g.View(rules.Public).Log
	var line string
	for _, l := range log {
		if l.Event == "studied" {
			line = l.Text
		}
	}
	if n.Text != line || n.Seat != rules.Public {
		t.Errorf("the notice says %q (for seat %d), the public log %q", n.Text, n.Seat, line)
	}
	if len(n.Dice) != 2+g.View(rules.Public).Players[g.ToAct()].Crystals && n.Result < 10 {
		t.Errorf("%d dice rolled", len(n.Dice))
	}
	if !slices.IsSortedFunc(n.Dice, func(a, b int) int { return b - a }) || n.Dice[0]+n.Dice[1] < n.Result {
		t.Errorf("dice %v for a result of %d", n.Dice, n.Result)
	}
	ws := u.Widgets(u.Layout())
	var faces []string
	kept := 0
	for _, w := range ws {
		if w.Kind == ui.WBox && strings.HasPrefix(w.Tip, "A die: ") {
			faces = append(faces, w.Text)
			if w.Selected {
				kept++
			}
		}
	}
	if len(faces) != len(n.Dice) || kept != 2 || faces[0] != itoa(n.Dice[0]) {
		t.Errorf("the notice draws dice %v (%d kept), rolled %v", faces, kept, n.Dice)
	}
	widgetWith(t, u, "what the roll brings", func(w ui.Widget) bool { return w.Text == rollBrings(n.Result) })
}

// TestCitadelGainChooser: a 7–9 offers a raven and a crystal as buttons;
// the crystal taken shows on the seat's public row.
func TestCitadelGainChooser(t *testing.T) {
	g, u := citadelAt(t, "standard", 3, 6, rules.DigUpDirt, func(g *rules.Game) bool { return legalVerb(g, rules.VGain) })
	seat := g.ToAct()
	before := g.View(rules.Public).Players[seat].Crystals
	widgetWith(t, u, "raven button", func(w ui.Widget) bool { return w.Text == "Take a raven" && w.T.Action != nil })
	b := widgetWith(t, u, "crystal button", func(w ui.Widget) bool { return w.Text == "Take a Crystal of Knowledge" && w.T.Action != nil })
	if b.Tip == "" || b.Key == ui.KeyNone {
		t.Errorf("the crystal's button has tooltip %q and key %q", b.Tip, b.Key)
	}
	u.Click(b.T)
	if got := g.View(rules.Public).Players[seat].Crystals; got != before+1 {
		t.Fatalf("crystals %d after taking one, were %d", got, before)
	}
	u.Hide()
	chip := widgetWith(t, u, "crystal chip", func(w ui.Widget) bool {
		return strings.HasPrefix(w.Tip, u.pos.seatName(seat)+": ") && strings.Contains(w.Tip, "Crystal")
	})
	if chip.Text != itoa(before+1) {
		t.Errorf("the public crystal chip reads %q, want %d", chip.Text, before+1)
	}
}

// TestCitadelUncoverByClick: after a 10+ for Dig Up Dirt, another
// player's face-down token on their row is a target: a click on one's own
// is refused in the engine's words, a click on another's looks at it;
// the token then shows its house to the looker alone.
func TestCitadelUncoverByClick(t *testing.T) {
	g, u := citadelAt(t, "standard", 3, 7, rules.DigUpDirt, func(g *rules.Game) bool { return legalVerb(g, rules.VUncover) })
	seat := g.ToAct()
	var target ui.Widget
	for _, w := range u.Widgets(u.Layout()) {
		if w.T.Kind == ui.TSeatToken {
			if w.T.Seat == seat || !w.Hot {
				t.Errorf("token %+v of seat %d is a target", w.T, w.T.Seat)
			}
			target = w
		}
	}
	if target.T.Kind != ui.TSeatToken {
		t.Fatal("no token to uncover is a target")
	}
	n := g.Len()
	u.Click(ui.Target{Kind: ui.TSeatToken, Seat: seat, Index: 0})
	want := g.Check(rules.Action{Seat: seat, Verb: rules.VUncover, Target: seat, Pos: 0})
	if msg, refused := u.Message(); !refused || want == nil || msg != want.Error() || g.Len() != n {
		t.Fatalf("a click on one's own token: %q (refusal %v), want the engine's %v", msg, refused, want)
	}
	u.Click(target.T)
	if acts := g.Actions(); len(acts) != n+1 || acts[n].Verb != rules.VUncover || acts[n].Target != target.T.Seat || int(acts[n].Pos) != target.T.Index {
		t.Fatalf("the click played %v", acts[len(acts)-1])
	}
	house := g.View(seat).Players[target.T.Seat].Loyalty[target.T.Index].House
	mark := Abbrev(u.pos.houseName(house))
	// What was seen: a notice for the looker alone, in its log's words
	// said to them ("You uncovered …").
	var private string
	for _, l := range g.View(seat).Log {
		if l.Event == "uncovered_private" {
			private = l.Text
		}
	}
	if ns := u.State().Notices; len(ns) != 1 || ns[0].Kind != "secret" || ns[0].Seat != seat || ns[0].Text != rules.OwnWords(private, u.pos.playerWords(seat)) || !strings.HasPrefix(ns[0].Text, "You uncovered ") || !strings.Contains(private, u.pos.houseName(house)) {
		t.Errorf("after the look the notices are %+v, want the looker's %q", ns, private)
	}
	widgetWith(t, u, "the house seen", func(w ui.Widget) bool { return w.Kind == ui.WBox && w.Text == u.pos.houseName(house) })
	token := func(u *Table) ui.Widget {
		for _, w := range u.panels.players.widgets(u.Layout()) {
			if strings.HasPrefix(w.Tip, "Loyalty slot "+itoa(target.T.Index+1)+" of "+u.pos.seatName(target.T.Seat)) {
				return w
			}
		}
		t.Fatal("the token is not on its row")
		return ui.Widget{}
	}
	for u.Holding() {
		u.Do(ui.Command{Kind: ui.CmdDismiss})
	}
	if w := token(u); !strings.Contains(w.Text, mark) || !strings.Contains(w.Tip, "You uncovered it") {
		t.Errorf("the looker's token reads %q (%q), want House %s marked", w.Text, w.Tip, mark)
	}
	u.Hide()
	if w := token(u); strings.Contains(w.Text+w.Tip, u.pos.houseName(house)) || strings.Contains(w.Tip, "uncovered") {
		t.Errorf("the public table's token reads %q (%q)", w.Text, w.Tip)
	}
	for s := range rules.Seat(len(g.Seats())) {
		if s == seat || s == target.T.Seat {
			continue
		}
		u.Reveal(s)
		if w := token(u); strings.Contains(w.Tip, "uncovered") || w.Text != "?"+itoa(g.View(rules.Public).Players[target.T.Seat].Loyalty[target.T.Index].Value) {
			t.Errorf("seat %d sees the token as %q (%q)", s, w.Text, w.Tip)
		}
	}
}

// wingsAt is a Citadel game where the seat to act may play card w.
func wingsAt(t *testing.T, seed uint64, w rules.Wing) (*rules.Game, *Table) {
	v := rules.VLostOrders
	if w == rules.IllTidings {
		v = rules.VIllTidings
	}
	return citadelAt(t, "standard", 3, seed, rules.VisitRookery, func(g *rules.Game) bool { return legalVerb(g, v) })
}

// TestCitadelLostOrdersByClick: the Lost Orders card in the private panel
// opens its targets and lights their slots; a click on one's own agent is
// refused in the engine's words, a click on another's agent plays it.
func TestCitadelLostOrdersByClick(t *testing.T) {
	g, u := wingsAt(t, 12, rules.LostOrders)
	seat := g.ToAct()
	card := widgetWith(t, u, "Lost Orders card", func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdWing, N: int(rules.LostOrders)} })
	if !strings.Contains(card.Tip, "Lost Orders") || card.Key == ui.KeyNone {
		t.Errorf("the card's button has tooltip %q, key %q", card.Tip, card.Key)
	}
	u.Click(card.T)
	if st := u.State(); st.Picking != rules.VLostOrders || len(st.Choices) == 0 {
		t.Fatalf("the card opened %d choices picking %v", len(st.Choices), st.Picking)
	}
	pub := g.View(rules.Public)
	var own, other ui.Target
	for _, w := range u.panels.houses.widgets(u.Layout()) {
		if w.T.Kind != ui.TSlot {
			continue
		}
		occ := pub.Slots[w.T.House][w.T.Slot]
		switch {
		case occ == seat:
			own = w.T
			if w.Hot {
				t.Errorf("the seat's own agent on %v is lit for Lost Orders", w.T)
			}
		case occ >= 0:
			other = w.T
			if !w.Hot {
				t.Errorf("another player's agent on %v is not lit for Lost Orders", w.T)
			}
		}
	}
	n := g.Len()
	if own.Kind != ui.TSlot {
		t.Fatal("the seat has no agent on a slot: its refusal cannot be tried")
	}
	u.Click(own)
	want := g.Check(rules.Action{Seat: seat, Verb: rules.VLostOrders, House: own.House, Slot: own.Slot})
	if msg, refused := u.Message(); !refused || want == nil || msg != want.Error() || g.Len() != n {
		t.Errorf("Lost Orders on one's own agent: %q (refusal %v), want the engine's %v", msg, refused, want)
	}
	if u.State().Picking != rules.VLostOrders {
		t.Error("the refusal closed Lost Orders' targets")
	}
	u.Click(other)
	if acts := g.Actions(); len(acts) != n+1 || acts[n].Verb != rules.VLostOrders || acts[n].House != other.House || acts[n].Slot != other.Slot {
		t.Fatalf("the click on the slot played %v", acts[len(acts)-1])
	}
	if occ := g.View(rules.Public).Slots[other.House][other.Slot]; occ >= 0 {
		t.Errorf("the agent is still on its slot (%d)", occ)
	}
}

// TestCitadelIllTidingsByClick: the Ill Tidings card opens the chooser of
// the other players; the one chosen shows the penalty on its row.
func TestCitadelIllTidingsByClick(t *testing.T) {
	g, u := wingsAt(t, 9, rules.IllTidings)
	seat := g.ToAct()
	u.Click(widgetWith(t, u, "Ill Tidings card", func(w ui.Widget) bool { return w.T.Cmd == ui.Command{Kind: ui.CmdWing, N: int(rules.IllTidings)} }).T)
	st := u.State()
	if st.Picking != rules.VIllTidings || len(st.Choices) != len(g.Seats())-1 {
		t.Fatalf("the card opened %d choices picking %v", len(st.Choices), st.Picking)
	}
	b := widgetWith(t, u, "a player", func(w ui.Widget) bool { return w.T.Action != nil && w.T.Action.Verb == rules.VIllTidings })
	to := b.T.Action.Target
	if to == seat || !strings.Contains(b.Text, u.pos.seatName(to)) || b.Tip == "" {
		t.Errorf("choice %q (%q) sends to seat %d", b.Text, b.Tip, to)
	}
	u.Click(b.T)
	if got := g.View(rules.Public).Players[to].Tidings; got != 1 {
		t.Fatalf("the penalty on seat %d is %d after Ill Tidings", to, got)
	}
	u.Hide()
	widgetWith(t, u, "penalty chip", func(w ui.Widget) bool {
		return w.Fill == ui.ColWarn && strings.TrimPrefix(w.Text, "−") == "1" && strings.Contains(w.Tip, "Ill Tidings: "+u.pos.seatName(to))
	})
}

// TestCitadelCardRefusals: a Dark Wings card asked for when it may not be
// played says why in the engine's words.
func TestCitadelCardRefusals(t *testing.T) {
	g, u := citadelAt(t, "standard", 3, 10, 0, func(g *rules.Game) bool { return legalVerb(g, rules.VPlace) })
	for _, w := range []rules.Wing{rules.LostOrders, rules.IllTidings} {
		u.Do(ui.Command{Kind: ui.CmdWing, N: int(w)})
		v := rules.VLostOrders
		if w == rules.IllTidings {
			v = rules.VIllTidings
		}
		want := g.Check(rules.Action{Seat: g.ToAct(), Verb: v, Target: -1})
		if msg, refused := u.Message(); !refused || want == nil || msg != want.Error() || u.State().Picking != 0 {
			t.Errorf("%s while placing: %q (refusal %v), want the engine's %v", w.Name(), msg, refused, want)
		}
	}
}

// TestCitadelSecretsStayPrivate: the public table, the curtain and
// another seat's table are the same whatever Dark Wings cards a seat
// holds, whatever token it uncovered and whatever aim its private log
// names; that seat's own table differs (the test can see them).
func TestCitadelSecretsStayPrivate(t *testing.T) {
	m := tabletest.Map()
	a := tabletest.CitadelSecrets(m, 1, []rules.Wing{rules.LostOrders, rules.LostOrders}, 0, rules.DigUpDirt)
	b := tabletest.CitadelSecrets(m, 1, []rules.Wing{rules.IllTidings, rules.LostOrders}, 1, rules.VisitRookery)
	ua, ub := New(a, Options{}), New(b, Options{})
	same := func(what string, f func(u *Table) []ui.Widget) {
		t.Helper()
		if !reflect.DeepEqual(f(ua), f(ub)) {
			t.Errorf("%s differs with seat 1's secrets", what)
		}
	}
	same("the public table", func(u *Table) []ui.Widget { return u.Widgets(u.Layout()) })
	same("the curtain", func(u *Table) []ui.Widget { return append(u.Widgets(u.Layout()), u.screens.Curtain(1)...) })
	ua.Reveal(0)
	ub.Reveal(0)
	same("seat 0's table", func(u *Table) []ui.Widget { return u.Widgets(u.Layout()) })
	ua.Reveal(1)
	ub.Reveal(1)
	if reflect.DeepEqual(ua.Widgets(ua.Layout()), ub.Widgets(ub.Layout())) {
		t.Fatal("seat 1's own table is the same whatever its secrets (the test cannot see them)")
	}
	// Seat 1's own table shows what it holds and saw.
	ws := ub.Widgets(ub.Layout())
	for _, want := range []string{"Ill Tidings", "Lost Orders", "?" + Abbrev(m.Houses[1].Name)} {
		if !slices.ContainsFunc(ws, func(w ui.Widget) bool { return w.Text == want }) {
			t.Errorf("seat 1's table shows no %q", want)
		}
	}
}

// TestCitadelHintNamesTheAim: a hint to study says for which aim, to the
// seat that asked only: the public table reads that a hint was asked.
func TestCitadelHintNamesTheAim(t *testing.T) {
	g, u := citadelAt(t, "standard", 3, 4, 0, func(g *rules.Game) bool { return legalVerb(g, rules.VStudy) })
	a := rules.Action{Seat: g.ToAct(), Verb: rules.VStudy, Aim: rules.ResearchLegends}
	u.Hints().Show(Hint{Seat: g.ToAct(), Action: a})
	if msg, _ := u.Message(); !strings.HasPrefix(msg, "Hint: Study at the Citadel to Research Legends") {
		t.Errorf("the hint reads %q", msg)
	}
	u.Hide()
	for _, w := range u.Widgets(u.Layout()) {
		if strings.Contains(w.Text+w.Tip, "Research Legends") {
			t.Errorf("the public table shows the hinted aim: %q", w.Text)
		}
	}
}

// TestEndScreenNamesTheDarkWingsHeld: at the end of a Citadel game the
// end screen says which Dark Wings cards were still held, and that they
// are worth nothing; a plain game's end screen has no such line.
func TestEndScreenNamesTheDarkWingsHeld(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		g, u := citadelAt(t, "standard", 3, seed, rules.VisitRookery, func(g *rules.Game) bool { return g.Over() })
		v := g.View(rules.Public)
		var want []string
		for _, p := range v.Players {
			if len(p.WingCards) > 0 {
				want = append(want, strings.ToUpper(p.ID[:1])+p.ID[1:])
			}
		}
		if len(want) == 0 {
			continue // nobody held a card at the end: try another game
		}
		u.Hide()
		var line string
		for _, w := range u.screens.End(true) {
			if strings.HasPrefix(w.Text, "Dark Wings cards still held") {
				line = w.Text
			}
		}
		for _, who := range want {
			if !strings.Contains(line, who+" ") {
				t.Fatalf("seed %d: the end screen's line %q does not name %s", seed, line, who)
			}
		}
		if !strings.Contains(line, "worth nothing") {
			t.Fatalf("the line %q does not say the cards are worth nothing", line)
		}
		return
	}
	t.Fatal("no Citadel game ended with a Dark Wings card held")
}

// TestMaesterSlotTipNamesTheCitadel: in a Citadel game a Maester slot's
// tooltip lists studying among the agent's actions; in a plain game it
// does not.
func TestMaesterSlotTipNamesTheCitadel(t *testing.T) {
	_, u := citadelAt(t, "standard", 3, 2, rules.DigUpDirt, func(g *rules.Game) bool { return g.View(rules.Public).Phase == rules.PhasePlace })
	tip := widgetWith(t, u, "a Maester slot", func(w ui.Widget) bool { return strings.Contains(w.Tip, "Maester slot") }).Tip
	if !strings.Contains(tip, "study at the Citadel") {
		t.Errorf("a Citadel game's Maester slot says %q", tip)
	}
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	p := New(rules.HotSeat(g), Options{Seed: 2})
	p.Reveal(g.ToAct())
	if tip := widgetWith(t, p, "a Maester slot", func(w ui.Widget) bool { return strings.Contains(w.Tip, "Maester slot") }).Tip; strings.Contains(tip, "Citadel") {
		t.Errorf("a plain game's Maester slot says %q", tip)
	}
}
