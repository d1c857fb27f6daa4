package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"notrueking/board"
	"notrueking/words"
)

// ToAct returns the seat whose decision the game waits for, or -1 when the
// game is over.
func (g *Game) ToAct() Seat {
	s := &g.st
	switch s.Phase {
	case PhaseOver:
		return -1
	case PhaseResolve, PhaseCombat:
		if f := g.top(); f != nil {
			return g.frameActor(f)
		}
	}
	return s.Turn
}

func (g *Game) top() *frame {
	if n := len(g.st.Stack); n > 0 {
		return &g.st.Stack[n-1]
	}
	return nil
}

func (g *Game) pop() { g.st.Stack = g.st.Stack[:len(g.st.Stack)-1] }

func (g *Game) push(f frame) { g.st.Stack = append(g.st.Stack, f) }

func (g *Game) frameActor(f *frame) Seat {
	if f.Kind == FrameCombat {
		c := f.Combat
		if c.Step == "cards" && c.Next < len(c.Order) {
			return c.Order[c.Next]
		}
		return c.Active
	}
	return f.Seat
}

// Check reports whether Apply would accept a, and if not, why, in words a
// player can read. It never changes the game.
func (g *Game) Check(a Action) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the action %q cannot be checked: %v", a.Verb, r)
		}
	}()
	return g.do(a, false)
}

// Apply validates a, applies it and runs every automatic step that follows
// (tier changes, end of round, scoring). It returns the events produced, or
// an error and leaves the game unchanged. Applying an action clears what
// Undo left to redo.
func (g *Game) Apply(a Action) ([]Event, error) {
	evs, err := g.apply(a)
	if err != nil {
		return nil, err
	}
	g.redo = nil
	return append([]Event(nil), evs...), nil
}

// apply is Apply without the copy of the events (they alias the log) and
// without touching the redo list. It keeps no copy of the state: do
// validates before it executes, and an action that still fails while
// executing (a panic: a bug) is undone by rebuilding the position from the
// history.
func (g *Game) apply(a Action) (evs []Event, err error) {
	n := len(g.actions)
	if g.sample {
		g.st.Log = g.st.Log[:0] // a sample keeps only this action's events
	}
	start := len(g.st.Log)
	g.acting = len(g.actions) + 1
	defer func() {
		g.acting = 0
		if r := recover(); r != nil {
			evs, err = nil, fmt.Errorf("the action %q could not be applied: %v", a.Verb, r)
			if g.sample {
				return // a search's sample has no history to restore: the search stops with err
			}
			if rerr := g.restoreTo(n); rerr != nil {
				err = fmt.Errorf("%v; the game could not be restored: %v", err, rerr)
			}
		}
	}()
	// do checks every condition before it changes anything, so a refusal
	// leaves the game as it was (the fuzz and refusal tests compare the
	// whole state before and after).
	if err := g.do(a, true); err != nil {
		return nil, err
	}
	if !g.sample {
		g.actions = append(g.actions, a.Canonical())
	}
	g.advance()
	evs = g.st.Log[start:len(g.st.Log):len(g.st.Log)]
	if g.sample {
		return evs, nil
	}
	if ev, ok := revealing(evs); ok {
		g.floor = barrier{n: n + 1, ev: ev}
	}
	if a.Verb == VName {
		// Undo takes back decisions, not who plays a seat.
		g.floor = barrier{n: n + 1, note: fmt.Sprintf("%s has been played by %s since", g.seatName(a.Seat), a.Name)}
	}
	if (n+1)%checkpointEvery == 0 {
		g.checkpoints = append(g.checkpoints, g.checkpoint())
	}
	return evs, nil
}

// do validates a and, when exec is set, applies it (without the automatic
// steps). With exec unset it never changes the game.
func (g *Game) do(a Action, exec bool) error {
	s := &g.st
	n := g.numSeats()
	if a.Seat < 0 || a.Seat >= n {
		return fmt.Errorf("there is no seat %d in this game", a.Seat)
	}
	if s.Phase == PhaseOver {
		return errors.New("the game is over")
	}
	if a.Verb == VName {
		return g.doName(a, exec) // anyone's, at any time: not a decision
	}
	if who := g.ToAct(); a.Seat != who {
		return fmt.Errorf("it is %s's turn, not %s's", g.seatName(who), g.seatName(a.Seat))
	}
	switch s.Phase {
	case PhaseLoyalty:
		if a.Verb != VArrange {
			return fmt.Errorf("%s must arrange their loyalty card first", g.seatName(a.Seat))
		}
		return g.doArrange(a, exec)
	case PhasePlace:
		if a.Verb != VPlace {
			return fmt.Errorf("%s must place an agent on an empty slot", g.seatName(a.Seat))
		}
		return g.doPlace(a, exec)
	case PhaseExchange:
		switch a.Verb {
		case VExchange:
			return g.doExchange(a, exec)
		case VKeep:
			if exec {
				g.emit(Event{Seat: Public, Kind: EvKept, Who: a.Seat})
				g.nextExchange()
			}
			return nil
		}
		return fmt.Errorf("%s must exchange two loyalty tokens or keep", g.seatName(a.Seat))
	}
	f := g.top()
	if f == nil {
		switch a.Verb {
		case VLostOrders:
			return g.doLostOrders(a, exec)
		case VIllTidings:
			return g.doIllTidings(a, exec)
		case VResolve:
			return g.doResolve(a, exec)
		}
		return fmt.Errorf("%s must resolve one of their %s agents", g.seatName(a.Seat), g.currentTier())
	}
	if a.Verb == VLostOrders || a.Verb == VIllTidings {
		return errors.New(g.wingOpen(a.Seat, wingOf(a.Verb)))
	}
	switch f.Kind {
	case FrameAgent:
		if a.Verb == VStudy {
			return g.doStudy(f, a, exec)
		}
		if a.Verb != VChoose {
			if g.st.Citadel != nil && f.Slot == Maester {
				return fmt.Errorf("%s must choose the maester's action (muster, move, draw or study at the Citadel)", g.seatName(a.Seat))
			}
			return fmt.Errorf("%s must choose the %s's next action (muster, move or draw)", g.seatName(a.Seat), f.Slot)
		}
		return g.doChoose(a, exec)
	case FrameMuster:
		switch a.Verb {
		case VMuster:
			return g.doMuster(a, exec)
		case VDone:
			if exec {
				g.emit(Event{Seat: Public, Kind: EvMusterEnded, Who: a.Seat, House: f.House})
				g.pop()
			}
			return nil
		}
		// A granted muster (Jaime) is declined like any other: with done.
		return fmt.Errorf("%s is mustering for %s: muster a unit or say done", g.seatName(a.Seat), g.houseName(f.House))
	case FrameMove:
		switch a.Verb {
		case VMove:
			return g.doMove(a, exec)
		case VDone:
			if exec {
				g.emit(Event{Seat: Public, Kind: EvNoMove, Who: a.Seat, House: f.House})
				g.pop()
			}
			return nil
		}
		return fmt.Errorf("%s is moving %s troops: move one group or say done", g.seatName(a.Seat), g.houseName(f.House))
	case FrameCombat:
		return g.doCombat(f.Combat, a, exec)
	case FrameCersei:
		switch a.Verb {
		case VRemove:
			return g.doRemove(f, a, exec)
		case VDecline:
			if exec {
				g.emit(Event{Seat: Public, Kind: EvCerseiDeclined, Who: a.Seat, Card: f.Effect})
				g.pop()
			}
			return nil
		}
		return fmt.Errorf("%s may remove an unresolved %s agent or decline", g.seatName(a.Seat), g.houseName(f.House))
	case FrameMelisandre:
		return g.doMelisandre(f, a, exec)
	case FrameCitadel:
		return g.doCitadelStep(f, a, exec)
	}
	return fmt.Errorf("nothing accepts %q now", a.Verb)
}

// houseArg checks a house index of an action.
func (g *Game) houseArg(h board.HouseID) (board.HouseID, error) {
	if h == None {
		return 0, errors.New("no house named")
	}
	if !g.m.HasHouse(h) {
		return 0, fmt.Errorf("there is no house number %d on this map", h)
	}
	return h, nil
}

// terrArg checks a territory index of an action.
func (g *Game) terrArg(t board.TerrID) (board.TerrID, error) {
	if t == None {
		return 0, errors.New("no territory named")
	}
	if !g.m.HasTerr(t) {
		return 0, fmt.Errorf("there is no territory number %d on this map", t)
	}
	return t, nil
}

// cardArg checks a card number of an action.
func (g *Game) cardArg(c board.CardID) (board.CardID, error) {
	if !g.m.HasCard(c) {
		return None, fmt.Errorf("there is no house card number %d on this map", c)
	}
	return c, nil
}

func validSlot(s Slot) bool { return s >= 0 && s < NumSlots }

func slotName(s Slot) string {
	n := s.String()
	return strings.ToUpper(n[:1]) + n[1:]
}

// ---- loyalty and placement ----

func (g *Game) doArrange(a Action, exec bool) error {
	nh := len(g.m.Houses)
	if int(a.Order.N) != nh {
		return fmt.Errorf("a loyalty card takes all %d houses, one per slot; %d named", nh, a.Order.N)
	}
	var seen [MaxHouses]bool
	for i := 0; i < nh; i++ {
		h, err := g.houseArg(a.Order.H[i])
		if err != nil {
			return err
		}
		if seen[h] {
			return fmt.Errorf("%s is named twice on the loyalty card", g.houseName(h))
		}
		seen[h] = true
	}
	if !exec {
		return nil
	}
	p := &g.st.Players[a.Seat]
	order := a.Order.Houses()
	p.Loyalty = order
	p.Arranged = true
	g.emit(Event{Seat: Public, Kind: EvLoyaltyArranged, Who: a.Seat})
	start := len(g.items)
	for _, h := range order {
		g.addItem(int(h))
	}
	g.emit(Event{Seat: a.Seat, Kind: EvLoyaltyCard, Who: a.Seat, List: g.listFrom(start)})
	g.st.Turn = (a.Seat + 1) % g.numSeats()
	return nil
}

func (g *Game) doPlace(a Action, exec bool) error {
	h, err := g.houseArg(a.House)
	if err != nil {
		return err
	}
	if !validSlot(a.Slot) {
		return fmt.Errorf("there is no slot %d", int(a.Slot))
	}
	if o := g.st.Slots[h][a.Slot]; o >= 0 {
		return fmt.Errorf("%s's %s slot already holds %s's agent", g.houseName(h), slotName(a.Slot), g.seatName(o))
	}
	if g.st.Players[a.Seat].Agents <= 0 {
		return fmt.Errorf("%s has no agents left to place", g.seatName(a.Seat))
	}
	if !exec {
		return nil
	}
	g.st.Slots[h][a.Slot] = a.Seat
	g.st.Players[a.Seat].Agents--
	g.emit(Event{Seat: Public, Kind: EvAgentPlaced, Who: a.Seat, House: h, Slot: int16(a.Slot)})
	n := g.numSeats()
	for i := Seat(1); i <= n; i++ {
		if s := (a.Seat + i) % n; g.st.Players[s].Agents > 0 {
			g.st.Turn = s
			break
		}
	}
	return nil
}

// ---- resolution ----

func (g *Game) doResolve(a Action, exec bool) error {
	h, err := g.houseArg(a.House)
	if err != nil {
		return err
	}
	if !validSlot(a.Slot) {
		return fmt.Errorf("there is no slot %d", int(a.Slot))
	}
	if o := g.st.Slots[h][a.Slot]; o != a.Seat {
		if o < 0 {
			return fmt.Errorf("there is no agent on %s %s", g.houseName(h), slotName(a.Slot))
		}
		return fmt.Errorf("the agent on %s %s is %s's, not %s's", g.houseName(h), slotName(a.Slot), g.seatName(o), g.seatName(a.Seat))
	}
	if tier := g.currentTier(); a.Slot != tier {
		return fmt.Errorf("%s agents resolve now; %s agents wait until every %s agent has resolved", slotName(tier), slotName(a.Slot), slotName(tier))
	}
	if !exec {
		return nil
	}
	left := 1
	if a.Slot != Maester {
		left = 2
	}
	if c := g.st.Citadel; c != nil {
		c.Played = false // the start of the turn, when a Dark Wings card is played, is over
	}
	g.push(frame{Kind: FrameAgent, Seat: a.Seat, House: h, Slot: a.Slot, Left: left, Effect: None, Target: -1})
	g.emit(Event{Seat: Public, Kind: EvAgentResolved, Who: a.Seat, House: h, Slot: int16(a.Slot)})
	return nil
}

func (g *Game) doChoose(a Action, exec bool) error {
	f := g.top()
	switch a.Choice {
	case ChooseMuster, ChooseMove, ChooseDraw:
	default:
		return fmt.Errorf("choose muster, move or draw, not %q", a.Choice)
	}
	if f.Slot == Marshal && a.Choice == ChooseDraw {
		return errors.New("a Marshal musters and moves; it cannot draw a card")
	}
	if slices.Contains(f.Used, a.Choice) {
		return fmt.Errorf("this %s has already taken the %s action", f.Slot, a.Choice)
	}
	if !exec {
		return nil
	}
	f.Used = append(f.Used, a.Choice)
	f.Left--
	g.startAction(*f, a.Choice)
	return nil
}

// startAction begins one agent action for the agent frame ag.
func (g *Game) startAction(ag frame, c Choice) {
	switch c {
	case ChooseDraw:
		g.draw(ag.Seat, ag.House)
	case ChooseMuster:
		g.startMuster(ag.Seat, ag.House, None)
	case ChooseMove:
		g.emit(Event{Seat: Public, Kind: EvMoveChosen, Who: ag.Seat, House: ag.House})
		g.push(frame{Kind: FrameMove, Seat: ag.Seat, House: ag.House, Effect: None, Target: -1})
	}
}

func (g *Game) startMuster(seat Seat, h board.HouseID, effect board.CardID) {
	pts := g.barrels(h)
	g.emit(Event{Seat: Public, Kind: EvMusterChosen, Who: seat, House: h, N: int16(pts)})
	g.push(frame{Kind: FrameMuster, Seat: seat, House: h, Effect: effect, Points: pts, Placed: make([]int, len(g.m.Territories)), Target: -1})
}

// draw gives the top card of house h's deck to seat.
func (g *Game) draw(seat Seat, h board.HouseID) {
	s := &g.st
	g.refill(h)
	if len(s.Decks[h]) == 0 {
		g.emit(Event{Seat: Public, Kind: EvNothingToDraw, Who: seat, House: h})
		return
	}
	c := s.Decks[h][0]
	s.Decks[h] = s.Decks[h][1:]
	s.Players[seat].Hand = append(s.Players[seat].Hand, c)
	g.emit(Event{Seat: Public, Kind: EvCardDrawn, Who: seat, House: h})
	g.emit(Event{Seat: seat, Kind: EvCardDrawnPrivate, Who: seat, House: h, Card: c})
	g.refill(h)
}

// refill rebuilds an empty deck at once by shuffling its discard (deck
// rules: an empty deck is reshuffled from its discard pile).
func (g *Game) refill(h board.HouseID) {
	s := &g.st
	if len(s.Decks[h]) > 0 || len(s.Discards[h]) == 0 {
		return
	}
	d := s.Discards[h]
	s.Discards[h] = []board.CardID{}
	g.rand().Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	s.Decks[h] = d
	g.emit(Event{Seat: Public, Kind: EvDeckReshuffled, House: h, N: int16(len(d))})
}

func (g *Game) discard(c board.CardID) {
	h := g.cardHouse(c)
	g.st.Discards[h] = append(g.st.Discards[h], c)
	g.refill(h)
}

// cardDesc describes a card: its name, house, strength and icons.
func (g *Game) cardDesc(id board.CardID) string {
	c, h := g.card(id), board.NoHouse
	if g.m.HasCard(id) {
		h = g.cardHouse(id)
	}
	s := fmt.Sprintf("%s (%s, strength %d", c.Name, g.houseName(h), c.Strength)
	if c.Swords > 0 {
		s += fmt.Sprintf(", %d %s", c.Swords, words.Plural(c.Swords, "sword"))
	}
	if c.Towers > 0 {
		s += fmt.Sprintf(", %d %s", c.Towers, words.Plural(c.Towers, "tower"))
	}
	return s + ")"
}

// finishAgent moves the resolved agent up a tier or back to its owner.
func (g *Game) finishAgent(f frame) {
	s := &g.st
	s.Slots[f.House][f.Slot] = -1
	if f.Slot < Lord && s.Slots[f.House][f.Slot+1] < 0 {
		s.Slots[f.House][f.Slot+1] = f.Seat
		g.emit(Event{Seat: Public, Kind: EvAgentMovedUp, Who: f.Seat, House: f.House, Slot: int16(f.Slot + 1)})
	} else {
		s.Players[f.Seat].Agents++
		g.emit(Event{Seat: Public, Kind: EvAgentReturned, Who: f.Seat, House: f.House, Slot: int16(f.Slot)})
	}
}

// nextResolver returns the first seat clockwise from start (inclusive) with
// an agent of the current tier, or -1 when no agent is left.
func (g *Game) nextResolver(start Seat) Seat {
	tier := g.currentTier()
	if tier == NumSlots {
		return -1
	}
	n := g.numSeats()
	for i := Seat(0); i < n; i++ {
		if s := (start + i) % n; g.hasAgentOfTier(s, tier) {
			return s
		}
	}
	return -1
}

// ---- muster ----

func (g *Game) doMuster(a Action, exec bool) error {
	f := g.top()
	h := f.House
	hn := g.houseName(h)
	t, err := g.terrArg(a.From)
	if err != nil {
		return err
	}
	tt := g.m.Territories[t]
	limits := g.m.Houses[h].Limits
	have := g.onBoard(h)
	if f.Points <= 0 {
		return fmt.Errorf("%s has no muster points left", hn)
	}
	switch a.Unit {
	case board.Footman, board.Ship:
		if tt.Kind != board.Land {
			return fmt.Errorf("new %s are placed from a land territory; %s is not land", words.UnitPlural(a.Unit), g.terrName(t))
		}
		if c := g.control(t); c != h {
			return fmt.Errorf("%s does not control %s", hn, g.terrName(t))
		}
		if tt.Barrels == 0 {
			return fmt.Errorf("%s has no barrels: nothing can be mustered there", g.terrName(t))
		}
		if f.Placed[t] >= tt.Barrels {
			return fmt.Errorf("%s has already received %d new %s this muster, as many as its barrels allow", g.terrName(t), f.Placed[t], words.Plural(f.Placed[t], "unit"))
		}
		if have[a.Unit] >= limits[a.Unit] {
			return fmt.Errorf("%s has all %d of its %s on the board", hn, limits[a.Unit], words.UnitPlural(a.Unit))
		}
		dest := t
		if a.Unit == board.Footman {
			if a.To != None {
				return errors.New("a footman is mustered with just its territory")
			}
			if o := g.otherOccupant(t, h); o >= 0 {
				return fmt.Errorf("%s has troops in %s", g.houseName(o), g.terrName(t))
			}
		} else {
			if a.To == None {
				return fmt.Errorf("name the sea or port the new ship sails into from %s", g.terrName(t))
			}
			s, err := g.terrArg(a.To)
			if err != nil {
				return err
			}
			st := g.m.Territories[s]
			switch {
			case st.Kind == board.Port && st.PortOf == t:
			case st.Kind == board.Sea && g.m.Adjacent(t, s):
			default:
				return fmt.Errorf("a ship mustered in %s must sail into its port or an adjacent sea; %s is neither", g.terrName(t), g.terrName(s))
			}
			if o := g.otherOccupant(s, h); o >= 0 {
				return fmt.Errorf("%s has ships in %s", g.houseName(o), g.terrName(s))
			}
			dest = s
		}
		if !exec {
			return nil
		}
		g.st.Units[dest][h][a.Unit]++
		if g.st.Flags[dest] == h {
			g.st.Flags[dest] = -1
		}
		f.Placed[t]++
		f.Points--
		g.emit(Event{Seat: Public, Kind: EvMustered, House: h, Unit: int16(a.Unit), Terr: t, To: dest})
		return nil
	case board.Knight, board.Dragon:
		if a.To != None {
			return fmt.Errorf("a promotion names just the territory")
		}
		from := board.Footman
		if a.Unit == board.Dragon {
			from = board.Knight
		}
		// Footmen are promoted anywhere on the board (rules: muster), also aboard
		// ships at sea; dragons come from knights on land.
		if a.Unit == board.Dragon && tt.Kind != board.Land && tt.Kind != board.Road {
			return fmt.Errorf("knights become dragons on land; %s is not land", g.terrName(t))
		}
		if g.st.Units[t][h][from] == 0 {
			return fmt.Errorf("%s has no %s in %s to promote", hn, from, g.terrName(t))
		}
		if a.Unit == board.Dragon && limits[board.Dragon] > 0 && g.st.Dragons[h] >= limits[board.Dragon] {
			return fmt.Errorf("%s has already had all %d of its dragons; a lost dragon never returns", hn, limits[board.Dragon])
		}
		if have[a.Unit] >= limits[a.Unit] {
			if limits[a.Unit] == 0 {
				return fmt.Errorf("%s has no %s on this map", hn, words.UnitPlural(a.Unit))
			}
			return fmt.Errorf("%s has all %d of its %s on the board", hn, limits[a.Unit], words.UnitPlural(a.Unit))
		}
		if !exec {
			return nil
		}
		g.st.Units[t][h][from]--
		g.st.Units[t][h][a.Unit]++
		if a.Unit == board.Dragon {
			g.st.Dragons[h]++
		}
		f.Points--
		g.emit(Event{Seat: Public, Kind: EvPromoted, House: h, Unit: int16(a.Unit), Terr: t})
		return nil
	}
	return fmt.Errorf("cannot muster %q", a.Unit)
}

// ---- exchange ----

func (g *Game) doExchange(a Action, exec bool) error {
	ha, err := g.houseArg(a.A)
	if err != nil {
		return err
	}
	hb, err := g.houseArg(a.B)
	if err != nil {
		return err
	}
	hr, err := g.houseArg(a.Reveal)
	if err != nil {
		return err
	}
	if ha == hb {
		return errors.New("exchange two different tokens")
	}
	p := &g.st.Players[a.Seat]
	if !p.Revealed[ha] || !p.Revealed[hb] {
		if hr != ha && hr != hb {
			return fmt.Errorf("reveal one of the two exchanged tokens (%s or %s)", g.houseName(ha), g.houseName(hb))
		}
		if p.Revealed[hr] {
			return fmt.Errorf("the %s token is already face up: reveal the face-down one", g.houseName(hr))
		}
	} else {
		if hr == ha || hr == hb {
			return errors.New("both exchanged tokens are face up: reveal another face-down token")
		}
		if p.Revealed[hr] {
			if !slices.Contains(p.Revealed, false) {
				return errors.New("every token is face up: an exchange must reveal a token, so no exchange is possible")
			}
			return fmt.Errorf("the %s token is already face up: reveal a face-down token", g.houseName(hr))
		}
	}
	if !exec {
		return nil
	}
	ia, ib := slices.Index(p.Loyalty, ha), slices.Index(p.Loyalty, hb)
	p.Loyalty[ia], p.Loyalty[ib] = p.Loyalty[ib], p.Loyalty[ia]
	p.Revealed[hr] = true
	ir := slices.Index(p.Loyalty, hr)
	g.emit(Event{Seat: Public, Kind: EvExchanged, Who: a.Seat, N: int16(min(ia, ib)), M: int16(max(ia, ib)), K: int16(ir), House: hr})
	g.emit(Event{Seat: a.Seat, Kind: EvExchangedPrivate, Who: a.Seat, House: ha, House2: hb})
	g.nextExchange()
	return nil
}

func (g *Game) nextExchange() {
	g.st.Done++
	g.st.Turn = (g.st.Turn + 1) % g.numSeats()
}

// ---- the automatic steps ----

// advance runs every automatic step until a seat must decide.
func (g *Game) advance() {
	s := &g.st
	n := g.numSeats()
	for guard := 0; guard < 10000; guard++ {
		switch s.Phase {
		case PhaseOver:
			return
		case PhaseLoyalty:
			next := Seat(-1)
			for i := range n {
				if !s.Players[i].Arranged {
					next = i
					break
				}
			}
			if next >= 0 {
				s.Turn = next
				return
			}
			g.startPlacement()
			continue
		case PhasePlace:
			if s.Players[s.Turn].Agents > 0 {
				return
			}
			placing := false
			for i := Seat(1); i <= n; i++ {
				if t := (s.Turn + i) % n; s.Players[t].Agents > 0 {
					s.Turn, placing = t, true
					break
				}
			}
			if placing {
				continue
			}
			s.Phase = PhaseResolve
			s.Turn = g.nextResolver(s.First)
			g.emit(Event{Seat: Public, Kind: EvResolutionBegan})
			continue
		case PhaseExchange:
			if s.Done < int(n) {
				return
			}
			g.endRound()
			continue
		}
		// resolve / combat
		if g.step() {
			continue
		}
		if f := g.top(); f != nil && f.Kind == FrameCombat {
			s.Phase = PhaseCombat
		} else {
			s.Phase = PhaseResolve
		}
		return
	}
}

// step runs one automatic step of the resolution; it reports whether it did
// anything.
func (g *Game) step() bool {
	s := &g.st
	f := g.top()
	if f == nil {
		if s.Phase == PhaseCombat {
			s.Phase = PhaseResolve
		}
		if g.currentTier() == NumSlots {
			g.roundResolved()
			return true
		}
		if t := g.nextResolver(s.Turn); t != s.Turn {
			s.Turn = t
			return true
		}
		return false
	}
	switch f.Kind {
	case FrameAgent:
		if f.Left == 0 {
			ag := *f
			g.pop()
			g.finishAgent(ag)
			if t := g.nextResolver((ag.Seat + 1) % g.numSeats()); t >= 0 {
				s.Turn = t
			}
			return true
		}
		if f.Slot == Marshal && f.Left == 1 {
			c := ChooseMuster
			if slices.Contains(f.Used, ChooseMuster) {
				c = ChooseMove
			}
			f.Used = append(f.Used, c)
			f.Left--
			g.startAction(*f, c)
			return true
		}
	case FrameMuster:
		if f.Points <= 0 {
			g.pop()
			return true
		}
	case FrameCombat:
		return g.combatStep(f.Combat)
	case FrameCersei:
		if len(g.cerseiTargets(f)) == 0 {
			g.emit(Event{Seat: Public, Kind: EvCerseiNoTarget, Who: f.Seat, House: f.House, Card: f.Effect})
			g.pop()
			return true
		}
	case FrameCitadel:
		return g.citadelStep(f)
	case FrameMelisandre:
		if f.Target < 0 && len(g.melisandreTargets(f.Seat)) == 0 {
			g.emit(Event{Seat: Public, Kind: EvMelisandreNoTarget, Who: f.Seat, Card: f.Effect})
			g.pop()
			return true
		}
		if f.Target >= 0 && len(g.st.Players[f.Target].Hand) == 0 {
			g.pop()
			return true
		}
	}
	return false
}

func (g *Game) startPlacement() {
	s := &g.st
	s.Phase = PhasePlace
	s.Turn = s.First
	g.emit(Event{Seat: Public, Kind: EvRoundStarted, N: int16(s.Round), M: int16(s.Rounds), Who: s.First})
}

// roundResolved computes the ranks and opens the exchange.
func (g *Game) roundResolved() {
	s := &g.st
	s.Ranking = g.computeRanking()
	start := len(g.items)
	g.addRanking(s.Ranking)
	g.emit(Event{Seat: Public, Kind: EvRanksComputed, List: g.listFrom(start)})
	s.Phase = PhaseExchange
	s.Turn = s.First
	s.Done = 0
}

// endRound passes the first player on, or ends the game after the last round.
func (g *Game) endRound() {
	s := &g.st
	if s.Round >= s.Rounds {
		g.finish()
		return
	}
	s.Round++
	g.endRoundCitadel()
	s.First = (s.First + 1) % g.numSeats()
	for i := range g.numSeats() {
		s.Players[i].Agents = AgentsPerPlayer
	}
	for h := range g.m.NumHouses() {
		s.Slots[h] = [NumSlots]Seat{-1, -1, -1}
	}
	g.startPlacement()
}

// doName names the player of a seat (VName): any seat, at any time before
// the end; the name must be a player's name and a new one.
func (g *Game) doName(a Action, exec bool) error {
	if err := CheckSeatName(a.Name); err != nil {
		return fmt.Errorf("%s's player cannot be named so: %v", g.seatName(a.Seat), err)
	}
	p := &g.st.Players[a.Seat]
	if p.Name == a.Name {
		return fmt.Errorf("%s is already played by %s", g.seatName(a.Seat), a.Name)
	}
	if exec {
		p.Name = a.Name
		g.emit(Event{Seat: Public, Kind: EvNamed, Who: a.Seat})
	}
	return nil
}
