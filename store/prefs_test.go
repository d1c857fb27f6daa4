package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrefs: a setting reads back as written, in a folder (a file, mode
// 0600, replaced whole) and in a KV; none reads as none; a bad name, a
// value too large or not text is refused and changes nothing; a file too
// large is not read.
func TestPrefs(t *testing.T) {
	dir := t.TempDir()
	for name, p := range map[string]Prefs{"dir": NewDirPrefs(dir), "kv": NewKVPrefs(&mapKV{m: map[string]string{}})} {
		if _, ok, err := p.Get("setup"); ok || err != nil {
			t.Fatalf("%s: a setting never written: %v, %v", name, ok, err)
		}
		for _, v := range []string{`{"map":"nine"}`, `{"map":"standard"}`} {
			if err := p.Set("setup", v); err != nil {
				t.Fatal(err)
			}
			if got, ok, err := p.Get("setup"); !ok || err != nil || got != v {
				t.Fatalf("%s: read back %q, %v, %v; want %q", name, got, ok, err, v)
			}
		}
		for _, bad := range []struct{ name, value string }{{"Bad Name", "x"}, {"setup", strings.Repeat("x", MaxPref+1)}, {"setup", "\xff"}} {
			if err := p.Set(bad.name, bad.value); err == nil {
				t.Errorf("%s: Set(%q, %d bytes) was taken", name, bad.name, len(bad.value))
			}
		}
		if got, _, _ := p.Get("setup"); got != `{"map":"standard"}` {
			t.Errorf("%s: a refused Set changed the setting to %q", name, got)
		}
	}
	st, err := os.Stat(filepath.Join(dir, "setup.json"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the setting's file: %v, %v", st, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.json"), make([]byte, MaxPref+1), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := NewDirPrefs(dir).Get("big"); err == nil {
		t.Error("a setting's file over MaxPref was read")
	}
}
