package rules_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"notrueking/rules"
)

var fuzzSeats = []string{"crown", "torch", "helm", "gauntlet"}

var actionSeeds = []string{
	"crown arrange baratheon stark lannister greyjoy tyrell",
	"crown arrange , a",
	"crown arrange a,b c",
	"torch place stark maester",
	"torch resolve stark maester",
	"torch choose muster",
	"torch choose draw",
	"torch muster footman winterfell",
	"torch muster ship winterfell the-shivering-sea",
	"torch muster knight winterfell",
	"torch muster dragon dragonstone",
	"torch done",
	"torch move winterfell karhold footman:2 knight:1",
	"torch move the-shivering-sea karhold footmen:1 ships:2",
	"torch move the-goldroad blackwater footman:1 attack:lannister",
	"torch move a b attack:x:y",
	"torch move a b attack: footman:1",
	"torch move a b attack:x footman:1",
	"helm play stark eddard-stark",
	"helm play eddard-stark",
	"helm pass",
	"torch winner stark",
	"torch retreat riverrun",
	"crown exchange stark tyrell reveal stark",
	"crown keep",
	"gauntlet remove lannister lord",
	"gauntlet look crown",
	"gauntlet discard the-red-viper",
	"gauntlet decline",
	"crown arrange , a",
	"crown",
	"nobody done",
	"crown move a b footman:0",
	"crown move a b footman:1 footman:2",
	"crown muster catapult a",
	"crown place stark king",
	"crown exchange a b show c",
}

// FuzzParseAction: rules.ParseAction never panics, and whatever it accepts
// formats back to text that parses to the same action (and formats the same).
func FuzzParseAction(f *testing.F) {
	for _, s := range actionSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := standardMap()
		if err != nil {
			t.Fatal(err)
		}
		a, err := rules.ParseAction(m, len(fuzzSeats), line)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseAction(%q): empty error", line)
			}
			return
		}
		text := a.Format(m)
		b, err := rules.ParseAction(m, len(fuzzSeats), text)
		if err != nil {
			t.Fatalf("ParseAction(%q) = %+v, formats as %q which does not parse: %v", line, a, text, err)
		}
		if a != b {
			t.Fatalf("ParseAction(%q) = %+v, formats as %q which parses as %+v", line, a, text, b)
		}
		if again := b.Format(m); again != text {
			t.Fatalf("format not stable: %q then %q", text, again)
		}
	})
}

// FuzzParseRecord: rules.ParseRecord never panics, and every record it accepts
// writes back to text that parses to the same record, and writes the same.
func FuzzParseRecord(f *testing.F) {
	f.Add("map standard\nseed 1\nplayer crown Alice\nplayer torch Bob Smith\ncrown arrange baratheon stark lannister greyjoy tyrell\n")
	f.Add("# c\n\nmap x.toml\nseed 18446744073709551615\nplayer crown A\r\ncrown keep\r\n")
	f.Add("map standard\nseed -1\n")
	f.Add("map standard\nseed 1\nplayer map A\n")
	f.Add("map standard\nseed 1\nplayer crown A\nplayer crown B\n")
	f.Add("crown keep\nmap standard\n")
	f.Add("scenario \"a b.toml\" sha256 " + strings.Repeat("0f", 32) + "\ncrown pass\ntorch look crown\n")
	f.Add("scenario a.toml\nmap standard\n")
	f.Add("map standard\nseed 1\nplayer crown \t Alice  Liddell \t\ncrown move a b footman:1\nmap other\n")
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "*.ntk"))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := rules.ParseRecord(strings.NewReader(text))
		if err != nil {
			if !strings.Contains(err.Error(), "line") && !strings.Contains(err.Error(), "record") {
				t.Fatalf("error %q names neither a line nor the record", err)
			}
			return
		}
		if len(rec.Lines) != len(rec.Actions) || len(rec.Seats) != len(rec.Players) {
			t.Fatalf("inconsistent record: %d actions, %d lines, %d seats, %d players",
				len(rec.Actions), len(rec.Lines), len(rec.Seats), len(rec.Players))
		}
		var buf bytes.Buffer
		if err := rec.Write(&buf); err != nil {
			t.Fatalf("parsed record does not write: %v\ninput:\n%s", err, text)
		}
		back, err := rules.ParseRecord(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("written record does not parse: %v\nwritten:\n%s", err, buf.String())
		}
		if d := diffRecords(rec, back); d != "" {
			t.Fatalf("record changed by write+parse: %s\nwritten:\n%s", d, buf.String())
		}
		var buf2 bytes.Buffer
		if err := back.Write(&buf2); err != nil || buf2.String() != buf.String() {
			t.Fatalf("write not stable (err %v):\n%s\nthen\n%s", err, buf.String(), buf2.String())
		}
	})
}

// fuzzStates are snapshots along one random 3-player game on the standard
// map (every 7th decision), shared by FuzzApply.
var fuzzStates = sync.OnceValues(func() ([]*rules.Game, error) {
	m, err := standardMap()
	if err != nil {
		return nil, err
	}
	var states []*rules.Game
	n := 0
	_, err = playRandom(m, 3, 5, func(g *rules.Game, _ []rules.Action, _ rules.Action) error {
		if n%7 == 0 {
			states = append(states, g.Clone())
		}
		n++
		return nil
	})
	return states, err
})

// internalPanic reports whether an engine refusal hides a recovered panic
// (Apply and Check turn panics into errors with these words).
func internalPanic(err error) bool {
	return err != nil && (strings.Contains(err.Error(), "could not be applied") || strings.Contains(err.Error(), "cannot be checked"))
}

// FuzzApply: any action text, parsed and applied to a game in progress,
// is either accepted (and then Check agreed and Legal listed it) or refused
// with a reason, leaving the game unchanged; the engine never panics.
func FuzzApply(f *testing.F) {
	for i, s := range actionSeeds {
		f.Add(uint8(i), s)
	}
	f.Add(uint8(3), "crown move winterfell karhold footman:99")
	f.Add(uint8(9), "torch exchange stark stark reveal stark")
	f.Add(uint8(12), "helm muster ship winterfell winterfell")
	f.Fuzz(func(t *testing.T, at uint8, line string) {
		states, err := fuzzStates()
		if err != nil {
			t.Fatal(err)
		}
		g := states[int(at)%len(states)].Clone()
		a, err := g.ParseAction(line)
		if err != nil {
			return
		}
		checkErr := g.Check(a)
		if internalPanic(checkErr) {
			t.Fatalf("Check(%q) panicked inside: %v", line, checkErr)
		}
		listed := slices.ContainsFunc(g.Legal(), func(l rules.Action) bool { return g.FormatAction(l) == g.FormatAction(a) })
		before := snapshotOf(g)
		_, err = g.Apply(a)
		if internalPanic(err) {
			t.Fatalf("Apply(%q) panicked inside: %v", line, err)
		}
		if (err == nil) != (checkErr == nil) {
			t.Fatalf("%q: Check says %v, Apply says %v", line, checkErr, err)
		}
		if err != nil {
			if d := sameGame(before, snapshotOf(g)); d != "" {
				t.Fatalf("refused %q (%v) changed the state: %s", line, err, d)
			}
			return
		}
		if !listed && !(a.Verb == rules.VDecline) {
			t.Fatalf("%q was accepted but Legal() does not list it", line)
		}
	})
}
