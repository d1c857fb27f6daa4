package app

import (
	"notrueking/rules"
	"notrueking/session"
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
func playRules(g *rules.Game) play { return play{on: g, game: g} }

// playSaved is the play of a session's game: read as the rules game,
// acted on through the session, which saves after every action.
func playSaved(s *session.Session) play {
	g := s.Game()
	return play{on: saving{g, s}, game: g}
}

// saving is the table's game while it is autosaved: the rules game for
// reading, the session for acting (it applies to the game, then saves).
type saving struct {
	*rules.Game
	s *session.Session
}

func (g saving) Apply(a rules.Action) ([]rules.Event, error) { return g.s.Apply(a) }
func (g saving) Undo() error                                 { return g.s.Undo() }
func (g saving) Redo() ([]rules.Event, error)                { return g.s.Redo() }
