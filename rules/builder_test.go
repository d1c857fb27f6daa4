package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"notrueking/board"
)

// rebuild builds g's position again, fact by fact, through a Builder.
func rebuild(t testing.TB, g *Game) (*Game, error) {
	t.Helper()
	p, m := g.Position(), g.Map()
	b, err := NewBuilder(m, g.Config())
	if err != nil {
		t.Fatal(err)
	}
	var errs []error
	put := func(err error) { errs = append(errs, err) }
	put(b.Phase(p.Phase()))
	put(b.Round(p.Round()))
	put(b.First(p.First()))
	if ph := p.Phase(); ph != PhaseLoyalty && ph != PhaseOver {
		put(b.Turn(p.Turn()))
	}
	for _, r := range p.Ranking() {
		put(b.Rank(r))
	}
	put(b.RNG(p.RNG()))
	for i := range p.Players() {
		put(b.Loyalty(Seat(i), p.Loyalty(Seat(i))))
		for h := range m.Houses {
			if p.Revealed(Seat(i), board.HouseID(h)) {
				put(b.Reveal(Seat(i), board.HouseID(h)))
			}
		}
		if p.Phase() == PhaseLoyalty {
			put(b.Arranged(Seat(i), p.Arranged(Seat(i))))
		}
		for _, c := range p.Hand(Seat(i)) {
			put(b.HandCard(Seat(i), c))
		}
	}
	for h := range m.Houses {
		for s := Maester; s < NumSlots; s++ {
			if o := p.Agent(board.HouseID(h), s); o >= 0 {
				put(b.Agent(board.HouseID(h), s, o))
			}
		}
		for _, c := range p.Deck(board.HouseID(h)) {
			put(b.DeckCard(board.HouseID(h), c))
		}
		for _, c := range p.Discard(board.HouseID(h)) {
			put(b.DiscardCard(board.HouseID(h), c))
		}
		put(b.DragonsHad(board.HouseID(h), p.DragonsHad(board.HouseID(h))))
	}
	for t, tt := range m.Territories {
		for h := range m.Houses {
			if u := p.Units(board.TerrID(t), board.HouseID(h)); u != ([board.NumUnits]int{}) {
				put(b.Units(board.TerrID(t), board.HouseID(h), u))
			}
		}
		if f := p.Flag(board.TerrID(t)); f >= 0 {
			put(b.Flag(board.TerrID(t), f))
		}
		if tt.Fortification {
			put(b.Fort(board.TerrID(t), p.Fort(board.TerrID(t))))
		}
	}
	rebuildCitadel(p, b, put)
	for _, f := range p.Pending() {
		put(rebuildStep(b, f))
	}
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("a fact of the game's own position is refused: %v", err)
	}
	return b.Build()
}

func rebuildStep(b *Builder, f Pending) error {
	switch f.Kind {
	case FrameAgent:
		return b.Resolving(f.House, f.Slot, f.Seat, f.Used, f.Left)
	case FrameMuster:
		return b.Muster(f.Seat, f.House, f.Card, f.Points, f.Placed)
	case FrameMove:
		return b.Move(f.Seat, f.House, f.Card)
	case FrameCersei:
		return b.Cersei(f.Seat, f.House, f.Card)
	case FrameMelisandre:
		return b.Melisandre(f.Seat, f.House, f.Card, f.LookingAt)
	case FrameCitadel:
		return b.CitadelStep(f.Seat, f.House, f.Step)
	}
	c := f.Combat
	errs := []error{b.Combat(c.Territory, c.From, c.Attacker, c.Defender, f.Seat), b.CombatStep(c.Step, c.Winner),
		b.Attacking(c.Attacking), b.Retreating(c.Retreating), b.Powers(c.AttPower, c.DefPower, c.AttTerms, c.DefTerms)}
	for _, p := range c.Plays {
		errs = append(errs, b.Played(p.Seat, p.Card))
	}
	return errors.Join(errs...)
}

// positionJSON is the game's whole state but its log.
func positionJSON(t testing.TB, g *Game) string {
	t.Helper()
	s := g.st.clone()
	s.Log = nil
	if len(s.Stack) == 0 {
		s.Stack = nil // an empty stack is empty, however it came to be
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Any position a game reaches, built again fact by fact, is the same
// position with the same legal actions, and both games go on alike
// (random draws included); the built one starts its history there.
func TestBuilderRebuildsEveryPosition(t *testing.T) {
	for _, seed := range []uint64{3, 4} {
		g := newGame(t, 3+int(seed%2), seed)
		r := rand.New(rand.NewPCG(seed, 9))
		for step := 0; !g.Over() || step == 0; step++ {
			if r.IntN(25) == 0 || g.Over() {
				checkRebuilt(t, fmt.Sprintf("seed %d step %d", seed, step), g, r, 30)
			}
			if g.Over() {
				break
			}
			a := g.Legal()[r.IntN(len(g.Legal()))]
			if a.Verb == VArrange {
				a = RandomArrangement(a, r)
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// checkRebuilt builds g's position again (rebuild) and checks it is the
// same position, with the same legal actions and a history that starts
// there, and that both games go on alike for steps random actions.
func checkRebuilt(t *testing.T, where string, g *Game, r *rand.Rand, steps int) {
	t.Helper()
	h, err := rebuild(t, g)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if a, b := positionJSON(t, g), positionJSON(t, h); a != b {
		t.Fatalf("%s: the position built differs:\n%s\n%s", where, a, b)
	}
	if !slices.Equal(g.Legal(), h.Legal()) || h.Len() != 0 || !h.FromPosition() || h.CanUndo() == nil || h.Variant() != g.Variant() {
		t.Fatalf("%s: legal actions, history or variant differ", where)
	}
	c := g.Clone()
	for i := 0; i < steps && !c.Over(); i++ {
		a := c.Legal()[r.IntN(len(c.Legal()))]
		if a.Verb == VArrange {
			a = RandomArrangement(a, r)
		}
		if _, err := c.Apply(a); err != nil {
			t.Fatal(err)
		}
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%s: the built game refuses %s: %v", where, c.FormatAction(a), err)
		}
	}
	if positionJSON(t, c) != positionJSON(t, h) {
		t.Fatalf("%s: the built game went on differently", where)
	}
}

func newBuilder(t testing.TB, players int) *Builder {
	t.Helper()
	b, err := NewBuilder(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat", "Dan"}[:players], Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// refusal is a fact a test expects refused: its name, the fact, and what
// the reason says.
type refusal struct {
	name string
	fact func() error
	want string
}

// refusesAll checks that each fact is refused with its reason and leaves
// g's position as it was.
func refusesAll(t *testing.T, g *Game, rs []refusal) {
	t.Helper()
	for _, c := range rs {
		before := positionJSON(t, g)
		err := c.fact()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if positionJSON(t, g) != before {
			t.Errorf("%s: refused but the position changed", c.name)
		}
	}
}

// A refused fact says why and changes nothing.
func TestBuilderRefusesAFactAndChangesNothing(t *testing.T) {
	b := newBuilder(t, 3)
	g := b.g
	T := func(id string) board.TerrID { return terr(t, g, id) }
	H := func(id string) board.HouseID { return house(t, g, id) }
	C := func(id string) board.CardID { return g.cardNum(id) }
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(b.Units(T("winterfell"), H("stark"), units(2, 0, 0)))
	must(b.HandCard(0, C("eddard-stark")))
	must(b.Agent(H("stark"), Lord, 0))
	must(b.Agent(H("stark"), Marshal, 0))
	must(b.Agent(H("tyrell"), Marshal, 0))
	refusesAll(t, g, []refusal{
		{"ships on land", func() error { return b.Units(T("karhold"), H("stark"), units(0, 0, 1)) }, "ships cannot stand on land (Karhold is land)"},
		{"troops in a port", func() error {
			return b.Units(T("port-of-winterfell"), H("stark"), units(1, 0, 1))
		}, "only ships stand in a port"},
		{"too few ships", func() error { return b.Units(T("bay-of-ice"), H("stark"), units(2, 0, 1)) }, "2 footmen at sea need as many ships; 1 ship in Bay of Ice"},
		{"negative", func() error { return b.Units(T("karhold"), H("stark"), units(-1, 0, 0)) }, "a count is 0 to 99"},
		{"two houses", func() error {
			return b.Units(T("winterfell"), H("greyjoy"), units(1, 0, 0))
		}, "Stark already has troops in Winterfell"},
		{"flag on troops", func() error { return b.Flag(T("winterfell"), H("greyjoy")) }, "Stark has troops in Winterfell: a flag stands only"},
		{"flag at sea", func() error { return b.Flag(T("bay-of-ice"), H("stark")) }, "flags stand only on land"},
		{"no fortification", func() error { return b.Fort(T("winterfell"), H("stark")) }, "Winterfell has no fortification"},
		{"card twice", func() error { return b.DeckCard(H("stark"), C("eddard-stark")) }, "Eddard Stark is already in Ann (Crown)'s hand"},
		{"card of another house", func() error { return b.DiscardCard(H("stark"), C("mace-tyrell")) }, "Mace Tyrell is a Tyrell card, not a Stark one"},
		{"unknown card", func() error { return b.HandCard(1, 999) }, "no house card number 999"},
		{"fourth agent", func() error { return b.Agent(H("baratheon"), Lord, 0) }, "Ann (Crown) has no agents in hand: all 3 are on slots"},
		{"loyalty twice", func() error { return b.Loyalty(1, []board.HouseID{0, 0, 1, 2, 3}) }, "is named twice"},
		{"loyalty short", func() error { return b.Loyalty(1, []board.HouseID{0, 1}) }, "2 houses named"},
		{"round", func() error { return b.Round(4) }, "round 4 is outside 1..3"},
		{"seat", func() error { return b.First(3) }, "no seat 3"},
		{"phase", func() error { return b.Phase("nap") }, "unknown phase"},
		{"dragons", func() error { return b.DragonsHad(H("stark"), 1) }, "Stark may have at most 0 dragons"},
		{"rng", func() error { return b.RNG("xyz") }, "32 hex digits"},
		{"rank", func() error { return b.Rank(Rank{House: 7, From: 1, To: 1}) }, "no house number 7"},
		{"step without agent", func() error { return b.Move(None, None, None) }, "the first pending step is the agent resolving"},
		{"marshal draws", func() error { return b.Resolving(H("stark"), Marshal, None, []Choice{ChooseDraw}, None) }, "a Marshal musters and moves; it cannot draw"},
		{"too many left", func() error { return b.Resolving(H("stark"), Maester, None, nil, 2) }, "a maester takes 1 actions; 0 used and 2 left"},
	})
}

// Build finds what relates the facts, each problem with the part of the
// position it is about, and builds nothing.
func TestBuildFindsEveryProblemOfTheWhole(t *testing.T) {
	b := newBuilder(t, 2)
	g := b.g
	T := func(id string) board.TerrID { return terr(t, g, id) }
	H := func(id string) board.HouseID { return house(t, g, id) }
	for _, err := range []error{
		b.Units(T("karhold"), H("stark"), units(11, 0, 0)),          // supply 10
		b.Units(T("port-of-pyke"), H("stark"), units(0, 0, 1)),      // Pyke not Stark's
		b.DeckCard(H("stark"), g.cardNum("eddard-stark")),           // the other Stark cards nowhere
		b.DiscardCard(H("lannister"), g.cardNum("tywin-lannister")), // an empty deck with a discard
		b.Phase(PhaseExchange),
		b.Agent(H("stark"), Lord, 0), // an agent in the exchange
		b.Turn(1),
		b.Rank(Rank{House: H("stark"), From: 1, To: 1}), // only one house ranked
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for h := range g.m.NumHouses() {
		if h != H("stark") && h != H("lannister") {
			if err := b.ShuffleDeck(h); err != nil {
				t.Fatal(err)
			}
		}
	}
	_, err := b.Build()
	// Stark's and Lannister's cards but those given are nowhere.
	want := map[Part]int{PartBoard: 2, PartDeck: 2, PartDiscard: 1, PartAgents: 1, PartRanking: 4}
	got := map[Part]int{}
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var pe *PositionError
		if !errors.As(e, &pe) {
			t.Fatalf("%v is not a *PositionError", e)
		}
		got[pe.Part]++
		if (pe.Part == PartDeck && pe.Index != int(H("stark")) && pe.Index != int(H("lannister"))) || (pe.Part == PartDiscard && pe.Index != int(H("lannister"))) {
			t.Errorf("%v names house %d", pe, pe.Index)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems by part %v, want %v:\n%v", got, want, err)
	}
	for _, s := range []string{"Stark has 11 footmen on the board; its supply is 10", "Stark has ships in Port of Pyke but does not control Pyke",
		"is nowhere", "the Lannister deck is empty but its discard is not", "no agent stands on a slot in the exchange phase"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("no %q in:\n%v", s, err)
		}
	}
}

// What the builder is not given it works out: the agents in hand, every
// card arranged outside the loyalty phase, the dragons had, the ranking,
// whose turn it is; and a given turn the position decides otherwise is
// refused.
func TestBuilderDefaults(t *testing.T) {
	shuffleAll := func(b *Builder) {
		for h := range b.g.m.Houses {
			if err := b.ShuffleDeck(board.HouseID(h)); err != nil {
				t.Fatal(err)
			}
		}
	}
	b := newBuilder(t, 3)
	H := func(id string) board.HouseID { return house(t, b.g, id) }
	b.First(1)
	b.Phase(PhasePlace)
	b.Agent(H("stark"), Lord, 1)
	shuffleAll(b)
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if p.AgentsInHand(1) != 2 || p.AgentsInHand(0) != 3 || !p.Arranged(0) || p.Turn() != 2 {
		t.Errorf("agents in hand %d %d, arranged %v, turn %d: want 2 3 true 2 (the seat after the agents placed)", p.AgentsInHand(1), p.AgentsInHand(0), p.Arranged(0), p.Turn())
	}
	if want := initialRankingOf(g.m); !reflect.DeepEqual(p.Ranking(), want) {
		t.Errorf("ranking %v, want the map's starting one", p.Ranking())
	}
	if got := len(p.Deck(H("stark"))); got != len(g.m.Houses[H("stark")].Deck) {
		t.Errorf("Stark's deck holds %d cards", got)
	}

	b = newBuilder(t, 3)
	b.Phase(PhaseResolve)
	b.Agent(H("stark"), Lord, 0)
	b.Turn(1)
	shuffleAll(b)
	if _, err := b.Build(); err == nil || !strings.Contains(err.Error(), "Ben (Torch) has no lord agent to resolve") {
		t.Errorf("a turn without an agent to resolve: %v", err)
	}
}

// A position whose seat to act could do nothing is refused (a retreat
// with nowhere to go, which play settles by itself).
func TestBuildRefusesAStuckPosition(t *testing.T) {
	b := newBuilder(t, 2)
	g := b.g
	T := func(id string) board.TerrID { return terr(t, g, id) }
	H := func(id string) board.HouseID { return house(t, g, id) }
	gj, ty := H("greyjoy"), H("tyrell")
	for _, err := range []error{
		b.Phase(PhaseCombat),
		b.Agent(board.HouseID(gj), Lord, 0),
		b.Units(T("redwyne-straights"), board.HouseID(gj), units(0, 0, 2)),
		b.Resolving(board.HouseID(gj), Lord, None, []Choice{ChooseMove}, None),
		b.Combat(T("the-arbor"), T("redwyne-straights"), board.HouseID(gj), board.HouseID(ty), None),
		b.CombatStep("retreat", board.HouseID(gj)),
		b.Attacking(units(0, 1, 0)),
		b.Retreating(units(1, 0, 0)),
		b.Played(0, None),
		b.Played(1, None),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for h := range g.m.Houses {
		b.ShuffleDeck(board.HouseID(h))
	}
	_, err := b.Build()
	var pe *PositionError
	if !errors.As(err, &pe) || pe.Part != PartStack || !strings.Contains(err.Error(), "has no legal action") {
		t.Errorf("a stuck retreat: %v", err)
	}
}
