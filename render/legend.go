package render

import (
	"slices"
	"strings"

	"notrueking/board"
	"notrueking/ui"
)

// A CodeName is a territory the board names by its map code where its
// name has no room (a phone's board, a small window): the code drawn and
// the territory's whole name, for the legend.
type CodeName struct{ Code, Name string }

// CodesInView lists the territories the board last drawn names by their
// code and shows in its viewport (even in part), by code: what a legend
// of the board in view says. None before the board is drawn.
func (p *Painter) CodesInView() []CodeName {
	v := p.board
	if v == nil || !v.drawn || v.plan == nil {
		return nil
	}
	t := v.screen(v.sc)
	vp := v.sc.Rect(v.Viewport())
	m := v.Map()
	var out []CodeName
	for _, l := range v.plan.Labels {
		if !l.Code || !m.HasTerr(board.TerrID(l.Terr)) {
			continue
		}
		r := ui.Rect{X: t.X + l.R.X, Y: t.Y + l.R.Y, W: l.R.W, H: l.R.H}
		if ui.Overlap(r, vp) <= 0 {
			continue
		}
		out = append(out, CodeName{Code: l.Text, Name: m.Territories[l.Terr].Name})
	}
	slices.SortFunc(out, func(a, b CodeName) int { return strings.Compare(a.Code, b.Code) })
	return slices.Compact(out)
}
