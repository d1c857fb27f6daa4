package rules_test

import (
	"bytes"
	"fmt"
	"notrueking/rules"
	"strings"
	"testing"
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
	want := []rules.Action{
		{Seat: 0, Verb: rules.VArrange, Order: "baratheon,stark,lannister,greyjoy,tyrell"},
		{Seat: 1, Verb: rules.VPlace, House: "stark", Slot: rules.Maester},
		{Seat: 2, Verb: rules.VMove, From: "winterfell", To: "karhold", Units: [4]int{2, 1, 0, 0}},
		{Seat: 0, Verb: rules.VExchange, A: "stark", B: "tyrell", Reveal: "stark"},
	}
	if len(rec.Actions) != len(want) {
		t.Fatalf("%d actions, want %d", len(rec.Actions), len(want))
	}
	for i := range want {
		if rec.Actions[i] != want[i] {
			t.Errorf("action %d = %+v, want %+v", i+1, rec.Actions[i], want[i])
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
		{"control char in name", "map standard\nseed 1\nplayer crown A\x01B\n", "line 3: player name"},
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
		{"newline in map", func(r *rules.Record) { r.Map = "a\nseed 2" }, "map name"},
		{"seats mismatch", func(r *rules.Record) { r.Seats = r.Seats[:1] }, "2 players but 1 seat ids"},
		{"no players", func(r *rules.Record) { r.Seats, r.Players = nil, nil }, "no players"},
		{"newline in name", func(r *rules.Record) { r.Players = []string{"A", "B\ncrown keep"} }, "seat torch: player name"},
		{"padded name", func(r *rules.Record) { r.Players = []string{" A", "B"} }, "starts or ends with a space"},
		{"space in seat", func(r *rules.Record) { r.Seats = []string{"the crown", "torch"} }, "contains a space"},
		{"comment seat", func(r *rules.Record) { r.Seats = []string{"#crown", "torch"} }, "starts with '#'"},
		{"duplicate seat", func(r *rules.Record) { r.Seats = []string{"crown", "crown"} }, "named twice"},
		{"seat out of range", func(r *rules.Record) { r.Actions = []rules.Action{{Seat: 2, Verb: rules.VKeep}} }, "action 1 is by seat 2"},
		{"unparsable action", func(r *rules.Record) {
			r.Actions = []rules.Action{{Seat: 0, Verb: rules.VKeep}, {Seat: 1, Verb: rules.VPlay}}
		}, "action 2 \"torch play \" does not read back"},
		{"unknown verb", func(r *rules.Record) { r.Actions = []rules.Action{{Seat: 0, Verb: "fly"}} }, "action 1 \"crown fly\" does not read back"},
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
