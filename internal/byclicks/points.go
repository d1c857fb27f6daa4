package byclicks

import "notrueking/ui"

// Points is a point (base canvas) inside each territory as camera cam
// draws the board now, where a click lands on that territory: a cell deep
// inside it when there is one, a road's track for a road. A territory out
// of the camera's view has none. The window's click-through tests and the
// page's autoplay click there.
func Points(cam *ui.Camera) map[int][2]float64 {
	pts := map[int][2]float64{}
	m, g, vp := cam.Map(), cam.Geom(), cam.Viewport()
	at := func(t int, x, y float64) bool {
		bx, by := g.FromGrid(x, y)
		if bx < vp.X || by < vp.Y || bx >= vp.X+vp.W || by >= vp.Y+vp.H || cam.Hit(bx, by) != t {
			return false
		}
		pts[t] = [2]float64{bx, by}
		return true
	}
	// Prefer cells deep inside their territory (all 8 neighbours alike).
	for pass := 0; pass < 2; pass++ {
		for y := 0; y < m.Grid.H; y++ {
			for x := 0; x < m.Grid.W; x++ {
				tr := m.Grid.At(x, y)
				if _, ok := pts[tr]; ok || tr < 0 {
					continue
				}
				deep := true
				for dy := -1; dy <= 1 && pass == 0; dy++ {
					for dx := -1; dx <= 1; dx++ {
						deep = deep && m.Grid.At(x+dx, y+dy) == tr
					}
				}
				if deep {
					at(tr, float64(x)+0.5, float64(y)+0.5)
				}
			}
		}
	}
	// Roads are drawn as tracks along their paths: click on the track.
	for i, tt := range m.Territories {
		if _, ok := pts[i]; ok {
			continue
		}
		for k := 0; k+1 < len(tt.Path); k++ {
			p, q := tt.Path[k], tt.Path[k+1]
			if at(i, (p.X+q.X)/2, (p.Y+q.Y)/2) {
				break
			}
		}
	}
	return pts
}
