package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/store"
)

// TestAutosaveAppends: after the first whole write, each action only adds
// to the end of the save (what was there stays byte for byte), and the save
// reads back at every step as the game's record with its summary current.
func TestAutosaveAppends(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 3)
	at := time.Date(2026, 11, 23, 18, 40, 0, 0, time.UTC)
	s.Now = func() time.Time { return at }
	for i, line := range src.Actions[3:40] {
		before := bytes.Clone(st.data["g"])
		at = at.Add(time.Second)
		if _, err := s.Apply(parse(t, s.Game(), line)); err != nil {
			t.Fatal(err)
		}
		data := st.data["g"]
		if !bytes.HasPrefix(data, before) {
			t.Fatalf("action %d rewrote the save instead of appending to it", i+4)
		}
		added := string(data[len(before):])
		if want := line + "\n" + gamefile.StatusPrefix; !strings.HasPrefix(added, want) || strings.Count(added, "\n") != 2 {
			t.Fatalf("action %d added %q, want its line and a status line", i+4, added)
		}
		rec, m, ok, err := gamefile.Decode(data)
		if err != nil || !ok {
			t.Fatalf("after action %d: %v (header %v)", i+4, err, ok)
		}
		if rec.String() != s.Record().String() {
			t.Fatalf("after action %d the save's record is not the game's", i+4)
		}
		want := gamefile.Meta{Saved: at, Players: []string{"Alice", "Bob Smith"}, Round: s.Game().Round(), Actions: i + 4, Over: s.Game().Over()}
		if !sameMeta(m, want) || !sameMeta(s.Meta(), want) {
			t.Fatalf("after action %d: the save says %+v, the session %+v; want %+v", i+4, m, s.Meta(), want)
		}
	}
	// The record part is a record: ParseRecord reads it, status lines and
	// all, to the same actions.
	rec, err := rules.ParseRecord(bytes.NewReader(st.data["g"]))
	if err != nil || len(rec.Actions) != 40 || rec.Warning != "" {
		t.Fatalf("ParseRecord: %d actions, warning %q, %v", len(rec.Actions), rec.Warning, err)
	}
}

// sameMeta compares what a save says of its game.
func sameMeta(a, b gamefile.Meta) bool {
	return a.Saved.Equal(b.Saved) && strings.Join(a.Players, ",") == strings.Join(b.Players, ",") &&
		a.Round == b.Round && a.Actions == b.Actions && a.Over == b.Over && a.Tester == b.Tester
}

// TestStatusLinesWhenSomethingChanged: a status line follows an action
// line when the time (to the second), the round or the end of the game
// changed, and at least every gamefile.StatusEvery actions; the save's summary
// counts the action lines after the last one, so it is exact at every
// action however few status lines there are. (The example games, played
// to their end; the four-player game has rounds of more than gamefile.StatusEvery
// actions.)
func TestStatusLinesWhenSomethingChanged(t *testing.T) {
	every := 0
	for k := range crashSources {
		st := newMem()
		s, src := exampleOf(t, st, "g", k, 0)
		at := time.Date(2026, 11, 23, 18, 40, 0, 0, time.UTC)
		s.Now = func() time.Time { return at }
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
		last := gamefile.Status{Saved: at, Round: s.Game().Round(), Actions: 0}
		first := true
		for i, line := range src.Actions {
			if i == 60 {
				at = at.Add(time.Second)
			}
			before := len(st.data["g"])
			if _, err := s.Apply(parse(t, s.Game(), line)); err != nil {
				t.Fatal(err)
			}
			n, r := i+1, s.Game().Round()
			added := string(st.data["g"][before:])
			changed := first || !at.Equal(last.Saved) || r != last.Round || s.Game().Over()
			want := changed || n-last.Actions >= gamefile.StatusEvery
			if got := strings.Contains(added, gamefile.StatusPrefix); got != want {
				t.Fatalf("%s, action %d (round %d, the last status at %d in round %d): status line %v, want %v", crashSources[k], n, r, last.Actions, last.Round, got, want)
			}
			if want {
				last, first = gamefile.Status{Saved: at, Round: r, Actions: n}, false
				if !changed {
					every++
				}
			}
			m, _, _ := gamefile.ReadMeta(st.data["g"])
			if m.Actions != n || m.Round != r || m.Over != s.Game().Over() || !m.Saved.Equal(last.Saved) {
				t.Fatalf("%s, after action %d: the save says %d actions in round %d (over %v); want %d in round %d", crashSources[k], n, m.Actions, m.Round, m.Over, n, r)
			}
			l, err := Unfinished(st)
			if s.Game().Over() {
				if err != nil || len(l) != 0 {
					t.Fatalf("the game is over, and listed: %+v, %v", l, err)
				}
				continue
			}
			if err != nil || len(l) != 1 || l[0].Actions != n || l[0].Round != r || !l[0].Saved.Equal(last.Saved) {
				t.Fatalf("%s, after action %d: the list says %+v; want %d actions in round %d", crashSources[k], n, l, n, r)
			}
		}
		if !s.Game().Over() {
			t.Fatalf("%s did not end", crashSources[k])
		}
	}
	if every == 0 {
		t.Fatalf("no round of the example games was long enough to need a status line after %d actions", gamefile.StatusEvery)
	}
}

// The status line is written by hand; it is exactly the JSON of status.
func TestStatusLineIsTheJSONOfStatus(t *testing.T) {
	s, _ := example(t, newMem(), "g", 0)
	zone := time.FixedZone("X", 5*3600+1800)
	for _, st := range []gamefile.Status{
		{Saved: time.Date(2026, 11, 23, 18, 40, 5, 0, time.UTC), Round: 3, Actions: 120},
		{Saved: time.Date(2026, 11, 23, 18, 40, 6, 0, zone), Actions: 1},
		{Saved: time.Date(2026, 11, 23, 18, 40, 6, 0, time.UTC), Round: 8, Actions: 1500},
		{Saved: time.Date(2026, 11, 23, 18, 40, 6, 0, time.UTC), Round: 9, Actions: 1501, Over: true},
		{Actions: 0},
	} {
		j, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		want := gamefile.StatusPrefix + string(j) + "\n"
		if got := string(s.line.appendStatus(nil, st)); got != want {
			t.Errorf("status line %q, want %q", got, want)
		}
		// The reader of saves takes it as the save's last status line.
		back, ok, _ := gamefile.ReadMeta([]byte("# save {\"players\":[\"A\"],\"actions\":7}\n" + want))
		if !ok || !back.Saved.Equal(st.Saved) || back.Round != st.Round || back.Actions != st.Actions || back.Over != st.Over {
			t.Errorf("%q reads back as %+v", want, back)
		}
	}
}

// TestUndoCutsTheSaveBack: an undo cuts the save back to the end of the
// action before (plus a status line), a redo appends the action again, and
// a game resumed in between stands at the undone position.
func TestUndoCutsTheSaveBack(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 7)
	at7 := bytes.Clone(st.data["g"])
	if _, err := s.Apply(parse(t, s.Game(), src.Actions[7])); err != nil {
		t.Fatal(err)
	}
	at8 := bytes.Clone(st.data["g"])
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	data := st.data["g"]
	if !bytes.HasPrefix(data, at7) || !bytes.HasPrefix(at8, at7) {
		t.Fatalf("the undo did not cut the save back to the action before:\n%s", data[len(at7)-min(len(at7), 200):])
	}
	if added := string(data[len(at7):]); !strings.HasPrefix(added, gamefile.StatusPrefix) || strings.Count(added, "\n") != 1 {
		t.Fatalf("after the cut the undo wrote %q, want one status line", added)
	}
	if rec, m, _, _ := gamefile.Decode(data); len(rec.Actions) != 7 || m.Actions != 7 {
		t.Fatalf("after the undo the save holds %d actions (status %d)", len(rec.Actions), m.Actions)
	}
	if _, err := s.Redo(); err != nil {
		t.Fatal(err)
	}
	if rec, m, _, _ := gamefile.Decode(st.data["g"]); len(rec.Actions) != 8 || m.Actions != 8 || !bytes.HasPrefix(st.data["g"], data) {
		t.Fatalf("the redo did not append action 8 again: %d actions (status %d)", len(rec.Actions), m.Actions)
	}
}

// TestAppendAfterACutOffLine: a save whose last line was cut off by a crash
// (an action line, or a status line) resumes with a warning, and the next
// action is appended where the good part ends: the cut-off line is gone.
func TestAppendAfterACutOffLine(t *testing.T) {
	src := loadSources(t)[0]
	next := src.Actions[10]
	for _, c := range []struct {
		name, torn string
		// n is the actions the game resumes at; after is what follows the
		// good part once action n+1 is saved.
		n     int
		after string
	}{
		{"action", next[:len(next)-3], 10, next + "\n" + gamefile.StatusPrefix},
		{"status", next + "\n" + gamefile.StatusPrefix + `{"saved":"2026-`, 11, next + "\n" + src.Actions[11] + "\n" + gamefile.StatusPrefix},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := store.OpenDir(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			s, _ := example(t, d, "g", 10)
			s.Close() // the window that played it has left the game
			good, err := d.Load("g")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(d.File("g"), append(bytes.Clone(good), c.torn...), 0o600); err != nil {
				t.Fatal(err)
			}
			r, err := Resume(d, "g", loadMap)
			if err != nil {
				t.Fatal(err)
			}
			// A cut-off action is left out with a warning; a whole action
			// line (before a cut-off status line) was written, and stands.
			if r.Game().Len() != c.n || (c.n == 10) != (r.Warning() != "") {
				t.Fatalf("resumed at %d actions, warning %q", r.Game().Len(), r.Warning())
			}
			if _, err := r.Apply(parse(t, r.Game(), src.Actions[c.n])); err != nil || r.Err() != nil {
				t.Fatalf("%v, %v", err, r.Err())
			}
			data, err := d.Load("g")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(data, good) || !bytes.HasPrefix(data[len(good):], []byte(c.after)) {
				t.Fatalf("after the good part the save holds %q, want %q…", data[len(good):], c.after)
			}
			rec, m, _, err := gamefile.Decode(data)
			if err != nil || rec.Warning != "" || len(rec.Actions) != c.n+1 || m.Actions != c.n+1 {
				t.Fatalf("after the next action: %d actions (status %d), warning %q, %v", len(rec.Actions), m.Actions, rec.Warning, err)
			}
			if _, err := sourceOf(loadSources(t), rec); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// The program ends every line of a save: in a save, an action line without
// a line end was cut off, and is left out even when it reads; in a plain
// record it is read as it stands, as before.
func TestDecodeLeavesOutACutOffActionOfASave(t *testing.T) {
	st := newMem()
	example(t, st, "g", 10)
	src := loadSources(t)[0]
	cut := append(bytes.Clone(st.data["g"]), src.Actions[10]...)
	rec, _, ok, err := gamefile.Decode(cut)
	if err != nil || !ok || len(rec.Actions) != 10 || !strings.Contains(rec.Warning, "no line end") {
		t.Fatalf("a save with a cut-off action line: %d actions, warning %q, %v", len(rec.Actions), rec.Warning, err)
	}
	plain := src
	plain.Actions = src.Actions[:11]
	text := strings.TrimSuffix(plain.String(), "\n")
	if rec, _, ok, err := gamefile.Decode([]byte(text)); err != nil || ok || len(rec.Actions) != 11 {
		t.Fatalf("a plain record without its last line end: %d actions (save %v), %v", len(rec.Actions), ok, err)
	}
}

// A save written by the program before saves were appended to (a whole
// header, no status lines: testdata/old-format.ntk) lists and resumes as
// before, and the game goes on appending to it.
func TestOldFormatSaveListsResumesAndAppends(t *testing.T) {
	old, err := os.ReadFile(filepath.Join("testdata", "old-format.ntk"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(old, []byte(gamefile.StatusPrefix)) {
		t.Fatal("the old save has status lines")
	}
	d, err := store.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Save("old", old); err != nil {
		t.Fatal(err)
	}
	l, err := Unfinished(d)
	if err != nil || len(l) != 1 {
		t.Fatalf("Unfinished: %v, %v", l, err)
	}
	saved := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	if m := l[0]; !m.Saved.Equal(saved) || m.Round != 1 || m.Actions != 25 || m.Bots() != 1 || m.BotPauseMS != 300 {
		t.Fatalf("the old save lists as %+v", m)
	}
	r, err := Resume(d, "old", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game().Len() != 25 || strings.Join(r.Seats, ",") != "human,easy" || r.BotPause != 300*time.Millisecond {
		t.Fatalf("resumed at %d actions, seats %v, pause %v", r.Game().Len(), r.Seats, r.BotPause)
	}
	now := saved.Add(time.Hour)
	r.Now = func() time.Time { return now }
	src := loadSources(t)[0]
	if _, err := r.Apply(parse(t, r.Game(), src.Actions[25])); err != nil || r.Err() != nil {
		t.Fatalf("%v, %v", err, r.Err())
	}
	data, _ := d.Load("old")
	if !bytes.HasPrefix(data, old) {
		t.Fatal("the old save was rewritten, not appended to")
	}
	l, err = Unfinished(d)
	if err != nil || len(l) != 1 || !l[0].Saved.Equal(now) || l[0].Actions != 26 || l[0].Bots() != 1 {
		t.Fatalf("after an action: %+v, %v", l, err)
	}
	if rec, _, _, err := gamefile.Decode(data); err != nil || len(rec.Actions) != 26 {
		t.Fatalf("%d actions, %v", len(rec.Actions), err)
	}
}

// TestNewSeatsRewriteTheSave: when what the save's header says of the game
// changes (the bot seats replaced by -bots with -load), the next action
// writes the whole save again, with the new header.
func TestNewSeatsRewriteTheSave(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 6)
	s.Seats, s.BotPause = []string{"human", "easy"}, 100*time.Millisecond
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	r, err := Resume(st, "g", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	r.Seats = []string{"random", "human"}
	before := bytes.Clone(st.data["g"])
	if _, err := r.Apply(parse(t, r.Game(), src.Actions[6])); err != nil || r.Err() != nil {
		t.Fatalf("%v, %v", err, r.Err())
	}
	data := st.data["g"]
	if bytes.HasPrefix(data, before) {
		t.Fatal("the header changed, and the save was appended to")
	}
	if m, _, _ := gamefile.ReadMeta(data); strings.Join(m.Seats, ",") != "random,human" || m.Actions != 7 {
		t.Fatalf("the rewritten save says seats %v, %d actions", m.Seats, m.Actions)
	}
	// Then it appends again.
	before = bytes.Clone(data)
	if _, err := r.Apply(parse(t, r.Game(), src.Actions[7])); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(st.data["g"], before) {
		t.Fatal("the next action rewrote the save again")
	}
}

// An action applied to the game around the session is not lost: the save
// no longer holds all but the last action, so it is written whole.
func TestActionsAroundTheSessionAreSavedWhole(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 6)
	if _, err := s.Game().Apply(parse(t, s.Game(), src.Actions[6])); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(parse(t, s.Game(), src.Actions[7])); err != nil || s.Err() != nil {
		t.Fatalf("%v, %v", err, s.Err())
	}
	if rec, _, _, _ := gamefile.Decode(st.data["g"]); len(rec.Actions) != 8 || s.Saved() != 8 {
		t.Fatalf("the save holds %d actions (Saved %d), want 8", len(rec.Actions), s.Saved())
	}
}

// partStore is a Store that counts what is read of each save and refuses
// Load: listing the saves must read parts only.
type partStore struct {
	*memStore
	read map[string]int
	// sizes replace the sizes List gives.
	sizes map[string]int64
}

func (p *partStore) Load(string) ([]byte, error) {
	return nil, errors.New("Load while listing")
}

func (p *partStore) ReadPart(id string, off int64, n int) ([]byte, error) {
	b, err := p.memStore.ReadPart(id, off, n)
	p.read[id] += len(b)
	return b, err
}

func (p *partStore) List() ([]store.Entry, error) {
	l, err := p.memStore.List()
	for i, e := range l {
		if n, ok := p.sizes[e.ID]; ok {
			l[i].Size = n
		}
	}
	return l, err
}

// TestUnfinishedReadsABoundedPart: the start screen's list reads the
// beginning and the end of each save, however long: a save of 20 MB is
// listed from its header and its last status line, reading some 80 KB; a
// save with a long header (a start position of 300 KB) is read up to its
// header's end and its last status line; a save larger than any save may
// be is named in the error, not read.
func TestUnfinishedReadsABoundedPart(t *testing.T) {
	mem := newMem()
	s, src := example(t, mem, "long", 30)
	s.Now = func() time.Time { return time.Date(2026, 11, 23, 18, 40, 0, 0, time.UTC) }
	if _, err := s.Apply(parse(t, s.Game(), src.Actions[30])); err != nil {
		t.Fatal(err)
	}
	// Comment lines inside the record, 20 MB of them.
	data := mem.data["long"]
	i := bytes.Index(data, []byte("\nplayer torch")) + 1
	pad := bytes.Repeat([]byte("# "+strings.Repeat("padding ", 12)+"\n"), 20<<20/100)
	mem.data["long"] = append(append(append([]byte(nil), data[:i]...), pad...), data[i:]...)
	if rec, m, _, err := gamefile.Decode(mem.data["long"]); err != nil || len(rec.Actions) != 31 || m.Actions != 31 {
		t.Fatalf("the padded save: %d actions (status %d), %v", len(rec.Actions), m.Actions, err)
	}

	g, _ := example(t, mem, "start", 4)
	g.Save()
	rec, m, _, _ := gamefile.Decode(mem.data["start"])
	m.Start = strings.Repeat("x", 300<<10)
	whole, err := gamefile.Encode(rec, m)
	if err != nil {
		t.Fatal(err)
	}
	mem.data["start"] = append(whole, "# status {\"saved\":\"2026-11-24T10:00:00Z\",\"round\":1,\"actions\":4}\n"...)

	mem.data["huge"] = mem.data["start"]
	p := &partStore{memStore: mem, read: map[string]int{}, sizes: map[string]int64{"huge": store.MaxSave + 1}}
	l, err := Unfinished(p)
	if err == nil || !strings.Contains(err.Error(), "save huge") || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("a save larger than the limit: %v", err)
	}
	if len(l) != 2 {
		t.Fatalf("listed %d saves, want 2", len(l))
	}
	byID := map[string]Summary{l[0].ID: l[0], l[1].ID: l[1]}
	if m := byID["long"]; m.Actions != 31 || !m.Saved.Equal(time.Date(2026, 11, 23, 18, 40, 0, 0, time.UTC)) {
		t.Errorf("the long save lists as %+v", m.Meta)
	}
	if m := byID["start"]; m.Actions != 4 || len(m.Start) != 300<<10 || m.Saved.Year() != 2026 {
		t.Errorf("the save with a long header lists with %d actions, a start of %d bytes, saved %v", m.Actions, len(m.Start), m.Saved)
	}
	// docs/saves.md: the first 64 KB and the last 16 KB.
	const bound = 80 << 10
	if n := p.read["long"]; n > bound {
		t.Errorf("listing read %d bytes of a %d-byte save, more than %d", n, len(mem.data["long"]), bound)
	}
	if n := p.read["start"]; n > bound+len(mem.data["start"]) {
		t.Errorf("listing read %d bytes of the save with a long header (%d bytes)", n, len(mem.data["start"]))
	}
	if n := p.read["huge"]; n != 0 {
		t.Errorf("listing read %d bytes of a save larger than the limit", n)
	}
}
