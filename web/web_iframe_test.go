//go:build !js

package main

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// relay, added to a copy of the site's page, passes the game's state to
// the embedding page and takes "download" from it: the test reads a
// cross-origin frame only through what the frame posts, as itch.io's page
// would.
const relay = `<script>
if (window !== top) {
  setInterval(() => { parent.postMessage({ st: globalThis.notrueking ? notrueking.state() : "" }, "*"); }, 200);
  addEventListener("message", (e) => { if (e.data === "download" && globalThis.notrueking) notrueking.download(); });
}
</script>
</body>`

// TestBrowserCrossOriginFrame plays the page as itch.io shows it: inside
// an <iframe> of a page from another site (localhost embedding
// 127.0.0.1). The game's save is kept (a reload of the embedding page
// offers Continue for it) and "Download record" downloads the record.
func TestBrowserCrossOriginFrame(t *testing.T) {
	downloads := t.TempDir()
	p := newPage(t, downloads)
	// A copy of the site whose page relays, served on its own origin.
	site := t.TempDir()
	ents, err := os.ReadDir(shared.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(shared.dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if e.Name() == "index.html" {
			data = []byte(strings.Replace(string(data), "</body>", relay, 1))
		}
		if err := os.WriteFile(filepath.Join(site, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	game := httptest.NewServer(siteHandler(site))
	defer game.Close()
	embed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><html><body style="margin:0">
<iframe id="game" src="%s/%s" width="1600" height="900" allow="fullscreen"></iframe>
<script>addEventListener("message", (e) => { window.st = e.data.st; });</script></body></html>`, game.URL, html.EscapeString(r.URL.Query().Get("q")))
	}))
	defer embed.Close()
	top := strings.Replace(embed.URL, "127.0.0.1", "localhost", 1) // another site than the frame's
	state := func() string {
		var s string
		chromedp.Run(p.ctx, chromedp.Evaluate(`window.st || ""`, &s))
		return s
	}
	waitFor := func(what string, cond func(string) bool) string {
		t.Helper()
		for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			if s := state(); cond(s) {
				return s
			}
		}
		t.Fatalf("waiting for %s in the frame: %q", what, state())
		return ""
	}
	p.run("open the embedding page", chromedp.EmulateViewport(1700, 1000), chromedp.Navigate(top+"/?q="+url.QueryEscape("?players=3&names=Ann,Ben,Cy")))
	st := waitFor("the quick game's save", func(s string) bool { return strings.Contains(s, `"save":"`) && !strings.Contains(s, `"save":""`) })
	save := st[strings.Index(st, `"save":"`)+8:]
	save = save[:strings.Index(save, `"`)]
	p.run("download", chromedp.Evaluate(`document.getElementById("game").contentWindow.postMessage("download", "*")`, nil))
	var got []string
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end) && len(got) == 0; time.Sleep(100 * time.Millisecond) {
		fs, _ := filepath.Glob(filepath.Join(downloads, "*.ntk"))
		got = fs
	}
	if len(got) == 0 {
		t.Errorf("Download record inside the cross-origin frame downloaded nothing")
	} else {
		t.Logf("downloaded %s", filepath.Base(got[0]))
	}
	p.run("reload the embedding page", chromedp.Navigate(top+"/"))
	waitFor("Continue for save "+save, func(s string) bool { return strings.Contains(s, "cont:"+save) })
	t.Logf("after a reload the frame offers Continue for %s", save)
}
