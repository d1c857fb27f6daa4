// Package app is the application of No True King: the window, its input
// and its scenes — the start screen, the hand-off curtain, the table, a
// combat's result, try mode, the end screen, the replay viewer, the
// sandbox, the spectator window, help and the Tools menu — one type per
// scene, each holding its own state, switched by one scene manager
// (manager.go). The table's logic and widgets are package table's, the
// window's vocabulary package ui's (both plain Go, tested without a
// display), the drawing package render's: a scene builds widgets and a
// board, the painter draws them. What a game writes (its autosave, its
// -record file, its overlay) is written in one place, files.go.
package app

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/hosting"
	"notrueking/render"
	"notrueking/rules"
	"notrueking/spectate"
	"notrueking/start"
	"notrueking/store"
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
	// Variant is the new game's variant as the command line names it
	// ("plain", "citadel"); "" leaves it to the start screen (its toggle,
	// the last setup kept).
	Variant string
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
	// Prefs keeps the window's settings: the start screen's last setup
	// (setup.go). Run opens the default (the configuration folder, the
	// browser's storage) when it is nil; a test's app without one
	// remembers nothing.
	Prefs store.Prefs
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
	// ExportsDir is where the start screen's Export writes saved games;
	// "" = store.ExportsDir (export.go).
	ExportsDir string
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
	// HostAddr is where a hosted game listens (HOST:PORT; "": every
	// address, port 7373 or any free one; network.go).
	HostAddr string
	// HostPage serves the browser page beside a hosted game's WebSocket
	// (internal/site; nil: the page this program carries, if any, else the
	// host says how to get one); NoSpectators refuses spectators.
	HostPage     hosting.Page
	NoSpectators bool
	// Join is a host's join link: the window joins that game as a device
	// (JoinSeat: the seat asked, its conspiracy id; "" any free seat;
	// JoinName: the player's name the host sees).
	Join, JoinSeat, JoinName string
}

// cleanTemps removes what a crash or a kill left of the atomic writes in
// the folders the window writes into besides the saves folder (which
// store.OpenDir cleans): the -record file's, the -overlay file's, the
// saved positions' and the exports'. Only the program's own temporary
// names older than ten minutes go (store.RemoveStaleTemps).
func cleanTemps(opts Options) {
	dirs := []string{}
	for _, p := range []string{opts.RecordPath, opts.Overlay} {
		if p != "" {
			dirs = append(dirs, filepath.Dir(p))
		}
	}
	for _, f := range []struct {
		opt string
		def func() (string, error)
	}{{opts.PositionsDir, store.PositionsDir}, {opts.ExportsDir, store.ExportsDir}} {
		if f.opt != "" {
			dirs = append(dirs, f.opt)
		} else if d, err := f.def(); err == nil {
			dirs = append(dirs, d)
		}
	}
	for _, d := range dirs {
		store.RemoveStaleTemps(d)
	}
}

// newGameFunc builds a game for a map name, player names, seed and
// variant.
type newGameFunc func(mapName string, players []string, seed uint64, v rules.Variant) (*rules.Game, error)

// Run opens the window and runs the app until it is closed. The options
// pick the first scene, once (firstScene).
func Run(opts Options) error {
	if err := CheckPlatform(opts); err != nil {
		return err
	}
	cleanTemps(opts)
	if opts.Spectate != "" || spectate.IsLink(opts.Join) {
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
	if ms := start.ShippedMaps(); len(ms) > 0 {
		a.home.s.SetMaps(ms, opts.Map)
	}
	if a.opts.Prefs == nil && opts.Spectate == "" {
		if p, err := openPrefs(); err == nil {
			a.opts.Prefs = p
		}
	}
	a.home.s.RestoreSetup(a.opts.Prefs, startOptions(a.opts))
	first, err := a.firstScene()
	if err != nil {
		return &SetupError{Err: err}
	}
	a.mgr.goTo(first)
	a.rebuild()
	// Closing the window is ours to handle: the game is saved first.
	ebiten.SetWindowClosingHandled(true)
	t := "No True King"
	if opts.Replay != "" {
		t += " — replay of " + filepath.Base(opts.Replay)
	}
	if opts.Join != "" {
		t += " — joined over the network"
	}
	if err := openWindow(a, opts, t); err != nil {
		a.dropUnshown()
		return err
	}
	return nil
}

// dropUnshown removes what was written for a new game the window was to
// show and never did (it could not open): its save — or Continue would
// offer a game nobody saw — and its -record file. A resumed save, and the
// file a game was loaded from, are left as they were.
func (a *App) dropUnshown() {
	if lg := a.f.sh.Live; lg != nil {
		lg.Discard()
	}
}

// SetupError is Run's refusal of the game its options name (a -load file
// that cannot be opened or read, a save open in another window, a
// scenario or replay that does not load), before any window opens.
type SetupError struct{ Err error }

func (e *SetupError) Error() string { return e.Err.Error() }
func (e *SetupError) Unwrap() error { return e.Err }

// firstScene is the scene the options open: a replay, a saved game, a
// scenario, the sandbox, a quick game, or else the start screen.
func (a *App) firstScene() (Scene, error) {
	c, o := a.ctx(), &a.opts
	switch {
	case o.Join != "":
		return startJoin(a), nil
	case o.Replay != "":
		return openReplay(c, o.Replay)
	case o.Load != "":
		return loadFile(c, o.Load)
	case o.Scenario != "":
		return loadScenario(c, o.Scenario)
	case o.Sandbox:
		return sandboxFromStart(c)
	case o.Quick:
		return startGame(c)
	}
	return a.home, nil
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
	a.win.title, a.win.shownTitle = title, title
	// The window's (and task bar's) icon: the one package icon draws (none
	// in a browser, whose tab shows favicon.svg).
	setWindowIcon()
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

// App is the ebiten.Game of No True King: what every scene shares — the
// options, the saves, the painter and the board's camera, the window —
// and the scene manager. A scene's own state is the scene's.
type App struct {
	opts Options
	// storeErr is why the saves folder could not be opened.
	storeErr error
	newGame  newGameFunc
	p        *render.Painter
	// mgr holds the scene that is up and switches scenes.
	mgr sceneManager
	// home is the start screen: its choices (map, names, bots) are kept
	// between games.
	home *startScene
	// f is the scene up as last built: what is drawn and hit-tested.
	f frame
	// cam is the board's camera (zoom and pan), kept while the map stays.
	cam *ui.Camera
	// ptr is the pointer and what lies under it.
	ptr pointer
	// win is the window: its size, the scene's cached picture, what needs
	// drawing again.
	win window
	// fullscreen toggles the window's fullscreen (ebiten's, or a test's).
	fullscreen func()
	// closeRefused is set when a close was refused because the save
	// failed: the next close quits anyway.
	closeRefused bool
}

// pointer is where the pointer is (base coordinates) and what lies under
// it: the widget hovered and the territory (-1 for none).
type pointer struct {
	x, y      float64
	hover     int
	hoverTerr int
	// down is whether the button (or a finger) was down at the last
	// input; releases counts its releases and the taps (a widget acts on
	// the press, a territory on the release: after a release both are
	// done).
	down     bool
	releases int
	// keyLock: a key pressed a button and a key is still down; no key
	// acts until every key is up.
	keyLock bool
	// touch recognises the fingers' gestures (readTouches); touchIDs and
	// touches are its buffers, (mouseX, mouseY) the cursor last tick;
	// touched: fingers were the last to point (the mouse has not moved
	// since).
	touch          ui.Gestures
	touched        bool
	touchIDs       []ebiten.TouchID
	touches        []ui.Touch
	mouseX, mouseY int
}

// window is the window's state: its size in pixels and the scaler from
// the base canvas; the scene's picture without hover effects (redrawn
// when stale; a pointer move costs one blit); the fixed canvas
// (-canvas); the device scale.
type window struct {
	w, h     int
	sc       ui.Scaler
	sceneImg *ebiten.Image
	present  presentState
	scale    deviceScale
	// dirty: something shown changed; stale: the scene's picture too.
	dirty, stale bool
	// framed is set once the first frame is drawn (TraceFirstFrameEnv).
	framed bool
	// title is the window's own title; shownTitle the one set last; turn
	// is the title "▶ Your turn: … — title" while it is this screen's
	// turn in a game played at several devices (turn.go), else "".
	title, shownTitle, turn string
	// portrait: the window is a phone held upright (ui.IsPortrait): the
	// table takes the portrait layout; codes: its board's legend of the
	// territory codes in view is open.
	portrait, codes bool
}

func newApp(opts Options, ng newGameFunc) (*App, error) {
	p, err := render.NewPainter()
	if err != nil {
		return nil, err
	}
	a := &App{opts: opts, newGame: ng, p: p, ptr: pointer{hover: -1, hoverTerr: -1}}
	a.win.w, a.win.h, a.win.dirty = ui.BaseW, ui.BaseH, true
	a.win.sc = ui.NewScaler(a.win.w, a.win.h)
	a.fullscreen = func() { ebiten.SetFullscreen(!ebiten.IsFullscreen()) }
	a.home = newStartScene(opts)
	a.home.s.Refresh(a.opts.Saves)
	a.mgr.goTo(a.home)
	a.rebuild()
	if appMade != nil {
		appMade(a)
	}
	return a, nil
}

// appMade, when set, is called with every new App: the tests release the
// textures of a test's apps when it ends, rather than when a collection
// finds them.
var appMade func(*App)

// Update reads the input once and changes state; it never draws.
func (a *App) Update() error {
	if ebiten.IsWindowBeingClosed() && a.closeWindow() {
		return ebiten.Termination
	}
	now := time.Now()
	a.handle(readInput(a.win.sc, &a.ptr, a.win.scale.s, now))
	if a.mgr.tick(now, a.ctx()) {
		a.rebuild()
		a.redraw()
	}
	a.flashTitle(now.Unix())
	return nil
}

// closeWindow handles a request to close the window: the game in view is
// saved first. It reports whether to quit: a failed save — or a game in
// progress that nothing holds, with no saves folder and no -record file —
// keeps the window open (the banner says why) until the user closes it a
// second time.
func (a *App) closeWindow() bool {
	lg := a.f.sh.Live
	if lg == nil {
		return true
	}
	lg.Stop() // a bot's search stops with the window
	if a.closeRefused || lg.CloseFiles() {
		lg.LeaveFiles()
		return true
	}
	a.closeRefused = true
	a.rebuild()
	a.redraw()
	return false
}

// redraw asks for the scene to be drawn again.
func (a *App) redraw() { a.win.dirty, a.win.stale = true, true }

// Draw draws only when something changed: the scene (cached) after a
// state change, the hover effects and tooltip on top of it after a pointer
// move.
func (a *App) Draw(screen *ebiten.Image) {
	defer firstFrameDone(&a.win.framed)
	if a.opts.CanvasW > 0 && a.opts.CanvasH > 0 {
		a.drawCanvas(screen)
		return
	}
	w := &a.win
	b := screen.Bounds()
	if b.Dx() != w.w || b.Dy() != w.h || w.sceneImg == nil {
		a.resize(b.Dx(), b.Dy())
		if w.sceneImg != nil {
			w.sceneImg.Deallocate()
		}
		// Its own texture of the window's size: on Ebitengine's shared
		// atlas a window-sized image makes a page of the next power of
		// two, most of it unused.
		w.sceneImg = unmanagedImage(w.w, w.h)
		a.redraw()
	}
	if !w.dirty {
		return
	}
	if w.stale {
		a.p.DrawScene(w.sceneImg, a.f.frame(), -1)
		w.stale = false
	}
	screen.DrawImage(w.sceneImg, nil)
	a.p.DrawHoverOn(screen, a.f.canvas, a.f.ws, a.ptr.hover, a.tips())
	w.dirty = false
}

// resize takes the window's new size in pixels: the scaler, and whether
// it is a phone held upright (in CSS pixels, the device scale taken out;
// never with a fixed canvas), the scene built again when either changed.
func (a *App) resize(pw, ph int) {
	w := &a.win
	w.w, w.h = pw, ph
	scale, portrait := w.sc.S, w.portrait
	dpr := max(w.scale.s, 1)
	w.portrait = a.opts.CanvasW <= 0 && ui.IsPortrait(float64(w.w)/dpr, float64(w.h)/dpr)
	w.sc = ui.NewScalerFor(w.w, w.h, a.f.canvas)
	if w.sc.S != scale || w.portrait != portrait {
		a.rebuild() // the labels are fitted at the window's scale
	}
}

// unmanagedImage is a w×h image of its own texture, never moved by
// Ebitengine.
func unmanagedImage(w, h int) *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
}

// drawTo draws the whole scene with hover effects into dst (any size).
func (a *App) drawTo(dst *ebiten.Image) {
	a.p.DrawScene(dst, a.f.frame(), a.ptr.hover)
	a.p.DrawHoverOn(dst, a.f.canvas, nil, -1, a.tips())
}

// Release deallocates every texture the app keeps: its painter's caches
// and its scene's pictures.
func (a *App) Release() {
	a.p.Release()
	for _, img := range []**ebiten.Image{&a.win.sceneImg, &a.win.present.canvas} {
		if *img != nil {
			(*img).Deallocate()
			*img = nil
		}
	}
}

// Layout makes the screen as many pixels as the window has on the device
// (crisp on high-DPI monitors); the scene scales itself to it.
func (a *App) Layout(w, h int) (int, int) {
	s := a.win.scale.factor(w, h, time.Now())
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

// TraceFirstFrameEnv, when set, makes the app print "first-frame
// UNIXNANO" on standard error when its first Draw returns, so that
// docs/perf/measure.sh can time the first frame from the outside the same
// way for the app and for a bare Ebitengine window.
const TraceFirstFrameEnv = "NTK_TRACE_FIRST_FRAME"

var traceFirstFrame = os.Getenv(TraceFirstFrameEnv) != ""

// firstFrameDone prints the first frame's time once (see TraceFirstFrameEnv).
func firstFrameDone(done *bool) {
	if *done || !traceFirstFrame {
		return
	}
	*done = true
	fmt.Fprintf(os.Stderr, "first-frame %d\n", time.Now().UnixNano())
}
