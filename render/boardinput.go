package render

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Board input: the mouse wheel zooms around the pointer, a left drag past
// a few pixels (or a middle drag) pans without counting as a click, F or
// Home fits the board, and the board's own buttons zoom and fit.

// dragSlop is how far (base pixels) a press may move and still be a click.
const dragSlop = 5

// boardDrag is a press on the board being followed.
type boardDrag struct {
	left, middle bool
	sx, sy       float64 // where the left press began
	lx, ly       float64 // the pointer at the last tick
	moved        bool
}

// readBoardInput adds the board's part of one tick's input.
func readBoardInput(in *input) {
	in.Down = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	in.MiddleDown = ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	// The wheel is read with the other keys (input.Wheel).
	in.Fit = inpututil.IsKeyJustPressed(ebiten.KeyF) || inpututil.IsKeyJustPressed(ebiten.KeyHome)
}

// board returns the table's board view (nil without a game): made on
// first use and again for a new map, its viewport the layout's board area.
// boardArea is where the board sits in the scene that is up: the table's
// board rect, or the end screen's.
func (a *App) boardArea() Rect {
	if a.scene == sceneReplay && a.rp != nil {
		return a.rp.layout().Board
	}
	m := a.tbl.m
	if a.scene == sceneEnd || a.spectateOver() {
		return endLayout(m.Grid.W, m.Grid.H).Board
	}
	return a.layout().Board
}

func (a *App) board() *boardView {
	u := a.boardUI()
	if u == nil {
		return nil
	}
	m := u.m
	if a.bv == nil || a.bv.m != m {
		a.bv = newBoardView(m)
		a.bv.noControls = a.opts.Clean
	}
	a.bv.SetViewport(a.boardArea())
	return a.bv
}

// boardInput applies the board's part of one tick's input: zoom, pan,
// fit, the board's buttons, and a click on a territory, which counts on
// release when the press did not drag. It reports whether it took this
// tick's press (the caller then ignores in.Click).
func (a *App) boardInput(in input) bool {
	v := a.board()
	if v == nil || !a.boardLive() && (a.scene != sceneSpectate || a.spectateOver()) {
		if v != nil {
			v.drag = boardDrag{}
		}
		return false
	}
	d := &v.drag
	changed, took := false, false
	if in.Fit && !v.fitted {
		v.Fit()
		changed = true
	}
	if in.Wheel != 0 && v.vp.Contains(in.X, in.Y) {
		before := v.cell
		v.ZoomAt(math.Pow(1.2, in.Wheel), in.X, in.Y)
		changed = changed || v.cell != before
	}
	// Middle drag: pan while held.
	switch {
	case in.MiddleDown && !d.middle && v.vp.Contains(in.X, in.Y):
		d.middle, d.lx, d.ly = true, in.X, in.Y
	case in.MiddleDown && d.middle:
		v.PanBy(in.X-d.lx, in.Y-d.ly)
		d.lx, d.ly = in.X, in.Y
		changed = true
	case !in.MiddleDown:
		d.middle = false
	}
	// A left press on the board (not on a widget over it).
	if in.Click && v.vp.Contains(in.X, in.Y) {
		if t, _ := hitTest(a.ws, in.X, in.Y); t.Kind == TNone {
			if id := v.ControlAt(in.X, in.Y); id != "" {
				changed = v.Press(id) || changed
				took = true
			} else if in.Down {
				// Held: a click or a drag; the release decides.
				*d = boardDrag{left: true, sx: in.X, sy: in.Y, lx: in.X, ly: in.Y, middle: d.middle}
				took = true
			}
		}
	} else if d.left {
		if in.Down {
			if !d.moved && math.Hypot(in.X-d.sx, in.Y-d.sy) > dragSlop {
				d.moved = true
				v.PanBy(in.X-d.sx, in.Y-d.sy)
				changed = true
			} else if d.moved {
				v.PanBy(in.X-d.lx, in.Y-d.ly)
				changed = true
			}
			d.lx, d.ly = in.X, in.Y
		} else {
			d.left = false
			if !d.moved {
				if tr := v.Hit(d.sx, d.sy); tr >= 0 {
					a.clickOn(Target{Kind: TTerritory, Terr: tr})
					a.rebuild()
					changed = true
				}
			}
		}
	}
	if changed {
		a.dirty, a.stale = true, true
	}
	return took
}
