package bots

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"notrueking/board"
	"notrueking/rules"
)

// Tournament is a series of bot games on one map.
type Tournament struct {
	Map     *board.Map
	Players int
	Games   int
	// Entries are the competitors' levels, one per seat. Game i puts entry
	// e on seat (e+i) mod Players, so every entry sits at every seat
	// equally often over Players games.
	Entries []Level
	Seed    uint64 // game i is dealt with Seed+i; the bots' seeds derive from it
	Jobs    int    // games played at once (one per core)
	// Variant is the games' optional rules (rules.Plain: none).
	Variant rules.Variant
	// Budget, if set, replaces BudgetOf (tests play with tiny budgets).
	Budget func(l Level, players int) Budget
	// Progress, if set, is called after each game (from one goroutine at a
	// time) with the number of games finished.
	Progress func(done int)
	// Keep, if set, is given each finished game's record (game i from 0;
	// from the goroutine that played it): an error stops the tournament.
	Keep func(i int, rec rules.Record) error
}

// GameResult is one finished tournament game.
type GameResult struct {
	Seed   uint64
	SeatOf []int     // entry → seat
	Score  []int     // per entry
	Win    []float64 // per entry: 1, a share of a shared win, or 0
	// Rank is each house's final rank (the middle of its span, 1 = first);
	// First whether its span begins at 1.
	Rank  []float64
	First []bool
	// Decisions and Seconds per level: the decisions the bots made and the
	// time they took.
	Decisions [numLevels]int
	Seconds   [numLevels]float64
	Slowest   [numLevels]float64
	Actions   int
	// By is what decided the winner: points or a tie-break.
	By rules.Decider
	// Reveals per entry: the tokens its seat revealed (one per exchange).
	Reveals []int
	// Combats fought in the game.
	Combats int
	// SetupOrder: the final ranking keeps the setup's order (keepsOrder).
	SetupOrder bool
}

// Play plays one game of the tournament (game i from 0).
func (t Tournament) Play(ctx context.Context, i int) (GameResult, error) {
	n := t.Players
	names := make([]string, n)
	for s := range names {
		names[s] = fmt.Sprintf("Bot%d", s+1)
	}
	seed := t.Seed + uint64(i)
	g, err := rules.New(t.Map, rules.Config{Players: names, Seed: seed, Variant: t.Variant})
	if err != nil {
		return GameResult{}, err
	}
	res := GameResult{Seed: seed, SeatOf: make([]int, n), Score: make([]int, n), Win: make([]float64, n), Reveals: make([]int, n)}
	setup := g.Shown()
	entryAt := make([]int, n)
	for e := range res.SeatOf {
		s := (e + i) % n
		res.SeatOf[e], entryAt[s] = s, e
	}
	for !g.Over() {
		if g.Len() > 20000 {
			return res, fmt.Errorf("game %d (seed %d) did not end in 20000 actions", i+1, seed)
		}
		seat := g.ToAct()
		lv := t.Entries[entryAt[seat]]
		start := time.Now()
		budget := BudgetOf
		if t.Budget != nil {
			budget = t.Budget
		}
		d, err := DecideWith(ctx, g.Information(seat), lv, budget(lv, n), seed*1_000_003+uint64(entryAt[seat]))
		took := time.Since(start).Seconds()
		res.Seconds[lv] += took
		res.Slowest[lv] = max(res.Slowest[lv], took)
		res.Decisions[lv]++
		if err != nil {
			return res, fmt.Errorf("game %d (seed %d): %v", i+1, seed, err)
		}
		evs, err := g.Apply(d.Action)
		if err != nil {
			return res, fmt.Errorf("game %d (seed %d): the %s bot's %q was refused: %v", i+1, seed, lv, d.Action.Format(t.Map), err)
		}
		if d.Action.Verb == rules.VExchange {
			res.Reveals[entryAt[seat]]++
		}
		for _, e := range evs {
			if e.Kind == rules.EvCombatStarted {
				res.Combats++
			}
		}
	}
	_, _, res.By = g.Standing()
	res.SetupOrder = keepsOrder(setup, g.Shown())
	res.Actions = g.Len()
	scores, winners, _ := g.Result()
	for e, s := range res.SeatOf {
		res.Score[e] = scores[s]
	}
	for _, w := range winners {
		res.Win[entryAt[w]] += 1 / float64(len(winners))
	}
	v := g.View(rules.Public)
	res.Rank = make([]float64, len(t.Map.Houses))
	res.First = make([]bool, len(t.Map.Houses))
	for _, rk := range v.Ranking {
		res.Rank[rk.House] = float64(rk.From+rk.To) / 2
		res.First[rk.House] = rk.From == 1
	}
	if t.Keep != nil {
		if err := t.Keep(i, rules.RecordOf(g)); err != nil {
			return res, fmt.Errorf("game %d (seed %d): %v", i+1, seed, err)
		}
	}
	return res, nil
}

// keepsOrder reports whether the final ranking keeps the setup's order:
// every house's place in the setup ranking (its order in the list) lies
// in its final span, so a card copying the setup ranking scores every
// slot. (The setup ranking of the standard map has no shared places, the
// board's ranking often does: equal spans would almost never be.)
func keepsOrder(setup, final []rules.Rank) bool {
	span := map[board.HouseID][2]int{}
	for _, r := range final {
		span[r.House] = [2]int{r.From, r.To}
	}
	for i, r := range setup {
		sp, ok := span[r.House]
		if !ok || i+1 < sp[0] || i+1 > sp[1] {
			return false
		}
	}
	return len(setup) == len(final)
}

// Run plays every game, t.Jobs at a time, and returns the results in game
// order (the same for any number of jobs).
func (t Tournament) Run(ctx context.Context) ([]GameResult, error) {
	if len(t.Entries) != t.Players {
		return nil, fmt.Errorf("%d seats named for %d players", len(t.Entries), t.Players)
	}
	jobs := max(t.Jobs, 1)
	out := make([]GameResult, t.Games)
	errs := make([]error, t.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	finished := 0
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = t.Play(ctx, i)
				mu.Lock()
				finished++
				if t.Progress != nil {
					t.Progress(finished)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < t.Games; i++ {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return out, err
		}
	}
	return out, ctx.Err()
}

// Wilson is the Wilson score interval (95 %, z = 1.96) of a proportion:
// wins out of n.
func Wilson(wins float64, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	nn := float64(n)
	p := wins / nn
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return max(0, mid-half), min(1, mid+half)
}

// Summary is a tournament's results added up: what the bots command
// prints.
type Summary struct {
	Map     string // the map's id
	Players int
	Games   int // games counted
	Seed    uint64
	Entries []EntrySummary // per entry of Tournament.Entries
	Houses  []HouseSummary // per house of the map, in map order
	Levels  []LevelSummary // per level that made a decision, in level order
	// By counts the games per decider (rules.ByPoints … ByTurnOrder).
	By []int
	// Combats is the mean number of combats per game; SetupOrder the
	// games whose final ranking kept the setup's order.
	Combats    float64
	SetupOrder int
}

// EntrySummary is one entry's results: its wins (shared wins count their
// share), its win rate in percent with the 95 % Wilson interval (as
// fractions) and its mean score.
type EntrySummary struct {
	Level      Level
	Wins       float64
	WinPercent float64
	Lo, Hi     float64
	MeanScore  float64
	// Reveals is the mean number of tokens the entry revealed per game.
	Reveals float64
}

// HouseSummary is one house's results: its mean final rank and how often,
// in percent, it ranked first.
type HouseSummary struct {
	House        string // the house's id
	MeanRank     float64
	FirstPercent float64
}

// LevelSummary is one level's time: its decisions, the mean seconds per
// decision and the slowest decision in seconds.
type LevelSummary struct {
	Level       Level
	Decisions   int
	MeanSeconds float64
	Slowest     float64
}

// Summarize adds up the tournament's results: per entry wins, win rate
// with its 95 % interval and mean score; per house mean final rank and how
// often it ranked first; per level mean seconds per decision.
func (t Tournament) Summarize(rs []GameResult) Summary {
	n := len(rs)
	per := float64(max(n, 1))
	s := Summary{Map: t.Map.ID, Players: t.Players, Games: n, Seed: t.Seed}
	for e, lv := range t.Entries {
		wins, score, reveals := 0.0, 0, 0
		for _, r := range rs {
			wins += r.Win[e]
			score += r.Score[e]
			reveals += r.Reveals[e]
		}
		lo, hi := Wilson(wins, n)
		s.Entries = append(s.Entries, EntrySummary{Level: lv, Wins: wins, WinPercent: 100 * wins / per, Lo: lo, Hi: hi,
			MeanScore: float64(score) / per, Reveals: float64(reveals) / per})
	}
	s.By = make([]int, rules.ByTurnOrder+1)
	combats := 0
	for _, r := range rs {
		if r.By >= 0 && int(r.By) < len(s.By) {
			s.By[r.By]++
		}
		combats += r.Combats
		if r.SetupOrder {
			s.SetupOrder++
		}
	}
	s.Combats = float64(combats) / per
	for h, house := range t.Map.Houses {
		rank, first := 0.0, 0
		for _, r := range rs {
			rank += r.Rank[h]
			if r.First[h] {
				first++
			}
		}
		s.Houses = append(s.Houses, HouseSummary{House: house.ID, MeanRank: rank / per, FirstPercent: 100 * float64(first) / per})
	}
	var dec [numLevels]int
	var sec, slow [numLevels]float64
	for _, r := range rs {
		for l := range dec {
			dec[l] += r.Decisions[l]
			sec[l] += r.Seconds[l]
			slow[l] = max(slow[l], r.Slowest[l])
		}
	}
	for l := Level(0); l < numLevels; l++ {
		if dec[l] > 0 {
			s.Levels = append(s.Levels, LevelSummary{Level: l, Decisions: dec[l], MeanSeconds: sec[l] / float64(dec[l]), Slowest: slow[l]})
		}
	}
	return s
}
