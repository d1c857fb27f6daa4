//go:build !js

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"notrueking/internal/safefile"
)

// sitePrefix names the sites the browser tests keep in the temporary
// folder between runs.
const sitePrefix = "notrueking-web-site-"

// cachedSite is the site the browser tests serve: built once for a given
// module and page, then kept in the temporary folder for the next run
// (linking the module alone takes seconds). Its folder is named by a hash
// of what the site is made of (siteKey), so a change to any package the
// module links, to the page or to the toolchain builds a new one.
func cachedSite(log io.Writer) (string, error) {
	key, err := siteKey()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(os.TempDir(), sitePrefix+key)
	if _, err := os.Stat(filepath.Join(dir, "site.json")); err == nil {
		now := time.Now()
		os.Chtimes(dir, now, now) // used: kept by pruneSites
		fmt.Fprintf(log, "the site built before from the same code: %s", dir)
		return dir, nil
	}
	tmp, err := os.MkdirTemp("", sitePrefix+"build-")
	if err != nil {
		return "", err
	}
	info, err := buildSite(tmp, siteOptions{levels: quickLevels}, log)
	if err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	fmt.Fprintf(log, "module %d bytes, %d gzipped", info.ModuleBytes, info.GzipBytes)
	if err := os.Rename(tmp, dir); err != nil {
		// Another run built the same site meanwhile: use that one.
		os.RemoveAll(tmp)
		if _, serr := os.Stat(filepath.Join(dir, "site.json")); serr != nil {
			return "", err
		}
	}
	pruneSites(dir)
	return dir, nil
}

// siteKey hashes what the site is made of: the Go version, every package
// the module links as the build cache holds it compiled (go list -export
// names each by the hash of its compiled output), and this folder's page
// and build code (main.go, which holds the build's flags).
func siteKey() (string, error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return "", err
	}
	modDir, err := moduleDir(goCmd)
	if err != nil {
		return "", err
	}
	// The same flags as buildSite's go build, so the packages compiled
	// here are the ones it links.
	list := exec.Command(goCmd, "list", "-trimpath", "-deps", "-export", "-f", "{{.ImportPath}} {{.Export}}", ".")
	list.Dir = modDir
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr strings.Builder
	list.Stderr = &stderr
	out, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("GOOS=js GOARCH=wasm go list -export: %v\n%s", err, stderr.String())
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", runtime.Version(), out)
	for _, n := range []string{"main.go", "precompress.go", "index.html", "favicon.svg"} {
		data, err := safefile.ReadFile(n, 1<<20)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n%s", n, len(data), data)
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}

// pruneSites removes the kept sites but the three used last (keep among
// them), leaving any used in the last quarter of an hour (another test
// run may be serving it), and builds abandoned for an hour.
func pruneSites(keep string) {
	type site struct {
		path string
		used time.Time
	}
	paths, _ := filepath.Glob(filepath.Join(os.TempDir(), sitePrefix+"*"))
	var sites []site
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			continue
		}
		if strings.HasPrefix(filepath.Base(p), sitePrefix+"build-") {
			if time.Since(st.ModTime()) > time.Hour {
				os.RemoveAll(p)
			}
			continue
		}
		if p != keep {
			sites = append(sites, site{p, st.ModTime()})
		}
	}
	slices.SortFunc(sites, func(a, b site) int { return b.used.Compare(a.used) })
	for i, s := range sites {
		if i >= 2 && time.Since(s.used) > 15*time.Minute {
			os.RemoveAll(s.path)
		}
	}
}
