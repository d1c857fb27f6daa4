package ui

import (
	"math"
	"sync"

	"notrueking/board"
)

// smoothRounds is how many rounds of Chaikin corner cutting the territory
// outlines get (board.Grid.SmoothOutlines): the raster's staircases become
// curves while neighbours still share their borders exactly.
const smoothRounds = 3

// Shapes is the board's geometry in grid coordinates (one unit = one cell
// of the map's grid), built once per map and never again: zoom, pan and a
// new window size only change the transform it is drawn with. It holds
// every territory's smoothed outline (for hit-testing: a click lands in the
// territory drawn there), the triangles that fill it, the borders to
// stroke by kind, the home regions' bands, the lakes, the roads and
// bridges, and each territory's pole (the point deepest inside it), where
// its tokens sit.
type Shapes struct {
	Loops [][][]board.Point // per territory: closed loops
	box   [][4]float64      // per territory: minX, minY, maxX, maxY
	grid  *board.Grid
	// roads are the road territories' paths (grid cells), hit before the
	// territories they run across.
	Roads []RoadPath
	// bridges are where each river's bridges cross it (grid cells), with
	// the direction of the border there.
	Bridges []BridgeMark

	// fill is every territory's triangles: points, index triples, and the
	// first triangle index of each territory (terrTri[t]..terrTri[t+1]).
	FillPts []board.Point
	FillIdx []uint32
	FillOf  []int32 // per point: its territory
	// lakePts/lakeIdx fill the off-board cells the map encloses.
	LakePts []board.Point
	LakeIdx []uint32
	// borders are the lines between territories (each drawn once), by class.
	borders []borderLine
	// bands run inside each home region along its edge (house index).
	bands []bandLine
	// pole and depth: each territory's pole of inaccessibility and its
	// distance from the outline, in cells (a road: the middle of its path).
	Pole  []board.Point
	Depth []float64
	// spots are further places for a territory's name: deep points of the
	// territory spread over it, best first.
	Spots [][]board.Point
	// regionHouse is, per territory, the house whose home region it is in (-1).
	regionHouse []int
	// across is, per territory, loop and segment, what lies across it.
	across [][][]int

	// The lines to stroke, simplified a little and with their miters:
	// borders, bands, roads, and each territory's outline (for legal
	// targets and the selection).
	BorderLines  []ClassLine
	BandLines    []HouseLine
	RoadLines    []StrokeLine
	OutlineLines [][]StrokeLine
}

// ClassLine is a border line and its class (EdgeSea …); River is the
// index of the river (board.Map.Rivers) an EdgeRiver line follows.
type ClassLine struct {
	Line  StrokeLine
	Class int
	River int
}

// HouseLine is a home region's band and its house.
type HouseLine struct {
	Line  StrokeLine
	House int
}

// RoadPath is a road territory T and its track.
type RoadPath struct {
	T    int
	Path []board.Point
}

// BridgeMark is where a bridge crosses a river.
type BridgeMark struct {
	At board.Point
	// Along is true when the border runs left-right at the bridge (so the
	// bridge spans up-down).
	Along bool
}

// Border classes, by the kinds on either side.
const (
	EdgeSea   = 1 // sea–sea or sea–port
	EdgeLand  = 2 // land–land
	EdgeCoast = 3 // land–water or the map's edge
	EdgeRiver = 4 // a border an impassable river blocks (board.Map.Rivers)
)

// borderLine is a run of border between the same two sides.
type borderLine struct {
	pts   []board.Point
	class int
	river int
}

// riverKey is a river border's run key: each river's borders in runs of
// their own (riverKey + the river's index).
const riverKey = 100

// bandLine is a run of a home region's edge, the region on its right.
type bandLine struct {
	pts   []board.Point
	house int
}

// roadHalfWidth is half a road's clickable and drawn width, in cells.
const roadHalfWidth = 0.6

// SegDist is the distance from p to the segment ab.
func SegDist(p, a, b board.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

// bridgeMarks places one mark per bridge: the middle edge of the border
// the bridge's two territories share.
func bridgeMarks(m *board.Map) []BridgeMark {
	var out []BridgeMark
	g := &m.Grid
	for _, r := range m.Rivers {
		for _, b := range r.Bridges {
			type edge struct {
				p     board.Point
				along bool
			}
			var es []edge
			is := func(u, v int) bool { return u == b[0] && v == b[1] || u == b[1] && v == b[0] }
			for y := 0; y < g.H; y++ {
				for x := 0; x < g.W; x++ {
					a := g.At(x, y)
					if is(a, g.At(x+1, y)) {
						es = append(es, edge{board.Point{X: float64(x + 1), Y: float64(y) + .5}, false})
					}
					if is(a, g.At(x, y+1)) {
						es = append(es, edge{board.Point{X: float64(x) + .5, Y: float64(y + 1)}, true})
					}
				}
			}
			if len(es) == 0 {
				continue
			}
			var cx, cy float64
			for _, e := range es {
				cx, cy = cx+e.p.X, cy+e.p.Y
			}
			cx, cy = cx/float64(len(es)), cy/float64(len(es))
			best := es[0]
			for _, e := range es {
				if math.Hypot(e.p.X-cx, e.p.Y-cy) < math.Hypot(best.p.X-cx, best.p.Y-cy) {
					best = e
				}
			}
			out = append(out, BridgeMark{At: best.p, Along: best.along})
		}
	}
	return out
}

// The geometry of the last map asked for: a table and its board view
// share it, and a new game on the same map does not build it again.
var shapesCache struct {
	sync.Mutex
	m  *board.Map
	sh *Shapes
}

// ShapesOf returns the geometry of map m, built on first use.
func ShapesOf(m *board.Map) *Shapes {
	shapesCache.Lock()
	defer shapesCache.Unlock()
	// The same file loaded again (its SHA-256) is the same map.
	same := shapesCache.m == m || (m.SHA256 != "" && shapesCache.m != nil && shapesCache.m.SHA256 == m.SHA256)
	if !same || shapesCache.sh == nil {
		shapesCache.m, shapesCache.sh = m, buildShapes(m)
	}
	return shapesCache.sh
}

func buildShapes(m *board.Map) *Shapes {
	s := &Shapes{grid: &m.Grid}
	n := len(m.Territories)
	for t := range m.Territories {
		ls := m.Grid.SmoothOutlines(t, smoothRounds)
		b := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, l := range ls {
			for _, p := range l {
				b[0], b[1] = math.Min(b[0], p.X), math.Min(b[1], p.Y)
				b[2], b[3] = math.Max(b[2], p.X), math.Max(b[3], p.Y)
			}
		}
		s.Loops = append(s.Loops, ls)
		s.box = append(s.box, b)
		if tr := m.Territories[t]; tr.Kind == board.Road && len(tr.Path) >= 2 {
			s.Roads = append(s.Roads, RoadPath{T: t, Path: tr.Path})
		}
	}
	s.Bridges = bridgeMarks(m)

	// What lies across every piece of every outline, then the outlines
	// simplified border by border; the board is drawn and hit-tested from
	// these.
	s.across = make([][][]int, n)
	simple := make([][][]board.Point, n)
	for t, ls := range s.Loops {
		for _, l := range ls {
			l = dedupe(l)
			if len(l) < 3 {
				continue
			}
			sl, sa := simplifyLoop(l, s.acrossOf(m, t, l), borderTol)
			simple[t] = append(simple[t], sl)
			s.across[t] = append(s.across[t], sa)
		}
	}
	s.Loops = simple

	// Fills.
	for t, ls := range s.Loops {
		pts, tris := board.Triangulate(ls)
		base := uint32(len(s.FillPts))
		s.FillPts = append(s.FillPts, pts...)
		for range pts {
			s.FillOf = append(s.FillOf, int32(t))
		}
		for _, i := range tris {
			s.FillIdx = append(s.FillIdx, base+uint32(i))
		}
	}
	s.buildLakes(m)

	// Home regions.
	s.regionHouse = make([]int, n)
	for t := range m.NumTerritories() {
		_, h, _ := m.RegionOf(t) // NoHouse outside a home region
		s.regionHouse[t] = int(h)
	}
	s.buildBorders(m)
	for _, b := range s.borders {
		s.BorderLines = append(s.BorderLines, ClassLine{NewStrokeLine(b.pts, false), b.class, b.river})
	}
	for _, b := range s.bands {
		s.BandLines = append(s.BandLines, HouseLine{NewStrokeLine(b.pts, false), b.house})
	}
	for _, r := range s.Roads {
		s.RoadLines = append(s.RoadLines, NewStrokeLine(r.Path, false))
	}
	s.OutlineLines = make([][]StrokeLine, n)
	for t, ls := range s.Loops {
		for _, l := range ls {
			s.OutlineLines[t] = append(s.OutlineLines[t], NewStrokeLine(l, true))
		}
	}

	// Poles and spots.
	s.Pole = make([]board.Point, n)
	s.Depth = make([]float64, n)
	s.Spots = make([][]board.Point, n)
	for t, tr := range m.Territories {
		if len(s.Loops[t]) == 0 {
			if len(tr.Path) > 0 {
				s.Pole[t] = pathMiddle(tr.Path)
				s.Depth[t] = roadHalfWidth
				s.Spots[t] = roadSpots(tr.Path)
			} else {
				s.Pole[t] = tr.Label
			}
			continue
		}
		s.Pole[t], s.Depth[t] = board.Pole(s.Loops[t], 0.05)
		s.Spots[t] = deepSpots(m, t, s.Loops[t])
	}
	return s
}

// pathMiddle is the point halfway along a path.
func pathMiddle(path []board.Point) board.Point { return PointAt(path, PathLength(path)/2) }

// PathLength is the length of a polyline.
func PathLength(pts []board.Point) float64 {
	l := 0.0
	for i := 1; i < len(pts); i++ {
		l += math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
	}
	return l
}

// PointAt is the point at distance d along a polyline (its ends beyond).
func PointAt(pts []board.Point, d float64) board.Point {
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

// roadSpots are places along a road for its name: its middle, then points
// at every quarter of its length.
func roadSpots(path []board.Point) []board.Point {
	out := []board.Point{pathMiddle(path)}
	total := 0.0
	for i := 0; i+1 < len(path); i++ {
		total += math.Hypot(path[i+1].X-path[i].X, path[i+1].Y-path[i].Y)
	}
	for _, f := range []float64{0.3, 0.7, 0.15, 0.85} {
		want := total * f
		for i := 0; i+1 < len(path); i++ {
			l := math.Hypot(path[i+1].X-path[i].X, path[i+1].Y-path[i].Y)
			if l >= want && l > 0 {
				g := want / l
				out = append(out, board.Point{X: path[i].X + (path[i+1].X-path[i].X)*g, Y: path[i].Y + (path[i+1].Y-path[i].Y)*g})
				break
			}
			want -= l
		}
	}
	return out
}

// deepSpots are up to eight cell centres of territory t, each as deep in
// it as can be while at least 1.5 cells from the others, deepest first.
func deepSpots(m *board.Map, t int, loops [][]board.Point) []board.Point {
	type cand struct {
		p board.Point
		d float64
	}
	var cs []cand
	for c, v := range m.Grid.Cells {
		if int(v) != t {
			continue
		}
		p := board.Point{X: float64(c%m.Grid.W) + .5, Y: float64(c/m.Grid.W) + .5}
		// A cell with a neighbour of another territory is no deep spot.
		x, y := c%m.Grid.W, c/m.Grid.W
		if m.Grid.At(x-1, y) != t || m.Grid.At(x+1, y) != t || m.Grid.At(x, y-1) != t || m.Grid.At(x, y+1) != t {
			continue
		}
		if d := board.SignedDistance(loops, p); d > 0.3 {
			cs = append(cs, cand{p, d})
		}
	}
	var out []board.Point
	for len(out) < 8 {
		best := -1
		for i, c := range cs {
			far := true
			for _, o := range out {
				if math.Hypot(o.X-c.p.X, o.Y-c.p.Y) < 1.5 {
					far = false
					break
				}
			}
			if far && (best < 0 || c.d > cs[best].d) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		out = append(out, cs[best].p)
	}
	return out
}

// buildLakes traces the enclosed off-board cells as a territory of their
// own and triangulates them.
func (s *Shapes) buildLakes(m *board.Map) {
	lake := lakes(&m.Grid)
	found := false
	g := board.Grid{W: m.Grid.W, H: m.Grid.H, Cells: append([]int16(nil), m.Grid.Cells...)}
	li := int16(len(m.Territories))
	for i, l := range lake {
		if l {
			g.Cells[i] = li
			found = true
		}
	}
	if !found {
		return
	}
	pts, tris := board.Triangulate(g.SmoothOutlines(int(li), smoothRounds))
	s.LakePts = pts
	for _, i := range tris {
		s.LakeIdx = append(s.LakeIdx, uint32(i))
	}
}

// Box is territory t's bounding box in cells: minX, minY, maxX, maxY.
func (s *Shapes) Box(t int) [4]float64 { return s.box[t] }

// TerrAt is the territory whose outline holds (gx, gy), roads aside, or -1.
func (s *Shapes) TerrAt(gx, gy float64) int {
	q := board.Point{X: gx, Y: gy}
	x, y := int(math.Floor(gx)), int(math.Floor(gy))
	// The outline near a cell stays within a cell of it: try the
	// territories of the 3×3 cells around first.
	tried := [9]int{}
	nt := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			t := s.grid.At(x+dx, y+dy)
			if t < 0 || t >= len(s.Loops) {
				continue
			}
			seen := false
			for _, o := range tried[:nt] {
				seen = seen || o == t
			}
			if seen {
				continue
			}
			tried[nt] = t
			nt++
			if s.inTerr(t, q) {
				return t
			}
		}
	}
	return -1
}

func (s *Shapes) inTerr(t int, q board.Point) bool {
	b := s.box[t]
	if q.X < b[0] || q.X > b[2] || q.Y < b[1] || q.Y > b[3] {
		return false
	}
	in := false
	for _, l := range s.Loops[t] {
		if board.PointInLoop(l, q) {
			in = !in
		}
	}
	return in
}

// At returns the territory containing grid point (gx, gy), or -1: a road's
// track first, then the territory under it.
func (s *Shapes) At(gx, gy float64) int {
	q := board.Point{X: gx, Y: gy}
	for _, r := range s.Roads {
		for i := 0; i+1 < len(r.Path); i++ {
			if SegDist(q, r.Path[i], r.Path[i+1]) <= roadHalfWidth {
				return r.T
			}
		}
	}
	return s.TerrAt(gx, gy)
}

// buildBorders walks every territory's outline, finds what lies across
// each piece of it, and keeps each border once (from the side with the
// smaller index, or the only side at the map's edge and lakes), in runs of
// one class. Home-region bands are the pieces whose other side is outside
// the region.
func (s *Shapes) buildBorders(m *board.Map) {
	kind := func(t int) int {
		if t < 0 {
			return -1
		}
		switch m.Territories[t].Kind {
		case board.Sea, board.Port:
			return 1
		}
		return 0
	}
	region := func(t int) int {
		if t < 0 {
			return -1
		}
		return s.regionHouse[t]
	}
	for t, ls := range s.Loops {
		for li, l := range ls {
			n := len(l)
			if n < 3 {
				continue
			}
			across := s.across[t][li]
			// class 0: not drawn from this side.
			class := make([]int, n)
			for i, o := range across {
				if o == -2 || o == t || (o >= 0 && o < t) {
					continue
				}
				kt, ko := kind(t), kind(o)
				switch {
				case kt != ko:
					class[i] = EdgeCoast
				case kt == 0 && o >= 0 && riverOf(m, t, o) >= 0:
					class[i] = riverKey + riverOf(m, t, o)
				case kt == 0:
					class[i] = EdgeLand
				default:
					class[i] = EdgeSea
				}
			}
			for _, run := range runs(l, class) {
				b := borderLine{pts: run.pts, class: run.key, river: -1}
				if run.key >= riverKey {
					b.class, b.river = EdgeRiver, run.key-riverKey
				}
				s.borders = append(s.borders, b)
			}
			if h := s.regionHouse[t]; h >= 0 {
				band := make([]int, n)
				for i, o := range across {
					if o != -2 && region(o) != h {
						band[i] = 1
					}
				}
				for _, run := range runs(l, band) {
					s.bands = append(s.bands, bandLine{pts: run.pts, house: h})
				}
			}
		}
	}
}

// acrossOf is, for each segment of loop l of territory t (from l[i] to
// l[i+1]), what lies across it, left of the direction of travel: a
// territory, or -1 (off the board, a lake), or -2 (a segment of no length).
func (s *Shapes) acrossOf(m *board.Map, t int, l []board.Point) []int {
	n := len(l)
	across := make([]int, n)
	for i := range l {
		a, b := l[i], l[(i+1)%n]
		dx, dy := b.X-a.X, b.Y-a.Y
		d := math.Hypot(dx, dy)
		if d == 0 {
			across[i] = -2
			continue
		}
		mx, my := (a.X+b.X)/2+dy/d*0.02, (a.Y+b.Y)/2-dx/d*0.02
		// Where the cells round the point hold t and one other
		// value only, that is what lies across; else ask the
		// outlines.
		other, many := -3, false
		cx, cy := int(math.Floor(mx)), int(math.Floor(my))
		for oy := -1; oy <= 1 && !many; oy++ {
			for ox := -1; ox <= 1; ox++ {
				c := m.Grid.At(cx+ox, cy+oy)
				if c == t || c == other {
					continue
				}
				if other != -3 {
					many = true
					break
				}
				other = c
			}
		}
		if !many && other != -3 {
			if other >= 0 && other < len(s.Loops) {
				across[i] = other
			} else {
				across[i] = -1
			}
			continue
		}
		across[i] = s.TerrAt(mx, my)
	}
	return across
}

// borderTol is how far (in cells) the drawn outlines may stray from the
// smoothed ones: a fraction of a pixel at the fitted board, a pixel or two
// at the closest zoom. Fewer points make fewer triangles, which software
// GL pays for one by one.
const borderTol = 0.04

// simplifyLoop simplifies a closed loop run by run (a run: consecutive
// segments with the same territory across), each run by Douglas–Peucker
// between its ends. A border between two territories is one run in each
// of their loops, with the same ends and points in reverse order, so both
// sides simplify it alike: no gap opens between neighbours. A loop with
// one neighbour all round starts at its least point, as its neighbour's
// does.
func simplifyLoop(l []board.Point, across []int, tol float64) ([]board.Point, []int) {
	n := len(l)
	uniform := true
	for i := range across {
		uniform = uniform && across[i] == across[0]
	}
	if uniform {
		k := 0
		for i, p := range l {
			if p.X < l[k].X || (p.X == l[k].X && p.Y < l[k].Y) {
				k = i
			}
		}
		open := make([]board.Point, 0, n+1)
		for i := 0; i <= n; i++ {
			open = append(open, l[(k+i)%n])
		}
		sp := simplify(open, tol)
		if len(sp) < 4 {
			return l, across
		}
		out := sp[:len(sp)-1]
		acr := make([]int, len(out))
		for i := range acr {
			acr[i] = across[0]
		}
		return out, acr
	}
	key := make([]int, n)
	for i, a := range across {
		key[i] = a + 3
	}
	var out []board.Point
	var acr []int
	for _, r := range runs(l, key) {
		sp := simplify(r.pts, tol)
		for _, p := range sp[:len(sp)-1] {
			out = append(out, p)
			acr = append(acr, r.key-3)
		}
	}
	if len(out) < 3 {
		return l, across
	}
	return out, acr
}

// dedupe drops consecutive repeated points of a closed loop.
func dedupe(l []board.Point) []board.Point {
	out := make([]board.Point, 0, len(l))
	for i, p := range l {
		if p != l[(i+len(l)-1)%len(l)] {
			out = append(out, p)
		}
	}
	return out
}

type run struct {
	pts []board.Point
	key int
}

// runs cuts the closed loop l into polylines of consecutive segments of
// equal non-zero key (segment i runs from l[i] to l[i+1]). A loop whose
// segments all share one key comes back closed (first point repeated).
func runs(l []board.Point, key []int) []run {
	n := len(l)
	start := -1
	for i := 0; i < n; i++ {
		if key[i] != key[(i+n-1)%n] {
			start = i
			break
		}
	}
	if start < 0 {
		if key[0] == 0 {
			return nil
		}
		pts := append(append([]board.Point(nil), l...), l[0])
		return []run{{pts, key[0]}}
	}
	var out []run
	var cur []board.Point
	curKey := 0
	for k := 0; k < n; k++ {
		i := (start + k) % n
		if key[i] != curKey {
			if curKey != 0 && len(cur) > 1 {
				out = append(out, run{cur, curKey})
			}
			cur, curKey = nil, key[i]
			if curKey != 0 {
				cur = []board.Point{l[i]}
			}
		}
		if curKey != 0 {
			cur = append(cur, l[(i+1)%n])
		}
	}
	if curKey != 0 && len(cur) > 1 {
		out = append(out, run{cur, curKey})
	}
	return out
}

// riverOf is the index of the river between territories t and n, -1
// for none.
func riverOf(m *board.Map, t, n int) int {
	r, ok := m.RiverBetween(board.TerrID(t), board.TerrID(n))
	if !ok {
		return -1
	}
	for i := range m.Rivers {
		if &m.Rivers[i] == r {
			return i
		}
	}
	return -1
}

// lakes marks the off-board cells that the map encloses: those not
// connected (4-neighbour) to the grid's edge through off-board cells.
func lakes(g *board.Grid) []bool {
	n := g.W * g.H
	outside := make([]bool, n)
	var stack []int
	push := func(x, y int) {
		if x < 0 || y < 0 || x >= g.W || y >= g.H {
			return
		}
		i := y*g.W + x
		if outside[i] || g.Cells[i] >= 0 {
			return
		}
		outside[i] = true
		stack = append(stack, i)
	}
	for x := 0; x < g.W; x++ {
		push(x, 0)
		push(x, g.H-1)
	}
	for y := 0; y < g.H; y++ {
		push(0, y)
		push(g.W-1, y)
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%g.W, i/g.W
		push(x+1, y)
		push(x-1, y)
		push(x, y+1)
		push(x, y-1)
	}
	lake := make([]bool, n)
	for i := range lake {
		lake[i] = g.Cells[i] < 0 && !outside[i]
	}
	return lake
}
