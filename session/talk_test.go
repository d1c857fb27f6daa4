package session

import (
	"os"
	"strings"
	"testing"

	"notrueking/feed"
	"notrueking/rules"
)

// TestTalkIsSavedAndComesBack: what the match's players say and whisper
// is cleaned, numbered and named, told to followers without moving the
// game's version, kept in the save — across an appended action, an undo
// that cuts the save back and a save written whole — and comes back when
// the save is resumed. A reader holding no seat reads the table's talk
// only; lines the game could not have said are refused with the reason.
func TestTalkIsSavedAndComesBack(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 10)
	m := NewMatch(s.Game(), MatchOptions{}, s)
	v := m.Version()
	hello, err := m.Say(0, -1, "  hello\tall \u202e")
	if err != nil || hello.Text != "hello all" || hello.N != 1 || hello.Name != s.Game().Names()[0] || hello.At == 0 {
		t.Fatalf("said %+v, %v", hello, err)
	}
	for _, bad := range []struct {
		from, to rules.Seat
		text     string
	}{{0, 0, "me"}, {0, -1, " \u200b "}, {0, -1, strings.Repeat("x", MaxTalk+1)}, {5, -1, "who?"}, {0, 7, "to whom?"}} {
		if _, err := m.Say(bad.from, bad.to, bad.text); err == nil {
			t.Errorf("%+v was said", bad)
		}
	}
	d := m.Desk(rules.EverySeat(s.Game())...)
	if _, err := d.Apply(parse(t, s.Game(), src.Actions[10])); err != nil {
		t.Fatal(err)
	}
	psst, err := m.Say(1, 0, "psst: I back Stark")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Undo(); err != nil { // the save is cut back; the whisper stays
		t.Fatal(err)
	}
	chs, _ := m.Since(0)
	var kinds []feed.Kind
	for _, c := range chs {
		kinds = append(kinds, c.Kind)
	}
	if len(chs) != 4 || chs[0].Kind != feed.Talk || chs[0].Version != v || chs[2].Talk == nil || *chs[2].Talk != psst {
		t.Fatalf("the changes: %v", kinds)
	}
	if pub := m.Talk(func(rules.Seat) bool { return false }); len(pub) != 1 || pub[0] != hello {
		t.Fatalf("a spectator reads %+v", pub)
	}
	resume := func(what string) *Session {
		t.Helper()
		s.Close()
		r, err := Resume(st, "g", loadMap)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Talk(); len(got) != 2 || got[0] != hello || got[1] != psst {
			t.Fatalf("%s: the save's talk %+v", what, got)
		}
		return r
	}
	s = resume("appended and cut back")
	s.Save() // written whole: the talk goes with the head
	s = resume("written whole")
	// A resumed match goes on numbering.
	m2 := NewMatch(s.Game(), MatchOptions{Talk: s.Talk()}, s)
	if l, err := m2.Say(0, 1, "still here"); err != nil || l.N != 3 {
		t.Fatalf("after a resume: %+v %v", l, err)
	}
	s.Close()
	r, err := Resume(st, "g", loadMap)
	if err != nil || len(r.Talk()) != 3 {
		t.Fatalf("the third line was not kept: %v %+v", err, r.Talk())
	}
}

// TestTalkLinesOfAHostileSaveAreLeftOut: a talk line that does not read,
// names a seat the game lacks, whispers to its own seat or holds what the
// table would not read is left out of a resumed save's talk.
func TestTalkLinesOfAHostileSaveAreLeftOut(t *testing.T) {
	st := newMem()
	s, _ := example(t, st, "g", 4)
	s.Save()
	s.Close()
	good := `# talk {"n":1,"from":0,"to":-1,"name":"Alice","text":"hi","at":1}`
	for _, bad := range []string{
		`# talk {"n":2,"from":9,"to":-1,"name":"Alice","text":"hi","at":1}`,
		`# talk {"n":2,"from":0,"to":0,"name":"Alice","text":"hi","at":1}`,
		`# talk {"n":2,"from":0,"to":-1,"name":"Alice","text":"bidi\u202e","at":1}`,
		`# talk {"n":2,"from":0,"to":-1,"name":"","text":"hi","at":1}`,
		`# talk not json`,
	} {
		st.data["g"] = append(append([]byte{}, st.data["g"]...), []byte(good+"\n"+bad+"\n")...)
	}
	r, err := Resume(st, "g", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Talk(); len(got) != 5 || got[4].N != 5 || got[0].Text != "hi" {
		t.Fatalf("the talk read: %+v", got)
	}
}

// TestTalkStaysOutOfTheOverlayAndTheRecord: a whisper and a line to the
// table go into the save only — not into the streamer's overlay file nor
// the -record file, which anyone may be shown.
func TestTalkStaysOutOfTheOverlayAndTheRecord(t *testing.T) {
	dir := t.TempDir()
	st := newMem()
	s, src := example(t, st, "g", 6)
	ov := &OverlayFile{Path: dir + "/overlay.json"}
	rec := NewRecordFile(dir+"/game.ntk", "standard", "")
	m := NewMatch(s.Game(), MatchOptions{}, s, rec, ov)
	m.Start()
	if _, err := m.Say(0, 1, "whisper-7f3a: I back Stark"); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Say(1, -1, "table-9c1e: good luck"); err != nil {
		t.Fatal(err)
	}
	d := m.Desk(rules.EverySeat(s.Game())...)
	if _, err := d.Apply(parse(t, s.Game(), src.Actions[6])); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"overlay.json", "overlay.txt", "game.ntk"} {
		b, err := os.ReadFile(dir + "/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "7f3a") || strings.Contains(string(b), "9c1e") {
			t.Fatalf("%s holds the talk:\n%s", f, b)
		}
	}
	if save := string(st.data["g"]); !strings.Contains(save, "7f3a") || !strings.Contains(save, "9c1e") {
		t.Fatal("the save lost the talk")
	}
}
