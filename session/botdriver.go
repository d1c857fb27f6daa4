package session

import (
	"context"
	"fmt"
	"time"

	"notrueking/bots"
	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/rules"
)

// The bot seats of a match. A bot thinks on its own goroutine from a copy
// of its seat's information (rules.Information), never from the game; its
// answer is applied by Tick (under the lock, through the chain like any
// action) once the pause since the last bot move has passed, so that the
// players can follow one move at a time. A search is dropped when the
// position changes under it (an undo, a human's move during a hint's
// search, a seat handed to a human).

// botAnswer is a finished search.
type botAnswer struct {
	pos  int
	last rules.Action // the position's last action (with pos: which position)
	seat rules.Seat
	hint bool
	d    bots.Decision
	err  error
}

// search is a search in flight.
type search struct {
	botAnswer // what it was asked (pos, last, seat, hint)
	cancel    context.CancelFunc
	ans       chan botAnswer
}

// Hint is a hint's answer: what the strong bot would do in seat's place
// at the position of Len actions.
type Hint struct {
	Seat     rules.Seat
	Len      int
	Decision bots.Decision
}

// ask starts a search for seat on the position as it stands (under the
// lock): the search reads only a copy of the seat's information.
func (m *Match) ask(seat rules.Seat, lv bots.Level, hint bool) {
	m.stopSearch()
	in := m.g.Information(seat)
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan botAnswer, 1)
	q := botAnswer{pos: m.g.Len(), last: lastAction(m.g), seat: seat, hint: hint}
	m.search = &search{botAnswer: q, cancel: cancel, ans: ch}
	seed := m.botSeed
	var yield func()
	if m.yield != nil {
		yield = m.yield()
	}
	go func() {
		// The same budget as bots.Decide, with the platform's turn for
		// the page between iterations (none on the desktop): the same
		// decisions.
		b := bots.BudgetOf(lv, in.Players())
		b.Yield = yield
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

// stopSearch cancels the search in flight (its answer is dropped).
func (m *Match) stopSearch() {
	if m.search != nil {
		m.search.cancel()
		m.search = nil
	}
}

// at reports whether answer q is for the position as it stands.
func (m *Match) at(q botAnswer) bool {
	return q.pos == m.g.Len() && q.last == lastAction(m.g)
}

// Thinking reports whether a bot's search (not a hint's) is in flight.
func (m *Match) Thinking() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.search != nil && !m.search.hint
}

// Busy reports whether a search (a bot's or a hint's) is in flight.
func (m *Match) Busy() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.search != nil
}

// LastBotMove is when the last bot move was applied.
func (m *Match) LastBotMove() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lastBot
}

// Tick runs the bots once (a window calls it every frame, a headless host
// on a timer): it starts the search of a bot to act, and applies its
// answer once the pause since the last bot move has passed — unless hold
// (a window keeps a notice up). note is what a window shows on its message
// line when a bot could not decide or chose a refused move (the bots then
// stop: every seat they played is a human's). It reports whether the game
// moved.
func (m *Match) Tick(now time.Time, hold bool) (moved bool, note string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closed {
		return false, ""
	}
	if s := m.search; s != nil {
		if !m.at(s.botAnswer) {
			m.stopSearch() // the position moved under it: ask again below
		} else {
			select {
			case q := <-s.ans:
				m.search = nil
				switch {
				case q.err != nil:
					note = "The bot could not decide: " + q.err.Error()
				case q.hint:
					m.hint = &Hint{Seat: q.seat, Len: q.pos, Decision: q.d}
				default:
					m.ready = &q
				}
			default:
			}
		}
	}
	if hold || m.g.Over() {
		return false, note
	}
	seat := m.g.ToAct()
	lv, bot := m.botLevel(seat)
	if !bot {
		return false, note
	}
	if r := m.ready; r != nil && (!m.at(*r) || r.seat != seat) {
		m.ready = nil
	}
	switch {
	case m.ready != nil && now.Sub(m.lastBot) >= m.pause:
		act := m.ready.d.Action
		m.ready = nil
		m.lastBot = now
		if _, err := m.apply(act, lv.String(), nil); err != nil {
			// Never expected (the bot chose from the legal actions): say
			// so, and stop the bots rather than loop.
			note = fmt.Sprintf("%s's bot chose %q, which was refused: %v", m.g.Seats()[seat], act.Format(m.g.Map()), err)
			for i := range m.players {
				if _, b := m.botLevel(rules.Seat(i)); b {
					m.players[i] = gamefile.SeatHuman
				}
			}
			if m.onSeats != nil {
				m.onSeats(m.players, m.pause)
			}
			m.moved(feed.Change{Kind: feed.Seats, Seat: -1})
			return true, note
		}
		return true, note
	case m.ready == nil && (m.search == nil || m.search.hint):
		m.ask(seat, lv, false)
	}
	return false, note
}

// AskHint asks the strong bot what it would do in seat's place (seat must
// be to act and not a bot's); Hint takes the answer once found.
func (m *Match) AskHint(seat rules.Seat) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.g.Over() || seat < 0 || seat != m.g.ToAct() {
		return fmt.Errorf("a hint is for the player whose turn it is")
	}
	if _, bot := m.botLevel(seat); bot {
		return fmt.Errorf("a hint is for the player whose turn it is")
	}
	m.ask(seat, bots.Strong, true)
	return nil
}

// TakeHint is the hint found since AskHint, for the position as it
// stands (false: none yet, or the position moved on).
func (m *Match) TakeHint() (Hint, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	h := m.hint
	m.hint = nil
	if h == nil || h.Len != m.g.Len() {
		return Hint{}, false
	}
	return *h, true
}

// WaitSearch blocks until the search in flight has answered (tests; a window
// polls through Tick instead).
func (m *Match) WaitSearch() {
	m.mu.Lock()
	s := m.search
	m.mu.Unlock()
	if s == nil {
		return
	}
	q := <-s.ans
	s.ans <- q // back for Tick (the channel holds one)
}

// Run drives the match where no window does (a headless host): it runs
// Tick every interval until ctx ends or the game is over, and reports
// whether the game is over. note, when set, is told a bot's trouble.
func (m *Match) Run(ctx context.Context, every time.Duration, note func(string)) bool {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if m.Over() {
			return true
		}
		select {
		case <-ctx.Done():
			return m.Over()
		case now := <-t.C:
			if _, n := m.Tick(now, false); n != "" && note != nil {
				note(n)
			}
		}
	}
}

// Over reports whether the game has ended.
func (m *Match) Over() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.g.Over()
}
