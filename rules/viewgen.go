package rules

import (
	"fmt"
	"slices"

	"notrueking/board"
	"notrueking/words"
)

// View returns what seat (or Public) may know. It never holds another
// seat's secrets; at game over everything is revealed.
func (g *Game) View(seat Seat) View {
	s := &g.st
	over := s.Phase == PhaseOver
	v := View{
		Seat:           seat,
		Phase:          s.Phase,
		Round:          s.Round,
		Rounds:         s.Rounds,
		FirstPlayer:    s.First,
		ToAct:          g.ToAct(),
		Active:         -1,
		Tier:           g.currentTier(),
		PeekSeat:       -1,
		ResolvingHouse: board.NoHouse,
		Flags:          slices.Clone(s.Flags),
		Control:        make([]board.HouseID, len(g.m.Territories)),
		DeckSizes:      make([]int, len(g.m.Houses)),
		Discards:       make([][]board.CardID, len(g.m.Houses)),
		Players:        make([]PlayerView, 0, len(s.Players)),
		Groups:         make([]Group, 0, 32),
	}
	if v.Tier == NumSlots {
		v.Tier = Lord
	}
	seats := g.Seats()
	for i := range g.numSeats() {
		p := &s.Players[i]
		pv := PlayerView{Seat: i, ID: seats[i], Name: p.Name, AgentsInHand: p.Agents, HandSizes: make([]int, len(g.m.Houses)),
			Loyalty: make([]Token, 0, len(p.Loyalty))}
		mine := over || i == seat
		for j, h := range p.Loyalty {
			tok := Token{House: board.NoHouse, Value: g.m.LoyaltySlots[j], Revealed: p.Revealed[h]}
			if mine || p.Revealed[h] {
				tok.House = h
			} else if c := s.Citadel; c != nil && seat >= 0 && c.knows(seat, i, h) {
				tok.House, tok.Uncovered = h, true
			}
			pv.Loyalty = append(pv.Loyalty, tok)
		}
		for _, c := range p.Hand {
			pv.HandSizes[g.cardHouse(c)]++
		}
		if mine {
			pv.Hand = slices.Clone(p.Hand)
		}
		if over {
			pv.Score = p.Score
		}
		if c := s.Citadel; c != nil {
			pv.Crystals, pv.Ravens, pv.Wings, pv.Tidings = c.Crystals[i], c.Ravens[i], len(c.Hands[i]), c.Tidings[i]
			if mine {
				pv.WingCards = slices.Clone(c.Hands[i])
			}
		}
		v.Players = append(v.Players, pv)
	}
	v.Slots = slices.Clone(s.Slots)
	for t := range g.m.NumTerritories() {
		for h := range g.m.NumHouses() {
			u := s.Units[t][h]
			if board.Total(u) == 0 {
				continue
			}
			gr := Group{House: h, Territory: t, Units: u}
			if k := g.m.Territories[t].Kind; k == board.Sea || k == board.Port {
				gr.Carried = carried(u)
			}
			v.Groups = append(v.Groups, gr)
		}
		v.Control[t] = board.NoHouse
		if c := g.control(t); c >= 0 && g.m.Territories[t].Kind != board.Road {
			v.Control[t] = c
		}
		if s.Forts[t] != FortNone && v.Fortifications == nil {
			v.Fortifications = slices.Clone(s.Forts)
		}
	}
	v.Ranking = append([]Rank(nil), s.Ranking...)
	for h := range g.m.NumHouses() {
		v.DeckSizes[h] = len(s.Decks[h])
		v.Discards[h] = append([]board.CardID{}, s.Discards[h]...)
	}
	for i := len(s.Stack) - 1; i >= 0; i-- {
		f := s.Stack[i]
		switch f.Kind {
		case FrameAgent:
			if v.ResolvingHouse == board.NoHouse {
				v.ResolvingHouse = f.House
				v.ResolvingSlot = f.Slot
				if v.Active < 0 {
					v.Active = f.Seat
				}
			}
		case FrameMuster:
			if i == len(s.Stack)-1 {
				v.MusterPoints = f.Points
			}
		case FrameCombat:
			if v.Combat == nil {
				v.Combat = g.combatView(f.Combat)
				v.Active = f.Combat.Active
			}
		case FrameMelisandre:
			if i == len(s.Stack)-1 && f.Seat == seat && f.Target >= 0 {
				v.PeekSeat = f.Target
				v.Peek = slices.Clone(s.Players[f.Target].Hand)
			}
		}
	}
	if c := s.Citadel; c != nil {
		v.Variant = g.cfg.Variant.String()
		v.Citadel = &CitadelView{Deck: len(c.Deck), Discard: append([]Wing{}, c.Discard...)}
		if f := g.top(); f != nil && f.Kind == FrameCitadel {
			v.Citadel.Step = f.Step
		}
	}
	if over {
		v.Winners = slices.Clone(s.Winners)
		v.TieBreak = s.TieBreak
	}
	key := seat
	if seat < 0 || seat >= g.numSeats() {
		key = Public // any other number is an onlooker, never allSeats
	}
	if over {
		key = allSeats
	}
	v.Log = g.logFor(key)
	v.Prompt = g.prompt(seat)
	return v
}

func (g *Game) combatView(c *combat) *CombatView {
	ap, at := g.power(c, c.Attacker)
	dp, dt := g.power(c, c.Defender)
	cv := &CombatView{
		Territory: c.Territory, Attacker: c.Attacker, Defender: c.Defender,
		From: c.From, Attacking: c.AttUnits,
		AttackerTerms: at, DefenderTerms: dt, AttackerPower: ap, DefenderPower: dp,
		Step: c.Step, Winner: board.NoHouse, Retreater: board.NoHouse,
	}
	if c.Winner >= 0 {
		cv.Winner = c.Winner
		cv.AttackerPower, cv.DefenderPower = c.AttPower, c.DefPower
		cv.AttackerTerms, cv.DefenderTerms = append([]string(nil), c.AttTerms...), append([]string(nil), c.DefTerms...)
	}
	if c.Retreater >= 0 && board.Total(c.Retreat) > 0 {
		cv.Retreater = c.Retreater
		cv.RetreatUnits = c.Retreat
	}
	for _, p := range c.Plays {
		cv.Played = append(cv.Played, PlayedCard(p))
	}
	return cv
}

// prompt says in one line who must do what next, as viewer reads it: to
// the seat whose decision it is, in the second person ("Ann (Crown):
// arrange your loyalty card in secret"); to every other seat and the
// public, in the third ("Waiting for Ann (Crown) to arrange their loyalty
// card in secret").
func (g *Game) prompt(viewer Seat) string {
	s := &g.st
	if s.Phase == PhaseOver {
		return fmt.Sprintf("The game is over: %s wins.", g.seatList(s.Winners))
	}
	toAct := g.ToAct()
	who := g.seatName(toAct)
	d := g.decision()
	switch {
	case viewer == toAct && d.where != "":
		return d.where + ": " + who + ", " + d.yours
	case viewer == toAct:
		return who + ": " + d.yours
	case d.where != "":
		return d.where + ": waiting for " + who + " to " + d.theirs
	}
	return "Waiting for " + who + " to " + d.theirs
}

// decisionWords are the words of the decision the game waits for: in the
// second person (yours) and the third (theirs), and where it is taken
// ("Combat in Winterfell"; "" when that says nothing).
type decisionWords struct{ yours, theirs, where string }

// decision words the decision the game waits for.
func (g *Game) decision() decisionWords {
	s := &g.st
	both := func(yours, theirs string) decisionWords { return decisionWords{yours: yours, theirs: theirs} }
	same := func(text string) decisionWords { return both(text, text) }
	switch s.Phase {
	case PhaseLoyalty:
		return both("arrange your loyalty card in secret", "arrange their loyalty card in secret")
	case PhasePlace:
		n := s.Players[s.Turn].Agents
		return same(fmt.Sprintf("place an agent (%d left)", n))
	case PhaseExchange:
		return same("exchange two loyalty tokens (revealing one) or keep")
	}
	f := g.top()
	if f == nil {
		if s.Citadel != nil && len(s.Citadel.Hands[g.ToAct()]) > 0 && !s.Citadel.Played {
			return same(fmt.Sprintf("play a Dark Wings card or resolve a %s agent", slotName(g.currentTier())))
		}
		return same(fmt.Sprintf("resolve a %s agent", slotName(g.currentTier())))
	}
	hn := g.houseName(f.House)
	switch f.Kind {
	case FrameAgent:
		if f.Slot == Marshal {
			return same(fmt.Sprintf("choose whether the %s Marshal musters or moves first (it does both)", hn))
		}
		if s.Citadel != nil && f.Slot == Maester {
			return same(fmt.Sprintf("choose an action for the %s Maester (muster, move, draw or study at the Citadel)", hn))
		}
		return same(fmt.Sprintf("choose an action for the %s %s (muster, move or draw)", hn, slotName(f.Slot)))
	case FrameMuster:
		return same(fmt.Sprintf("muster for %s (%d %s left) or say done", hn, f.Points, words.Plural(f.Points, "point")))
	case FrameMove:
		return same(fmt.Sprintf("move one group of %s troops, or say done", hn))
	case FrameCombat:
		return g.combatDecision(f.Combat)
	case FrameCersei:
		return same(fmt.Sprintf("remove an unresolved %s agent (%s) or decline", hn, g.cardName(f.Effect)))
	case FrameCitadel:
		if f.Step == StepGain {
			return same("take a raven or a crystal for the roll at the Citadel")
		}
		return same("dig up dirt: look at one face-down loyalty token of another player")
	case FrameMelisandre:
		if f.Target < 0 {
			return both(fmt.Sprintf("look at an opponent's hand (%s) or decline", g.cardName(f.Effect)),
				fmt.Sprintf("look at an opponent's hand (%s) or decline", g.cardName(f.Effect)))
		}
		return same(fmt.Sprintf("choose the card %s discards", g.seatName(f.Target)))
	}
	return same("act")
}

// combatDecision words a combat's decision.
func (g *Game) combatDecision(c *combat) decisionWords {
	d := decisionWords{where: "Combat in " + g.terrName(c.Territory)}
	switch c.Step {
	case "tie":
		d.where = "The combat in " + g.terrName(c.Territory) + " is tied"
		d.yours, d.theirs = "name the winner", "name the winner"
	case "retreat":
		d.yours = fmt.Sprintf("choose where %s retreats", g.houseName(c.Retreater))
		d.theirs = d.yours
	case "redeploy":
		d.where += " won"
		d.yours = fmt.Sprintf("choose where %s's dragons fly", g.houseName(c.Attacker))
		d.theirs = d.yours
	default:
		d.yours, d.theirs = "play a house card or pass", "play a house card or pass"
	}
	return d
}

// allSeats is the log cache's key for the opened log at game over: every
// event in its own seat's words.
const allSeats = -2

// logCache is the log as one viewer reads it, worded once: Log only grows
// between the replacements of the state that bump Game.logGen (undo,
// restoring), so each View words only the events since the last.
type logCache struct {
	gen   int
	n     int // events of state.Log looked at
	lines []LogLine
}

// logFor returns the log lines viewer (a seat, Public or allSeats) may
// read. The slice is shared with the cache: callers must not change it.
func (g *Game) logFor(viewer Seat) []LogLine {
	if g.logs == nil {
		g.logs = map[Seat]*logCache{}
	}
	c := g.logs[viewer]
	log := g.st.Log
	if c == nil || c.gen != g.logGen || c.n > len(log) {
		c = &logCache{gen: g.logGen}
		g.logs[viewer] = c
	}
	for _, e := range log[c.n:] {
		if viewer == allSeats {
			c.lines = append(c.lines, g.ownLine(e))
		} else if l, ok := g.Line(e, viewer); ok {
			c.lines = append(c.lines, l)
		}
	}
	c.n = len(log)
	if c.lines == nil {
		c.lines = []LogLine{}
	}
	return c.lines[:len(c.lines):len(c.lines)]
}
