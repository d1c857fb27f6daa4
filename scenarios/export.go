package scenarios

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"notrueking/board"
	"notrueking/rules"
)

// Export writes the position of g as a scenario that loads back to the
// same position (the same state, the same legal actions; the history
// before it is not kept). mapName is how the scenario names the map: the
// map's id for a shipped map ("" means g.Map().ID), or a map file's path
// relative to the folder the scenario will be written to, with mapSum its
// SHA-256 (records.MapRef computes both).
//
// The file holds every secret of the position: hands, decks in order,
// loyalty cards and the generator's state.
func Export(g *rules.Game, mapName, mapSum string) []byte {
	w := &writer{p: g.Position(), m: g.Map(), seats: g.Seats()}
	if mapName == "" {
		mapName = w.m.ID
	}
	w.line("# No True King scenario: a game's position, written by the program.")
	w.line("# It holds every secret of the position (hands, decks, loyalty cards). See docs/scenarios.md.")
	w.line("map = %s", quote(mapName))
	if mapSum != "" {
		w.line("map_sha256 = %s", quote(mapSum))
	}
	if seed := g.Config().Seed; seed < 1<<63 {
		w.line("seed = %d", seed)
	} else {
		w.line("seed = \"%d\"", seed) // beyond TOML's integers
	}
	if v := w.p.Variant(); v != rules.Plain {
		w.line("variant = %s", quote(v.String()))
	}
	w.round()
	w.players()
	w.agents()
	w.board()
	w.houses()
	w.citadel()
	w.stack()
	return []byte(w.b.String())
}

// writer writes a position as a scenario, one section at a time.
type writer struct {
	b     strings.Builder
	p     rules.Position
	m     *board.Map
	seats []string
}

func (w *writer) line(format string, args ...any) { fmt.Fprintf(&w.b, format+"\n", args...) }

func (w *writer) hid(h board.HouseID) string { return w.m.Houses[h].ID }

// lines writes a table's lines, if it has any.
func (w *writer) lines(header string, ls []string) {
	if len(ls) == 0 {
		return
	}
	w.line("")
	w.line("%s", header)
	for _, l := range ls {
		w.line("%s", l)
	}
}

// round writes the generator, round, first player, phase, turn and ranking.
func (w *writer) round() {
	p := w.p
	w.line("rng = %s", quote(p.RNG()))
	w.line("round = %d", p.Round())
	w.line("first = %s", quote(w.seats[p.First()]))
	w.line("phase = %s", quote(string(p.Phase())))
	switch p.Phase() {
	case rules.PhasePlace, rules.PhaseResolve, rules.PhaseCombat, rules.PhaseExchange:
		w.line("turn = %s", quote(w.seats[p.Turn()]))
	}
	w.line("ranking = [")
	for _, r := range p.Ranking() {
		w.line("  { house = %s, from = %d, to = %d, crowns = %d, castles = %d, towns = %d, barrels = %d },",
			quote(w.hid(r.House)), r.From, r.To, r.Crowns, r.Castles, r.Towns, r.Barrels)
	}
	w.line("]")
}

// players writes each seat's name, loyalty card and hand.
func (w *writer) players() {
	p := w.p
	for i := range rules.Seat(p.Players()) {
		w.line("")
		w.line("[[player]]")
		w.line("id = %s", quote(w.seats[i]))
		w.line("name = %s", quote(p.Name(i)))
		var houses, rev []string
		for _, h := range p.Loyalty(i) {
			houses = append(houses, w.hid(h))
			if p.Revealed(i, h) {
				rev = append(rev, w.hid(h))
			}
		}
		w.line("loyalty = %s", list(houses))
		w.line("revealed = %s", list(rev))
		if p.Phase() == rules.PhaseLoyalty {
			w.line("arranged = %t", p.Arranged(i))
		}
		w.line("hand = %s", list(cardIDs(w.m, p.Hand(i))))
		if p.Variant() == rules.Citadel {
			w.line("crystals = %d", p.Crystals(i))
			w.line("ravens = %d", p.Ravens(i))
			w.line("tidings = %d", p.Tidings(i))
			w.line("wings = %s", wingIDs(p.WingHand(i)))
		}
	}
}

// citadel writes the Citadel variant's table: the Dark Wings deck and
// discard, the looks of Dig Up Dirt, a card played this turn.
func (w *writer) citadel() {
	p := w.p
	if p.Variant() != rules.Citadel {
		return
	}
	w.line("")
	w.line("[citadel]")
	w.line("deck = %s", wingIDs(p.WingDeck()))
	w.line("discard = %s", wingIDs(p.WingDiscard()))
	var known []string
	for _, k := range p.Known() {
		known = append(known, fmt.Sprintf("{ looker = %s, target = %s, house = %s }", quote(w.seats[k.Looker]), quote(w.seats[k.Target]), quote(w.hid(k.House))))
	}
	w.line("known = [%s]", strings.Join(known, ", "))
	if p.WingPlayed() {
		w.line("played = true")
	}
}

// wingIDs is a list of Dark Wings cards by id.
func wingIDs(ws []rules.Wing) string {
	ids := make([]string, len(ws))
	for i, x := range ws {
		ids[i] = x.String()
	}
	return list(ids)
}

// agents writes the agents on slots.
func (w *writer) agents() {
	var ls []string
	for h := range w.m.NumHouses() {
		var parts []string
		for sl := rules.Maester; sl < rules.NumSlots; sl++ {
			if o := w.p.Agent(h, sl); o >= 0 {
				parts = append(parts, fmt.Sprintf("%s = %s", sl, quote(w.seats[o])))
			}
		}
		if len(parts) > 0 {
			ls = append(ls, fmt.Sprintf("%s = { %s }", w.hid(h), strings.Join(parts, ", ")))
		}
	}
	w.lines("[agents]", ls)
}

// board writes the units, flags and fortifications.
func (w *writer) board() {
	p := w.p
	w.line("")
	w.line("[units]")
	var flags, forts []string
	for t := range w.m.NumTerritories() {
		tt := &w.m.Territories[t]
		for h := range w.m.NumHouses() {
			if u := p.Units(t, h); board.Total(u) > 0 {
				w.line("%s.%s = %s", tt.ID, w.hid(h), unitTable(u))
			}
		}
		if f := p.Flag(t); f >= 0 {
			flags = append(flags, fmt.Sprintf("%s = %s", tt.ID, quote(w.hid(f))))
		}
		if tt.Fortification {
			v := "gone"
			switch f := p.Fort(t); {
			case f == rules.FortEmpty:
				v = "unheld"
			case f >= 0:
				v = w.hid(f)
			}
			forts = append(forts, fmt.Sprintf("%s = %s", tt.ID, quote(v)))
		}
	}
	w.lines("[flags]", flags)
	w.lines("[fortifications]", forts)
}

// houses writes each house's deck, discard and the dragons it has had
// when more than it has on the board.
func (w *writer) houses() {
	p := w.p
	for h := range w.m.NumHouses() {
		w.line("")
		w.line("[house.%s]", w.hid(h))
		w.line("deck = %s", list(cardIDs(w.m, p.Deck(h))))
		w.line("discard = %s", list(cardIDs(w.m, p.Discard(h))))
		if d := p.DragonsHad(h); d != p.OnBoard(h)[board.Dragon] {
			w.line("dragons_had = %d", d)
		}
	}
}

// stack writes the pending steps, the agent resolving first.
func (w *writer) stack() {
	for _, f := range w.p.Pending() {
		w.line("")
		w.line("[[stack]]")
		w.line("kind = %s", quote(string(f.Kind)))
		w.line("seat = %s", quote(w.seats[f.Seat]))
		if f.Kind != rules.FrameCombat {
			w.line("house = %s", quote(w.hid(f.House)))
		}
		if f.Card != rules.None {
			w.line("card = %s", quote(w.m.CardAt(f.Card).ID))
		}
		switch f.Kind {
		case rules.FrameAgent:
			w.line("slot = %s", quote(f.Slot.String()))
			used := make([]string, len(f.Used))
			for i, c := range f.Used {
				used[i] = c.String()
			}
			w.line("used = %s", list(used))
			w.line("left = %d", f.Left)
		case rules.FrameMuster:
			w.line("points = %d", f.Points)
			var parts []string
			for t, n := range f.Placed {
				if n > 0 {
					parts = append(parts, fmt.Sprintf("%s = %d", w.m.Territories[t].ID, n))
				}
			}
			w.line("placed = { %s }", strings.Join(parts, ", "))
		case rules.FrameCitadel:
			w.line("step = %s", quote(f.Step))
		case rules.FrameMelisandre:
			if f.LookingAt >= 0 {
				w.line("looking_at = %s", quote(w.seats[f.LookingAt]))
			}
		case rules.FrameCombat:
			w.combat(f.Combat)
		}
	}
}

// combat writes a pending combat's keys.
func (w *writer) combat(c *rules.PendingCombat) {
	w.line("territory = %s", quote(w.m.Territories[c.Territory].ID))
	w.line("from = %s", quote(w.m.Territories[c.From].ID))
	w.line("attacker = %s", quote(w.hid(c.Attacker)))
	w.line("defender = %s", quote(w.hid(c.Defender)))
	w.line("step = %s", quote(c.Step))
	w.line("attacking = %s", unitTable(c.Attacking))
	if c.Winner >= 0 {
		w.line("winner = %s", quote(w.hid(c.Winner)))
		w.line("retreating = %s", unitTable(c.Retreating))
		w.line("attacker_power = %d", c.AttPower)
		w.line("defender_power = %d", c.DefPower)
		w.line("attacker_terms = %s", list(c.AttTerms))
		w.line("defender_terms = %s", list(c.DefTerms))
	}
	var plays []string
	for _, p := range c.Plays {
		if p.Card == rules.None {
			plays = append(plays, fmt.Sprintf("{ seat = %s }", quote(w.seats[p.Seat])))
		} else {
			plays = append(plays, fmt.Sprintf("{ seat = %s, card = %s }", quote(w.seats[p.Seat]), quote(w.m.CardAt(p.Card).ID)))
		}
	}
	w.line("plays = [%s]", strings.Join(plays, ", "))
}

func unitTable(u [board.NumUnits]int) string {
	var parts []string
	for k := board.Unit(0); k < board.NumUnits; k++ {
		if u[k] > 0 {
			parts = append(parts, fmt.Sprintf("%s = %d", k, u[k]))
		}
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// cardIDs are the ids of cards given by number.
func cardIDs(m *board.Map, cs []board.CardID) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = m.CardAt(c).ID
	}
	return out
}

func list(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = quote(x)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// quote writes s as a TOML basic string: quotes and backslashes escaped,
// every character that is not printable as a \u or \U escape.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == unicode.ReplacementChar || !strconv.IsPrint(r):
			if r > 0xFFFF {
				fmt.Fprintf(&b, `\U%08X`, r)
			} else {
				fmt.Fprintf(&b, `\u%04X`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
