package cli

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
)

// suggest prints a legal record line for the seat to act, the same for the
// same seed, and exits 0; a finished game and bad flags are refused.
func TestSuggest(t *testing.T) {
	f, err := os.Open("testdata/four-players.ntk")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rules.ParseRecord(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	m, err := maps.Load("standard")
	if err != nil {
		t.Fatal(err)
	}
	full, _, _, err := rules.ReplayRecord(m, rec)
	if err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := Run(append([]string{"suggest"}, args...), &out, &errb)
		return code, out.String(), errb.String()
	}
	for _, at := range []string{"3", "57", "150"} {
		code, out, errs := run("-load", "testdata/four-players.ntk", "-at", at, "-level", "easy", "-seed", "9")
		if code != 0 {
			t.Fatalf("-at %s: exit %d: %s", at, code, errs)
		}
		g, _ := full.At(atoi(t, at))
		a, err := g.ParseAction(strings.TrimSpace(out))
		if err != nil {
			t.Fatalf("-at %s: %q is not a record line: %v", at, out, err)
		}
		if a.Seat != g.ToAct() || g.Check(a) != nil {
			t.Fatalf("-at %s: %q is not a legal move of the seat to act: %v", at, out, g.Check(a))
		}
		if _, again, _ := run("-load", "testdata/four-players.ntk", "-at", at, "-level", "easy", "-seed", "9"); again != out {
			t.Fatalf("-at %s: %q then %q with the same seed", at, out, again)
		}
	}
	if code, _, errs := run("-load", "testdata/four-players.ntk", "-level", "random"); code != 1 || !strings.Contains(errs, "over") {
		t.Fatalf("a finished game: exit %d, %q", code, errs)
	}
	if code, _, errs := run("-load", "testdata/four-players.ntk", "-level", "genius"); code != 2 || !strings.Contains(errs, "strong") {
		t.Fatalf("a bad level: exit %d, %q", code, errs)
	}
	if code, _, _ := run(); code != 2 {
		t.Fatalf("no -load: exit %d, want 2", code)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
