package remote

import (
	"fmt"
	"slices"

	"notrueking/feed"
	"notrueking/rules"
)

// What each device is sent, built under the match's lock from what its
// seats may know: a sync (the whole state) when it joins or asks at a
// stale version, then an update per change — told by the match's
// listener after the files have saved the change (save, then send).

// change is one change as the devices are told it: the views, legal
// lines and public history computed once, for every device that needs
// them.
type change struct {
	g      *rules.Game
	views  map[rules.Seat]*viewEnc
	legal  map[rules.Seat][]string
	pub    []rules.PublicAction
	hasPub bool
}

// viewEnc is one viewer's view without its log, as a value and as its
// top-level JSON fields, and the log apart.
type viewEnc struct {
	v    rules.View
	keys map[string]*fieldEnc
	log  []rules.LogLine
}

func newChange(g *rules.Game) *change {
	return &change{g: g, views: map[rules.Seat]*viewEnc{}, legal: map[rules.Seat][]string{}}
}

func (ch *change) view(s rules.Seat) *viewEnc {
	if e := ch.views[s]; e != nil {
		return e
	}
	v := ch.g.View(s)
	e := &viewEnc{log: v.Log}
	v.Log = nil
	e.v, e.keys = v, fieldsOf(&v)
	ch.views[s] = e
	return e
}

// legalOf is seat's legal actions as record lines.
func (ch *change) legalOf(s rules.Seat) []string {
	if l, ok := ch.legal[s]; ok {
		return l
	}
	var out []string
	for _, a := range ch.g.LegalFor(s) {
		out = append(out, a.Format(ch.g.Map()))
	}
	ch.legal[s] = out
	return out
}

func (ch *change) public() []rules.PublicAction {
	if !ch.hasPub {
		ch.pub, ch.hasPub = ch.g.PublicActions(), true
	}
	return ch.pub
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

// holds reports whether the device holds seat (under either lock: its
// seats are fixed once it is admitted).
func (c *conn) holds(s rules.Seat) bool { return s >= 0 && slices.Contains(c.seats, s) }

// state is the game as device c's seats may know it: whole (a sync), or
// what changed since it was last sent (an update); it remembers what it
// sent.
func (h *Host) state(ch *change, c *conn, whole bool) State {
	g := ch.g
	viewers := append([]rules.Seat{rules.Public}, c.seats...)
	var st State
	if whole || len(c.views) != len(viewers) {
		whole = true
		c.views, c.logs = make([]map[string]*fieldEnc, len(viewers)), make([][]rules.LogLine, len(viewers))
		c.pubCur = make([]int, len(viewers))
	}
	pubLog := ch.view(rules.Public).log
	pubCut := false // the public log was cut (an undo): the cursors go
	for i, s := range viewers {
		e := ch.view(s)
		d := LogDelta{Lines: e.log}
		if !whole {
			d = logDelta(c.logs[i], e.log)
		}
		if i == 0 {
			pubCut = d.From != len(c.logs[0])
		} else {
			// A seat's log sends the public lines it holds as copies.
			cur := c.pubCur[i]
			if pubCut || d.From != len(c.logs[i]) {
				cur = pubCursor(e.log[:d.From], pubLog)
			}
			d, c.pubCur[i] = mixed(d, e.log, pubLog, cur)
		}
		if whole {
			st.Views = append(st.Views, e.v)
		} else {
			st.Patches = append(st.Patches, patch(c.views[i], e.keys))
		}
		st.Logs = append(st.Logs, d)
		c.views[i], c.logs[i] = e.keys, e.log
	}
	st.ToAct, st.Over, st.Len = g.ToAct(), g.Over(), g.Len()
	if c.holds(st.ToAct) {
		st.Legal = ch.legalOf(st.ToAct)
	}
	pub := ch.public()
	from := 0
	if !whole {
		from = min(c.hist, len(pub))
	}
	st.HistoryFrom = from
	if from < len(pub) {
		st.History = pub[from:]
	}
	c.hist = len(pub)
	undo, redo := c.desk.UndoState()
	if undo != nil {
		st.CanUndo = undo.Error()
	}
	st.CanRedo = redo == nil
	return st
}

// sendSync sends device c the whole state (under the match's lock); from
// then on it is told every change.
func (h *Host) sendSync(g *rules.Game, c *conn) {
	st := h.state(newChange(g), c, true)
	c.version, c.live = h.version, true
	c.send(Sync{T: KSync, Epoch: h.epoch, Version: h.version, State: st})
}

// eventTexts are the events of evs device c may read, each in its words
// (a private event in its seat's, a public one in the public's).
func eventTexts(g *rules.Game, evs []rules.Event, holds func(rules.Seat) bool) []EventText {
	var out []EventText
	for _, e := range evs {
		if rules.Audience(e, holds) {
			out = append(out, EventText{Event: e, Text: g.EventText(e, e.Seat)})
		}
	}
	return out
}

// moved is the match's listener: under its lock, after its files saved
// the change, each device's update goes to its queue (never blocking).
func (h *Host) moved(mv feed.Change, g *rules.Game) {
	h.version = mv.Version
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	var cs []*conn
	for c := range h.conns {
		if c.live && (c.role == roleSeat || c.role == roleWatch) {
			cs = append(cs, c)
		}
	}
	h.mu.Unlock()
	how, ok := updateHow[mv.Kind]
	if !ok {
		if mv.Kind == feed.Notice {
			b := marshal(Notice{T: KNotice, Text: mv.Text})
			for _, c := range cs {
				c.sendRaw(b)
			}
		}
		return
	}
	var by *conn
	for _, c := range cs {
		if mv.By != nil && mv.By == any(c.desk) {
			by = c
		}
	}
	ch := newChange(g)
	for _, c := range cs {
		u := Update{T: KUpdate, Epoch: h.epoch, Version: mv.Version, Prev: c.version, How: how,
			Seat: mv.Seat, Bot: mv.Bot, WasCombat: mv.WasCombat}
		if c == by {
			u.ID = c.reqID
		}
		u.Events = eventTexts(g, mv.Events, c.holds)
		u.State = h.state(ch, c, false)
		c.version = mv.Version
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
var updateHow = map[feed.Kind]string{feed.Action: HowAct, feed.Undo: HowUndo, feed.Redo: HowRedo, feed.Seats: HowSeats}
