package session

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"notrueking/board"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/store"
)

// The cost of the autosave (docs/saves.md, "Cost of an autosave"). Every
// benchmark runs against two stores: "mem", a store in memory that keeps
// what it is given without copying (the cost of our own code), and "dir",
// a store.Dir in a temporary folder (the real files, fsync included).

// nineNames are the players of the nine-player benchmarks.
var nineNames = []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy"}

func nineMap(b *testing.B) *board.Map {
	b.Helper()
	m, err := maps.Load("nine")
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// benchStore is a Store in memory: each save is kept in pages, as a file
// is, so that appending costs what is appended, and the save written last
// is found without a look-up (the store's own cost is small beside the
// session's).
type benchStore struct {
	files  map[string]*benchFile
	lastID string
	last   *benchFile
}

func newBenchStore() *benchStore { return &benchStore{files: map[string]*benchFile{}} }

// benchFile is a save in pages of benchPage bytes.
type benchFile struct {
	pages [][]byte
	size  int64
}

const benchPage = 64 << 10

// cut drops what follows the first at bytes.
func (f *benchFile) cut(at int64) {
	n := int((at + benchPage - 1) / benchPage)
	f.pages, f.size = f.pages[:n], at
	if n > 0 {
		f.pages[n-1] = f.pages[n-1][:at-int64(n-1)*benchPage]
	}
}

func (f *benchFile) write(d []byte) {
	f.size += int64(len(d))
	for len(d) > 0 {
		if len(f.pages) == 0 || len(f.pages[len(f.pages)-1]) == benchPage {
			f.pages = append(f.pages, make([]byte, 0, benchPage))
		}
		p := &f.pages[len(f.pages)-1]
		k := min(len(d), benchPage-len(*p))
		*p, d = append(*p, d[:k]...), d[k:]
	}
}

func (f *benchFile) at(i int64) byte { return f.pages[i/benchPage][i%benchPage] }

func (m *benchStore) List() ([]store.Entry, error) {
	var out []store.Entry
	for id, f := range m.files {
		out = append(out, store.Entry{ID: id, Size: f.size})
	}
	return out, nil
}

func (m *benchStore) Load(id string) ([]byte, error) {
	f, ok := m.files[id]
	if !ok {
		return nil, store.ErrNotFound
	}
	return bytes.Join(f.pages, nil), nil
}

func (m *benchStore) ReadPart(id string, off int64, n int) ([]byte, error) {
	d, err := m.Load(id)
	return store.Part(d, off, n), err
}

func (m *benchStore) Lock(string) (func(), error) { return func() {}, nil }

func (m *benchStore) Save(id string, d []byte) error {
	f := &benchFile{}
	f.write(d)
	m.files[id], m.lastID, m.last = f, id, f
	return nil
}

// Append cuts the save back to at and writes d, refusing what store.Dir
// refuses.
func (m *benchStore) Append(id string, at int64, d []byte) error {
	f := m.last
	if id != m.lastID {
		var ok bool
		if f, ok = m.files[id]; !ok {
			return store.ErrNotFound
		}
		m.lastID, m.last = id, f
	}
	if at < 0 || at > f.size || at > 0 && f.at(at-1) != '\n' || len(d) > 0 && d[len(d)-1] != '\n' {
		return store.ErrNotLineEnd
	}
	f.cut(at)
	f.write(d)
	return nil
}

func (m *benchStore) Delete(id string) error {
	delete(m.files, id)
	m.lastID, m.last = "", nil
	return nil
}

// benchStores are the stores each benchmark runs against.
var benchStores = []struct {
	name string
	st   func(b *testing.B) store.Store
}{
	{"store=mem", func(*testing.B) store.Store { return newBenchStore() }},
	{"store=dir", func(b *testing.B) store.Store {
		d, err := store.OpenDir(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		return d
	}},
}

// randomPlayer picks uniformly among the legal actions (a random
// arrangement of the loyalty cards), from its own seeded source.
type randomPlayer struct {
	r     *rand.Rand
	legal []rules.Action
}

func newRandomPlayer(seed uint64) *randomPlayer {
	return &randomPlayer{r: rand.New(rand.NewPCG(seed, 9))}
}

func (p *randomPlayer) pick(g *rules.Game) rules.Action {
	p.legal = g.AppendLegal(p.legal[:0])
	a := p.legal[p.r.IntN(len(p.legal))]
	if a.Verb == rules.VArrange {
		a = rules.RandomArrangement(a, p.r)
	}
	return a
}

// newNine starts a nine-player game (seed).
func newNine(b *testing.B, m *board.Map, seed uint64) *rules.Game {
	g, err := rules.New(m, rules.Config{Players: nineNames, Seed: seed})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// benchClock is a fixed clock: the save's time does not vary its length.
func benchClock() time.Time { return time.Unix(1.8e9, 0) }

// autosave is the work Session.Apply adds to rules.Game.Apply: it saves
// the action the game has just taken.
func autosave(s *Session) error { return s.autosave(true) }

// BenchmarkAutosave times the autosave of one action of a nine-player
// game that already has n actions (the save holds them): the game is
// played to n outside the timer, then each iteration applies action n+1
// to the game (untimed), times its autosave, and takes it back with
// Session.Undo (untimed). Action n+1 is one the rules let undo; when
// action n+1 cannot be undone, the first later action that can is used.
//
// A nine-player game ends after nine rounds, some 1,500 actions of random
// play: n=1500 is the longest game there is.
func BenchmarkAutosave(b *testing.B) {
	m := nineMap(b)
	for _, sv := range benchStores {
		for _, n := range []int{10, 1500} {
			b.Run(fmt.Sprintf("%s/n=%d", sv.name, n), func(b *testing.B) {
				g, a := gameAt(b, m, n)
				s := New(sv.st(b), "bench", g, "nine", true)
				s.Now = benchClock
				if err := s.Save(); err != nil {
					b.Fatal(err)
				}
				timeFollow(b, g, a, func() error { return autosave(s) }, func() error {
					if err := s.Undo(); err != nil {
						return err
					}
					return s.Err()
				})
			})
		}
	}
}

// gameAt is a random nine-player game (seed 1) played to n actions or
// the first later one before an action that can be undone, and that
// action, a.
func gameAt(b *testing.B, m *board.Map, n int) (*rules.Game, rules.Action) {
	g := newNine(b, m, 1)
	p := newRandomPlayer(1)
	for {
		if g.Over() {
			b.Fatalf("the game ended at %d actions before an action that can be undone", g.Len())
		}
		a := p.pick(g)
		if g.Len() >= n {
			try := g.Clone()
			if _, err := try.Apply(a); err != nil {
				b.Fatal(err)
			}
			if try.CanUndo() == nil {
				return g, a
			}
		}
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
}

// timeFollow times follow — what a file adds to action a of g, applied
// (untimed) before each call — and takes the action back (untimed) with
// back.
func timeFollow(b *testing.B, g *rules.Game, a rules.Action, follow, back func() error) {
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := follow(); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if err := back(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(g.Len()), "actions")
}

// BenchmarkRecordFile times what the -record file adds to one action of
// a nine-player game that already has n actions (the file holds them):
// the action is applied (untimed), the file follows it, and the action
// is taken back (untimed, the file cut back). Like the save, the cost
// must not grow with n.
func BenchmarkRecordFile(b *testing.B) {
	m := nineMap(b)
	for _, n := range []int{10, 1500} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			g, a := gameAt(b, m, n)
			rf := NewRecordFile(filepath.Join(b.TempDir(), "game.ntk"), "nine", "")
			rf.Moved(g, Started)
			if err := rf.Err(); err != nil {
				b.Fatal(err)
			}
			timeFollow(b, g, a, func() error {
				rf.Moved(g, Grew)
				return rf.Err()
			}, func() error {
				if err := g.Undo(); err != nil {
					return err
				}
				rf.Moved(g, Shrank)
				return rf.Err()
			})
		})
	}
}

// playNine plays a whole random nine-player game (seed), applying each
// action with apply; it returns the number of actions.
func playNine(b *testing.B, g *rules.Game, seed uint64, apply func(rules.Action) error) int {
	p := newRandomPlayer(seed)
	for !g.Over() {
		if err := apply(p.pick(g)); err != nil {
			b.Fatal(err)
		}
	}
	return g.Len()
}

// playPlain plays random nine-player game seed without autosave.
func playPlain(b *testing.B, m *board.Map, seed uint64) int {
	g := newNine(b, m, seed)
	return playNine(b, g, seed, func(a rules.Action) error {
		_, err := g.Apply(a)
		return err
	})
}

// playSaved plays random nine-player game seed with autosave on, in a new
// save of st.
func playSaved(b *testing.B, m *board.Map, seed uint64, st store.Store) int {
	g := newNine(b, m, seed)
	s := New(st, fmt.Sprintf("game-%d", seed), g, "nine", true)
	if err := s.Save(); err != nil {
		b.Fatal(err)
	}
	return playNine(b, g, seed, func(a rules.Action) error {
		if _, err := s.Apply(a); err != nil {
			return err
		}
		return s.Err()
	})
}

// BenchmarkRandomGameNine plays whole random nine-player games (seeds 1,
// 2, …), one per iteration, without autosave: the base line of
// BenchmarkRandomGameNineAutosave.
func BenchmarkRandomGameNine(b *testing.B) {
	m := nineMap(b)
	b.ReportAllocs()
	actions, i, cpu := 0, 0, cpuTime()
	for b.Loop() {
		i++
		actions += playPlain(b, m, uint64(i))
	}
	reportGames(b, i, actions, cpu)
}

// reportGames reports the actions per game and, where it is measured, the
// processor time per game (cpu-ns/op: see cpuTime).
func reportGames(b *testing.B, games, actions int, cpuBefore time.Duration) {
	b.ReportMetric(float64(actions)/float64(games), "actions/game")
	if cpu := cpuTime() - cpuBefore; cpuBefore > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(games), "cpu-ns/op")
	}
}

// BenchmarkRandomGameNineAutosave is BenchmarkRandomGameNine with every
// action applied through a Session (autosave on), each game in a new
// save.
func BenchmarkRandomGameNineAutosave(b *testing.B) {
	m := nineMap(b)
	for _, sv := range benchStores {
		b.Run(sv.name, func(b *testing.B) {
			st := sv.st(b)
			b.ReportAllocs()
			actions, i, cpu := 0, 0, cpuTime()
			for b.Loop() {
				i++
				actions += playSaved(b, m, uint64(i), st)
			}
			reportGames(b, i, actions, cpu)
		})
	}
}

// BenchmarkRandomGameNineAutosaveRatio plays each random nine-player game
// (seeds 1, 2, …) twice in turn, without autosave and with it (in one
// order for odd seeds, the other for even ones, so that neither gains by
// coming second), and reports the ratio of the two times, on the clock
// (ratio) and in processor time (cpu-ratio). The two plays of a game
// follow each other within milliseconds, so they share the machine's load
// of the moment: on a machine busy with other work the ratio holds where
// the times of two separate benchmarks do not.
func BenchmarkRandomGameNineAutosaveRatio(b *testing.B) {
	m := nineMap(b)
	for _, sv := range benchStores {
		b.Run(sv.name, func(b *testing.B) {
			st := sv.st(b)
			ratioBench(b, m, func(seed uint64) { playSaved(b, m, seed, st) })
		})
	}
}

// BenchmarkRandomGameNineMatchRatio is the same ratio for games played
// through a Match's hot-seat desk (no files: the match's own cost — its
// lock, the change kept for followers, the events filtered for the desk):
// what running a game below the window costs per action.
func BenchmarkRandomGameNineMatchRatio(b *testing.B) {
	m := nineMap(b)
	ratioBench(b, m, func(seed uint64) {
		g := newNine(b, m, seed)
		d := NewMatch(g, MatchOptions{}).Desk(rules.EverySeat(g)...)
		playNine(b, g, seed, func(a rules.Action) error {
			_, err := d.Apply(a)
			return err
		})
	})
}

// ratioBench plays each random nine-player game (seeds 1, 2, …) on the
// rules game and with play, in alternating order, and reports the ratio
// of play's times to the plain game's (ratio, cpu-ratio).
func ratioBench(b *testing.B, m *board.Map, play func(seed uint64)) {
	var plain, other, plainCPU, otherCPU time.Duration
	timed := func(f func()) (time.Duration, time.Duration) {
		t, c := time.Now(), cpuTime()
		f()
		return time.Since(t), cpuTime() - c
	}
	i := 0
	for b.Loop() {
		i++
		seed := uint64(i)
		for k := range 2 {
			if k == i%2 {
				t, c := timed(func() { playPlain(b, m, seed) })
				plain, plainCPU = plain+t, plainCPU+c
			} else {
				t, c := timed(func() { play(seed) })
				other, otherCPU = other+t, otherCPU+c
			}
		}
	}
	b.ReportMetric(float64(other)/float64(plain), "ratio")
	if plainCPU > 0 {
		b.ReportMetric(float64(otherCPU)/float64(plainCPU), "cpu-ratio")
	}
}
