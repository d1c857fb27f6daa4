package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/store"
)

// The headless host reads the same setup flags as the window's commands
// (one flag group, one gamefile.Setup) and refuses a bad setup in the
// same words, one line and exit status 2, before it listens; its default
// players (four on the standard map) are the game's when -bots names too
// many seats.
func TestHostRefusesItsSetupAsTheWindowDoes(t *testing.T) {
	t.Setenv(store.ConfigEnv, filepath.Join(t.TempDir(), "config"))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-players", "5"}, "-players 5: the standard map seats 2 to 4 players"},
		{[]string{"-names", "Ann"}, "-names lists 1 name: the standard map seats 2 to 4 players"},
		{[]string{"-names", "Ann,,Ben"}, `-names "Ann,,Ben": name 2 is empty`},
		{[]string{"-players", "3", "-names", "Ann,Ben"}, "-players 3 but -names lists 2 names"},
		{[]string{"-map", "nine", "-names", "A,B,C,D,E,F,G,H,I,J"}, "-names lists 10 names: the nine map seats 2 to 9 players"},
		{[]string{"-map", filepath.Join(t.TempDir(), "none.toml")}, "-map: "},
		{[]string{"-variant", "grim"}, "-variant: "},
		{[]string{"-players", "2", "-bots", "human,easy,easy"}, "-bots names 3 seats, but the game has 2 players"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			opened := noWindow(t)
			var out, errb bytes.Buffer
			code := Run(append([]string{"play"}, c.args...), &out, &errb)
			wantRefusal(t, code, errb.String(), c.want)
			window, _ := strings.CutPrefix(errb.String(), "notrueking: ")
			out.Reset()
			errb.Reset()
			code = Run(append([]string{"host", "-admit", "auto", "-addr", "127.0.0.1:0"}, c.args...), &out, &errb)
			wantRefusal(t, code, errb.String(), c.want)
			if host, _ := strings.CutPrefix(errb.String(), "notrueking host: "); host != window {
				t.Errorf("host says %q, the window %q", host, window)
			}
			if out.Len() != 0 || len(*opened) != 0 {
				t.Errorf("a link was printed (%q) or a window opened", out.String())
			}
		})
	}
	var out, errb bytes.Buffer
	code := Run([]string{"host", "-admit", "auto", "-addr", "127.0.0.1:0", "-bots", "human,easy,easy,easy,easy"}, &out, &errb)
	wantRefusal(t, code, errb.String(), "notrueking host: -bots names 5 seats, but the game has 4 players")
}
