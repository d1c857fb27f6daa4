package main

import (
	"flag"
	"fmt"
	"io"
	"time"

	"notrueking/maps"
	"notrueking/rules"
)

// selfplayMain is `notrueking selfplay`: random legal games, headless, to
// measure the engine and to check that it stays deterministic.
func selfplayMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("notrueking selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapName := fs.String("map", "standard", "map name or map file path")
	players := fs.Int("players", 4, "players per game")
	games := fs.Int("games", 1000, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *games < 1 {
		fmt.Fprintln(stderr, "usage: notrueking selfplay [-map MAP] [-players N] [-games G] [-seed S]")
		return 2
	}
	m, err := maps.Load(*mapName)
	if err != nil {
		fmt.Fprintln(stderr, "notrueking selfplay:", err)
		return 2
	}
	start := time.Now()
	res, err := rules.SelfPlay(m, *players, *games, *seed)
	took := time.Since(start)
	if err != nil {
		fmt.Fprintln(stderr, "notrueking selfplay:", err)
		return 1
	}
	fmt.Fprintf(stdout, "map %s, %d players, seed %d\n", m.ID, *players, *seed)
	fmt.Fprintf(stdout, "games %d actions %d games/s %.0f checksum %016x\n",
		res.Games, res.Actions, float64(res.Games)/took.Seconds(), res.Checksum)
	return 0
}
