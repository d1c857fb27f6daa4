package remote

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/session"
)

// Secrecy on the wire: every byte the host writes to each device over
// hundreds of random games is kept and searched for what that device's
// seats may not know; and two hosts of the same position, one with the
// other seats' secrets dealt again, must write a seat the same bytes.

// recorder is a listener that keeps every byte the host writes to each
// connection it accepts.
type recorder struct {
	net.Listener
	mu    sync.Mutex
	conns []*recConn
}

type recConn struct {
	net.Conn
	mu  sync.Mutex
	out bytes.Buffer
}

func (r *recorder) Accept() (net.Conn, error) {
	c, err := r.Listener.Accept()
	if err != nil {
		return nil, err
	}
	rc := &recConn{Conn: c}
	r.mu.Lock()
	r.conns = append(r.conns, rc)
	r.mu.Unlock()
	return rc, nil
}

func (c *recConn) Write(b []byte) (int, error) {
	c.mu.Lock()
	c.out.Write(b)
	c.mu.Unlock()
	return c.Conn.Write(b)
}

// messages are the text messages the host wrote on the connection (the
// HTTP upgrade answer, then server frames: unmasked, uncompressed).
func (c *recConn) messages(t testing.TB) []string {
	c.mu.Lock()
	b := bytes.Clone(c.out.Bytes())
	c.mu.Unlock()
	i := bytes.Index(b, []byte("\r\n\r\n"))
	if i < 0 {
		return nil
	}
	b = b[i+4:]
	var out []string
	var msg []byte
	for len(b) >= 2 {
		fin, op := b[0]&0x80 != 0, b[0]&0x0f
		if b[0]&0x40 != 0 {
			t.Fatal("a compressed frame: the recording host must not compress")
		}
		n, h := int(b[1]&0x7f), 2
		switch n {
		case 126:
			n, h = int(binary.BigEndian.Uint16(b[2:4])), 4
		case 127:
			n, h = int(binary.BigEndian.Uint64(b[2:10])), 10
		}
		if len(b) < h+n {
			break // a frame still being written
		}
		p := b[h : h+n]
		b = b[h+n:]
		if op >= 8 {
			continue // ping, pong, close
		}
		msg = append(msg, p...)
		if fin {
			out = append(out, string(msg))
			msg = nil
		}
	}
	return out
}

// secretGame is one random game of the secrecy run.
type secretGame struct {
	mapName string
	players int
	variant rules.Variant
	bot     bool // the last seat is played by the host's random bot
}

// playRecorded plays a whole random game over a recording host, every
// seat (but a bot's) a device driven by a client, and returns the game and
// the messages each seat's connection received.
func playRecorded(t *testing.T, sg secretGame, seed uint64) (*rules.Game, map[rules.Seat][]string) {
	t.Helper()
	m, err := maps.Load(sg.mapName)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}[:sg.players]
	g, err := rules.New(m, rules.Config{Players: names, Seed: seed, Variant: sg.variant})
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]string, sg.players)
	for i := range seats {
		seats[i] = gamefile.SeatRemote
	}
	if sg.bot {
		seats[sg.players-1] = "random"
	}
	match := session.NewMatch(g, session.MatchOptions{Players: seats, Pause: time.Nanosecond, BotSeed: seed})
	h, err := NewHost(HostOptions{Match: match, AdmitAuto: true, NoCompression: true, Rate: 1e6, Burst: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(h)
	rec := &recorder{Listener: srv.Listener}
	srv.Listener = rec
	srv.Start()
	defer func() { h.Close(); srv.Close(); match.Close() }()
	link := h.Link(strings.TrimPrefix(srv.URL, "http://"))
	clients := map[rules.Seat]*Client{}
	for i, id := range g.Seats() {
		if seats[i] != gamefile.SeatRemote {
			continue
		}
		c, err := Dial(ctxFor(t), link, ClientOptions{Name: names[i], Seat: id, NoCompression: true})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := c.WaitReady(ctxFor(t)); err != nil {
			t.Fatal(err)
		}
		clients[rules.Seat(i)] = c
	}
	r := rand.New(rand.NewPCG(seed, 3))
	for steps := 0; ; steps++ {
		var over bool
		var toAct rules.Seat
		var n int
		match.Do(func(g *rules.Game) { over, toAct, n = g.Over(), g.ToAct(), g.Len() })
		if over {
			break
		}
		if steps > 20000 {
			t.Fatalf("seed %d: no end after %d steps", seed, steps)
		}
		c := clients[toAct]
		if c == nil {
			for n == lenOf(match) {
				if moved, note := match.Tick(time.Now(), false); note != "" {
					t.Fatal(note)
				} else if !moved {
					match.Wait()
				}
			}
			continue
		}
		waitLen(t, c, n)
		a, ok := pick(c, r)
		if !ok {
			t.Fatalf("seed %d: seat %d to act with nothing legal", seed, toAct)
		}
		if _, err := c.Apply(a); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, a.Format(g.Map()), err)
		}
	}
	// Every device hears the end.
	for _, c := range clients {
		waitLen(t, c, lenOf(match))
	}

	got := map[rules.Seat][]string{}
	rec.mu.Lock()
	conns := append([]*recConn(nil), rec.conns...)
	rec.mu.Unlock()
	for _, rc := range conns {
		msgs := rc.messages(t)
		seat := rules.Seat(-1)
		for _, m := range msgs {
			var w Welcome
			if json.Unmarshal([]byte(m), &w) == nil && w.T == KWelcome && len(w.Seats) == 1 {
				seat = w.Seats[0]
			}
		}
		if seat < 0 {
			t.Fatalf("a connection without a welcome to a seat: %d messages", len(msgs))
		}
		got[seat] = msgs
	}
	var final *rules.Game
	match.Do(func(g *rules.Game) { final = g.Clone() })
	return final, got
}

func lenOf(m *session.Match) (n int) {
	m.Do(func(g *rules.Game) { n = g.Len() })
	return n
}

// waitLen waits until client c holds a game of n actions.
func waitLen(t *testing.T, c *Client, n int) {
	t.Helper()
	ctx := ctxFor(t)
	for c.Len() < n {
		if err := c.Wait(ctx, c.Seq()); err != nil {
			e, v := c.Version()
			t.Fatalf("waiting for %d actions, the client holds %d (epoch %d version %d, seq %d, err %v): %v", n, c.Len(), e, v, c.Seq(), c.Err(), err)
		}
	}
}

// jsonText is s as it stands inside a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// secretsFor lists what seat s may not know of finished game g, as the
// texts that would carry it: the record lines of another seat's decisions
// whose details are secret (its arranged card, its exchanges, a study's
// aim, a token looked at), the words of another seat's private events that
// no public line says, and the game's seed.
func secretsFor(g *rules.Game, s rules.Seat) []string {
	var out []string
	for _, a := range g.Actions() {
		if a.Seat == s {
			continue
		}
		switch a.Verb {
		case rules.VArrange, rules.VExchange, rules.VStudy, rules.VUncover:
			out = append(out, jsonText(a.Format(g.Map())))
		}
	}
	// Words s may read anyway: the public lines, and its own private ones
	// (another seat's private line may read the same: "You drew …").
	known := map[string]bool{}
	evs := g.Events()
	for _, e := range evs {
		if e.Seat == rules.Public || e.Seat == s {
			known[g.EventText(e, e.Seat)] = true
		}
	}
	for _, e := range evs {
		if e.Seat != rules.Public && e.Seat != s {
			if txt := g.EventText(e, e.Seat); txt != "" && !known[txt] {
				out = append(out, jsonText(txt))
			}
		}
	}
	return append(out, strconv.FormatUint(g.Config().Seed, 10), `"seed"`)
}

// leaked is the first secret that stands in msgs ("" for none). At game
// over the views show everything, so the messages from the end on are
// left out (a secret may be told then).
func leaked(msgs, secrets []string) string {
	for _, m := range msgs {
		if strings.Contains(m, `"phase":"over"`) {
			return ""
		}
		for _, sec := range secrets {
			if strings.Contains(m, sec) {
				return sec
			}
		}
	}
	return ""
}

// TestSecrecyOnTheWire plays at least 200 random games over a recording
// host — both maps, plain and Citadel, 2 to 9 seats, a bot in some — and
// searches every byte written to each seat's device for what only another
// seat knows: its arranged card's and exchanges' record lines, a Citadel
// study's aim, a token it looked at, the words of its private events (a
// card drawn, its loyalty card), the seed. The search itself is shown to
// find a leak planted in the bytes. -short plays fewer games.
func TestSecrecyOnTheWire(t *testing.T) {
	t.Parallel()
	configs := []secretGame{
		{"standard", 2, rules.Plain, false}, {"standard", 3, rules.Citadel, true}, {"standard", 2, rules.Citadel, false},
		{"nine", 2, rules.Plain, false}, {"standard", 4, rules.Plain, true}, {"standard", 3, rules.Plain, false},
		{"standard", 2, rules.Plain, true}, {"nine", 2, rules.Citadel, false},
	}
	games := 200
	if testing.Short() {
		games = 16
	}
	var mu sync.Mutex
	nine, checked, planted := 0, 0, false
	// The games run two at a time (the parallel subtests of one group):
	// each waits on its sockets much of the time.
	t.Run("games", func(t *testing.T) {
		for i := range games {
			sg := configs[i%len(configs)]
			if i == games-1 && !testing.Short() {
				sg = secretGame{"nine", 9, rules.Citadel, true} // one game of nine seats
			}
			t.Run(fmt.Sprintf("%d-%s-%d", i, sg.mapName, sg.players), func(t *testing.T) {
				t.Parallel()
				seed := uint64(0x9e3779b97f4a7c15) ^ uint64(i)*0x2545f4914f6cdd1d
				g, msgs := playRecorded(t, sg, seed)
				n, plant := 0, false
				for s, ms := range msgs {
					secrets := secretsFor(g, s)
					if sec := leaked(ms, secrets); sec != "" {
						t.Fatalf("game %d (%s, %d seats, %v): seat %d's device received %s", i, sg.mapName, sg.players, sg.variant, s, sec)
					}
					n += len(secrets)
					if !plant && len(secrets) > 2 {
						// The search finds a leak where there is one.
						bad := append(append([]string(nil), ms[:len(ms)/2]...), `{"t":"notice","text":"`+secrets[0]+`"}`)
						if leaked(bad, secrets) == "" {
							t.Fatal("a planted leak was not found: the search proves nothing")
						}
						plant = true
					}
				}
				mu.Lock()
				defer mu.Unlock()
				checked += n
				planted = planted || plant
				if sg.mapName == "nine" {
					nine++
				}
			})
		}
	})
	if !planted || checked < games*5 || nine == 0 {
		t.Fatalf("%d secrets searched for over %d games (%d nine-house), planted %v: too few to prove anything", checked, games, nine, planted)
	}
	t.Logf("%d games, %d secrets searched for in their seats' bytes", games, checked)
}

// dealtAgain hosts position g for a device holding seat s, with the
// host's epoch fixed, and returns the messages it receives for its hello
// and then for each next action of rest applied on the host (stopping at
// the first the position refuses), presence and pong left out, and the
// answers to the illegal lines bad.
// (rest must be legal at g.)
func dealtAgain(t *testing.T, g *rules.Game, s rules.Seat, rest []rules.Action, bad []string) []string {
	t.Helper()
	players := make([]string, len(g.Seats()))
	for i := range players {
		players[i] = gamefile.SeatRemote
	}
	match := session.NewMatch(g, session.MatchOptions{Players: players})
	h, err := NewHost(HostOptions{Match: match, AdmitAuto: true, NoCompression: true, Epoch: 4242, Room: "TESTROOM42", Rate: 1e6, Burst: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer func() { h.Close(); srv.Close(); match.Close() }()
	rg := &rig{t: t, link: h.Link(strings.TrimPrefix(srv.URL, "http://"))}
	d := rg.raw()
	d.send(Hello{T: KHello, Proto: Proto, Name: "Dev", Room: "TESTROOM42", Seat: g.Seats()[s]})
	var out []string
	read := func(k string) {
		for {
			_, b, err := d.ws.Read(ctxFor(t))
			if err != nil {
				t.Fatalf("waiting for a %s: %v", k, err)
			}
			var kk kindOf
			json.Unmarshal(b, &kk)
			if kk.T == KPresence || kk.T == KPong {
				continue
			}
			if kk.T == KWelcome {
				// The seat token is drawn anew by every host.
				var w Welcome
				json.Unmarshal(b, &w)
				if len(w.Token) != 32 {
					t.Fatalf("a welcome's token %q is not 128 bits in hex", w.Token)
				}
				w.Token = ""
				b = enc(w)
			}
			out = append(out, string(b))
			if kk.T == k {
				return
			}
		}
	}
	read(KSync)
	desk := match.Desk(rules.EverySeat(g)...)
	for _, a := range rest {
		if _, err := desk.Apply(a); err != nil {
			t.Fatal(err)
		}
		read(KUpdate)
	}
	for i, line := range bad {
		d.send(Ask{T: KAsk, ID: int64(i + 1), Q: QCheck, Line: line})
		read(KAnswer)
	}
	return out
}

// TestSecretsDealtAgainChangeNoByte: at many positions of random games
// (both maps, plain and Citadel), a host of the position and a host of the
// same position with every secret seat s does not know dealt again
// (rules.Game.RedealSecrets) write s's device the same bytes: its sync,
// the updates of the next actions, and the answers to the checks of
// illegal lines; and the positions did differ in another seat's secrets.
func TestSecretsDealtAgainChangeNoByte(t *testing.T) {
	t.Parallel()
	compared, differed, updates := 0, 0, 0
	for k, sg := range []secretGame{{"standard", 4, rules.Plain, false}, {"standard", 3, rules.Citadel, false}, {"nine", 5, rules.Citadel, false}} {
		m, err := maps.Load(sg.mapName)
		if err != nil {
			t.Fatal(err)
		}
		names := []string{"Ann", "Ben", "Cy", "Di", "Ed"}[:sg.players]
		full, err := rules.New(m, rules.Config{Players: names, Seed: uint64(77 + k), Variant: sg.variant})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(k), 5))
		for !full.Over() {
			l := full.Legal()
			a := l[r.IntN(len(l))]
			if a.Verb == rules.VArrange {
				a = rules.RandomArrangement(a, r)
			}
			if _, err := full.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		acts := full.Actions()
		step := max(len(acts)/12, 1)
		for n := step; n < len(acts)-3; n += step {
			at, err := full.At(n)
			if err != nil {
				t.Fatal(err)
			}
			s := rules.Seat(n % sg.players)
			again := at.RedealSecrets(s, rand.New(rand.NewPCG(uint64(n), 9)))
			other := (s + 1) % rules.Seat(sg.players)
			va, _ := json.Marshal(at.View(other))
			vb, _ := json.Marshal(again.View(other))
			if !bytes.Equal(va, vb) {
				differed++
			}
			bad := []string{"garbage", fmt.Sprintf("%s place stark lord", g0(at, other)), fmt.Sprintf("%s keep", g0(at, s))}
			next := bothTake(at, again, s, acts[n:n+3])
			a := dealtAgain(t, at, s, next, bad)
			b := dealtAgain(t, again, s, next, bad)
			if len(a) != len(b) {
				t.Fatalf("%s after %d actions: seat %d received %d messages, and %d with the others' secrets dealt again", sg.mapName, n, s, len(a), len(b))
			}
			for i := range a {
				if a[i] != b[i] {
					t.Fatalf("%s after %d actions: seat %d's message %d differs when another seat's secrets differ:\n%.400s\n%.400s", sg.mapName, n, s, i, a[i], b[i])
				}
			}
			compared++
			updates += len(next)
		}
	}
	if compared < 20 || differed < compared/2 || updates < compared {
		t.Fatalf("%d positions compared (%d updates), the others' secrets differed at %d: the test proves little", compared, updates, differed)
	}
}

// bothTake is the longest start of acts both positions accept (another
// seat's hand dealt again may lack the card it played) that shows seat s
// nothing hidden — a card it draws from a deck dealt again is another
// card: from there on the two games rightly differ for s.
func bothTake(a, b *rules.Game, s rules.Seat, acts []rules.Action) []rules.Action {
	a, b = a.Clone(), b.Clone()
	for i, x := range acts {
		evs, err := a.Apply(x)
		if err != nil {
			return acts[:i]
		}
		for _, e := range evs {
			if e.Seat == s {
				return acts[:i]
			}
		}
		if _, err := b.Apply(x); err != nil {
			return acts[:i]
		}
	}
	return acts
}

// g0 is seat s's id in g.
func g0(g *rules.Game, s rules.Seat) string { return g.Seats()[s] }
