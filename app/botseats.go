package app

import (
	"context"
	"fmt"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// Bot seats: any seat may be played by a bot (package bots) at a level.
// The bot thinks on its own goroutine from a copy of its seat's
// information (rules.Information), never from the game; the window keeps
// drawing meanwhile and applies the answer on the UI goroutine, after a
// short pause so that the table can follow one move at a time. A search is
// interrupted (its answer dropped) when the position changes under it: a
// new game, an undo, closing the window.

// Human marks a seat played at the table in Options.Bots and the start
// screen's seat list.
const Human = -1

// defaultBotPause is the pause between two bot moves.
const defaultBotPause = 600 * time.Millisecond

// botPauses are the pauses the start screen cycles through.
var botPauses = []time.Duration{0, 250 * time.Millisecond, defaultBotPause, 1200 * time.Millisecond, 2500 * time.Millisecond}

// seatLevelLabel is a seat button's label: "Human" or "Easy bot".
func seatLevelLabel(l int) string {
	if l == Human {
		return "Human"
	}
	return words.Title(bots.Level(l).String()) + " bot"
}

// nextSeatLevel cycles Human → Random → Steady → Easy → Strong → Human.
func nextSeatLevel(l int) int {
	if l+1 >= len(bots.Levels()) {
		return Human
	}
	return l + 1
}

// seatBotsConf is the start screen's choice of who plays each seat and
// how long the table pauses between two bot moves.
type seatBotsConf struct {
	level [9]int // per seat: Human or a bots.Level
	pause time.Duration
}

// newSeatBotsConf takes the options' seats (-bots) and pause (-bot-pause).
func newSeatBotsConf(o Options) seatBotsConf {
	c := seatBotsConf{pause: defaultBotPause}
	for i := range c.level {
		c.level[i] = Human
		if i < len(o.Bots) && o.Bots[i] >= 0 && o.Bots[i] < len(bots.Levels()) {
			c.level[i] = o.Bots[i]
		}
	}
	if o.BotPause > 0 {
		c.pause = o.BotPause
	}
	return c
}

// startBotCommand answers the start screen's bot commands: a seat's
// player (human or a bot level) and the pause between bot moves.
func (s *startScene) startBotCommand(c ui.Command) {
	switch c.Kind {
	case ui.CmdSeatLevel:
		if c.N >= 0 && c.N < len(s.bots.level) {
			s.bots.level[c.N] = nextSeatLevel(s.bots.level[c.N])
		}
	case ui.CmdBotPause:
		k := 0
		for i, p := range botPauses {
			if p <= s.bots.pause {
				k = i
			}
		}
		s.bots.pause = botPauses[(k+1)%len(botPauses)]
	}
}

// seatLevelWidget is the button beside seat i's name: who plays it.
func (s *startScene) seatLevelWidget(i int, r ui.Rect) ui.Widget {
	l := s.bots.level[i]
	b := ui.Button(r, seatLevelLabel(l), ui.CmdTarget(ui.Command{Kind: ui.CmdSeatLevel, N: i}))
	b.Size = 16
	b.Tip = "Who plays this seat: a human at the table, or a bot (random, easy or strong). Click to change."
	if l != Human {
		b.Fill = ui.ColPanelHi
		b.Edge = ui.ColGold
	}
	return b
}

// botPauseWidget is the start screen's pause between bot moves (shown
// only when some seat is a bot).
func (s *startScene) botPauseWidget(r ui.Rect) []ui.Widget {
	for i := 0; i < s.n; i++ {
		if s.bots.level[i] != Human {
			b := ui.Button(r, fmt.Sprintf("Bot pause %.2g s", s.bots.pause.Seconds()), ui.CmdTarget(ui.Command{Kind: ui.CmdBotPause}))
			b.Size = 15
			b.Tip = "How long the table waits between two bot moves, so each can be followed. Click to change."
			return []ui.Widget{b}
		}
	}
	return nil
}

// botDriver is the driver of the seats chosen on the start screen for
// a game of n players (nil when every seat is human).
func (s *startScene) botDriver(n int, seed uint64) *botSeats {
	c := s.bots
	lv := make([]int, n)
	copy(lv, c.level[:min(n, len(c.level))])
	b := newBotSeats(lv, c.pause, seed)
	if !b.any() {
		return nil
	}
	return b
}

// seatNames is who plays each seat as a save keeps it
// (gamefile.Meta.Seats): gamefile.SeatHuman or a level's name; nil when
// every seat is human.
func (b *botSeats) seatNames() []string {
	if !b.any() {
		return nil
	}
	out := make([]string, len(b.level))
	for i, l := range b.level {
		out[i] = gamefile.SeatHuman
		if l != Human {
			out[i] = bots.Level(l).String()
		}
	}
	return out
}

// pauseOrZero is the pause between bot moves a save keeps (0 when every
// seat is human).
func (b *botSeats) pauseOrZero() time.Duration {
	if b == nil {
		return 0
	}
	return b.pause
}

// savedBots is the driver of a saved game's bot seats (gamefile.Meta.Seats,
// already checked by gamefile.Decode), nil when every seat is human. The
// command line's -bots and -bot-pause, when given, win over the save: a
// tester can take a bot's seat or hand one to a bot.
func savedBots(o Options, seats []string, pause time.Duration, n int, tester bool, seed uint64) *botSeats {
	if !tester {
		seed = secretSeed()
	}
	given := newSeatBotsConf(o)
	lv := make([]int, n)
	for i := range lv {
		lv[i] = Human
		switch {
		case o.Bots != nil && i < len(given.level):
			lv[i] = given.level[i]
		case i < len(seats):
			if l, err := bots.ParseLevel(seats[i]); err == nil {
				lv[i] = int(l)
			}
		}
	}
	if o.BotPause > 0 || pause <= 0 {
		pause = given.pause
	}
	b := newBotSeats(lv, pause, seed)
	if !b.any() {
		return nil
	}
	return b
}

// botAnswer is a finished search.
type botAnswer struct {
	gen, pos int
	seat     rules.Seat
	last     rules.Action // the position's last action (with pos: which position)
	hint     bool
	d        bots.Decision
	err      error
}

// botSeats drives the bot seats of one game.
type botSeats struct {
	level []int // per seat: Human or a bots.Level
	pause time.Duration
	seed  uint64

	gen    int // bumped by interrupt: answers of an older gen are dropped
	cancel context.CancelFunc
	ans    chan botAnswer // the search in flight, nil when none
	asked  botAnswer      // what it was asked (gen, pos, seat, hint)
	ready  *botAnswer     // a bot move waiting for its pause
	last   time.Time      // when the last bot move was applied
}

func newBotSeats(levels []int, pause time.Duration, seed uint64) *botSeats {
	return &botSeats{level: append([]int(nil), levels...), pause: pause, seed: seed}
}

// isBot reports whether seat is played by a bot.
func (b *botSeats) isBot(seat rules.Seat) bool {
	return b != nil && seat >= 0 && int(seat) < len(b.level) && b.level[seat] != Human
}

// any reports whether some seat is a bot.
func (b *botSeats) any() bool {
	for s := range b.levelsOrNil() {
		if b.isBot(rules.Seat(s)) {
			return true
		}
	}
	return false
}

func (b *botSeats) levelsOrNil() []int {
	if b == nil {
		return nil
	}
	return b.level
}

// humans lists the seats played at the table.
func (b *botSeats) humans(n int) []rules.Seat {
	var out []rules.Seat
	for s := range rules.Seat(n) {
		if !b.isBot(s) {
			out = append(out, s)
		}
	}
	return out
}

// ask starts a search for seat on the position of g, off the UI
// goroutine: the search reads only a copy of the seat's information.
func (b *botSeats) ask(g *rules.Game, seat rules.Seat, lv bots.Level, hint bool) {
	b.stop()
	in := g.Information(seat)
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan botAnswer, 1)
	b.cancel, b.ans = cancel, ch
	q := botAnswer{gen: b.gen, pos: g.Len(), last: lastAction(g), seat: seat, hint: hint}
	b.asked = q
	seed := b.seed
	go func() {
		// The same budget as bots.Decide, with the platform's turn for the
		// page between iterations (none on the desktop): same decisions.
		b := bots.BudgetOf(lv, in.Players())
		b.Yield = searchYield()
		d, err := bots.DecideWith(ctx, in, lv, b, seed)
		q.d, q.err = d, err
		ch <- q
	}()
}

// lastAction is g's last action (the zero action at the start): with
// g.Len() it tells an answer's position from one reached by an undo and
// another action.
func lastAction(g *rules.Game) rules.Action {
	a, _ := g.LastAction()
	return a
}

// busy reports whether a search is in flight.
func (b *botSeats) busy() bool { return b != nil && b.ans != nil }

// poll returns a finished search's answer, if one has come.
func (b *botSeats) poll() (botAnswer, bool) {
	if b == nil || b.ans == nil {
		return botAnswer{}, false
	}
	select {
	case q := <-b.ans:
		b.ans, b.cancel = nil, nil
		return q, q.gen == b.gen
	default:
		return botAnswer{}, false
	}
}

// wait blocks until the search in flight has answered (tests; the window
// polls instead).
func (b *botSeats) wait() {
	if b == nil || b.ans == nil {
		return
	}
	q := <-b.ans
	ch := make(chan botAnswer, 1)
	ch <- q
	b.ans = ch
}

// stop cancels the search in flight (its answer is dropped).
func (b *botSeats) stop() {
	if b == nil {
		return
	}
	if b.cancel != nil {
		b.cancel()
	}
	b.cancel, b.ans = nil, nil
}

// interrupt drops every search and waiting move: the position changed
// under them (undo, a new game, closing).
func (b *botSeats) interrupt() {
	if b == nil {
		return
	}
	b.stop()
	b.gen++
	b.ready = nil
}

// botTick runs the bot seats once per frame (the table's and the
// curtain's tick): it starts the search of a bot to act, and applies its
// answer once the pause since the last bot move has passed. byBot says a
// notice up follows a bot's move: the bots dismiss it after a pause. It
// reports whether the table changed.
func (lg *liveGame) botTick(now time.Time, c *Context, byBot bool) bool {
	b, u := lg.bots, lg.tbl
	g := lg.play.game
	if b == nil || g == nil {
		return false
	}
	changed := false
	if b.busy() && (b.asked.pos != g.Len() || b.asked.last != lastAction(g)) {
		// The position moved under the search (an undo, a human's move
		// during a hint's search): cancel it at once.
		b.stop()
	}
	if q, ok := b.poll(); ok {
		switch {
		case q.err != nil:
			u.SetMessage("The bot could not decide: "+q.err.Error(), true)
			changed = true
		case q.pos != g.Len() || q.last != lastAction(g):
			// The position moved on (an undo): ask again below.
		case q.hint:
			u.ShowHint(hintOf(q))
			changed = true
		default:
			b.ready = &q
		}
	}
	if u.Holding() {
		// A notice is up (a combat's result). After a bot's move no one
		// at the screen has to dismiss it: it stays for a pause, then
		// the game goes on. After a human's move it waits for Continue.
		if byBot && now.Sub(b.last) >= 2*b.pause {
			u.Do(ui.Command{Kind: ui.CmdDismiss})
			lg.moved(c, true)
			return true
		}
		return changed
	}
	if g.Over() {
		return changed
	}
	seat := g.ToAct()
	if !b.isBot(seat) {
		return changed
	}
	if r := b.ready; r != nil && (r.pos != g.Len() || r.last != lastAction(g) || r.seat != seat) {
		b.ready = nil
	}
	switch {
	case b.ready != nil && now.Sub(b.last) >= b.pause:
		act := b.ready.d.Action
		b.ready = nil
		b.last = now
		if !u.Apply(act) {
			// Never expected (the bot chose from the legal actions): say
			// so, and stop the bots rather than loop.
			why, _ := u.Message()
			u.SetMessage(fmt.Sprintf("%s's bot chose %q, which was refused: %s", u.SeatName(seat), act.Format(u.Map()), why), true)
			b.level = make([]int, len(b.level))
			for i := range b.level {
				b.level[i] = Human
			}
		}
		if msg, isErr := u.Message(); !isErr && msg != "" {
			u.SetMessage(fmt.Sprintf("%s (%s bot): %s", u.SeatName(seat), bots.Level(b.level[seat]), msg), false)
		}
		lg.moved(c, true)
		return true
	case b.ready == nil && !b.busy():
		b.ask(g, seat, bots.Level(b.level[seat]), false)
	}
	return changed
}

// botsPlace places the table after a move when some seat is a bot, and
// reports whether it did (false: the usual hot-seat curtain). With one
// human there is no curtain at all: that seat's panel stays in view
// while the bots play. With several the curtain shows only for a human's
// turn. With none the table is public: a game to watch.
func (lg *liveGame) botsPlace() bool {
	b, u := lg.bots, lg.tbl
	if !b.any() {
		return false
	}
	u.ClearHint()
	ta := u.Game().ToAct()
	hs := b.humans(len(u.Seats()))
	show := rules.Seat(-2) // leave the curtain logic to the caller
	switch {
	case len(hs) == 0:
		show = -1
	case len(hs) == 1:
		show = hs[0]
	case b.isBot(ta):
		show = -1
	}
	if show == -2 {
		return false
	}
	if u.Shown() != show {
		if show < 0 {
			u.Hide()
		} else {
			u.Reveal(show)
		}
	}
	return true
}

// askHint asks the strong bot what it would do in the shown human's place
// (key H).
func (lg *liveGame) askHint() {
	g, u := lg.play.game, lg.tbl
	if g == nil || g.Over() {
		return
	}
	seat := u.Shown()
	if seat < 0 || seat != g.ToAct() || lg.bots.isBot(seat) {
		u.SetMessage("A hint is for the player whose turn it is.", true)
		return
	}
	if lg.bots == nil {
		lg.bots = newBotSeats(make([]int, len(u.Seats())), defaultBotPause, lg.botSeed())
		for i := range lg.bots.level {
			lg.bots.level[i] = Human
		}
	}
	lg.bots.ask(g, seat, bots.Strong, true)
	u.SetMessage("Thinking about a hint…", false)
}

// botSeed is the bots' seed: a tester's game seed (so a tester's game
// replays with the same bot moves), else a fresh secret one.
func (lg *liveGame) botSeed() uint64 {
	if lg.tester {
		return lg.tbl.Seed()
	}
	return secretSeed()
}

// botWidgets adds the table's bot pieces to its widgets: the Hint button
// (key H) at the right end of the prompt while a human seat shown is to
// act, or "… bot thinking" while a bot is; and the gold frame of a hinted
// move. The prompt is shortened to make room.
func (lg *liveGame) botWidgets(ws []ui.Widget) []ui.Widget {
	g, u := lg.play.game, lg.tbl
	if g == nil || g.Over() {
		return ws
	}
	l := u.Layout()
	pr := l.Prompt
	if lg.tester {
		pr.W = table.TesterBadge.X - 12 - pr.X
	}
	r := ui.Rect{X: pr.X + pr.W - 132, Y: pr.Y, W: 132, H: pr.H}
	seat := g.ToAct()
	var w ui.Widget
	switch {
	case lg.bots.isBot(seat):
		w = ui.Widget{R: r, Kind: ui.WText, Text: words.Title(bots.Level(lg.bots.level[seat]).String()) + " bot thinking…", Size: 15, Align: ui.AlignCenter, Ink: ui.ColDim}
		if !lg.bots.busy() {
			w.Text = words.Title(bots.Level(lg.bots.level[seat]).String()) + " bot moves"
		}
	case u.Shown() == seat:
		w = ui.Button(r, "Hint", ui.CmdTarget(ui.Command{Kind: ui.CmdHint}))
		w.Key, w.Size = "H", 16
		w.Tip = "Ask the strong bot what it would do in your place: it sees only what you see. The hint is noted in the log."
	default:
		return ws
	}
	for i := range ws {
		if ws[i].R == pr && ws[i].Kind == ui.WText {
			ws[i].R.W -= r.W + 8
		}
	}
	return u.MarkHint(append(ws, w))
}

// hintOf is the table's hint of a hint search's answer.
func hintOf(q botAnswer) table.Hint {
	h := table.Hint{Seat: q.seat, Action: q.d.Action}
	for _, o := range q.d.Top {
		h.Top = append(h.Top, table.Scored{Action: o.Action, Score: o.Score})
	}
	return h
}
