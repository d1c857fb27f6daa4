// Package render is the No True King desktop app: scenes (start, hand-off
// curtain, table, game over), the board drawing, panels and the input that
// turns clicks into engine actions. Layout and hit-testing are plain Go on a
// 1600×900 base canvas (see Scaler), so they test without a display; the
// drawing uses Ebitengine and draws only from rules.View values.
package render

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"notrueking/rules"
	"notrueking/session"
	"notrueking/store"
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
}

// newGameFunc builds a game for a map name, player names and seed.
type newGameFunc func(mapName string, players []string, seed uint64) (play, error)

// Run opens the window and runs the app until it is closed.
func Run(opts Options) error {
	if err := checkPlatform(opts); err != nil {
		return err
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
	w, h := opts.Width, opts.Height
	if w <= 0 || h <= 0 {
		w, h = BaseW, BaseH
	}
	t := opts.Title
	if t == "" {
		t = "No True King"
	}
	switch {
	case opts.Load != "":
		if err := a.loadFile(opts.Load); err != nil {
			return err
		}
	case opts.Quick:
		a.startGame()
		if a.start.msg != "" {
			return errors.New(a.start.msg)
		}
	}
	// Closing the window is ours to handle: the game is saved first.
	ebiten.SetWindowClosingHandled(true)
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowTitle(t)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetScreenClearedEveryFrame(false)
	return runGame(a)
}

type scene int

const (
	sceneStart scene = iota
	sceneCurtain
	sceneTable
	sceneEnd
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
	behind  []Widget
	newGame newGameFunc
	p       *painter

	scene   scene
	start   *startUI
	tbl     *tableUI
	curtain int // seat the curtain waits for

	w, h  int
	sc    Scaler
	ws    []Widget
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
}

func newApp(opts Options, ng newGameFunc) (*App, error) {
	p, err := newPainter()
	if err != nil {
		return nil, err
	}
	a := &App{opts: opts, newGame: ng, p: p, hover: -1, hoverTerr: -1, dirty: true, w: BaseW, h: BaseH}
	a.sc = NewScaler(a.w, a.h)
	a.start = newStartUI(opts)
	a.refreshContinues()
	a.rebuild()
	return a, nil
}

// input is one tick's input snapshot.
type input struct {
	X, Y      float64 // base coordinates
	Click     bool
	Chars     []rune
	Backspace bool
	Tab       bool
	Enter     bool
	Escape    bool
}

func readInput(sc Scaler) input {
	cx, cy := ebiten.CursorPosition()
	x, y := sc.ToBase(float64(cx), float64(cy))
	in := input{X: x, Y: y, Click: inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)}
	in.Chars = ebiten.AppendInputChars(nil)
	in.Backspace = repeating(ebiten.KeyBackspace)
	in.Tab = inpututil.IsKeyJustPressed(ebiten.KeyTab)
	in.Enter = inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter)
	in.Escape = inpututil.IsKeyJustPressed(ebiten.KeyEscape)
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
	return nil
}

// handle applies one input snapshot (separate from Update for tests).
func (a *App) handle(in input) {
	_, hv := hitTest(a.ws, in.X, in.Y)
	if hv != a.hover {
		a.hover = hv
		a.dirty = true
	}
	ht := -1
	if a.scene == sceneTable && hv < 0 {
		ht = a.boardHit(in.X, in.Y)
	}
	if ht != a.hoverTerr || (ht >= 0 && (in.X != a.mx || in.Y != a.my)) {
		a.hoverTerr = ht
		a.dirty = true
	}
	a.mx, a.my = in.X, in.Y
	changed := false
	if a.scene == sceneStart {
		changed = a.start.keys(in)
		if in.Enter {
			a.startGame()
			changed = true
		}
	}
	if in.Escape && a.scene == sceneTable {
		a.tbl.command("cancel")
		changed = true
	}
	if in.Click {
		t, _ := hitTest(a.ws, in.X, in.Y)
		if t.Kind == TNone && a.scene == sceneTable {
			if tr := a.boardHit(in.X, in.Y); tr >= 0 {
				t = Target{Kind: TTerritory, Terr: tr}
			}
		}
		a.clickOn(t)
		changed = true
	}
	if changed {
		a.rebuild()
		a.dirty, a.stale = true, true
	}
}

// boardHit maps a base point to the territory drawn there, or -1.
func (a *App) boardHit(x, y float64) int {
	if a.tbl == nil {
		return -1
	}
	m := a.tbl.m
	l := layoutTable(m.Grid.W, m.Grid.H, len(a.tbl.seats))
	g := fitBoard(m.Grid.W, m.Grid.H, l.Board)
	if !g.Bounds().Contains(x, y) {
		return -1
	}
	return g.TerritoryAt(a.tbl.shapes, x, y)
}

func (a *App) clickOn(t Target) {
	switch a.scene {
	case sceneStart:
		if t.Kind == TButton && t.ID == "start" {
			a.startGame()
			return
		}
		if id, ok := strings.CutPrefix(t.ID, "cont:"); ok && t.Kind == TButton {
			a.continueGame(id)
			return
		}
		a.start.click(t)
	case sceneCurtain:
		if t.Kind == TButton && t.ID == "curtain" {
			a.tbl.reveal(a.curtain)
			a.scene = sceneTable
		}
	case sceneTable:
		if t.Kind == TNone {
			return
		}
		a.tbl.click(t)
		a.saveRecord()
		a.afterAction()
	case sceneEnd:
		if t.Kind == TButton && t.ID == "again" {
			// The finished game's save and record stay; the next game
			// gets a new save and a new record file.
			a.tbl, a.sess, a.recPath, a.recErr = nil, nil, "", nil
			a.scene = sceneStart
			a.start.msg = ""
			a.refreshContinues()
		}
	}
}

// afterAction moves to the curtain or the end when the seat to act changed.
func (a *App) afterAction() {
	if a.tbl.eng.Over() {
		a.tbl.hide()
		a.scene = sceneEnd
		return
	}
	if ta := a.tbl.eng.ToAct(); ta != a.tbl.shown {
		a.tbl.hide()
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
	a.mapName, a.mapSum = mapIdentity(a.start.mapID(), eng.read.Map())
	a.begin(eng, seed)
}

// begin puts a new game on the table, behind the first curtain; a rules
// game is autosaved from now on (a new save) when the app has a store.
func (a *App) begin(p play, seed uint64) {
	if p.game != nil && a.opts.Saves != nil && a.sess == nil {
		a.sess = session.New(a.opts.Saves, store.NewID(time.Now()), p.game, a.mapName, a.tester)
		a.sess.MapSum = a.mapSum
		a.sess.Round = publicRound
		a.sess.Save()
	}
	if a.sess != nil {
		g := a.sess.Game()
		p = play{read: g, act: a.sess, game: g}
	}
	a.play = p
	a.tbl = newTableUI(p.read, p.act, seed)
	a.tbl.tester = a.tester
	if !a.tester {
		// The shuffle button must not leak the secret seed either.
		a.tbl.rng.Seed(int64(secretSeed()))
	}
	a.recPath, a.recorded, a.recErr = "", -1, nil
	a.saveRecord()
	a.scene = sceneTable
	a.afterAction()
	a.rebuild()
	a.dirty, a.stale = true, true
}

// rebuild recomputes the widget list of the current scene.
func (a *App) rebuild() {
	switch a.scene {
	case sceneStart:
		a.ws = a.start.widgets()
	case sceneCurtain:
		a.ws = a.curtainWidgets()
		a.behind = nil
		if a.tbl != nil && a.tbl.shown < 0 {
			m := a.tbl.m
			a.behind = a.tbl.tableWidgets(layoutTable(m.Grid.W, m.Grid.H, len(a.tbl.seats)))
		}
	case sceneTable:
		m := a.tbl.m
		a.ws = a.tbl.tableWidgets(layoutTable(m.Grid.W, m.Grid.H, len(a.tbl.seats)))
	case sceneEnd:
		a.ws = a.endWidgets()
	}
	if a.tester && a.tbl != nil && (a.scene == sceneTable || a.scene == sceneCurtain) {
		// In the top bar, between the prompt and the round: it covers no
		// board (on the board it hid Castle Black's name).
		a.ws = append(a.ws, Widget{R: testerBadge, Kind: WBox, Text: testerText(a.tbl.seed), Size: 14, Bold: true, Fill: colWarn, Ink: colText})
	}
	if head, detail := a.banner(); head != "" {
		// Over the foot of the board (above the title of the start
		// screen), in every scene, until a write succeeds.
		r := Rect{450, 6, 700, 56}
		if a.tbl != nil && a.scene != sceneStart {
			m := a.tbl.m
			r = Rect{8, BaseH - 62, layoutTable(m.Grid.W, m.Grid.H, len(a.tbl.seats)).Board.W, 56}
		}
		a.ws = append(a.ws, Widget{R: r, Kind: WPanel, Fill: colWarn, Edge: colText},
			Widget{R: Rect{r.X + 10, r.Y + 6, r.W - 20, 22}, Kind: WText, Text: head, Size: 16, Bold: true, Ink: colText},
			textW(Rect{r.X + 10, r.Y + 30, r.W - 20, 20}, detail, 14, colText))
	}
	_, a.hover = hitTest(a.ws, a.mx, a.my)
}

// Draw draws only when something changed: the scene (cached) after a
// state change, the hover effects and tooltip on top of it after a pointer
// move.
func (a *App) Draw(screen *ebiten.Image) {
	b := screen.Bounds()
	if b.Dx() != a.w || b.Dy() != a.h || a.sceneImg == nil {
		a.w, a.h = b.Dx(), b.Dy()
		a.sc = NewScaler(a.w, a.h)
		if a.sceneImg != nil {
			a.sceneImg.Deallocate()
		}
		a.sceneImg = ebiten.NewImage(a.w, a.h)
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
	if a.scene == sceneTable && a.hoverTerr >= 0 {
		sc := NewScaler(dst.Bounds().Dx(), dst.Bounds().Dy())
		a.p.drawWidgets(dst, sc, a.tbl.tooltip(a.hoverTerr, a.mx, a.my), -1)
		a.p.flushText(dst)
	}
}

// drawScene draws the scene into dst; hover is the widget drawn hovered.
func (a *App) drawScene(dst *ebiten.Image, hover int) {
	b := dst.Bounds()
	sc := NewScaler(b.Dx(), b.Dy())
	dst.Fill(colBG)
	if a.scene == sceneTable || a.scene == sceneEnd {
		m := a.tbl.m
		l := layoutTable(m.Grid.W, m.Grid.H, len(a.tbl.seats))
		hl, sel := a.tbl.highlights()
		a.p.drawBoard(dst, sc, l.Board, m, a.tbl.shapes, &a.tbl.pub, hl, sel)
	}
	if a.scene == sceneCurtain && a.behind != nil {
		// Behind the curtain the table stays in view, public facts only
		// (no seat is shown), so onlookers and a stream keep the board.
		m := a.tbl.m
		l := layoutTable(m.Grid.W, m.Grid.H, len(a.tbl.seats))
		a.p.drawBoard(dst, sc, l.Board, m, a.tbl.shapes, &a.tbl.pub, nil, -1)
		a.p.flushText(dst)
		a.p.drawWidgets(dst, sc, a.behind, -1)
		a.p.flushText(dst)
	}
	a.p.flushText(dst)
	a.p.drawWidgets(dst, sc, a.ws, hover)
	a.p.flushText(dst)
}

// drawHover draws the hovered widget again, hovered, and the tooltip.
func (a *App) drawHover(dst *ebiten.Image) {
	sc := NewScaler(dst.Bounds().Dx(), dst.Bounds().Dy())
	if h := a.hover; h >= 0 && h < len(a.ws) && a.ws[h].Kind != WText && a.ws[h].Kind != WPanel {
		a.p.drawWidgets(dst, sc, a.ws[h:h+1], 0)
	}
	if a.scene == sceneTable && a.hoverTerr >= 0 {
		a.p.drawWidgets(dst, sc, a.tbl.tooltip(a.hoverTerr, a.mx, a.my), -1)
	}
	a.p.flushText(dst)
}

// Layout makes the screen as many pixels as the window has on the device
// (crisp on high-DPI monitors); the scene scales itself to it.
func (a *App) Layout(w, h int) (int, int) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if s <= 0 {
		s = 1
	}
	return max(1, int(float64(w)*s)), max(1, int(float64(h)*s))
}

func (a *App) curtainWidgets() []Widget {
	name := a.tbl.seatName(a.curtain)
	id := ""
	if a.curtain >= 0 && a.curtain < len(a.tbl.seats) {
		id = title(a.tbl.seats[a.curtain])
	}
	sc := seatColor(a.curtain)
	full := Rect{0, 0, BaseW, BaseH}
	ws := []Widget{
		{R: full, Kind: WPanel, Fill: color.RGBA{10, 10, 14, 190}}, // veils the public table
		{R: Rect{300, 250, 1000, 400}, Kind: WPanel, Fill: colPanel, Edge: sc},
		{R: Rect{300, 300, 1000, 60}, Kind: WText, Text: fmt.Sprintf("Pass to %s (%s)", id, name), Size: 48, Bold: true, Align: AlignCenter, Ink: sc},
		{R: Rect{300, 400, 1000, 40}, Kind: WText, Text: fmt.Sprintf("Click when only %s is looking.", name), Size: 28, Align: AlignCenter, Ink: colText},
		{R: Rect{300, 460, 1000, 30}, Kind: WText, Text: a.tbl.pub.Prompt, Size: 20, Align: AlignCenter, Ink: colDim},
		{R: Rect{650, 540, 300, 60}, Kind: WButton, Text: "I am " + name, Size: 24, Fill: colOK, Ink: colText, Edge: sc},
	}
	// The whole screen is the button.
	ws = append(ws, Widget{R: full, Kind: WText, T: Target{Kind: TButton, ID: "curtain"}})
	return ws
}

func (a *App) endWidgets() []Widget {
	u := a.tbl
	v := u.pub
	m := u.m
	l := layoutTable(m.Grid.W, m.Grid.H, len(u.seats))
	rx := l.Houses.X
	rw := BaseW - 8 - rx
	ws := []Widget{{R: Rect{0, 0, BaseW, 50}, Kind: WPanel, Fill: colPanelHi}}
	var wn []string
	for _, w := range v.Winners {
		// "Torch (Ben)", as the curtain says it: the engine's sentences name
		// the conspiracy, the table the player.
		wn = append(wn, fmt.Sprintf("%s (%s)", title(u.seats[w]), u.seatName(w)))
	}
	head := "Game over"
	if len(wn) > 0 {
		head += " — " + strings.Join(wn, " and ") + " win"
		if len(wn) == 1 {
			head += "s"
		}
	}
	ws = append(ws, Widget{R: Rect{16, 8, 1400, 34}, Kind: WText, Text: head, Size: 26, Bold: true, Ink: colGold})
	// The ranking takes two columns beyond six houses, and the players'
	// rows shrink to fit nine: the end screen never runs off the window.
	cols := 1
	if len(v.Ranking) > 6 {
		cols = 2
	}
	rows := (len(v.Ranking) + cols - 1) / cols
	rankH := 250.0
	if rows > 5 {
		rankH = 44 + 38*float64(rows)
	}
	ws = append(ws, panel(Rect{rx, 58, rw, rankH}, "Final ranking")...)
	colW := (rw - 12) / float64(cols)
	for i, rk := range v.Ranking {
		x, y := rx+12+float64(i/rows)*colW, 94.0+38*float64(i%rows)
		hc := houseColor(m, rk.House)
		ws = append(ws, Widget{R: Rect{x, y, 90, 30}, Kind: WBox, Text: rankText(rk), Size: 16, Bold: true, Fill: hc, Ink: textOn(hc)})
		ws = append(ws, textW(Rect{x + 100, y + 5, colW - 112, 22}, u.houseName(rk.House)+"  ·  "+rankFacts(rk), 17, colText))
	}
	py := 58 + rankH + 10
	// Room left for the players below: the panel's title, then one row
	// each, then the tie-break line and the button.
	rowH := math.Min(70, (BaseH-8-py-54-84)/float64(max(len(v.Players), 1)))
	tokH := rowH - 10
	tokSize := 14.0
	if tokH < 56 {
		tokSize = 12
	}
	ph := 54 + rowH*float64(len(v.Players))
	ws = append(ws, panel(Rect{rx, py, rw, ph}, "Loyalty cards and scores  ·  gold frame: the token scored")...)
	for i, p := range v.Players {
		y := py + 40 + float64(i)*rowH
		sc := seatColor(i)
		ws = append(ws, Widget{R: Rect{rx + 12, y, 120, tokH - 4}, Kind: WBox, Text: title(p.ID), Size: 18, Bold: true, Fill: sc, Ink: textOn(sc)})
		if tokH >= 52 {
			ws = append(ws, textW(Rect{rx + 142, y + 4, 200, 22}, u.seatName(i), 19, colText))
			ws = append(ws, textW(Rect{rx + 142, y + 30, 200, 22}, count(p.Score, "point"), 19, colGold))
		} else {
			ws = append(ws, textW(Rect{rx + 142, y + (tokH-22)/2, 210, 22}, u.seatName(i)+" · "+count(p.Score, "point"), 17, colGold))
		}
		tw := math.Min(110, (rw-380)/float64(max(len(p.Loyalty), 1)))
		for k, tk := range p.Loyalty {
			hc := houseColor(m, tk.House)
			t := fmt.Sprintf("%d\n%s", tk.Value, u.houseName(tk.House))
			if tk.Revealed {
				t += "\n(shown)"
			}
			if scored(v.Ranking, tk.House, k) && tk.Value > 0 {
				ws = append(ws, Widget{R: Rect{rx + 360 + float64(k)*tw - 3, y - 3, tw, tokH + 6}, Kind: WBox, Fill: colGold})
			}
			ws = append(ws, Widget{R: Rect{rx + 360 + float64(k)*tw, y, tw - 6, tokH}, Kind: WBox, Text: t, Size: tokSize, Bold: true, Fill: hc, Ink: textOn(hc)})
		}
	}
	ty := py + ph + 10
	if v.TieBreak != "" {
		ws = append(ws, textW(Rect{rx, ty, rw, 24}, v.TieBreak, 18, colText))
		ty += 34
	}
	ws = append(ws, button(Rect{rx, ty, 200, 40}, "New game", Target{Kind: TButton, ID: "again"}))
	// The seed is revealed with everything else at the end.
	ws = append(ws, textW(Rect{rx + 220, ty + 9, rw - 220, 24}, fmt.Sprintf("Seed %d", u.seed), 18, colDim))
	return ws
}

// startUI is the start screen's state: map, players, names, and the games
// to continue. A normal game's seed is drawn when it starts and never shown
// here; a tester's seed (-seed) is shown and marks the game.
type startUI struct {
	maps   []mapChoice
	mapIdx int
	n      int
	names  []string
	focus  int // -1 none, 0.. names
	msg    string
	// tester is set when a seed was typed (-seed): testSeed is then the
	// seed of every game started here.
	tester   bool
	testSeed uint64
	// conts are the unfinished saved games, newest first.
	conts []session.Summary
	now   func() time.Time
}

// maxContinues is how many saved games the start screen offers.
const maxContinues = 8

type mapChoice struct {
	ID, Label string
	Min, Max  int
	Seats     []string // conspiracy display names, seat order
}

// startMaps lists the maps offered; the nine-player map is one more entry.
// (Run replaces it with the shipped maps, so a new map file needs no code.)
var startMaps = []mapChoice{{ID: "standard", Label: "Westeros (standard, 2–4 players)", Min: 2, Max: 4,
	Seats: []string{"Crown", "Torch", "Helm", "Gauntlet"}}}

var defaultNames = []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"}

func newStartUI(o Options) *startUI {
	s := &startUI{n: 4, focus: -1}
	s.setMaps(startMaps, o.Map)
	s.names = append([]string(nil), defaultNames...)
	for i, n := range o.Players {
		if i < len(s.names) {
			s.names[i] = n
		}
	}
	if len(o.Players) >= 2 {
		s.n = len(o.Players)
	}
	s.clampPlayers()
	s.tester, s.testSeed = o.SeedSet, o.Seed
	s.now = time.Now
	return s
}

// setMaps offers the given maps, selecting want (an id or a file path,
// which is added to the list) or the first.
func (s *startUI) setMaps(ms []mapChoice, want string) {
	s.maps = append([]mapChoice(nil), ms...)
	s.mapIdx = 0
	if want != "" {
		s.mapIdx = -1
		for i, m := range s.maps {
			if m.ID == want {
				s.mapIdx = i
			}
		}
		if s.mapIdx < 0 {
			s.maps = append(s.maps, mapChoice{ID: want, Label: want, Min: 2, Max: 9})
			s.mapIdx = len(s.maps) - 1
		}
	}
	s.clampPlayers()
}

func (s *startUI) clampPlayers() {
	mc := s.maps[s.mapIdx]
	s.n = min(max(s.n, mc.Min), mc.Max, len(defaultNames))
}

func (s *startUI) mapID() string { return s.maps[s.mapIdx].ID }

func (s *startUI) playerNames() []string {
	out := make([]string, s.n)
	for i := range out {
		out[i] = strings.TrimSpace(s.names[i])
		if out[i] == "" {
			out[i] = defaultNames[i]
		}
	}
	return out
}

// seed is the seed of a game started now: the tester's, or a fresh one
// from the system's random source (a secret until the game ends).
func (s *startUI) seed() uint64 {
	if s.tester {
		return s.testSeed
	}
	return secretSeed()
}

// secretSeed draws a seed from crypto/rand: nobody can predict the deck
// order of a normal game.
func secretSeed() uint64 {
	var b [8]byte
	rand.Read(b[:]) // never fails (it crashes the program instead)
	return binary.LittleEndian.Uint64(b[:])
}

func (s *startUI) click(t Target) {
	if t.Kind != TButton {
		s.focus = -1
		return
	}
	switch {
	case t.ID == "map":
		s.mapIdx = (s.mapIdx + 1) % len(s.maps)
		s.clampPlayers()
	case strings.HasPrefix(t.ID, "n:"):
		n, _ := strconv.Atoi(t.ID[2:])
		s.n = n
		if s.focus >= s.n {
			s.focus = -1
		}
	case strings.HasPrefix(t.ID, "name:"):
		s.focus, _ = strconv.Atoi(t.ID[5:])
	}
}

// keys edits the focused field; it reports whether anything changed.
func (s *startUI) keys(in input) bool {
	if s.focus < 0 {
		return false
	}
	changed := false
	field := &s.names[s.focus]
	for _, r := range in.Chars {
		if len([]rune(*field)) >= 16 {
			continue
		}
		*field += string(r)
		changed = true
	}
	if in.Backspace && len(*field) > 0 {
		rs := []rune(*field)
		*field = string(rs[:len(rs)-1])
		changed = true
	}
	if in.Tab {
		s.focus = (s.focus + 1) % s.n
		changed = true
	}
	return changed
}

func (s *startUI) widgets() []Widget {
	ws := []Widget{
		{R: Rect{0, 0, BaseW, BaseH}, Kind: WPanel, Fill: colBG},
		{R: Rect{0, 70, BaseW, 70}, Kind: WText, Text: "No True King", Size: 60, Bold: true, Align: AlignCenter, Ink: colGold},
		{R: Rect{0, 150, BaseW, 30}, Kind: WText, Text: "Puppet masters of the great houses — a hot-seat game for one screen", Size: 22, Align: AlignCenter, Ink: colDim},
	}
	px := 450.0
	if len(s.conts) > 0 {
		px = 140 // the saved games take the right half
		ws = append(ws, s.continueWidgets(Rect{870, 210, 590, 600})...)
	}
	// Name rows close up for more than six players so that nine names, the
	// Start button and the hint fit the panel.
	pitch, ph := 50.0, 600.0
	if s.n > 6 {
		pitch, ph = 40, 640
	}
	ws = append(ws, panel(Rect{px, 210, 700, ph}, "")...)
	x := px + 40
	y := 240.0
	row := func(label string) {
		ws = append(ws, textW(Rect{x, y + 8, 170, 30}, label, 22, colText))
	}
	row("Map")
	ws = append(ws, button(Rect{x + 180, y, 440, 44}, s.maps[s.mapIdx].Label, Target{Kind: TButton, ID: "map"}))
	y += 64
	row("Players")
	mc := s.maps[s.mapIdx]
	for n := mc.Min; n <= mc.Max; n++ {
		b := button(Rect{x + 180 + float64(n-mc.Min)*56, y, 50, 44}, strconv.Itoa(n), Target{Kind: TButton, ID: "n:" + strconv.Itoa(n)})
		b.Size = 22
		if n == s.n {
			b.Fill, b.Selected = colOK, true
		}
		ws = append(ws, b)
	}
	y += 64
	for i := 0; i < s.n; i++ {
		seat := fmt.Sprintf("Seat %d", i+1)
		if i < len(mc.Seats) {
			seat = mc.Seats[i]
		}
		row(seat)
		f := Widget{R: Rect{x + 180, y, 440, math.Min(40, pitch-6)}, Kind: WField, Text: s.names[i], Size: 20, Fill: colPanelHi, Ink: colText, Edge: seatColor(i),
			T: Target{Kind: TButton, ID: "name:" + strconv.Itoa(i)}}
		if s.focus == i {
			f.Text += "|"
			f.Selected = true
		}
		ws = append(ws, f)
		y += pitch
	}
	y += 14
	if s.tester {
		// A typed seed is no secret: say so before the game starts.
		row("Seed")
		ws = append(ws, Widget{R: Rect{x + 180, y, 440, 40}, Kind: WBox, Text: testerText(s.testSeed), Size: 18, Bold: true, Fill: colWarn, Ink: colText})
		y += 56
	}
	b := button(Rect{x + 180, y, 260, 56}, "Start", Target{Kind: TButton, ID: "start"})
	b.Size, b.Fill = 26, colOK
	ws = append(ws, b)
	ws = append(ws, Widget{R: Rect{x, y + 76, 620, 22}, Kind: WText, Text: "Click a name to edit it · Tab: next name · Enter: start", Size: 15, Ink: colDim})
	if s.msg != "" {
		ws = append(ws, Widget{R: Rect{px, 820, 700, 36}, Kind: WPanel, Fill: colWarn},
			textW(Rect{px + 12, 826, 676, 24}, s.msg, 18, colText))
	}
	return ws
}

// continueWidgets lists the unfinished saved games, newest first, as
// "Continue: Alice, Bob, Carol — round 2, 18:40" buttons.
func (s *startUI) continueWidgets(r Rect) []Widget {
	ws := panel(r, "Games in progress (saved after every action)")
	now := time.Now()
	if s.now != nil {
		now = s.now()
	}
	for i, c := range s.conts[:min(len(s.conts), maxContinues)] {
		b := button(Rect{r.X + 16, r.Y + 44 + float64(i)*62, r.W - 32, 52}, c.Label(now), Target{Kind: TButton, ID: "cont:" + c.ID})
		b.Size = 17
		if c.Tester {
			b.Text += "  (tester)"
		}
		ws = append(ws, b)
	}
	if len(s.conts) > maxContinues {
		ws = append(ws, textW(Rect{r.X + 16, r.Y + r.H - 30, r.W - 32, 22}, fmt.Sprintf("and %d older games", len(s.conts)-maxContinues), 15, colDim))
	}
	return ws
}

// testerText marks a tester's game: its seed was typed, so its shuffles
// are no secret.
func testerText(seed uint64) string { return fmt.Sprintf("Tester's game — seed %d", seed) }

// scored reports whether a token of house on loyalty slot k scores: the
// house's final rank span contains the slot's place (slot k = rank k+1).
func scored(ranking []rules.Rank, house string, k int) bool {
	for _, r := range ranking {
		if r.House == house {
			return r.From <= k+1 && k+1 <= r.To
		}
	}
	return false
}
