package site

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

func page(extra fstest.MapFS) fstest.MapFS {
	fs := fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html>page")},
		"wasm_exec.js":       {Data: []byte("loader")},
		"favicon.svg":        {Data: []byte("<svg/>")},
		"notrueking.wasm":    {Data: []byte("raw module")},
		"notrueking.wasm.br": {Data: []byte("br module")},
		"notrueking.wasm.gz": {Data: []byte("gz module")},
		".notrueking-site":   {Data: []byte("")},
	}
	for k, v := range extra {
		fs[k] = v
	}
	return fs
}

func serve(t *testing.T, s *Site, method, path string, hdr map[string]string) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// TestModuleEncodings: the module goes in the smallest form the browser
// accepts (q=0 refuses a coding), with Vary, and an unchanged module
// revalidates as 304.
func TestModuleEncodings(t *testing.T) {
	s, err := Open(page(nil), "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ accept, enc, body string }{
		{"gzip, deflate, br", "br", "br module"},
		{"gzip, deflate", "gzip", "gz module"},
		{"br;q=0, gzip;q=0.5", "gzip", "gz module"},
		{"BR", "br", "br module"},
		{"", "", "raw module"},
		{"identity", "", "raw module"},
	} {
		res, body := serve(t, s, "GET", "/notrueking.wasm", map[string]string{"Accept-Encoding": c.accept})
		if got := res.Header.Get("Content-Encoding"); got != c.enc || body != c.body {
			t.Errorf("Accept-Encoding %q: encoding %q body %q, want %q %q", c.accept, got, body, c.enc, c.body)
		}
		if res.Header.Get("Vary") != "Accept-Encoding" || res.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("Accept-Encoding %q: headers %v", c.accept, res.Header)
		}
		res2, _ := serve(t, s, "GET", "/notrueking.wasm", map[string]string{"Accept-Encoding": c.accept, "If-None-Match": res.Header.Get("ETag")})
		if res2.StatusCode != http.StatusNotModified {
			t.Errorf("Accept-Encoding %q: a revalidation answered %d", c.accept, res2.StatusCode)
		}
	}
	// The brotli and gzip forms have ETags of their own.
	a, _ := serve(t, s, "GET", "/notrueking.wasm", map[string]string{"Accept-Encoding": "br"})
	b, _ := serve(t, s, "GET", "/notrueking.wasm", map[string]string{"Accept-Encoding": "gzip"})
	if a.Header.Get("ETag") == b.Header.Get("ETag") {
		t.Error("the br and gzip forms share an ETag")
	}
}

// TestServedNames: "/" is the page, the page's files by name, nothing
// else (dot-files, other files, paths that climb), GET and HEAD only.
func TestServedNames(t *testing.T) {
	s, err := Open(page(fstest.MapFS{"notes.txt": {Data: []byte("mine")}}), "test")
	if err != nil {
		t.Fatal(err)
	}
	res, body := serve(t, s, "GET", "/?join=ABCDEFGHJK", nil)
	if res.StatusCode != 200 || body != "<!doctype html>page" || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || res.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("/: %d %v %q", res.StatusCode, res.Header, body)
	}
	if res, body := serve(t, s, "HEAD", "/favicon.svg", nil); res.StatusCode != 200 || body != "" || res.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("HEAD /favicon.svg: %d %v %q", res.StatusCode, res.Header, body)
	}
	for _, p := range []string{"/notes.txt", "/.notrueking-site", "/../index.html", "/notrueking.wasm.br", "/sub/index.html"} {
		if res, _ := serve(t, s, "GET", p, nil); res.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", p, res.StatusCode)
		}
	}
	if res, _ := serve(t, s, "POST", "/", nil); res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", res.StatusCode)
	}
}

// TestOpenRefuses: a folder without the page or its module is refused,
// saying what is missing and how to get it; so is a module that is a
// folder; a bad -site names the folder.
func TestOpenRefuses(t *testing.T) {
	for _, c := range []struct {
		fs   fstest.MapFS
		want string
	}{
		{fstest.MapFS{"wasm_exec.js": {Data: []byte("x")}, "notrueking.wasm": {Data: []byte("x")}}, "no index.html (build the page with `go run ./web"},
		{fstest.MapFS{"index.html": {Data: []byte("x")}, "wasm_exec.js": {Data: []byte("x")}}, "no notrueking.wasm (nor notrueking.wasm.gz)"},
		{fstest.MapFS{"index.html": {Data: []byte("x")}, "wasm_exec.js": {Data: []byte("x")}, "notrueking.wasm/x": {Data: []byte("x")}}, "notrueking.wasm is not a regular file"},
	} {
		if _, err := Open(c.fs, "the folder F"); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "the folder F") {
			t.Errorf("Open: %v, want an error saying %q", err, c.want)
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	os.WriteFile(file, []byte("x"), 0o644)
	for p, want := range map[string]string{filepath.Join(dir, "none"): "no such file", file: "is not a folder", dir: "no index.html"} {
		if _, err := Find(p); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Find(%s): %v, want %q", p, err, want)
		}
	}
	if s, err := Find(""); s != nil || err != nil {
		t.Errorf("Find(\"\") in a binary built without the page: %v %v", s, err)
	}
}
