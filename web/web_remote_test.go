//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"notrueking/gamefile"
	"notrueking/internal/site"
	"notrueking/maps"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/session"
)

// TestBrowserRemoteSeats: a headless host (its page served by itself)
// with one bot seat; two Chromium pages — one desktop-sized, one a
// 390×844 touch phone — and one desktop client process (`notrueking join
// -bot`) join, are admitted, and play a whole round, the pages by clicks
// and taps where a player would make them (the page's autoplay only says
// where). Mid-round the desktop page reloads and takes its seat back by
// the token it kept. A spectator page follows from the spectator link:
// neither its page state nor any frame it received holds another seat's
// secret.
func TestBrowserRemoteSeats(t *testing.T) {
	desk := newPage(t, "")
	startBrowser(t, browserPath(t))
	pageSite, err := site.Dir(shared.dir)
	if err != nil {
		t.Fatal(err)
	}

	// The host: Ann and Ben at pages, Cy at a desktop client, Dee a bot.
	m, err := maps.Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	const seed = 424242
	g, err := rules.New(m, rules.Config{Players: []string{"Ann", "Ben", "Cy", "Dee"}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	ids := g.Seats()
	match := session.NewMatch(g, session.MatchOptions{Players: []string{gamefile.SeatRemote, gamefile.SeatRemote, gamefile.SeatRemote, "random"}, Pause: 100 * time.Millisecond, BotSeed: 7})
	match.Start()
	defer match.Close()
	// The bots' driver, as a headless host runs it (Dee's seat).
	botCtx, stopBots := context.WithCancel(context.Background())
	defer stopBots()
	go match.Run(botCtx, 20*time.Millisecond, func(n string) { t.Errorf("a bot: %s", n) })
	var hostLog bytes.Buffer
	var logMu sync.Mutex
	h, err := remote.NewHost(remote.HostOptions{Match: match, Page: pageSite, Log: lockedWriter{&logMu, &hostLog}})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := remote.Listen(h, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	link := srv.Link()
	room := strings.TrimPrefix(link[strings.Index(link, "?join="):], "?join=")
	base := strings.TrimSuffix(link[:strings.Index(link, "?")], "/")
	// The phone is another device: its page comes from another origin of
	// the same host (localhost, not 127.0.0.1), so its storage — its seat
	// token — is not Ann's page's (two tabs of one origin share a token,
	// as one device does).
	other := strings.Replace(base, "127.0.0.1", "localhost", 1)
	t.Logf("host at %s", link)
	admitted := map[int]bool{}
	admit := func(want int) {
		t.Helper()
		// A bound for a broken page: a page loads and compiles its module
		// first (tens of seconds on a busy two-core machine).
		deadline := time.Now().Add(3 * time.Minute)
		for len(admitted) < want {
			for _, r := range h.Pending() {
				if !admitted[r.ID] {
					if err := h.Admit(r.ID, r.Seat); err != nil {
						t.Fatalf("admitting %+v: %v", r, err)
					}
					admitted[r.ID] = true
				}
			}
			if time.Now().After(deadline) {
				logMu.Lock()
				l := hostLog.String()
				logMu.Unlock()
				t.Fatalf("waiting for %d devices to ask, %d did; host log:\n%s", want, len(admitted), l)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	round := func() (r int, over bool) {
		match.Do(func(g *rules.Game) { r, over = g.View(rules.Public).Round, g.Over() })
		return
	}

	// Ann's page, desktop-sized, by its join link; the frames it gets
	// are measured (docs/web.md).
	annFrames := keepFrames(desk)
	opened := time.Now()
	desk.run("open Ann's page", chromedp.Navigate(fmt.Sprintf("%s/?join=%s&name=Ann&seat=%s", base, room, ids[0])))
	admit(1)
	desk.wait("Ann's table", func(s webState) bool { return s.Scene == "table" && len(s.Held) == 1 && s.Held[0] == 0 })
	var marks map[string]float64
	desk.run("marks", chromedp.Evaluate(`Object.fromEntries(performance.getEntriesByType("mark").map(m => [m.name, Math.round(m.startTime)]))`, &marks))
	t.Logf("Ann's page: the join link to the table in %d ms (module loaded %v ms, first frame %v ms; the test admits at once)",
		time.Since(opened).Milliseconds(), marks["ntk-module-loaded"], marks["ntk-first-frame"])
	desk.shot("remote-ann")

	// Ben's page: a phone, 390×844, touch. It asks for its name in the
	// page (a phone's keyboard comes up for a page's field).
	phone := newPage(t, "")
	phone.run("a phone", emulation.SetDeviceMetricsOverride(390, 844, 3, true),
		emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5),
		chromedp.Navigate(fmt.Sprintf("%s/?join=%s&seat=%s", other, room, ids[1])))
	phone.run("type the name", chromedp.WaitVisible("#joinname", chromedp.ByID),
		chromedp.SendKeys("#joinname", "Ben", chromedp.ByID))
	phone.run("Join", chromedp.Click("#joinbutton", chromedp.ByID))
	admit(2)
	phone.wait("Ben's table", func(s webState) bool { return s.Scene == "table" && len(s.Held) == 1 && s.Held[0] == 1 })
	phone.shot("remote-ben-phone")

	// Cy: the desktop program, headless, playing its seat with a bot.
	bin := buildDesktop(t)
	cfg := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cy := exec.CommandContext(ctx, bin, "join", link, "-seat", ids[2], "-name", "Cy", "-bot", "random", "-seed", "3")
	cy.Env = append(os.Environ(), "NTK_CONFIG_DIR="+cfg)
	var cyOut bytes.Buffer
	var cyMu sync.Mutex
	cy.Stdout = lockedWriter{&cyMu, &cyOut}
	cy.Stderr = cy.Stdout
	if err := cy.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); cy.Wait() }()
	admit(3)

	// The spectator page, by the spectator link; every frame it gets is
	// kept.
	spec := newPage(t, "")
	specFrames := keepFrames(spec)
	// As a stream's browser source: a fixed 1920×1080 canvas, nothing of
	// the page's own over the picture.
	spec.run("open the spectator link", chromedp.Navigate(srv.WatchLink()+"&canvas=1920x1080&clean=1"))
	spec.front()
	spec.wait("the spectator's table", func(s webState) bool { return s.Scene == "spectate" || s.Scene == "table" })

	// A whole round, by clicks on the desktop page and taps on the phone.
	desk.front()
	desk.run("autoplay", chromedp.Evaluate(`notrueking.autoplay(11)`, nil))
	phone.front()
	phone.run("autoplay", chromedp.Evaluate(`notrueking.autoplay(12)`, nil))
	clicks, taps, reloaded := 0, 0, false
	var secrets []needle
	deadline := time.Now().Add(8 * time.Minute)
	lastN, lastAt := -1, time.Now()
	for {
		if r, over := round(); r >= 2 || over {
			break
		}
		var n int
		var toAct rules.Seat
		match.Do(func(g *rules.Game) { n, toAct = g.Len(), g.ToAct() })
		if n != lastN {
			lastN, lastAt = n, time.Now()
		}
		if time.Now().After(deadline) || time.Since(lastAt) > 90*time.Second {
			st, _ := desk.state()
			ph, _ := phone.state()
			logMu.Lock()
			l := hostLog.String()
			logMu.Unlock()
			t.Fatalf("the round did not end (%d actions, seat %d to act): Ann's page %q %q %q; Ben's page %q %q %q; Cy: %s\nhost log:\n%s",
				n, toAct, st.Prompt, st.Planned, st.Note, ph.Prompt, ph.Planned, ph.Note, cyText(&cyMu, &cyOut), l)
		}
		moved := false
		for _, p := range []*page{desk, phone} {
			// One tab is in front at a time, and a page in the background
			// draws no frame (the browser stops its animation frames):
			// this one comes to the front and draws one first.
			st := p.front()
			if st.Next == nil {
				continue
			}
			if st.Note != "" {
				t.Fatalf("the autoplay: %s", st.Note)
			}
			x, y := st.Next.X, st.Next.Y
			if testing.Verbose() {
				t.Logf("%d actions: %s at (%.0f, %.0f) for %s", st.Actions, map[bool]string{true: "tap", false: "click"}[p == phone], x, y, st.Planned)
			}
			if p == phone {
				p.run("tap "+st.Next.Text, tap(x, y))
				taps++
			} else {
				p.run("click "+st.Next.Text, chromedp.MouseClickXY(x, y))
				clicks++
			}
			p.wait("the click seen", func(s webState) bool { return s.Releases > st.Releases })
			moved = true
		}
		// Mid-round, Ann's page reloads: it takes Ann's seat back by its
		// token, without asking the host again.
		if !reloaded && clicks+taps >= 30 {
			reloaded = true
			asked := len(admitted)
			desk.front()
			desk.run("reload", chromedp.Reload())
			st := desk.wait("Ann's table after the reload", func(s webState) bool { return s.Scene == "table" && len(s.Held) == 1 && s.Held[0] == 0 })
			if len(h.Pending()) != 0 || len(admitted) != asked {
				t.Fatalf("the reloaded page asked to be admitted again: %+v", h.Pending())
			}
			desk.shot("remote-ann-reloaded")
			t.Logf("reloaded at %d actions", st.Actions)
			desk.run("autoplay", chromedp.Evaluate(`notrueking.autoplay(13)`, nil))
		}
		match.Do(func(g *rules.Game) { secrets = append(secrets, secretsOf(g)...) })
		if !moved {
			time.Sleep(30 * time.Millisecond)
		}
	}
	logFrames(t, "Ann's page", annFrames())
	r, _ := round()
	t.Logf("round %d reached: %d clicks on Ann's page, %d taps on Ben's phone", r, clicks, taps)
	if clicks == 0 || taps == 0 || !reloaded {
		t.Fatalf("clicks %d, taps %d, reloaded %v", clicks, taps, reloaded)
	}
	phone.shot("remote-ben-round2")

	// The spectator: what its page exposes and every frame it received.
	spec.front()
	var menu string
	spec.run("the page's menu", chromedp.Evaluate(`getComputedStyle(document.getElementById("menu")).display`, &menu))
	if menu != "none" {
		t.Errorf("the spectator page with clean=1 shows the page's menu (display %q)", menu)
	}
	var dom string
	spec.run("the spectator page's text", chromedp.Evaluate(`document.body.innerText + (globalThis.notrueking ? notrueking.state() : "")`, &dom))
	spec.shot("remote-spectator")
	frames := specFrames()
	if len(frames) < 3 {
		t.Fatalf("the spectator page received %d frames", len(frames))
	}
	all := strings.Join(frames, "\n") + "\n" + dom
	checked := map[string]bool{}
	for _, n := range secrets {
		if checked[n.text] {
			continue
		}
		checked[n.text] = true
		if strings.Contains(all, n.text) {
			t.Errorf("the spectator page got %s: %.80s", n.what, n.text)
		}
	}
	logFrames(t, "the spectator page", frames)
	t.Logf("the spectator page: %d frames, %d KB, %d secrets looked for", len(frames), len(all)>>10, len(checked))
	desk.checkNoProblems()
	phone.checkNoProblems()
	spec.checkNoProblems()
}

// needle is a secret a spectator may not see, as it would appear in a
// message or the page's state.
type needle struct{ text, what string }

// secretsOf are the seats' secrets as the game stands: each seat's own
// entry as its seat sees it, while it holds a face-down token, a card or
// a Dark Wings card, and its hand as the wire writes it; the seed.
func secretsOf(g *rules.Game) []needle {
	out := []needle{{strconv.FormatUint(g.Config().Seed, 10), "the seed"}}
	for s := range g.Seats() {
		p := g.View(rules.Seat(s)).Players[s]
		hidden := len(p.Hand) > 0 || len(p.WingCards) > 0
		for _, tok := range p.Loyalty {
			hidden = hidden || !tok.Revealed
		}
		if hidden {
			b, _ := json.Marshal(p)
			out = append(out, needle{string(b), fmt.Sprintf("seat %d's entry as its seat sees it", s)})
		}
		if len(p.Hand) > 0 {
			b, _ := json.Marshal(p.Hand)
			out = append(out, needle{`"hand":` + string(b), fmt.Sprintf("seat %d's hand", s)})
		}
	}
	return out
}

// tap taps at (x, y) with one finger, as a phone's touch screen does.
func tap(x, y float64) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		pt := []*input.TouchPoint{{X: x, Y: y}}
		if err := input.DispatchTouchEvent(input.TouchStart, pt).Do(ctx); err != nil {
			return err
		}
		time.Sleep(60 * time.Millisecond)
		return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
	})
}

// buildDesktop builds the desktop program once per test binary.
var desktopOnce struct {
	sync.Once
	path string
	err  error
	out  []byte
}

func buildDesktop(t testing.TB) string {
	desktopOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ntk-desktop-")
		if err != nil {
			desktopOnce.err = err
			return
		}
		desktopOnce.path = filepath.Join(dir, "notrueking")
		cmd := exec.Command("go", "build", "-o", desktopOnce.path, "..")
		desktopOnce.out, desktopOnce.err = cmd.CombinedOutput()
	})
	if desktopOnce.err != nil {
		t.Fatalf("building the desktop program: %v\n%s", desktopOnce.err, desktopOnce.out)
	}
	return desktopOnce.path
}

// lockedWriter serializes writes (the host logs from its goroutines).
type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// logFrames logs the sizes of the messages a page received, by kind: a
// full sync, and the updates (as JSON text; the wire is smaller by
// permessage-deflate).
func logFrames(t *testing.T, who string, frames []string) {
	sizes := map[string][]int{}
	for _, f := range frames {
		var k struct {
			T string `json:"t"`
		}
		json.Unmarshal([]byte(f), &k)
		sizes[k.T] = append(sizes[k.T], len(f))
	}
	for kind, ns := range sizes {
		slices.Sort(ns)
		t.Logf("%s: %d %s messages, bytes p50 %d, p99 %d, max %d", who, len(ns), kind, ns[len(ns)/2], ns[len(ns)*99/100], ns[len(ns)-1])
	}
}

// keepFrames keeps every WebSocket frame page p receives from now on;
// the function returned lists them so far.
func keepFrames(p *page) func() []string {
	var mu sync.Mutex
	var frames []string
	chromedp.ListenTarget(p.ctx, func(ev any) {
		if f, ok := ev.(*network.EventWebSocketFrameReceived); ok {
			mu.Lock()
			frames = append(frames, f.Response.PayloadData)
			mu.Unlock()
		}
	})
	p.run("the network's events", network.Enable())
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(frames)
	}
}

// front brings the page's tab to the front and waits for it to draw a
// frame; it returns the page's state then.
func (p *page) front() webState {
	p.t.Helper()
	before, _ := p.state()
	p.run("to the front", cdppage.BringToFront())
	return p.wait("a frame in front", func(s webState) bool { return s.Frames > before.Frames })
}

func cyText(mu *sync.Mutex, b *bytes.Buffer) string {
	mu.Lock()
	defer mu.Unlock()
	return b.String()
}
