package cli

import (
	"bytes"
	"testing"

	"notrueking/internal/version"
)

// TestVersionFlag: -version (or --version) alone prints the build's stamp
// on one line and exits 0; no window opens.
func TestVersionFlag(t *testing.T) {
	for _, flag := range []string{"-version", "--version"} {
		var out, errb bytes.Buffer
		if code := Run([]string{flag}, &out, &errb); code != 0 || errb.Len() != 0 {
			t.Fatalf("%s: exit %d, stderr %q", flag, code, errb.String())
		}
		if want := version.Get().String() + "\n"; out.String() != want {
			t.Errorf("%s prints %q, want %q", flag, out.String(), want)
		}
	}
}
