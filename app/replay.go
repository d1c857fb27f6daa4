package app

import (
	"time"

	"notrueking/live"
	"notrueking/replay"
	"notrueking/sandbox"
	"notrueking/ui"
)

// replayScene is the replay viewer (package replay): a game of a file
// (-replay, from the start screen) or the game just finished (from its
// end screen), and the scene Back returns to.
type replayScene struct {
	r *replay.Viewer
	// live is the finished game watched (nil for a file's), and back its
	// end screen, where Back goes (a file's Back goes to the start
	// screen, read again).
	live *live.Game
	back Scene
}

func (s *replayScene) Show(*Context) Shown {
	r := s.r
	// What the shown action touched; nothing is legal.
	hl, sel := r.BoardMarks()
	back, tip := "Start screen", "Leave the replay for the start screen."
	if s.live != nil {
		back, tip = "Back to results", "Back to the end screen of this game."
	}
	sh := Shown{Widgets: r.Widgets(back, tip), Board: &BoardShown{Table: r.Table(), Area: r.Layout().Board, Lit: hl, Sel: sel, Input: true}}
	if s.live != nil {
		sh = withGame(s.live, sh)
	}
	return sh
}

// Keys: the viewer's (the scrub bar, the wheel over the log, Up and Down a
// round); the rest press its buttons.
func (s *replayScene) Keys(in ui.Input, _ *Context) ([]ui.Key, bool) { return s.r.Keys(in) }

func (s *replayScene) Do(cmd ui.Command, c *Context) {
	switch {
	case s.r.Do(cmd):
	case cmd.Kind == ui.CmdReplayBranch:
		// The position shown, in the sandbox; Esc comes back here.
		if g, ok := s.r.Branch(); ok {
			if sb, err := sandbox.New(g); err != nil {
				s.r.Refuse(err)
			} else {
				c.GoTo(&sandboxScene{sb: sb, back: s})
			}
		}
	case cmd.Kind == ui.CmdReplayBack || cmd.Kind == ui.CmdCancel:
		// Back where the viewer came from.
		if s.live == nil {
			c.goHome()
			return
		}
		c.GoTo(s.back)
	}
}

func (s *replayScene) Click(ui.Target, *Context)     {}
func (s *replayScene) Tick(time.Time, *Context) bool { return false }

// openReplay reads a record or save file and shows its game in the
// replay viewer; the file is only read. Back goes to the start screen.
func openReplay(_ *Context, path string) (Scene, error) {
	r, err := replay.Open(path, mapLoader)
	if err != nil {
		return nil, err
	}
	return &replayScene{r: r}, nil
}

// replayFinished opens game lg, just finished, in the viewer; Back
// returns to its end screen, end.
func replayFinished(c *Context, lg *live.Game, end Scene) {
	g, ok := lg.Copy()
	if !ok {
		return
	}
	r, err := replay.New(g, "this game")
	if err != nil {
		return
	}
	r.SetBots(lg.BotLevels())
	c.GoTo(&replayScene{r: r, live: lg, back: end})
}
