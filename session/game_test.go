package session

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/scenarios"
)

// tape is an observer that notes what it was told.
type tape struct {
	name string
	log  *[]string
}

func (o tape) Moved(g *rules.Game, c Change) {
	*o.log = append(*o.log, o.name+":"+[]string{"started", "grew", "shrank"}[c]+":"+strconv.Itoa(g.Len()))
}

// The chain tells each observer, in order, each change the engine made,
// after it made it; a refused action, undo or redo tells none.
func TestGameTellsEachObserverInOrder(t *testing.T) {
	_, src := example(t, newMem(), "g", 0)
	empty := src
	empty.Actions, empty.Lines = nil, nil
	g, _, err := gamefile.Replay(empty, gamefile.Meta{}, ".", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	var log []string
	c := NewGame(g, tape{"a", &log}, nil, tape{"b", &log})
	c.Start()
	if _, err := c.Apply(parse(t, g, src.Actions[0])); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(parse(t, g, src.Actions[0])); err == nil {
		t.Fatal("the engine took the same arrangement twice")
	}
	if err := c.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Redo(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Redo(); err == nil {
		t.Fatal("a redo with nothing undone was taken")
	}
	want := "a:started:0 b:started:0 a:grew:1 b:grew:1 a:shrank:0 b:shrank:0 a:grew:1 b:grew:1"
	if got := strings.Join(log, " "); got != want {
		t.Fatalf("observers told %q, want %q", got, want)
	}
}

// recordText is the record file's content.
func recordText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The -record file follows the game through the chain: written whole at
// the start, never over a file (the next free name, said once), then at
// every action, undo and redo it holds exactly the game's record, which
// replays to the same game; a file changed by someone else is written
// whole again at the next move.
func TestRecordFileFollowsTheGame(t *testing.T) {
	s, src := example(t, newMem(), "g", 0)
	g := s.Game()
	dir := t.TempDir()
	asked := filepath.Join(dir, "game.ntk")
	if err := os.WriteFile(asked, []byte("an earlier game's record\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	rf := NewRecordFile(asked, "", "")
	c := NewGame(g, s, rf)
	c.Start()
	if rf.Path() == asked || rf.Path() == "" || rf.Err() != nil {
		t.Fatalf("record written to %q (err %v); the asked name holds another file", rf.Path(), rf.Err())
	}
	if n := rf.Note(); !strings.Contains(n, rf.Path()) || rf.Note() != "" {
		t.Fatalf("note %q: want the new name, once", n)
	}
	if recordText(t, asked) != "an earlier game's record\n" {
		t.Fatal("the earlier record was changed")
	}
	same := func(step string) {
		t.Helper()
		if rf.Err() != nil {
			t.Fatalf("%s: %v", step, rf.Err())
		}
		want := gamefile.Record(g, gamefile.Origin{}).String()
		if got := recordText(t, rf.Path()); got != want {
			t.Fatalf("%s: the record file holds\n%s\nwant\n%s", step, got, want)
		}
		f, err := gamefile.ReadFile(rf.Path(), func(string) gamefile.MapLoader { return loadMap })
		if err != nil || f.Game.Len() != g.Len() {
			t.Fatalf("%s: the record file replays to %v actions (%v), the game has %d", step, f, err, g.Len())
		}
	}
	same("start")
	for i, line := range src.Actions[:12] {
		if _, err := c.Apply(parse(t, g, line)); err != nil {
			t.Fatal(err)
		}
		same("action " + line)
		if i%4 == 3 {
			if err := c.Undo(); err == nil {
				same("undo")
				if _, err := c.Redo(); err != nil {
					t.Fatal(err)
				}
				same("redo")
			}
		}
	}
	// Someone else cuts the file: the next move writes it whole.
	if err := os.WriteFile(rf.Path(), []byte("# No True King record\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(parse(t, g, src.Actions[12])); err != nil {
		t.Fatal(err)
	}
	same("after the file was cut by another program")
	if s.Err() != nil || s.Saved() != g.Len() {
		t.Fatalf("the autosave before the record file: saved %d of %d (%v)", s.Saved(), g.Len(), s.Err())
	}
}

// A game from a scenario file names it, relative to the record; when the
// file no longer holds the start, the record keeps its own copy beside it
// (RECORD.start.toml) and replays from that.
func TestRecordFileOfAGameFromAScenario(t *testing.T) {
	data, err := scenarios.ShippedFile("flags")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	scen := filepath.Join(dir, "scen", "flags.toml")
	if err := os.MkdirAll(filepath.Dir(scen), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(scen, data, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, kept := range []bool{true, false} {
		g, err := scenarios.Load(scen)
		if err != nil {
			t.Fatal(err)
		}
		if !kept {
			if err := os.WriteFile(scen, []byte("# gone\n"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		path := filepath.Join(dir, "out", "game.ntk")
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		rf := NewRecordFile(path, "", scen)
		c := NewGame(g, rf)
		c.Start()
		for range 3 {
			if _, err := c.Apply(g.Legal()[0]); err != nil {
				t.Fatal(err)
			}
		}
		if rf.Err() != nil {
			t.Fatal(rf.Err())
		}
		text := recordText(t, rf.Path())
		wantRef := "../scen/flags.toml"
		if !kept {
			wantRef = filepath.Base(rf.Path()) + ".start.toml"
		}
		if !strings.Contains(text, "scenario "+wantRef+" sha256 ") {
			t.Fatalf("kept %v: the record does not start from %s:\n%s", kept, wantRef, text)
		}
		f, err := gamefile.ReadFile(rf.Path(), func(string) gamefile.MapLoader { return loadMap })
		if err != nil || f.Game.Len()-f.Game.Base() != 3 {
			t.Fatalf("kept %v: the record replays to %v (%v)", kept, f, err)
		}
		if string(scenarios.Export(f.Game, "", "")) != string(scenarios.Export(g, "", "")) {
			t.Fatalf("kept %v: the record replays to another position", kept)
		}
		os.RemoveAll(filepath.Dir(path))
	}
}
