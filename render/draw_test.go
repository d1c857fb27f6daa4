package render

import (
	"bytes"
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// tableOf is a table on game e, shown to the seat to act (the curtain
// lifted).
func tableOf(e table.Game) *table.Table {
	u := table.New(e, table.Options{Seed: 1})
	u.Reveal(e.ToAct())
	return u
}

func TestDrawTableTintsControlledLand(t *testing.T) {
	needDisplay(t)
	m := tabletest.Map()
	f := tabletest.New(m)
	u := tableOf(f)
	img := drawTable(t, u, ui.BaseW, ui.BaseH)
	rendertest.SaveShot(t, "table-fake", img)
	l := table.NewLayout(m.Grid.W, m.Grid.H, 2, 0)
	g := ui.FitBoard(m.Grid.W, m.Grid.H, l.Board)
	stark := ui.RGBA(m.Houses[0].Color)
	lann := ui.RGBA(m.Houses[1].Color)
	// A pixel deep inside Winterfell (cell 1,6) and Karhold (cell 8,0).
	probe := func(cx, cy float64) color.RGBA {
		x, y := g.FromGrid(cx, cy)
		return img.RGBAAt(int(x), int(y))
	}
	near := func(c, want color.RGBA) bool {
		d := func(a, b uint8) int {
			if a > b {
				return int(a - b)
			}
			return int(b - a)
		}
		return d(c.R, want.R)+d(c.G, want.G)+d(c.B, want.B) < 40
	}
	if c := probe(0.5, 6.5); !near(c, landColor(&stark)) {
		t.Errorf("Winterfell pixel %v, want Stark's tint %v", c, landColor(&stark))
	}
	if c := probe(8.5, 0.5); !near(c, landColor(&lann)) {
		t.Errorf("Karhold pixel %v, want Lannister's tint %v", c, landColor(&lann))
	}
	// Control changes → the picture follows.
	pub := f.Views[rules.Public]
	pub.Control = []board.HouseID{1, 1, board.NoHouse, board.NoHouse} // Lannister holds Winterfell and Karhold
	f.Views[rules.Public] = pub
	u.Refresh()
	img = drawTable(t, u, ui.BaseW, ui.BaseH)
	if c := probe(0.5, 6.5); !near(c, landColor(&lann)) {
		t.Errorf("after the change, Winterfell pixel %v, want Lannister's tint", c)
	}
}

func TestDrawScalesWithWindow(t *testing.T) {
	needDisplay(t)
	u := tableOf(tabletest.New(tabletest.Map()))
	for _, sz := range [][2]int{{1280, 720}, {1920, 1080}} {
		img := drawTable(t, u, sz[0], sz[1])
		sc := ui.NewScaler(sz[0], sz[1])
		// The top bar spans the width at any size.
		x, y := sc.ToScreen(ui.BaseW-4, 20)
		if c := img.RGBAAt(int(x), int(y)); c != ui.ColPanelHi {
			t.Errorf("%v: top bar pixel %v, want %v", sz, c, ui.ColPanelHi)
		}
	}
}

// TestDrawingIsDeterministic: the painter is a function of the frame it is
// given. The same frame drawn twice by one painter gives the same pixels,
// and by another painter the same picture (SamePicture: but for
// rounding, as software GL rounds) — the public table mid-game, and a
// seat's. The secrecy tests compare the frames of games that differ only
// in secrets at every action and their pixels at some: equal frames must
// draw equal pictures.
func TestDrawingIsDeterministic(t *testing.T) {
	needDisplay(t)
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, g, g, 60)
	const w, h = 640, 360
	a, b := newPainter(t), newPainter(t)
	dst := ebiten.NewImage(w, h)
	defer dst.Deallocate()
	draw := func(p *Painter, f Frame) []byte {
		p.DrawScene(dst, &f, -1)
		buf := make([]byte, 4*w*h)
		dst.ReadPixels(buf)
		return buf
	}
	public := table.New(rules.HotSeat(g), table.Options{Seed: 3})
	for _, u := range []*table.Table{public, tableOf(rules.HotSeat(g))} {
		f := tableFrame(u)
		first := draw(a, f)
		if again := draw(a, tableFrame(u)); !bytes.Equal(again, first) {
			t.Errorf("seat %d: one painter drew the same frame twice differently", u.Shown())
		}
		if err := rendertest.SamePicture(draw(b, f), first); err != nil {
			t.Errorf("seat %d: two painters drew the same frame differently: %v", u.Shown(), err)
		}
	}
	// The comparison can fail: the seat's table is another picture.
	if rendertest.SamePicture(draw(a, tableFrame(public)), draw(a, tableFrame(tableOf(rules.HotSeat(g))))) == nil {
		t.Error("the public table and a seat's table draw the same picture")
	}
}
