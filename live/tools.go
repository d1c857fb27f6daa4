package live

import (
	"notrueking/hosting"
	"notrueking/rules"
	"notrueking/ui"
)

// armedTool is a tool that shows every secret, asked for once: its
// command and 1 + the game's Len when it was.
type armedTool struct {
	cmd ui.CmdKind
	at  int
}

// SecretTool reports whether the tester's tool cmd, which shows (or
// writes out) every secret of the game, may go ahead. In a tester's game
// it may; in a game that is not, the first ask only puts warning on the
// message line, and a second ask of the same tool at the same position
// goes ahead. A game played at other devices too refuses it (the other
// players' cards are theirs, and this screen is not a spectator of
// them), and says so.
func (g *Game) SecretTool(cmd ui.CmdKind, warning string) bool {
	if g.Hosting() != nil || g.joined() {
		g.tbl.SetMessage("This game is played at other devices too: the tools that show every secret (the sandbox, saving the position) are off.", true)
		return false
	}
	n := g.tbl.Game().Len()
	if g.o.Tester || g.armed == (armedTool{cmd, n + 1}) {
		g.armed = armedTool{}
		return true
	}
	g.armed = armedTool{cmd, n + 1}
	g.tbl.SetMessage(warning, true)
	return false
}

// SecretCopy is a copy of the game for tester's tool cmd, which shows
// (or writes out) every secret of it — the sandbox, a position saved as a
// scenario: when SecretTool lets the tool go ahead, and a match runs the
// game here (a scripted desk has no rules game to copy: the table says
// so).
func (g *Game) SecretCopy(cmd ui.CmdKind, warning string) (*rules.Game, bool) {
	if m, _ := g.Match(); m == nil {
		g.tbl.SetMessage("This table has no rules game of its own: nothing to copy.", true)
		return nil, false
	}
	if !g.SecretTool(cmd, warning) {
		return nil, false
	}
	return g.Copy()
}

// NetDo carries out a host's command (hosting.IsCommand; it reports
// whether cmd was one) and puts a refusal on the table's message line.
func (g *Game) NetDo(cmd ui.Command) bool {
	if !hosting.IsCommand(cmd) {
		return false
	}
	hn := g.Hosting()
	if hn == nil {
		g.tbl.SetMessage("This game is played at this screen, not hosted on the network.", true)
		return true
	}
	if err := hn.Do(cmd); err != nil {
		g.tbl.SetMessage(err.Error(), true)
	}
	return true
}
