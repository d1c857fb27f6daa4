//go:build !js

package remote

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/session"
)

// Faults between the devices and the host: a proxy that cuts links at
// random, delays what passes, and sends some of the devices' frames twice.

// faultyProxy forwards TCP connections from devices to the host at addr.
type faultyProxy struct {
	t     testing.TB
	ln    net.Listener
	addr  string
	mu    sync.Mutex
	pairs map[*pair]struct{}
	r     *rand.Rand
	// cuts counts the links cut; dups the frames sent twice.
	cuts, dups atomic.Int64
	// dupActs counts the act frames sent twice.
	dupActs  atomic.Int64
	dupEvery int // one device frame in dupEvery is sent twice (0: none)
}

type pair struct{ dev, host net.Conn }

func newFaultyProxy(t testing.TB, hostAddr string, seed uint64) *faultyProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &faultyProxy{t: t, ln: ln, addr: hostAddr, pairs: map[*pair]struct{}{}, r: rand.New(rand.NewPCG(seed, 11)), dupEvery: 7}
	go p.serve()
	t.Cleanup(func() { ln.Close(); p.cutAll() })
	return p
}

func (p *faultyProxy) serve() {
	for {
		dev, err := p.ln.Accept()
		if err != nil {
			return
		}
		host, err := net.Dial("tcp", p.addr)
		if err != nil {
			dev.Close()
			continue
		}
		pr := &pair{dev, host}
		p.mu.Lock()
		p.pairs[pr] = struct{}{}
		seed := p.r.Uint64()
		p.mu.Unlock()
		go p.toHost(pr, seed)
		go p.toDevice(pr, seed)
	}
}

// rnd is a random number under the proxy's lock.
func (p *faultyProxy) rnd(n int) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.r.IntN(n)
}

// toDevice forwards the host's bytes, now and then after a short delay.
func (p *faultyProxy) toDevice(pr *pair, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 1))
	buf := make([]byte, 32<<10)
	for {
		n, err := pr.host.Read(buf)
		if n > 0 {
			if r.IntN(4) == 0 {
				time.Sleep(time.Duration(r.IntN(2000)) * time.Microsecond)
			}
			if _, werr := pr.dev.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	p.drop(pr)
}

// toHost forwards the device's bytes frame by frame (after the HTTP
// upgrade): now and then delayed, and one text frame in dupEvery — never
// the first, the hello — sent twice.
func (p *faultyProxy) toHost(pr *pair, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 2))
	br := bufio.NewReader(pr.dev)
	defer p.drop(pr)
	// The HTTP request, to its blank line.
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return
		}
		if _, err := io.WriteString(pr.host, line); err != nil {
			return
		}
		if line == "\r\n" {
			break
		}
	}
	frames := 0
	for {
		f, text, err := readFrame(br)
		if err != nil {
			return
		}
		if r.IntN(4) == 0 {
			time.Sleep(time.Duration(r.IntN(2000)) * time.Microsecond)
		}
		if _, err := pr.host.Write(f); err != nil {
			return
		}
		frames++
		if text && frames > 1 && p.dupEvery > 0 && r.IntN(p.dupEvery) == 0 {
			p.dups.Add(1)
			if strings.Contains(string(unmasked(f)), `"t":"act"`) {
				p.dupActs.Add(1)
			}
			if _, err := pr.host.Write(f); err != nil {
				return
			}
		}
	}
}

// readFrame reads one whole WebSocket frame a device sends (masked), and
// whether it is a text frame.
func readFrame(br *bufio.Reader) ([]byte, bool, error) {
	var h [14]byte
	if _, err := io.ReadFull(br, h[:2]); err != nil {
		return nil, false, err
	}
	n, hl := uint64(h[1]&0x7f), 2
	switch n {
	case 126:
		if _, err := io.ReadFull(br, h[2:4]); err != nil {
			return nil, false, err
		}
		n, hl = uint64(binary.BigEndian.Uint16(h[2:4])), 4
	case 127:
		if _, err := io.ReadFull(br, h[2:10]); err != nil {
			return nil, false, err
		}
		n, hl = binary.BigEndian.Uint64(h[2:10]), 10
	}
	if h[1]&0x80 != 0 {
		if _, err := io.ReadFull(br, h[hl:hl+4]); err != nil {
			return nil, false, err
		}
		hl += 4
	}
	if n > 1<<20 {
		return nil, false, errors.New("a frame too large for the test")
	}
	f := make([]byte, hl+int(n))
	copy(f, h[:hl])
	if _, err := io.ReadFull(br, f[hl:]); err != nil {
		return nil, false, err
	}
	return f, h[0]&0x0f == 1, nil
}

// unmasked is the payload of a device's frame f.
func unmasked(f []byte) []byte {
	n, hl := int(f[1]&0x7f), 2
	switch n {
	case 126:
		hl = 4
	case 127:
		hl = 10
	}
	if f[1]&0x80 == 0 {
		return f[hl:]
	}
	key, p := f[hl:hl+4], slices.Clone(f[hl+4:])
	for i := range p {
		p[i] ^= key[i%4]
	}
	return p
}

// drop closes a link both ways.
func (p *faultyProxy) drop(pr *pair) {
	pr.dev.Close()
	pr.host.Close()
	p.mu.Lock()
	delete(p.pairs, pr)
	p.mu.Unlock()
}

// cutOne cuts a random live link (false: none).
func (p *faultyProxy) cutOne() bool {
	p.mu.Lock()
	var live []*pair
	for pr := range p.pairs {
		live = append(live, pr)
	}
	p.mu.Unlock()
	if len(live) == 0 {
		return false
	}
	slices.SortFunc(live, func(a, b *pair) int { return strings.Compare(a.dev.RemoteAddr().String(), b.dev.RemoteAddr().String()) })
	p.drop(live[p.rnd(len(live))])
	p.cuts.Add(1)
	return true
}

func (p *faultyProxy) cutAll() {
	p.mu.Lock()
	var all []*pair
	for pr := range p.pairs {
		all = append(all, pr)
	}
	p.mu.Unlock()
	for _, pr := range all {
		p.drop(pr)
	}
}

// decide is the decision of the seat to act at a position: a function of
// the legal actions and the game's length only, so that a game with
// faults and one without take the same decisions.
func decide(legal []rules.Action, n int, seed uint64) rules.Action {
	return randomOf(legal, rand.New(rand.NewPCG(seed, uint64(n))))
}

// cleanRecord plays a game of the same decisions without any network.
func cleanRecord(t *testing.T, m *rules.Game, seed uint64) []rules.Action {
	g := m.Clone()
	for !g.Over() {
		if _, err := g.Apply(decide(g.Legal(), g.Len(), seed)); err != nil {
			t.Fatal(err)
		}
	}
	return g.Actions()
}

// TestFaultsLoseNothing plays games whose devices reach the host through
// a proxy that cuts their links (at least 1,000 times in all), delays what
// passes and sends some of their frames twice. Each device decides from
// the position it holds and, when a request fails (the link down, no
// answer, a stale version), decides again once it holds the game anew. At
// the end each game's record is the one the same decisions give without a
// network: no action lost, none applied twice (an act sent twice names a
// version the game has left: it is refused as stale).
func TestFaultsLoseNothing(t *testing.T) {
	t.Parallel()
	wantCuts := int64(1000)
	if testing.Short() {
		wantCuts = 60
	}
	var cuts, dups, dupActs int64
	for game := 0; cuts < wantCuts; game++ {
		if game > 60 {
			t.Fatalf("%d games and only %d cuts", game, cuts)
		}
		mapName, players := "standard", 3+game%2
		if game%5 == 4 {
			mapName, players = "nine", 3
		}
		m, err := maps.Load(mapName)
		if err != nil {
			t.Fatal(err)
		}
		names := []string{"Ann", "Ben", "Cy", "Di"}[:players]
		seed := uint64(1000 + game)
		g, err := rules.New(m, rules.Config{Players: names, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		want := cleanRecord(t, g, seed)
		seats := make([]string, players)
		for i := range seats {
			seats[i] = gamefile.SeatRemote
		}
		match := session.NewMatch(g, session.MatchOptions{Players: seats})
		h, err := NewHost(HostOptions{Match: match, AdmitAuto: true, Rate: 1e6, Burst: 1e6})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(h)
		px := newFaultyProxy(t, strings.TrimPrefix(srv.URL, "http://"), seed)
		link := h.Link(px.ln.Addr().String())
		var wg sync.WaitGroup
		errs := make(chan error, players)
		for i := range players {
			c, err := Dial(ctxFor(t), link, ClientOptions{Name: names[i], Seat: g.Seats()[i], NoCompression: true, Backoff: time.Millisecond, Timeout: 2 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if err := c.WaitReady(ctxFor(t)); err != nil {
				t.Fatal(err)
			}
			wg.Add(1)
			go func(seat rules.Seat, c *Client) {
				defer wg.Done()
				defer c.Close()
				errs <- playThrough(t, c, seat, seed)
			}(rules.Seat(i), c)
		}
		done := make(chan struct{})
		go func() {
			// Cut a link every 4 to 15 ms while the game runs.
			for {
				select {
				case <-done:
					return
				case <-time.After(time.Duration(4+px.rnd(12)) * time.Millisecond):
					px.cutOne()
				}
			}
		}()
		wg.Wait()
		close(done)
		for range players {
			if err := <-errs; err != nil {
				t.Fatalf("game %d: %v", game, err)
			}
		}
		var got []rules.Action
		match.Do(func(g *rules.Game) { got = g.Actions() })
		if !slices.Equal(got, want) {
			t.Fatalf("game %d: the record with faults (%d actions) is not the one without (%d)", game, len(got), len(want))
		}
		t.Logf("game %d: %d actions, %d cuts, %d dups", game, len(got), px.cuts.Load(), px.dups.Load())
		cuts += px.cuts.Load()
		dups += px.dups.Load()
		dupActs += px.dupActs.Load()
		h.Close()
		srv.Close()
		match.Close()
	}
	if dupActs == 0 {
		t.Fatalf("%d frames sent twice, of them no act: the faults tested nothing", dups)
	}
	t.Logf("%d links cut, %d frames sent twice (%d acts)", cuts, dups, dupActs)
}

// playThrough plays seat's decisions through client c until the game
// ends (Play: a request that fails is decided again once the client holds
// the game anew).
func playThrough(t *testing.T, c *Client, seat rules.Seat, seed uint64) error {
	return Play(ctxWithin(t, 5*time.Minute), c, func(s rules.Seat, legal []rules.Action) (rules.Action, error) {
		return decide(legal, c.Len(), seed), nil
	}, nil)
}
