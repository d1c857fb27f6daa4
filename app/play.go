package app

import (
	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
)

// play is a game on the table: on is what the table reads and acts on
// (the match's desk, or a scripted engine), game the rules game behind it
// (nil for a scripted engine), match what runs it (its files and bots; nil
// for a scripted engine or a game not yet open) and files the files it
// writes.
type play struct {
	on    table.Game
	game  *rules.Game
	match *session.Match
	files *session.Files
}

// playOf is the play of an engine that acts for itself, with no rules game
// to save (a scripted engine).
func playOf(e table.Game) play { return play{on: e} }

// playRules is the play of a rules game, before its match is open.
func playRules(g *rules.Game) play { return play{on: rules.HotSeat(g), game: g} }
