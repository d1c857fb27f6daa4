// Package version is the build's stamp: the version, commit and date a
// release build sets with the linker (-ldflags "-X
// notrueking/internal/version.version=v1.2.0 ..."; .goreleaser.yaml does
// it). A build without the stamp (go build, go run) falls back to what
// the Go toolchain records in the binary (runtime/debug.ReadBuildInfo: the
// module version and, when the build had VCS stamping, the commit and its
// time), and else says "dev". Both are visible to `go version -m`: the
// linker flags under "build -ldflags", the VCS stamp as vcs.revision.
package version

import (
	"runtime/debug"
	"strings"
)

// Set by the linker in a release build; empty otherwise.
var (
	version string
	commit  string
	date    string
)

// Info is one build's stamp. Every field is set: an unknown one is
// "unknown" (Version "dev").
type Info struct {
	Version string // "v1.2.0", or "dev" for a build from source
	Commit  string // the full commit hash
	Date    string // the commit's date, RFC 3339 (UTC)
	Dirty   bool   // built from a work tree with uncommitted changes
}

// Get is this binary's stamp.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return resolve(version, commit, date, bi)
}

// resolve merges the linker's stamp (v, c, d) with the build info bi (nil
// when the binary has none): the linker's values win, the VCS settings
// fill what it left out.
func resolve(v, c, d string, bi *debug.BuildInfo) Info {
	in := Info{Version: v, Commit: c, Date: d}
	if bi != nil {
		if in.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			in.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if in.Commit == "" {
					in.Commit = s.Value
				}
			case "vcs.time":
				if in.Date == "" {
					in.Date = s.Value
				}
			case "vcs.modified":
				in.Dirty = c == "" && s.Value == "true"
			}
		}
	}
	if in.Version == "" {
		in.Version = "dev"
	}
	if in.Commit == "" {
		in.Commit = "unknown"
	}
	if in.Date == "" {
		in.Date = "unknown"
	}
	return in
}

// String is the stamp on one line, as -version prints it:
// "notrueking v1.2.0 (commit 1a2b3c4d5e6f, 2026-11-25T18:40:00Z)".
func (in Info) String() string {
	c := in.Commit
	if in.Dirty {
		c += ", modified"
	}
	return "notrueking " + in.Version + " (commit " + c + ", " + in.Date + ")"
}

// Short is the stamp as the title screen's corner shows it: the version
// and the commit's first twelve characters and the day, e.g.
// "v1.2.0 · 1a2b3c4d5e6f · 2026-11-25".
func (in Info) Short() string {
	c := in.Commit
	if len(c) > 12 {
		c = c[:12]
	}
	day := in.Date
	if i := strings.IndexByte(day, 'T'); i > 0 {
		day = day[:i]
	}
	parts := []string{in.Version}
	if c != "unknown" {
		parts = append(parts, c)
	}
	if day != "unknown" {
		parts = append(parts, day)
	}
	return strings.Join(parts, " · ")
}
