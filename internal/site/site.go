// Package site serves the browser page (the folder `go run ./web` builds:
// docs/web.md) from a host, beside its WebSocket, so that a join link opens
// in any browser with no other server: the page and the game's connection
// share one origin, so there is no mixed content and no CORS to set up.
//
// A Site serves only the files a page needs, by name (index.html,
// favicon.svg, wasm_exec.js, the module, site.json and the licences); the
// module as the smallest form the browser accepts among those the folder
// holds (notrueking.wasm.br, .gz, or the module itself), and unpacked on
// the fly for a browser that takes no compression when the folder holds
// only the .gz (as a release binary's embedded site does: docs/release.md).
package site

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strings"
	"time"
)

// Module is the module's name in the site.
const Module = "notrueking.wasm"

// MaxFile bounds every file a site is read from (the module is about 25
// MB unpacked): a folder holding something else by those names is refused.
const MaxFile = 64 << 20

// served are the files a page may ask for, besides the module.
var served = []string{"index.html", "favicon.svg", "wasm_exec.js", "site.json", "LICENSE", "THIRD_PARTY_NOTICES"}

// needed are the files without which the page cannot start.
var needed = []string{"index.html", "wasm_exec.js"}

// A file is one served file, read whole at Open (the site is the host's
// own, and small but for the module).
type file struct {
	data []byte
	etag string
	kind string
}

// A Site is the page's folder, read and checked once.
type Site struct {
	files map[string]*file
	// module holds the module's forms by encoding: "" (the module
	// itself), "br", "gzip".
	module map[string]*file
	// from says where the site was read from, for the host's log.
	from string
}

// Open reads the page's files from fsys (a folder built by `go run ./web`,
// an unzipped release's notrueking_V_web.zip, or the site a release
// binary embeds). from names it in errors. It fails, saying what is
// missing, when the page or its module is not there.
func Open(fsys fs.FS, from string) (*Site, error) {
	s := &Site{files: map[string]*file{}, module: map[string]*file{}, from: from}
	for _, name := range served {
		f, err := read(fsys, name, "")
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("the browser page in %s: %v", from, err)
		}
		s.files[name] = f
	}
	for _, name := range needed {
		if s.files[name] == nil {
			return nil, fmt.Errorf("the browser page in %s: no %s (build the page with `go run ./web -o DIR -build-only` in the source folder, or unzip a release's notrueking_VERSION_web.zip)", from, name)
		}
	}
	for enc, name := range map[string]string{"": Module, "br": Module + ".br", "gzip": Module + ".gz"} {
		f, err := read(fsys, name, "application/wasm")
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("the browser page in %s: %v", from, err)
		}
		s.module[enc] = f
	}
	if s.module[""] == nil && s.module["gzip"] == nil {
		return nil, fmt.Errorf("the browser page in %s: no %s (nor %s.gz)", from, Module, Module)
	}
	return s, nil
}

// Dir opens the site in folder dir (`-site DIR`).
func Dir(dir string) (*Site, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("-site: %v", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("-site: %s is not a folder", dir)
	}
	return Open(os.DirFS(dir), dir)
}

// read reads name from fsys: a regular file of at most MaxFile bytes.
func read(fsys fs.FS, name, kind string) (*file, error) {
	st, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	if st.Size() > MaxFile {
		return nil, fmt.Errorf("%s is %d bytes, larger than a page's file can be (%d)", name, st.Size(), MaxFile)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(data) > MaxFile {
		return nil, fmt.Errorf("%s grew past %d bytes while read", name, MaxFile)
	}
	if kind == "" {
		kind = mime.TypeByExtension(path.Ext(name))
		if kind == "" {
			kind = "text/plain; charset=utf-8"
		}
	}
	sum := sha256.Sum256(data)
	return &file{data: data, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, kind: kind}, nil
}

// From says where the site was read from.
func (s *Site) From() string { return s.from }

// ServeHTTP serves the page's files: GET or HEAD, "/" as index.html,
// anything else not found. Every answer asks the browser to revalidate
// (Cache-Control: no-cache, with an ETag, so a reload costs a 304): a
// host rebuilt between two visits is never mixed with a cached loader.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "the page is read with GET", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" {
		name = "index.html"
	}
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	if name == Module {
		s.serveModule(w, r)
		return
	}
	f := s.files[name]
	if f == nil {
		http.NotFound(w, r)
		return
	}
	h.Set("Content-Type", f.kind)
	h.Set("ETag", f.etag)
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(f.data))
}

// serveModule sends the module in the smallest form the browser takes.
func (s *Site) serveModule(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Vary", "Accept-Encoding")
	h.Set("Content-Type", "application/wasm")
	accepts := acceptedEncodings(r.Header.Get("Accept-Encoding"))
	for _, enc := range []string{"br", "gzip", ""} {
		f := s.module[enc]
		if f == nil || enc != "" && !accepts[enc] {
			continue
		}
		if enc != "" {
			h.Set("Content-Encoding", enc)
		}
		h.Set("ETag", f.etag)
		http.ServeContent(w, r, Module, time.Time{}, bytes.NewReader(f.data))
		return
	}
	// Only the .gz, to a browser that takes no gzip: unpacked as it goes.
	f := s.module["gzip"]
	zr, err := gzip.NewReader(bytes.NewReader(f.data))
	if err != nil {
		http.Error(w, "the page's module is damaged: "+err.Error(), http.StatusInternalServerError)
		return
	}
	h.Set("ETag", strings.TrimSuffix(f.etag, `"`)+`-raw"`)
	if r.Method == http.MethodHead {
		return
	}
	io.Copy(w, io.LimitReader(zr, MaxFile))
}

// acceptedEncodings reads an Accept-Encoding header: the codings with a
// non-zero quality.
func acceptedEncodings(header string) map[string]bool {
	out := map[string]bool{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		out[name] = !(q == "q=0" || q == "q=0.0" || q == "q=0.00" || q == "q=0.000")
	}
	return out
}

// Missing is the page a host without the site serves at "/": what to do.
func Missing(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" && r.URL.Path != "/index.html" {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusNotFound)
	io.WriteString(w, missingPage)
}

const missingPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>No True King — no browser page here</title>
<style>body{font:18px/1.5 system-ui,sans-serif;background:#1b1712;color:#eee;max-width:40em;margin:3em auto;padding:0 1em}code{background:#333;padding:0 .3em}h1{color:#e0b050;font-size:1.4em}</style></head>
<body><h1>This host has no browser page</h1>
<p>The No True King program hosting this game was built without the browser page, so it cannot be played from a browser here.</p>
<p>To join anyway, open this link in the desktop program: <code>notrueking join LINK</code>.</p>
<p>The host can serve the page by restarting with <code>-site DIR</code>: DIR is the folder of a release's <code>notrueking_VERSION_web.zip</code>, unzipped, or one built in the source folder with <code>go run ./web -o DIR -build-only</code>. Release binaries carry the page themselves.</p>
</body></html>
`

// Find is the site a host serves: the folder dir (`-site DIR`) when given,
// else the one the binary carries, else none (nil, nil: the host says how
// to get one).
func Find(dir string) (*Site, error) {
	if dir != "" {
		return Dir(dir)
	}
	if fsys := Embedded(); fsys != nil {
		return Open(fsys, "this program")
	}
	return nil, nil
}
