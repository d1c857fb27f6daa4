package rules

import (
	"fmt"
	"slices"
	"strings"

	"notrueking/board"
)

// startCombat opens a combat: house att, moving u from from, enters to where
// house def has troops. The moving seat is the combat's active player.
func (g *Game) startCombat(seat, att, def, from, to int, u [board.NumUnits]int) {
	n := len(g.S.Players)
	c := &Combat{Territory: to, From: from, Attacker: att, Defender: def, AttUnits: u,
		Active: seat, Step: "cards", Winner: -1, Retreater: -1}
	for i := 0; i < n; i++ {
		c.Order = append(c.Order, (seat+i)%n)
	}
	g.event(Public, "combat", fmt.Sprintf("Combat in %s: %s attacks %s.", g.terrName(to), g.houseName(att), g.houseName(def)))
	g.push(Frame{Kind: FrameCombat, Seat: seat, House: att, Combat: c, Target: -1})
}

// playable reports whether seat holds a card of a house in combat c.
func (g *Game) playable(c *Combat, seat int) bool {
	for _, id := range g.S.Players[seat].Hand {
		if g.inCombat(c, id) {
			return true
		}
	}
	return false
}

func (g *Game) inCombat(c *Combat, card string) bool {
	h, ok := g.m.House(g.cards[card].House)
	return ok && (h == c.Attacker || h == c.Defender)
}

func (g *Game) doCombat(c *Combat, a Action, exec bool) error {
	seat := a.Seat
	switch c.Step {
	case "cards":
		switch a.Verb {
		case VPass:
			if exec {
				c.Plays = append(c.Plays, Play{Seat: seat})
				c.Next++
				g.event(Public, "pass", fmt.Sprintf("%s plays no card.", g.seatName(seat)))
			}
			return nil
		case VPlay:
			card, err := g.cardArg(a.Card)
			if err != nil {
				return err
			}
			i := slices.Index(g.S.Players[seat].Hand, card)
			if i < 0 {
				return fmt.Errorf("%s does not hold %s", g.seatName(seat), g.cardName(card))
			}
			if !g.inCombat(c, card) {
				return fmt.Errorf("%s is a %s card; only %s or %s cards may be played in this combat",
					g.cardName(card), g.houseNameID(g.cards[card].House), g.houseName(c.Attacker), g.houseName(c.Defender))
			}
			if exec {
				p := &g.S.Players[seat]
				p.Hand = slices.Delete(p.Hand, i, i+1)
				c.Plays = append(c.Plays, Play{Seat: seat, Card: card})
				c.Next++
				g.event(Public, "play", fmt.Sprintf("%s plays %s.", g.seatName(seat), g.cardDesc(card)))
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
			g.event(Public, "winner", fmt.Sprintf("The combat is tied; %s names %s the winner.", g.seatName(seat), g.houseName(h)))
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
func (g *Game) combatStep(c *Combat) bool {
	if c.Step != "cards" {
		return false
	}
	if c.Next < len(c.Order) {
		seat := c.Order[c.Next]
		if g.playable(c, seat) {
			return false
		}
		c.Plays = append(c.Plays, Play{Seat: seat})
		c.Next++
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
		g.event(Public, "tie", fmt.Sprintf("The combat in %s is tied %d to %d: %s names the winner.", g.terrName(c.Territory), ap, dp, g.seatName(c.Active)))
	}
	return true
}

// sideUnits returns the units of house h fighting in combat c.
func (g *Game) sideUnits(c *Combat, h int) [board.NumUnits]int {
	if h == c.Attacker {
		return c.AttUnits
	}
	return g.S.Units[c.Territory][h]
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
func (g *Game) playedEffect(c *Combat, e string, h int) (string, bool) {
	for _, p := range c.Plays {
		if p.Card == "" {
			continue
		}
		card := g.cards[p.Card]
		if card.Effect == e && card.House == g.m.Houses[h].ID {
			return card.Name, true
		}
	}
	return "", false
}

// power returns house h's total power in combat c and every addend.
func (g *Game) power(c *Combat, h int) (int, []string) {
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
		terms = append(terms, fmt.Sprintf("%s +%d", countNoun(u[k], k), p))
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
	if h == c.Defender && c.Territory < len(g.S.Forts) && g.S.Forts[c.Territory] == h {
		sum++
		terms = append(terms, "fortification +1")
	}
	if t.Kind == board.Land && t.Region != "" && g.homeRegion(t.Region) == g.m.Houses[h].ID {
		sum++
		terms = append(terms, "home region +1")
	}
	for _, p := range c.Plays {
		if p.Card == "" {
			continue
		}
		card := g.cards[p.Card]
		if card.House != g.m.Houses[h].ID {
			continue
		}
		sum += card.Strength
		terms = append(terms, fmt.Sprintf("%s +%d", card.Name, card.Strength))
		if card.Effect == board.EffectSalladhor {
			n := 0
			for _, nb := range t.Neighbors {
				if g.m.Territories[nb].Kind == board.Sea {
					n += g.S.Units[nb][h][board.Ship]
				}
			}
			sum += n
			terms = append(terms, fmt.Sprintf("%s ships in adjacent seas +%d (%s)", g.houseName(h), n, card.Name))
		}
	}
	return sum, terms
}

// homeRegion returns the house at home in region id ("" for none).
func (g *Game) homeRegion(id string) string {
	for _, r := range g.m.Regions {
		if r.ID == id {
			return r.House
		}
	}
	return ""
}

// icons sums the swords and towers on house h's cards in combat c.
func (g *Game) icons(c *Combat, h int) (swords, towers int) {
	for _, p := range c.Plays {
		if p.Card == "" {
			continue
		}
		card := g.cards[p.Card]
		if card.House == g.m.Houses[h].ID {
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
func (g *Game) finishCombat(c *Combat, w int) {
	l := c.Attacker
	if w == c.Attacker {
		l = c.Defender
	}
	c.Winner = w
	ap, at := g.power(c, c.Attacker)
	dp, dt := g.power(c, c.Defender)
	c.AttPower, c.DefPower, c.AttTerms, c.DefTerms = ap, dp, at, dt
	g.event(Public, "combat", fmt.Sprintf("%s wins the combat in %s (%s %d, %s %d).", g.houseName(w), g.terrName(c.Territory),
		g.houseName(c.Attacker), ap, g.houseName(c.Defender), dp))
	sw, tw := g.icons(c, w)
	sl, tl := g.icons(c, l)
	lossL := max(0, 2+sw-tl)
	lossW := max(0, 1+sl-tw)
	t := c.Territory
	atSea := g.m.Territories[t].Kind != board.Land && g.m.Territories[t].Kind != board.Road
	for _, side := range []struct{ h, n int }{{l, lossL}, {w, lossW}} {
		u := &g.S.Units[t][side.h]
		if side.h == c.Attacker {
			u = &c.AttUnits
		}
		lost := kill(u, side.n)
		var drowned [board.NumUnits]int
		if atSea {
			drowned = drownVec(u)
		}
		msg := fmt.Sprintf("%s must lose %d %s and loses %s", g.houseName(side.h), side.n, plural(side.n, "unit", "units"), unitsText(lost))
		if side.n == 0 {
			msg = fmt.Sprintf("%s loses no units", g.houseName(side.h))
		}
		if total(drowned) > 0 {
			msg += fmt.Sprintf("; %s without a ship %s", unitsText(drowned), plural(total(drowned), "drowns", "drown"))
		}
		g.event(Public, "casualties", msg+".")
	}
	if w == c.Attacker {
		c.Retreat = g.S.Units[t][l]
		g.S.Units[t][l] = [board.NumUnits]int{}
	} else {
		c.Retreat = c.AttUnits
		c.AttUnits = [board.NumUnits]int{}
		if total(g.S.Units[t][w]) == 0 && g.m.Territories[t].Kind == board.Land {
			g.S.Flags[t] = w
			g.event(Public, "flag", fmt.Sprintf("%s holds %s with no troops left: its flag stands there.", g.houseName(w), g.terrName(t)))
		}
	}
	c.Retreater = l
	g.settle()
	if total(c.Retreat) == 0 {
		g.afterRetreat(c)
		return
	}
	opts := g.retreatOptions(c)
	switch len(opts) {
	case 0:
		g.event(Public, "destroyed", fmt.Sprintf("%s's %s in %s cannot retreat anywhere and %s destroyed.", g.houseName(l), unitsText(c.Retreat), g.terrName(t), isAre(total(c.Retreat))))
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
func (g *Game) retreatRule(c *Combat, t int) error {
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
func (g *Game) retreatOptions(c *Combat) []int {
	var out []int
	for _, nb := range g.m.Territories[c.Territory].Neighbors {
		if g.retreatOK(c, nb) {
			out = append(out, nb)
		}
	}
	return out
}

// retreatOK is retreatRule without the words.
func (g *Game) retreatOK(c *Combat, t int) bool {
	h := c.Retreater
	return g.moveCheck(h, c.Territory, t, c.Retreat, [board.NumUnits]int{}) == moveOK &&
		(g.otherOccupant(t, h) < 0 || g.m.Territories[t].Kind == board.Road)
}

func (g *Game) doRetreat(c *Combat, t int) {
	u := c.Retreat
	c.Retreat = [board.NumUnits]int{}
	g.event(Public, "retreat", fmt.Sprintf("%s's %s %s from %s to %s.", g.houseName(c.Retreater), unitsText(u), plural(total(u), "retreats", "retreat"), g.terrName(c.Territory), g.terrName(t)))
	g.enter(c.Retreater, t, u)
}

// afterRetreat lets a winning attacker occupy the territory, ends the
// combat and queues the winner's card effects.
func (g *Game) afterRetreat(c *Combat) {
	t := c.Territory
	if c.Winner == c.Attacker && c.AttUnits[board.Dragon] > 0 && g.m.Territories[t].Kind == board.Sea {
		// Dragons never stay at sea: back to their origin or into an
		// adjacent open or friendly land territory (seed 004).
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
		if total(u) > 0 {
			g.event(Public, "occupy", fmt.Sprintf("%s's %s %s %s.", g.houseName(c.Attacker), unitsText(u), plural(total(u), "occupies", "occupy"), g.terrName(t)))
			g.enter(c.Attacker, t, u)
		} else if g.m.Territories[t].Kind == board.Land {
			g.S.Flags[t] = c.Attacker
			g.event(Public, "flag", fmt.Sprintf("%s wins %s with no troops left: its flag stands there.", g.houseName(c.Attacker), g.terrName(t)))
		}
	}
	g.settle()
	c.Step = "done"
	plays := c.Plays
	w := c.Winner
	g.pop()
	var effects []Frame
	for _, p := range plays {
		if p.Card == "" {
			continue
		}
		card := g.cards[p.Card]
		if card.House != g.m.Houses[w].ID {
			continue
		}
		switch card.Effect {
		case board.EffectAsha:
			effects = append(effects, Frame{Kind: FrameMove, Seat: p.Seat, House: w, Effect: p.Card, Target: -1})
		case board.EffectJaime:
			effects = append(effects, Frame{Kind: FrameMuster, Seat: p.Seat, House: w, Effect: p.Card, Target: -1})
		case board.EffectCersei:
			effects = append(effects, Frame{Kind: FrameCersei, Seat: p.Seat, House: w, Effect: p.Card, Target: -1})
		case board.EffectMelisandre:
			effects = append(effects, Frame{Kind: FrameMelisandre, Seat: p.Seat, House: w, Effect: p.Card, Target: -1})
		}
	}
	for i := len(effects) - 1; i >= 0; i-- {
		e := effects[i]
		switch e.Kind {
		case FrameMuster:
			// Points are counted when the effect starts (after the combat).
			g.event(Public, "effect", fmt.Sprintf("%s wins with %s: %s may muster for %s.", g.houseName(w), g.cardName(e.Effect), g.seatName(e.Seat), g.houseName(w)))
			g.startMuster(e.Seat, w, e.Effect)
			continue
		case FrameMove:
			g.event(Public, "effect", fmt.Sprintf("%s wins with %s: %s may move %s troops.", g.houseName(w), g.cardName(e.Effect), g.seatName(e.Seat), g.houseName(w)))
		case FrameCersei:
			g.event(Public, "effect", fmt.Sprintf("%s wins with %s: %s may remove an unresolved %s agent.", g.houseName(w), g.cardName(e.Effect), g.seatName(e.Seat), g.houseName(w)))
		case FrameMelisandre:
			g.event(Public, "effect", fmt.Sprintf("%s wins with %s: %s may look at an opponent's hand and discard one card.", g.houseName(w), g.cardName(e.Effect), g.seatName(e.Seat)))
		}
		g.push(e)
	}
}

// redeployOptions lists where dragons that won a sea combat may go: their
// origin, or a land territory adjacent to the sea free of other houses'
// troops and flags. The origin always qualifies.
func (g *Game) redeployOptions(c *Combat) []int {
	out := []int{c.From}
	for _, nb := range g.m.Territories[c.Territory].Neighbors {
		if nb == c.From || g.m.Territories[nb].Kind != board.Land {
			continue
		}
		if g.otherOccupant(nb, c.Attacker) >= 0 {
			continue
		}
		if f := g.S.Flags[nb]; f >= 0 && f != c.Attacker {
			continue
		}
		out = append(out, nb)
	}
	slices.Sort(out)
	return out
}

func (g *Game) redeploy(c *Combat, t int) {
	var d [board.NumUnits]int
	d[board.Dragon] = c.AttUnits[board.Dragon]
	c.AttUnits[board.Dragon] = 0
	g.event(Public, "redeploy", fmt.Sprintf("%s's %s %s from %s to %s.", g.houseName(c.Attacker), unitsText(d), plural(d[board.Dragon], "flies", "fly"), g.terrName(c.Territory), g.terrName(t)))
	g.enter(c.Attacker, t, d)
}

// ---- Cersei and Melisandre ----

// resolvingAgent returns the house and slot of the agent being resolved.
func (g *Game) resolvingAgent() (int, Slot, bool) {
	for i := len(g.S.Stack) - 1; i >= 0; i-- {
		if f := g.S.Stack[i]; f.Kind == FrameAgent {
			return f.House, f.Slot, true
		}
	}
	return -1, 0, false
}

// cerseiTargets lists the unresolved agents of the frame's house.
func (g *Game) cerseiTargets(f *Frame) []Slot {
	rh, rs, ok := g.resolvingAgent()
	var out []Slot
	for s := Maester; s < NumSlots; s++ {
		if g.S.Slots[f.House][s] < 0 || (ok && rh == f.House && rs == s) {
			continue
		}
		out = append(out, s)
	}
	return out
}

func (g *Game) doRemove(f *Frame, a Action, exec bool) error {
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
		if g.S.Slots[h][a.Slot] < 0 {
			return fmt.Errorf("there is no agent on %s %s", g.houseName(h), slotName(a.Slot))
		}
		return fmt.Errorf("the agent on %s %s is resolving now and cannot be removed", g.houseName(h), slotName(a.Slot))
	}
	if !exec {
		return nil
	}
	owner := g.S.Slots[h][a.Slot]
	g.S.Slots[h][a.Slot] = -1
	g.S.Players[owner].Agents++
	g.event(Public, "effect", fmt.Sprintf("%s removes %s's agent from %s %s; it returns to %s unresolved.", g.seatName(a.Seat), g.seatName(owner), g.houseName(h), slotName(a.Slot), g.seatName(owner)))
	g.pop()
	return nil
}

func (g *Game) melisandreTargets(seat int) []int {
	var out []int
	for s := range g.S.Players {
		if s != seat && len(g.S.Players[s].Hand) > 0 {
			out = append(out, s)
		}
	}
	return out
}

func (g *Game) doMelisandre(f *Frame, a Action, exec bool) error {
	if f.Target < 0 {
		switch a.Verb {
		case VDecline:
			if exec {
				g.event(Public, "effect", fmt.Sprintf("%s looks at no hand.", g.seatName(a.Seat)))
				g.pop()
			}
			return nil
		case VLook:
			if a.Target == a.Seat {
				return fmt.Errorf("%s looks at an opponent's hand, not their own", g.cardName(f.Effect))
			}
			if a.Target < 0 || a.Target >= len(g.S.Players) {
				return fmt.Errorf("there is no seat %d", a.Target)
			}
			if len(g.S.Players[a.Target].Hand) == 0 {
				return fmt.Errorf("%s holds no house cards", g.seatName(a.Target))
			}
			if exec {
				f.Target = a.Target
				g.event(Public, "effect", fmt.Sprintf("%s looks at %s's hand.", g.seatName(a.Seat), g.seatName(a.Target)))
				var names []string
				for _, c := range g.S.Players[a.Target].Hand {
					names = append(names, g.cardName(c))
				}
				g.event(a.Seat, "effect", fmt.Sprintf("%s holds: %s.", g.seatName(a.Target), strings.Join(names, ", ")))
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
	p := &g.S.Players[f.Target]
	i := slices.Index(p.Hand, card)
	if i < 0 {
		return fmt.Errorf("%s does not hold %s", g.seatName(f.Target), g.cardName(card))
	}
	if exec {
		p.Hand = slices.Delete(p.Hand, i, i+1)
		g.event(Public, "effect", fmt.Sprintf("%s makes %s discard %s.", g.seatName(a.Seat), g.seatName(f.Target), g.cardDesc(card)))
		g.pop()
		g.discard(card)
	}
	return nil
}
