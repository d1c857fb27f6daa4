package rules

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"notrueking/board"
)

// The Citadel variant, sentence by sentence (../shared/design/citadel.md;
// docs/rules.md#the-citadel-variant). Each test names the sentence it
// holds; docs/mutation/breaks.txt has a break for each.

// citadelGame starts a Citadel game of n players in the resolution phase
// with exactly the given agents placed, first player first.
func citadelGame(t testing.TB, n, first int, agents ...agentAt) *Game {
	t.Helper()
	g, err := New(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat", "Dan"}[:n], Seed: 1, Variant: Citadel})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Edit().First(Seat(first)); err != nil {
		t.Fatal(err)
	}
	if err := g.startResolution(agents); err != nil {
		t.Fatal(err)
	}
	return g
}

// rig sets the game's generator to the first state (by seed) whose next
// roll of n dice (as doStudy rolls them) satisfies want, and returns the
// dice, highest first.
func rig(t testing.TB, g *Game, n int, want func(dice []int) bool) []int {
	t.Helper()
	dice, _ := rigFrom(t, g, 1, n, want)
	return dice
}

// rigFrom is rig trying the seeds from from on; it also returns the seed.
func rigFrom(t testing.TB, g *Game, from uint64, n int, want func(dice []int) bool) ([]int, uint64) {
	t.Helper()
	for k := from; k < from+100000; k++ {
		rng := newRNG(k)
		r := rand.New(&rng.pcg)
		dice := make([]int, n)
		for i := range dice {
			dice[i] = 1 + r.IntN(6)
		}
		slices.SortFunc(dice, func(x, y int) int { return y - x })
		if want(dice) {
			g.st.RNG = newRNG(k)
			return dice, k
		}
	}
	t.Fatalf("no generator state rolls what the test wants with %d dice", n)
	return nil, 0
}

// sum2 is the roll's total: the two highest dice.
func sum2(d []int) int { return d[0] + d[1] }

// lines is every log line seat may read, in words.
func lines(g *Game, seat Seat) string {
	var b strings.Builder
	for _, l := range g.View(seat).Log {
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// "Crystals of Knowledge: a count, 0 at the start. Public." "Ravens: a
// count, 0 at the start. Public." "A shuffled deck of 12: 6 × Lost
// Orders, 6 × Ill Tidings." And the variant is off unless chosen.
func TestCitadelPiecesAtTheStart(t *testing.T) {
	g, err := New(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat"}, Seed: 7, Variant: Citadel})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(Public)
	if v.Variant != "citadel" || v.Citadel == nil || v.Citadel.Deck != 12 || len(v.Citadel.Discard) != 0 {
		t.Fatalf("public Citadel table at the start: variant %q, %+v", v.Variant, v.Citadel)
	}
	for _, p := range v.Players {
		if p.Crystals != 0 || p.Ravens != 0 || p.Wings != 0 {
			t.Fatalf("%s starts with %d crystals, %d ravens, %d cards", p.ID, p.Crystals, p.Ravens, p.Wings)
		}
	}
	var n [numWings]int
	for _, w := range g.st.Citadel.Deck {
		n[w]++
	}
	if n[LostOrders] != 6 || n[IllTidings] != 6 {
		t.Fatalf("the Dark Wings deck holds %v", n)
	}
	// Shuffled: two seeds give two orders (and the plain game's draws —
	// first player, house decks — are those of a plain game).
	h, _ := New(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat"}, Seed: 8, Variant: Citadel})
	if slices.Equal(g.st.Citadel.Deck, h.st.Citadel.Deck) {
		t.Fatal("two seeds deal the Dark Wings deck in the same order: it is not shuffled")
	}
	plain, _ := New(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat"}, Seed: 7})
	if plain.st.First != g.st.First || !slices.Equal(plain.st.Decks[0], g.st.Decks[0]) {
		t.Fatal("the variant changes the plain game's draws at setup")
	}
	if pv := plain.View(Public); pv.Variant != "" || pv.Citadel != nil || plain.st.Citadel != nil {
		t.Fatal("a plain game has the Citadel's pieces")
	}
}

// "When a player resolves a Maester agent, the choices are Muster, Move,
// Draw a House Card or, in this variant, Study at the Citadel. Choosing it
// takes the Maester's action; moving up afterwards is unchanged."
func TestStudyIsTheMaestersFourthChoice(t *testing.T) {
	g := citadelGame(t, 2, 0, agentAt{0, "stark", Maester}, agentAt{1, "lannister", Marshal})
	act(t, g, "crown resolve stark maester")
	var studies []Aim
	for _, a := range g.Legal() {
		if a.Verb == VStudy {
			studies = append(studies, a.Aim)
		}
	}
	if !slices.Equal(studies, Aims()) {
		t.Fatalf("a Maester's choices list the aims %v", studies)
	}
	rig(t, g, 2, func(d []int) bool { return sum2(d) <= 6 })
	act(t, g, "crown study legends")
	if g.st.Slots[house(t, g, "stark")][Marshal] != 0 {
		t.Fatal("the Maester did not move up to the Marshal slot after studying")
	}
	// A Marshal has no such choice, and the plain game neither.
	act(t, g, "torch resolve lannister marshal")
	wantErr(t, refuse(t, g, "torch study dirt"), "only a Maester studies")
	p := scenario(t, 2, 0, agentAt{0, "stark", Maester})
	act(t, p, "crown resolve stark maester")
	for _, a := range p.Legal() {
		if a.Verb == VStudy {
			t.Fatal("a plain game lists a study")
		}
	}
	wantErr(t, refuse(t, p, "crown study dirt"), "without the Citadel variant")
}

// "The player secretly names an aim." "Roll 2 + crystals six-sided dice;
// the result is the sum of the two highest. The dice come from the game's
// seeded generator, so a record replays them; the dice are public, the
// aim is not."
func TestTheRollIsPublicAndTheAimSecret(t *testing.T) {
	g := citadelGame(t, 3, 0, agentAt{0, "stark", Maester})
	g.st.Citadel.Crystals[0] = 3
	dice := rig(t, g, 5, func(d []int) bool { return sum2(d) >= 10 && d[2] > 1 })
	act(t, g, "crown resolve stark maester")
	again := g.Clone()
	act(t, g, "crown study rookery")
	var ev Event
	for _, e := range g.st.Log {
		if e.Kind == EvStudied {
			ev = e
		}
	}
	got := make([]int, len(ev.List))
	for i := range ev.List {
		got[i] = ev.item(i)
	}
	if !slices.Equal(got, dice) || int(ev.N) != sum2(dice) || ev.Seat != Public {
		t.Fatalf("the roll shows dice %v → %d (seat %d); rolled %v", got, ev.N, ev.Seat, dice)
	}
	if l := lines(g, 1); strings.Contains(l, "Visit Rookery") {
		t.Fatal("another seat reads the aim")
	}
	if !strings.Contains(lines(g, 0), "studies at the Citadel to Visit Rookery") {
		t.Fatal("the seat that studied does not read its aim")
	}
	// The same position and action roll the same dice (a whole game's
	// record replays them: TestRandomCitadelGames).
	act(t, again, "crown study rookery")
	if same, diff := sameState(again, g); !same {
		t.Fatalf("the same study rolled differently: %s", diff)
	}
}

// "Result 6 or lower: gain a raven. 7–9: the player chooses a raven or a
// crystal. 10 or higher: lose every crystal, then the aim's benefit."
func TestTheResultDecidesTheGain(t *testing.T) {
	low := citadelGame(t, 2, 0, agentAt{0, "stark", Maester})
	rig(t, low, 2, func(d []int) bool { return sum2(d) == 6 })
	act(t, low, "crown resolve stark maester")
	act(t, low, "crown study dirt")
	if c := low.st.Citadel; c.Ravens[0] != 1 || c.Crystals[0] != 0 || low.top() != nil {
		t.Fatalf("a 6 gives %d ravens, %d crystals", c.Ravens[0], c.Crystals[0])
	}

	for _, gain := range []string{"raven", "crystal"} {
		mid := citadelGame(t, 2, 0, agentAt{0, "stark", Maester})
		mid.st.Citadel.Crystals[0] = 1
		rig(t, mid, 3, func(d []int) bool { return sum2(d) == 7 })
		act(t, mid, "crown resolve stark maester")
		act(t, mid, "crown study dirt")
		var gains []string
		for _, a := range mid.Legal() {
			gains = append(gains, mid.FormatAction(a))
		}
		if !slices.Equal(gains, []string{"crown gain raven", "crown gain crystal"}) {
			t.Fatalf("a 7 offers %v", gains)
		}
		act(t, mid, "crown gain "+gain)
		c := mid.st.Citadel
		if (gain == "raven") != (c.Ravens[0] == 1) || (gain == "crystal") != (c.Crystals[0] == 2) {
			t.Fatalf("gain %s: %d ravens, %d crystals", gain, c.Ravens[0], c.Crystals[0])
		}
	}

	nine := citadelGame(t, 2, 0, agentAt{0, "stark", Maester})
	nine.st.Citadel.Crystals[0] = 2
	rig(t, nine, 4, func(d []int) bool { return sum2(d) == 9 })
	act(t, nine, "crown resolve stark maester")
	act(t, nine, "crown study legends")
	if nine.top() == nil || nine.top().Step != StepGain || nine.st.Citadel.Crystals[0] != 2 {
		t.Fatal("a 9 does not wait for the gain, or spends the crystals")
	}

	high := citadelGame(t, 2, 0, agentAt{0, "stark", Maester})
	high.st.Citadel.Crystals[0] = 3
	rig(t, high, 5, func(d []int) bool { return sum2(d) == 10 })
	act(t, high, "crown resolve stark maester")
	act(t, high, "crown study legends")
	if c := high.st.Citadel; c.Crystals[0] != 0 || c.Ravens[0] != 0 {
		t.Fatalf("a 10 with three crystals leaves %d crystals, %d ravens", c.Crystals[0], c.Ravens[0])
	}
	if !strings.Contains(lines(high, 1), "3 crystals are spent") {
		t.Fatal("the public log does not say the crystals are spent")
	}
}

// "The public log never names Research Legends or Visit Rookery": after a
// successful study for either aim, no other seat and no spectator reads
// what it bought, nor the aim's words; the public line says the study
// succeeded, and only the seat that studied reads its benefit.
func TestASuccessfulStudyKeepsItsAim(t *testing.T) {
	for _, c := range []struct{ aim, own string }{
		{"legends", "Secret: Ann (Crown)'s research finds legends: two Greyjoy cards."},
		{"rookery", "Secret: Ann (Crown)'s visit to the rookery brings a Dark Wings card."},
	} {
		g := citadelGame(t, 3, 0, agentAt{0, "greyjoy", Maester})
		rig(t, g, 2, func(d []int) bool { return sum2(d) >= 10 })
		act(t, g, "crown resolve greyjoy maester")
		act(t, g, "crown study "+c.aim)
		for _, seat := range []Seat{Public, 1, 2} {
			l := strings.ToLower(lines(g, seat))
			for _, w := range []string{"legend", "research", "rookery", "visit", "aim"} {
				if strings.Contains(l, w) {
					t.Errorf("study %s: seat %d reads %q in:\n%s", c.aim, seat, w, l)
				}
			}
			if !strings.Contains(l, "success") {
				t.Errorf("study %s: seat %d is not told the study succeeded:\n%s", c.aim, seat, l)
			}
		}
		if own := lines(g, 0); !strings.Contains(own, c.own) {
			t.Errorf("study %s: the seat that studied does not read %q:\n%s", c.aim, c.own, own)
		}
	}
}

// "Research Legends: draw two cards of the Maester's house (one more than
// Draw a House Card)." "Visit Rookery: draw a Dark Wings card."
func TestLegendsAndRookery(t *testing.T) {
	g := citadelGame(t, 2, 0, agentAt{0, "greyjoy", Maester})
	rig(t, g, 2, func(d []int) bool { return sum2(d) >= 10 })
	act(t, g, "crown resolve greyjoy maester")
	act(t, g, "crown study legends")
	hand := g.st.Players[0].Hand
	if len(hand) != 2 || g.cardHouse(hand[0]) != house(t, g, "greyjoy") || g.cardHouse(hand[1]) != house(t, g, "greyjoy") {
		t.Fatalf("Research Legends drew %v", hand)
	}

	r := citadelGame(t, 2, 0, agentAt{0, "greyjoy", Maester})
	top := r.st.Citadel.Deck[0]
	rig(t, r, 2, func(d []int) bool { return sum2(d) >= 10 })
	act(t, r, "crown resolve greyjoy maester")
	act(t, r, "crown study rookery")
	if c := r.st.Citadel; !slices.Equal(c.Hands[0], []Wing{top}) || len(c.Deck) != 11 || len(r.st.Players[0].Hand) != 0 {
		t.Fatalf("Visit Rookery: Dark Wings hand %v, deck %d, house cards %d", c.Hands[0], len(c.Deck), len(r.st.Players[0].Hand))
	}
	if v := r.View(1); v.Players[0].Wings != 1 || len(v.Players[0].WingCards) != 0 {
		t.Fatal("another seat does not see the count, or sees the card")
	}
	if v := r.View(0); !slices.Equal(v.Players[0].WingCards, []Wing{top}) {
		t.Fatal("the seat does not see its own card")
	}
}

// "Dig Up Dirt: look at one face-down loyalty token of another player
// (private to the looker; the public log says only 'Crown uncovered a
// secret of Torch'). The token stays face down."
func TestDigUpDirt(t *testing.T) {
	g := citadelGame(t, 3, 0, agentAt{0, "stark", Maester})
	if err := g.setLoyalty(1, []string{"tyrell", "stark", "lannister", "greyjoy", "baratheon"}, "tyrell"); err != nil {
		t.Fatal(err)
	}
	rig(t, g, 2, func(d []int) bool { return sum2(d) >= 10 })
	act(t, g, "crown resolve stark maester")
	act(t, g, "crown study dirt")
	var looks []string
	for _, a := range g.Legal() {
		looks = append(looks, g.FormatAction(a))
	}
	// Ben's face-down tokens (slots 2–5) and Cat's five; not Ann's own,
	// not Ben's face-up Tyrell.
	if len(looks) != 9 || slices.Contains(looks, "crown uncover torch 1") || slices.Contains(looks, "crown uncover ann 1") {
		t.Fatalf("Dig Up Dirt offers %v", looks)
	}
	wantErr(t, refuse(t, g, "crown uncover torch 1"), "face up already")
	wantErr(t, refuse(t, g, "crown uncover crown 2"), "another player")
	act(t, g, "crown uncover torch 3")
	if g.st.Players[1].Revealed[house(t, g, "lannister")] {
		t.Fatal("the token looked at was turned face up")
	}
	if !strings.Contains(lines(g, 0), "Secret: Ann (Crown) uncovered Ben (Torch)'s token in the 3 slot: Lannister.") {
		t.Fatalf("the looker's log:\n%s", lines(g, 0))
	}
	for _, s := range []Seat{Public, 1, 2} {
		l := lines(g, s)
		if !strings.Contains(l, "Ann (Crown) uncovered a secret of Ben (Torch).") || strings.Contains(l, "(Torch)'s token") {
			t.Fatalf("seat %d's log:\n%s", s, l)
		}
		if tok := g.View(s).Players[1].Loyalty[2]; (s != 1 && tok.House != board.NoHouse) || tok.Uncovered {
			t.Fatalf("seat %d sees the uncovered token", s)
		}
	}
	if tok := g.View(0).Players[1].Loyalty[2]; tok.House != house(t, g, "lannister") || !tok.Uncovered || tok.Revealed {
		t.Fatalf("the looker sees the token as %+v", tok)
	}
}

// A Dig Up Dirt success when every other player's token is face up:
// nothing to look at, the Maester's turn goes on (docs/rules.md ruling).
func TestDigUpDirtOnRevealedOnlyPlayers(t *testing.T) {
	g := citadelGame(t, 2, 0, agentAt{0, "stark", Maester}, agentAt{1, "tyrell", Maester})
	all := []string{"tyrell", "stark", "lannister", "greyjoy", "baratheon"}
	if err := g.setLoyalty(1, all, all...); err != nil {
		t.Fatal(err)
	}
	rig(t, g, 2, func(d []int) bool { return sum2(d) >= 10 })
	act(t, g, "crown resolve stark maester")
	evs := act(t, g, "crown study dirt")
	if !hasEvent(evs, "nothing is uncovered") || g.top() != nil || g.ToAct() != 1 {
		t.Fatalf("a look with nothing face down: %v, to act %d", evs, g.ToAct())
	}
}

// "Whenever a player holds three ravens, they are exchanged at once for
// one Dark Wings card."
func TestThreeRavensBringACard(t *testing.T) {
	g := citadelGame(t, 2, 0, agentAt{0, "stark", Maester})
	g.st.Citadel.Ravens[0] = 2
	top := g.st.Citadel.Deck[0]
	rig(t, g, 2, func(d []int) bool { return sum2(d) <= 6 })
	act(t, g, "crown resolve stark maester")
	evs := act(t, g, "crown study dirt")
	if c := g.st.Citadel; c.Ravens[0] != 0 || !slices.Equal(c.Hands[0], []Wing{top}) {
		t.Fatalf("after a third raven: %d ravens, cards %v", c.Ravens[0], c.Hands[0])
	}
	if !hasEvent(evs, "three ravens are exchanged") {
		t.Fatalf("events: %v", evs)
	}
}

// "Played cards go to a public discard; an empty deck is rebuilt from the
// discard and shuffled (as house decks, seed 001)."
func TestTheDarkWingsDeckIsRebuilt(t *testing.T) {
	g := citadelGame(t, 2, 0, agentAt{0, "stark", Maester})
	c := g.st.Citadel
	// One card left; five played; Ben holds the other six.
	c.Deck = []Wing{LostOrders}
	c.Discard = []Wing{IllTidings, IllTidings, LostOrders, IllTidings, LostOrders}
	c.Hands[1] = []Wing{LostOrders, LostOrders, LostOrders, IllTidings, IllTidings, IllTidings}
	rig(t, g, 2, func(d []int) bool { return sum2(d) >= 10 })
	act(t, g, "crown resolve stark maester")
	evs := act(t, g, "crown study rookery")
	if len(c.Deck) != 5 || len(c.Discard) != 0 || !hasEvent(evs, "shuffled into a new deck") {
		t.Fatalf("after the last card: deck %v, discard %v", c.Deck, c.Discard)
	}
	// Shuffled: over a few generator states, some rebuilt order differs
	// from the discard's.
	discard := []Wing{IllTidings, IllTidings, LostOrders, IllTidings, LostOrders}
	shuffled := false
	from := uint64(1)
	for range 8 {
		h := citadelGame(t, 2, 0, agentAt{0, "stark", Maester})
		hc := h.st.Citadel
		hc.Deck, hc.Discard = []Wing{LostOrders}, slices.Clone(discard)
		hc.Hands[1] = slices.Clone(c.Hands[1])
		_, from = rigFrom(t, h, from, 2, func(d []int) bool { return sum2(d) >= 10 })
		from++
		act(t, h, "crown resolve stark maester")
		act(t, h, "crown study rookery")
		if !slices.Equal(hc.Deck, discard) {
			shuffled = true
		}
	}
	if !shuffled {
		t.Fatal("the rebuilt deck always comes in the discard's order: it is not shuffled")
	}
}

// "A player may play one Dark Wings card at the start of their own
// resolving turn, before resolving an agent (it is not an agent action)."
func TestDarkWingsAtTheStartOfTheTurnOnly(t *testing.T) {
	g := citadelGame(t, 2, 0, agentAt{0, "stark", Maester}, agentAt{1, "lannister", Maester}, agentAt{1, "tyrell", Lord})
	c := g.st.Citadel
	c.Hands[0] = []Wing{IllTidings, IllTidings}
	fixWings(c)
	var plays []string
	for _, a := range g.Legal() {
		if a.Verb != VResolve {
			plays = append(plays, g.FormatAction(a))
		}
	}
	if !slices.Equal(plays, []string{"crown ill-tidings torch"}) {
		t.Fatalf("at the start of the turn the cards offer %v", plays)
	}
	wantErr(t, refuse(t, g, "crown lost-orders lannister maester"), "holds no Lost Orders")
	wantErr(t, refuse(t, g, "crown ill-tidings crown"), "another player")
	act(t, g, "crown ill-tidings torch")
	wantErr(t, refuse(t, g, "crown ill-tidings torch"), "one Dark Wings card a turn")
	act(t, g, "crown resolve stark maester")
	wantErr(t, refuse(t, g, "crown ill-tidings torch"), "start of your own resolving turn")
	act(t, g, "crown choose draw")
	// Torch's turn: Crown may not play on it.
	if g.ToAct() != 1 {
		t.Fatalf("to act: %d", g.ToAct())
	}
	wantErr(t, refuse(t, g, "crown ill-tidings torch"), "turn")
}

// "Lost Orders: return one unresolved agent of another player, on any
// house's slot, to its owner without resolving it."
func TestLostOrders(t *testing.T) {
	g := citadelGame(t, 2, 0, agentAt{0, "stark", Maester}, agentAt{1, "lannister", Lord}, agentAt{1, "tyrell", Maester})
	c := g.st.Citadel
	c.Hands[0] = []Wing{LostOrders}
	fixWings(c)
	var targets []string
	for _, a := range g.Legal() {
		if a.Verb == VLostOrders {
			targets = append(targets, g.FormatAction(a))
		}
	}
	if !slices.Equal(targets, []string{"crown lost-orders lannister lord", "crown lost-orders tyrell maester"}) {
		t.Fatalf("Lost Orders offers %v", targets)
	}
	wantErr(t, refuse(t, g, "crown lost-orders stark maester"), "is yours")
	wantErr(t, refuse(t, g, "crown lost-orders baratheon lord"), "no agent")
	agents := g.st.Players[1].Agents
	evs := act(t, g, "crown lost-orders lannister lord")
	if g.st.Slots[house(t, g, "lannister")][Lord] != -1 || g.st.Players[1].Agents != agents+1 {
		t.Fatal("the agent on Lannister Lord did not return to Torch")
	}
	if !hasEvent(evs, "returns to them unresolved") || hasEvent(evs, "resolves") {
		t.Fatalf("events: %v", evs)
	}
	if !slices.Equal(c.Discard, []Wing{LostOrders}) || len(c.Hands[0]) != 0 {
		t.Fatal("the card played is not in the public discard")
	}
}

// fixWings makes the Dark Wings deck hold what the hands and the discard
// do not, so a hand-set position keeps its twelve cards.
func fixWings(c *citadel) {
	var n [numWings]int
	for _, ws := range append(slices.Clone(c.Hands), c.Discard) {
		for _, w := range ws {
			n[w]++
		}
	}
	c.Deck = c.Deck[:0]
	for w := LostOrders; w < numWings; w++ {
		for range WingsPerKind - n[w] {
			c.Deck = append(c.Deck, w)
		}
	}
}

// "Ill Tidings: one named player's Citadel results are 1 lower until the
// end of this round (several stack)."
func TestIllTidingsStackForTheRound(t *testing.T) {
	g := citadelGame(t, 3, 0, agentAt{0, "stark", Maester}, agentAt{1, "lannister", Maester}, agentAt{2, "tyrell", Maester})
	c := g.st.Citadel
	c.Hands[0] = []Wing{IllTidings}
	c.Hands[1] = []Wing{IllTidings}
	fixWings(c)
	act(t, g, "crown ill-tidings helm")
	act(t, g, "crown resolve stark maester")
	act(t, g, "crown choose draw")
	act(t, g, "torch ill-tidings helm")
	act(t, g, "torch resolve lannister maester")
	act(t, g, "torch choose draw")
	if c.Tidings[2] != 2 || g.View(Public).Players[2].Tidings != 2 {
		t.Fatalf("two Ill Tidings leave a penalty of %d", c.Tidings[2])
	}
	dice := rig(t, g, 2, func(d []int) bool { return sum2(d) == 11 })
	act(t, g, "helm resolve tyrell maester")
	evs := act(t, g, "helm study rookery")
	if !hasEvent(evs, "→ 11 − 2 (Ill Tidings) = 9") || g.top() == nil || g.top().Step != StepGain {
		t.Fatalf("a roll of %v under two Ill Tidings: %v", dice, evs)
	}
	act(t, g, "helm gain crystal")
	// The round ends: the penalty is gone.
	for !g.Over() && g.st.Round == 1 {
		legal := g.Legal()
		a := legal[len(legal)-1]
		if _, err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if c := g.st.Citadel; c.Tidings[2] != 0 {
		t.Fatalf("Ill Tidings last into round %d: %d", g.st.Round, c.Tidings[2])
	}
}

// "Cards still held at the game's end are worth nothing and break no
// tie": the scores and the winner of a game are those of its loyalty
// cards and tie-breaks whatever Dark Wings cards are held.
func TestDarkWingsHeldAtTheEndAreWorthNothing(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := New(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat"}, Seed: seed, Variant: Citadel})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 5))
		for !g.Over() {
			legal := g.Legal()
			a := legal[r.IntN(len(legal))]
			for _, l := range legal {
				if l.Verb == VStudy && r.IntN(2) == 0 {
					a = l
				}
			}
			if a.Verb == VArrange {
				a = RandomArrangement(a, r)
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		// The same end with every Dark Wings card moved to another seat.
		h := g.Clone()
		hc := h.st.Citadel
		all := slices.Concat(hc.Hands...)
		for i := range hc.Hands {
			hc.Hands[i] = []Wing{}
		}
		hc.Hands[0] = all
		h.finish()
		gs, gw, _ := g.Result()
		hs, hw, _ := h.Result()
		if !slices.Equal(gs, hs) || !slices.Equal(gw, hw) {
			t.Fatalf("seed %d: the Dark Wings cards held change the result: %v %v, then %v %v", seed, gs, gw, hs, hw)
		}
	}
}

// Undo stops at a reveal: a roll shows dice drawn from the generator, a
// look shows a token to one seat, a Dark Wings card drawn or played shows
// the card (docs/rules.md, engine behaviour).
func TestUndoStopsAtTheCitadel(t *testing.T) {
	g := citadelGame(t, 2, 0, agentAt{0, "stark", Maester}, agentAt{1, "tyrell", Maester})
	act(t, g, "crown resolve stark maester")
	if err := g.CanUndo(); err != nil {
		t.Fatalf("a resolve cannot be undone: %v", err)
	}
	rig(t, g, 2, func(d []int) bool { return sum2(d) >= 10 })
	act(t, g, "crown study dirt")
	if err := g.CanUndo(); err == nil || !strings.Contains(err.Error(), "studies at the Citadel") {
		t.Fatalf("undo after a roll: %v", err)
	}
	act(t, g, "crown uncover torch 2")
	if err := g.CanUndo(); err == nil || !strings.Contains(err.Error(), "uncovered a secret") {
		t.Fatalf("undo after a look: %v", err)
	}
}
