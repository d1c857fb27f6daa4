package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"notrueking/bots"
	"notrueking/internal/safefile"
	"notrueking/maps"
	"notrueking/records"
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
	f, err := safefile.Open(*load, rules.MaxRecordSize)
	if err != nil {
		return fail(1, "%v", err)
	}
	defer f.Close()
	rec, err := rules.ParseRecord(f)
	if err != nil {
		return fail(1, "%s: %v", *load, err)
	}
	m, err := records.LoadMap(maps.ShippedFS(), filepath.Dir(*load), rec.Map, rec.MapSHA256)
	if err != nil {
		return fail(1, "%s: %v", *load, err)
	}
	g, _, _, err := rules.ReplayRecord(m, rec)
	if err != nil {
		return fail(1, "%s: %v", *load, err)
	}
	if *at >= 0 {
		if g, err = g.At(*at); err != nil {
			return fail(1, "-at %d: %v", *at, err)
		}
	}
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
