//go:build !js

package remote

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"notrueking/board"
	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/session"
)

// Benchmarks of the network (go test ./remote -run '^$' -bench .): how
// long a change takes to reach every device, how many bytes it costs, and
// how many games a host holds at once.

// stamps keeps when each version of a match was told (after the save),
// for the latency a device sees.
type stamps struct {
	mu sync.Mutex
	at map[uint64]time.Time
}

func (s *stamps) listen(m *session.Match) {
	s.at = map[uint64]time.Time{}
	m.Listen(func(c session.Moved, _ *rules.Game) {
		s.mu.Lock()
		s.at[c.Version] = time.Now()
		s.mu.Unlock()
	})
}

func (s *stamps) get(v uint64) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.at[v]
	return t, ok
}

// follow records, for every version client c learns, how long after the
// host told it the client had it, until ctx ends.
func follow(ctx context.Context, c *Client, st *stamps, mu *sync.Mutex, lat *[]time.Duration) {
	seen := uint64(0)
	for {
		seq := c.Seq()
		_, v := c.Version()
		if v > seen {
			now := time.Now()
			if t, ok := st.get(v); ok {
				mu.Lock()
				*lat = append(*lat, now.Sub(t))
				mu.Unlock()
			}
			seen = v
		}
		if c.Wait(ctx, seq) != nil {
			return
		}
	}
}

// pctile is the p-th percentile of ds (sorted here).
func pctile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)-1, int(p*float64(len(ds))))]
}

// BenchmarkNineDevicesLatency: a nine-house game of nine devices on the
// loopback; each iteration is one action applied at the host (a random
// legal one, as a device's would be), timed until every device holds it.
// It reports the p50 and p99 of that latency (ms), and the bytes the host
// wrote per device and action (wire-B/update, compressed as sent).
func BenchmarkNineDevicesLatency(b *testing.B) {
	m, err := maps.Load("nine")
	if err != nil {
		b.Fatal(err)
	}
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}
	seats := slices.Repeat([]string{gamefile.SeatRemote}, 9)
	var lats []time.Duration
	var wire, updates int64
	newGame := func(seed uint64) (*session.Match, *Host, *httptest.Server, *counter, []*Client) {
		g, err := rules.New(m, rules.Config{Players: names, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		match := session.NewMatch(g, session.MatchOptions{Players: seats})
		h, err := NewHost(HostOptions{Match: match, AdmitAuto: true})
		if err != nil {
			b.Fatal(err)
		}
		srv := httptest.NewUnstartedServer(h)
		n := &counter{}
		srv.Listener = &countListener{Listener: srv.Listener, n: n}
		srv.Start()
		link := h.Link(strings.TrimPrefix(srv.URL, "http://"))
		var cs []*Client
		for i, id := range g.Seats() {
			c, err := Dial(context.Background(), link, ClientOptions{Name: names[i], Seat: id})
			if err != nil {
				b.Fatal(err)
			}
			if err := c.WaitReady(context.Background()); err != nil {
				b.Fatal(err)
			}
			cs = append(cs, c)
		}
		return match, h, srv, n, cs
	}
	seed := uint64(1)
	match, h, srv, n, cs := newGame(seed)
	nineSeats := []rules.Seat{0, 1, 2, 3, 4, 5, 6, 7, 8}
	desk := match.Desk(nineSeats...)
	r := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		if match.Over() {
			b.StopTimer()
			for _, c := range cs {
				c.Close()
			}
			h.Close()
			srv.Close()
			seed++
			match, h, srv, n, cs = newGame(seed)
			desk = match.Desk(nineSeats...)
			b.StartTimer()
		}
		var a rules.Action
		match.Do(func(g *rules.Game) {
			l := g.Legal()
			a = l[r.IntN(len(l))]
			if a.Verb == rules.VArrange {
				a = rules.RandomArrangement(a, r)
			}
		})
		before := n.out.Load()
		t0 := time.Now()
		if _, err := desk.Apply(a); err != nil {
			b.Fatal(err)
		}
		v := match.Version()
		for _, c := range cs {
			for {
				seq := c.Seq()
				if _, cv := c.Version(); cv >= v {
					break
				}
				if err := c.Wait(context.Background(), seq); err != nil {
					b.Fatal(err)
				}
			}
		}
		lats = append(lats, time.Since(t0))
		wire += n.out.Load() - before
		updates += int64(len(cs))
	}
	b.StopTimer()
	for _, c := range cs {
		c.Close()
	}
	h.Close()
	srv.Close()
	b.ReportMetric(float64(pctile(lats, 0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(pctile(lats, 0.99).Microseconds())/1000, "p99-ms")
	if updates > 0 {
		b.ReportMetric(float64(wire)/float64(updates), "wire-B/update")
	}
}

// BenchmarkHostManyGames: one process hosting many standard four-seat
// games at once, every seat a random bot moving every 100 ms (faster than
// people play), each game followed by one device. It runs each size for
// two seconds and reports how long an action took to reach the device
// (p50, p99 in ms), the actions a second in all and per game (at most 10:
// fewer once the cores cannot keep the bots' pace), and the games per
// core (games ÷ GOMAXPROCS). The largest size whose p99 stays within 50 ms is
// what a core holds (docs/remote.md).
func BenchmarkHostManyGames(b *testing.B) {
	m, err := maps.Load("standard")
	if err != nil {
		b.Fatal(err)
	}
	for _, games := range []int{25, 50, 100, 200, 400} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			for b.Loop() {
				runMany(b, m, games)
			}
		})
	}
}

// runMany hosts games games for two seconds and reports their latency.
func runMany(b *testing.B, m *board.Map, games int) {
	var mu sync.Mutex
	var lats []time.Duration
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	var cleanup []func()
	actions := 0
	var matches []*session.Match
	for i := range games {
		g, err := rules.New(m, rules.Config{Players: []string{"Ann", "Ben", "Cy", "Di"}, Seed: uint64(i + 1)})
		if err != nil {
			b.Fatal(err)
		}
		match := session.NewMatch(g, session.MatchOptions{Players: slices.Repeat([]string{"random"}, 4), Pause: 100 * time.Millisecond, BotSeed: uint64(i)})
		st := &stamps{}
		st.listen(match)
		h, err := NewHost(HostOptions{Match: match})
		if err != nil {
			b.Fatal(err)
		}
		srv := httptest.NewServer(h)
		c, err := Dial(context.Background(), h.Link(strings.TrimPrefix(srv.URL, "http://")), ClientOptions{Name: "Spectator", Watch: true})
		if err != nil {
			b.Fatal(err)
		}
		if err := c.WaitReady(context.Background()); err != nil {
			b.Fatal(err)
		}
		matches = append(matches, match)
		cleanup = append(cleanup, func() { c.Close(); h.Close(); srv.Close(); match.Close() })
		wg.Add(2)
		go func() {
			defer wg.Done()
			match.Run(ctx, 10*time.Millisecond, nil)
		}()
		go func() {
			defer wg.Done()
			follow(ctx, c, st, &mu, &lats)
		}()
	}
	wg.Wait()
	for _, match := range matches {
		actions += int(match.Version())
	}
	for _, f := range cleanup {
		f()
	}
	b.ReportMetric(float64(pctile(lats, 0.50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(pctile(lats, 0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(actions)/2, "actions/s")
	b.ReportMetric(float64(actions)/2/float64(games), "actions/s/game")
	b.ReportMetric(float64(games)/float64(runtime.GOMAXPROCS(0)), "games/core")
}
