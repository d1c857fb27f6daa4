package rules_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"notrueking/board"
	"notrueking/rules"
)

// diffRecords names the first difference between two records' contents
// (Lines, the source positions, are not compared), or "".
func diffRecords(a, b rules.Record) string {
	if a.Map != b.Map || a.MapSHA256 != b.MapSHA256 {
		return fmt.Sprintf("map %q %q vs %q %q", a.Map, a.MapSHA256, b.Map, b.MapSHA256)
	}
	if a.Scenario != b.Scenario || a.ScenarioSHA256 != b.ScenarioSHA256 {
		return fmt.Sprintf("scenario %q %q vs %q %q", a.Scenario, a.ScenarioSHA256, b.Scenario, b.ScenarioSHA256)
	}
	if a.Seed != b.Seed {
		return fmt.Sprintf("seed %d vs %d", a.Seed, b.Seed)
	}
	if strings.Join(a.Players, "\n") != strings.Join(b.Players, "\n") || len(a.Players) != len(b.Players) {
		return fmt.Sprintf("players %q vs %q", a.Players, b.Players)
	}
	if strings.Join(a.Seats, " ") != strings.Join(b.Seats, " ") || len(a.Seats) != len(b.Seats) {
		return fmt.Sprintf("seats %q vs %q", a.Seats, b.Seats)
	}
	if len(a.Actions) != len(b.Actions) {
		return fmt.Sprintf("%d actions vs %d", len(a.Actions), len(b.Actions))
	}
	for i := range a.Actions {
		if a.Actions[i] != b.Actions[i] {
			return fmt.Sprintf("action %d: %+v vs %+v", i+1, a.Actions[i], b.Actions[i])
		}
	}
	return ""
}

const sampleRecord = `# No True King record
# a comment, then a blank line

map standard
seed 12345
player crown Alice
player   torch   Bob  Smith  
player helm Carol
crown arrange baratheon stark lannister greyjoy tyrell
  # indented comment
torch place stark maester
helm move winterfell karhold footman:2 knight:1
crown exchange stark tyrell reveal stark
`

func TestParseRecord(t *testing.T) {
	rec, err := rules.ParseRecord(strings.NewReader(sampleRecord))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Map != "standard" || rec.Seed != 12345 {
		t.Errorf("map %q seed %d, want standard 12345", rec.Map, rec.Seed)
	}
	if got := strings.Join(rec.Players, "|"); got != "Alice|Bob  Smith|Carol" {
		t.Errorf("players %q", got)
	}
	if got := strings.Join(rec.Seats, " "); got != "crown torch helm" {
		t.Errorf("seats %q", got)
	}
	want := []string{
		"crown arrange baratheon stark lannister greyjoy tyrell",
		"torch place stark maester",
		"helm move winterfell karhold footman:2 knight:1",
		"crown exchange stark tyrell reveal stark",
	}
	if len(rec.Actions) != len(want) {
		t.Fatalf("%d actions, want %d", len(rec.Actions), len(want))
	}
	for i := range want {
		if rec.Actions[i] != want[i] {
			t.Errorf("action %d = %q, want %q", i+1, rec.Actions[i], want[i])
		}
	}
	if got := fmt.Sprint(rec.Lines); got != "[9 11 12 13]" {
		t.Errorf("lines %s, want [9 11 12 13]", got)
	}
}

func TestRecordWriteRoundTrip(t *testing.T) {
	rec, err := rules.ParseRecord(strings.NewReader(sampleRecord))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	want := `# No True King record
map standard
seed 12345
player crown Alice
player torch Bob  Smith
player helm Carol
crown arrange baratheon stark lannister greyjoy tyrell
torch place stark maester
helm move winterfell karhold footman:2 knight:1
crown exchange stark tyrell reveal stark
`
	if buf.String() != want {
		t.Errorf("Write:\n%s\nwant:\n%s", buf.String(), want)
	}
	back, err := rules.ParseRecord(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if d := diffRecords(rec, back); d != "" {
		t.Error(d)
	}
	if rec.String() != want {
		t.Errorf("String differs from Write")
	}
}

// TestRecordOddNames: names plain text cannot hold are written quoted and
// read back exactly.
func TestRecordOddNames(t *testing.T) {
	names := []string{" Ann", "Ann ", "\"Cat\"", "Fay \"Q\" Smith", "# Gil", "Zoë Ørsted 王", "Hal sha256 0123"}
	for _, name := range names {
		r := rules.Record{Map: "maps/my map.toml ", Seed: 9, Players: []string{name, "Plain Name"}, Seats: []string{"crown", "torch"},
			Actions: []string{"torch keep"}}
		var buf bytes.Buffer
		if err := r.Write(&buf); err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		if n := strings.Count(buf.String(), "\n"); n != 6 {
			t.Fatalf("%q: written record has %d lines, want 6:\n%s", name, n, buf.String())
		}
		back, err := rules.ParseRecord(&buf)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		if d := diffRecords(r, back); d != "" {
			t.Fatalf("%q: %s", name, d)
		}
	}
	var buf bytes.Buffer
	r := rules.Record{Map: "standard", Seed: 1, Players: []string{"Plain Name", "Bob"}, Seats: []string{"crown", "torch"}}
	if err := r.Write(&buf); err != nil || !strings.Contains(buf.String(), "player crown Plain Name\n") {
		t.Fatalf("plain names must stay plain: %v\n%s", err, buf.String())
	}
}

func TestParseRecordErrors(t *testing.T) {
	const head = "map standard\nseed 1\nplayer crown A\nplayer torch B\n"
	for _, tc := range []struct {
		name, text, want string
	}{
		{"empty", "", "no map line"},
		{"only comments", "# x\n\n", "no map line"},
		{"no seed", "map standard\nplayer crown A\n", "no seed line"},
		{"no players", "map standard\nseed 3\n", "no player lines"},
		{"action before map", "crown keep\n", "line 1: \"crown\" comes before the map line"},
		{"action before seed", "map standard\ncrown keep\n", "line 2: \"crown\" comes before the seed line"},
		{"action before player", "map standard\nseed 1\n\ncrown keep\n", "line 4: \"crown\" comes before any player line"},
		{"bad seed", "map standard\nseed twelve\n", "line 2: seed \"twelve\" is not a whole number"},
		{"negative seed", "map standard\nseed -4\n", "line 2: seed \"-4\""},
		{"seed too big", "map standard\nseed 18446744073709551616\n", "line 2: seed"},
		{"two maps", "map standard\nmap nine\n", "line 2: second map line"},
		{"two seeds", "map standard\nseed 1\nseed 2\n", "line 3: second seed line"},
		{"map without name", "map\n", "line 1: map line without a map name"},
		{"player without id", "map standard\nseed 1\nplayer\n", "line 3: player line without a seat id"},
		{"player without name", "map standard\nseed 1\nplayer crown\n", "line 3: player crown has no name"},
		{"keyword seat", "map standard\nseed 1\nplayer seed Bob\n", "line 3: seat id \"seed\" is a record keyword"},
		{"seat twice", head + "player crown C\n", "line 5: seat crown is named twice"},
		{"player after action", head + "crown keep\nplayer helm C\n", "line 6: player lines must come before the first action"},
		{"seed after action", head + "crown keep\nseed 4\n", "line 6: the seed line must come before the first action"},
		{"unknown seat", head + "helm keep\n", "line 5: action \"helm keep\": unknown seat \"helm\""},
		{"unknown verb", head + "crown fly\n", "line 5: action \"crown fly\": unknown verb \"fly\""},
		{"bad args", head + "crown\n", "line 5: action \"crown\""},
		{"bad count", head + "\n\ncrown move a b footman:x\n", "line 7: action \"crown move a b footman:x\": count \"x\""},
		{"control char in name", "map standard\nseed 1\nplayer crown A\x01B\n", "line 3: player name \"A\\x01B\" contains U+0001, a control character"},
		{"tab in name", "map standard\nseed 1\nplayer crown A\tB\n", "line 3: player name \"A\\tB\" contains U+0009, a control character"},
		{"quoted line break in name", "map standard\nseed 1\nplayer crown \"Bob\\ncrown keep\"\n", "line 3: player name \"Bob\\ncrown keep\" contains U+000A"},
		{"quoted invalid UTF-8 name", "map standard\nseed 1\nplayer crown \"\\xffEve\"\n", "line 3: player name \"\\xffEve\" is not valid UTF-8 text"},
		{"bidi override in name", "map standard\nseed 1\nplayer crown Eve\u202Egnp.exe\n", "line 3: player name \"Eve\\u202egnp.exe\" contains U+202E, a bidi control character"},
		{"bidi isolate in quoted name", "map standard\nseed 1\nplayer crown \"Eve\\u2067\"\n", "line 3: player name \"Eve\\u2067\" contains U+2067"},
		{"left-to-right mark", "map standard\nseed 1\nplayer crown A\u200eB\n", "contains U+200E"},
		{"arabic letter mark", "map standard\nseed 1\nplayer crown A\u061cB\n", "contains U+061C"},
		{"zero-width space in name", "map standard\nseed 1\nplayer crown Al\u200Bice\n", "line 3: player name \"Al\\u200bice\" contains U+200B, a zero-width character"},
		{"word joiner in name", "map standard\nseed 1\nplayer crown Al\u2060ice\n", "contains U+2060"},
		{"BOM inside a name", "map standard\nseed 1\nplayer crown Al\uFEFFice\n", "contains U+FEFF"},
		{"BOM not at the start", "\n\uFEFFmap standard\n", "line 2: \"\\ufeffmap\" comes before the map line"},
		{"bidi in map name", "map st\u202Dandard\n", "line 1: map name \"st\\u202dandard\" contains U+202D"},
		{"control in quoted map name", "map \"a\\x00b\"\n", "line 1: map name \"a\\x00b\" contains U+0000"},
		{"bad map hash", "map x.toml sha256 1234\n", "line 1: map file hash \"1234\" is not a SHA-256 (64 hex digits)"},
		{"not hex map hash", "map x.toml sha256 " + strings.Repeat("g", 64) + "\n", "line 1: map file hash"},
		{"junk after quoted map", "map \"x.toml\" sha1 abc\n", "line 1: after the quoted map name comes \"sha1 abc\""},
		{"bad line in the middle", head + "crown keep\ncrown fly\ncrown keep\n", "line 6: action \"crown fly\": unknown verb"},
		{"bad last line with a line end", head + "crown keep\ncrown pla\n", "line 6: action \"crown pla\""},
		{"long last line without a line end", head + "crown " + strings.Repeat("a", 70000), "line 5: line longer than 65536 bytes"},
		{"bad quotes", "map standard\nseed 1\nplayer crown \"Ann\n", "line 3: player name \"Ann is not a well-formed quoted string"},
		{"empty quoted", "map \"\"\n", "line 1: map name is empty"},
		{"not utf8", "map standard\nseed 1\nplayer crown \xff\n", "line 3: not valid UTF-8"},
		{"long line", "map standard\nseed 1\nplayer crown " + strings.Repeat("a", 70000) + "\n", "line 3: line longer than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := rules.ParseRecord(strings.NewReader(tc.text))
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestRecordWriteRefuses(t *testing.T) {
	ok := rules.Record{Map: "standard", Seed: 1, Players: []string{"A", "B"}, Seats: []string{"crown", "torch"}}
	if err := ok.Write(&bytes.Buffer{}); err != nil {
		t.Fatalf("valid record refused: %v", err)
	}
	for _, tc := range []struct {
		name string
		mod  func(r *rules.Record)
		want string
	}{
		{"no map", func(r *rules.Record) { r.Map = "" }, "map name is empty"},
		{"seats mismatch", func(r *rules.Record) { r.Seats = r.Seats[:1] }, "2 players but 1 seat ids"},
		{"no players", func(r *rules.Record) { r.Seats, r.Players = nil, nil }, "no players"},
		{"empty name", func(r *rules.Record) { r.Players = []string{"A", ""} }, "seat torch: player name is empty"},
		{"space in seat", func(r *rules.Record) { r.Seats = []string{"the crown", "torch"} }, "contains a space"},
		{"comment seat", func(r *rules.Record) { r.Seats = []string{"#crown", "torch"} }, "starts with '#'"},
		{"duplicate seat", func(r *rules.Record) { r.Seats = []string{"crown", "crown"} }, "named twice"},
		{"seat out of range", func(r *rules.Record) { r.Actions = []string{"helm keep"} }, "unknown seat \"helm\""},
		{"line break in action", func(r *rules.Record) {
			r.Actions = []string{"crown keep", "torch keep\ncrown keep"}
		}, "action 2 \"torch keep\\ncrown keep\" does not read back"},
		{"unknown verb", func(r *rules.Record) { r.Actions = []string{"crown fly"} }, "action 1 \"crown fly\" does not read back"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ok
			r.Players = append([]string(nil), ok.Players...)
			r.Seats = append([]string(nil), ok.Seats...)
			tc.mod(&r)
			var buf bytes.Buffer
			err := r.Write(&buf)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Fatalf("refused record wrote %q", buf.String())
			}
		})
	}
}

// -update regenerates the example records and golden files in ../testdata.
// The flag is defined here unless another test file of the binary already
// defines it; updating reads it after flag parsing either way.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "regenerate testdata example records and golden files")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// examples are the example games of ../testdata: a seeded random player's
// full games of 2, 3 and 4 players.
var examples = []struct {
	file    string
	players int
	seed    uint64
}{
	{"two-players.ntk", 2, 20261122},
	{"three-players.ntk", 3, 31337},
	{"four-players.ntk", 4, 4444},
}

const goldenFinal = "four-players.final.json"

func examplePath(name string) string { return filepath.Join("..", "testdata", name) }

// TestExamples replays every example record to the end of the game; with
// -update it first regenerates them (and the golden final state).
func TestExamples(t *testing.T) {
	m := mustStandard(t)
	for _, ex := range examples {
		t.Run(ex.file, func(t *testing.T) {
			path := examplePath(ex.file)
			if updating() {
				g, err := playWith(m, ex.players, ex.seed, newRandomPlayer(ex.seed, 0.35))
				if err != nil {
					t.Fatal(err)
				}
				var b bytes.Buffer
				fmt.Fprintf(&b, "# Example game: %d players, played by a seeded random player.\n", ex.players)
				b.WriteString("# Regenerate: go test ./rules/ -run TestExamples -update\n")
				if err := rules.RecordOf(g).Write(&b); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rec, err := rules.ParseRecord(f)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Map != "standard" || len(rec.Players) != ex.players {
				t.Fatalf("record: map %q, %d players; want standard, %d", rec.Map, len(rec.Players), ex.players)
			}
			g, events, err := rules.Replay(m, rec)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Over() {
				t.Fatalf("replay of %d actions ends in phase %s, not at game over", len(rec.Actions), g.View(rules.Public).Phase)
			}
			v := g.View(rules.Public)
			if len(v.Winners) == 0 || v.Round != ex.players {
				t.Fatalf("game over in round %d with winners %v", v.Round, v.Winners)
			}
			if len(events) <= len(rec.Actions) {
				t.Fatalf("%d events for %d actions", len(events), len(rec.Actions))
			}
			for _, p := range v.Players {
				for _, tok := range p.Loyalty {
					if tok.House == board.NoHouse {
						t.Fatalf("game over but seat %s's %d-token is still hidden in the public view", p.ID, tok.Value)
					}
				}
			}
			// Every seat's score follows from the final ranking.
			span := map[board.HouseID][2]int{}
			for _, r := range v.Ranking {
				span[r.House] = [2]int{r.From, r.To}
			}
			for _, p := range v.Players {
				want := 0
				for i, tok := range p.Loyalty {
					if s := span[tok.House]; s[0] <= i+1 && i+1 <= s[1] {
						want += tok.Value
					}
				}
				if p.Score != want {
					t.Errorf("seat %s scores %d; its card and the ranking give %d", p.ID, p.Score, want)
				}
			}
		})
	}
}

// TestRunRecordGolden runs the four-player example through RunRecord and
// compares its final state with the golden file; it also checks that there
// is one step per action after the setup's and that the run is the same
// twice.
func TestRunRecordGolden(t *testing.T) {
	m := mustStandard(t)
	rec, _ := exampleRecord(t, "four-players.ntk")
	out, err := runRecord(m, rec)
	if err != nil {
		t.Fatal(err)
	}
	again, err := runRecord(m, rec)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out, again) {
		t.Fatal("RunRecord differs between two runs")
	}
	if len(out.Steps) != len(rec.Actions)+1 {
		t.Fatalf("%d steps for %d actions, want actions+1", len(out.Steps), len(rec.Actions))
	}
	for i, step := range out.Steps {
		if step.N != i {
			t.Fatalf("step %d has n %d", i, step.N)
		}
		if i > 0 && step.Action != rec.Actions[i-1] {
			t.Fatalf("step %d: action %q, want %q", i, step.Action, rec.Actions[i-1])
		}
		if i == 0 && len(step.Events) == 0 {
			t.Fatal("no setup events")
		}
		if step.Error != "" {
			t.Fatalf("step %d: error %q", i, step.Error)
		}
	}
	final := out.Final
	if final == nil || !final.Over || len(final.Winners) == 0 || len(final.Players) != 4 {
		t.Fatalf("final state: %+v", final)
	}
	// The golden file holds the run command's last line, indented.
	var last, pretty bytes.Buffer
	enc := json.NewEncoder(&last)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Final rules.FinalState `json:"final"`
	}{*final}); err != nil {
		t.Fatal(err)
	}
	if err := json.Indent(&pretty, bytes.TrimSuffix(last.Bytes(), []byte("\n")), "", " "); err != nil {
		t.Fatal(err)
	}
	pretty.WriteByte('\n')
	checkGolden(t, goldenFinal, pretty.Bytes(), "TestExamples|TestRunRecordGolden")
}

// exampleRecord reads and parses an example record of testdata/.
func exampleRecord(t *testing.T, name string) (rules.Record, []byte) {
	t.Helper()
	data, err := os.ReadFile(examplePath(name))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rules.ParseRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return rec, data
}

// checkGolden compares got with the golden file name of testdata/, which
// -update rewrites (the test names the tests to run with -update).
func checkGolden(t *testing.T, name string, got []byte, tests string) {
	t.Helper()
	golden := examplePath(name)
	if updating() {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test ./rules/ -run '%s' -update to accept):\n%s",
			golden, tests, firstDiff(string(want), string(got)))
	}
}

// TestReplayErrors: a record stops at its first illegal action, naming the
// action, its line and the engine's reason; seats must be the map's.
func TestReplayErrors(t *testing.T) {
	m := mustStandard(t)
	g, err := playRandom(m, 2, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	good := rules.RecordOf(g)
	var buf bytes.Buffer
	if err := good.Write(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	// Break action 10: make it a placement by the wrong seat on a slot
	// that cannot exist, or repeat it (the same decision twice).
	const k = 10
	header := 0
	for header < len(lines) && !strings.HasPrefix(lines[header], good.Seats[0]+" ") && !strings.HasPrefix(lines[header], good.Seats[1]+" ") {
		header++
	}
	bad := append([]string{}, lines[:header+k]...)
	bad = append(bad, lines[header+k-1]) // action k again, as action k+1
	bad = append(bad, lines[header+k:]...)
	rec, err := rules.ParseRecord(strings.NewReader(strings.Join(bad, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	at, _, err := rules.Replay(m, rec)
	if err == nil {
		t.Fatal("replaying a repeated action: no error")
	}
	want := fmt.Sprintf("action %d (line %d) %q: ", k+1, header+k+1, rec.Actions[k])
	if !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %q, want it to start %q", err, want)
	}
	again, perr := at.ParseAction(rec.Actions[k])
	if perr != nil {
		t.Fatal(perr)
	}
	reason := at.Check(again)
	if reason == nil || !strings.HasSuffix(err.Error(), reason.Error()) {
		t.Fatalf("error %q does not end with the engine's reason %v", err, reason)
	}
	if n := len(at.Actions()); n != k {
		t.Fatalf("replay stopped after %d actions, want %d", n, k)
	}
	out, err := runRecord(m, rec)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("RunRecord error %v, want %q...", err, want)
	}
	if len(out.Steps) != k+2 || out.Final != nil {
		t.Fatalf("RunRecord gave %d steps (final state %v), want %d and none", len(out.Steps), out.Final != nil, k+2)
	}
	if step := out.Steps[k+1]; step.N != k+1 || step.Action != rec.Actions[k] || step.Error != reason.Error() || step.Events == nil || len(step.Events) != 0 {
		t.Fatalf("last step %+v: want n %d, the action, no events and the error %q", step, k+1, reason)
	}

	for _, tc := range []struct {
		name string
		mod  func(r *rules.Record)
		want string
	}{
		{"seats swapped", func(r *rules.Record) { r.Seats = []string{"torch", "crown"} }, `sits as "torch"`},
		{"one player", func(r *rules.Record) { r.Seats, r.Players = r.Seats[:1], r.Players[:1] }, "record: "},
		{"five players", func(r *rules.Record) {
			r.Seats = []string{"crown", "torch", "helm", "gauntlet", "sword"}
			r.Players = []string{"a", "b", "c", "d", "e"}
		}, "record: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := good
			tc.mod(&r)
			if _, _, err := rules.Replay(m, r); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Replay error %v, want %q", err, tc.want)
			}
			if _, err := runRecord(m, r); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("RunRecord error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestRunRecordPartial: a record that stops mid-game runs to its end and
// reports the state reached, with nothing secret in it.
func TestRunRecordPartial(t *testing.T) {
	m := mustStandard(t)
	g, err := playRandom(m, 3, 11, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := rules.RecordOf(g)
	rec.Actions = rec.Actions[:40]
	out, err := runRecord(m, rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Steps) != 41 || out.Final == nil {
		t.Fatalf("%d steps for 40 actions, want 41 and a final state", len(out.Steps))
	}
	f := *out.Final
	if f.Over || f.Actions != 40 || len(f.Winners) != 0 {
		t.Fatalf("partial final state: over %v, %d actions, winners %v", f.Over, f.Actions, f.Winners)
	}
	for _, p := range f.Players {
		if len(p.Hand) != 0 {
			t.Fatalf("mid-game final state shows seat %s's hand", p.ID)
		}
		for _, tok := range p.Loyalty {
			if !tok.Revealed && tok.House != "" {
				t.Fatalf("mid-game final state shows seat %s's hidden token %s", p.ID, tok.House)
			}
		}
	}
	// The same prefix replayed gives the same public state.
	r, _, err := rules.Replay(m, rec)
	if err != nil {
		t.Fatal(err)
	}
	if want := rules.FinalStateOf(r); !reflect.DeepEqual(f, want) {
		t.Fatalf("RunRecord's final state differs from FinalStateOf(Replay):\n%+v\n%+v", f, want)
	}
}

func ExampleParseRecord() {
	text := `# No True King record
map standard
seed 42
player crown Alice
player torch Bob Smith
crown arrange baratheon stark lannister greyjoy tyrell
torch arrange stark tyrell baratheon greyjoy lannister
torch place stark maester
`
	rec, err := rules.ParseRecord(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rec.Map, rec.Seed, strings.Join(rec.Players, " / "), rec.Seats)
	for i, a := range rec.Actions {
		fmt.Printf("line %d: %s\n", rec.Lines[i], a)
	}
	// Output:
	// standard 42 Alice / Bob Smith [crown torch]
	// line 6: crown arrange baratheon stark lannister greyjoy tyrell
	// line 7: torch arrange stark tyrell baratheon greyjoy lannister
	// line 8: torch place stark maester
}

func ExampleRecord_Write() {
	rec := rules.Record{
		Map:     "standard",
		Seed:    7,
		Players: []string{"Alice", " Bob "},
		Seats:   []string{"crown", "torch"},
		Actions: []string{"crown place stark lord"},
	}
	if err := rec.Write(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// # No True King record
	// map standard
	// seed 7
	// player crown Alice
	// player torch " Bob "
	// crown place stark lord
}

// variants are the Windows Notepad forms of a record: with a UTF-8
// byte-order mark, with CRLF line ends, and both.
func variants(text string) map[string]string {
	crlf := strings.ReplaceAll(text, "\n", "\r\n")
	return map[string]string{"BOM": "\uFEFF" + text, "CRLF": crlf, "BOM+CRLF": "\uFEFF" + crlf}
}

// ran is what a run of a record handed back: every step, in order, and
// the final state (nil when the run failed).
type ran struct {
	Steps []rules.RunStep
	Final *rules.FinalState
}

// keep is the step callback that keeps the steps.
func (r *ran) keep(s rules.RunStep) error {
	r.Steps = append(r.Steps, s)
	return nil
}

// done keeps the final state of a run that ended without an error.
func (r *ran) done(f rules.FinalState, err error) (ran, error) {
	if err == nil {
		r.Final = &f
	}
	return *r, err
}

// runRecord runs the record in memory.
func runRecord(m *board.Map, rec rules.Record) (ran, error) {
	var r ran
	return r.done(rules.RunRecord(m, rec, r.keep))
}

// runReader runs the record text through the streaming runner.
func runReader(t *testing.T, text string) (out ran, warning string, err error) {
	t.Helper()
	rr, err := rules.NewRecordReader(strings.NewReader(text))
	if err != nil {
		return ran{}, "", err
	}
	out, err = out.done(rules.RunRecordReader(mustStandard(t), rr, out.keep))
	return out, rr.Warning(), err
}

// TestRecordBOMAndCRLF: BOM, CRLF and BOM+CRLF copies of every example
// record read as the same record and run to the same steps.
func TestRecordBOMAndCRLF(t *testing.T) {
	m := mustStandard(t)
	for _, ex := range examples {
		want, data := exampleRecord(t, ex.file)
		wantOut, err := runRecord(m, want)
		if err != nil {
			t.Fatal(err)
		}
		for name, text := range variants(string(data)) {
			t.Run(ex.file+"/"+name, func(t *testing.T) {
				got, err := rules.ParseRecord(strings.NewReader(text))
				if err != nil {
					t.Fatal(err)
				}
				if d := diffRecords(want, got); d != "" || fmt.Sprint(want.Lines) != fmt.Sprint(got.Lines) {
					t.Fatalf("differs from the plain record: %s", d)
				}
				out, warning, err := runReader(t, text)
				if err != nil || warning != "" {
					t.Fatalf("run: %v (warning %q)", err, warning)
				}
				if !reflect.DeepEqual(out, wantOut) {
					t.Fatalf("the run differs from the plain record's:\n%s", firstDiff(fmt.Sprintf("%+v", wantOut), fmt.Sprintf("%+v", out)))
				}
			})
		}
	}
}

// TestRecordTornLastLine: a last line cut off while being written (no line
// end, does not read) is ignored with a warning naming it; one that reads
// is applied as it stands with a warning that it may be incomplete, and
// ignored with a warning when it cannot be applied; a bad line with a line
// end is an error.
func TestRecordTornLastLine(t *testing.T) {
	data, err := os.ReadFile(examplePath("four-players.ntk"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	whole, err := rules.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	lastLine := strings.Count(text, "\n") // 1-based number of the last line
	body := strings.TrimSuffix(text, "\n")
	cut := body[:strings.LastIndexByte(body, '\n')+1] // all but the last line
	last := body[len(cut):]                           // "gauntlet keep"
	for _, tc := range []struct {
		name, text string
		actions    int    // actions read
		warning    string // "" for none
	}{
		{"no final line end", body, len(whole.Actions), fmt.Sprintf("line %d has no line end: the record may have been cut off while being written; its last action was read as it stands", lastLine)},
		{"no final line end, CRLF", strings.ReplaceAll(body, "\n", "\r\n"), len(whole.Actions), fmt.Sprintf("line %d has no line end", lastLine)},
		{"cut in a word", cut + last[:6], len(whole.Actions) - 1,
			fmt.Sprintf("line %d: ignored the last line: it has no line end (the record was cut off while being written) and does not read: action \"gauntl\": want \"<seat> <verb> ...\"", lastLine)},
		{"cut after the seat", cut + "gauntlet ", len(whole.Actions) - 1, fmt.Sprintf("line %d: ignored the last line", lastLine)},
		{"cut before the CR of CRLF", strings.ReplaceAll(cut, "\n", "\r\n") + last[:3], len(whole.Actions) - 1, fmt.Sprintf("line %d: ignored", lastLine)},
		{"cut inside a UTF-8 character", cut + "# the end \xe2\x80", len(whole.Actions) - 1, fmt.Sprintf("line %d: ignored the last line: it has no line end (the record was cut off while being written) and does not read: not valid UTF-8 text", lastLine)},
		{"cut comment reads", cut + "# a comm", len(whole.Actions) - 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := rules.ParseRecord(strings.NewReader(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Actions) != tc.actions {
				t.Fatalf("%d actions, want %d", len(rec.Actions), tc.actions)
			}
			if tc.warning == "" && rec.Warning != "" || !strings.HasPrefix(rec.Warning, tc.warning) {
				t.Fatalf("warning %q, want %q", rec.Warning, tc.warning)
			}
			out, warning, err := runReader(t, tc.text)
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			if warning != rec.Warning {
				t.Fatalf("runner warning %q, ParseRecord's %q", warning, rec.Warning)
			}
			if out.Final == nil || len(out.Steps) != tc.actions+1 {
				t.Fatalf("runner gave %d steps (final state %v), want %d and a final state", len(out.Steps), out.Final != nil, tc.actions+1)
			}
		})
	}
	// A torn header line is ignored the same way; the header must still be whole.
	rec, err := rules.ParseRecord(strings.NewReader("map standard\nseed 1\nplayer crown A\nplayer torch B\nplayer he"))
	if err != nil || len(rec.Players) != 2 || !strings.HasPrefix(rec.Warning, "line 5: ignored the last line") {
		t.Fatalf("torn player line: %v, %d players, warning %q", err, len(rec.Players), rec.Warning)
	}
	if _, err := rules.ParseRecord(strings.NewReader("map standard\nseed 1\nplay")); err == nil || err.Error() != `record has no player lines (want e.g. "player crown Alice")` {
		t.Fatalf("torn first player line: %v", err)
	}
	// A last line without a line end that reads but cannot be applied was
	// cut off (say from "crown place stark lord\n" or a longer id): it is
	// ignored with a warning, and the game is that of the lines before it.
	_, warning, err := runReader(t, cut+"gauntlet keep\ncrown place stark lord")
	if want := fmt.Sprintf(`line %d: ignored the last line: it has no line end (the record was cut off while being written) and cannot be applied: `, lastLine+1); err != nil || !strings.HasPrefix(warning, want) {
		t.Fatalf("illegal unterminated last action: %v, warning %q, want %q...", err, warning, want)
	}
	// The same line with its line end is an illegal action like any other.
	_, _, err = runReader(t, cut+"gauntlet keep\ncrown place stark lord\n")
	if want := fmt.Sprintf(`action %d (line %d) "crown place stark lord": `, len(whole.Actions)+1, lastLine+1); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("illegal last action: %v, want %q...", err, want)
	}
	// A bad line in the middle stops the runner at that line, after printing the actions before it.
	lines := strings.SplitAfter(text, "\n")
	bad := strings.Join(lines[:20], "") + "crown fly\n" + strings.Join(lines[20:], "")
	out, _, err := runReader(t, bad)
	if err == nil || err.Error() != `line 21: action "crown fly": unknown verb "fly"` {
		t.Fatalf("bad middle line: %v", err)
	}
	if out.Final != nil || len(out.Steps) != 20-(lastLine-len(whole.Actions))+1 {
		t.Fatalf("runner gave %d steps (final state %v) before the bad line", len(out.Steps), out.Final != nil)
	}
}

// TestRecordErrorsQuoteShort: an error never echoes a long line; it quotes
// a short escaped part of it.
func TestRecordErrorsQuoteShort(t *testing.T) {
	const head = "map standard\nseed 1\nplayer crown A\nplayer torch B\n"
	long := strings.Repeat("x\u202e", 30000)
	for _, text := range []string{
		head + "crown " + long + "\n",
		head + "crown move " + long + " b footman:1\n",
		head + "crown place stark " + long + "\n",
		"map standard\nseed " + long + "\n",
		"map standard\nseed 1\nplayer crown " + long + "\n",
		"map standard\nseed 1\nplayer " + long + " A\n",
		"map " + long + "\n",
		"map x sha256 " + long + "\n",
		"map \"" + long + "\" sha256 " + long + "\n",
		"map standard\nseed 1\nplayer " + long + "\n",
		"map standard\nseed 1\nplayer crown \"" + long + "\n",
		"map \"" + long + "\n",
		head + "crown move a b " + strings.Repeat("\u202e", 100) + ":1\n",
		long + "\n",
	} {
		_, err := rules.ParseRecord(strings.NewReader(text))
		if err == nil {
			t.Fatalf("no error for %.60q", text)
		}
		if len(err.Error()) > 400 || strings.ContainsRune(err.Error(), '\u202e') {
			t.Fatalf("error of %d bytes, or with a raw bidi control: %.600q", len(err.Error()), err)
		}
		if !strings.HasPrefix(err.Error(), "line ") {
			t.Fatalf("error does not name the line: %.200q", err)
		}
	}
}

// TestNewRefusesInvisibleNames: the engine refuses the player names a
// record refuses, so the window and records agree.
func TestNewRefusesInvisibleNames(t *testing.T) {
	m := mustStandard(t)
	for name, want := range map[string]string{
		"Eve\u202egnp":  `player 2: name "Eve\u202egnp" contains U+202E, a bidi control character`,
		"Al\u200bice":   `player 2: name "Al\u200bice" contains U+200B, a zero-width character`,
		"Al\u2066ice":   `contains U+2066`,
		"Tab\there":     `player 2: name "Tab\there" contains U+0009, a control character`,
		"\xffEve":       `player 2: name "\xffEve" is not valid UTF-8 text`,
		"Bob\ncrown ok": `contains U+000A`,
	} {
		_, err := rules.New(m, rules.Config{Players: []string{"Ann", name}, Seed: 1})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("New with name %q: %v, want %q", name, err, want)
		}
		if err := rules.CheckPlayerName(name); err == nil {
			t.Errorf("CheckPlayerName(%q) = nil", name)
		}
		r := rules.Record{Map: "standard", Seed: 1, Players: []string{"Ann", name}, Seats: []string{"crown", "torch"}}
		if err := r.Write(io.Discard); err == nil || !strings.Contains(err.Error(), "seat torch: player name") {
			t.Errorf("Write with name %q: %v", name, err)
		}
	}
	for _, name := range []string{" Ann", "Zoë", "王小明", "Ann\u00a0Lee", "# Gil", `"Q"`} {
		if _, err := rules.New(m, rules.Config{Players: []string{"Ann", name}, Seed: 1}); err != nil {
			t.Errorf("New refuses %q: %v", name, err)
		}
	}
}

// TestRecordMapLine: a map file is named by its path and SHA-256; the
// hash is read in any case and written in lower case; names that would be
// read as carrying a hash are written quoted.
func TestRecordMapLine(t *testing.T) {
	sum := strings.Repeat("0123456789abcdef", 4)
	for _, tc := range []struct{ line, name, sum string }{
		{"map standard", "standard", ""},
		{"map nine-test.toml sha256 " + sum, "nine-test.toml", sum},
		{"map ../maps/my map.toml  sha256  " + strings.ToUpper(sum), "../maps/my map.toml", sum},
		{"map \" odd.toml\" sha256 " + sum, " odd.toml", sum},
		{"map \"x sha256 " + sum + "\"", "x sha256 " + sum, ""},
		{"map sha256 " + sum, "sha256 " + sum, ""},
		{"map old/file.toml", "old/file.toml", ""},
	} {
		rec, err := rules.ParseRecord(strings.NewReader(tc.line + "\nseed 1\nplayer crown A\n"))
		if err != nil {
			t.Fatalf("%q: %v", tc.line, err)
		}
		if rec.Map != tc.name || rec.MapSHA256 != tc.sum {
			t.Fatalf("%q: map %q sha256 %q, want %q %q", tc.line, rec.Map, rec.MapSHA256, tc.name, tc.sum)
		}
		var b bytes.Buffer
		if err := rec.Write(&b); err != nil {
			t.Fatal(err)
		}
		back, err := rules.ParseRecord(&b)
		if err != nil || diffRecords(rec, back) != "" {
			t.Fatalf("%q: does not read back: %v %s", tc.line, err, diffRecords(rec, back))
		}
	}
	r := rules.Record{Map: "x.toml", MapSHA256: strings.ToUpper(sum), Seed: 1, Players: []string{"A"}, Seats: []string{"crown"}}
	if err := r.Write(io.Discard); err == nil || !strings.Contains(err.Error(), "not 64 lower-case hex digits") {
		t.Fatalf("Write with an upper-case hash: %v", err)
	}
}

// countingReader counts the bytes read through it and samples the heap.
type countingReader struct {
	r        io.Reader
	n        int64
	reads    int
	peakHeap uint64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.reads++
	if c.reads%256 == 0 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		c.peakHeap = max(c.peakHeap, ms.HeapAlloc)
	}
	return n, err
}

// millionRecord is the four-player example followed by the given number
// of further action lines (the game's own, over and over), generated as
// it is read.
func millionRecord(t *testing.T, extra int) (io.Reader, int64, []string) {
	data, err := os.ReadFile(examplePath("four-players.ntk"))
	if err != nil {
		t.Fatal(err)
	}
	var acts []string
	for _, l := range strings.Split(string(data), "\n") {
		if w, _, _ := strings.Cut(l, " "); l != "" && !strings.HasPrefix(l, "#") && w != "map" && w != "seed" && w != "player" {
			acts = append(acts, l+"\n")
		}
	}
	size := int64(len(data))
	readers := []io.Reader{bytes.NewReader(data)}
	for i := 0; i < extra; {
		var b strings.Builder
		for ; i < extra && b.Len() < 1<<20; i++ {
			b.WriteString(acts[i%len(acts)])
		}
		size += int64(b.Len())
		readers = append(readers, strings.NewReader(b.String()))
	}
	return io.MultiReader(readers...), size, acts
}

// TestRecordStreamsFailFast: a record of a finished game followed by a
// million more action lines stops at the first of them, having read only
// a little past it (ParseRecord used to hold all of them: 866 MB).
func TestRecordStreamsFailFast(t *testing.T) {
	src, size, _ := millionRecord(t, 1_000_000)
	c := &countingReader{r: src}
	rr, err := rules.NewRecordReader(c)
	if err != nil {
		t.Fatal(err)
	}
	_, err = rules.RunRecordReader(mustStandard(t), rr, func(rules.RunStep) error { return nil })
	if err == nil || !strings.HasPrefix(err.Error(), `action 297 (line 306) "crown arrange`) || !strings.HasSuffix(err.Error(), "the game is over") {
		t.Fatalf("error %v, want action 297 (line 306) refused: the game is over", err)
	}
	if c.n > 64<<10 {
		t.Fatalf("read %d of %d bytes before stopping at line 306", c.n, size)
	}
}

// TestRecordReaderMemoryFlat: reading a million actions one by one keeps
// the heap flat (the reader holds one line at a time). With -short it
// reads 200,000: a reader holding what ParseRecord holds would still grow
// by some 96 MB, twice the bound.
func TestRecordReaderMemoryFlat(t *testing.T) {
	extra := 1_000_000
	if testing.Short() {
		extra = 200_000
	}
	src, size, _ := millionRecord(t, extra)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	c := &countingReader{r: src}
	rr, err := rules.NewRecordReader(c)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		_, _, err := rr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != extra+296 || c.n != size {
		t.Fatalf("read %d actions, %d of %d bytes", n, c.n, size)
	}
	// The generated input (about 27 MB in 1 MB pieces) is on the heap
	// before the start; above it the reader adds its buffers and the
	// garbage between two collections. ParseRecord of the same input
	// holds about 480 MB.
	grew := int64(c.peakHeap) - int64(before.HeapAlloc)
	t.Logf("%d bytes, %d actions: heap peak %d MB above the start", size, n, grew>>20)
	if grew > 48<<20 {
		t.Fatalf("heap grew by %d MB reading %d MB", grew>>20, size>>20)
	}
}

// FuzzRecordReader: the streaming reader never panics, agrees with
// ParseRecord line by line, reads the same whatever the chunks the input
// arrives in, and its errors name a line and quote little.
func FuzzRecordReader(f *testing.F) {
	f.Add("map standard\nseed 1\nplayer crown Alice\nplayer torch Bob\ncrown arrange baratheon stark lannister greyjoy tyrell\ntorch pla")
	f.Add("\uFEFFmap x.toml sha256 " + strings.Repeat("ab", 32) + "\r\nseed 2\r\nplayer crown \"A\\u202e\"\r\ncrown keep")
	f.Add("map \"m\" sha256 X\nseed 1\nplayer crown A\ncrown keep\n\xe2\x80")
	f.Add("map d\nseed 7\nplayer " + strings.Repeat("crownplacelannister", 40) + "\n")
	f.Add("# x\nscenario ../s.toml sha256 " + strings.Repeat("cd", 32) + "\ncrown move a b footman:1\ntorch pa")
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "*.ntk"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b[:len(b)*2/3]))
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		type result struct {
			hdr     rules.Record
			acts    []string
			lines   []int
			warning string
			err     string
		}
		read := func(r io.Reader) result {
			var res result
			rr, err := rules.NewRecordReader(r)
			if err != nil {
				res.err = err.Error()
				return res
			}
			res.hdr = rr.Header()
			for {
				a, line, err := rr.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					res.err = err.Error()
					if _, _, again := rr.Next(); again == nil || again.Error() != err.Error() {
						t.Fatalf("error %q then %v", err, again)
					}
					return res
				}
				res.acts = append(res.acts, a)
				res.lines = append(res.lines, line)
			}
			res.warning = rr.Warning()
			return res
		}
		whole := read(strings.NewReader(text))
		bytewise := read(iotest.OneByteReader(strings.NewReader(text)))
		if whole.err != bytewise.err || whole.warning != bytewise.warning || fmt.Sprint(whole.lines) != fmt.Sprint(bytewise.lines) ||
			diffRecords(rules.Record{Actions: whole.acts}, rules.Record{Actions: bytewise.acts}) != "" || diffRecords(whole.hdr, bytewise.hdr) != "" {
			t.Fatalf("chunking changes the result:\n%+v\n%+v", whole, bytewise)
		}
		rec, err := rules.ParseRecord(strings.NewReader(text))
		if (err == nil) != (whole.err == "") || err != nil && err.Error() != whole.err {
			t.Fatalf("ParseRecord error %v, reader's %q", err, whole.err)
		}
		if whole.err != "" {
			if !strings.HasPrefix(whole.err, "line ") && !strings.HasPrefix(whole.err, "record ") && !strings.HasPrefix(whole.err, "reading record") {
				t.Fatalf("error %q names neither a line nor the record", whole.err)
			}
			if len(whole.err) > 600 {
				t.Fatalf("error of %d bytes", len(whole.err))
			}
			return
		}
		whole.hdr.Actions, whole.hdr.Lines, whole.hdr.Warning = whole.acts, whole.lines, whole.warning
		if d := diffRecords(rec, whole.hdr); d != "" || fmt.Sprint(rec.Lines) != fmt.Sprint(whole.lines) || rec.Warning != whole.warning {
			t.Fatalf("ParseRecord and the reader differ: %s", d)
		}
		if len(whole.warning) > 600 || whole.warning != "" && !strings.HasPrefix(whole.warning, "line ") {
			t.Fatalf("warning %q", whole.warning)
		}
	})
}

// TestReplayReader: replaying as the record is read reaches the state
// Replay reaches, and stops at the same action with the same error.
func TestReplayReader(t *testing.T) {
	m := mustStandard(t)
	rec, data := exampleRecord(t, "three-players.ntk")
	rr, err := rules.NewRecordReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if h := rr.Header(); diffRecords(h, rules.Record{Map: rec.Map, Seed: rec.Seed, Players: rec.Players, Seats: rec.Seats}) != "" || rr.MapLine() != 4 {
		t.Fatalf("header %+v, map line %d", h, rr.MapLine())
	}
	g, err := rules.ReplayReader(m, rr)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := rules.Replay(m, rec)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameGame(snapshotOf(want), snapshotOf(g)); d != "" {
		t.Fatalf("ReplayReader and Replay differ:\n%s", d)
	}
	bad := strings.Replace(string(data), "\ntorch ", "\ntorch done\ntorch ", 1)
	rec, err = rules.ParseRecord(strings.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	_, _, wantErr := rules.Replay(m, rec)
	rr, err = rules.NewRecordReader(strings.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rules.ReplayReader(m, rr); wantErr == nil || err == nil || err.Error() != wantErr.Error() {
		t.Fatalf("ReplayReader error %v, Replay's %v", err, wantErr)
	}
}
