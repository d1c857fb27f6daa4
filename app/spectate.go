package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"notrueking/board"
	"notrueking/gamefile"
	"notrueking/internal/safefile"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/store"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// The spectator window (notrueking -spectate FILE): it follows a game's
// autosave (or the -record file a game writes) and shows the public view
// only — the board, the houses, the conspiracies as everyone sees them,
// the public log, whose turn it is, the combat as far as it is public —
// the window a streamer captures while the players use theirs. It has no
// curtain, no hand, no loyalty card (only the tokens already revealed),
// no action button, no undo and no hint, and it never writes a file.
//
// Following: Update looks at the file every spectatePoll (os.Stat: its
// identity, size and time); only a changed file is read again, through
// gamefile.ReadFile, which bounds its size and kind and replays it. A file
// that cannot be read for now (being rewritten, cut off, garbage) leaves
// the last good position on the screen with a small "waiting for the
// game…" line. The app draws only when something shown changed.

// SpectateLatest, given as the file, follows the newest save of the saves
// folder, and the next game once a newer one is saved.
const SpectateLatest = "latest"

// spectatePoll is how often the followed file is looked at.
const spectatePoll = 400 * time.Millisecond

// spectateRetry is how often a file that could not be read (or was cut
// off) is read again although it looks unchanged.
const spectateRetry = 2 * time.Second

// spectator is what the spectator window keeps between polls.
type spectator struct {
	// arg is the file as given (a path, or SpectateLatest); path the file
	// followed ("" while the saves folder holds no game).
	arg, path string
	// saves is the saves folder for SpectateLatest, read only.
	saves *store.Dir
	// fromHome is set for a game watched from the start screen: Esc goes
	// back there (the spectator window has nowhere to go back to).
	fromHome bool
	// load finds a record's map (loaded once per map, see cachedMaps).
	load func(dir string) gamefile.MapLoader
	// next is when to poll again.
	next time.Time
	// stat is the file as last read; nil reads it at the next poll.
	stat os.FileInfo
	// retryAt, when set, reads the file again at that time although it
	// looks unchanged (the last read failed or found a cut-off line).
	retryAt time.Time
	// game is the last good position (nil before the first), file what
	// was read with it (players' names, seed, save header).
	game *rules.Game
	file *gamefile.File
	// status says why the screen may be behind the file ("" when it
	// follows); reason is the detail, in the status's tooltip.
	status, reason string
	// hooks run after each newly seen position (spectated); overlayErr
	// is the last write's failure of the -overlay file, written by one.
	hooks      []spectateHook
	overlayErr error
	// remote, when set, follows a game hosted on the network instead of
	// a file (spectate_remote.go); remoteShown once its first position
	// is on the screen.
	remote      *follower
	remoteShown bool
}

// spectateHook is called after each newly seen position of the followed
// game: r is the game as it now stands (its public side only: see
// publicOnly), seen the number of actions shown before (-1 for the first
// position of a game, a new game included). seen > r.Len() means actions
// were taken back. The overlay file (-overlay) is written from here.
type spectateHook func(r rules.Desk, seen int)

// newSpectator follows arg: a record or save file, or SpectateLatest for
// the newest save of the saves folder (opened read only: the spectator
// creates no folder and removes no file). A file named "latest" is
// followed as ./latest.
func newSpectator(arg string) (*spectator, error) {
	s := &spectator{arg: arg, load: cachedMaps(mapLoader)}
	if arg == SpectateLatest {
		dir, err := store.DefaultDir()
		if err != nil {
			return nil, err
		}
		s.saves = store.ReadOnlyDir(dir)
		return s, nil
	}
	if arg == "" {
		return nil, errors.New("no file to follow")
	}
	// A file that is there must be one a game can be: a FIFO, a device or
	// a file over the bound of a save is refused at once, as a folder is
	// (a file not there yet is waited for: the game may not have begun).
	if st, err := os.Stat(arg); err == nil {
		switch {
		case st.IsDir():
			return nil, fmt.Errorf("%s is a folder, not a game's save or record", arg)
		case !st.Mode().IsRegular():
			return nil, fmt.Errorf("%s is not a regular file: not a game's save or record", arg)
		case st.Size() > store.MaxSave:
			return nil, fmt.Errorf("%s: %s is larger than a save can be (%s)", arg, safefile.Size(st.Size()), safefile.Size(store.MaxSave))
		}
	}
	s.path = arg
	return s, nil
}

// cachedMaps wraps a map loader so that each map (by folder, name and
// hash) is loaded once: the board view keeps its drawing while the map
// stays the same, and a poll does not parse the map again.
func cachedMaps(loaderFor func(dir string) gamefile.MapLoader) func(dir string) gamefile.MapLoader {
	type key struct{ dir, name, sum string }
	cache := map[key]*board.Map{}
	return func(dir string) gamefile.MapLoader {
		load := loaderFor(dir)
		return func(name, sum string) (*board.Map, error) {
			k := key{dir, name, sum}
			if m, ok := cache[k]; ok {
				return m, nil
			}
			m, err := load(name, sum)
			if err == nil {
				cache[k] = m
			}
			return m, err
		}
	}
}

// wait keeps the last position and says why; it reports whether the
// status shown changed.
func (s *spectator) wait(status, reason string) bool {
	changed := s.status != status || s.reason != reason
	s.status, s.reason = status, reason
	return changed
}

// waiting is the status line of a spectator that cannot read the game
// for now.
const waiting = "waiting for the game…"

// poll looks at the followed file when it is time to and reads it when it
// changed. moved reports a new position in s.game (another action, an
// undo, another game); changed that anything shown changed (the position
// or the status).
func (s *spectator) poll(now time.Time) (moved, changed bool) {
	if s.remote != nil {
		return s.pollRemote()
	}
	if now.Before(s.next) {
		return false, false
	}
	s.next = now.Add(spectatePoll)
	if s.saves != nil {
		l, err := s.saves.List()
		if err != nil || len(l) == 0 {
			return false, s.wait(waiting, "No saved game in "+s.saves.Path()+" yet: start one.")
		}
		if p := s.saves.File(l[0].ID); p != s.path {
			// A newer game: followed from now on (the last one stays on
			// the screen until the new one is read).
			s.path, s.stat, s.retryAt = p, nil, time.Time{}
		}
	}
	st, err := os.Stat(s.path)
	if err != nil {
		return false, s.wait(waiting, fmt.Sprintf("%s: %v", filepath.Base(s.path), unwrapPath(err)))
	}
	if s.stat != nil && os.SameFile(st, s.stat) && st.Size() == s.stat.Size() && st.ModTime().Equal(s.stat.ModTime()) &&
		(s.retryAt.IsZero() || now.Before(s.retryAt)) {
		return false, false
	}
	s.stat, s.retryAt = st, time.Time{}
	f, err := gamefile.ReadFile(s.path, s.load)
	if err != nil {
		s.retryAt = now.Add(spectateRetry)
		return false, s.wait(waiting, err.Error())
	}
	if f.Warning != "" && s.game != nil {
		// A cut-off last line: the file is being written by something
		// that does not write atomically. The last position stays.
		s.retryAt = now.Add(spectateRetry)
		return false, s.wait(waiting, filepath.Base(s.path)+": "+f.Warning)
	}
	changed = s.wait("", "")
	if s.game != nil && sameGame(s.file, f) && samePosition(s.game, f.Game) {
		s.file = f // the header (time of the save) may be newer
		return false, changed
	}
	s.game, s.file = f.Game, f
	return true, true
}

// unwrapPath drops the path an os error repeats (the status names the
// file already).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// sameGame reports whether two reads are of the same game: same map,
// seed and players.
func sameGame(a, b *gamefile.File) bool {
	if a == nil || b == nil {
		return false
	}
	ra, rb := a.Record, b.Record
	return ra.Map == rb.Map && ra.MapSHA256 == rb.MapSHA256 && ra.Seed == rb.Seed && strings.Join(ra.Players, "\x00") == strings.Join(rb.Players, "\x00")
}

// samePosition reports whether two replays of one game stand at the same
// position: the same actions (an undo and another action is a new one).
func samePosition(a, b *rules.Game) bool {
	return a.Len() == b.Len() && slices.Equal(a.Actions(), b.Actions())
}

// spectated runs the hooks after each newly seen position (seen: the
// actions shown before, -1 for a new game).
func (s *spectator) spectated(seen int) {
	r := s.desk()
	for _, h := range s.hooks {
		h(r, seen)
	}
}

// writesOverlay has the spectator write the -overlay file at path after
// each newly seen position of the game it follows (a write's failure is
// kept for the banner). The overlay reads public views only, so it is
// given the game itself behind a desk that holds no seat: the ranks'
// "since when" needs its history.
func (s *spectator) writesOverlay(path string) {
	s.hooks = append(s.hooks, func(rules.Desk, int) {
		s.overlayErr = session.WriteOverlay(path, s.desk())
	})
}

// spectateWait is the spectator window before the first position is
// read: a waiting card.
type spectateWait struct {
	still
	f *spectator
}

func (w *spectateWait) Show(*Context) Shown {
	return Shown{Widgets: w.f.waitingWidgets(), Unsaved: []error{w.f.overlayErr}}
}

// Tick polls the followed file; the first position read puts the game up.
func (w *spectateWait) Tick(now time.Time, c *Context) bool {
	moved, changed := w.f.poll(now)
	if moved {
		s := &spectateScene{f: w.f}
		s.show(-1)
		c.GoTo(s)
	}
	return changed
}

// Keys: Esc goes back when there is somewhere to go back to.
func (w *spectateWait) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	if w.f.leave(in, c) {
		return nil, true
	}
	return in.Pressed(), false
}

// leave goes back (Esc) to the start screen when the game was watched
// from there.
func (s *spectator) leave(in ui.Input, c *Context) bool {
	if !s.fromHome || !in.Has(ui.KeyEsc) {
		return false
	}
	c.goHome()
	return true
}

// spectateScene is the spectator window following a game: the public
// view only, on a table of its own (kept, with its log's wrapped rows,
// while the map stays).
type spectateScene struct {
	f   *spectator
	tbl *table.Table
}

func (s *spectateScene) Show(*Context) Shown {
	u := s.tbl
	m := u.Map()
	l := u.Layout()
	area := l.Board
	if u.Game().Over() {
		area = table.EndLayout(m.Grid.W, m.Grid.H).Board
	}
	hl, sel := u.Highlights()
	return Shown{Widgets: s.widgets(), Banner: footBanner(l), Unsaved: []error{s.f.overlayErr},
		Board: &BoardShown{Table: u, Area: area, Lit: hl, Sel: sel, Input: !u.Game().Over()}}
}

// Keys: the wheel over the log scrolls it; the board's zoom, pan and fit
// are the camera's; F1 (help) and F11 (fullscreen) are the app's.
func (s *spectateScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	if s.f.leave(in, c) {
		return nil, true
	}
	changed := false
	if !s.tbl.Game().Over() {
		changed = s.tbl.Wheel(in)
	}
	return in.Pressed(), changed
}

func (s *spectateScene) Do(cmd ui.Command, _ *Context) {
	if cmd.Kind == ui.CmdLogScroll {
		s.tbl.Do(cmd)
	}
}

func (s *spectateScene) Click(ui.Target, *Context) {}

// Tick polls the followed file: a newly seen position goes on the table.
func (s *spectateScene) Tick(now time.Time, _ *Context) bool {
	seen, before := s.tbl.Game().Len(), s.f.file
	moved, changed := s.f.poll(now)
	if moved {
		if s.f.remote == nil && !sameGame(before, s.f.file) {
			seen = -1
		}
		s.show(seen)
	}
	return changed
}

// show puts the position read on the table: through publicOnly, so that
// the table can read nothing a seat keeps secret; then the hooks run
// (seen: the actions shown before, -1 for a new game).
func (s *spectateScene) show(seen int) {
	f := s.f
	r := f.desk() // no seat held: the public table, acting on nothing
	var seed uint64
	var bots []string
	if f.file != nil {
		seed, bots = f.file.Record.Seed, gamefile.BotLevels(f.file.Meta.Seats)
	} else if f.remote != nil {
		bots = remoteBots(f.remote.client.Load().Presence(), len(r.Seats()))
	}
	if u := s.tbl; u != nil && u.Map() == r.Map() {
		u.SetSeed(seed)
		u.SetGame(r, rules.Public)
	} else {
		s.tbl = table.New(r, table.Options{Seed: seed})
	}
	s.tbl.Hide()
	s.tbl.SetBots(bots)
	f.spectated(seen)
}

// widgets is the spectator's screen: the public table as the hand-off
// curtain leaves it in view, without undo, with the spectator's panel
// where a seat's hand and decisions would be; the end screen once the
// game is over (everything is public then).
func (s *spectateScene) widgets() []ui.Widget {
	u := s.tbl
	if u.Game().Over() {
		var ws []ui.Widget
		for _, w := range u.EndWidgets(false) {
			if w.T.Cmd.Kind != ui.CmdAgain {
				ws = append(ws, w)
			}
		}
		st := s.f.statusWidget(ui.Rect{X: ui.BaseW - 360, Y: 14, W: 344, H: 22}, ui.AlignRight)
		st.Text = "Spectator · " + st.Text
		return append(ws, st)
	}
	l := u.Layout()
	box := ui.Rect{X: l.Private.X, Y: l.Private.Y, W: l.Actions.X + l.Actions.W - l.Private.X, H: l.Private.H}
	var ws []ui.Widget
	for _, w := range u.Widgets(l) {
		switch {
		case w.T.Cmd.Kind == ui.CmdUndo || w.T.Cmd.Kind == ui.CmdRedo:
			continue // nothing is taken back from here
		case w.T.Cmd.Kind == ui.CmdTools:
			continue // the tester's tools act on a game of one's own
		case ui.Within(w.R, box):
			continue // the private and decision panels: the spectator's panel instead
		case w.T.Cmd.Kind == ui.CmdLogEntry:
			// The spectator shows the game as it stands: an entry is
			// read, not clicked.
			w.T = ui.Target{}
			w.Tip, _, _ = strings.Cut(w.Tip, "\nClick:")
		case w.Kind == ui.WText && strings.HasPrefix(w.Text, "Log  ·"):
			w.Text = "Log  ·  newest at the bottom  ·  public lines only"
		}
		ws = append(ws, w)
	}
	return append(ws, s.panel(box)...)
}

// panel says whose turn it is, the round and the step, and which game is
// followed from which file.
func (s *spectateScene) panel(r ui.Rect) []ui.Widget {
	u, f := s.tbl, s.f
	pub := u.Public()
	ws := ui.Panel(r, "Spectator  ·  the public view")
	ws = append(ws, f.statusWidget(ui.Rect{X: r.X + r.W - 262, Y: r.Y + 8, W: 250, H: 20}, ui.AlignRight))
	x, w := r.X+12, r.W-24
	y := r.Y + 34
	if ta := u.Game().ToAct(); ta >= 0 {
		ink := ui.Readable(ui.SeatColor(ta), ui.ColPanel)
		t := fmt.Sprintf("%s (%s) is choosing…", u.SeatName(ta), words.Title(u.SeatID(ta)))
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 30}, Kind: ui.WText, Text: t, Size: 24, Bold: true, Ink: ink, Tip: pub.Prompt})
	}
	y += 34
	ws = append(ws, ui.Text(ui.Rect{X: x, Y: y, W: w, H: 22}, fmt.Sprintf("Round %d of %d  ·  %s", pub.Round, pub.Rounds, u.Step()), 17, ui.ColText))
	y += 26
	var names []string
	for _, p := range pub.Players {
		names = append(names, u.SeatName(p.Seat))
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 20}, Kind: ui.WText, Text: words.Count(u.Game().Len(), "action") + "  ·  " + strings.Join(names, ", "), Size: 15, Ink: ui.ColDim,
		Tip: "The actions taken so far, and the players of the game followed, in seat order."})
	y += 22
	if f.remote != nil {
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 20}, Kind: ui.WText, Text: "Following " + f.remote.where(), Size: 15, Ink: ui.ColDim, Tip: f.remote.link})
	} else if f.path != "" {
		from := "Following " + filepath.Base(f.path)
		if f.saves != nil {
			from += "  ·  the newest save"
		}
		ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y, W: w, H: 20}, Kind: ui.WText, Text: from, Size: 15, Ink: ui.ColDim, Tip: f.path})
	}
	return ws
}

// statusWidget is the line that says the window follows the file, or
// waits for it (the reason in its tooltip).
func (s *spectator) statusWidget(r ui.Rect, align int) ui.Widget {
	w := ui.Widget{R: r, Kind: ui.WText, Text: "following", Size: 15, Align: align, Ink: ui.ColDim,
		Tip: "The window reads the game's file again whenever it changes."}
	if s.status != "" {
		w.Text, w.Ink, w.Bold = s.status, ui.ColGold, true
		w.Tip = "The last position read stays on the screen until the file can be read again. " + s.reason
	}
	return w
}

// waitingWidgets is the screen before the first position is read.
func (s *spectator) waitingWidgets() []ui.Widget {
	r := ui.Rect{X: 300, Y: 300, W: 1000, H: 260}
	ws := []ui.Widget{{R: r, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: ui.ColEdge},
		{R: ui.Rect{X: r.X, Y: r.Y + 30, W: r.W, H: 44}, Kind: ui.WText, Text: "Spectator — " + waiting, Size: 34, Bold: true, Align: ui.AlignCenter, Ink: ui.ColGold}}
	what := "This window shows the public view of a game as its file is written."
	switch {
	case s.remote != nil:
		what = "Following " + s.remote.where() + " (its spectator link): the public table only"
	case s.path != "":
		what = "Following " + s.path
	case s.saves != nil:
		what = "Following the newest save in " + s.saves.Path()
	}
	if s.reason != "" {
		ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 20, Y: r.Y + 140, W: r.W - 40, H: 24}, Kind: ui.WText, Text: s.reason, Size: 17, Align: ui.AlignCenter, Ink: ui.ColDim, Tip: s.reason})
	}
	hint := "Start or continue the game in its own window: it appears here as soon as it is saved."
	if s.remote != nil {
		hint = "The game appears here as soon as the host sends its table (the link reconnects by itself)."
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 20, Y: r.Y + 100, W: r.W - 40, H: 26}, Kind: ui.WText, Text: what, Size: 19, Align: ui.AlignCenter, Ink: ui.ColText, Tip: what},
		ui.Text(ui.Rect{X: r.X + 20, Y: r.Y + 200, W: r.W - 40, H: 22}, hint, 17, ui.ColDim))
	ws[len(ws)-1].Align = ui.AlignCenter
	return ws
}

// runSpectator opens the spectator window (Options.Spectate) and runs it
// until it is closed. It opens no saves folder for writing and writes no
// file but the overlay: Options.Saves and RecordPath are not used.
func runSpectator(opts Options) error {
	var s *spectator
	var err error
	if opts.Spectate == "" && isWatchLink(opts.Join) {
		s = newRemoteSpectator(opts.Join)
		defer s.close()
	} else if s, err = newSpectator(opts.Spectate); err != nil {
		return &SetupError{Err: err}
	}
	a, err := newSpectatorApp(opts, s)
	if err != nil {
		return &SetupError{Err: err}
	}
	// One title for the window's life: a streaming program finds the
	// window to capture by it.
	return openWindow(a, opts, "No True King — spectator")
}

// newSpectatorApp is the spectator's app: no saves, no record, the
// spectator's scene, and the file read once at once.
func newSpectatorApp(opts Options, s *spectator) (*App, error) {
	opts.Saves, opts.RecordPath, opts.Load, opts.Quick, opts.Bots = nil, "", "", false, nil
	a, err := newApp(opts, nil)
	if err != nil {
		return nil, err
	}
	if opts.Overlay != "" {
		s.writesOverlay(opts.Overlay) // the overlay file follows the spectated game
	}
	a.mgr.goTo(&spectateWait{f: s})
	a.mgr.tick(time.Now(), a.ctx())
	a.rebuild()
	return a, nil
}
