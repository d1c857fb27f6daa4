package cli

import (
	"strings"
	"testing"
)

// Every number the command line takes has a stated range, checked before
// any work: a value outside is one line naming the range, exit status 2,
// nothing on stdout (selfplay -players -1 once panicked,
// bots -games 1000000000 ran out of memory, -bot-pause 0s became 600 ms,
// render -at -1 drew the end).
func TestNumbersOutOfRangeAreUsageErrors(t *testing.T) {
	easy4 := "easy,easy,easy,easy"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"selfplay", "-players", "-1"}, `-players: out of range: 2 to 9`},
		{[]string{"selfplay", "-players", "0"}, `-players: out of range: 2 to 9`},
		{[]string{"selfplay", "-players", "9"}, `-players 9: the standard map seats 2 to 4 players`},
		{[]string{"selfplay", "-games", "0"}, `-games: out of range: 1 to 1000000`},
		{[]string{"selfplay", "-games", "1e9"}, `-games: not a whole number`},
		{[]string{"bots", "-seats", easy4, "-games", "1000000000"}, `-games: out of range: 1 to 100000`},
		{[]string{"bots", "-seats", easy4, "-j", "1000000"}, `-j: out of range: 1 to 256`},
		{[]string{"bots", "-seats", easy4, "-j", "0"}, `-j: out of range: 1 to 256`},
		{[]string{"render", "-o", "x.png", "-load", "x.ntk", "-at", "-1"}, `-at: out of range: 0 to 16777216`},
		{[]string{"render", "-o", "x.png", "-players", "10"}, `-players: out of range: 2 to 9`},
		{[]string{"suggest", "-load", "x.ntk", "-at", "-1"}, `-at: out of range: 0 to 16777216`},
		{[]string{"-bot-pause", "0s"}, `-bot-pause: out of range: 10ms to 1m0s`},
		{[]string{"-bot-pause", "-5s"}, `-bot-pause: out of range: 10ms to 1m0s`},
		{[]string{"-bot-pause", "1000h"}, `-bot-pause: out of range: 10ms to 1m0s`},
		{[]string{"-bot-pause", "soon"}, `-bot-pause: not a duration`},
		{[]string{"-players", "12"}, `-players: out of range: 2 to 9`},
		{[]string{"-players", "2", "-bots", "human" + strings.Repeat(",easy", 10)}, `-bots names 11 seats, but the game has 2 players`},
		{[]string{"-bots", "human,easy,easy,easy,easy"}, `-bots names 5 seats, but the standard map seats at most 4 players`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) { refuses(t, tc.args, tc.want) })
	}
}

// The ranges are in each flag's help.
func TestRangesAreInTheHelp(t *testing.T) {
	for cmd, flags := range map[string][]string{
		"selfplay": {"-players", "-games"},
		"bots":     {"-players", "-games", "-j"},
		"render":   {"-at", "-players"},
		"suggest":  {"-at"},
		"play":     {"-players", "-bot-pause"},
	} {
		text, _ := helpOf(t, cmd)
		for _, f := range flags {
			i := strings.Index(text, "  "+f+" ")
			if i < 0 {
				t.Fatalf("%s -h lists no %s", cmd, f)
			}
			entry := text[i:]
			if j := strings.Index(entry[2:], "\n  -"); j >= 0 {
				entry = entry[:j+2]
			}
			if !strings.Contains(entry, " to ") {
				t.Errorf("%s -h: %s states no range: %q", cmd, f, entry)
			}
		}
	}
}
