package rules

import "errors"

// PreviewCombat returns the combat that move a would start, as it would
// stand before any card is played (every term of both sides), or nil when
// the move starts no combat. It never changes the game.
func (g *Game) PreviewCombat(a Action) (*CombatView, error) {
	if a.Verb != VMove {
		return nil, errors.New("only a move can start a combat")
	}
	if err := g.Check(a); err != nil {
		return nil, err
	}
	c := g.Clone()
	if err := c.do(a, true); err != nil {
		return nil, err
	}
	if f := c.top(); f != nil && f.Kind == FrameCombat {
		return c.combatView(f.Combat), nil
	}
	return nil, nil
}
