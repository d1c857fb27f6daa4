// Package live is the game being played at a window, below the window:
// its table (package table) and the one thing the table reads and acts on
// — a match run at this window (its desk, its files, its bots, its server
// when it is hosted), the client of a game joined at another host, a
// followed file or game watched by a spectator, or a scripted desk — and
// how the table follows it: every change the game's feed tells that the
// table did not make itself, in one loop (Tick, Follow), then where the
// game stands (Moved: the table, the hand-off curtain of a seat, the end).
// Plain Go: the window (package app) shows the scene of where the game
// stands, hands the table its input and draws.
package live

import (
	"slices"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/hosting"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// Game is the game being played at a window: its table and the one thing
// the table reads and acts on (run).
type Game struct {
	tbl *table.Table
	run runner
	o   Options
	// seen is the last change of the feed that the table followed.
	seen uint64
	// noticeByBot says the notice up followed a move not made at this
	// screen: after a pause it is dismissed for the players (Tick).
	noticeByBot bool
	// myTurn is whether the seat to act is this screen's, as last told
	// (Options.OnTurn); awaySec the second the away times were last
	// drawn at.
	myTurn  bool
	awaySec int64
	// armed is a tool that shows every secret, asked for once at this
	// position in a game that is not a tester's (SecretTool).
	armed armedTool
}

// Options are how a game is shown at its window.
type Options struct {
	// Seed is the game's seed: a tester's is shown, any on the end
	// screen. Tester marks a tester's game (its seed was given: its
	// shuffles are no secret).
	Seed   uint64
	Tester bool
	// Shuffle seeds the arrange panel's shuffle button (a secret in a
	// game that is not a tester's).
	Shuffle uint64
	// LargeLog gives the log panel larger text (-large-text); Clean
	// leaves the tester's badge out (-clean).
	LargeLog, Clean bool
	// OnTurn is told when a seat this screen holds comes to act, and when
	// its turn ends, in a game played at several devices (nil: nobody).
	OnTurn func(mine bool, text string)
	// AskText asks for a line of table talk in a dialog of the
	// platform's (a page's, which a phone answers with its keyboard);
	// nil: it is typed on the table.
	AskText func(title string) (string, bool)
}

// A runner is what the table reads and acts on, and what runs the game.
type runner interface {
	// desk is what the table reads and acts on.
	desk() table.Game
	// feed is the game's changes (nil: it moves only when the table acts).
	feed() feed.Source
	// here lists the seats played at this screen, and whether any seat
	// is played elsewhere (a bot's, a device's).
	here() (seats []rules.Seat, others bool)
	// close takes it off the table.
	close()
}

func newGame(run runner, o Options) *Game {
	g := &Game{run: run, o: o}
	if f := run.feed(); f != nil {
		g.seen = f.Seq()
	}
	to := table.Options{Seed: o.Seed, Tester: o.Tester, LargeLog: o.LargeLog, Shuffle: o.Shuffle}
	if m, ok := run.(*match); ok {
		to.Bots = gamefile.BotLevels(m.m.Players())
	}
	g.tbl = table.New(run.desk(), to)
	g.setTalk()
	return g
}

// setTalk gives the table its game's talk: a hosted match's (said as the
// seat shown), a joined host's (said as the device's seat), a watched
// host's table talk to read. A game at one screen has none: its players
// talk across the table.
func (g *Game) setTalk() {
	switch r := g.run.(type) {
	case *match:
		if r.hn == nil {
			return
		}
		m := r.m
		g.tbl.Talk().Set(func(from, to rules.Seat, text string) error {
			_, err := m.Say(from, to, text)
			return err
		}, m.Talk(r.d.Holds), g.o.AskText)
	case *joined:
		cl := r.cl
		g.tbl.Talk().Set(func(_, to rules.Seat, text string) error { return cl.Say(to, text) }, cl.Talk(), g.o.AskText)
	case *watched:
		if cl, ok := r.src.(*remote.Client); ok {
			g.tbl.Talk().Set(nil, cl.Talk(), nil)
		}
	}
}

// OnDesk is a game on desk d that acts for itself (a scripted engine): no
// feed, no files; it moves only when its table acts.
func OnDesk(d table.Game, o Options) *Game { return newGame(scripted{d}, o) }

type scripted struct{ d table.Game }

func (s scripted) desk() table.Game                 { return s.d }
func (scripted) feed() feed.Source                  { return nil }
func (scripted) here() (seats []rules.Seat, _ bool) { return nil, false }
func (scripted) close()                             {}

// Table is the game's table.
func (g *Game) Table() *table.Table { return g.tbl }

// Tester reports whether it is a tester's game.
func (g *Game) Tester() bool { return g.o.Tester }

// Match is the match that runs the game at this window, with its files
// (nil, nil for a game that runs elsewhere or a scripted one).
func (g *Game) Match() (*session.Match, *session.Files) {
	if m, ok := g.run.(*match); ok {
		return m.m, m.f
	}
	return nil, nil
}

// Hosting is the game's server when this window hosts it (nil: not
// hosted).
func (g *Game) Hosting() *hosting.Hosting {
	if m, ok := g.run.(*match); ok {
		return m.hn
	}
	return nil
}

// Client is the client of a game joined at another host, and its link
// (nil, "": the game runs here).
func (g *Game) Client() (*remote.Client, string) {
	switch r := g.run.(type) {
	case *joined:
		return r.cl, r.link
	case *watched:
		if cl, ok := r.src.(*remote.Client); ok {
			return cl, ""
		}
	}
	return nil, ""
}

// Place is where a game stands, as a scene shows it.
type Place int

const (
	// AtTable: the table (a notice over it, try mode, a seat's decisions
	// or the public table).
	AtTable Place = iota
	// AtCurtain: the hand-off curtain, waiting for Stand.Seat.
	AtCurtain
	// AtEnd: the end screen.
	AtEnd
)

// Stand is where a game stands: a place, and the seat the curtain waits
// for.
type Stand struct {
	Place Place
	Seat  rules.Seat
}

// Moved follows a move of the game (an action, an undo, a redo, a notice
// dismissed: what the table reports; the files followed the game already)
// and says where the game now stands — a combat's result waiting, the
// end, the table as the bots leave it, or the curtain for the next seat.
// byBot says the move was not made at this screen: a notice it raised is
// dismissed after a pause (Tick).
func (g *Game) Moved(byBot bool) Stand {
	if _, f := g.Match(); f != nil {
		if note := f.Note(); note != "" {
			g.tbl.SetMessage(note, false)
		}
	}
	u := g.tbl
	g.noticeByBot = false
	switch {
	case u.Holding():
		// A drawn card or a combat's result waits for Continue.
		g.noticeByBot = byBot
		return Stand{Place: AtTable}
	case u.Game().Over():
		u.Hide()
		return Stand{Place: AtEnd}
	case g.botsPlace():
		return Stand{Place: AtTable}
	case u.Game().ToAct() != u.Shown():
		u.Hide()
		return Stand{Place: AtCurtain, Seat: u.Game().ToAct()}
	}
	return Stand{Place: AtTable}
}

// Close takes the game off the table: its bots stop and its server; its
// save and record stay (the save is offered under Continue, to this window
// or another), and the next game gets its own.
func (g *Game) Close() { g.run.close() }

// Stop stops the bots and the server (a new game is coming, the window
// closes).
func (g *Game) Stop() {
	if m, ok := g.run.(*match); ok {
		m.hn.Close()
		m.hn = nil
		m.m.Interrupt()
	}
}

// Discard removes the save and record written for a new game the window
// never showed.
func (g *Game) Discard() {
	g.Stop()
	if _, f := g.Match(); f != nil {
		f.Discard()
	}
}

// CloseFiles is the last write when the window closes: it reports whether
// the game can be resumed.
func (g *Game) CloseFiles() bool {
	m, f := g.Match()
	if f == nil {
		return true
	}
	kept := false
	// Under the match's lock: a host's devices may be acting meanwhile.
	m.Do(func(*rules.Game) { kept = f.Close() })
	return kept
}

// LeaveFiles gives the save back (its lock).
func (g *Game) LeaveFiles() {
	if _, f := g.Match(); f != nil {
		f.Leave()
	}
}

// Unsaved is what could not be written, and whether the next action tries
// the autosave again.
func (g *Game) Unsaved() ([]error, bool) {
	if _, f := g.Match(); f != nil {
		return f.Unsaved()
	}
	return nil, false
}

// Decorate adds to the table's widgets ws what is not the table's: the
// tester's badge, the bots' pieces (with hint: the Hint button, "… bot
// thinking"), a hosted game's admission bar and chip.
func (g *Game) Decorate(ws []ui.Widget, hint bool) []ui.Widget {
	if g.o.Tester && !g.o.Clean {
		// In the top bar, between the prompt and the round: it covers no
		// board (on the board it hid Castle Black's name).
		r := table.TesterBadge
		if l := g.tbl.Layout(); l.Portrait {
			r = l.Round // over the round's line: the top bar has no other room
		}
		ws = append(ws, ui.Widget{R: r, Kind: ui.WBox, Text: table.TesterText(g.tbl.Seed()), Size: 15, Bold: true, Fill: ui.ColWarn, Ink: ui.ColText,
			Tip: "A tester's game: its seed was given, so its shuffles are no secret."})
	}
	if hint {
		ws = g.botWidgets(ws)
	}
	if hn := g.Hosting(); hn != nil {
		ws = append(ws, hn.Chip(g.tbl))
		ws = append(ws, hn.Admission(g.tbl)...)
	}
	return ws
}

// BotLevels names the bot playing each seat ("" a person's; nil when no
// match runs the game here).
func (g *Game) BotLevels() []string {
	if m, _ := g.Match(); m != nil {
		return gamefile.BotLevels(m.Players())
	}
	return nil
}

// Copy is a copy of the rules game (false: no match runs it here): to
// replay, to edit in the sandbox, to save as a scenario.
func (g *Game) Copy() (*rules.Game, bool) {
	m, _ := g.Match()
	if m == nil {
		return nil, false
	}
	var c *rules.Game
	// Under the match's lock: a hosted game's devices may be acting.
	m.Do(func(x *rules.Game) { c = x.Clone() })
	return c, true
}

// humans lists the seats played at this screen, and whether any seat is
// played elsewhere (a bot's, or a player's at another device).
func (g *Game) humans() ([]rules.Seat, bool) { return g.run.here() }

// here reports whether seat is played at this screen.
func (g *Game) here(seat rules.Seat) bool {
	hs, _ := g.humans()
	return slices.Contains(hs, seat)
}

// noteTurn notes the time on the table and tells OnTurn when this
// screen's turn begins or ends; it reports whether the prompt's time
// changed (a redraw).
func (g *Game) noteTurn(now time.Time) bool {
	u := g.tbl
	changed := u.Attendance().NoteTurn(now)
	d := u.Game()
	ta := d.ToAct()
	mine := ta >= 0 && !d.Over() && d.Holds(ta)
	if mine != g.myTurn {
		g.myTurn = mine
		text := ""
		if mine {
			text = "Your turn: " + seatName(u, ta)
		}
		if g.o.OnTurn != nil {
			g.o.OnTurn(mine, text)
		}
	}
	return changed
}

// CurtainKeys takes the keys the hand-off curtain answers itself: Space
// lifts it as Enter does (its button's key, returned); Ctrl+Z and Ctrl+Y
// undo and redo behind it, as the table's buttons in view say — the table
// asks before it takes back or redoes a player's decision, and the
// curtain then waits for whoever is to act: it never lifts. It returns
// the other keys, and whether the game moved (it stands elsewhere now:
// Moved).
func (g *Game) CurtainKeys(in ui.Input) (rest []ui.Key, changed, moved bool) {
	u := g.tbl
	for _, k := range in.Pressed() {
		switch k {
		case ui.KeySpace:
			rest = append(rest, ui.KeyEnter)
		case ui.KeyCtrlZ, ui.KeyCtrlY:
			cmd := ui.Command{Kind: ui.CmdUndo}
			if k == ui.KeyCtrlY {
				cmd.Kind = ui.CmdRedo
			}
			n := u.Game().Len()
			moved = u.Do(cmd) && u.Game().Len() != n || moved // (a question stays on the curtain)
			changed = true
		default:
			rest = append(rest, k)
		}
	}
	return rest, changed, moved
}

// match is a game run at this window: its match (the engine, its bots),
// the desk the table acts through, its files, and its server when this
// window hosts it.
type match struct {
	m  *session.Match
	d  *session.Desk
	f  *session.Files
	hn *hosting.Hosting
}

func (r *match) desk() table.Game  { return r.d }
func (r *match) feed() feed.Source { return r.m }
func (r *match) close() {
	r.hn.Close()
	r.m.Close()
	r.f.Leave()
}

// here: the seats a person plays at this screen.
func (r *match) here() (hs []rules.Seat, others bool) {
	for i, p := range r.m.Players() {
		if p == gamefile.SeatHuman {
			hs = append(hs, rules.Seat(i))
		} else {
			others = true
		}
	}
	return hs, others
}

// Seating is who plays each seat of a game about to start: per seat
// gamefile.SeatHuman, gamefile.SeatRemote or a bot level's name (nil:
// every seat is a person at this screen), the pause between two bot moves
// and the bots' seed.
type Seating struct {
	Players []string
	Pause   time.Duration
	Seed    uint64
}

// Run is how a game runs at this window: where its files go, how a bot's
// search shares the processor (session.MatchOptions.Yield), and where it
// is served when a seat is played from another device (nil: this build
// cannot host).
type Run struct {
	Files session.FilesOptions
	Yield func() func()
	Host  *hosting.Options
}

// Start starts game g's match at this window: its files (a new save, or
// the resumed one), its seats, its bots; and, when a seat is played from
// another device, its server (a failure is said on the table's message
// line). The table starts with the window's seats, none shown.
func Start(g *rules.Game, st Seating, run Run, o Options) *Game {
	f := session.OpenFiles(g, run.Files, st.Players, st.Pause)
	m := session.NewMatch(g, session.MatchOptions{Players: st.Players, Pause: st.Pause, BotSeed: st.Seed,
		Yield: run.Yield, OnSeats: f.KeepSeats}, f.Observers()...)
	m.Start()
	r := &match{m: m, d: m.Desk(windowSeats(m)...), f: f}
	lg := newGame(r, o)
	if run.Host != nil && r.hosted() {
		// Some seat is played from another device: this window hosts.
		hs, _ := r.here()
		hn, err := hosting.Start(m, f, hs, *run.Host)
		if err != nil {
			lg.tbl.SetMessage(err.Error(), true)
		} else {
			r.hn = hn
			lg.tbl.Attendance().Set(hn.Presence(), time.Now())
			lg.setTalk()
		}
	}
	return lg
}

// hosted reports whether a seat is played from another device.
func (r *match) hosted() bool {
	for _, p := range r.m.Players() {
		if p == gamefile.SeatRemote {
			return true
		}
	}
	return false
}

// windowSeats are the seats the window's desk holds: every seat but those
// played from another device (a hosted game's remote seats, whose secrets
// the host's screen never shows and whose decisions it never takes). The
// bots' seats are held: the table takes their moves back with a human's.
func windowSeats(m *session.Match) []rules.Seat {
	var out []rules.Seat
	for i, p := range m.Players() {
		if p != gamefile.SeatRemote {
			out = append(out, rules.Seat(i))
		}
	}
	return out
}

// joined is a game joined at another host (its link): the client is
// what the table reads and acts on, and its feed; no match runs here.
type joined struct {
	cl   *remote.Client
	link string
}

func (r *joined) desk() table.Game  { return r.cl }
func (r *joined) feed() feed.Source { return r.cl }
func (r *joined) close()            { r.cl.Close() }

// here: the seats the host admitted this device to.
func (r *joined) here() ([]rules.Seat, bool) {
	hs := r.cl.Held()
	return hs, len(hs) < len(r.cl.Seats())
}

// Join puts a game joined at another host (link) on the table: the
// client cl, ready, is what the table reads and acts on.
func Join(cl *remote.Client, link string, o Options) *Game {
	g := newGame(&joined{cl: cl, link: link}, o)
	g.seatsFromHost(time.Now())
	return g
}

// seatsFromHost gives the table who plays each seat as the host last said
// (a device's client, a spectator's): the remote seats' presence and the
// bots' tags.
func (g *Game) seatsFromHost(now time.Time) {
	cl, _ := g.Client()
	if cl == nil {
		return
	}
	ps, bots := hosting.Seats(cl.Presence(), len(g.tbl.Seats()))
	g.tbl.Attendance().Set(ps, now)
	g.tbl.SetBots(bots)
}

// awayTicks reports whether a seat's "away" time shown changed its
// second (the prompt and the tags count it).
func (g *Game) awayTicks(now time.Time) bool {
	cl, _ := g.Client()
	sec := now.Unix()
	if cl == nil || sec == g.awaySec {
		return false
	}
	g.awaySec = sec
	for _, s := range cl.Presence().Seats {
		if !s.Connected && s.AwaySince > 0 {
			g.tbl.Attendance().Set(g.tbl.Attendance().List(), now)
			return true
		}
	}
	return false
}

// seatName is "Ann (Crown)": a seat's player and conspiracy.
func seatName(u *table.Table, seat rules.Seat) string {
	return u.SeatName(seat) + " (" + words.Title(u.SeatID(seat)) + ")"
}
