package app

import (
	"notrueking/board"
	"notrueking/internal/byclicks"
	"notrueking/table"
)

// terrPoints is a point (base canvas) inside each territory as the board
// is now drawn, where a click lands on that territory: a cell deep inside
// it when there is one, a road's track for a road. The click-through
// tests and the page's autoplay (autoScreen) click there.
func (a *App) terrPoints() map[int][2]float64 {
	pts := map[int][2]float64{}
	if a.f.board == nil {
		return pts
	}
	cam := a.f.board.Camera
	m, g, vp := cam.Map(), cam.Geom(), cam.Viewport()
	in := func(x, y float64) bool { return x >= vp.X && y >= vp.Y && x < vp.X+vp.W && y < vp.Y+vp.H }
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
				if !deep {
					continue
				}
				bx, by := g.FromGrid(float64(x)+0.5, float64(y)+0.5)
				if in(bx, by) && a.boardHit(bx, by) == tr {
					pts[tr] = [2]float64{bx, by}
				}
			}
		}
	}
	// Roads are drawn as tracks along their paths: click on the track.
	for i, tt := range m.Territories {
		if _, ok := pts[i]; ok || len(tt.Path) < 2 {
			continue
		}
		for k := 0; k+1 < len(tt.Path); k++ {
			p, q := tt.Path[k], tt.Path[k+1]
			bx, by := g.FromGrid((p.X+q.X)/2, (p.Y+q.Y)/2)
			if in(bx, by) && a.boardHit(bx, by) == i {
				pts[i] = [2]float64{bx, by}
				break
			}
		}
	}
	return pts
}

// autoScreen is what the page's autoplay (byclicks.Auto) sees of the app:
// the widgets, the releases, where each territory is clicked, and whether
// the curtain, a notice or the table is up.
func (a *App) autoScreen() byclicks.Screen {
	sc := byclicks.Screen{Widgets: a.f.ws, Releases: a.ptr.releases, Territory: func(t board.TerrID) (float64, float64, bool) {
		p, ok := a.terrPoints()[int(t)]
		return p[0], p[1], ok
	}}
	switch s := a.mgr.cur.(type) {
	case *curtainScene:
		sc.Curtain = true
	case *tableScene:
		switch s.lg.Table().Mode() {
		case table.ModeNotice:
			sc.Notice = true
		case table.ModePlay:
			sc.Table = s.lg.Table()
		}
	}
	return sc
}
