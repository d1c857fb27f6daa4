package app

import (
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"notrueking/board"
	"notrueking/internal/byclicks"
	"notrueking/table"
	"notrueking/ui"
)

// The input: one snapshot per tick (ui.Input), read from Ebitengine
// (readInput) or made by a test, and handed to the scene that is up
// through the manager (handle). The board's part — zoom with the wheel,
// pan with a drag, fit with F or Home, a click on a territory counted on
// release when the press did not drag — is the camera's (ui.Camera.Handle).
// On a touch screen the fingers own the pointer while they speak: the
// gestures (ui.Gestures: tap, drag, pinch, long press) are read from
// Ebitengine's touches here and recognised in package ui.

// namedKeys are the keys the app answers besides text: Ebitengine's key,
// and the typed key the scenes and buttons compare (ui.Key), in one table.
var namedKeys = []struct {
	k    ebiten.Key
	name ui.Key
}{
	{ebiten.KeySpace, ui.KeySpace}, {ebiten.KeyF1, ui.KeyF1}, {ebiten.KeyF2, ui.KeyF2}, {ebiten.KeyF3, ui.KeyF3}, {ebiten.KeyF4, ui.KeyF4}, {ebiten.KeyF11, ui.KeyF11},
	{ebiten.KeyArrowLeft, ui.KeyLeft}, {ebiten.KeyArrowRight, ui.KeyRight}, {ebiten.KeyArrowUp, ui.KeyUp}, {ebiten.KeyArrowDown, ui.KeyDown},
	{ebiten.KeyDigit1, ui.Key1}, {ebiten.KeyDigit2, ui.Key2}, {ebiten.KeyDigit3, ui.Key3}, {ebiten.KeyDigit4, ui.Key4}, {ebiten.KeyDigit5, ui.Key5},
	{ebiten.KeyDigit6, ui.Key6}, {ebiten.KeyDigit7, ui.Key7}, {ebiten.KeyDigit8, ui.Key8}, {ebiten.KeyDigit9, ui.Key9},
	{ebiten.KeyS, ui.KeyS}, {ebiten.KeyH, ui.KeyH}, {ebiten.KeyW, ui.KeyW}, {ebiten.KeyN, ui.KeyN},
	// The replay viewer's (replay.go).
	{ebiten.KeyHome, ui.KeyHome}, {ebiten.KeyEnd, ui.KeyEnd}, {ebiten.KeyPageUp, ui.KeyPgUp}, {ebiten.KeyPageDown, ui.KeyPgDn},
	{ebiten.KeyDigit0, ui.Key0}, {ebiten.KeyR, ui.KeyR},
	{ebiten.KeyE, ui.KeyE}, {ebiten.KeyP, ui.KeyP}, {ebiten.KeyT, ui.KeyT},
	// The replay's branch (B) and the start screen's Citadel toggle (V).
	{ebiten.KeyB, ui.KeyB}, {ebiten.KeyV, ui.KeyV},
}

// tapSlop is how far a finger may move and still tap, in CSS pixels
// (device-independent pixels).
const tapSlop = 10

// readInput reads one tick's input: the mouse and keys, or the fingers
// through p's gestures when they speak. dpr is the device scale factor.
func readInput(sc ui.Scaler, p *pointer, dpr float64, now time.Time) ui.Input {
	cx, cy := ebiten.CursorPosition()
	return readTouches(readMouseKeys(sc, cx, cy), sc, p, dpr, now, cx, cy)
}

// readMouseKeys reads the mouse (its cursor at (cx, cy)) and the keys.
func readMouseKeys(sc ui.Scaler, cx, cy int) ui.Input {
	x, y := sc.ToBase(float64(cx), float64(cy))
	in := ui.Input{X: x, Y: y, Click: inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)}
	in.Chars = ebiten.AppendInputChars(nil)
	in.Backspace = repeating(ebiten.KeyBackspace)
	in.Tab = inpututil.IsKeyJustPressed(ebiten.KeyTab)
	in.Enter = inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter)
	in.Escape = inpututil.IsKeyJustPressed(ebiten.KeyEscape)
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	in.Held = ebiten.IsKeyPressed(ebiten.KeyEnter) || ebiten.IsKeyPressed(ebiten.KeyNumpadEnter) || ebiten.IsKeyPressed(ebiten.KeyEscape)
	for _, nk := range namedKeys {
		in.Held = in.Held || ebiten.IsKeyPressed(nk.k)
		if inpututil.IsKeyJustPressed(nk.k) || (nk.name == ui.KeyLeft || nk.name == ui.KeyRight) && repeating(nk.k) {
			if ctrl && nk.name.Types() {
				continue // Ctrl+digit is no digit, Ctrl+S no S
			}
			in.Keys = append(in.Keys, nk.name)
		}
	}
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyZ) {
		in.Keys = append(in.Keys, ui.KeyCtrlZ)
	}
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyY) {
		in.Keys = append(in.Keys, ui.KeyCtrlY)
	}
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyS) {
		in.Keys = append(in.Keys, ui.KeyCtrlS)
	}
	_, in.Wheel = ebiten.Wheel()
	in.Right = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)
	in.Shift = ebiten.IsKeyPressed(ebiten.KeyShift)
	// The board's part: the wheel is read above.
	in.Down = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	in.MiddleDown = ebiten.IsMouseButtonPressed(ebiten.MouseButtonMiddle)
	in.Fit = inpututil.IsKeyJustPressed(ebiten.KeyF) || inpututil.IsKeyJustPressed(ebiten.KeyHome)
	return in
}

// readTouches puts the fingers' gestures in place of the mouse's pointer
// when they speak. A mouse that moves or presses takes the pointer back
// (a long press's tooltip kept after the lift goes).
func readTouches(in ui.Input, sc ui.Scaler, p *pointer, dpr float64, now time.Time, cx, cy int) ui.Input {
	p.touchIDs = ebiten.AppendTouchIDs(p.touchIDs[:0])
	ts := p.touches[:0]
	for _, id := range p.touchIDs {
		tx, ty := ebiten.TouchPosition(id)
		bx, by := sc.ToBase(float64(tx), float64(ty))
		ts = append(ts, ui.Touch{ID: int(id), X: bx, Y: by})
	}
	p.touches = ts
	switch {
	case len(ts) > 0:
		p.touched = true
	case cx != p.mouseX || cy != p.mouseY || in.Click || in.Down || in.Wheel != 0:
		p.touch.Forget()
		p.touched = false
	}
	p.mouseX, p.mouseY = cx, cy
	if sc.S > 0 {
		p.touch.Slop = tapSlop * max(dpr, 1) / sc.S
	}
	g, ok := p.touch.Update(now, ts)
	if !ok && p.touched {
		// Between gestures a touch screen's pointer is nowhere: the
		// cursor Ebitengine keeps (never moved) hovers nothing.
		in.X, in.Y = -1, -1
	}
	return mergeTouch(in, g, ok)
}

// mergeTouch puts a gesture's pointer (g, when ok) in place of the
// mouse's in in; the keys stay.
func mergeTouch(in ui.Input, g ui.Input, ok bool) ui.Input {
	if !ok {
		return in
	}
	in.X, in.Y, in.Click, in.Down, in.MiddleDown, in.Right, in.Wheel = g.X, g.Y, g.Click, g.Down, false, false, 0
	in.Touch, in.Hold, in.PanX, in.PanY = true, g.Hold, g.PanX, g.PanY
	in.Zoom, in.ZoomX, in.ZoomY, in.GestX, in.GestY = g.Zoom, g.ZoomX, g.ZoomY, g.GestX, g.GestY
	return in
}

func repeating(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d > 30 && d%4 == 0)
}

// hit is the target and widget index under (x, y) among the live widgets.
func (a *App) hit(x, y float64) (ui.Target, int) {
	ws, off := a.f.live()
	t, i := ui.HitTest(ws, x, y)
	if i >= 0 {
		i += off
	}
	return t, i
}

// handle applies one input snapshot (separate from Update for tests):
// the board's part first, then the keys (F1 and F11 the app's, then the
// scene's, then the key of a button), then the click.
func (a *App) handle(in ui.Input) {
	if a.mgr.switched {
		a.rebuild() // the scene changed outside handle (a tick, a test)
	}
	if a.ptr.down && !in.Down || in.Touch && in.Click {
		a.ptr.releases++ // a button let go, or a tap (a click when the finger lifts)
	}
	a.ptr.down = in.Down
	if a.boardInput(in) {
		in.Click = false // the board took the press (a drag, or a click on release)
	}
	// What is hovered: under the mouse, or under a finger held still
	// (a long press); a finger that only taps or drags hovers nothing.
	hx, hy := in.HoverAt()
	_, hv := a.hit(hx, hy)
	if hv != a.ptr.hover {
		a.ptr.hover = hv
		a.win.dirty = true
	}
	ht := -1
	if a.f.boardInput() && hv < 0 {
		ht = a.boardHit(hx, hy)
	}
	if ht != a.ptr.hoverTerr || (ht >= 0 && (hx != a.ptr.x || hy != a.ptr.y)) {
		a.ptr.hoverTerr = ht
		a.win.dirty = true
	}
	if ui.TipIndex(a.f.ws, hx, hy) != ui.TipIndex(a.f.ws, a.ptr.x, a.ptr.y) {
		a.win.dirty = true
	}
	a.ptr.x, a.ptr.y = hx, hy
	changed := true
	var rest []ui.Key
	if in.Has(ui.KeyF1) {
		a.do(ui.Command{Kind: ui.CmdHelp})
	} else {
		rest, changed = a.mgr.keys(in, a.ctx())
	}
	if in.Has(ui.KeyF11) {
		a.do(ui.Command{Kind: ui.CmdFullscreen})
	}
	// A key acts on the panel shown when it went down: once a key has
	// pressed a button, the panel it brings takes no key until every key
	// is up (1, 1 on a Marshal must not pick Muster troops and then Done
	// mustering).
	if !in.Held {
		a.ptr.keyLock = false
	}
	for _, k := range rest {
		if a.ptr.keyLock {
			break
		}
		if t, ok := a.keyTarget(k); ok {
			a.press(t)
			changed = true
			a.ptr.keyLock = in.Held || len(rest) > 1
		}
	}
	if in.Click {
		t, _ := a.hit(in.X, in.Y)
		if t.Kind == ui.TNone && a.f.boardInput() {
			if tr := a.boardHit(in.X, in.Y); tr >= 0 {
				t = ui.Target{Kind: ui.TTerritory, Terr: board.TerrID(tr)}
			}
		}
		a.press(t)
		changed = true
	}
	if changed || a.mgr.switched {
		a.rebuild()
		a.redraw()
	}
}

// keyTarget is the target of the live button that shows key k; a clean
// layout's hidden buttons keep their keys (but not under an overlay).
func (a *App) keyTarget(k ui.Key) (ui.Target, bool) {
	ws, _ := a.f.live()
	if t, ok := ui.KeyTarget(ws, k); ok || a.f.overlaid() {
		return t, ok
	}
	return ui.KeyTarget(a.f.keysOnly, k)
}

// press carries out a clicked (or keyed) target: a command, or a target
// for the scene.
func (a *App) press(t ui.Target) {
	if t.Kind == ui.TButton && t.Cmd.Kind != ui.CmdNone {
		a.do(t.Cmd)
		return
	}
	a.mgr.click(t, a.ctx())
}

// do carries out a command: the app's own (help, fullscreen), or the
// scene's.
func (a *App) do(c ui.Command) {
	switch c.Kind {
	case ui.CmdHelp:
		a.mgr.toggleHelp()
	case ui.CmdCodes:
		a.win.codes = !a.win.codes
	case ui.CmdFullscreen:
		if a.fullscreen != nil {
			a.fullscreen()
		}
	default:
		a.mgr.do(c, a.ctx())
	}
}

// Do carries out a command as its button would (a key the table turned
// into one: the Tools menu's).
func (c *Context) Do(cmd ui.Command) { c.app.do(cmd) }

// boardHit maps a base point to the territory drawn there, or -1.
func (a *App) boardHit(x, y float64) int {
	if a.f.board == nil {
		return -1
	}
	return a.f.board.Camera.Hit(x, y)
}

// territoryAt is the territory drawn at (x, y) where no widget takes the
// point, -1 for none.
func (c *Context) territoryAt(x, y float64) int {
	a := c.app
	if _, i := ui.HitTest(a.f.ws, x, y); i >= 0 {
		return -1
	}
	return a.boardHit(x, y)
}

// boardInput applies the board's part of one tick's input (the camera's
// Handle) and a click on a territory. It reports whether it took this
// tick's press (the caller then ignores in.Click).
func (a *App) boardInput(in ui.Input) bool {
	if a.f.board == nil {
		return false
	}
	cam := a.f.board.Camera
	if !a.f.boardInput() {
		cam.Drop()
		return false
	}
	_, onWidget := ui.HitTest(a.f.ws, in.X, in.Y)
	changed, took, tr := cam.Handle(in, onWidget >= 0)
	if tr >= 0 {
		a.press(ui.Target{Kind: ui.TTerritory, Terr: board.TerrID(tr)})
		a.rebuild()
		changed = true
	}
	if changed {
		a.redraw()
	}
	return took
}

// tips is the tooltip to draw now: the widget's under the pointer (an
// overlay's while one is up), or the territory's.
func (a *App) tips() []ui.Widget {
	ws, off := a.f.live()
	if i := ui.TipIndex(ws, a.ptr.x, a.ptr.y); i >= 0 {
		return ui.TooltipIn(a.f.ws, i+off, a.f.sh.Message, a.f.canvas)
	}
	if a.f.boardInput() && a.ptr.hoverTerr >= 0 {
		// The territory's public facts; in try mode, whether the group
		// picked could move there.
		return ui.TipInside(a.f.sh.Board.Table.TerritoryTip(board.TerrID(a.ptr.hoverTerr), a.ptr.x, a.ptr.y, a.f.sh.Message), a.f.canvas)
	}
	return nil
}

// pageView is what the page's state() adds for touch (the browser's
// tests read it): the board's zoom (0: no board), the tooltip shown
// ("": none; its lines joined by spaces) and the board's viewport on the
// base canvas.
func (a *App) pageView() (zoom float64, tip string, vp ui.Rect) {
	if a.f.board != nil && a.f.boardInput() {
		zoom, vp = a.f.board.Camera.Zoom(), a.f.board.Camera.Viewport()
	}
	var lines []string
	for _, w := range a.tips() {
		if w.Kind == ui.WText && w.Text != "" {
			lines = append(lines, w.Text)
		}
	}
	return zoom, strings.Join(lines, " "), vp
}

// terrPoints is a point (base canvas) inside each territory as the board
// is now drawn, where a click lands on that territory (byclicks.Points).
func (a *App) terrPoints() map[int][2]float64 {
	if a.f.board == nil {
		return map[int][2]float64{}
	}
	return byclicks.Points(a.f.board.Camera)
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
