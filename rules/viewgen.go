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
	v.Prompt = g.prompt()
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

// prompt says in one line who must do what next.
func (g *Game) prompt() string {
	s := &g.st
	who := g.seatName(g.ToAct())
	switch s.Phase {
	case PhaseOver:
		return fmt.Sprintf("The game is over: %s wins.", g.seatList(s.Winners))
	case PhaseLoyalty:
		return who + ": arrange your loyalty card in secret"
	case PhasePlace:
		return fmt.Sprintf("%s: place an agent (%d left)", who, s.Players[s.Turn].Agents)
	case PhaseExchange:
		return who + ": exchange two loyalty tokens (revealing one) or keep"
	}
	f := g.top()
	if f == nil {
		if s.Citadel != nil && len(s.Citadel.Hands[g.ToAct()]) > 0 && !s.Citadel.Played {
			return fmt.Sprintf("%s: play a Dark Wings card or resolve a %s agent", who, slotName(g.currentTier()))
		}
		return fmt.Sprintf("%s: resolve a %s agent", who, slotName(g.currentTier()))
	}
	hn := g.houseName(f.House)
	switch f.Kind {
	case FrameAgent:
		if f.Slot == Marshal {
			return fmt.Sprintf("%s: the %s Marshal musters and moves: choose which first", who, hn)
		}
		if s.Citadel != nil && f.Slot == Maester {
			return fmt.Sprintf("%s: choose an action for the %s Maester (muster, move, draw or study at the Citadel)", who, hn)
		}
		return fmt.Sprintf("%s: choose an action for the %s %s (muster, move or draw)", who, hn, slotName(f.Slot))
	case FrameMuster:
		return fmt.Sprintf("%s: muster for %s (%d %s left) or done", who, hn, f.Points, words.Plural(f.Points, "point"))
	case FrameMove:
		return fmt.Sprintf("%s: move one group of %s troops, or done", who, hn)
	case FrameCombat:
		c := f.Combat
		where := g.terrName(c.Territory)
		switch c.Step {
		case "tie":
			return fmt.Sprintf("Combat in %s is tied: %s names the winner", where, who)
		case "retreat":
			return fmt.Sprintf("Combat in %s: %s chooses where %s retreats", where, who, g.houseName(c.Retreater))
		case "redeploy":
			return fmt.Sprintf("Combat in %s won: %s chooses where %s's dragons fly", where, who, g.houseName(c.Attacker))
		}
		return fmt.Sprintf("Combat in %s: %s may play a card", where, who)
	case FrameCersei:
		return fmt.Sprintf("%s: remove an unresolved %s agent (%s) or decline", who, hn, g.cardName(f.Effect))
	case FrameCitadel:
		if f.Step == StepGain {
			return fmt.Sprintf("%s: the roll at the Citadel brings a raven or a crystal: choose", who)
		}
		return fmt.Sprintf("%s: dig up dirt: look at one face-down loyalty token of another player", who)
	case FrameMelisandre:
		if f.Target < 0 {
			return fmt.Sprintf("%s: look at an opponent's hand (%s) or decline", who, g.cardName(f.Effect))
		}
		return fmt.Sprintf("%s: choose the card %s discards", who, g.seatName(f.Target))
	}
	return who + " to act"
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
