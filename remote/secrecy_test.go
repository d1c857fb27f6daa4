//go:build !js

package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"notrueking/board"
	"notrueking/feed"
	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/session"
)

// Secrecy on the wire (design: remote-seats.md §5 "Never send", §6 test 2,
// §7 risk 1). TestSecretsNeverOnTheWire plays random games (both maps,
// plain and Citadel, 2 to 9 seats, bots at some seats) through a host to
// bare WebSocket devices (wireDev) that keep every frame's payload, and
// checks those bytes two ways:
//
//   - a search: at every version, the secrets the engine holds that a
//     device's seat may not know, in the exact JSON the protocol would
//     encode them in (another seat's player entry with its face-down tokens
//     or one of them in place, its hand, its Dark Wings cards, its cards'
//     names and ids, any private event or log line of another seat, their
//     texts, another seat's record lines — arrange, exchange, study — the
//     seed and the generator; the text of a whisper between two other
//     seats — the devices whisper now and then), must not be in any frame
//     the device got before the game's end; planted leaks of each kind
//     prove the search finds them;
//   - a twin: at random points the game is served again by three hosts
//     at once — a copy, the copy with every secret hidden from one seat
//     dealt again (RedealSecrets(seat)) and the copy with every secret
//     hidden from the public dealt again (RedealSecrets(Public)) — and
//     played on with the same decisions: the frames that seat's device
//     and the spectators get, the answers to random illegal lines and
//     questions included, must be byte for byte the same (but for the
//     host's random epoch and token), as long as the engine's own view for
//     them, and the events of the last action they may read, are (a
//     redealt deck or generator may change a seat's next draw or roll, and
//     an exchange's line which of two face-down tokens of equal value
//     moved: the comparison stops there).

// secCfg is one random game of the test.
type secCfg struct {
	mapName  string
	variant  rules.Variant
	names    []string
	players  []string // per seat: gamefile.SeatRemote or "random"
	seed     uint64
	maxSteps int // 0: to the end
	compress bool
	twins    bool // serve it again at random points (the byte-for-byte check)
}

var secNames = []string{"Ann", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ida"}

// secGameOf is game i of the test: even games on the standard map (2-4
// seats), odd ones on the nine map (2 to 5 seats, and every fifth of
// them 6 to 9); every fourth game to its end (on the nine map with 4 or
// more seats, at most 300 actions), the others for 100 actions (a round
// or two: to keep the test fast); every other pair Citadel; about two
// seats in five bots, never the first; every third game served again at
// one random point (the twin).
func secGameOf(i int) secCfg {
	r := rand.New(rand.NewPCG(uint64(i), 0x5ec7e7))
	c := secCfg{seed: r.Uint64() | 1<<63, compress: i%3 != 1, twins: i%3 == 0}
	n := 2 + r.IntN(3)
	c.mapName = "standard"
	if i%2 == 1 {
		c.mapName = "nine"
		if j := i / 2; j%5 == 4 {
			n = 6 + (j/5)%4
		} else {
			n = 2 + r.IntN(4)
		}
	}
	switch {
	case i%4 != 0:
		c.maxSteps = 100
	case c.mapName == "nine" && n >= 4:
		c.maxSteps = 300
	}
	if (i/2)%2 == 1 {
		c.variant = rules.Citadel
	}
	c.names = secNames[:n]
	for s := range n {
		who := gamefile.SeatRemote
		if s > 0 && r.IntN(5) < 2 {
			who = "random"
		}
		c.players = append(c.players, who)
	}
	return c
}

// secPick is a device's decision: a function of the position (the game's
// seed, its length and the seat) and its legal lines only, so that the
// same position gets the same decision on every host.
func secPick(m *board.Map, seats int, legal []string, seed uint64, n int, seat rules.Seat) string {
	if len(legal) == 0 {
		return ""
	}
	r := rand.New(rand.NewPCG(seed^uint64(n)<<16, uint64(seat)+0x9e37))
	line := legal[r.IntN(len(legal))]
	if strings.Contains(line, " arrange ") {
		a, err := rules.ParseAction(m, seats, line)
		if err != nil {
			panic(err)
		}
		line = rules.RandomArrangement(a, r).Format(m)
	}
	return line
}

// secNeedle is a secret as it would be on the wire; live ones are looked
// for only in the frames that carry news (not in a sync or a welcome,
// whose log tells the whole game: a card a hand holds now may have been
// played, and named, before). what says what it is (made when needed).
type secNeedle struct {
	b    []byte
	live bool
	what func() string
}

// secGroup is needles that all contain guard: none is looked for in a
// frame without it (nil: always looked for).
type secGroup struct {
	guard []byte
	ns    []secNeedle
}

// secStats counts what the test did, over every game.
type secStats struct {
	mu                                   sync.Mutex
	games, ends, uncapped, frames, bytes int
	needles                              int
	planted, caught                      map[string]int
	twins, twinSteps, twinFrames         int
	twinAsks, secretsDiffer, leakVisible int
	specFrames, diverged                 int
	privateLines, lines                  int
	maps, variants                       map[string]int
	seatCounts                           map[int]int
	bots                                 int
}

func (st *secStats) add(f func(st *secStats)) {
	st.mu.Lock()
	defer st.mu.Unlock()
	f(st)
}

func TestSecretsNeverOnTheWire(t *testing.T) {
	t.Parallel()
	games := 200
	play := func(i int) int { return i }
	if testing.Short() {
		// The sweep is the full run's. The short run plays one game of
		// each map, each twinned, of 2 to 6 seats, plain and Citadel, for
		// 100 actions: every check of a frame and of a twin, on a few.
		short := []int{3, 6, 9}
		games, play = len(short), func(i int) int { return short[i] }
	}
	srv, mux := newWireServer(t)
	st := &secStats{planted: map[string]int{}, caught: map[string]int{}, maps: map[string]int{}, variants: map[string]int{}, seatCounts: map[int]int{}}
	start := time.Now()
	t.Run("games", func(t *testing.T) {
		inParallel(t, games, 4, func(t testing.TB, i int) { playSecretGame(t, srv, mux, play(i), st) })
	})
	if t.Failed() {
		return
	}
	t.Logf("%d games (%v maps, %v variants, seats %v, %d bot seats, %d to the end) in %v: %d frames (%d KB) searched for %d secrets (%d private log lines, %d record lines); planted leaks %v, caught %v; %d twins, %d steps compared byte for byte (%d frames of the seat, %d of spectators, %d answers to illegal requests); the redealt secrets differed at %d twins and a leak of them would have shown at %d steps; %d comparisons stopped where a redealt draw or roll showed",
		st.games, st.maps, st.variants, st.seatCounts, st.bots, st.ends, time.Since(start).Round(time.Millisecond), st.frames, st.bytes>>10, st.needles, st.privateLines, st.lines,
		st.planted, st.caught, st.twins, st.twinSteps, st.twinFrames, st.specFrames, st.twinAsks, st.secretsDiffer, st.leakVisible, st.diverged)
	if testing.Short() {
		for k, n := range st.planted {
			if st.caught[k] != n {
				t.Errorf("planted leaks of kind %q: %d, caught %d: the search cannot be trusted", k, n, st.caught[k])
			}
		}
		if len(st.planted) == 0 || st.twins != games || st.twinSteps == 0 {
			t.Errorf("%d kinds of leak planted, %d twins, %d steps compared", len(st.planted), st.twins, st.twinSteps)
		}
		return
	}
	// The test must have looked at what it means to.
	for _, k := range []string{"view", "token", "hand", "private", "text", "line", "seed", "name"} {
		if st.planted[k] == 0 || st.caught[k] != st.planted[k] {
			t.Errorf("planted leaks of kind %q: %d, caught %d: the search cannot be trusted", k, st.planted[k], st.caught[k])
		}
	}
	if st.planted["wings"] != st.caught["wings"] || st.planted["wings"] == 0 {
		t.Errorf("planted Dark Wings leaks: %d, caught %d", st.planted["wings"], st.caught["wings"])
	}
	minTwins := games / 4
	switch {
	case st.games != games:
		t.Errorf("%d games played of %d", st.games, games)
	case st.ends < st.uncapped:
		t.Errorf("only %d of the %d games played to their end reached it", st.ends, st.uncapped)
	case len(st.seatCounts) != 8:
		t.Errorf("seat counts played: %v, want 2 to 9", st.seatCounts)
	case st.twins < minTwins || st.twinSteps < 10*minTwins:
		t.Errorf("only %d twins, %d steps compared", st.twins, st.twinSteps)
	case st.secretsDiffer < st.twins*3/4:
		t.Errorf("the redealt secrets differed at only %d of %d twins", st.secretsDiffer, st.twins)
	case st.leakVisible < st.twinSteps/2:
		t.Errorf("a leak would have shown at only %d of %d steps", st.leakVisible, st.twinSteps)
	case st.twinAsks < st.twinSteps:
		t.Errorf("only %d illegal requests compared", st.twinAsks)
	}
}

// secGame is one game of the test as it runs.
type secGame struct {
	t      testing.TB
	cfg    secCfg
	idx    int
	m      *board.Map
	ids    []string
	match  *session.Match
	host   *Host
	devs   []*wireDev // the seats' devices, then the spectator
	seenAt []int      // frames searched per device
	lits   []map[string]int
	// What the devices may know, over the game: the log texts each seat
	// may read (its private ones and the public's), the cards it was shown
	// of each other hand.
	events []rules.Event
	peeked map[rules.Seat]map[rules.Seat][]board.CardID
	rngs   map[string]bool
	toks   map[rules.Token][]byte
	plants []secPlant
	// whispers are the lines whispered so far: a device of neither seat
	// may never get a byte of their text.
	whispers []feed.TalkLine
	st       *secStats
	caught   map[string]int
	tried    map[string]int
}

// secPlant is a planted leak found only at the game's end (a literal):
// the literals of the planted frame, for device k.
type secPlant struct {
	k    int
	kind string
	b    []byte
	// text is the words a planted log line leaks: a seat that read the
	// same words of its own may be told them (the plant then counts for
	// nothing).
	text string
	lits map[string]int
}

func playSecretGame(t testing.TB, srv *httptest.Server, mux *wireMux, idx int, st *secStats) {
	cfg := secGameOf(idx)
	began := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	m := loadMap1(t, cfg.mapName)
	g, err := rules.New(m, rules.Config{Players: cfg.names, Seed: cfg.seed, Variant: cfg.variant})
	if err != nil {
		t.Fatal(err)
	}
	sg := &secGame{t: t, cfg: cfg, idx: idx, m: m, ids: g.Seats(), st: st,
		peeked: map[rules.Seat]map[rules.Seat][]board.CardID{}, rngs: map[string]bool{}, toks: map[rules.Token][]byte{}, caught: map[string]int{}, tried: map[string]int{}}
	sg.events = g.Events()
	match := session.NewMatch(g, session.MatchOptions{Players: cfg.players, Pause: time.Nanosecond, BotSeed: cfg.seed})
	defer match.Close()
	sg.match = match
	match.Listen(func(mv feed.Change) { sg.events = append(sg.events, mv.Events...) })
	h, err := NewHost(HostOptions{Match: match, AdmitAuto: true, Rate: fast2, Burst: fast2, NoCompression: idx%4 == 3})
	if err != nil {
		t.Fatal(err)
	}
	sg.host = h
	name := fmt.Sprintf("g%d", idx)
	mux.put(name, h)
	defer func() { mux.put(name, nil); h.Close() }()
	url := wireURL(srv, name)
	bySeat := map[rules.Seat]*wireDev{}
	for s, who := range cfg.players {
		if who != gamefile.SeatRemote {
			continue
		}
		d := dialWire(t, ctx, url, rules.Seat(s), Hello{T: KHello, Proto: Proto, Name: cfg.names[s], Room: h.Room(), Seat: sg.ids[s]}, cfg.compress)
		defer d.close()
		sg.devs = append(sg.devs, d)
		bySeat[rules.Seat(s)] = d
	}
	spec := dialWire(t, ctx, url, rules.Public, Hello{T: KHello, Proto: Proto, Name: "Eve", Room: h.Room(), Watch: true}, !cfg.compress)
	defer spec.close()
	sg.devs = append(sg.devs, spec)
	sg.seenAt = make([]int, len(sg.devs))
	sg.lits = make([]map[string]int, len(sg.devs))
	for k := range sg.lits {
		sg.lits[k] = map[string]int{}
	}

	tr := rand.New(rand.NewPCG(cfg.seed, 0x7a1))
	twinAt := map[int]bool{}
	arranged := -1
	over := false
	steps := 0
	for ; ; steps++ {
		v := match.Version()
		for _, d := range sg.devs {
			d.at(v)
		}
		var toAct rules.Seat
		var n int
		var phase rules.Phase
		match.Do(func(g *rules.Game) { over, toAct, n, phase = g.Over(), g.ToAct(), g.Len(), g.View(rules.Public).Phase })
		if over {
			break // the last frames reveal everything: the game is over
		}
		sg.search(steps)
		if cfg.maxSteps > 0 && steps >= cfg.maxSteps {
			break
		}
		if cfg.twins {
			if arranged < 0 && phase != rules.PhaseLoyalty {
				arranged = steps
				twinAt[steps+tr.IntN(120)] = true
			}
			if twinAt[steps] {
				sg.twin(ctx, srv, mux, tr, steps)
			}
		}
		if steps%9 == 4 {
			sg.whisper(tr, bySeat)
		}
		if match.IsBot(toAct) {
			secBotMove(t, match)
			continue
		}
		d := bySeat[toAct]
		if d == nil {
			t.Fatalf("step %d: no device plays seat %d", steps, toAct)
		}
		_, legal, dAct, _, dn := d.state()
		if dAct != toAct || dn != n {
			t.Fatalf("step %d: seat %d's device holds %d actions with seat %d to act; the host %d with seat %d", steps, toAct, dn, dAct, n, toAct)
		}
		line := secPick(m, len(cfg.names), legal, cfg.seed, n, toAct)
		if r := d.act(line); !r.OK {
			t.Fatalf("step %d: %s refused: %s", steps, line, r.Err)
		}
	}
	sg.finish()
	if testing.Verbose() {
		t.Logf("game %d: %s %s %d seats (%v), %d steps, over %v, %v", idx, cfg.mapName, cfg.variant, len(cfg.names), cfg.players, steps, over, time.Since(began).Round(time.Millisecond))
	}
	bots := 0
	for _, who := range cfg.players {
		if who != gamefile.SeatRemote {
			bots++
		}
	}
	st.add(func(st *secStats) {
		st.games++
		if over {
			st.ends++
		}
		if cfg.maxSteps == 0 {
			st.uncapped++
		}
		st.maps[cfg.mapName]++
		st.variants[cfg.variant.String()]++
		st.seatCounts[len(cfg.names)]++
		st.bots += bots
		for k, n := range sg.tried {
			st.planted[k] += n
		}
		for k, n := range sg.caught {
			st.caught[k] += n
		}
	})
}

// whisper has a random seat's device whisper a line to another seat (at
// most a talk burst per device: the host's talk rate holds for the test's
// devices too).
func (sg *secGame) whisper(r *rand.Rand, bySeat map[rules.Seat]*wireDev) {
	n := len(sg.cfg.names)
	from := rules.Seat(r.IntN(n))
	d := bySeat[from]
	if d == nil || n < 3 {
		return // a bot's seat; or two seats, where no device is a third
	}
	said := 0
	for _, w := range sg.whispers {
		if w.From == from {
			said++
		}
	}
	if said >= TalkBurst-1 {
		return
	}
	to := (from + 1 + rules.Seat(r.IntN(n-1))) % rules.Seat(n)
	text := fmt.Sprintf("whisper %d-%d-%x", sg.idx, len(sg.whispers), r.Uint32())
	b := d.request(func(id int64, _, _ uint64) any { return Say{T: KSay, ID: id, To: to, Text: text} })
	var res Result
	if err := json.Unmarshal(b, &res); err != nil || !res.OK {
		sg.t.Fatalf("seat %d's whisper to %d: %s", from, to, b)
	}
	sg.whispers = append(sg.whispers, feed.TalkLine{From: from, To: to, Text: text})
}

// fast2 is the message rate the test's devices may send (they play as
// fast as they can).
const fast2 = 1e6

// secBotMove has the match's bots make the move of the bot to act.
func secBotMove(t testing.TB, m *session.Match) {
	v := m.Version()
	for m.Version() == v {
		moved, note := m.Tick(time.Now(), false)
		if note != "" {
			t.Fatalf("bot: %s", note)
		}
		if !moved {
			m.WaitSearch()
		}
	}
}

// jsonOf is v's JSON, as the protocol encodes it.
func jsonOf(v any) []byte { return marshal(v) }

// tokenJSON is a loyalty token's encoding (made once per token).
func (sg *secGame) tokenJSON(t rules.Token) []byte {
	if b, ok := sg.toks[t]; ok {
		return b
	}
	b := jsonOf(t)
	sg.toks[t] = b
	return b
}

// needles are, for each device, the secrets it may not know at the
// match's version as it stands, in their wire encodings (under the
// match's lock).
func (sg *secGame) needles(g *rules.Game) [][]secGroup {
	n := len(sg.cfg.names)
	views := make([]rules.View, n)
	own := make([][]byte, n)  // each seat's entry as the seat sees it
	head := make([][]byte, n) // its start, up to its tokens (public)
	for s := range n {
		views[s] = g.View(rules.Seat(s))
		own[s] = jsonOf(views[s].Players[s])
		i := bytes.Index(own[s], []byte(`"loyalty":[`))
		if i < 0 {
			sg.t.Fatalf("a player entry's encoding is not what the test expects: %s", own[s])
		}
		head[s] = own[s][:i+len(`"loyalty":[`)]
	}
	pub := g.View(rules.Public)
	pos := g.Position()
	sg.rngs[pos.RNG()] = true
	global := secGroup{ns: []secNeedle{
		{b: []byte(strconv.FormatUint(sg.cfg.seed, 10)), what: func() string { return "the seed" }},
		{b: []byte(strconv.FormatUint(sg.cfg.seed, 16)), what: func() string { return "the seed in hex" }},
		{b: []byte(pos.RNG()), what: func() string { return "the generator's state" }},
	}}
	out := make([][]secGroup, len(sg.devs))
	for k, d := range sg.devs {
		R := d.seat
		var whispers secGroup
		for _, w := range sg.whispers {
			if w.From != R && w.To != R {
				whispers.ns = append(whispers.ns, secNeedle{b: []byte(w.Text), what: func() string { return fmt.Sprintf("a whisper from seat %d to seat %d", w.From, w.To) }})
			}
		}
		out[k] = append(out[k], whispers)
		vR := pub
		if R >= 0 {
			vR = views[R]
			if vR.PeekSeat >= 0 {
				if sg.peeked[R] == nil {
					sg.peeked[R] = map[rules.Seat][]board.CardID{}
				}
				sg.peeked[R][vR.PeekSeat] = append(sg.peeked[R][vR.PeekSeat], vR.Peek...)
			}
		}
		gs := []secGroup{global}
		for O := range rules.Seat(n) {
			if O == R {
				continue
			}
			pvO, pvR := views[O].Players[O], vR.Players[O]
			id := sg.ids[O]
			// The entry as its own seat sees it, and each token R does not
			// know in its place: the start of R's own entry, its tokens
			// before, then the token as its seat sees it.
			entry := secGroup{guard: head[O]}
			hidden := false
			var prefix []byte
			for i, tok := range pvO.Loyalty {
				if i < len(pvR.Loyalty) && tok.House != pvR.Loyalty[i].House {
					hidden = true
					nb := append(append(slices.Clone(head[O]), prefix...), sg.tokenJSON(tok)...)
					nb = bytes.TrimSuffix(nb, []byte("}"))
					if !bytes.HasSuffix(nb, []byte(`"revealed":false`)) {
						sg.t.Fatalf("a token's encoding is not what the test expects: %s", nb)
					}
					house := sg.m.HouseName(tok.House)
					entry.ns = append(entry.ns, secNeedle{b: nb, what: func() string { return fmt.Sprintf("%s's face-down token %d (%s)", id, i+1, house) }})
				}
				if i < len(pvR.Loyalty) {
					prefix = append(append(prefix, sg.tokenJSON(pvR.Loyalty[i])...), ',')
				}
			}
			if hidden || len(pvO.Hand) > 0 || len(pvO.WingCards) > 0 {
				entry.ns = append(entry.ns, secNeedle{b: own[O], what: func() string { return id + "'s entry as its seat sees it" }})
			}
			gs = append(gs, entry)
			var loose secGroup
			if len(pvO.Hand) > 0 {
				hand := jsonOf(pvO.Hand)
				loose.ns = append(loose.ns, secNeedle{b: append([]byte(`"hand":`), hand...), what: func() string { return id + "'s hand" }})
				if vR.PeekSeat != O {
					loose.ns = append(loose.ns, secNeedle{b: append([]byte(`"peek":`), hand...), what: func() string { return id + "'s hand as a look at it" }})
				}
			}
			if len(pvO.WingCards) > 0 && (R < 0 || !slices.Equal(vR.Players[R].WingCards, pvO.WingCards)) {
				loose.ns = append(loose.ns, secNeedle{b: append([]byte(`"wing_cards":`), jsonOf(pvO.WingCards)...), what: func() string { return id + "'s Dark Wings cards" }})
			}
			for _, c := range pvO.Hand {
				if R >= 0 && slices.Contains(sg.peeked[R][O], c) {
					continue // R looked at this hand (Melisandre)
				}
				card := sg.m.CardAt(c)
				name := jsonOf(card.Name)
				loose.ns = append(loose.ns,
					secNeedle{b: name[1 : len(name)-1], live: true, what: func() string { return "the name of " + card.ID + ", in " + id + "'s hand" }},
					secNeedle{b: []byte(card.ID), live: true, what: func() string { return "the id of " + card.ID + ", in " + id + "'s hand" }})
			}
			gs = append(gs, loose)
		}
		out[k] = append(out[k], gs...)
	}
	return out
}

// search searches the frames each device got since the last search for
// the secrets of the version they brought (the match is at that version:
// the test plays in lock step), and now and then plants a leak to see the
// search find it.
func (sg *secGame) search(step int) {
	var gs [][]secGroup
	var plants []secPlant
	sg.match.Do(func(g *rules.Game) {
		gs = sg.needles(g)
		if step%23 == 5 {
			plants = sg.plantLeaks(g)
		}
	})
	frames, size, count := 0, 0, 0
	for k, d := range sg.devs {
		fs := d.framesFrom(sg.seenAt[k])
		sg.seenAt[k] += len(fs)
		for _, f := range fs {
			if why := sg.check(d.seat, f, gs[k], sg.lits[k]); len(why) > 0 {
				sg.t.Fatalf("step %d: device %d (seat %d) got a %s frame with a secret: %s\n%s", step, k, d.seat, f.kind, strings.Join(why, "; "), clip2(f.b))
			}
			frames++
			size += len(f.b)
		}
		for _, g := range gs[k] {
			count += len(g.ns)
		}
	}
	for _, p := range plants {
		p.lits = map[string]int{}
		if why := sg.check(sg.devs[p.k].seat, wframe{b: p.b, kind: KUpdate}, gs[p.k], p.lits); len(why) > 0 {
			sg.tried[p.kind]++
			sg.caught[p.kind]++
			continue
		}
		sg.plants = append(sg.plants, p)
	}
	sg.st.add(func(st *secStats) { st.frames += frames; st.bytes += size; st.needles += count })
}

// privPrefix starts the encoding of an event or a log line (their first
// two fields, then their seat).
var privPrefix = []byte(`{"action":`)

// check is why frame f may not go to a device of seat R (none: it may),
// given the secrets of its version; it adds the frame's string literals
// to lits, for the checks at the game's end.
func (sg *secGame) check(R rules.Seat, f wframe, gs []secGroup, lits map[string]int) []string {
	var why []string
	whole := f.kind == KSync || f.kind == KWelcome
	for _, g := range gs {
		if g.guard != nil && !bytes.Contains(f.b, g.guard) {
			continue
		}
		for _, n := range g.ns {
			if n.live && whole {
				continue
			}
			if bytes.Contains(f.b, n.b) {
				why = append(why, n.what())
			}
		}
	}
	// Any event or log line of another seat's (a private one).
	for b := f.b; ; {
		i := bytes.Index(b, privPrefix)
		if i < 0 {
			break
		}
		b = b[i+len(privPrefix):]
		_, rest := leadingInt(b)
		if !bytes.HasPrefix(rest, []byte(`,"seat":`)) {
			continue
		}
		seat, _ := leadingInt(rest[len(`,"seat":`):])
		if seat >= 0 && rules.Seat(seat) != R {
			why = append(why, fmt.Sprintf("a private event or log line of seat %d", seat))
		}
	}
	forLiterals(f.b, func(lit string) { lits[lit]++ })
	return why
}

// leadingInt reads the integer b starts with, and what follows.
func leadingInt(b []byte) (int, []byte) {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	n, _ := strconv.Atoi(string(b[:i]))
	return n, b[i:]
}

// forLiterals calls f with every JSON string literal of b (as encoded,
// escapes kept) of 8 bytes or more.
func forLiterals(b []byte, f func(string)) {
	for i := 0; i < len(b); i++ {
		if b[i] != '"' {
			continue
		}
		j := i + 1
		for j < len(b) && b[j] != '"' {
			if b[j] == '\\' {
				j++
			}
			j++
		}
		if j-i-1 >= 8 && j <= len(b) {
			f(string(b[i+1 : j]))
		}
		i = j
	}
}

// literal is s as a JSON string literal's content.
func literal(s string) string {
	b := jsonOf(s)
	return string(b[1 : len(b)-1])
}

// plantLeaks makes frames that leak a secret of the position as a host
// with a bug would (under the match's lock): each returns the device it
// would go to, the kind of secret and the frame.
func (sg *secGame) plantLeaks(g *rules.Game) []secPlant {
	var out []secPlant
	n := len(sg.cfg.names)
	r := rand.New(rand.NewPCG(uint64(g.Len()), sg.cfg.seed))
	k := r.IntN(len(sg.devs))
	R := sg.devs[k].seat
	O := rules.Seat(r.IntN(n))
	if O == R {
		O = (O + 1) % rules.Seat(n)
	}
	vO := g.View(O)
	vO.Log = nil
	vR := g.View(R)
	plant := func(kind string, b []byte) {
		out = append(out, secPlant{k: k, kind: kind, b: b})
	}
	// The other seat's whole view instead of the device's.
	if !bytes.Equal(jsonOf(vO.Players[O]), jsonOf(vR.Players[O])) {
		plant("view", jsonOf(Sync{T: KSync, Views: []rules.View{vO}}))
	}
	// One face-down token shown in its place.
	for i, tok := range vO.Players[O].Loyalty {
		if tok.House != vR.Players[O].Loyalty[i].House {
			ps := slices.Clone(vR.Players)
			ps[O].Loyalty = slices.Clone(ps[O].Loyalty)
			ps[O].Loyalty[i] = tok
			plant("token", jsonOf(Update{T: KUpdate, Patches: []ViewPatch{{"players": jsonOf(ps)}}}))
			break
		}
	}
	// Its hand, in its entry.
	if len(vO.Players[O].Hand) > 0 {
		ps := slices.Clone(vR.Players)
		ps[O].Hand = vO.Players[O].Hand
		plant("hand", jsonOf(Update{T: KUpdate, Patches: []ViewPatch{{"players": jsonOf(ps)}}}))
		c := vO.Players[O].Hand[0]
		if R < 0 || !slices.Contains(sg.peeked[R][O], c) {
			plant("name", jsonOf(Notice{T: KNotice, Text: "Someone holds " + sg.m.CardAt(c).Name + "."}))
		}
	}
	// Dark Wings cards (few seats hold some: any seat's that does).
	for W := range rules.Seat(n) {
		wings := g.View(W).Players[W].WingCards
		if W != R && len(wings) > 0 && (R < 0 || !slices.Equal(vR.Players[R].WingCards, wings)) {
			ps := slices.Clone(vR.Players)
			ps[W].WingCards = wings
			plant("wings", jsonOf(Update{T: KUpdate, Patches: []ViewPatch{{"players": jsonOf(ps)}}}))
			break
		}
	}
	// A private event of the other seat's, as an event, and its words as
	// a public line's.
	for i := len(sg.events) - 1; i >= 0; i-- {
		if e := sg.events[i]; e.Seat == O {
			text := g.EventText(e, O)
			plant("private", jsonOf(Update{T: KUpdate, Events: []EventText{{Event: e, Text: text}}}))
			plant("text", jsonOf(Update{T: KUpdate, State: State{Logs: []LogDelta{{Lines: []rules.LogLine{{Action: e.Action, Seat: rules.Public, Text: text}}}}}}))
			out[len(out)-1].text = literal(text)
			break
		}
	}
	// One of its record lines, in a legal list.
	acts := g.Actions()
	for i := len(acts) - 1; i >= 0; i-- {
		if acts[i].Seat == O {
			plant("line", jsonOf(Update{T: KUpdate, State: State{Legal: []string{acts[i].Format(g.Map())}}}))
			break
		}
	}
	plant("seed", []byte(fmt.Sprintf(`{"t":"welcome","seed":%d}`, sg.cfg.seed)))
	// A whisper between two other seats, sent to this device.
	for _, w := range sg.whispers {
		if w.From != R && w.To != R {
			plant("whisper", jsonOf(Talk{T: KTalk, Lines: []feed.TalkLine{w}}))
			break
		}
	}
	return out
}

// finish checks, at the game's end, what a device could only be told
// about later: the words of every private event of another seat (unless
// the device's own seats read the same words), every record line of
// another seat, every state of the generator. Planted literals must be
// caught here.
func (sg *secGame) finish() {
	n := rules.Seat(len(sg.cfg.names))
	var acts []rules.Action
	var texts []struct {
		seat rules.Seat
		text string
	}
	mayRead := map[rules.Seat]map[string]bool{}
	sg.match.Do(func(g *rules.Game) {
		acts = g.Actions()
		for _, e := range sg.events {
			if e.Seat >= 0 {
				texts = append(texts, struct {
					seat rules.Seat
					text string
				}{e.Seat, literal(g.EventText(e, e.Seat))})
			}
			for R := rules.Public; R < n; R++ {
				if rules.MayRead(e, R) {
					if mayRead[R] == nil {
						mayRead[R] = map[string]bool{}
					}
					mayRead[R][literal(g.EventText(e, R))] = true
				}
			}
		}
	})
	forbidden := func(R rules.Seat) map[string]string {
		out := map[string]string{}
		for _, tx := range texts {
			if tx.seat != R && !mayRead[R][tx.text] {
				out[tx.text] = fmt.Sprintf("the words of a private event of %s", sg.ids[tx.seat])
			}
		}
		for _, a := range acts {
			if a.Seat != R {
				out[literal(a.Format(sg.m))] = fmt.Sprintf("a record line of %s", sg.ids[a.Seat])
			}
		}
		for rng := range sg.rngs {
			out[rng] = "a state of the generator"
		}
		return out
	}
	for k, d := range sg.devs {
		bad := forbidden(d.seat)
		for lit := range sg.lits[k] {
			if why, ok := bad[lit]; ok {
				sg.t.Fatalf("device %d (seat %d) got %s: %q", k, d.seat, why, lit)
			}
		}
	}
	for _, p := range sg.plants {
		R := sg.devs[p.k].seat
		if p.text != "" && mayRead[R][p.text] {
			continue // the seat read the same words of its own
		}
		sg.tried[p.kind]++
		bad := forbidden(R)
		hit := false
		for lit := range p.lits {
			if _, ok := bad[lit]; ok {
				hit = true
			}
		}
		if hit {
			sg.caught[p.kind]++
		} else {
			sg.t.Errorf("a planted leak (%s) for device %d was not found", p.kind, p.k)
		}
	}
	private := 0
	for range texts {
		private++
	}
	sg.st.add(func(st *secStats) { st.privateLines += private; st.lines += len(acts) })
}

// ---- The twin: the same position served with other secrets. ----

var (
	epochRE = regexp.MustCompile(`"epoch":\d+`)
	tokenRE = regexp.MustCompile(`"token":"[0-9a-f]+"`)
)

// normal is a frame without what differs from host to host by chance:
// its epoch and the seat token it hands out.
func normal(b []byte) []byte {
	b = epochRE.ReplaceAll(b, []byte(`"epoch":0`))
	return tokenRE.ReplaceAll(b, []byte(`"token":"T"`))
}

// lastEvents are the events of g's last action (none before the first).
func lastEvents(g *rules.Game) []rules.Event {
	var out []rules.Event
	for _, e := range g.Events() {
		if e.Action == g.Len()-1 && e.Action >= 0 {
			out = append(out, e)
		}
	}
	return out
}

// comparable are the frames of fs that depend on the game only (not the
// presence and pongs, whose moments are the network's), normalised.
func comparable(fs []wframe) [][]byte {
	var out [][]byte
	for _, f := range fs {
		if f.kind == KPresence || f.kind == KPong {
			continue
		}
		out = append(out, normal(f.b))
	}
	return out
}

// twinVariant is one of a twin's three hosts: the copy (0), the copy
// with the seat's hidden secrets dealt again (1), with the public's (2).
type twinVariant struct {
	g     *rules.Game
	m     *session.Match
	h     *Host
	name  string
	alive bool // its decisions are still the copy's
}

// twin serves the position as it stands three times (see the test's
// comment) and plays up to 30 steps on with the same decisions, comparing
// the frames byte for byte.
func (sg *secGame) twin(ctx context.Context, srv *httptest.Server, mux *wireMux, tr *rand.Rand, step int) {
	t := sg.t
	n := len(sg.cfg.names)
	seat := rules.Seat(tr.IntN(n))
	var vs [3]*twinVariant
	deal := rand.New(rand.NewPCG(tr.Uint64(), 1))
	sg.match.Do(func(g *rules.Game) {
		vs[0] = &twinVariant{g: g.Clone()}
		vs[1] = &twinVariant{g: g.RedealSecrets(seat, deal)}
		vs[2] = &twinVariant{g: g.RedealSecrets(rules.Public, deal)}
	})
	remote := make([]string, n)
	for i := range remote {
		remote[i] = gamefile.SeatRemote
	}
	differ := false
	p0, p1 := vs[0].g.Position(), vs[1].g.Position()
	for O := range rules.Seat(n) {
		if O != seat && (!slices.Equal(p0.Hand(O), p1.Hand(O)) || !slices.Equal(p0.Loyalty(O), p1.Loyalty(O))) {
			differ = true
		}
	}
	for i, v := range vs {
		v.alive = true
		v.m = session.NewMatch(v.g, session.MatchOptions{Players: remote, Pause: time.Nanosecond})
		h, err := NewHost(HostOptions{Match: v.m, AdmitAuto: true, Rate: fast2, Burst: fast2})
		if err != nil {
			t.Fatal(err)
		}
		v.h, v.name = h, fmt.Sprintf("g%d-t%d-%d", sg.idx, step, i)
		mux.put(v.name, h)
		defer func() { mux.put(v.name, nil); h.Close(); v.m.Close() }()
	}
	hello := Hello{T: KHello, Proto: Proto, Name: sg.cfg.names[seat], Seat: sg.ids[seat]}
	var devs [2]*wireDev // the seat's, on the copy and on the redealt
	var specs [3]*wireDev
	for i := range 2 {
		hl := hello
		hl.Room = vs[i].h.Room()
		devs[i] = dialWire(t, ctx, wireURL(srv, vs[i].name), seat, hl, i == 0)
		defer devs[i].close()
	}
	for i := range 3 {
		specs[i] = dialWire(t, ctx, wireURL(srv, vs[i].name), rules.Public, Hello{T: KHello, Proto: Proto, Name: "Eve", Room: vs[i].h.Room(), Watch: true}, i == 1)
		defer specs[i].close()
	}
	var seenDev [2]int
	var seenSpec [3]int
	devSame, specSame := [3]bool{true, true, true}, [3]bool{true, true, true}
	frames, specFrames, asks, steps, visible := 0, 0, 0, 0, 0
	// compare compares what each device got since the last comparison
	// with its peer's on the copy, while the engine's views stay equal.
	compare := func(where string) {
		var views [3][2][]byte // per variant: the seat's view, the public's
		for i, v := range vs {
			v.m.Do(func(g *rules.Game) {
				// A view, and the events of the last action it may read:
				// the same line of another seat's (an exchange names its
				// houses) may make a different public move in a world
				// with other hidden secrets, which no view shows (which of
				// two face-down tokens of equal value moved).
				last := lastEvents(g)
				views[i][0] = append(jsonOf(g.View(seat)), jsonOf(rules.ForDesk(last, func(s rules.Seat) bool { return s == seat }))...)
				views[i][1] = append(jsonOf(g.View(rules.Public)), jsonOf(rules.ForDesk(last, func(rules.Seat) bool { return false }))...)
			})
		}
		for i := range 2 {
			devs[i].at(vs[i].m.Version())
		}
		for i := range 3 {
			specs[i].at(vs[i].m.Version())
		}
		got := [2][][]byte{}
		for i := range 2 {
			fs := devs[i].framesFrom(seenDev[i])
			seenDev[i] += len(fs)
			got[i] = comparable(fs)
		}
		if devSame[1] && vs[1].alive && bytes.Equal(views[0][0], views[1][0]) {
			if !slices.EqualFunc(got[0], got[1], bytes.Equal) {
				t.Fatalf("%s: seat %d's device got other bytes when only secrets hidden from it differ:\n%s", where, seat, firstDiff(got[0], got[1]))
			}
			frames += len(got[0])
		} else if devSame[1] {
			devSame[1] = false
			sg.st.add(func(st *secStats) { st.diverged++ })
		}
		sp := [3][][]byte{}
		for i := range 3 {
			fs := specs[i].framesFrom(seenSpec[i])
			seenSpec[i] += len(fs)
			sp[i] = comparable(fs)
		}
		for i := 1; i < 3; i++ {
			if specSame[i] && vs[i].alive && bytes.Equal(views[0][1], views[i][1]) {
				if !slices.EqualFunc(sp[0], sp[i], bytes.Equal) {
					t.Fatalf("%s: a spectator got other bytes when only secrets differ (variant %d):\n%s", where, i, firstDiff(sp[0], sp[i]))
				}
				specFrames += len(sp[0])
			} else {
				specSame[i] = false
			}
		}
	}
	compare(fmt.Sprintf("game %d step %d, joining", sg.idx, step))
	for k := 0; k < 30 && (devSame[1] || specSame[1] || specSame[2]); k++ {
		var over bool
		var toAct rules.Seat
		var legal []rules.Action
		var nlen int
		vs[0].m.Do(func(g *rules.Game) {
			over, toAct, nlen = g.Over(), g.ToAct(), g.Len()
			if !over {
				legal = g.LegalFor(toAct)
			}
		})
		if over {
			break
		}
		where := fmt.Sprintf("game %d, a twin from step %d, %d steps on (seat %d, %d actions)", sg.idx, step, k, seat, nlen)
		// Random illegal requests and questions of the seat's device, the
		// same on the copy and the redealt.
		for _, q := range sg.randomAsks(tr, vs[0].m, seat, toAct, legal) {
			for i := range 2 {
				if q.act != "" {
					devs[i].act(q.act)
				} else {
					devs[i].ask(q.ask)
				}
			}
			asks++
		}
		// (compared now: the step's action may part the variants)
		compare(where + ", its requests")
		var lines []string
		for _, a := range legal {
			lines = append(lines, a.Format(sg.m))
		}
		line := secPick(sg.m, n, lines, sg.cfg.seed, nlen, toAct)
		a, err := rules.ParseAction(sg.m, n, line)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range vs {
			if !v.alive {
				continue
			}
			if toAct == seat && i < 2 {
				r := devs[i].act(line)
				switch {
				case r.OK:
				case i == 0:
					t.Fatalf("%s: %s refused on the copy: %s", where, line, r.Err)
				case devSame[1]:
					t.Fatalf("%s: the seat's own action %s, legal on the copy, is refused when only secrets hidden from it differ: %s", where, line, r.Err)
				default:
					v.alive = false
				}
				continue
			}
			if _, err := v.m.Desk(toAct).Apply(a); err != nil {
				if i == 0 {
					t.Fatalf("%s: %s refused on the copy: %v", where, line, err)
				}
				v.alive = false // another seat's hand differs: its decision cannot be the same
			}
		}
		compare(where)
		steps++
		// A leak of another seat's card or hand would show here: its entry
		// as that seat sees it differs between the copy and the redealt.
		for O := range rules.Seat(n) {
			if O == seat {
				continue
			}
			var a, b []byte
			vs[0].m.Do(func(g *rules.Game) { a = jsonOf(g.View(O).Players[O]) })
			vs[1].m.Do(func(g *rules.Game) { b = jsonOf(g.View(O).Players[O]) })
			if !bytes.Equal(a, b) {
				visible++
				break
			}
		}
	}
	sg.st.add(func(st *secStats) {
		st.twins++
		st.twinSteps += steps
		st.twinFrames += frames
		st.specFrames += specFrames
		st.twinAsks += asks
		st.leakVisible += visible
		if differ {
			st.secretsDiffer++
		}
	})
}

// firstDiff shows the first frames that differ.
func firstDiff(a, b [][]byte) string {
	for i := range max(len(a), len(b)) {
		var x, y []byte
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if !bytes.Equal(x, y) {
			j := 0
			for j < len(x) && j < len(y) && x[j] == y[j] {
				j++
			}
			from := max(0, j-200)
			return fmt.Sprintf("frame %d of %d/%d, from byte %d:\ncopy     %s\nredealt  %s", i, len(a), len(b), from, clip2(x[from:min(len(x), j+400)]), clip2(y[from:min(len(y), j+400)]))
		}
	}
	return ""
}

// twinAsk is one request of the twin's random ones: an act (illegal on
// the copy) or a question.
type twinAsk struct {
	act string
	ask Ask
}

// randomAsks are a few illegal lines and questions of seat's: cards that
// may be anywhere (another hand, a deck), other seats' lines (cards they
// may hold, their legal actions), moves, looks, uncovers, views of the
// past, try mode.
func (sg *secGame) randomAsks(r *rand.Rand, ref *session.Match, seat, toAct rules.Seat, legal []rules.Action) []twinAsk {
	m := sg.m
	n := len(sg.cfg.names)
	me := sg.ids[seat]
	other := sg.ids[(int(seat)+1+r.IntN(n-1))%n]
	card := func() string { return m.CardAt(board.CardID(r.IntN(int(m.NumCards())))).ID }
	terr := func() string { return m.Territories[r.IntN(len(m.Territories))].ID }
	house := func() string { return m.Houses[r.IntN(len(m.Houses))].ID }
	cands := []string{
		me + " play " + card(),
		me + " discard " + card(),
		me + " look " + other,
		me + " move " + terr() + " " + terr() + " footman:1",
		me + " exchange " + house() + " " + house() + " reveal " + house(),
		me + " uncover " + other + " " + strconv.Itoa(1+r.IntN(len(m.LoyaltySlots))),
		me + " study " + []string{"dirt", "legends", "rookery"}[r.IntN(3)],
		me + " frobnicate",
	}
	// Another seat's lines: a card it may hold, and one of its legal
	// actions (a card play, an exchange first): the device's desk holds
	// no such seat, so the answer must not depend on that seat's secrets.
	cands = append(cands, other+" play "+card(), other+" discard "+card())
	if toAct != seat && len(legal) > 0 {
		pick := legal[r.IntN(len(legal))]
		for _, a := range legal {
			if a.Verb == rules.VPlay || a.Verb == rules.VExchange || a.Verb == rules.VDiscard {
				pick = a
				break
			}
		}
		cands = append(cands, pick.Format(m), pick.Format(m))
	}
	var out []twinAsk
	for range 4 {
		line := cands[r.IntN(len(cands))]
		out = append(out, twinAsk{ask: Ask{Q: QCheck, Line: line}})
		illegal := true
		if a, err := rules.ParseAction(m, n, line); err == nil {
			ref.Do(func(g *rules.Game) { illegal = g.Check(a) != nil })
		}
		if illegal && r.IntN(2) == 0 {
			out = append(out, twinAsk{act: line})
		}
	}
	glen := 0
	ref.Do(func(g *rules.Game) { glen = g.Len() })
	switch r.IntN(4) {
	case 0:
		out = append(out, twinAsk{ask: Ask{Q: QViewAt, N: r.IntN(glen + 2), Seat: rules.Seat(r.IntN(n+1) - 1)}})
	case 1:
		out = append(out, twinAsk{ask: Ask{Q: QCombat, N: r.IntN(glen + 2)}})
	case 2:
		h := board.HouseID(r.IntN(len(m.Houses)))
		out = append(out, twinAsk{ask: Ask{Q: QDest, House: h, From: board.TerrID(r.IntN(len(m.Territories)))}})
	case 3:
		out = append(out, twinAsk{ask: Ask{Q: QPreview, Line: cands[3]}})
	}
	return out
}

// gameT is a test seen from one of several goroutines that play games at
// once (inParallel): a fatal failure fails the test and ends that
// goroutine only (its deferred calls run), naming the game.
type gameT struct {
	testing.TB
	name string
}

func (g gameT) Errorf(format string, args ...any) {
	g.TB.Helper()
	g.TB.Errorf(g.name+": "+format, args...)
}

func (g gameT) Fatalf(format string, args ...any) {
	g.TB.Helper()
	g.TB.Errorf(g.name+": "+format, args...)
	runtime.Goexit()
}

func (g gameT) Fatal(args ...any) {
	g.TB.Helper()
	g.TB.Error(append([]any{g.name + ":"}, args...)...)
	runtime.Goexit()
}

func (g gameT) FailNow() {
	g.TB.Fail()
	runtime.Goexit()
}

// inParallel plays games 0 to n-1, lanes at once (more than the test's
// -parallel allows subtests: a game waits on the network more than it
// computes), until one fails.
func inParallel(t *testing.T, n, lanes int, play func(t testing.TB, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range lanes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || t.Failed() {
					return
				}
				func() {
					done := make(chan struct{})
					go func() {
						defer close(done)
						play(gameT{TB: t, name: fmt.Sprintf("game %d", i)}, i)
					}()
					<-done
				}()
			}
		}()
	}
	wg.Wait()
}

var (
	mapsMu sync.Mutex
	mapsOf = map[string]*board.Map{}
)

// loadMap1 loads a shipped map once for every game of the tests (a map is
// never changed: games share it).
func loadMap1(t testing.TB, name string) *board.Map {
	mapsMu.Lock()
	defer mapsMu.Unlock()
	if m := mapsOf[name]; m != nil {
		return m
	}
	m, err := maps.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	mapsOf[name] = m
	return m
}
