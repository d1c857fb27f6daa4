// Package feed is the one vocabulary of a game's changes. Whatever runs or
// mirrors a game — a match on this machine (session.Match), a device's
// client of a game hosted elsewhere (remote.Client), a save file being
// followed — tells its followers every change as a Change: a typed Kind, a
// number (Seq) and what the change says. A follower (the window, a network
// host, a headless bot) reads the changes after the last one it saw
// (Since) or is told each as it happens (Listen), and follows any source
// the same way.
//
// A new kind of change is one Kind, its fields in Change, and the places
// that show it: never a second switch on strings.
package feed

import (
	"context"
	"fmt"

	"notrueking/rules"
)

// Kind is what kind of change a game went through.
type Kind uint8

const (
	// Action: an action was applied (Seat's; Bot names the bot that chose
	// it, "" for a person's; Events what it caused).
	Action Kind = iota + 1
	// Undo: the last action, Seat's, was taken back.
	Undo
	// Redo: the action last taken back was applied again.
	Redo
	// Seats: who plays a seat changed (a seat handed to a bot, to another
	// device, or back to a person).
	Seats
	// Name: the name of a seat's player changed (Seat's; Text the new
	// name).
	Name
	// Notice: words for everyone at the table (Text), outside the game's
	// log ("The host gave Ann to the easy bot.").
	Notice
	// Presence: whose device is connected changed (a hosted game's).
	Presence
	// Resync: too much changed to tell one by one (a device's client took
	// the whole state anew): read the game anew.
	Resync
	// Waiting: a device waits for the host to admit it (Text says so).
	Waiting
	// Ended: the source stopped for good (a client's link ended: Text says
	// why).
	Ended
	// Talk: a line of table talk (Talk), said to the whole table or
	// whispered to one seat. A follower shows those its seats may read
	// (Talk.MayRead).
	Talk
)

// kindNames are the kinds' names, for messages and tests.
var kindNames = [...]string{Action: "action", Undo: "undo", Redo: "redo", Seats: "seats", Name: "name",
	Notice: "notice", Presence: "presence", Resync: "resync", Waiting: "waiting", Ended: "ended", Talk: "talk"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Moves reports whether a change of kind k moved the game itself (an
// action, an undo, a redo): a follower's table follows it.
func (k Kind) Moves() bool { return k == Action || k == Undo || k == Redo }

// A Change is one change of a game, as its followers are told it.
type Change struct {
	// Seq numbers the source's changes from 1, one by one.
	Seq uint64
	// Kind is what changed.
	Kind Kind
	// Version is the game's version after the change: it rises with each
	// change of the game itself or of who plays it (every kind but
	// Notice, Presence, Waiting and Ended). A device acts at a version.
	Version uint64
	// Len is the game's number of actions after the change.
	Len int
	// Seat is the seat whose action was taken, taken back or renamed (-1
	// for none).
	Seat rules.Seat
	// Bot is the level of the bot that chose the action ("" for a
	// person's).
	Bot string
	// Events are the events an action or a redo caused, as far as the
	// source holds them: a match holds every event, private ones
	// included, and a follower keeps those its seats may read
	// (rules.ForDesk); a device's client holds its own seats' only.
	Events []rules.Event
	// WasCombat says a combat was under way before the change (its end
	// then shows the result).
	WasCombat bool
	// By is what the change was made through — the desk or client a
	// follower acts on — so that a follower skips what it did itself
	// (nil: a bot, another device, the source itself).
	By any
	// Text is a notice's, a name's, a wait's or an end's words.
	Text string
	// Talk is a talk change's line.
	Talk *TalkLine
}

// A TalkLine is one line of table talk: said to the whole table, or
// whispered from one seat to another. Only the two seats of a whisper may
// read it — never a third seat, a spectator, a bot or a file others see.
type TalkLine struct {
	// N numbers the game's talk from 1, in the order it was said.
	N int `json:"n"`
	// From is the seat that said it; To the seat whispered to (-1: the
	// whole table).
	From rules.Seat `json:"from"`
	To   rules.Seat `json:"to"`
	// Name is the speaker's name as it was when they said it.
	Name string `json:"name"`
	Text string `json:"text"`
	// At is when it was said, in Unix milliseconds.
	At int64 `json:"at"`
}

// Whisper reports whether the line was whispered to one seat.
func (l TalkLine) Whisper() bool { return l.To >= 0 }

// MayRead reports whether a reader holding the seats holds accepts may
// read the line: a line to the table, or a whisper from or to one of
// them. A spectator (holds nothing) reads the table's talk only.
func (l TalkLine) MayRead(holds func(rules.Seat) bool) bool {
	return l.To < 0 || holds(l.From) || holds(l.To)
}

// A Source is a game that tells its changes.
type Source interface {
	// Seq is the number of the latest change (0: none yet).
	Seq() uint64
	// Since lists the changes after seq, oldest first; ok is false when
	// the source no longer keeps them all (the follower reads the game
	// anew).
	Since(seq uint64) (changes []Change, ok bool)
	// Listen has f told every change after it, in order, on the
	// source's goroutine and under its lock: f must not block nor call
	// back into the source. stop ends it.
	Listen(f func(Change)) (stop func())
	// Wait blocks until there is a change after seq (nil), or ctx ends
	// (its error).
	Wait(ctx context.Context, seq uint64) error
}

// Keep is how many changes a Log keeps for Since by default: a follower
// that fell further behind reads the game anew.
const Keep = 256

// A Log is a source's changes: it numbers them, keeps the latest for
// Since, tells the listeners and wakes the waiters. It is not safe for
// concurrent use by itself: its source guards it with its own lock, and
// takes that lock in each of the methods that make up its Source.
type Log struct {
	// keep is how many changes Since answers for (0: Keep).
	keep   int
	seq    uint64
	recent []Change // the latest, oldest first (up to twice keep)
	listen map[int]func(Change)
	order  []int // the listeners' keys, in the order they came
	nextL  int
	wake   chan struct{}
}

// NewLog is a log that keeps keep changes for Since (0: Keep).
func NewLog(keep int) *Log {
	return &Log{keep: keep}
}

func (l *Log) kept() int {
	if l.keep <= 0 {
		return Keep
	}
	return l.keep
}

// Add numbers change c, keeps it, tells the listeners in order and wakes
// the waiters; it returns c as numbered.
func (l *Log) Add(c Change) Change {
	l.seq++
	c.Seq = l.seq
	l.recent = append(l.recent, c)
	if k := l.kept(); len(l.recent) >= 2*k {
		// Cut back to the latest keep now and then, not at every change:
		// one copy per keep changes.
		n := copy(l.recent, l.recent[len(l.recent)-k:])
		clear(l.recent[n:])
		l.recent = l.recent[:n]
	}
	for _, id := range l.order {
		if f := l.listen[id]; f != nil {
			f(c)
		}
	}
	if l.wake != nil {
		close(l.wake)
		l.wake = nil
	}
	return c
}

// Seq is the number of the latest change.
func (l *Log) Seq() uint64 { return l.seq }

// Since lists the changes after seq, oldest first; ok is false when the
// log no longer keeps them all.
func (l *Log) Since(seq uint64) (out []Change, ok bool) {
	if seq >= l.seq {
		return nil, true
	}
	k := l.kept()
	from := max(0, len(l.recent)-k) // answer for keep changes, no more
	if len(l.recent) == 0 || l.recent[from].Seq > seq+1 {
		return nil, false
	}
	for _, c := range l.recent[from:] {
		if c.Seq > seq {
			out = append(out, c)
		}
	}
	return out, true
}

// Listen has f told every change added after it; stop ends it. The
// source calls it under its lock, and calls stop under it too.
func (l *Log) Listen(f func(Change)) (stop func()) {
	if l.listen == nil {
		l.listen = map[int]func(Change){}
	}
	id := l.nextL
	l.nextL++
	l.listen[id] = f
	l.order = append(l.order, id)
	return func() {
		delete(l.listen, id)
		for i, o := range l.order {
			if o == id {
				l.order = append(l.order[:i:i], l.order[i+1:]...)
				break
			}
		}
	}
}

// Woken is a channel closed at the next change added (the source gives
// it out under its lock; Wait selects on it outside).
func (l *Log) Woken() <-chan struct{} {
	if l.wake == nil {
		l.wake = make(chan struct{})
	}
	return l.wake
}

// Wait blocks until source s has a change after seq, or ctx ends; woken
// is the source's Log.Woken taken under its lock together with its Seq.
// Sources implement their Wait with it.
func Wait(ctx context.Context, seq uint64, now func() (latest uint64, woken <-chan struct{})) error {
	for {
		latest, woken := now()
		if latest > seq {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-woken:
		}
	}
}
