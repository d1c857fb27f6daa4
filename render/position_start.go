package render

import "notrueking/rules"

// playPosition puts a game set up from a position (the sandbox's Play from
// here) on the table: a tester's game, its every secret having been in
// view. This is the minimal version: such a game is not autosaved and no
// -record file is written, because a save or record of it would replay
// from the map's setup rather than from the position (the lead's version
// saves games that start from a position).
func (a *App) playPosition(g *rules.Game) {
	saves, rec := a.opts.Saves, a.opts.RecordPath
	a.opts.Saves, a.opts.RecordPath = nil, ""
	a.sess, a.try = nil, nil
	a.bots.interrupt()
	a.bots = nil
	a.tester = true
	a.begin(playRules(g), g.Config().Seed)
	a.opts.Saves, a.opts.RecordPath = saves, rec
	a.tbl.setMsg("Playing from the sandbox's position (a tester's game; not autosaved).", false)
}
