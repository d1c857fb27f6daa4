//go:build js && wasm

package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
	"sync"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/catalog"
	"notrueking/gamefile"
	"notrueking/internal/byclicks"
	"notrueking/internal/safefile"
	"notrueking/live"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/store"
	"notrueking/ui"
	"notrueking/words"
)

// The browser build. A page has no files: saves go to the browser's
// localStorage (store.OpenLocal); a record is downloaded ("Download
// record") and a record or a map file is opened from the page's file
// picker. The page (web/index.html) calls the functions of
// globalThis.notrueking that runGame installs; they only queue a request,
// which the game's Update carries out between frames, so the app is never
// touched while it updates or draws. What the browser cannot do is said
// on the screen (the message bar, and the page's notice line).

// openSaves opens the saves in the browser's localStorage.
func openSaves() (store.Store, error) {
	s, err := store.OpenLocal()
	if err != nil {
		return nil, err
	}
	return s, nil
}

// openPrefs keeps the settings in the browser's localStorage.
func openPrefs() (store.Prefs, error) {
	l, err := store.LocalStorage()
	if err != nil {
		return nil, err
	}
	return store.NewKVPrefs(l), nil
}

// CheckPlatform refuses, with what to do instead, the options that need
// files (the page passes its URL's query as flags, e.g. ?players=3).
func CheckPlatform(o Options) error {
	if o.RecordPath != "" {
		return errors.New("-record: a web page cannot write files; every game is saved in the browser after every action, and the page's “Download record” button downloads the record of the game on the table")
	}
	if o.Load != "" {
		return errors.New("-load: a web page cannot read files by name; open a save or record with the page's “Open file…” button")
	}
	return nil
}

// webGame wraps the App for the browser: it carries out the page's
// requests before each Update and tells the page about the first frame.
type webGame struct {
	a *App

	mu   sync.Mutex
	reqs []func(*App)
	snap string // the state() answer, refreshed after each Update
	// auto is the tests' autoplay (byclicks.Auto), nil unless asked.
	auto *byclicks.Auto

	frames int
}

func runGame(a *App) error {
	mark("ntk-run")
	w := &webGame{a: a}
	ng := a.newGame
	a.newGame = func(mapName string, players []string, seed uint64, v rules.Variant) (*rules.Game, error) {
		if m := openedMaps.byID(mapName); m != nil {
			return newGameOn(m, mapName, players, seed, v)
		}
		return ng(mapName, players, seed, v)
	}
	// The map files opened in earlier visits are offered again.
	if err := openedMaps.restore(); err != nil {
		a.say(nil, "Some map files kept in this browser could not be read: "+err.Error(), true)
	}
	for _, om := range openedMaps.list() {
		a.offerMap(om, false)
	}
	a.rebuild()
	w.install()
	w.snapshot()
	return ebiten.RunGame(w)
}

func (w *webGame) queue(f func(*App)) {
	w.mu.Lock()
	w.reqs = append(w.reqs, f)
	w.mu.Unlock()
}

// install sets globalThis.notrueking: download(), open(name, size, bytes)
// and state().
func (w *webGame) install() {
	api := js.Global().Get("Object").New()
	api.Set("download", js.FuncOf(func(js.Value, []js.Value) any {
		w.queue((*App).downloadRecord)
		return nil
	}))
	api.Set("open", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 3 {
			return nil
		}
		name, size := args[0].String(), args[1].Float()
		var data []byte
		if args[2].Truthy() && size <= rules.MaxRecordSize {
			data = make([]byte, args[2].Get("length").Int())
			js.CopyBytesToGo(data, args[2])
		}
		w.queue(func(a *App) { a.openFile(name, int64(size), data) })
		return nil
	}))
	api.Set("autoplay", js.FuncOf(func(_ js.Value, args []js.Value) any {
		seed := uint64(1)
		if len(args) > 0 {
			seed = uint64(args[0].Int())
		}
		w.queue(func(*App) { w.auto = byclicks.NewAuto(seed) })
		return nil
	}))
	api.Set("state", js.FuncOf(func(js.Value, []js.Value) any {
		w.mu.Lock()
		defer w.mu.Unlock()
		return w.snap
	}))
	js.Global().Set("notrueking", api)
}

func (w *webGame) Update() error {
	w.mu.Lock()
	reqs := w.reqs
	w.reqs = nil
	w.mu.Unlock()
	for _, f := range reqs {
		f(w.a)
	}
	if len(reqs) > 0 {
		w.a.rebuild()
		w.a.redraw()
	}
	err := w.a.Update()
	if w.auto != nil {
		w.auto.Step(w.a.autoScreen())
	}
	w.snapshot()
	return err
}

func (w *webGame) Draw(screen *ebiten.Image) {
	w.a.Draw(screen)
	w.frames++
	if w.frames == 1 {
		// The page and the browser test read this mark: the time from
		// navigation to the first frame drawn.
		mark("ntk-first-frame")
		page("firstFrame")
	}
}

func (w *webGame) Layout(ow, oh int) (int, int) { return w.a.Layout(ow, oh) }

// mark sets a performance mark (the page's timeline: module loaded,
// compiled, the app built, the first frame).
func mark(name string) {
	if p := js.Global().Get("performance"); p.Truthy() {
		p.Call("mark", name)
	}
}

// page calls globalThis.ntkPage[fn](args...) when the page has it.
func page(fn string, args ...any) {
	p := js.Global().Get("ntkPage")
	if p.Truthy() && p.Get(fn).Type() == js.TypeFunction {
		p.Call(fn, args...)
	}
}

// say shows a message on the screen: in the message bar of lg's table, or
// the start screen's message line when lg is nil, and in the page's
// notice line (which the hand-off curtain does not cover).
func (a *App) say(lg *live.Game, msg string, isErr bool) {
	if lg != nil {
		lg.Table().SetMessage(msg, isErr)
	} else {
		a.home.s.Say(msg, isErr)
	}
	if pageNotice(a.mgr.name()) {
		page("notice", msg, isErr)
	}
}

// downloadRecord hands the browser the record of the game in view as a
// file download, named after its save.
func (a *App) downloadRecord() {
	lg := a.f.sh.Live
	var files *session.Files
	if lg != nil {
		_, files = lg.Match()
	}
	if files == nil {
		a.say(lg, "There is no game on the table: start or continue one, then download its record.", true)
		return
	}
	rec, start := files.Record()
	name := "notrueking-game.ntk"
	if id := files.SaveID(); id != "" {
		name = "notrueking-" + id + ".ntk"
	}
	if _, shipped := maps.ShippedName(rec.Map); !shipped {
		// A map file is named by its base name: keep the record next to
		// the map file to replay it ("run RECORD").
		rec.Map = path.Base(rec.Map)
	}
	var buf bytes.Buffer
	var err error
	if len(start) > 0 {
		// A game from a position: the file holds the position too (a
		// save, which -load and Open file… read like a record).
		var data []byte
		data, err = gamefile.Encode(rec, gamefile.Meta{Players: rec.Players, Actions: len(rec.Actions), Tester: true, Start: string(start)})
		buf.Write(data)
	} else {
		err = rec.Write(&buf)
	}
	if err != nil {
		a.say(lg, "The record could not be written: "+err.Error(), true)
		return
	}
	if err := download(name, buf.Bytes()); err != nil {
		a.say(lg, "The browser refused the download: "+err.Error(), true)
		return
	}
	a.say(lg, fmt.Sprintf("Downloaded %s (%d actions). It holds every secret of the game: do not open it while you play.", name, len(rec.Actions)), false)
}

// download offers data to the user as a file: a Blob behind a link with a
// download attribute, clicked.
func download(name string, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if je, ok := r.(js.Error); ok {
				err = je
				return
			}
			panic(r)
		}
	}()
	g := js.Global()
	arr := g.Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	opts := g.Get("Object").New()
	opts.Set("type", "text/plain;charset=utf-8")
	blob := g.Get("Blob").New([]any{arr}, opts)
	url := g.Get("URL").Call("createObjectURL", blob)
	doc := g.Get("document")
	link := doc.Call("createElement", "a")
	link.Set("href", url)
	link.Set("download", name)
	link.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", link)
	link.Call("click")
	link.Call("remove")
	// Revoked a little later: the download has read the blob by then.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		g.Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	g.Call("setTimeout", revoke, 60_000)
	return nil
}

// openFile opens a file the player picked: a map file (.toml) goes to the
// start screen's maps; anything else is read as a save or a record, whose
// game goes on in a new save (the game on the table stays saved and is
// offered under Continue).
func (a *App) openFile(name string, size int64, data []byte) {
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	isMap := strings.EqualFold(path.Ext(base), ".toml")
	limit := int64(rules.MaxRecordSize)
	if isMap {
		limit = maps.MaxFileSize
	}
	cur := a.f.sh.Live
	if size > limit || data == nil {
		a.say(cur, fmt.Sprintf("%s: %s is larger than the limit of %s; nothing was opened.", base, safefile.Size(size), safefile.Size(limit)), true)
		return
	}
	c := a.ctx()
	if isMap {
		// A .toml file is a scenario (a position to play from) or a map.
		if g, err := scenarios.Parse(base, safefile.TrimBOM(data), ""); err == nil {
			a.leaveGame()
			lg, at := playPosition(c, g, "")
			c.GoTo(at)
			a.say(lg, base+" opened: a tester's game from the scenario's position, in a new save in this browser.", false)
			return
		}
		a.openMap(base, data)
		return
	}
	if _, _, _, err := gamefile.Decode(data); err != nil {
		a.say(cur, fmt.Sprintf("%s is not a save or a record (a map file must end in .toml): %v", base, err), true)
		return
	}
	f, err := gamefile.ReadData(data, ".", mapLoader)
	if err != nil {
		a.say(cur, fmt.Sprintf("%s: %v", base, err), true)
		return
	}
	g, rec, warning := f.Game, f.Record, f.Warning
	a.leaveGame()
	id := session.FilesOptions{Tester: !f.IsSave || f.Meta.Tester || g.FromPosition(), MapName: rec.Map, MapSum: rec.MapSHA256}
	if om := openedMaps.bySum(rec.MapSHA256); om != nil {
		id.MapName = om.id
	}
	lg, at := startMatch(c, g, id, live.Seating{})
	c.GoTo(at)
	msg := base + " opened: the game goes on in a new save in this browser."
	if warning != "" {
		msg += " " + warning
	}
	a.say(lg, msg, false)
}

// leaveGame takes the game in view off the table (it is saved after every
// action and stays under Continue) for the start screen; the next game
// gets its own save.
func (a *App) leaveGame() {
	if lg := a.f.sh.Live; lg != nil {
		lg.Close()
	}
	a.ctx().goHome()
}

// openMap reads a map file and offers it on the start screen, selected. It
// is kept in the browser's storage, so its games can be continued after
// the page is closed.
func (a *App) openMap(name string, data []byte) {
	m, err := maps.Parse(name, data)
	if err != nil {
		msg := err.Error()
		var list maps.ErrorList
		if errors.As(err, &list) && len(list) > 1 {
			msg = fmt.Sprintf("%v (and %d more problems)", list[0], len(list)-1)
		}
		a.say(a.f.sh.Live, "This map file does not load: "+msg, true)
		return
	}
	om, keepErr := openedMaps.add(name, data, m)
	a.leaveGame()
	a.offerMap(om, true)
	msg := fmt.Sprintf("Map %s (%s) loaded: choose the players and Start.", m.Name, name)
	if keepErr != nil {
		msg += " It could not be kept in this browser (" + keepErr.Error() + "): after closing the page, open it again to continue its games."
	}
	a.say(nil, msg, keepErr != nil)
}

// offerMap adds an opened map to the start screen's choices (selected
// when sel).
func (a *App) offerMap(om *openedMap, sel bool) {
	s := a.home.s
	want := s.Next().Map
	if sel {
		want = om.id
	}
	var ms []mapChoice
	for _, c := range s.Maps() {
		if c.ID != om.id {
			ms = append(ms, c)
		}
	}
	m := om.m
	ms = append(ms, mapChoice{ID: om.id, Label: fmt.Sprintf("%s (file %s, %d–%d players)", m.Name, om.name, m.MinPlayers, m.MaxPlayers),
		Min: m.MinPlayers, Max: m.MaxPlayers, Seats: m.ConspiracyNames})
	s.SetMaps(ms, want)
}

// browserMap finds the map file a save or record names among the map
// files opened in this browser (by SHA-256; by file name for an old record
// without one). A shipped map is not handled here.
func browserMap(name, sum string) (*board.Map, bool, error) {
	if base, shipped := maps.ShippedName(name); shipped {
		if _, err := maps.LoadVersion(base, sum); sum == "" || err == nil {
			return nil, false, nil // a shipped map, or a version of one
		}
	}
	if om := openedMaps.bySum(sum); om != nil {
		return om.m, true, nil
	}
	if sum == "" {
		if om := openedMaps.byName(path.Base(name)); om != nil {
			return om.m, true, nil
		}
	}
	return nil, true, fmt.Errorf("the map file %s is not in this browser: open it with “Open file…” first, then the game again", path.Base(name))
}

// openedMap is a map file opened from the file picker.
type openedMap struct {
	id   string // the start screen's map id: "./" + name
	name string
	m    *board.Map
}

// mapKeyPrefix keys the map files kept in localStorage by SHA-256; the
// value is the file name, a newline and the file's text.
const mapKeyPrefix = "notrueking/map/"

type mapShelf struct {
	maps []*openedMap
}

var openedMaps mapShelf

func (s *mapShelf) list() []*openedMap { return s.maps }

func (s *mapShelf) byID(id string) *board.Map {
	for _, om := range s.maps {
		if om.id == id {
			return om.m
		}
	}
	return nil
}

func (s *mapShelf) bySum(sum string) *openedMap {
	for _, om := range s.maps {
		if sum != "" && om.m.SHA256 == sum {
			return om
		}
	}
	return nil
}

func (s *mapShelf) byName(name string) *openedMap {
	for i := len(s.maps) - 1; i >= 0; i-- {
		if s.maps[i].name == name {
			return s.maps[i]
		}
	}
	return nil
}

// add keeps a parsed map in memory and in the browser's storage; err says
// why it could not be stored (it is then kept for this visit only).
func (s *mapShelf) add(name string, data []byte, m *board.Map) (*openedMap, error) {
	om := &openedMap{id: "./" + name, name: name, m: m}
	var kept []*openedMap
	for _, o := range s.maps {
		if o.id != om.id && o.m.SHA256 != m.SHA256 {
			kept = append(kept, o)
		}
	}
	s.maps = append(kept, om)
	l, err := store.LocalStorage()
	if err != nil {
		return om, err
	}
	return om, l.Set(mapKeyPrefix+m.SHA256, name+"\n"+string(data))
}

// restore reads the map files kept in the browser's storage.
func (s *mapShelf) restore() error {
	l, err := store.LocalStorage()
	if err != nil {
		return nil // no storage: the saves' banner says so
	}
	keys, err := l.Keys()
	if err != nil {
		return err
	}
	var errs []error
	for _, k := range keys {
		if !strings.HasPrefix(k, mapKeyPrefix) {
			continue
		}
		v, ok, err := l.Get(k)
		if err != nil || !ok {
			errs = append(errs, err)
			continue
		}
		name, text, _ := strings.Cut(v, "\n")
		m, err := maps.Parse(name, []byte(text))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", name, err))
			continue
		}
		if s.bySum(m.SHA256) == nil {
			s.maps = append(s.maps, &openedMap{id: "./" + name, name: name, m: m})
		}
	}
	return errors.Join(errs...)
}

// webState is what state() tells the page and the browser test: the scene,
// how far the game is, and where the clickable things are, in CSS pixels.
type webState struct {
	Scene   string      `json:"scene"`
	Frames  int         `json:"frames"`
	Actions int         `json:"actions"`
	SaveID  string      `json:"save,omitempty"`
	Prompt  string      `json:"prompt,omitempty"`
	Message string      `json:"message,omitempty"`
	Banner  string      `json:"banner,omitempty"`
	Targets []webTarget `json:"targets"`
	// For a game joined on the network: the seats this page holds, the
	// seat to act, the round (the tests see the public facts only).
	Held  []rules.Seat `json:"held,omitempty"`
	ToAct *rules.Seat  `json:"toAct,omitempty"`
	Round int          `json:"round,omitempty"`
	// The autoplay's next click (autoplay(seed)), the releases the app
	// has seen, what it planned and why it stopped.
	Next     *webTarget `json:"next,omitempty"`
	Releases int        `json:"releases"`
	Planned  string     `json:"planned,omitempty"`
	Note     string     `json:"note,omitempty"`
	// Touch (pageView): the board's zoom and viewport, the tooltip shown.
	Zoom  float64    `json:"zoom,omitempty"`
	Tip   string     `json:"tip,omitempty"`
	Board *webTarget `json:"board,omitempty"`
}

type webTarget struct {
	ID   string  `json:"id"`
	Kind string  `json:"kind"`
	Text string  `json:"text,omitempty"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	W    float64 `json:"w"`
	H    float64 `json:"h"`
}

// cmdNames name the buttons in state() (for the page's tests).
var cmdNames = map[ui.CmdKind]string{ui.CmdStart: "start", ui.CmdContinue: "cont:",
	ui.CmdExportGame: "export:", ui.CmdDeleteGame: "delete:", ui.CmdExportFinished: "export-finished", ui.CmdDeleteFinished: "delete-finished", ui.CmdMap: "map:", ui.CmdPlayers: "n:",
	ui.CmdEditName: "name:", ui.CmdLift: "curtain", ui.CmdCancel: "cancel", ui.CmdShuffle: "shuffle",
	ui.CmdConfirmArrange: "confirm-arrange", ui.CmdMoveConfirm: "move", ui.CmdUndo: "undo", ui.CmdRedo: "redo",
	ui.CmdAgain: "again", ui.CmdHelp: "help", ui.CmdFullscreen: "fullscreen",
	ui.CmdDismiss: "dismiss", ui.CmdLogEntry: "log:", ui.CmdLogScroll: "log-scroll", ui.CmdPresent: "present",
	ui.CmdHint: "hint", ui.CmdSeatLevel: "seat-level:", ui.CmdBotPause: "bot-pause",
	ui.CmdTools: "tools", ui.CmdVariant: "variant", ui.CmdStudy: "study", ui.CmdWing: "wing:", ui.CmdUncoverSeat: "uncover:", ui.CmdSavePosition: "save-position", ui.CmdSandbox: "sandbox", ui.CmdSandboxPlay: "sandbox-play", ui.CmdTryMode: "try"}

func (w *webGame) snapshot() {
	a := w.a
	st := webState{Scene: a.mgr.name(), Frames: w.frames, Targets: []webTarget{}}
	if lg := a.f.sh.Live; lg != nil {
		u := lg.Table()
		st.Actions = u.Game().Len()
		if cl, _ := lg.Client(); cl != nil {
			st.Held = cl.Held()
			ta := cl.ToAct()
			st.ToAct = &ta
		}
		st.Round = u.Public().Round
		if _, f := lg.Match(); f != nil {
			st.SaveID = f.SaveID()
		}
		st.Prompt = u.Public().Prompt
		st.Message, _ = u.Message()
	} else {
		st.Message, _ = a.home.s.Message()
	}
	st.Banner, _ = a.banner(a.f.sh)
	dpr := ebiten.Monitor().DeviceScaleFactor()
	if dpr <= 0 {
		dpr = 1
	}
	z, tip, vp := a.pageView()
	if st.Tip = tip; z > 0 {
		r := a.win.sc.Rect(vp)
		st.Zoom, st.Board = z, &webTarget{ID: "board", X: r.X / dpr, Y: r.Y / dpr, W: r.W / dpr, H: r.H / dpr}
	}
	kinds := map[ui.TargetKind]string{ui.TButton: "button", ui.TSlot: "slot", ui.TToken: "token", ui.TTerritory: "territory", ui.TSeatToken: "seat-token"}
	for _, wd := range a.f.ws {
		if wd.T.Kind == ui.TNone {
			continue
		}
		id := cmdNames[wd.T.Cmd.Kind]
		switch wd.T.Cmd.Kind {
		case ui.CmdContinue, ui.CmdExportGame, ui.CmdDeleteGame:
			id += wd.T.Cmd.ID
		case ui.CmdMap, ui.CmdPlayers, ui.CmdEditName, ui.CmdLogEntry, ui.CmdSeatLevel, ui.CmdWing, ui.CmdUncoverSeat:
			id += fmt.Sprint(wd.T.Cmd.N)
		}
		switch {
		case wd.T.Kind == ui.TSlot && a.f.board != nil:
			// The page's tests name a slot by its house's id.
			id = fmt.Sprintf("%s:%v", a.f.board.Camera.Map().HouseName(wd.T.House), wd.T.Slot)
		case wd.T.Kind == ui.TToken:
			id = fmt.Sprintf("token:%d", wd.T.Index)
		case wd.T.Kind == ui.TSeatToken:
			id = fmt.Sprintf("token:%d:%d", wd.T.Seat, wd.T.Index)
		case wd.T.Action != nil && id == "":
			id = "action"
		}
		r := a.win.sc.Rect(wd.R)
		st.Targets = append(st.Targets, webTarget{ID: id, Kind: kinds[wd.T.Kind], Text: wd.Text,
			X: r.X / dpr, Y: r.Y / dpr, W: r.W / dpr, H: r.H / dpr})
	}
	st.Releases = a.ptr.releases
	if ac := w.auto; ac != nil {
		st.Planned, st.Note = ac.Planned, ac.Note
		if n := ac.Next(); n != nil {
			r := a.win.sc.Rect(ui.Rect{X: n.X, Y: n.Y})
			st.Next = &webTarget{ID: "next", Text: n.What, X: r.X / dpr, Y: r.Y / dpr}
		}
	}
	b, err := json.Marshal(st)
	if err != nil {
		b = []byte(`{"error":` + fmt.Sprintf("%q", err.Error()) + `}`)
	}
	w.mu.Lock()
	w.snap = string(b)
	w.mu.Unlock()
}

func init() { mark("ntk-go-init") }

// keepPosition offers the position as a scenario file to download (a page
// has no folder of its own to write it to).
func keepPosition(_ *Context, g *rules.Game) (string, error) {
	name, sum := records.MapIdentity(g.Map())
	file := catalog.FileName(g, time.Now())
	if err := download(file, scenarios.Export(g, name, sum)); err != nil {
		return "", fmt.Errorf("the browser refused the download: %v", err)
	}
	return "Downloaded " + file + ": open it again with Open file… (it holds every secret of the position).", nil
}

// keepExports downloads the exported games (export.go): one game as its
// file, several as one zip archive (one download: browsers ask before a
// page downloads many files).
func keepExports(_ *Context, files []session.ExportFile) (string, error) {
	name, data := "notrueking-"+files[0].Name, files[0].Data
	if len(files) > 1 {
		now := time.Now()
		var err error
		if data, err = session.ZipExports(files, now); err != nil {
			return "", err
		}
		name = "notrueking-games-" + now.Format("2006-01-02") + ".zip"
	}
	if err := download(name, data); err != nil {
		return "", fmt.Errorf("the browser refused the download: %v", err)
	}
	return fmt.Sprintf("Downloaded %s (%s).", name, words.Count(len(files), "game")), nil
}

// searchSlice is how long a bot's search runs before it gives the browser
// a turn: the page has one thread, and a search that never stopped would
// freeze the tab for seconds (no frame, no click).
const searchSlice = 20 * time.Millisecond

// searchYield gives the browser's event loop a turn every searchSlice of
// a search. The search's goroutine waits for a setTimeout callback, an
// event only the browser's loop delivers, so the Go runtime must return
// to it (drawing frames and handling input) before the search goes on.
// Neither runtime.Gosched nor time.Sleep would do: the first only switches
// goroutines, and the runtime resumes a sleeper whose timer expired while
// another goroutine ran (a frame) in the same task, never returning to
// the browser. The search itself is untouched: the same decisions.
func searchYield() func() {
	last := time.Now()
	return func() {
		if time.Since(last) < searchSlice {
			return
		}
		turn := make(chan struct{})
		var f js.Func
		f = js.FuncOf(func(js.Value, []js.Value) any {
			f.Release()
			close(turn)
			return nil
		})
		js.Global().Call("setTimeout", f, 0)
		<-turn
		last = time.Now()
	}
}

// canHost says this build can host a game on the network: a web page
// cannot listen for connections.
const canHost = false

// setWindowIcon does nothing in a browser, whose tab shows the page's
// favicon.svg: drawing the icons took a quarter of a second before the
// page's first frame, for Ebitengine to ignore them.
func setWindowIcon() {}

// signalTurn, in the page: the page changes its title and icon, plays its
// sound if the player turned it on, and shows a notification if the
// player allowed them and the page is not in front (web/index.html's
// ntkPage.yourTurn).
func (a *App) signalTurn(on bool, text string) {
	page("yourTurn", on, text)
}

// flashTitle: the page's title is the page's (signalTurn).
func (a *App) flashTitle(int64) {}

// askText asks for a line of table talk in the page's own prompt: a phone
// answers it with its keyboard (a canvas has no text field to focus).
func askText(title string) (string, bool) {
	v := js.Global().Call("prompt", title+" (at most 500 characters)", "")
	if v.Type() != js.TypeString {
		return "", false // cancelled
	}
	return v.String(), true
}
