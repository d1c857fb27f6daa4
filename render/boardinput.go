package render

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"notrueking/table"
	"notrueking/ui"
)

// Board input: the camera (ui.Camera.Handle) zooms with the wheel, pans
// with a drag, fits with F or Home and the board's buttons; a click on a
// territory counts on release when the press did not drag.

// readBoardInput adds the board's part of one tick's input.
func readBoardInput(in *ui.Input) {
	in.Down = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	in.MiddleDown = ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	// The wheel is read with the other keys (input.Wheel).
	in.Fit = inpututil.IsKeyJustPressed(ebiten.KeyF) || inpututil.IsKeyJustPressed(ebiten.KeyHome)
}

// boardArea is where the board sits in the scene that is up: the table's
// board rect, or the end screen's.
func (a *App) boardArea() ui.Rect {
	if a.scene == sceneReplay && a.rp != nil {
		return a.rp.layout().Board
	}
	m := a.tbl.Map()
	if a.scene == sceneEnd || a.spectateOver() {
		return table.EndLayout(m.Grid.W, m.Grid.H).Board
	}
	return a.layout().Board
}

// board returns the table's board view (nil without a game): made on
// first use and again for a new map, its viewport the layout's board area.
func (a *App) board() *boardView {
	u := a.boardUI()
	if u == nil {
		return nil
	}
	m := u.Map()
	if a.bv == nil || a.bv.Map() != m {
		a.bv = newBoardView(m)
		a.bv.NoControls = a.opts.Clean
	}
	a.bv.SetViewport(a.boardArea())
	return a.bv
}

// boardInput applies the board's part of one tick's input (the camera's
// Handle) and a click on a territory. It reports whether it took this
// tick's press (the caller then ignores in.Click).
func (a *App) boardInput(in ui.Input) bool {
	v := a.board()
	if v == nil || !a.boardLive() && (a.scene != sceneSpectate || a.spectateOver()) {
		if v != nil {
			v.Drop()
		}
		return false
	}
	_, onWidget := ui.HitTest(a.ws, in.X, in.Y)
	changed, took, tr := v.Handle(in, onWidget >= 0)
	if tr >= 0 {
		a.clickOn(ui.Target{Kind: ui.TTerritory, Terr: tr})
		a.rebuild()
		changed = true
	}
	if changed {
		a.dirty, a.stale = true, true
	}
	return took
}
