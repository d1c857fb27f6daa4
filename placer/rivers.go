package placer

import (
	"math"
	"sort"

	"notrueking/board"
	"notrueking/ui"
)

// planRivers places each river's name beside the longest run of its
// line, along it, where it is free (free) and adds it to placed; k is
// pixels per cell.
func planRivers(m *board.Map, sh *ui.Shapes, k, nameSize, gap float64, free func(ui.Rect) bool, placed *[]ui.Rect) []RiverLabel {
	var out []RiverLabel
	for ri, rv := range m.Rivers {
		// Its runs, longest first.
		var lines [][]board.Point
		for _, bl := range sh.BorderLines {
			if bl.Class == ui.EdgeRiver && bl.River == ri {
				lines = append(lines, bl.Line.Pts)
			}
		}
		sort.SliceStable(lines, func(i, j int) bool { return ui.PathLength(lines[i]) > ui.PathLength(lines[j]) })
		type cand struct {
			line []board.Point
			f    float64
		}
		var cands []cand
		for _, l := range lines {
			for _, f := range []float64{0.5, 0.3, 0.7, 0.4, 0.6, 0.2, 0.8} {
				cands = append(cands, cand{l, f})
			}
		}
	search:
		for _, size := range []float64{math.Max(MinRiverName, math.Round(nameSize*0.9*2)/2), MinRiverName} {
			w, h := ui.Measure(rv.Name, ui.FontSize(size), false, size*1.2)
			w, h = w+4, h+2
			for _, c := range cands {
				best, bestLen := c.line, ui.PathLength(c.line)
				p := ui.PointAt(best, c.f*bestLen)
				half := math.Min(bestLen/2, w/k/2)
				a0, a1 := ui.PointAt(best, math.Max(0, c.f*bestLen-half)), ui.PointAt(best, math.Min(bestLen, c.f*bestLen+half))
				ang := math.Atan2(a1.Y-a0.Y, a1.X-a0.X)
				if bestLen*k < w/2 {
					ang = 0 // a short run: the name level beside it
				}
				if ang > math.Pi/2 {
					ang -= math.Pi
				} else if ang < -math.Pi/2 {
					ang += math.Pi
				}
				sn, cs := math.Sin(ang), math.Cos(ang)
				aw, ah := math.Abs(w*cs)+math.Abs(h*sn), math.Abs(w*sn)+math.Abs(h*cs)
				for _, off := range riverOffsets {
					// Beside the line, on its normal (and a little along it).
					side, along := off[0], off[1]*w/2
					cx, cy := p.X*k-sn*side*(h/2+gap)+cs*along, p.Y*k+cs*side*(h/2+gap)+sn*along
					r := ui.Rect{X: math.Round(cx - aw/2), Y: math.Round(cy - ah/2), W: math.Ceil(aw), H: math.Ceil(ah)}
					if free(r) {
						out = append(out, RiverLabel{River: ri, X: cx, Y: cy, Angle: ang, W: w, H: h, Size: size, R: r})
						*placed = append(*placed, r)
						break search
					}
				}
			}
		}
	}
	return out
}

// riverOffsets are where a river's name is tried round a point of its
// line: across it (in half heights and a gap) and along it (in half widths).
var riverOffsets = [][2]float64{{-1, 0}, {1, 0}, {-1.8, 0}, {1.8, 0}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-2.6, 0}, {2.6, 0}, {-3.5, 0}, {3.5, 0}, {0, 0}, {0, -1}, {0, 1}}
