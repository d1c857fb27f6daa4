package render

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// readFollowInput adds the keys of following the game to one tick's
// input: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, Space, and the
// mouse wheel.
func readFollowInput(in *input) {
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	z := inpututil.IsKeyJustPressed(ebiten.KeyZ)
	in.Undo = ctrl && z && !shift
	in.Redo = ctrl && (inpututil.IsKeyJustPressed(ebiten.KeyY) || (z && shift))
	in.Space = inpututil.IsKeyJustPressed(ebiten.KeySpace)
	_, in.Wheel = ebiten.Wheel()
}

// logRect is where the table's log panel is, or an empty rect when the
// layout has none.
func (a *App) logRect() Rect { return Rect{} }

// followKeys handles the keys of following the game at the table: Enter
// or Space dismisses a notice, Ctrl+Z and Ctrl+Y undo and redo, the wheel
// over the log scrolls it. It reports whether anything changed.
func (a *App) followKeys(in input) bool {
	u := a.tbl
	switch {
	case in.Escape:
		// Esc has cancelled (command "cancel"): it may have dismissed
		// the last notice, and the hand-off comes now.
	case u.holding() && (in.Enter || in.Space):
		u.followClick(Target{Kind: TButton, ID: "notice-ok"})
	case in.Undo:
		u.followClick(Target{Kind: TButton, ID: "undo"})
	case in.Redo:
		u.followClick(Target{Kind: TButton, ID: "redo"})
	case in.Wheel != 0 && a.logRect().Contains(in.X, in.Y):
		steps := int(in.Wheel * 3)
		if steps == 0 {
			steps = 1
			if in.Wheel < 0 {
				steps = -1
			}
		}
		u.log.scroll(steps)
		return true
	default:
		return false
	}
	a.saveRecord()
	a.afterAction()
	return true
}
