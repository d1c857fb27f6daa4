//go:build !js

package remote

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/session"
)

// Benchmarks of the host over the loopback (the network's measures;
// goals from remote-seats.md): run them with
//
//	go test -run '^$' -bench . -benchtime 2000x ./remote/
//
// BenchmarkUpdateNine: one op is one action of a nine-house game with a
// device at each of its nine seats; its metrics are the time from the act
// sent to every device holding the update (p50, p99; goal p99 ≤ 20 ms)
// and the bytes of one device's update (p50, p99; goal p99 ≤ 16 KB), on
// the wire (compressed, as the client reads them: frame and all) and as
// JSON.
//
// BenchmarkFullSyncLateNine: one op is a device joining a nine-house game
// near its end (its seat's token takes the seat back): the bytes it reads
// until it holds the state (the upgrade's answer, the welcome and the
// sync; goal ≤ 64 KB) and the sync's JSON, for a seat and a spectator.
//
// BenchmarkGamesPerCore: one host process holding more and more games at
// once (standard map, four random bots each, moving every 100 ms, driven
// by Match.Run as the headless host drives them, one spectator device
// each): the latency of a move is from the moment it was due (the
// previous move plus the pause) to its spectator holding it; the metric
// is the most games kept at p99 ≤ 50 ms, per core. (Match.Run ticks every
// 20 ms: a move waits for the first tick after it is due.)

// benchGame is a match served by a host on a test server.
type benchGame struct {
	m    *session.Match
	h    *Host
	url  string
	ids  []string
	name string
}

func newBenchGame(b testing.TB, srv *httptest.Server, mux *wireMux, name string, g *rules.Game, players []string, pause time.Duration) *benchGame {
	m := session.NewMatch(g, session.MatchOptions{Players: players, Pause: pause, BotSeed: 1})
	h, err := NewHost(HostOptions{Match: m, AdmitAuto: true, Rate: fast2, Burst: fast2})
	if err != nil {
		b.Fatal(err)
	}
	mux.put(name, h)
	return &benchGame{m: m, h: h, url: wireURL(srv, name), ids: g.Seats(), name: name}
}

func (bg *benchGame) close(mux *wireMux) {
	mux.put(bg.name, nil)
	bg.h.Close()
	bg.m.Close()
}

// pct is the p-th percentile of xs (sorted in place).
func pct[T int | int64 | float64 | time.Duration](xs []T, p float64) T {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	return xs[min(len(xs)-1, int(p*float64(len(xs))))]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func BenchmarkUpdateNine(b *testing.B) {
	srv, mux := newWireServer(b)
	m := loadMap1(b, "nine")
	remote9 := make([]string, 9)
	for i := range remote9 {
		remote9[i] = gamefile.SeatRemote
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var lat []time.Duration
	var wire, js []int
	games := 0
	var bg *benchGame
	var devs []*wireDev
	var counts []*atomic.Int64
	newGame := func() {
		if bg != nil {
			for _, d := range devs {
				d.close()
			}
			bg.close(mux)
		}
		g, err := rules.New(m, rules.Config{Players: secNames, Seed: uint64(1000 + games)})
		if err != nil {
			b.Fatal(err)
		}
		bg = newBenchGame(b, srv, mux, fmt.Sprintf("u%d", games), g, remote9, time.Nanosecond)
		games++
		devs, counts = nil, nil
		for s := range 9 {
			n := &atomic.Int64{}
			d := dialWireCounted(b, ctx, bg.url, rules.Seat(s), Hello{T: KHello, Proto: Proto, Name: secNames[s], Room: bg.h.Room(), Seat: bg.ids[s]}, true, n)
			devs, counts = append(devs, d), append(counts, n)
		}
		for _, d := range devs {
			d.at(0)
			d.take()
		}
	}
	b.StopTimer()
	newGame()
	rng := rand.New(rand.NewPCG(1, 2))
	for range b.N {
		var toAct rules.Seat
		var over bool
		bg.m.Do(func(g *rules.Game) { toAct, over = g.ToAct(), g.Over() })
		if over {
			newGame()
			bg.m.Do(func(g *rules.Game) { toAct = g.ToAct() })
		}
		d := devs[toAct]
		ver, legal, _, _, n := d.state()
		line := secPick(m, 9, legal, rng.Uint64(), n, toAct)
		before := make([]int64, 9)
		for i, c := range counts {
			before[i] = c.Load()
		}
		b.StartTimer()
		t0 := time.Now()
		if r := d.act(line); !r.OK {
			b.Fatalf("%s: %s", line, r.Err)
		}
		var last time.Time
		for i, dv := range devs {
			dv.at(ver + 1)
			fs, at := dv.take()
			for k, f := range fs {
				if f.kind == KUpdate {
					if at[k].After(last) {
						last = at[k]
					}
					js = append(js, len(f.b))
				}
			}
			wire = append(wire, int(counts[i].Load()-before[i]))
		}
		b.StopTimer()
		lat = append(lat, last.Sub(t0))
	}
	for _, d := range devs {
		d.close()
	}
	bg.close(mux)
	b.ReportMetric(ms(pct(lat, 0.5)), "p50-ms")
	b.ReportMetric(ms(pct(lat, 0.99)), "p99-ms")
	b.ReportMetric(float64(pct(wire, 0.5)), "p50-wire-B")
	b.ReportMetric(float64(pct(wire, 0.99)), "p99-wire-B")
	b.ReportMetric(float64(pct(js, 0.5)), "p50-json-B")
	b.ReportMetric(float64(pct(js, 0.99)), "p99-json-B")
}

// lateNine is a nine-house game of nine seats played by random legal
// actions to `left` actions before its end.
func lateNine(b testing.TB, left int) *rules.Game {
	m := loadMap1(b, "nine")
	cfg := rules.Config{Players: secNames, Seed: 77}
	g, err := rules.New(m, cfg)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	var acts []rules.Action
	for !g.Over() {
		a := randomOf(g.Legal(), r)
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
		acts = append(acts, a)
	}
	g, _ = rules.New(m, cfg)
	for _, a := range acts[:len(acts)-left] {
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

func BenchmarkFullSyncLateNine(b *testing.B) {
	for _, watch := range []bool{false, true} {
		name := "seat"
		if watch {
			name = "spectator"
		}
		b.Run(name, func(b *testing.B) {
			srv, mux := newWireServer(b)
			g := lateNine(b, 10)
			n := g.Len()
			remote9 := make([]string, 9)
			for i := range remote9 {
				remote9[i] = gamefile.SeatRemote
			}
			bg := newBenchGame(b, srv, mux, "s", g, remote9, time.Nanosecond)
			defer bg.close(mux)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			hello := Hello{T: KHello, Proto: Proto, Name: "Ann", Room: bg.h.Room(), Seat: bg.ids[0], Watch: watch}
			if !watch {
				// The seat's first admission, for its token.
				d := dialWire(b, ctx, bg.url, 0, hello, true)
				d.at(0)
				d.mu.Lock()
				hello.Token, hello.Seat = d.token, ""
				d.mu.Unlock()
				d.close()
			}
			var wire, js []int
			b.ResetTimer()
			for range b.N {
				var cnt atomic.Int64
				d := dialWireCounted(b, ctx, bg.url, 0, hello, true, &cnt)
				d.at(0)
				wire = append(wire, int(cnt.Load()))
				fs, _ := d.take()
				for _, f := range fs {
					if f.kind == KSync {
						js = append(js, len(f.b))
					}
				}
				d.close()
			}
			b.StopTimer()
			b.ReportMetric(float64(pct(wire, 0.5)), "wire-B")
			b.ReportMetric(float64(pct(js, 0.5)), "json-B")
			b.ReportMetric(float64(n), "actions")
		})
	}
}

// manyGames runs k bot games at once on one host process (one test
// server) for about d, a spectator device following each, and returns
// each move's latency from the moment it was due (see
// BenchmarkGamesPerCore) and from its apply, to its spectator holding it.
func manyGames(b testing.TB, k int, d time.Duration) (due, sent []time.Duration) {
	srv, mux := newWireServer(b)
	m := loadMap1(b, "standard")
	const pause = 100 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	var lat, lat2 []time.Duration
	var wg sync.WaitGroup
	var games []*benchGame
	for i := range k {
		g, err := rules.New(m, rules.Config{Players: secNames[:4], Seed: uint64(i + 1)})
		if err != nil {
			b.Fatal(err)
		}
		bg := newBenchGame(b, srv, mux, fmt.Sprintf("m%d", i), g, []string{"random", "random", "random", "random"}, pause)
		games = append(games, bg)
		// When each version was applied (the listener runs under the
		// match's lock, after the change).
		var amu sync.Mutex
		applied := map[uint64]time.Time{}
		bg.m.Listen(func(mv feed.Change) {
			amu.Lock()
			applied[mv.Version] = time.Now()
			amu.Unlock()
		})
		spec := dialWire(b, ctx, bg.url, rules.Public, Hello{T: KHello, Proto: Proto, Name: "Eve", Room: bg.h.Room(), Watch: true}, true)
		spec.at(0)
		spec.take()
		wg.Add(2)
		go func() {
			defer wg.Done()
			bg.m.Run(ctx, 20*time.Millisecond, nil)
		}()
		go func() {
			defer wg.Done()
			defer spec.close()
			var seen uint64
			for ctx.Err() == nil {
				spec.mu.Lock()
				w := spec.wake
				spec.mu.Unlock()
				select {
				case <-w:
				case <-ctx.Done():
					return
				}
				fs, at := spec.take()
				for j, f := range fs {
					if f.kind != KUpdate {
						continue
					}
					hd, _ := readHead(f.b)
					seen = hd.Version
					amu.Lock()
					prev, ok := applied[seen-1]
					now, ok2 := applied[seen]
					delete(applied, seen-1)
					amu.Unlock()
					if ok && ok2 && seen > 1 {
						mu.Lock()
						lat = append(lat, at[j].Sub(prev.Add(pause)))
						lat2 = append(lat2, at[j].Sub(now))
						mu.Unlock()
					}
				}
			}
		}()
	}
	// Let every game get going, then measure.
	time.Sleep(2 * pause)
	mu.Lock()
	lat, lat2 = lat[:0], lat2[:0]
	mu.Unlock()
	time.Sleep(d)
	mu.Lock()
	due, sent = slices.Clone(lat), slices.Clone(lat2)
	mu.Unlock()
	cancel()
	wg.Wait()
	for _, bg := range games {
		bg.close(mux)
	}
	return due, sent
}

func BenchmarkGamesPerCore(b *testing.B) {
	for range b.N {
		// Double the games while the goal holds, then try between.
		ok := func(k int) bool {
			due, sent := manyGames(b, k, 3*time.Second)
			moves := len(due)
			p99 := pct(due, 0.99)
			b.Logf("%4d games: %6d moves in 3s; from due to the spectator p50 %v p99 %v; from the apply p50 %v p99 %v",
				k, moves, pct(due, 0.5).Round(time.Microsecond), p99.Round(time.Microsecond),
				pct(sent, 0.5).Round(time.Microsecond), pct(sent, 0.99).Round(time.Microsecond))
			return p99 <= 50*time.Millisecond && moves >= k
		}
		best := 0
		for k := 8; k <= 2048 && ok(k); k *= 2 {
			best = k
		}
		for step := best / 4; best > 0 && step >= 8; step /= 2 {
			if ok(best + step) {
				best += step
			}
		}
		b.ReportMetric(float64(best)/float64(runtime.GOMAXPROCS(0)), "games/core")
	}
}

// BenchmarkUpdateBuildNine: one op builds and encodes the updates of the
// nine seats' devices of a nine-house game for one action, under the
// match's lock as the listener does, with no network: the host's own
// cost of a change (the public view read once, each seat's once).
func BenchmarkUpdateBuildNine(b *testing.B) {
	m := loadMap1(b, "nine")
	var g *rules.Game
	var match *session.Match
	var desks []*session.Desk
	var sents []sent
	r := rand.New(rand.NewPCG(1, 2))
	start := func(seed uint64) {
		var err error
		if g, err = rules.New(m, rules.Config{Players: secNames, Seed: seed}); err != nil {
			b.Fatal(err)
		}
		match = session.NewMatch(g, session.MatchOptions{})
		desks, sents = nil, make([]sent, 9)
		for s := range 9 {
			desks = append(desks, match.RemoteDesk(rules.Seat(s)))
		}
		match.Read(func(rd session.Reading) {
			sh := newShared(rd.Public())
			for i, d := range desks {
				sents[i].sync(sh, rd.Desk(d), 1, 0)
			}
		})
	}
	start(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		if g.Over() {
			start(uint64(i))
		}
		a := randomOf(g.Legal(), r)
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		match.Read(func(rd session.Reading) {
			sh := newShared(rd.Public())
			for k, d := range desks {
				marshal(sents[k].update(sh, rd.Desk(d), feed.Change{Kind: feed.Action, Seat: a.Seat}, HowAct, 1))
			}
		})
	}
}
