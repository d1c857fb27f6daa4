package ui

import (
	"math"
	"slices"
	"sort"

	"notrueking/board"
	"notrueking/rules"
)

// The board's overlay: unit tokens and flags at each territory's pole (the
// point deepest inside it), names and icons placed where they overlap no
// other name and no token, at the size the screen shows them.

// TokenItem is one token: a house's units of one kind in a territory, or
// the flag of a house that holds a territory without troops.
type TokenItem struct {
	Terr  int
	House board.HouseID
	Unit  board.Unit
	N     int
	Flag  bool
	// Attack marks the units of a running combat's attacker, off the
	// board until it ends: drawn in the contested territory beside the
	// defender's, edged as attackers.
	Attack bool
	R      Rect // pixels, relative to the grid's origin on the screen
}

// LabelItem is a territory's name (with its icons below), or its icons
// alone where the name finds no room.
type LabelItem struct {
	Terr int
	R    Rect // pixels, relative to the grid's origin on the screen
	Name bool
	Size float64 // the name's size in pixels
}

// RiverLabel is a river's name along it: centred on (X, Y), turned by
// Angle (radians, clockwise on the screen, within ±90° so it reads left
// to right), W×H before turning; R bounds it turned.
type RiverLabel struct {
	River      int
	X, Y       float64
	Angle      float64
	W, H, Size float64
	R          Rect
}

// OverlayPlan is where the overlay puts everything, in pixels relative to
// the grid's origin on the screen (so a pan moves it without a new plan).
type OverlayPlan struct {
	TokH, NameSize float64
	Tokens         []TokenItem
	Blocks         []Rect // per territory: its tokens' block (W = 0: none)
	Labels         []LabelItem
	Boxes          []Rect // per territory: its label (W = 0: not shown)
	Anchors        []Rect // per port: its anchor glyph (W = 0: not a port)
	Rivers         []RiverLabel
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

// FontSize is the size text of size is drawn at: in half pixels, at
// least 6 (the painter's faces come in these sizes).
func FontSize(size float64) float64 { return math.Max(6, math.Round(size*2)/2) }

// LabelSize is the width and height of territory t's label: its wrapped
// name (when name, bold on land) above its icons.
func LabelSize(t board.Territory, size float64, name bool, nIcons int) (float64, float64) {
	ns := LabelNameSize(t, size)
	icon := math.Round(size * 0.9)
	w, h := 0.0, 0.0
	if name {
		w, h = Measure(WrapName(t.Name), FontSize(ns), t.Kind != board.Sea, ns*1.2)
		w, h = w+4, h+2
	}
	if nIcons > 0 {
		iw := icon*1.35*float64(nIcons-1) + icon*1.2
		w = math.Max(w, iw)
		h += icon * 1.2
	}
	return math.Ceil(w), math.Ceil(h)
}

// PlanOverlay places the board's tokens, port anchors and names for the
// public view pv, seen through camera v drawn at scale (screen pixels per
// base pixel) with k screen pixels per grid cell: in pixels relative to
// the grid's origin on the screen, so that a pan moves the plan without a
// new one. Tokens sit at each territory's pole (or its other deep spots),
// names where they overlap no other name and no token.
func PlanOverlay(v *Camera, scale, k float64, pv *rules.View) *OverlayPlan {
	m, sh := v.m, v.sh
	n := len(m.Territories)
	step := SizeStep(v.Zoom())
	pl := &OverlayPlan{
		TokH:     math.Round(math.Max(17, 19*scale) * step),
		NameSize: math.Round(12.5*scale*step*2) / 2,
		Blocks:   make([]Rect, n),
		Boxes:    make([]Rect, n),
		Anchors:  make([]Rect, n),
	}
	K := k
	at := func(g board.Point) (float64, float64) { return g.X * K, g.Y * K }
	gap := math.Max(2, math.Round(2*scale))
	var obstacles []Rect // token blocks, port anchors, the board's buttons
	// At the fitted view (which no pan moves) everything stays inside the
	// viewport and clear of the board's buttons: the plan, relative to the
	// grid's origin, knows where they are.
	var view Rect
	inView := func(Rect) bool { return true }
	if v.Fitted() {
		geo := v.Geom()
		rel := func(r Rect) Rect {
			return Rect{(r.X - geo.X) * scale, (r.Y - geo.Y) * scale, r.W * scale, r.H * scale}
		}
		view = rel(v.Viewport())
		inView = func(r Rect) bool {
			return r.X >= view.X && r.Y >= view.Y && r.X+r.W <= view.X+view.W && r.Y+r.H <= view.Y+view.H
		}
		for _, c := range v.Controls() {
			obstacles = append(obstacles, rel(c.R).Inset(-gap))
		}
	}
	// Ports: an anchor glyph at the pole.
	for ti, tr := range m.Territories {
		if tr.Kind == board.Port {
			x, y := at(sh.Pole[ti])
			a := math.Round(pl.TokH * 0.8)
			pl.Anchors[ti] = Rect{x - a/2, y - a/2, a, a}
			obstacles = append(obstacles, pl.Anchors[ti])
		}
	}
	// Bridges (nine-player map): tokens and names leave them in view.
	for _, br := range sh.Bridges {
		x, y := at(br.At)
		a := math.Max(K*1.5, 10*scale)
		obstacles = append(obstacles, Rect{x - a/2, y - a/2, a, a})
	}
	// Tokens, territory by territory in the map's order.
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
	tw := TokenWidth(pl.TokH)
	// The territories too small to show under their tokens place theirs
	// last, beside them, round what the others placed.
	order := make([]int, 0, n)
	for pass := 0; pass < 2; pass++ {
		for ti := range items {
			if smallTerr(m, sh, ti, K, pl.TokH) == (pass == 1) {
				order = append(order, ti)
			}
		}
	}
	// place lays the tokens out in the given order of territories, round
	// the fixed obstacles, and reports the small territories left with
	// no free place touching them.
	base := len(obstacles)
	place := func(order []int) (stranded []int) {
		obstacles = obstacles[:base]
		pl.Tokens = pl.Tokens[:0]
		clear(pl.Blocks)
		for _, ti := range order {
			its := items[ti]
			if len(its) == 0 {
				continue
			}
			isPort := pl.Anchors[ti].W > 0
			px, py := at(sh.Pole[ti])
			// A territory too small to hold a token without vanishing under it
			// (an island, a pass) has its tokens beside it, touching it.
			small := smallTerr(m, sh, ti, K, pl.TokH)
			touching := func(rs []Rect) bool {
				for _, r := range rs {
					for i := 0; i < 5; i++ {
						for j := 0; j < 3; j++ {
							if sh.TerrAt((r.X+r.W*(float64(i)+.5)/5)/K, (r.Y+r.H*(float64(j)+.5)/3)/K) == ti {
								return true
							}
						}
					}
				}
				return false
			}
			// outside counts the tokens of a layout whose centre is off the
			// territory (a port's ships sit on the sea beside its anchor).
			outside := func(rs []Rect) int {
				if isPort {
					return 0
				}
				if small {
					if touching(rs) {
						return 0
					}
					return len(rs)
				}
				n := 0
				for _, r := range rs {
					gx, gy := (r.X+r.W/2)/K, (r.Y+r.H/2)/K
					if m.Territories[ti].Kind == board.Road {
						if !nearPath(m.Territories[ti].Path, gx, gy, 1) {
							n++
						}
					} else if sh.TerrAt(gx, gy) != ti {
						n++
					}
				}
				return n
			}
			// Every arrangement in rows (one row … one column), at the pole
			// and the territory's other deep spots: the first that keeps
			// every token on its ground and clear of the others wins, else
			// the one that misses least.
			var best []Rect
			var bestBlock Rect
			bestCost := math.Inf(1)
			ci := 0
			for cols := len(its); cols >= 1 && bestCost >= 1; cols-- {
				rows := (len(its) + cols - 1) / cols
				bw := float64(cols)*tw + float64(cols-1)*gap
				bh := float64(rows)*pl.TokH + float64(rows-1)*gap
				var cands []board.Point
				if isPort {
					a := pl.Anchors[ti]
					// Round the anchor: beside it, above, below, then the
					// corners, then a row farther out.
					for _, f := range []float64{1, 2} {
						dx, dy := (a.W/2+gap+bw/2)*f, (a.H/2+gap+bh/2)*f
						cands = append(cands,
							board.Point{X: px + dx, Y: py}, board.Point{X: px - dx, Y: py},
							board.Point{X: px, Y: py - dy}, board.Point{X: px, Y: py + dy},
							board.Point{X: px + dx, Y: py - dy}, board.Point{X: px - dx, Y: py - dy},
							board.Point{X: px + dx, Y: py + dy}, board.Point{X: px - dx, Y: py + dy})
					}
				} else if small {
					// Round the territory, its inner edge a little inside it.
					d := sh.Depth[ti] * K * 0.7
					for _, f := range []float64{1, 0.7, 1.3, 1.6} {
						dx, dy := (d+bw/2)*f, (d+bh/2)*f
						cands = append(cands,
							board.Point{X: px + dx, Y: py}, board.Point{X: px - dx, Y: py},
							board.Point{X: px, Y: py + dy}, board.Point{X: px, Y: py - dy},
							board.Point{X: px + dx, Y: py + dy}, board.Point{X: px - dx, Y: py + dy},
							board.Point{X: px + dx, Y: py - dy}, board.Point{X: px - dx, Y: py - dy})
					}
				} else {
					cands = append(cands, board.Point{X: px, Y: py})
					for _, s := range sh.Spots[ti] {
						x, y := at(s)
						cands = append(cands, board.Point{X: x, Y: y})
					}
					// Last, round the pole, for a territory too crowded.
					for _, f := range []float64{0.6, 1.2, 1.8, 2.6} {
						dx, dy := (bw+gap)*f, (bh+gap)*f
						cands = append(cands,
							board.Point{X: px + dx, Y: py}, board.Point{X: px - dx, Y: py},
							board.Point{X: px, Y: py - dy}, board.Point{X: px, Y: py + dy},
							board.Point{X: px + dx, Y: py - dy}, board.Point{X: px - dx, Y: py - dy},
							board.Point{X: px + dx, Y: py + dy}, board.Point{X: px - dx, Y: py + dy})
					}
				}
				for _, c := range cands {
					block := Rect{math.Round(c.X - bw/2), math.Round(c.Y - bh/2), bw, bh}
					rs := make([]Rect, len(its))
					for i := range its {
						row, col := i/cols, i%cols
						inRow := min(cols, len(its)-row*cols)
						rx := block.X + (bw-(float64(inRow)*tw+float64(inRow-1)*gap))/2
						rs[i] = Rect{rx + float64(col)*(tw+gap), block.Y + float64(row)*(pl.TokH+gap), tw, pl.TokH}
					}
					cost := float64(ci)*0.01 + float64(outside(rs))*tw*pl.TokH
					ci++
					if !inView(block) {
						cost += 1e5
					}
					// A token hidden under another hides a fact: worse than
					// one astride a border.
					for _, o := range obstacles {
						if ov := Overlap(block.Inset(-1), o); ov > 0 {
							cost += 1e4 + 20*ov
						}
					}
					if cost < bestCost {
						best, bestBlock, bestCost = rs, block, cost
					}
					if cost < 1 {
						break
					}
				}
			}
			if small && bestCost >= 1 {
				stranded = append(stranded, ti)
			}
			pl.Blocks[ti] = bestBlock
			obstacles = append(obstacles, bestBlock)
			for i, it := range its {
				it.R = best[i]
				pl.Tokens = append(pl.Tokens, it)
			}
		}
		return stranded
	}
	// A small territory hemmed in by its neighbours' tokens is placed
	// again first, the others then finding room round it.
	if stranded := place(order); len(stranded) > 0 {
		rest := slices.DeleteFunc(slices.Clone(order), func(ti int) bool { return slices.Contains(stranded, ti) })
		place(append(stranded, rest...))
	}
	// Names: the smallest territories choose first, roads last.
	order = order[:0]
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
	var placed []Rect
	free := func(r Rect) bool {
		if !inView(r) {
			return false
		}
		g := r.Inset(-1)
		for _, o := range placed {
			if Overlap(g, o) > 0 {
				return false
			}
		}
		for _, o := range obstacles {
			if Overlap(g, o) > 0 {
				return false
			}
		}
		return true
	}
	// onGround: a name sits mostly on its own territory (a road's near its track).
	onGround := func(ti int, r Rect, need float64) bool {
		in, all := 0, 0
		for i := 0; i < 5; i++ {
			for j := 0; j < 3; j++ {
				gx, gy := (r.X+r.W*(float64(i)+.5)/5)/K, (r.Y+r.H*(float64(j)+.5)/3)/K
				all++
				if m.Territories[ti].Kind == board.Road {
					if sh.At(gx, gy) == ti || nearPath(m.Territories[ti].Path, gx, gy, 2) {
						in++
					}
				} else if sh.TerrAt(gx, gy) == ti {
					in++
				}
			}
		}
		return float64(in) >= need*float64(all)
	}
	// Rivers' names first: a river has no other sign of its name, a
	// territory's name finds another place or shows its icons.
	pl.Rivers = planRivers(m, sh, K, pl.NameSize, gap, free, &placed)
	for _, ti := range order {
		tr := m.Territories[ti]
		fort := false
		if pv != nil {
			_, fort = pv.Fort(board.TerrID(ti))
		}
		nIcons := len(TerritoryIcons(tr, fort))
		var cs []board.Point
		b := pl.Blocks[ti]
		px, py := at(sh.Pole[ti])
		// The name at its size, then a size smaller, then the icons alone.
		small := math.Max(7, math.Round(pl.NameSize*0.85*2)/2)
		for _, vs := range []struct {
			name bool
			size float64
		}{{true, pl.NameSize}, {true, small}, {false, pl.NameSize}} {
			variant := vs.name
			if !variant && nIcons == 0 {
				continue
			}
			w, h := LabelSize(tr, vs.size, variant, nIcons)
			cs = cs[:0]
			if b.W > 0 {
				cx, cy := b.X+b.W/2, b.Y+b.H/2
				cs = append(cs,
					board.Point{X: cx, Y: b.Y - gap - h/2}, board.Point{X: cx, Y: b.Y + b.H + gap + h/2},
					board.Point{X: b.X + b.W + gap + w/2, Y: cy}, board.Point{X: b.X - gap - w/2, Y: cy})
			} else {
				cs = append(cs, board.Point{X: px, Y: py})
			}
			for _, s := range sh.Spots[ti] {
				x, y := at(s)
				cs = append(cs, board.Point{X: x, Y: y}, board.Point{X: x, Y: y - h/2 - gap}, board.Point{X: x, Y: y + h/2 + gap})
			}
			needs := []float64{0.6, 0.25}
			if smallTerr(m, sh, ti, K, pl.TokH) {
				// A small territory's name may sit beside it, as a printed
				// map names an island on the sea.
				d := sh.Depth[ti]*K + gap
				cs = append(cs,
					board.Point{X: px, Y: py - d - h/2}, board.Point{X: px, Y: py + d + h/2},
					board.Point{X: px + d + w/2, Y: py}, board.Point{X: px - d - w/2, Y: py},
					board.Point{X: px + d + w/2, Y: py - d - h/2}, board.Point{X: px - d - w/2, Y: py - d - h/2},
					board.Point{X: px + d + w/2, Y: py + d + h/2}, board.Point{X: px - d - w/2, Y: py + d + h/2})
				needs = append(needs, 0)
			}
			// On its own ground if it can; else a name may reach over
			// a border (never over another name or a token).
			done := false
			for _, need := range needs {
				for _, c := range cs {
					r := Rect{math.Round(c.X - w/2), math.Round(c.Y - h/2), w, h}
					if free(r) && onGround(ti, r, need) {
						pl.Labels = append(pl.Labels, LabelItem{Terr: ti, R: r, Name: variant, Size: vs.size})
						pl.Boxes[ti] = r
						placed = append(placed, r)
						done = true
						break
					}
				}
				if done {
					break
				}
			}
			if done {
				break
			}
		}
	}
	return pl
}

// planRivers places each river's name beside the longest run of its
// line, along it, where it is free (free) and adds it to placed; k is
// pixels per cell.
func planRivers(m *board.Map, sh *Shapes, k, nameSize, gap float64, free func(Rect) bool, placed *[]Rect) []RiverLabel {
	var out []RiverLabel
	for ri, rv := range m.Rivers {
		// Its runs, longest first.
		var lines [][]board.Point
		for _, bl := range sh.BorderLines {
			if bl.Class == EdgeRiver && bl.River == ri {
				lines = append(lines, bl.Line.Pts)
			}
		}
		sort.SliceStable(lines, func(i, j int) bool { return pathLength(lines[i]) > pathLength(lines[j]) })
		type cand struct {
			line []board.Point
			f    float64
		}
		var cands []cand
		for _, l := range lines {
			for _, f := range []float64{0.5, 0.3, 0.7} {
				cands = append(cands, cand{l, f})
			}
		}
	search:
		for _, size := range []float64{math.Max(MinRiverName, math.Round(nameSize*0.9*2)/2), MinRiverName} {
			w, h := Measure(rv.Name, FontSize(size), false, size*1.2)
			w, h = w+4, h+2
			for _, c := range cands {
				best, bestLen := c.line, pathLength(c.line)
				p := pointAt(best, c.f*bestLen)
				half := math.Min(bestLen/2, w/k/2)
				a0, a1 := pointAt(best, math.Max(0, c.f*bestLen-half)), pointAt(best, math.Min(bestLen, c.f*bestLen+half))
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
					r := Rect{math.Round(cx - aw/2), math.Round(cy - ah/2), math.Ceil(aw), math.Ceil(ah)}
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
var riverOffsets = [][2]float64{{-1, 0}, {1, 0}, {-1.8, 0}, {1.8, 0}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-2.6, 0}, {2.6, 0}, {-3.5, 0}, {3.5, 0}}

// pathLength is the length of a polyline.
func pathLength(pts []board.Point) float64 {
	l := 0.0
	for i := 1; i < len(pts); i++ {
		l += math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
	}
	return l
}

// pointAt is the point at distance d along a polyline (its ends beyond).
func pointAt(pts []board.Point, d float64) board.Point {
	for i := 1; i < len(pts); i++ {
		sl := math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
		if d <= sl && sl > 0 {
			t := d / sl
			return board.Point{X: pts[i-1].X + (pts[i].X-pts[i-1].X)*t, Y: pts[i-1].Y + (pts[i].Y-pts[i-1].Y)*t}
		}
		d -= sl
	}
	return pts[len(pts)-1]
}

// smallTerr reports whether land territory t is too small, at k pixels
// per cell, to hold a token of height tokH and still be seen.
func smallTerr(m *board.Map, sh *Shapes, t int, k, tokH float64) bool {
	return m.Territories[t].Kind == board.Land && 2*sh.Depth[t]*k < 2.5*tokH
}

// nearPath reports whether (gx, gy) lies within d cells of the path.
func nearPath(path []board.Point, gx, gy, d float64) bool {
	q := board.Point{X: gx, Y: gy}
	for i := 0; i+1 < len(path); i++ {
		if segDist(q, path[i], path[i+1]) <= d {
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
		if r == ' ' && (best < 0 || abs(i-len(n)/2) < abs(best-len(n)/2)) {
			best = i
		}
	}
	if best < 0 {
		return n
	}
	return n[:best] + "\n" + n[best+1:]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
