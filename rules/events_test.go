package rules

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"notrueking/board"
)

func TestEventKindsHaveStableNames(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
	seen := map[string]EventKind{}
	for k := EvNone + 1; k < numEventKinds; k++ {
		name := k.String()
		if !snake.MatchString(name) {
			t.Errorf("kind %d is named %q, not snake_case", k, name)
		}
		if o, dup := seen[name]; dup {
			t.Errorf("kinds %d and %d are both %q", o, k, name)
		}
		seen[name] = k
		if k.Category() == "" {
			t.Errorf("kind %s has no category", k)
		}
		b, err := json.Marshal(k)
		if err != nil || string(b) != `"`+name+`"` {
			t.Errorf("kind %s marshals to %s, %v", k, b, err)
		}
		var back EventKind
		if err := json.Unmarshal(b, &back); err != nil || back != k {
			t.Errorf("kind %s reads back as %s, %v", k, back, err)
		}
	}
	var k EventKind
	if err := json.Unmarshal([]byte(`"no_such_kind"`), &k); err == nil {
		t.Error("an unknown kind name was accepted")
	}
}

// TestEventTexts words one event of every kind, checks the words against
// the log's sentences and that a private event reads only for its seat.
func TestEventTexts(t *testing.T) {
	g := newGame(t, 4, 1)
	h := func(id string) board.HouseID { return house(t, g, id) }
	tr := func(id string) board.TerrID { return terr(t, g, id) }
	ba, st, la, gr, ty := h("baratheon"), h("stark"), h("lannister"), h("greyjoy"), h("tyrell")
	wf, wh, kh := tr("winterfell"), tr("white-harbor"), tr("karhold")
	pw, bi, mc := tr("port-of-winterfell"), tr("bay-of-ice"), tr("moat-cailin")
	list := func(e Event, items ...int) Event {
		start := len(g.items)
		for _, x := range items {
			g.addItem(x)
		}
		e.List = g.listFrom(start)
		return e
	}
	ranking := []Rank{{House: st, From: 1, To: 1}, {House: la, From: 2, To: 3},
		{House: gr, From: 2, To: 3}, {House: ty, From: 4, To: 4}, {House: ba, From: 5, To: 5}}
	start := len(g.items)
	g.addRanking(ranking)
	ranks := Event{Seat: Public, Kind: EvRanksComputed, List: g.listFrom(start)}
	start = len(g.items)
	g.addRanking(ranking)
	for _, score := range []int{9, 6, 12, 0} {
		g.addItem(score)
	}
	over := Event{Seat: Public, Kind: EvGameOver, Who: 2, N: int16(len(ranking)), List: g.listFrom(start)}
	const you = 1 // the seat of the private events
	cases := []struct {
		e    Event
		want string
	}{
		{Event{Kind: EvGameSetUp, N: 4, Who: 3}, "The game begins with 4 players; Gauntlet is the first player. Every house deck is shuffled."},
		{Event{Kind: EvRoundStarted, N: 2, M: 4, Who: 1}, "Round 2 of 4: Torch is the first player and places first."},
		{Event{Kind: EvLoyaltyArranged, Who: 0}, "Crown arranged their loyalty card."},
		{list(Event{Seat: you, Kind: EvLoyaltyCard, Who: you}, int(st), int(la), int(gr), int(ty), int(ba)), "Secret: Torch's loyalty card is Stark 6, Lannister 4, Greyjoy 3, Tyrell 2, Baratheon 0."},
		{Event{Kind: EvAgentPlaced, Who: 2, House: ty, Slot: int16(Lord)}, "Helm places an agent on Tyrell Lord."},
		{Event{Kind: EvResolutionBegan}, "Every agent is placed: resolution begins with the Maesters."},
		{Event{Kind: EvAgentResolved, Who: 0, House: st, Slot: int16(Maester)}, "Crown resolves their agent on Stark Maester."},
		{Event{Kind: EvMoveChosen, Who: 1, House: gr}, "Torch moves Greyjoy troops."},
		{Event{Kind: EvMusterChosen, Who: 1, House: gr, N: 1}, "Torch musters for Greyjoy: 1 point."},
		{Event{Kind: EvMusterChosen, Who: 1, House: gr, N: 3}, "Torch musters for Greyjoy: 3 points."},
		{Event{Kind: EvMustered, House: st, Unit: int16(board.Footman), Terr: wf, To: wf}, "Stark musters a footman in Winterfell."},
		{Event{Kind: EvMustered, House: st, Unit: int16(board.Ship), Terr: wf, To: pw}, "Stark musters a ship in Port of Winterfell, from Winterfell."},
		{Event{Kind: EvPromoted, House: st, Unit: int16(board.Knight), Terr: wf}, "Stark promotes a footman in Winterfell to a knight."},
		{Event{Kind: EvPromoted, House: st, Unit: int16(board.Dragon), Terr: wf}, "Stark promotes a knight in Winterfell to a dragon."},
		{Event{Kind: EvMusterEnded, Who: 3, House: st}, "Gauntlet ends the muster for Stark."},
		{Event{Kind: EvMoved, House: st, Units: [board.NumUnits]int16{2, 1}, Terr: wf, To: wh}, "Stark moves 2 footmen and 1 knight from Winterfell to White Harbor."},
		{Event{Kind: EvNoMove, Who: 0, House: st}, "Crown moves no Stark troops."},
		{Event{Kind: EvFlagLeft, House: st, Terr: wh}, "Stark leaves a flag in White Harbor."},
		{Event{Kind: EvFlagRemoved, House: gr, Terr: wh}, "Greyjoy's flag in White Harbor is removed."},
		{Event{Kind: EvFlagHeld, House: st, Terr: wh}, "Stark holds White Harbor with no troops left: its flag stands there."},
		{Event{Kind: EvFlagWon, House: st, Terr: kh}, "Stark wins Karhold with no troops left: its flag stands there."},
		{Event{Kind: EvFortHeld, House: st, Terr: mc}, "Stark enters Moat Cailin first and holds its fortification."},
		{Event{Kind: EvFortRemoved, House: st, Terr: mc}, "Stark's last unit has left Moat Cailin: its fortification is removed for good."},
		{Event{Kind: EvPortLost, House: st, Terr: wf, To: pw, N: 2}, "Stark no longer controls Winterfell: 2 ships in Port of Winterfell are lost."},
		{Event{Kind: EvPortLost, House: st, Terr: wf, To: pw, N: 1}, "Stark no longer controls Winterfell: 1 ship in Port of Winterfell is lost."},
		{Event{Kind: EvCombatStarted, Terr: wf, House: gr, House2: st}, "Combat in Winterfell: Greyjoy attacks Stark."},
		{Event{Kind: EvCardPlayed, Who: 0, Card: g.cardNum("eddard-stark")}, "Crown plays Eddard Stark (Stark, strength 4, 2 swords)."},
		{Event{Kind: EvPassed, Who: 1}, "Torch plays no card."},
		{Event{Kind: EvPassed, Who: 1, House: gr, House2: st, N: 1}, "Torch plays no card: they hold no Greyjoy or Stark card."},
		{Event{Kind: EvCombatTied, Terr: wf, N: 5, M: 5, Who: 2}, "The combat in Winterfell is tied 5 to 5: Helm names the winner."},
		{Event{Kind: EvTieDecided, Who: 2, House: gr}, "The combat is tied; Helm names Greyjoy the winner."},
		{Event{Kind: EvAttackerWon, Terr: wf, House: gr, House2: st, N: 9, M: 5}, "Greyjoy wins the combat in Winterfell (Greyjoy 9, Stark 5)."},
		{Event{Kind: EvDefenderWon, Terr: wf, House: gr, House2: st, N: 5, M: 9}, "Stark wins the combat in Winterfell (Greyjoy 5, Stark 9)."},
		{Event{Kind: EvCasualties, House: st, N: 2, Units: [board.NumUnits]int16{1, 1}}, "Stark must lose 2 units and loses 1 footman and 1 knight."},
		{Event{Kind: EvCasualties, House: st, N: 0}, "Stark loses no units."},
		{Event{Kind: EvCasualties, House: gr, N: 1, Units: [board.NumUnits]int16{0, 0, 1}, Lost: [board.NumUnits]int16{2}}, "Greyjoy must lose 1 unit and loses 1 ship; 2 footmen without a ship drown."},
		{Event{Kind: EvNoRetreat, House: st, Terr: wf, Units: [board.NumUnits]int16{1}}, "Stark's 1 footman in Winterfell cannot retreat anywhere and is destroyed."},
		{Event{Kind: EvRetreated, House: st, Terr: wf, To: kh, Units: [board.NumUnits]int16{2}}, "Stark's 2 footmen retreat from Winterfell to Karhold."},
		{Event{Kind: EvOccupied, House: gr, Terr: wf, Units: [board.NumUnits]int16{0, 1}}, "Greyjoy's 1 knight occupies Winterfell."},
		{Event{Kind: EvRedeployed, House: gr, Terr: bi, To: wf, Units: [board.NumUnits]int16{0, 0, 0, 2}}, "Greyjoy's 2 dragons fly from Bay of Ice to Winterfell."},
		{Event{Kind: EvCardDrawn, Who: you, House: st}, "Torch drew a Stark card."},
		{Event{Seat: you, Kind: EvCardDrawnPrivate, Who: you, House: st, Card: g.cardNum("eddard-stark")}, "Secret: Torch drew Eddard Stark (Stark, strength 4, 2 swords)."},
		{Event{Kind: EvNothingToDraw, Who: 0, House: st}, "Crown would draw a Stark card, but every Stark card is in a hand: nothing is drawn."},
		{Event{Kind: EvDeckReshuffled, House: st, N: 1}, "The Stark deck ran out: its 1 discarded card are shuffled into a new deck."},
		{Event{Kind: EvAgentMovedUp, Who: 0, House: st, Slot: int16(Marshal)}, "Crown's agent, its action done, moves up to the empty Stark Marshal slot, to act again in a later tier."},
		{Event{Kind: EvAgentReturned, Who: 0, House: st, Slot: int16(Lord)}, "Crown's agent on Stark Lord, its action done, returns to them."},
		{Event{Kind: EvJaimeMuster, House: la, Card: g.cardNum("ser-jaime-lannister"), Who: 1}, "Lannister wins with Ser Jaime Lannister: Torch may muster for Lannister."},
		{Event{Kind: EvAshaMove, House: gr, Card: g.cardNum("asha-greyjoy"), Who: 0}, "Greyjoy wins with Asha Greyjoy: Crown may move Greyjoy troops."},
		{Event{Kind: EvCerseiGranted, House: la, Card: g.cardNum("cersei-lannister"), Who: 1}, "Lannister wins with Cersei Lannister: Torch may remove an unresolved Lannister agent."},
		{Event{Kind: EvMelisandreGranted, House: ba, Card: g.cardNum("melisandre"), Who: 3}, "Baratheon wins with Melisandre: Gauntlet may look at an opponent's hand and discard one card."},
		{Event{Kind: EvCerseiRemoved, Who: 1, Other: 2, House: la, Slot: int16(Lord)}, "Torch removes Helm's agent from Lannister Lord; it returns to Helm unresolved."},
		{Event{Kind: EvCerseiDeclined, Who: 1, Card: g.cardNum("cersei-lannister")}, "Torch removes no agent with Cersei Lannister."},
		{Event{Kind: EvCerseiNoTarget, House: la, Card: g.cardNum("cersei-lannister")}, "Cersei Lannister: there is no unresolved Lannister agent to remove."},
		{Event{Kind: EvMelisandreNoTarget, Card: g.cardNum("melisandre")}, "Melisandre: no opponent holds a house card."},
		{Event{Kind: EvMelisandreDeclined, Who: 3}, "Gauntlet looks at no hand."},
		{Event{Kind: EvMelisandreLooked, Who: 3, Other: 0}, "Gauntlet looks at Crown's hand."},
		{list(Event{Seat: you, Kind: EvMelisandreHand, Who: you, Other: 0}, g.cardCode(g.cardNum("eddard-stark")), g.cardCode(g.cardNum("melisandre"))), "Crown holds: Eddard Stark, Melisandre."},
		{Event{Kind: EvMelisandreDiscard, Who: 3, Other: 0, Card: g.cardNum("eddard-stark")}, "Gauntlet makes Crown discard Eddard Stark (Stark, strength 4, 2 swords)."},
		{ranks, "Every agent has resolved. House ranks: Stark 1st, Lannister 2nd–3rd, Greyjoy 2nd–3rd, Tyrell 4th, Baratheon 5th."},
		{Event{Kind: EvKept, Who: 2}, "Helm keeps their loyalty card as it is."},
		{Event{Kind: EvExchanged, Who: 0, N: 0, M: 4, K: 0, House: ty}, "Crown swaps the tokens in their 6 and 0 slots and reveals Tyrell in the 6 slot."},
		{Event{Seat: you, Kind: EvExchangedPrivate, Who: you, House: st, House2: ty}, "Secret: Torch exchanged Stark and Tyrell."},
		{over, "The game is over. Final ranks: Stark 1st, Lannister 2nd–3rd, Greyjoy 2nd–3rd, Tyrell 4th, Baratheon 5th. Scores: Crown 9, Torch 6, Helm 12, Gauntlet 0. Helm wins."},
		{list(Event{Kind: EvLoyaltyRevealed, Who: 2}, int(ba), int(ty), int(gr), int(la), int(st)), "Helm's loyalty card: Baratheon 6, Tyrell 4, Greyjoy 3, Lannister 2, Stark 0."},
		{Event{Seat: you, Kind: EvStudyAim, Who: you, N: int16(DigUpDirt)}, "Secret: Torch studies at the Citadel to Dig Up Dirt."},
		{list(Event{Kind: EvStudied, Who: 0, House: st, N: 10, K: 2}, 6, 4, 3), "Crown studies at the Citadel for Stark: 6 4 3 → 10; success: 2 crystals are spent."},
		{list(Event{Kind: EvStudied, Who: 0, House: st, N: 10, K: 1}, 6, 4), "Crown studies at the Citadel for Stark: 6 4 → 10; success: 1 crystal is spent."},
		{list(Event{Kind: EvStudied, Who: 0, House: st, N: 11}, 6, 5), "Crown studies at the Citadel for Stark: 6 5 → 11; success."},
		{list(Event{Kind: EvStudied, Who: 1, House: gr, N: 8, M: 2}, 6, 4, 1), "Torch studies at the Citadel for Greyjoy: 6 4 1 → 10 − 2 (Ill Tidings) = 8; Torch chooses a raven or a crystal."},
		{list(Event{Kind: EvStudied, Who: 1, House: gr, N: 5}, 3, 2), "Torch studies at the Citadel for Greyjoy: 3 2 → 5; a raven."},
		{Event{Seat: you, Kind: EvLegends, Who: you, House: st}, "Secret: Torch's research finds legends: two Stark cards."},
		{Event{Seat: you, Kind: EvRookery, Who: you}, "Secret: Torch's visit to the rookery brings a Dark Wings card."},
		{Event{Kind: EvRavenGained, Who: 2, N: 1}, "Helm gains a raven (1 raven)."},
		{Event{Kind: EvRavenGained, Who: 2, N: 3}, "Helm gains a raven (3 ravens)."},
		{Event{Kind: EvCrystalGained, Who: 2, N: 2}, "Helm gains a Crystal of Knowledge (2 crystals)."},
		{Event{Kind: EvRavensExchanged, Who: 2}, "Helm's three ravens are exchanged for a Dark Wings card."},
		{Event{Kind: EvWingDrawn, Who: 3}, "Gauntlet draws a Dark Wings card."},
		{Event{Seat: you, Kind: EvWingDrawnPrivate, Who: you, N: int16(IllTidings)}, "Secret: Torch drew Ill Tidings."},
		{Event{Kind: EvWingsReshuffled, N: 5}, "The Dark Wings deck ran out: its 5 played cards are shuffled into a new deck."},
		{Event{Kind: EvNoWing, Who: 3}, "Gauntlet would draw a Dark Wings card, but every card is held: nothing is drawn."},
		{Event{Kind: EvUncovered, Who: 0, Other: 1}, "Crown uncovered a secret of Torch."},
		{Event{Seat: you, Kind: EvUncoveredPrivate, Who: you, Other: 0, House: la, K: 1}, "Secret: Torch uncovered Crown's token in the 4 slot: Lannister."},
		{Event{Kind: EvNothingToUncover, Who: 0}, "Crown digs up dirt, but every other player's token is face up: nothing is uncovered."},
		{Event{Kind: EvLostOrders, Who: 0, Other: 2, House: la, Slot: int16(Marshal)}, "Crown plays Lost Orders: Helm's agent on Lannister Marshal returns to them unresolved."},
		{Event{Kind: EvIllTidings, Who: 0, Other: 2, N: 2}, "Crown plays Ill Tidings on Helm: Helm's Citadel results are 2 lower this round."},
		// With no name action in the history, the seat's name now (the
		// test's players bear their conspiracies' names).
		{Event{Kind: EvNamed, Who: 1, Action: -1}, "Torch is played by Torch."},
	}
	private := map[EventKind]bool{EvLoyaltyCard: true, EvCardDrawnPrivate: true, EvMelisandreHand: true, EvExchangedPrivate: true,
		EvStudyAim: true, EvWingDrawnPrivate: true, EvUncoveredPrivate: true, EvLegends: true, EvRookery: true}
	covered := map[EventKind]bool{}
	for _, c := range cases {
		e := c.e
		if e.Seat == 0 && !private[e.Kind] {
			e.Seat = Public
		}
		covered[e.Kind] = true
		if private[e.Kind] != (e.Seat != Public) {
			t.Fatalf("%s: test event has seat %d", e.Kind, e.Seat)
		}
		for viewer := Public; viewer < 4; viewer++ {
			got := g.EventText(e, viewer)
			want := c.want
			if e.Seat != Public && viewer != e.Seat {
				want = "" // a private event is only ever shown to its seat
			}
			if got != want {
				t.Errorf("%s for viewer %d:\n got %q\nwant %q", e.Kind, viewer, got, want)
			}
			l, ok := g.Line(e, viewer)
			if ok != (want != "") || l.Text != want || (ok && (l.Kind != e.Kind.Category() || l.Event != e.Kind.String() || l.Seat != e.Seat)) {
				t.Errorf("%s: line for viewer %d is %+v, %v", e.Kind, viewer, l, ok)
			}
		}
	}
	for k := EvNone + 1; k < numEventKinds; k++ {
		if !covered[k] {
			t.Errorf("no words checked for kind %s", k)
		}
	}
}

// TestEventListsStay: an event's list is a window on the game's item
// store; later lists, and a clone's, never change it.
func TestEventListsStay(t *testing.T) {
	g := newGame(t, 2, 1)
	start := len(g.items)
	for i := 0; i < 40; i++ { // longer than any hand or map needs
		g.addItem(i)
	}
	e := Event{Seat: Public, Kind: EvMelisandreHand, List: g.listFrom(start)}
	c := g.Clone()
	for i := 0; i < 100; i++ {
		g.addItem(-1)
		c.addItem(-2)
	}
	for i := 0; i < 40; i++ {
		if e.item(i) != i {
			t.Fatalf("item %d became %d", i, e.item(i))
		}
	}
	if e.item(40) != -1 || e.item(-1) != -1 {
		t.Fatal("items past the list's end are not -1")
	}
	if g.items[len(g.items)-1] != -1 || c.items[len(c.items)-1] != -2 {
		t.Fatal("a game and its clone append to one item store")
	}
	// A damaged event (from a save) reads without a panic.
	bad := Event{Seat: Public, Kind: EvExchanged, N: 99, M: -5, K: 7, House: 42, Who: 9}
	if got := g.EventText(bad, Public); got == "" {
		t.Fatal("no words for a damaged event")
	}
	for k := EvNone; k < numEventKinds; k++ {
		_ = g.EventText(Event{Seat: Public, Kind: k, N: -3, M: 30, Who: -7, House: 99, Terr: -2, Card: g.cardNum("nope"), List: []int16{-1, 999, 77}}, Public)
	}
}

// TestEventsCarryTheirAction replays the four-player example: the setup's
// events carry -1, every event Apply returns carries that action's index,
// and the log's indexes never run ahead of the actions applied.
func TestEventsCarryTheirAction(t *testing.T) {
	m := mustMap(t)
	data, err := os.ReadFile("../testdata/four-players.ntk")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParseRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newFromRecord(m, rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.st.Log) == 0 {
		t.Fatal("no setup events")
	}
	for _, e := range g.st.Log {
		if e.Action != -1 {
			t.Fatalf("setup event %s has action %d", e.Kind, e.Action)
		}
	}
	for i, line := range rec.Actions {
		a, err := g.ParseAction(line)
		if err != nil {
			t.Fatal(err)
		}
		before := len(g.st.Log)
		evs, err := g.Apply(a)
		if err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		if len(g.st.Log) != before+len(evs) {
			t.Fatalf("action %d returned %d events; the log grew by %d", i, len(evs), len(g.st.Log)-before)
		}
		for _, e := range evs {
			if e.Action != i {
				t.Fatalf("action %d (%s) produced %s carrying action %d", i, a.Verb, e.Kind, e.Action)
			}
		}
		for _, e := range g.st.Log {
			if e.Action >= len(g.actions) {
				t.Fatalf("after %d actions the log holds an event of action %d", len(g.actions), e.Action)
			}
		}
		// A refused action stamps nothing and leaves no stamp behind.
		if _, err := g.Apply(Action{Seat: -1}); err == nil || g.acting != 0 {
			t.Fatalf("a bad action was accepted (%v) or left acting %d", err, g.acting)
		}
	}
	if !g.Over() {
		t.Fatal("the example did not reach game over")
	}
	// The opened log at game over names each event's action too.
	v := g.View(Public)
	if len(v.Log) != len(g.st.Log) {
		t.Fatalf("game-over view shows %d of %d events", len(v.Log), len(g.st.Log))
	}
	for i, l := range v.Log {
		if e := g.st.Log[i]; l.Action != e.Action || l.Seat != e.Seat || l.Event != e.Kind.String() {
			t.Fatalf("line %d %+v does not match event %+v", i, l, e)
		}
	}
}

// A seat that holds no card of either fighting house is not asked: it
// passes, and the log says why (the houses of a hand are public); a seat
// that passes by choice just plays no card (a forced pass was once
// "Bob passed", with no line in the log and no reason).
func TestAForcedPassSaysWhy(t *testing.T) {
	forced, chosen := 0, 0
	for seed := uint64(1); seed <= 30 && (forced < 3 || chosen < 3); seed++ {
		g, err := New(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat", "Dan"}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 9))
		for !g.Over() {
			legal := g.Legal()
			a := legal[r.IntN(len(legal))]
			if i := slices.IndexFunc(legal, func(a Action) bool { return a.Verb == VPass }); i >= 0 && r.IntN(2) == 0 {
				a = legal[i]
			}
			evs, err := g.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			// Every pass in the combat, asked or not, is in the log.
			for _, e := range evs {
				if e.Kind != EvPassed {
					continue
				}
				text := g.EventText(e, Public)
				says := strings.Contains(text, ": they hold no ")
				if e.Who == a.Seat && a.Verb == VPass {
					chosen++
					if says {
						t.Fatalf("seed %d: a chosen pass reads %q", seed, text)
					}
					continue
				}
				forced++
				if !says {
					t.Fatalf("seed %d: a forced pass reads %q", seed, text)
				}
			}
		}
	}
	if forced < 3 || chosen < 3 {
		t.Fatalf("only %d forced and %d chosen passes seen", forced, chosen)
	}
}
