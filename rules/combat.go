package rules

import (
	"fmt"
	"slices"

	"notrueking/board"
	"notrueking/words"
)

// startCombat opens a combat: house att, moving u from from (a move made by
// seat), enters to where house def has troops. The combat's active player
// is the seat whose turn it is, the one resolving the agent (rules:
// combat, the active player),
// also when a card (Asha Greyjoy) granted the move to another seat
// (rulings.md, Combat).
func (g *Game) startCombat(seat Seat, att, def board.HouseID, from, to board.TerrID, u [board.NumUnits]int) {
	n := g.numSeats()
	if s, ok := g.resolvingSeat(); ok {
		seat = s
	}
	c := &combat{Territory: to, From: from, Attacker: att, Defender: def, AttUnits: u,
		Active: seat, Step: "cards", Winner: -1, Retreater: -1}
	for i := Seat(0); i < n; i++ {
		c.Order = append(c.Order, (seat+i)%n)
	}
	g.emit(Event{Seat: Public, Kind: EvCombatStarted, Terr: to, House: att, House2: def})
	g.push(frame{Kind: FrameCombat, Seat: seat, House: att, Combat: c, Effect: None, Target: -1})
}

// playable reports whether seat holds a card of a house in combat c.
func (g *Game) playable(c *combat, seat Seat) bool {
	for _, id := range g.st.Players[seat].Hand {
		if g.inCombat(c, id) {
			return true
		}
	}
	return false
}

func (g *Game) inCombat(c *combat, card board.CardID) bool {
	h := g.cardHouse(card)
	return h == c.Attacker || h == c.Defender
}

func (g *Game) doCombat(c *combat, a Action, exec bool) error {
	seat := a.Seat
	switch c.Step {
	case "cards":
		switch a.Verb {
		case VPass:
			if exec {
				c.Plays = append(c.Plays, play{Seat: seat, Card: None})
				c.Next++
				g.emit(Event{Seat: Public, Kind: EvPassed, Who: seat, House: c.Attacker, House2: c.Defender})
			}
			return nil
		case VPlay:
			card, err := g.cardArg(a.Card)
			if err != nil {
				return err
			}
			i := slices.Index(g.st.Players[seat].Hand, card)
			if i < 0 {
				return fmt.Errorf("%s does not hold %s", g.seatName(seat), g.cardName(card))
			}
			if !g.inCombat(c, card) {
				return fmt.Errorf("%s is a %s card; only %s or %s cards may be played in this combat",
					g.cardName(card), g.houseName(g.cardHouse(card)), g.houseName(c.Attacker), g.houseName(c.Defender))
			}
			if exec {
				p := &g.st.Players[seat]
				p.Hand = slices.Delete(p.Hand, i, i+1)
				c.Plays = append(c.Plays, play{Seat: seat, Card: card})
				c.Next++
				g.emit(Event{Seat: Public, Kind: EvCardPlayed, Who: seat, Card: card})
				g.discard(card)
			}
			return nil
		}
		return fmt.Errorf("combat in %s: %s may play a %s or %s card, or pass", g.terrName(c.Territory), g.seatName(seat), g.houseName(c.Attacker), g.houseName(c.Defender))
	case "tie":
		if a.Verb != VWinner {
			return fmt.Errorf("the combat in %s is tied: %s must name the winner", g.terrName(c.Territory), g.seatName(c.Active))
		}
		h, err := g.houseArg(a.House)
		if err != nil {
			return err
		}
		if h != c.Attacker && h != c.Defender {
			return fmt.Errorf("%s is not in this combat: name %s or %s", g.houseName(h), g.houseName(c.Attacker), g.houseName(c.Defender))
		}
		if exec {
			g.emit(Event{Seat: Public, Kind: EvTieDecided, Who: seat, House: h})
			g.finishCombat(c, h)
		}
		return nil
	case "redeploy":
		if a.Verb != VRetreat {
			return fmt.Errorf("%s must choose where %s's dragons fly", g.seatName(c.Active), g.houseName(c.Attacker))
		}
		t, err := g.terrArg(a.To)
		if err != nil {
			return err
		}
		if !slices.Contains(g.redeployOptions(c), t) {
			return fmt.Errorf("the dragons may fly only back to %s or into a land territory next to %s free of other houses' troops and flags", g.terrName(c.From), g.terrName(c.Territory))
		}
		if exec {
			g.redeploy(c, t)
			g.afterRetreat(c)
		}
		return nil
	case "retreat":
		if a.Verb != VRetreat {
			return fmt.Errorf("%s must choose where %s retreats", g.seatName(c.Active), g.houseName(c.Retreater))
		}
		t, err := g.terrArg(a.To)
		if err != nil {
			return err
		}
		if err := g.retreatRule(c, t); err != nil {
			return err
		}
		if exec {
			g.doRetreat(c, t)
			g.afterRetreat(c)
		}
		return nil
	}
	return fmt.Errorf("the combat is not waiting for %q", a.Verb)
}

// combatStep runs the automatic parts of a combat; it reports progress.
func (g *Game) combatStep(c *combat) bool {
	if c.Step != "cards" {
		return false
	}
	if c.Next < len(c.Order) {
		seat := c.Order[c.Next]
		if g.playable(c, seat) {
			return false
		}
		// A seat with no card of either house is not asked: it passes,
		// and the log says why (the houses of a hand are public).
		c.Plays = append(c.Plays, play{Seat: seat, Card: None})
		c.Next++
		g.emit(Event{Seat: Public, Kind: EvPassed, Who: seat, House: c.Attacker, House2: c.Defender, N: 1})
		return true
	}
	ap, _ := g.power(c, c.Attacker)
	dp, _ := g.power(c, c.Defender)
	switch {
	case ap > dp:
		g.finishCombat(c, c.Attacker)
	case dp > ap:
		g.finishCombat(c, c.Defender)
	default:
		c.Step = "tie"
		g.emit(Event{Seat: Public, Kind: EvCombatTied, Terr: c.Territory, N: int16(ap), M: int16(dp), Who: c.Active})
	}
	return true
}

// sideUnits returns the units of house h fighting in combat c.
func (g *Game) sideUnits(c *combat, h board.HouseID) [board.NumUnits]int {
	if h == c.Attacker {
		return c.AttUnits
	}
	return g.st.Units[c.Territory][h]
}

// unitPower is what one unit adds: land footman 1, knight 2, dragon 3; sea
// ship 1, knight 1, footman 0, dragon 3.
func unitPower(k board.Unit, atSea bool) int {
	switch k {
	case board.Footman:
		if atSea {
			return 0
		}
		return 1
	case board.Knight:
		if atSea {
			return 1
		}
		return 2
	case board.Ship:
		return 1
	case board.Dragon:
		return 3
	}
	return 0
}

// playedEffect reports whether a card with effect e of house h was played.
func (g *Game) playedEffect(c *combat, e string, h board.HouseID) (string, bool) {
	for _, p := range c.Plays {
		if p.Card == None {
			continue
		}
		card := g.card(p.Card)
		if card.Effect == e && g.cardHouse(p.Card) == h {
			return card.Name, true
		}
	}
	return "", false
}

// power returns house h's total power in combat c and every addend.
func (g *Game) power(c *combat, h board.HouseID) (int, []string) {
	t := g.m.Territories[c.Territory]
	atSea := t.Kind == board.Sea || t.Kind == board.Port
	u := g.sideUnits(c, h)
	var terms []string
	sum := 0
	for k := board.Unit(0); k < board.NumUnits; k++ {
		if u[k] == 0 {
			continue
		}
		if k == board.Ship && !atSea {
			continue
		}
		p := u[k] * unitPower(k, atSea)
		sum += p
		terms = append(terms, fmt.Sprintf("%s +%d", words.UnitCount(u[k], k), p))
	}
	if h == c.Defender && t.Kind == board.Land && t.Fortress != board.NoFortress {
		bonus := t.Fortress.DefenceBonus()
		if name, ok := g.playedEffect(c, board.EffectBrienne, c.Attacker); ok {
			terms = append(terms, fmt.Sprintf("%s +0 (ignored: %s)", t.Fortress, name))
		} else if name, ok := g.playedEffect(c, board.EffectCatelyn, h); ok {
			sum += 2 * bonus
			terms = append(terms, fmt.Sprintf("%s +%d (doubled: %s)", t.Fortress, 2*bonus, name))
		} else {
			sum += bonus
			terms = append(terms, fmt.Sprintf("%s +%d", t.Fortress, bonus))
		}
	}
	if h == c.Defender && int(c.Territory) < len(g.st.Forts) && g.st.Forts[c.Territory] == h {
		sum++
		terms = append(terms, "fortification +1")
	}
	if _, home, ok := g.m.RegionOf(c.Territory); ok && t.Kind == board.Land && home == h {
		sum++
		terms = append(terms, "home region +1")
	}
	for _, p := range c.Plays {
		if p.Card == None || g.cardHouse(p.Card) != h {
			continue
		}
		card := g.card(p.Card)
		sum += card.Strength
		terms = append(terms, fmt.Sprintf("%s +%d", card.Name, card.Strength))
		if card.Effect == board.EffectSalladhor {
			n := 0
			for _, nb := range t.Neighbors {
				if g.m.Territories[nb].Kind == board.Sea {
					n += g.st.Units[nb][h][board.Ship]
				}
			}
			sum += n
			terms = append(terms, fmt.Sprintf("%s ships in adjacent seas +%d (%s)", g.houseName(h), n, card.Name))
		}
	}
	return sum, terms
}

// icons sums the swords and towers on house h's cards in combat c.
func (g *Game) icons(c *combat, h board.HouseID) (swords, towers int) {
	for _, p := range c.Plays {
		if p.Card != None && g.cardHouse(p.Card) == h {
			card := g.card(p.Card)
			swords += card.Swords
			towers += card.Towers
		}
	}
	return
}

// kill removes n units from u in the order footmen, knights, ships,
// dragons, and returns what was removed.
func kill(u *[board.NumUnits]int, n int) [board.NumUnits]int {
	var lost [board.NumUnits]int
	for k := board.Unit(0); k < board.NumUnits && n > 0; k++ {
		d := min(n, u[k])
		u[k] -= d
		lost[k] += d
		n -= d
	}
	return lost
}

// drownVec removes carried units beyond the ships' capacity, footmen first.
func drownVec(u *[board.NumUnits]int) [board.NumUnits]int {
	var lost [board.NumUnits]int
	for _, k := range []board.Unit{board.Footman, board.Knight} {
		for carried(*u) > u[board.Ship] && u[k] > 0 {
			u[k]--
			lost[k]++
		}
	}
	return lost
}

// finishCombat settles combat c with house w the winner: casualties, then
// the loser's retreat, then occupation and card effects.
func (g *Game) finishCombat(c *combat, w board.HouseID) {
	l := c.Attacker
	if w == c.Attacker {
		l = c.Defender
	}
	c.Winner = w
	ap, at := g.power(c, c.Attacker)
	dp, dt := g.power(c, c.Defender)
	c.AttPower, c.DefPower, c.AttTerms, c.DefTerms = ap, dp, at, dt
	won := EvAttackerWon
	if w != c.Attacker {
		won = EvDefenderWon
	}
	g.emit(Event{Seat: Public, Kind: won, Terr: c.Territory, House: c.Attacker, House2: c.Defender, N: int16(ap), M: int16(dp)})
	sw, tw := g.icons(c, w)
	sl, tl := g.icons(c, l)
	lossL := max(0, 2+sw-tl)
	lossW := max(0, 1+sl-tw)
	t := c.Territory
	atSea := g.m.Territories[t].Kind != board.Land && g.m.Territories[t].Kind != board.Road
	for _, side := range []struct {
		h board.HouseID
		n int
	}{{l, lossL}, {w, lossW}} {
		u := &g.st.Units[t][side.h]
		if side.h == c.Attacker {
			u = &c.AttUnits
		}
		lost := kill(u, side.n)
		var drowned [board.NumUnits]int
		if atSea {
			drowned = drownVec(u)
		}
		e := Event{Seat: Public, Kind: EvCasualties, House: side.h, N: int16(side.n)}
		e.setUnits(lost)
		for k, d := range drowned {
			e.Lost[k] = int16(d)
		}
		g.emit(e)
	}
	if w == c.Attacker {
		c.Retreat = g.st.Units[t][l]
		g.st.Units[t][l] = [board.NumUnits]int{}
	} else {
		c.Retreat = c.AttUnits
		c.AttUnits = [board.NumUnits]int{}
		if board.Total(g.st.Units[t][w]) == 0 && g.m.Territories[t].Kind == board.Land {
			g.st.Flags[t] = w
			g.emit(Event{Seat: Public, Kind: EvFlagHeld, House: w, Terr: t})
		}
	}
	c.Retreater = l
	g.settle()
	if board.Total(c.Retreat) == 0 {
		g.afterRetreat(c)
		return
	}
	opts := g.retreatOptions(c)
	switch len(opts) {
	case 0:
		e := Event{Seat: Public, Kind: EvNoRetreat, House: l, Terr: t}
		e.setUnits(c.Retreat)
		g.emit(e)
		c.Retreat = [board.NumUnits]int{}
		g.afterRetreat(c)
	case 1:
		g.doRetreat(c, opts[0])
		g.afterRetreat(c)
	default:
		c.Step = "retreat"
	}
}

// retreatRule checks that the loser of c may retreat into t.
func (g *Game) retreatRule(c *combat, t board.TerrID) error {
	h := c.Retreater
	if err := g.moveRule(h, c.Territory, t, c.Retreat, [board.NumUnits]int{}); err != nil {
		return err
	}
	if o := g.otherOccupant(t, h); o >= 0 && g.m.Territories[t].Kind != board.Road {
		return fmt.Errorf("%s has troops in %s: a retreat may not start a combat", g.houseName(o), g.terrName(t))
	}
	return nil
}

// retreatOptions lists the territories the loser of c may retreat into.
func (g *Game) retreatOptions(c *combat) []board.TerrID {
	var out []board.TerrID
	for _, nb := range g.m.Territories[c.Territory].Neighbors {
		if g.retreatOK(c, nb) {
			out = append(out, nb)
		}
	}
	return out
}

// retreatOK is retreatRule without the words.
func (g *Game) retreatOK(c *combat, t board.TerrID) bool {
	h := c.Retreater
	return g.moveCheck(h, c.Territory, t, c.Retreat, [board.NumUnits]int{}) == moveOK &&
		(g.otherOccupant(t, h) < 0 || g.m.Territories[t].Kind == board.Road)
}

func (g *Game) doRetreat(c *combat, t board.TerrID) {
	u := c.Retreat
	c.Retreat = [board.NumUnits]int{}
	e := Event{Seat: Public, Kind: EvRetreated, House: c.Retreater, Terr: c.Territory, To: t}
	e.setUnits(u)
	g.emit(e)
	g.enter(c.Retreater, t, u)
}

// afterRetreat lets a winning attacker occupy the territory, ends the
// combat and queues the winner's card effects.
func (g *Game) afterRetreat(c *combat) {
	t := c.Territory
	if c.Winner == c.Attacker && c.AttUnits[board.Dragon] > 0 && g.m.Territories[t].Kind == board.Sea {
		// Dragons never stay at sea: back to their origin or into an
		// adjacent open or friendly land territory (nine-player rules: dragons).
		opts := g.redeployOptions(c)
		if len(opts) > 1 {
			c.Step = "redeploy"
			return
		}
		g.redeploy(c, opts[0])
	}
	if c.Winner == c.Attacker {
		u := c.AttUnits
		c.AttUnits = [board.NumUnits]int{}
		if board.Total(u) > 0 {
			e := Event{Seat: Public, Kind: EvOccupied, House: c.Attacker, Terr: t}
			e.setUnits(u)
			g.emit(e)
			g.enter(c.Attacker, t, u)
		} else if g.m.Territories[t].Kind == board.Land {
			g.st.Flags[t] = c.Attacker
			g.emit(Event{Seat: Public, Kind: EvFlagWon, House: c.Attacker, Terr: t})
		}
	}
	g.settle()
	c.Step = "done"
	plays := c.Plays
	w := c.Winner
	g.pop()
	var effects []frame
	for _, p := range plays {
		if p.Card == None || g.cardHouse(p.Card) != w {
			continue
		}
		switch g.card(p.Card).Effect {
		case board.EffectAsha:
			effects = append(effects, frame{Kind: FrameMove, Seat: p.Seat, House: w, Effect: p.Card, Target: -1})
		case board.EffectJaime:
			effects = append(effects, frame{Kind: FrameMuster, Seat: p.Seat, House: w, Effect: p.Card, Target: -1})
		case board.EffectCersei:
			effects = append(effects, frame{Kind: FrameCersei, Seat: p.Seat, House: w, Effect: p.Card, Target: -1})
		case board.EffectMelisandre:
			effects = append(effects, frame{Kind: FrameMelisandre, Seat: p.Seat, House: w, Effect: p.Card, Target: -1})
		}
	}
	for i := len(effects) - 1; i >= 0; i-- {
		e := effects[i]
		switch e.Kind {
		case FrameMuster:
			// Points are counted when the effect starts (after the combat).
			g.emit(Event{Seat: Public, Kind: EvJaimeMuster, House: w, Card: e.Effect, Who: e.Seat})
			g.startMuster(e.Seat, w, e.Effect)
			continue
		case FrameMove:
			g.emit(Event{Seat: Public, Kind: EvAshaMove, House: w, Card: e.Effect, Who: e.Seat})
		case FrameCersei:
			g.emit(Event{Seat: Public, Kind: EvCerseiGranted, House: w, Card: e.Effect, Who: e.Seat})
		case FrameMelisandre:
			g.emit(Event{Seat: Public, Kind: EvMelisandreGranted, House: w, Card: e.Effect, Who: e.Seat})
		}
		g.push(e)
	}
}

// redeployOptions lists where dragons that won a sea combat may go: their
// origin, or a land territory adjacent to the sea free of other houses'
// troops and flags. The origin always qualifies.
func (g *Game) redeployOptions(c *combat) []board.TerrID {
	out := []board.TerrID{c.From}
	for _, nb := range g.m.Territories[c.Territory].Neighbors {
		if nb == c.From || g.m.Territories[nb].Kind != board.Land {
			continue
		}
		if g.otherOccupant(nb, c.Attacker) >= 0 {
			continue
		}
		if f := g.st.Flags[nb]; f >= 0 && f != c.Attacker {
			continue
		}
		out = append(out, nb)
	}
	slices.Sort(out)
	return out
}

func (g *Game) redeploy(c *combat, t board.TerrID) {
	var d [board.NumUnits]int
	d[board.Dragon] = c.AttUnits[board.Dragon]
	c.AttUnits[board.Dragon] = 0
	e := Event{Seat: Public, Kind: EvRedeployed, House: c.Attacker, Terr: c.Territory, To: t}
	e.setUnits(d)
	g.emit(e)
	g.enter(c.Attacker, t, d)
}

// ---- Cersei and Melisandre ----

// resolvingAgent returns the house and slot of the agent being resolved.
func (g *Game) resolvingAgent() (board.HouseID, Slot, bool) {
	for i := len(g.st.Stack) - 1; i >= 0; i-- {
		if f := g.st.Stack[i]; f.Kind == FrameAgent {
			return f.House, f.Slot, true
		}
	}
	return -1, 0, false
}

// resolvingSeat returns the seat resolving the current agent.
func (g *Game) resolvingSeat() (Seat, bool) {
	for i := len(g.st.Stack) - 1; i >= 0; i-- {
		if f := g.st.Stack[i]; f.Kind == FrameAgent {
			return f.Seat, true
		}
	}
	return -1, false
}

// cerseiTargets lists the unresolved agents of the frame's house.
func (g *Game) cerseiTargets(f *frame) []Slot {
	rh, rs, ok := g.resolvingAgent()
	var out []Slot
	for s := Maester; s < NumSlots; s++ {
		if g.st.Slots[f.House][s] < 0 || (ok && rh == f.House && rs == s) {
			continue
		}
		out = append(out, s)
	}
	return out
}

func (g *Game) doRemove(f *frame, a Action, exec bool) error {
	h, err := g.houseArg(a.House)
	if err != nil {
		return err
	}
	if h != f.House {
		return fmt.Errorf("%s removes only a %s agent", g.cardName(f.Effect), g.houseName(f.House))
	}
	if !validSlot(a.Slot) {
		return fmt.Errorf("there is no slot %d", int(a.Slot))
	}
	if !slices.Contains(g.cerseiTargets(f), a.Slot) {
		if g.st.Slots[h][a.Slot] < 0 {
			return fmt.Errorf("there is no agent on %s %s", g.houseName(h), slotName(a.Slot))
		}
		return fmt.Errorf("the agent on %s %s is resolving now and cannot be removed", g.houseName(h), slotName(a.Slot))
	}
	if !exec {
		return nil
	}
	owner := g.st.Slots[h][a.Slot]
	g.st.Slots[h][a.Slot] = -1
	g.st.Players[owner].Agents++
	g.emit(Event{Seat: Public, Kind: EvCerseiRemoved, Who: a.Seat, Other: owner, House: h, Slot: int16(a.Slot)})
	g.pop()
	return nil
}

func (g *Game) melisandreTargets(seat Seat) []Seat {
	var out []Seat
	for s := range g.numSeats() {
		if s != seat && len(g.st.Players[s].Hand) > 0 {
			out = append(out, s)
		}
	}
	return out
}

func (g *Game) doMelisandre(f *frame, a Action, exec bool) error {
	if f.Target < 0 {
		switch a.Verb {
		case VDecline:
			if exec {
				g.emit(Event{Seat: Public, Kind: EvMelisandreDeclined, Who: a.Seat})
				g.pop()
			}
			return nil
		case VLook:
			if a.Target == a.Seat {
				return fmt.Errorf("%s looks at an opponent's hand, not their own", g.cardName(f.Effect))
			}
			if a.Target < 0 || a.Target >= g.numSeats() {
				return fmt.Errorf("there is no seat %d", a.Target)
			}
			if len(g.st.Players[a.Target].Hand) == 0 {
				return fmt.Errorf("%s holds no house cards", g.seatName(a.Target))
			}
			if exec {
				f.Target = a.Target
				g.emit(Event{Seat: Public, Kind: EvMelisandreLooked, Who: a.Seat, Other: a.Target})
				start := len(g.items)
				for _, c := range g.st.Players[a.Target].Hand {
					g.addItem(g.cardCode(c))
				}
				g.emit(Event{Seat: a.Seat, Kind: EvMelisandreHand, Who: a.Seat, Other: a.Target, List: g.listFrom(start)})
			}
			return nil
		}
		return fmt.Errorf("%s may look at an opponent's hand or decline", g.seatName(a.Seat))
	}
	if a.Verb != VDiscard {
		return fmt.Errorf("%s must choose the card %s discards", g.seatName(a.Seat), g.seatName(f.Target))
	}
	card, err := g.cardArg(a.Card)
	if err != nil {
		return err
	}
	p := &g.st.Players[f.Target]
	i := slices.Index(p.Hand, card)
	if i < 0 {
		return fmt.Errorf("%s does not hold %s", g.seatName(f.Target), g.cardName(card))
	}
	if exec {
		p.Hand = slices.Delete(p.Hand, i, i+1)
		g.emit(Event{Seat: Public, Kind: EvMelisandreDiscard, Who: a.Seat, Other: f.Target, Card: card})
		g.pop()
		g.discard(card)
	}
	return nil
}
