package app

import (
	"slices"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
)

// liveGame is the game being played: its table, what the table reads and
// acts on, and the match that runs it (its files and bots, below the
// window). The start screen (or a file, a scenario, the sandbox) makes
// one; the curtain, the table, a combat's result, try mode and the end
// screen each hold it.
type liveGame struct {
	tbl *table.Table
	// play is what the table reads and acts on (the match's desk), the
	// rules game behind it and the match (nil for a scripted engine).
	play play
	// desk is the match's desk the table acts through (nil for a
	// scripted engine).
	desk   *session.Desk
	tester bool
	// src is the game's feed of changes — the match's, or the client's of
	// a game joined elsewhere (nil for a scripted engine) — and seen the
	// last of them the table followed (follow.go).
	src  feed.Source
	seen uint64
	// hosting serves the game on the network (network.go; nil: not
	// hosted).
	hosting *hosting
	// client is the game joined at another host (join.go; nil: the game
	// runs here), awaySec the second the away times were last drawn at.
	client   *remote.Client
	joinLink string
	awaySec  int64
	// myTurn is whether the seat to act is this screen's, as last told
	// (turn.go).
	myTurn bool
	// armed is a tool that shows every secret, asked for once at this
	// position in a game that is not a tester's (secretTool).
	armed armedTool
	// scene is the game's table scene, where the curtain lifts to.
	scene *tableScene
}

// begin puts game p (seed) on the table of a new live game of id, with
// seats st: its match starts, and its files (a new save, or the resumed
// one). It returns the game and the scene it stands at.
func begin(c *Context, p play, seed uint64, id gameID, st seating) (*liveGame, Scene) {
	lg := &liveGame{tester: id.tester}
	lg.play = open(c, p, id, st)
	if d, ok := lg.play.on.(*session.Desk); ok {
		lg.desk = d
		lg.src, lg.seen = d.Match(), d.Match().Seq()
	}
	o := table.Options{Seed: seed, Tester: lg.tester, Bots: gamefile.BotLevels(st.players), LargeLog: c.app.opts.LargeText}
	if !lg.tester {
		// The shuffle button must not leak the secret seed either.
		o.Shuffle = gamefile.SecretSeed()
	}
	lg.tbl = table.New(lg.play.on, o)
	lg.scene = &tableScene{lg: lg}
	if canHost && slices.Contains(st.players, gamefile.SeatRemote) && lg.play.match != nil {
		// Some seat is played from another device: this window hosts.
		hn, err := startHosting(lg, c.app.opts)
		if err != nil {
			lg.tbl.SetMessage(err.Error(), true)
		} else {
			lg.hosting = hn
			lg.tbl.Attendance().Set(hn.presence(), time.Now())
		}
	}
	// The scene the game stands at: a Context of its own, whose GoTo
	// keeps the scene for the caller.
	var at Scene = lg.scene
	lg.moved(c.under(func(s Scene) { at = s }), false)
	return lg, at
}

// moved follows a move of the game (an action, an undo, a redo, a notice
// dismissed: what the table reports; the files followed the game already):
// the scene goes where the game now stands — the result of a combat, the
// end, the table as the bots leave it, or the curtain for the next seat.
// byBot says a bot's move raised a notice (the bots dismiss it).
func (lg *liveGame) moved(c *Context, byBot bool) {
	if f := lg.play.files; f != nil {
		if note := f.Note(); note != "" {
			lg.tbl.SetMessage(note, false)
		}
	}
	u := lg.tbl
	switch {
	case u.Holding():
		// A drawn card or a combat's result waits for Continue.
		c.GoTo(lg.at(byBot))
	case u.Game().Over():
		u.Hide()
		c.GoTo(&endScene{lg: lg})
	case lg.botsPlace():
		c.GoTo(lg.at(false))
	case u.Game().ToAct() != u.Shown():
		u.Hide()
		c.GoTo(&curtainScene{lg: lg, seat: u.Game().ToAct()})
	default:
		c.GoTo(lg.at(false))
	}
}

// close takes the game off the table: its bots stop; its save and record
// stay (the save is offered under Continue, to this window or another),
// and the next game gets its own.
func (lg *liveGame) close() {
	lg.hosting.close()
	if lg.client != nil {
		lg.client.Close()
	}
	if m := lg.play.match; m != nil {
		m.Close()
	}
	if f := lg.play.files; f != nil {
		f.Leave()
	}
}

// stop stops the bots (a new game is coming, the window closes).
func (lg *liveGame) stop() {
	lg.hosting.close()
	lg.hosting = nil
	if m := lg.play.match; m != nil {
		m.Interrupt()
	}
}

// discard removes the save and record written for a new game the window
// never showed.
func (lg *liveGame) discard() {
	lg.stop()
	if f := lg.play.files; f != nil {
		f.Discard()
	}
}

// closeFiles is the last write when the window closes: it reports whether
// the game can be resumed.
func (lg *liveGame) closeFiles() bool {
	f := lg.play.files
	if f == nil {
		return true
	}
	kept := false
	// Under the match's lock: a host's devices may be acting meanwhile.
	lg.play.match.Do(func(*rules.Game) { kept = f.Close() })
	return kept
}

// leaveFiles gives the save back (its lock).
func (lg *liveGame) leaveFiles() {
	if f := lg.play.files; f != nil {
		f.Leave()
	}
}

// unsaved is what could not be written, and whether the next action tries
// the autosave again.
func (lg *liveGame) unsaved() ([]error, bool) {
	if f := lg.play.files; f != nil {
		return f.Unsaved()
	}
	return nil, false
}

// decorate adds to the table's widgets what the app puts there: the
// tester badge, and (with Hint) the bots' pieces.
func (lg *liveGame) decorate(c *Context, ws []ui.Widget, hint bool) []ui.Widget {
	if lg.tester && !c.app.opts.Clean {
		// In the top bar, between the prompt and the round: it covers no
		// board (on the board it hid Castle Black's name).
		r := table.TesterBadge
		if l := lg.tbl.Layout(); l.Portrait {
			r = l.Round // over the round's line: the top bar has no other room
		}
		ws = append(ws, ui.Widget{R: r, Kind: ui.WBox, Text: table.TesterText(lg.tbl.Seed()), Size: 15, Bold: true, Fill: ui.ColWarn, Ink: ui.ColText,
			Tip: "A tester's game: its seed was given, so its shuffles are no secret."})
	}
	if hint {
		ws = lg.botWidgets(ws)
	}
	return lg.admissionWidgets(lg.netChip(ws))
}

// footBanner is where the banner goes over the table's board: its foot.
func footBanner(l table.Layout) ui.Rect {
	b := l.Board
	return ui.Rect{X: b.X, Y: b.Y + b.H - 58, W: b.W, H: 56}
}

// shown is what every scene of the game shows around its own: the game
// to save, where the banner goes.
func (lg *liveGame) shown(sh Shown) Shown {
	sh.Live = lg
	sh.Banner = footBanner(lg.tbl.Layout())
	return sh
}

// botLevels names the bot playing each seat ("" a person's; nil when no
// match runs the game).
func (lg *liveGame) botLevels() []string {
	if m := lg.play.match; m != nil {
		return gamefile.BotLevels(m.Players())
	}
	return nil
}
