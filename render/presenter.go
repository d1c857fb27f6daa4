package render

import (
	"fmt"
	"math"
	"notrueking/table"
	"notrueking/ui"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
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
	ps := &a.present
	if ps.canvas == nil {
		a.w, a.h = cw, ch
		a.sceneImg, ps.canvas = unmanagedImage(cw, ch), unmanagedImage(cw, ch)
		a.dirty, a.stale = true, true
	}
	b := screen.Bounds()
	if b.Dx() != ps.sw || b.Dy() != ps.sh {
		ps.sw, ps.sh = b.Dx(), b.Dy()
		ps.fit = fitCanvas(cw, ch, ps.sw, ps.sh)
		// The pointer is read through the same placement (readInput).
		a.sc = ps.fit.scaler(cw, ch)
		a.dirty = true
	}
	if !a.dirty {
		return
	}
	if a.stale {
		a.drawScene(a.sceneImg, -1)
		a.stale = false
	}
	ps.canvas.DrawImage(a.sceneImg, nil)
	a.drawHover(ps.canvas)
	presentCanvas(screen, ps.canvas, ps.fit)
	a.dirty = false
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
	if a.p.large {
		a.p.largeSizes(*ws)
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
		if w.Key != "" {
			hidden = append(hidden, w)
			w.Key = ""
		}
		shown = append(shown, w)
	}
	return shown, hidden
}

// largeText is how much larger -large-text draws text where there is room.
const largeText = 1.25

// textSize is the size a widget's text is drawn at, in base pixels: its
// own, or with -large-text up to largeText times larger as far as the
// widget has room — as wide as the room at most (a text that did not fit
// at its own size keeps that size), and as high as the widget (a text
// widget, whose text hangs from its top, as high as its text was if that
// is more). measure is the text's width (widest line) and height at a
// size, as drawn.
func textSize(w ui.Widget, room float64, measure func(size float64) (float64, float64)) float64 {
	size := w.Size
	if size <= 0 || w.Text == "" {
		return size
	}
	tw, th := measure(size)
	if tw <= 0 || th <= 0 {
		return size
	}
	hRoom := w.R.H - 4 // a box's or button's text clears its frame
	if w.Kind == ui.WText {
		hRoom = math.Max(w.R.H, th)
	}
	// Widths and heights grow in proportion to the size; 3 % is kept for
	// the rounding of sizes and pixels.
	best := math.Min(size*largeText, 0.97*size*hRoom/th)
	if room > 0 {
		best = math.Min(best, 0.97*size*room/tw)
	}
	// Faces come in half-pixel sizes: check the size found, and step
	// down while it does not fit.
	for range 8 {
		if best <= size {
			return size
		}
		bw, bh := measure(best)
		if bh <= hRoom && (room <= 0 || bw <= room) {
			return best
		}
		best -= 0.02 * size
	}
	return size
}

// largeScales are the drawing scales a grown text is checked at: the
// base canvas's, and the smallest the layout tests hold (a 1280×720
// window); faces come in half-pixel sizes, so widths do not grow quite in
// proportion.
var largeScales = []float64{1, 0.8}

// textGrowth is how much larger w's text may be drawn (≥ 1) in its room.
func (p *painter) textGrowth(w ui.Widget) float64 {
	bold := w.Bold || w.Kind == ui.WButton
	room := p.textRoom(w)
	g := largeText
	for _, s := range largeScales {
		size := textSize(w, room, func(size float64) (float64, float64) {
			tw, th := text.Measure(w.Text, p.face(size*s, bold), size*s*1.2)
			return tw / s, th / s
		})
		g = math.Min(g, size/w.Size)
	}
	return math.Max(1, g)
}

// largeSizes sets the text sizes of ws for -large-text: each text as
// large as its room allows, up to largeText, and the texts of widgets of
// one shape (same kind, size, weight, width and height: a column's rows,
// the slots, the loyalty tokens) all grown alike, by the least any of
// them may — a row of tokens in two sizes reads as a mistake. It grows
// the rooms of texts first (growTextRooms).
func (p *painter) largeSizes(ws []ui.Widget) {
	growTextRooms(ws)
	type column struct {
		kind       ui.WKind
		size, w, h float64
		bold       bool
	}
	colOf := func(w ui.Widget) column {
		h := math.Round(w.R.H)
		if w.Kind == ui.WText {
			h = 0 // grown to the room below it, which differs
		}
		return column{w.Kind, w.Size, math.Round(w.R.W), h, w.Bold}
	}
	grow := map[column]float64{}
	for _, w := range ws {
		if w.Text == "" || w.Size <= 0 || (w.Kind != ui.WText && w.Kind != ui.WButton && w.Kind != ui.WBox && w.Kind != ui.WField) {
			continue
		}
		c := colOf(w)
		g := p.textGrowth(w)
		if old, ok := grow[c]; !ok || g < old {
			grow[c] = g
		}
	}
	for i, w := range ws {
		if g, ok := grow[colOf(w)]; ok && w.Text != "" {
			ws[i].Size = math.Floor(w.Size*g*2) / 2 // half pixels, as faces are made
		}
	}
}

// growTextRooms gives each text widget of ws (-large-text) the room below
// it down to the nearest widget under it, or the bottom of the panel it
// lies in: a text hangs from its rect's top, so a larger one needs the
// height. Rects only grow, never past another widget (the layout tests'
// overlap check holds for them), and no higher than the text needs at
// largeText.
func growTextRooms(ws []ui.Widget) {
	for i := range ws {
		w := &ws[i]
		if w.Kind != ui.WText || w.Text == "" || w.T.Kind != ui.TNone {
			continue
		}
		limit := float64(ui.BaseH)
		for j, o := range ws {
			switch {
			case j == i || o.Kind == ui.WLayer || (o.Kind == ui.WText && o.Text == ""):
			case o.Kind == ui.WPanel:
				if o.R.Contains(w.R.X+0.5, w.R.Y+0.5) {
					limit = math.Min(limit, o.R.Y+o.R.H)
				}
			case o.R.Y > w.R.Y && o.R.X < w.R.X+w.R.W && w.R.X < o.R.X+o.R.W:
				limit = math.Min(limit, o.R.Y)
			}
		}
		lines := float64(strings.Count(w.Text, "\n") + 1)
		need := lines*1.2*w.Size*largeText + 2
		w.R.H = math.Max(w.R.H, math.Min(limit-w.R.Y, need))
	}
}

// textRoom is the width (base pixels) a widget's text has: the rect's
// for a text, less the margins and the key hint for a button or box.
func (p *painter) textRoom(w ui.Widget) float64 {
	switch w.Kind {
	case ui.WText:
		return w.R.W
	case ui.WField:
		return w.R.W - 16
	}
	room := w.R.W - 8
	if w.Key != "" && w.Kind == ui.WButton {
		room -= p.keyHintW(w.Key, 1) + 5
	}
	return room
}
