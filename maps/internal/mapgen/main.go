// Command mapgen draws the province raster of a map file: it grows every
// territory from hand-placed seed strokes over a hand-drawn land/sea mask,
// never letting two territories touch unless the file declares them
// neighbours, and writes the result as the [grid] rows of the file.
//
// Usage (from the module root):
//
//	go run ./maps/internal/mapgen [-map maps/standard.toml] [-png /tmp/board.png]
//
// The drawing (grid size, coastlines, lakes, seed strokes, port blocks,
// corner junctions) is data: drawings/ID.toml next to this file, one per
// map; the code knows no map's ids or size. A river's blocked borders (the
// map file's [[river]] borders) may touch though they are not neighbours;
// roads have no cells. The generator is deterministic. It reports every
// cell it could not fill, every declared neighbour pair whose shapes do
// not touch and every river border that does not; iterate on the drawing
// until the report is empty.
package main

import (
	"bytes"
	"container/heap"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/BurntSushi/toml"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

type terr struct {
	ID        string   `toml:"id"`
	Code      string   `toml:"code"`
	Kind      string   `toml:"kind"`
	Neighbors []string `toml:"neighbors"`
}

type file struct {
	Territory []terr `toml:"territory"`
	River     []struct {
		Borders [][2]string `toml:"borders"`
	} `toml:"river"`
}

func main() {
	mapPath := flag.String("map", "maps/standard.toml", "map file whose [grid] to rewrite")
	drawPath := flag.String("drawing", "", "drawing data (default maps/internal/mapgen/drawings/ + the map file's name)")
	pngPath := flag.String("png", "", "also write a preview image here")
	dry := flag.Bool("n", false, "report only; do not rewrite the map file")
	smooth := flag.String("smooth", "", "write a preview of the map file's smoothed outlines here (no generation)")
	flag.Parse()
	if *smooth != "" {
		if err := writeSmoothPNG(*mapPath, *smooth); err != nil {
			fmt.Fprintln(os.Stderr, "mapgen:", err)
			os.Exit(1)
		}
		return
	}
	if *drawPath == "" {
		*drawPath = filepath.Join("maps", "internal", "mapgen", "drawings", filepath.Base(*mapPath))
	}
	if err := run(*mapPath, *drawPath, *pngPath, *dry); err != nil {
		fmt.Fprintln(os.Stderr, "mapgen:", err)
		os.Exit(1)
	}
}

func run(mapPath, drawPath, pngPath string, dry bool) error {
	data, err := os.ReadFile(mapPath)
	if err != nil {
		return err
	}
	d, err := readDrawing(drawPath)
	if err != nil {
		return err
	}
	out, problems, err := generate(data, d, pngPath)
	if err != nil {
		return err
	}
	if !dry {
		if err := os.WriteFile(mapPath, out, 0o644); err != nil {
			return err
		}
	}
	if problems > 0 {
		return fmt.Errorf("%d problems", problems)
	}
	return nil
}

// generate draws the map file data from the drawing d and returns the file
// with its [grid] section replaced, and the number of problems reported.
func generate(data []byte, d *drawing, pngPath string) ([]byte, int, error) {
	var f file
	if _, err := toml.Decode(string(data), &f); err != nil {
		return nil, 0, err
	}
	g, err := newGen(f.Territory, d)
	if err != nil {
		return nil, 0, err
	}
	// A river's borders must touch though they are not adjacent.
	for _, r := range f.River {
		for _, b := range r.Borders {
			i, iok := g.idx[b[0]]
			j, jok := g.idx[b[1]]
			if !iok || !jok {
				return nil, 0, fmt.Errorf("river border %s / %s: unknown territory", b[0], b[1])
			}
			g.blocked[[2]int{min(i, j), max(i, j)}] = true
		}
	}
	g.grow()
	problems := g.report()
	if pngPath != "" {
		if err := g.writePNG(pngPath); err != nil {
			return nil, 0, err
		}
	}
	return replaceGrid(data, g.rows(), g.W, g.H), problems, nil
}

const (
	none = -1 // not yet assigned
	off  = -2 // off-board (lake)
)

type gen struct {
	W, H    int
	blocked map[[2]int]bool // river borders: may touch, not adjacent
	ts      []terr
	idx     map[string]int
	adj     [][]bool
	land    []bool // mask
	cells   []int
	cost    []float64
	fixed   []bool
}

func newGen(ts []terr, d *drawing) (*gen, error) {
	W, H := d.Width, d.Height
	g := &gen{W: W, H: H, ts: ts, idx: map[string]int{}, blocked: map[[2]int]bool{}}
	var landPolys, lakes [][]pt
	var rough []bool
	for _, s := range d.Land {
		poly, err := s.poly()
		if err != nil {
			return nil, fmt.Errorf("drawing: land: %v", err)
		}
		landPolys = append(landPolys, poly)
		rough = append(rough, s.Rough)
	}
	for _, s := range d.Lake {
		poly, err := s.poly()
		if err != nil {
			return nil, fmt.Errorf("drawing: lake: %v", err)
		}
		lakes = append(lakes, poly)
	}
	for i, t := range ts {
		g.idx[t.ID] = i
	}
	g.adj = make([][]bool, len(ts))
	for i := range g.adj {
		g.adj[i] = make([]bool, len(ts))
	}
	for i, t := range ts {
		for _, n := range t.Neighbors {
			j, ok := g.idx[n]
			if !ok {
				return nil, fmt.Errorf("%s: unknown neighbour %s", t.ID, n)
			}
			g.adj[i][j], g.adj[j][i] = true, true
		}
	}
	g.land = make([]bool, W*H)
	g.cells = make([]int, W*H)
	g.cost = make([]float64, W*H)
	g.fixed = make([]bool, W*H)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			c := y*W + x
			g.cells[c] = none
			g.cost[c] = math.Inf(1)
			p := [2]float64{float64(x) + .5, float64(y) + .5}
			// The mainland's coast is roughened by displacing the sample
			// point with smooth noise; the small islands keep their outline.
			// Near ports the coast stays as drawn, so the port sits on it.
			r := d.CoastRough
			for _, pb := range d.Port {
				b := pb.Rect
				dx := math.Max(math.Max(float64(b[0])-p[0], p[0]-float64(b[0]+b[2])), 0)
				dy := math.Max(math.Max(float64(b[1])-p[1], p[1]-float64(b[1]+b[3])), 0)
				r *= math.Min(1, math.Max(0, (math.Hypot(dx, dy)-1.5)/4))
			}
			q := [2]float64{p[0] + r*(noise(p[0]/3, p[1]/3+20)-.5), p[1] + r*(noise(p[0]/3+40, p[1]/3)-.5)}
			for k, poly := range landPolys {
				if rough[k] && inPoly(q, poly) || !rough[k] && inPoly(p, poly) {
					g.land[c] = true
				}
			}
			for _, poly := range lakes {
				if inPoly(p, poly) {
					g.cells[c] = off
					g.fixed[c] = true
				}
			}
		}
	}
	// Ports and corner junctions first: they are fixed.
	hasPort := map[string]bool{}
	for _, pb := range d.Port {
		id, r := pb.ID, pb.Rect
		i, ok := g.idx[id]
		if !ok {
			return nil, fmt.Errorf("drawing: unknown port %s", id)
		}
		hasPort[id] = true
		for y := r[1]; y < r[1]+r[3]; y++ {
			for x := r[0]; x < r[0]+r[2]; x++ {
				g.set(x, y, i, true)
			}
		}
	}
	for _, j := range d.Corner {
		for k, id := range j.IDs {
			i, ok := g.idx[id]
			if !ok {
				return nil, fmt.Errorf("drawing: unknown corner territory %s", id)
			}
			g.set(j.At[0]+k%2, j.At[1]+k/2, i, true)
		}
	}
	hasStrokes := map[string]bool{}
	for _, st := range d.Strokes {
		id := st.ID
		i, ok := g.idx[id]
		if !ok {
			return nil, fmt.Errorf("drawing: unknown territory %s", id)
		}
		hasStrokes[id] = true
		for _, line := range st.Lines {
			for k := 0; k < len(line); k++ {
				a := line[k]
				b := a
				if k+1 < len(line) {
					b = line[k+1]
				}
				n := int(math.Max(math.Abs(b[0]-a[0]), math.Abs(b[1]-a[1]))*2) + 1
				for s := 0; s <= n; s++ {
					t := float64(s) / float64(n)
					x := int(a[0] + (b[0]-a[0])*t)
					y := int(a[1] + (b[1]-a[1])*t)
					if x >= 0 && y >= 0 && x < W && y < H && g.cells[y*W+x] == none {
						g.set(x, y, i, false)
					}
				}
			}
		}
	}
	for _, t := range ts {
		if !hasStrokes[t.ID] && !hasPort[t.ID] && t.Kind != "road" {
			return nil, fmt.Errorf("drawing: no strokes for %s", t.ID)
		}
	}
	return g, nil
}

func (g *gen) set(x, y, i int, fixed bool) {
	W := g.W
	c := y*W + x
	g.cells[c] = i
	g.cost[c] = 0
	g.fixed[c] = fixed
}

// noise is smooth deterministic value noise in [0,1).
func noise(x, y float64) float64 {
	h := func(ix, iy int) float64 {
		n := uint32(ix*374761393 + iy*668265263)
		n = (n ^ (n >> 13)) * 1274126177
		n ^= n >> 16
		return float64(n%10000) / 10000
	}
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	fx = fx * fx * (3 - 2*fx)
	fy = fy * fy * (3 - 2*fy)
	ix, iy := int(x0), int(y0)
	a := h(ix, iy) + (h(ix+1, iy)-h(ix, iy))*fx
	b := h(ix, iy+1) + (h(ix+1, iy+1)-h(ix, iy+1))*fx
	return a + (b-a)*fy
}

func (g *gen) stepCost(x, y int) float64 {
	fx, fy := float64(x), float64(y)
	return 1 + 1.2*noise(fx/4, fy/4) + 0.6*noise(fx/1.7+50, fy/1.7+50)
}

type item struct {
	c    int
	t    int
	cost float64
	seq  int
}

type pq []item

func (q pq) Len() int { return len(q) }
func (q pq) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	return q[i].seq < q[j].seq
}
func (q pq) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)   { *q = append(*q, x.(item)) }
func (q *pq) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// allowed reports whether territory t may take cell c without touching a
// non-neighbour.
func (g *gen) allowed(c, t int) bool {
	W, H := g.W, g.H
	x, y := c%W, c/W
	for _, d := range dirs {
		nx, ny := x+d[0], y+d[1]
		if nx < 0 || ny < 0 || nx >= W || ny >= H {
			continue
		}
		u := g.cells[ny*W+nx]
		if u >= 0 && u != t && !g.adj[t][u] && !g.blocked[[2]int{min(t, u), max(t, u)}] {
			return false
		}
	}
	return true
}

func (g *gen) kindOK(c, t int, strict bool) bool {
	switch g.ts[t].Kind {
	case "port":
		return false
	case "land":
		return !strict || g.land[c]
	default:
		return !strict || !g.land[c]
	}
}

func (g *gen) grow() {
	W, H := g.W, g.H
	for _, strict := range []bool{true, false} {
		q := &pq{}
		seq := 0
		for c, t := range g.cells {
			if t >= 0 && g.ts[t].Kind != "port" {
				heap.Push(q, item{c, t, g.cost[c], seq})
				seq++
			}
		}
		for q.Len() > 0 {
			it := heap.Pop(q).(item)
			if g.cells[it.c] != it.t {
				continue
			}
			x, y := it.c%W, it.c/W
			for _, d := range dirs {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || ny < 0 || nx >= W || ny >= H {
					continue
				}
				n := ny*W + nx
				if g.cells[n] != none || !g.kindOK(n, it.t, strict) || !g.allowed(n, it.t) {
					continue
				}
				g.cells[n] = it.t
				g.cost[n] = it.cost + g.stepCost(nx, ny)
				heap.Push(q, item{n, it.t, g.cost[n], seq})
				seq++
			}
		}
	}
}

func (g *gen) report() int {
	W, H := g.W, g.H
	problems := 0
	var gaps []string
	for c, t := range g.cells {
		if t == none {
			gaps = append(gaps, fmt.Sprintf("(%d,%d)", c%W, c/W))
		}
	}
	if len(gaps) > 0 {
		problems += len(gaps)
		fmt.Printf("%d unfilled cells: %s\n", len(gaps), strings.Join(gaps, " "))
	}
	touch := map[[2]int]bool{}
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			a := g.cells[y*W+x]
			for _, d := range [][2]int{{1, 0}, {0, 1}} {
				nx, ny := x+d[0], y+d[1]
				if nx >= W || ny >= H {
					continue
				}
				b := g.cells[ny*W+nx]
				if a >= 0 && b >= 0 && a != b {
					touch[[2]int{min(a, b), max(a, b)}] = true
				}
			}
		}
	}
	for i := range g.ts {
		for j := i + 1; j < len(g.ts); j++ {
			if g.ts[i].Kind == "road" || g.ts[j].Kind == "road" {
				continue // a road is drawn by its path
			}
			if g.blocked[[2]int{i, j}] && touch[[2]int{i, j}] {
				continue // a river border: touching, not adjacent
			}
			if g.blocked[[2]int{i, j}] {
				problems++
				fmt.Printf("river border missing: %s - %s\n", g.ts[i].ID, g.ts[j].ID)
				continue
			}
			if g.adj[i][j] && !touch[[2]int{i, j}] {
				problems++
				fmt.Printf("missing: %s - %s\n", g.ts[i].ID, g.ts[j].ID)
			}
			if !g.adj[i][j] && touch[[2]int{i, j}] {
				problems++
				fmt.Printf("extra: %s - %s\n", g.ts[i].ID, g.ts[j].ID)
			}
		}
	}
	// Connectedness and size.
	for t := range g.ts {
		if g.ts[t].Kind == "road" {
			continue
		}
		start, n := -1, 0
		for c, u := range g.cells {
			if u == t {
				n++
				if start < 0 {
					start = c
				}
			}
		}
		if n == 0 {
			problems++
			fmt.Printf("empty: %s\n", g.ts[t].ID)
			continue
		}
		seen := map[int]bool{start: true}
		stack := []int{start}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := c%W, c/W
			for _, d := range dirs {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || ny < 0 || nx >= W || ny >= H {
					continue
				}
				m := ny*W + nx
				if g.cells[m] == t && !seen[m] {
					seen[m] = true
					stack = append(stack, m)
				}
			}
		}
		if len(seen) != n {
			problems++
			fmt.Printf("split: %s (%d of %d cells connected)\n", g.ts[t].ID, len(seen), n)
		}
	}
	return problems
}

func (g *gen) rows() []string {
	W, H := g.W, g.H
	out := make([]string, H)
	for y := 0; y < H; y++ {
		var b strings.Builder
		for x := 0; x < W; x++ {
			t := g.cells[y*W+x]
			if t < 0 {
				b.WriteString("..")
			} else {
				b.WriteString(g.ts[t].Code)
			}
		}
		out[y] = b.String()
	}
	return out
}

// replaceGrid replaces everything from the "[grid]" line to the end of the
// file with a freshly generated grid section.
func replaceGrid(data []byte, rows []string, W, H int) []byte {
	head := data
	if i := bytes.Index(data, []byte("\n[grid]")); i >= 0 {
		head = data[:i+1]
	} else if !bytes.HasSuffix(head, []byte("\n")) {
		head = append(head, '\n')
	}
	var b bytes.Buffer
	b.Write(head)
	fmt.Fprintf(&b, "[grid]\n# Written by go run ./maps/internal/mapgen; do not edit by hand.\n")
	fmt.Fprintf(&b, "width = %d\nheight = %d\nrows = \"\"\"\n", W, H)
	for _, r := range rows {
		b.WriteString(r)
		b.WriteByte('\n')
	}
	b.WriteString("\"\"\"\n")
	return b.Bytes()
}

func (g *gen) writePNG(path string) error {
	W, H := g.W, g.H
	const s = 8
	img := image.NewRGBA(image.Rect(0, 0, W*s, H*s))
	col := func(t int) color.RGBA {
		switch {
		case t == off:
			return color.RGBA{90, 120, 200, 255}
		case t < 0:
			return color.RGBA{255, 0, 255, 255}
		}
		h := uint32(t*2654435761) >> 8
		switch g.ts[t].Kind {
		case "sea":
			return color.RGBA{uint8(40 + h%40), uint8(80 + (h>>8)%60), uint8(150 + (h>>16)%90), 255}
		case "port":
			return color.RGBA{250, 250, 80, 255}
		}
		return color.RGBA{uint8(120 + h%120), uint8(110 + (h>>8)%100), uint8(60 + (h>>16)%60), 255}
	}
	for y := 0; y < H*s; y++ {
		for x := 0; x < W*s; x++ {
			cx, cy := x/s, y/s
			t := g.cells[cy*W+cx]
			c := col(t)
			// borders
			if (x%s == 0 && cx > 0 && g.cells[cy*W+cx-1] != t) || (y%s == 0 && cy > 0 && g.cells[(cy-1)*W+cx] != t) {
				c = color.RGBA{0, 0, 0, 255}
			}
			img.Set(x, y, c)
		}
	}
	// Codes at each territory's mean cell.
	sx, sy, n := make([]int, len(g.ts)), make([]int, len(g.ts)), make([]int, len(g.ts))
	for c, t := range g.cells {
		if t >= 0 {
			sx[t] += c % W
			sy[t] += c / W
			n[t]++
		}
	}
	d := font.Drawer{Dst: img, Src: image.NewUniform(color.Black), Face: basicfont.Face7x13}
	for t := range g.ts {
		if n[t] > 0 {
			d.Dot = fixed.P(sx[t]*s/n[t]-5, sy[t]*s/n[t]+4)
			d.DrawString(g.ts[t].Code)
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, img)
}

func inPoly(p [2]float64, poly [][2]float64) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}
