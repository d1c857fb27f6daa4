//go:build !js

package remote

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"notrueking/rules"
)

// TestLogMixRoundTrip: a seat's log sent as its own lines among copies of
// the public log reads back as the same lines, whatever the interleaving,
// from any point of the log; and a mix that does not fit the lines or the
// public log is refused, never read past its end.
func TestLogMixRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	line := func(k string, i int) rules.LogLine { return rules.LogLine{Action: i, Text: fmt.Sprintf("%s %d", k, i)} }
	for range 300 {
		var pub, seat []rules.LogLine
		for i := range r.IntN(60) {
			l := line("public", i)
			pub = append(pub, l)
			if r.IntN(3) > 0 { // a seat's log holds most public lines
				seat = append(seat, l)
			}
			for range r.IntN(3) {
				seat = append(seat, line("private", i))
			}
		}
		from := r.IntN(len(seat) + 1)
		d := LogDelta{From: from, Lines: seat[from:]}
		m, cur := mixed(d, seat, pub, pubCursor(seat[:from], pub))
		if cur != pubCursor(seat, pub) {
			t.Fatalf("the cursor after the log is %d, want %d", cur, pubCursor(seat, pub))
		}
		got, err := unmix(m, pub, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, seat[from:]) {
			t.Fatalf("the lines read back differ:\n%v\n%v", got, seat[from:])
		}
		if m.Mix != nil && len(m.Lines) >= len(d.Lines) {
			t.Fatalf("a mix that sends no fewer lines: %d of %d", len(m.Lines), len(d.Lines))
		}
	}
	pub := []rules.LogLine{line("p", 0), line("p", 1)}
	for _, bad := range []LogDelta{
		{Mix: []int{3}},              // past the public log
		{Mix: []int{-1}},             // past its lines
		{PubFrom: -5, Mix: []int{1}}, // before the public log
		{Lines: []rules.LogLine{line("x", 0)}, Mix: []int{1}}, // a line left over
	} {
		if _, err := unmix(bad, pub, 1); err == nil {
			t.Errorf("the mix %+v was read", bad)
		}
	}
	if _, err := unmix(LogDelta{Mix: []int{1}}, pub, 0); err == nil {
		t.Error("the public log was read as copying itself")
	}
}
