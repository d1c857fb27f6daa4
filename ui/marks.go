package ui

import (
	"math"

	"notrueking/board"
	"notrueking/rules"
)

// MarkKind is what a mark on the board shows.
type MarkKind uint8

// The marks of what just happened.
const (
	// MarkArrow: units moved (or attack) from From to To.
	MarkArrow MarkKind = iota
	// MarkPulse: units mustered in To (rings spreading from its pole).
	MarkPulse
	// MarkRing: a unit promoted in To (a ring round its pole).
	MarkRing
)

// Mark is a sign drawn on the board under the tokens: an arrow, a pulse
// or a ring in house House's colour. Attack edges an arrow as an attack.
type Mark struct {
	Kind     MarkKind
	From, To board.TerrID
	House    board.HouseID
	Attack   bool
}

// BoardMarks is every mark drawn for public view pv: the running
// combat's attack arrow (its units drawn at its head, PlanOverlay), then
// marks, those of a territory not on map m left out.
func BoardMarks(m *board.Map, pv *rules.View, marks []Mark) []Mark {
	var out []Mark
	if pv != nil && pv.Combat != nil {
		c := pv.Combat
		if board.Total(c.Attacking) > 0 && m.HasTerr(c.From) && m.HasTerr(c.Territory) && c.From != c.Territory {
			out = append(out, Mark{Kind: MarkArrow, From: c.From, To: c.Territory, House: c.Attacker, Attack: true})
		}
	}
	for _, k := range marks {
		if !m.HasTerr(k.To) || (k.Kind == MarkArrow && !m.HasTerr(k.From)) {
			continue
		}
		if len(out) > 0 && out[0].Kind == MarkArrow && k.Kind == MarkArrow && k.From == out[0].From && k.To == out[0].To {
			continue // the combat's own arrow
		}
		out = append(out, k)
	}
	return out
}

// ArrowEnds is where mark k's arrow runs on the grid of shapes sh: from
// near the pole of its origin to near the pole of its destination, cut
// back at both ends so its head stops short of the tokens there.
func ArrowEnds(sh *Shapes, k Mark) (board.Point, board.Point) {
	a, b := sh.Pole[k.From], sh.Pole[k.To]
	dx, dy := b.X-a.X, b.Y-a.Y
	d := math.Hypot(dx, dy)
	if d == 0 {
		return a, b
	}
	cut := math.Min(1.2, d*0.2)
	ux, uy := dx/d, dy/d
	return board.Point{X: a.X + ux*cut, Y: a.Y + uy*cut}, board.Point{X: b.X - ux*cut, Y: b.Y - uy*cut}
}
