//go:build !js

package remote

import (
	"fmt"
	"slices"

	"notrueking/feed"
	"notrueking/rules"
	"notrueking/session"
)

// What each device is sent, built under the match's lock: a sync (the
// whole state) when it joins or asks at a stale version, then an update
// per change — told by the match's listener after the files have saved
// the change (save, then send). A device's messages are built from its own
// desk (session.Reading.Desk: its seats and the public, no engine) and
// from what the change's devices share, read through a desk of no seat:
// the code that builds them cannot name another seat.

// shared is what every device told of one change has in common, read
// through a desk of no seat (the public only): the public view, encoded
// once, and its patches from the views the devices were sent before (most
// were sent the same one), the public history, the public events' words.
// It lives for one change: nothing of it is kept.
type shared struct {
	desk    rules.Desk
	view    *viewEnc
	patches map[*viewEnc]ViewPatch
	hist    []rules.PublicAction
	hasHist bool
	words   map[int]string // per public event of the change (its index)
}

func newShared(public rules.Desk) *shared {
	return &shared{desk: public, patches: map[*viewEnc]ViewPatch{}, words: map[int]string{}}
}

// patch is what changed of view e since old: for the public view,
// worked out once per view the devices were sent before.
func (sh *shared) patch(e, old *viewEnc) ViewPatch {
	if e != sh.view {
		return e.patchFrom(old)
	}
	p, ok := sh.patches[old]
	if !ok {
		p = e.patchFrom(old)
		sh.patches[old] = p
	}
	return p
}

// publicView is the public view, encoded once per change.
func (sh *shared) publicView() *viewEnc {
	if sh.view == nil {
		sh.view = encodeView(sh.desk.View(rules.Public))
	}
	return sh.view
}

// history is the public history.
func (sh *shared) history() []rules.PublicAction {
	if !sh.hasHist {
		sh.hist, sh.hasHist = sh.desk.PublicActions(), true
	}
	return sh.hist
}

// events are the events of evs desk's seats may read, each in their
// words: a private event in its seat's (the desk's), a public one in the
// public's (once per change).
func (sh *shared) events(evs []rules.Event, desk rules.Desk) []EventText {
	var out []EventText
	for i, e := range evs {
		if !rules.Audience(e, desk.Holds) {
			continue
		}
		if e.Seat != rules.Public {
			out = append(out, EventText{Event: e, Text: desk.EventText(e, e.Seat)})
			continue
		}
		text, ok := sh.words[i]
		if !ok {
			text = sh.desk.EventText(e, rules.Public)
			sh.words[i] = text
		}
		out = append(out, EventText{Event: e, Text: text})
	}
	return out
}

// sent is what one device was last sent, kept under the match's lock; its
// methods build what the device is sent next from the change's shared
// part and the device's own desk only.
type sent struct {
	// live: the device has had its sync and is told every change.
	live    bool
	version uint64
	views   []*viewEnc // per viewer (the public, then each held seat): as last sent
	pubCur  []int      // per view: the public lines its log sent holds
	hist    int        // public history entries sent
}

// viewers are the views a device of desk is sent: the public's, then
// each seat it holds.
func viewers(desk rules.Desk) []rules.Seat {
	out := []rules.Seat{rules.Public}
	for i := range desk.Seats() {
		if s := rules.Seat(i); desk.Holds(s) {
			out = append(out, s)
		}
	}
	return out
}

// logDelta is how a device's copy of a log, old, becomes now: cut where
// they part, then the lines after (a log grows at its end, shrinks by an
// undo, and opens every seat's lines at game over).
func logDelta(old, now []rules.LogLine) LogDelta {
	i, n := 0, min(len(old), len(now))
	for i < n && old[i] == now[i] {
		i++
	}
	d := LogDelta{From: i}
	if i < len(now) {
		d.Lines = now[i:]
	}
	return d
}

// mixed is delta d of a seat's log now (its new lines, now[d.From:])
// with the lines the public log pub also holds sent as copies of it
// (LogDelta.Mix); cur is where the public log stood for now[:d.From] (the
// public lines it holds), and the cursor after now is returned.
func mixed(d LogDelta, now, pub []rules.LogLine, cur int) (LogDelta, int) {
	if len(d.Lines) == 0 {
		return d, cur
	}
	out := LogDelta{From: d.From, PubFrom: -1}
	run := 0 // the current entry of Mix: > 0 copies, < 0 explicit lines
	flush := func() {
		if run != 0 {
			out.Mix = append(out.Mix, run)
		}
		run = 0
	}
	for _, l := range d.Lines {
		if cur < len(pub) && pub[cur] == l {
			if out.PubFrom < 0 {
				out.PubFrom = cur
			}
			if run < 0 {
				flush()
			}
			run++
			cur++
			continue
		}
		if run > 0 {
			flush()
		}
		run--
		out.Lines = append(out.Lines, l)
	}
	flush()
	if out.PubFrom < 0 {
		// Nothing copied: the plain delta.
		return d, cur
	}
	return out, cur
}

// pubCursor is where the public log pub stands once the seat's log lines
// hold its lines in order: how many of them lines holds.
func pubCursor(lines, pub []rules.LogLine) int {
	cur := 0
	for _, l := range lines {
		if cur < len(pub) && pub[cur] == l {
			cur++
		}
	}
	return cur
}

// logOf is the log of e (none for nil).
func logOf(e *viewEnc) []rules.LogLine {
	if e == nil {
		return nil
	}
	return e.log
}

// state is the game as desk's seats may know it: whole (a sync: its
// views), or what changed since it was last sent (an update: the views'
// patches); s remembers what it sent.
func (s *sent) state(sh *shared, desk rules.Desk, whole bool) (st State, views []rules.View, patches []ViewPatch) {
	vs := viewers(desk)
	if whole || len(s.views) != len(vs) {
		whole = true
		s.views, s.pubCur = make([]*viewEnc, len(vs)), make([]int, len(vs))
	}
	pubLog := sh.publicView().log
	pubCut := false // the public log was cut (an undo): the cursors go
	for i, v := range vs {
		e := sh.publicView()
		if v != rules.Public {
			e = encodeView(desk.View(v))
		}
		old := logOf(s.views[i])
		d := LogDelta{Lines: e.log}
		if !whole {
			d = logDelta(old, e.log)
		}
		if i == 0 {
			pubCut = d.From != len(old)
		} else {
			// A seat's log sends the public lines it holds as copies.
			cur := s.pubCur[i]
			if pubCut || d.From != len(old) {
				cur = pubCursor(e.log[:d.From], pubLog)
			}
			d, s.pubCur[i] = mixed(d, e.log, pubLog, cur)
		}
		if whole {
			views = append(views, e.v)
		} else {
			patches = append(patches, sh.patch(e, s.views[i]))
		}
		st.Logs = append(st.Logs, d)
		s.views[i] = e
	}
	st.ToAct, st.Over, st.Len = desk.ToAct(), desk.Over(), desk.Len()
	for _, a := range desk.LegalFor(st.ToAct) {
		st.Legal = append(st.Legal, a.Format(desk.Map()))
	}
	pub := sh.history()
	from := 0
	if !whole {
		from = min(s.hist, len(pub))
	}
	st.HistoryFrom = from
	if from < len(pub) {
		st.History = pub[from:]
	}
	s.hist = len(pub)
	if err := desk.CanUndo(); err != nil {
		st.CanUndo = err.Error()
	}
	st.CanRedo = desk.CanRedo()
	return st, views, patches
}

// sync is the whole state desk's seats may know at version of epoch; from
// then on the device is told every change.
func (s *sent) sync(sh *shared, desk rules.Desk, epoch, version uint64) Sync {
	st, views, _ := s.state(sh, desk, true)
	s.version, s.live = version, true
	return Sync{T: KSync, Epoch: epoch, Version: version, Views: views, State: st}
}

// update is change mv (told the device as how) as desk's seats may know
// it: the events of the change that reach the desk, in its words, and the
// state as changes since the version last sent.
func (s *sent) update(sh *shared, desk rules.Desk, mv feed.Change, how string, epoch uint64) Update {
	u := Update{T: KUpdate, Epoch: epoch, Version: mv.Version, Prev: s.version, How: how,
		Seat: mv.Seat, Bot: mv.Bot, WasCombat: mv.WasCombat}
	u.Events = sh.events(mv.Events, desk)
	u.State, _, u.Patches = s.state(sh, desk, false)
	s.version = mv.Version
	return u
}

// sendSync sends device c the whole state (under the match's lock, r
// reading it); from then on it is told every change.
func (h *Host) sendSync(r session.Reading, c *conn) {
	c.send(c.sent.sync(newShared(r.Public()), r.Desk(c.desk), h.epoch, h.version))
}

// moved is the match's listener: under its lock, after its files saved
// the change, each device's update goes to its queue (never blocking).
func (h *Host) moved(mv feed.Change, r session.Reading) {
	h.version = mv.Version
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	var cs []*conn
	for c := range h.conns {
		if c.sent.live && (c.role == roleSeat || c.role == roleWatch) {
			cs = append(cs, c)
		}
	}
	h.mu.Unlock()
	how, ok := updateHow[mv.Kind]
	if !ok {
		switch {
		case mv.Kind == feed.Notice:
			b := marshal(Notice{T: KNotice, Text: mv.Text})
			for _, c := range cs {
				c.sendRaw(b)
			}
		case mv.Kind == feed.Talk && mv.Talk != nil:
			h.tellTalk(cs, *mv.Talk)
		}
		return
	}
	var by *conn
	for _, c := range cs {
		if mv.By != nil && mv.By == any(c.desk) {
			by = c
		}
	}
	sh := newShared(r.Public())
	for _, c := range cs {
		u := c.sent.update(sh, r.Desk(c.desk), mv, how, h.epoch)
		if c == by {
			u.ID = c.reqID
		}
		c.sendRaw(marshal(u))
		if c == by {
			c.ownEvents = u.Events
		}
	}
	switch {
	case mv.Kind == feed.Undo && by != nil && len(by.seats) > 0:
		who := h.base.Players[by.seats[0]]
		text := who + " took back their move."
		if mv.Seat != by.seats[0] && mv.Seat >= 0 && int(mv.Seat) < len(h.base.Players) {
			text = fmt.Sprintf("%s took back %s's move.", who, h.base.Players[mv.Seat])
		}
		b := marshal(Notice{T: KNotice, Text: text})
		for _, c := range cs {
			c.sendRaw(b)
		}
	case mv.Kind == feed.Seats:
		h.touch()
	}
}

// updateHow is the wire's name (Update.How) of each kind of change a
// device is sent as an update.
var updateHow = map[feed.Kind]string{feed.Action: HowAct, feed.Undo: HowUndo, feed.Redo: HowRedo, feed.Seats: HowSeats, feed.Name: HowName}

// tellTalk sends a line of table talk to the devices among cs that may
// read it: a whisper to its two seats' devices only; the table's talk to
// every seat, and to the spectators unless the host hides it from them.
func (h *Host) tellTalk(cs []*conn, l feed.TalkLine) {
	h.mu.Lock()
	watchers := !h.seats.noWatchTalk
	h.mu.Unlock()
	b := marshal(Talk{T: KTalk, Lines: []feed.TalkLine{l}})
	for _, c := range cs {
		if c.mayRead(l, watchers) {
			c.sendRaw(b)
		}
	}
}

// mayRead reports whether device c may read line l (watchers: the host
// lets spectators read the table's talk).
func (c *conn) mayRead(l feed.TalkLine, watchers bool) bool {
	if len(c.seats) == 0 {
		return watchers && !l.Whisper()
	}
	return l.MayRead(c.holdsSeat)
}

// holdsSeat reports whether device c holds seat (its seats are fixed once
// it is admitted).
func (c *conn) holdsSeat(s rules.Seat) bool { return slices.Contains(c.seats, s) }

// sendTalk sends device c, with its sync and under the match's lock (r),
// every line of talk it may read (the latest MaxTalkHistory):
// its talk anew.
func (h *Host) sendTalk(r session.Reading, c *conn) {
	h.mu.Lock()
	watchers := !h.seats.noWatchTalk
	h.mu.Unlock()
	lines := r.Talk(c.holdsSeat)
	lines = slices.DeleteFunc(lines, func(l feed.TalkLine) bool { return !c.mayRead(l, watchers) })
	if len(lines) > MaxTalkHistory {
		lines = lines[len(lines)-MaxTalkHistory:]
	}
	if lines == nil {
		lines = []feed.TalkLine{}
	}
	c.send(Talk{T: KTalk, History: true, Lines: lines})
}
