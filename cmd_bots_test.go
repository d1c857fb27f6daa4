package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestBotsTournamentCommand: the bots command prints the tournament's
// table; -seats must name a level per player.
func TestBotsTournamentCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := dispatch([]string{"bots", "-map", "standard", "-players", "3", "-games", "3", "-seats", "random,random,random", "-j", "2", "-q"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"3 games", "95% interval", "baratheon", "random "} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output lacks %q:\n%s", want, out.String())
		}
	}
	errb.Reset()
	if code := dispatch([]string{"bots", "-players", "4", "-seats", "strong,easy"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "2 levels for 4 players") {
		t.Fatalf("mismatched seats: exit %d, %q", code, errb.String())
	}
}
