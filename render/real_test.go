package render

import (
	"math"
	"testing"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
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

// playSome applies the first legal action n times (after arranging).
func playSome(t *testing.T, e engine, n int) {
	t.Helper()
	for i := 0; i < n && !e.Over(); i++ {
		l := e.Legal()
		if len(l) == 0 {
			t.Fatalf("no legal action at step %d", i)
		}
		if _, err := e.Apply(l[0]); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
}

func TestDrawStandardTable(t *testing.T) {
	needDisplay(t)
	e, err := newRulesGame("standard", []string{"Ann", "Ben", "Cy"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(Options{}, defaultNewGame)
	if err != nil {
		t.Fatal(err)
	}
	playSome(t, e, 3+4) // three arrangements, four placements
	a.begin(playOf(e), 7)
	a.clickOn(cmdTarget(Command{Kind: CmdLift}))
	img := render(t, a, BaseW, BaseH)
	saveShot(t, "table-standard", img)
	m := e.Map()
	v := e.View(rules.Public)
	l := layoutTable(m.Grid.W, m.Grid.H, 3, 0)
	g := fitBoard(m.Grid.W, m.Grid.H, l.Board)
	checked, matched, total := 0, 0, 0
	for ti, tr := range m.Territories {
		hid, ok := v.Control[tr.ID]
		if !ok || tr.Kind != board.Land {
			continue
		}
		cells := interiorCells(m, ti)
		if len(cells) == 0 {
			continue
		}
		hc := houseColor(m, hid)
		want := landColor(&hc)
		match := 0
		for _, c := range cells {
			x, y := g.FromGrid(c[0], c[1])
			p := img.RGBAAt(int(x), int(y))
			d := math.Abs(float64(p.R)-float64(want.R)) + math.Abs(float64(p.G)-float64(want.G)) + math.Abs(float64(p.B)-float64(want.B))
			if d <= 40 {
				match++
			}
		}
		// Names, icons and tokens cover some cells; the tint must show.
		need := 3
		if len(cells) < 8 {
			need = 1
		}
		if match < need {
			t.Errorf("%s (held by %s): %d of %d interior pixels have the tint %v", tr.Name, hid, match, len(cells), want)
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
			w, ok := findWidget(a.ws, func(w Widget) bool {
				return w.T.Kind == TSlot && w.T.House == m.Houses[h].ID && w.T.Slot == rules.Slot(s)
			})
			if !ok {
				t.Fatalf("no slot widget for %s %v", m.Houses[h].ID, rules.Slot(s))
			}
			c := img.RGBAAt(int(w.R.X+4), int(w.R.Y+w.R.H/2))
			if c != seatColor(seat) {
				t.Errorf("%s %v holds seat %d's agent: pixel %v, want %v", m.Houses[h].ID, rules.Slot(s), seat, c, seatColor(seat))
			}
		}
	}
}

func loadStandard() (*board.Map, error) { return maps.Standard() }
