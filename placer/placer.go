// Package placer places the board's names and tokens.
package placer

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
)

// The board's overlay: every territory's name and icons inside it, placed
// from the map and the size alone (so a name never moves as units come
// and go), then the unit tokens and flags inside their territories round
// the names, at the size the screen shows them.

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

// MinRiverName is the least size of a river's name, in pixels.
const MinRiverName = 10.0

// SizeStep is how much names and tokens grow with the zoom: in a few
// steps, so that their images are made for a handful of sizes only.
func SizeStep(z float64) float64 {
	switch {
	case z < 1.5:
		return 1
	case z < 2.5:
		return 1.2
	case z < 4:
		return 1.4
	}
	return 1.6
}

// TokenWidth is the width of a token of height h: its house's mark, the
// unit's silhouette and the count.
func TokenWidth(h float64) float64 { return math.Round(h * 2.05) }

// MinRoadName is the least size of a road's name, in pixels: readable
// at the fitted board of a 1280×720 window.
const MinRoadName = 10.0

// LabelNameSize is a territory's name size: roads are named smaller, like
// a road on a printed map, so they do not crowd the areas they cross.
func LabelNameSize(t board.Territory, size float64) float64 {
	if t.Kind == board.Road {
		return math.Max(MinRoadName, math.Round(size*0.72*2)/2)
	}
	return size
}

// TerritoryIcons lists a territory's icons, left to right.
func TerritoryIcons(t board.Territory, fortified bool) []string {
	var out []string
	for i := 0; i < t.Crowns; i++ {
		out = append(out, "crown")
	}
	for i := 0; i < t.Barrels; i++ {
		out = append(out, "barrel")
	}
	switch t.Fortress {
	case board.Castle:
		out = append(out, "castle")
	case board.Town:
		out = append(out, "town")
	}
	if fortified {
		out = append(out, "fortification")
	}
	return out
}

// LabelSize is the width and height of territory t's label: text (its
// name or code; none when "", bold on land) above its icons, or beside
// them on one line when row.
func LabelSize(t board.Territory, text string, size float64, nIcons int, row bool) (float64, float64) {
	ns := LabelNameSize(t, size)
	icon := math.Round(size * 0.9)
	w, h := 0.0, 0.0
	if text != "" {
		w, h = ui.Measure(text, ui.FontSize(ns), t.Kind != board.Sea, ns*1.2)
		if len(text) <= 2 || size < 10 {
			w, h = w+2, h+1 // a code or a small name: snug (its halo is a pixel)
		} else {
			w, h = w+4, h+2
		}
	}
	if nIcons > 0 {
		iw := icon*1.35*float64(nIcons-1) + icon*1.2
		if row {
			w += iw
			h = math.Max(h, icon*1.2)
		} else {
			w = math.Max(w, iw)
			h += icon * 1.2
		}
	}
	return math.Ceil(w), math.Ceil(h)
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
	m, sh := v.Map(), v.Shapes()
	n := len(m.Territories)
	step := SizeStep(v.Zoom())
	pl := &OverlayPlan{
		TokH:     math.Round(math.Max(17, 19*scale) * step),
		NameSize: math.Round(12.5*scale*step*2) / 2,
		Blocks:   make([]ui.Rect, n),
	}
	lp := labelsFor(v, scale, k, step, pl.TokH, pl.NameSize)
	pl.Labels = slices.Clone(lp.labels)
	pl.Boxes = slices.Clone(lp.boxes)
	pl.Anchors = slices.Clone(lp.anchors)
	pl.Rivers = slices.Clone(lp.rivers)
	pl.Cramped = slices.Clone(lp.cramped)
	K := k
	at := func(g board.Point) (float64, float64) { return g.X * K, g.Y * K }
	gap := math.Max(2, math.Round(2*scale))
	gr := newGround(m, sh, K)
	// Tokens keep off the names, the anchors, the bridges and the board's
	// buttons, and off one another.
	obstacles := slices.Clone(lp.fixed)
	for _, l := range pl.Labels {
		obstacles = append(obstacles, l.R)
	}
	for _, r := range pl.Rivers {
		obstacles = append(obstacles, r.R)
	}
	// covered is how much of a token block (a pixel round it included)
	// the obstacles placed so far cover.
	covered := func(block ui.Rect) float64 {
		c := 0.0
		for _, o := range obstacles {
			c += ui.Overlap(block.Inset(-1), o)
		}
		return c
	}

	items := make([][]TokenItem, n)
	if pv != nil {
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
	}
	// layout is its tokens h high in rows of cols, the block centred on c;
	// the rectangles are in a buffer the next layout reuses (put copies
	// them; a port's best is cloned).
	var buf []ui.Rect
	layout := func(its []TokenItem, h, tw, g float64, cols int, c board.Point) (ui.Rect, []ui.Rect) {
		rows := (len(its) + cols - 1) / cols
		bw := float64(cols)*tw + float64(cols-1)*g
		bh := float64(rows)*h + float64(rows-1)*g
		block := ui.Rect{X: math.Round(c.X - bw/2), Y: math.Round(c.Y - bh/2), W: bw, H: bh}
		if cap(buf) < len(its) {
			buf = make([]ui.Rect, len(its))
		}
		rs := buf[:len(its)]
		for i := range its {
			row, col := i/cols, i%cols
			inRow := min(cols, len(its)-row*cols)
			rx := block.X + (bw-(float64(inRow)*tw+float64(inRow-1)*g))/2
			rs[i] = ui.Rect{X: rx + float64(col)*(tw+g), Y: block.Y + float64(row)*(h+g), W: tw, H: h}
		}
		return block, rs
	}
	put := func(ti int, its []TokenItem, block ui.Rect, rs []ui.Rect) {
		pl.Blocks[ti] = block
		obstacles = append(obstacles, block)
		for i, it := range its {
			it.R = rs[i]
			pl.Tokens = append(pl.Tokens, it)
		}
	}
	for ti, its := range items {
		if len(its) == 0 {
			continue
		}
		px, py := at(sh.Pole[ti])
		if a := pl.Anchors[ti]; a.W > 0 {
			// A port's ships sit on the sea round its anchor: beside it,
			// above, below, then the corners, then a row farther out.
			var best ui.Rect
			var bestRs []ui.Rect
			bestCost := math.Inf(1)
			for _, th := range []float64{pl.TokH, math.Round(pl.TokH * 0.8), math.Max(10, math.Round(pl.TokH*0.65))} {
				if bestCost == 0 {
					break
				}
				tw := TokenWidth(th)
				for cols := len(its); cols >= 1 && bestCost > 0; cols-- {
					rows := (len(its) + cols - 1) / cols
					bw := float64(cols)*tw + float64(cols-1)*gap
					bh := float64(rows)*th + float64(rows-1)*gap
					for _, f := range []float64{1, 2} {
						dx, dy := (a.W/2+gap+bw/2)*f, (a.H/2+gap+bh/2)*f
						for _, c := range []board.Point{{X: px + dx, Y: py}, {X: px - dx, Y: py}, {X: px, Y: py - dy}, {X: px, Y: py + dy},
							{X: px + dx, Y: py - dy}, {X: px - dx, Y: py - dy}, {X: px + dx, Y: py + dy}, {X: px - dx, Y: py + dy}} {
							block, rs := layout(its, th, tw, gap, cols, c)
							cost := covered(block)
							if !lp.inView(block) {
								cost += 1e5
							}
							if cost < bestCost {
								best, bestRs, bestCost = block, slices.Clone(rs), cost
							}
							if cost == 0 {
								break
							}
						}
					}
					// Anywhere on the sea near the anchor, nearest first.
					if bestCost > 0 {
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
						for _, c := range near {
							block, rs := layout(its, th, tw, gap, cols, c)
							if ui.Overlap(block, a) > 0 || !lp.inView(block) {
								continue
							}
							cost := covered(block)
							if cost < bestCost {
								best, bestRs, bestCost = block, slices.Clone(rs), cost
							}
							if cost == 0 {
								break
							}
						}
					}
				}
			}
			put(ti, its, best, bestRs)
			continue
		}
		// Only what lies over the territory's box can be in the way.
		local := nearBox(m, sh, ti, K, obstacles)
		free := func(r ui.Rect) bool {
			if !lp.inView(r) {
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
		if placeTokens(m, sh, gr, func(ti int, step float64) []board.Point { return lp.scan(m, sh, ti, K, step) }, ti, its, pl.TokH, gap, K, free, layout, put) {
			continue
		}
		// Nowhere inside (an island too small to hold its name and a
		// token, Cramped): each house's units in one small token beside
		// it, touching it, as a printed map names an island on the sea.
		// Beside it, anything may be in the way.
		freeAll := func(r ui.Rect) bool {
			if !lp.inView(r) {
				return false
			}
			for _, o := range obstacles {
				if ui.Overlap(r.Inset(-1), o) > 0 {
					return false
				}
			}
			return true
		}
		h := math.Max(10, math.Round(pl.TokH*0.65))
		one := mergeTokens(its)
		tw := mergedWidth(h)
		d := sh.Depth[ti] * K * 0.7
		placed := false
		for cols := len(one); cols >= 1 && !placed; cols-- {
			rows := (len(one) + cols - 1) / cols
			bw, bh := float64(cols)*tw+float64(cols-1), float64(rows)*h+float64(rows-1)
			for _, f := range []float64{1, 0.7, 1.3, 1.6} {
				dx, dy := (d+bw/2)*f, (d+bh/2)*f
				for _, c := range []board.Point{{X: px + dx, Y: py}, {X: px - dx, Y: py}, {X: px, Y: py + dy}, {X: px, Y: py - dy},
					{X: px + dx, Y: py + dy}, {X: px - dx, Y: py + dy}, {X: px + dx, Y: py - dy}, {X: px - dx, Y: py - dy}} {
					block, rs := layout(one, h, tw, 1, cols, c)
					if freeAll(block) && touches(sh, ti, block, K) {
						put(ti, one, block, rs)
						placed = true
						break
					}
				}
				if placed {
					break
				}
			}
		}
		if !placed {
			block, rs := layout(one, h, tw, 1, len(one), board.Point{X: px, Y: py})
			put(ti, one, block, rs)
		}
	}
	return pl
}

// touches reports whether rectangle r (pixels, k per cell) lies partly on
// territory t.
func touches(sh *ui.Shapes, t int, r ui.Rect, k float64) bool {
	for i := 0; i <= 8; i++ {
		for j := 0; j <= 8; j++ {
			if sh.TerrAt((r.X+r.W*float64(i)/8)/k, (r.Y+r.H*float64(j)/8)/k) == t {
				return true
			}
		}
	}
	return false
}

// mergedWidth is the width of a token of height h that holds a house's
// units of every kind: its mark and their number.
func mergedWidth(h float64) float64 { return math.Round(h * 1.55) }

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

// placeTokens lays territory ti's tokens out inside it, clear of what
// free refuses: in rows (one row … one column), at the pole, the
// territory's deep spots, round the pole, then anywhere inside it, nearest
// the pole first; at full height, then smaller, then each house's units in
// one token. It reports false when no layout fits.
func placeTokens(m *board.Map, sh *ui.Shapes, gr *ground, scanAt func(int, float64) []board.Point, ti int, its []TokenItem, tokH, gap, k float64,
	free func(ui.Rect) bool, layout func([]TokenItem, float64, float64, float64, int, board.Point) (ui.Rect, []ui.Rect),
	put func(int, []TokenItem, ui.Rect, []ui.Rect)) bool {
	px, py := sh.Pole[ti].X*k, sh.Pole[ti].Y*k
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
					scan = scanAt(ti, math.Max(2, math.Round(h/3)))
				}
				for cols := len(toks); cols >= 1; cols-- {
					rows := (len(toks) + cols - 1) / cols
					bw := float64(cols)*tw + float64(cols-1)*g
					bh := float64(rows)*h + float64(rows-1)*g
					cands := scan
					if pass == 0 {
						cands = []board.Point{{X: px, Y: py}}
						for _, s := range sh.Spots[ti] {
							cands = append(cands, board.Point{X: s.X * k, Y: s.Y * k})
						}
						for _, f := range []float64{0.6, 1.2} {
							dx, dy := (bw+g)*f, (bh+g)*f
							cands = append(cands,
								board.Point{X: px + dx, Y: py}, board.Point{X: px - dx, Y: py},
								board.Point{X: px, Y: py - dy}, board.Point{X: px, Y: py + dy})
						}
					}
					for _, c := range cands {
						block, rs := layout(toks, h, tw, g, cols, c)
						if !free(block) {
							continue
						}
						ok := true
						for _, r := range rs {
							if !gr.inside(ti, r) {
								ok = false
								break
							}
						}
						if ok {
							put(ti, toks, block, rs)
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// ground answers whether boxes lie inside territories, at k pixels per
// cell: from each territory's spans along a row of pixels (where its
// outline crosses the row), found once per row, so that a box costs a
// few rows instead of a point-in-polygon test per sample.
type ground struct {
	m    *board.Map
	sh   *ui.Shapes
	k    float64
	rows []map[float64][]float64
}

func newGround(m *board.Map, sh *ui.Shapes, k float64) *ground {
	return &ground{m: m, sh: sh, k: k, rows: make([]map[float64][]float64, len(m.Territories))}
}

// spans are the x (in cells) where territory ti's outline crosses row
// gy, sorted: it holds the row between the 1st and 2nd, the 3rd and 4th…
func (g *ground) spans(ti int, gy float64) []float64 {
	if g.rows[ti] == nil {
		g.rows[ti] = map[float64][]float64{}
	}
	if xs, ok := g.rows[ti][gy]; ok {
		return xs
	}
	var xs []float64
	for _, l := range g.sh.Loops[ti] {
		n := len(l)
		for i := 0; i < n; i++ {
			a, b := l[i], l[(i+1)%n]
			if (a.Y > gy) != (b.Y > gy) {
				xs = append(xs, a.X+(gy-a.Y)*(b.X-a.X)/(b.Y-a.Y))
			}
		}
	}
	sort.Float64s(xs)
	g.rows[ti][gy] = xs
	return xs
}

// inside reports whether box r (pixels) lies inside territory ti: along
// rows a pixel inside its top and bottom edges, every 3 pixels between
// and at a sixth, a half and five sixths of its height, the whole width
// (a pixel in from either side) is on its ground. A road's box lies
// within 2 cells of its track at a grid of points.
func (g *ground) inside(ti int, r ui.Rect) bool {
	tr := &g.m.Territories[ti]
	if tr.Kind == board.Road {
		for i := 0; i <= 4; i++ {
			for j := 0; j <= 2; j++ {
				gx, gy := (r.X+1+(r.W-2)*float64(i)/4)/g.k, (r.Y+1+(r.H-2)*float64(j)/2)/g.k
				if !nearPath(tr.Path, gx, gy, 2) {
					return false
				}
			}
		}
		return true
	}
	x0, x1 := (r.X+1)/g.k, (r.X+r.W-1)/g.k
	row := func(y float64) bool {
		xs := g.spans(ti, y/g.k)
		for i := 0; i+1 < len(xs); i += 2 {
			if xs[i] < x0 && x1 < xs[i+1] {
				return true
			}
		}
		return false
	}
	if !row(r.Y+r.H/2) || !row(r.Y+1) || !row(r.Y+r.H-1) || !row(r.Y+r.H/6) || !row(r.Y+r.H*5/6) {
		return false
	}
	for y := r.Y + 4; y < r.Y+r.H-1; y += 3 {
		if !row(y) {
			return false
		}
	}
	return true
}

// scanCentres are points over territory ti's bounding box (a road's: its
// track's, 2 cells round), every step pixels (more where the box is
// large), nearest (px, py) first: the last places tried for a box inside
// it.
func scanCentres(m *board.Map, sh *ui.Shapes, ti int, k, step, px, py float64) []board.Point {
	var b [4]float64
	if tr := m.Territories[ti]; tr.Kind == board.Road {
		b = [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, p := range tr.Path {
			b = [4]float64{math.Min(b[0], p.X-2), math.Min(b[1], p.Y-2), math.Max(b[2], p.X+2), math.Max(b[3], p.Y+2)}
		}
	} else {
		b = sh.Box(ti)
	}
	x0, y0, x1, y1 := b[0]*k, b[1]*k, b[2]*k, b[3]*k
	for (x1-x0)*(y1-y0)/(step*step) > 3000 {
		step *= 1.5
	}
	var out []board.Point
	for y := y0 + step/2; y < y1; y += step {
		for x := x0 + step/2; x < x1; x += step {
			out = append(out, board.Point{X: x, Y: y})
		}
	}
	d := func(a board.Point) float64 { return (a.X-px)*(a.X-px) + (a.Y-py)*(a.Y-py) }
	slices.SortFunc(out, func(a, c board.Point) int {
		if r := cmp.Compare(d(a), d(c)); r != 0 {
			return r
		}
		if r := cmp.Compare(a.Y, c.Y); r != 0 {
			return r
		}
		return cmp.Compare(a.X, c.X)
	})
	return out
}

// scan is scanCentres of territory ti round its pole at step, kept in
// the label plan: the tokens' last places are the same for every plan
// at this size.
func (lp *labelPlan) scan(m *board.Map, sh *ui.Shapes, ti int, k, step float64) []board.Point {
	key := scanKey{ti, step}
	lp.mu.Lock()
	defer lp.mu.Unlock()
	if pts, ok := lp.scans[key]; ok {
		return pts
	}
	if lp.scans == nil {
		lp.scans = map[scanKey][]board.Point{}
	}
	pts := scanCentres(m, sh, ti, k, step, sh.Pole[ti].X*k, sh.Pole[ti].Y*k)
	lp.scans[key] = pts
	return pts
}

type scanKey struct {
	t    int
	step float64
}

// labelPlan is where the names, rivers' names and port anchors go for one
// map at one size and view: from the map and the size alone, never the
// units, so a name stays put as they come and go.
type labelPlan struct {
	labels  []LabelItem
	boxes   []ui.Rect
	rivers  []RiverLabel
	anchors []ui.Rect
	cramped []bool
	mu      sync.Mutex
	scans   map[scanKey][]board.Point
	fixed   []ui.Rect // anchors, bridges, the board's buttons at the fitted view
	view    ui.Rect   // the viewport at the fitted view (W = 0: anywhere)
}

func (lp *labelPlan) inView(r ui.Rect) bool {
	v := lp.view
	return v.W == 0 || r.X >= v.X && r.Y >= v.Y && r.X+r.W <= v.X+v.W && r.Y+r.H <= v.Y+v.H
}

// labelKey is what a label plan depends on.
type labelKey struct {
	m                    *board.Map
	k, scale, step, tokH float64
	view                 ui.Rect
	controls             [3]ui.Rect
}

// labelCache keeps the label plans made: a plan is made again only when
// the size or the fitted view changes (a search for room inside each
// territory costs milliseconds; units change far more often).
var labelCache struct {
	sync.Mutex
	plans map[labelKey]*labelPlan
}

// labelsFor is camera v's label plan at this size, from the cache.
func labelsFor(v *ui.Camera, scale, k, step, tokH, nameSize float64) *labelPlan {
	key := labelKey{m: v.Map(), k: k, scale: scale, step: step, tokH: tokH}
	var view ui.Rect
	var controls []ui.Rect
	if v.Fitted() {
		// At the fitted view (which no pan moves) everything stays inside
		// the viewport and clear of the board's buttons: the plan, relative
		// to the grid's origin, knows where they are.
		geo := v.Geom()
		rel := func(r ui.Rect) ui.Rect {
			return ui.Rect{X: (r.X - geo.X) * scale, Y: (r.Y - geo.Y) * scale, W: r.W * scale, H: r.H * scale}
		}
		view = rel(v.Viewport())
		for i, c := range v.Controls() {
			controls = append(controls, rel(c.R))
			if i < len(key.controls) {
				key.controls[i] = rel(c.R)
			}
		}
		key.view = view
	}
	labelCache.Lock()
	defer labelCache.Unlock()
	if lp, ok := labelCache.plans[key]; ok {
		return lp
	}
	lp := planLabels(v.Map(), v.Shapes(), scale, k, tokH, nameSize, view, controls)
	if labelCache.plans == nil || len(labelCache.plans) >= 32 {
		labelCache.plans = map[labelKey]*labelPlan{}
	}
	labelCache.plans[key] = lp
	return lp
}

// RoadLabelNear reports whether a road's name in box r (pixels, k per
// cell) is along its track: the box's middle within a cell of it and 9
// of a 5×3 grid of points over the box within two.
func RoadLabelNear(path []board.Point, r ui.Rect, k float64) bool {
	if !nearPath(path, (r.X+r.W/2)/k, (r.Y+r.H/2)/k, 1) {
		return false
	}
	in := 0
	for i := 0; i < 5; i++ {
		for j := 0; j < 3; j++ {
			if nearPath(path, (r.X+r.W*(float64(i)+.5)/5)/k, (r.Y+r.H*(float64(j)+.5)/3)/k, 2) {
				in++
			}
		}
	}
	return in >= 9
}

// meets reports whether rectangles a and b overlap (Overlap > 0), without
// computing by how much: the test the searches for room make most.
func meets(a, b ui.Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// seatRoom is where a w×h seat for tokens could go in a territory: the
// centres tried, nearest its pole first, and which were found inside it
// (0: not yet tried, 1: inside, -1: not).
type seatRoom struct {
	w, h  float64
	found ui.Rect // the seat beside() found last
	quick []board.Point
	scan  func() []board.Point
	pts   []board.Point
	ok    []int8
}

// beside reports whether a seat fits (by fits) somewhere clear of label
// r, and where (the last found: kept by the caller).
func (s *seatRoom) beside(r ui.Rect, fits func(ui.Rect) bool) bool {
	g := r.Inset(-1)
	// First round the pole, without the scan of the whole territory.
	for _, p := range s.quick {
		b := ui.Rect{X: math.Round(p.X - s.w/2), Y: math.Round(p.Y - s.h/2), W: s.w, H: s.h}
		if !meets(b, g) && fits(b) {
			s.found = b
			return true
		}
	}
	if s.ok == nil {
		s.pts = s.scan()
		s.ok = make([]int8, len(s.pts))
	}
	for i, p := range s.pts {
		b := ui.Rect{X: math.Round(p.X - s.w/2), Y: math.Round(p.Y - s.h/2), W: s.w, H: s.h}
		if s.ok[i] < 0 || ui.Overlap(b, g) > 0 {
			continue
		}
		if s.ok[i] == 0 {
			s.ok[i] = -1
			if fits(b) {
				s.ok[i] = 1
			}
		}
		if s.ok[i] > 0 {
			s.found = b
			return true
		}
	}
	return false
}

// MinLabelSize is the least size of a territory's name, in pixels:
// readable at the fitted board of a 1280×720 window.
const MinLabelSize = 8.0

// labelVariant is one way to write a territory's name.
type labelVariant struct {
	text            string
	size            float64
	code, row, bare bool
}

// planLabels places every territory's name (ports aside: the anchor
// marks them) with its icons inside its own shape, then the rivers'
// names: the smallest territories choose first, roads last. A name is
// tried whole on two lines and on one, at its size and smaller down to
// MinLabelSize, then as the territory's map code; and first where it
// leaves a seat for two tokens at the pole, then anywhere.
func planLabels(m *board.Map, sh *ui.Shapes, scale, k, tokH, nameSize float64, view ui.Rect, controls []ui.Rect) *labelPlan {
	n := len(m.Territories)
	lp := &labelPlan{boxes: make([]ui.Rect, n), anchors: make([]ui.Rect, n), cramped: make([]bool, n), view: view}
	gr := newGround(m, sh, k)
	gap := math.Max(2, math.Round(2*scale))
	for _, c := range controls {
		lp.fixed = append(lp.fixed, c.Inset(-gap))
	}
	at := func(g board.Point) (float64, float64) { return g.X * k, g.Y * k }
	for ti, tr := range m.Territories {
		if tr.Kind == board.Port {
			x, y := at(sh.Pole[ti])
			a := math.Round(tokH * 0.8)
			lp.anchors[ti] = ui.Rect{X: x - a/2, Y: y - a/2, W: a, H: a}
			lp.fixed = append(lp.fixed, lp.anchors[ti])
		}
	}
	// Bridges (nine-player map): tokens and names leave them in view.
	for _, br := range sh.Bridges {
		x, y := at(br.At)
		a := math.Max(k*1.5, 10*scale)
		lp.fixed = append(lp.fixed, ui.Rect{X: x - a/2, Y: y - a/2, W: a, H: a})
	}
	var placed, seats []ui.Rect
	free := func(r ui.Rect) bool {
		if !lp.inView(r) {
			return false
		}
		g := r.Inset(-1)
		for _, o := range placed {
			if meets(g, o) {
				return false
			}
		}
		for _, o := range lp.fixed {
			if meets(g, o) {
				return false
			}
		}
		return true
	}
	var order []int
	for ti, tr := range m.Territories {
		if tr.Kind != board.Port {
			order = append(order, ti)
		}
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		ra, rb := m.Territories[a].Kind == board.Road, m.Territories[b].Kind == board.Road
		if ra != rb {
			return rb
		}
		return sh.Depth[a] < sh.Depth[b]
	})
	// A name at its size, then smaller down to MinLabelSize at any
	// window: a smaller name still says more than a code.
	floor := MinLabelSize
	var sizes []float64
	for _, f := range []float64{1, 0.9, 0.8, 0.7, 0.6} {
		if s := math.Round(nameSize*f*2) / 2; s > floor && !slices.Contains(sizes, s) {
			sizes = append(sizes, s)
		}
	}
	sizes = append(sizes, floor)
	tw := TokenWidth(tokH)
	// Rivers' names first, as before: a river has no other sign of its
	// name, and a territory's name has its smaller sizes and its code.
	lp.rivers = planRivers(m, sh, k, nameSize, gap, free, &placed)
	for _, ti := range order {
		tr := m.Territories[ti]
		// A fortification's icon has its room whether or not one stands
		// there: the name does not move when one is built.
		nIcons := len(TerritoryIcons(tr, tr.Fortification))
		var vs []labelVariant
		for _, s := range sizes {
			vs = append(vs, labelVariant{text: WrapName(tr.Name), size: s})
			if WrapName(tr.Name) != tr.Name {
				vs = append(vs, labelVariant{text: tr.Name, size: s})
			}
			if nIcons > 0 {
				vs = append(vs, labelVariant{text: tr.Name, size: s, row: true})
			}
		}
		code := strings.ToUpper(tr.Code)
		for _, s := range []float64{sizes[0], floor, MinLabelSize} {
			vs = append(vs, labelVariant{text: code, size: s, code: true}, labelVariant{text: code, size: s, code: true, row: true})
		}
		// Last, the code alone, down to 7 pixels: a tiny island's icons
		// are in its tooltip.
		vs = append(vs, labelVariant{text: code, size: MinLabelSize, code: true, bare: true}, labelVariant{text: code, size: 7, code: true, bare: true})
		px, py := at(sh.Pole[ti])
		// Seats for the tokens: the name leaves room inside the territory
		// for two tokens if it can, else one, else one small token; and
		// first the two at the pole.
		var seat ui.Rect
		var rooms []*seatRoom
		if tr.Kind != board.Road {
			small := math.Max(10, math.Round(tokH*0.65))
			r := ui.Rect{X: math.Round(px - tw - gap/2), Y: math.Round(py - tokH/2), W: 2*tw + gap, H: tokH}
			if gr.inside(ti, r) {
				seat = r
			}
			for _, sz := range [][2]float64{{2*tw + gap, tokH}, {tw, tokH}, {mergedWidth(small), small}} {
				sz := sz
				dx, dy := sz[0]+gap, sz[1]+gap
				quick := []board.Point{{X: px, Y: py}, {X: px, Y: py + dy}, {X: px, Y: py - dy}, {X: px + dx, Y: py}, {X: px - dx, Y: py}}
				rooms = append(rooms, &seatRoom{w: sz[0], h: sz[1], quick: quick, scan: func() []board.Point {
					return lp.scan(m, sh, ti, k, math.Max(2, math.Round(sz[1]/3)))
				}})
			}
		}
		tiers := len(rooms) + 1
		room := func(tier int, r ui.Rect) bool {
			if tier >= len(rooms) {
				return true
			}
			return rooms[tier].beside(r, func(s ui.Rect) bool {
				if !lp.inView(s) || !gr.inside(ti, s) {
					return false
				}
				for _, o := range lp.fixed {
					if ui.Overlap(s.Inset(-1), o) > 0 {
						return false
					}
				}
				for _, rl := range lp.rivers {
					if ui.Overlap(s.Inset(-1), rl.R) > 0 {
						return false
					}
				}
				return true
			})
		}
		// Only what lies over the territory's box can be in the way.
		local := nearBox(m, sh, ti, k, append(slices.Clip(placed), lp.fixed...))
		// A road's name keeps off the seats the names before it left for
		// tokens, if it can (pass 0).
		pass := 0
		freeHere := func(r ui.Rect) bool {
			if !lp.inView(r) {
				return false
			}
			g := r.Inset(-1)
			for _, o := range local {
				if meets(g, o) {
					return false
				}
			}
			if tr.Kind == board.Road && pass == 0 {
				for _, o := range seats {
					if meets(g, o) {
						return false
					}
				}
			}
			return true
		}
		// A name lies inside its territory; a road's along its track: its
		// middle within a cell of it and most of it within two, as a
		// printed map writes a road's name beside the road.
		onOwnGround := func(r ui.Rect) bool { return gr.inside(ti, r) }
		if tr.Kind == board.Road {
			onOwnGround = func(r ui.Rect) bool { return RoadLabelNear(tr.Path, r, k) }
		}
		done := false
		// The name at any size before the code, as long as some token
		// fits beside it; with no room for a token left, the code first.
		type try struct {
			tier  int
			codes bool
		}
		var tries []try
		for _, codes := range []bool{false, true} {
			for tier := 0; tier < tiers-1; tier++ {
				tries = append(tries, try{tier, codes})
			}
		}
		if len(rooms) == 0 {
			// A road: its tokens go on its track, wherever the name is.
			tries = append(tries, try{0, false}, try{0, true}, try{1, false}, try{1, true})
		} else {
			tries = append(tries, try{tiers - 1, true}, try{tiers - 1, false})
		}
		for _, tt := range tries {
			if done {
				break
			}
			tier := tt.tier
			if tr.Kind == board.Road {
				pass, tier = tt.tier, 0
			}
			for _, vr := range vs {
				if vr.code != tt.codes {
					continue
				}
				ni := nIcons
				if vr.bare {
					ni = 0
				}
				w, h := LabelSize(tr, vr.text, vr.size, ni, vr.row)
				var cs []board.Point
				scanned := false
				if tier == 0 && seat.W > 0 {
					cs = append(cs, board.Point{X: px, Y: seat.Y - gap - h/2}, board.Point{X: px, Y: seat.Y + seat.H + gap + h/2})
				}
				cs = append(cs, board.Point{X: px, Y: py})
				for _, s := range sh.Spots[ti] {
					x, y := at(s)
					cs = append(cs, board.Point{X: x, Y: y}, board.Point{X: x, Y: y - h/2 - gap}, board.Point{X: x, Y: y + h/2 + gap})
				}
				for i := 0; i < len(cs); i++ {
					if i == len(cs)-1 && !scanned {
						// The deep places failed: anywhere inside it.
						cs = append(cs, lp.scan(m, sh, ti, k, math.Max(2, math.Round(math.Min(w, h)/3)))...)
						scanned = true
					}
					c := cs[i]
					r := ui.Rect{X: math.Round(c.X - w/2), Y: math.Round(c.Y - h/2), W: w, H: h}
					if !freeHere(r) || !onOwnGround(r) || !room(tier, r) {
						continue
					}
					lp.labels = append(lp.labels, LabelItem{Terr: ti, R: r, Name: true, Code: vr.code, Text: vr.text, Size: vr.size, Row: vr.row, NoIcons: vr.bare})
					lp.boxes[ti] = r
					lp.cramped[ti] = tier == len(rooms) && len(rooms) > 0
					if tier < len(rooms) {
						// The seat stays free of the roads' names, placed
						// last across the land.
						seats = append(seats, rooms[tier].found)
					}
					placed = append(placed, r)
					done = true
					break
				}
				if done {
					break
				}
			}
		}
	}
	return lp
}

// planRivers places each river's name beside the longest run of its
// line, along it, where it is free (free) and adds it to placed; k is
// pixels per cell.
func planRivers(m *board.Map, sh *ui.Shapes, k, nameSize, gap float64, free func(ui.Rect) bool, placed *[]ui.Rect) []RiverLabel {
	var out []RiverLabel
	for ri, rv := range m.Rivers {
		// Its runs, longest first.
		var lines [][]board.Point
		for _, bl := range sh.BorderLines {
			if bl.Class == ui.EdgeRiver && bl.River == ri {
				lines = append(lines, bl.Line.Pts)
			}
		}
		sort.SliceStable(lines, func(i, j int) bool { return ui.PathLength(lines[i]) > ui.PathLength(lines[j]) })
		type cand struct {
			line []board.Point
			f    float64
		}
		var cands []cand
		for _, l := range lines {
			for _, f := range []float64{0.5, 0.3, 0.7, 0.4, 0.6, 0.2, 0.8} {
				cands = append(cands, cand{l, f})
			}
		}
	search:
		for _, size := range []float64{math.Max(MinRiverName, math.Round(nameSize*0.9*2)/2), MinRiverName} {
			w, h := ui.Measure(rv.Name, ui.FontSize(size), false, size*1.2)
			w, h = w+4, h+2
			for _, c := range cands {
				best, bestLen := c.line, ui.PathLength(c.line)
				p := ui.PointAt(best, c.f*bestLen)
				half := math.Min(bestLen/2, w/k/2)
				a0, a1 := ui.PointAt(best, math.Max(0, c.f*bestLen-half)), ui.PointAt(best, math.Min(bestLen, c.f*bestLen+half))
				ang := math.Atan2(a1.Y-a0.Y, a1.X-a0.X)
				if bestLen*k < w/2 {
					ang = 0 // a short run: the name level beside it
				}
				if ang > math.Pi/2 {
					ang -= math.Pi
				} else if ang < -math.Pi/2 {
					ang += math.Pi
				}
				sn, cs := math.Sin(ang), math.Cos(ang)
				aw, ah := math.Abs(w*cs)+math.Abs(h*sn), math.Abs(w*sn)+math.Abs(h*cs)
				for _, off := range riverOffsets {
					// Beside the line, on its normal (and a little along it).
					side, along := off[0], off[1]*w/2
					cx, cy := p.X*k-sn*side*(h/2+gap)+cs*along, p.Y*k+cs*side*(h/2+gap)+sn*along
					r := ui.Rect{X: math.Round(cx - aw/2), Y: math.Round(cy - ah/2), W: math.Ceil(aw), H: math.Ceil(ah)}
					if free(r) {
						out = append(out, RiverLabel{River: ri, X: cx, Y: cy, Angle: ang, W: w, H: h, Size: size, R: r})
						*placed = append(*placed, r)
						break search
					}
				}
			}
		}
	}
	return out
}

// riverOffsets are where a river's name is tried round a point of its
// line: across it (in half heights and a gap) and along it (in half widths).
var riverOffsets = [][2]float64{{-1, 0}, {1, 0}, {-1.8, 0}, {1.8, 0}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-2.6, 0}, {2.6, 0}, {-3.5, 0}, {3.5, 0}, {0, 0}, {0, -1}, {0, 1}}

// smallTerr reports whether land territory t is too small, at k pixels
// per cell, to hold a token of height tokH and still be seen.
func smallTerr(m *board.Map, sh *ui.Shapes, t int, k, tokH float64) bool {
	return m.Territories[t].Kind == board.Land && 2*sh.Depth[t]*k < 2.5*tokH
}

// nearPath reports whether (gx, gy) lies within d cells of the path.
func nearPath(path []board.Point, gx, gy, d float64) bool {
	q := board.Point{X: gx, Y: gy}
	for i := 0; i+1 < len(path); i++ {
		if ui.SegDist(q, path[i], path[i+1]) <= d {
			return true
		}
	}
	return false
}

// WrapName breaks a long territory name into two lines at the space
// nearest its middle.
func WrapName(n string) string {
	if len(n) <= 11 {
		return n
	}
	best := -1
	for i, r := range n {
		if r == ' ' && (best < 0 || offMiddle(i, n) < offMiddle(best, n)) {
			best = i
		}
	}
	if best < 0 {
		return n
	}
	return n[:best] + "\n" + n[best+1:]
}

// offMiddle is how far byte i lies from the middle of n.
func offMiddle(i int, n string) int {
	if d := i - len(n)/2; d > 0 {
		return d
	}
	return len(n)/2 - i
}

// nearBox is those of rs that lie over territory ti's box (k pixels per
// cell, 3 pixels round it): the only ones that can be in the way of its
// name or tokens. A road's box is its whole track: every one of rs.
func nearBox(m *board.Map, sh *ui.Shapes, ti int, k float64, rs []ui.Rect) []ui.Rect {
	if m.Territories[ti].Kind == board.Road {
		return slices.Clone(rs)
	}
	b := sh.Box(ti)
	near := ui.Rect{X: b[0]*k - 3, Y: b[1]*k - 3, W: (b[2]-b[0])*k + 6, H: (b[3]-b[1])*k + 6}
	var out []ui.Rect
	for _, o := range rs {
		if ui.Overlap(near, o) > 0 {
			out = append(out, o)
		}
	}
	return out
}
