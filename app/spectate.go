package app

import (
	"time"

	"notrueking/spectate"
	"notrueking/ui"
)

// The spectator window (notrueking spectate FILE|latest|LINK; package
// spectate): the public view of a game followed from its file or its
// spectator link, which it never writes to. The start screen's Watch
// opens it too, Esc coming back.

// SpectateLatest, given as the file, follows the newest save of the saves
// folder, and the next game once a newer one is saved.
const SpectateLatest = spectate.Latest

// spectateScene is the spectator window: the waiting card until the first
// position is read, then the public table, following the game.
type spectateScene struct {
	s *spectate.Spectator
	// fromHome: the game is watched from the start screen, where Esc
	// goes back (the spectator window has nowhere to go back to).
	fromHome bool
}

func (sc *spectateScene) Show(*Context) Shown {
	s := sc.s
	sh := Shown{Widgets: s.Widgets(), Unsaved: []error{s.OverlayErr()}}
	if lg := s.Game(); lg != nil {
		u := lg.Table()
		area, input := s.Board()
		hl, sel := u.Highlights()
		sh.Banner, sh.Board = footBanner(u.Layout()), &BoardShown{Table: u, Area: area, Lit: hl, Sel: sel, Input: input}
	}
	return sh
}

// Keys: Esc goes back when there is somewhere to go back to; the wheel
// over the log scrolls it; the board's zoom, pan and fit are the
// camera's; F1 (help) and F11 (fullscreen) are the app's.
func (sc *spectateScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	if sc.fromHome && in.Has(ui.KeyEsc) {
		c.goHome()
		return nil, true
	}
	changed := false
	if lg := sc.s.Game(); lg != nil && !lg.Table().Game().Over() {
		changed = lg.Table().Wheel(in)
	}
	return in.Pressed(), changed
}

func (sc *spectateScene) Do(cmd ui.Command, _ *Context) {
	if lg := sc.s.Game(); lg != nil && cmd.Kind == ui.CmdLogScroll {
		lg.Table().Do(cmd)
	}
}

func (sc *spectateScene) Click(ui.Target, *Context) {}

// Tick follows the game: a newly seen position goes on the table.
func (sc *spectateScene) Tick(now time.Time, _ *Context) bool { return sc.s.Poll(now) }

// runSpectator opens the spectator window (Options.Spectate, or a
// spectator link to join) and runs it until it is closed. It opens no
// saves folder for writing and writes no file but the overlay:
// Options.Saves and RecordPath are not used.
func runSpectator(opts Options) error {
	var s *spectate.Spectator
	if opts.Spectate == "" && spectate.IsLink(opts.Join) {
		s = spectate.Watch(opts.Join)
		defer s.Close()
	} else {
		var err error
		if s, err = spectate.Open(opts.Spectate, mapLoader); err != nil {
			return &SetupError{Err: err}
		}
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
func newSpectatorApp(opts Options, s *spectate.Spectator) (*App, error) {
	opts.Saves, opts.RecordPath, opts.Load, opts.Quick, opts.Bots = nil, "", "", false, nil
	a, err := newApp(opts, nil)
	if err != nil {
		return nil, err
	}
	if opts.Overlay != "" {
		s.WritesOverlay(opts.Overlay) // the overlay file follows the spectated game
	}
	s.SetClean(opts.Clean) // a stream's picture names no host's address
	a.mgr.goTo(&spectateScene{s: s})
	a.mgr.tick(time.Now(), a.ctx())
	a.rebuild()
	return a, nil
}
