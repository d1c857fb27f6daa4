// Package session plays a game with autosave: every action the engine
// accepts is saved, synchronously and durably, into a store.Store before
// Apply returns. A save is the game's record (docs/records.md) with a
// comment header the start screen reads without replaying (players, round,
// time of the save); ParseRecord skips comments, so a save is also a record
// that "run" and "-load" take. The package imports no Ebitengine.
//
// A save is written whole once, then appended to: each action adds its
// record line, and a status line (the time, the round, the number of
// actions) when the time or the round changed, so saving an action costs
// the same at any length of the game; an undo cuts the save back to the end
// of the action before (docs/saves.md).
// The game keeps its actions; a line of text is made for each when it is
// written, once.
//
// Of the engine it uses only rules.New (through Replay), (*Game).Apply,
// FormatAction, LastAction, Len, Base, Round and Over, the history's Undo,
// Redo, CanUndo and CanRedo, RecordOf, ParseRecord, Replay and the Record
// fields, so the engine can change behind it.
package session

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/internal/safefile"
	"notrueking/rules"
	"notrueking/store"
	"notrueking/words"
)

// Session is a game being played with autosave.
type Session struct {
	st      store.Store
	id      string
	g       *rules.Game
	mapName string
	// MapSum is the SHA-256 of the map file the game is played on ("" for
	// a shipped map): the save names it, and a changed file is refused
	// when the game is resumed.
	MapSum string
	tester bool
	// Round, when set, tells the round of the game for the header; nil
	// takes the game's (rules.Game.Round), which costs nothing.
	Round func(*rules.Game) int
	// Now is the clock (tests set it); nil = time.Now.
	Now func() time.Time
	// Start is, for a game that starts from a position, that position as
	// a scenario file's text (scenarios.Export), written into every save
	// (gamefile.Meta.Start); nil for a game started with rules.New.
	Start []byte
	// Seats and BotPause are who plays each seat and the pause between
	// two bot moves, written into every save (gamefile.Meta.Seats, gamefile.Meta.BotPauseMS);
	// nil Seats: every seat is human.
	Seats    []string
	BotPause time.Duration
	// Host is, for a game hosted on the network, its room code and the
	// hashes of its devices' seat tokens (gamefile.Meta.Host), written
	// into every save; nil otherwise.
	Host *gamefile.Host

	// release gives back the save's lock (nil: not held); closed says
	// Close was called.
	release func()
	closed  bool

	saved   int // actions in the last durable save; -1 none
	err     error
	warning string
	meta    gamefile.Meta

	// players are the game's players (they never change).
	players []string
	// ap writes the save: its head is the header and the record's start,
	// then one entry per action after the game's base (its line, and a
	// status line when one is due). Not ready: the next save is written
	// whole.
	ap *store.Appender
	// fixed is what the save's head says that no action changes: when it
	// no longer matches, the save is written whole again.
	fixed fixedPart
	// last is what the save's last status line (or its header) says;
	// statusDue asks for a status line with the next action (after a
	// whole write, or a save adopted as it stands).
	last      gamefile.Status
	statusDue bool
	// line writes each entry; clock is the wall clock, read sparingly
	// (Now unset).
	line  entryWriter
	clock wallClock
}

// entryWriter builds the save's entries: buf is reused for each, and
// stamp caches the start of the status line, up to its round, which
// changes once a second at most.
type entryWriter struct {
	buf   []byte
	stamp struct {
		t     time.Time
		round int
		head  []byte
	}
	// talk is the table's talk the save holds, each line with the entry
	// it sits in (talk.go): an undo that cuts that entry writes it again.
	talk []keptTalk
}

// keptTalk is a line of talk in a save, in the entry of its first entry
// actions (0: the head).
type keptTalk struct {
	line  feed.TalkLine
	entry int
}

// wallClock is the time of a save, to the second, read from the wall
// clock at most every clockEvery: last is the time last read, with its
// monotonic reading; sec and nano are its Unix seconds and nanoseconds;
// second is the last time now returned.
type wallClock struct {
	last      time.Time
	sec, nano int64
	second    time.Time
}

// fixedPart is what the head of a save says that no action changes.
type fixedPart struct {
	host            gamefile.Host
	hosted          bool
	tester          bool
	start           []byte
	seats           []string
	pauseMS         int
	mapName, mapSum string
	base            int
}

// New starts autosaving game g under save id of st. mapName is what the
// record names as its map (a shipped map's id, or a map file's path);
// "" takes the map's id. tester marks a game whose seed was typed. New
// writes nothing: call Save for the first save.
//
// New takes the save's lock (store.Store.Lock: a game is played in one
// window only); Close gives it back. A new id is nobody else's, so its
// lock is taken; a lock that cannot be taken (a folder that cannot be
// written) leaves the save unguarded, and its writes fail on their own.
func New(st store.Store, id string, g *rules.Game, mapName string, tester bool) *Session {
	s := newSession(st, id, g, mapName, tester)
	s.release, _ = st.Lock(id)
	return s
}

func newSession(st store.Store, id string, g *rules.Game, mapName string, tester bool) *Session {
	return &Session{st: st, id: id, g: g, mapName: mapName, tester: tester, saved: -1,
		players: g.Config().Players, ap: store.NewAppender(st, id)}
}

// Close gives the save's lock back: another window may continue the game
// (the window that played it has left it, or closes). The session writes
// nothing after Close.
func (s *Session) Close() {
	if s.release != nil {
		s.release()
		s.release = nil
	}
	s.closed = true
}

// Game returns the game.
func (s *Session) Game() *rules.Game { return s.g }

// ID returns the save id.
func (s *Session) ID() string { return s.id }

// Tester reports whether this is a tester's game.
func (s *Session) Tester() bool { return s.tester }

// Err is the problem of the last write, nil once a write succeeded: the
// screen keeps a banner up while it is not nil.
func (s *Session) Err() error { return s.err }

// Saved is the number of actions the store holds durably (-1 before the
// first successful save).
func (s *Session) Saved() int { return s.saved }

// gamefile.Meta is the save's summary as last written: its header, with the facts
// that change with every action as of the last write.
func (s *Session) Meta() gamefile.Meta { return s.meta }

// Record is the game's record as the save holds it (gamefile.SaveOrigin).
func (s *Session) Record() rules.Record {
	return gamefile.Record(s.g, gamefile.SaveOrigin(s.mapName, s.MapSum, s.Start))
}

// Apply applies a. When the engine refuses it, Apply returns the engine's
// error and nothing changes or is written. When the engine accepts it, the
// game is saved before Apply returns (its line appended to the save); err
// is then nil even if the save failed: the game goes on, and Err tells the
// failure until a later save succeeds.
func (s *Session) Apply(a rules.Action) ([]rules.Event, error) { return s.alone().Apply(a) }

// alone is the session's game followed by the session only (Game).
func (s *Session) alone() *Game { return NewGame(s.g, s) }

// Save writes the whole game now (atomically, durably) and returns (and
// keeps for Err) the outcome: the first save of a game, and the last one
// when the window closes. Apply, Undo and Redo save by themselves.
func (s *Session) Save() error {
	if s.closed {
		return errClosed
	}
	return s.done(s.writeWhole(s.status(s.now())))
}

// errClosed refuses a write after Close: the save's lock is given back,
// and another window may be writing it.
var errClosed = errors.New("the game was closed: its save is no longer this window's to write")

// status is the game's status now.
func (s *Session) status(now time.Time) gamefile.Status {
	return gamefile.Status{Saved: now, Round: s.round(), Actions: s.g.Len() - s.g.Base(), Over: s.g.Over()}
}

// autosave saves the game after Apply or Redo (grew) or Undo: it appends
// the new action, or cuts the save back to the action before, when the
// save holds all the game but that action and its head still stands; else
// — or when that write fails (the file changed or went away meanwhile) —
// it writes the whole game.
func (s *Session) autosave(grew bool) error {
	if s.closed {
		return errClosed
	}
	st := s.status(s.now())
	n := st.Actions
	err := errNoAppend
	if s.ap.Ready() && s.sameFixed() {
		switch {
		case grew && n == s.ap.Entries()+1:
			a, _ := s.g.LastAction()
			line := s.g.FormatAction(a)
			if err = checkLine(line); err == nil {
				s.line.buf = append(append(s.line.buf[:0], line...), '\n')
				withStatus := s.statusDue || !st.Saved.Equal(s.last.Saved) || st.Round != s.last.Round ||
					st.Over != s.last.Over || st.Actions-s.last.Actions >= gamefile.StatusEvery
				if withStatus {
					s.line.buf = s.line.appendStatus(s.line.buf, st)
				}
				if err = s.ap.Add(s.line.buf); err == nil && withStatus {
					s.last, s.statusDue = st, false
				}
			}
		case !grew && n == s.ap.Entries()-1:
			s.line.buf = s.line.appendStatus(s.line.buf[:0], st)
			// The talk said since that action stays: it moves into the
			// entry before.
			if s.line.buf, err = s.line.talkAfter(s.line.buf, n); err == nil {
				err = s.ap.Cut(n, s.line.buf)
			}
			if err == nil {
				s.last, s.statusDue = st, false
				s.line.moveTalk(n)
			}
		}
	}
	if err != nil {
		err = s.writeWhole(st)
	}
	if err == nil {
		s.meta.Update(st)
	}
	return s.done(err)
}

// errNoAppend: the save cannot be appended to, it is written whole.
var errNoAppend = errors.New("the save is written whole")

// done keeps the outcome of a write for Err and Saved.
func (s *Session) done(err error) error {
	if err != nil {
		s.err = fmt.Errorf("the game could not be saved: %v", err)
		return s.err
	}
	s.err, s.saved = nil, s.ap.Entries()
	return nil
}

// now is the time of a save, to the second. The wall clock is read at
// most every clockEvery: in between, the time is the last reading plus
// the monotonic time since, which costs half as much to read (a game of
// bots saves an action every few microseconds).
func (s *Session) now() time.Time {
	if s.Now != nil {
		return s.Now().Round(time.Second)
	}
	return s.clock.now()
}

// now is the wall clock's time to the second.
func (c *wallClock) now() time.Time {
	if !c.last.IsZero() {
		if d := time.Since(c.last); d >= 0 && d < clockEvery {
			// The second, rounded, without building a time unless it
			// changed.
			if sec := c.sec + (c.nano+int64(d)+5e8)/1e9; sec == c.second.Unix() {
				return c.second
			}
			c.second = c.last.Add(d).Round(time.Second)
			return c.second
		}
	}
	c.last = time.Now()
	c.sec, c.nano = c.last.Unix(), int64(c.last.Nanosecond())
	c.second = c.last.Round(time.Second)
	return c.second
}

// clockEvery is how often now reads the wall clock: short enough that a
// machine waking from sleep (when the monotonic clock may have stood
// still) is never seen at the time it went to sleep.
const clockEvery = 100 * time.Millisecond

// round is the game's round for the save.
func (s *Session) round() int {
	if s.Round != nil {
		return s.Round(s.g)
	}
	return s.g.Round()
}

// seatsMeta is who plays each seat and the pause between bot moves as the
// header says them: nothing when every seat is human.
func (s *Session) seatsMeta() (seats []string, pauseMS int) {
	if allHuman(s.Seats) || len(s.Seats) != len(s.players) {
		return nil, 0
	}
	return s.Seats, min(max(int(s.BotPause/time.Millisecond), 0), gamefile.MaxBotPause)
}

// allHuman reports whether seats gives every seat to a human at the
// table (nothing to write).
func allHuman(seats []string) bool {
	for _, p := range seats {
		if p != gamefile.SeatHuman {
			return false
		}
	}
	return true
}

// fixedNow is the head the save would be written with now.
func (s *Session) fixedNow() fixedPart {
	seats, pause := s.seatsMeta()
	f := fixedPart{tester: s.tester, start: s.Start, seats: seats, pauseMS: pause,
		mapName: s.mapName, mapSum: s.MapSum, base: s.g.Base()}
	if s.Host != nil {
		f.hosted, f.host = true, *s.Host
	}
	return f
}

// sameFixed reports whether the save's head is the one it would be
// written with now.
func (s *Session) sameFixed() bool {
	f := &s.fixed
	if f.tester != s.tester || f.mapName != s.mapName || f.mapSum != s.MapSum || f.base != s.g.Base() || !bytes.Equal(f.start, s.Start) {
		return false
	}
	seats, pause := s.seatsMeta()
	if f.hosted != (s.Host != nil) || s.Host != nil && (f.host.Room != s.Host.Room || !slices.Equal(f.host.Tokens, s.Host.Tokens)) {
		return false
	}
	return f.pauseMS == pause && slices.Equal(f.seats, seats)
}

// keep notes f as what the save's head says (copies: the caller may
// change its fields).
func (s *Session) keep(f fixedPart) {
	f.start, f.seats = bytes.Clone(f.start), slices.Clone(f.seats)
	f.host.Tokens = slices.Clone(f.host.Tokens)
	s.fixed = f
}

// writeWhole writes the save whole, atomically: the header, the record's
// start and every action's line (made here, once each).
func (s *Session) writeWhole(st gamefile.Status) error {
	rec := s.Record()
	f := s.fixedNow()
	m := gamefile.Meta{Players: rec.Players, Tester: s.tester, Start: string(s.Start), Variant: s.g.Variant().String()}
	m.Update(st)
	m.Seats, m.BotPauseMS = f.seats, f.pauseMS
	if f.hosted {
		h := f.host
		m.Host = &h
	}
	head := rec
	head.Actions, head.Lines = nil, nil
	data, err := gamefile.Encode(head, m)
	if err != nil {
		return err
	}
	// The talk goes after the head: no undo cuts it.
	if data, err = s.line.talkAfter(data, -1); err != nil {
		return err
	}
	ends := make([]int64, 1, len(rec.Actions)+1)
	ends[0] = int64(len(data))
	for i, line := range rec.Actions {
		if err := checkLine(line); err != nil {
			return fmt.Errorf("action %d: %v", i+1, err)
		}
		data = append(append(data, line...), '\n')
		ends = append(ends, int64(len(data)))
	}
	if err := s.ap.Write(data, ends); err != nil {
		return err
	}
	s.line.moveTalk(0)
	s.keep(f)
	s.meta, s.last, s.statusDue = m, st, true
	return nil
}

// checkLine refuses an action's text that would not stand as an action
// line of the record: empty, or a comment. (The engine's lines never are,
// and never hold a line end: their words are a verb and ids, which the map
// reader allows only in a-z, 0-9 and '-'.)
func checkLine(line string) error {
	if line == "" || line[0] == '#' {
		return fmt.Errorf("action %q is not a record line", line)
	}
	return nil
}

// appendStatus appends the status line of st to b: the JSON of status,
// written by hand (it may be written after every action), its start up to
// the round kept from one to the next.
func (w *entryWriter) appendStatus(b []byte, st gamefile.Status) []byte {
	if w.stamp.head == nil || !st.Saved.Equal(w.stamp.t) || st.Saved.Location() != w.stamp.t.Location() || st.Round != w.stamp.round {
		j, err := st.Saved.MarshalJSON()
		if err != nil {
			j = []byte(`"0001-01-01T00:00:00Z"`) // a year outside 0–9999: no time
		}
		h := append(append(w.stamp.head[:0], gamefile.StatusPrefix+`{"saved":`...), j...)
		if st.Round != 0 {
			h = strconv.AppendInt(append(h, `,"round":`...), int64(st.Round), 10)
		}
		w.stamp.t, w.stamp.round, w.stamp.head = st.Saved, st.Round, h
	}
	b = append(b, w.stamp.head...)
	b = strconv.AppendInt(append(b, `,"actions":`...), int64(st.Actions), 10)
	if st.Over {
		b = append(b, `,"over":true`...)
	}
	return append(b, "}\n"...)
}

// Resume replays save id of st and continues autosaving into it. A save
// the engine no longer accepts is refused with the reason (and kept).
//
// A save open in another window is refused with store.ErrInUse (a game is
// played in one window only): nothing is read or written.
func Resume(st store.Store, id string, load gamefile.MapLoader) (s *Session, err error) {
	release, err := st.Lock(id)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			release()
		}
	}()
	data, err := st.Load(id)
	if err != nil {
		return nil, err
	}
	rec, m, isSave, err := gamefile.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("save %s: %v", id, err)
	}
	g, warning, err := gamefile.Replay(rec, m, ".", load)
	if err != nil {
		return nil, fmt.Errorf("save %s: %v", id, err)
	}
	s = newSession(st, id, g, rec.Map, m.Tester)
	s.release = release
	s.MapSum = rec.MapSHA256
	if m.Start != "" {
		s.Start = []byte(m.Start)
	}
	if !allHuman(m.Seats) {
		s.Seats, s.BotPause = m.Seats, time.Duration(m.BotPauseMS)*time.Millisecond
	}
	if m.Host != nil {
		h := *m.Host
		h.Tokens = slices.Clone(h.Tokens)
		s.Host = &h
	}
	s.saved, s.meta, s.warning = len(rec.Actions), m, warning
	if isSave {
		talk, after := readTalk(data, len(rec.Players), rec.Lines)
		for i, l := range talk {
			s.line.talk = append(s.line.talk, keptTalk{line: l, entry: after[i]})
		}
		s.adopt(data, rec)
	}
	return s, nil
}

// adopt takes the save as it stands on the store for the next writes to
// append to: its head ends where its first action line starts, each
// action's entry where the next one's line starts, and the last where its
// complete lines end (a line cut off after it is dropped by the next
// write). A save whose last action line has no line end, or with an action
// the game did not take, is left to the next write to write whole.
func (s *Session) adopt(data []byte, rec rules.Record) {
	k := s.g.Len() - s.g.Base()
	if k > len(rec.Actions) || len(rec.Lines) != len(rec.Actions) || k == len(rec.Actions) && rec.LastOpen {
		return
	}
	starts := lineStarts(data, rec.Lines[:min(k+1, len(rec.Lines))])
	if starts == nil {
		return
	}
	ends := append(starts[:k:k], store.CompleteLines(data))
	if k < len(starts) {
		ends[k] = starts[k]
	}
	if s.ap.Adopt(ends) != nil {
		return
	}
	s.keep(s.fixedNow())
	s.saved, s.statusDue = k, true
}

// lineStarts returns the offset in data of the start of each line
// numbered in lines (1-based, increasing); nil when data has fewer lines.
func lineStarts(data []byte, lines []int) []int64 {
	out := make([]int64, len(lines), len(lines)+1)
	line, off := 1, 0
	for i, want := range lines {
		for ; line < want; line++ {
			j := bytes.IndexByte(data[off:], '\n')
			if j < 0 {
				return nil
			}
			off += j + 1
		}
		out[i] = int64(off)
	}
	return out
}

// Warning is what resuming found wrong but could work round: the save's
// last line was cut off while being written (rules.ReplayRecord); "" when
// nothing was.
func (s *Session) Warning() string { return s.warning }

// Summary is one save as the start screen lists it.
type Summary struct {
	ID string
	gamefile.Meta
}

// Label is the Continue button's text, e.g.
// "Continue: Alice, Bob, Carol — round 2, 18:40" (a save from another day
// says "22 Nov 18:40").
func (s Summary) Label(now time.Time) string {
	t := s.Saved.Local()
	when := t.Format("15:04")
	if y, m, d := now.Local().Date(); t.Year() != y || t.Month() != m || t.Day() != d {
		when = t.Format("2 Jan 15:04")
		if t.Year() != y {
			when = t.Format("2 Jan 2006 15:04")
		}
	}
	label := "Continue: " + strings.Join(s.Players, ", ") + " — "
	if s.Variant != "" {
		label += words.Title(s.Variant) + ", " // a game of the Citadel variant
	}
	switch n := s.Bots(); n {
	case 0:
	case 1:
		label += "1 bot, "
	default:
		label += fmt.Sprintf("%d bots, ", n)
	}
	if s.Round > 0 {
		label += fmt.Sprintf("round %d, ", s.Round)
	}
	return label + when
}

// Unfinished lists the saves of games not over, newest first, from their
// headers and last status lines (no replay): of each save it reads the
// beginning and the end only, a bounded amount however long the game.
// Saves without a readable header are left out of the list, never removed.
func Unfinished(st store.Store) ([]Summary, error) {
	l, _, err := Survey(st)
	return l, err
}

// Survey reads the saves once: the games not over, newest first (as
// Unfinished), and the room every save takes (as RoomOf).
func Survey(st store.Store) ([]Summary, Room, error) {
	ents, err := st.List()
	if err != nil {
		return nil, Room{}, err
	}
	var out []Summary
	var r Room
	var errs []error
	for _, e := range ents {
		r.Saves++
		r.Bytes += e.Size
		if e.Size > store.MaxSave {
			errs = append(errs, fmt.Errorf("save %s: %d bytes is larger than the limit of %s", e.ID, e.Size, safefile.Size(store.MaxSave)))
			continue
		}
		m, ok, err := gamefile.PeekMeta(st, e.ID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !ok {
			continue
		}
		if m.Over {
			r.Finished++
			r.FinishedBytes += e.Size
			r.finished = append(r.finished, e)
			continue
		}
		if m.Saved.IsZero() {
			m.Saved = e.Modified
		}
		out = append(out, Summary{ID: e.ID, Meta: m})
	}
	// Newest save first by the header's time (file times can be touched).
	sort.SliceStable(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out, r, errors.Join(errs...)
}

// CanUndo says whether Undo would take an action back, and if not, the
// engine's reason (nothing to undo, or hidden information has reached a
// player since).
func (s *Session) CanUndo() error { return s.g.CanUndo() }

// CanRedo says whether there is an undone action to redo.
func (s *Session) CanRedo() bool { return s.g.CanRedo() }

// Undo takes back the game's last action and saves the shorter game, so
// that the save never holds an action the table no longer shows: a game
// resumed from it stands where the players left it. When the engine
// refuses, nothing changes and nothing is written. As with Apply, a failed
// write does not undo the undo: Err tells it until a later save succeeds.
func (s *Session) Undo() error { return s.alone().Undo() }

// Redo applies again the action last undone and saves the longer game.
func (s *Session) Redo() ([]rules.Event, error) { return s.alone().Redo() }

// Room is what the saved games take: how many there are and their bytes,
// and of those the games that are over (which Continue no longer offers).
type Room struct {
	Saves, Finished      int
	Bytes, FinishedBytes int64
	// finished are the saves of games that are over.
	finished []store.Entry
}

// RoomOf is what the saves take and which of their games are over. A
// save without a readable header counts in Saves and Bytes but is never
// counted finished, so DeleteFinished leaves it alone.
func RoomOf(st store.Store) (Room, error) {
	_, r, err := Survey(st)
	return r, err
}

// DeleteFinished deletes the saves of r's finished games, each only while
// no window holds it (the window where it just ended keeps it),
// and returns how many it deleted and the bytes they took.
func DeleteFinished(st store.Store, r Room) (n int, bytes int64, err error) {
	var errs []error
	for _, e := range r.finished {
		if err := DeleteSave(st, e.ID); err != nil {
			errs = append(errs, err)
			continue
		}
		n++
		bytes += e.Size
	}
	return n, bytes, errors.Join(errs...)
}

// Talked keeps a line of the table's talk in the save: appended to its
// last entry, or the save written whole when it cannot be appended to.
func (s *Session) Talked(l feed.TalkLine) error {
	if s.closed {
		return errClosed
	}
	b, err := encodeTalk(l)
	if err != nil {
		return s.done(err)
	}
	err = errNoAppend
	if s.ap.Ready() && s.sameFixed() {
		if err = s.ap.Cut(s.ap.Entries(), b); err == nil {
			s.line.talk = append(s.line.talk, keptTalk{line: l, entry: s.ap.Entries()})
		}
	}
	if err != nil {
		s.line.talk = append(s.line.talk, keptTalk{line: l})
		err = s.writeWhole(s.status(s.now()))
	}
	return s.done(err)
}

// Talk is the table's talk the save holds, oldest first.
func (s *Session) Talk() []feed.TalkLine {
	out := make([]feed.TalkLine, len(s.line.talk))
	for i, k := range s.line.talk {
		out[i] = k.line
	}
	return out
}

// talkAfter appends to b the talk lines in the entries after entry n
// (-1: every line).
func (w *entryWriter) talkAfter(b []byte, n int) ([]byte, error) {
	for _, k := range w.talk {
		if k.entry > n {
			t, err := encodeTalk(k.line)
			if err != nil {
				return b, err
			}
			b = append(b, t...)
		}
	}
	return b, nil
}

// moveTalk has the talk lines in the entries after entry n sit in entry n
// (they were written there).
func (w *entryWriter) moveTalk(n int) {
	for i := range w.talk {
		if w.talk[i].entry > n || n == 0 {
			w.talk[i].entry = n
		}
	}
}
