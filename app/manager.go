package app

import (
	"errors"
	"strings"
	"time"

	"notrueking/live"
	"notrueking/render"
	"notrueking/table"
	"notrueking/ui"
)

// The scene manager, after Ebitengine's examples/blocks: one scene is up;
// the manager hands it the input, its tick and the build of what it
// shows, and a scene changes scenes by calling GoTo on the Context it is
// given. No code but the manager's asks which scene is up. Which scene
// goes to which is drawn in docs/architecture.md ("The window in three
// rooms"). A new scene is a type in a file of its own that implements
// Scene and is reached by GoTo from the scene that opens it.

// Scene is one screen of the app. It holds its own state.
type Scene interface {
	// Show is what the scene shows, built from its state after every
	// change.
	Show(c *Context) Shown
	// Keys takes the keys the scene answers itself and returns the
	// others, for the buttons that show them; changed reports a change.
	Keys(in ui.Input, c *Context) (rest []ui.Key, changed bool)
	// Do carries out a command (a button's or a key's).
	Do(cmd ui.Command, c *Context)
	// Click handles a click on a target that carries no command: a slot,
	// a token, a territory.
	Click(t ui.Target, c *Context)
	// Tick runs once per frame (bots, a followed file): it reports a
	// change to show.
	Tick(now time.Time, c *Context) bool
}

// Shown is what a scene shows, and what the app around it needs to know
// of it.
type Shown struct {
	// Widgets are drawn and hit-tested.
	Widgets []ui.Widget
	// Over are an overlay's widgets (help, the Tools menu), on top of
	// Widgets: while there are any, only they take the pointer and the
	// keys, and the board takes none.
	Over []ui.Widget
	// Behind are drawn under Widgets and never hit (the public table
	// behind the hand-off curtain).
	Behind []ui.Widget
	// Board is the board under the widgets, nil for none.
	Board *BoardShown
	// Message is the message line no tooltip may cover (zero: none).
	Message ui.Rect
	// Banner is where a write failure's banner goes (zero: over the start
	// screen's title).
	Banner ui.Rect
	// Live is the game being played that the scene shows or returns to
	// (nil for none): its write failures are shown in the banner, and
	// closing the window saves it.
	Live *live.Game
	// Unsaved are other write failures to show (the spectator's overlay).
	Unsaved []error
}

// BoardShown is the board a scene shows: table Table's map and public
// view in Area, Lit the territories lit up, Sel the one selected (-1 for
// none); Input says it takes the pointer (zoom, pan, a territory's
// tooltip and clicks).
type BoardShown struct {
	Table *table.Table
	Area  ui.Rect
	Lit   []bool
	Sel   int
	Input bool
}

// still gives a scene that needs none the methods that do nothing.
type still struct{}

func (still) Click(ui.Target, *Context)                     {}
func (still) Tick(time.Time, *Context) bool                 { return false }
func (still) Do(ui.Command, *Context)                       {}
func (still) Keys(in ui.Input, _ *Context) ([]ui.Key, bool) { return in.Pressed(), false }

// Context is what a scene is given: the way to another scene (GoTo) and
// what the app shares with every scene.
type Context struct {
	app  *App
	goTo func(Scene)
}

// GoTo makes s the scene that is up.
func (c *Context) GoTo(s Scene) { c.goTo(s) }

// under is a context for a scene covered by an overlay: its GoTo
// replaces the covered scene and keeps the overlay up.
func (c *Context) under(set func(Scene)) *Context { return &Context{app: c.app, goTo: set} }

// ctx is the manager's context.
func (a *App) ctx() *Context { return &Context{app: a, goTo: a.mgr.goTo} }

// sceneManager holds the scene that is up.
type sceneManager struct {
	cur Scene
	// switched is set by a change of scene: what is shown is built again.
	switched bool
}

func (m *sceneManager) goTo(s Scene) {
	if s != m.cur {
		m.cur, m.switched = s, true
	}
}

func (m *sceneManager) tick(now time.Time, c *Context) bool {
	return m.cur.Tick(now, c) || m.switched
}

// keys, click and do hand the input to the scene that is up.
func (m *sceneManager) keys(in ui.Input, c *Context) ([]ui.Key, bool) { return m.cur.Keys(in, c) }
func (m *sceneManager) click(t ui.Target, c *Context)                 { m.cur.Click(t, c) }
func (m *sceneManager) do(cmd ui.Command, c *Context)                 { m.cur.Do(cmd, c) }

// An overlay is a scene over another, which it covers: help, the Tools
// menu, the scenario browser.
type overlay interface{ covers() Scene }

func (h *helpScene) covers() Scene     { return h.under }
func (t *toolsScene) covers() Scene    { return t.under }
func (s *scenarioScene) covers() Scene { return s.under }

// covered is the scene the overlays over s cover (s when it is none).
func covered(s Scene) Scene {
	for o, ok := s.(overlay); ok; o, ok = s.(overlay) {
		s = o.covers()
	}
	return s
}

// toggleHelp opens the help overlay over the scene that is up (closing
// the Tools menu or the scenario browser), or closes it.
func (m *sceneManager) toggleHelp() {
	if h, ok := m.cur.(*helpScene); ok {
		m.goTo(h.under)
		return
	}
	m.goTo(&helpScene{under: covered(m.cur)})
}

// name names the scene up for the browser page (web/web_test.go): the
// scene an overlay covers, "table" for the table under a notice or in try
// mode; "" for none the page tells.
func (m *sceneManager) name() string {
	switch o := covered(m.cur).(type) {
	case *startScene:
		return "start"
	case *curtainScene:
		return "curtain"
	case *tableScene:
		return "table"
	case *endScene:
		return "end"
	case *replayScene:
		return "replay"
	case *sandboxScene:
		return "sandbox"
	case *spectateScene:
		if o.s.Game() == nil {
			return "spectate-wait"
		}
		return "spectate"
	case *joinWait:
		return "joining"
	}
	return ""
}

// frame is the scene up as last built: what is drawn and hit-tested.
type frame struct {
	sh Shown
	// ws are the scene's widgets, decorated (banner, presenter options),
	// then an overlay's; ws[modal:] take clicks and keys.
	ws    []ui.Widget
	modal int
	// behind is the scene's Behind, with the presenter options applied.
	behind []ui.Widget
	// keysOnly are the buttons a clean layout left out, whose keys still
	// work.
	keysOnly []ui.Widget
	// board is the board as the painter draws it (nil for none).
	board *render.Board
	// canvas is the base canvas the frame is laid out on (ui.Canvas).
	canvas ui.Rect
}

// live is the part of the widget list that takes clicks and keys: an
// overlay's alone while one is up, and the offset of its first.
func (f *frame) live() ([]ui.Widget, int) {
	if f.overlaid() {
		return f.ws[f.modal:], f.modal
	}
	return f.ws, 0
}

// overlaid reports whether an overlay is up.
func (f *frame) overlaid() bool { return f.modal < len(f.ws) }

// boardInput reports whether the board takes the pointer.
func (f *frame) boardInput() bool { return f.board != nil && f.sh.Board.Input && !f.overlaid() }

// frame is what the painter is given.
func (f *frame) frame() *render.Frame {
	return &render.Frame{Board: f.board, Behind: f.behind, Widgets: f.ws, Canvas: f.canvas}
}

// rebuild builds what the scene up shows: its widgets, the banner over
// them, the presenter's options (-large-text, -clean), an overlay's
// widgets on top; the board through the camera.
func (a *App) rebuild() {
	m := &a.mgr
	m.switched = false
	// A phone held upright shows the table, a notice over it and its
	// curtain (no overlay, not try mode) in the portrait layout; every
	// other scene, and the table under them, keeps the landscape canvas.
	var lg *live.Game
	switch s := m.cur.(type) {
	case *tableScene:
		if md := s.lg.Table().Mode(); md == table.ModePlay || md == table.ModeNotice {
			lg = s.lg
		}
	case *curtainScene:
		lg = s.lg
	case *endScene:
		lg = s.lg
	}
	portrait := lg != nil && a.win.portrait
	if old := a.f.sh.Live; old != nil {
		old.Table().SetPortrait(false)
	}
	if lg != nil {
		lg.Table().SetPortrait(portrait)
	}
	sh := m.cur.Show(a.ctx())
	f := frame{sh: sh, ws: sh.Widgets, canvas: ui.Canvas(portrait)}
	a.win.sc = ui.NewScalerFor(a.win.w, a.win.h, f.canvas)
	if sh.Behind != nil {
		f.behind = append([]ui.Widget(nil), sh.Behind...)
		a.presentWidgets(&f.behind)
	}
	if head, detail := a.banner(sh); head != "" {
		// Over the foot of the board (above the title of the start
		// screen), in every scene, until a write succeeds.
		r := sh.Banner
		if r == (ui.Rect{}) {
			r = ui.Rect{X: 450, Y: 6, W: 700, H: 56}
		}
		f.ws = append(f.ws, ui.Widget{R: r, Kind: ui.WPanel, Fill: ui.ColWarn, Edge: ui.ColText},
			ui.Widget{R: ui.Rect{X: r.X + 10, Y: r.Y + 6, W: r.W - 20, H: 22}, Kind: ui.WText, Text: head, Size: 16, Bold: true, Ink: ui.ColText},
			ui.Text(ui.Rect{X: r.X + 10, Y: r.Y + 30, W: r.W - 20, H: 20}, detail, 15, ui.ColText))
	}
	f.keysOnly = a.presentWidgets(&f.ws)
	if portrait && sh.Board != nil {
		f.ws = append(f.ws, a.codesWidgets(sh.Board.Area)...)
	}
	if portrait {
		// A phone's buttons show no key labels (the keys still work).
		f.keysOnly = append(f.keysOnly, ui.DropKeyLabels(f.ws)...)
		ui.DropKeyLabels(f.behind)
	}
	f.modal = len(f.ws)
	f.ws = append(f.ws, sh.Over...)
	// No cut text: a label too wide for its box at the window's scale is
	// shortened here, with an ellipsis and the whole text in its tooltip
	// (built again when the window's scale changes).
	ui.FitLabels(f.ws, a.win.sc.S)
	ui.FitLabels(f.behind, a.win.sc.S)
	if b := sh.Board; b != nil {
		cam := a.camera(b)
		cam.ControlSize = 0
		if portrait {
			cam.ControlSize = 44
		}
		pub := b.Table.Public()
		f.board = &render.Board{Camera: cam, Public: &pub, Lit: b.Lit, Sel: b.Sel, Marks: b.Table.Recent().Marks()}
	}
	a.f = f
	_, a.ptr.hover = a.hit(a.ptr.x, a.ptr.y)
}

// banner is the write failure to keep in view over scene sh: a headline
// and the error, "" when all is saved.
func (a *App) banner(sh Shown) (head, detail string) {
	errs := []error{a.storeErr}
	retry := false
	if sh.Live != nil {
		errs, retry = sh.Live.Unsaved()
	}
	err := errors.Join(append(errs, sh.Unsaved...)...)
	if err == nil {
		return "", ""
	}
	head = "Not saved"
	switch {
	case a.closeRefused:
		head += " — close again to quit anyway"
	case retry:
		head += " — the next action tries again"
	}
	return head, strings.ReplaceAll(err.Error(), "\n", " · ")
}

// camera is the board's camera for b: made on first use and again for a
// new map, its viewport b's area.
func (a *App) camera(b *BoardShown) *ui.Camera {
	m := b.Table.Map()
	if a.cam == nil || a.cam.Map() != m {
		a.cam = ui.NewCamera(m)
		a.cam.NoControls = a.opts.Clean
	}
	a.cam.SetViewport(b.Area)
	return a.cam
}

// helpScene is the help overlay: every key and the rules on one page,
// over the scene it covers, which goes on (bots move, a followed file is
// read) and which it goes back to.
type helpScene struct {
	under Scene
}

func (h *helpScene) Show(c *Context) Shown {
	sh := h.under.Show(c)
	// The keys and gestures of the scene the help covers (ui.Bindings).
	hw := ui.HelpWidgets(ui.HelpKeys(ui.SceneNamed(c.app.mgr.name())))
	if c.app.opts.LargeText {
		c.app.p.LargeSizes(hw)
	}
	// A layer: the text of the widgets under the overlay does not show
	// through it.
	sh.Over = append([]ui.Widget{{Kind: ui.WLayer}}, hw...)
	return sh
}

// Keys: Esc closes the help (F1 is the manager's).
func (h *helpScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	if in.Escape {
		c.GoTo(h.under)
		return nil, true
	}
	return nil, false
}

func (h *helpScene) Do(cmd ui.Command, c *Context) {
	if cmd.Kind == ui.CmdCancel {
		c.GoTo(h.under)
	}
}

func (h *helpScene) Click(ui.Target, *Context) {}

func (h *helpScene) Tick(now time.Time, c *Context) bool {
	return h.under.Tick(now, c.under(func(s Scene) { h.under = s }))
}

// toolsScene is the table's Tools menu (key F2), over the table it came
// from: an entry (or its key) closes it and goes to the table.
type toolsScene struct {
	under Scene
	lg    *live.Game
}

func (t *toolsScene) Show(c *Context) Shown {
	sh := t.under.Show(c)
	sh.Over = table.ToolsWidgets(t.lg.Table().Layout())
	return sh
}

// Keys: Esc and F2 close the menu; the table's keys work on.
func (t *toolsScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	if in.Escape || in.Has(ui.KeyF2) {
		c.GoTo(t.under)
		return nil, true
	}
	return t.under.Keys(in, c)
}

// Do: any command closes the menu; an entry's goes to the table.
func (t *toolsScene) Do(cmd ui.Command, c *Context) {
	c.GoTo(t.under)
	if cmd.Kind != ui.CmdTools {
		t.under.Do(cmd, c)
	}
}

func (t *toolsScene) Click(tg ui.Target, c *Context) { t.under.Click(tg, c) }

func (t *toolsScene) Tick(now time.Time, c *Context) bool { return t.under.Tick(now, c) }

// pageNotice says whether the browser page's own notice line repeats a
// message said on the screen (browser_js.go): only where the screen hides
// it — the hand-off curtain covers the table's message bar. Elsewhere the
// start screen's or the table's message line shows it, and the page would
// say it twice.
func pageNotice(scene string) bool { return scene == "curtain" }
