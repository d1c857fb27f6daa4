package live

import (
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/hosting"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/words"
)

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
			lg.tbl.SetPresence(hn.Presence(), time.Now())
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
	g.tbl.SetPresence(ps, now)
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
			g.tbl.SetPresence(g.tbl.PresenceList(), now)
			return true
		}
	}
	return false
}

// seatName is "Ann (Crown)": a seat's player and conspiracy.
func seatName(u *table.Table, seat rules.Seat) string {
	return u.SeatName(seat) + " (" + words.Title(u.SeatID(seat)) + ")"
}
