package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"

	"notrueking/bots"
	"notrueking/maps"
	"notrueking/render"
)

const botsUsage = "usage: notrueking bots -map MAP -players N -games G -seats LEVEL,LEVEL,... [-seed S] [-j CORES]"

// botsMain is `notrueking bots`: a tournament of bots, headless. It prints
// per seat (entry of -seats) wins, win rate with a 95 % interval and mean
// score; per house mean final rank and how often it ranked first; per
// level the mean seconds per decision. Entries rotate over the seats.
func botsMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("notrueking bots", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapName := fs.String("map", "standard", "map name or map file path")
	players := fs.Int("players", 4, "players per game")
	games := fs.Int("games", 40, "number of games")
	seats := fs.String("seats", "", "one level per seat, comma-separated: "+strings.Join(bots.Levels(), ", "))
	seed := fs.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	jobs := fs.Int("j", runtime.NumCPU(), "games played at once (one per core)")
	quiet := fs.Bool("q", false, "no progress line on stderr")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "notrueking bots: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q (%s)", short(fs.Arg(0)), botsUsage)
	}
	if *games < 1 || *jobs < 1 {
		return fail("-games and -j must be at least 1 (%s)", botsUsage)
	}
	m, err := maps.Load(*mapName)
	if err != nil {
		return fail("-map: %s", firstProblem(err))
	}
	if *players < m.MinPlayers || *players > m.MaxPlayers {
		return fail("-players %d: the %s map seats %d to %d players", *players, m.ID, m.MinPlayers, m.MaxPlayers)
	}
	var levels []bots.Level
	for _, s := range strings.Split(*seats, ",") {
		l, err := bots.ParseLevel(s)
		if err != nil {
			return fail("-seats: %v", err)
		}
		levels = append(levels, l)
	}
	if len(levels) != *players {
		return fail("-seats names %d levels for %d players (%s)", len(levels), *players, botsUsage)
	}
	t := bots.Tournament{Map: m, Players: *players, Games: *games, Entries: levels, Seed: *seed, Jobs: *jobs}
	if !*quiet {
		t.Progress = func(done int) { fmt.Fprintf(stderr, "\r%d/%d games", done, *games) }
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rs, err := t.Run(ctx)
	if !*quiet {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		fmt.Fprintln(stderr, "notrueking bots:", err)
		return 1
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

// seatPlayers reads -bots: per seat human or a bot level.
func seatPlayers(list string) ([]int, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var out []int
	for _, s := range strings.Split(list, ",") {
		if strings.EqualFold(strings.TrimSpace(s), "human") || strings.TrimSpace(s) == "" {
			out = append(out, render.Human)
			continue
		}
		l, err := bots.ParseLevel(s)
		if err != nil {
			return nil, fmt.Errorf("%v (or human)", err)
		}
		out = append(out, int(l))
	}
	return out, nil
}
