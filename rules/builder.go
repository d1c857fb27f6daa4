package rules

import (
	"errors"
	"fmt"
	"slices"

	"notrueking/board"
)

// A Builder builds a position one fact at a time and then a game that
// starts there (a scenario: package scenarios reads one from a file).
// Each call checks its fact on its own and against what stands in the
// same place, and refuses it with the reason, changing nothing; Build
// checks what relates the facts (the supply, ports, fortifications,
// every card in one place, the agents and pending steps against the
// phase, whose turn it is) and returns every problem it finds as a
// *PositionError. Houses, territories, seats and cards are numbers of
// the map (board.Map: Houses, Territories, CardAt) and of the players.
//
// A Builder starts from an empty board: no units, flags or agents, every
// fortification unheld, every loyalty card in the map's house order face
// down, no card in a deck, a discard or a hand, round 1, the first seat
// first, the resolution phase, the generator drawn from the seed. Give
// the agents before the pending steps (an agent resolving stands on its
// slot), and the hands, discards and the decks given before ShuffleDeck.
type Builder struct {
	g *Game
	// turn is the seat Turn named, or None: Build works it out.
	turn Seat
	// ranked: Rank was called; Build computes the ranking otherwise.
	ranked bool
	// had[h]: DragonsHad was given for house h; else its dragons on the board.
	had []bool
	// arranged[s]: Arranged was given for seat s (loyalty phase only).
	arranged []bool
}

// NewBuilder starts a position on map m for the players of cfg (their
// number and names are checked as New checks them) and its variant.
func NewBuilder(m *board.Map, cfg Config) (*Builder, error) {
	g, err := blank(m, cfg)
	if err != nil {
		return nil, err
	}
	g.st.Phase = PhaseResolve
	if c := g.st.Citadel; c != nil {
		c.Deck = []Wing{} // every Dark Wings card nowhere, as the house cards
	}
	return &Builder{g: g, turn: None, had: make([]bool, len(m.Houses)), arranged: make([]bool, len(cfg.Players))}, nil
}

// Phase sets the phase. PhaseOver is a game whose last exchange is done:
// Build has the engine score it (the round must be the last).
func (b *Builder) Phase(p Phase) error {
	switch p {
	case PhaseLoyalty, PhasePlace, PhaseResolve, PhaseCombat, PhaseExchange, PhaseOver:
		b.g.st.Phase = p
		return nil
	}
	return fmt.Errorf("unknown phase %q (want loyalty, place, resolve, combat, exchange or over)", p)
}

// Round sets the round: 1 to the number of players.
func (b *Builder) Round(n int) error { return b.g.putRound(n) }

// First makes seat the first player of the round.
func (b *Builder) First(seat Seat) error {
	if err := b.g.seatOK(seat); err != nil {
		return err
	}
	b.g.st.First = seat
	return nil
}

// Turn names whose turn it is. Without it Build works it out from the
// position; with it Build checks it (where the position decides, it must
// be that seat; in placement the seat has an agent left; in resolution an
// agent of the tier resolving).
func (b *Builder) Turn(seat Seat) error {
	if err := b.g.seatOK(seat); err != nil {
		return err
	}
	b.turn = seat
	return nil
}

// Rank adds house r.House's place to the ranking on display, best first
// (From..To a shared span). Without it Build shows the map's starting
// ranking in round 1 before its end, and the board's afterwards; with it
// every house is ranked.
func (b *Builder) Rank(r Rank) error {
	g, nh := b.g, len(b.g.m.Houses)
	h, err := g.houseArg(r.House)
	if err != nil {
		return err
	}
	rs := g.st.Ranking
	switch {
	case slices.ContainsFunc(rs, func(x Rank) bool { return x.House == r.House }):
		return fmt.Errorf("%s is ranked twice", g.houseName(h))
	case r.From < 1 || r.To > nh:
		return fmt.Errorf("a place is from 1 to %d", nh)
	case r.To < r.From:
		return fmt.Errorf("a shared place runs from %d to at least %d", r.From, r.From)
	case len(rs) > 0 && r.From < rs[len(rs)-1].From:
		return fmt.Errorf("the ranking is listed best first (%s before %s)", g.houseName(h), g.houseName(rs[len(rs)-1].House))
	case r.Crowns < 0 || r.Castles < 0 || r.Towns < 0 || r.Barrels < 0:
		return errors.New("a ranking counts nothing below 0")
	}
	g.st.Ranking = append(rs, r)
	b.ranked = true
	return nil
}

// RNG sets the generator's exact state (32 hex digits, as Position.RNG
// writes it): every later shuffle follows from it.
func (b *Builder) RNG(text string) error {
	r, err := parseRNG(text)
	if err != nil {
		return err
	}
	b.g.st.RNG = r
	return nil
}

// Loyalty arranges seat's loyalty card: every house once, best slot
// first. Whether it counts as arranged is Arranged's.
func (b *Builder) Loyalty(seat Seat, order []board.HouseID) error { return b.g.putLoyalty(seat, order) }

// Reveal turns seat's token of house h face up.
func (b *Builder) Reveal(seat Seat, h board.HouseID) error {
	g := b.g
	if err := g.seatOK(seat); err != nil {
		return err
	}
	if _, err := g.houseArg(h); err != nil {
		return err
	}
	if g.st.Players[seat].Revealed[h] {
		return fmt.Errorf("the %s token is revealed twice", g.houseName(h))
	}
	g.st.Players[seat].Revealed[h] = true
	return nil
}

// Arranged says whether seat has arranged its loyalty card: only in the
// loyalty phase, where a card is not arranged until then (in every other
// phase every card is).
func (b *Builder) Arranged(seat Seat, done bool) error {
	if err := b.g.seatOK(seat); err != nil {
		return err
	}
	b.g.st.Players[seat].Arranged = done
	b.arranged[seat] = true
	return nil
}

// HandCard puts card c in seat's hand.
func (b *Builder) HandCard(seat Seat, c board.CardID) error { return b.g.toHand(seat, c, false) }

// DeckCard puts card c of house h under the cards of its deck given so
// far (the first given is the top card).
func (b *Builder) DeckCard(h board.HouseID, c board.CardID) error {
	if err := b.houseCard(h, c); err != nil {
		return err
	}
	b.g.st.Decks[h] = append(b.g.st.Decks[h], c)
	return nil
}

// DiscardCard puts card c of house h on its discard pile (oldest first).
func (b *Builder) DiscardCard(h board.HouseID, c board.CardID) error {
	if err := b.houseCard(h, c); err != nil {
		return err
	}
	b.g.st.Discards[h] = append(b.g.st.Discards[h], c)
	return nil
}

func (b *Builder) houseCard(h board.HouseID, c board.CardID) error {
	if _, err := b.g.houseArg(h); err != nil {
		return err
	}
	if err := b.g.ownCard(h, c); err != nil {
		return err
	}
	return b.g.freeCard(c)
}

// ShuffleDeck puts every card of house h not yet in a deck, a discard or
// a hand under its deck, shuffled by the generator.
func (b *Builder) ShuffleDeck(h board.HouseID) error {
	g := b.g
	if _, err := g.houseArg(h); err != nil {
		return err
	}
	var rest []board.CardID
	for _, c := range g.m.HouseCards(h) {
		if g.cardPlace(c) == "" {
			rest = append(rest, c)
		}
	}
	g.rand().Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	g.st.Decks[h] = append(g.st.Decks[h], rest...)
	return nil
}

// DragonsHad sets the dragons house h has had (set up and mustered), at
// most its limit: a lost dragon never returns. Without it a house has
// had the dragons it has on the board.
func (b *Builder) DragonsHad(h board.HouseID, n int) error {
	g := b.g
	if _, err := g.houseArg(h); err != nil {
		return err
	}
	if lim := g.m.Houses[h].Limits[board.Dragon]; n < 0 || n > lim {
		return fmt.Errorf("%s may have at most %d dragons", g.houseName(h), lim)
	}
	g.st.Dragons[h] = n
	b.had[h] = true
	return nil
}

// Agent puts seat's agent on house h's slot s; a seat has AgentsPerPlayer
// agents, those not on a slot in hand.
func (b *Builder) Agent(h board.HouseID, s Slot, seat Seat) error { return b.g.putAgent(h, s, seat) }

// Units sets house h's units in territory t: ships never on land, only
// ships in a port, footmen and knights at sea carried by as many ships,
// no dragon at sea, one house's troops in a territory but a road, none
// where a flag stands.
func (b *Builder) Units(t board.TerrID, h board.HouseID, u [board.NumUnits]int) error {
	return b.g.putUnits(t, h, u)
}

// Flag puts house h's flag in land territory t, which has no troops.
func (b *Builder) Flag(t board.TerrID, h board.HouseID) error {
	if _, err := b.g.houseArg(h); err != nil {
		return err
	}
	return b.g.putFlag(t, h)
}

// Fort sets the fortification of territory t: FortEmpty (unheld: the
// first house to enter holds it), FortNone (gone for good) or the house
// holding it (while it has troops there).
func (b *Builder) Fort(t board.TerrID, holder board.HouseID) error {
	g := b.g
	if err := g.terrOK(t); err != nil {
		return err
	}
	if !g.m.Territories[t].Fortification {
		return fmt.Errorf("%s has no fortification on this map", g.terrName(t))
	}
	if holder != FortEmpty && holder != FortNone {
		if _, err := g.houseArg(holder); err != nil {
			return err
		}
	}
	g.st.Forts[t] = holder
	return nil
}

// Build checks the whole position, then returns the game that starts
// from it: the automatic steps the position waits for run as after an
// action (a combat whose next seat holds no card passes for it, a
// resolution with no agent left ends the round), its history and log
// start there (undo stops there), and a position in which the seat to act
// could do nothing is refused. The builder is not changed. Every problem
// found is returned, each a *PositionError (errors.Join).
func (b *Builder) Build() (*Game, error) {
	src := b.g
	g := &Game{m: src.m, cfg: src.Config(), st: src.st.clone()}
	var errs []error
	add := func(part Part, i int, format string, args ...any) {
		errs = append(errs, &PositionError{Part: part, Index: i, Msg: fmt.Sprintf(format, args...)})
	}
	b.derive(g, add)
	errs = append(errs, g.whole()...)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return g.start()
}

// derive fills in what the builder was not given: the seats of pending
// steps, muster points, the ranking, dragons had, arranged cards and
// whose turn it is; and scores a game given as over.
func (b *Builder) derive(g *Game, add addFunc) {
	s := &g.st
	g.derivePending()
	b.deriveRanking(g, add)
	for h, given := range b.had {
		if !given {
			s.Dragons[h] = g.onBoard(board.HouseID(h))[board.Dragon]
		}
	}
	if s.Phase != PhaseLoyalty {
		for i := range g.numSeats() {
			if b.arranged[i] {
				add(PartArranged, int(i), "only the loyalty phase has players still to arrange their cards (every card is arranged in the %s phase)", s.Phase)
			}
			s.Players[i].Arranged = true
		}
	}
	b.deriveTurn(g, add)
}

// deriveRanking checks that a ranking given ranks every house, or shows
// the map's starting ranking in round 1 before its end and the board's
// afterwards.
func (b *Builder) deriveRanking(g *Game, add addFunc) {
	s := &g.st
	switch {
	case b.ranked:
		for h := range g.m.NumHouses() {
			if !slices.ContainsFunc(s.Ranking, func(r Rank) bool { return r.House == h }) {
				add(PartRanking, -1, "%s has no place in the ranking (rank every house or none)", g.houseName(h))
			}
		}
	case s.Round == 1 && s.Phase != PhaseExchange && s.Phase != PhaseOver:
		s.Ranking = initialRankingOf(g.m)
	default:
		s.Ranking = g.computeRanking()
	}
}

// deriveTurn works out whose turn it is, or checks the turn given, and
// the exchanges made this round; a game given as over is its last
// exchange just done, which the engine scores.
func (b *Builder) deriveTurn(g *Game, add addFunc) {
	s := &g.st
	np := g.numSeats()
	// Done counts the exchanges of the round: stale outside the exchange,
	// as in play (none before the first exchange, all after it).
	if s.Round > 1 {
		s.Done = int(np)
	}
	if s.Phase == PhaseOver {
		if s.Round != s.Rounds {
			add(PartRound, -1, "a game that is over is in its last round (%d), not %d", s.Rounds, s.Round)
		}
		if b.turn != None && b.turn != s.First {
			add(PartTurn, -1, "it is %s's turn here, not %s's", g.seatName(s.First), g.seatName(b.turn))
		}
		s.Phase, s.Turn, s.Done = PhaseExchange, s.First, int(np)
		return
	}
	t, err := g.turnFor(b.turn)
	if err != nil {
		add(PartTurn, -1, "%v", err)
	}
	s.Turn = t
	if s.Phase == PhaseExchange {
		s.Done = int((t - s.First + np) % np)
	}
}

// initialRankingOf is the ranking a game on map m shows before its first
// round is ranked: the map's starting ranks, with its setup's numbers.
func initialRankingOf(m *board.Map) []Rank {
	players := make([]string, max(2, m.MinPlayers))
	for i := range players {
		players[i] = fmt.Sprintf("Player %d", i+1)
	}
	g, err := New(m, Config{Players: players})
	if err != nil {
		return nil
	}
	return g.st.Ranking
}

// derivePending gives the pending steps what they take from the agent
// resolving (its seat) and the board (muster points), and a combat its
// order of play.
func (g *Game) derivePending() {
	s := &g.st
	np := g.numSeats()
	for i := range s.Stack {
		f := &s.Stack[i]
		switch {
		case f.Kind == FrameAgent && f.Seat == None:
			f.Seat = s.Slots[f.House][f.Slot]
		case f.Seat == None && i > 0:
			f.Seat = s.Stack[0].Seat
		}
		if f.Kind == FrameMuster && f.Points == None {
			f.Points = g.barrels(f.House)
		}
		if c := f.Combat; c != nil && f.Seat >= 0 {
			c.Active = f.Seat
			c.Order = c.Order[:0]
			for k := range np {
				c.Order = append(c.Order, (f.Seat+k)%np)
			}
			c.Next = len(c.Plays)
		}
	}
}

// start makes g's position the start of its history: the automatic steps
// it waits for run, its log starts empty, and a position in which the
// seat to act could do nothing is refused.
func (g *Game) start() (_ *Game, err error) {
	g.st.Log = nil
	g.reserve()
	g.logGen++
	defer func() {
		if r := recover(); r != nil {
			err = &PositionError{Part: PartStack, Index: -1, Msg: fmt.Sprintf("the position cannot be played: %v", r)}
		}
	}()
	g.advance()
	g.rebase(setUpWhy)
	if who := g.ToAct(); who >= 0 && len(g.Legal()) == 0 {
		// A position play never reaches (a retreat with nowhere to go is
		// settled by the engine, not asked for).
		return nil, &PositionError{Part: PartStack, Index: -1,
			Msg: fmt.Sprintf("%s must act here and has no legal action: the position cannot arise in play", g.seatName(who))}
	}
	return g, nil
}

// ---- pending steps ----

// Resolving puts the agent resolving first on the pending steps: the one
// on house h's slot s (seat, when not None, must be its owner), with the
// agent actions it has taken (a Marshal never draws) and the number it
// has left (None: the rest of its actions, one for a Maester, two for the
// others).
func (b *Builder) Resolving(h board.HouseID, s Slot, seat Seat, used []Choice, left int) error {
	g := b.g
	if len(g.st.Stack) > 0 {
		return errors.New("only one agent resolves at a time: an agent is the first pending step only")
	}
	if err := g.slotOK(h, s, seat); err != nil {
		return err
	}
	var us []Choice
	for _, c := range used {
		switch {
		case c < ChooseMuster || c > ChooseDraw:
			return fmt.Errorf("unknown agent action %d", int(c))
		case slices.Contains(us, c):
			return fmt.Errorf("%s named twice", c)
		case s == Marshal && c == ChooseDraw:
			return errors.New("a Marshal musters and moves; it cannot draw")
		}
		us = append(us, c)
	}
	most := 2
	if s == Maester {
		most = 1
	}
	if left == None {
		left = max(0, most-len(us))
	}
	if left < 0 || left+len(us) > most {
		return fmt.Errorf("a %s takes %d actions; %d used and %d left", s, most, len(us), left)
	}
	g.push(frame{Kind: FrameAgent, Seat: seat, House: h, Slot: s, Used: us, Left: left, Effect: None, Target: None})
	return nil
}

// Muster puts a running Muster Troops action on the pending steps, of
// seat for house h (None: the agent's), granted by card (Ser Jaime
// Lannister; None for an agent's); points left (None: the house's barrels
// on the board) and the new units each territory has taken in it.
func (b *Builder) Muster(seat Seat, h board.HouseID, card board.CardID, points int, placed []int) error {
	f, err := b.step(FrameMuster, seat, h, card, false)
	if err != nil {
		return err
	}
	if points != None && (points < 0 || points > maxUnits) {
		return fmt.Errorf("%d muster points: 0 to %d", points, maxUnits)
	}
	nt := len(b.g.m.Territories)
	if placed == nil {
		placed = make([]int, nt)
	}
	if len(placed) != nt {
		return fmt.Errorf("a muster counts the new units of each of the %d territories", nt)
	}
	for t, n := range placed {
		if n < 0 || n > maxUnits {
			return fmt.Errorf("%d new units in %s: 0 to %d", n, b.g.terrName(board.TerrID(t)), maxUnits)
		}
	}
	f.Points, f.Placed = points, append([]int(nil), placed...)
	b.g.push(f)
	return nil
}

// Move puts a running Move Troops action on the pending steps, of seat
// for house h (None: the agent's), granted by card (Asha Greyjoy; None
// for an agent's).
func (b *Builder) Move(seat Seat, h board.HouseID, card board.CardID) error {
	f, err := b.step(FrameMove, seat, h, card, false)
	if err == nil {
		b.g.push(f)
	}
	return err
}

// Cersei puts the removal card (Cersei Lannister) grants on the pending
// steps: seat (None: the agent's) may remove an unresolved agent of
// house h (None: the agent's).
func (b *Builder) Cersei(seat Seat, h board.HouseID, card board.CardID) error {
	f, err := b.step(FrameCersei, seat, h, card, true)
	if err == nil {
		b.g.push(f)
	}
	return err
}

// Melisandre puts the look card (Melisandre) grants on the pending steps:
// seat (None: the agent's) may look at an opponent's hand — lookingAt's,
// or None before the look — and make them discard a card.
func (b *Builder) Melisandre(seat Seat, h board.HouseID, card board.CardID, lookingAt Seat) error {
	f, err := b.step(FrameMelisandre, seat, h, card, true)
	if err != nil {
		return err
	}
	if lookingAt != None {
		if err := b.g.seatOK(lookingAt); err != nil {
			return err
		}
	}
	f.Target = lookingAt
	b.g.push(f)
	return nil
}

// effectOf is the card effect that grants each kind of step.
var effectOf = map[FrameKind]string{
	FrameMove:       board.EffectAsha,
	FrameMuster:     board.EffectJaime,
	FrameCersei:     board.EffectCersei,
	FrameMelisandre: board.EffectMelisandre,
}

// step checks a step above the agent resolving and returns its frame.
func (b *Builder) step(kind FrameKind, seat Seat, h board.HouseID, card board.CardID, granted bool) (frame, error) {
	g := b.g
	if err := b.above(); err != nil {
		return frame{}, err
	}
	if seat != None {
		if err := g.seatOK(seat); err != nil {
			return frame{}, err
		}
	}
	if h == None {
		h = g.st.Stack[0].House
	}
	if _, err := g.houseArg(h); err != nil {
		return frame{}, err
	}
	switch {
	case card == None && granted:
		return frame{}, fmt.Errorf("name the card that grants the %s step", kind)
	case card == None:
	case g.cardOK(card) != nil:
		return frame{}, g.cardOK(card)
	case g.card(card).Effect != effectOf[kind]:
		return frame{}, fmt.Errorf("%s does not grant a %s step", g.cardName(card), kind)
	case g.cardHouse(card) != h:
		return frame{}, fmt.Errorf("%s is a %s card; the step is %s's", g.cardName(card), g.houseName(g.cardHouse(card)), g.houseName(h))
	}
	return frame{Kind: kind, Seat: seat, House: h, Effect: card, Target: None}, nil
}

// above checks that a step may go on top of the pending steps: over the
// agent resolving, and not over a combat (its effects come after it).
func (b *Builder) above() error {
	top := b.g.top()
	switch {
	case top == nil:
		return errors.New("the first pending step is the agent resolving; every other step comes from it")
	case top.Kind == FrameCombat:
		return errors.New("nothing is pending above a combat: what a combat grants comes after it")
	}
	return nil
}

// Combat puts a combat on top of the pending steps: house attacker's
// units from territory from attack territory t, where defender has
// troops; active is the active player (None: the agent's seat). It is at
// its cards step; CombatStep, Attacking, Retreating, Played and Powers
// tell the rest.
func (b *Builder) Combat(t, from board.TerrID, attacker, defender board.HouseID, active Seat) error {
	g := b.g
	if err := b.above(); err != nil {
		return err
	}
	for _, x := range []board.TerrID{t, from} {
		if err := g.terrOK(x); err != nil {
			return err
		}
	}
	for _, h := range []board.HouseID{attacker, defender} {
		if _, err := g.houseArg(h); err != nil {
			return err
		}
	}
	if active != None {
		if err := g.seatOK(active); err != nil {
			return err
		}
	}
	switch {
	case attacker == defender:
		return errors.New("a house does not fight itself")
	case !g.m.Adjacent(from, t):
		return fmt.Errorf("%s is not adjacent to %s", g.terrName(from), g.terrName(t))
	}
	c := &combat{Territory: t, From: from, Attacker: attacker, Defender: defender, Step: "cards", Winner: None, Retreater: None}
	g.push(frame{Kind: FrameCombat, Seat: active, House: attacker, Combat: c, Effect: None, Target: None})
	return nil
}

// topCombat is the combat on top of the pending steps.
func (b *Builder) topCombat() (*combat, error) {
	if top := b.g.top(); top != nil && top.Kind == FrameCombat {
		return top.Combat, nil
	}
	return nil, errors.New("no combat is pending on top")
}

// combatSteps are a combat's steps, in order.
var combatSteps = []string{"cards", "tie", "retreat", "redeploy"}

// CombatStep sets the step of the combat on top: cards (seats play in
// turn), tie (the active player names the winner), retreat or redeploy
// (decided: winner won, the loser's survivors or the attacker's dragons
// wait for a place to go). winner is None until the combat is decided.
func (b *Builder) CombatStep(step string, winner board.HouseID) error {
	c, err := b.topCombat()
	if err != nil {
		return err
	}
	if !slices.Contains(combatSteps, step) {
		return fmt.Errorf("unknown step %q (want cards, tie, retreat or redeploy)", step)
	}
	decided := step == "retreat" || step == "redeploy"
	switch {
	case winner == None:
	case !decided:
		return errors.New("the winner is known only at the retreat or redeploy step")
	case winner != c.Attacker && winner != c.Defender:
		return fmt.Errorf("%s is not in this combat", b.g.houseName(winner))
	}
	c.Step, c.Winner, c.Retreater = step, winner, None
	switch winner {
	case c.Attacker:
		c.Retreater = c.Defender
	case c.Defender:
		c.Retreater = c.Attacker
	}
	return nil
}

// Attacking sets the attacking units of the combat on top (off the board
// while it lasts): only the units ships carry land, only ships enter a
// port, and dragons attack a sea on their own.
func (b *Builder) Attacking(u [board.NumUnits]int) error {
	c, err := b.topCombat()
	if err != nil {
		return err
	}
	if err := b.g.checkGroup(c.Territory, u, true); err != nil {
		return err
	}
	c.AttUnits = u
	return nil
}

// Retreating sets the loser's survivors waiting to retreat, in a combat
// that is decided.
func (b *Builder) Retreating(u [board.NumUnits]int) error {
	c, err := b.topCombat()
	if err == nil {
		err = checkCount(u)
	}
	if err == nil {
		c.Retreat = u
	}
	return err
}

// Played adds the next card play of the combat on top: seat played card
// (None: passed). Seats play in turn from the active player; only cards of
// the combat's two houses are played.
func (b *Builder) Played(seat Seat, card board.CardID) error {
	c, err := b.topCombat()
	if err != nil {
		return err
	}
	g := b.g
	if len(c.Plays) >= len(g.st.Players) {
		return errors.New("more plays than players")
	}
	if err := g.seatOK(seat); err != nil {
		return err
	}
	if card != None {
		if err := g.cardOK(card); err != nil {
			return err
		}
		if !g.inCombat(c, card) {
			return fmt.Errorf("%s is a %s card: only %s or %s cards are played in this combat",
				g.cardName(card), g.houseName(g.cardHouse(card)), g.houseName(c.Attacker), g.houseName(c.Defender))
		}
	}
	c.Plays = append(c.Plays, play{Seat: seat, Card: card})
	return nil
}

// Powers records what decided the combat on top, as its view shows it:
// the attacker's and the defender's power and their terms.
func (b *Builder) Powers(att, def int, attTerms, defTerms []string) error {
	c, err := b.topCombat()
	if err != nil {
		return err
	}
	if att < 0 || def < 0 {
		return errors.New("a power is not below 0")
	}
	c.AttPower, c.DefPower = att, def
	c.AttTerms, c.DefTerms = append([]string(nil), attTerms...), append([]string(nil), defTerms...)
	return nil
}

// ---- the Citadel variant ----

// A Builder of a Citadel game (Config.Variant) starts with no crystals,
// ravens or Ill Tidings and every Dark Wings card nowhere: give the hands,
// the discard and the deck, then ShuffleWings puts the rest under the
// deck. Build checks that each of the twelve cards is in one place.

// citadelOf is the variant's part of g's position, or why it has none.
func (g *Game) citadelOf() (*citadel, error) {
	if c := g.st.Citadel; c != nil {
		return c, nil
	}
	return nil, errors.New("this game is played without the Citadel variant: it has no crystals, ravens or Dark Wings cards")
}

func (b *Builder) citadel() (*citadel, error) { return b.g.citadelOf() }

// A Citadel count per seat: its name, its bound and where it is kept.
type citadelCount struct {
	what string
	most int
	of   func(*citadel) []int
}

// The counts: crystals (a roll has at most MaxDice dice), ravens (Build
// checks them against the deck: three are exchanged at once while it has
// a card) and the Ill Tidings penalty (at most the twelve cards).
var (
	countCrystals = citadelCount{"crystals", MaxDice - 2, func(c *citadel) []int { return c.Crystals }}
	countRavens   = citadelCount{"ravens", MaxDice, func(c *citadel) []int { return c.Ravens }}
	countTidings  = citadelCount{"Ill Tidings", 2 * WingsPerKind, func(c *citadel) []int { return c.Tidings }}
)

// putCount sets one of seat's Citadel counts to n.
func (g *Game) putCount(seat Seat, n int, k citadelCount) error {
	c, err := g.citadelOf()
	if err != nil {
		return err
	}
	if err := g.seatOK(seat); err != nil {
		return err
	}
	if n < 0 || n > k.most {
		return fmt.Errorf("%d %s: 0 to %d", n, k.what, k.most)
	}
	k.of(c)[seat] = n
	return nil
}

// Crystals sets seat's Crystals of Knowledge (0 to MaxDice−2: a roll has
// at most MaxDice dice).
func (b *Builder) Crystals(seat Seat, n int) error { return b.g.putCount(seat, n, countCrystals) }

// Ravens sets seat's ravens: at most 2 while a Dark Wings card can be
// drawn (three are exchanged at once; Build checks it against the deck).
func (b *Builder) Ravens(seat Seat, n int) error { return b.g.putCount(seat, n, countRavens) }

// Tidings sets the Ill Tidings penalty on seat's rolls this round (the
// cards played on it: 0 to the twelve of the deck).
func (b *Builder) Tidings(seat Seat, n int) error { return b.g.putCount(seat, n, countTidings) }

// wing checks a Dark Wings card given: its kind, and one of the six of
// its kind still nowhere.
func (b *Builder) wing(w Wing) (*citadel, error) {
	c, err := b.citadel()
	if err != nil {
		return nil, err
	}
	if w == 0 || w >= numWings {
		return nil, fmt.Errorf("unknown Dark Wings card %d", int(w))
	}
	if wingsPlaced(c, w) >= WingsPerKind {
		return nil, fmt.Errorf("all %d %s cards are placed already: the deck holds %d of each kind", WingsPerKind, w.Name(), WingsPerKind)
	}
	return c, nil
}

// wingsPlaced counts the cards of kind w in the deck, the discard and the
// hands.
func wingsPlaced(c *citadel, w Wing) int {
	n := 0
	for _, ws := range append([][]Wing{c.Deck, c.Discard}, c.Hands...) {
		for _, x := range ws {
			if x == w {
				n++
			}
		}
	}
	return n
}

// WingHand puts a Dark Wings card of kind w in seat's hand.
func (b *Builder) WingHand(seat Seat, w Wing) error {
	if err := b.g.seatOK(seat); err != nil {
		return err
	}
	c, err := b.wing(w)
	if err != nil {
		return err
	}
	c.Hands[seat] = append(c.Hands[seat], w)
	return nil
}

// WingDeck puts a Dark Wings card of kind w under the deck given so far
// (the first given is the top card).
func (b *Builder) WingDeck(w Wing) error {
	c, err := b.wing(w)
	if err == nil {
		c.Deck = append(c.Deck, w)
	}
	return err
}

// WingDiscard puts a Dark Wings card of kind w on the discard (oldest
// first).
func (b *Builder) WingDiscard(w Wing) error {
	c, err := b.wing(w)
	if err == nil {
		c.Discard = append(c.Discard, w)
	}
	return err
}

// ShuffleWings puts every Dark Wings card not yet in the deck, the
// discard or a hand under the deck, shuffled by the generator.
func (b *Builder) ShuffleWings() error {
	c, err := b.citadel()
	if err != nil {
		return err
	}
	var rest []Wing
	for w := LostOrders; w < numWings; w++ {
		for range WingsPerKind - wingsPlaced(c, w) {
			rest = append(rest, w)
		}
	}
	b.g.rand().Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	c.Deck = append(c.Deck, rest...)
	return nil
}

// Known says that looker has looked at target's token of house h through
// Dig Up Dirt (and so knows where it is on target's card).
func (b *Builder) Known(looker, target Seat, h board.HouseID) error {
	c, err := b.citadel()
	if err != nil {
		return err
	}
	g := b.g
	for _, s := range []Seat{looker, target} {
		if err := g.seatOK(s); err != nil {
			return err
		}
	}
	if _, err := g.houseArg(h); err != nil {
		return err
	}
	switch {
	case looker == target:
		return errors.New("a player digs up dirt on another player: their own card holds no secret from them")
	case c.knows(looker, target, h):
		return fmt.Errorf("%s's look at %s's %s token is given twice", g.seatName(looker), g.seatName(target), g.houseName(h))
	}
	c.Known = append(c.Known, Uncovered{Looker: looker, Target: target, House: h})
	return nil
}

// WingPlayed says the seat resolving has played its Dark Wings card this
// turn (one a turn) and has not yet resolved an agent: only in the
// resolution phase with nothing pending (Build checks it).
func (b *Builder) WingPlayed(played bool) error {
	c, err := b.citadel()
	if err == nil {
		c.Played = played
	}
	return err
}

// CitadelStep puts a roll at the Citadel awaiting its choice on the
// pending steps, right above the Maester that studied (its action taken:
// left 0), of seat for house h (None: the Maester's): StepGain (a 7–9: a
// raven or a crystal) or StepDirt (a 10+ for Dig Up Dirt: the token to
// look at).
func (b *Builder) CitadelStep(seat Seat, h board.HouseID, step string) error {
	if _, err := b.citadel(); err != nil {
		return err
	}
	g := b.g
	top := g.top()
	switch {
	case step != StepGain && step != StepDirt:
		return fmt.Errorf("unknown Citadel step %q (want %s or %s)", step, StepGain, StepDirt)
	case top == nil || len(g.st.Stack) != 1 || top.Kind != FrameAgent || top.Slot != Maester:
		return errors.New("a roll at the Citadel is pending only right above the Maester agent that studied")
	case top.Left != 0 || len(top.Used) > 0:
		return errors.New("the Maester that studied has taken its action: give it used = [] and left = 0")
	case h != None && h != top.House:
		return fmt.Errorf("the Maester studied for %s, not %s", g.houseName(top.House), g.houseName(h))
	}
	if owner := g.st.Slots[top.House][Maester]; seat != None && seat != owner {
		if err := g.seatOK(seat); err != nil {
			return err
		}
		return fmt.Errorf("the Maester that studied is %s's, not %s's", g.seatName(owner), g.seatName(seat))
	}
	g.push(frame{Kind: FrameCitadel, Seat: None, House: top.House, Effect: None, Target: None, Step: step})
	return nil
}

// Variant is the variant of the game being built (Config.Variant).
func (b *Builder) Variant() Variant { return b.g.cfg.Variant }
