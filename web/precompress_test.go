//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
)

// TestPrecompress: the .gz and .br beside the module decode to the module,
// are smaller, and a second run writes the same bytes (a release is
// reproducible).
func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	var mod []byte
	for i := 0; i < 20000; i++ {
		mod = append(mod, []byte("func main() { notrueking }\n")[:1+r.IntN(27)]...)
	}
	if err := os.WriteFile(filepath.Join(dir, moduleName), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	gz, br, err := precompress(dir, quickLevels)
	if err != nil {
		t.Fatal(err)
	}
	gzData, brData := read(gzipName), read(brotliName)
	if int64(len(gzData)) != gz || int64(len(brData)) != br || gz >= int64(len(mod)) || br >= int64(len(mod)) {
		t.Errorf("sizes: module %d, gzip %d (file %d), brotli %d (file %d)", len(mod), gz, len(gzData), br, len(brData))
	}
	zr, err := gzip.NewReader(bytes.NewReader(gzData))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, mod) {
		t.Errorf("the .gz does not decode to the module (%v)", err)
	}
	if got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(brData))); err != nil || !bytes.Equal(got, mod) {
		t.Errorf("the .br does not decode to the module (%v)", err)
	}
	if _, _, err := precompress(dir, quickLevels); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(read(gzipName), gzData) || !bytes.Equal(read(brotliName), brData) {
		t.Error("a second run wrote other bytes")
	}
}

// TestSiteShipsItsFiles: the built site holds the precompressed module,
// our licence and the third-party notices beside the page.
func TestSiteShipsItsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the site (-short)")
	}
	dir, err := cachedSite(io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"index.html", "favicon.svg", "wasm_exec.js", moduleName, gzipName, brotliName, "LICENSE", "THIRD_PARTY_NOTICES", "site.json"} {
		if st, err := os.Stat(filepath.Join(dir, n)); err != nil || st.Size() == 0 {
			t.Errorf("the site lacks %s (%v)", n, err)
		}
	}
}
