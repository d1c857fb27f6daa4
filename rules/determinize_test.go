package rules

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"notrueking/board"
)

// positions plays random games of the fixture map and calls fn at every
// k-th decision with the game and the seat to act.
func positions(t *testing.T, games, players, every int, fn func(g *Game, seat int)) {
	t.Helper()
	variantPositions(t, Plain, games, players, every, fn)
}

// variantPositions is positions for games of variant v. In a Citadel game
// the random player studies whenever it may and plays a Dark Wings card
// when it holds one, so that the variant's secrets are in play.
func variantPositions(t *testing.T, v Variant, games, players, every int, fn func(g *Game, seat int)) {
	t.Helper()
	for i := 0; i < games; i++ {
		g, err := New(mustMap(t), Config{Players: []string{"Ann", "Ben", "Cat", "Dan"}[:players], Seed: uint64(100 + i), Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 7))
		var legal []Action
		for n := 0; !g.Over(); n++ {
			if n%every == every-1 {
				fn(g, int(g.ToAct()))
			}
			legal = g.AppendLegal(legal[:0])
			a := legal[r.IntN(len(legal))]
			if a.Verb == VArrange {
				a = RandomArrangement(a, r)
			}
			for _, l := range legal {
				if (l.Verb == VStudy || l.Verb == VLostOrders || l.Verb == VIllTidings) && r.IntN(3) > 0 {
					a = l
					break
				}
			}
			if err := g.Step(a); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
	}
}

// viewJSON is seat's view without its log (a sampled game has none).
func viewJSON(t *testing.T, g *Game, seat int) string {
	t.Helper()
	v := g.View(Seat(seat))
	v.Log = nil
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A sampled game looks to its seat exactly like the real one: same view
// (tokens, hand, hand sizes, deck sizes, discards, board, decision) and
// the same legal actions; its other hands hold real cards of the right
// houses and every card is in exactly one place.
func TestSampleAgreesWithWhatTheSeatSees(t *testing.T) {
	for _, v := range []Variant{Plain, Citadel} {
		t.Run(variantName(v), func(t *testing.T) { sampleAgrees(t, v) })
	}
}

func sampleAgrees(t *testing.T, v Variant) {
	differs, wingsDiffer, looks := 0, 0, 0
	variantPositions(t, v, 12, 4, 13, func(g *Game, seat int) {
		in := g.Information(Seat(seat))
		s := in.Sample(rand.New(rand.NewPCG(1, 2)))
		if got, want := viewJSON(t, s, seat), viewJSON(t, g, seat); got != want {
			t.Fatalf("after %d actions the sample's view for seat %d differs:\n got %s\nwant %s", g.Len(), seat, got, want)
		}
		if !slices.Equal(s.Legal(), g.Legal()) {
			t.Fatalf("after %d actions the sample's legal actions differ", g.Len())
		}
		count := map[board.CardID]int{}
		for h := range s.st.Decks {
			for _, c := range s.st.Decks[h] {
				count[c]++
			}
			for _, c := range s.st.Discards[h] {
				count[c]++
			}
		}
		for _, p := range s.st.Players {
			for _, c := range p.Hand {
				count[c]++
			}
		}
		for i := range s.m.NumCards() {
			if count[i] != 1 {
				t.Fatalf("after %d actions card %s is in %d places in the sample", g.Len(), s.m.CardAt(i).ID, count[i])
			}
		}
		for o := range s.st.Players {
			if o != seat && !slices.Equal(s.st.Players[o].Loyalty, g.st.Players[o].Loyalty) {
				differs++
			}
		}
		if c := s.st.Citadel; c != nil {
			// Twelve Dark Wings cards, six of each kind, each in one place;
			// another seat's cards dealt again.
			var n [numWings]int
			for _, ws := range append(slices.Clone(c.Hands), c.Deck, c.Discard) {
				for _, w := range ws {
					n[w]++
				}
			}
			if n[LostOrders] != WingsPerKind || n[IllTidings] != WingsPerKind {
				t.Fatalf("after %d actions the sample holds %v Dark Wings cards", g.Len(), n)
			}
			for o := range c.Hands {
				if o != seat && !slices.Equal(c.Hands[o], g.st.Citadel.Hands[o]) {
					wingsDiffer++
				}
			}
			// What the seat looked at stays where it is.
			for _, k := range g.st.Citadel.Known {
				if int(k.Looker) != seat {
					continue
				}
				looks++
				if slices.Index(s.st.Players[k.Target].Loyalty, k.House) != slices.Index(g.st.Players[k.Target].Loyalty, k.House) {
					t.Fatalf("a sample moved the token seat %d uncovered", seat)
				}
			}
		}
	})
	if differs == 0 {
		t.Fatal("no sample ever changed another seat's loyalty card: secrets are not being sampled")
	}
	if v == Citadel && (wingsDiffer == 0 || looks == 0) {
		t.Fatalf("%d samples dealt another seat's Dark Wings cards again, %d kept an uncovered token: the test checked too little", wingsDiffer, looks)
	}
}

// variantName names a variant in a subtest.
func variantName(v Variant) string {
	if v == Plain {
		return "plain"
	}
	return v.String()
}

// The information a seat gets, and every game sampled from it, do not
// change when the secrets hidden from the seat are dealt again.
func TestInformationIgnoresOtherSeatsSecrets(t *testing.T) {
	for _, v := range []Variant{Plain, Citadel} {
		t.Run(variantName(v), func(t *testing.T) { ignoresSecrets(t, v) })
	}
}

func ignoresSecrets(t *testing.T, v Variant) {
	changed := 0
	variantPositions(t, v, 12, 4, 11, func(g *Game, seat int) {
		r := rand.New(rand.NewPCG(uint64(g.Len()), 3))
		h := g.RedealSecrets(Seat(seat), r)
		if viewJSON(t, h, seat) != viewJSON(t, g, seat) {
			t.Fatalf("RedealSecrets changed what seat %d sees", seat)
		}
		if same, _ := sameState(h, g); !same {
			changed++
		}
		a := g.Information(Seat(seat)).Sample(rand.New(rand.NewPCG(5, 6)))
		b := h.Information(Seat(seat)).Sample(rand.New(rand.NewPCG(5, 6)))
		if same, diff := sameState(a, b); !same {
			t.Fatalf("after %d actions seat %d's sample depends on the others' secrets: %s", g.Len(), seat, diff)
		}
	})
	if changed == 0 {
		t.Fatal("RedealSecrets never changed a secret: the test proves nothing")
	}
}

// Melisandre's look is remembered: a sample keeps the hand the seat saw,
// less the cards played from it since.
func TestSampleKeepsAHandSeenThroughMelisandre(t *testing.T) {
	checked := 0
	positions(t, 60, 4, 1, func(g *Game, seat int) {
		if checked > 20 {
			return
		}
		for _, e := range g.st.Log {
			if e.Kind == EvMelisandreHand && int(e.Seat) == seat {
				in := g.Information(Seat(seat))
				o := int(e.Other)
				for _, c := range in.st.Players[o].Hand {
					if !slices.Contains(g.st.Players[o].Hand, c) {
						t.Fatalf("seat %d believes seat %d holds %s, which it does not", seat, o, g.cardID(c))
					}
				}
				for k := 0; k < 3; k++ {
					s := in.Sample(rand.New(rand.NewPCG(uint64(k), 1)))
					for _, c := range in.st.Players[o].Hand {
						if !slices.Contains(s.st.Players[o].Hand, c) {
							t.Fatalf("a sample lost the card %s seat %d saw in seat %d's hand", g.cardID(c), seat, o)
						}
					}
				}
				checked++
				return
			}
		}
	})
	if checked == 0 {
		t.Fatal("no Melisandre look in these games: the test checked nothing (choose games that have one)")
	}
}

// A search's sample keeps no history — no actions, no checkpoints, only
// the events of the action just applied — and plays exactly as a copy
// that keeps it: the same states and the same events (but their action
// numbers), action after action, to the game's end.
func TestSampleKeepsNoHistoryAndPlaysTheSame(t *testing.T) {
	steps := 0
	positions(t, 2, 4, 41, func(g *Game, seat int) {
		s := g.Information(Seat(seat)).Sample(rand.New(rand.NewPCG(uint64(g.Len()), 9)))
		c := s.Clone() // a clone keeps its history
		r := rand.New(rand.NewPCG(uint64(g.Len()), 11))
		for !s.Over() {
			legal := s.Legal()
			a := legal[r.IntN(len(legal))]
			if a.Verb == VArrange {
				a = RandomArrangement(a, r)
			}
			es, err := s.Apply(a)
			ec, err2 := c.Apply(a)
			if err != nil || err2 != nil {
				t.Fatalf("%q: the sample says %v, the copy %v", a.Format(g.Map()), err, err2)
			}
			if !slices.EqualFunc(es, ec, func(x, y Event) bool { x.Action, y.Action = 0, 0; return sameEvent(x, y) }) {
				t.Fatalf("%q: the sample's events differ from the copy's:\n%v\n%v", a.Format(g.Map()), es, ec)
			}
			a1, a2 := s.st, c.st
			a1.Log, a2.Log = nil, nil
			if same, diff := sameStates(a1, a2); !same {
				t.Fatalf("%q: the sample's state differs from the copy's: %s", a.Format(g.Map()), diff)
			}
			if s.Len() != 0 || len(s.checkpoints) != 0 || len(s.st.Log) != len(es) {
				t.Fatalf("the sample keeps history: %d actions, %d checkpoints, %d events for the last action's %d", s.Len(), len(s.checkpoints), len(s.st.Log), len(es))
			}
			steps++
		}
		if c.Len() == 0 {
			t.Fatal("the copy kept no history either: the test compares nothing")
		}
	})
	if steps == 0 {
		t.Fatal("no action was played")
	}
}
