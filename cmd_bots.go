package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"

	"notrueking/bots"
	"notrueking/maps"
)

// cmdBots is the bots command: a tournament of bots, headless. It prints
// per seat (entry of -seats) wins, win rate with a 95 % interval and mean
// score; per house mean final rank and how often it ranked first; per
// level the mean seconds per decision. Entries rotate over the seats.
func cmdBots(args []string, stdout, stderr io.Writer) int {
	c := newFlags("bots", stdout, stderr)
	s := addSeries(c, 40, 100_000)
	seats := c.String("seats", "", "one level per seat, comma-separated: "+strings.Join(bots.Levels(), ", "))
	jobs := c.intIn("j", min(runtime.NumCPU(), maxJobs), 1, maxJobs, "games played at once (default: one per core)")
	quiet := c.Bool("q", false, "no progress line on stderr")
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	fail := c.fail
	if len(pos) > 0 {
		return c.unexpected(pos[0])
	}
	m, err := maps.Load(s.mapName)
	if err != nil {
		return fail("-map: %s", firstProblem(err))
	}
	if s.players < m.MinPlayers || s.players > m.MaxPlayers {
		return fail("-players %d: the %s map seats %d to %d players", s.players, m.ID, m.MinPlayers, m.MaxPlayers)
	}
	var levels []bots.Level
	for _, s := range strings.Split(*seats, ",") {
		l, err := bots.ParseLevel(s)
		if err != nil {
			return fail("-seats: %v", err)
		}
		levels = append(levels, l)
	}
	if len(levels) != s.players {
		return fail("-seats names %d levels for %d players (%s)", len(levels), s.players, c.usage())
	}
	t := bots.Tournament{Map: m, Players: s.players, Games: s.games, Entries: levels, Seed: s.seed, Jobs: *jobs}
	if !*quiet {
		t.Progress = func(done int) { fmt.Fprintf(stderr, "\r%d/%d games", done, s.games) }
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rs, err := t.Run(ctx)
	if !*quiet {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return c.failed("%v", err)
	}
	writeTournament(stdout, t.Summarize(rs))
	return 0
}

// writeTournament prints the tournament's table: per entry (seat of
// -seats) wins, win rate with its 95 % interval and mean score; per house
// mean final rank and how often it ranked first; per level the mean
// seconds per decision.
func writeTournament(w io.Writer, s bots.Summary) {
	fmt.Fprintf(w, "map %s, %d players, %d games, seed %d\n", s.Map, s.Players, s.Games, s.Seed)
	fmt.Fprintf(w, "%-6s %-7s %7s %7s %-17s %6s\n", "seat", "level", "wins", "rate", "95% interval", "score")
	for i, e := range s.Entries {
		fmt.Fprintf(w, "%-6d %-7s %7.1f %6.1f%% [%5.1f%%, %5.1f%%] %6.2f\n", i+1, e.Level, e.Wins, e.WinPercent, 100*e.Lo, 100*e.Hi, e.MeanScore)
	}
	fmt.Fprintf(w, "%-12s %9s %7s\n", "house", "mean rank", "first")
	for _, h := range s.Houses {
		fmt.Fprintf(w, "%-12s %9.2f %6.1f%%\n", h.House, h.MeanRank, h.FirstPercent)
	}
	for _, l := range s.Levels {
		fmt.Fprintf(w, "%-7s %d decisions, %.4f s per decision (slowest %.3f s)\n", l.Level, l.Decisions, l.MeanSeconds, l.Slowest)
	}
}
