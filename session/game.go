package session

import (
	"notrueking/feed"
	"notrueking/rules"
)

// Change is how a game moved.
type Change int

const (
	// Started: the game's files start from the game as it stands.
	Started Change = iota
	// Grew: an action was taken (Apply, Redo).
	Grew
	// Shrank: the last action was taken back (Undo).
	Shrank
)

// Observer follows a Game: it is told each change once, after the engine
// made it. An observer keeps its own failure (for the window's banner) and
// never stops the game or the observers after it.
type Observer interface {
	Moved(g *rules.Game, c Change)
}

// Moved autosaves the change: Grew appends the new action, Shrank cuts the
// save back (see Apply, Undo). Started writes nothing: a new save's first
// write is Save, and a resumed save stands as it is.
func (s *Session) Moved(_ *rules.Game, c Change) {
	switch c {
	case Grew:
		s.autosave(true)
	case Shrank:
		s.autosave(false)
	}
}

// Game is a game being played whose files follow it, one chain from the
// engine's Apply: the rules game for reading; Apply, Undo and Redo act on
// it and then tell each observer in turn — the autosave (a Session), the
// -record file (RecordFile), the streamer's overlay — so that each file is
// written once per move, from one place, whoever moved (a click, a key, a
// bot). A Match holds one and acts through it.
type Game struct {
	*rules.Game
	obs []Observer
}

// NewGame is g followed by obs, in order (nil observers are left out).
func NewGame(g *rules.Game, obs ...Observer) *Game {
	c := &Game{Game: g}
	for _, o := range obs {
		if o != nil {
			c.obs = append(c.obs, o)
		}
	}
	return c
}

// Start tells every observer the game as it stands (Started).
func (c *Game) Start() { c.tell(Started) }

func (c *Game) tell(ch Change) {
	for _, o := range c.obs {
		o.Moved(c.Game, ch)
	}
}

// A Talker is an observer that keeps the table's talk (the autosave).
type Talker interface {
	Talked(l feed.TalkLine) error
}

// Talk tells each observer that keeps the table's talk a line said.
func (c *Game) Talk(l feed.TalkLine) {
	for _, o := range c.obs {
		if t, ok := o.(Talker); ok {
			t.Talked(l)
		}
	}
}

// Apply applies a; when the engine accepts it, each observer follows.
// The engine's refusal changes nothing and writes nothing.
func (c *Game) Apply(a rules.Action) ([]rules.Event, error) {
	evs, err := c.Game.Apply(a)
	if err != nil {
		return nil, err
	}
	c.tell(Grew)
	return evs, nil
}

// Undo takes the last action back (the engine's refusal changes nothing),
// then each observer follows.
func (c *Game) Undo() error {
	if err := c.Game.Undo(); err != nil {
		return err
	}
	c.tell(Shrank)
	return nil
}

// Redo applies the action last undone again, then each observer follows.
func (c *Game) Redo() ([]rules.Event, error) {
	evs, err := c.Game.Redo()
	if err != nil {
		return nil, err
	}
	c.tell(Grew)
	return evs, nil
}
