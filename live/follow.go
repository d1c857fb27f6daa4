package live

import (
	"fmt"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// Following a game: whatever runs it — the match at this window (a
// hot-seat game, bots, a hosted game's devices), the host of a game
// joined elsewhere, a file being written — tells its changes as a feed
// (feed.Source), and the table follows them in one loop, Follow: each
// change it did not make itself, in order; then the game goes where it
// stands (Moved).

// Tick runs the game once per frame (while its table, a notice over it or
// its curtain is up; not in try mode, where nothing is played): its
// match's bots think and play after their pause, a notice raised by a
// move not made at this screen is dismissed after a pause, and the table
// follows every change it did not make itself. It reports whether the
// table changed, and where the game stands when it moved (nil: it did
// not).
func (g *Game) Tick(now time.Time) (changed bool, moved *Stand) {
	if g.run.feed() == nil {
		return false, nil // a scripted engine moves only when the table acts
	}
	if m, ok := g.run.(*match); ok {
		if hn := m.hn; hn != nil && hn.Changed(now) {
			g.tbl.Attendance().Set(hn.Presence(), now)
			changed = true
		}
		if g.tbl.Holding() {
			// A notice is up (a combat's result). After a move not made at
			// this screen no one here has to dismiss it: it stays for a
			// pause, then the game goes on. After a move of this screen it
			// waits for Continue; meanwhile the bots keep thinking but do
			// not move.
			if g.noticeByBot && now.Sub(m.m.LastBotMove()) >= 2*m.m.Pause() {
				g.tbl.Do(ui.Command{Kind: ui.CmdDismiss})
				st := g.Moved(true)
				return true, &st
			}
			_, note := m.m.Tick(now, true)
			return g.note(note) || changed, nil
		}
		_, note := m.m.Tick(now, false)
		changed = g.note(note) || changed
		if h, ok := m.m.TakeHint(); ok {
			g.tbl.Hints().Show(hintOf(h))
			changed = true
		}
	}
	if g.awayTicks(now) {
		changed = true
	}
	any, move := g.Follow(now)
	changed = any || changed
	if m, ok := g.run.(*match); ok && m.hn != nil || g.joined() {
		changed = g.noteTurn(now) || changed
	}
	if move {
		// A move not made at this screen — a bot's, or a player's at
		// their device — raises no notice that waits for this screen's
		// Continue: the game would wait on a window nobody may be at (a
		// hosting window whose seats are all at devices stalled at the
		// first combat or drawn card).
		st := g.Moved(true)
		return changed, &st
	}
	return changed, nil
}

// joined reports whether the game was joined at another host.
func (g *Game) joined() bool {
	_, ok := g.run.(*joined)
	return ok
}

// note puts a bot's trouble on the message line.
func (g *Game) note(note string) bool {
	if note == "" {
		return false
	}
	g.tbl.SetMessage(note, true)
	return true
}

// Follow has the table follow the changes of the game's feed that it did
// not make itself, in order: it reports whether any came, and whether the
// game moved (an action, an undo, a redo, who plays a seat, the game read
// anew).
func (g *Game) Follow(now time.Time) (any, moved bool) {
	u := g.tbl
	src := g.run.feed()
	if src == nil {
		return false, false
	}
	chs, ok := src.Since(g.seen)
	if !ok {
		// Too many to follow one by one: read the game anew, with who
		// plays each seat.
		g.seen = src.Seq()
		g.reseat(now)
		return true, true
	}
	own := g.run.desk()
	for _, ch := range chs {
		g.seen = ch.Seq
		if ch.By != nil && ch.By == own {
			continue // the table's own: it has followed it already
		}
		any = true
		switch ch.Kind {
		case feed.Action, feed.Redo:
			u.Follow(rules.ForDesk(ch.Events, u.Game().Holds), ch.WasCombat, g.byWhom(ch))
			moved = true
		case feed.Undo:
			u.FollowUndo(u.SeatName(ch.Seat) + " took back a decision.")
			moved = true
		case feed.Seats:
			g.reseat(now)
			moved = true
		case feed.Resync:
			g.resync(now)
			moved = true
		case feed.Name:
			u.Refresh() // the views name the seat anew, the log says so
			moved = true
		case feed.Presence:
			g.seatsFromHost(now)
		case feed.Notice:
			u.SetMessage(ch.Text, false)
		case feed.Talk:
			if ch.Talk != nil && ch.Talk.MayRead(u.Game().Holds) {
				u.Talk().Hear(*ch.Talk)
			}
		case feed.Ended:
			u.SetMessage("The link to the host ended: "+ch.Text, true)
		}
	}
	return any, moved
}

// reseat follows a change of who plays a seat: the window's desk of a
// match holds the seats not played from another device; a joined game's
// table reads its state anew, with who plays each seat.
func (g *Game) reseat(now time.Time) {
	u := g.tbl
	if m, ok := g.run.(*match); ok {
		m.d = m.m.Desk(windowSeats(m.m)...)
		u.SetGame(m.d, u.Shown())
		u.SetBots(gamefile.BotLevels(m.m.Players()))
		return
	}
	g.resync(now)
}

// resync reads the game anew: a watched game's position on a table of its
// own (the map may be another's: another game), else the table's.
func (g *Game) resync(now time.Time) {
	if w, ok := g.run.(*watched); ok {
		w.resync(g)
	} else {
		g.tbl.Refresh()
	}
	g.seatsFromHost(now)
}

// byWhom names who made change ch for the message line: "Ann (easy bot)"
// for a bot's move, "Ann" for a player's at another device.
func (g *Game) byWhom(ch feed.Change) string {
	name := g.tbl.SeatName(ch.Seat)
	if ch.Bot != "" {
		return fmt.Sprintf("%s (%s bot)", name, ch.Bot)
	}
	return name
}

// watched is a game a spectator follows: a followed file (its desk read
// anew at every resync) or a host's client that holds no seat. Its desk
// holds no seat: the public table only.
type watched struct {
	src  feed.Source
	view func() (d table.Game, seed uint64, bots []string)
}

func (r *watched) desk() table.Game {
	d, _, _ := r.view()
	return d
}
func (r *watched) feed() feed.Source          { return r.src }
func (r *watched) here() ([]rules.Seat, bool) { return nil, true }
func (r *watched) close() {
	if c, ok := r.src.(interface{ Close() }); ok {
		c.Close()
	}
}

// resync puts the position read on the table: the table is kept while
// the map stays (its log's wrapped rows with it), else made anew.
func (r *watched) resync(g *Game) {
	d, seed, bots := r.view()
	if u := g.tbl; u.Map() == d.Map() {
		u.SetSeed(seed)
		u.SetGame(d, rules.Public)
	} else {
		g.tbl = table.New(d, table.Options{Seed: seed})
		g.setTalk()
	}
	g.tbl.Hide()
	if bots != nil {
		g.tbl.SetBots(bots)
	}
}

// Watch is a spectator's game: the public table of the game src tells,
// whose desk (and seed, and who plays each seat: nil for a host's client,
// whose presence says) view gives, read anew at each resync.
func Watch(src feed.Source, view func() (table.Game, uint64, []string)) *Game {
	g := &Game{run: &watched{src: src, view: view}}
	d, seed, _ := view()
	g.tbl = table.New(d, table.Options{Seed: seed})
	g.resync(time.Now())
	g.seen = src.Seq()
	g.setTalk()
	return g
}
