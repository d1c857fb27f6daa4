package remote

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"notrueking/board"
	"notrueking/feed"
	"notrueking/maps"
	"notrueking/rules"
)

// keepTexts is how many events' words a client keeps for EventText.
const keepTexts = 4096

// A mirror is a device's copy of the game its host serves: the last
// welcome and sync and the updates since — the seats' views, the legal
// lines of the held seat to act, the public history, the undo state, the
// events' words, who plays each seat — and the changes it learnt, as a
// feed.Source. It answers what rules.Desk asks that the copy can answer;
// the Client around it asks the host the rest. Its lock is the Client's.
type mirror struct {
	mu sync.Mutex

	ready          bool
	welcome        Welcome
	m              *board.Map
	seats          []rules.Seat
	epoch, version uint64
	views          []heldView // the public view, then each held seat's
	toAct          rules.Seat
	over           bool
	n              int
	legal          []rules.Action
	history        []rules.PublicAction
	canUndo        string
	canRedo        bool
	words          eventWords
	presence       Presence
	waiting        string
	log            feed.Log // the changes learnt (feed.Source)
	// talk is the table's talk this device may read, oldest first.
	talk []feed.TalkLine
	// ended: the client ended, err saying why (its last change).
	ended bool
	err   error
}

func newMirror() mirror {
	return mirror{toAct: -1, words: eventWords{texts: map[string]string{}}}
}

// changed records a change (under mu) at the version the mirror holds,
// tells the listeners and wakes the waiters.
func (c *mirror) changed(ch feed.Change) {
	ch.Version, ch.Len = c.version, c.n
	c.log.Add(ch)
}

// talked takes table talk from the host (under mu): a line said, or the
// device's talk anew (history). A line it holds already is not told again.
func (c *mirror) talked(t *Talk) {
	if t.History {
		c.talk = slices.Clone(t.Lines)
		c.changed(feed.Change{Kind: feed.Talk, Seat: -1})
		return
	}
	for _, l := range t.Lines {
		if n := len(c.talk); n > 0 && l.N <= c.talk[n-1].N {
			continue
		}
		c.talk = append(c.talk, l)
		c.changed(feed.Change{Kind: feed.Talk, Seat: l.From, Talk: &l})
	}
	if over := len(c.talk) - MaxTalkHistory; over > 0 {
		c.talk = slices.Delete(c.talk, 0, over)
	}
}

// Talk is the table's talk this device may read (the latest
// MaxTalkHistory lines), oldest first.
func (c *Client) Talk() []feed.TalkLine {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.talk)
}

// ending records the client's end, with its reason (under mu); false
// when it had ended already.
func (c *mirror) ending(err error) bool {
	if c.ended {
		return false
	}
	c.ended, c.err = true, err
	c.changed(feed.Change{Kind: feed.Ended, Seat: -1, Text: err.Error()})
	return true
}

// welcomed takes the host's welcome (under mu): the seats, the map.
func (c *mirror) welcomed(w *Welcome) error {
	if w.Proto != Proto {
		return fmt.Errorf("the host speaks protocol %d, this device %d", w.Proto, Proto)
	}
	if c.m == nil || c.m.SHA256 != w.Map.SHA256 {
		m, err := loadMap(w.Map)
		if err != nil {
			return err
		}
		c.m = m
	}
	if len(w.Players) != len(w.Conspiracies) {
		return errors.New("the host's welcome names players and seats that do not match")
	}
	for _, s := range w.Seats {
		if s < 0 || int(s) >= len(w.Players) {
			return fmt.Errorf("the host's welcome gives seat %d of %d", s, len(w.Players))
		}
	}
	c.welcome, c.seats, c.waiting = *w, slices.Clone(w.Seats), ""
	c.welcome.Token = ""
	return nil
}

// loadMap loads the map a welcome names, checking its SHA-256.
func loadMap(ref MapRef) (*board.Map, error) {
	var (
		m   *board.Map
		err error
	)
	if ref.TOML != "" {
		m, err = maps.Parse(ref.ID+".toml", []byte(ref.TOML))
	} else {
		m, err = maps.LoadVersion(ref.ID, ref.SHA256)
	}
	if err != nil {
		return nil, fmt.Errorf("the game's map: %v", err)
	}
	if m.SHA256 != ref.SHA256 {
		return nil, fmt.Errorf("the game's map %q differs from this device's (SHA-256 %.12s…, the host's %.12s…)", ref.ID, m.SHA256, ref.SHA256)
	}
	return m, nil
}

// synced replaces the copy by a sync (under mu).
func (c *mirror) synced(s *Sync) error {
	if c.m == nil {
		return errors.New("a sync before the welcome")
	}
	n := 1 + len(c.seats)
	if len(s.Views) != n || len(s.Logs) != n {
		return fmt.Errorf("a sync of %d views for a device of %d", len(s.Views), n)
	}
	views := make([]heldView, n)
	for i, v := range s.Views {
		lines, err := unmix(s.Logs[i], views[0].v.Log, i)
		if err != nil {
			return err
		}
		v.Log = lines
		if v.Log == nil {
			v.Log = []rules.LogLine{}
		}
		views[i] = holdView(v)
	}
	legal, err := c.parseLegal(s.Legal)
	if err != nil {
		return err
	}
	c.views = views
	c.epoch, c.version = s.Epoch, s.Version
	c.history = s.History
	c.setState(&s.State, legal)
	c.ready = true
	c.changed(feed.Change{Kind: feed.Resync, Seat: -1})
	return nil
}

// setState takes the plain fields of a state (under mu).
func (c *mirror) setState(s *State, legal []rules.Action) {
	c.toAct, c.over, c.n = s.ToAct, s.Over, s.Len
	c.legal, c.canUndo, c.canRedo = legal, s.CanUndo, s.CanRedo
}

// parseLegal reads the legal lines of a state.
func (c *mirror) parseLegal(lines []string) ([]rules.Action, error) {
	var out []rules.Action
	for _, l := range lines {
		a, err := rules.ParseAction(c.m, len(c.welcome.Conspiracies), l)
		if err != nil {
			return nil, fmt.Errorf("the host's legal action %q: %v", l, err)
		}
		out = append(out, a)
	}
	return out, nil
}

// updated applies an update to the copy (under mu); an error (a gap in
// the versions, a patch that does not fit) asks for a resync. by is told
// as the change's By when the update answers this device's own request.
func (c *mirror) updated(u *Update, by any) error {
	if !c.ready || u.Epoch != c.epoch || u.Prev != c.version {
		return fmt.Errorf("an update from version %d of epoch %d, this device is at %d of %d", u.Prev, u.Epoch, c.version, c.epoch)
	}
	n := len(c.views)
	if len(u.Patches) != n || len(u.Logs) != n {
		return fmt.Errorf("an update of %d views for %d", len(u.Patches), n)
	}
	views := make([]heldView, n)
	for i, p := range u.Patches {
		hv, err := c.views[i].patched(p)
		if err != nil {
			return fmt.Errorf("an update's view: %v", err)
		}
		d, old := u.Logs[i], c.views[i].v.Log
		if d.From < 0 || d.From > len(old) {
			return fmt.Errorf("a log cut at %d of %d lines", d.From, len(old))
		}
		lines, err := unmix(d, views[0].v.Log, i)
		if err != nil {
			return err
		}
		hv.v.Log = append(old[:d.From:d.From], lines...)
		if hv.v.Log == nil {
			hv.v.Log = []rules.LogLine{}
		}
		views[i] = hv
	}
	if u.HistoryFrom < 0 || u.HistoryFrom > len(c.history) {
		return fmt.Errorf("a history cut at %d of %d", u.HistoryFrom, len(c.history))
	}
	legal, err := c.parseLegal(u.Legal)
	if err != nil {
		return err
	}
	kind, ok := howKind[u.How]
	if !ok {
		return fmt.Errorf("an update of kind %q", clip(u.How))
	}
	c.views = views
	c.history = append(c.history[:u.HistoryFrom:u.HistoryFrom], u.History...)
	c.version = u.Version
	c.setState(&u.State, legal)
	c.words.learn(u.Events)
	ch := feed.Change{Kind: kind, Seat: u.Seat, Bot: u.Bot, WasCombat: u.WasCombat}
	if u.ID != 0 {
		ch.By = by // the answer to this device's own request
	}
	for _, e := range u.Events {
		ch.Events = append(ch.Events, e.Event)
	}
	c.changed(ch)
	return nil
}

// howKind is the feed.Kind of each Update.How.
var howKind = map[string]feed.Kind{HowAct: feed.Action, HowUndo: feed.Undo, HowRedo: feed.Redo, HowSeats: feed.Seats, HowName: feed.Name}

// unmix is the new lines of log delta d of view i: its Lines, with the
// copies Mix names taken from pub, the public log as it stands after this
// message (view 0, applied first).
func unmix(d LogDelta, pub []rules.LogLine, i int) ([]rules.LogLine, error) {
	if d.Mix == nil {
		return d.Lines, nil
	}
	if i == 0 {
		return nil, errors.New("the public log copies itself")
	}
	var out []rules.LogLine
	cur, k := d.PubFrom, 0
	for _, n := range d.Mix {
		switch {
		case n > 0 && cur >= 0 && cur+n <= len(pub):
			out = append(out, pub[cur:cur+n]...)
			cur += n
		case n < 0 && k-n <= len(d.Lines):
			out = append(out, d.Lines[k:k-n]...)
			k -= n
		default:
			return nil, fmt.Errorf("a log's mix %d does not fit (%d public lines from %d, %d lines from %d)", n, len(pub), cur, len(d.Lines), k)
		}
		if len(out) > 1<<20 {
			return nil, errors.New("a log of over a million lines")
		}
	}
	if k != len(d.Lines) {
		return nil, fmt.Errorf("a log's mix leaves %d of its lines", len(d.Lines)-k)
	}
	return out, nil
}

// eventWords are the words of the events the host sent, by the event's
// encoding, the latest keepTexts of them.
type eventWords struct {
	texts map[string]string
	keys  []string // oldest first
}

// learn keeps the words of evs.
func (w *eventWords) learn(evs []EventText) {
	for _, e := range evs {
		k := string(marshal(e.Event))
		if _, ok := w.texts[k]; !ok {
			w.keys = append(w.keys, k)
		}
		w.texts[k] = e.Text
	}
	if over := len(w.keys) - keepTexts; over > 0 {
		for _, k := range w.keys[:over] {
			delete(w.texts, k)
		}
		w.keys = slices.Delete(w.keys, 0, over)
	}
}

// read is f's answer under the mirror's lock.
func read[T any](c *mirror, f func() T) T {
	c.mu.Lock()
	defer c.mu.Unlock()
	return f()
}

// The feed.Source of the changes the client learnt.

// Seq is the number of the latest change the client learnt.
func (c *mirror) Seq() uint64 { return read(c, c.log.Seq) }

// Since lists the changes after seq, oldest first; ok is false when the
// client no longer keeps them all (read the state anew). A window polls
// it once a frame.
func (c *mirror) Since(seq uint64) (chs []feed.Change, ok bool) {
	read(c, func() bool { chs, ok = c.log.Since(seq); return ok })
	return chs, ok
}

// Listen has f told every change the client learns, in order, under the
// client's lock: f must not block nor call the client.
func (c *mirror) Listen(f func(feed.Change)) (stop func()) {
	s := read(c, func() func() { return c.log.Listen(f) })
	return func() { read(c, func() bool { s(); return true }) }
}

// Wait blocks until a change after seq, the client's end (nil: Err says
// why) or ctx's end (its error). A headless bot waits with it.
func (c *mirror) Wait(ctx context.Context, seq uint64) error {
	return feed.Wait(ctx, seq, func() (n uint64, woken <-chan struct{}) {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.ended {
			return max(c.log.Seq(), seq+1), nil
		}
		return c.log.Seq(), c.log.Woken()
	})
}

// Err is why the client ended (nil while it runs).
func (c *mirror) Err() error { return read(c, func() error { return c.err }) }

// Ready reports whether the client has the game's state (a sync came).
func (c *mirror) Ready() bool { return read(c, func() bool { return c.ready }) }

// WaitReady waits for the game's first state (after admission), the
// client's end (its reason) or ctx's.
func (c *mirror) WaitReady(ctx context.Context) error {
	for {
		c.mu.Lock()
		ready, ended, err, seq := c.ready, c.ended, c.err, c.log.Seq()
		c.mu.Unlock()
		switch {
		case ready:
			return nil
		case ended:
			return err
		}
		if err := c.Wait(ctx, seq); err != nil {
			return err
		}
	}
}

// What the host said of the game and its seats.

// Version is the epoch and version of the state the client holds.
func (c *mirror) Version() (epoch, version uint64) {
	read(c, func() bool { epoch, version = c.epoch, c.version; return true })
	return epoch, version
}

// Held lists the seats the device holds (none: a spectator).
func (c *mirror) Held() []rules.Seat {
	return read(c, func() []rules.Seat { return slices.Clone(c.seats) })
}

// Players are the players' names, one per seat.
func (c *mirror) Players() []string {
	return read(c, func() []string { return slices.Clone(c.welcome.Players) })
}

// Variant is the game's variant ("" for the plain game); Tester says it
// is a tester's game (the table's Options.Tester).
func (c *mirror) Variant() (variant string, tester bool) {
	read(c, func() bool { variant, tester = c.welcome.Variant, c.welcome.Tester; return true })
	return variant, tester
}

// Waiting is what the host said while the device waits for admission
// ("" once admitted).
func (c *mirror) Waiting() string { return read(c, func() string { return c.waiting }) }

// Presence is who plays each seat, as the host last said.
func (c *mirror) Presence() Presence {
	return read(c, func() Presence {
		p := c.presence
		p.Seats = slices.Clone(p.Seats)
		return p
	})
}

// The rules.Desk, as far as the copy answers it.

func (c *mirror) Map() *board.Map { return read(c, func() *board.Map { return c.m }) }
func (c *mirror) Seats() []string {
	return read(c, func() []string { return slices.Clone(c.welcome.Conspiracies) })
}
func (c *mirror) Holds(seat rules.Seat) bool { return read(c, func() bool { return c.holds(seat) }) }
func (c *mirror) ToAct() rules.Seat          { return read(c, func() rules.Seat { return c.toAct }) }
func (c *mirror) Over() bool                 { return read(c, func() bool { return c.over }) }
func (c *mirror) Len() int                   { return read(c, func() int { return c.n }) }
func (c *mirror) CanRedo() bool              { return read(c, func() bool { return c.canRedo }) }
func (c *mirror) Legal() []rules.Action {
	return read(c, func() []rules.Action { return c.legalFor(c.toAct) })
}
func (c *mirror) LegalFor(seat rules.Seat) []rules.Action {
	return read(c, func() []rules.Action { return c.legalFor(seat) })
}
func (c *mirror) PublicActions() []rules.PublicAction {
	return read(c, func() []rules.PublicAction { return slices.Clone(c.history) })
}

func (c *mirror) holds(seat rules.Seat) bool { return seat >= 0 && slices.Contains(c.seats, seat) }

func (c *mirror) legalFor(seat rules.Seat) []rules.Action {
	if seat != c.toAct || !c.holds(seat) || len(c.legal) == 0 {
		return nil
	}
	return slices.Clone(c.legal)
}

// View is seat's view when the device holds it, else the public view (the
// zero view before the first sync). Treat it as read-only.
func (c *mirror) View(seat rules.Seat) rules.View {
	return read(c, func() rules.View {
		if len(c.views) == 0 {
			return rules.View{Seat: rules.Public, ToAct: -1}
		}
		if i := slices.Index(c.seats, seat); seat >= 0 && i >= 0 {
			return c.views[1+i].v
		}
		return c.views[0].v
	})
}

func (c *mirror) EventText(e rules.Event, viewer rules.Seat) string {
	return read(c, func() string {
		if e.Seat != rules.Public && (e.Seat != viewer || !c.holds(viewer)) {
			return ""
		}
		return c.words.texts[string(marshal(e))]
	})
}

func (c *mirror) CanUndo() error {
	return read(c, func() error {
		switch {
		case c.canUndo != "":
			return errors.New(c.canUndo)
		case !c.ready:
			return ErrLinkDown
		}
		return nil
	})
}
