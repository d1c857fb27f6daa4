package rules

// StateForTest exposes a game's state to the package's external tests
// (compiled only with them): the property tests change secrets of a clone
// and check that no other seat's view changes. Nothing outside the tests
// can reach the state.
func (g *Game) StateForTest() *state { return &g.st }

// SameJSON and FirstDiff are the package's comparisons (same_test.go)
// for its external tests.
var (
	SameJSON  = sameJSON
	FirstDiff = firstDiff
)

// SamePosition reports whether two positions are the same, every secret
// included, and else where they first differ.
func SamePosition(a, b Position) (bool, string) { return sameStates(a.s, b.s) }

// LogLens is how many log lines each viewer (Public, then every seat)
// reads, as View words them: the log is append-only, so its length
// stands for it.
func (g *Game) LogLens() []int {
	out := make([]int, 0, len(g.st.Players)+2)
	for seat := Public; seat < g.numSeats(); seat++ {
		key := seat
		if g.Over() {
			key = allSeats // as View: at the end every seat reads everything
		}
		out = append(out, len(g.logFor(key)))
	}
	return append(out, len(g.st.Log))
}

// StateForTests names the state type for the external tests' helpers.
type StateForTests = state
