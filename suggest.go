package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"notrueking/bots"
	"notrueking/rules"
)

const suggestUsage = "usage: notrueking suggest -load RECORD [-at N] [-level random|easy|strong] [-seed S] [-why]"

// suggestMain is `notrueking suggest`: the move a bot would make for the
// seat to act in a record's game (after N of its actions with -at), as a
// record line on stdout. The bot sees only that seat's information. With
// -why the search's best options and their expected scores go to stderr.
func suggestMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("notrueking suggest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	load := fs.String("load", "", "record file of the game")
	at := fs.Int("at", -1, "the position after this many actions (default: the last)")
	level := fs.String("level", "strong", "bot level: random, easy or strong")
	seed := fs.Uint64("seed", 1, "the bot's seed (same record, position, level and seed: same move)")
	why := fs.Bool("why", false, "also write the search's best options to stderr")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "notrueking suggest: "+format+"\n", a...)
		return code
	}
	if fs.NArg() > 0 || *load == "" {
		return fail(2, "%s", suggestUsage)
	}
	lv, err := bots.ParseLevel(*level)
	if err != nil {
		return fail(2, "-level: %v", err)
	}
	g, err := loadGameAt("suggest", *load, *at, stderr)
	if err != nil {
		return fail(1, "%v", err)
	}
	m := g.Map()
	seat := g.ToAct()
	if seat < 0 {
		return fail(1, "the game is over after %d actions: no move to suggest", g.Len())
	}
	d, err := bots.Decide(context.Background(), g.Information(seat), lv, *seed)
	if err != nil {
		return fail(1, "%v", err)
	}
	fmt.Fprintln(stdout, d.Action.Format(m))
	if *why {
		fmt.Fprintf(stderr, "%s bot for %s after %d actions, %d iterations: %s\n", lv, g.Seats()[seat], g.Len(), d.Iterations, d.Reason(func(a rules.Action) string { return a.Format(m) }))
	}
	return 0
}
