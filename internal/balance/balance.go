// Package balance measures whether a map's setup decides its game. It
// plays games from the setup — random ones (rules.SelfPlayEach: the games
// of `selfplay` with the same map, players and seed) and, if asked, games
// of easy bots at every seat (bots.Tournament: the games of `bots` with
// every seat easy) — and adds up per house how often it ranked first
// (alone or sharing the span) and its mean final rank, what a loyalty card
// copying the setup ranking scores, and how often each seat position wins.
// The validate command's -balance report prints it (docs/maps.md).
//
// A report is deterministic: the same map, players, counts and seed give
// the same numbers, whatever the number of jobs.
package balance

import (
	"context"
	"fmt"
	"slices"

	"notrueking/board"
	"notrueking/bots"
	"notrueking/rules"
)

// Options are what to play.
type Options struct {
	Map     *board.Map
	Players int
	Random  int    // random games
	Easy    int    // games of easy bots at every seat (0: none)
	Seed    uint64 // game i of each kind is dealt with Seed+i
	Jobs    int    // easy games played at once
	// Budget, if set, replaces the easy level's budget (tests play with
	// tiny ones).
	Budget func(l bots.Level, players int) bots.Budget
	// Progress, if set, is called after each easy game with the number
	// finished.
	Progress func(done int)
}

// Report is the balance of a map's setup in play.
type Report struct {
	Map     string // the map's id
	Players int
	Seed    uint64
	// SetupCard is the loyalty card that copies the setup ranking: the
	// houses by initial rank, houses sharing a rank in map order.
	SetupCard []board.HouseID
	// Best is the most a card can score (the sum of the loyalty slots).
	Best   int
	Random Part
	Easy   Part // Games 0 when no easy games were asked for
}

// Part is what one kind of games (random or easy) measured.
type Part struct {
	Games  int
	Houses []House // per house, in map order
	// CardScore is the setup card's mean score against the final ranking.
	CardScore float64
	Seats     []Seat // per seat position, in seat order
}

// House is one house's results over a part's games.
type House struct {
	ID string
	// FirstAlone and FirstShared count the games it ranked first alone
	// and sharing the first span with other houses.
	FirstAlone, FirstShared int
	MeanRank                float64 // the middle of its final span, 1 = first
}

// Seat is one seat position's wins (a shared win counts its share) and
// their 95 % Wilson interval, as fractions of the games.
type Seat struct {
	ID     string // the conspiracy id (crown, torch, …)
	Wins   float64
	Lo, Hi float64
}

// FirstShare is the fraction of games in which the house ranked first,
// alone or shared.
func (h House) FirstShare(games int) float64 {
	return float64(h.FirstAlone+h.FirstShared) / float64(max(games, 1))
}

// SetupCard is the loyalty card that copies m's setup ranking: its houses
// ordered by initial rank, houses sharing a rank in map order.
func SetupCard(m *board.Map) []board.HouseID {
	card := make([]board.HouseID, len(m.Houses))
	for h := range card {
		card[h] = board.HouseID(h)
	}
	slices.SortStableFunc(card, func(a, b board.HouseID) int { return m.InitialRank[a] - m.InitialRank[b] })
	return card
}

// Measure plays o.Random random games and o.Easy games of easy bots on
// o.Map's setup and adds them up.
func Measure(ctx context.Context, o Options) (Report, error) {
	m := o.Map
	if o.Players < m.MinPlayers || o.Players > m.MaxPlayers {
		return Report{}, fmt.Errorf("%d players: the %s map seats %d to %d", o.Players, m.ID, m.MinPlayers, m.MaxPlayers)
	}
	r := Report{Map: m.ID, Players: o.Players, Seed: o.Seed, SetupCard: SetupCard(m)}
	for _, v := range m.LoyaltySlots {
		r.Best += v
	}
	random := newTally(m, o.Players, r.SetupCard)
	_, err := rules.SelfPlayEach(m, o.Players, o.Random, o.Seed, func(_ int, g *rules.Game) {
		_, winners, _ := g.Result()
		share := 1 / float64(len(winners))
		wins := make([]float64, o.Players)
		for _, w := range winners {
			wins[w] += share
		}
		random.add(g.View(rules.Public).Ranking, wins)
	})
	if err != nil {
		return r, err
	}
	r.Random = random.part()
	if o.Easy <= 0 {
		return r, nil
	}
	entries := make([]bots.Level, o.Players)
	for i := range entries {
		entries[i] = bots.Easy
	}
	t := bots.Tournament{Map: m, Players: o.Players, Games: o.Easy, Entries: entries, Seed: o.Seed, Jobs: o.Jobs, Budget: o.Budget, Progress: o.Progress}
	rs, err := t.Run(ctx)
	if err != nil {
		return r, err
	}
	easy := newTally(m, o.Players, r.SetupCard)
	for _, g := range rs {
		wins := make([]float64, o.Players)
		for e, s := range g.SeatOf {
			wins[s] += g.Win[e]
		}
		easy.add(Spans(g.Rank), wins)
	}
	r.Easy = easy.part()
	return r, nil
}

// Spans rebuilds a final ranking from each house's mean rank in it (the
// middle of its span, as bots.GameResult.Rank gives it): houses with the
// same middle share a span, and spans follow each other from 1 in the
// order of their middles (two spans that do not overlap never share a
// middle).
func Spans(mid []float64) []rules.Rank {
	out := make([]rules.Rank, len(mid))
	for h := range out {
		out[h].House = board.HouseID(h)
	}
	slices.SortStableFunc(out, func(a, b rules.Rank) int {
		switch x, y := mid[a.House], mid[b.House]; {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	for i := 0; i < len(out); {
		j := i
		for j < len(out) && mid[out[j].House] == mid[out[i].House] {
			j++
		}
		for k := i; k < j; k++ {
			out[k].From, out[k].To = i+1, j
		}
		i = j
	}
	return out
}

// tally adds up one kind of games.
type tally struct {
	m     *board.Map
	card  []board.HouseID
	games int
	p     Part
	rank  []float64
	score int
}

func newTally(m *board.Map, players int, card []board.HouseID) *tally {
	t := &tally{m: m, card: card, rank: make([]float64, len(m.Houses))}
	for _, h := range m.Houses {
		t.p.Houses = append(t.p.Houses, House{ID: h.ID})
	}
	for s := range players {
		t.p.Seats = append(t.p.Seats, Seat{ID: m.Conspiracies[s]})
	}
	return t
}

// add counts one game: its final ranking and each seat's share of the win.
func (t *tally) add(ranking []rules.Rank, wins []float64) {
	t.games++
	for _, rk := range ranking {
		h := &t.p.Houses[rk.House]
		switch {
		case rk.From == 1 && rk.To == 1:
			h.FirstAlone++
		case rk.From == 1:
			h.FirstShared++
		}
		t.rank[rk.House] += float64(rk.From+rk.To) / 2
	}
	t.score += rules.ScoreCard(t.m.LoyaltySlots, t.card, ranking)
	for s, w := range wins {
		t.p.Seats[s].Wins += w
	}
}

func (t *tally) part() Part {
	p := t.p
	p.Games = t.games
	n := float64(max(t.games, 1))
	for h := range p.Houses {
		p.Houses[h].MeanRank = t.rank[h] / n
	}
	p.CardScore = float64(t.score) / n
	for s := range p.Seats {
		p.Seats[s].Lo, p.Seats[s].Hi = bots.Wilson(p.Seats[s].Wins, t.games)
	}
	return p
}
