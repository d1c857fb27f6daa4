package table

import (
	"math/rand"
	"strings"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

// Game is what the table reads and acts on: a rules game, an autosave
// session in front of one, a read-only window on one (a replay, the
// spectator's public view), or a game served by another process. Every
// argument and answer is plain data; the table asks for no other ability
// (no type assertion, no engine handed back).
type Game interface {
	rules.Desk
	rules.Actor
}

// Options set up a table. Zero values mean defaults.
type Options struct {
	// Seed is the game's seed: shown on the end screen, or throughout a
	// tester's game.
	Seed uint64
	// Shuffle seeds the loyalty card's Shuffle button; 0 = Seed (a
	// tester's game). A players' game gives a secret one, so that the
	// button does not leak the seed.
	Shuffle uint64
	// Tester marks a tester's game: the top bar leaves room for its badge.
	Tester bool
	// Bots names the bot level playing each seat ("" for a person, here or
	// at another device); nil when every seat is a person's. Public:
	// everyone at the table knows which seats are bots.
	Bots []string
	// LargeLog sets the log in larger rows (-large-text).
	LargeLog bool
}

// Table is the table room: the game's table as one seat (or the public)
// sees it, and what a click means. It turns click targets into actions
// (one match → apply, several → chooser, none → the engine's reason) and
// holds its parts, each a type of its own: the move dialog, the chooser,
// the loyalty card being arranged, the log panel, the past boards, the
// notices, undo and redo, the hint, try mode, what just happened (the
// board's marks and the digest), who plays from another device, the
// Citadel's decisions, the panels and the other screens. It keeps what
// coordinates them: the game as last read (position), the message line,
// the hand-off (Reveal, Hide), following the game (Apply, Follow) and the
// verbs (Click, Do, Keys). It reads and acts only through its Game, never
// calls back into the app and never writes a file.
type Table struct {
	pos position // the game as the table last read it (position.go)
	// msg is the message line's words, a refusal when msgErr.
	msg    string
	msgErr bool
	// portrait: Layout is the portrait one (SetPortrait); tab is the tab
	// its pane shows.
	portrait bool
	tab      int
	// seed is the game's seed: shown on the end screen, or throughout a
	// tester's game; tester marks a tester's game (the top bar leaves
	// room for its badge).
	seed   uint64
	tester bool

	// The parts, each in its own file.
	mv         moveDialog  // the move being set up and its count dialog (movedialog.go)
	ch         chooser     // the actions a click may mean, to pick one of (chooser.go)
	loyalty    loyaltyCard // the loyalty card being arranged or exchanged (loyalty.go)
	log        LogPanel    // the log panel (logpanel.go)
	past       pastBoards  // the table shown from the history (past.go)
	notices    notices     // the notices waiting for the seat at the screen (notices.go)
	history    history     // undo's and redo's question (history.go)
	hints      Hints       // the hint shown and its notes in the log (hint.go)
	try        tryMode     // try mode (trymode.go)
	recent     Recent      // the board's marks and the digest (recent.go)
	attendance Attendance  // who plays each seat from another device (presence.go)
	citadel    citadel     // the Citadel variant's decisions, lines and notices (citadel.go)
	panels     Panels      // the table's screen (panels.go)
	screens    Screens     // the curtain and the end screen (screens.go)
	talk       Talk        // the table talk of a game at several devices (talk.go)
}

// Mode is what the table is doing, for the app to show the scene of it
// (one answer, instead of the app asking Trying and Holding in turn and
// keeping them in step).
type Mode int

const (
	// ModePlay: the table of the game, its decisions for the seat shown
	// (a log entry's past table included).
	ModePlay Mode = iota
	// ModeTry: try mode, nothing played (T).
	ModeTry
	// ModeNotice: a notice (a combat's result, a card drawn) waits for
	// Continue before anything else.
	ModeNotice
)

// New puts game g on a table, no seat shown (the public table).
func New(g Game, o Options) *Table {
	shuffle := o.Shuffle
	if shuffle == 0 {
		shuffle = o.Seed
	}
	u := &Table{pos: position{eng: g, m: g.Map(), seats: g.Seats(), bots: o.Bots, shown: -1},
		mv: moveDialog{from: -1, to: -1}, loyalty: loyaltyCard{sel: -1, rng: rand.New(rand.NewSource(int64(shuffle)))}, seed: o.Seed, tester: o.Tester,
		recent: Recent{seenN: -1, seenHouse: board.NoHouse}}
	u.log.large = o.LargeLog
	u.wire()
	u.Refresh()
	return u
}

// wire points the table's parts at it and at its position (New; a copy
// of a table is wired again).
func (u *Table) wire() {
	u.attendance.pos, u.recent.pos, u.mv.pos, u.panels.combat.pos = &u.pos, &u.pos, &u.pos, &u.pos
	u.panels.t, u.panels.houses.t, u.panels.players.t, u.panels.private.t, u.panels.decision.t, u.screens.t = u, u, u, u, u, u
	u.talk.t, u.hints.t, u.try.t, u.past.t, u.notices.t, u.history.t, u.ch.t, u.loyalty.t, u.citadel.t = u, u, u, u, u, u, u, u, u
}

// SetGame puts another game (or another position of the same map) on the
// table as seat sees it (rules.Public: the public table), keeping the
// log's wrapped rows and scrolling it to the newest entry: the replay
// viewer's next position, the spectator's next read.
func (u *Table) SetGame(g Game, seat rules.Seat) {
	u.pos.eng, u.pos.seats = g, g.Seats()
	u.pos.shown = max(seat, -1)
	u.log.toNewest()
	u.Refresh()
}

// SetBots names the bot playing each seat (Options.Bots).
func (u *Table) SetBots(p []string) { u.pos.bots = p }

// SetSeed sets the game's seed shown (Options.Seed).
func (u *Table) SetSeed(seed uint64) { u.seed = seed }

// SetPortrait has Layout give the portrait layout (the app sets it while
// the table is shown on a phone held upright).
func (u *Table) SetPortrait(p bool) { u.portrait = p }

// Game is the game on the table.
func (u *Table) Game() Game { return u.pos.eng }

// Map is the game's map.
func (u *Table) Map() *board.Map { return u.pos.m }

// Seats are the seat ids, one per player.
func (u *Table) Seats() []string { return u.pos.seats }

// Seed is the game's seed (Options.Seed).
func (u *Table) Seed() uint64 { return u.seed }

// Shown is the seat whose private panel is visible, -1 for none.
func (u *Table) Shown() rules.Seat { return u.pos.shown }

// Public is the public view of the table shown (the past's, when the log
// panel shows the past).
func (u *Table) Public() rules.View { return u.pos.pub }

// Message is the message line's words, and whether they are a refusal.
func (u *Table) Message() (string, bool) { return u.msg, u.msgErr }

// SetMessage puts s on the message line (a refusal when isErr).
func (u *Table) SetMessage(s string, isErr bool) { u.setMsg(s, isErr) }

// SeatName is seat s's player's name ("?" when out of range).
func (u *Table) SeatName(s rules.Seat) string { return u.pos.seatName(s) }

// SeatWords is "Ben (Torch)", as the curtain names a seat.
func (u *Table) SeatWords(s rules.Seat) string { return u.pos.seatWords(s) }

// SeatID is seat s's conspiracy id ("" when out of range).
func (u *Table) SeatID(s rules.Seat) string { return u.pos.seatID(s) }

// Layout is the table's layout for its map and players.
func (u *Table) Layout() Layout {
	if u.portrait {
		return NewPortraitLayout(len(u.pos.seats), len(u.pos.m.Houses))
	}
	return NewLayout(u.pos.m.Grid.W, u.pos.m.Grid.H, len(u.pos.seats), len(u.pos.m.Houses))
}

// Tab is the tab the portrait layout shows (TabPlay…).
func (u *Table) Tab() int { return u.tab }

// InPast reports whether the table shows the past (a log entry's table).
func (u *Table) InPast() bool { return u.past.at != nil }

// Log is the table's log panel.
func (u *Table) Log() *LogPanel { return &u.log }

// Panels are the table's panels: the app draws the replay's from them.
func (u *Table) Panels() *Panels { return &u.panels }

// Screens are the table's other screens: the curtain and the end screen.
func (u *Table) Screens() *Screens { return &u.screens }

// Hints is the hint shown, put there by the app (its search finds it).
func (u *Table) Hints() *Hints { return &u.hints }

// Recent is what just happened: the board's marks and the digest.
func (u *Table) Recent() *Recent { return &u.recent }

// Attendance is who plays each seat from another device: set by the app
// of a game played at several devices.
func (u *Table) Attendance() *Attendance { return &u.attendance }

// Refresh reads the game again after it changed (the table's own
// actions, and outside the table: a scripted engine's test, another
// process's game).
func (u *Table) Refresh() {
	u.pos.legal = u.pos.eng.Legal()
	u.pos.pub = u.pos.eng.View(rules.Public)
	u.pos.pub.Log = u.hints.mergeNotes(u.pos.pub.Log, rules.Public) // hints, noted in the log (hint.go)
	if u.pos.shown >= 0 {
		u.pos.priv = u.pos.eng.View(u.pos.shown)
		u.pos.priv.Log = u.hints.mergeNotes(u.pos.priv.Log, u.pos.shown)
	} else {
		u.pos.priv = u.pos.pub
	}
	present := u.pos.pub
	u.past.refresh()
	u.recent.refresh(&present, u.past.at != nil)
}

// Reveal shows seat's private panel (after the curtain is lifted).
func (u *Table) Reveal(seat rules.Seat) {
	u.pos.shown = seat
	u.resetLocal()
	u.Refresh()
	u.recent.open(seat)
	u.loyalty.houses = nil
	u.loyalty.ready()
}

// Hide returns the table to public facts only (before a hand-off). A
// refusal meant for the last seat is not left on the screen for the next
// one, nor a hint (its move, and in a Citadel game its aim, are that
// seat's).
func (u *Table) Hide() {
	u.pos.shown = -1
	u.past.at = nil // the hand-off shows the table as it stands
	u.recent.digest = nil
	if u.msgErr || u.hints.shown != nil && strings.HasPrefix(u.msg, "Hint: ") {
		u.msg, u.msgErr = "", false
	}
	u.hints.shown = nil
	u.resetLocal()
	u.Refresh()
}

// resetLocal drops the selections and dialogs, and undo's question.
func (u *Table) resetLocal() {
	u.mv.reset()
	u.loyalty.reset()
	u.ch.reset()
	u.history.asked = ui.CmdNone
}

// setMsg puts s on the message line (a refusal when isErr).
func (u *Table) setMsg(s string, isErr bool) { u.msg, u.msgErr = s, isErr }

// Apply applies action a (a click's, a bot's move) and reports whether
// the game accepted it (if not, the message line says why).
func (u *Table) Apply(a rules.Action) bool {
	wasCombat := u.pos.pub.Combat != nil
	evs, err := u.pos.eng.Apply(a)
	if err != nil {
		u.setMsg(err.Error(), true)
		u.Refresh()
		return false
	}
	u.Follow(evs, wasCombat, "")
	return true
}

// Follow brings the table to the game after an action that caused evs
// (those the table's game may show: rules.ForDesk), wasCombat saying a
// combat was under way before it: its own (Apply), a bot's, or a
// player's at another device (after by: "Ann (easy bot)"). Local
// selections and the hint go, the message line says the action's last
// public words, and a card drawn or a combat's result raises its notice.
func (u *Table) Follow(evs []rules.Event, wasCombat bool, by string) {
	u.resetLocal()
	u.hints.shown = nil // the position it was for is gone
	u.recent.digest = nil
	u.setMsg("", false)
	for i := len(evs) - 1; i >= 0; i-- {
		if txt := u.pos.eng.EventText(evs[i], rules.Public); txt != "" {
			if by != "" {
				txt = by + ": " + txt
			}
			u.setMsg(txt, false)
			break
		}
	}
	u.Refresh()
	u.loyalty.ready()
	u.log.toNewest()
	u.notices.after(evs, wasCombat)
}

// FollowUndo follows an action taken back elsewhere (a player at another
// device took back their move); msg says so on the message line.
func (u *Table) FollowUndo(msg string) {
	u.rewound()
	u.setMsg(msg, false)
}

// rewound puts the game on the table again after an undo or a redo: the
// selections and the hint were for a position that is gone, and the log
// is no longer an extension of the rows wrapped.
func (u *Table) rewound() {
	u.resetLocal()
	u.hints.shown = nil
	// A hint noted after an action taken back went with it.
	u.hints.dropAfter(u.pos.eng.Len())
	u.log.toNewest()
	u.log.forget()
	u.Refresh()
}

// Holding reports whether the table must stay in front of the seat at the
// screen before a hand-off: a notice waits to be dismissed.
func (u *Table) Holding() bool { return u.notices.holding() }

// Trying reports whether try mode is on.
func (u *Table) Trying() bool { return u.try.on }

// Mode says which mode the table is in: try mode first (a notice waits
// under it), then a notice, else play.
func (u *Table) Mode() Mode {
	switch {
	case u.try.on:
		return ModeTry
	case u.notices.holding():
		return ModeNotice
	}
	return ModePlay
}

// Highlights are the board's marks: the territories to light up (legal
// targets, a hint's move; try mode's destinations) and the one selected
// (-1 for none).
func (u *Table) Highlights() ([]bool, int) {
	if u.try.on {
		hl, sel := u.try.marks()
		return hl, int(sel)
	}
	hl, sel := u.hints.marks(u.highlights())
	return hl, int(sel)
}

// highlights returns the territories to light up and the selected one.
func (u *Table) highlights() ([]bool, board.TerrID) {
	hl := make([]bool, len(u.pos.m.Territories))
	combat := board.NoTerr
	if c := u.pos.pub.Combat; c != nil {
		combat = c.Territory
	}
	if u.pos.shown < 0 || u.pos.shown != u.pos.eng.ToAct() {
		return hl, combat
	}
	mark := func(t board.TerrID) {
		if u.pos.m.HasTerr(t) {
			hl[t] = true
		}
	}
	if u.mv.from >= 0 {
		for _, a := range u.pos.legal {
			if a.Verb == rules.VMove && a.From == u.mv.from {
				mark(a.To)
			}
		}
		if u.mv.to >= 0 {
			hl[u.mv.to] = true
		}
		return hl, u.mv.from
	}
	for _, a := range u.pos.legal {
		switch a.Verb {
		case rules.VMuster, rules.VMove:
			mark(a.From)
		case rules.VRetreat:
			mark(a.To)
		}
	}
	return hl, combat
}

// NoticeScenario puts a scenario's comment in front of the table: its
// file's name and its paragraphs, until it is dismissed.
func (u *Table) NoticeScenario(name string, paragraphs []string) {
	u.notices.list = append(u.notices.list, notice{kind: noticeScenario, seat: rules.Public, card: board.NoCard, text: name, lines: paragraphs})
}

// Widgets builds the whole table screen for layout l (everything but the
// board's own drawing): the top bar, the panels, the message line, the
// combat card, the past's banner and a notice in front.
func (u *Table) Widgets(l Layout) []ui.Widget { return u.try.banner(u.panels.table(l), l) }

// TerritoryTip is the hover box of territory t with the pointer at
// (x, y), clear of avoid (the message line): its public facts, or in try
// mode, once a group is picked, the territory's name and the engine's
// answer whether the group could move there.
func (u *Table) TerritoryTip(t board.TerrID, x, y float64, avoid ui.Rect) []ui.Widget {
	if !u.try.on || u.try.from < 0 {
		return u.panels.tooltip(t, x, y, avoid)
	}
	return u.try.tip(t, x, y)
}

// Step is the step of the round in a spectator's words.
func (u *Table) Step() string {
	pub := u.pos.pub
	switch pub.Phase {
	case rules.PhaseLoyalty:
		return "loyalty cards are arranged in secret"
	case rules.PhasePlace:
		return "placing agents"
	case rules.PhaseResolve:
		tier := words.Title(pub.Tier.String()) + " tier"
		if pub.ResolvingHouse >= 0 {
			return tier + "  ·  the " + u.pos.houseName(pub.ResolvingHouse) + " " + words.Title(pub.ResolvingSlot.String()) + " acts"
		}
		return "resolving the " + tier
	case rules.PhaseCombat:
		where := ""
		if pub.Combat != nil {
			where = " in " + u.pos.terrName(pub.Combat.Territory)
		}
		return words.Title(pub.Tier.String()) + " tier  ·  combat" + where
	case rules.PhaseExchange:
		return "exchanging loyalty tokens"
	}
	return string(pub.Phase)
}
