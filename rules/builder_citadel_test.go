package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"notrueking/board"
)

// rebuildCitadel gives b the Citadel variant's facts of position p.
func rebuildCitadel(p Position, b *Builder, put func(error)) {
	if p.Variant() != Citadel {
		return
	}
	for i := range Seat(p.Players()) {
		put(b.Crystals(i, p.Crystals(i)))
		put(b.Ravens(i, p.Ravens(i)))
		put(b.Tidings(i, p.Tidings(i)))
		for _, w := range p.WingHand(i) {
			put(b.WingHand(i, w))
		}
	}
	for _, w := range p.WingDeck() {
		put(b.WingDeck(w))
	}
	for _, w := range p.WingDiscard() {
		put(b.WingDiscard(w))
	}
	for _, k := range p.Known() {
		put(b.Known(k.Looker, k.Target, k.House))
	}
	put(b.WingPlayed(p.WingPlayed()))
}

func newCitadelBuilder(t testing.TB, players int) *Builder {
	t.Helper()
	b, err := NewBuilder(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat", "Dan"}[:players], Seed: 5, Variant: Citadel})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every position of random Citadel games, built again fact by fact, is
// the same position (crystals, ravens, Ill Tidings, the Dark Wings
// hands, deck and discard, the looks of Dig Up Dirt, a pending roll) with
// the same legal actions, and both games go on alike.
func TestBuilderRebuildsCitadelPositions(t *testing.T) {
	seen := map[string]bool{}
	for _, seed := range []uint64{11, 12, 13, 14, 15} {
		g, err := New(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat", "Dan"}[:3+seed%2], Seed: seed, Variant: Citadel})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 9))
		for step := 0; !g.Over(); step++ {
			p := g.Position()
			interesting := len(p.Known()) > 0 || len(p.WingDiscard()) > 0 || p.WingPlayed() ||
				slices.ContainsFunc(p.Pending(), func(f Pending) bool { return f.Kind == FrameCitadel })
			if r.IntN(40) == 0 || (interesting && r.IntN(2) == 0) {
				for _, f := range p.Pending() {
					seen[f.Step] = seen[f.Step] || f.Kind == FrameCitadel
				}
				seen["known"] = seen["known"] || len(p.Known()) > 0
				seen["discard"] = seen["discard"] || len(p.WingDiscard()) > 0
				seen["played"] = seen["played"] || p.WingPlayed()
				checkRebuilt(t, fmt.Sprintf("seed %d step %d", seed, step), g, r, 20)
			}
			if _, err := g.Apply(citadelPick(g, r)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{StepGain, StepDirt, "known", "discard", "played"} {
		if !seen[k] {
			t.Errorf("no position with %s was rebuilt", k)
		}
	}
}

// The Citadel's facts are refused with the reason, changing nothing; in
// the plain game every one is refused.
func TestBuilderRefusesCitadelFacts(t *testing.T) {
	b := newCitadelBuilder(t, 3)
	g := b.g
	H := func(id string) board.HouseID { return house(t, g, id) }
	for range WingsPerKind {
		if err := b.WingDeck(LostOrders); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Agent(H("stark"), Lord, 0); err != nil {
		t.Fatal(err)
	}
	plain := newBuilder(t, 3)
	refusesAll(t, g, []refusal{
		{"negative crystals", func() error { return b.Crystals(0, -1) }, "-1 crystals: 0 to 62"},
		{"too many crystals", func() error { return b.Crystals(0, MaxDice) }, "64 crystals: 0 to 62"},
		{"ravens of no seat", func() error { return b.Ravens(3, 1) }, "no seat 3"},
		{"tidings", func() error { return b.Tidings(1, 13) }, "13 Ill Tidings: 0 to 12"},
		{"seventh card", func() error { return b.WingHand(1, LostOrders) }, "all 6 Lost Orders cards are placed already"},
		{"unknown card", func() error { return b.WingDiscard(7) }, "unknown Dark Wings card 7"},
		{"look at oneself", func() error { return b.Known(1, 1, H("stark")) }, "digs up dirt on another player"},
		{"look at no house", func() error { return b.Known(1, 0, 9) }, "no house number 9"},
		{"step of no kind", func() error { return b.CitadelStep(None, None, "pray") }, `unknown Citadel step "pray"`},
		{"step without a maester", func() error { return b.CitadelStep(None, None, StepGain) }, "only right above the Maester agent that studied"},
		{"plain crystals", func() error { return plain.Crystals(0, 1) }, "played without the Citadel variant"},
		{"plain card", func() error { return plain.WingDeck(IllTidings) }, "played without the Citadel variant"},
		{"plain shuffle", func() error { return plain.ShuffleWings() }, "played without the Citadel variant"},
		{"plain step", func() error { return plain.CitadelStep(None, None, StepGain) }, "played without the Citadel variant"},
	})
	if err := b.Known(1, 0, H("stark")); err != nil {
		t.Fatal(err)
	}
	if err := b.Known(1, 0, H("stark")); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("a look given twice: %v", err)
	}
}

// Build finds the Citadel's problems of the whole, each as PartCitadel,
// and builds nothing; a complete position builds, its facts read back.
func TestBuildChecksTheCitadel(t *testing.T) {
	H := func(b *Builder, id string) board.HouseID { return house(t, b.g, id) }
	setUp := func(b *Builder) {
		for _, h := range []string{"stark", "lannister"} {
			if err := b.Agent(H(b, h), Lord, 0); err != nil {
				t.Fatal(err)
			}
		}
		for h := range b.g.m.NumHouses() {
			if err := b.ShuffleDeck(h); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []struct {
		name  string
		facts func(b *Builder) error
		want  string
	}{
		{"cards missing", func(b *Builder) error { return b.WingDeck(IllTidings) }, "the Dark Wings cards hold 1 Ill Tidings; there are 6"},
		{"three ravens", func(b *Builder) error { return errors.Join(b.Ravens(1, 3), b.ShuffleWings()) }, "Ben (Torch) holds 3 ravens while a Dark Wings card can be drawn"},
		{"empty deck", func(b *Builder) error {
			errs := []error{}
			for range WingsPerKind {
				errs = append(errs, b.WingDiscard(LostOrders), b.WingHand(2, IllTidings))
			}
			return errors.Join(errs...)
		}, "the Dark Wings deck is empty but its discard is not"},
		{"played in placement", func(b *Builder) error {
			return errors.Join(b.ShuffleWings(), b.WingPlayed(true), b.Phase(PhasePlace))
		}, "a Dark Wings card is played this turn only at the start of a resolving turn"},
	} {
		b := newCitadelBuilder(t, 3)
		setUp(b)
		if err := c.facts(b); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		g, err := b.Build()
		var pe *PositionError
		if g != nil || err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &pe) || pe.Part != PartCitadel {
			t.Errorf("%s: built %v, %v; want %q (part citadel)", c.name, g != nil, err, c.want)
		}
	}

	b := newCitadelBuilder(t, 3)
	setUp(b)
	facts := []error{b.Crystals(0, 2), b.Ravens(1, 2), b.Tidings(2, 1), b.WingHand(0, LostOrders), b.WingHand(0, IllTidings),
		b.WingDiscard(IllTidings), b.WingDeck(IllTidings), b.WingDeck(LostOrders), b.ShuffleWings(), b.Known(2, 1, H(b, "tyrell")), b.WingPlayed(true)}
	if err := errors.Join(facts...); err != nil {
		t.Fatal(err)
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if p.Variant() != Citadel || p.Crystals(0) != 2 || p.Ravens(1) != 2 || p.Tidings(2) != 1 || !p.WingPlayed() {
		t.Errorf("counts read back: crystals %d, ravens %d, tidings %d, played %v", p.Crystals(0), p.Ravens(1), p.Tidings(2), p.WingPlayed())
	}
	if h := p.WingHand(0); !slices.Equal(h, []Wing{LostOrders, IllTidings}) {
		t.Errorf("Ann holds %v", h)
	}
	if d := p.WingDeck(); len(d) != 9 || d[0] != IllTidings || d[1] != LostOrders {
		t.Errorf("the deck %v: want 9 cards, Ill Tidings then Lost Orders on top", d)
	}
	if k := p.Known(); !slices.Equal(k, []Uncovered{{Looker: 2, Target: 1, House: H(b, "tyrell")}}) {
		t.Errorf("known %v", k)
	}
	if v := g.View(0); v.Variant != "citadel" || len(v.Players[0].WingCards) != 2 || v.Players[1].Ravens != 2 {
		t.Errorf("the view of the built game: variant %q, %d cards, %d ravens", v.Variant, len(v.Players[0].WingCards), v.Players[1].Ravens)
	}
	// The plain game's position reads as plain, with nothing of the variant.
	plain := newGame(t, 3, 1).Position()
	if plain.Variant() != Plain || plain.WingDeck() != nil || plain.Crystals(0) != 0 || plain.WingPlayed() {
		t.Error("a plain game's position reads Citadel pieces")
	}
}

// citadelPick picks a random legal action, one of the Citadel's own
// half the time when there is one (random play reaches them rarely).
func citadelPick(g *Game, r *rand.Rand) Action {
	legal := g.Legal()
	var own []Action
	for _, a := range legal {
		switch a.Verb {
		case VStudy, VGain, VUncover, VLostOrders, VIllTidings:
			own = append(own, a)
		}
	}
	if len(own) > 0 && r.IntN(2) == 0 {
		legal = own
	}
	a := legal[r.IntN(len(legal))]
	if a.Verb == VArrange {
		a = RandomArrangement(a, r)
	}
	return a
}

// The editor sets the Citadel's counts and gives Dark Wings cards, each
// edit checked and a refused one changing nothing; a plain game has none.
func TestEditorCitadel(t *testing.T) {
	g, err := New(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat"}, Seed: 3, Variant: Citadel})
	if err != nil {
		t.Fatal(err)
	}
	e := g.Edit()
	if err := errors.Join(e.Crystals(0, 3), e.Tidings(1, 2), e.Ravens(2, 2), e.GiveWing(1, IllTidings)); err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if p.Crystals(0) != 3 || p.Tidings(1) != 2 || p.Ravens(2) != 2 || !slices.Equal(p.WingHand(1), []Wing{IllTidings}) || len(p.WingDeck()) != 11 {
		t.Errorf("edited: crystals %d, tidings %d, ravens %d, hand %v, deck %d", p.Crystals(0), p.Tidings(1), p.Ravens(2), p.WingHand(1), len(p.WingDeck()))
	}
	before := positionJSON(t, g)
	for _, c := range []struct {
		err  error
		want string
	}{
		{e.Ravens(0, 3), "3 ravens while the Dark Wings deck has a card"},
		{e.Crystals(4, 1), "no seat 4"},
		{e.GiveWing(0, 9), "unknown Dark Wings card 9"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%v, want %q", c.err, c.want)
		}
	}
	if positionJSON(t, g) != before {
		t.Error("a refused edit changed the position")
	}
	// Every card given away: the last of the deck leaves it empty, and
	// the discard (empty here) would take its place.
	for range 5 {
		if err := e.GiveWing(0, IllTidings); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.GiveWing(2, IllTidings); err == nil || !strings.Contains(err.Error(), "every Ill Tidings card is in a hand") {
		t.Errorf("a seventh Ill Tidings: %v", err)
	}
	if _, err := e.Build(); err != nil {
		t.Errorf("the edited position does not build: %v", err)
	}
	plain := newGame(t, 3, 1).Edit()
	if err := plain.Crystals(0, 1); err == nil || !strings.Contains(err.Error(), "without the Citadel variant") {
		t.Errorf("crystals in the plain game: %v", err)
	}
}
