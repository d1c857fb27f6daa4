package app

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// The replay viewer (docs/replay.md): a finished or unfinished game of a
// record or save file, shown as it stood after any number of its actions,
// read-only. The table is the public view (rules.Public) until the file's
// game is over; only then may a seat's view (its hand, its loyalty card) be
// picked, because before the end those are secrets (rulings.md).

// replaySnapEvery is how many actions apart the viewer keeps copies of the
// game, so that a step back replays fewer than this many actions.
const replaySnapEvery = 16

// replayView is the replay viewer's state: the whole game of the file, the
// position shown and the copies of the game that make a step cheap.
type replayView struct {
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
	// snaps[i] is the game after base+i*replaySnapEvery actions, made the
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
	logs map[rules.Seat]*replayLog
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

// replayLog is one viewer's log of the whole game and its wrapped rows.
type replayLog struct {
	lines []rules.LogLine
	lp    table.LogPanel
}

// newReplayView opens the game g (the file's whole game) at its start.
func newReplayView(g *rules.Game, name string) (*replayView, error) {
	r := &replayView{branchAsked: -1, name: name, full: g, acts: g.Actions(), base: g.Base(), end: g.Len(), over: g.Over(),
		seat: rules.Public, logs: map[rules.Seat]*replayLog{}}
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
	return r, nil
}

// viewerLog is the whole game's log as viewer reads it, each line as it
// read when it was written: the lines of a position n are those of
// actions before n (Action < n), a prefix of this log.
func (r *replayView) viewerLog(viewer rules.Seat) []rules.LogLine {
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
	r.logs[viewer] = &replayLog{lines: lines}
	return lines
}

// shownLog is the log of the position shown as the viewer reads it: the
// lines of the actions before it.
func (r *replayView) shownLog() []rules.LogLine {
	all := r.viewerLog(r.viewer())
	k := sort.Search(len(all), func(i int) bool { return all[i].Action >= r.n })
	return all[:k:k]
}

// game returns a fresh copy of the game after n actions: from the
// nearest copy kept at or before n, moved forward; the copies up to n are
// made on the way.
func (r *replayView) game(n int) (*rules.Game, error) {
	k := (n - r.base) / replaySnapEvery
	for len(r.snaps) <= k {
		last := r.snaps[len(r.snaps)-1]
		g := last.Clone()
		if err := r.forward(g, last.Len()+replaySnapEvery); err != nil {
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
func (r *replayView) forward(g *rules.Game, n int) error {
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
func (r *replayView) goTo(n int) {
	n = min(max(n, r.base), r.end)
	if n == r.n && r.cur != nil {
		return
	}
	r.notice, r.branchAsked = "", -1
	var err error
	if r.cur != nil && n > r.n && n-r.n < replaySnapEvery {
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
func (r *replayView) refresh() {
	u := r.u
	seat := rules.Public
	if r.over && r.seat >= 0 && int(r.seat) < len(u.Seats()) {
		seat = r.seat
	}
	u.SetGame(rules.HotSeat(r.cur).Frozen(), seat)
	u.SetMessage("", false)
}

// viewer is whose log and table are shown.
func (r *replayView) viewer() rules.Seat {
	if r.over && r.seat >= 0 {
		return r.seat
	}
	return rules.Public
}

// pickSeat shows seat s's view (rules.Public: the public view again); a
// seat only when the file's game is over.
func (r *replayView) pickSeat(s rules.Seat) {
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
func (r *replayView) roundStep(d int) int {
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

// ---- layout ----

// replayLayout is where the viewer's parts sit on the base canvas: the
// board at the left, as wide as the map needs; the log beside it; the
// houses, conspiracies and the seat's panel at the right; the scrub bar
// across the foot.
type replayLayout struct {
	Top, Board, Log, Seats, Private, Scrub, Bar ui.Rect
	table                                       table.Layout
	// privateInLog: the seat's panel tops the log column (many players).
	privateInLog bool
}

// replayBarH is the scrub bar's height; the panel around it holds the
// position, the step buttons and the bar.
const replayScrubH = 128.0

func layoutReplay(gw, gh, n, houses int) replayLayout {
	var l replayLayout
	l.table = table.NewLayout(gw, gh, n, houses)
	l.Top = ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: 50}
	l.Scrub = ui.Rect{X: 8, Y: ui.BaseH - 8 - replayScrubH, W: ui.BaseW - 16, H: replayScrubH}
	bh := l.Scrub.Y - 8 - 58
	bw := 440.0
	if gw > 0 && gh > 0 {
		bw = math.Max(360, math.Min(620, bh*float64(gw)/float64(gh)+20))
	}
	l.Board = ui.Rect{X: 8, Y: 58, W: bw, H: bh}
	l.Log = ui.Rect{X: bw + 16, Y: 58, W: table.PanelX - 8 - (bw + 16), H: bh}
	// The right column: the table's houses and conspiracies, then who is
	// shown and that seat's panel.
	t := &l.table
	t.Board = l.Board
	y := t.Players.Y + t.Players.H + 6
	sh := 44.0 // the seat picker on one row
	if n > 5 {
		sh = 92 // its title above two rows of buttons
	}
	l.Seats = ui.Rect{X: table.PanelX, Y: y, W: table.PanelW, H: sh}
	l.Private = ui.Rect{X: table.PanelX, Y: y + sh + 6, W: table.PanelW, H: l.Scrub.Y - 8 - (y + sh + 6)}
	if l.Private.H < 180 {
		// Many players: the seat's panel tops the log column instead, where
		// its hand has room.
		l.Private = ui.Rect{X: l.Log.X, Y: l.Log.Y, W: l.Log.W, H: 300}
		l.Log.Y += 306
		l.Log.H -= 306
		l.privateInLog = true
	}
	l.Bar = ui.Rect{X: l.Scrub.X + 20, Y: l.Scrub.Y + 74, W: l.Scrub.W - 40, H: 40}
	return l
}

func (r *replayView) layout() replayLayout {
	m := r.u.Map()
	l := layoutReplay(m.Grid.W, m.Grid.H, len(r.u.Seats()), len(m.Houses))
	if l.privateInLog && r.u.Shown() < 0 {
		// No seat shown: the log keeps the whole column.
		l.Log.H += l.Log.Y - l.Private.Y
		l.Log.Y = l.Private.Y
		l.Private = ui.Rect{}
	}
	return l
}

// posAt is the position a point of the scrub bar at x stands for.
func (r *replayView) posAt(bar ui.Rect, x float64) int {
	if r.end <= r.base || bar.W <= 0 {
		return r.base
	}
	f := (x - bar.X) / bar.W
	return min(max(r.base+int(math.Round(f*float64(r.end-r.base))), r.base), r.end)
}

// xOf is where position n stands on the scrub bar.
func (r *replayView) xOf(bar ui.Rect, n int) float64 {
	if r.end <= r.base {
		return bar.X
	}
	return bar.X + bar.W*float64(n-r.base)/float64(r.end-r.base)
}

// posLabel is "Action 57 of 431 · round 3 of 4".
func (r *replayView) posLabel() string {
	v := r.u.Public()
	s := fmt.Sprintf("Action %d of %d  ·  round %d of %d", r.n, r.end, v.Round, v.Rounds)
	if r.n == r.base {
		s = fmt.Sprintf("Start (%d actions to come)  ·  round %d of %d", r.end-r.base, v.Round, v.Rounds)
	}
	if r.n == r.end && r.over {
		s += "  ·  over"
	}
	return s
}

// lastText is the public words of the action that led to the position
// shown ("" at the start).
func (r *replayView) lastText(lines []rules.LogLine) string {
	var parts []string
	for i := len(lines) - 1; i >= 0 && lines[i].Action == r.n-1; i-- {
		parts = append([]string{lines[i].Text}, parts...)
	}
	return strings.Join(parts, " ")
}

// widgets builds the viewer's screen (the board is drawn under them).
func (r *replayView) widgets(backText, backTip string) []ui.Widget {
	u := r.u
	l := r.layout()
	var ws []ui.Widget
	// Top bar: what this is, the prompt of the position, help and back.
	ws = append(ws, ui.Widget{R: l.Top, Kind: ui.WPanel, Fill: ui.ColPanelHi})
	ws = append(ws, ui.Widget{R: ui.Rect{X: 16, Y: 8, W: 150, H: 34}, Kind: ui.WBox, Text: "REPLAY", Size: 22, Bold: true, Fill: ui.ColWarn, Ink: ui.ColText,
		Tip: "A replay of " + r.name + ": nothing can be played from it."})
	ta := u.Game().ToAct()
	prompt, ink := u.Public().Prompt, ui.Readable(ui.SeatColor(ta), ui.ColPanelHi)
	if u.Game().Over() {
		var wn []string
		for _, w := range u.Public().Winners {
			wn = append(wn, u.SeatWords(w))
		}
		prompt, ink = "Game over", ui.ColGold
		if len(wn) > 0 {
			prompt += " — " + strings.Join(wn, " and ") + " won"
		}
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: 180, Y: 8, W: 690, H: 34}, Kind: ui.WText, Text: prompt, Size: 24, Bold: true, Ink: ink, Tip: prompt})
	branch := ui.Button(ui.Rect{X: 880, Y: 8, W: 200, H: 34}, "Branch from here", ui.CmdTarget(ui.Command{Kind: ui.CmdReplayBranch}))
	branch.Key, branch.Size = ui.KeyB, 18
	branch.Tip = "Open the position shown in the sandbox: edit it, or play on from it (Play from here) in a new game. The file is not changed."
	ws = append(ws, branch)
	ws = append(ws, ui.Widget{R: ui.Rect{X: 1090, Y: 14, W: 170, H: 26}, Kind: ui.WText, Text: r.name, Size: 16, Ink: ui.ColDim, Align: ui.AlignRight, Tip: r.name})
	help := ui.Button(ui.Rect{X: 1272, Y: 8, W: 88, H: 34}, "?", ui.CmdTarget(ui.Command{Kind: ui.CmdHelp}))
	help.Key, help.Tip = ui.KeyF1, "Help: every key and the rules on one page."
	back := ui.Button(ui.Rect{X: 1368, Y: 8, W: 224, H: 34}, backText, ui.CmdTarget(ui.Command{Kind: ui.CmdReplayBack}))
	back.Key = ui.KeyEsc
	back.Tip = backTip
	ws = append(ws, help, back)

	ws = append(ws, u.Panels().Houses(l.table)...)
	ws = append(ws, u.Panels().Players(l.table)...)
	ws = append(ws, r.seatWidgets(l)...)
	ws = append(ws, r.logWidgets(l)...)
	ws = append(ws, r.scrubWidgets(l)...)
	return ws
}

// seatWidgets are whose view is shown and, for a seat, its panel (its
// loyalty card and hand): only once the file's game is over.
func (r *replayView) seatWidgets(l replayLayout) []ui.Widget {
	u := r.u
	ws := ui.Panel(l.Seats, "")
	if !r.over {
		ws = append(ws, ui.Widget{R: ui.Rect{X: l.Seats.X + 12, Y: l.Seats.Y + 8, W: l.Seats.W - 24, H: 22}, Kind: ui.WText, Text: "Public view: what everyone at the table saw", Size: 17, Bold: true, Ink: ui.ColGold})
		ws = append(ws, ui.Text(ui.Rect{X: l.Seats.X + 12, Y: l.Seats.Y + 31, W: l.Seats.W - 24, H: 20}, "This game is not over: hands and loyalty cards stay secret.", 15, ui.ColText))
		if l.Private.H <= 0 {
			return ws
		}
		p := ui.Panel(l.Private, "Hands and loyalty cards")
		p = append(p, ui.Text(ui.Rect{X: l.Private.X + 12, Y: l.Private.Y + 36, W: l.Private.W - 24, H: 20}, "Secret until the game is over.", 15, ui.ColDim))
		return append(ws, p...)
	}
	n := len(u.Seats())
	x0, y := l.Seats.X+12, l.Seats.Y+24
	if l.Seats.H < 50 {
		ws = append(ws, ui.Widget{R: ui.Rect{X: x0, Y: l.Seats.Y + 12, W: 60, H: 20}, Kind: ui.WText, Text: "View of", Size: 15, Ink: ui.ColDim})
		x0, y = x0+62, l.Seats.Y+8
	} else {
		ws = append(ws, ui.Widget{R: ui.Rect{X: x0, Y: l.Seats.Y + 4, W: 200, H: 20}, Kind: ui.WText, Text: "Show the view of", Size: 15, Ink: ui.ColDim})
	}
	perRow := n + 1
	if l.Seats.H >= 50 {
		perRow = (n + 2) / 2
	}
	bw := math.Min(150, (l.Seats.X+l.Seats.W-12-x0-6*float64(perRow-1))/float64(perRow))
	at := func(i int) ui.Rect {
		return ui.Rect{X: x0 + float64(i%perRow)*(bw+6), Y: y + float64(i/perRow)*32, W: bw, H: 28}
	}
	pub := ui.Button(at(0), "Public", ui.CmdTarget(ui.Command{Kind: ui.CmdReplaySeat, N: int(rules.Public)}))
	pub.Key, pub.Size = ui.Key0, 15
	pub.Tip = "What everyone at the table saw."
	if r.seat < 0 {
		pub.Fill, pub.Edge = ui.ColOK, ui.ColGold
	}
	ws = append(ws, pub)
	for s := range rules.Seat(n) {
		b := ui.Button(at(int(s)+1), u.SeatName(s), ui.CmdTarget(ui.Command{Kind: ui.CmdReplaySeat, N: int(s)}))
		b.Key, b.Size = ui.Digit(int(s)+1), 15
		b.Tip = fmt.Sprintf("What %s saw: their hand and loyalty card.", u.SeatWords(s))
		b.Edge = ui.SeatColor(s)
		if r.seat == s {
			b.Fill, b.Edge = ui.ColOK, ui.ColGold
		}
		ws = append(ws, b)
	}
	if r.seat < 0 {
		if l.Private.H <= 0 {
			return ws
		}
		p := ui.Panel(l.Private, "Hands and loyalty cards")
		p = append(p, ui.Text(ui.Rect{X: l.Private.X + 12, Y: l.Private.Y + 36, W: l.Private.W - 24, H: 20}, "The game is over: pick a player above (keys 1 to "+fmt.Sprint(n)+") to see their hand and loyalty card.", 15, ui.ColText))
		return append(p, ws...)
	}
	return append(r.u.Panels().Seat(l.Private), ws...)
}

// logWidgets is the log panel beside the board: the viewer's log up to
// the position shown, newest at the bottom, the shown action's entries
// marked; a click on an entry goes there.
func (r *replayView) logWidgets(l replayLayout) []ui.Widget {
	v := r.viewer()
	lines := r.shownLog()
	rl := r.logs[v]
	all, k := rl.lines, len(lines)
	// Wrap the whole log once; the panel gets the prefix's rows.
	r.lp.Prefix(&rl.lp, all, k, v, l.Log.W-24)
	r.lp.SetBack(r.back)
	var ws []ui.Widget
	if cv := r.u.Public().Combat; cv != nil {
		// The running combat tops the log column.
		h := math.Min(300, l.Log.H/2)
		ws = append(ws, r.u.Panels().CombatCard(ui.Rect{X: l.Log.X, Y: l.Log.Y, W: l.Log.W, H: h}, cv)...)
		l.Log.Y += h + 6
		l.Log.H -= h + 6
	}
	ws = append(ws, r.lp.Widgets(l.Log, lines, v, r.n)...)
	r.back = r.lp.Back()
	// The panel's title suits the table; the replay's says where a click goes.
	for i := range ws {
		if ws[i].Kind == ui.WText && strings.HasPrefix(ws[i].Text, "Log  ·") {
			ws[i].Text = "Log up to the action shown  ·  click an entry to go there"
			break
		}
	}
	return ws
}

// scrubWidgets are the foot of the screen: where the replay stands, the
// step buttons with their keys, and the scrub bar with a tick at every
// round's start.
func (r *replayView) scrubWidgets(l replayLayout) []ui.Widget {
	s := l.Scrub
	ws := ui.Panel(s, "")
	note := r.lastText(r.shownLog())
	if r.err != "" {
		note = r.err
	} else if note == "" {
		note = "The table as the game began."
	}
	if r.warning != "" && r.n == r.end {
		note = r.warning
	}
	if r.notice != "" {
		note = r.notice
	}
	// Step buttons, right: the keys on them.
	type stepB struct {
		label string
		key   ui.Key
		tip   string
		c     ui.CmdKind
		n     int
		off   bool
	}
	bs := []stepB{
		{"Start", ui.KeyHome, "The start of the game.", ui.CmdReplayGo, r.base, r.n == r.base},
		{"« Round", ui.KeyPgUp, "The start of this round (or of the one before). Also Up.", ui.CmdReplayRound, -1, r.n == r.base},
		{"← Back", ui.KeyLeft, "One action back.", ui.CmdReplayStep, -1, r.n == r.base},
		{"Next →", ui.KeyRight, "One action on.", ui.CmdReplayStep, 1, r.n == r.end},
		{"Round »", ui.KeyPgDn, "The start of the next round. Also Down.", ui.CmdReplayRound, 1, r.n == r.end},
		{"End", ui.KeyEnd, "The last action of the file.", ui.CmdReplayGo, r.end, r.n == r.end},
	}
	bw := 150.0
	x := s.X + s.W - 20 - float64(len(bs))*(bw+6) + 6
	ws = append(ws, ui.Widget{R: ui.Rect{X: s.X + 20, Y: s.Y + 10, W: x - s.X - 30, H: 32}, Kind: ui.WText, Text: r.posLabel(), Size: 26, Bold: true, Ink: ui.ColGold})
	ws = append(ws, ui.Widget{R: ui.Rect{X: s.X + 20, Y: s.Y + 46, W: x - s.X - 30, H: 22}, Kind: ui.WText, Text: note, Size: 17, Ink: ui.ColText, Tip: note})
	for i, b := range bs {
		w := ui.Button(ui.Rect{X: x + float64(i)*(bw+6), Y: s.Y + 12, W: bw, H: 44}, b.label, ui.CmdTarget(ui.Command{Kind: b.c, N: b.n}))
		w.Key, w.Tip, w.Size = b.key, b.tip, 18
		if b.off {
			w.Fill, w.Ink = ui.ColPanelHi, ui.ColDim
		}
		ws = append(ws, w)
	}
	// The bar: the part played filled, a tick and a number at each
	// round's start, a knob at the position.
	bar := l.Bar
	ws = append(ws, ui.Widget{R: bar, Kind: ui.WPanel, Fill: ui.ColBG, Edge: ui.ColEdge,
		Tip: "Click or drag anywhere on the bar to go to that action."})
	if px := r.xOf(bar, r.n); px > bar.X {
		ws = append(ws, ui.Widget{R: ui.Rect{X: bar.X + 1, Y: bar.Y + 1, W: px - bar.X - 1, H: bar.H - 2}, Kind: ui.WPanel, Fill: ui.ColButton})
	}
	for i, p := range r.rounds {
		tx := r.xOf(bar, p)
		ws = append(ws, ui.Widget{R: ui.Rect{X: tx - 1, Y: bar.Y - 4, W: 3, H: bar.H + 8}, Kind: ui.WPanel, Fill: ui.ColGold})
		if tx+40 <= bar.X+bar.W {
			ws = append(ws, ui.Widget{R: ui.Rect{X: tx + 5, Y: bar.Y + (bar.H-20)/2, W: 40, H: 20}, Kind: ui.WText, Text: fmt.Sprintf("R%d", i+1), Size: 15, Bold: true, Ink: ui.ColText,
				Tip: fmt.Sprintf("Round %d starts after action %d.", i+1, p)})
		}
	}
	kx := r.xOf(bar, r.n)
	ws = append(ws, ui.Widget{R: ui.Rect{X: kx - 6, Y: bar.Y - 8, W: 12, H: bar.H + 16}, Kind: ui.WPanel, Fill: ui.ColText, Edge: ui.ColBG})
	return ws
}

// ---- the scene ----

// replayScene is the replay viewer: a game of a file (-replay, from the
// start screen) or the game just finished (from its end screen), and the
// scene Back returns to.
type replayScene struct {
	r *replayView
	// back is the scene Back returns to (home: the start screen, read
	// again); backText and backTip the button's words.
	back              Scene
	home              bool
	backText, backTip string
	// live is the finished game watched (nil for a file's): its end
	// screen is where Back goes.
	live *liveGame
}

func (s *replayScene) Show(*Context) Shown {
	r := s.r
	sh := Shown{Widgets: r.widgets(s.backText, s.backTip)}
	// What the shown action touched; nothing is legal.
	hl, sel := r.boardMarks()
	sh.Board = &BoardShown{Table: r.u, Area: r.layout().Board, Lit: hl, Sel: sel, Input: true}
	if s.live != nil {
		sh = s.live.shown(sh)
	}
	return sh
}

// Keys: arrows step (Left/Right an action, Up/Down or PgUp/PgDn a round),
// Home/End the ends, digits pick a seat's view; the scrub bar follows a
// press and a drag; the wheel over the log scrolls it.
func (s *replayScene) Keys(in ui.Input, _ *Context) ([]ui.Key, bool) {
	r := s.r
	changed := false
	l := r.layout()
	// The bar takes a press a little above and below it too.
	grab := ui.Rect{X: l.Bar.X, Y: l.Bar.Y - 10, W: l.Bar.W, H: l.Bar.H + 20}
	switch {
	case in.Click && grab.Contains(in.X, in.Y):
		r.goTo(r.posAt(l.Bar, in.X))
		r.back, r.drag, changed = 0, in.Down, true
	case r.drag && in.Down:
		if p := r.posAt(l.Bar, in.X); p != r.n {
			r.goTo(p)
			r.back, changed = 0, true
		}
	default:
		r.drag = false
	}
	if in.Wheel != 0 && l.Log.Contains(in.X, in.Y) {
		r.back = min(max(r.back+ui.WheelSteps(in.Wheel), 0), r.lp.MaxBack())
		changed = true
	}
	var rest []ui.Key
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

func (s *replayScene) Do(c ui.Command, ctx *Context) {
	r := s.r
	switch c.Kind {
	case ui.CmdReplayGo, ui.CmdLogEntry:
		r.goTo(c.N)
		r.back = 0
	case ui.CmdReplayStep:
		r.goTo(r.n + c.N)
		r.back = 0
	case ui.CmdReplayRound:
		r.goTo(r.roundStep(c.N))
		r.back = 0
	case ui.CmdLogScroll:
		r.back = min(max(r.back+c.N, 0), r.lp.MaxBack())
	case ui.CmdReplaySeat:
		r.pickSeat(rules.Seat(c.N))
	case ui.CmdReplayBranch:
		s.branch(ctx)
		return
	case ui.CmdReplayBack, ui.CmdCancel:
		// Back where the viewer came from.
		if s.home {
			ctx.goHome()
			return
		}
		ctx.GoTo(s.back)
	}
}

// branch opens the position shown in the sandbox, Esc coming back here.
// While the file's game is not over its secrets are not all shown yet, so
// the first press only warns (as the table's sandbox does); a second press
// at the same position opens it.
func (s *replayScene) branch(ctx *Context) {
	r := s.r
	if !r.over && r.branchAsked != r.n {
		r.branchAsked = r.n
		r.notice = "Press B again to branch: the sandbox shows every secret of this position (hands, loyalty cards, decks)."
		return
	}
	r.branchAsked = -1
	g, err := r.game(r.n)
	if err == nil {
		var sb *sandboxUI
		if sb, err = newSandbox(g); err == nil {
			r.notice = ""
			ctx.GoTo(&sandboxScene{sb: sb, back: s})
			return
		}
	}
	r.notice = "This position cannot be branched: " + err.Error()
}

func (s *replayScene) Click(ui.Target, *Context)     {}
func (s *replayScene) Tick(time.Time, *Context) bool { return false }

// ---- opening it ----

// openReplay reads a record or save file and shows its game in the
// replay viewer; the file is only read. Back goes to the start screen.
func openReplay(c *Context, path string) (Scene, error) {
	f, err := gamefile.ReadFile(path, mapLoader)
	if err != nil {
		return nil, err
	}
	r, err := newReplayView(f.Game, filepath.Base(path))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	r.u.SetBots(gamefile.BotLevels(f.Meta.Seats))
	r.warning = f.Warning
	if r.warning != "" {
		r.warning = filepath.Base(path) + ": " + r.warning
	}
	return fileReplay(r), nil
}

// fileReplay is the viewer of a file's game r: Back goes to the start
// screen.
func fileReplay(r *replayView) *replayScene {
	r.refresh()
	return &replayScene{r: r, home: true, backText: "Start screen", backTip: "Leave the replay for the start screen."}
}

// replay opens the game just finished in the viewer; Back returns to
// its end screen, end.
func (lg *liveGame) replay(c *Context, end Scene) {
	g := lg.play.game
	if g == nil {
		return
	}
	// Under the match's lock: a hosted game's devices may still be told
	// the end.
	lg.play.match.Do(func(x *rules.Game) { g = x.Clone() })
	r, err := newReplayView(g, "this game")
	if err != nil {
		return
	}
	r.u.SetBots(lg.botLevels())
	r.refresh()
	c.GoTo(&replayScene{r: r, back: end, live: lg, backText: "Back to results", backTip: "Back to the end screen of this game."})
}

// boardMarks are the board's highlights in the viewer: nothing is legal,
// so no territory is lit (lit ones would dim the rest of the board); the
// selection (lightened, outlined) is the territory the shown action moved
// troops into, mustered in or retreated to, so the eye finds what just
// happened, else the running combat's.
func (r *replayView) boardMarks() ([]bool, int) {
	_, sel := r.u.Highlights()
	if r.n <= r.base || r.n > len(r.acts) {
		return nil, sel
	}
	switch a := r.acts[r.n-1]; a.Verb {
	case rules.VMove, rules.VRetreat:
		sel = int(a.To)
	case rules.VMuster:
		sel = int(a.From)
		if a.To >= 0 {
			sel = int(a.To) // a ship into a sea or port
		}
	}
	return nil, sel
}
