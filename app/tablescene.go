package app

import (
	"time"

	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// The scenes of a game at the table (package table holds its logic):
// the hand-off curtain, the table, a notice over it (a combat's result, a
// drawn card), try mode and the end screen. After input that moved the
// game, the live game decides the next scene (liveGame.moved).

// tableScene is the game: board, panels and decisions of the seat shown,
// its clicks, keys and commands.
type tableScene struct{ lg *liveGame }

func (s *tableScene) Show(c *Context) Shown {
	u := s.lg.tbl
	l := u.Layout()
	ws := s.lg.decorate(c, u.Widgets(l), true)
	hl, sel := u.Highlights() // legal targets, a hint's move, try mode's
	return s.lg.shown(Shown{Widgets: ws, Board: &BoardShown{Table: u, Area: l.Board, Lit: hl, Sel: sel, Input: true}, Message: l.Message})
}

func (s *tableScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) { return s.keys(in, c, s) }
func (s *tableScene) Do(cmd ui.Command, c *Context)                 { s.do(cmd, c, s) }
func (s *tableScene) Click(t ui.Target, c *Context)                 { s.click(t, c, s) }
func (s *tableScene) Tick(now time.Time, c *Context) bool {
	return s.lg.tick(now, c, false)
}

// settle goes to try mode or a notice when the table is in one.
func (s *tableScene) settle(c *Context) {
	if s.lg.tbl.Mode() != table.ModePlay {
		c.GoTo(s.lg.at(false))
	}
}

// settler is a scene of the table (the table, a notice over it, try
// mode): after input that did not move the game it settles — goes to the
// scene of the table as it now stands, if that is another.
type settler interface {
	Scene
	settle(c *Context)
}

// keys are the table's own (the wheel over the log too), followed (the
// scene up, self, settles); the Tools menu's keys are carried out as its
// entries; the rest go to the buttons.
func (s *tableScene) keys(in ui.Input, c *Context, self settler) ([]ui.Key, bool) {
	u := s.lg.tbl
	wheel := u.Wheel(in)
	k := u.Keys(in)
	s.follow(c, k.Played, self)
	for _, cmd := range k.Tools {
		c.Do(cmd)
	}
	return k.Rest, k.Changed || wheel
}

// do carries out a command of the table, the app's beside it (the Tools
// menu and its entries, a hint), or the table's own, and follows it; self
// is the scene up.
func (s *tableScene) do(cmd ui.Command, c *Context, self settler) {
	lg := s.lg
	switch {
	case cmd.Kind == ui.CmdTools:
		c.GoTo(&toolsScene{under: self, lg: lg})
	case cmd.Kind == ui.CmdSavePosition:
		lg.savePosition(c)
	case cmd.Kind == ui.CmdScenarios && lg.tbl.Mode() != table.ModeTry:
		c.GoTo(newScenarioScene(c, self, lg))
	case cmd.Kind == ui.CmdHint:
		lg.askHint()
	case cmd.Kind == ui.CmdNetPanel:
		c.GoTo(&netScene{under: self, lg: lg})
	case lg.netDo(cmd):
	case cmd.Kind == ui.CmdSandbox && lg.tbl.Mode() != table.ModeTry:
		lg.sandbox(c, self)
	default:
		s.follow(c, lg.tbl.Do(cmd), self)
	}
}

// click hands the table a click on a target and follows it.
func (s *tableScene) click(t ui.Target, c *Context, self settler) {
	s.follow(c, s.lg.tbl.Click(t), self)
}

// follow follows input that went to the table: a move of the game goes
// where the game now stands (liveGame.moved); else the scene up settles.
func (s *tableScene) follow(c *Context, moved bool, self settler) {
	if moved {
		s.lg.moved(c, false)
		return
	}
	self.settle(c)
}

// at is the scene of the table as it stands: try mode, a notice waiting
// for Continue (byBot: after a bot's move), or the table itself.
func (lg *liveGame) at(byBot bool) Scene {
	switch lg.tbl.Mode() {
	case table.ModeTry:
		t := &tryScene{}
		t.onTable = onTable{lg.scene, t}
		return t
	case table.ModeNotice:
		n := &noticeScene{byBot: byBot}
		n.onTable = onTable{lg.scene, n}
		return n
	}
	return lg.scene
}

// onTable is what a scene over the table (a notice, try mode) shares with
// it: the table's widgets and input, after which the scene, self, settles.
type onTable struct {
	table *tableScene
	self  settler
}

func (o onTable) Show(c *Context) Shown                         { return o.table.Show(c) }
func (o onTable) Keys(in ui.Input, c *Context) ([]ui.Key, bool) { return o.table.keys(in, c, o.self) }
func (o onTable) Do(cmd ui.Command, c *Context)                 { o.table.do(cmd, c, o.self) }
func (o onTable) Click(t ui.Target, c *Context)                 { o.table.click(t, c, o.self) }

// noticeScene is the table under a notice that waits for Continue: a
// combat's result, a card drawn. After a bot's move (byBot) no one at the
// screen has to dismiss it: the bots do after a pause (liveGame.tick).
type noticeScene struct {
	onTable
	byBot bool
}

func (n *noticeScene) Tick(now time.Time, c *Context) bool {
	return n.table.lg.tick(now, c, n.byBot)
}

// settle goes to try mode when it was turned on.
func (n *noticeScene) settle(c *Context) {
	if n.table.lg.tbl.Mode() != table.ModeNotice {
		c.GoTo(n.table.lg.at(false))
	}
}

// tryScene is try mode (package table: T picks any group and outlines
// where it could move): nothing is played, and the bots wait.
type tryScene struct{ onTable }

func (t *tryScene) Tick(time.Time, *Context) bool { return false }

// settle leaves try mode when it was turned off.
func (t *tryScene) settle(c *Context) {
	if t.table.lg.tbl.Mode() != table.ModeTry {
		c.GoTo(t.table.lg.at(false))
	}
}

// curtainScene hides the table's secrets until the next seat is looking;
// the public table stays in view behind it.
type curtainScene struct {
	lg   *liveGame
	seat rules.Seat // the seat the curtain waits for
}

func (s *curtainScene) Show(c *Context) Shown {
	u := s.lg.tbl
	sh := Shown{Widgets: s.lg.decorate(c, u.Screens().Curtain(s.seat), false)}
	if u.Shown() < 0 {
		// Behind the curtain the table stays in view, public facts only
		// (no seat is shown), so onlookers and a stream keep the board.
		l := u.Layout()
		sh.Behind = u.Widgets(l)
		sh.Board = &BoardShown{Table: u, Area: l.Board, Sel: -1}
	}
	return s.lg.shown(sh)
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
			g := s.lg.tbl.Game()
			if n := g.Len(); s.lg.tbl.Do(cmd) && g.Len() != n {
				s.lg.moved(c, false) // (a question stays on the curtain)
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
		return
	case s.lg.netDo(cmd):
		return
	}
	if cmd.Kind == ui.CmdLift {
		s.lg.tbl.Reveal(s.seat)
		c.GoTo(s.lg.at(false))
	}
}

func (s *curtainScene) Click(ui.Target, *Context)           {}
func (s *curtainScene) Tick(now time.Time, c *Context) bool { return s.lg.tick(now, c, false) }

// endScene reveals everything: ranking, loyalty cards, scores, the seed.
type endScene struct {
	still
	lg *liveGame
}

func (s *endScene) Show(c *Context) Shown {
	u := s.lg.tbl
	m := u.Map()
	hl, sel := u.Highlights()
	return s.lg.shown(Shown{Widgets: u.Screens().End(s.lg.play.game != nil),
		Board: &BoardShown{Table: u, Area: table.EndLayout(m.Grid.W, m.Grid.H).Board, Lit: hl, Sel: sel}})
}

func (s *endScene) Do(cmd ui.Command, c *Context) {
	switch cmd.Kind {
	case ui.CmdReplay:
		s.lg.replay(c, s)
	case ui.CmdAgain:
		// The finished game's save and record stay; the next game gets a
		// new save and a new record file.
		s.lg.close()
		c.goHome()
	}
}
