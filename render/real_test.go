package render

import (
	"math"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// interiorCells lists the centres of the cells of territory t whose 5×5
// neighbourhood is all t.
func interiorCells(m *board.Map, t int) [][2]float64 {
	g := &m.Grid
	var out [][2]float64
	for y := 2; y < g.H-2; y++ {
		for x := 2; x < g.W-2; x++ {
			ok := true
			for dy := -2; dy <= 2 && ok; dy++ {
				for dx := -2; dx <= 2 && ok; dx++ {
					ok = g.At(x+dx, y+dy) == t
				}
			}
			if ok {
				out = append(out, [2]float64{float64(x) + 0.5, float64(y) + 0.5})
			}
		}
	}
	return out
}

func TestDrawStandardTable(t *testing.T) {
	needDisplay(t)
	e, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	tabletest.PlaySome(t, e, e, 3+4) // three arrangements, four placements
	u := tableOf(rules.HotSeat(e))
	p := newPainter(t)
	f := tableFrame(u)
	img := drawFrame(p, f, ui.BaseW, ui.BaseH)
	rendertest.SaveShot(t, "table-standard", img)
	m := e.Map()
	v := e.View(rules.Public)
	l := table.NewLayout(m.Grid.W, m.Grid.H, 3, 0)
	g := ui.FitBoard(m.Grid.W, m.Grid.H, l.Board)
	checked, matched, total := 0, 0, 0
	// covered reports whether a token or a name is drawn over (x, y).
	sc := ui.NewScaler(ui.BaseW, ui.BaseH)
	tf := p.board.screen(sc)
	pl := p.board.overlay(sc, p, tf, &v)
	covered := func(x, y float64) bool {
		x, y = x-tf.X, y-tf.Y
		for _, tk := range pl.Tokens {
			if tk.R.Inset(-2).Contains(x, y) {
				return true
			}
		}
		for _, l := range pl.Labels {
			if l.R.Inset(-2).Contains(x, y) {
				return true
			}
		}
		return false
	}
	for ti, tr := range m.Territories {
		hid := v.Controller(board.TerrID(ti))
		if hid < 0 || tr.Kind != board.Land {
			continue
		}
		cells := interiorCells(m, ti)
		if len(cells) == 0 {
			continue
		}
		hc := ui.HouseColor(m, hid)
		want := landColor(&hc)
		match := 0
		var seen [][2]float64
		for _, c := range cells {
			x, y := g.FromGrid(c[0], c[1])
			if covered(x, y) {
				continue // a token or a name sits there
			}
			seen = append(seen, c)
			p := img.RGBAAt(int(x), int(y))
			d := math.Abs(float64(p.R)-float64(want.R)) + math.Abs(float64(p.G)-float64(want.G)) + math.Abs(float64(p.B)-float64(want.B))
			if d <= 40 {
				match++
			}
		}
		// The cells no token or name covers show the tint.
		cells = seen
		need := 3
		if len(cells) < 8 {
			need = min(1, len(cells))
		}
		if match < need {
			t.Errorf("%s (held by %s): %d of %d interior pixels have the tint %v", tr.Name, m.Houses[hid].ID, match, len(cells), want)
		}
		matched += match
		total += len(cells)
		checked++
	}
	if matched*2 < total {
		t.Errorf("only %d of %d interior pixels of controlled land show their controller's tint", matched, total)
	}
	if checked < 3 {
		t.Fatalf("only %d controlled territories could be probed", checked)
	}
	// Placed agents show in their conspiracy's colour.
	for h := range v.Slots {
		for s, seat := range v.Slots[h] {
			if seat < 0 {
				continue
			}
			w, ok := ui.Find(f.Widgets, func(w ui.Widget) bool {
				return w.T.Kind == ui.TSlot && w.T.House == board.HouseID(h) && w.T.Slot == rules.Slot(s)
			})
			if !ok {
				t.Fatalf("no slot widget for %s %v", m.Houses[h].ID, rules.Slot(s))
			}
			c := img.RGBAAt(int(w.R.X+4), int(w.R.Y+w.R.H/2))
			if c != ui.SeatColor(seat) {
				t.Errorf("%s %v holds seat %d's agent: pixel %v, want %v", m.Houses[h].ID, rules.Slot(s), seat, c, ui.SeatColor(seat))
			}
		}
	}
}
