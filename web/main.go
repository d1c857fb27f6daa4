//go:build !js

// Command web builds the browser version of No True King and serves it on
// 127.0.0.1 for trying it locally, or only builds it, to publish the
// folder as a static site. It is a developer's command, not part of the
// player's binary: it runs the Go toolchain, in the source folder.
//
//	go run ./web [-addr 127.0.0.1:8080] [-o DIR] [-build-only]
//
// The page is index.html and favicon.svg of this folder; the game is the
// module's root package built with GOOS=js GOARCH=wasm (docs/web.md).
package main

import (
	"embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"notrueking/internal/safefile"
	"notrueking/store"
)

// The page of the browser build: index.html and its favicon. The
// loader wasm_exec.js is not checked in: it is copied from the Go toolchain
// that builds the module, because the two must match (the loader's imports
// change between Go releases, and a stale copy fails at start-up).
//
//go:embed index.html favicon.svg
var webFiles embed.FS

// siteMarker marks a folder written by web: only such a folder (or an
// empty or new one) is written into, so no user's file is overwritten.
const siteMarker = ".notrueking-site"

// moduleName is the module file the page loads.
const moduleName = "notrueking.wasm"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run builds the browser version into a folder and serves it on 127.0.0.1
// for trying it locally (or only builds it, to publish the folder as a
// static site).
func run(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("web", flag.ContinueOnError)
	fset.SetOutput(stderr)
	addr := fset.String("addr", "127.0.0.1:8080", "address to serve the page on")
	out := fset.String("o", "", "folder to build the site into (new, empty, or built here before); default a fresh temporary folder")
	buildOnly := fset.Bool("build-only", false, "build the site and exit without serving it (to publish the folder)")
	var opts siteOptions
	best := fset.Bool("best", false, "compress the module's .gz and .br at the best levels (a release: minutes, not seconds)")
	fset.StringVar(&opts.version, "version", "", "stamp the module with the release's `VERSION` (internal/version)")
	fset.StringVar(&opts.commit, "commit", "", "stamp the module with the release's `COMMIT`")
	fset.StringVar(&opts.date, "date", "", "stamp the module with the commit's `DATE`")
	fset.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run ./web [-addr HOST:PORT] [-o DIR] [-build-only] [-best] [-version V -commit C -date D]   (in the No True King source folder)")
		fset.PrintDefaults()
	}
	if err := fset.Parse(args); err != nil {
		return 2
	}
	if fset.NArg() > 0 {
		fmt.Fprintf(stderr, "web: unexpected argument %.40q\n", fset.Arg(0))
		return 2
	}
	opts.levels = quickLevels
	if *best {
		opts.levels = bestLevels
	}
	dir := *out
	if dir == "" && *buildOnly {
		fmt.Fprintln(stderr, "web: -build-only needs -o DIR (where to put the site)")
		return 2
	}
	// The address is taken before the build (a minute the first time): a
	// bad or busy one is refused at once, with nothing built.
	var ln net.Listener
	if !*buildOnly {
		var err error
		if ln, err = net.Listen("tcp", *addr); err != nil {
			fmt.Fprintf(stderr, "web: -addr %.60q: %v\n", *addr, err)
			return 2
		}
		defer ln.Close()
	}
	temp := dir == ""
	if temp {
		d, err := os.MkdirTemp("", "notrueking-web-")
		if err != nil {
			fmt.Fprintln(stderr, "web:", err)
			return 1
		}
		dir = d
	}
	start := time.Now()
	fmt.Fprintf(stdout, "building the browser version into %s …\n", dir)
	info, err := buildSite(dir, opts, stderr)
	if err != nil {
		if temp {
			os.RemoveAll(dir) // a failed build leaves no folder behind
		}
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	fmt.Fprintf(stdout, "built in %.1f s: %s is %.1f MB (%.2f MB gzipped, %.2f MB Brotli)\n", time.Since(start).Seconds(), moduleName,
		float64(info.ModuleBytes)/1e6, float64(info.GzipBytes)/1e6, float64(info.BrotliBytes)/1e6)
	if *buildOnly {
		fmt.Fprintf(stdout, "publish the folder %s as a static site (see README.md)\n", dir)
		return 0
	}
	fmt.Fprintf(stdout, "No True King: http://%s/  (Ctrl-C stops)\n", ln.Addr())
	srv := &http.Server{Handler: siteHandler(dir), ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	return 0
}

// siteHandler serves the site folder; the browser revalidates every file,
// so a rebuilt module is never mixed with a cached loader.
func siteHandler(dir string) http.Handler {
	fsrv := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasPrefix(r.URL.Path, "/.") {
			http.NotFound(w, r)
			return
		}
		fsrv.ServeHTTP(w, r)
	})
}

// siteInfo is site.json: what the page needs to show its progress bar.
type siteInfo struct {
	ModuleBytes int64  `json:"moduleBytes"`
	GzipBytes   int64  `json:"gzipBytes"`
	BrotliBytes int64  `json:"brotliBytes"`
	Go          string `json:"go"`
}

// siteOptions are a build's compression levels and the release's stamp
// (empty: the module says "dev").
type siteOptions struct {
	levels                levels
	version, commit, date string
}

// ldflags are the module's linker flags: stripped, and stamped when a
// release gives its version.
func (o siteOptions) ldflags() string {
	f := "-s -w"
	for _, kv := range [][2]string{{"version", o.version}, {"commit", o.commit}, {"date", o.date}} {
		if kv[1] != "" {
			f += " -X notrueking/internal/version." + kv[0] + "=" + kv[1]
		}
	}
	return f
}

// buildSite writes the site into dir: index.html, favicon.svg, the
// toolchain's wasm_exec.js, notrueking.wasm (GOOS=js GOARCH=wasm go build
// of this module) with its precompressed .gz and .br, the module's LICENSE
// and THIRD_PARTY_NOTICES, and site.json. dir must be new, empty or a
// folder built here before; every file is replaced atomically.
func buildSite(dir string, opts siteOptions, stderr io.Writer) (siteInfo, error) {
	if err := claimSiteDir(dir); err != nil {
		return siteInfo{}, err
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return siteInfo{}, errors.New("building the browser version needs the Go toolchain (go) on PATH")
	}
	modDir, err := moduleDir(goCmd)
	if err != nil {
		return siteInfo{}, err
	}
	tmp := filepath.Join(dir, ".notrueking.wasm.tmp")
	build := exec.Command(goCmd, "build", "-trimpath", "-ldflags="+opts.ldflags(), "-o", tmp, ".")
	build.Dir = modDir
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	build.Stdout, build.Stderr = stderr, stderr
	if err := build.Run(); err != nil {
		os.Remove(tmp)
		return siteInfo{}, fmt.Errorf("GOOS=js GOARCH=wasm go build: %v", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, moduleName)); err != nil {
		os.Remove(tmp)
		return siteInfo{}, err
	}
	goroot, err := exec.Command(goCmd, "env", "GOROOT").Output()
	if err != nil {
		return siteInfo{}, fmt.Errorf("go env GOROOT: %v", err)
	}
	loader, err := wasmExecJS(strings.TrimSpace(string(goroot)))
	if err != nil {
		return siteInfo{}, err
	}
	files := map[string][]byte{"wasm_exec.js": loader}
	for _, n := range []string{"index.html", "favicon.svg"} {
		data, err := webFiles.ReadFile(n)
		if err != nil {
			return siteInfo{}, err
		}
		files[n] = data
	}
	// Our licence and the notices of what the module compiles in ship
	// with the site, as with every release archive.
	for _, n := range []string{"LICENSE", "THIRD_PARTY_NOTICES"} {
		if files[n], err = safefile.ReadFile(filepath.Join(modDir, n), 1<<20); err != nil {
			return siteInfo{}, err
		}
	}
	st, err := os.Stat(filepath.Join(dir, moduleName))
	if err != nil {
		return siteInfo{}, err
	}
	info := siteInfo{ModuleBytes: st.Size(), Go: runtime.Version()}
	if info.GzipBytes, info.BrotliBytes, err = precompress(dir, opts.levels); err != nil {
		return siteInfo{}, err
	}
	if files["site.json"], err = json.MarshalIndent(info, "", "  "); err != nil {
		return siteInfo{}, err
	}
	for n, data := range files {
		if err := store.WriteFile(filepath.Join(dir, n), data, 0o644, true); err != nil {
			return siteInfo{}, err
		}
	}
	return info, nil
}

// claimSiteDir makes dir (with its parents) or accepts it when it is empty
// or holds the marker of an earlier build; a folder holding anything else
// is refused, so no file of the user's is replaced.
func claimSiteDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(ents) > 0 {
		if _, err := os.Lstat(filepath.Join(dir, siteMarker)); err != nil {
			return fmt.Errorf("%s holds other files and was not built by go run ./web: give a new or empty folder (nothing was overwritten)", dir)
		}
		return nil
	}
	return store.WriteFile(filepath.Join(dir, siteMarker), []byte("built by: go run ./web (its files are replaced by the next build)\n"), 0o644, false)
}

// moduleDir is the folder of this module's source, found from the working
// folder: the browser version is built from source.
func moduleDir(goCmd string) (string, error) {
	out, err := exec.Command(goCmd, "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	if err != nil {
		return "", errors.New("run go run ./web in the No True King source folder (go list -m found no module here)")
	}
	path, d, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	if path != "notrueking" || d == "" {
		return "", fmt.Errorf("run go run ./web in the No True King source folder (this is module %q)", path)
	}
	return d, nil
}

// wasmExecJS reads the toolchain's loader (lib/wasm since Go 1.24, before
// that misc/wasm).
func wasmExecJS(goroot string) ([]byte, error) {
	var errs []error
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		data, err := safefile.ReadFile(filepath.Join(goroot, p), 1<<20)
		if err == nil {
			return data, nil
		}
		errs = append(errs, err)
	}
	return nil, fmt.Errorf("the Go toolchain's wasm_exec.js was not found: %v", errors.Join(errs...))
}
