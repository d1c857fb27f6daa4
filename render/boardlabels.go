package render

import (
	"fmt"
	"image/color"
	"math"
	"sort"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"notrueking/board"
	"notrueking/rules"
)

// The board's overlay: unit tokens and flags at each territory's pole (the
// point deepest inside it), names and icons placed where they overlap no
// other name and no token, at the size the screen shows them.

// tokenItem is one token: a house's units of one kind in a territory, or
// the flag of a house that holds a territory without troops.
type tokenItem struct {
	terr  int
	house string
	unit  board.Unit
	n     int
	flag  bool
	R     Rect // pixels, relative to the grid's origin on the screen
}

// labelItem is a territory's name (with its icons below), or its icons
// alone where the name finds no room.
type labelItem struct {
	terr int
	R    Rect // pixels, relative to the grid's origin on the screen
	name bool
	size float64 // the name's size in pixels
}

// overlayPlan is where the overlay puts everything, in pixels relative to
// the grid's origin on the screen (so a pan moves it without a new plan).
type overlayPlan struct {
	tokH, nameSize float64
	tokens         []tokenItem
	blocks         []Rect // per territory: its tokens' block (W = 0: none)
	labels         []labelItem
	boxes          []Rect // per territory: its label (W = 0: not shown)
	anchors        []Rect // per port: its anchor glyph (W = 0: not a port)
}

// sizeStep is how much names and tokens grow with the zoom: in a few
// steps, so that their images are made for a handful of sizes only.
func sizeStep(z float64) float64 {
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

// tokenWidth is the width of a token of height h: its house's mark, the
// unit's silhouette and the count.
func tokenWidth(h float64) float64 { return math.Round(h * 2.05) }

// labelNameSize is a territory's name size: roads are named smaller, like
// a road on a printed map, so they do not crowd the areas they cross.
func labelNameSize(t board.Territory, size float64) float64 {
	if t.Kind == board.Road {
		return math.Round(size*0.72*2) / 2
	}
	return size
}

// icons lists a territory's icons, left to right.
func territoryIcons(t board.Territory, fortified bool) []string {
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

// labelSize is the width and height of territory t's label: its wrapped
// name (when name) above its icons.
func (p *painter) labelSize(t board.Territory, size float64, name bool, nIcons int) (float64, float64) {
	ns := labelNameSize(t, size)
	icon := math.Round(size * 0.9)
	w, h := 0.0, 0.0
	if name {
		w, h = text.Measure(wrapName(t.Name), p.face(ns, t.Kind != board.Sea), ns*1.2)
		w, h = w+4, h+2
	}
	if nIcons > 0 {
		iw := icon*1.35*float64(nIcons-1) + icon*1.2
		w = math.Max(w, iw)
		h += icon * 1.2
	}
	return math.Ceil(w), math.Ceil(h)
}

// planKey summarises what the overlay plan depends on.
func (v *boardView) overlayKey(sc Scaler, t xform, pv *rules.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%.4f|%.4f|%.3f|", t.K, sc.S, sizeStep(v.Zoom()))
	if pv != nil {
		for _, g := range pv.Groups {
			fmt.Fprintf(&b, "%s%s%v;", g.Territory, g.House, g.Units)
		}
		b.WriteByte('|')
		for _, tr := range v.m.Territories {
			if h, ok := pv.Flags[tr.ID]; ok {
				b.WriteString(tr.ID + h + ";")
			}
			if _, ok := pv.Fortifications[tr.ID]; ok {
				b.WriteString("F" + tr.ID + ";")
			}
		}
	}
	return b.String()
}

// overlay returns the plan for the view's current zoom and the public view
// pv, made again only when one of them changed.
func (v *boardView) overlay(sc Scaler, p *painter, t xform, pv *rules.View) *overlayPlan {
	if k := v.overlayKey(sc, t, pv); k != v.planKey || v.plan == nil {
		v.plan = v.makePlan(sc, p, t, pv)
		v.planKey = k
	}
	return v.plan
}

func (v *boardView) makePlan(sc Scaler, p *painter, t xform, pv *rules.View) *overlayPlan {
	m, sh := v.m, v.sh
	n := len(m.Territories)
	step := sizeStep(v.Zoom())
	pl := &overlayPlan{
		tokH:     math.Round(math.Max(17, 19*sc.S) * step),
		nameSize: math.Round(12.5*sc.S*step*2) / 2,
		blocks:   make([]Rect, n),
		boxes:    make([]Rect, n),
		anchors:  make([]Rect, n),
	}
	K := t.K
	at := func(g board.Point) (float64, float64) { return g.X * K, g.Y * K }
	gap := math.Max(2, math.Round(2*sc.S))
	var obstacles []Rect // token blocks and port anchors
	// Ports: an anchor glyph at the pole.
	for ti, tr := range m.Territories {
		if tr.Kind == board.Port {
			x, y := at(sh.pole[ti])
			a := math.Round(pl.tokH * 0.8)
			pl.anchors[ti] = Rect{x - a/2, y - a/2, a, a}
			obstacles = append(obstacles, pl.anchors[ti])
		}
	}
	// Tokens, territory by territory in the map's order.
	items := make([][]tokenItem, n)
	if pv != nil {
		for _, g := range pv.Groups {
			ti, ok := m.Territory(g.Territory)
			if !ok {
				continue
			}
			for k := board.Unit(0); k < board.NumUnits; k++ {
				if g.Units[k] > 0 {
					items[ti] = append(items[ti], tokenItem{terr: ti, house: g.House, unit: k, n: g.Units[k]})
				}
			}
		}
		for ti, tr := range m.Territories {
			if hid, ok := pv.Flags[tr.ID]; ok && len(items[ti]) == 0 {
				items[ti] = append(items[ti], tokenItem{terr: ti, house: hid, flag: true})
			}
		}
	}
	tw := tokenWidth(pl.tokH)
	for ti, its := range items {
		if len(its) == 0 {
			continue
		}
		isPort := pl.anchors[ti].W > 0
		px, py := at(sh.pole[ti])
		// outside counts the tokens of a layout whose centre is off the
		// territory (a port's ships sit on the sea beside its anchor).
		outside := func(rs []Rect) int {
			if isPort {
				return 0
			}
			n := 0
			for _, r := range rs {
				gx, gy := (r.X+r.W/2)/K, (r.Y+r.H/2)/K
				if m.Territories[ti].Kind == board.Road {
					if !nearPath(m.Territories[ti].Path, gx, gy, 1) {
						n++
					}
				} else if sh.terrAt(gx, gy) != ti {
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
			bh := float64(rows)*pl.tokH + float64(rows-1)*gap
			var cands []board.Point
			if isPort {
				a := pl.anchors[ti]
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
			} else {
				cands = append(cands, board.Point{X: px, Y: py})
				for _, s := range sh.spots[ti] {
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
					rs[i] = Rect{rx + float64(col)*(tw+gap), block.Y + float64(row)*(pl.tokH+gap), tw, pl.tokH}
				}
				cost := float64(ci)*0.01 + float64(outside(rs))*tw*pl.tokH
				ci++
				// A token hidden under another hides a fact: worse than
				// one astride a border.
				for _, o := range obstacles {
					if ov := overlap(block.Inset(-1), o); ov > 0 {
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
		pl.blocks[ti] = bestBlock
		obstacles = append(obstacles, bestBlock)
		for i, it := range its {
			it.R = best[i]
			pl.tokens = append(pl.tokens, it)
		}
	}
	// Names: the smallest territories choose first, roads last.
	order := make([]int, 0, n)
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
		return sh.depth[a] < sh.depth[b]
	})
	var placed []Rect
	free := func(r Rect) bool {
		g := r.Inset(-1)
		for _, o := range placed {
			if overlap(g, o) > 0 {
				return false
			}
		}
		for _, o := range obstacles {
			if overlap(g, o) > 0 {
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
					if sh.at(gx, gy) == ti || nearPath(m.Territories[ti].Path, gx, gy, 2) {
						in++
					}
				} else if sh.terrAt(gx, gy) == ti {
					in++
				}
			}
		}
		return float64(in) >= need*float64(all)
	}
	for _, ti := range order {
		tr := m.Territories[ti]
		fort := false
		if pv != nil {
			_, fort = pv.Fortifications[tr.ID]
		}
		nIcons := len(territoryIcons(tr, fort))
		var cs []board.Point
		b := pl.blocks[ti]
		px, py := at(sh.pole[ti])
		// The name at its size, then a size smaller, then the icons alone.
		small := math.Max(7, math.Round(pl.nameSize*0.85*2)/2)
		for _, vs := range []struct {
			name bool
			size float64
		}{{true, pl.nameSize}, {true, small}, {false, pl.nameSize}} {
			variant := vs.name
			if !variant && nIcons == 0 {
				continue
			}
			w, h := p.labelSize(tr, vs.size, variant, nIcons)
			cs = cs[:0]
			if b.W > 0 {
				cx, cy := b.X+b.W/2, b.Y+b.H/2
				cs = append(cs,
					board.Point{X: cx, Y: b.Y - gap - h/2}, board.Point{X: cx, Y: b.Y + b.H + gap + h/2},
					board.Point{X: b.X + b.W + gap + w/2, Y: cy}, board.Point{X: b.X - gap - w/2, Y: cy})
			} else {
				cs = append(cs, board.Point{X: px, Y: py})
			}
			for _, s := range sh.spots[ti] {
				x, y := at(s)
				cs = append(cs, board.Point{X: x, Y: y}, board.Point{X: x, Y: y - h/2 - gap}, board.Point{X: x, Y: y + h/2 + gap})
			}
			// On its own ground if it can; else a name may reach over
			// a border (never over another name or a token).
			done := false
			for _, need := range []float64{0.6, 0.25} {
				for _, c := range cs {
					r := Rect{math.Round(c.X - w/2), math.Round(c.Y - h/2), w, h}
					if free(r) && onGround(ti, r, need) {
						pl.labels = append(pl.labels, labelItem{terr: ti, R: r, name: variant, size: vs.size})
						pl.boxes[ti] = r
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

func overlap(a, b Rect) float64 {
	w := math.Min(a.X+a.W, b.X+b.W) - math.Max(a.X, b.X)
	h := math.Min(a.Y+a.H, b.Y+b.H) - math.Max(a.Y, b.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// drawOverlay draws the plan's tokens, anchors and names on dst.
func (v *boardView) drawOverlay(dst *ebiten.Image, sc Scaler, p *painter, t xform, pv *rules.View) {
	pl := v.overlay(sc, p, t, pv)
	ox, oy := math.Round(t.X), math.Round(t.Y)
	put := func(img *ebiten.Image, r Rect) {
		op := &ebiten.DrawImageOptions{}
		b := img.Bounds()
		op.GeoM.Translate(math.Round(ox+r.X+(r.W-float64(b.Dx()))/2), math.Round(oy+r.Y+(r.H-float64(b.Dy()))/2))
		dst.DrawImage(img, op)
	}
	for _, a := range pl.anchors {
		if a.W > 0 {
			put(v.imgs.anchor(a.W), a)
		}
	}
	// Names under the board's buttons are left out (the buttons stay on
	// top of tokens: those are facts, and a pan uncovers them).
	var ctl []Rect
	for _, c := range v.Controls() {
		r := sc.Rect(c.R)
		ctl = append(ctl, Rect{r.X - ox, r.Y - oy, r.W, r.H})
	}
	for _, l := range pl.labels {
		under := false
		for _, c := range ctl {
			under = under || overlap(l.R, c) > 0
		}
		if under {
			continue
		}
		tr := v.m.Territories[l.terr]
		fort := false
		if pv != nil {
			_, fort = pv.Fortifications[tr.ID]
		}
		put(v.imgs.label(p, tr, l.size, l.name, fort), l.R)
	}
	for _, tk := range pl.tokens {
		hc := houseColor(v.m, tk.house)
		if tk.flag {
			put(v.imgs.flag(p, tk.house, hc, tk.R.W, tk.R.H), tk.R)
		} else {
			put(v.imgs.token(p, tk.house, hc, tk.unit, tk.n, tk.R.H), tk.R)
		}
	}
}

// imageCache keeps the pictures of names, tokens and glyphs drawn at
// their pixel size (an atlasCache: after many zoom steps it starts over).
type imageCache struct{ *atlasCache[imageKey] }

func newImageCache() *imageCache { return &imageCache{newAtlasCache[imageKey](2)} }

// imageKey names a cached picture: its kind (label, token, flag, anchor)
// and what it shows at which size.
type imageKey struct {
	kind       byte
	id         string // territory or house
	size, w    float64
	unit, n    int
	name, fort bool
}

// drawHaloText draws s centred on (x, y) with a halo of colour halo.
func drawHaloText(dst *ebiten.Image, s string, f *text.GoTextFace, x, y float64, ink, halo color.Color) {
	op := &text.DrawOptions{}
	op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
	op.LineSpacing = f.Size * 1.2
	for _, o := range [][2]float64{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, 1}, {-1, 1}, {1, -1}} {
		op.GeoM.Reset()
		op.GeoM.Translate(x+o[0], y+o[1])
		op.ColorScale.Reset()
		op.ColorScale.ScaleWithColor(halo)
		text.Draw(dst, s, f, op)
	}
	op.GeoM.Reset()
	op.GeoM.Translate(x, y)
	op.ColorScale.Reset()
	op.ColorScale.ScaleWithColor(ink)
	text.Draw(dst, s, f, op)
}

// label is the image of territory t's name (when name) above its icons.
func (c *imageCache) label(p *painter, t board.Territory, size float64, name bool, fort bool) *ebiten.Image {
	key := imageKey{kind: 'L', id: t.ID, size: size, name: name, fort: fort}
	if img, ok := c.lookup(key); ok {
		return img
	}
	icons := territoryIcons(t, fort)
	w, h := p.labelSize(t, size, name, len(icons))
	return c.get(key, int(w)+2, int(h)+2, func(img *ebiten.Image) {
		ink, halo := color.RGBA{30, 24, 18, 255}, color.RGBA{240, 230, 205, 210}
		switch t.Kind {
		case board.Sea:
			ink, halo = color.RGBA{225, 238, 252, 255}, color.RGBA{20, 50, 90, 210}
		case board.Road:
			ink, halo = color.RGBA{92, 58, 24, 255}, colRoadTrack
		}
		ns := labelNameSize(t, size)
		icon := math.Round(size * 0.9)
		y := 1.0
		if name {
			f := p.face(ns, t.Kind != board.Sea)
			nm := wrapName(t.Name)
			_, th := text.Measure(nm, f, ns*1.2)
			drawHaloText(img, nm, f, float64(img.Bounds().Dx())/2, y+th/2+1, ink, halo)
			y += th + 2
		}
		gap := icon * 1.35
		ix := float64(img.Bounds().Dx())/2 - gap*float64(len(icons)-1)/2
		iy := y + icon*0.6
		for i, k := range icons {
			x := ix + float64(i)*gap
			switch k {
			case "crown":
				drawCrown(img, x, iy, icon)
			case "barrel":
				drawBarrel(img, x, iy, icon)
			case "castle":
				drawCastle(img, x, iy, icon*1.15)
			case "town":
				drawTown(img, x, iy, icon*1.05)
			case "fortification":
				drawFortification(img, x, iy, icon*1.05)
			}
		}
	})
}

// token is the image of a unit token: the house's mark, the unit's
// silhouette and the count on the house's colour.
func (c *imageCache) token(p *painter, house string, hc color.RGBA, u board.Unit, n int, h float64) *ebiten.Image {
	key := imageKey{kind: 'T', id: house, unit: int(u), n: n, size: h}
	w := tokenWidth(h)
	return c.get(key, int(w)+2, int(h)+2, func(img *ebiten.Image) {
		ink := textOn(hc)
		x, y := 1.0, 1.0
		rr := roundRectShape(float32(x), float32(y), float32(w), float32(h), float32(h*0.3))
		fillShape(img, rr, hc)
		strokeShape(img, rr, float32(math.Max(1, h*0.07)), color.RGBA{20, 20, 20, 255})
		cy := y + h/2
		drawHouseMark(img, house, x+h*0.42, cy, h*0.58, ink)
		drawUnitGlyph(img, u, x+h*0.98, cy, h*0.66, ink)
		f := p.face(h*0.66, true)
		op := &text.DrawOptions{}
		op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
		op.GeoM.Translate(x+w-h*0.4, cy)
		op.ColorScale.ScaleWithColor(ink)
		text.Draw(img, fmt.Sprint(n), f, op)
	})
}

// flag is the image of a house's flag (a territory it holds without
// troops): a pennant in its colour bearing its mark, on a pole.
func (c *imageCache) flag(p *painter, house string, hc color.RGBA, w, h float64) *ebiten.Image {
	key := imageKey{kind: 'F', id: house, w: w, size: h}
	return c.get(key, int(w)+2, int(h)+2, func(img *ebiten.Image) {
		ink := textOn(hc)
		dark := color.RGBA{20, 20, 20, 255}
		x0, y0 := 1.0+w*0.12, 1.0
		pole := roundRectShape(float32(x0-h*0.07), float32(y0), float32(h*0.14), float32(h), float32(h*0.05))
		fillShape(img, pole, color.RGBA{60, 44, 28, 255})
		fw := w * 0.8
		pen := poly(x0, y0, x0+fw, y0, x0+fw*0.82, y0+h*0.4, x0+fw, y0+h*0.8, x0, y0+h*0.8)
		fillShape(img, pen, hc)
		strokeShape(img, pen, float32(math.Max(1, h*0.07)), dark)
		drawHouseMark(img, house, x0+fw*0.42, y0+h*0.4, h*0.58, ink)
	})
}

// anchor is the image of a port's anchor glyph, a pixels across.
func (c *imageCache) anchor(a float64) *ebiten.Image {
	key := imageKey{kind: 'A', size: a}
	return c.get(key, int(a)+2, int(a)+2, func(img *ebiten.Image) {
		cx := float64(img.Bounds().Dx()) / 2
		fillShape(img, roundRectShape(1, 1, float32(a), float32(a), float32(a/2)), color.RGBA{20, 50, 90, 200})
		drawAnchor(img, cx, cx, a*0.36)
	})
}
