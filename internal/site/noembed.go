//go:build !embedsite

package site

import "io/fs"

// Embedded is the page this binary carries: none, for a binary built from
// source without -tags embedsite (docs/release.md). Such a host serves
// the page of -site DIR, or says how to get one.
func Embedded() fs.FS { return nil }
