package maps

import (
	"math"
	"strings"
	"unicode/utf8"

	"notrueking/board"
)

// maxGridErrors caps the problems reported from the rows, so that one bad
// paste does not bury the rest.
const maxGridErrors = 20

// readGrid reads the raster and validates the drawing against the data.
func (p *parser) readGrid(gt *table, exTables, riverTables []*table) {
	m := p.m
	exceptions := p.readExceptions(exTables)
	rivers := p.readRivers(riverTables, exceptions)
	if gt == nil {
		return
	}
	w := gt.int("width", true, 1, maxGrid, 0)
	h := gt.int("height", true, 1, maxGrid, 0)
	rows := gt.lines("rows", "rows")
	gt.done()
	if w == 0 || h == 0 || rows == "" {
		return
	}
	rowsPath := "grid.rows"
	first := p.li.line(rowsPath)
	if first > 0 && first <= len(p.text) && strings.HasSuffix(strings.TrimSpace(p.text[first-1]), `"""`) {
		first++ // rows start on the line after the opening quotes
	}
	rowLine := func(y int) int {
		if first == 0 {
			return 0
		}
		return first + y
	}
	lines := strings.Split(strings.TrimRight(rows, "\n"), "\n")
	bad := 0
	report := func(line int, format string, args ...any) {
		if bad < maxGridErrors {
			p.errAt(rowsPath, line, format, args...)
		} else if bad == maxGridErrors {
			p.errAt(rowsPath, line, "more problems in the rows not shown")
		}
		bad++
	}
	if len(lines) != h {
		report(rowLine(0), "%d rows, want height %d", len(lines), h)
	}
	g := board.Grid{W: w, H: h, Cells: make([]int16, w*h)}
	for i := range g.Cells {
		g.Cells[i] = -1
	}
	for y, row := range lines {
		if y >= h {
			break
		}
		row = strings.TrimRight(row, "\r")
		if len(row) != 2*w {
			report(rowLine(y), "row %d is %d characters, want %d (width %d × 2)", y+1, len(row), 2*w, w)
			continue
		}
		for x := 0; x < w; x++ {
			code := row[2*x : 2*x+2]
			if code == OffBoard {
				continue
			}
			t := p.codes[code]
			if t == 0 {
				report(rowLine(y), "row %d, column %d: unknown code %q", y+1, x+1, code)
				break
			}
			g.Cells[y*w+x] = int16(t - 1)
		}
	}
	m.Grid = g
	if bad > 0 || len(p.errs) > 0 && len(p.codes) < len(m.Territories) {
		return // the drawing cannot be checked against broken data
	}
	p.checkShapes(&g, rowLine)
	p.checkTouching(&g, rowLine, exceptions, rivers)
	p.checkRiverLines(&g, rivers)
	p.checkRoads(&g)
	p.placeLabels(&g)
}

type exception struct {
	a, b int
	path string
	used bool
}

func (p *parser) readExceptions(ts []*table) []*exception {
	var out []*exception
	seen := map[[2]int]bool{}
	for _, t := range ts {
		a, b := t.need("a", "territory id"), t.need("b", "territory id")
		reason := t.str("reason", true)
		t.done()
		if _, ok := t.m["reason"]; ok && strings.TrimSpace(reason) == "" {
			p.errf(t.key("reason"), "an exception must say why the drawing differs")
		} else if n := utf8.RuneCountInString(reason); n > maxTextLen {
			p.errf(t.key("reason"), "reason is %d characters long; the limit is %d", n, maxTextLen)
		}
		ia, aok := p.terrByID[a]
		ib, bok := p.terrByID[b]
		if a != "" && !aok {
			p.errf(t.key("a"), "unknown territory %q", a)
		}
		if b != "" && !bok {
			p.errf(t.key("b"), "unknown territory %q", b)
		}
		if !aok || !bok {
			continue
		}
		if ia == ib {
			p.errf(t.key("b"), "an exception joins two different territories")
			continue
		}
		if ia > ib {
			ia, ib = ib, ia
		}
		if seen[[2]int{ia, ib}] {
			p.errf(t.path, "duplicate exception %s / %s", a, b)
			continue
		}
		seen[[2]int{ia, ib}] = true
		out = append(out, &exception{a: ia, b: ib, path: t.path})
		p.m.Exceptions = append(p.m.Exceptions, board.Exception{A: ia, B: ib, Reason: reason})
	}
	return out
}

type river struct {
	id, path         string
	borders, bridges [][2]int
}

// readRivers reads the [[river]] tables: each blocks the borders it lists
// (pairs that touch in the drawing but are not adjacent) except at its
// bridges. A pair belongs to at most one river and is not also an
// [[exception]].
func (p *parser) readRivers(ts []*table, exs []*exception) []*river {
	var out []*river
	seen := map[string]bool{}
	owner := map[[2]int]string{}
	for _, e := range exs {
		owner[[2]int{e.a, e.b}] = "an [[exception]]"
	}
	for _, t := range ts {
		r := &river{path: t.path}
		r.id = p.id(t, seen, "river")
		name := t.text("name", "name", maxNameLen)
		read := func(key string) [][2]int {
			var prs [][2]int
			for _, pr := range t.pairs(key, key == "borders") {
				ia, aok := p.terrByID[pr[0]]
				ib, bok := p.terrByID[pr[1]]
				for k, ok := range []bool{aok, bok} {
					if !ok {
						p.errf(t.key(key), "river %s: unknown territory %q", r.id, pr[k])
					}
				}
				if !aok || !bok {
					continue
				}
				if ia == ib {
					p.errf(t.key(key), "river %s: %s / %s is not a border between two territories", r.id, pr[0], pr[1])
					continue
				}
				k := [2]int{min(ia, ib), max(ia, ib)}
				if o, dup := owner[k]; dup {
					p.errf(t.key(key), "river %s: %s / %s is already %s", r.id, pr[0], pr[1], o)
					continue
				}
				owner[k] = "on river " + r.id
				prs = append(prs, k)
			}
			return prs
		}
		r.borders = read("borders")
		r.bridges = read("bridges")
		t.done()
		if _, ok := t.m["borders"]; ok && len(r.borders) == 0 && len(p.errs) == 0 {
			p.errf(t.key("borders"), "river %s blocks no border", r.id)
		}
		out = append(out, r)
		p.m.Rivers = append(p.m.Rivers, board.River{ID: r.id, Name: name, Borders: r.borders, Bridges: r.bridges})
	}
	return out
}

// checkRiverLines: a river's blocked borders and its bridges, traced as
// cell edges, form one connected line (a bridge is a crossing on the line),
// and each bridge lies on it.
func (p *parser) checkRiverLines(g *board.Grid, rivers []*river) {
	m := p.m
	for _, r := range rivers {
		if len(r.borders) == 0 {
			continue
		}
		parent := map[[2]int][2]int{}
		find := func(v [2]int) [2]int {
			for parent[v] != v {
				parent[v] = parent[parent[v]]
				v = parent[v]
			}
			return v
		}
		union := func(a, b [2]int) {
			for _, v := range [][2]int{a, b} {
				if _, ok := parent[v]; !ok {
					parent[v] = v
				}
			}
			parent[find(a)] = find(b)
		}
		var first [2]int
		have := false
		// The line is the blocked borders and the bridges on them.
		for _, pr := range append(append([][2]int(nil), r.borders...), r.bridges...) {
			for _, e := range borderEdges(g, pr) {
				union(e[0], e[1])
				if !have {
					first, have = e[0], true
				}
			}
		}
		if !have {
			continue // not touching: reported by checkTouching
		}
		root := find(first)
		for _, pr := range r.borders {
			es := borderEdges(g, pr)
			if len(es) > 0 && find(es[0][0]) != root {
				p.errf(r.path+".borders", "river %s does not form one line: its border %s / %s is not joined to %s / %s",
					r.id, m.Territories[pr[0]].ID, m.Territories[pr[1]].ID, m.Territories[r.borders[0][0]].ID, m.Territories[r.borders[0][1]].ID)
			}
		}
		for _, pr := range r.bridges {
			on := false
			for _, e := range borderEdges(g, pr) {
				for _, v := range e {
					if _, ok := parent[v]; ok && find(v) == root {
						on = true
					}
				}
			}
			if !on {
				p.errf(r.path+".bridges", "bridge %s / %s does not lie on river %s: their border does not meet the river's line",
					m.Territories[pr[0]].ID, m.Territories[pr[1]].ID, r.id)
			}
		}
	}
}

// borderEdges lists the cell edges between territories pr[0] and pr[1],
// each as its two end corners.
func borderEdges(g *board.Grid, pr [2]int) [][2][2]int {
	var out [][2][2]int
	is := func(a, b int) bool { return a == pr[0] && b == pr[1] || a == pr[1] && b == pr[0] }
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			a := g.At(x, y)
			if is(a, g.At(x+1, y)) {
				out = append(out, [2][2]int{{x + 1, y}, {x + 1, y + 1}})
			}
			if is(a, g.At(x, y+1)) {
				out = append(out, [2][2]int{{x, y + 1}, {x + 1, y + 1}})
			}
		}
	}
	return out
}

// checkShapes: every territory has cells and is one 4-connected blob.
func (p *parser) checkShapes(g *board.Grid, rowLine func(int) int) {
	m := p.m
	n := len(m.Territories)
	first := make([]int, n)
	count := make([]int, n)
	for i := range first {
		first[i] = -1
	}
	for c, t := range g.Cells {
		if t >= 0 {
			if first[t] < 0 {
				first[t] = c
			}
			count[t]++
		}
	}
	seen := make([]bool, len(g.Cells))
	stack := []int{}
	for t := 0; t < n; t++ {
		if m.Territories[t].Kind == board.Road {
			if count[t] > 0 {
				c := first[t]
				p.errAt("grid.rows", rowLine(c/g.W), "road %s has cells in the grid (column %d, row %d): a road is drawn by its path, not by cells", m.Territories[t].ID, c%g.W+1, c/g.W+1)
			}
			continue
		}
		if count[t] == 0 {
			p.errf(p.tpath[t]+".code", "territory %s has no cells in the grid (code %q)", m.Territories[t].ID, m.Territories[t].Code)
			continue
		}
		// Flood from the first cell; any cell of t left over is a second blob.
		reached := 0
		stack = append(stack[:0], first[t])
		seen[first[t]] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reached++
			x, y := c%g.W, c/g.W
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if g.At(nx, ny) == t && !seen[ny*g.W+nx] {
					seen[ny*g.W+nx] = true
					stack = append(stack, ny*g.W+nx)
				}
			}
		}
		if reached != count[t] {
			for c, u := range g.Cells {
				if int(u) == t && !seen[c] {
					p.errAt("grid.rows", rowLine(c/g.W), "territory %s is split: its cells at column %d, row %d and at column %d, row %d are not joined by its own cells",
						m.Territories[t].ID, first[t]%g.W+1, first[t]/g.W+1, c%g.W+1, c/g.W+1)
					break
				}
			}
		}
	}
}

// checkTouching compares the pairs of territories whose cells share an
// edge with the declared adjacency; every difference needs an exception.
func (p *parser) checkTouching(g *board.Grid, rowLine func(int) int, exs []*exception, rivers []*river) {
	m := p.m
	n := len(m.Territories)
	where := map[[2]int]int{} // touching pair → first cell index
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			a := g.At(x, y)
			if a < 0 {
				continue
			}
			for _, d := range [2][2]int{{1, 0}, {0, 1}} {
				b := g.At(x+d[0], y+d[1])
				if b < 0 || b == a {
					continue
				}
				k := [2]int{min(a, b), max(a, b)}
				if _, ok := where[k]; !ok {
					where[k] = y*g.W + x
				}
			}
		}
	}
	exc := map[[2]int]*exception{}
	for _, e := range exs {
		exc[[2]int{e.a, e.b}] = e
	}
	for _, r := range rivers {
		for _, pr := range r.borders {
			_, touch := where[pr]
			ta, tb := m.Territories[pr[0]].ID, m.Territories[pr[1]].ID
			if m.Adjacent(board.TerrID(pr[0]), board.TerrID(pr[1])) {
				p.errf(r.path+".borders", "river %s blocks %s / %s, but they are neighbours (a crossing is a bridge: list it in bridges)", r.id, ta, tb)
			}
			if !touch {
				p.errf(r.path+".borders", "river %s blocks %s / %s, but their shapes in the grid do not touch", r.id, ta, tb)
			}
		}
		for _, pr := range r.bridges {
			_, touch := where[pr]
			ta, tb := m.Territories[pr[0]].ID, m.Territories[pr[1]].ID
			if !m.Adjacent(board.TerrID(pr[0]), board.TerrID(pr[1])) {
				p.errf(r.path+".bridges", "river %s has a bridge %s / %s, but they are not neighbours", r.id, ta, tb)
			}
			if !touch {
				p.errf(r.path+".bridges", "river %s has a bridge %s / %s, but their shapes in the grid do not touch", r.id, ta, tb)
			}
		}
	}
	blocked := map[[2]int]bool{}
	for _, r := range rivers {
		for _, pr := range r.borders {
			blocked[pr] = true
		}
	}
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if m.Territories[a].Kind == board.Road || m.Territories[b].Kind == board.Road {
				continue // checked along the road's path
			}
			k := [2]int{a, b}
			adj := m.Adjacent(board.TerrID(a), board.TerrID(b))
			c, touch := where[k]
			if touch && !adj && blocked[k] {
				continue // a river explains it (checked above)
			}
			if adj == touch {
				if e := exc[k]; e != nil {
					p.errf(e.path, "exception %s / %s explains nothing: they are neighbours and their shapes touch, or neither", m.Territories[a].ID, m.Territories[b].ID)
					e.used = true
				}
				continue
			}
			if e := exc[k]; e != nil {
				e.used = true
				continue
			}
			ta, tb := m.Territories[a], m.Territories[b]
			if adj {
				p.errf(p.tpath[a]+".neighbors", "%s and %s are neighbours but their shapes in the grid do not touch (draw them touching or add an [[exception]] saying why)", ta.ID, tb.ID)
			} else {
				p.errAt("grid.rows", rowLine(c/g.W), "%s and %s touch in the grid at column %d, row %d but are not neighbours (declare them neighbours, or explain it: a [[river]] border or an [[exception]])", ta.ID, tb.ID, c%g.W+1, c/g.W+1)
			}
		}
	}
}

// pathStep is how finely a road's path is sampled, in cells.
const pathStep = 0.05

// checkRoads: a road's path lies on the grid, passes only through its
// neighbours' cells and off-board cells, and through every neighbour.
func (p *parser) checkRoads(g *board.Grid) {
	m := p.m
	for t, tr := range m.Territories {
		if tr.Kind != board.Road || len(tr.Path) < 2 {
			continue
		}
		visited := map[int]bool{}
		bad := map[int]board.Point{}
		var badOrder []int
		for i := 0; i+1 < len(tr.Path); i++ {
			a, b := tr.Path[i], tr.Path[i+1]
			n := int(math.Hypot(b.X-a.X, b.Y-a.Y)/pathStep) + 1
			for s := 0; s <= n; s++ {
				f := float64(s) / float64(n)
				x, y := a.X+(b.X-a.X)*f, a.Y+(b.Y-a.Y)*f
				if x < 0 || y < 0 || x >= float64(g.W) || y >= float64(g.H) {
					p.errf(p.tpath[t]+".path", "road %s: its path leaves the grid at (%g, %g)", tr.ID, x, y)
					return
				}
				c := g.At(int(x), int(y))
				if c < 0 {
					continue
				}
				if m.Adjacent(board.TerrID(t), board.TerrID(c)) {
					visited[c] = true
				} else if _, seen := bad[c]; !seen {
					bad[c] = board.Point{X: x, Y: y}
					badOrder = append(badOrder, c)
				}
			}
		}
		for _, c := range badOrder {
			p.errf(p.tpath[t]+".path", "road %s: its path crosses %s at (%.1f, %.1f), which is not its neighbour", tr.ID, m.Territories[c].ID, bad[c].X, bad[c].Y)
		}
		for _, c := range tr.Neighbors {
			if !visited[int(c)] {
				p.errf(p.tpath[t]+".path", "road %s: its path does not pass through its neighbour %s", tr.ID, m.Territories[c].ID)
			}
		}
	}
}

// roadLabel is the point along a road's path, between a fifth and four
// fifths of its length, farthest from every other label anchor in others
// (a road's name is small and runs through other areas: it must not sit on
// their names); ties go to the point nearest the middle. A name is about
// three times wider than tall, so horizontal distance counts a third.
func roadLabel(path []board.Point, others []board.Point) board.Point {
	best, bestD, bestMid := path[0], -1.0, 0.0
	for i := 20; i <= 80; i += 2 {
		q := pathPoint(path, float64(i)/100)
		d := math.Inf(1)
		for _, o := range others {
			d = math.Min(d, math.Hypot((q.X-o.X)/3, q.Y-o.Y))
		}
		mid := math.Abs(float64(i) - 50)
		if d > bestD+1e-9 || math.Abs(d-bestD) <= 1e-9 && mid < bestMid {
			best, bestD, bestMid = q, d, mid
		}
	}
	return best
}

// pathPoint is the point the fraction f of the way along path.
func pathPoint(path []board.Point, f float64) board.Point {
	total := 0.0
	for i := 0; i+1 < len(path); i++ {
		total += math.Hypot(path[i+1].X-path[i].X, path[i+1].Y-path[i].Y)
	}
	rest := total * f
	for i := 0; i+1 < len(path); i++ {
		a, b := path[i], path[i+1]
		d := math.Hypot(b.X-a.X, b.Y-a.Y)
		if d >= rest && d > 0 {
			g := rest / d
			return board.Point{X: a.X + (b.X-a.X)*g, Y: a.Y + (b.Y-a.Y)*g}
		}
		rest -= d
	}
	return path[len(path)-1]
}

// placeLabels checks declared label anchors and computes the rest: the
// cell farthest from the territory's border (ties: nearest the centroid,
// then first in reading order), at its centre.
func (p *parser) placeLabels(g *board.Grid) {
	m := p.m
	n := len(m.Territories)
	dist := make([]int, len(g.Cells))
	queue := make([]int, 0, len(g.Cells))
	for c, t := range g.Cells {
		if t < 0 {
			continue
		}
		x, y := c%g.W, c/g.W
		border := false
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || ny < 0 || nx >= g.W || ny >= g.H || g.At(nx, ny) != int(t) {
				border = true
			}
		}
		if border {
			dist[c] = 1
			queue = append(queue, c)
		}
	}
	for i := 0; i < len(queue); i++ {
		c := queue[i]
		x, y := c%g.W, c/g.W
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || ny < 0 || nx >= g.W || ny >= g.H {
				continue
			}
			nc := ny*g.W + nx
			if dist[nc] == 0 && g.Cells[nc] == g.Cells[c] {
				dist[nc] = dist[c] + 1
				queue = append(queue, nc)
			}
		}
	}
	sx, sy, cnt := make([]float64, n), make([]float64, n), make([]float64, n)
	for c, t := range g.Cells {
		if t >= 0 {
			sx[t] += float64(c%g.W) + .5
			sy[t] += float64(c/g.W) + .5
			cnt[t]++
		}
	}
	best := make([]int, n)
	bestD := make([]float64, n)
	for i := range best {
		best[i] = -1
	}
	for c, t := range g.Cells {
		if t < 0 {
			continue
		}
		dx := float64(c%g.W) + .5 - sx[t]/cnt[t]
		dy := float64(c/g.W) + .5 - sy[t]/cnt[t]
		d2 := dx*dx + dy*dy
		if best[t] < 0 || dist[c] > dist[best[t]] || dist[c] == dist[best[t]] && d2 < bestD[t] {
			best[t], bestD[t] = c, d2
		}
	}
	for t := 0; t < n; t++ {
		if tr := &m.Territories[t]; tr.Kind == board.Road {
			if p.labels[t] != nil {
				p.errf(p.tpath[t]+".label", "a road's label is on its path, clear of other names; it takes no label")
			}
			continue
		}
		if l := p.labels[t]; l != nil {
			x, y := int(l[0]), int(l[1])
			if l[0] < 0 || l[1] < 0 || g.At(x, y) != t {
				p.errf(p.tpath[t]+".label", "label (%g, %g) of %s is not inside its own cells", l[0], l[1], m.Territories[t].ID)
			}
			m.Territories[t].Label = board.Point{X: l[0], Y: l[1]}
			continue
		}
		if best[t] >= 0 {
			m.Territories[t].Label = board.Point{X: float64(best[t]%g.W) + .5, Y: float64(best[t]/g.W) + .5}
		}
	}
	// Roads last: their names keep clear of the names already placed (and
	// of the roads named before them).
	for t := 0; t < n; t++ {
		if tr := &m.Territories[t]; tr.Kind == board.Road && len(tr.Path) >= 2 {
			var others []board.Point
			for u := range m.Territories {
				if u != t && (m.Territories[u].Kind != board.Road || u < t) {
					others = append(others, m.Territories[u].Label)
				}
			}
			tr.Label = roadLabel(tr.Path, others)
		}
	}
}
