package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"notrueking/app"
	"notrueking/bots"
)

// TestPresenterFlagsBad: a bad presenter flag is a usage error found before
// any window opens (exit 2, one line on stderr), and the user's file named
// by -overlay is left as it was.
func TestPresenterFlagsBad(t *testing.T) {
	dir := t.TempDir()
	users := filepath.Join(dir, "notes.json")
	if err := os.WriteFile(users, []byte(`{"mine": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	usersTxt := filepath.Join(dir, "stream.txt")
	if err := os.WriteFile(usersTxt, []byte("my own text\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, stderr string
		args         []string
	}{
		{"canvas of another size", `-canvas "800x600": the canvas is 1280x720 or 1920x1080`, []string{"-canvas", "800x600"}},
		{"canvas without height", `-canvas "1280": the canvas is 1280x720 or 1920x1080`, []string{"-canvas", "1280"}},
		{"canvas empty", `-canvas "": the canvas is 1280x720 or 1920x1080`, []string{"-canvas", ""}},
		{"canvas upright", `-canvas "720x1280"`, []string{"-canvas", "720x1280"}},
		{"overlay over a user's file", "-overlay: " + users + " exists and is not an overlay file this game wrote; give a new name or delete it (nothing was overwritten)", []string{"-overlay", users}},
		{"overlay whose text sibling is a user's", "-overlay: " + usersTxt + " exists and was not written with an overlay file of this game", []string{"-overlay", filepath.Join(dir, "stream.json")}},
		{"overlay named .txt", "-overlay: " + filepath.Join(dir, "o.txt") + ": the overlay's text goes to FILE.txt beside it", []string{"-overlay", filepath.Join(dir, "o.txt")}},
		{"overlay in no folder", "the folder " + filepath.Join(dir, "none") + " does not exist", []string{"-overlay", filepath.Join(dir, "none", "o.json")}},
		{"overlay a folder", "exists and cannot be read as an overlay", []string{"-overlay", filepath.Join(dir, "sub")}},
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := Run(tc.args, &out, &errb)
			wantRefusal(t, code, errb.String(), tc.stderr)
		})
	}
	if b, _ := os.ReadFile(users); string(b) != `{"mine": true}` {
		t.Errorf("the user's file changed: %q", b)
	}
	if b, _ := os.ReadFile(usersTxt); string(b) != "my own text\n" {
		t.Errorf("the user's text file changed: %q", b)
	}
}

// TestPlayBadFlags: a bad flag is a usage error (exit 2, one line on
// stderr) found headless, before any window opens. Had one of these reached
// the window, the test's stand-in would refuse it (exit 1).
func TestPlayBadFlags(t *testing.T) {
	dir := t.TempDir()
	badMap := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(badMap, []byte("id = \"x\"\nbogus = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	deepMap := filepath.Join(dir, "deep.toml")
	if err := os.WriteFile(deepMap, []byte("id = \"x\"\nx = "+strings.Repeat("[", 20000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stderr string // substring expected on the one line of stderr
	}{
		{"unknown variant", []string{"-variant", "dragons"}, `notrueking: -variant: unknown variant "dragons"`},
		{"variant of a loaded game", []string{"-load", "testdata/two-players.ntk", "-variant", "citadel"}, "-variant"},
		{"one player", []string{"-players", "1"}, `notrueking: invalid value "1" for flag -players: out of range: 2 to 9`},
		{"nine players", []string{"-players", "9"}, "notrueking: -players 9: the standard map seats 2 to 4 players"},
		{"zero players", []string{"-players", "0"}, `invalid value "0" for flag -players: out of range: 2 to 9`},
		{"negative players", []string{"-players", "-3"}, `invalid value "-3" for flag -players: out of range: 2 to 9`},
		{"names disagree with players", []string{"-players", "3", "-names", "Ann,Ben"}, "-players 3 but -names lists 2 names"},
		{"more names than players", []string{"-players", "2", "-names", "Ann,Ben,Cy"}, "-players 2 but -names lists 3 names"},
		{"one name for two players", []string{"-players", "2", "-names", "Ann"}, "-players 2 but -names lists 1 name"},
		{"one name", []string{"-names", "Ann"}, "-names lists 1 name: the standard map seats 2 to 4 players"},
		{"sandbox with load", []string{"-sandbox", "-load", "x.ntk"}, "-sandbox starts from the map's setup; it takes no -load"},
		{"five names", []string{"-names", "A,B,C,D,E"}, "-names lists 5 names: the standard map seats 2 to 4 players"},
		{"empty name", []string{"-names", "Ann,,Ben"}, `-names "Ann,,Ben": name 2 is empty`},
		{"trailing comma", []string{"-names", "Ann,Ben,"}, `name 3 is empty`},
		{"blank name", []string{"-names", "Ann, ,Ben"}, `name 2 is empty`},
		{"names set empty", []string{"-names", ""}, `-names "": name 1 is empty`},
		{"bidi in a name", []string{"-names", "Ann,B\u202een"}, `-names: name 2: name "B\u202een" contains U+202E, a bidi control character`},
		{"newline in a name", []string{"-names", "Ann,Ben\nplayer torch X"}, "-names: name 2: name \"Ben\\nplayer torch X\" contains U+000A, a control character"},
		{"a name too long", []string{"-names", "Ann," + strings.Repeat("é", 25)}, "-names: name 2: name \"" + strings.Repeat("é", 25) + "\" is 25 characters long; a player's name holds at most 24"},
		{"a name of 10,000 characters", []string{"-names", strings.Repeat("A", 10000) + ",Bob"}, "is 10000 characters long; a player's name holds at most 24"},
		{"unknown map", []string{"-map", "atlantis"}, "notrueking: -map: atlantis: no such map (shipped maps: nine, standard; or give a file path)"},
		{"map that fails", []string{"-map", badMap}, "notrueking: -map: " + badMap + ": missing key \"grid\" (and 8 more problems; validate lists them all)"},
		{"map nested too deep", []string{"-map", deepMap, "-players", "2"}, deepMap + ":2: nested deeper than 8 levels at column 13"},
		{"map is a folder", []string{"-map", dir}, dir + ": is a folder, not a file"},
		{"map is missing", []string{"-map", filepath.Join(dir, "none.toml")}, "none.toml: no such file"},
		{"long list with an empty name", []string{"-names", strings.Repeat("Ann,", 1000) + ","}, `-names "` + strings.Repeat("Ann,", 10) + `…": name 1001 is empty`},
		{"stray argument", []string{"-players", "2", "extra"}, `unexpected argument "extra"`},
		{"scenario is missing", []string{"-scenario", filepath.Join(dir, "none.toml")}, "notrueking: -scenario: " + filepath.Join(dir, "none.toml") + ": no such file"},
		{"scenario that fails", []string{"-scenario", badMap}, "notrueking: -scenario: " + badMap + ":"},
		{"scenario with a map", []string{"-scenario", "scenarios/flags.toml", "-map", "nine"}, "-scenario sets up the map, the players and the seed itself; it takes no -map"},
		{"scenario with players", []string{"-scenario", "scenarios/flags.toml", "-players", "3"}, "it takes no -players"},
		{"load and scenario", []string{"-load", "testdata/two-players.ntk", "-scenario", "scenarios/flags.toml"}, "-load resumes a game as it was set up; it takes no -scenario"},
		{"spectate with a setup", []string{"-spectate", "latest", "-players", "3"}, "-spectate follows a game another window plays; it takes no -players"},
		{"spectate with a record", []string{"-spectate", "g.ntk", "-record", "r.ntk"}, "it takes no -record"},
		{"spectate with a scenario", []string{"-spectate", "latest", "-scenario", "scenarios/flags.toml"}, "it takes no -scenario"},
		{"spectate on a bad canvas", []string{"-spectate", "latest", "-canvas", "800x600"}, "-canvas \"800x600\": the canvas is 1280x720 or 1920x1080"},
		{"sandbox with a scenario", []string{"-sandbox", "-scenario", "scenarios/flags.toml"}, "-sandbox starts from the map's setup; it takes no -scenario"},
		{"sandbox with bots", []string{"-sandbox", "-bots", "easy,easy"}, "-sandbox starts from the map's setup; it takes no -bots"},
		{"sandbox on an existing record", []string{"sandbox", "-record", "testdata/two-players.ntk"}, "notrueking: -record testdata/two-players.ntk: the file exists; give a new name (nothing was overwritten)"},
		{"sandbox with one player", []string{"sandbox", "-players", "1"}, `notrueking: invalid value "1" for flag -players: out of range: 2 to 9`},
		{"sandbox with a stray argument", []string{"sandbox", "x"}, `unexpected argument "x"`},
		{"spectate without a file", []string{"spectate"}, "notrueking: missing FILE, latest or LINK (usage: notrueking spectate FILE|latest|LINK"},
		{"spectate with two files", []string{"spectate", "a.ntk", "b.ntk"}, `unexpected argument "b.ntk"`},
		{"spectate with a setup, as a command", []string{"spectate", "-players", "3", "latest"}, "notrueking: spectate follows a game another window plays; it takes no -players"},
		{"a flag no command takes", []string{"-bogus"}, "notrueking: -bogus is not a flag of play (notrueking help play lists them)"},
		{"a bad value", []string{"-players", "three"}, `notrueking: invalid value "three" for flag -players: not a whole number (notrueking help play lists the flags)`},
		{"a flag without its value", []string{"-replay"}, "notrueking: flag needs an argument: -replay"},
		{"bots of no level", []string{"-players", "2", "-bots", "human,genius"}, "notrueking: -bots: "},
	}
	if runtime.GOOS != "windows" {
		tests = append(tests, struct {
			name   string
			args   []string
			stderr string
		}{"map is a device", []string{"-map", "/dev/zero"}, "/dev/zero: is not a regular file (a character device)"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { refuses(t, tc.args, tc.stderr) })
	}
}

// TestPlayOptions: good flags reach the window as the options app.Run
// gets (a stand-in here, so no window opens).
func TestPlayOptions(t *testing.T) {
	dir := t.TempDir()
	standardCopy := filepath.Join(dir, "standard")
	data, err := os.ReadFile("maps/standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(standardCopy, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want app.Options
	}{
		{nil, app.Options{Map: "standard"}},
		{[]string{"-players", "3", "-seed", "42"}, app.Options{Map: "standard", Players: []string{"Alice", "Bob", "Carol"}, Seed: 42, SeedSet: true, Quick: true}},
		{[]string{"-variant", "citadel", "-players", "2"}, app.Options{Map: "standard", Players: []string{"Alice", "Bob"}, Quick: true, Variant: "citadel"}},
		{[]string{"play", "-variant", "plain"}, app.Options{Map: "standard", Variant: "plain"}},
		{[]string{"sandbox", "-variant", "citadel"}, app.Options{Map: "standard", Sandbox: true, Variant: "citadel"}},
		{[]string{"-names", " Ann , Ben "}, app.Options{Map: "standard", Players: []string{"Ann", "Ben"}, Quick: true}},
		{[]string{"-players", "2", "-names", "Ann,Ben", "-record", "g.ntk"}, app.Options{Map: "standard", Players: []string{"Ann", "Ben"}, RecordPath: "g.ntk", Quick: true}},
		{[]string{"-map", standardCopy, "-players", "4"}, app.Options{Map: standardCopy, Players: []string{"Alice", "Bob", "Carol", "Dave"}, Quick: true}},
		{[]string{"-scenario", "scenarios/flags.toml", "-record", "g.ntk"}, app.Options{Map: "standard", Scenario: "scenarios/flags.toml", RecordPath: "g.ntk"}},
		{[]string{"-spectate", "latest"}, app.Options{Spectate: "latest"}},
		{[]string{"-spectate", "latest", "-canvas", "1280x720", "-clean", "-large-text", "-overlay", filepath.Join(dir, "ov.json")},
			app.Options{Spectate: "latest", CanvasW: 1280, CanvasH: 720, Clean: true, LargeText: true, Overlay: filepath.Join(dir, "ov.json")}},
		{[]string{"-spectate", "saves/g.ntk"}, app.Options{Spectate: "saves/g.ntk"}},
		{[]string{"-sandbox", "-map", "nine", "-players", "5"}, app.Options{Map: "nine", Players: []string{"Alice", "Bob", "Carol", "Dave", "Erin"}, Quick: true, Sandbox: true}},
		{[]string{"-sandbox"}, app.Options{Map: "standard", Sandbox: true}},
		{[]string{"-sandbox", "-names", "Ann,Ben", "-seed", "7", "-record", "g.ntk", "-clean"}, app.Options{Map: "standard", Players: []string{"Ann", "Ben"}, Seed: 7, SeedSet: true, Quick: true, Sandbox: true, RecordPath: "g.ntk", Clean: true}},
		{[]string{"-players", "2", "-bots", "human,easy", "-bot-pause", "250ms"}, app.Options{Map: "standard", Players: []string{"Alice", "Bob"}, Quick: true, Bots: []int{app.Human, int(bots.Easy)}, BotPause: 250 * time.Millisecond}},
		{[]string{"-load", "testdata/two-players.ntk", "-bots", "strong"}, app.Options{Map: "standard", Load: "testdata/two-players.ntk", Bots: []int{int(bots.Strong)}}},
		// The window's modes as commands.
		{[]string{"play", "-players", "3"}, app.Options{Map: "standard", Players: []string{"Alice", "Bob", "Carol"}, Quick: true}},
		{[]string{"spectate", "latest", "-clean"}, app.Options{Spectate: "latest", Clean: true}},
		{[]string{"sandbox", "-map", "nine", "-players", "5"}, app.Options{Map: "nine", Players: []string{"Alice", "Bob", "Carol", "Dave", "Erin"}, Quick: true, Sandbox: true}},
		{[]string{"replay", "-large-text", "testdata/four-players.ntk", "-canvas", "1280x720"}, app.Options{Map: "standard", Replay: "testdata/four-players.ntk", LargeText: true, CanvasW: 1280, CanvasH: 720}},
		{[]string{"spectate", "--", "-odd name.ntk"}, app.Options{Spectate: "-odd name.ntk"}},
		// The presenter's options (docs/presenting.md).
		{[]string{"-canvas", "1280x720"}, app.Options{Map: "standard", CanvasW: 1280, CanvasH: 720}},
		{[]string{"-canvas", "1920×1080", "-large-text", "-clean"}, app.Options{Map: "standard", CanvasW: 1920, CanvasH: 1080, LargeText: true, Clean: true}},
		{[]string{"-players", "2", "-overlay", filepath.Join(dir, "overlay.json")}, app.Options{Map: "standard", Players: []string{"Alice", "Bob"}, Quick: true, Overlay: filepath.Join(dir, "overlay.json")}},
	}
	for _, tc := range tests {
		opened := noWindow(t)
		var out, errb bytes.Buffer
		code := Run(tc.args, &out, &errb)
		if code != 0 || len(*opened) != 1 || out.Len()+errb.Len() != 0 {
			t.Errorf("%q: exit %d, %d windows: %s%s", tc.args, code, len(*opened), out.String(), errb.String())
			continue
		}
		if got := (*opened)[0]; !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: options %+v, want %+v", tc.args, got, tc.want)
		}
	}
}
