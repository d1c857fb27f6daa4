package rules

import (
	"fmt"

	"notrueking/board"
)

// Restore rebuilds a game from its map, configuration and a State (for
// example one decoded from JSON), with actions as its history. It checks
// that the state fits the map and the configuration; it does not replay
// the actions.
func Restore(m *board.Map, cfg Config, s State, actions []Action) (*Game, error) {
	g, err := New(m, cfg)
	if err != nil {
		return nil, err
	}
	nt, nh, np := len(m.Territories), len(m.Houses), len(cfg.Players)
	switch {
	case len(s.Players) != np:
		return nil, fmt.Errorf("the saved game has %d players, the configuration %d", len(s.Players), np)
	case len(s.Units) != nt || len(s.Flags) != nt || len(s.Forts) != nt:
		return nil, fmt.Errorf("the saved game does not fit the %s map's %d territories", m.Name, nt)
	case len(s.Slots) != nh || len(s.Decks) != nh || len(s.Discards) != nh || len(s.Dragons) != nh:
		return nil, fmt.Errorf("the saved game does not fit the %s map's %d houses", m.Name, nh)
	}
	for t := range s.Units {
		if len(s.Units[t]) != nh {
			return nil, fmt.Errorf("the saved game does not fit the %s map's %d houses", m.Name, nh)
		}
	}
	for i, p := range s.Players {
		if len(p.Loyalty) != nh || len(p.Revealed) != nh {
			return nil, fmt.Errorf("player %d's loyalty card does not fit the map", i+1)
		}
		for _, c := range p.Hand {
			if c < 0 || c >= m.NumCards() {
				return nil, fmt.Errorf("player %d holds unknown card %d", i+1, c)
			}
		}
	}
	g.st = s.clone()
	g.logGen++
	g.actions = append([]Action(nil), actions...)
	g.rebase("the game was restored from a saved state here")
	return g, nil
}
