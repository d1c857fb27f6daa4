package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/ui"
)

// markBoard draws one board of a game some way in, with and without
// marks, and reads the pixels back.
type markBoard struct {
	m  *board.Map
	pv rules.View
	p  *Painter
	v  *boardView
	w  int
	h  int
}

// newMarkBoard is map name's board after 120 actions of a seeded game of
// players, drawn fitted in a w×h viewport.
func newMarkBoard(t *testing.T, name string, players, w, h int) *markBoard {
	t.Helper()
	e, err := tabletest.RulesGame(name, []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}[:players], 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 120 && !e.Over(); i++ {
		l := e.Legal()
		if _, err := e.Apply(l[(i*7)%len(l)]); err != nil {
			t.Fatal(err)
		}
	}
	v := newBoardView(ui.NewCamera(e.Map()))
	v.SetViewport(ui.Rect{W: float64(w), H: float64(h)})
	return &markBoard{m: e.Map(), pv: e.View(rules.Public), p: newPainter(t), v: v, w: w, h: h}
}

// draw draws the board with marks and reads it back.
func (b *markBoard) draw(marks []ui.Mark) *image.RGBA {
	img := ebiten.NewImage(b.w, b.h)
	defer img.Deallocate()
	b.v.Draw(img, ui.Scaler{S: 1}, b.p, &b.pv, nil, -1, marks)
	return rendertest.Snapshot(img)
}

// tokenRects are the screen rectangles of the tokens (flags aside) drawn
// in territory t.
func (b *markBoard) tokenRects(t board.TerrID) []image.Rectangle {
	tr := b.v.screen(ui.Scaler{S: 1})
	var out []image.Rectangle
	for _, tk := range b.v.plan.Tokens {
		if tk.Terr == int(t) && !tk.Flag {
			r := tk.R
			r.X += tr.X
			r.Y += tr.Y
			out = append(out, imageRect(r).Inset(2))
		}
	}
	return out
}

// nameRects are the screen rectangles of the names drawn.
func (b *markBoard) nameRects() []image.Rectangle {
	tr := b.v.screen(ui.Scaler{S: 1})
	var out []image.Rectangle
	for _, l := range b.v.plan.Labels {
		r := l.R
		r.X += tr.X
		r.Y += tr.Y
		out = append(out, imageRect(r))
	}
	return out
}

// pairOver is two adjacent territories of one ground (sea: seas; else
// land), the second holding tokens and the first holding none, as far from
// each other as such pairs go (the longest arrow shows the most).
func (b *markBoard) pairOver(sea bool) (board.TerrID, board.TerrID, bool) {
	sh := b.v.Shapes()
	var best [2]board.TerrID
	bestD := -1.0
	for a, ta := range b.m.Territories {
		if (ta.Kind == board.Sea) != sea || len(sh.Loops[a]) == 0 || (!sea && ta.Kind != board.Land) {
			continue
		}
		for _, z := range ta.Neighbors {
			tz := b.m.Territories[z]
			if (tz.Kind == board.Sea) != sea || (!sea && tz.Kind != board.Land) || len(b.tokenRects(z)) == 0 || len(b.tokenRects(board.TerrID(a))) > 0 {
				continue
			}
			pa, pz := sh.Pole[a], sh.Pole[z]
			if d := (pa.X-pz.X)*(pa.X-pz.X) + (pa.Y-pz.Y)*(pa.Y-pz.Y); d > bestD {
				best, bestD = [2]board.TerrID{board.TerrID(a), z}, d
			}
		}
	}
	return best[0], best[1], bestD > 0
}

// markEdgeContrast checks the mark drawn in img over base (the same board
// without it): the mark is every pixel it changed; its outer edge is each
// of those next to one it left alone. Each edge pixel passes when a mark
// pixel within 3 pixels of it (the outline, or the fill inside a thin
// outline's soft edge) contrasts 3:1 with what lay there before the mark.
// Edge pixels in names (drawn over the marks, their soft letters blending
// with it) are left out. It returns the share of the edge that fails and
// the edge's length.
func markEdgeContrast(img, base *image.RGBA, names []image.Rectangle) (float64, int) {
	bd := img.Bounds()
	changed := func(x, y int) bool {
		if !(image.Point{x, y}).In(bd) {
			return false
		}
		i := img.PixOffset(x, y)
		d := 0
		for c := 0; c < 3; c++ {
			v := int(img.Pix[i+c]) - int(base.Pix[i+c])
			d = max(d, v, -v)
		}
		return d > 24
	}
	at := func(im *image.RGBA, x, y int) color.RGBA {
		i := im.PixOffset(x, y)
		return color.RGBA{im.Pix[i], im.Pix[i+1], im.Pix[i+2], 255}
	}
	edge, bad := 0, 0
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if !changed(x, y) || changed(x-1, y) && changed(x+1, y) && changed(x, y-1) && changed(x, y+1) {
				continue
			}
			inName := false
			for _, r := range names {
				inName = inName || (image.Point{x, y}).In(r)
			}
			if inName {
				continue
			}
			edge++
			ok := false
			for dy := -3; dy <= 3 && !ok; dy++ {
				for dx := -3; dx <= 3 && !ok; dx++ {
					if changed(x+dx, y+dy) && ui.Contrast(at(img, x+dx, y+dy), at(base, x+dx, y+dy)) >= 3 {
						ok = true
					}
				}
			}
			if !ok {
				bad++
			}
		}
	}
	if edge == 0 {
		return 1, 0
	}
	return float64(bad) / float64(edge), edge
}

// TestMarksStandOut draws every kind of mark of ui/marks.go — a move
// arrow over sea and one over land, an attack arrow, a promotion's ring
// and a muster's pulse — in every house's colour of both maps, one at a
// time, and reads the pixels: each mark's outer edge contrasts 3:1
// (WCAG) with what it is drawn on, nearly all along it (a few pixels
// where a name's soft edge crosses it aside); and an arrow's head shows
// on the tokens at its destination (drawn on top of them).
func TestMarksStandOut(t *testing.T) {
	needDisplay(t)
	for _, mc := range []struct {
		name    string
		players int
	}{{"standard", 4}, {"nine", 9}} {
		worst, worstAt := 0.0, "" // to see how near the bound it passes
		b := newMarkBoard(t, mc.name, mc.players, 900, 900)
		base := b.draw(nil)
		seaA, seaZ, okSea := b.pairOver(true)
		landA, landZ, okLand := b.pairOver(false)
		if !okSea || !okLand {
			t.Fatalf("%s: no pair of territories to draw arrows between", mc.name)
		}
		for h := range b.m.Houses {
			hid := board.HouseID(h)
			for _, k := range []struct {
				what string
				mark ui.Mark
			}{
				{"arrow over sea", ui.Mark{Kind: ui.MarkArrow, From: seaA, To: seaZ, House: hid}},
				{"arrow over land", ui.Mark{Kind: ui.MarkArrow, From: landA, To: landZ, House: hid}},
				{"attack arrow", ui.Mark{Kind: ui.MarkArrow, From: landA, To: landZ, House: hid, Attack: true}},
				{"promotion ring on land", ui.Mark{Kind: ui.MarkRing, From: landZ, To: landZ, House: hid}},
				{"promotion ring at sea", ui.Mark{Kind: ui.MarkRing, From: seaZ, To: seaZ, House: hid}},
				{"muster pulse", ui.Mark{Kind: ui.MarkPulse, From: landZ, To: landZ, House: hid}},
			} {
				where := fmt.Sprintf("%s: %s's %s (%s to %s)", mc.name, b.m.Houses[h].ID, k.what,
					b.m.Territories[k.mark.From].Name, b.m.Territories[k.mark.To].Name)
				img := b.draw([]ui.Mark{k.mark})
				bad, n := markEdgeContrast(img, base, b.nameRects())
				if n < 20 || bad > 0.04 {
					t.Errorf("%s: %.0f%% of its edge (%d pixels) below 3:1 against the board", where, bad*100, n)
				}
				if bad > worst {
					worst, worstAt = bad, where
				}
				if k.mark.Kind != ui.MarkArrow {
					continue
				}
				// The head on the destination's tokens: some of the
				// tokens' pixels changed by it.
				shown := 0
				for _, r := range b.tokenRects(k.mark.To) {
					for y := r.Min.Y; y < r.Max.Y; y++ {
						for x := r.Min.X; x < r.Max.X; x++ {
							i := img.PixOffset(x, y)
							for c := 0; c < 3; c++ {
								if d := int(img.Pix[i+c]) - int(base.Pix[i+c]); d > 40 || d < -40 {
									shown++
									break
								}
							}
						}
					}
				}
				if shown < 8 {
					t.Errorf("%s: the arrowhead does not show on the tokens at its destination (%d pixels)", where, shown)
				}
			}
		}
		t.Logf("%s: the most of an edge below 3:1: %.1f%% (%s)", mc.name, worst*100, worstAt)
	}
}

// shotMarks are marks that fit view pv of map m, to look at: Greyjoy's
// ships moved into a sea they hold, another house's move by land, a
// promotion where a knight stands and a muster: what a seat sees when its
// curtain lifts.
func shotMarks(m *board.Map, pv *rules.View) ([]ui.Mark, bool) {
	held := map[board.TerrID]bool{}
	for _, g := range pv.Groups {
		held[g.Territory] = true
	}
	sh := ui.NewCamera(m).Shapes()
	// from is the nearest neighbour of t of the same ground that holds no
	// tokens.
	from := func(t board.TerrID) (board.TerrID, bool) {
		sea := m.Territories[t].Kind == board.Sea
		best, bestD := board.TerrID(0), math.Inf(1)
		for _, n := range m.Territories[t].Neighbors {
			if k := m.Territories[n].Kind; (k == board.Sea) == sea && k != board.Port && !held[n] {
				if d := math.Hypot(sh.Pole[n].X-sh.Pole[t].X, sh.Pole[n].Y-sh.Pole[t].Y); d < bestD {
					best, bestD = n, d
				}
			}
		}
		return best, !math.IsInf(bestD, 1)
	}
	var out []ui.Mark
	var greyjoy, land, ring, pulse bool
	for _, g := range pv.Groups {
		kind := m.Territories[g.Territory].Kind
		switch {
		case !greyjoy && kind == board.Sea && m.Houses[g.House].ID == "greyjoy":
			if f, ok := from(g.Territory); ok {
				out = append(out, ui.Mark{Kind: ui.MarkArrow, From: f, To: g.Territory, House: g.House})
				greyjoy = true
			}
		case !ring && kind == board.Land && g.Units[board.Knight] > 0:
			out = append(out, ui.Mark{Kind: ui.MarkRing, From: g.Territory, To: g.Territory, House: g.House})
			ring = true
		case !land && kind == board.Land && m.Houses[g.House].ID != "greyjoy":
			if f, ok := from(g.Territory); ok {
				out = append(out, ui.Mark{Kind: ui.MarkArrow, From: f, To: g.Territory, House: g.House})
				land = true
			}
		case !pulse && kind == board.Land:
			out = append(out, ui.Mark{Kind: ui.MarkPulse, From: g.Territory, To: g.Territory, House: g.House})
			pulse = true
		}
	}
	return out, greyjoy && ring
}

// TestShotsOfMarks draws, to look at (NTK_SHOTS=DIR keeps them as
// marks-MAP-WIDTH.png, cropped to the board), real tables of both maps at
// 1280×720 and 1920×1080 with the marks a seat sees when its curtain
// lifts: Greyjoy's arrow over the sea, another move, a promotion's ring.
func TestShotsOfMarks(t *testing.T) {
	if os.Getenv("NTK_SHOTS") == "" {
		t.Skip("NTK_SHOTS unset: nothing to look at")
	}
	needDisplay(t)
	for _, mc := range []struct {
		name    string
		players int
	}{{"standard", 4}, {"nine", 9}} {
		var f Frame
		found := false
		for seed := uint64(1); seed < 40 && !found; seed++ {
			e, err := tabletest.RulesGame(mc.name, []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}[:mc.players], seed)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 160 && !e.Over(); i++ {
				l := e.Legal()
				if _, err := e.Apply(l[(i*7)%len(l)]); err != nil {
					t.Fatal(err)
				}
			}
			f = tableFrame(tableOf(rules.HotSeat(e)))
			f.Board.Marks, found = shotMarks(e.Map(), f.Board.Public)
		}
		if !found {
			t.Fatalf("%s: no position with Greyjoy at sea and a knight", mc.name)
		}
		for _, sz := range [][2]int{{1280, 720}, {1920, 1080}} {
			img := drawFrame(newPainter(t), f, sz[0], sz[1])
			b := ui.NewScalerFor(sz[0], sz[1], ui.Canvas(false)).Rect(f.Board.Camera.Viewport())
			crop := image.NewRGBA(imageRect(b).Sub(imageRect(b).Min))
			draw.Draw(crop, crop.Bounds(), img, imageRect(b).Min, draw.Src)
			rendertest.SaveShot(t, fmt.Sprintf("marks-%s-%d", mc.name, sz[0]), crop)
		}
	}
}

// BenchmarkDrawTableMarks is BenchmarkDrawTable's repaint with marks on
// the board (BenchmarkDrawTable's table has none): Greyjoy's ships moved,
// another move, a promotion and a muster (shotMarks), drawn every frame.
func BenchmarkDrawTableMarks(b *testing.B) {
	if !haveDisplay() {
		b.Skip("no display")
	}
	e, err := tabletest.RulesGame("standard", []string{"Alice", "Bob", "Carol", "Dave"}, 3)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 120 && !e.Over(); i++ {
		l := e.Legal()
		if _, err := e.Apply(l[(i*7)%len(l)]); err != nil {
			b.Fatal(err)
		}
	}
	p, u := newPainter(b), tableOf(rules.HotSeat(e))
	f := tableFrame(u)
	f.Board.Marks, _ = shotMarks(e.Map(), f.Board.Public)
	if len(f.Board.Marks) < 3 {
		b.Fatalf("only %d marks", len(f.Board.Marks))
	}
	img := ebiten.NewImage(1920, 1080)
	defer img.Deallocate()
	p.DrawScene(img, &f, -1)
	rendertest.Snapshot(img)
	defer lockDrawThread()()
	b.ResetTimer()
	var draw time.Duration
	for i := 0; i < b.N; i++ {
		t0 := drawTime()
		p.DrawScene(img, &f, -1)
		draw += drawTime() - t0
		b.StopTimer()
		img.At(0, 0) // the frame's end
		b.StartTimer()
	}
	b.StopTimer()
	b.ReportMetric(float64(draw)/float64(time.Millisecond)/float64(b.N), "draw-cpu-ms/op")
}
