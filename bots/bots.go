// Package bots plays No True King for a seat: a uniformly random player,
// the steady baseline (steady.go) and an information-set Monte Carlo tree
// search (ISMCTS) that sees only what its seat may see. A bot is given a
// rules.Information — the public position, its own loyalty card and hand,
// and what the events it may read told it — never the game: every search
// iteration deals the hidden information again (the other seats' tokens
// weighed by an opponent model, opponent.go), plays down a tree shared by
// all those deals and on with a greedy playout policy to a horizon, where
// the whole result, tie-breaks included, is scored. docs/bots.md says why
// this method and what the levels cost.
//
// A choice is deterministic: the same information, level and seed give the
// same action. Budgets are counts of iterations, never time.
package bots

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"notrueking/rules"
)

// Level is how a bot plays.
type Level int

// The levels, weakest first.
const (
	Random Level = iota // a uniformly random legal action
	Steady              // the baseline: follows the shown ranking, moves nothing
	Easy                // a small search: fast and plausible
	Strong              // a larger search
	numLevels
)

var levelNames = [numLevels]string{"random", "steady", "easy", "strong"}

func (l Level) String() string {
	if l >= 0 && l < numLevels {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", int(l))
}

// Levels lists every level's name, weakest first.
func Levels() []string { return append([]string(nil), levelNames[:]...) }

// ParseLevel reads a level's name (random, steady, easy, strong).
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown bot level %q (want %s)", s, strings.Join(levelNames[:], ", "))
}

// Budget is a search's size: iterations (each one deal of the hidden
// information and one game played to its end) and how many loyalty
// arrangements it weighs when it arranges its card.
type Budget struct {
	Iterations   int
	Arrangements int
	// Rounds is how far a simulated game is played: to the end of the
	// round Rounds-1 after the current one, then scored as if it ended
	// there (0: to the end of the game).
	Rounds int
	// Yield, if set, is called before each iteration of a search: a web
	// page gives the browser its turn there (app does, on js/wasm), so a
	// long search does not freeze the tab. It must leave the search alone:
	// the decision is the same with and without it.
	Yield func()
	// Candidates is how many orders of each other seat's face-down tokens
	// a deal weighs by the opponent model (opponent.go); 0 or 1: the
	// tokens are dealt uniformly at random.
	Candidates int
	// Playout is the policy of the simulated games beyond the tree.
	Playout Playout
}

// Playout is a policy for the simulated games beyond the search tree.
type Playout int

const (
	// Uniform plays uniformly random legal actions (a loyalty card: a
	// random order).
	Uniform Playout = iota
	// Greedy arranges a card by the ranking shown and exchanges like the
	// steady bot (only to raise the score against the ranking just
	// computed, else keep); every other action is uniformly random.
	Greedy
)

// BudgetOf is the fixed budget of a level on a table of the given number
// of players: a search of a bigger table plays longer games, so its
// iterations are fewer (the strong bot answers within about a second on
// the standard table and two on the nine-house one; docs/bots.md).
func BudgetOf(l Level, players int) Budget {
	switch l {
	case Easy:
		return Budget{Iterations: 60, Arrangements: 6, Rounds: 1, Candidates: modelCandidates, Playout: Greedy}
	case Strong:
		it := 1200
		if players > 4 {
			it = 800
		}
		return Budget{Iterations: it, Arrangements: 16, Rounds: 2, Candidates: modelCandidates, Playout: Greedy}
	}
	return Budget{}
}

// Option is one action the search weighed at its root.
type Option struct {
	Action rules.Action
	Visits int
	// Value is the mean reward the search expects for the seat (0..1: half
	// the chance to win, half the score as a share of the best possible);
	// Score the mean final score it expects, in points.
	Value float64
	Score float64
}

// Decision is a bot's choice and, for a search, its best options (the
// chosen one first; at most three).
type Decision struct {
	Action rules.Action
	Top    []Option
	// Iterations the search ran.
	Iterations int
}

// Reason words the search's best options for a hint: "expected score 7.2
// (moves 41% of the time)" for up to three actions.
func (d Decision) Reason(format func(rules.Action) string) string {
	if len(d.Top) == 0 {
		return "a random legal action"
	}
	var parts []string
	for _, o := range d.Top {
		parts = append(parts, fmt.Sprintf("%s: expected score %.1f", format(o.Action), o.Score))
	}
	return strings.Join(parts, "; ")
}

// ErrNoDecision is returned when it is not the seat's turn (or the game
// is over).
var ErrNoDecision = errors.New("the seat has no decision to make")

// Decide chooses the action of the seat whose information in is, at the
// given level, deterministically from seed (and the position: the seat and
// how many actions were applied are mixed into the seed). It stops early
// with ctx's error when ctx is cancelled.
func Decide(ctx context.Context, in *rules.Information, level Level, seed uint64) (Decision, error) {
	return DecideWith(ctx, in, level, BudgetOf(level, in.Players()), seed)
}

// DecideWith is Decide with an explicit budget (tests use small ones).
func DecideWith(ctx context.Context, in *rules.Information, level Level, b Budget, seed uint64) (Decision, error) {
	seat := in.Seat()
	if in.ToAct() != seat || seat < 0 {
		return Decision{}, ErrNoDecision
	}
	r := rand.New(rand.NewPCG(seed, uint64(in.Len())<<8|uint64(seat)))
	g := in.Sample(r)
	legal := g.Legal()
	if len(legal) == 0 {
		return Decision{}, ErrNoDecision
	}
	if level == Steady {
		return Decision{Action: steady(g, legal, r)}, nil
	}
	if level == Random || b.Iterations <= 0 {
		a := legal[r.IntN(len(legal))]
		if a.Verb == rules.VArrange {
			a = rules.RandomArrangement(a, r)
		}
		return Decision{Action: a}, nil
	}
	switch legal[0].Verb {
	case rules.VArrange:
		legal = arrangements(g, legal[0], b.Arrangements, r)
	case rules.VExchange, rules.VKeep:
		legal = worthExchanging(g, legal)
	}
	if len(legal) == 1 {
		return Decision{Action: legal[0], Top: []Option{{Action: legal[0]}}}, nil
	}
	return search(ctx, in, legal, b, r)
}

// arrangements are the loyalty cards a search weighs: the houses in the
// order of the ranking shown now (the strongest house in the best slot),
// then random orders.
func arrangements(g *rules.Game, a rules.Action, n int, r *rand.Rand) []rules.Action {
	out := []rules.Action{byRanking(g, a)}
	for len(out) < max(n, 1) {
		c := rules.RandomArrangement(a, r)
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}
