package start

import (
	"time"

	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/live"
	"notrueking/session"
	"notrueking/ui"
)

// Bot seats: any seat may be played by a bot (package bots) at a level,
// or — in a hosted game — by a player who joins from another device. The
// start screen chooses them here; the game's match (session.Match, below
// the window) runs them (package live).

// Human marks a seat played at the table in Options.Bots and the start
// screen's seat list.
const Human = -1

// DefaultPause is the pause between two bot moves.
const DefaultPause = session.DefaultPause

// Pauses are the pauses the start screen cycles through.
var Pauses = []time.Duration{0, 250 * time.Millisecond, DefaultPause, 1200 * time.Millisecond, 2500 * time.Millisecond}

// Remote marks a seat played from another device that joins the game
// (a hosted game's seat list).
const Remote = -2

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

// seats is the start screen's choice of who plays each seat and how
// long the table pauses between two bot moves.
type seats struct {
	level [9]int // per seat: Human, Remote or a bots.Level
	pause time.Duration
}

// newSeats takes the options' seats (-bots; Remote only where this build
// can host) and pause (-bot-pause).
func newSeats(o Options) seats {
	c := seats{pause: DefaultPause}
	for i := range c.level {
		c.level[i] = Human
		if i < len(o.Bots) && (o.Bots[i] >= 0 && o.Bots[i] < len(bots.Levels()) || o.Bots[i] == Remote && o.CanHost) {
			c.level[i] = o.Bots[i]
		}
	}
	if o.BotPause > 0 {
		c.pause = o.BotPause
	}
	return c
}

// do answers the start screen's bot commands: a seat's player (cycling
// its level; Remote when the game is hosted) and the pause between bot
// moves.
func (c *seats) do(cmd ui.Command, hosted bool) {
	switch cmd.Kind {
	case ui.CmdSeatLevel:
		if cmd.N >= 0 && cmd.N < len(c.level) {
			c.level[cmd.N] = nextSeatLevel(c.level[cmd.N], hosted)
		}
	case ui.CmdBotPause:
		k := 0
		for i, p := range Pauses {
			if p <= c.pause {
				k = i
			}
		}
		c.pause = Pauses[(k+1)%len(Pauses)]
	}
}

// seatsOf names who plays each seat of levels (per seat Human, Remote or
// a bots.Level) as a setup does: gamefile.SeatHuman, gamefile.SeatRemote
// or a bot level's name.
func seatsOf(levels []int) []string {
	out := make([]string, len(levels))
	for i, l := range levels {
		switch {
		case l == Human:
			out[i] = gamefile.SeatHuman
		case l == Remote:
			out[i] = gamefile.SeatRemote
		default:
			out[i] = bots.Level(l).String()
		}
	}
	return out
}

// Saved is the seating of a saved game of n seats (gamefile.Meta.Seats,
// already checked by gamefile.Decode; its bots' pause; seed for the bots).
// The command line's -bots and -bot-pause (o), when given, win over the
// save: a tester can take a bot's seat or hand one to a bot.
func Saved(o Options, saved []string, pause time.Duration, n int, seed uint64) live.Seating {
	given := newSeats(o)
	lv := make([]int, n)
	for i := range lv {
		lv[i] = Human
		switch {
		case o.Bots != nil && i < len(given.level):
			lv[i] = given.level[i]
		case i < len(saved) && saved[i] == gamefile.SeatRemote:
			lv[i] = Remote
		case i < len(saved):
			if l, err := bots.ParseLevel(saved[i]); err == nil {
				lv[i] = int(l)
			}
		}
	}
	if o.BotPause > 0 || pause <= 0 {
		pause = given.pause
	}
	return Next{Setup: gamefile.Setup{Seats: seatsOf(lv)}, Pause: pause}.Seating(seed)
}
