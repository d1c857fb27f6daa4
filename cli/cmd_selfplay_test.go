package cli

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestSelfplay: the last line names games, actions, speed and a checksum
// of the final states that the same seed repeats and another seed changes.
func TestSelfplay(t *testing.T) {
	line := regexp.MustCompile(`^games (\d+) actions (\d+) games/s (\d+) checksum ([0-9a-f]{16})$`)
	run := func(args ...string) []string {
		t.Helper()
		var out, errb bytes.Buffer
		if code := Run(append([]string{"selfplay"}, args...), &out, &errb); code != 0 {
			t.Fatalf("selfplay %v: exit %d: %s", args, code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		m := line.FindStringSubmatch(lines[len(lines)-1])
		if m == nil {
			t.Fatalf("selfplay %v: last line %q", args, lines[len(lines)-1])
		}
		return m
	}
	a := run("-games", "20", "-seed", "5")
	b := run("-games", "20", "-seed", "5")
	c := run("-games", "20", "-seed", "6", "-players", "3")
	if a[1] != "20" || a[2] == "0" {
		t.Fatalf("games %s actions %s", a[1], a[2])
	}
	if a[4] != b[4] || a[2] != b[2] {
		t.Fatalf("same seed, different results: %v vs %v", a, b)
	}
	if a[4] == c[4] {
		t.Fatalf("different seeds gave the same checksum %s", a[4])
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"selfplay", "-players", "9"}, &out, &errb); code == 0 {
		t.Fatal("nine players on the standard map accepted")
	}
}
