package app

import (
	"time"

	"notrueking/live"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// The scenes of a game at the table (package live holds the game, package
// table its table): the hand-off curtain, the table — with a notice over
// it (a combat's result, a drawn card) or in try mode, as the table's Mode
// says — and the end screen. After input that moved the game, the game
// says where it stands (live.Game.Moved) and goTable goes there.

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

// decorate adds to the table's widgets ws of game lg the tester's badge
// (not with -clean) and the game's own (live.Game.Decorate: with hint the
// bots' pieces; a hosted game's admission bar and chip).
func decorate(c *Context, lg *live.Game, ws []ui.Widget, hint bool) []ui.Widget {
	if u := lg.Table(); lg.Tester() && !c.app.opts.Clean {
		// In the top bar, between the prompt and the round: it covers no
		// board (on the board it hid Castle Black's name).
		r := table.TesterBadge
		if l := u.Layout(); l.Portrait {
			r = l.Round // over the round's line: the top bar has no other room
		}
		ws = append(ws, ui.Widget{R: r, Kind: ui.WBox, Text: table.TesterText(u.Seed()), Size: 15, Bold: true, Fill: ui.ColWarn, Ink: ui.ColText,
			Tip: "A tester's game: its seed was given, so its shuffles are no secret."})
	}
	return lg.Decorate(ws, hint)
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
	ws := decorate(c, s.lg, u.Widgets(l), true)
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

func (s *curtainScene) Show(c *Context) Shown {
	u := s.lg.Table()
	sh := Shown{Widgets: decorate(c, s.lg, u.CurtainWidgets(s.seat), false)}
	if u.Shown() < 0 {
		// Behind the curtain the table stays in view, public facts only
		// (no seat is shown), so onlookers and a stream keep the board.
		l := u.Layout()
		sh.Behind = u.Widgets(l)
		sh.Board = &BoardShown{Table: u, Area: l.Board, Sel: -1}
	}
	return withGame(s.lg, sh)
}

// Keys: Enter or Space lifts the curtain (its button's key); Ctrl+Z and
// Ctrl+Y undo and redo behind it, as the table's buttons in view say
// (the table asks before it takes back or redoes a player's decision, and
// the curtain then waits for whoever is to act: it never lifts).
func (s *curtainScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	var rest []ui.Key
	changed := false
	for _, k := range in.Pressed() {
		switch k {
		case ui.KeySpace:
			k = ui.KeyEnter
		case ui.KeyF4:
			c.GoTo(&netScene{under: s, lg: s.lg})
			return nil, true
		case ui.KeyCtrlZ, ui.KeyCtrlY:
			cmd := ui.Command{Kind: ui.CmdUndo}
			if k == ui.KeyCtrlY {
				cmd.Kind = ui.CmdRedo
			}
			u := s.lg.Table()
			if n := u.Game().Len(); u.Do(cmd) && u.Game().Len() != n {
				c.GoTo(sceneOf(s.lg, s.lg.Moved(false))) // (a question stays on the curtain)
			}
			changed = true
			continue
		}
		rest = append(rest, k)
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

func (s *endScene) Show(*Context) Shown {
	u := s.lg.Table()
	grid := u.Map().Grid
	hl, sel := u.Highlights()
	m, _ := s.lg.Match() // a game run here can be replayed
	return withGame(s.lg, Shown{Widgets: u.EndWidgets(m != nil),
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
