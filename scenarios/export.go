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
	m := g.Map()
	s := g.Snapshot()
	seats := g.Seats()
	if mapName == "" {
		mapName = m.ID
	}
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	hid := func(h int) string { return m.Houses[h].ID }
	line("# No True King scenario: a game's position, written by the program.")
	line("# It holds every secret of the position (hands, decks, loyalty cards). See docs/scenarios.md.")
	line("map = %s", quote(mapName))
	if mapSum != "" {
		line("map_sha256 = %s", quote(mapSum))
	}
	if seed := g.Config().Seed; seed < 1<<63 {
		line("seed = %d", seed)
	} else {
		line("seed = \"%d\"", seed) // beyond TOML's integers
	}
	line("rng = %s", quote(s.RNG.Text()))
	line("round = %d", s.Round)
	line("first = %s", quote(seats[s.First]))
	line("phase = %s", quote(string(s.Phase)))
	switch s.Phase {
	case rules.PhasePlace, rules.PhaseResolve, rules.PhaseCombat, rules.PhaseExchange:
		line("turn = %s", quote(seats[s.Turn]))
	}
	line("ranking = [")
	for _, r := range s.Ranking {
		line("  { house = %s, from = %d, to = %d, crowns = %d, castles = %d, towns = %d, barrels = %d },",
			quote(r.House), r.From, r.To, r.Crowns, r.Castles, r.Towns, r.Barrels)
	}
	line("]")

	for i, p := range s.Players {
		line("")
		line("[[player]]")
		line("id = %s", quote(seats[i]))
		line("name = %s", quote(p.Name))
		houses := make([]string, len(p.Loyalty))
		for j, h := range p.Loyalty {
			houses[j] = hid(h)
		}
		line("loyalty = %s", list(houses))
		var rev []string
		for _, h := range p.Loyalty {
			if p.Revealed[h] {
				rev = append(rev, hid(h))
			}
		}
		line("revealed = %s", list(rev))
		if s.Phase == rules.PhaseLoyalty {
			line("arranged = %t", p.Arranged)
		}
		line("hand = %s", list(cardIDs(m, p.Hand)))
	}

	var agents []string
	for h := range s.Slots {
		var parts []string
		for sl := rules.Maester; sl < rules.NumSlots; sl++ {
			if o := s.Slots[h][sl]; o >= 0 {
				parts = append(parts, fmt.Sprintf("%s = %s", sl, quote(seats[o])))
			}
		}
		if len(parts) > 0 {
			agents = append(agents, fmt.Sprintf("%s = { %s }", hid(h), strings.Join(parts, ", ")))
		}
	}
	if len(agents) > 0 {
		line("")
		line("[agents]")
		for _, a := range agents {
			line("%s", a)
		}
	}

	line("")
	line("[units]")
	for t, tt := range m.Territories {
		for h, u := range s.Units[t] {
			if board.Total(u) > 0 {
				line("%s.%s = %s", tt.ID, hid(h), unitTable(u))
			}
		}
	}
	var flags, forts []string
	for t, tt := range m.Territories {
		if f := s.Flags[t]; f >= 0 {
			flags = append(flags, fmt.Sprintf("%s = %s", tt.ID, quote(hid(f))))
		}
		if tt.Fortification {
			v := "gone"
			switch f := s.Forts[t]; {
			case f == rules.FortEmpty:
				v = "unheld"
			case f >= 0:
				v = hid(f)
			}
			forts = append(forts, fmt.Sprintf("%s = %s", tt.ID, quote(v)))
		}
	}
	if len(flags) > 0 {
		line("")
		line("[flags]")
		for _, f := range flags {
			line("%s", f)
		}
	}
	if len(forts) > 0 {
		line("")
		line("[fortifications]")
		for _, f := range forts {
			line("%s", f)
		}
	}

	onBoard := make([]int, len(m.Houses))
	for t := range s.Units {
		for h, u := range s.Units[t] {
			onBoard[h] += u[board.Dragon]
		}
	}
	for _, f := range s.Stack {
		if c := f.Combat; c != nil {
			onBoard[c.Attacker] += c.AttUnits[board.Dragon]
			if c.Retreater >= 0 {
				onBoard[c.Retreater] += c.Retreat[board.Dragon]
			}
		}
	}
	for h := range m.Houses {
		line("")
		line("[house.%s]", hid(h))
		line("deck = %s", list(cardIDs(m, s.Decks[h])))
		line("discard = %s", list(cardIDs(m, s.Discards[h])))
		if s.Dragons[h] != onBoard[h] {
			line("dragons_had = %d", s.Dragons[h])
		}
	}

	for _, f := range s.Stack {
		line("")
		line("[[stack]]")
		line("kind = %s", quote(string(f.Kind)))
		line("seat = %s", quote(seats[f.Seat]))
		if f.Kind != rules.FrameCombat {
			line("house = %s", quote(hid(f.House)))
		}
		if f.Effect != rules.None {
			line("card = %s", quote(m.CardAt(f.Effect).ID))
		}
		switch f.Kind {
		case rules.FrameAgent:
			line("slot = %s", quote(f.Slot.String()))
			used := make([]string, len(f.Used))
			for i, c := range f.Used {
				used[i] = c.String()
			}
			line("used = %s", list(used))
			line("left = %d", f.Left)
		case rules.FrameMuster:
			line("points = %d", f.Points)
			var parts []string
			for t, n := range f.Placed {
				if n > 0 {
					parts = append(parts, fmt.Sprintf("%s = %d", m.Territories[t].ID, n))
				}
			}
			line("placed = { %s }", strings.Join(parts, ", "))
		case rules.FrameMelisandre:
			if f.Target >= 0 {
				line("looking_at = %s", quote(seats[f.Target]))
			}
		case rules.FrameCombat:
			c := f.Combat
			line("territory = %s", quote(m.Territories[c.Territory].ID))
			line("from = %s", quote(m.Territories[c.From].ID))
			line("attacker = %s", quote(hid(c.Attacker)))
			line("defender = %s", quote(hid(c.Defender)))
			line("step = %s", quote(c.Step))
			line("attacking = %s", unitTable(c.AttUnits))
			if c.Winner >= 0 {
				line("winner = %s", quote(hid(c.Winner)))
				line("retreating = %s", unitTable(c.Retreat))
				line("attacker_power = %d", c.AttPower)
				line("defender_power = %d", c.DefPower)
				line("attacker_terms = %s", list(c.AttTerms))
				line("defender_terms = %s", list(c.DefTerms))
			}
			var plays []string
			for _, p := range c.Plays {
				if p.Card == rules.None {
					plays = append(plays, fmt.Sprintf("{ seat = %s }", quote(seats[p.Seat])))
				} else {
					plays = append(plays, fmt.Sprintf("{ seat = %s, card = %s }", quote(seats[p.Seat]), quote(m.CardAt(p.Card).ID)))
				}
			}
			line("plays = [%s]", strings.Join(plays, ", "))
		}
	}
	return []byte(b.String())
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
func cardIDs(m *board.Map, cs []int) []string {
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
