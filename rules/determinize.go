package rules

import (
	"math/rand/v2"
	"slices"

	"notrueking/board"
)

// Information is what one seat knows of a game: the public position, its
// own loyalty card and hand, and what the events it may read have told it
// about the others' secrets (a hand seen through Melisandre, the cards a
// rebuilt deck was shuffled from). It holds none of another seat's
// secrets: another seat's face-down tokens, the cards in other hands that
// the seat has not seen, the order (and so the contents) of the decks and
// the game's generator are erased when it is made, so nothing built from
// it — a bot's search — can depend on them.
//
// Sample deals the erased secrets again at random, consistently with
// what the seat knows, and returns a game to search in (a determinization).
type Information struct {
	m    *board.Map
	cfg  Config // the players; the seed (which fixes every shuffle) erased
	seat Seat
	// st is the game's state with the secrets erased: another seat's
	// face-down tokens are -1 in Loyalty, other hands hold only the cards
	// the seat knows of, decks are empty, the generator zero, the log empty.
	st state
	// hidden[o][h] counts the cards of house h in seat o's hand that the
	// seat has not seen (hand sizes per house are public).
	hidden [][]int
	// deck[h] is the size of house h's deck; epoch[h] the cards it was
	// last rebuilt from, nil while it is the house's first deck.
	deck  []int
	epoch [][]board.CardID
	len   int // actions applied when the information was taken
	// deeds[o] is what seat o did in public that bears on its card
	// (Deeds).
	deeds [][]Deed
	// Citadel variant: wings[o] is how many Dark Wings cards seat o holds
	// (public; their kinds are erased from st for every other seat), and
	// wingDeck the deck's size (its order erased).
	wings    []int
	wingDeck int
}

// Deed is one public act of a seat that bears on its loyalty card: it
// arranged its card, placed an agent, exchanged two tokens or kept its
// card. Every seat sees every deed; which tokens an exchange moved is the
// seat's secret, so a deed names the slots.
type Deed struct {
	Verb  Verb          // VArrange, VPlace, VExchange or VKeep
	House board.HouseID // VPlace: the house whose slot the agent took
	I, J  int           // VExchange: the slots swapped (0 = the best)
	// Ranking is the ranking shown when the seat acted (read only; shared
	// between deeds).
	Ranking []Rank
}

// Deeds lists seat o's public deeds, oldest first (nil for a seat
// outside the game).
func (in *Information) Deeds(o Seat) []Deed {
	if o < 0 || int(o) >= len(in.deeds) {
		return nil
	}
	return in.deeds[o]
}

// Information returns what seat knows now (see Information). It reads the
// state and the events seat may read, and keeps nothing else.
func (g *Game) Information(seat Seat) *Information {
	s := &g.st
	nh, np := len(g.m.Houses), len(s.Players)
	in := &Information{m: g.m, cfg: Config{Players: append([]string(nil), g.cfg.Players...), Variant: g.cfg.Variant}, seat: seat, len: len(g.actions)}
	st := s.clone()
	st.Log = nil
	st.RNG = generator{}
	st.Winners = slices.Clone(s.Winners)

	// What the events seat may read tell it: the hands it has looked at
	// (Melisandre), each card leaving them since; the discards as the
	// public events rebuild them, and so the cards each rebuilt deck was
	// shuffled from.
	known := make([][]board.CardID, np)
	discards := make([][]board.CardID, nh)
	in.epoch = make([][]board.CardID, nh)
	in.deeds = make([][]Deed, np)
	shown := g.initialRanking()
	deed := func(who Seat, d Deed) {
		if who >= 0 && int(who) < np {
			d.Ranking = shown
			in.deeds[who] = append(in.deeds[who], d)
		}
	}
	for _, e := range s.Log {
		if !MayRead(e, seat) {
			continue
		}
		switch e.Kind {
		case EvLoyaltyArranged:
			deed(e.Who, Deed{Verb: VArrange})
		case EvAgentPlaced:
			deed(e.Who, Deed{Verb: VPlace, House: e.House})
		case EvKept:
			deed(e.Who, Deed{Verb: VKeep})
		case EvExchanged:
			deed(e.Who, Deed{Verb: VExchange, I: int(e.N), J: int(e.M)})
		case EvRanksComputed:
			shown = make([]Rank, len(e.List)/2)
			for j := range shown {
				span := e.item(2*j + 1)
				shown[j] = Rank{House: board.HouseID(e.item(2 * j)), From: span >> 8, To: span & 0xff}
			}
		case EvMelisandreHand:
			if o := int(e.Other); o >= 0 && o < np && e.Seat == seat {
				known[o] = known[o][:0]
				for i := range e.List {
					if c := g.cardOfCode(e.item(i)); c != None {
						known[o] = append(known[o], c)
					}
				}
			}
		case EvCardPlayed, EvMelisandreDiscard:
			who := int(e.Who)
			if e.Kind == EvMelisandreDiscard {
				who = int(e.Other)
			}
			c := e.Card
			if !g.m.HasCard(c) {
				continue
			}
			if who >= 0 && who < np {
				if i := slices.Index(known[who], c); i >= 0 {
					known[who] = slices.Delete(known[who], i, i+1)
				}
			}
			h := g.cardHouse(c)
			discards[h] = append(discards[h], c)
		case EvDeckReshuffled:
			if h := e.House; g.m.HasHouse(h) {
				in.epoch[h] = discards[h]
				discards[h] = nil
			}
		}
	}
	// A position set up by hand (or a log that does not tell the whole
	// story) can disagree with what the events rebuild: then the seat
	// knows only that a deck holds the cards nobody is known to hold.
	for h := range discards {
		if !sameCards(discards[h], s.Discards[h]) {
			in.epoch[h] = nil
		}
	}

	if c := st.Citadel; c != nil {
		// Another seat's Dark Wings cards and the deck's order are secret;
		// so is what another seat has looked at (Dig Up Dirt).
		in.wings = make([]int, np)
		in.wingDeck = len(c.Deck)
		c.Deck = []Wing{}
		for o := range c.Hands {
			in.wings[o] = len(c.Hands[o])
			if Seat(o) != seat {
				c.Hands[o] = []Wing{}
			}
		}
		c.Known = slices.DeleteFunc(c.Known, func(k Uncovered) bool { return k.Looker != seat })
	}
	in.hidden = make([][]int, np)
	in.deck = make([]int, nh)
	for h := range in.deck {
		in.deck[h] = len(s.Decks[h])
		st.Decks[h] = []board.CardID{}
	}
	for o := range Seat(np) {
		p := &st.Players[o]
		in.hidden[o] = make([]int, nh)
		if o == seat {
			continue
		}
		for i, h := range p.Loyalty {
			if !p.Revealed[h] && (st.Citadel == nil || !st.Citadel.knows(seat, o, h)) {
				p.Loyalty[i] = -1
			}
		}
		// The hand keeps the cards seat knows of, if they are still there.
		var hand []board.CardID
		rest := slices.Clone(s.Players[o].Hand)
		for _, c := range known[o] {
			if i := slices.Index(rest, c); i >= 0 {
				hand = append(hand, c)
				rest = slices.Delete(rest, i, i+1)
			}
		}
		for _, c := range rest {
			in.hidden[o][g.cardHouse(c)]++
		}
		p.Hand = append([]board.CardID{}, hand...)
	}
	in.st = st
	return in
}

func sameCards(a, b []board.CardID) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// Seat is the seat whose information this is.
func (in *Information) Seat() Seat { return in.seat }

// Map is the game's map.
func (in *Information) Map() *board.Map { return in.m }

// Len is the number of actions the game had applied when the information
// was taken.
func (in *Information) Len() int { return in.len }

// ToAct is the seat whose decision the game waits for (-1 at game over).
func (in *Information) ToAct() Seat {
	g := Game{m: in.m, st: in.st}
	return g.ToAct()
}

// Sample deals the secrets the seat does not know at random from r,
// consistently with what it knows, and returns the game they make: the
// other seats' face-down tokens shuffled over their face-down slots; the
// cards nobody is known to hold dealt to the unseen places of other hands
// (house by house, as many as each hand holds) and the decks (a deck that
// was rebuilt takes its cards from those it was rebuilt from first), in a
// random order; a fresh generator for the shuffles to come. The game
// starts its history here (no undo, no log before it).
func (in *Information) Sample(r *rand.Rand) *Game {
	return in.SampleWeighted(r, 1, nil)
}

// SampleWeighted is Sample with each other seat's face-down tokens chosen
// in proportion to weight (sampling-importance-resampling): k orders are
// dealt at random and one of them is kept with probability proportional
// to weight(seat, card), card being that seat's whole card, best slot
// first (its revealed tokens in place). weight must be positive and may
// read only what the information shows (Deeds); k ≤ 1 or a nil weight is
// Sample's uniform deal.
func (in *Information) SampleWeighted(r *rand.Rand, k int, weight func(o Seat, card []board.HouseID) float64) *Game {
	st := in.st.clone()
	st.Log = make([]Event, 0, 64)
	st.RNG.pcg = *rand.NewPCG(r.Uint64(), r.Uint64())
	if weight == nil {
		k = 1
	}
	k = max(k, 1)
	var free, down []board.HouseID
	cands := make([][]board.HouseID, k)
	ws := make([]float64, k)
	for o := range Seat(len(st.Players)) {
		p := &st.Players[o]
		if o == in.seat {
			continue
		}
		down = down[:0]
		for h := range in.m.NumHouses() {
			if !slices.Contains(p.Loyalty, h) {
				down = append(down, h) // face down and not looked at
			}
		}
		total := 0.0
		for c := range cands {
			free = append(free[:0], down...)
			r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
			cands[c] = append(cands[c][:0], p.Loyalty...)
			n := 0
			for i, h := range cands[c] {
				if h < 0 && n < len(free) {
					cands[c][i] = free[n]
					n++
				}
			}
			if k > 1 {
				ws[c] = weight(o, cands[c])
				total += ws[c]
			}
		}
		pick := 0
		if k > 1 {
			x := r.Float64() * total
			for pick < k-1 && x >= ws[pick] {
				x -= ws[pick]
				pick++
			}
		}
		copy(p.Loyalty, cands[pick])
	}
	// The pool of each house: its cards not in a discard and not in a
	// hand the seat knows.
	var pool, rest []board.CardID
	for h := range in.m.NumHouses() {
		pool, rest = pool[:0], rest[:0]
		for _, c := range in.m.HouseCards(h) {
			if slices.Contains(st.Discards[h], c) || in.held(&st, c) {
				continue
			}
			pool = append(pool, c)
		}
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		// A rebuilt deck holds only cards it was rebuilt from: those first.
		if ep := in.epoch[h]; ep != nil {
			slices.SortStableFunc(pool, func(a, b board.CardID) int {
				return boolInt(!slices.Contains(ep, a)) - boolInt(!slices.Contains(ep, b))
			})
		}
		n := min(in.deck[h], len(pool))
		deck := append([]board.CardID{}, pool[:n]...)
		rest = append(rest, pool[n:]...)
		r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
		for o := range st.Players {
			for k := 0; k < in.hidden[o][h] && len(rest) > 0; k++ {
				st.Players[o].Hand = append(st.Players[o].Hand, rest[0])
				rest = rest[1:]
			}
		}
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		st.Decks[h] = deck
	}
	in.dealWings(&st, r)
	g := &Game{m: in.m, cfg: Config{Players: append([]string(nil), in.cfg.Players...), Variant: in.cfg.Variant}, st: st, sample: true}
	g.floor = barrier{note: "the position was sampled from one seat's knowledge here"}
	return g
}

// dealWings deals the Dark Wings cards the seat does not know of — all
// twelve but the discard and its own hand — to the other hands (as many as
// each holds) and the deck, at random.
func (in *Information) dealWings(st *state, r *rand.Rand) {
	c := st.Citadel
	if c == nil {
		return
	}
	var n [numWings]int
	for w := LostOrders; w < numWings; w++ {
		n[w] = WingsPerKind
	}
	for _, w := range c.Discard {
		n[w]--
	}
	for _, w := range c.Hands[in.seat] {
		n[w]--
	}
	pool := make([]Wing, 0, 2*WingsPerKind)
	for w := LostOrders; w < numWings; w++ {
		for range max(n[w], 0) {
			pool = append(pool, w)
		}
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for o := range c.Hands {
		if Seat(o) == in.seat {
			continue
		}
		k := min(in.wings[o], len(pool))
		c.Hands[o] = append([]Wing{}, pool[:k]...)
		pool = pool[k:]
	}
	c.Deck = append([]Wing{}, pool[:min(in.wingDeck, len(pool))]...)
}

// held reports whether a hand of st holds card c.
func (in *Information) held(st *state, c board.CardID) bool {
	for i := range st.Players {
		if slices.Contains(st.Players[i].Hand, c) {
			return true
		}
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Result is the outcome of a finished game: every seat's score and the
// winners (false while the game runs). Bots read it at the end of their
// simulated games without building a View.
func (g *Game) Result() (scores []int, winners []Seat, over bool) {
	if g.st.Phase != PhaseOver {
		return nil, nil, false
	}
	scores = make([]int, len(g.st.Players))
	for i, p := range g.st.Players {
		scores[i] = p.Score
	}
	return scores, slices.Clone(g.st.Winners), true
}

// Step applies a, an action Legal listed, like Apply but without copying
// the events out: for searches that play many games and read none of
// their words.
func (g *Game) Step(a Action) error {
	_, err := g.apply(a)
	return err
}

// RedealSecrets returns a copy of g in which every secret hidden from
// seat is dealt again from r: each other seat's face-down tokens shuffled
// over its face-down slots, the cards of each house that seat has not
// seen shuffled between the other hands and the deck (each place keeping
// its house and size), the generator reseeded. What seat sees (its View,
// the events it may read) is unchanged. It exists for tests that prove a
// player — a bot — uses nothing but what its seat may know: its choice on
// g and on the copy must be the same.
//
// It reads the real state and the log, never Information (which it
// exists to check): the cards seat has seen in another hand are those the
// private events of Melisandre's looks showed it, and they stay where they
// are while that hand holds them.
func (g *Game) RedealSecrets(seat Seat, r *rand.Rand) *Game {
	c := g.Clone()
	s := &c.st
	shown := g.shownTo(seat)
	s.RNG.pcg = *rand.NewPCG(r.Uint64(), r.Uint64())
	for o := range g.numSeats() {
		p := &s.Players[o]
		if o == seat || !p.Arranged {
			continue
		}
		var pos []int
		for i, h := range p.Loyalty {
			if !p.Revealed[h] && (s.Citadel == nil || !s.Citadel.knows(seat, o, h)) {
				pos = append(pos, i)
			}
		}
		hs := make([]board.HouseID, len(pos))
		for k, i := range pos {
			hs[k] = p.Loyalty[i]
		}
		r.Shuffle(len(hs), func(i, j int) { hs[i], hs[j] = hs[j], hs[i] })
		for k, i := range pos {
			p.Loyalty[i] = hs[k]
		}
	}
	// Each hidden place is (seat, index in hand) or (-1, index in deck).
	type place struct {
		o Seat
		i int
	}
	for h := range g.m.NumHouses() {
		var places []place
		var cards []board.CardID
		for i, id := range s.Decks[h] {
			places = append(places, place{-1, i})
			cards = append(cards, id)
		}
		for o := range g.numSeats() {
			if o == seat {
				continue
			}
			seen := slices.Clone(shown[o])
			for i, id := range s.Players[o].Hand {
				if k := slices.Index(seen, id); k >= 0 {
					seen = slices.Delete(seen, k, k+1)
					continue
				}
				if g.cardHouse(id) == h {
					places = append(places, place{o, i})
					cards = append(cards, id)
				}
			}
		}
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		for k, pl := range places {
			if pl.o < 0 {
				s.Decks[h][pl.i] = cards[k]
			} else {
				s.Players[pl.o].Hand[pl.i] = cards[k]
			}
		}
	}
	if cit := s.Citadel; cit != nil {
		// The Dark Wings cards of the other hands and the deck, shuffled
		// between them (each place keeps its size). What another seat has
		// looked at names a house, which stays on its card.
		var pool []Wing
		for o := range cit.Hands {
			if Seat(o) != seat {
				pool = append(pool, cit.Hands[o]...)
			}
		}
		pool = append(pool, cit.Deck...)
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		for o := range cit.Hands {
			if Seat(o) != seat {
				pool = pool[copy(cit.Hands[o], pool):]
			}
		}
		copy(cit.Deck, pool)
	}
	c.logGen++
	return c
}

// shownTo lists, per seat, the cards of its hand seat was shown by its
// Melisandre looks (every card of the last look at that hand).
func (g *Game) shownTo(seat Seat) [][]board.CardID {
	shown := make([][]board.CardID, len(g.st.Players))
	for _, e := range g.st.Log {
		if e.Kind != EvMelisandreHand || e.Seat != seat {
			continue
		}
		if o := int(e.Other); o >= 0 && o < len(shown) {
			shown[o] = shown[o][:0]
			for i := range e.List {
				if c := g.cardOfCode(e.item(i)); c != None {
					shown[o] = append(shown[o], c)
				}
			}
		}
	}
	return shown
}

// Players is the number of seats.
func (in *Information) Players() int { return len(in.st.Players) }

// Provisional returns every seat's score as if the game ended now: each
// loyalty card against the ranking computed from the board as it stands
// (the final scores once the game is over). A search that stops its
// simulated games early evaluates them with it.
func (g *Game) Provisional() []int {
	if g.st.Phase == PhaseOver {
		scores, _, _ := g.Result()
		return scores
	}
	span := make([]Rank, len(g.m.Houses))
	for _, r := range g.computeRanking() {
		span[r.House] = r
	}
	out := make([]int, len(g.st.Players))
	for s, p := range g.st.Players {
		for i, h := range p.Loyalty {
			if h < 0 || int(h) >= len(span) {
				continue
			}
			if pos := i + 1; span[h].From <= pos && pos <= span[h].To {
				out[s] += g.m.LoyaltySlots[i]
			}
		}
	}
	return out
}

// Round is the current round (1-based).
func (g *Game) Round() int { return g.st.Round }

// LastAction is the last action applied (false before the first): with
// Len it tells a position apart from one reached by an undo and another
// action, without copying the history.
func (g *Game) LastAction() (Action, bool) {
	if len(g.actions) == 0 {
		return Action{}, false
	}
	return g.actions[len(g.actions)-1], true
}

// LoyaltyCard is seat's card, best slot first: a secret, for a search in
// a sample of the seat's information (Information.Sample), never for a
// display (a View hides what the viewer may not see).
func (g *Game) LoyaltyCard(seat Seat) []board.HouseID {
	if seat < 0 || int(seat) >= len(g.st.Players) {
		return nil
	}
	return slices.Clone(g.st.Players[seat].Loyalty)
}

// Shown is the ranking shown now (public; a View's Ranking without the
// rest of the view): the map's initial one, then the last one computed.
func (g *Game) Shown() []Rank { return slices.Clone(g.st.Ranking) }
