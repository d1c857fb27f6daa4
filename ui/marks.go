package ui

import (
	"image/color"
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

// Mark is a sign drawn on the board round the tokens: an arrow (its shaft
// under them, its head over the destination's), a pulse or a ring in house
// House's colour. Attack edges an arrow as an attack.
type Mark struct {
	Kind     MarkKind
	From, To board.TerrID
	House    board.HouseID
	Attack   bool
}

// BoardMarks is every mark drawn for public view pv: the running
// combat's attack arrow (its units drawn at its head, placer.PlanOverlay), then
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

// The casing of the marks. A mark is its house's colour inside a casing
// of the one of these that stands apart from that colour (a light one
// round a dark house, a dark one round a light house), inside a hairline
// of the other: the board's grounds and tokens run from the dark open sea
// to pale parchment, and every ground contrasts 3:1 with the dark one or
// the light one (the dark one from a luminance of 0.11 up, the light one
// up to 0.27), so whatever a mark crosses, its edge shows (the legal
// targets' outline does the same, a dark line with a bright one inside).
var (
	ColMarkDark  = color.RGBA{12, 11, 9, 255}
	ColMarkLight = color.RGBA{250, 246, 236, 255}
	// ColMarkAttack edges an attack's arrow inside its casing.
	ColMarkAttack = color.RGBA{200, 30, 30, 255}
)

// MarkCasing is the casing of a mark of fill colour c, from the outside
// in: the hairline and the casing (ColMarkDark and ColMarkLight, the one
// that contrasts more with c inside).
func MarkCasing(c color.RGBA) (hairline, casing color.RGBA) {
	if Contrast(c, ColMarkLight) > Contrast(c, ColMarkDark) {
		return ColMarkDark, ColMarkLight
	}
	return ColMarkLight, ColMarkDark
}

// ArrowPath is where an arrow from pole a to pole z runs, in the pixels of
// the token blocks from and to (each W = 0 when its territory has none):
// its tail leaves from gap beyond the edge of the origin's block, so it
// starts clear of the tokens and flag left behind, and its tip reaches
// reach pixels into the destination's block, where the head (drawn over
// the tokens) points at the units that came. Without a block an end stops
// short of its pole by cut. When the blocks leave no room between them
// (less than room), the arrow runs between the poles cut back by cut.
func ArrowPath(a, z board.Point, from, to Rect, gap, reach, cut, room float64) (tail, tip board.Point) {
	dx, dy := z.X-a.X, z.Y-a.Y
	d := math.Hypot(dx, dy)
	if d == 0 {
		return a, z
	}
	ux, uy := dx/d, dy/d
	at := func(s float64) board.Point { return board.Point{X: a.X + ux*s, Y: a.Y + uy*s} }
	cut = math.Min(cut, d*0.2)
	s0, s1 := cut, d-cut
	if from.W > 0 {
		if _, out, ok := rayThrough(a, ux, uy, grow(from, gap)); ok {
			s0 = math.Max(out, 0)
		}
	}
	if to.W > 0 {
		if in, _, ok := rayThrough(a, ux, uy, to); ok {
			s1 = in + reach
		}
	}
	if s1-s0 < room {
		return at(cut), at(d - cut)
	}
	return at(s0), at(s1)
}

// grow is r grown by g on every side.
func grow(r Rect, g float64) Rect { return Rect{X: r.X - g, Y: r.Y - g, W: r.W + 2*g, H: r.H + 2*g} }

// rayThrough is where the ray from p along (ux, uy) enters and leaves r,
// as distances along it (the entry negative when p is inside), and
// whether it meets r at all.
func rayThrough(p board.Point, ux, uy float64, r Rect) (in, out float64, ok bool) {
	in, out = math.Inf(-1), math.Inf(1)
	for _, ax := range [2][4]float64{{p.X, ux, r.X, r.X + r.W}, {p.Y, uy, r.Y, r.Y + r.H}} {
		o, u, lo, hi := ax[0], ax[1], ax[2], ax[3]
		if u == 0 {
			if o < lo || o > hi {
				return 0, 0, false
			}
			continue
		}
		t0, t1 := (lo-o)/u, (hi-o)/u
		if t0 > t1 {
			t0, t1 = t1, t0
		}
		in, out = math.Max(in, t0), math.Min(out, t1)
	}
	return in, out, in <= out && out >= 0
}
