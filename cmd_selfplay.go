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
	s := addSeries(c, 1000)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return c.unexpected(pos[0])
	}
	if s.games < 1 {
		return c.fail("-games must be at least 1 (%s)", c.usage())
	}
	m, err := maps.Load(s.mapName)
	if err != nil {
		return c.fail("%v", err)
	}
	start := time.Now()
	res, err := rules.SelfPlay(m, s.players, s.games, s.seed)
	took := time.Since(start)
	if err != nil {
		return c.failed("%v", err)
	}
	fmt.Fprintf(stdout, "map %s, %d players, seed %d\n", m.ID, s.players, s.seed)
	fmt.Fprintf(stdout, "games %d actions %d games/s %.0f checksum %016x\n",
		res.Games, res.Actions, float64(res.Games)/took.Seconds(), res.Checksum)
	return 0
}
