package scenarios

import (
	"strings"
	"testing"

	"notrueking/rules"
)

// A scenario's player name holds at most rules.MaxNameRunes characters, as
// every other way a name enters (rules.TestNamesHoldAtMost24Characters):
// a longer one is refused with its file, line and the reason.
func TestScenarioNamesHoldAtMost24Characters(t *testing.T) {
	data, err := ShippedFile("flags")
	if err != nil {
		t.Fatal(err)
	}
	fits := strings.Repeat("W", rules.MaxNameRunes)
	for _, name := range []string{fits, fits + "W", strings.Repeat("W", 10000)} {
		text := strings.Replace(string(data), `name = "Ann"`, `name = "`+name+`"`, 1)
		if text == string(data) {
			t.Fatal("flags.toml names no player Ann")
		}
		_, err := Parse("flags.toml", []byte(text), "")
		switch {
		case len(name) <= rules.MaxNameRunes && err != nil:
			t.Errorf("a name of %d characters: %v", len(name), err)
		case len(name) > rules.MaxNameRunes && (err == nil || !strings.Contains(err.Error(), "flags.toml:") || !strings.Contains(err.Error(), "at most 24") || len(err.Error()) > 300):
			t.Errorf("a name of %d characters: %v", len(name), err)
		}
	}
}
