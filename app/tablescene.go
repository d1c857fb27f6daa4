package app

import (
	"time"

	"notrueking/gamefile"
	"notrueking/hosting"
	"notrueking/live"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
)

// The scenes of a game at the table (package live holds the game, package
// table its table): the hand-off curtain, the table — with a notice over
// it (a combat's result, a drawn card) or in try mode, as the table's Mode
// says — and the end screen. After input that moved the game, the game
// says where it stands (live.Game.Moved) and sceneOf is the scene there.

// begin puts game lg on the table: the scene it stands at.
func begin(lg *live.Game) Scene {
	return sceneOf(lg, lg.Moved(false))
}

// sceneOf is the scene of game lg standing at st.
func sceneOf(lg *live.Game, st live.Stand) Scene {
	switch st.Place {
	case live.AtCurtain:
		return &curtainScene{lg: lg, seat: st.Seat}
	case live.AtEnd:
		return &endScene{lg: lg}
	}
	return &tableScene{lg: lg}
}

// tickGame runs game lg once per frame and goes where it stands when it moved
// (live.Game.Tick); it reports a change to show.
func tickGame(lg *live.Game, now time.Time, c *Context) bool {
	changed, st := lg.Tick(now)
	if st != nil {
		c.GoTo(sceneOf(lg, *st))
	}
	return changed
}

// withGame is what every scene of game lg shows around its own: the game to
// save, where the banner goes.
func withGame(lg *live.Game, sh Shown) Shown {
	sh.Live = lg
	sh.Banner = footBanner(lg.Table().Layout())
	return sh
}

// footBanner is where the banner goes over the table's board: its foot.
func footBanner(l table.Layout) ui.Rect {
	b := l.Board
	return ui.Rect{X: b.X, Y: b.Y + b.H - 58, W: b.W, H: 56}
}

// tableScene is the game: board, panels and decisions of the seat shown,
// its clicks, keys and commands; a notice over it or try mode (the
// table's Mode).
type tableScene struct{ lg *live.Game }

func (s *tableScene) Show(c *Context) Shown {
	u := s.lg.Table()
	l := u.Layout()
	ws := s.lg.Decorate(u.Widgets(l), true)
	hl, sel := u.Highlights() // legal targets, a hint's move, try mode's
	return withGame(s.lg, Shown{Widgets: ws, Board: &BoardShown{Table: u, Area: l.Board, Lit: hl, Sel: sel, Input: true}, Message: l.Message})
}

// Keys are the table's own (the wheel over the log too); the Tools menu's
// keys are carried out as its entries; the rest go to the buttons.
func (s *tableScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	u := s.lg.Table()
	wheel := u.Wheel(in)
	k := u.Keys(in)
	s.follow(c, k.Played)
	for _, cmd := range k.Tools {
		c.Do(cmd)
	}
	return k.Rest, k.Changed || wheel
}

// Do carries out a command of the table: the app's beside it (the Tools
// menu and its entries, a hint, the network's), or the table's own.
func (s *tableScene) Do(cmd ui.Command, c *Context) {
	lg, u := s.lg, s.lg.Table()
	switch {
	case cmd.Kind == ui.CmdTools:
		c.GoTo(&toolsScene{under: s, lg: lg})
	case cmd.Kind == ui.CmdSavePosition:
		savePosition(c, lg)
	case cmd.Kind == ui.CmdScenarios && u.Mode() != table.ModeTry:
		c.GoTo(newScenarioScene(c, s, lg))
	case cmd.Kind == ui.CmdHint:
		lg.AskHint()
	case cmd.Kind == ui.CmdNetPanel:
		c.GoTo(&netScene{under: s, lg: lg})
	case lg.NetDo(cmd):
	case cmd.Kind == ui.CmdSandbox && u.Mode() != table.ModeTry:
		openSandbox(c, lg, s)
	default:
		s.follow(c, u.Do(cmd))
	}
}

// Click hands the table a click on a target.
func (s *tableScene) Click(t ui.Target, c *Context) { s.follow(c, s.lg.Table().Click(t)) }

// follow goes where the game stands after input that moved it.
func (s *tableScene) follow(c *Context, moved bool) {
	if moved {
		c.GoTo(sceneOf(s.lg, s.lg.Moved(false)))
	}
}

// Tick: the game goes on — not in try mode, where nothing is played and
// the bots wait.
func (s *tableScene) Tick(now time.Time, c *Context) bool {
	if s.lg.Table().Mode() == table.ModeTry {
		return false
	}
	return tickGame(s.lg, now, c)
}

// curtainScene hides the table's secrets until the next seat is looking;
// the public table stays in view behind it.
type curtainScene struct {
	lg   *live.Game
	seat rules.Seat // the seat the curtain waits for
}

func (s *curtainScene) Show(*Context) Shown {
	u := s.lg.Table()
	sh := Shown{Widgets: s.lg.Decorate(u.Screens().Curtain(s.seat), false)}
	if u.Shown() < 0 {
		// Behind the curtain the table stays in view, public facts only
		// (no seat is shown), so onlookers and a stream keep the board.
		l := u.Layout()
		sh.Behind = u.Widgets(l)
		sh.Board = &BoardShown{Table: u, Area: l.Board, Sel: -1}
	}
	return withGame(s.lg, sh)
}

// Keys: F4 opens the network panel; the curtain's own (Space lifts it,
// Ctrl+Z and Ctrl+Y undo and redo behind it: live.Game.CurtainKeys); the
// rest press its buttons.
func (s *curtainScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	if in.Has(ui.KeyF4) {
		c.GoTo(&netScene{under: s, lg: s.lg})
		return nil, true
	}
	rest, changed, moved := s.lg.CurtainKeys(in)
	if moved {
		c.GoTo(sceneOf(s.lg, s.lg.Moved(false)))
	}
	return rest, changed
}

func (s *curtainScene) Do(cmd ui.Command, c *Context) {
	switch {
	case cmd.Kind == ui.CmdNetPanel:
		c.GoTo(&netScene{under: s, lg: s.lg})
	case s.lg.NetDo(cmd):
	case cmd.Kind == ui.CmdLift:
		s.lg.Table().Reveal(s.seat)
		c.GoTo(&tableScene{lg: s.lg})
	}
}

func (s *curtainScene) Click(ui.Target, *Context)           {}
func (s *curtainScene) Tick(now time.Time, c *Context) bool { return tickGame(s.lg, now, c) }

// endScene reveals everything: ranking, loyalty cards, scores, the seed.
type endScene struct {
	still
	lg *live.Game
}

func (s *endScene) Show(c *Context) Shown {
	u := s.lg.Table()
	grid := u.Map().Grid
	hl, sel := u.Highlights()
	m, _ := s.lg.Match() // a game run here can be replayed
	if u.Layout().Portrait {
		// A phone held upright: the results alone, the portrait canvas's
		// width (the board is the replay's).
		return withGame(s.lg, Shown{Widgets: u.Screens().EndPortrait(m != nil)})
	}
	return withGame(s.lg, Shown{Widgets: u.Screens().End(m != nil),
		Board: &BoardShown{Table: u, Area: table.EndLayout(grid.W, grid.H).Board, Lit: hl, Sel: sel}})
}

func (s *endScene) Do(cmd ui.Command, c *Context) {
	switch cmd.Kind {
	case ui.CmdReplay:
		replayFinished(c, s.lg, s)
	case ui.CmdAgain:
		// The finished game's save and record stay; the next game gets a
		// new save and a new record file.
		s.lg.Close()
		c.goHome()
	}
}

// The files a live game writes are the match's (session.Files: the
// autosave, the -record file, the -overlay file, one chain of observers
// told after every action, undo and redo, whoever made it). The table
// never writes and never calls back into the app. The spectator window's
// -overlay file is written by package spectate.

// startMatch starts rules game g at this window with seats st: its
// match, its files (fo: where the game comes from — its map, a scenario
// file, the save it resumes — and whether it is a tester's; the rest from
// the app's options: a new save, or the resumed one), its server when a
// seat is played from another device; and puts it on the table. It
// returns the game and the scene it stands at.
func startMatch(c *Context, g *rules.Game, fo session.FilesOptions, st live.Seating) (*live.Game, Scene) {
	o := &c.app.opts
	fo.Saves, fo.StoreErr, fo.RecordPath, fo.OverlayPath = o.Saves, c.app.storeErr, o.RecordPath, o.Overlay
	run := live.Run{Yield: searchYield, Files: fo}
	if canHost {
		run.Host = &hosting.Options{Addr: o.HostAddr, Page: o.HostPage, NoSpectators: o.NoSpectators}
	}
	lg := live.Start(g, st, run, c.app.gameOptions(g.Config().Seed, fo.Tester))
	return lg, begin(lg)
}

// gameOptions are how the window shows a game of seed: a tester's seed is
// shown; any other game's shuffle button draws a secret seed of its own.
func (a *App) gameOptions(seed uint64, tester bool) live.Options {
	o := live.Options{Seed: seed, Tester: tester, LargeLog: a.opts.LargeText, Clean: a.opts.Clean, OnTurn: a.signalTurn, AskText: askText}
	if !tester {
		// The shuffle button must not leak the secret seed either.
		o.Shuffle = gamefile.SecretSeed()
	}
	return o
}

// A game played over the network, seen from the window (package hosting):
// the network panel (F4, Tools → Network…) over the table, the curtain or
// the start screen's new hosted game.

// netScene is the network panel over the scene under it: the join link
// and its QR code, what the link is and what it is not, each seat's player
// and device, and the host's buttons (hosting.Panel).
type netScene struct {
	under Scene
	lg    *live.Game
}

func (s *netScene) Show(c *Context) Shown {
	sh := s.under.Show(c)
	cl, link := s.lg.Client()
	sh.Over = append(overlayPanel(hosting.PanelRect, "Playing over the network", ui.CmdNetPanel), hosting.Panel(s.lg.Table(), s.lg.Hosting(), cl, link)...)
	return sh
}

// Keys: Esc and F4 close.
func (s *netScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	for _, k := range in.Pressed() {
		if k == ui.KeyEsc || k == ui.KeyF4 {
			c.GoTo(s.under)
			return nil, true
		}
	}
	return nil, false
}

// Do: Close closes; the seats' buttons hand seats over.
func (s *netScene) Do(cmd ui.Command, c *Context) {
	switch cmd.Kind {
	case ui.CmdNetPanel, ui.CmdCancel:
		c.GoTo(s.under)
	default:
		s.lg.NetDo(cmd)
	}
}

func (s *netScene) Click(ui.Target, *Context) {}

// Tick: the game under it goes on (bots and devices move), as under the
// help; the panel redraws when a device comes or goes.
func (s *netScene) Tick(now time.Time, c *Context) bool {
	return s.under.Tick(now, c.under(func(sc Scene) { s.under = sc }))
}

// codesWidgets are a phone's board's Codes button and, while it is open,
// its legend of the codes in view as the board was last drawn
// (table.CodesLegend).
func (a *App) codesWidgets(board ui.Rect) []ui.Widget {
	var lines []string
	if a.win.codes {
		for _, c := range a.p.CodesInView() {
			lines = append(lines, c.Code+": "+c.Name)
		}
	}
	return table.CodesLegend(board, a.win.codes, lines)
}
