//go:build !js

package cli

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
	s := addSeries(c, 1000, 1_000_000)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return c.unexpected(pos[0])
	}
	m, err := maps.Load(s.mapName)
	if err != nil {
		return c.fail("-map: %s", firstProblem(err))
	}
	if s.players < m.MinPlayers || s.players > m.MaxPlayers {
		return c.fail("-players %d: the %s map seats %d to %d players", s.players, m.ID, m.MinPlayers, m.MaxPlayers)
	}
	start := time.Now()
	res, err := rules.SelfPlayVariant(m, s.variant, s.players, s.games, s.seed, nil)
	took := time.Since(start)
	if err != nil {
		return c.failed("%v", err)
	}
	variant := ""
	if s.variant != rules.Plain {
		variant = ", variant " + s.variant.String()
	}
	fmt.Fprintf(stdout, "map %s, %d players, seed %d%s\n", m.ID, s.players, s.seed, variant)
	fmt.Fprintf(stdout, "games %d actions %d games/s %.0f checksum %016x\n",
		res.Games, res.Actions, float64(res.Games)/took.Seconds(), res.Checksum)
	return 0
}
