package placer

import (
	"math"
	"slices"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
)

// TokenItem is one token: a house's units of one kind in a territory, or
// the flag of a house that holds a territory without troops.
type TokenItem struct {
	Terr  int
	House board.HouseID
	Unit  board.Unit
	N     int
	Flag  bool
	// All: the house's units of every kind there in one token (its mark
	// and N), where the territory is too small for a token each.
	All bool
	// Attack marks the units of a running combat's attacker, off the
	// board until it ends: drawn in the contested territory beside the
	// defender's, edged as attackers.
	Attack bool
	R      ui.Rect // pixels, relative to the grid's origin on the screen
}

// LabelItem is a territory's name (with its icons below or beside it),
// or its map code where not even the name at its least size fits inside
// the territory. Name is always true (kept for the painter's callers).
type LabelItem struct {
	Terr int
	R    ui.Rect // pixels, relative to the grid's origin on the screen
	Name bool
	// Code: Text is the territory's map code, where not even its name
	// at the least size fits inside it (the tooltip names it whole).
	Code bool
	Text string  // what is written: the name on one line or two, or the code
	Size float64 // the name's size in pixels
	// Row: the icons stand right of the text, on its line (a flat
	// territory's); NoIcons: none are drawn (where not even the code and
	// its icons fit in a row: the tooltip lists them).
	Row, NoIcons bool
}

// RiverLabel is a river's name along it: centred on (X, Y), turned by
// Angle (radians, clockwise on the screen, within ±90° so it reads left
// to right), W×H before turning; R bounds it turned.
type RiverLabel struct {
	River      int
	X, Y       float64
	Angle      float64
	W, H, Size float64
	R          ui.Rect
}

// OverlayPlan is where the overlay puts everything, in pixels relative to
// the grid's origin on the screen (so a pan moves it without a new plan).
type OverlayPlan struct {
	TokH, NameSize float64
	Tokens         []TokenItem
	Blocks         []ui.Rect // per territory: its tokens' block (W = 0: none)
	Labels         []LabelItem
	Boxes          []ui.Rect // per territory: its label (W = 0: not shown)
	Anchors        []ui.Rect // per port: its anchor glyph (W = 0: not a port)
	// Cramped: per territory, whether its name leaves no room inside it
	// for even one small token (the smallest islands at a small window):
	// its tokens sit beside it, touching it.
	Cramped []bool
	Rivers  []RiverLabel
}

// PlanOverlay places the board's tokens, port anchors and names for the
// public view pv, seen through camera v drawn at scale (screen pixels per
// base pixel) with k screen pixels per grid cell: in pixels relative to
// the grid's origin on the screen, so that a pan moves the plan without a
// new one. The names are placed first, from the map and the size alone
// (labelsFor), so that a name never moves as units come and go; the
// tokens then go round them, each inside its own territory, smaller or a
// house's units in one token where the territory is too small for them.
func PlanOverlay(v *ui.Camera, scale, k float64, pv *rules.View) *OverlayPlan {
	m := v.Map()
	step := SizeStep(v.Zoom())
	pl := &OverlayPlan{
		TokH:     math.Round(math.Max(17, 19*scale) * step),
		NameSize: math.Round(12.5*scale*step*2) / 2,
		Blocks:   make([]ui.Rect, len(m.Territories)),
	}
	lp := labelsFor(v, scale, k, step, pl.TokH, pl.NameSize)
	pl.Labels = slices.Clone(lp.labels)
	pl.Boxes = slices.Clone(lp.boxes)
	pl.Anchors = slices.Clone(lp.anchors)
	pl.Rivers = slices.Clone(lp.rivers)
	pl.Cramped = slices.Clone(lp.cramped)
	tp := newTokenPlacer(pl, lp, m, v.Shapes(), scale, k)
	for ti, its := range tokenItems(m, pv) {
		if len(its) > 0 {
			tp.place(ti, its)
		}
	}
	return pl
}
