//go:build !js

package app

import "github.com/hajimehoshi/ebiten/v2"

// signalTurn, on the desktop: while it is this screen's turn the window's
// title says so, and flashes (flashTitle) while the window is not in
// front.
func (a *App) signalTurn(on bool, text string) {
	a.win.turn = "▶ " + text + " — " + a.win.title // made once, not each frame
	if !on {
		a.win.turn = ""
		a.setTitle(a.win.title)
	}
}

// flashTitle runs each Update: the title alternates each second between
// "Your turn" and the window's own while it is this screen's turn and the
// window is not in front, and stays on "Your turn" while it is.
func (a *App) flashTitle(sec int64) {
	if a.win.turn == "" {
		return
	}
	title := a.win.turn
	if !ebiten.IsFocused() && sec%2 == 1 {
		title = a.win.title
	}
	a.setTitle(title)
}

// setTitle sets the window's title when it changes.
func (a *App) setTitle(t string) {
	if t == a.win.shownTitle || t == "" {
		return
	}
	a.win.shownTitle = t
	ebiten.SetWindowTitle(t)
}
