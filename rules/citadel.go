package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"notrueking/board"
	"notrueking/words"
)

// The Citadel variant (docs/rules.md#the-citadel-variant, from
// ../shared/design/citadel.md and seed 000): a Maester agent may study at
// the Citadel instead of mustering, moving or drawing — a secret aim, a
// public roll of 2 + crystals dice keeping the two highest — and ravens
// become Dark Wings, Dark Words cards (Lost Orders, Ill Tidings) played at
// the start of a seat's resolving turn. Everything here is inert unless
// the game's Config names the variant.

// Variant is a game's set of optional rules, part of its identity (the
// record's header, a save's, a scenario's).
type Variant uint8

// The variants: the plain game of seed 002, and the Citadel.
const (
	Plain Variant = iota
	Citadel
	numVariants
)

var variantNames = [numVariants]string{"", "citadel"}

// String is the variant's word in a record header ("" for the plain game).
func (v Variant) String() string {
	if v < numVariants {
		return variantNames[v]
	}
	return fmt.Sprintf("variant(%d)", int(v))
}

// ParseVariant reads a variant's word: "citadel", or "" (or "plain") for
// the plain game.
func ParseVariant(s string) (Variant, error) {
	switch s {
	case "", "plain":
		return Plain, nil
	case "citadel":
		return Citadel, nil
	}
	return Plain, fmt.Errorf("unknown variant %q (want citadel, or none for the plain game)", s)
}

// Variants lists the variants' words, plain game first ("plain").
func Variants() []string { return []string{"plain", "citadel"} }

// Aim is what a Maester studies for at the Citadel (secret until it pays).
type Aim uint8

// The three aims (seed 000: "Dig Up Dirt, Research Legends, or Visit Rookery").
const (
	DigUpDirt Aim = iota + 1
	ResearchLegends
	VisitRookery
	numAims
)

var aimWords = [numAims]struct{ id, name string }{{}, {"dirt", "Dig Up Dirt"}, {"legends", "Research Legends"}, {"rookery", "Visit Rookery"}}

// Aims lists the three aims in their order.
func Aims() []Aim { return []Aim{DigUpDirt, ResearchLegends, VisitRookery} }

// String is the aim's word in a record ("dirt", "legends", "rookery").
func (a Aim) String() string {
	if a > 0 && a < numAims {
		return aimWords[a].id
	}
	return fmt.Sprintf("aim(%d)", int(a))
}

// Name is the aim as players say it ("Dig Up Dirt").
func (a Aim) Name() string {
	if a > 0 && a < numAims {
		return aimWords[a].name
	}
	return a.String()
}

func parseAim(s string) (Aim, bool) {
	for a := Aim(1); a < numAims; a++ {
		if aimWords[a].id == s {
			return a, true
		}
	}
	return 0, false
}

// Gain is what a 7–9 at the Citadel brings: the seat's choice.
type Gain uint8

// The two gains of a 7–9.
const (
	GainRaven Gain = iota + 1
	GainCrystal
)

// String is the gain's word in a record ("raven", "crystal").
func (g Gain) String() string {
	switch g {
	case GainRaven:
		return "raven"
	case GainCrystal:
		return "crystal"
	}
	return fmt.Sprintf("gain(%d)", int(g))
}

// Wing is a Dark Wings, Dark Words card: its kind (the cards of one kind
// are alike).
type Wing uint8

// The two Dark Wings cards of seed 000's list that exist in No True King.
const (
	LostOrders Wing = iota + 1
	IllTidings
	numWings
)

// WingsPerKind is how many cards of each kind the Dark Wings deck holds.
const WingsPerKind = 6

var wingWords = [numWings]struct{ id, name string }{{}, {"lost-orders", "Lost Orders"}, {"ill-tidings", "Ill Tidings"}}

// String is the card's id ("lost-orders", "ill-tidings"), as the verb
// that plays it and a scenario name it.
func (w Wing) String() string {
	if w > 0 && w < numWings {
		return wingWords[w].id
	}
	return fmt.Sprintf("wing(%d)", int(w))
}

// Name is the card's name ("Lost Orders").
func (w Wing) Name() string {
	if w > 0 && w < numWings {
		return wingWords[w].name
	}
	return w.String()
}

// Verb is the verb that plays the card.
func (w Wing) Verb() Verb {
	if w == LostOrders {
		return VLostOrders
	}
	return VIllTidings
}

// CountWings counts the cards of kind w in ws.
func CountWings(ws []Wing, w Wing) int {
	n := 0
	for _, x := range ws {
		if x == w {
			n++
		}
	}
	return n
}

// ParseWing reads a card's id.
func ParseWing(s string) (Wing, error) {
	for w := Wing(1); w < numWings; w++ {
		if wingWords[w].id == s {
			return w, nil
		}
	}
	return 0, fmt.Errorf("unknown Dark Wings card %q (want lost-orders or ill-tidings)", s)
}

// MarshalText writes the card's id.
func (w Wing) MarshalText() ([]byte, error) {
	if w == 0 || w >= numWings {
		return nil, fmt.Errorf("unknown Dark Wings card %d", int(w))
	}
	return []byte(w.String()), nil
}

// UnmarshalText reads the card's id.
func (w *Wing) UnmarshalText(b []byte) error {
	v, err := ParseWing(string(b))
	*w = v
	return err
}

// citadel is the variant's part of the state (nil in the plain game).
type citadel struct {
	// Per seat: crystals and ravens (public), the Dark Wings cards held
	// (their number public, their kinds the seat's secret), and the
	// penalty Ill Tidings put on its rolls this round.
	Crystals []int    `json:"crystals"`
	Ravens   []int    `json:"ravens"`
	Hands    [][]Wing `json:"hands"`
	Tidings  []int    `json:"tidings"`
	// Deck is the Dark Wings deck, top first; Discard the cards played,
	// oldest first (public).
	Deck    []Wing `json:"deck"`
	Discard []Wing `json:"discard"`
	// Known is every face-down token a seat has looked at (Dig Up Dirt):
	// the looker knows that house's token is on the target's card, and
	// follows it through the target's exchanges.
	Known []Uncovered `json:"known,omitempty"`
	// Played is set once the seat to resolve has played its Dark Wings
	// card this turn (one a turn); resolving an agent clears it.
	Played bool `json:"played,omitempty"`
}

// Uncovered is one face-down token a seat has looked at.
type Uncovered struct {
	Looker Seat          `json:"looker"`
	Target Seat          `json:"target"`
	House  board.HouseID `json:"house"`
}

// newCitadel is the variant's start for n seats: nothing held, the deck
// of 12 in order (New shuffles it from the game's generator).
func newCitadel(n int) *citadel {
	c := &citadel{Crystals: make([]int, n), Ravens: make([]int, n), Hands: make([][]Wing, n), Tidings: make([]int, n),
		Deck: make([]Wing, 0, 2*WingsPerKind), Discard: []Wing{}}
	for i := range c.Hands {
		c.Hands[i] = []Wing{}
	}
	for w := LostOrders; w < numWings; w++ {
		for range WingsPerKind {
			c.Deck = append(c.Deck, w)
		}
	}
	return c
}

func (c *citadel) clone() *citadel {
	if c == nil {
		return nil
	}
	d := *c
	d.Crystals = slices.Clone(c.Crystals)
	d.Ravens = slices.Clone(c.Ravens)
	d.Tidings = slices.Clone(c.Tidings)
	d.Hands = make([][]Wing, len(c.Hands))
	for i, h := range c.Hands {
		d.Hands[i] = append([]Wing{}, h...)
	}
	d.Deck = append([]Wing{}, c.Deck...)
	d.Discard = append([]Wing{}, c.Discard...)
	d.Known = slices.Clone(c.Known)
	return &d
}

// Variant is the game's variant.
func (g *Game) Variant() Variant { return g.cfg.Variant }

// knows reports whether looker has looked at target's token of house h.
func (c *citadel) knows(looker, target Seat, h board.HouseID) bool {
	return slices.Contains(c.Known, Uncovered{looker, target, h})
}

// ---- studying at the Citadel ----

// MaxDice bounds the dice of one roll: 2 + crystals, and crystals only
// grow, but no seat gains this many in a game.
const MaxDice = 64

// doStudy: the resolving Maester studies at the Citadel for a secret aim
// (citadel.md, "Studying at the Citadel").
func (g *Game) doStudy(f *frame, a Action, exec bool) error {
	c := g.st.Citadel
	if c == nil {
		return errors.New("this game is played without the Citadel variant: an agent musters, moves or draws")
	}
	if f.Slot != Maester {
		return fmt.Errorf("only a Maester studies at the Citadel; the %s %s musters and moves", g.houseName(f.House), slotName(f.Slot))
	}
	if a.Aim == 0 || a.Aim >= numAims {
		return errors.New("name an aim: Dig Up Dirt, Research Legends or Visit Rookery")
	}
	if f.Left <= 0 || len(f.Used) > 0 {
		return fmt.Errorf("this Maester has already taken its action")
	}
	if !exec {
		return nil
	}
	f.Left--
	seat, house := a.Seat, f.House
	g.emit(Event{Seat: seat, Kind: EvStudyAim, Who: seat, N: int16(a.Aim)})
	n := min(2+c.Crystals[seat], MaxDice)
	dice := make([]int, n)
	r := g.rand()
	for i := range dice {
		dice[i] = 1 + r.IntN(6)
	}
	slices.SortFunc(dice, func(x, y int) int { return y - x })
	pen := c.Tidings[seat]
	result := dice[0] + dice[1] - pen
	spent := 0
	if result >= 10 {
		spent = c.Crystals[seat]
		c.Crystals[seat] = 0
	}
	start := len(g.items)
	for _, d := range dice {
		g.addItem(d)
	}
	g.emit(Event{Seat: Public, Kind: EvStudied, Who: seat, House: house, N: int16(result), M: int16(pen), K: int16(spent), List: g.listFrom(start)})
	switch {
	case result <= 6:
		g.gainRaven(seat)
	case result <= 9:
		g.push(frame{Kind: FrameCitadel, Seat: seat, House: house, Effect: None, Target: -1, Step: StepGain})
	default:
		switch a.Aim {
		case DigUpDirt:
			g.push(frame{Kind: FrameCitadel, Seat: seat, House: house, Effect: None, Target: -1, Step: StepDirt})
		case ResearchLegends:
			// Only the seat that studied reads what its success bought:
			// the public log never names the aim (citadel.md); the public
			// sees the roll's success and the cards drawn, as any draw.
			g.emit(Event{Seat: seat, Kind: EvLegends, Who: seat, House: house})
			g.draw(seat, house)
			g.draw(seat, house)
		case VisitRookery:
			g.emit(Event{Seat: seat, Kind: EvRookery, Who: seat})
			g.drawWing(seat)
		}
	}
	return nil
}

// The steps of a pending Citadel frame.
const (
	StepGain = "gain" // a 7–9: a raven or a crystal
	StepDirt = "dirt" // a 10+ for Dig Up Dirt: the token to look at
)

// gainRaven gives seat a raven, and tends its ravens.
func (g *Game) gainRaven(seat Seat) {
	c := g.st.Citadel
	c.Ravens[seat]++
	g.emit(Event{Seat: Public, Kind: EvRavenGained, Who: seat, N: int16(c.Ravens[seat])})
	g.tendRavens()
}

// tendRavens exchanges three ravens for a Dark Wings card wherever a seat
// holds three and a card can be drawn (citadel.md: "whenever a player
// holds three ravens, they are exchanged at once"), seats in turn order
// from the seat to act. While every card is held the ravens wait.
func (g *Game) tendRavens() {
	c := g.st.Citadel
	n := g.numSeats()
	from := max(g.ToAct(), 0)
	for i := range n {
		s := (from + i) % n
		for c.Ravens[s] >= 3 && len(c.Deck) > 0 {
			c.Ravens[s] -= 3
			g.emit(Event{Seat: Public, Kind: EvRavensExchanged, Who: s})
			g.drawWing(s)
		}
	}
}

// drawWing gives seat the top Dark Wings card.
func (g *Game) drawWing(seat Seat) {
	c := g.st.Citadel
	if len(c.Deck) == 0 {
		g.emit(Event{Seat: Public, Kind: EvNoWing, Who: seat})
		return
	}
	w := c.Deck[0]
	c.Deck = c.Deck[1:]
	c.Hands[seat] = append(c.Hands[seat], w)
	g.emit(Event{Seat: Public, Kind: EvWingDrawn, Who: seat})
	g.emit(Event{Seat: seat, Kind: EvWingDrawnPrivate, Who: seat, N: int16(w)})
	g.refillWings()
}

// refillWings rebuilds an empty Dark Wings deck at once by shuffling its
// discard, as house decks are (seed 001).
func (g *Game) refillWings() {
	c := g.st.Citadel
	if len(c.Deck) > 0 || len(c.Discard) == 0 {
		return
	}
	d := c.Discard
	c.Discard = []Wing{}
	g.rand().Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	c.Deck = d
	g.emit(Event{Seat: Public, Kind: EvWingsReshuffled, N: int16(len(d))})
}

// doCitadelStep: a 7–9's choice (gain) or a Dig Up Dirt look (uncover).
func (g *Game) doCitadelStep(f *frame, a Action, exec bool) error {
	switch f.Step {
	case StepGain:
		if a.Verb != VGain {
			return fmt.Errorf("%s rolled 7 to 9 at the Citadel: gain a raven or a crystal", g.seatName(a.Seat))
		}
		if a.Gain != GainRaven && a.Gain != GainCrystal {
			return errors.New("gain a raven or a crystal")
		}
		if !exec {
			return nil
		}
		g.pop()
		if a.Gain == GainRaven {
			g.gainRaven(a.Seat)
			return nil
		}
		c := g.st.Citadel
		c.Crystals[a.Seat]++
		g.emit(Event{Seat: Public, Kind: EvCrystalGained, Who: a.Seat, N: int16(c.Crystals[a.Seat])})
		return nil
	case StepDirt:
		if a.Verb != VUncover {
			return fmt.Errorf("%s digs up dirt: look at one face-down loyalty token of another player", g.seatName(a.Seat))
		}
		if err := g.seatOK(a.Target); err != nil {
			return err
		}
		if a.Target == a.Seat {
			return errors.New("dig up dirt on another player: your own card holds no secret from you")
		}
		p := &g.st.Players[a.Target]
		if a.Pos < 0 || int(a.Pos) >= len(p.Loyalty) {
			return fmt.Errorf("%s's loyalty card has slots 1 to %d, not %d", g.seatName(a.Target), len(p.Loyalty), int(a.Pos)+1)
		}
		h := p.Loyalty[a.Pos]
		if p.Revealed[h] {
			return fmt.Errorf("the token in %s's %s slot is face up already: look at a face-down one", g.seatName(a.Target), words.Ordinal(int(a.Pos)+1))
		}
		if !exec {
			return nil
		}
		c := g.st.Citadel
		if !c.knows(a.Seat, a.Target, h) {
			c.Known = append(c.Known, Uncovered{a.Seat, a.Target, h})
		}
		g.emit(Event{Seat: Public, Kind: EvUncovered, Who: a.Seat, Other: a.Target})
		g.emit(Event{Seat: a.Seat, Kind: EvUncoveredPrivate, Who: a.Seat, Other: a.Target, House: h, K: int16(a.Pos)})
		g.pop()
		return nil
	}
	return fmt.Errorf("nothing accepts %q now", a.Verb)
}

// dirtTargets lists the face-down tokens of the other seats: (seat, slot).
func (g *Game) dirtTargets(seat Seat, add func(o Seat, pos int)) {
	for o := range g.numSeats() {
		if o == seat {
			continue
		}
		p := &g.st.Players[o]
		for i, h := range p.Loyalty {
			if !p.Revealed[h] {
				add(o, i)
			}
		}
	}
}

// citadelStep is step's part for a pending Citadel frame: a look with no
// face-down token to look at ends at once.
func (g *Game) citadelStep(f *frame) bool {
	if f.Step != StepDirt {
		return false
	}
	found := false
	g.dirtTargets(f.Seat, func(Seat, int) { found = true })
	if found {
		return false
	}
	g.emit(Event{Seat: Public, Kind: EvNothingToUncover, Who: f.Seat})
	g.pop()
	return true
}

// ---- Dark Wings, Dark Words ----

// wingOpen reports why seat may not play a Dark Wings card now ("" when
// it may): at the start of its own resolving turn, before it resolves an
// agent, one card a turn.
func (g *Game) wingOpen(seat Seat, w Wing) string {
	c := g.st.Citadel
	switch {
	case c == nil:
		return "this game is played without the Citadel variant: there are no Dark Wings cards"
	case g.st.Phase != PhaseResolve || g.top() != nil:
		return "a Dark Wings card is played at the start of your own resolving turn, before you resolve an agent"
	case c.Played:
		return "one Dark Wings card a turn: you have played yours"
	case !slices.Contains(c.Hands[seat], w):
		return fmt.Sprintf("%s holds no %s card", g.seatName(seat), w.Name())
	}
	return ""
}

// wingOf is the card a verb plays (VLostOrders or VIllTidings).
func wingOf(v Verb) Wing {
	if v == VLostOrders {
		return LostOrders
	}
	return IllTidings
}

// playWing moves seat's card w from its hand to the discard.
func (g *Game) playWing(seat Seat, w Wing) {
	c := g.st.Citadel
	i := slices.Index(c.Hands[seat], w)
	c.Hands[seat] = slices.Delete(c.Hands[seat], i, i+1)
	c.Discard = append(c.Discard, w)
	c.Played = true
	g.refillWings()
}

// doLostOrders: return one unresolved agent of another seat, on any
// house's slot, to its owner without resolving it.
func (g *Game) doLostOrders(a Action, exec bool) error {
	if why := g.wingOpen(a.Seat, LostOrders); why != "" {
		return errors.New(why)
	}
	h, err := g.houseArg(a.House)
	if err != nil {
		return err
	}
	if !validSlot(a.Slot) {
		return fmt.Errorf("there is no slot %d", int(a.Slot))
	}
	owner := g.st.Slots[h][a.Slot]
	switch {
	case owner < 0:
		return fmt.Errorf("there is no agent on %s %s", g.houseName(h), slotName(a.Slot))
	case owner == a.Seat:
		return fmt.Errorf("the agent on %s %s is yours: Lost Orders returns another player's agent", g.houseName(h), slotName(a.Slot))
	}
	if !exec {
		return nil
	}
	g.playWing(a.Seat, LostOrders)
	g.st.Slots[h][a.Slot] = -1
	g.st.Players[owner].Agents++
	g.emit(Event{Seat: Public, Kind: EvLostOrders, Who: a.Seat, Other: owner, House: h, Slot: int16(a.Slot)})
	g.tendRavens()
	return nil
}

// doIllTidings: another seat's Citadel results are 1 lower until the end
// of the round (several stack).
func (g *Game) doIllTidings(a Action, exec bool) error {
	if why := g.wingOpen(a.Seat, IllTidings); why != "" {
		return errors.New(why)
	}
	if err := g.seatOK(a.Target); err != nil {
		return err
	}
	if a.Target == a.Seat {
		return errors.New("an Ill Tidings card is sent to another player, not to yourself")
	}
	if !exec {
		return nil
	}
	g.playWing(a.Seat, IllTidings)
	c := g.st.Citadel
	c.Tidings[a.Target]++
	g.emit(Event{Seat: Public, Kind: EvIllTidings, Who: a.Seat, Other: a.Target, N: int16(c.Tidings[a.Target])})
	g.tendRavens()
	return nil
}

// legalWings lists the Dark Wings plays open to seat now.
func (g *Game) legalWings(seat Seat, add func(Action)) {
	if g.wingOpen(seat, LostOrders) == "" {
		for h := range g.m.NumHouses() {
			for sl := Maester; sl < NumSlots; sl++ {
				if o := g.st.Slots[h][sl]; o >= 0 && o != seat {
					add(Action{Verb: VLostOrders, House: h, Slot: sl})
				}
			}
		}
	}
	if g.wingOpen(seat, IllTidings) == "" {
		for o := range g.numSeats() {
			if o != seat {
				add(Action{Verb: VIllTidings, Target: o})
			}
		}
	}
}

// legalCitadel lists the choices of a pending Citadel frame.
func (g *Game) legalCitadel(f *frame, add func(Action)) {
	switch f.Step {
	case StepGain:
		add(Action{Verb: VGain, Gain: GainRaven})
		add(Action{Verb: VGain, Gain: GainCrystal})
	case StepDirt:
		g.dirtTargets(f.Seat, func(o Seat, pos int) { add(Action{Verb: VUncover, Target: o, Pos: int8(pos)}) })
	}
}

// endRoundCitadel: Ill Tidings last until the end of the round.
func (g *Game) endRoundCitadel() {
	if c := g.st.Citadel; c != nil {
		clear(c.Tidings)
	}
}

// ---- words ----

// studyText is the public words of a roll at the Citadel.
func (g *Game) studyText(e *Event) string {
	dice := make([]string, len(e.List))
	for i := range e.List {
		dice[i] = strconv.Itoa(e.item(i))
	}
	n := int(e.N)
	roll := strings.Join(dice, " ") + " → "
	if e.M > 0 {
		roll += fmt.Sprintf("%d − %d (Ill Tidings) = ", n+int(e.M), e.M)
	}
	roll += strconv.Itoa(n)
	var then string
	switch {
	case n <= 6:
		then = "a raven"
	case n <= 9:
		then = g.seatName(e.Who) + " chooses a raven or a crystal"
	case e.K > 0:
		then = fmt.Sprintf("success: %s %s spent", words.Count(int(e.K), "crystal"), words.Agree(int(e.K), "is", "are"))
	default:
		then = "success"
	}
	return fmt.Sprintf("%s studies at the Citadel for %s: %s; %s.", g.seatName(e.Who), g.houseName(e.House), roll, then)
}

// ChanceOfTen is the chance, in [0, 1], that a roll at the Citadel with
// this many crystals and this Ill Tidings penalty reaches 10: 2 + crystals
// dice, the two highest summed. The window shows it beside the choice.
func ChanceOfTen(crystals, penalty int) float64 {
	n := min(2+max(crystals, 0), MaxDice)
	need := 10 + max(penalty, 0)
	if need > 12 {
		return 0
	}
	// Count the rolls whose two highest dice reach need: dp over dice of
	// (highest, second highest).
	var ways [7][7]float64 // [hi][lo], lo ≤ hi; 0 = no die yet
	ways[0][0] = 1
	for range n {
		var next [7][7]float64
		for hi := range 7 {
			for lo := 0; lo <= hi; lo++ {
				w := ways[hi][lo]
				if w == 0 {
					continue
				}
				for d := 1; d <= 6; d++ {
					h, l := hi, lo
					switch {
					case d >= h:
						h, l = d, hi
					case d > l:
						l = d
					}
					next[h][l] += w / 6
				}
			}
		}
		ways = next
	}
	p := 0.0
	for hi := range 7 {
		for lo := 0; lo <= hi; lo++ {
			if hi+lo >= need {
				p += ways[hi][lo]
			}
		}
	}
	return p
}
