package scenarios

import (
	"slices"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
)

// Frame kinds a scenario names in [[stack]].
var kinds = []rules.FrameKind{rules.FrameAgent, rules.FrameMuster, rules.FrameMove, rules.FrameCombat, rules.FrameCersei, rules.FrameMelisandre, rules.FrameCitadel}

// readStack reads the pending steps, bottom first: the agent resolving,
// then the actions and combats it (or a card) started.
func (r *reader) readStack(root *maps.Table) {
	r.stack = root.Tables("stack")
	for _, ft := range r.stack {
		if !r.readStep(ft) {
			// Its problem is reported: what else it says is not unknown.
			for _, k := range stepKeys {
				ft.Has(k)
			}
		}
		ft.Done()
	}
}

// stepKeys are the keys a [[stack]] table may have.
var stepKeys = []string{"kind", "seat", "house", "card", "slot", "used", "left", "points", "placed", "looking_at",
	"territory", "from", "attacker", "defender", "active", "step", "attacking", "retreating", "plays", "winner",
	"attacker_power", "defender_power", "attacker_terms", "defender_terms"}

// step is what every [[stack]] table may say: its kind, the seat acting
// and the house it acts for (None: the agent's), the card granting it.
type step struct {
	kind  rules.FrameKind
	seat  rules.Seat
	house board.HouseID
	card  board.CardID
}

// readStep reads one pending step; false when it names something
// unknown (reported).
func (r *reader) readStep(ft *maps.Table) bool {
	kind := rules.FrameKind(ft.Need("kind", "kind of step"))
	if !slices.Contains(kinds, kind) {
		if kind != "" {
			r.errf(ft.Key("kind"), "unknown kind %q (want agent, muster, move, combat, cersei, melisandre or citadel)", string(kind))
		}
		return false
	}
	st, ok := r.readStepHeader(ft, kind)
	if !ok {
		return false
	}
	at := ft.Key("kind")
	switch kind {
	case rules.FrameAgent:
		return r.readAgentStep(ft, st)
	case rules.FrameMuster:
		placed := make([]int, len(r.m.Territories))
		if pl := ft.Sub("placed", false); pl != nil {
			for _, tid := range pl.Keys() {
				if t, ok := r.terr(pl, tid, tid); ok {
					placed[t] = pl.Int(tid, true, 0, 99, 0)
				} else {
					pl.Has(tid)
				}
			}
			pl.Done()
		}
		r.put(at, r.b.Muster(st.seat, st.house, st.card, ft.Int("points", false, 0, 99, rules.None), placed))
	case rules.FrameMove:
		r.put(at, r.b.Move(st.seat, st.house, st.card))
	case rules.FrameCersei:
		r.put(at, r.b.Cersei(st.seat, st.house, st.card))
	case rules.FrameMelisandre:
		looking := rules.Seat(rules.None)
		if id := ft.Str("looking_at", false); id != "" {
			if looking, ok = r.seat(ft, "looking_at", id); !ok {
				return false
			}
		}
		r.put(at, r.b.Melisandre(st.seat, st.house, st.card, looking))
	case rules.FrameCombat:
		return r.readCombat(ft, st.seat)
	case rules.FrameCitadel:
		r.put(ft.Key("step"), r.b.CitadelStep(st.seat, st.house, ft.Need("step", "step")))
	}
	return true
}

// readStepHeader reads the seat, house and card of a step; false when one
// names nothing known.
func (r *reader) readStepHeader(ft *maps.Table, kind rules.FrameKind) (step, bool) {
	st := step{kind: kind, seat: rules.None, house: rules.None, card: rules.None}
	ok := true
	if id := ft.Str("seat", false); id != "" {
		st.seat, ok = r.seat(ft, "seat", id)
	}
	if id := ft.Str("house", kind == rules.FrameAgent); id != "" {
		var hok bool
		st.house, hok = r.house(ft, "house", id)
		ok = ok && hok
	} else if kind == rules.FrameAgent {
		ok = false
	}
	if kind != rules.FrameAgent && kind != rules.FrameCombat && kind != rules.FrameCitadel {
		granted := kind == rules.FrameCersei || kind == rules.FrameMelisandre
		if id := ft.Str("card", granted); id != "" {
			var cok bool
			st.card, cok = r.card(ft, "card", id)
			ok = ok && cok
		}
	}
	return st, ok
}

// readAgentStep reads the agent resolving: its slot, the actions it has
// taken and how many it has left.
func (r *reader) readAgentStep(ft *maps.Table, st step) bool {
	slotText := ft.Need("slot", "slot")
	slot, err := rules.ParseSlot(slotText)
	if err != nil {
		if slotText != "" {
			r.errf(ft.Key("slot"), "%v", err)
		}
		return false
	}
	var used []rules.Choice
	for _, w := range ft.Strs("used", false) {
		var c rules.Choice
		if err := c.UnmarshalText([]byte(w)); err != nil {
			r.errf(ft.Key("used"), "unknown agent action %q (want muster, move or draw)", w)
			continue
		}
		used = append(used, c)
	}
	left := ft.Int("left", false, 0, 2, rules.None)
	r.put(ft.Key("slot"), r.b.Resolving(st.house, slot, st.seat, used, left))
	return true
}

// readCombat reads a pending combat; seat is the seat the step names (the
// active player unless active says otherwise).
func (r *reader) readCombat(ft *maps.Table, seat rules.Seat) bool {
	t, tok := r.terr(ft, "territory", ft.Need("territory", "territory id"))
	from, fok := r.terr(ft, "from", ft.Need("from", "territory id"))
	att, aok := r.house(ft, "attacker", ft.Str("attacker", true))
	def, dok := r.house(ft, "defender", ft.Need("defender", "house id"))
	if id := ft.Str("active", false); id != "" {
		var ok bool
		if seat, ok = r.seat(ft, "active", id); !ok {
			tok = false
		}
	}
	if !tok || !fok || !aok || !dok {
		return false
	}
	if err := r.b.Combat(t, from, att, def, seat); err != nil {
		r.put(ft.Key("territory"), err)
		return false
	}
	step := ft.Str("step", false)
	if step == "" {
		step = "cards"
	}
	decided := step == "retreat" || step == "redeploy"
	winner, at := board.NoHouse, ft.Key("step")
	if w := ft.Str("winner", decided); w != "" {
		if winner, aok = r.house(ft, "winner", w); !aok {
			return false
		}
		at = ft.Key("winner")
	}
	r.put(at, r.b.CombatStep(step, winner))
	r.put(ft.Key("attacking"), r.b.Attacking(r.units(ft, "attacking")))
	r.put(ft.Key("retreating"), r.b.Retreating(r.units(ft, "retreating")))
	for _, pt := range ft.Tables("plays") {
		who, ok := r.seat(pt, "seat", pt.Need("seat", "seat id"))
		card := board.NoCard
		if id := pt.Str("card", false); id != "" {
			var cok bool
			card, cok = r.card(pt, "card", id)
			ok = ok && cok
		}
		pt.Done()
		if ok {
			r.put(pt.Path(), r.b.Played(who, card))
		}
	}
	r.put(ft.Key("attacker_power"), r.b.Powers(ft.Int("attacker_power", false, 0, 999, 0), ft.Int("defender_power", false, 0, 999, 0),
		ft.Strs("attacker_terms", false), ft.Strs("defender_terms", false)))
	return true
}
