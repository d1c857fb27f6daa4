package rules

import (
	"fmt"
	"slices"
)

// CombatResult returns the combat that ended with the n-th action (the
// action that took the game from At(n-1) to At(n)) as it was decided: the
// winner, both sides' deciding powers and every term, and the cards played.
// It is nil when no combat ended in that action. The casualties, retreat
// and occupation are that action's events (and the earlier ones of the
// same combat) in the log. The game itself does not change: the action is
// replayed on a copy, watching the combats open before it.
func (g *Game) CombatResult(n int) (cv *CombatView, err error) {
	if n < 1 || n > len(g.actions) {
		return nil, fmt.Errorf("there is no action %d: the game has %d", n, len(g.actions))
	}
	c, err := g.At(n - 1)
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			cv, err = nil, fmt.Errorf("action %d does not replay: %v", n, r)
		}
	}()
	a := g.actions[n-1]
	c.acting = len(c.actions) + 1
	// Every combat open before the action or started by it: the frames
	// are popped when a combat ends, but the combats they point to keep
	// their deciding powers and terms.
	var open []*combat
	watch := func() {
		for _, f := range c.st.Stack {
			if f.Kind == FrameCombat && f.Combat != nil && !slices.Contains(open, f.Combat) {
				open = append(open, f.Combat)
			}
		}
	}
	watch()
	if err := c.do(a, true); err != nil {
		return nil, fmt.Errorf("action %d does not replay: %v", n, err)
	}
	watch()
	c.actions = append(c.actions, a)
	c.advance()
	for _, cb := range open {
		still := false
		for _, f := range c.st.Stack {
			still = still || f.Combat == cb
		}
		if !still && cb.Winner >= 0 {
			return c.combatView(cb), nil
		}
	}
	return nil, nil
}
