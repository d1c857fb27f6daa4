package rules

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/maps"
)

// secondPerson finds "you" or "your" as words.
var secondPerson = regexp.MustCompile(`(?i)\byou(r|rs)?\b`)

// TestWordsNamePeopleAndSpeakToTheOneDeciding: over whole random games on
// both maps, with and without the Citadel, the game's words lead with the
// player and keep the conspiracy beside it ("Ann (Crown)"); the prompt
// speaks in the second person to the seat whose decision it is, and only
// to it — every other seat and the public read "Waiting for Ann (Crown)
// to …" — and no line of any log, public or private, says "you".
func TestWordsNamePeopleAndSpeakToTheOneDeciding(t *testing.T) {
	nine, err := maps.Load("nine")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m       *board.Map
		players int
		variant Variant
		seed    uint64
	}{{mustMap(t), 4, Plain, 1}, {mustMap(t), 3, Citadel, 2}, {nine, 9, Plain, 3}, {nine, 6, Citadel, 4}} {
		names := []string{"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gil", "Hal", "Ivy"}[:c.players]
		g, err := New(c.m, Config{Players: names, Seed: c.seed, Variant: c.variant})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(c.seed, 9))
		steps := 700
		if testing.Short() {
			steps = 150
		}
		for step := 0; step < steps && !g.Over(); step++ {
			toAct := g.ToAct()
			who := names[toAct] + " (" + g.conspiracyName(toAct) + ")"
			if g.seatName(toAct) != who {
				t.Fatalf("seat %d is named %q, want %q", toAct, g.seatName(toAct), who)
			}
			for viewer := Public; int(viewer) < c.players; viewer++ {
				p := g.View(viewer).Prompt
				switch {
				case viewer == toAct && (!strings.Contains(p, who) || strings.Contains(strings.ToLower(p), "waiting for")):
					t.Fatalf("%s step %d: the seat deciding reads %q", c.m.ID, step, p)
				case viewer != toAct && (secondPerson.MatchString(p) || !strings.Contains(p, "aiting for "+who+" to ")):
					t.Fatalf("%s step %d: seat %d, not deciding, reads %q", c.m.ID, step, viewer, p)
				}
			}
			legal := g.Legal()
			if _, err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		for viewer := Public; int(viewer) < c.players; viewer++ {
			for _, l := range g.View(viewer).Log {
				if secondPerson.MatchString(l.Text) {
					t.Fatalf("%s: seat %d's log says %q", c.m.ID, viewer, l.Text)
				}
			}
		}
	}
}

// TestANameChangesTheWordsOfTheWholeLog: once a seat is named anew, every
// line of the log names it so, but the line of the name itself.
func TestANameChangesTheWordsOfTheWholeLog(t *testing.T) {
	g, err := New(mustMap(t), Config{Players: []string{"Alice", "Bob"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	act(t, g, g.Legal()[0].Format(g.m))
	before := g.View(Public).Log
	act(t, g, "crown name Ann")
	after := g.View(Public).Log
	if len(after) != len(before)+1 || !strings.Contains(before[1].Text, "Alice (Crown)") || after[1].Text != strings.Replace(before[1].Text, "Alice (Crown)", "Ann (Crown)", 1) ||
		after[len(after)-1].Text != "Crown is played by Ann." {
		t.Fatalf("the log before:\n%v\nafter:\n%v", before, after)
	}
}

// A private event's notice to its own seat reads in the second person;
// public words and another seat's words are left as they are.
func TestOwnWords(t *testing.T) {
	for _, c := range []struct{ text, seat, want string }{
		{"Secret: Ann (Crown) drew Ser Jaime Lannister (Lannister, strength 2).", "Ann (Crown)", "You drew Ser Jaime Lannister (Lannister, strength 2)."},
		{"Secret: Ann (Crown)'s loyalty card is Stark 6.", "Ann (Crown)", "Your loyalty card is Stark 6."},
		{"Secret: Crown studies at the Citadel to Learn.", "Crown", "You study at the Citadel to Learn."},
		{"Secret: Ann (Crown) drew X.", "Ben (Torch)", "Secret: Ann (Crown) drew X."},
		{"Ann (Crown) places an agent on Stark Lord.", "Ann (Crown)", "Ann (Crown) places an agent on Stark Lord."},
	} {
		if got := OwnWords(c.text, c.seat); got != c.want {
			t.Errorf("OwnWords(%q, %q) = %q, want %q", c.text, c.seat, got, c.want)
		}
	}
}
