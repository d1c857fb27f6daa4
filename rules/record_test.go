package rules_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/rules"
)

// diffRecords names the first difference between two records' contents
// (Lines, the source positions, are not compared), or "".
func diffRecords(a, b rules.Record) string {
	if a.Map != b.Map {
		return fmt.Sprintf("map %q vs %q", a.Map, b.Map)
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
	names := []string{" Ann", "Bob\ncrown keep", "\"Cat\"", "Dan\tthe\x01Man", "\xffEve", "Fay \"Q\" Smith", "# Gil"}
	for _, name := range names {
		r := rules.Record{Map: "maps/my map.toml\n", Seed: 9, Players: []string{name, "Plain Name"}, Seats: []string{"crown", "torch"},
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
		{"control char in name", "map standard\nseed 1\nplayer crown A\x01B\n", "line 3: player name \"A\\x01B\" contains a control character; write it quoted"},
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
					if tok.House == "" {
						t.Fatalf("game over but seat %s's %d-token is still hidden in the public view", p.ID, tok.Value)
					}
				}
			}
			// Every seat's score follows from the final ranking.
			span := map[string][2]int{}
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
// compares its final line with the golden file; it also checks that every
// line is one JSON object and that the output is the same twice.
func TestRunRecordGolden(t *testing.T) {
	m := mustStandard(t)
	data, err := os.ReadFile(examplePath("four-players.ntk"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := rules.ParseRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var out, again bytes.Buffer
	if err := rules.RunRecord(m, rec, &out); err != nil {
		t.Fatal(err)
	}
	if err := rules.RunRecord(m, rec, &again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), again.Bytes()) {
		t.Fatal("RunRecord output differs between two runs")
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(rec.Actions)+2 {
		t.Fatalf("%d output lines for %d actions, want actions+2", len(lines), len(rec.Actions))
	}
	for i, l := range lines[:len(lines)-1] {
		var step rules.RunStep
		if err := json.Unmarshal([]byte(l), &step); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if step.N != i {
			t.Fatalf("line %d has n %d", i+1, step.N)
		}
		if i > 0 && step.Action != rec.Actions[i-1] {
			t.Fatalf("line %d: action %q, want %q", i+1, step.Action, rec.Actions[i-1])
		}
		if i == 0 && len(step.Events) == 0 {
			t.Fatal("no setup events")
		}
	}
	last := lines[len(lines)-1]
	var final struct {
		Final rules.FinalState `json:"final"`
	}
	if err := json.Unmarshal([]byte(last), &final); err != nil {
		t.Fatalf("final line: %v", err)
	}
	if !final.Final.Over || len(final.Final.Winners) == 0 || len(final.Final.Players) != 4 {
		t.Fatalf("final state: over %v, winners %v, %d players", final.Final.Over, final.Final.Winners, len(final.Final.Players))
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, []byte(last), "", " "); err != nil {
		t.Fatal(err)
	}
	pretty.WriteByte('\n')
	golden := examplePath(goldenFinal)
	if updating() {
		if err := os.WriteFile(golden, pretty.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pretty.Bytes(), want) {
		t.Errorf("final state differs from %s (go test ./rules/ -run 'TestExamples|TestRunRecordGolden' -update to accept):\n%s",
			golden, firstDiff(string(want), pretty.String()))
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
	var out bytes.Buffer
	if err := rules.RunRecord(m, rec, &out); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("RunRecord error %v, want %q...", err, want)
	}
	outLines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(outLines) != k+2 {
		t.Fatalf("RunRecord printed %d lines, want %d", len(outLines), k+2)
	}
	var step rules.RunStep
	if err := json.Unmarshal([]byte(outLines[k+1]), &step); err != nil || step.N != k+1 || step.Error != reason.Error() {
		t.Fatalf("last line %s: want n %d and the error %q", outLines[k+1], k+1, reason)
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
			if err := rules.RunRecord(m, r, io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
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
	var out bytes.Buffer
	if err := rules.RunRecord(m, rec, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 42 {
		t.Fatalf("%d lines for 40 actions, want 42", len(lines))
	}
	var final struct {
		Final rules.FinalState `json:"final"`
	}
	if err := json.Unmarshal([]byte(lines[41]), &final); err != nil {
		t.Fatal(err)
	}
	f := final.Final
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
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Final rules.FinalState `json:"final"`
	}{rules.FinalStateOf(r)}); err != nil {
		t.Fatal(err)
	}
	if strings.TrimSuffix(want.String(), "\n") != lines[41] {
		t.Fatalf("RunRecord final line differs from FinalStateOf(Replay):\n%s\n%s", lines[41], want.String())
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
