package app

import (
	"time"

	"notrueking/live"
	"notrueking/remote"
)

// Joining a game hosted elsewhere (notrueking join LINK): the window is a
// device. Its table reads and acts on a remote.Client — what the host sent
// its seats — exactly as it does a game at its own screen; the host runs
// the engine, its files and its bots. The window follows every change the
// host tells (another player's move, a bot's, an undo) as the hosting
// window follows its devices', shows who is connected, and the curtain
// only when it holds several seats.

// joinWait is the window while it joins: connecting, then waiting for the
// host to admit it, or why it could not join.
type joinWait struct {
	still
	dial *live.Dialing
	text string // the words last shown
}

// startJoin dials the host of o.Join from a goroutine of its own (the
// window keeps drawing) and shows the wait.
func startJoin(a *App) Scene {
	o := a.opts
	mark("ntk-dial")
	return &joinWait{dial: live.Dial(o.Join, live.JoinAs(o.Join, o.JoinName, o.JoinSeat, o.Prefs), 15*time.Second)}
}

func (w *joinWait) Show(*Context) Shown { return Shown{Widgets: w.dial.Widgets()} }

// Tick: once the host sent the game, it goes on the table; meanwhile the
// words may have changed.
func (w *joinWait) Tick(_ time.Time, c *Context) bool {
	text, cl := w.dial.Joining()
	if cl != nil {
		mark("ntk-joined") // the host sent the game: the page's timeline
		_, at := beginJoined(c, cl)
		c.GoTo(at)
		mark("ntk-table-built")
		return true
	}
	changed := text != w.text
	w.text = text
	return changed
}

// beginJoined puts the joined game on the table: the client is what the
// table reads and acts on; no match runs here.
func beginJoined(c *Context, cl *remote.Client) (*live.Game, Scene) {
	o := c.app.gameOptions(0, false)
	lg := live.Join(cl, c.app.opts.Join, o)
	return lg, begin(lg)
}
