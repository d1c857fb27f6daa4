package app

import (
	"fmt"
	"slices"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// Bot seats: any seat may be played by a bot (package bots) at a level.
// The start screen chooses them here; the game's match (session.Match,
// below the window) runs them: a bot thinks on its own goroutine from a
// copy of its seat's information, and its answer is applied after a short
// pause, so that the table can follow one move at a time (liveGame.tick).
// A search is dropped when the position changes under it: a new game, an
// undo, closing the window.

// Human marks a seat played at the table in Options.Bots and the start
// screen's seat list.
const Human = -1

// defaultBotPause is the pause between two bot moves.
const defaultBotPause = session.DefaultPause

// botPauses are the pauses the start screen cycles through.
var botPauses = []time.Duration{0, 250 * time.Millisecond, defaultBotPause, 1200 * time.Millisecond, 2500 * time.Millisecond}

// Remote marks a seat played from another device that joins the game
// (a hosted game's seat list).
const Remote = -2

// seatLevelLabel is a seat button's label: "Human", "Remote" or "Easy
// bot".
func seatLevelLabel(l int) string {
	switch l {
	case Human:
		return "Human"
	case Remote:
		return "Remote"
	}
	return words.Title(bots.Level(l).String()) + " bot"
}

// nextSeatLevel cycles Human → (Remote, when the game is hosted) →
// Random → Steady → Easy → Strong → Human.
func nextSeatLevel(l int, hosted bool) int {
	switch {
	case l == Human && hosted:
		return Remote
	case l == Human || l == Remote:
		return 0
	case l+1 >= len(bots.Levels()):
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
		if i < len(o.Bots) && (o.Bots[i] >= 0 && o.Bots[i] < len(bots.Levels()) || o.Bots[i] == Remote && canHost) {
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
			s.bots.level[c.N] = nextSeatLevel(s.bots.level[c.N], s.hosted)
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
	if s.hosted {
		b.Tip = "Who plays this seat: a human at this screen, a player who joins from another device (Remote), or a bot. Click to change."
	}
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
		if s.bots.level[i] >= 0 {
			b := ui.Button(r, fmt.Sprintf("Bot pause %.2g s", s.bots.pause.Seconds()), ui.CmdTarget(ui.Command{Kind: ui.CmdBotPause}))
			b.Size = 15
			b.Tip = "How long the table waits between two bot moves, so each can be followed. Click to change."
			return []ui.Widget{b}
		}
	}
	return nil
}

// seating is who plays each seat of a game about to start: per seat
// gamefile.SeatHuman or a bot level's name (nil: every seat is a human
// at this screen), the pause between two bot moves and the bots' seed.
type seating struct {
	players []string
	pause   time.Duration
	seed    uint64
}

// seatingOf is the seating of levels (per seat Human or a bots.Level):
// nil players when every seat is human.
func seatingOf(levels []int, pause time.Duration, seed uint64) seating {
	st := seating{pause: pause, seed: seed}
	for i, l := range levels {
		if l == Human {
			continue
		}
		who := gamefile.SeatRemote
		if l >= 0 {
			who = bots.Level(l).String()
		}
		if st.players == nil {
			st.players = make([]string, len(levels))
			for j := range st.players {
				st.players[j] = gamefile.SeatHuman
			}
		}
		st.players[i] = who
	}
	return st
}

// botDriver is the seating chosen on the start screen for a game of n
// players.
func (s *startScene) botDriver(n int, seed uint64) seating {
	c := s.bots
	lv := make([]int, n)
	copy(lv, c.level[:min(n, len(c.level))])
	return seatingOf(lv, c.pause, seed)
}

// savedBots is the seating of a saved game (gamefile.Meta.Seats, already
// checked by gamefile.Decode). The command line's -bots and -bot-pause,
// when given, win over the save: a tester can take a bot's seat or hand
// one to a bot.
func savedBots(o Options, seats []string, pause time.Duration, n int, tester bool, seed uint64) seating {
	if !tester {
		seed = gamefile.SecretSeed()
	}
	given := newSeatBotsConf(o)
	lv := make([]int, n)
	for i := range lv {
		lv[i] = Human
		switch {
		case o.Bots != nil && i < len(given.level):
			lv[i] = given.level[i]
		case i < len(seats) && seats[i] == gamefile.SeatRemote:
			lv[i] = Remote
		case i < len(seats):
			if l, err := bots.ParseLevel(seats[i]); err == nil {
				lv[i] = int(l)
			}
		}
	}
	if o.BotPause > 0 || pause <= 0 {
		pause = given.pause
	}
	return seatingOf(lv, pause, seed)
}

// botLevelOf is the level of the bot playing seat (false: a person's).
func (lg *liveGame) botLevelOf(seat rules.Seat) (bots.Level, bool) {
	m := lg.play.match
	if m == nil {
		return 0, false
	}
	p := m.Players()
	if seat < 0 || int(seat) >= len(p) {
		return 0, false
	}
	l, err := bots.ParseLevel(p[seat])
	return l, err == nil
}

// botsPlace places the table after a move when some seat is played
// elsewhere — a bot's, or a player's at another device — and reports
// whether it did (false: the usual hot-seat curtain). With one human at
// this screen there is no curtain at all: that seat's panel stays in view
// while the others play. With several the curtain shows only for a turn of
// theirs. With none the table is public: a game to watch (or to host).
func (lg *liveGame) botsPlace() bool {
	u := lg.tbl
	hs, others := lg.humans()
	if !others {
		return false
	}
	u.Hints().Clear()
	ta := u.Game().ToAct()
	botToAct := !lg.here(ta)
	show := rules.Seat(-2) // leave the curtain logic to the caller
	switch {
	case len(hs) == 0:
		show = -1
	case len(hs) == 1:
		show = hs[0]
	case botToAct:
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

// humans lists the seats played at this screen, and whether any seat is
// played elsewhere (a bot's, or a player's at another device).
func (lg *liveGame) humans() (hs []rules.Seat, others bool) {
	if cl := lg.client; cl != nil {
		hs = cl.Held()
		return hs, len(hs) < len(lg.tbl.Seats())
	}
	m := lg.play.match
	if m == nil {
		return nil, false
	}
	for i, p := range m.Players() {
		if p == gamefile.SeatHuman {
			hs = append(hs, rules.Seat(i))
		} else {
			others = true
		}
	}
	return hs, others
}

// here reports whether seat is played at this screen.
func (lg *liveGame) here(seat rules.Seat) bool {
	hs, _ := lg.humans()
	return slices.Contains(hs, seat)
}

// askHint asks the strong bot what it would do in the shown human's place
// (key H).
func (lg *liveGame) askHint() {
	m, u := lg.play.match, lg.tbl
	if m == nil || u.Game().Over() {
		return
	}
	seat := u.Shown()
	if seat < 0 {
		u.SetMessage("A hint is for the player whose turn it is.", true)
		return
	}
	if err := m.AskHint(seat); err != nil {
		u.SetMessage(err.Error()+".", true)
		return
	}
	u.SetMessage("Thinking about a hint…", false)
}

// botWidgets adds the table's bot pieces to its widgets: the Hint button
// (key H) at the right end of the prompt while a human seat shown is to
// act, or "… bot thinking" while a bot is; and the gold frame of a hinted
// move. The prompt is shortened to make room.
func (lg *liveGame) botWidgets(ws []ui.Widget) []ui.Widget {
	m, u := lg.play.match, lg.tbl
	if m == nil || u.Game().Over() || u.InPast() {
		return ws // a past board's banner holds the prompt's place
	}
	l := u.Layout()
	pr := l.Prompt
	if lg.tester && !l.Portrait {
		pr.W = table.TesterBadge.X - 12 - pr.X
	}
	r := ui.Rect{X: pr.X + pr.W - 132, Y: pr.Y, W: 132, H: pr.H}
	if l.Portrait {
		r = l.Hint
	}
	seat := u.Game().ToAct()
	var w ui.Widget
	lv, bot := lg.botLevelOf(seat)
	switch {
	case bot:
		w = ui.Widget{R: r, Kind: ui.WText, Text: words.Title(lv.String()) + " bot thinking…", Size: 15, Align: ui.AlignCenter, Ink: ui.ColDim}
		if !m.Thinking() {
			w.Text = words.Title(lv.String()) + " bot moves"
		}
	case u.Shown() == seat:
		w = ui.Button(r, "Hint", ui.CmdTarget(ui.Command{Kind: ui.CmdHint}))
		w.Key, w.Size = ui.KeyH, 16
		w.Tip = "Ask the strong bot what it would do in your place: it sees only what you see. The hint is noted in the log."
	default:
		return ws
	}
	for i := range ws {
		if ws[i].R == pr && ws[i].Kind == ui.WText && !l.Portrait {
			ws[i].R.W -= r.W + 8
			table.FitPrompt(&ws[i]) // on two lines if it must, never cut
		}
	}
	return u.Hints().Mark(append(ws, w))
}

// hintOf is the table's hint of a hint search's answer.
func hintOf(h session.Hint) table.Hint {
	th := table.Hint{Seat: h.Seat, Action: h.Decision.Action}
	for _, o := range h.Decision.Top {
		th.Top = append(th.Top, table.Scored{Action: o.Action, Score: o.Score})
	}
	return th
}
