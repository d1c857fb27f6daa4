package render

import (
	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/rules"
	"notrueking/ui"
)

// Frame is everything the painter is given to draw one scene: plain data
// that the app builds from its scenes (the widgets, the board's camera and
// public view). The same frame always draws the same pixels, so what a
// scene shows can be compared as frames, and the painter decides nothing.
type Frame struct {
	// Board is the board drawn under the widgets, nil for none.
	Board *Board
	// Behind are widgets drawn under Widgets, never hovered (the public
	// table behind the hand-off curtain).
	Behind []ui.Widget
	// Widgets are the scene's widgets, drawn last, in order.
	Widgets []ui.Widget
	// Canvas is the base canvas the frame is laid out on (ui.Canvas: the
	// portrait one on a phone held upright); zero is the landscape one.
	Canvas ui.Rect
}

// scaler fits canvas c (zero: the landscape one) into dst.
func scaler(dst *ebiten.Image, c ui.Rect) ui.Scaler {
	if c.W <= 0 || c.H <= 0 {
		c = ui.Canvas(false)
	}
	return ui.NewScalerFor(dst.Bounds().Dx(), dst.Bounds().Dy(), c)
}

// Board is the board as the painter draws it: through Camera (the
// viewport, the zoom and the pan), the public view Public (control,
// troops, flags), Lit the territories lit up (nil for none) and Sel the
// one selected (-1 for none), and Marks what just happened (arrows,
// pulses, rings; the running combat's attack arrow is drawn from Public).
type Board struct {
	Camera *ui.Camera
	Public *rules.View
	Lit    []bool
	Sel    int
	Marks  []ui.Mark
}

// DrawScene draws frame f into dst (any size: the base canvas scaled to
// it); hover is the index of the widget drawn hovered (-1 none). It starts
// a new repaint of the caches (sweep).
func (p *Painter) DrawScene(dst *ebiten.Image, f *Frame, hover int) {
	sc := scaler(dst, f.Canvas)
	p.sweep()
	dst.Fill(ui.ColBG)
	if f.Board != nil {
		p.drawBoard(dst, sc, f.Board)
		p.flushText(dst)
	}
	if f.Behind != nil {
		p.drawWidgets(dst, sc, f.Behind, -1)
		p.flushText(dst)
	}
	p.drawWidgets(dst, sc, f.Widgets, hover)
	p.flushText(dst)
}

// DrawHover draws on top of a scene drawn unhovered: the widget ws[hover]
// again, hovered (a button or a box; -1 none), then the tooltip tips.
func (p *Painter) DrawHover(dst *ebiten.Image, ws []ui.Widget, hover int, tips []ui.Widget) {
	p.DrawHoverOn(dst, ui.Rect{}, ws, hover, tips)
}

// DrawHoverOn is DrawHover for a scene laid out on canvas c (zero: the
// landscape one; Frame.Canvas).
func (p *Painter) DrawHoverOn(dst *ebiten.Image, c ui.Rect, ws []ui.Widget, hover int, tips []ui.Widget) {
	sc := scaler(dst, c)
	if hover >= 0 && hover < len(ws) && ws[hover].Kind != ui.WText && ws[hover].Kind != ui.WPanel {
		p.drawWidgets(dst, sc, ws[hover:hover+1], 0)
	}
	p.drawWidgets(dst, sc, tips, -1)
	p.flushText(dst)
}
