package app

import (
	"errors"
	"time"

	"notrueking/board"
	"notrueking/live"
	"notrueking/sandbox"
	"notrueking/ui"
)

// The sandbox (package sandbox): a position edited freely, then played on
// from under the rules (Play from here: a new game, playPosition). Esc
// leaves it with nothing changed.

// sandboxScene is the sandbox: the board shows the edited position.
type sandboxScene struct {
	sb *sandbox.Sandbox
	// back is where Esc goes, nothing changed: the table the sandbox was
	// opened from (from: its game), or the start screen (from: nil).
	back Scene
	from *live.Game
}

func (s *sandboxScene) Show(*Context) Shown {
	sb := s.sb
	// The sandbox's layout, not the table's: no log column, the board
	// reaching the panels (the table's layout left it 450 px short).
	l := sb.Layout().Table
	sh := Shown{Widgets: sb.Widgets(), Board: &BoardShown{Table: sb.Table(), Area: l.Board, Sel: -1, Input: true}, Banner: footBanner(l)}
	if s.from != nil {
		sh.Live = s.from
	}
	return sh
}

// Keys: a right click (or Shift+click) on a territory removes; the keys
// press the buttons (Esc: Leave).
func (s *sandboxScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	s.sb.Keys(in)
	if t := c.territoryAt(in.X, in.Y); in.Right && t >= 0 {
		s.sb.Remove(board.TerrID(t))
		return in.Pressed(), true
	}
	return in.Pressed(), false
}

func (s *sandboxScene) Do(cmd ui.Command, c *Context) {
	sb := s.sb
	switch cmd.Kind {
	case ui.CmdCancel:
		// Back where the sandbox came from, nothing changed.
		if s.from != nil {
			s.from.Table().SetMessage("Left the sandbox: the game is as it was.", false)
		}
		c.GoTo(s.back)
	case ui.CmdSavePosition:
		if g, ok := sb.Play(); ok {
			msg, err := keepPosition(c, g)
			if err != nil {
				sb.Say("The position could not be saved: "+err.Error(), true)
			} else {
				sb.Say(msg, false)
			}
		}
	case ui.CmdSandboxPlay:
		if g, ok := sb.Play(); ok {
			if s.from != nil {
				s.from.Close() // it stays saved, offered under Continue
			}
			_, at := playPosition(c, g, "")
			c.GoTo(at)
		}
	default:
		sb.Do(cmd)
	}
}

func (s *sandboxScene) Click(t ui.Target, _ *Context) { s.sb.Click(t) }

func (s *sandboxScene) Tick(time.Time, *Context) bool { return false }

// openSandbox opens the sandbox on the position on game lg's table (a
// copy); Esc goes back to back. It shows every secret: in a game that is
// not a tester's the first press only warns, a second press opens it (a
// game played at other devices too never does: live.Game.SecretTool).
func openSandbox(c *Context, lg *live.Game, back Scene) {
	u := lg.Table()
	g, ok := lg.SecretCopy(ui.CmdSandbox, "Press E again to open the sandbox: it shows every secret of the game.")
	if !ok {
		return
	}
	sb, err := sandbox.New(g)
	if err != nil {
		u.SetMessage("The sandbox cannot open this position: "+err.Error(), true)
		return
	}
	sb.EditSeat(u.Shown())
	c.GoTo(&sandboxScene{sb: sb, back: back, from: lg})
}

// sandboxFromStart opens the sandbox on the initial position of the map
// and players chosen on the start screen; Esc goes back there.
func sandboxFromStart(c *Context) (Scene, error) {
	g, _, err := newGameOf(c, c.app.home.s.Next())
	if err != nil {
		return nil, err
	}
	sb, err := sandbox.New(g)
	if err != nil {
		return nil, errors.New("The sandbox cannot open: " + err.Error())
	}
	return &sandboxScene{sb: sb, back: c.app.home}, nil
}
