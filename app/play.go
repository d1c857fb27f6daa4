package app

import (
	"notrueking/rules"
	"notrueking/table"
)

// play is a game on the table: on is what the table reads and acts on
// (the rules game itself, the autosave session in front of it, or a
// scripted engine), game the rules game behind it (nil for a scripted
// engine), which saves and records are written from.
type play struct {
	on   table.Game
	game *rules.Game
}

// playOf is the play of an engine that acts for itself, with no rules game
// to save (a scripted engine).
func playOf(e table.Game) play { return play{on: e} }

// playRules is the play of a rules game played without saves.
func playRules(g *rules.Game) play { return play{on: rules.HotSeat(g), game: g} }
