//go:build !js

package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"

	"notrueking/board"
	"notrueking/bots"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/store"
	"notrueking/words"
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
	playout := c.String("playout", "greedy", "the searches' playout policy: greedy (the levels' own) or uniform (to measure it)")
	deal := c.String("deal", "model", "how the searches deal the other seats' face-down tokens: model (the levels' own) or uniform (to measure it)")
	records := c.String("records", "", "write every game's record into this folder (game-NNN-seed-S.ntk; a file that exists is refused, nothing is overwritten)")
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
	if *playout != "greedy" && *playout != "uniform" {
		return fail("-playout %q: want greedy or uniform", *playout)
	}
	if *deal != "model" && *deal != "uniform" {
		return fail("-deal %q: want model or uniform", *deal)
	}
	t := bots.Tournament{Map: m, Players: s.players, Games: s.games, Entries: levels, Seed: s.seed, Jobs: *jobs, Variant: s.variant}
	if *playout == "uniform" || *deal == "uniform" {
		t.Budget = func(l bots.Level, players int) bots.Budget {
			b := bots.BudgetOf(l, players)
			if *playout == "uniform" {
				b.Playout = bots.Uniform
			}
			if *deal == "uniform" {
				b.Candidates = 0
			}
			return b
		}
	}
	if *records != "" {
		keep, err := recordKeeper(*records, s.games, s.seed, s.mapName, m)
		if err != nil {
			return fail("-records: %v", err)
		}
		t.Keep = keep
	}
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
	writeTournament(stdout, t.Summarize(rs), t.Variant)
	return 0
}

// recordFile is the name of game i's record in a tournament's -records
// folder.
func recordFile(dir string, i int, seed uint64) string {
	return filepath.Join(dir, fmt.Sprintf("game-%03d-seed-%d.ntk", i+1, seed+uint64(i)))
}

// recordKeeper makes the folder dir if need be (for games on map m, read
// with maps.Load(mapArg)), checks that it is one and that none of the games'
// record files exists yet (before any game is played, so a refusal
// changes nothing), and returns the writer of each game's record: atomic,
// and refusing a file that appeared since.
func recordKeeper(dir string, games int, seed uint64, mapArg string, m *board.Map) (func(int, rules.Record) error, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	st, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", dir)
	}
	for i := range games {
		if _, err := os.Lstat(recordFile(dir, i, seed)); err == nil {
			return nil, fmt.Errorf("%s exists: nothing is overwritten (another folder, or another -seed)", recordFile(dir, i, seed))
		}
	}
	return func(i int, rec rules.Record) error {
		// The map line as every other record names it (a shipped map's
		// version, a map file's path from the folder and its hash), so
		// the record replays on the map it was played on.
		records.SetMap(&rec, recordFile(dir, i, seed), mapArg, m)
		var b bytes.Buffer
		if err := rec.Write(&b); err != nil {
			return err
		}
		return store.WriteFile(recordFile(dir, i, seed), b.Bytes(), 0o644, false)
	}, nil
}

// writeTournament prints the tournament's table (its first line names the
// map, the players, the games, the seed and a variant v other than the plain game): per entry (seat of
// -seats) wins, win rate with its 95 % interval and mean score; per house
// mean final rank and how often it ranked first; per level the mean
// seconds per decision.
func writeTournament(w io.Writer, s bots.Summary, v rules.Variant) {
	variant := ""
	if v != rules.Plain {
		variant = ", variant " + v.String()
	}
	fmt.Fprintf(w, "map %s, %d players, %d games, seed %d%s\n", s.Map, s.Players, s.Games, s.Seed, variant)
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
	var won []string
	for by, n := range s.By {
		won = append(won, fmt.Sprintf("%s %d", rules.Decider(by), n))
	}
	fmt.Fprintf(w, "won on: %s\n", strings.Join(won, ", "))
	var rev []string
	for i, e := range s.Entries {
		rev = append(rev, fmt.Sprintf("seat %d %.2f", i+1, e.Reveals))
	}
	fmt.Fprintf(w, "reveals per game: %s\n", strings.Join(rev, ", "))
	fmt.Fprintf(w, "combats per game: %.2f\n", s.Combats)
	fmt.Fprintf(w, "final ranking keeps the setup order: %d of %s (%.1f%%)\n", s.SetupOrder, words.Count(s.Games, "game"), 100*float64(s.SetupOrder)/float64(max(s.Games, 1)))
}
