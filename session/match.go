package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"notrueking/board"
	"notrueking/bots"
	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/rules"
)

// A Match is what runs one game, below any window: the engine, the chain
// of its files (autosave, -record, overlay: Observers, told in order, the
// save first), who plays each seat (a human at this device, a remote
// device, a bot) and the bots' searches and pacing. The window, the
// headless host (package remote) and the tests all drive the same type;
// a window is a shell of scenes and drawing around it.
//
// A Match is safe for use by several goroutines: one lock guards the
// engine, and every reading or acting through it (a Desk, Tick, Do) holds
// the lock for that call only. Followers (a window's table, a network
// host) learn each change by its version (Since), or are told it under
// the lock (Listen) after every observer has written its file: save, then
// send. Nothing slow runs under the lock but the observers' writes: the
// bots think on goroutines of their own from a copy of their seat's
// information.
type Match struct {
	mu    sync.Mutex
	g     *rules.Game
	chain *Game
	// players says who plays each seat: gamefile.SeatHuman,
	// gamefile.SeatRemote or a bot level's name.
	players []string
	pause   time.Duration
	botSeed uint64
	yield   func() func()
	onSeats func(players []string, pause time.Duration)
	now     func() time.Time

	// version is the game's version: it rises with each change of the
	// game or of who plays it (a device acts at a version); log is the
	// match's changes, every kind, for its followers.
	version uint64
	log     feed.Log
	// talk is the table's talk, oldest first (talk.go).
	talk []feed.TalkLine

	search  *search    // the bot's or the hint's search in flight, nil for none
	ready   *botAnswer // a bot's move waiting for its pause
	hint    *Hint      // a hint found, not yet taken
	lastBot time.Time  // when the last bot move was applied
	closed  bool
}

// MatchOptions set up a match.
type MatchOptions struct {
	// Players says who plays each seat (gamefile.SeatHuman, SeatRemote or
	// a bot level's name); nil: every seat is a human at this device.
	Players []string
	// Pause is the pause between two bot moves (0: DefaultPause).
	Pause time.Duration
	// BotSeed seeds the bots' searches.
	BotSeed uint64
	// Yield, when set, gives each search a function it calls between its
	// iterations (the browser page's turn for the window; nil on the
	// desktop).
	Yield func() func()
	// OnSeats is told who plays each seat whenever that changes, under
	// the match's lock (the autosave's header keeps it).
	OnSeats func(players []string, pause time.Duration)
	// Talk is the table's talk so far (a resumed save's: Files.Talk).
	Talk []feed.TalkLine
	// Now is the clock of the talk's times (nil: time.Now).
	Now func() time.Time
}

// DefaultPause is the pause between two bot moves.
const DefaultPause = 600 * time.Millisecond

// NewMatch runs game g, followed by the observers in obs (in order: the
// autosave first).
func NewMatch(g *rules.Game, o MatchOptions, obs ...Observer) *Match {
	n := len(g.Config().Players)
	m := &Match{g: g, chain: NewGame(g, obs...), players: make([]string, n), pause: o.Pause,
		botSeed: o.BotSeed, yield: o.Yield, onSeats: o.OnSeats, now: o.Now}
	if m.now == nil {
		m.now = time.Now
	}
	for _, l := range o.Talk {
		if checkTalk(l, n) == nil && len(m.talk) < MaxTalkLines {
			l.N = len(m.talk) + 1
			m.talk = append(m.talk, l)
		}
	}
	if m.pause <= 0 {
		m.pause = DefaultPause
	}
	for i := range m.players {
		m.players[i] = gamefile.SeatHuman
		if i < len(o.Players) && o.Players[i] != "" {
			m.players[i] = o.Players[i]
		}
	}
	return m
}

// Start tells every observer the game as it stands (Started).
func (m *Match) Start() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.chain.Start()
}

// Do runs f on the engine under the match's lock: f must not keep g, act
// on it or block.
func (m *Match) Do(f func(g *rules.Game)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f(m.g)
}

// Version is the game's version: it rises by one with each change of the
// game or of who plays it (not with a notice).
func (m *Match) Version() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.version
}

var _ feed.Source = (*Match)(nil)

// Seq is the number of the match's latest change (feed.Source).
func (m *Match) Seq() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.log.Seq()
}

// Since lists the changes after seq, oldest first; ok is false when the
// match no longer keeps them all (the follower reads the game anew).
func (m *Match) Since(seq uint64) (out []feed.Change, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.log.Since(seq)
}

// Listen has f told every change, under the match's lock, after the
// observers (the save) and in order: f must not block (a network host
// queues its messages) nor call the match.
func (m *Match) Listen(f func(feed.Change)) (stop func()) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.log.Listen(f)
	return func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		s()
	}
}

// Wait blocks until the match has a change after seq, or ctx ends.
func (m *Match) Wait(ctx context.Context, seq uint64) error {
	return feed.Wait(ctx, seq, func() (uint64, <-chan struct{}) {
		m.mu.Lock()
		defer m.mu.Unlock()
		return m.log.Seq(), m.log.Woken()
	})
}

// moved records change c of the game or of who plays it (under the lock):
// the version rises, and the followers are told.
func (m *Match) moved(c feed.Change) {
	m.version++
	m.tell(c)
}

// tell records change c at the version as it stands (under the lock) and
// tells the followers.
func (m *Match) tell(c feed.Change) {
	c.Version, c.Len = m.version, m.g.Len()
	m.log.Add(c)
}

// Notice tells every follower words for the table (feed.Notice): a
// network host sends them to its devices, a window shows them.
func (m *Match) Notice(text string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tell(feed.Change{Kind: feed.Notice, Seat: -1, Text: text})
}

// Players says who plays each seat.
func (m *Match) Players() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.players)
}

// Pause is the pause between two bot moves.
func (m *Match) Pause() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.pause
}

// SetPlayer hands seat to who (gamefile.SeatHuman, SeatRemote or a bot
// level's name): the host frees a remote seat for a bot and back, a tester
// takes a bot's seat. It is a change (its version rises).
func (m *Match) SetPlayer(seat rules.Seat, who string) error {
	if who != gamefile.SeatHuman && who != gamefile.SeatRemote {
		if _, err := bots.ParseLevel(who); err != nil {
			return err
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if seat < 0 || int(seat) >= len(m.players) {
		return fmt.Errorf("there is no seat %d in this game", seat)
	}
	if m.players[seat] == who {
		return nil
	}
	m.players[seat] = who
	if m.ready != nil && m.ready.seat == seat {
		m.ready = nil
	}
	if s := m.search; s != nil && !s.hint && s.seat == seat {
		m.stopSearch()
	}
	if m.onSeats != nil {
		m.onSeats(slices.Clone(m.players), m.pause)
	}
	m.moved(feed.Change{Kind: feed.Seats, Seat: -1})
	return nil
}

// Name has seat played by a player called name from now on: a name action
// (rules.VName) through the files, told as a feed.Name change. The name a
// seat already has is no change (nil).
func (m *Match) Name(seat rules.Seat, name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if seat < 0 || int(seat) >= len(m.players) {
		return fmt.Errorf("there is no seat %d in this game", seat)
	}
	if m.g.Names()[seat] == name {
		return nil
	}
	a := rules.Action{Seat: seat, Verb: rules.VName, Name: name}
	evs, err := m.chain.Apply(a)
	if err != nil {
		return err
	}
	m.moved(feed.Change{Kind: feed.Name, Seat: seat, Events: evs, Text: name})
	return nil
}

// Say has seat from say text to the table (to -1) or whisper it to seat
// to: the line (numbered, stamped, with the speaker's name as it stands)
// goes into the save first, then to every follower as a feed.Talk change,
// which shows it only where its seats may read it. The text is taken as
// CleanTalk leaves it; empty or over MaxTalk characters, it is refused.
func (m *Match) Say(from, to rules.Seat, text string) (feed.TalkLine, error) {
	text, err := CleanTalk(text)
	if err != nil {
		return feed.TalkLine{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.talk) >= MaxTalkLines {
		return feed.TalkLine{}, fmt.Errorf("the table has said %d lines: no more can be kept", MaxTalkLines)
	}
	l := feed.TalkLine{N: len(m.talk) + 1, From: from, To: to, Text: text, At: m.now().UnixMilli()}
	if from >= 0 && int(from) < len(m.players) {
		l.Name = m.g.Names()[from]
	}
	if err := checkTalk(l, len(m.players)); err != nil {
		return feed.TalkLine{}, err
	}
	m.chain.Talk(l)
	m.talk = append(m.talk, l)
	m.tell(feed.Change{Kind: feed.Talk, Seat: from, Talk: &l})
	return l, nil
}

// Talk is the table's talk a reader holding the seats holds accepts may
// read, oldest first (a spectator's: the table's talk only).
func (m *Match) Talk(holds func(rules.Seat) bool) []feed.TalkLine {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.talkFor(holds)
}

// talkFor is Talk under the lock.
func (m *Match) talkFor(holds func(rules.Seat) bool) []feed.TalkLine {
	var out []feed.TalkLine
	for _, l := range m.talk {
		if l.MayRead(holds) {
			out = append(out, l)
		}
	}
	return out
}

// botLevel is the level of the bot playing seat (false: not a bot).
func (m *Match) botLevel(seat rules.Seat) (bots.Level, bool) {
	if seat < 0 || int(seat) >= len(m.players) {
		return 0, false
	}
	l, err := bots.ParseLevel(m.players[seat])
	return l, err == nil
}

// IsBot reports whether seat is played by a bot.
func (m *Match) IsBot(seat rules.Seat) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.botLevel(seat)
	return ok
}

// Close stops the bots: a search in flight is dropped, and no bot moves
// after. The files are the caller's (Files.Leave).
func (m *Match) Close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stopSearch()
	m.ready, m.hint, m.closed = nil, nil, true
}

// Interrupt drops every search and bot move waiting: the position the
// window shows changed under them (a new game). The bots think again at
// the next Tick.
func (m *Match) Interrupt() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stopSearch()
	m.ready = nil
}

// Desk is what a device reads and acts on through the match: a
// rules.Desk that holds some seats, whose every call takes the match's
// lock, and whose actions go through the match's files (the chain) and
// are told to its followers.
type Desk struct {
	m *Match
	s *rules.Seated
	// own: undo takes back only this desk's seats' own last decision
	// (a remote device's), with the bots' moves after it; false: any (a
	// hot-seat window, whose table asks before taking back another
	// seat's).
	own bool
}

// Desk is the match read and acted on by a device at this process that
// holds seats (the hot-seat window holds all: rules.EverySeat).
func (m *Match) Desk(seats ...rules.Seat) *Desk {
	return &Desk{m: m, s: rules.DeskOf(m.g, seats...)}
}

// RemoteDesk is Desk for a device that joined over the network: it may
// take back only its own seats' decisions.
func (m *Match) RemoteDesk(seats ...rules.Seat) *Desk {
	d := m.Desk(seats...)
	d.own = true
	return d
}

var _ rules.Desk = (*Desk)(nil)
var _ rules.Actor = (*Desk)(nil)

// Match is the match the desk reads.
func (d *Desk) Match() *Match { return d.m }

func lock[T any](d *Desk, f func() T) T {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	return f()
}

func (d *Desk) Map() *board.Map { return d.s.Map() } // the map never changes: no lock
func (d *Desk) Seats() []string { return d.s.Seats() }
func (d *Desk) Holds(seat rules.Seat) bool {
	return d.s.Holds(seat)
}
func (d *Desk) View(seat rules.Seat) rules.View {
	return lock(d, func() rules.View { return d.s.View(seat) })
}
func (d *Desk) ViewAt(n int, seat rules.Seat) (rules.View, error) {
	return lock2(d, func() (rules.View, error) { return d.s.ViewAt(n, seat) })
}
func (d *Desk) EventText(e rules.Event, viewer rules.Seat) string {
	return lock(d, func() string { return d.s.EventText(e, viewer) })
}
func (d *Desk) ToAct() rules.Seat     { return lock(d, d.s.ToAct) }
func (d *Desk) Over() bool            { return lock(d, d.s.Over) }
func (d *Desk) Len() int              { return lock(d, d.s.Len) }
func (d *Desk) Legal() []rules.Action { return lock(d, d.s.Legal) }
func (d *Desk) CanRedo() bool         { return lock(d, d.s.CanRedo) }
func (d *Desk) CanUndo() error        { return lock(d, d.canUndo) }
func (d *Desk) Check(a rules.Action) error {
	return lock(d, func() error { return d.s.Check(a) })
}
func (d *Desk) LegalFor(seat rules.Seat) []rules.Action {
	return lock(d, func() []rules.Action { return d.s.LegalFor(seat) })
}
func (d *Desk) PublicActions() []rules.PublicAction { return lock(d, d.s.PublicActions) }
func (d *Desk) PreviewCombat(a rules.Action) (*rules.CombatView, error) {
	return lock2(d, func() (*rules.CombatView, error) { return d.s.PreviewCombat(a) })
}
func (d *Desk) CombatResult(n int) (*rules.CombatView, error) {
	return lock2(d, func() (*rules.CombatView, error) { return d.s.CombatResult(n) })
}
func (d *Desk) TryMove(h board.HouseID, from, to board.TerrID, units [board.NumUnits]int) error {
	return lock(d, func() error { return d.s.TryMove(h, from, to, units) })
}
func (d *Desk) TryDestinations(h board.HouseID, from board.TerrID) []board.TerrID {
	return lock(d, func() []board.TerrID { return d.s.TryDestinations(h, from) })
}

func lock2[T any](d *Desk, f func() (T, error)) (T, error) {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	return f()
}

// Information is what a held seat knows now (rules.Information: no other
// seat's secret), for a bot playing it at the device; another seat's is
// refused.
func (d *Desk) Information(seat rules.Seat) (*rules.Information, error) {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	if !d.s.Holds(seat) {
		return nil, rules.NotYourSeat(d.m.g, seat)
	}
	return d.m.g.Information(seat), nil
}

// Apply applies an action of a held seat through the match's files, tells
// the followers, and returns the events the desk's seats may read.
func (d *Desk) Apply(a rules.Action) ([]rules.Event, error) {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	return d.apply(a)
}

// apply is Apply under the lock.
func (d *Desk) apply(a rules.Action) ([]rules.Event, error) {
	m := d.m
	if err := d.s.MayAct(a); err != nil {
		return nil, err // the engine checks the rest as it applies
	}
	evs, err := m.apply(a, "", d)
	if err != nil {
		return nil, err
	}
	return rules.ForDesk(evs, d.s.Holds), nil
}

// apply applies a through the chain and records the change (under the
// lock); bot names the bot that chose it.
func (m *Match) apply(a rules.Action, bot string, by *Desk) ([]rules.Event, error) {
	was := m.g.InCombat()
	evs, err := m.chain.Apply(a)
	if err != nil {
		return nil, err
	}
	m.hint = nil
	var byDesk any
	if by != nil {
		byDesk = by
	}
	m.moved(feed.Change{Kind: feed.Action, Seat: a.Seat, Bot: bot, Events: evs, WasCombat: was, By: byDesk})
	return evs, nil
}

// Undo takes back the last action (a remote device's desk: only while the
// last decision not a bot's is its own seat's; the bots' moves after it
// go back one by one).
func (d *Desk) Undo() error {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	return d.undo()
}

// undo is Undo under the lock.
func (d *Desk) undo() error {
	m := d.m
	if err := d.canUndo(); err != nil {
		return err
	}
	acts := m.g.Actions()
	seat := acts[len(acts)-1].Seat
	if err := m.chain.Undo(); err != nil {
		return err
	}
	m.stopSearch()
	m.ready, m.hint = nil, nil
	m.moved(feed.Change{Kind: feed.Undo, Seat: seat, By: d})
	return nil
}

// canUndo is CanUndo under the lock: the engine's rule, and for a remote
// device's desk that the decision to take back is its own.
func (d *Desk) canUndo() error {
	if err := d.s.Undoable(); err != nil {
		return err
	}
	if err := d.m.g.CanUndo(); err != nil {
		return err
	}
	if !d.own {
		return nil
	}
	var acts []rules.Action
	if last, ok := d.m.g.LastAction(); ok {
		acts = []rules.Action{last}
		if _, bot := d.m.botLevel(last.Seat); bot {
			acts = d.m.g.Actions() // the bots' moves back to a person's (a copy of the whole history)
		}
	}
	for i := len(acts) - 1; i >= 0; i-- {
		s := acts[i].Seat
		if _, bot := d.m.botLevel(s); bot {
			continue
		}
		if !d.s.Holds(s) {
			return fmt.Errorf("cannot undo: the last decision is %s's, not yours", d.m.g.Seats()[s])
		}
		return nil
	}
	return errors.New("cannot undo: only bots have played since the start")
}

// Redo applies the action last undone again (a remote device's desk: only
// its own seat's, or a bot's).
func (d *Desk) Redo() ([]rules.Event, error) {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	return d.redo()
}

// canRedo says whether Redo would be accepted, and if not, why (under the
// lock).
func (d *Desk) canRedo() error {
	m := d.m
	if err := d.s.Undoable(); err != nil {
		return err
	}
	if !m.g.CanRedo() {
		return errors.New("nothing to redo")
	}
	seat := m.g.ToAct()
	if _, bot := m.botLevel(seat); d.own && !bot && !d.s.Holds(seat) {
		return fmt.Errorf("cannot redo: that is %s's decision, not yours", m.g.Seats()[seat])
	}
	return nil
}

// redo is Redo under the lock.
func (d *Desk) redo() ([]rules.Event, error) {
	m := d.m
	if err := d.canRedo(); err != nil {
		return nil, err
	}
	seat := m.g.ToAct()
	was := m.g.InCombat()
	evs, err := m.chain.Redo()
	if err != nil {
		return nil, err
	}
	m.moved(feed.Change{Kind: feed.Redo, Seat: seat, Events: evs, WasCombat: was, By: d})
	return rules.ForDesk(evs, d.s.Holds), nil
}

// A device over a network acts on the version of the game it was last
// told: ApplyAt, UndoAt and RedoAt refuse a request made at a version the
// match has left (a *StaleError), in the same hold of the lock as the act
// itself, so that nothing changes between the check and the act.

// StaleError refuses a request made at version Asked of a match now at
// version Now.
type StaleError struct{ Asked, Now uint64 }

func (e *StaleError) Error() string {
	return fmt.Sprintf("the game has moved on: this was asked at version %d, the game is at version %d", e.Asked, e.Now)
}

// stale is the refusal of a request made at version v (nil: the match is
// at v), under the lock.
func (m *Match) stale(v uint64) error {
	if v != m.version {
		return &StaleError{Asked: v, Now: m.version}
	}
	return nil
}

// ApplyAt is Apply, refused with a *StaleError unless the match is at
// version v.
func (d *Desk) ApplyAt(v uint64, a rules.Action) ([]rules.Event, error) {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	if err := d.m.stale(v); err != nil {
		return nil, err
	}
	return d.apply(a)
}

// UndoAt is Undo, refused with a *StaleError unless the match is at
// version v.
func (d *Desk) UndoAt(v uint64) error {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	if err := d.m.stale(v); err != nil {
		return err
	}
	return d.undo()
}

// RedoAt is Redo, refused with a *StaleError unless the match is at
// version v.
func (d *Desk) RedoAt(v uint64) ([]rules.Event, error) {
	d.m.mu.Lock()
	defer d.m.mu.Unlock()
	if err := d.m.stale(v); err != nil {
		return nil, err
	}
	return d.redo()
}
