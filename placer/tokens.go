package placer

import (
	"math"
	"slices"
	"sort"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
)

// The tokens go round the names: each territory's inside it (a port's on
// the sea round its anchor), smaller or a house's units in one token where
// the territory is too small for them, and beside an island too small to
// hold its name and a token.

// tokenItems are the tokens of public view pv, per territory of map m: a
// house's units of each kind, a flag where a house holds a territory
// without troops, and a running combat's attackers in the contested
// territory (none for a nil view).
func tokenItems(m *board.Map, pv *rules.View) [][]TokenItem {
	items := make([][]TokenItem, len(m.Territories))
	if pv == nil {
		return items
	}
	for _, g := range pv.Groups {
		ti := int(g.Territory)
		if !m.HasTerr(g.Territory) {
			continue
		}
		for u := board.Unit(0); u < board.NumUnits; u++ {
			if g.Units[u] > 0 {
				items[ti] = append(items[ti], TokenItem{Terr: ti, House: g.House, Unit: u, N: g.Units[u]})
			}
		}
	}
	for ti := range m.NumTerritories() {
		if h := pv.Flag(ti); h >= 0 && len(items[ti]) == 0 {
			items[ti] = append(items[ti], TokenItem{Terr: int(ti), House: h, Flag: true})
		}
	}
	if c := pv.Combat; c != nil && m.HasTerr(c.Territory) {
		for u := board.Unit(0); u < board.NumUnits; u++ {
			if n := c.Attacking[u]; n > 0 {
				ti := int(c.Territory)
				items[ti] = append(items[ti], TokenItem{Terr: ti, House: c.Attacker, Unit: u, N: n, Attack: true})
			}
		}
	}
	return items
}

// tokenPlacer puts the tokens of one plan: k pixels per cell, gap between
// tokens, clear of the obstacles (the names, the anchors, the bridges, the
// board's buttons, the rivers' names and the token blocks placed so far).
type tokenPlacer struct {
	pl        *OverlayPlan
	lp        *labelPlan
	m         *board.Map
	sh        *ui.Shapes
	gr        *ground
	k, gap    float64
	obstacles []ui.Rect
	// buf holds the rectangles of the last layout (put copies them; a
	// port's best is cloned).
	buf []ui.Rect
}

// newTokenPlacer puts the tokens of plan pl round the names of label
// plan lp, at scale and k pixels per cell.
func newTokenPlacer(pl *OverlayPlan, lp *labelPlan, m *board.Map, sh *ui.Shapes, scale, k float64) *tokenPlacer {
	tp := &tokenPlacer{pl: pl, lp: lp, m: m, sh: sh, gr: newGround(m, sh, k), k: k, gap: math.Max(2, math.Round(2*scale))}
	// Tokens keep off the names, the anchors, the bridges and the board's
	// buttons, and off one another.
	tp.obstacles = slices.Clone(lp.fixed)
	for _, l := range pl.Labels {
		tp.obstacles = append(tp.obstacles, l.R)
	}
	for _, r := range pl.Rivers {
		tp.obstacles = append(tp.obstacles, r.R)
	}
	return tp
}

// covered is how much of a token block (a pixel round it included) the
// obstacles placed so far cover.
func (tp *tokenPlacer) covered(block ui.Rect) float64 {
	c := 0.0
	for _, o := range tp.obstacles {
		c += ui.Overlap(block.Inset(-1), o)
	}
	return c
}

// layout is tokens its h high (tw wide, g apart) in rows of cols, the
// block centred on c; the rectangles are in a buffer the next layout
// reuses.
func (tp *tokenPlacer) layout(its []TokenItem, h, tw, g float64, cols int, c board.Point) (ui.Rect, []ui.Rect) {
	rows := (len(its) + cols - 1) / cols
	bw := float64(cols)*tw + float64(cols-1)*g
	bh := float64(rows)*h + float64(rows-1)*g
	block := ui.Rect{X: math.Round(c.X - bw/2), Y: math.Round(c.Y - bh/2), W: bw, H: bh}
	if cap(tp.buf) < len(its) {
		tp.buf = make([]ui.Rect, len(its))
	}
	rs := tp.buf[:len(its)]
	for i := range its {
		row, col := i/cols, i%cols
		inRow := min(cols, len(its)-row*cols)
		rx := block.X + (bw-(float64(inRow)*tw+float64(inRow-1)*g))/2
		rs[i] = ui.Rect{X: rx + float64(col)*(tw+g), Y: block.Y + float64(row)*(h+g), W: tw, H: h}
	}
	return block, rs
}

// put adds territory ti's tokens its at rs, their block an obstacle to
// the tokens after them.
func (tp *tokenPlacer) put(ti int, its []TokenItem, block ui.Rect, rs []ui.Rect) {
	tp.pl.Blocks[ti] = block
	tp.obstacles = append(tp.obstacles, block)
	for i, it := range its {
		it.R = rs[i]
		tp.pl.Tokens = append(tp.pl.Tokens, it)
	}
}

// place puts territory ti's tokens: a port's round its anchor, else
// inside the territory, else (an island too small to hold its name and a
// token, Cramped) beside it.
func (tp *tokenPlacer) place(ti int, its []TokenItem) {
	px, py := tp.sh.Pole[ti].X*tp.k, tp.sh.Pole[ti].Y*tp.k
	if a := tp.pl.Anchors[ti]; a.W > 0 {
		best, bestRs := tp.port(its, a, px, py)
		tp.put(ti, its, best, bestRs)
		return
	}
	// Only what lies over the territory's box can be in the way.
	local := nearBox(tp.m, tp.sh, ti, tp.k, tp.obstacles)
	free := func(r ui.Rect) bool {
		if !tp.lp.inView(r) {
			return false
		}
		g := r.Inset(-1)
		for _, o := range local {
			if meets(g, o) {
				return false
			}
		}
		return true
	}
	if tp.inside(ti, its, free) {
		return
	}
	tp.beside(ti, its, px, py)
}

// port is where a port's ships go: on the sea round its anchor a (its
// pole at px, py): beside it, above, below, then the corners, then a row
// farther out, then anywhere near it; at full height, then smaller. It
// returns the block least covered and its tokens' rectangles.
func (tp *tokenPlacer) port(its []TokenItem, a ui.Rect, px, py float64) (ui.Rect, []ui.Rect) {
	var best ui.Rect
	var bestRs []ui.Rect
	bestCost := math.Inf(1)
	// try keeps the layout at c if it is the least covered so far, and
	// reports whether nothing covers it.
	try := func(its []TokenItem, th, tw float64, cols int, c board.Point, skip func(ui.Rect) bool) bool {
		block, rs := tp.layout(its, th, tw, tp.gap, cols, c)
		if skip(block) {
			return false
		}
		cost := tp.covered(block)
		if !tp.lp.inView(block) {
			cost += 1e5
		}
		if cost < bestCost {
			best, bestRs, bestCost = block, slices.Clone(rs), cost
		}
		return cost == 0
	}
	pl := tp.pl
	for _, th := range []float64{pl.TokH, math.Round(pl.TokH * 0.8), math.Max(10, math.Round(pl.TokH*0.65))} {
		if bestCost == 0 {
			break
		}
		tw := TokenWidth(th)
		for cols := len(its); cols >= 1 && bestCost > 0; cols-- {
			rows := (len(its) + cols - 1) / cols
			bw := float64(cols)*tw + float64(cols-1)*tp.gap
			bh := float64(rows)*th + float64(rows-1)*tp.gap
			for _, f := range []float64{1, 2} {
				dx, dy := (a.W/2+tp.gap+bw/2)*f, (a.H/2+tp.gap+bh/2)*f
				for _, c := range []board.Point{{X: px + dx, Y: py}, {X: px - dx, Y: py}, {X: px, Y: py - dy}, {X: px, Y: py + dy},
					{X: px + dx, Y: py - dy}, {X: px - dx, Y: py - dy}, {X: px + dx, Y: py + dy}, {X: px - dx, Y: py + dy}} {
					if try(its, th, tw, cols, c, func(ui.Rect) bool { return false }) {
						break
					}
				}
			}
			// Anywhere on the sea near the anchor, nearest first.
			if bestCost > 0 {
				off := func(block ui.Rect) bool { return ui.Overlap(block, a) > 0 || !tp.lp.inView(block) }
				for _, c := range nearAnchor(px, py, th, tw) {
					if try(its, th, tw, cols, c, off) {
						break
					}
				}
			}
		}
	}
	return best, bestRs
}

// nearAnchor are the centres within 1.5 token widths tw of a port's pole
// (px, py), a third of a token's height th apart, nearest first.
func nearAnchor(px, py, th, tw float64) []board.Point {
	st := math.Max(2, math.Round(th/3))
	var near []board.Point
	for dy := -1.5 * tw; dy <= 1.5*tw; dy += st {
		for dx := -1.5 * tw; dx <= 1.5*tw; dx += st {
			if math.Hypot(dx, dy) <= 1.5*tw {
				near = append(near, board.Point{X: px + dx, Y: py + dy})
			}
		}
	}
	sort.Slice(near, func(i, j int) bool {
		return math.Hypot(near[i].X-px, near[i].Y-py) < math.Hypot(near[j].X-px, near[j].Y-py)
	})
	return near
}

// inside lays territory ti's tokens out inside it, clear of what free
// refuses: in rows (one row … one column), at the pole, the territory's
// deep spots, round the pole, then anywhere inside it, nearest the pole
// first; at full height, then smaller, then each house's units in one
// token. It reports false when no layout fits.
func (tp *tokenPlacer) inside(ti int, its []TokenItem, free func(ui.Rect) bool) bool {
	tokH, gap, k := tp.pl.TokH, tp.gap, tp.k
	heights := []float64{tokH, math.Round(tokH * 0.8), math.Max(10, math.Round(tokH*0.65))}
	merged := mergeTokens(its)
	for _, one := range []bool{false, true} {
		toks := its
		hs := heights
		if one {
			// Merged, down to 9 pixels: the mark and a digit still read.
			toks, hs = merged, append(heights, math.Max(9, math.Round(tokH*0.55)))
		}
		for _, h := range hs {
			tw := TokenWidth(h)
			if one {
				tw = mergedWidth(h)
			}
			g := math.Max(1, math.Round(gap*h/tokH))
			// The pole, the deep spots and round the pole first, in every
			// arrangement; then anywhere inside.
			for pass := 0; pass < 2; pass++ {
				var scan []board.Point
				if pass == 1 {
					scan = tp.lp.scan(tp.m, tp.sh, ti, k, math.Max(2, math.Round(h/3)))
				}
				for cols := len(toks); cols >= 1; cols-- {
					cands := scan
					if pass == 0 {
						cands = tp.nearPole(ti, len(toks), cols, h, tw, g)
					}
					if tp.fitInside(ti, toks, h, tw, g, cols, cands, free) {
						return true
					}
				}
			}
		}
	}
	return false
}

// nearPole are the first centres tried for n tokens h high (tw wide, g
// apart) in rows of cols inside territory ti: its pole, its deep spots,
// then round the pole.
func (tp *tokenPlacer) nearPole(ti, n, cols int, h, tw, g float64) []board.Point {
	k := tp.k
	px, py := tp.sh.Pole[ti].X*k, tp.sh.Pole[ti].Y*k
	rows := (n + cols - 1) / cols
	bw := float64(cols)*tw + float64(cols-1)*g
	bh := float64(rows)*h + float64(rows-1)*g
	cands := []board.Point{{X: px, Y: py}}
	for _, s := range tp.sh.Spots[ti] {
		cands = append(cands, board.Point{X: s.X * k, Y: s.Y * k})
	}
	for _, f := range []float64{0.6, 1.2} {
		dx, dy := (bw+g)*f, (bh+g)*f
		cands = append(cands,
			board.Point{X: px + dx, Y: py}, board.Point{X: px - dx, Y: py},
			board.Point{X: px, Y: py - dy}, board.Point{X: px, Y: py + dy})
	}
	return cands
}

// fitInside puts territory ti's tokens toks at the first of cands where
// free takes their block and every token lies inside the territory, and
// reports whether one did.
func (tp *tokenPlacer) fitInside(ti int, toks []TokenItem, h, tw, g float64, cols int, cands []board.Point, free func(ui.Rect) bool) bool {
	for _, c := range cands {
		block, rs := tp.layout(toks, h, tw, g, cols, c)
		if !free(block) {
			continue
		}
		ok := true
		for _, r := range rs {
			if !tp.gr.inside(ti, r) {
				ok = false
				break
			}
		}
		if ok {
			tp.put(ti, toks, block, rs)
			return true
		}
	}
	return false
}

// beside puts the tokens of territory ti (its pole at px, py) where none
// fit inside it (an island too small to hold its name and a token,
// Cramped): each house's units in one small token beside it, touching it,
// as a printed map names an island on the sea. Beside it, anything may be
// in the way; where nothing is free, the tokens go on the pole.
func (tp *tokenPlacer) beside(ti int, its []TokenItem, px, py float64) {
	freeAll := func(r ui.Rect) bool {
		if !tp.lp.inView(r) {
			return false
		}
		for _, o := range tp.obstacles {
			if ui.Overlap(r.Inset(-1), o) > 0 {
				return false
			}
		}
		return true
	}
	h := math.Max(10, math.Round(tp.pl.TokH*0.65))
	one := mergeTokens(its)
	tw := mergedWidth(h)
	d := tp.sh.Depth[ti] * tp.k * 0.7
	for cols := len(one); cols >= 1; cols-- {
		rows := (len(one) + cols - 1) / cols
		bw, bh := float64(cols)*tw+float64(cols-1), float64(rows)*h+float64(rows-1)
		for _, f := range []float64{1, 0.7, 1.3, 1.6} {
			dx, dy := (d+bw/2)*f, (d+bh/2)*f
			for _, c := range []board.Point{{X: px + dx, Y: py}, {X: px - dx, Y: py}, {X: px, Y: py + dy}, {X: px, Y: py - dy},
				{X: px + dx, Y: py + dy}, {X: px - dx, Y: py + dy}, {X: px + dx, Y: py - dy}, {X: px - dx, Y: py - dy}} {
				block, rs := tp.layout(one, h, tw, 1, cols, c)
				if freeAll(block) && touches(tp.sh, ti, block, tp.k) {
					tp.put(ti, one, block, rs)
					return
				}
			}
		}
	}
	block, rs := tp.layout(one, h, tw, 1, len(one), board.Point{X: px, Y: py})
	tp.put(ti, one, block, rs)
}

// mergeTokens makes one token of each house's tokens (a flag stays a
// flag): for a territory too small to hold them one by one.
func mergeTokens(its []TokenItem) []TokenItem {
	var out []TokenItem
	for _, it := range its {
		if it.Flag {
			out = append(out, it)
			continue
		}
		j := slices.IndexFunc(out, func(o TokenItem) bool { return o.House == it.House && o.Attack == it.Attack && !o.Flag })
		if j < 0 {
			it.All = true
			out = append(out, it)
			continue
		}
		out[j].N += it.N
	}
	return out
}
