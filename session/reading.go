package session

import (
	"notrueking/feed"
	"notrueking/rules"
)

// A Reading is the match read under its lock for the length of one call
// (a ListenDesks listener's, Read's), through desks: each answers for the
// seats it holds and the public, takes no lock, and reaches no engine —
// what is built from it is built from what those seats may know. Keep
// neither the Reading nor its desks past the call.
type Reading struct{ m *Match }

// Desk is what d, a desk of this match, may read now: its seats and the
// public. Its CanUndo and CanRedo are d's own (a remote device's desk may
// take back only its own seats' decisions).
func (r Reading) Desk(d *Desk) rules.Desk {
	if d.m != r.m {
		panic("session: a desk of another match read in a Reading")
	}
	return held{Desk: d.s, own: d}
}

// Public is the match as a desk of no seat reads it: the public only.
func (r Reading) Public() rules.Desk { return held{Desk: rules.DeskOf(r.m.g)} }

// Talk is the table's talk a reader holding the seats holds accepts may
// read, oldest first (Match.Talk, under the lock its caller holds).
func (r Reading) Talk(holds func(rules.Seat) bool) []feed.TalkLine {
	return r.m.talkFor(holds)
}

// held is a desk read under a lock its caller holds. It embeds the seated
// desk as the interface, so that nothing but rules.Desk's methods can be
// called on it (not rules.Seated's Game).
type held struct {
	rules.Desk
	// own is the match's desk read (nil: the public's), whose rules of
	// undo are the device's.
	own *Desk
}

func (h held) CanUndo() error {
	if h.own == nil {
		return h.Desk.CanUndo()
	}
	return h.own.canUndo()
}

func (h held) CanRedo() bool {
	if h.own == nil {
		return h.Desk.CanRedo()
	}
	return h.own.canRedo() == nil
}

// ListenDesks is Listen with a Reading of the match as it stands after
// the change, for a network host that builds each device's messages under
// the lock from that device's desk: f may read r's desks, not keep them.
func (m *Match) ListenDesks(f func(c feed.Change, r Reading)) (stop func()) {
	return m.Listen(func(c feed.Change) { f(c, Reading{m}) })
}

// Read runs f under the match's lock with a Reading of the match as it
// stands: f must not keep r's desks, act through the match or block.
func (m *Match) Read(f func(r Reading)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f(Reading{m})
}
