package app

import (
	"fmt"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/ui"
)

// Following a game: whatever runs it — the match at this window (a
// hot-seat game, bots, a hosted game's devices) or the host of a game
// joined elsewhere — tells its changes as a feed (feed.Source), and the
// window follows them in one loop, follow: the table takes each change it
// did not make itself, in order, then the game goes where it stands.

// tick runs the game once per frame (the table's, a notice's and the
// curtain's tick): its match's bots think and play after their pause, and
// the table follows every change it did not make itself. byBot says a
// notice up follows a move not made at this screen: after a pause it is
// dismissed for the players. It reports whether the table changed.
func (lg *liveGame) tick(now time.Time, c *Context, byBot bool) bool {
	if lg.src == nil {
		return false // a scripted engine moves only when the table acts
	}
	changed := false
	if m := lg.play.match; m != nil {
		if hn := lg.hosting; hn != nil && hn.changed(now) {
			lg.tbl.Attendance().Set(hn.presence(), now)
			changed = true
		}
		if lg.tbl.Holding() {
			// A notice is up (a combat's result). After a move not made at
			// this screen no one here has to dismiss it: it stays for a
			// pause, then the game goes on. After a move of this screen it
			// waits for Continue; meanwhile the bots keep thinking but do
			// not move.
			if byBot && now.Sub(m.LastBotMove()) >= 2*m.Pause() {
				lg.tbl.Do(ui.Command{Kind: ui.CmdDismiss})
				lg.moved(c, true)
				return true
			}
			_, note := m.Tick(now, true)
			return lg.note(note) || changed
		}
		_, note := m.Tick(now, false)
		changed = lg.note(note) || changed
		if h, ok := m.TakeHint(); ok {
			lg.tbl.Hints().Show(hintOf(h))
			changed = true
		}
	}
	if lg.client != nil && lg.awayTicks(now) {
		changed = true
	}
	changed = lg.follow(now, c) || changed
	if lg.hosting != nil || lg.client != nil {
		changed = lg.turnTick(c.app, now) || changed
	}
	return changed
}

// note puts a bot's trouble on the message line.
func (lg *liveGame) note(note string) bool {
	if note == "" {
		return false
	}
	lg.tbl.SetMessage(note, true)
	return true
}

// follow has the table follow the game's changes that it did not make
// itself, in order, then goes where the game stands; it reports whether
// any came.
func (lg *liveGame) follow(now time.Time, c *Context) bool {
	u := lg.tbl
	chs, ok := lg.src.Since(lg.seen)
	if !ok {
		// Too many to follow one by one: read the game anew.
		lg.seen = lg.src.Seq()
		lg.reseat(now)
		u.Refresh()
		lg.moved(c, false)
		return true
	}
	moved, any := false, false
	for _, ch := range chs {
		lg.seen = ch.Seq
		if ch.By != nil && ch.By == lg.play.on {
			continue // the table's own: it has followed it already
		}
		any = true
		switch ch.Kind {
		case feed.Action, feed.Redo:
			u.Follow(rules.ForDesk(ch.Events, u.Game().Holds), ch.WasCombat, lg.byWhom(ch))
			moved = true
		case feed.Undo:
			u.FollowUndo(u.SeatName(ch.Seat) + " took back a decision.")
			moved = true
		case feed.Seats:
			lg.reseat(now)
			moved = true
		case feed.Resync, feed.Name:
			u.Refresh() // a name: the views name the seat anew, the log says so
			moved = true
		case feed.Presence:
			lg.presenceFromClient(now)
		case feed.Notice:
			u.SetMessage(ch.Text, false)
		case feed.Ended:
			u.SetMessage("The link to the host ended: "+ch.Text, true)
		}
	}
	if moved {
		// A move not made at this screen — a bot's, or a player's at
		// their device — raises no notice that waits for this screen's
		// Continue: the game would wait on a window nobody may be at (a
		// hosting window whose seats are all at devices stalled at the
		// first combat or drawn card).
		lg.moved(c, true)
	}
	return any
}

// reseat follows a change of who plays a seat: the window's desk of a
// match holds the seats not played from another device; a joined game's
// table reads its state anew, with who plays each seat.
func (lg *liveGame) reseat(now time.Time) {
	u := lg.tbl
	if m := lg.play.match; m != nil {
		lg.desk = m.Desk(windowSeats(m)...)
		lg.play.on = lg.desk
		u.SetGame(lg.desk, u.Shown())
		u.SetBots(gamefile.BotLevels(m.Players()))
		return
	}
	if lg.client != nil {
		u.Refresh()
		lg.presenceFromClient(now)
	}
}

// byWhom names who made change ch for the message line: "Ann (easy bot)"
// for a bot's move, "Ann" for a player's at another device.
func (lg *liveGame) byWhom(ch feed.Change) string {
	name := lg.tbl.SeatName(ch.Seat)
	if ch.Bot != "" {
		return fmt.Sprintf("%s (%s bot)", name, ch.Bot)
	}
	return name
}
