package bots

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
)

// tiny is a search budget small enough for many decisions in a test.
// It deals with the opponent model and plays out with the greedy policy,
// as the shipped levels do.
var tiny = Budget{Iterations: 24, Arrangements: 4, Rounds: 1, Candidates: modelCandidates, Playout: Greedy}

// positions are decisions of random games on both maps (-short: fewer
// games on the standard map).
func positions(t *testing.T) []*rules.Game {
	games := 3
	if testing.Short() {
		games = 1
	}
	ps := samplePositions(t, "standard", 4, games, 17)
	ps = append(ps, samplePositions(t, "nine", 4, 1, 29)...)
	// The Citadel variant's secrets: the Dark Wings cards held, the deck's
	// order, the dice to come, the tokens another seat looked at.
	ps = append(ps, variantPositions(t, "standard", rules.Citadel, 4, 2, 11)...)
	return ps
}

// The bot cannot cheat: across many positions on both maps, dealing again
// every secret hidden from the seat to act (the other seats' face-down
// tokens, the cards of other hands it has not seen, the deck order, the
// game's generator) never changes its choice or its search's statistics
// with the same seed. The control shows the test has teeth: changing the
// seat's own secrets does change some choices.
func TestBotCannotCheat(t *testing.T) {
	t.Parallel() // beside the tournaments
	ctx := context.Background()
	changedSecrets, ownMatters, wingsHidden := 0, 0, 0
	for i, g := range positions(t) {
		seat := g.ToAct()
		for _, p := range g.View(seat).Players {
			if p.Seat != seat && p.Wings > 0 {
				wingsHidden++
				break
			}
		}
		r := rand.New(rand.NewPCG(uint64(i), 11))
		for _, l := range []Level{Random, Steady, Easy} {
			want, err := DecideWith(ctx, g.Information(seat), l, tiny, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			h := g.RedealSecrets(seat, r)
			for o := range rules.Seat(len(h.Seats())) {
				if o != seat && !reflect.DeepEqual(h.View(o), g.View(o)) {
					changedSecrets++
					break
				}
			}
			got, err := DecideWith(ctx, h.Information(seat), l, tiny, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("position %d (%d actions, seat %d, %s): the choice changed with the other seats' secrets: %q, then %q",
					i, g.Len(), seat, l, want.Action.Format(g.Map()), got.Action.Format(g.Map()))
			}
			// Control: redeal from another seat's point of view, which
			// changes this seat's own hand and card.
			other := (seat + 1) % rules.Seat(len(g.Seats()))
			c := g.RedealSecrets(other, r)
			own, err := DecideWith(ctx, c.Information(seat), l, tiny, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			if own.Action != want.Action || !reflect.DeepEqual(own.Top, want.Top) {
				ownMatters++
			}
		}
	}
	if changedSecrets == 0 {
		t.Fatal("the redeal never changed another seat's secrets: the test proves nothing")
	}
	if ownMatters == 0 {
		t.Fatal("the bot's choice never depends on its own secrets either: the test could not see a cheat")
	}
	if wingsHidden == 0 {
		t.Fatal("no position had another seat holding a Dark Wings card: the Citadel's secrets went untested")
	}
	t.Logf("%d positions with other seats' secrets changed; %d choices moved with the seat's own secrets", changedSecrets, ownMatters)
}

// Deterministic: the same information, level and seed give the same
// decision, also on a game rebuilt from its record; another seed may not.
func TestDecisionsAreDeterministic(t *testing.T) {
	ctx := context.Background()
	differs := 0
	for i, g := range positions(t)[:12] {
		seat := g.ToAct()
		a, err := DecideWith(ctx, g.Information(seat), Easy, tiny, 7)
		if err != nil {
			t.Fatal(err)
		}
		re, err := rules.New(g.Map(), g.Config())
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range g.Actions() {
			if _, err := re.Apply(x); err != nil {
				t.Fatal(err)
			}
		}
		b, err := DecideWith(ctx, re.Information(seat), Easy, tiny, 7)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("position %d: %q then %q with the same seed", i, a.Action.Format(g.Map()), b.Action.Format(g.Map()))
		}
		c, err := DecideWith(ctx, g.Information(seat), Easy, tiny, 8)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a.Top, c.Top) {
			differs++
		}
		if err := g.Check(a.Action); err != nil {
			t.Fatalf("position %d: the bot chose an illegal action %q: %v", i, a.Action.Format(g.Map()), err)
		}
	}
	if differs == 0 {
		t.Fatal("the seed never mattered: the search is not random at all")
	}
}

func TestDecideRefusesWhenItIsNotTheSeatsTurn(t *testing.T) {
	g := positions(t)[0]
	other := (g.ToAct() + 1) % rules.Seat(len(g.Seats()))
	if _, err := Decide(context.Background(), g.Information(other), Easy, 1); !errors.Is(err, ErrNoDecision) {
		t.Fatalf("got %v, want ErrNoDecision", err)
	}
}

func TestCancelledSearchStops(t *testing.T) {
	g := positions(t)[5]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Decide(ctx, g.Information(g.ToAct()), Strong, 1); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

func TestParseLevel(t *testing.T) {
	for _, n := range Levels() {
		l, err := ParseLevel(strings.ToUpper(n))
		if err != nil || l.String() != n {
			t.Fatalf("ParseLevel(%q) = %v, %v", n, l, err)
		}
	}
	if _, err := ParseLevel("grandmaster"); err == nil || !strings.Contains(err.Error(), "random, steady, easy, strong") {
		t.Fatalf("want an error naming the levels, got %v", err)
	}
}

// Bots play whole games on both maps, every seat rotating; the report
// counts every game and the same seed gives the same results, also played
// one game at a time instead of two at once.
func TestTournamentPlaysWholeGames(t *testing.T) {
	for _, c := range []tournamentCase{
		{"standard", 4, []Level{Easy, Random, Random, Easy}, rules.Plain},
		{"nine", 3, []Level{Easy, Random, Easy}, rules.Plain},
		// Every level plays the Citadel variant; its records replay.
		{"standard", 3, []Level{Easy, Steady, Random}, rules.Citadel},
	} {
		t.Run(c.m+c.variant.String(), func(t *testing.T) {
			t.Parallel() // the two maps side by side
			c.check(t)
		})
	}
}

// tournamentCase is a tournament of as many games as players on map m,
// with one entry per seat.
type tournamentCase struct {
	m       string
	players int
	seats   []Level
	variant rules.Variant
}

func (c tournamentCase) check(t *testing.T) {
	m, err := maps.Load(c.m)
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]rules.Record, c.players)
	tt := Tournament{Map: m, Players: c.players, Games: c.players, Entries: c.seats, Seed: 5, Jobs: 2, Variant: c.variant,
		Budget: func(Level, int) Budget { return Budget{Iterations: 6, Arrangements: 2, Rounds: 1} },
		Keep:   func(i int, rec rules.Record) error { recs[i] = rec; return nil }}
	rs, err := tt.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// The counts agree with the records: reveals are the seat's
	// exchanges, combats the combats the replay's events start, the
	// decider and the ranking the replayed game's.
	studies := 0
	defer func() {
		if c.variant == rules.Citadel && studies == 0 {
			t.Fatal("no bot studied at the Citadel in a Citadel tournament")
		}
	}()
	for i, r := range rs {
		g, evs, err := rules.Replay(m, recs[i])
		if err != nil {
			t.Fatal(err)
		}
		if g.Variant() != c.variant {
			t.Fatalf("game %d replays as variant %q", i, g.Variant())
		}
		for _, a := range g.Actions() {
			if a.Verb == rules.VStudy {
				studies++
			}
		}
		combats := 0
		for _, e := range evs {
			if e.Kind == rules.EvCombatStarted {
				combats++
			}
		}
		start, err := rules.New(m, g.Config())
		if err != nil {
			t.Fatal(err)
		}
		_, _, by := g.Standing()
		if combats != r.Combats || by != r.By || r.SetupOrder != keepsOrder(start.Shown(), g.Shown()) {
			t.Fatalf("game %d: %d combats, decided by %s, same ranking %v; the replay: %d, %s, %v",
				i, r.Combats, r.By, r.SetupOrder, combats, by, keepsOrder(start.Shown(), g.Shown()))
		}
		for e, s := range r.SeatOf {
			n := 0
			for _, a := range g.Actions() {
				if a.Seat == rules.Seat(s) && a.Verb == rules.VExchange {
					n++
				}
			}
			if n != r.Reveals[e] {
				t.Fatalf("game %d: entry %d revealed %d tokens, its seat exchanged %d times", i, e, r.Reveals[e], n)
			}
		}
	}
	seen := map[int]bool{}
	wins := 0.0
	for _, r := range rs {
		seen[r.SeatOf[0]] = true
		for _, w := range r.Win {
			wins += w
		}
		if r.Actions == 0 {
			t.Fatal("a game with no actions")
		}
	}
	if len(seen) != c.players {
		t.Fatalf("%s: entry 1 sat at %d seats in %d games, want every seat", c.m, len(seen), c.players)
	}
	if int(wins+0.5) != c.players {
		t.Fatalf("%s: %v wins in %d games", c.m, wins, c.players)
	}
	sum := tt.Summarize(rs)
	if sum.Map != c.m || sum.Games != c.players || sum.Players != c.players || sum.Seed != 5 {
		t.Fatalf("%s: summary of map %q, %d games, %d players, seed %d", c.m, sum.Map, sum.Games, sum.Players, sum.Seed)
	}
	if len(sum.Entries) != len(c.seats) || len(sum.Houses) != len(m.Houses) {
		t.Fatalf("%s: %d entries and %d houses summed up, want %d and %d", c.m, len(sum.Entries), len(sum.Houses), len(c.seats), len(m.Houses))
	}
	decided := 0
	for _, n := range sum.By {
		decided += n
	}
	if decided != c.players {
		t.Fatalf("%s: %v deciders for %d games", c.m, sum.By, c.players)
	}
	summed := 0.0
	for e, es := range sum.Entries {
		summed += es.Wins
		if es.Level != c.seats[e] || es.WinPercent != 100*es.Wins/float64(c.players) || es.Lo > es.WinPercent/100+1e-9 || es.Hi < es.WinPercent/100-1e-9 {
			t.Fatalf("%s: entry %d: %+v", c.m, e+1, es)
		}
	}
	if summed != wins {
		t.Fatalf("%s: the summary counts %v wins, the games %v", c.m, summed, wins)
	}
	firsts := 0.0
	for _, hs := range sum.Houses {
		firsts += hs.FirstPercent
		if hs.MeanRank < 1 || hs.MeanRank > float64(len(m.Houses)) {
			t.Fatalf("%s: house %s has mean rank %v", c.m, hs.House, hs.MeanRank)
		}
	}
	if firsts < 100 {
		t.Fatalf("%s: the houses ranked first in %v %% of the games, want at least 100 %%", c.m, firsts)
	}
	easy := false
	for i, ls := range sum.Levels {
		easy = easy || ls.Level == Easy
		if ls.Decisions == 0 || ls.MeanSeconds > ls.Slowest || i > 0 && ls.Level <= sum.Levels[i-1].Level {
			t.Fatalf("%s: level times %+v", c.m, sum.Levels)
		}
	}
	if !easy {
		t.Fatalf("%s: no time for the easy bots: %+v", c.m, sum.Levels)
	}
	if testing.Short() {
		return // the games again, one at a time: not in the inner loop
	}
	tt.Jobs = 1
	again, err := tt.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i := range rs {
		a, b := rs[i], again[i]
		b.Seconds, b.Slowest = a.Seconds, a.Slowest // the times differ
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s game %d: %+v, then one game at a time %+v", c.m, i, rs[i], again[i])
		}
	}
}

func TestWilson(t *testing.T) {
	lo, hi := Wilson(60, 100)
	if lo < 0.50 || lo > 0.51 || hi < 0.69 || hi > 0.70 {
		t.Fatalf("Wilson(60, 100) = [%.4f, %.4f], want about [0.502, 0.691]", lo, hi)
	}
	if lo, hi := Wilson(0, 10); lo != 0 || hi < 0.27 || hi > 0.28 {
		t.Fatalf("Wilson(0, 10) = [%.4f, %.4f]", lo, hi)
	}
}

// A final ranking keeps the setup's order when every house's setup place
// lies in its final span: a shared span keeps it, a swap does not.
func TestKeepsOrder(t *testing.T) {
	rk := func(spans ...[3]int) []rules.Rank {
		var out []rules.Rank
		for _, s := range spans {
			out = append(out, rules.Rank{House: board.HouseID(s[0]), From: s[1], To: s[2]})
		}
		return out
	}
	setup := rk([3]int{2, 1, 1}, [3]int{0, 2, 2}, [3]int{1, 3, 3})
	for _, c := range []struct {
		final []rules.Rank
		want  bool
	}{
		{rk([3]int{2, 1, 1}, [3]int{0, 2, 2}, [3]int{1, 3, 3}), true},
		{rk([3]int{2, 1, 1}, [3]int{0, 2, 3}, [3]int{1, 2, 3}), true},
		{rk([3]int{2, 1, 1}, [3]int{1, 2, 2}, [3]int{0, 3, 3}), false},
		{rk([3]int{0, 1, 1}, [3]int{2, 2, 2}, [3]int{1, 3, 3}), false},
	} {
		if got := keepsOrder(setup, c.final); got != c.want {
			t.Fatalf("keepsOrder(%v, %v) = %v", setup, c.final, got)
		}
	}
}
