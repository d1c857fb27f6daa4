package rules_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/words"
)

// standardMap loads the shipped standard map once for all tests.
var standardMap = sync.OnceValues(maps.Standard)

func mustStandard(t testing.TB) *board.Map {
	t.Helper()
	m, err := standardMap()
	if err != nil {
		t.Fatalf("maps.Standard: %v", err)
	}
	return m
}

var playerNames = []string{"Alice", "Bob Smith", "Carol", "Dmitri", "Eve", "Fay", "Gil", "Hal", "Ivy"}

// randomPlayer picks uniformly among the legal actions with a seeded RNG.
// With shortBias > 0 it takes "done" (ending a muster or move early) with
// that probability whenever it is legal, so games stay short. Measured on
// the standard map: uniform games average 212 actions (max 346 over 60
// games), with shortBias 0.35 198 (max 323) — a move action ends after one
// group, so uniform play needs no bias; the example records use 0.35.
type randomPlayer struct {
	r         *rand.Rand
	shortBias float64
	// citadel: the Citadel variant's choices are taken whenever they are
	// listed, with probability 0.7 (study) and 0.5 (a Dark Wings card), so
	// that a few games use the whole Dark Wings deck.
	citadel bool
}

// studious makes p favour the Citadel variant's choices.
func (p *randomPlayer) studious() *randomPlayer { p.citadel = true; return p }

func newRandomPlayer(seed uint64, shortBias float64) *randomPlayer {
	return &randomPlayer{r: rand.New(rand.NewPCG(seed, 0x5eed)), shortBias: shortBias}
}

func (p *randomPlayer) pick(legal []rules.Action) rules.Action {
	if p.citadel {
		var some []rules.Action
		for _, v := range []struct {
			verbs []rules.Verb
			p     float64
		}{{[]rules.Verb{rules.VStudy}, 0.7}, {[]rules.Verb{rules.VLostOrders, rules.VIllTidings}, 0.5}} {
			some = some[:0]
			for _, a := range legal {
				if slices.Contains(v.verbs, a.Verb) {
					some = append(some, a)
				}
			}
			if len(some) > 0 && p.r.Float64() < v.p {
				return some[p.r.IntN(len(some))]
			}
		}
	}
	if p.shortBias > 0 && p.r.Float64() < p.shortBias {
		for _, a := range legal {
			if a.Verb == rules.VDone {
				return a
			}
		}
	}
	a := legal[p.r.IntN(len(legal))]
	if a.Verb == rules.VArrange {
		a = rules.RandomArrangement(a, p.r)
	}
	return a
}

// maxActions bounds a random game; a game that has not ended by then is a bug.
const maxActions = 20000

// playRandom plays one full game with the uniform random player, calling
// step (if not nil) before every action with the action about to be applied.
func playRandom(m *board.Map, players int, seed uint64, step func(g *rules.Game, legal []rules.Action, a rules.Action) error) (*rules.Game, error) {
	if step == nil {
		return playWith(m, players, seed, newRandomPlayer(seed, 0))
	}
	return playWith(m, players, seed, newRandomPlayer(seed, 0), step)
}

// playWith plays one full game with player p, calling every step before
// every action with the action about to be applied.
func playWith(m *board.Map, players int, seed uint64, p *randomPlayer, step ...func(g *rules.Game, legal []rules.Action, a rules.Action) error) (*rules.Game, error) {
	return playVariant(m, rules.Plain, players, seed, p, step...)
}

// playVariant is playWith for a game of the given variant.
func playVariant(m *board.Map, v rules.Variant, players int, seed uint64, p *randomPlayer, step ...func(g *rules.Game, legal []rules.Action, a rules.Action) error) (*rules.Game, error) {
	g, err := rules.New(m, rules.Config{Players: playerNames[:players], Seed: seed, Variant: v})
	if err != nil {
		return nil, err
	}
	var legal []rules.Action
	for n := 0; !g.Over(); n++ {
		if n >= maxActions {
			return g, fmt.Errorf("game not over after %d actions", n)
		}
		legal = g.AppendLegal(legal[:0])
		if len(legal) == 0 {
			return g, fmt.Errorf("after %d actions: no legal action but the game is not over (phase %s)", n, g.View(rules.Public).Phase)
		}
		a := p.pick(legal)
		for _, step := range step {
			if err := step(g, legal, a); err != nil {
				return g, fmt.Errorf("before action %d %q: %v", n+1, g.FormatAction(a), err)
			}
		}
		if _, err := g.Apply(a); err != nil {
			return g, fmt.Errorf("action %d %q from Legal() refused: %v", n+1, g.FormatAction(a), err)
		}
	}
	return g, nil
}

// checkBoard checks the board invariants on the public view.
func checkBoard(m *board.Map, g *rules.Game) error {
	v := g.View(rules.Public)
	nh := len(m.Houses)
	var totals = make([][board.NumUnits]int, nh)
	// holder[t] is 1 + the house with units in territory t (0: none); on a
	// road, the last of the houses there.
	holder := make([]int, len(m.Territories))
	for _, gr := range v.Groups {
		h, t := gr.House, gr.Territory
		if !m.HasHouse(h) {
			return fmt.Errorf("group of unknown house %d", h)
		}
		if !m.HasTerr(t) {
			return fmt.Errorf("group in unknown territory %d", t)
		}
		kind := m.Territories[t].Kind
		n := 0
		for u, c := range gr.Units {
			if c < 0 {
				return fmt.Errorf("%s has %d %s in %s", m.HouseName(gr.House), c, board.Unit(u), m.TerrName(gr.Territory))
			}
			totals[h][u] += c
			n += c
		}
		if n == 0 {
			continue
		}
		if o := holder[t] - 1; o >= 0 && kind != board.Road {
			return fmt.Errorf("%s holds groups of %s and %s", m.TerrName(gr.Territory), m.Houses[o].ID, m.HouseName(gr.House))
		}
		holder[t] = int(h) + 1
		ships := gr.Units[board.Ship]
		land := gr.Units[board.Footman] + gr.Units[board.Knight]
		switch kind {
		case board.Land, board.Road:
			if ships > 0 {
				return fmt.Errorf("%s has %d ships on land in %s", m.HouseName(gr.House), ships, m.TerrName(gr.Territory))
			}
		case board.Sea, board.Port:
			if land > ships {
				return fmt.Errorf("%s has %d footmen and knights but only %d ships in %s", m.HouseName(gr.House), land, ships, m.TerrName(gr.Territory))
			}
			if gr.Units[board.Dragon] > 0 {
				return fmt.Errorf("%s has a dragon resting in %s", m.HouseName(gr.House), m.TerrName(gr.Territory))
			}
			if kind == board.Port {
				if land > 0 {
					return fmt.Errorf("%s has footmen or knights in the port %s", m.HouseName(gr.House), m.TerrName(gr.Territory))
				}
				of := m.Territories[t].PortOf
				if of < 0 {
					return fmt.Errorf("port %s belongs to no land", m.TerrName(gr.Territory))
				}
				if c := v.Controller(of); c != gr.House {
					return fmt.Errorf("%s has ships in %s but %s is controlled by %d", m.HouseName(gr.House), m.TerrName(gr.Territory), m.Territories[of].ID, c)
				}
			}
		}
	}
	for h := range totals {
		for u := board.Unit(0); u < board.NumUnits; u++ {
			if lim := m.Houses[h].Limits[u]; totals[h][u] > lim {
				return fmt.Errorf("%s has %d %ss on the board, limit %d", m.Houses[h].ID, totals[h][u], u, lim)
			}
		}
	}
	// Flags, in the map's order of territories (never the map's iteration
	// order): on land only, and where no other house has troops.
	if len(v.Flags) != len(m.Territories) {
		return fmt.Errorf("flags for %d territories, want %d", len(v.Flags), len(m.Territories))
	}
	for t, terr := range m.Territories {
		h := v.Flags[t]
		if h < 0 {
			continue
		}
		if !m.HasHouse(h) {
			return fmt.Errorf("flag of unknown house %d in %s", h, terr.ID)
		}
		if terr.Kind != board.Land {
			return fmt.Errorf("%s flag in %s, which is not land", m.Houses[h].ID, terr.ID)
		}
		if o := holder[t] - 1; o >= 0 && board.HouseID(o) != h {
			return fmt.Errorf("%s flag in %s where %s has troops", m.Houses[h].ID, terr.ID, m.Houses[o].ID)
		}
	}
	// Agents: legal slots, at most one per slot (by construction of Slots),
	// on board + in hand + the one resolving = 3 per seat.
	n := len(v.Players)
	if len(v.Slots) != nh {
		return fmt.Errorf("%d slot rows for %d houses", len(v.Slots), nh)
	}
	onBoard := make([]int, n)
	for h, row := range v.Slots {
		for s, seat := range row {
			if seat == -1 {
				continue
			}
			if seat < 0 || int(seat) >= n {
				return fmt.Errorf("%s %s holds agent of seat %d", m.Houses[h].ID, rules.Slot(s), seat)
			}
			onBoard[seat]++
		}
	}
	for i, p := range v.Players {
		if p.AgentsInHand < 0 || onBoard[i]+p.AgentsInHand != rules.AgentsPerPlayer {
			return fmt.Errorf("phase %s: seat %s has %d agents on the board and %d in hand, want %d in all",
				v.Phase, p.ID, onBoard[i], p.AgentsInHand, rules.AgentsPerPlayer)
		}
	}
	if err := checkCombatTerms(v); err != nil {
		return err
	}
	if v.Phase == rules.PhaseExchange || v.Phase == rules.PhaseOver {
		// The board does not change after the ranking of the round.
		if err := checkRanking(m, v); err != nil {
			return err
		}
	}
	if v.Phase == rules.PhaseOver {
		if err := checkScores(m, v); err != nil {
			return err
		}
	}
	if g.Over() != (v.Phase == rules.PhaseOver) || g.Over() != (g.ToAct() == -1) {
		return fmt.Errorf("Over() %v, phase %s, ToAct %d disagree", g.Over(), v.Phase, g.ToAct())
	}
	return nil
}

// checkCombatTerms checks that the combat preview's terms add up to each
// side's power: every term carries its addend as "+N".
func checkCombatTerms(v rules.View) error {
	c := v.Combat
	if c == nil {
		return nil
	}
	sum := func(terms []string) (int, error) {
		n := 0
		for _, t := range terms {
			found := false
			for _, w := range strings.Fields(t) {
				var x int
				if len(w) > 1 && w[0] == '+' {
					if _, err := fmt.Sscanf(w, "+%d", &x); err == nil {
						n += x
						found = true
						break
					}
				}
			}
			if !found {
				return 0, fmt.Errorf("combat term %q has no +N", t)
			}
		}
		return n, nil
	}
	a, err := sum(c.AttackerTerms)
	if err != nil {
		return err
	}
	d, err := sum(c.DefenderTerms)
	if err != nil {
		return err
	}
	if a != c.AttackerPower || d != c.DefenderPower {
		return fmt.Errorf("combat in %d: terms %q sum to %d (power %d), %q to %d (power %d)",
			c.Territory, c.AttackerTerms, a, c.AttackerPower, c.DefenderTerms, d, c.DefenderPower)
	}
	return nil
}

// checkRanking recomputes the ranking from the map and the public control
// map (crowns, castles, towns, barrels over controlled land; equal houses
// share a span) and compares it with the view's.
func checkRanking(m *board.Map, v rules.View) error {
	type key [4]int
	keys := map[string]key{}
	for _, h := range m.Houses {
		keys[h.ID] = key{}
	}
	for i, t := range m.Territories {
		h := v.Controller(board.TerrID(i))
		if t.Kind != board.Land || h < 0 {
			continue
		}
		k := keys[m.Houses[h].ID]
		k[0] += t.Crowns
		if t.Fortress == board.Castle {
			k[1]++
		}
		if t.Fortress == board.Town {
			k[2]++
		}
		k[3] += t.Barrels
		keys[m.Houses[h].ID] = k
	}
	better := func(a, b key) bool {
		for i := range a {
			if a[i] != b[i] {
				return a[i] > b[i]
			}
		}
		return false
	}
	if len(v.Ranking) != len(m.Houses) {
		return fmt.Errorf("ranking lists %d houses, want %d", len(v.Ranking), len(m.Houses))
	}
	for _, r := range v.Ranking {
		if !m.HasHouse(r.House) {
			return fmt.Errorf("ranking names unknown house %d", r.House)
		}
		id := m.Houses[r.House].ID
		k := keys[id]
		above, equal := 0, 0
		for h, o := range keys {
			if h == id {
				continue
			}
			if better(o, k) {
				above++
			} else if o == k {
				equal++
			}
		}
		if r.From != above+1 || r.To != above+1+equal {
			return fmt.Errorf("%s ranked %d-%d with crowns/castles/towns/barrels %v; recomputed %d-%d", id, r.From, r.To, k, above+1, above+1+equal)
		}
		if (key{r.Crowns, r.Castles, r.Towns, r.Barrels}) != k {
			return fmt.Errorf("%s rank shows %d/%d/%d/%d, recomputed %v", id, r.Crowns, r.Castles, r.Towns, r.Barrels, k)
		}
	}
	return nil
}

// checkScores recomputes every score from the revealed loyalty cards and
// the final ranking, and checks the winners have the best score.
func checkScores(m *board.Map, v rules.View) error {
	span := map[board.HouseID][2]int{}
	for _, r := range v.Ranking {
		span[r.House] = [2]int{r.From, r.To}
	}
	best := -1
	for _, p := range v.Players {
		want := 0
		for i, tok := range p.Loyalty {
			if tok.House == board.NoHouse {
				return fmt.Errorf("game over but seat %s's %d-token is hidden", p.ID, tok.Value)
			}
			if sp := span[tok.House]; sp[0] <= i+1 && i+1 <= sp[1] {
				want += tok.Value
			}
		}
		if p.Score != want {
			return fmt.Errorf("seat %s scores %d, its card and the ranking give %d", p.ID, p.Score, want)
		}
		best = max(best, want)
	}
	if len(v.Winners) != 1 {
		return fmt.Errorf("winners %v: the tie-breaks always leave one", v.Winners)
	}
	if w := v.Winners[0]; w < 0 || int(w) >= len(v.Players) || v.Players[w].Score != best {
		return fmt.Errorf("winner %d does not have the best score %d", w, best)
	}
	return nil
}

// checkSecrets checks that View(seat) shows no other seat's hidden tokens,
// hand or private events, and that View(Public) shows none.
func checkSecrets(g *rules.Game) error {
	if g.Over() {
		return nil
	}
	n := rules.Seat(len(g.Seats()))
	for viewer := rules.Public; viewer < n; viewer++ {
		v := g.View(viewer)
		if v.Seat != viewer {
			return fmt.Errorf("View(%d).Seat = %d", viewer, v.Seat)
		}
		for _, p := range v.Players {
			if p.Seat == viewer {
				continue
			}
			if len(p.Hand) > 0 {
				return fmt.Errorf("View(%d) shows seat %s's hand", viewer, p.ID)
			}
			if len(p.WingCards) > 0 {
				return fmt.Errorf("View(%d) shows seat %s's Dark Wings cards", viewer, p.ID)
			}
			for _, tok := range p.Loyalty {
				if !tok.Revealed && tok.House != board.NoHouse && !(tok.Uncovered && uncoveredBy(v, p.Name)) {
					return fmt.Errorf("View(%d) shows seat %s's hidden %d-token (%d)", viewer, p.ID, tok.Value, tok.House)
				}
			}
		}
		for _, e := range v.Log {
			if e.Seat != rules.Public && e.Seat != viewer {
				return fmt.Errorf("View(%d) log holds seat %d's private event %q", viewer, e.Seat, e.Text)
			}
		}
		if viewer == rules.Public && len(v.Peek) > 0 {
			return fmt.Errorf("public view shows a Melisandre peek")
		}
	}
	return nil
}

// uncoveredBy reports whether v's log tells its seat of a Dig Up Dirt look
// at the card of the player named name (the only way a seat may see
// another's face-down token before the end).
func uncoveredBy(v rules.View, name string) bool {
	if v.Seat < 0 || v.Variant == "" {
		return false
	}
	for _, l := range v.Log {
		if l.Event == "uncovered_private" && l.Seat == v.Seat {
			return true
		}
	}
	return false
}

// snapshot is a game's whole position (every secret: hands, decks in
// order, loyalty cards, the generator) with how many log lines each viewer
// reads (the log is append-only, so its length stands for it), the legal
// actions, the seat to act, whether the game is over and how many actions
// it holds. Every view is made from the position and the log, so two
// games with equal snapshots show every seat the same views; comparing
// the position is stricter than comparing the views, and cheaper.
type snapshot struct {
	Pos     rules.Position
	Logs    []int
	Legal   []rules.Action
	ToAct   rules.Seat
	Over    bool
	Actions int
}

func snapshotOf(g *rules.Game) snapshot {
	return snapshot{Pos: g.Position(), Logs: g.LogLens(), Legal: g.Legal(),
		ToAct: g.ToAct(), Over: g.Over(), Actions: g.Len()}
}

// sameGame compares two snapshots exactly: "" when they are alike, else
// where they first differ.
func sameGame(a, b snapshot) string {
	if same, diff := rules.SamePosition(a.Pos, b.Pos); !same {
		return "the positions differ " + diff
	}
	if !slices.Equal(a.Legal, b.Legal) {
		i := 0
		for i < len(a.Legal) && i < len(b.Legal) && a.Legal[i] == b.Legal[i] {
			i++
		}
		return fmt.Sprintf("the legal actions differ from the %s of %d and %d", words.Ordinal(i+1), len(a.Legal), len(b.Legal))
	}
	if !slices.Equal(a.Logs, b.Logs) || a.ToAct != b.ToAct || a.Over != b.Over || a.Actions != b.Actions {
		return fmt.Sprintf("log lines per viewer %v, to act %d, over %v, %d actions; then %v, %d, %v, %d",
			a.Logs, a.ToAct, a.Over, a.Actions, b.Logs, b.ToAct, b.Over, b.Actions)
	}
	return ""
}

// sameView compares two views without their logs (compared on their own).
func sameView(a, b rules.View) (bool, string) {
	a.Log, b.Log = nil, nil
	return rules.SameJSON(a, b)
}

// mutants are actions near a legal one that may be illegal.
func mutants(m *board.Map, g *rules.Game, a rules.Action, r *rand.Rand) []rules.Action {
	n := len(g.Seats())
	var out []rules.Action
	b := a
	b.Seat = rules.Seat((int(a.Seat) + 1 + r.IntN(n-1)) % n)
	out = append(out, b)
	t := board.TerrID(r.IntN(len(m.Territories)))
	h := board.HouseID(r.IntN(len(m.Houses)))
	switch a.Verb {
	case rules.VMove:
		b = a
		b.To = t
		out = append(out, b)
		b = a
		b.Units[board.Footman] += 5
		out = append(out, b)
	case rules.VMuster:
		b = a
		b.From = t
		out = append(out, b)
	case rules.VPlace, rules.VResolve:
		b = a
		b.House = h
		out = append(out, b)
		b.Slot = rules.Slot(r.IntN(3))
		out = append(out, b)
	case rules.VRetreat:
		b = a
		b.To = t
		out = append(out, b)
	case rules.VExchange:
		b = a
		b.Reveal = h
		out = append(out, b)
	case rules.VPlay:
		b = a
		b.Card = m.NumCards() + 3
		out = append(out, b)
	}
	out = append(out, rules.Action{Seat: a.Seat, Verb: rules.VDone}, rules.Action{Seat: a.Seat, Verb: rules.VKeep},
		rules.Action{Seat: a.Seat, Verb: rules.VPass}, rules.Action{Seat: a.Seat, Verb: rules.VDecline},
		rules.Action{Seat: a.Seat, Verb: rules.VChoose, Choice: rules.ChooseDraw},
		rules.Action{Seat: a.Seat, Verb: rules.Verb(200)})
	return out
}

// hideSecrets changes the secrets of seat o in a clone of g without
// changing anything public: it permutes o's face-down loyalty tokens and
// swaps each hand card for a card of the same house still in that house's
// deck (the deck order is secret too). It reports whether anything changed.
func hideSecrets(g *rules.Game, o rules.Seat, r *rand.Rand) (*rules.Game, bool) {
	c := g.Clone()
	st := c.StateForTest()
	p := &st.Players[o]
	changed := false
	var down []int
	for i, h := range p.Loyalty {
		if h >= 0 && int(h) < len(p.Revealed) && !p.Revealed[h] && !uncovered(st, o, h) {
			down = append(down, i)
		}
	}
	if cit := st.Citadel; cit != nil && len(cit.Deck) > 0 {
		// Swap a Dark Wings card of o's for one of the other kind in the deck.
		for k, w := range cit.Hands[o] {
			if j := slices.IndexFunc(cit.Deck, func(d rules.Wing) bool { return d != w }); j >= 0 {
				cit.Hands[o][k], cit.Deck[j] = cit.Deck[j], w
				changed = true
			}
		}
	}
	if len(down) >= 2 {
		i, j := down[0], down[1+r.IntN(len(down)-1)]
		if p.Loyalty[i] != p.Loyalty[j] {
			p.Loyalty[i], p.Loyalty[j] = p.Loyalty[j], p.Loyalty[i]
			changed = true
		}
	}
	m := c.Map()
	for k, id := range p.Hand {
		if id < 0 || id >= m.NumCards() {
			continue
		}
		h := m.CardHouse(id)
		if int(h) >= len(st.Decks) || len(st.Decks[h]) == 0 {
			continue
		}
		d := st.Decks[h]
		j := r.IntN(len(d))
		p.Hand[k], d[j] = d[j], p.Hand[k]
		changed = true
	}
	return c, changed
}

// uncovered reports whether another seat has looked at o's token of
// house h (Dig Up Dirt): moving it would change what that seat sees.
func uncovered(st *rules.StateForTests, o rules.Seat, h board.HouseID) bool {
	if st.Citadel == nil {
		return false
	}
	for _, k := range st.Citadel.Known {
		if k.Target == o && k.House == h {
			return true
		}
	}
	return false
}

// checker runs the per-action checks of TestRandomGames. Cheap invariants
// run before every action; the costly properties run before every action
// of a "full" game and on a sample of the actions of the others.
type checker struct {
	m        *board.Map
	r        *rand.Rand
	full     bool // every check before every action
	steps    int
	applied  int // legal actions applied on clones
	refusals int
	secrets  int
}

func (c *checker) every(n int) bool { return c.full || c.steps%n == 0 }

func (c *checker) step(g *rules.Game, legal []rules.Action, a rules.Action) error {
	c.steps++
	if err := checkBoard(c.m, g); err != nil {
		return err
	}
	if g.ToAct() < 0 {
		return fmt.Errorf("ToAct() = %d in a running game", g.ToAct())
	}
	for _, l := range legal {
		if l.Seat != g.ToAct() {
			return fmt.Errorf("legal action %q is not by the seat to act (%d)", g.FormatAction(l), g.ToAct())
		}
		if err := g.Check(l); err != nil {
			return fmt.Errorf("legal action %q fails Check: %v", g.FormatAction(l), err)
		}
	}
	try := legal
	if !c.full {
		try = []rules.Action{legal[c.r.IntN(len(legal))]}
	}
	for _, l := range try {
		cl := g.Clone()
		c.applied++
		if _, err := cl.Apply(l); err != nil {
			return fmt.Errorf("legal action %q refused by a clone: %v", g.FormatAction(l), err)
		}
		if c.full {
			if err := checkBoard(c.m, cl); err != nil {
				return fmt.Errorf("after legal action %q on a clone: %v", g.FormatAction(l), err)
			}
		}
	}
	if c.every(8) {
		if err := checkSecrets(g); err != nil {
			return err
		}
	}
	if c.every(16) {
		before := snapshotOf(g)
		ms := mutants(c.m, g, a, c.r)
		if !c.full {
			ms = ms[c.r.IntN(len(ms)):][:1]
		}
		for _, b := range ms {
			if g.Check(b) == nil {
				// The mutant is legal after all: Legal must list it.
				text := g.FormatAction(b)
				if !slices.ContainsFunc(legal, func(l rules.Action) bool { return g.FormatAction(l) == text }) {
					return fmt.Errorf("Check accepts %q but Legal() does not list it", text)
				}
				continue
			}
			c.refusals++
			if _, err := g.Apply(b); err == nil {
				return fmt.Errorf("Check refused %q but Apply accepted it", g.FormatAction(b))
			} else if internalPanic(err) {
				return fmt.Errorf("refusing %q the engine panicked inside: %v", g.FormatAction(b), err)
			} else if err.Error() == "" {
				return fmt.Errorf("refusal of %q has no reason", g.FormatAction(b))
			}
			if d := sameGame(before, snapshotOf(g)); d != "" {
				return fmt.Errorf("refused action %q changed the state:\n%s", g.FormatAction(b), d)
			}
		}
	}
	if c.every(20) {
		c.secrets++
		n := rules.Seat(len(g.Seats()))
		o := rules.Seat(c.r.IntN(int(n)))
		if h, changed := hideSecrets(g, o, c.r); changed {
			// The change is real: seat o sees it, in its hand or its
			// loyalty card.
			if was, is := g.View(o).Players[o], h.View(o).Players[o]; slices.Equal(was.Hand, is.Hand) && slices.Equal(was.Loyalty, is.Loyalty) && slices.Equal(was.WingCards, is.WingCards) {
				return fmt.Errorf("changing seat %d's secrets does not change its own view", o)
			}
			for s := rules.Public; s < n; s++ {
				if s == o {
					continue
				}
				v1, v2 := g.View(s), h.View(s)
				if v1.PeekSeat == o && len(v1.Peek) > 0 {
					continue // Melisandre: s is looking at o's hand
				}
				if !slices.Equal(v1.Log, v2.Log) {
					return fmt.Errorf("View(%d) log changes when seat %d's secrets change", s, o)
				}
				if same, d := sameView(v1, v2); !same {
					return fmt.Errorf("View(%d) changes when seat %d's secrets change:\n%s", s, o, d)
				}
			}
		}
	}
	return nil
}

var firstDiff = rules.FirstDiff

// checkRoundTrip writes the game's record, reads it back, replays it and
// compares every view.
func checkRoundTrip(m *board.Map, g *rules.Game) error {
	rec := rules.RecordOf(g)
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		return err
	}
	back, err := rules.ParseRecord(&buf)
	if err != nil {
		return fmt.Errorf("written record does not parse: %v", err)
	}
	if d := diffRecords(rec, back); d != "" {
		return fmt.Errorf("record changed by write+parse: %s", d)
	}
	r, _, err := rules.Replay(m, back)
	if err != nil {
		return fmt.Errorf("replay: %v", err)
	}
	if d := sameGame(snapshotOf(g), snapshotOf(r)); d != "" {
		return fmt.Errorf("replayed game differs: %s", d)
	}
	return nil
}

// randomGames is how many seeded random games TestRandomGames plays on the
// standard map; with -short, randomGamesShort (the same first games: every
// player count, the three full-check games, round trips).
const randomGames, randomGamesShort = 600, 30

// TestRandomGames plays seeded random games of 2, 3 and 4 players through
// Legal/Apply and checks the invariants before every action.
func TestRandomGames(t *testing.T) {
	t.Parallel() // beside the other whole-game tests, after the quick ones
	m := mustStandard(t)
	games := randomGames
	if testing.Short() {
		games = randomGamesShort
	}
	// The checks allocate many short-lived views: trade memory for less GC.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	workers := min(runtime.GOMAXPROCS(0), 4)
	var (
		mu      sync.Mutex
		failed  []string
		steps   int
		applied int
		refused int
		secrets int
		winners = map[int]int{}
	)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				players := 2 + i%3
				seed := uint64(i)*7919 + 1
				c := &checker{m: m, r: rand.New(rand.NewPCG(seed, 99)), full: i < 3}
				g, err := playRandom(m, players, seed, c.step)
				if err == nil {
					err = checkBoard(m, g)
				}
				if err == nil {
					if len(g.Legal()) != 0 {
						err = fmt.Errorf("game over but Legal() lists %d actions", len(g.Legal()))
					} else if len(g.View(rules.Public).Winners) == 0 {
						err = fmt.Errorf("game over without a winner")
					}
				}
				if err == nil && (i%5 == 0 || i < 3) {
					err = checkRoundTrip(m, g)
				}
				mu.Lock()
				if err != nil {
					rec := "(no game)"
					if g != nil {
						rec = rules.RecordOf(g).String()
					}
					failed = append(failed, fmt.Sprintf("game %d (%d players, seed %d): %v\nrecord so far:\n%s", i, players, seed, err, tail(rec, 40)))
				} else {
					winners[len(g.View(rules.Public).Winners)]++
				}
				steps += c.steps
				applied += c.applied
				refused += c.refusals
				secrets += c.secrets
				mu.Unlock()
			}
		}()
	}
	for i := range games {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	t.Logf("%d games, %d actions (%.0f per game), %d legal actions applied on clones, %d refused actions checked, %d secret swaps, winners per game: %v",
		games, steps, float64(steps)/float64(games), applied, refused, secrets, winners)
	for i, f := range failed {
		if i == 3 {
			t.Errorf("... and %d more failing games", len(failed)-3)
			break
		}
		t.Error(f)
	}
}

func tail(s string, lines int) string {
	l := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(l) > lines {
		l = append([]string{"..."}, l[len(l)-lines:]...)
	}
	return strings.Join(l, "\n")
}

// nineRulesMap is the standard map with the nine-player map's special rules
// added (a copy; the shipped map is shared): the Reach becomes a road area,
// the North is Stark's home region, Moat Cailin has its fortification, and
// Baratheon may field 3 dragons and starts with one in Kingswood.
func nineRulesMap(t testing.TB) *board.Map {
	t.Helper()
	data, err := json.Marshal(mustStandard(t))
	if err != nil {
		t.Fatal(err)
	}
	m := new(board.Map)
	if err := json.Unmarshal(data, m); err != nil {
		t.Fatal(err)
	}
	m.Index()
	m.Regions = []board.Region{{ID: "the-north", Name: "The North", House: "stark"}}
	for _, id := range []string{"winterfell", "karhold", "white-harbor", "moat-cailin", "the-stony-shore", "widows-watch", "castle-black"} {
		i, _ := m.Territory(id)
		m.Territories[i].Region = "the-north"
	}
	mc, _ := m.Territory("moat-cailin")
	m.Territories[mc].Fortification = true
	r, _ := m.Territory("the-reach")
	m.Territories[r].Kind = board.Road
	m.Territories[r].Fortress = board.NoFortress
	b, _ := m.House("baratheon")
	m.Houses[b].Limits[board.Dragon] = 3
	m.Setup = append(m.Setup, board.Placement{House: "baratheon", Territory: "kingswood", Unit: board.Dragon, Count: 1})
	return m
}

// TestRandomGamesNineRules runs the random-game checks on a map with the
// nine-player rules (roads, home region, fortification, dragons), and on
// the shipped nine-player map.
func TestRandomGamesNineRules(t *testing.T) {
	t.Parallel()
	// run plays the games numbered so; a game's number gives its player
	// count, its seed and its checks (the first two check everything, every
	// fourth is written, read back and replayed).
	run := func(t *testing.T, m *board.Map, games []int) {
		minP, maxP := max(2, m.MinPlayers), min(max(m.MaxPlayers, 2), len(m.Conspiracies))
		names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy"}
		for _, i := range games {
			n := minP + i%(maxP-minP+1)
			seed := uint64(i)*104729 + 3
			c := &checker{m: m, r: rand.New(rand.NewPCG(seed, 7)), full: i < 2}
			g, err := rules.New(m, rules.Config{Players: names[:n], Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			p := newRandomPlayer(seed, 0)
			for steps := 0; !g.Over() && err == nil; steps++ {
				legal := g.Legal()
				switch {
				case steps > maxActions:
					err = fmt.Errorf("game not over after %d actions", steps)
				case len(legal) == 0:
					err = fmt.Errorf("no legal action in phase %s", g.View(rules.Public).Phase)
				default:
					a := p.pick(legal)
					if err = c.step(g, legal, a); err == nil {
						if _, aerr := g.Apply(a); aerr != nil {
							err = fmt.Errorf("legal %q refused: %v", g.FormatAction(a), aerr)
						}
					}
				}
			}
			if err == nil {
				err = checkBoard(m, g)
			}
			if err == nil && i%4 == 0 {
				err = checkRoundTrip(m, g)
			}
			if err != nil {
				t.Fatalf("game %d (%d players, seed %d): %v\n%s", i, n, seed, err, tail(rules.RecordOf(g).String(), 30))
			}
		}
	}
	std, nine := upTo(40), upTo(9)
	if testing.Short() {
		// The two full-check games of the first map and one more; on the
		// nine-player map its full-check game of two and the game of nine.
		std, nine = upTo(3), []int{0, 7}
	}
	// The two maps play side by side, and beside the other whole-game tests.
	t.Run("standard-with-nine-rules", func(t *testing.T) {
		t.Parallel()
		roomyGC(t)
		run(t, nineRulesMap(t), std)
	})
	t.Run("nine", func(t *testing.T) {
		t.Parallel()
		roomyGC(t)
		m, err := maps.Load("nine")
		if err != nil {
			t.Fatalf("the shipped nine-player map does not load: %v", err)
		}
		// Every player count from 2 to 9 once, and 2 again: a nine-player
		// game is some 1,500 checked actions.
		run(t, m, nine)
	})
}

var roomy struct {
	sync.Mutex
	users, was int
}

// roomyGC lets the garbage collector run less often while t runs, trading
// memory for time: the whole-game checks allocate many short-lived views.
// Such tests run side by side; the last to end restores the setting. (The
// tests that measure the heap are not parallel: they run before these.)
func roomyGC(t testing.TB) {
	roomy.Lock()
	if roomy.users == 0 {
		roomy.was = debug.SetGCPercent(400)
	}
	roomy.users++
	roomy.Unlock()
	t.Cleanup(func() {
		roomy.Lock()
		if roomy.users--; roomy.users == 0 {
			debug.SetGCPercent(roomy.was)
		}
		roomy.Unlock()
	})
}

// upTo is 0, 1, …, n-1.
func upTo(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
