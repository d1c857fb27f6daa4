package app

import (
	"fmt"
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/live"
	"notrueking/session"
	"notrueking/ui"
	"notrueking/words"
)

// Bot seats: any seat may be played by a bot (package bots) at a level.
// The start screen chooses them here; the game's match (session.Match,
// below the window) runs them (package live).

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

// seatingOf is the seating of levels (per seat Human or a bots.Level):
// nil players when every seat is human.
func seatingOf(levels []int, pause time.Duration, seed uint64) live.Seating {
	st := live.Seating{Pause: pause, Seed: seed}
	for i, l := range levels {
		if l == Human {
			continue
		}
		who := gamefile.SeatRemote
		if l >= 0 {
			who = bots.Level(l).String()
		}
		if st.Players == nil {
			st.Players = make([]string, len(levels))
			for j := range st.Players {
				st.Players[j] = gamefile.SeatHuman
			}
		}
		st.Players[i] = who
	}
	return st
}

// botDriver is the seating chosen on the start screen for a game of n
// players.
func (s *startScene) botDriver(n int, seed uint64) live.Seating {
	c := s.bots
	lv := make([]int, n)
	copy(lv, c.level[:min(n, len(c.level))])
	return seatingOf(lv, c.pause, seed)
}

// savedBots is the seating of a saved game (gamefile.Meta.Seats, already
// checked by gamefile.Decode). The command line's -bots and -bot-pause,
// when given, win over the save: a tester can take a bot's seat or hand
// one to a bot.
func savedBots(o Options, seats []string, pause time.Duration, n int, tester bool, seed uint64) live.Seating {
	if !tester {
		seed = secretSeed()
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
