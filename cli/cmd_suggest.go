//go:build !js

package cli

import (
	"context"
	"fmt"
	"io"

	"notrueking/bots"
	"notrueking/rules"
)

// cmdSuggest is the suggest command: the move a bot would make for the
// seat to act in a record's game (after N of its actions with -at), as a
// record line on stdout. The bot sees only that seat's information. With
// -why the search's best options and their expected scores go to stderr.
func cmdSuggest(args []string, stdout, stderr io.Writer) int {
	c := newFlags("suggest", stdout, stderr)
	load := c.String("load", "", "record file of the game")
	at := c.intIn("at", -1, 0, maxAt, "the position after this many actions (default: the last)")
	level := c.String("level", "strong", "bot level: random, easy or strong")
	seed := c.Uint64("seed", 1, "the bot's seed (same record, position, level and seed: same move)")
	why := c.Bool("why", false, "also write the search's best options to stderr")
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return c.unexpected(pos[0])
	}
	if *load == "" {
		return c.fail("-load RECORD is required (%s)", c.usage())
	}
	lv, err := bots.ParseLevel(*level)
	if err != nil {
		return c.fail("-level: %v", err)
	}
	g, err := loadGameAt("suggest", *load, *at, stderr)
	if err != nil {
		return c.fail("%v", err)
	}
	m := g.Map()
	seat := g.ToAct()
	if seat < 0 {
		return c.failed("the game is over after %d actions: no move to suggest", g.Len())
	}
	d, err := bots.Decide(context.Background(), g.Information(seat), lv, *seed)
	if err != nil {
		return c.failed("%v", err)
	}
	fmt.Fprintln(stdout, d.Action.Format(m))
	if *why {
		fmt.Fprintf(stderr, "%s bot for %s after %d actions, %d iterations: %s\n", lv, g.Seats()[seat], g.Len(), d.Iterations, d.Reason(func(a rules.Action) string { return a.Format(m) }))
	}
	return 0
}
