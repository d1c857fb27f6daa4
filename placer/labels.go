package placer

import (
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"notrueking/board"
	"notrueking/ui"
)

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

// inView reports whether r lies inside the plan's viewport (anywhere
// when it has none).
func (lp *labelPlan) inView(r ui.Rect) bool {
	v := lp.view
	return v.W == 0 || r.X >= v.X && r.Y >= v.Y && r.X+r.W <= v.X+v.W && r.Y+r.H <= v.Y+v.H
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
	lb := &labeller{m: m, sh: sh, k: k, tokH: tokH, lp: lp, gr: newGround(m, sh, k), gap: math.Max(2, math.Round(2*scale))}
	lb.fix(controls, scale)
	lb.sizes = nameSizes(nameSize)
	lb.tw = TokenWidth(tokH)
	// Rivers' names first, as before: a river has no other sign of its
	// name, and a territory's name has its smaller sizes and its code.
	lp.rivers = planRivers(m, sh, k, nameSize, lb.gap, lb.free, &lb.placed)
	for _, ti := range labelOrder(m, sh) {
		lb.place(ti)
	}
	return lp
}

// labeller places the names of one label plan lp: k pixels per cell,
// tokens tokH high and tw wide, gap apart; the names at sizes (largest
// first, MinLabelSize last).
type labeller struct {
	m       *board.Map
	sh      *ui.Shapes
	k, tokH float64
	gap, tw float64
	sizes   []float64
	lp      *labelPlan
	gr      *ground
	placed  []ui.Rect // the names placed so far
	seats   []ui.Rect // the seats for tokens the names placed left
}

// fix adds to the plan what names and tokens keep clear of: the board's
// buttons (controls, a gap round them), the ports' anchors and the
// bridges (nine-player map).
func (lb *labeller) fix(controls []ui.Rect, scale float64) {
	lp, k := lb.lp, lb.k
	for _, c := range controls {
		lp.fixed = append(lp.fixed, c.Inset(-lb.gap))
	}
	for ti, tr := range lb.m.Territories {
		if tr.Kind == board.Port {
			x, y := lb.sh.Pole[ti].X*k, lb.sh.Pole[ti].Y*k
			a := math.Round(lb.tokH * 0.8)
			lp.anchors[ti] = ui.Rect{X: x - a/2, Y: y - a/2, W: a, H: a}
			lp.fixed = append(lp.fixed, lp.anchors[ti])
		}
	}
	// Bridges (nine-player map): tokens and names leave them in view.
	for _, br := range lb.sh.Bridges {
		x, y := br.At.X*k, br.At.Y*k
		a := math.Max(k*1.5, 10*scale)
		lp.fixed = append(lp.fixed, ui.Rect{X: x - a/2, Y: y - a/2, W: a, H: a})
	}
}

// free reports whether a river's name may go at r: in view, clear of the
// names placed and of what is fixed.
func (lb *labeller) free(r ui.Rect) bool {
	if !lb.lp.inView(r) {
		return false
	}
	g := r.Inset(-1)
	for _, o := range lb.placed {
		if meets(g, o) {
			return false
		}
	}
	for _, o := range lb.lp.fixed {
		if meets(g, o) {
			return false
		}
	}
	return true
}

// labelOrder is the order the territories choose their names' places in:
// the shallowest first, the roads last, the ports never.
func labelOrder(m *board.Map, sh *ui.Shapes) []int {
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
	return order
}

// nameSizes are the sizes a name is tried at: nameSize, then smaller down
// to MinLabelSize at any window (a smaller name still says more than a
// code).
func nameSizes(nameSize float64) []float64 {
	floor := MinLabelSize
	var sizes []float64
	for _, f := range []float64{1, 0.9, 0.8, 0.7, 0.6} {
		if s := math.Round(nameSize*f*2) / 2; s > floor && !slices.Contains(sizes, s) {
			sizes = append(sizes, s)
		}
	}
	return append(sizes, floor)
}

// variants are the ways territory tr's name is tried, in order: at each
// size whole on two lines, on one, beside its icons (nIcons of them); then
// its code, with its icons under or beside it, and last alone.
func (lb *labeller) variants(tr board.Territory, nIcons int) []labelVariant {
	var vs []labelVariant
	for _, s := range lb.sizes {
		vs = append(vs, labelVariant{text: WrapName(tr.Name), size: s})
		if WrapName(tr.Name) != tr.Name {
			vs = append(vs, labelVariant{text: tr.Name, size: s})
		}
		if nIcons > 0 {
			vs = append(vs, labelVariant{text: tr.Name, size: s, row: true})
		}
	}
	code := strings.ToUpper(tr.Code)
	for _, s := range []float64{lb.sizes[0], MinLabelSize, MinLabelSize} {
		vs = append(vs, labelVariant{text: code, size: s, code: true}, labelVariant{text: code, size: s, code: true, row: true})
	}
	// Last, the code alone, down to 7 pixels: a tiny island's icons
	// are in its tooltip.
	return append(vs, labelVariant{text: code, size: MinLabelSize, code: true, bare: true}, labelVariant{text: code, size: 7, code: true, bare: true})
}

// place places territory ti's name: at the first of its tries where a
// variant fits.
func (lb *labeller) place(ti int) {
	tr := lb.m.Territories[ti]
	// A fortification's icon has its room whether or not one stands
	// there: the name does not move when one is built.
	nIcons := len(TerritoryIcons(tr, tr.Fortification))
	vs := lb.variants(tr, nIcons)
	tn := &terrNamer{lb: lb, ti: ti, tr: tr, nIcons: nIcons, px: lb.sh.Pole[ti].X * lb.k, py: lb.sh.Pole[ti].Y * lb.k}
	if tr.Kind != board.Road {
		tn.seatRooms()
	}
	// Only what lies over the territory's box can be in the way.
	tn.local = nearBox(lb.m, lb.sh, ti, lb.k, append(slices.Clip(lb.placed), lb.lp.fixed...))
	for _, tt := range nameTries(len(tn.rooms)) {
		tier := tt.tier
		if tr.Kind == board.Road {
			tn.pass, tier = tt.tier, 0
		}
		for _, vr := range vs {
			if vr.code == tt.codes && tn.try(vr, tier) {
				return
			}
		}
	}
}

// nameTry is one round of a territory's name: the room it must leave for
// tokens (tier: a seat of rooms[tier]; len(rooms): none) and whether it is
// the code's round.
type nameTry struct {
	tier  int
	codes bool
}

// nameTries are the rounds of a territory's name with rooms for its tokens
// (tiers of seats): the name at any size before the code, as long as some
// token fits beside it; with no room for a token left, the code first. A
// road (no rooms) tries the name, then its code, clear of the seats the
// names before it left, then anywhere on its track (tier 1: the second
// pass).
func nameTries(rooms int) []nameTry {
	tiers := rooms + 1
	var tries []nameTry
	for _, codes := range []bool{false, true} {
		for tier := 0; tier < tiers-1; tier++ {
			tries = append(tries, nameTry{tier, codes})
		}
	}
	if rooms == 0 {
		// A road: its tokens go on its track, wherever the name is.
		return append(tries, nameTry{0, false}, nameTry{0, true}, nameTry{1, false}, nameTry{1, true})
	}
	return append(tries, nameTry{tiers - 1, true}, nameTry{tiers - 1, false})
}

// terrNamer places one territory's name (ti, tr: its pole at px, py):
// clear of the names near it (local), leaving room for its tokens (seat
// at the pole, rooms for two tokens, one, one small).
type terrNamer struct {
	lb     *labeller
	ti     int
	tr     board.Territory
	nIcons int
	px, py float64
	seat   ui.Rect
	rooms  []*seatRoom
	local  []ui.Rect
	// pass is a road's: 0 keeps its name off the seats the names before
	// it left for tokens, 1 not.
	pass int
}

// seatRooms sets the seats for the tokens: the name leaves room inside
// the territory for two tokens if it can, else one, else one small token;
// and first the two at the pole.
func (tn *terrNamer) seatRooms() {
	lb, ti, px, py := tn.lb, tn.ti, tn.px, tn.py
	tokH, tw, gap := lb.tokH, lb.tw, lb.gap
	small := math.Max(10, math.Round(tokH*0.65))
	r := ui.Rect{X: math.Round(px - tw - gap/2), Y: math.Round(py - tokH/2), W: 2*tw + gap, H: tokH}
	if lb.gr.inside(ti, r) {
		tn.seat = r
	}
	for _, sz := range [][2]float64{{2*tw + gap, tokH}, {tw, tokH}, {mergedWidth(small), small}} {
		dx, dy := sz[0]+gap, sz[1]+gap
		quick := []board.Point{{X: px, Y: py}, {X: px, Y: py + dy}, {X: px, Y: py - dy}, {X: px + dx, Y: py}, {X: px - dx, Y: py}}
		tn.rooms = append(tn.rooms, &seatRoom{w: sz[0], h: sz[1], quick: quick, scan: func() []board.Point {
			return lb.lp.scan(lb.m, lb.sh, ti, lb.k, math.Max(2, math.Round(sz[1]/3)))
		}})
	}
}

// room reports whether a name at r leaves a seat of rooms[tier] (any
// tier past them: no seat needed).
func (tn *terrNamer) room(tier int, r ui.Rect) bool {
	if tier >= len(tn.rooms) {
		return true
	}
	lb := tn.lb
	return tn.rooms[tier].beside(r, func(s ui.Rect) bool {
		if !lb.lp.inView(s) || !lb.gr.inside(tn.ti, s) {
			return false
		}
		for _, o := range lb.lp.fixed {
			if ui.Overlap(s.Inset(-1), o) > 0 {
				return false
			}
		}
		for _, rl := range lb.lp.rivers {
			if ui.Overlap(s.Inset(-1), rl.R) > 0 {
				return false
			}
		}
		return true
	})
}

// freeHere reports whether the name may go at r: in view, clear of the
// names near it, and a road's (pass 0) clear of the seats the names
// before it left for tokens.
func (tn *terrNamer) freeHere(r ui.Rect) bool {
	if !tn.lb.lp.inView(r) {
		return false
	}
	g := r.Inset(-1)
	for _, o := range tn.local {
		if meets(g, o) {
			return false
		}
	}
	if tn.tr.Kind == board.Road && tn.pass == 0 {
		for _, o := range tn.lb.seats {
			if meets(g, o) {
				return false
			}
		}
	}
	return true
}

// onOwnGround reports whether a name at r lies inside its territory; a
// road's along its track: its middle within a cell of it and most of it
// within two, as a printed map writes a road's name beside the road.
func (tn *terrNamer) onOwnGround(r ui.Rect) bool {
	if tn.tr.Kind == board.Road {
		return RoadLabelNear(tn.tr.Path, r, tn.lb.k)
	}
	return tn.lb.gr.inside(tn.ti, r)
}

// try places variant vr of the name leaving a seat of rooms[tier]: over
// the seat at the pole or under it (tier 0), at the pole, at the deep
// spots and beside them, then anywhere inside; it reports whether it did.
func (tn *terrNamer) try(vr labelVariant, tier int) bool {
	lb, ti, px, py, gap := tn.lb, tn.ti, tn.px, tn.py, tn.lb.gap
	ni := tn.nIcons
	if vr.bare {
		ni = 0
	}
	w, h := LabelSize(tn.tr, vr.text, vr.size, ni, vr.row)
	var cs []board.Point
	scanned := false
	if tier == 0 && tn.seat.W > 0 {
		cs = append(cs, board.Point{X: px, Y: tn.seat.Y - gap - h/2}, board.Point{X: px, Y: tn.seat.Y + tn.seat.H + gap + h/2})
	}
	cs = append(cs, board.Point{X: px, Y: py})
	for _, s := range lb.sh.Spots[ti] {
		x, y := s.X*lb.k, s.Y*lb.k
		cs = append(cs, board.Point{X: x, Y: y}, board.Point{X: x, Y: y - h/2 - gap}, board.Point{X: x, Y: y + h/2 + gap})
	}
	for i := 0; i < len(cs); i++ {
		if i == len(cs)-1 && !scanned {
			// The deep places failed: anywhere inside it.
			cs = append(cs, lb.lp.scan(lb.m, lb.sh, ti, lb.k, math.Max(2, math.Round(math.Min(w, h)/3)))...)
			scanned = true
		}
		c := cs[i]
		r := ui.Rect{X: math.Round(c.X - w/2), Y: math.Round(c.Y - h/2), W: w, H: h}
		if !tn.freeHere(r) || !tn.onOwnGround(r) || !tn.room(tier, r) {
			continue
		}
		lp := lb.lp
		lp.labels = append(lp.labels, LabelItem{Terr: ti, R: r, Name: true, Code: vr.code, Text: vr.text, Size: vr.size, Row: vr.row, NoIcons: vr.bare})
		lp.boxes[ti] = r
		lp.cramped[ti] = tier == len(tn.rooms) && len(tn.rooms) > 0
		if tier < len(tn.rooms) {
			// The seat stays free of the roads' names, placed last
			// across the land.
			lb.seats = append(lb.seats, tn.rooms[tier].found)
		}
		lb.placed = append(lb.placed, r)
		return true
	}
	return false
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
