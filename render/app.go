// Package render is the painter of No True King — Ebitengine drawing of
// widget lists (package ui) and of the board from read-only views — and,
// until it moves to a package of its own, the desktop app: the window,
// its input and its scenes (start, hand-off curtain, table, game over,
// replay, spectator, sandbox). The table's logic and widgets are package
// table's and the window's vocabulary package ui's, both plain Go that
// test without a display; the app reaches the table only through its
// exported API.
package render

import (
	"errors"
	"fmt"
	"image"
	"math"
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"notrueking/session"
	"notrueking/store"
	"notrueking/table"
	"notrueking/ui"
)

// Options configure the app. Zero values mean defaults.
type Options struct {
	// Map is the map name ("standard") or a map file path; "" = standard.
	Map string
	// Seed is the game's seed when SeedSet: a tester's game, and the
	// window says so. Otherwise each game draws a secret seed from
	// crypto/rand, shown only on the end screen.
	Seed    uint64
	SeedSet bool
	// Players are the player names; their number is the default player count.
	Players []string
	// Width, Height of the window; 0 = 1600×900.
	Width, Height int
	// Title of the window; "" = "No True King".
	Title string
	// RecordPath, when set, is rewritten atomically with the game's record
	// (map, seed, players, every action; see docs/records.md) after every
	// applied action, so a tester can replay the game with "run". The first
	// write never replaces an existing file: a later game (New game after
	// the end) records into the next free name, e.g. game-2.ntk.
	RecordPath string
	// Saves is where every game is autosaved after each action and where
	// the start screen finds games to continue; nil = no autosave (Run
	// opens the default folder, see store.DefaultDir).
	Saves store.Store
	// Load is a record or save file to resume at once.
	Load string
	// Quick skips the start screen: the game begins at once with Map,
	// Players (default four) and Seed.
	Quick bool
	// Bots are the seats' players, seat by seat: Human or a bots.Level
	// (missing seats are human); BotPause the pause between two bot
	// moves (0 = the default). See botseats.go.
	Bots     []int
	BotPause time.Duration
	// Scenario is a scenario file to open at once (a position to play
	// from; see position.go). PositionsDir is where "Save position as
	// scenario" writes; "" = store.PositionsDir.
	Scenario     string
	PositionsDir string
	// Replay is a record or save file to open in the replay viewer
	// (replay.go): the game is only watched, never played on.
	Replay string
	// Presenter options (docs/presenting.md; presenter.go, overlay.go).
	// CanvasW×CanvasH, when set (1280×720 or 1920×1080), is the fixed
	// picture the app draws, shown in the window scaled by a whole factor
	// (nearest neighbour, centred, black bars) for sharp capture.
	CanvasW, CanvasH int
	// LargeText draws every text larger where its widget has room.
	LargeText bool
	// Clean leaves the menus out (undo, redo, help, hint, the board's
	// zoom buttons, key labels, the tester badge); the keys still work.
	Clean bool
	// Overlay, when set, is rewritten atomically after every action with
	// the game's public facts as JSON (and its .txt sibling as text).
	Overlay string
	// Spectate, when set, opens the spectator window instead (spectate.go):
	// it follows this record or save file (or SpectateLatest: the newest
	// save) and shows the public view only; it writes nothing.
	Spectate string
	// Sandbox opens the sandbox at once on the initial position of Map
	// and Players (sandbox.go).
	Sandbox bool
}

// newGameFunc builds a game for a map name, player names and seed.
type newGameFunc func(mapName string, players []string, seed uint64) (play, error)

// Run opens the window and runs the app until it is closed.
func Run(opts Options) error {
	if err := checkPlatform(opts); err != nil {
		return err
	}
	if opts.Spectate != "" {
		return runSpectator(opts)
	}
	var storeErr error
	if opts.Saves == nil {
		d, err := openSaves()
		if err != nil {
			storeErr = err
		} else {
			opts.Saves = d
		}
	}
	a, err := newApp(opts, defaultNewGame)
	if err != nil {
		return err
	}
	if storeErr != nil {
		a.storeErr = fmt.Errorf("games cannot be saved: %v", storeErr)
	}
	if ms := shippedMaps(); len(ms) > 0 {
		a.start.setMaps(ms, opts.Map)
		a.rebuild()
	}
	switch {
	case opts.Replay != "":
		if err := a.openReplay(opts.Replay); err != nil {
			return err
		}
	case opts.Load != "":
		if err := a.loadFile(opts.Load); err != nil {
			return err
		}
	case opts.Scenario != "":
		if err := a.loadScenario(opts.Scenario); err != nil {
			return err
		}
	case opts.Sandbox:
		a.sandboxFromStart()
		if a.start.msg != "" {
			return errors.New(a.start.msg)
		}
	case opts.Quick:
		a.startGame()
		if a.start.msg != "" {
			return errors.New(a.start.msg)
		}
	}
	// Closing the window is ours to handle: the game is saved first.
	ebiten.SetWindowClosingHandled(true)
	t := "No True King"
	if opts.Replay != "" {
		t += " — replay of " + filepath.Base(opts.Replay)
	}
	return openWindow(a, opts, t)
}

// openWindow runs a in its window: opts.Width×opts.Height, or else the
// canvas's size (-canvas) or the base size, made to fit the monitor;
// titled opts.Title, or else title.
func openWindow(a *App, opts Options, title string) error {
	w, h := opts.Width, opts.Height
	if w <= 0 || h <= 0 {
		mw, mh := 0, 0
		if m := ebiten.Monitor(); m != nil {
			mw, mh = m.Size()
		}
		cw, ch := ui.BaseW, ui.BaseH
		if opts.CanvasW > 0 && opts.CanvasH > 0 {
			cw, ch = opts.CanvasW, opts.CanvasH // one canvas pixel a window pixel, where it fits
		}
		w, h = fitWindow(cw, ch, mw, mh)
	}
	if opts.Title != "" {
		title = opts.Title
	}
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowTitle(title)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)
	return runGame(a)
}

// fitWindow is the window's first size: w×h, made smaller (same shape)
// when the monitor (mw×mh, 0 when unknown) would not hold it with room
// for a title bar and a task bar — on a 1280×720 laptop a 1600×900
// window ran off the screen and hid the right-hand panels.
func fitWindow(w, h, mw, mh int) (int, int) {
	if mw <= 0 || mh <= 0 {
		return w, h
	}
	s := math.Min(1, math.Min(0.96*float64(mw)/float64(w), 0.88*float64(mh)/float64(h)))
	return int(float64(w) * s), int(float64(h) * s)
}

// scene names a screen of the app. Each has a sceneHandler (scenes.go);
// App.scene says which one is up.
type scene int

const (
	sceneStart scene = iota
	sceneCurtain
	sceneTable
	sceneEnd
	sceneReplay   // the replay viewer (replay.go)
	sceneSpectate // the spectator window (spectate.go)
	sceneSandbox  // edit a position, then play from it (sandbox.go)
)

// App is the ebiten.Game of No True King.
type App struct {
	opts Options
	// The game's autosave (nil without a store or for a scripted engine),
	// whether it is a tester's game, and the map name its record gives.
	sess    *session.Session
	play    play // the game on the table
	tester  bool
	mapName string
	mapSum  string // SHA-256 of a map file ("" for a shipped map)
	// storeErr is why the saves folder could not be opened.
	storeErr error
	// The record file (-record) of this game: recPath once written (the
	// first write picks a free name), recErr the last write's failure.
	recPath  string
	recorded int // actions in the record file; -1 none written
	recErr   error
	// closeRefused is set when a close was refused because the save
	// failed: the next close quits anyway.
	closeRefused bool
	// behind is the public table drawn under the hand-off curtain (never
	// hit-tested: the curtain takes every click).
	behind  []ui.Widget
	newGame newGameFunc
	p       *painter

	scene   scene
	scenes  map[scene]sceneHandler
	start   *startUI
	tbl     *table.Table
	curtain int // seat the curtain waits for
	// bots drives the seats played by bots (nil when all are human).
	bots *botSeats
	// help is set while the help overlay is open, tools while the Tools
	// menu is (tools.go); ws[modal:] are then the only widgets that take
	// clicks and keys.
	help  bool
	tools bool
	modal int
	built scene // the scene a.ws was built for
	// fullscreen toggles the window's fullscreen (ebiten's, or a test's).
	fullscreen func()

	w, h  int
	sc    ui.Scaler
	ws    []ui.Widget
	hover int
	dirty bool
	// hoverTerr is the territory under the pointer (table only), -1 none;
	// mx, my the pointer in base coordinates.
	hoverTerr int
	mx, my    float64
	// sceneImg caches the scene without hover effects; stale marks it for
	// redrawing after a state change. Pointer moves then cost one blit.
	sceneImg *ebiten.Image
	stale    bool
	// bv is the board view (camera) of the table: see boardinput.go.
	bv *boardView
	// framed is set once the first frame is drawn (TraceFirstFrameEnv).
	framed bool
	// scale is the monitor's device scale factor (Layout).
	scale deviceScale
	// scenarioPath is the scenario file the game on the table was opened
	// from (or whose start its record file names); recScen and recScenSum
	// are the scenario line of its record file once written.
	scenarioPath        string
	recScen, recScenSum string
	// rp is the replay viewer's game (replay.go), nil when none is open.
	rp *replayView
	// present is the fixed canvas's state (-canvas, presenter.go); keysOnly
	// the buttons a clean layout leaves out, whose keys still work.
	present  presentState
	keysOnly []ui.Widget
	// What the -overlay file was last written from, and the last write's error.
	overlayAt  overlayAt
	overlayErr error
	// spec follows the game file of the spectator window (spectate.go).
	spec *spectator
	// sandbox is the position being edited in sceneSandbox (sandbox.go).
	sandbox *sandboxUI
	// armed is a tool that shows every secret, asked for once at this
	// position in a game that is not a tester's (secretTool).
	armed armedTool
}

func newApp(opts Options, ng newGameFunc) (*App, error) {
	p, err := newPainter()
	if err != nil {
		return nil, err
	}
	p.large = opts.LargeText
	a := &App{opts: opts, newGame: ng, p: p, hover: -1, hoverTerr: -1, dirty: true, w: ui.BaseW, h: ui.BaseH}
	a.sc = ui.NewScaler(a.w, a.h)
	a.scenes = map[scene]sceneHandler{
		sceneStart:   startScene{a},
		sceneCurtain: curtainScene{a},
		sceneTable:   tableScene{a},
		sceneEnd:     endScene{a},
		sceneReplay:  replayScene{a},
		// The spectator window's one scene (spectate.go).
		sceneSpectate: spectateScene{a},
		sceneSandbox:  sandboxScene{a},
	}
	a.fullscreen = func() { ebiten.SetFullscreen(!ebiten.IsFullscreen()) }
	a.start = newStartUI(opts)
	a.refreshContinues()
	a.rebuild()
	if appMade != nil {
		appMade(a)
	}
	return a, nil
}

// appMade, when set, is called with every new App: the tests release the
// textures of a test's apps when it ends (release.go), rather than when
// a collection finds them.
var appMade func(*App)

// cur is the handler of the scene that is up.
func (a *App) cur() sceneHandler { return a.scenes[a.scene] }

// namedKeys are the keys the app answers besides text, by name.
var namedKeys = []struct {
	k    ebiten.Key
	name string
}{
	{ebiten.KeySpace, "Space"}, {ebiten.KeyF1, "F1"}, {ebiten.KeyF2, "F2"}, {ebiten.KeyF11, "F11"},
	{ebiten.KeyArrowLeft, "Left"}, {ebiten.KeyArrowRight, "Right"}, {ebiten.KeyArrowUp, "Up"}, {ebiten.KeyArrowDown, "Down"},
	{ebiten.KeyDigit1, "1"}, {ebiten.KeyDigit2, "2"}, {ebiten.KeyDigit3, "3"}, {ebiten.KeyDigit4, "4"}, {ebiten.KeyDigit5, "5"},
	{ebiten.KeyDigit6, "6"}, {ebiten.KeyDigit7, "7"}, {ebiten.KeyDigit8, "8"}, {ebiten.KeyDigit9, "9"},
	{ebiten.KeyS, "S"}, {ebiten.KeyH, "H"},
	// The replay viewer's (replay.go).
	{ebiten.KeyHome, "Home"}, {ebiten.KeyEnd, "End"}, {ebiten.KeyPageUp, "PgUp"}, {ebiten.KeyPageDown, "PgDn"},
	{ebiten.KeyDigit0, "0"}, {ebiten.KeyR, "R"},
	{ebiten.KeyE, "E"}, {ebiten.KeyP, "P"}, {ebiten.KeyT, "T"},
}

func readInput(sc ui.Scaler) ui.Input {
	cx, cy := ebiten.CursorPosition()
	x, y := sc.ToBase(float64(cx), float64(cy))
	in := ui.Input{X: x, Y: y, Click: inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)}
	in.Chars = ebiten.AppendInputChars(nil)
	in.Backspace = repeating(ebiten.KeyBackspace)
	in.Tab = inpututil.IsKeyJustPressed(ebiten.KeyTab)
	in.Enter = inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter)
	in.Escape = inpututil.IsKeyJustPressed(ebiten.KeyEscape)
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	for _, nk := range namedKeys {
		if inpututil.IsKeyJustPressed(nk.k) || (nk.name == "Left" || nk.name == "Right") && repeating(nk.k) {
			if ctrl && len(nk.name) == 1 {
				continue // Ctrl+digit is no digit
			}
			in.Keys = append(in.Keys, nk.name)
		}
	}
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyZ) {
		in.Keys = append(in.Keys, "Ctrl+Z")
	}
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyY) {
		in.Keys = append(in.Keys, "Ctrl+Y")
	}
	if ctrl && inpututil.IsKeyJustPressed(ebiten.KeyS) {
		in.Keys = append(in.Keys, "Ctrl+S")
	}
	_, in.Wheel = ebiten.Wheel()
	in.Right = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight)
	in.Shift = ebiten.IsKeyPressed(ebiten.KeyShift)
	readBoardInput(&in)
	return in
}

func repeating(k ebiten.Key) bool {
	d := inpututil.KeyPressDuration(k)
	return d == 1 || (d > 30 && d%4 == 0)
}

// Update reads the input once and changes state; it never draws.
func (a *App) Update() error {
	if ebiten.IsWindowBeingClosed() && a.closeWindow() {
		return ebiten.Termination
	}
	a.handle(readInput(a.sc))
	if a.botTick(time.Now()) {
		a.rebuild()
		a.dirty, a.stale = true, true
	}
	if a.spectateTick(time.Now()) {
		a.rebuild()
		a.dirty, a.stale = true, true
	}
	return nil
}

// live is the part of the widget list that takes clicks and keys: the
// help overlay alone while it is open.
func (a *App) live() ([]ui.Widget, int) {
	if (a.help || a.tools) && a.modal <= len(a.ws) {
		return a.ws[a.modal:], a.modal
	}
	return a.ws, 0
}

// hit is the target and widget index under (x, y) among the live widgets.
func (a *App) hit(x, y float64) (ui.Target, int) {
	ws, off := a.live()
	t, i := ui.HitTest(ws, x, y)
	if i >= 0 {
		i += off
	}
	return t, i
}

// handle applies one input snapshot (separate from Update for tests):
// keys first (the app's own, then the scene's, then the key of a button),
// then the click.
func (a *App) handle(in ui.Input) {
	if a.built != a.scene {
		a.rebuild() // the scene changed outside handle (a load, a test)
	}
	if a.boardInput(in) {
		in.Click = false // the board took the press (a drag, or a click on release)
	}
	_, hv := a.hit(in.X, in.Y)
	if hv != a.hover {
		a.hover = hv
		a.dirty = true
	}
	ht := -1
	if (a.boardLive() || a.scene == sceneSpectate && !a.spectateOver()) && hv < 0 && !a.help {
		ht = a.boardHit(in.X, in.Y)
	}
	if ht != a.hoverTerr || (ht >= 0 && (in.X != a.mx || in.Y != a.my)) {
		a.hoverTerr = ht
		a.dirty = true
	}
	if ui.TipIndex(a.ws, in.X, in.Y) != ui.TipIndex(a.ws, a.mx, a.my) {
		a.dirty = true
	}
	a.mx, a.my = in.X, in.Y
	changed := false
	var rest []string
	switch {
	case in.Has("F1"):
		a.do(ui.Command{Kind: ui.CmdHelp})
		changed = true
	case a.help:
		if in.Escape {
			a.do(ui.Command{Kind: ui.CmdCancel})
			changed = true
		}
	case a.tools && (in.Escape || in.Has("F2")):
		a.tools = false
		changed = true
	default:
		var ch bool
		rest, ch = a.cur().keys(in)
		changed = changed || ch
	}
	if in.Has("F11") {
		a.do(ui.Command{Kind: ui.CmdFullscreen})
	}
	for _, k := range rest {
		if t, ok := a.keyTarget(k); ok {
			a.press(t)
			changed = true
		}
	}
	if in.Click {
		t, _ := a.hit(in.X, in.Y)
		if t.Kind == ui.TNone && a.boardLive() && !a.help {
			if tr := a.boardHit(in.X, in.Y); tr >= 0 {
				t = ui.Target{Kind: ui.TTerritory, Terr: tr}
			}
		}
		a.press(t)
		changed = true
	}
	if changed {
		a.rebuild()
		a.dirty, a.stale = true, true
	}
}

// keyTarget is the target of the live button that shows key k.
func (a *App) keyTarget(k string) (ui.Target, bool) {
	ws, _ := a.live()
	for i := len(ws) - 1; i >= 0; i-- {
		if w := ws[i]; w.Key == k && !w.Disabled && w.T.Kind != ui.TNone {
			return w.T, true
		}
	}
	if !a.help {
		// A clean layout's hidden buttons keep their keys.
		for i := len(a.keysOnly) - 1; i >= 0; i-- {
			if w := a.keysOnly[i]; w.Key == k && !w.Disabled && w.T.Kind != ui.TNone {
				return w.T, true
			}
		}
	}
	return ui.Target{}, false
}

// press carries out a clicked (or keyed) target: a command of the app, or
// a target for the scene.
func (a *App) press(t ui.Target) {
	if t.Kind == ui.TButton && t.Cmd.Kind != ui.CmdNone {
		a.do(t.Cmd)
		return
	}
	if a.help {
		return
	}
	a.clickOn(t)
}

// do carries out a command: the app's own (help, fullscreen), or the
// scene's.
func (a *App) do(c ui.Command) {
	if c.Kind != ui.CmdTools {
		a.tools = false // an entry of the Tools menu (or anything else) closes it
	}
	switch {
	case c.Kind == ui.CmdHelp:
		a.help, a.tools = !a.help, false
		return
	case c.Kind == ui.CmdTools && !a.help:
		a.tools = !a.tools && a.scene == sceneTable
		return
	case c.Kind == ui.CmdSavePosition && !a.help && a.scene == sceneTable:
		a.savePosition()
		return
	case c.Kind == ui.CmdFullscreen:
		if a.fullscreen != nil {
			a.fullscreen()
		}
		return
	case c.Kind == ui.CmdHint && !a.help:
		a.askHint()
		return
	case a.help && c.Kind == ui.CmdCancel:
		a.help = false
		return
	case a.help:
		return
	}
	a.cur().do(c)
}

// boardHit maps a base point to the territory drawn there, or -1.
func (a *App) boardHit(x, y float64) int {
	if v := a.board(); v != nil {
		return v.Hit(x, y)
	}
	return -1
}

// layout is the table's layout for the game on the table.
func (a *App) layout() table.Layout {
	if a.tbl == nil {
		return table.NewLayout(0, 0, 4, 4)
	}
	m := a.tbl.Map()
	return table.NewLayout(m.Grid.W, m.Grid.H, len(a.tbl.Seats()), len(m.Houses))
}

// clickOn hands a click on target t to the scene: a command, or a target
// of the scene (slot, token, territory).
func (a *App) clickOn(t ui.Target) {
	if t.Kind == ui.TButton && t.Cmd.Kind != ui.CmdNone {
		a.do(t.Cmd)
		return
	}
	a.cur().click(t)
}

// afterAction moves to the curtain or the end when the seat to act changed.
func (a *App) afterAction() {
	a.saveOverlay()
	if a.tbl.Holding() {
		return // a drawn card or a combat's result waits for Continue
	}
	if a.tbl.Game().Over() {
		a.tbl.Hide()
		a.scene = sceneEnd
		return
	}
	if a.botsAfterAction() {
		return
	}
	if ta := a.tbl.Game().ToAct(); ta != a.tbl.Shown() {
		a.tbl.Hide()
		a.curtain = ta
		a.scene = sceneCurtain
	}
}

func (a *App) startGame() {
	names := a.start.playerNames()
	seed := a.start.seed()
	eng, err := a.newGame(a.start.mapID(), names, seed)
	if err != nil {
		a.start.msg = err.Error()
		return
	}
	a.tester = a.start.tester
	a.mapName, a.mapSum = mapIdentity(a.start.mapID(), eng.on.Map())
	a.bots = a.newBotDriver(len(names), seed)
	a.begin(eng, seed)
}

// begin puts a new game on the table, behind the first curtain; a rules
// game is autosaved from now on (a new save) when the app has a store.
func (a *App) begin(p play, seed uint64) {
	if p.game != nil && a.opts.Saves != nil && a.sess == nil {
		a.sess = session.New(a.opts.Saves, store.NewID(time.Now()), p.game, a.mapName, a.tester)
		a.sess.MapSum = a.mapSum
		a.sess.Round = publicRound
		a.bots.keepIn(a.sess)
		if err := sessionStart(a.sess, p.game); err != nil {
			// Never a save that would not replay.
			a.sess, a.storeErr = nil, fmt.Errorf("the game's start position cannot be saved: %v", err)
		} else {
			a.sess.Save()
		}
	}
	if a.sess != nil {
		p = playSaved(a.sess)
	}
	a.play = p
	o := table.Options{Seed: seed, Tester: a.tester, Players: a.bots.seatNames(), LargeLog: a.opts.LargeText}
	if !a.tester {
		// The shuffle button must not leak the secret seed either.
		o.Shuffle = secretSeed()
	}
	a.tbl = table.New(p.on, o)
	a.recPath, a.recorded, a.recErr = "", -1, nil
	a.recScen, a.recScenSum = "", ""
	a.saveRecord()
	a.scene = sceneTable
	a.afterAction()
	a.rebuild()
	a.dirty, a.stale = true, true
}

// rebuild recomputes the widget list of the current scene, with the
// banners and the help overlay on top.
func (a *App) rebuild() {
	a.ws = a.cur().widgets()
	if a.scene == sceneCurtain {
		a.behind = nil
		if a.tbl != nil && a.tbl.Shown() < 0 {
			a.behind = a.tbl.Widgets(a.layout())
			a.presentWidgets(&a.behind)
		}
	}
	if a.tester && !a.opts.Clean && a.tbl != nil && (a.scene == sceneTable || a.scene == sceneCurtain) {
		// In the top bar, between the prompt and the round: it covers no
		// board (on the board it hid Castle Black's name).
		a.ws = append(a.ws, ui.Widget{R: table.TesterBadge, Kind: ui.WBox, Text: table.TesterText(a.tbl.Seed()), Size: 15, Bold: true, Fill: ui.ColWarn, Ink: ui.ColText,
			Tip: "A tester's game: its seed was given, so its shuffles are no secret."})
	}
	if head, detail := a.banner(); head != "" {
		// Over the foot of the board (above the title of the start
		// screen), in every scene, until a write succeeds.
		r := ui.Rect{X: 450, Y: 6, W: 700, H: 56}
		if a.tbl != nil && a.scene != sceneStart {
			b := a.layout().Board
			r = ui.Rect{X: b.X, Y: b.Y + b.H - 58, W: b.W, H: 56}
		}
		a.ws = append(a.ws, ui.Widget{R: r, Kind: ui.WPanel, Fill: ui.ColWarn, Edge: ui.ColText},
			ui.Widget{R: ui.Rect{X: r.X + 10, Y: r.Y + 6, W: r.W - 20, H: 22}, Kind: ui.WText, Text: head, Size: 16, Bold: true, Ink: ui.ColText},
			ui.Text(ui.Rect{X: r.X + 10, Y: r.Y + 30, W: r.W - 20, H: 20}, detail, 15, ui.ColText))
	}
	if a.scene == sceneTable {
		a.ws = a.botWidgets(a.ws)
	}
	a.keysOnly = a.presentWidgets(&a.ws)
	a.built = a.scene
	a.modal = len(a.ws)
	if a.tools && a.scene != sceneTable {
		a.tools = false
	}
	if a.tools && !a.help {
		a.ws = append(a.ws, table.ToolsWidgets(a.layout())...)
	}
	if a.help {
		// A layer: the text of the widgets under the overlay does not
		// show through it.
		a.ws = append(a.ws, ui.Widget{Kind: ui.WLayer})
		keys := ui.HelpKeys
		if a.scene == sceneSpectate {
			keys = ui.SpectatorHelpKeys
		}
		hw := ui.HelpWidgets(keys)
		if a.p.large {
			a.p.largeSizes(hw)
		}
		a.ws = append(a.ws, hw...)
	}
	_, a.hover = a.hit(a.mx, a.my)
}

// Draw draws only when something changed: the scene (cached) after a
// state change, the hover effects and tooltip on top of it after a pointer
// move.
func (a *App) Draw(screen *ebiten.Image) {
	defer firstFrameDone(&a.framed)
	if a.opts.CanvasW > 0 && a.opts.CanvasH > 0 {
		a.drawCanvas(screen)
		return
	}
	b := screen.Bounds()
	if b.Dx() != a.w || b.Dy() != a.h || a.sceneImg == nil {
		a.w, a.h = b.Dx(), b.Dy()
		a.sc = ui.NewScaler(a.w, a.h)
		if a.sceneImg != nil {
			a.sceneImg.Deallocate()
		}
		// Its own texture of the window's size: on Ebitengine's shared
		// atlas a window-sized image makes a page of the next power of
		// two, most of it unused.
		a.sceneImg = ebiten.NewImageWithOptions(image.Rect(0, 0, a.w, a.h), &ebiten.NewImageOptions{Unmanaged: true})
		a.dirty, a.stale = true, true
	}
	if !a.dirty {
		return
	}
	if a.stale {
		a.drawScene(a.sceneImg, -1)
		a.stale = false
	}
	screen.DrawImage(a.sceneImg, nil)
	a.drawHover(screen)
	a.dirty = false
}

// drawTo draws the whole scene with hover effects into dst (any size).
func (a *App) drawTo(dst *ebiten.Image) {
	a.drawScene(dst, a.hover)
	sc := ui.NewScaler(dst.Bounds().Dx(), dst.Bounds().Dy())
	a.p.drawWidgets(dst, sc, a.tips(), -1)
	a.p.flushText(dst)
}

// tips is the tooltip to draw now: the widget's under the pointer, or the
// territory's.
func (a *App) tips() []ui.Widget {
	if i := ui.TipIndex(a.ws, a.mx, a.my); i >= 0 && !a.help {
		return ui.TooltipFor(a.ws, i, a.msgRect())
	}
	if (a.boardLive() || a.scene == sceneSpectate) && a.hoverTerr >= 0 && !a.help {
		// The territory's public facts; in try mode, whether the group
		// picked could move there.
		return a.boardUI().TerritoryTip(a.hoverTerr, a.mx, a.my, a.msgRect())
	}
	return nil
}

// msgRect is the refusal/message line no tooltip may cover.
func (a *App) msgRect() ui.Rect {
	if a.scene == sceneTable && a.tbl != nil {
		return a.layout().Message
	}
	return ui.Rect{}
}

// drawScene draws the scene into dst; hover is the widget drawn hovered.
func (a *App) drawScene(dst *ebiten.Image, hover int) {
	b := dst.Bounds()
	sc := ui.NewScaler(b.Dx(), b.Dy())
	a.p.sweep()
	dst.Fill(ui.ColBG)
	if a.cur().board() {
		a.drawBoardIn(dst, sc, a.scene == sceneTable || a.scene == sceneEnd || a.scene == sceneSpectate)
		a.p.flushText(dst)
	}
	if a.scene == sceneCurtain && a.behind != nil {
		// Behind the curtain the table stays in view, public facts only
		// (no seat is shown), so onlookers and a stream keep the board.
		a.p.drawWidgets(dst, sc, a.behind, -1)
		a.p.flushText(dst)
	}
	a.p.drawWidgets(dst, sc, a.ws, hover)
	a.p.flushText(dst)
}

// drawBoardIn draws the board into the scene's board rect: the one call
// site of the board's drawing. live adds the seat's highlights (and a
// hint's). The board view keeps its triangles until what they show
// changes (boardView.Draw).
func (a *App) drawBoardIn(dst *ebiten.Image, sc ui.Scaler, live bool) {
	var hl []bool
	sel := -1
	if live {
		hl, sel = a.tbl.Highlights() // legal targets, a hint's move, try mode's
	}
	u := a.boardUI()
	if a.scene == sceneReplay && a.rp != nil {
		hl, sel = a.rp.boardMarks() // what the shown action touched; nothing is legal
	}
	pub := u.Public()
	a.board().Draw(dst, sc, a.p, &pub, hl, sel)
}

// drawHover draws the hovered widget again, hovered, and the tooltip.
func (a *App) drawHover(dst *ebiten.Image) {
	sc := ui.NewScaler(dst.Bounds().Dx(), dst.Bounds().Dy())
	if h := a.hover; h >= 0 && h < len(a.ws) && a.ws[h].Kind != ui.WText && a.ws[h].Kind != ui.WPanel {
		a.p.drawWidgets(dst, sc, a.ws[h:h+1], 0)
	}
	a.p.drawWidgets(dst, sc, a.tips(), -1)
	a.p.flushText(dst)
}

// Layout makes the screen as many pixels as the window has on the device
// (crisp on high-DPI monitors); the scene scales itself to it.
func (a *App) Layout(w, h int) (int, int) {
	s := a.scale.factor(w, h, time.Now())
	return max(1, int(float64(w)*s)), max(1, int(float64(h)*s))
}

// deviceScale keeps the monitor's device scale factor. Ebitengine calls
// Layout every frame, and ebiten.Monitor() runs on the main thread (a
// switch of threads and requests to the window system each time): asked
// every frame, it made the idle table cost about a quarter more CPU than
// a bare window. It is asked again when the window's size changes and at most
// once a second otherwise (a window moved to a monitor of another scale).
type deviceScale struct {
	w, h  int
	s     float64
	asked time.Time
	// monitor asks the factor (nil: Ebitengine's current monitor).
	monitor func() float64
}

func (d *deviceScale) factor(w, h int, now time.Time) float64 {
	if d.s > 0 && w == d.w && h == d.h && now.Sub(d.asked) < time.Second && !now.Before(d.asked) {
		return d.s
	}
	ask := d.monitor
	if ask == nil {
		ask = monitorScale
	}
	d.w, d.h, d.s, d.asked = w, h, ask(), now
	if d.s <= 0 {
		d.s = 1
	}
	return d.s
}

// monitorScale is the device scale factor of the window's monitor (0 when
// there is none).
func monitorScale() float64 {
	if m := ebiten.Monitor(); m != nil {
		return m.DeviceScaleFactor()
	}
	return 0
}
