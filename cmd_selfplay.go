package main

import (
	"fmt"
	"io"
	"time"

	"notrueking/maps"
	"notrueking/rules"
)

// cmdSelfplay is the selfplay command: random legal games, headless, to
// measure the engine and to check that it stays deterministic.
func cmdSelfplay(args []string, stdout, stderr io.Writer) int {
	c := newFlags("selfplay", stdout, stderr)
	mapName := c.String("map", "standard", "map name or map file path")
	players := c.Int("players", 4, "players per game")
	games := c.Int("games", 1000, "number of games")
	seed := c.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return c.unexpected(pos[0])
	}
	if *games < 1 {
		return c.fail("-games must be at least 1 (%s)", c.usage())
	}
	m, err := maps.Load(*mapName)
	if err != nil {
		return c.fail("%v", err)
	}
	start := time.Now()
	res, err := rules.SelfPlay(m, *players, *games, *seed)
	took := time.Since(start)
	if err != nil {
		return c.failed("%v", err)
	}
	fmt.Fprintf(stdout, "map %s, %d players, seed %d\n", m.ID, *players, *seed)
	fmt.Fprintf(stdout, "games %d actions %d games/s %.0f checksum %016x\n",
		res.Games, res.Actions, float64(res.Games)/took.Seconds(), res.Checksum)
	return 0
}
