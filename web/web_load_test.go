//go:build !js

package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserModuleTypes: the page starts the game whatever type the host
// gives the module — application/wasm (compiled as it streams in, straight
// from the response), another type (a Response of the page's own carries
// the wasm type) — and its loading bar ends full either way.
func TestBrowserModuleTypes(t *testing.T) {
	p := newPage(t, "")
	for _, typ := range []string{"application/wasm", "application/octet-stream"} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, ".wasm") {
				w.Header().Set("Content-Type", typ)
			}
			siteHandler(shared.dir).ServeHTTP(w, r)
		}))
		p.run("open the page served with "+typ, chromedp.Navigate(srv.URL+"/"))
		p.wait("the first frame ("+typ+")", func(s webState) bool { return s.Frames > 0 })
		var bar string
		p.run("the bar", chromedp.Evaluate(`document.querySelector("#progress > div").style.width`, &bar))
		if bar != "100%" {
			t.Errorf("served as %s: the loading bar ended at %q, not 100%%", typ, bar)
		}
		srv.Close()
	}
	if len(p.problems) > 0 {
		t.Errorf("page problems: %v", p.problems)
	}
}
