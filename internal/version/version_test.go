package version

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestResolve(t *testing.T) {
	vcs := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-11-25T18:40:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	tests := []struct {
		name         string
		v, c, d      string
		bi           *debug.BuildInfo
		line, corner string
	}{
		{"no stamp, no build info", "", "", "", nil,
			"notrueking dev (commit unknown, unknown)", "dev"},
		{"the linker's stamp wins", "v1.2.0", "fedcba9876543210fedcba9876543210fedcba98", "2026-11-20T10:00:00Z", vcs,
			"notrueking v1.2.0 (commit fedcba9876543210fedcba9876543210fedcba98, 2026-11-20T10:00:00Z)", "v1.2.0 · fedcba987654 · 2026-11-20"},
		{"VCS stamping fills a build from source", "", "", "", vcs,
			"notrueking dev (commit 0123456789abcdef0123456789abcdef01234567, modified, 2026-11-25T18:40:00Z)", "dev · 0123456789ab · 2026-11-25"},
		{"a module version (go install m@v1.0.0)", "", "", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.0.0"}},
			"notrueking v1.0.0 (commit unknown, unknown)", "v1.0.0"},
	}
	for _, tc := range tests {
		in := resolve(tc.v, tc.c, tc.d, tc.bi)
		if got := in.String(); got != tc.line {
			t.Errorf("%s: String %q, want %q", tc.name, got, tc.line)
		}
		if got := in.Short(); got != tc.corner {
			t.Errorf("%s: Short %q, want %q", tc.name, got, tc.corner)
		}
	}
}

// TestLinkerStamp builds a small program as a release does (.goreleaser.yaml:
// -trimpath, -buildvcs=true, the stamp set with -ldflags -X): it prints the
// stamp, and `go version -m` shows the commit and its date (the VCS
// stamp; with -trimpath the toolchain leaves the linker flags out).
func TestLinkerStamp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program (-short)")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not in a git checkout (%v): no VCS stamp to check", err)
	}
	// The go command finds a repository by its .git folder: a linked work
	// tree (.git a file) gets no VCS stamp, a clone (CI's, a release's) does.
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(strings.TrimSpace(string(top)), ".git"))
	vcs := err == nil && fi.IsDir()
	exe := filepath.Join(t.TempDir(), "stamp")
	flags := "-s -w -X notrueking/internal/version.version=v9.8.7 -X notrueking/internal/version.commit=abcdef0123456789abcdef0123456789abcdef01 -X notrueking/internal/version.date=2026-01-02T03:04:05Z"
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=true", "-ldflags="+flags, "-o", exe, "./testdata/stamp")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "notrueking v9.8.7 (commit abcdef0123456789abcdef0123456789abcdef01, 2026-01-02T03:04:05Z)\n"; string(out) != want {
		t.Errorf("the stamped program prints %q, want %q", out, want)
	}
	m, err := exec.Command("go", "version", "-m", exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	wants := []string{"-trimpath=true"}
	if vcs {
		wants = append(wants, "vcs.revision="+strings.TrimSpace(string(head)), "vcs.time=")
	} else {
		t.Log("a linked git work tree: the go command stamps no commit, so that is not checked")
	}
	for _, want := range wants {
		if !strings.Contains(string(m), want) {
			t.Errorf("go version -m does not show %s:\n%s", want, m)
		}
	}
}
