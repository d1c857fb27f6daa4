//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"path/filepath"

	"github.com/andybalholm/brotli"

	"notrueking/internal/safefile"
	"notrueking/store"
)

// The module's precompressed copies, written beside it so that a host
// that serves precompressed files (nginx gzip_static/brotli_static,
// Caddy's precompressed, Netlify, Cloudflare Pages…) sends the 34 MB
// module as about 7 MB without compressing it on every request.
const (
	gzipName   = moduleName + ".gz"
	brotliName = moduleName + ".br"
)

// Compression levels: quick ones for every build (a test build, the CI
// snapshot), the best for a release (-best: Brotli's quality 11 takes
// minutes on this 34 MB file, for 16 % less than quality 6).
type levels struct{ gzip, brotli int }

var (
	quickLevels = levels{gzip.DefaultCompression, 6}
	bestLevels  = levels{gzip.BestCompression, brotli.BestCompression}
)

// precompress writes the module's .gz and .br beside it, each compressed
// on its own core, and returns their sizes. Both encodings are
// deterministic (the gzip header has no name and no time), so the same
// module gives the same files.
func precompress(dir string, lv levels) (gz, br int64, err error) {
	data, err := safefile.ReadFile(filepath.Join(dir, moduleName), 256<<20)
	if err != nil {
		return 0, 0, err
	}
	type result struct {
		data []byte
		err  error
	}
	gzc := make(chan result, 1)
	go func() {
		var b bytes.Buffer
		zw, err := gzip.NewWriterLevel(&b, lv.gzip)
		if err == nil {
			_, err = zw.Write(data)
		}
		if err == nil {
			err = zw.Close()
		}
		gzc <- result{b.Bytes(), err}
	}()
	var b bytes.Buffer
	// A 16 MB window (LGWin 24) finds the module's far repeats: 4.8 MB
	// at quality 6 against 4.9 MB with the default window.
	bw := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: lv.brotli, LGWin: 24})
	_, err = bw.Write(data)
	if err == nil {
		err = bw.Close()
	}
	g := <-gzc
	if err == nil {
		err = g.err
	}
	if err != nil {
		return 0, 0, err
	}
	for name, data := range map[string][]byte{gzipName: g.data, brotliName: b.Bytes()} {
		if err := store.WriteFile(filepath.Join(dir, name), data, 0o644, true); err != nil {
			return 0, 0, err
		}
	}
	return int64(len(g.data)), int64(b.Len()), nil
}
