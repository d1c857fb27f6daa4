package rules_test

import (
	"strings"
	"testing"

	"notrueking/rules"
)

// benchGame is one recorded random game to re-apply in BenchmarkApply.
func benchGame(b *testing.B, players int, seed uint64) (rules.Config, []rules.Action) {
	b.Helper()
	m := mustStandard(b)
	g, err := playRandom(m, players, seed, nil)
	if err != nil {
		b.Fatal(err)
	}
	return g.Config(), g.Actions()
}

// BenchmarkApply measures Apply throughput: the actions of a recorded
// 4-player game applied from a fresh game, reported per action.
func BenchmarkApply(b *testing.B) {
	m := mustStandard(b)
	cfg, actions := benchGame(b, 4, 4444)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		b.StopTimer()
		g, err := rules.New(m, cfg)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, a := range actions {
			if _, err := g.Apply(a); err != nil {
				b.Fatal(err)
			}
		}
		n += len(actions)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/action")
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkLegal measures listing the legal actions along a recorded game.
func BenchmarkLegal(b *testing.B) {
	m := mustStandard(b)
	cfg, actions := benchGame(b, 4, 4444)
	g, err := rules.New(m, cfg)
	if err != nil {
		b.Fatal(err)
	}
	var states []*rules.Game
	for _, a := range actions {
		states = append(states, g.Clone())
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for _, s := range states {
			_ = s.Legal()
		}
		n += len(states)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/legal")
}

// BenchmarkRandomGame measures full random games (New, then Legal and
// Apply until game over, 2 to 4 players in turn) per second.
func BenchmarkRandomGame(b *testing.B) {
	m := mustStandard(b)
	b.ReportAllocs()
	i := 0
	actions := 0
	for b.Loop() {
		g, err := playRandom(m, 2+i%3, uint64(i)+1, nil)
		if err != nil {
			b.Fatal(err)
		}
		actions += g.Len()
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(i), "actions/game")
}

// BenchmarkView measures building the public view at the end of a game.
func BenchmarkView(b *testing.B) {
	m := mustStandard(b)
	g, err := playRandom(m, 4, 4444, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = g.View(rules.Public)
	}
}

// BenchmarkReplay measures parsing and replaying the 4-player example.
func BenchmarkReplay(b *testing.B) {
	m := mustStandard(b)
	g, err := playRandom(m, 4, 4444, nil)
	if err != nil {
		b.Fatal(err)
	}
	text := rules.RecordOf(g).String()
	b.ReportAllocs()
	for b.Loop() {
		rec, err := rules.ParseRecord(stringsReader(text))
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := rules.Replay(m, rec); err != nil {
			b.Fatal(err)
		}
	}
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

// BenchmarkRandomGame4 plays random four-player games on the standard map,
// one per iteration (seeds 1, 2, …): the engine speed bots depend on. Run it
// with -cpu 1 for games per CPU-second; it reports bytes and allocations
// per game.
func BenchmarkRandomGame4(b *testing.B) {
	m := mustStandard(b)
	b.ReportAllocs()
	i := 0
	actions := 0
	for b.Loop() {
		i++
		g, err := playRandom(m, 4, uint64(i), nil)
		if err != nil {
			b.Fatal(err)
		}
		actions += g.Len()
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(i), "actions/game")
}
