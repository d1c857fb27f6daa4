//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The browser test: the served page in headless Chromium, driven with
// chromedp as a player would (clicks at the canvas positions the game
// reports through notrueking.state()).
//
// It needs Chromium (Debian's chromium package); without one it skips,
// saying so, unless NTK_BROWSER_REQUIRED is set (CI sets it after
// installing Chromium, so there a missing browser fails). NTK_SHOTS=DIR
// keeps the screenshots it takes.

// browserPath finds Chromium or Chrome.
func browserPath(t testing.TB) string {
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	if os.Getenv("NTK_BROWSER_REQUIRED") != "" {
		t.Fatal("no Chromium on PATH, and NTK_BROWSER_REQUIRED is set (apt-get install chromium)")
	}
	t.Skip("no Chromium or Chrome on PATH: the browser test needs one (apt-get install chromium); skipped")
	return ""
}

// webState is what notrueking.state() returns (render/browser_js.go).
type webState struct {
	// A game joined on the network, and the autoplay (app/autoclick.go).
	Held  []int `json:"held"`
	ToAct *int  `json:"toAct"`
	Round int   `json:"round"`
	Next  *struct {
		Text string  `json:"text"`
		X    float64 `json:"x"`
		Y    float64 `json:"y"`
	} `json:"next"`
	Releases int         `json:"releases"`
	Planned  string      `json:"planned"`
	Note     string      `json:"note"`
	Scene    string      `json:"scene"`
	Frames   int         `json:"frames"`
	Actions  int         `json:"actions"`
	Save     string      `json:"save"`
	Prompt   string      `json:"prompt"`
	Message  string      `json:"message"`
	Banner   string      `json:"banner"`
	Targets  []webTarget `json:"targets"`
	// Touch: the board's zoom and viewport, the tooltip shown.
	Zoom  float64    `json:"zoom"`
	Tip   string     `json:"tip"`
	Board *webTarget `json:"board"`
}

// webTarget is a clickable thing of the screen, in CSS pixels.
type webTarget struct {
	ID, Kind, Text string
	X, Y, W, H     float64
}

type page struct {
	t     testing.TB
	ctx   context.Context
	url   string
	shots int // pictures kept

	mu       sync.Mutex
	problems []string // console errors, exceptions, error log entries
}

// The browser tests share one site, one server and one Chromium: each test
// opens its own tab, one after the other (a tab of the game keeps cores
// busy drawing, so tabs side by side gain little on two cores). One browser
// starts once and keeps its HTTP cache between tests; one server keeps one
// origin (the saves in localStorage are the browser's for the run).
var shared struct {
	once    sync.Once
	err     error
	log     bytes.Buffer
	url     string
	dir     string // the site's folder
	srv     *httptest.Server
	profile string
	browser context.Context // the browser's first tab; a test's tab is a new one
	stop    []context.CancelFunc
}

// TestMain stops the browser the tests shared and its server.
func TestMain(m *testing.M) {
	code := m.Run()
	if shared.browser != nil {
		chromedp.Cancel(shared.browser) // closes Chromium as a user would
		for i := len(shared.stop) - 1; i >= 0; i-- {
			shared.stop[i]()
		}
		// Chromium's helper processes can still be writing the profile for
		// a moment after the browser is stopped.
		for i := 0; i < 50 && os.RemoveAll(shared.profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if shared.srv != nil {
		shared.srv.Close()
	}
	os.Exit(code)
}

// startBrowser builds (or finds) the site, serves it and starts Chromium,
// once per test binary.
func startBrowser(t testing.TB, chrome string) {
	shared.once.Do(func() {
		var dir string
		dir, shared.err = cachedSite(&shared.log)
		if shared.err != nil {
			return
		}
		shared.dir = dir
		shared.srv = httptest.NewServer(siteHandler(dir))
		shared.url = shared.srv.URL + "/"
		shared.profile, shared.err = os.MkdirTemp("", "ntk-chromium-")
		if shared.err != nil {
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(chrome),
			chromedp.UserDataDir(shared.profile),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("enable-unsafe-swiftshader", true),
			chromedp.Flag("use-angle", "swiftshader"),
			chromedp.WindowSize(1600, 900),
		)
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelC := chromedp.NewContext(actx)
		shared.stop = []context.CancelFunc{cancelA, cancelC}
		shared.browser = ctx
		if err := chromedp.Run(ctx); err != nil {
			shared.err = fmt.Errorf("starting Chromium (%s): %v", chrome, err)
		}
	})
	if shared.err != nil {
		t.Fatalf("%v\n%s", shared.err, shared.log.String())
	}
	t.Log(shared.log.String())
}

// newPage opens a tab of the shared browser for the test (closed at its
// end), downloading into downloads when that is not "".
func newPage(t testing.TB, downloads string) *page {
	if testing.Short() {
		t.Skip("the browser tests drive Chromium for many seconds: not with -short (go test ./web and CI run them)")
	}
	chrome := browserPath(t)
	startBrowser(t, chrome)
	tab, cancelTab := chromedp.NewContext(shared.browser)
	ctx, cancelT := context.WithTimeout(tab, 30*time.Minute) // a bound for a broken page (the long game takes minutes)
	t.Cleanup(func() {
		cancelT()
		cancelTab()
	})
	p := &page{t: t, ctx: ctx, url: shared.url}
	chromedp.ListenTarget(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.APITypeError || ev.Type == runtime.APITypeAssert {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				p.problems = append(p.problems, "console.error: "+strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			p.problems = append(p.problems, "exception: "+ev.ExceptionDetails.Error())
		case *log.EventEntryAdded:
			if ev.Entry.Level == log.LevelError {
				p.problems = append(p.problems, "log: "+ev.Entry.Text+" "+ev.Entry.URL)
			}
		}
	})
	acts := []chromedp.Action{log.Enable(), chromedp.EmulateViewport(1600, 900)}
	if downloads != "" {
		acts = append(acts, browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(downloads))
	}
	if err := chromedp.Run(ctx, acts...); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return p
}

func (p *page) run(what string, acts ...chromedp.Action) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, acts...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// state reads notrueking.state(); ok is false before the game runs.
func (p *page) state() (webState, bool) {
	var s string
	// A bound for a page whose thread is stuck: the caller's wait then
	// fails with what it waited for, not the whole test's timeout.
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	err := chromedp.Run(ctx, chromedp.Evaluate(`globalThis.notrueking ? globalThis.notrueking.state() : ""`, &s))
	if err != nil || s == "" {
		return webState{}, false
	}
	var st webState
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		p.t.Fatalf("state(): %v: %s", err, s)
	}
	return st, true
}

// wait polls the state until cond holds (the minute is a bound for a
// broken page, not a speed requirement).
func (p *page) wait(what string, cond func(webState) bool) webState {
	p.t.Helper()
	deadline := time.Now().Add(time.Minute)
	var last webState
	for time.Now().Before(deadline) {
		if st, ok := p.state(); ok {
			last = st
			if cond(st) {
				return st
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.t.Fatalf("waiting for %s: the game is at %+v; page problems: %v; failure text: %q", what, last, p.problems, p.failText())
	return last
}

// failText is the text of the page's "The game stopped" box, "" when hidden.
func (p *page) failText() string {
	var s string
	chromedp.Run(p.ctx, chromedp.Evaluate(`(() => { const f = document.getElementById("failed");
		return f && getComputedStyle(f).display !== "none" ? f.innerText : ""; })()`, &s))
	return s
}

// click clicks the middle of the target with id (the first one whose id
// starts with id when prefix).
func (p *page) click(st webState, id string, prefix bool) {
	p.t.Helper()
	for _, tg := range st.Targets {
		if tg.ID == id || prefix && strings.HasPrefix(tg.ID, id) {
			p.run("click "+id, chromedp.MouseClickXY(tg.X+tg.W/2, tg.Y+tg.H/2))
			return
		}
	}
	p.t.Fatalf("no target %q on the %s screen: %+v", id, st.Scene, st.Targets)
}

// shot keeps a picture of the page in $NTK_SHOTS/NAME.png for a person to
// look at; without NTK_SHOTS it takes none (a picture costs half a second).
func (p *page) shot(name string) {
	p.t.Helper()
	if os.Getenv("NTK_SHOTS") != "" {
		p.screenshot(name)
	}
}

// screenshot takes a picture of the page (kept in $NTK_SHOTS/NAME.png).
func (p *page) screenshot(name string) image.Image {
	p.t.Helper()
	var buf []byte
	p.run("screenshot", chromedp.CaptureScreenshot(&buf))
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	if d := os.Getenv("NTK_SHOTS"); d != "" {
		p.shots++
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, fmt.Sprintf("web-%02d-%s.png", p.shots, name)), buf, 0o644)
	}
	return img
}

func (p *page) checkNoProblems() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.problems) > 0 {
		p.t.Errorf("the console shows errors:\n%s", strings.Join(p.problems, "\n"))
	}
}

// colours counts the distinct colours of img and the pixels near gold
// (the start screen's title) in the band y0..y1.
func colours(img image.Image, y0, y1 int) (distinct, gold int) {
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
			if y >= y0 && y < y1 && r>>8 > 200 && g>>8 > 160 && g>>8 < 215 && bl>>8 < 120 {
				gold++
			}
		}
	}
	return len(seen), gold
}

// TestBrowserPlayReloadContinue: the start screen is drawn, a click starts
// a game, the curtain lifts, an action is applied, and a reload offers
// Continue and resumes at that action.
func TestBrowserPlayReloadContinue(t *testing.T) {
	p := newPage(t, "")
	p.run("open the page", chromedp.Navigate(p.url))
	st := p.wait("the first frame", func(s webState) bool { return s.Frames > 0 && s.Scene == "start" })
	var ms float64
	p.run("first-frame mark", chromedp.Evaluate(`performance.getEntriesByName("ntk-first-frame")[0].startTime`, &ms))
	t.Logf("first frame %.0f ms after navigation", ms)

	// The start screen is drawn: many colours, and the gold title.
	img := p.screenshot("start")
	if n, gold := colours(img, 60, 140); n < 20 || gold < 200 {
		t.Fatalf("the start screen is not drawn: %d colours, %d gold pixels in the title band", n, gold)
	}

	p.click(st, "start", false)
	st = p.wait("the first curtain", func(s webState) bool { return s.Scene == "curtain" })
	if st.Actions != 0 || st.Save == "" {
		t.Fatalf("a new game: %d actions, save %q", st.Actions, st.Save)
	}
	p.shot("curtain")
	p.click(st, "curtain", false)
	st = p.wait("the curtain to lift", func(s webState) bool { return s.Scene == "table" })
	p.shot("table")

	// One action: the first player confirms the loyalty card as dealt.
	p.click(st, "confirm-arrange", false)
	st = p.wait("the first action", func(s webState) bool { return s.Actions == 1 })
	if st.Banner != "" {
		t.Fatalf("after the first action: %q", st.Banner)
	}
	save := st.Save

	// A reload (as a closed and reopened tab) offers Continue and resumes
	// at the same action.
	p.run("reload", chromedp.Reload())
	st = p.wait("the start screen after reload", func(s webState) bool { return s.Frames > 0 && s.Scene == "start" })
	var cont string
	for _, tg := range st.Targets {
		if tg.ID == "cont:"+save {
			cont = tg.Text
		}
	}
	if !strings.HasPrefix(cont, "Continue: Alice, Bob, Carol, Dave") {
		t.Fatalf("after reload, no Continue button for save %s: %+v", save, st.Targets)
	}
	p.shot("continue")
	p.click(st, "cont:"+save, false)
	st = p.wait("the continued game", func(s webState) bool { return s.Scene == "curtain" })
	if st.Actions != 1 || st.Save != save {
		t.Fatalf("continued at %d actions in save %q, want 1 in %q", st.Actions, st.Save, save)
	}
	p.click(st, "curtain", false)
	st = p.wait("the table of the continued game", func(s webState) bool { return s.Scene == "table" })
	if st.Actions != 1 {
		t.Fatalf("the continued table is at %d actions", st.Actions)
	}
	p.shot("continued")
	p.checkNoProblems()
}

// quickGame opens a three-player game of Ann, Ben and Cy from the page's
// address, lifts the curtain and plays its first action (the first
// player's card confirmed as dealt).
func (p *page) quickGame() webState {
	p.t.Helper()
	p.run("open the page", chromedp.Navigate(p.url+"?players=3&names=Ann,Ben,Cy"))
	st := p.wait("the quick game", func(s webState) bool { return s.Scene == "curtain" })
	p.click(st, "curtain", false)
	st = p.wait("the table", func(s webState) bool { return s.Scene == "table" })
	p.click(st, "confirm-arrange", false)
	return p.wait("the first action", func(s webState) bool { return s.Actions == 1 })
}

// downloaded is the content of the one file of folder dl matching
// pattern, once the browser has written it (nil after 30 s without).
func downloaded(dl, pattern string) []byte {
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if fs, _ := filepath.Glob(filepath.Join(dl, pattern)); len(fs) == 1 {
			if b, err := os.ReadFile(fs[0]); err == nil {
				return b
			}
		}
	}
	return nil
}

// TestBrowserFiles: a quick game from the page's address, "Download
// record" gives the record, a file that is not a record says so on screen
// and changes nothing, and the downloaded record opens again.
func TestBrowserFiles(t *testing.T) {
	dl := t.TempDir()
	p := newPage(t, dl)
	p.quickGame()

	p.run("download", chromedp.Evaluate(`notrueking.download()`, nil))
	st := p.wait("the download message", func(s webState) bool { return strings.HasPrefix(s.Message, "Downloaded ") })
	rec := downloaded(dl, "notrueking-*.ntk")
	if !bytes.Contains(rec, []byte("map standard")) || !bytes.Contains(rec, []byte("player torch Ben")) || !bytes.Contains(rec, []byte("arrange")) {
		t.Fatalf("the downloaded record (%s):\n%s", st.Message, rec)
	}

	before := st.Scene
	p.run("open a bad file", chromedp.Evaluate(`notrueking.open("notes.txt", 5, new TextEncoder().encode("hello"))`, nil))
	st = p.wait("the refusal", func(s webState) bool { return strings.Contains(s.Message, "notes.txt is not a save or a record") })
	if st.Actions != 1 || st.Scene != before {
		t.Fatalf("a refused file changed the game: %+v", st)
	}
	// The downloaded record opens again: a new save at the same action.
	p.run("open the record", chromedp.Evaluate(fmt.Sprintf(`notrueking.open("game.ntk", %d, new TextEncoder().encode(%q))`, len(rec), rec), nil))
	st2 := p.wait("the opened record", func(s webState) bool { return s.Save != "" && s.Save != st.Save })
	if st2.Actions != 1 || !strings.Contains(st2.Message, "game.ntk opened") {
		t.Fatalf("the opened record: %+v", st2)
	}
	p.checkNoProblems()
}

// TestBrowserRefusedFlags: flags the browser cannot honour (-record, a map
// path, -load) or that are wrong stop with a message on the page, not a
// blank canvas.
func TestBrowserRefusedFlags(t *testing.T) {
	p := newPage(t, "")
	for _, c := range []struct{ q, want string }{
		{"?record=game.ntk", "-record: a web page cannot write files"},
		{"?map=./mymap.toml", "-map:"},
		{"?players=1", "-players: out of range: 2 to 9"},
		{"?load=somewhere.ntk", "-load: a web page cannot read files by name"},
	} {
		p.run("open "+c.q, chromedp.Navigate(p.url+c.q))
		var text string
		for end := time.Now().Add(time.Minute); time.Now().Before(end) && text == ""; time.Sleep(50 * time.Millisecond) {
			text = p.failText()
		}
		p.shot("refused-" + strings.Trim(strings.NewReplacer("?", "", "=", "-", "/", "", ".", "").Replace(c.q), "-"))
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: the page says %q, want it to contain %q", c.q, text, c.want)
		}
	}
}

// TestBrowserFromDisk: index.html opened from disk (file://) cannot load
// its module; the page says why and what to do instead of "Failed to
// fetch".
func TestBrowserFromDisk(t *testing.T) {
	p := newPage(t, "")
	p.run("open from disk", chromedp.Navigate("file://"+filepath.ToSlash(shared.dir)+"/index.html"))
	var text string
	for end := time.Now().Add(time.Minute); time.Now().Before(end) && text == ""; time.Sleep(50 * time.Millisecond) {
		text = p.failText()
	}
	p.shot("from-disk")
	for _, want := range []string{"opened from a file on your disk", "python3 -m http.server", "desktop program"} {
		if !strings.Contains(text, want) {
			t.Errorf("from disk the page says %q, want it to contain %q", text, want)
		}
	}
}

// BenchmarkBrowserFirstFrame measures the time from navigation to the
// first frame the game draws (the page's "ntk-first-frame" performance
// mark, set after the first Draw), on localhost, loading the module each
// time (the server asks the browser to revalidate every file; the module
// itself is not cached compiled between runs of this benchmark's first
// load, which is logged apart).
//
//	go test -run '^$' -bench BrowserFirstFrame -benchtime 5x ./web
func BenchmarkBrowserFirstFrame(b *testing.B) {
	p := newPage(b, "")
	var total float64
	for i := 0; i < b.N; i++ {
		p.run("blank", chromedp.Navigate("about:blank"))
		p.run("open the page", chromedp.Navigate(p.url))
		p.wait("the first frame", func(s webState) bool { return s.Frames > 0 })
		var marks map[string]float64
		p.run("marks", chromedp.Evaluate(`Object.fromEntries(performance.getEntriesByType("mark").map(m => [m.name, Math.round(m.startTime)]))`, &marks))
		ms := marks["ntk-first-frame"]
		b.Logf("load %d: module loaded %v ms, compiled %v, Go started %v, app built %v, first frame %v", i+1,
			marks["ntk-module-loaded"], marks["ntk-module-compiled"], marks["ntk-go-init"], marks["ntk-run"], ms)
		total += ms
	}
	b.ReportMetric(total/float64(b.N), "ms/first-frame")
	b.ReportMetric(0, "ns/op")
}

// TestWebSiteFolderAndFlags: web writes only into a new or empty folder
// or one it built, and refuses bad flags; no browser or build needed.
func TestWebSiteFolderAndFlags(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := claimSiteDir(dir); err == nil || !strings.Contains(err.Error(), "nothing was overwritten") {
		t.Fatalf("a folder with a user's file: %v", err)
	}
	if data, _ := os.ReadFile(mine); string(data) != "mine" {
		t.Fatal("the user's file changed")
	}
	fresh := filepath.Join(dir, "site", "deep")
	if err := claimSiteDir(fresh); err != nil {
		t.Fatalf("a new folder: %v", err)
	}
	os.WriteFile(filepath.Join(fresh, "index.html"), []byte("old build"), 0o644)
	if err := claimSiteDir(fresh); err != nil {
		t.Fatalf("a folder built before: %v", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-build-only"}, "-build-only needs -o DIR"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-nope"}, "flag provided but not defined"},
		{[]string{"-o", dir, "-build-only"}, "holds other files"},
	} {
		var out, errb bytes.Buffer
		code := run(c.args, &out, &errb)
		if code == 0 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want an error saying %q", c.args, code, errb.String(), c.want)
		}
	}
	// A bad or busy address is refused before the build: exit 2, at once,
	// with no folder made.
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	for _, a := range []string{"bogus", busy.Addr().String()} {
		var out, errb bytes.Buffer
		code := run([]string{"-addr", a}, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "web: -addr ") || strings.Contains(out.String(), "building") {
			t.Errorf("-addr %s: exit %d, stdout %q, stderr %q; want a refusal before any build", a, code, out.String(), errb.String())
		}
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("a refused -addr left %d entries in the temporary folder", len(ents))
	}
}

// TestBrowserExportAndDelete: on the start screen a game in progress
// downloads as its record (a spoiler, and the message says so), and
// Delete, pressed twice, removes it from the list and from the browser.
func TestBrowserExportAndDelete(t *testing.T) {
	dl := t.TempDir()
	p := newPage(t, dl)
	save := p.quickGame().Save
	p.run("back to the start screen", chromedp.Navigate(p.url))
	st := p.wait("the start screen", func(s webState) bool { return s.Frames > 0 && s.Scene == "start" })
	p.click(st, "export:"+save, false)
	st = p.wait("the export message", func(s webState) bool { return strings.HasPrefix(s.Message, "Downloaded notrueking-ann-ben-cy-") })
	if !strings.Contains(st.Message, "spoiler") {
		t.Errorf("exporting a game in progress: %q does not say it is a spoiler", st.Message)
	}
	rec := downloaded(dl, "notrueking-ann-ben-cy-*.ntk")
	if !bytes.Contains(rec, []byte("SPOILER")) || !bytes.Contains(rec, []byte("player torch Ben")) || !bytes.Contains(rec, []byte("arrange")) {
		t.Fatalf("the exported save (%s):\n%s", st.Message, rec)
	}
	p.click(st, "delete:"+save, false)
	st = p.wait("the question", func(s webState) bool { return strings.HasPrefix(s.Message, "Press again to delete") })
	p.click(st, "delete:"+save, false)
	st = p.wait("the deletion", func(s webState) bool { return strings.HasPrefix(s.Message, "Deleted ") })
	for _, tg := range st.Targets {
		if tg.ID == "cont:"+save {
			t.Fatalf("the deleted game is still offered: %+v", tg)
		}
	}
	var left bool
	p.run("the browser's storage", chromedp.Evaluate(fmt.Sprintf(`localStorage.getItem("notrueking/save/%s") !== null`, save), &left))
	if left {
		t.Errorf("the deleted save %s is still in localStorage", save)
	}
	p.checkNoProblems()
}
