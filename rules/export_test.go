package rules

// StateForTest exposes a game's state to the package's external tests
// (compiled only with them): the property tests change secrets of a clone
// and check that no other seat's view changes. Nothing outside the tests
// can reach the state.
func (g *Game) StateForTest() *state { return &g.st }
