//go:build !js

package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"

	"notrueking/board"
	"notrueking/internal/balance"
	"notrueking/internal/safefile"
	"notrueking/internal/textcheck"
	"notrueking/maps"
	"notrueking/words"
)

// cmdValidate is the "validate" command: `validate [-json] FILE`, where
// FILE is a map file or the name of a shipped map ("standard"). It prints
// a one-screen summary (or, with -json, the normalised map) to stdout and
// returns 0, or prints every problem to stderr and returns 1 (2 for a
// usage error). With -balance it then plays games from the map's setup
// and prints the balance of play (package internal/balance).
func cmdValidate(args []string, stdout, stderr io.Writer) int {
	c := newFlags("validate", stdout, stderr)
	asJSON := c.Bool("json", false, "print the normalised map as JSON")
	play := c.Bool("balance", false, "also play games from the setup and print the balance of play (cost per game and core: random, about 5 ms on nine houses; easy, about 25 s on nine houses and up to 12 s on the standard map; docs/maps.md)")
	random := c.intIn("games", 2000, 1, 1_000_000, "with -balance: random games")
	easy := c.intIn("easy", 0, 0, 10_000, "with -balance: games of easy bots at every seat")
	players := c.intIn("players", 0, minPlayers, maxPlayers, "with -balance: players per game (default: the most the map seats)")
	seed := c.Uint64("seed", 1, "with -balance: seed of the first game of each kind (game i uses seed+i)")
	jobs := c.intIn("j", min(runtime.NumCPU(), maxJobs), 1, maxJobs, "with -balance: easy games played at once (default: one per core)")
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if !*play {
		for _, f := range []string{"games", "easy", "players", "seed", "j"} {
			if c.isSet(f) {
				return c.fail("-%s goes with -balance", f)
			}
		}
	} else if *asJSON {
		return c.fail("-balance and -json do not go together")
	}
	file, code, ok := c.oneArg(pos, "FILE, a map file or a shipped map ("+strings.Join(maps.Shipped(), ", ")+")")
	if !ok {
		return code
	}
	m, err := maps.Load(file)
	if safefile.IsOpenError(err) {
		// Not a map that was read and found wrong: a usage error.
		fmt.Fprintln(stderr, err)
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		if l, ok := err.(maps.ErrorList); ok && len(l) > 1 {
			fmt.Fprintf(stderr, "%d problems\n", len(l))
		}
		return 1
	}
	if *asJSON {
		data, err := maps.JSON(m)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		stdout.Write(data)
		return 0
	}
	n := *players
	if n == 0 {
		n = m.MaxPlayers
	}
	if *play && (n < m.MinPlayers || n > m.MaxPlayers) {
		return c.fail("-players %d: the %s map seats %d to %d players", n, m.ID, m.MinPlayers, m.MaxPlayers)
	}
	writeSummary(stdout, textcheck.Escape(file), maps.Summarize(m))
	if !*play {
		return 0
	}
	o := balance.Options{Map: m, Players: n, Random: *random, Easy: *easy, Seed: *seed, Jobs: *jobs}
	if *easy > 0 {
		o.Progress = func(done int) { fmt.Fprintf(stderr, "\r%d/%d easy games", done, *easy) }
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	r, err := balance.Measure(ctx, o)
	if *easy > 0 {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return c.failed("-balance: %v", err)
	}
	writeBalance(stdout, m, r)
	return 0
}

// writeBalance prints the balance of play: per house how often it ranked
// first (alone, shared) and its mean final rank, the setup card's mean
// score and the seat positions' win shares, for the random games and the
// easy ones.
func writeBalance(w io.Writer, m *board.Map, r balance.Report) {
	card := make([]string, len(r.SetupCard))
	for i, h := range r.SetupCard {
		card[i] = m.Houses[h].Name
	}
	fmt.Fprintf(w, "balance of play: %d players, seed %d; the setup card: %s\n", r.Players, r.Seed, strings.Join(card, " "))
	for _, p := range []struct {
		what string
		balance.Part
	}{{"random", r.Random}, {"easy", r.Easy}} {
		if p.Games == 0 {
			continue
		}
		fmt.Fprintf(w, "%s, %s:\n", words.Count(p.Games, p.what+" game"), p.what)
		fmt.Fprintf(w, "  %-10s %6s %6s %6s %5s\n", "house", "first", "alone", "shared", "rank")
		for i, h := range p.Houses {
			per := 100 / float64(p.Games)
			fmt.Fprintf(w, "  %-10s %5.1f%% %5.1f%% %5.1f%% %5.2f\n", m.Houses[i].Name, 100*h.FirstShare(p.Games), per*float64(h.FirstAlone), per*float64(h.FirstShared), h.MeanRank)
		}
		fmt.Fprintf(w, "  the setup card scores %.2f of %d on average\n", p.CardScore, r.Best)
		fmt.Fprintf(w, "  %-10s %6s %-17s (1/%d = %.1f%%)\n", "seat", "wins", "95% interval", len(p.Seats), 100/float64(len(p.Seats)))
		for i, s := range p.Seats {
			fmt.Fprintf(w, "  %-10s %5.1f%% [%5.1f%%, %5.1f%%]\n", m.ConspiracyNames[i], 100*s.Wins/float64(p.Games), 100*s.Lo, 100*s.Hi)
		}
	}
}

// writeSummary prints the one-screen summary of a valid map read from
// file, ending with the balance report.
func writeSummary(w io.Writer, file string, s maps.Summary) {
	fmt.Fprintf(w, "%s: %s (%s): valid\n", file, s.Name, s.ID)
	fmt.Fprintf(w, "territories  %d: %d land, %d sea, %d port, %d road\n", s.Territories, s.Kinds[board.Land], s.Kinds[board.Sea], s.Kinds[board.Port], s.Kinds[board.Road])
	fmt.Fprintf(w, "icons        %d crowns, %d barrels, %d castles, %d towns\n", s.Crowns, s.Barrels, s.Castles, s.Towns)
	fmt.Fprintf(w, "adjacency    %d pairs; grid %d×%d, %d touching pairs\n", s.Pairs, s.GridW, s.GridH, s.Touching)
	fmt.Fprintf(w, "exceptions   %d\n", len(s.Exceptions))
	for _, e := range s.Exceptions {
		fmt.Fprintf(w, "  %s / %s: %s\n", e.A, e.B, e.Reason)
	}
	for _, r := range s.Rivers {
		var bs []string
		for _, b := range r.Bridges {
			bs = append(bs, b[0]+" / "+b[1])
		}
		fmt.Fprintf(w, "river        %s: %d borders blocked; bridges: %s\n", r.Name, r.Blocked, strings.Join(bs, ", "))
	}
	fmt.Fprintf(w, "players      %d-%d; conspiracies %s\n", s.MinPlayers, s.MaxPlayers, strings.Join(s.Conspiracies, ", "))
	slots := make([]string, len(s.LoyaltySlots))
	for i, v := range s.LoyaltySlots {
		slots[i] = fmt.Sprint(v)
	}
	fmt.Fprintf(w, "loyalty      %s\n", strings.Join(slots, " "))
	fmt.Fprintf(w, "houses       %d\n", len(s.Houses))
	for _, h := range s.Houses {
		fmt.Fprintf(w, "  %-10s rank %d  %s  home %-12s %d cards  start %d footmen %d knights %d ships  limits %d/%d/%d/%d\n",
			h.Name, h.Rank, h.Color, h.Home, h.Cards, h.Start[board.Footman], h.Start[board.Knight], h.Start[board.Ship],
			h.Limits[board.Footman], h.Limits[board.Knight], h.Limits[board.Ship], h.Limits[board.Dragon])
	}
	fmt.Fprintf(w, "balance      (%s: lands crowns castles towns barrels; starting units; rank)\n", s.BalanceOf)
	for _, b := range append(s.Balance, s.Spread) {
		fmt.Fprintf(w, "  %-10s %5d %6d %7d %5d %7d %6d %5d\n", b.House, b.Lands, b.Crowns, b.Castles, b.Towns, b.Barrels, b.Units, b.Rank)
	}
}
