//go:build embedsite

package site

import (
	"embed"
	"io/fs"
)

// The site a release binary carries (docs/release.md): the release's
// before hook copies the page's files, the module only as its .gz, into
// files/ (a build output, never committed) and builds with -tags embedsite.
//
//go:embed files
var embedded embed.FS

// Embedded is the page this binary carries (nil for a binary built
// without it: from source, `go build`).
func Embedded() fs.FS {
	sub, err := fs.Sub(embedded, "files")
	if err != nil {
		return nil
	}
	return sub
}
