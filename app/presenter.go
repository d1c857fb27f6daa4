package app

import (
	"fmt"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/table"
	"notrueking/ui"
)

// Presenter options (docs/presenting.md): a fixed canvas shown at a whole
// scale (-canvas), larger text (-large-text) and a layout without menus
// (-clean). The -overlay file is overlay.go's.

// Canvases are the fixed canvas sizes -canvas takes: the two sizes
// streams are made in (720p and 1080p), both 16:9 like the base canvas,
// so the layout fills them without bars of its own.
var Canvases = [][2]int{{1280, 720}, {1920, 1080}}

// ParseCanvas reads a -canvas value, "1280x720" or "1920x1080" (×
// for x too): one of Canvases.
func ParseCanvas(s string) (w, h int, ok bool) {
	s = strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "×", "x")
	for _, c := range Canvases {
		if s == fmt.Sprintf("%dx%d", c[0], c[1]) {
			return c[0], c[1], true
		}
	}
	return 0, 0, false
}

// canvasFit is how a fixed canvas sits in the window: scaled by Scale
// with its top-left corner at (OX, OY) in window pixels. Whole is set when
// Scale is a whole number (drawn nearest-neighbour, every canvas pixel a
// Scale×Scale square); a window smaller than the canvas shows it shrunk
// (Scale < 1, filtered) rather than cropped.
type canvasFit struct {
	Scale  float64
	OX, OY float64
	Whole  bool
}

// fitCanvas places a cw×ch canvas in a sw×sh window: the largest whole
// factor that fits, centred on whole pixels (black bars round it); when
// not even factor 1 fits, the largest fractional factor, centred.
func fitCanvas(cw, ch, sw, sh int) canvasFit {
	if cw <= 0 || ch <= 0 || sw <= 0 || sh <= 0 {
		return canvasFit{Scale: 1, Whole: true}
	}
	if k := min(sw/cw, sh/ch); k >= 1 {
		return canvasFit{Scale: float64(k), OX: float64((sw - cw*k) / 2), OY: float64((sh - ch*k) / 2), Whole: true}
	}
	s := math.Min(float64(sw)/float64(cw), float64(sh)/float64(ch))
	return canvasFit{Scale: s, OX: math.Max(0, math.Floor((float64(sw)-float64(cw)*s)/2)), OY: math.Max(0, math.Floor((float64(sh)-float64(ch)*s)/2))}
}

// scaler maps the base canvas to the window through the canvas: the base
// canvas scaled onto the cw×ch canvas, then the canvas onto the window.
func (f canvasFit) scaler(cw, ch int) ui.Scaler {
	c := ui.NewScaler(cw, ch)
	return ui.Scaler{S: c.S * f.Scale, OX: f.OX + c.OX*f.Scale, OY: f.OY + c.OY*f.Scale}
}

// presentState is the fixed canvas's images and the window it is shown in.
type presentState struct {
	canvas *ebiten.Image // the scene and its hover effects, canvas-sized
	sw, sh int           // the window (screen) size it was fitted to
	fit    canvasFit
}

// drawCanvas is Draw with a fixed canvas: the scene is drawn (and cached)
// at the canvas's size whatever the window, then shown scaled by fit.
func (a *App) drawCanvas(screen *ebiten.Image) {
	cw, ch := a.opts.CanvasW, a.opts.CanvasH
	w := &a.win
	ps := &w.present
	if ps.canvas == nil {
		w.w, w.h = cw, ch
		w.sceneImg, ps.canvas = unmanagedImage(cw, ch), unmanagedImage(cw, ch)
		a.redraw()
	}
	b := screen.Bounds()
	if b.Dx() != ps.sw || b.Dy() != ps.sh {
		ps.sw, ps.sh = b.Dx(), b.Dy()
		ps.fit = fitCanvas(cw, ch, ps.sw, ps.sh)
		// The pointer is read through the same placement (readInput).
		w.sc = ps.fit.scaler(cw, ch)
		w.dirty = true
	}
	if !w.dirty {
		return
	}
	if w.stale {
		a.p.DrawScene(w.sceneImg, a.f.frame(), -1)
		w.stale = false
	}
	ps.canvas.DrawImage(w.sceneImg, nil)
	a.p.DrawHoverOn(ps.canvas, a.f.canvas, a.f.ws, a.ptr.hover, a.tips())
	presentCanvas(screen, ps.canvas, ps.fit)
	w.dirty = false
}

// presentCanvas draws the canvas into dst as fit places it, on black.
func presentCanvas(dst, canvas *ebiten.Image, fit canvasFit) {
	dst.Fill(ui.ColBlack)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(fit.Scale, fit.Scale)
	op.GeoM.Translate(fit.OX, fit.OY)
	op.Filter = ebiten.FilterNearest
	if !fit.Whole {
		op.Filter = ebiten.FilterLinear
	}
	dst.DrawImage(canvas, op)
}

// presentWidgets applies -large-text and -clean to a widget list just
// built (once: large sizes compound): it returns the buttons a clean
// layout left out, whose keys still work.
func (a *App) presentWidgets(ws *[]ui.Widget) (hidden []ui.Widget) {
	if a.opts.LargeText {
		a.p.LargeSizes(*ws)
	}
	if a.opts.Clean {
		*ws, hidden = cleanWidgets(*ws)
	}
	return hidden
}

// menuCommands are the buttons a clean layout leaves out: menus and
// helpers, not moves of the game. Their keys still work (F1, Ctrl+Z,
// Ctrl+Y, H, F2; the board's F).
var menuCommands = map[ui.CmdKind]bool{
	ui.CmdUndo: true, ui.CmdRedo: true, ui.CmdHelp: true, ui.CmdHint: true, ui.CmdFullscreen: true, ui.CmdLogScroll: true, ui.CmdTools: true,
}

// cleanWidgets is a clean layout's widget list: ws without the menu
// buttons and without the key labels on the others; hidden are the
// buttons whose keys must still work (the menus, and the others with
// their keys), for keyTarget. The buttons that stay are those needed to
// play: the moves (action buttons, the hand's cards), the loyalty card's
// Shuffle and Confirm, the move dialog's −, + , Cancel and Confirm, a
// combat's or a notice's Continue, the curtain's "I am …", the past
// view's Return and the end screen's New game — a click on the board or a
// slot is no button and stays too.
func cleanWidgets(ws []ui.Widget) (shown, hidden []ui.Widget) {
	shown = make([]ui.Widget, 0, len(ws))
	for _, w := range ws {
		if w.Kind == ui.WButton && w.T.Kind == ui.TButton && menuCommands[w.T.Cmd.Kind] {
			hidden = append(hidden, w)
			continue
		}
		if w.Kind == ui.WText && w.R == table.TesterBadge {
			continue
		}
		if w.Key != ui.KeyNone {
			hidden = append(hidden, w)
			w.Key = ui.KeyNone
		}
		shown = append(shown, w)
	}
	return shown, hidden
}
