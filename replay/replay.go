// Package replay is the replay viewer's room (docs/replay.md): a finished
// or unfinished game of a record or save file, shown as it stood after any
// number of its actions, read-only — the position shown and how the viewer
// steps through the game (Viewer), its screen as widgets over a table of
// package table (a frozen desk: nothing legal, nothing applied), and what
// its keys and the scrub bar do. The table is the public view
// (rules.Public) until the file's game is over; only then may a seat's
// view (its hand, its loyalty card) be picked, because before the end those
// are secrets (rulings.md). Plain Go: the window (package app) shows it
// and goes elsewhere on Back and Branch from here.
package replay

import (
	"fmt"
	"path/filepath"
	"sort"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// snapEvery is how many actions apart the viewer keeps copies of the
// game, so that a step back replays fewer than this many actions.
const snapEvery = 16

// Viewer is the replay viewer's state: the whole game of the file, the
// position shown and the copies of the game that make a step cheap.
type Viewer struct {
	name string // the file's name, for the top bar
	// full is the game to the file's last action; acts its actions.
	full      *rules.Game
	acts      []rules.Action
	base, end int // the first and last positions (actions applied)
	over      bool
	// n is the position shown: the game after n actions; cur is that
	// game (never the full one: a copy, moved forward action by action).
	n   int
	cur *rules.Game
	// snaps[i] is the game after base+i*snapEvery actions, made the
	// first time the viewer passes there; never moved.
	snaps []*rules.Game
	// rounds are the positions at which each round starts (round 1 first).
	rounds []int
	// seat is whose view is shown: rules.Public, or a seat once the game
	// of the file is over.
	seat rules.Seat
	// u draws the table at n through the table's own panels; its engine
	// is a read-only view of cur (no legal action, nothing to apply).
	u *table.Table
	// logs are each viewer's whole log, worded and wrapped once; the
	// panel shows a prefix of it.
	logs map[rules.Seat]*wrappedLog
	lp   table.LogPanel // the log panel drawn (a prefix of the viewer's rows)
	back int            // the log's scroll, kept between positions
	// drag is set while the scrub bar is held.
	drag bool
	// branchAsked is the position at which Branch from here warned that
	// the sandbox shows every secret (-1: not asked); a second press there
	// opens it.
	branchAsked int
	// notice is a message about the last command, shown in place of the
	// last action's line until the position changes.
	notice string
	// warning is the file's (a cut-off last line).
	warning string
	err     string
}

// wrappedLog is one viewer's log of the whole game and its wrapped rows.
type wrappedLog struct {
	lines []rules.LogLine
	lp    table.LogPanel
}

// New opens the game g (the file's whole game) at its start.
func New(g *rules.Game, name string) (*Viewer, error) {
	r := &Viewer{branchAsked: -1, name: name, full: g, acts: g.Actions(), base: g.Base(), end: g.Len(), over: g.Over(),
		seat: rules.Public, logs: map[rules.Seat]*wrappedLog{}}
	start, err := g.At(r.base)
	if err != nil {
		return nil, err
	}
	r.snaps = []*rules.Game{start}
	// Round starts: the positions after the actions that started a round
	// (round 1 starts once every loyalty card is arranged).
	for _, l := range r.viewerLog(rules.Public) {
		if l.Event == rules.EvRoundStarted.String() {
			if p := table.LogAction(l); p >= r.base && (len(r.rounds) == 0 || r.rounds[len(r.rounds)-1] != p) {
				r.rounds = append(r.rounds, p)
			}
		}
	}
	r.cur = start.Clone()
	r.n = r.base
	r.u = table.New(rules.HotSeat(r.cur).Frozen(), table.Options{Seed: g.Config().Seed})
	r.refresh()
	return r, nil
}

// viewerLog is the whole game's log as viewer reads it, each line as it
// read when it was written: the lines of a position n are those of
// actions before n (Action < n), a prefix of this log.
func (r *Viewer) viewerLog(viewer rules.Seat) []rules.LogLine {
	if l := r.logs[viewer]; l != nil {
		return l.lines
	}
	evs := r.full.Events()
	lines := []rules.LogLine{}
	for _, e := range evs {
		if l, ok := r.full.Line(e, viewer); ok {
			lines = append(lines, l)
		}
	}
	r.logs[viewer] = &wrappedLog{lines: lines}
	return lines
}

// shownLog is the log of the position shown as the viewer reads it: the
// lines of the actions before it.
func (r *Viewer) shownLog() []rules.LogLine {
	all := r.viewerLog(r.viewer())
	k := sort.Search(len(all), func(i int) bool { return all[i].Action >= r.n })
	return all[:k:k]
}

// game returns a fresh copy of the game after n actions: from the
// nearest copy kept at or before n, moved forward; the copies up to n are
// made on the way.
func (r *Viewer) game(n int) (*rules.Game, error) {
	k := (n - r.base) / snapEvery
	for len(r.snaps) <= k {
		last := r.snaps[len(r.snaps)-1]
		g := last.Clone()
		if err := r.forward(g, last.Len()+snapEvery); err != nil {
			return nil, err
		}
		// Word the public log now: every copy made from this one
		// starts with it (a Clone keeps the worded logs).
		g.View(rules.Public)
		r.snaps = append(r.snaps, g)
	}
	g := r.snaps[k].Clone()
	return g, r.forward(g, n)
}

// forward applies the file's actions to g until it has n.
func (r *Viewer) forward(g *rules.Game, n int) error {
	for g.Len() < n {
		a := r.acts[g.Len()]
		if _, err := g.Apply(a); err != nil {
			return fmt.Errorf("the game does not replay at action %d %q: %v", g.Len()+1, a.Format(g.Map()), err)
		}
	}
	return nil
}

// goTo shows the table after n actions (clamped to the file's game). A
// step forward applies one action to the game shown; any other move
// starts from the nearest copy kept.
func (r *Viewer) goTo(n int) {
	n = min(max(n, r.base), r.end)
	if n == r.n && r.cur != nil {
		return
	}
	r.notice, r.branchAsked = "", -1
	var err error
	if r.cur != nil && n > r.n && n-r.n < snapEvery {
		err = r.forward(r.cur, n)
	} else {
		var g *rules.Game
		if g, err = r.game(n); err == nil {
			r.cur = g
		}
	}
	if err != nil {
		r.err = err.Error()
		return
	}
	r.n, r.err = r.cur.Len(), ""
	r.refresh()
}

// refresh puts the game shown on the table, in the viewer's seat.
func (r *Viewer) refresh() {
	u := r.u
	seat := rules.Public
	if r.over && r.seat >= 0 && int(r.seat) < len(u.Seats()) {
		seat = r.seat
	}
	u.SetGame(rules.HotSeat(r.cur).Frozen(), seat)
	u.SetMessage("", false)
}

// viewer is whose log and table are shown.
func (r *Viewer) viewer() rules.Seat {
	if r.over && r.seat >= 0 {
		return r.seat
	}
	return rules.Public
}

// pickSeat shows seat s's view (rules.Public: the public view again); a
// seat only when the file's game is over.
func (r *Viewer) pickSeat(s rules.Seat) {
	if s != rules.Public && (!r.over || s < 0 || int(s) >= len(r.u.Seats())) {
		return
	}
	r.seat = s
	r.refresh()
}

// roundStep is the position Up/Down (PgUp/PgDn) jump to: d = +1 the start
// of the next round (the end after the last), d = -1 the start of this
// round, or of the one before when already at its start (the game's start
// before the first).
func (r *Viewer) roundStep(d int) int {
	if d > 0 {
		for _, p := range r.rounds {
			if p > r.n {
				return p
			}
		}
		return r.end
	}
	for i := len(r.rounds) - 1; i >= 0; i-- {
		if r.rounds[i] < r.n {
			return r.rounds[i]
		}
	}
	return r.base
}

// Open reads a record or save file (gamefile.ReadFile, maps found by load)
// and opens its game at its start; the file is only read. A cut-off last
// line is said at the last action.
func Open(path string, load func(dir string) gamefile.MapLoader) (*Viewer, error) {
	f, err := gamefile.ReadFile(path, load)
	if err != nil {
		return nil, err
	}
	r, err := New(f.Game, filepath.Base(path))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	r.u.SetBots(gamefile.BotLevels(f.Meta.Seats))
	if f.Warning != "" {
		r.warning = filepath.Base(path) + ": " + f.Warning
	}
	return r, nil
}

// SetBots names the bot that played each seat ("" a person's).
func (r *Viewer) SetBots(levels []string) {
	r.u.SetBots(levels)
	r.refresh()
}

// Table is the table that shows the position: a frozen desk of it, in the
// viewer's seat.
func (r *Viewer) Table() *table.Table { return r.u }

// Pos is the position shown (the game after Pos actions); Base and End
// are the first and the last; Over says the file's game is over.
func (r *Viewer) Pos() int   { return r.n }
func (r *Viewer) Base() int  { return r.base }
func (r *Viewer) End() int   { return r.end }
func (r *Viewer) Over() bool { return r.over }

// Rounds are the positions at which each round starts.
func (r *Viewer) Rounds() []int { return r.rounds }

// Seat is whose view is shown (rules.Public, or a seat once the game is
// over).
func (r *Viewer) Seat() rules.Seat { return r.seat }

// Notice is what the viewer says about the last command ("" for
// nothing); Warning what it says of the file (a cut-off last line).
func (r *Viewer) Notice() string  { return r.notice }
func (r *Viewer) Warning() string { return r.warning }

// GoTo shows the position after n actions (clamped to the file's game),
// the log scrolled to its foot.
func (r *Viewer) GoTo(n int) {
	r.goTo(n)
	r.back = 0
}

// PickSeat shows seat s's view (rules.Public: the public view); a seat
// only once the file's game is over.
func (r *Viewer) PickSeat(s rules.Seat) { r.pickSeat(s) }

// At is a fresh copy of the file's game after n actions, to play on or
// edit: the file's game and the position shown are not touched.
func (r *Viewer) At(n int) (*rules.Game, error) { return r.game(n) }

// Keys takes what the viewer answers itself — a press or a drag on the
// scrub bar, the wheel over the log — and returns the keys for its
// buttons, Up and Down as PgUp and PgDn (a round back or on); changed
// reports a change.
func (r *Viewer) Keys(in ui.Input) (rest []ui.Key, changed bool) {
	l := r.Layout()
	// The bar takes a press a little above and below it too.
	grab := ui.Rect{X: l.Bar.X, Y: l.Bar.Y - 10, W: l.Bar.W, H: l.Bar.H + 20}
	switch {
	case in.Click && grab.Contains(in.X, in.Y):
		r.GoTo(r.posAt(l.Bar, in.X))
		r.drag, changed = in.Down, true
	case r.drag && in.Down:
		if p := r.posAt(l.Bar, in.X); p != r.n {
			r.GoTo(p)
			changed = true
		}
	default:
		r.drag = false
	}
	if in.Wheel != 0 && l.Log.Contains(in.X, in.Y) {
		r.back = min(max(r.back+ui.WheelSteps(in.Wheel), 0), r.lp.MaxBack())
		changed = true
	}
	for _, k := range in.Pressed() {
		switch k {
		case ui.KeyUp:
			rest = append(rest, ui.KeyPgUp)
		case ui.KeyDown:
			rest = append(rest, ui.KeyPgDn)
		default:
			rest = append(rest, k)
		}
	}
	return rest, changed
}

// Do carries out one of the viewer's commands (a step, a jump, a round,
// a log entry, the log's scroll, a seat's view); it reports whether cmd
// was one (Back and Branch from here are the window's).
func (r *Viewer) Do(cmd ui.Command) bool {
	switch cmd.Kind {
	case ui.CmdReplayGo, ui.CmdLogEntry:
		r.GoTo(cmd.N)
	case ui.CmdReplayStep:
		r.GoTo(r.n + cmd.N)
	case ui.CmdReplayRound:
		r.GoTo(r.roundStep(cmd.N))
	case ui.CmdLogScroll:
		r.back = min(max(r.back+cmd.N, 0), r.lp.MaxBack())
	case ui.CmdReplaySeat:
		r.pickSeat(rules.Seat(cmd.N))
	default:
		return false
	}
	return true
}

// Branch is the position shown, to open in the sandbox (ok). While the
// file's game is not over its secrets are not all shown yet, so the first
// ask at a position only warns (the notice says so); a second ask there
// gives it. A position that cannot be copied says why.
func (r *Viewer) Branch() (g *rules.Game, ok bool) {
	if !r.over && r.branchAsked != r.n {
		r.branchAsked = r.n
		r.notice = "Press B again to branch: the sandbox shows every secret of this position (hands, loyalty cards, decks)."
		return nil, false
	}
	r.branchAsked = -1
	g, err := r.game(r.n)
	if err != nil {
		r.Refuse(err)
		return nil, false
	}
	r.notice = ""
	return g, true
}

// Refuse says the position shown cannot be branched, and why.
func (r *Viewer) Refuse(err error) {
	r.notice = "This position cannot be branched: " + err.Error()
}
