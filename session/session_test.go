package session

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"notrueking/board"
	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/store"
)

// memStore is a Store in memory that can be told to fail.
type memStore struct {
	data  map[string][]byte
	mod   map[string]time.Time
	fail  error
	saves int
	// held are the saves locked, as store.Dir's locks between windows.
	held map[string]bool
}

func (m *memStore) Lock(id string) (func(), error) {
	if m.held == nil {
		m.held = map[string]bool{}
	}
	if m.held[id] {
		return nil, fmt.Errorf("save %s: %w", id, store.ErrInUse)
	}
	m.held[id] = true
	return func() { delete(m.held, id) }, nil
}

func newMem() *memStore {
	return &memStore{data: map[string][]byte{}, mod: map[string]time.Time{}}
}

func (m *memStore) List() ([]store.Entry, error) {
	var out []store.Entry
	for id, d := range m.data {
		out = append(out, store.Entry{ID: id, Size: int64(len(d)), Modified: m.mod[id]})
	}
	return out, nil
}

func (m *memStore) Load(id string) ([]byte, error) {
	d, ok := m.data[id]
	if !ok {
		return nil, store.ErrNotFound
	}
	return d, nil
}

func (m *memStore) Save(id string, d []byte) error {
	if m.fail != nil {
		return m.fail
	}
	m.saves++
	m.data[id] = append([]byte(nil), d...)
	m.mod[id] = time.Now()
	return nil
}

func (m *memStore) ReadPart(id string, off int64, n int) ([]byte, error) {
	d, ok := m.data[id]
	if !ok {
		return nil, store.ErrNotFound
	}
	return store.Part(d, off, n), nil
}

// Append is a write, counted and failing like Save.
func (m *memStore) Append(id string, at int64, d []byte) error {
	if m.fail != nil {
		return m.fail
	}
	old, ok := m.data[id]
	if !ok {
		return store.ErrNotFound
	}
	b, err := store.AppendTo(id, old, at, d)
	if err != nil {
		return err
	}
	m.saves++
	m.data[id] = b
	m.mod[id] = time.Now()
	return nil
}

func (m *memStore) Delete(id string) error { delete(m.data, id); return nil }

// example returns the two-player example game and its first n actions
// played in a session on st.
func example(t *testing.T, st store.Store, id string, n int) (*Session, rules.Record) {
	t.Helper()
	return exampleOf(t, st, id, 0, n)
}

// exampleOf is example on the example game k of crashSources.
func exampleOf(t *testing.T, st store.Store, id string, k, n int) (*Session, rules.Record) {
	t.Helper()
	src := loadSources(t)[k]
	empty := src
	empty.Actions, empty.Lines = nil, nil
	g, _, err := gamefile.Replay(empty, gamefile.Meta{}, ".", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	s := New(st, id, g, "standard", false)
	for _, line := range src.Actions[:n] {
		if _, err := s.Apply(parse(t, s.Game(), line)); err != nil {
			t.Fatal(err)
		}
	}
	return s, src
}

// parse reads a record line of g.
func parse(t *testing.T, g *rules.Game, line string) rules.Action {
	t.Helper()
	a, err := g.ParseAction(line)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestApplySavesEveryAction(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 0)
	for i, line := range src.Actions[:10] {
		if _, err := s.Apply(parse(t, s.Game(), line)); err != nil {
			t.Fatal(err)
		}
		rec, m, ok, err := gamefile.Decode(st.data["g"])
		if err != nil || !ok {
			t.Fatalf("after action %d the save does not decode: %v (header %v)", i+1, err, ok)
		}
		if len(rec.Actions) != i+1 || m.Actions != i+1 || s.Saved() != i+1 {
			t.Fatalf("after action %d: save holds %d actions, header says %d, Saved %d", i+1, len(rec.Actions), m.Actions, s.Saved())
		}
	}
	// A refused action changes nothing and writes nothing.
	before := st.saves
	bad := parse(t, s.Game(), src.Actions[0]) // an arrangement already made
	if _, err := s.Apply(bad); err == nil {
		t.Fatal("the engine accepted an arrangement twice")
	}
	if st.saves != before || s.Err() != nil {
		t.Errorf("a refused action wrote %d saves, Err %v", st.saves-before, s.Err())
	}
}

func TestFailedSaveIsReportedUntilAWriteSucceeds(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 3)
	st.fail = errors.New("disk full")
	if _, err := s.Apply(parse(t, s.Game(), src.Actions[3])); err != nil {
		t.Fatalf("the action itself must succeed when only the save fails: %v", err)
	}
	if s.Err() == nil || !strings.Contains(s.Err().Error(), "disk full") {
		t.Fatalf("Err = %v, want the write's failure", s.Err())
	}
	if s.Saved() != 3 || len(s.Game().Actions()) != 4 {
		t.Fatalf("Saved %d, game at %d actions; want 3 and 4", s.Saved(), len(s.Game().Actions()))
	}
	if _, err := s.Apply(parse(t, s.Game(), src.Actions[4])); err != nil || s.Err() == nil {
		t.Fatalf("second action while the disk is full: %v, Err %v", err, s.Err())
	}
	st.fail = nil
	if _, err := s.Apply(parse(t, s.Game(), src.Actions[5])); err != nil {
		t.Fatal(err)
	}
	if s.Err() != nil || s.Saved() != 6 {
		t.Fatalf("after a good write: Err %v, Saved %d; want nil and 6", s.Err(), s.Saved())
	}
	rec, _, _, _ := gamefile.Decode(st.data["g"])
	if len(rec.Actions) != 6 {
		t.Fatalf("the save holds %d actions, want all 6 (the unsaved ones too)", len(rec.Actions))
	}
}

func TestSaveHeaderAndLabel(t *testing.T) {
	st := newMem()
	s, _ := example(t, st, "g", 0)
	s.Round = func(*rules.Game) int { return 2 }
	at := time.Date(2026, 11, 23, 18, 40, 5, 0, time.Local)
	s.Now = func() time.Time { return at }
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	data := st.data["g"]
	if !bytes.HasPrefix(data, []byte("# No True King save. SPOILER")) {
		t.Errorf("a save does not start with the spoiler warning: %.80q", data)
	}
	// A save is a record: ParseRecord reads it.
	if _, err := rules.ParseRecord(bytes.NewReader(data)); err != nil {
		t.Fatalf("a save is not a record: %v", err)
	}
	l, err := Unfinished(st)
	if err != nil || len(l) != 1 {
		t.Fatalf("Unfinished = %v, %v", l, err)
	}
	got := l[0].Label(at.Add(time.Hour))
	if want := "Continue: Alice, Bob Smith — round 2, 18:40"; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	if got := l[0].Label(at.AddDate(0, 0, 2)); got != "Continue: Alice, Bob Smith — round 2, 23 Nov 18:40" {
		t.Errorf("label of an older save %q", got)
	}
	if l[0].Tester {
		t.Error("a normal game's save is marked as a tester's")
	}
}

func TestUnfinishedListsNewestFirstAndSkipsFinished(t *testing.T) {
	st := newMem()
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for i, id := range []string{"a", "b", "c"} {
		s, _ := example(t, st, id, i)
		s.Now = func() time.Time { return at.Add(time.Duration([]int{2, 3, 1}[i]) * time.Hour) }
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
	}
	// A finished game (the whole example) and a plain record.
	src := loadSources(t)[0]
	fin, _ := example(t, st, "done", len(src.Actions))
	if !fin.Game().Over() || !fin.Meta().Over {
		t.Fatal("the example game is not over")
	}
	st.data["plain"] = []byte(src.String())
	l, err := Unfinished(st)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, s := range l {
		ids = append(ids, s.ID)
	}
	if strings.Join(ids, ",") != "b,a,c" {
		t.Errorf("Unfinished = %v, want b,a,c (newest first, no finished game, no plain record)", ids)
	}
	if _, ok := st.data["done"]; !ok {
		t.Error("the finished game's save was removed")
	}
}

func TestResume(t *testing.T) {
	st := newMem()
	s, src := example(t, st, "g", 20)
	s.tester = true
	s.Save()
	s.Close() // the window that played it has left the game
	r, err := Resume(st, "g", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.Game().Actions()); n != 20 || r.Saved() != 20 || !r.Tester() || r.ID() != "g" {
		t.Fatalf("resumed at %d actions (saved %d, tester %v, id %s)", n, r.Saved(), r.Tester(), r.ID())
	}
	if _, err := r.Apply(parse(t, r.Game(), src.Actions[20])); err != nil {
		t.Fatal(err)
	}
	if rec, _, _, _ := gamefile.Decode(st.data["g"]); len(rec.Actions) != 21 {
		t.Fatalf("the resumed game saves into its save: %d actions", len(rec.Actions))
	}
	// A save the engine refuses is refused with the reason, and kept.
	bad := strings.Replace(string(st.data["g"]), "\ncrown arrange", "\ncrown place stark lord\ncrown arrange", 1)
	st.data["bad"] = []byte(bad)
	if _, err := Resume(st, "bad", loadMap); err == nil || !strings.Contains(err.Error(), "action 1") {
		t.Fatalf("Resume of an illegal save: %v", err)
	}
	if _, ok := st.data["bad"]; !ok {
		t.Error("a refused save was removed")
	}
}

// loadMap loads shipped maps by name (the saves of these tests name none
// but the standard map).
func loadMap(name, sum string) (*board.Map, error) {
	if sum != "" {
		return nil, errors.New("a test save names a map file")
	}
	return maps.Load(name)
}

// A game with bot seats keeps them in every save: Resume gives them back,
// the Continue label counts them, and a header that names a seat's player
// wrongly is refused with the reason (the save is kept).
func TestSaveKeepsBotSeats(t *testing.T) {
	st := newMem()
	s, _ := example(t, st, "g", 6)
	s.Seats = []string{"random", "strong"}
	s.BotPause = 250 * time.Millisecond
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	r, err := Resume(st, "g", loadMap)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(r.Seats, ",") != "random,strong" || r.BotPause != 250*time.Millisecond {
		t.Fatalf("resumed seats %v, pause %v", r.Seats, r.BotPause)
	}
	l, err := Unfinished(st)
	if err != nil || len(l) != 1 {
		t.Fatalf("Unfinished: %v %v", l, err)
	}
	if label := l[0].Label(time.Now()); !strings.Contains(label, " — 2 bots, ") {
		t.Errorf("the Continue label does not count the bots: %q", label)
	}

	// Every seat human: the header says nothing of seats.
	r.Seats = []string{gamefile.SeatHuman, gamefile.SeatHuman}
	if err := r.Save(); err != nil {
		t.Fatal(err)
	}
	if m, _, _ := gamefile.ReadMeta(st.data["g"]); m.Seats != nil || m.BotPauseMS != 0 {
		t.Fatalf("an all-human game's header: seats %v, pause %d", m.Seats, m.BotPauseMS)
	}

	r.Seats = []string{gamefile.SeatHuman, "easy"}
	r.BotPause = time.Hour // clamped to what a reader accepts
	if err := r.Save(); err != nil {
		t.Fatal(err)
	}
	good := string(st.data["g"])
	if _, _, _, err := gamefile.Decode([]byte(good)); err != nil {
		t.Fatalf("a save with a long bot pause does not read back: %v", err)
	}
	for name, c := range map[string]struct{ from, to, want string }{
		"unknown level": {`"easy"`, `"godlike"`, `seat 2 is played by "godlike"`},
		"seat count":    {`"seats":["human",`, `"seats":["human","human",`, "names who plays 3 seats, and its record has 2 players"},
		"pause":         {`"bot_pause_ms":60000`, `"bot_pause_ms":-5`, "pause of -5 ms"},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		if bad == good {
			t.Fatalf("%s: %s not in the save", name, c.from)
		}
		st.data["bad"] = []byte(bad)
		_, err := Resume(st, "bad", loadMap)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Resume says %v, want %q", name, err, c.want)
		}
		if string(st.data["bad"]) != bad {
			t.Errorf("%s: the refused save was changed", name)
		}
	}
}

// RoomOf counts every save and its bytes, and the finished games among
// them; DeleteFinished deletes only those, and not one another window
// holds. Unfinished games and saves without a header stay.
func TestRoomAndDeleteFinished(t *testing.T) {
	st := newMem()
	src := loadSources(t)[0]
	for i, id := range []string{"a", "b"} {
		s, _ := example(t, st, id, 5+i)
		s.Close()
	}
	for _, id := range []string{"done1", "done2", "held"} {
		s, _ := example(t, st, id, len(src.Actions))
		if !s.Meta().Over {
			t.Fatal("the example game is not over")
		}
		s.Close()
	}
	st.data["plain"] = []byte(src.String())
	var total, fin int64
	for id, d := range st.data {
		total += int64(len(d))
		if strings.HasPrefix(id, "done") || id == "held" {
			fin += int64(len(d))
		}
	}
	r, err := RoomOf(st)
	if err != nil {
		t.Fatal(err)
	}
	if r.Saves != 6 || r.Bytes != total || r.Finished != 3 || r.FinishedBytes != fin {
		t.Fatalf("RoomOf = %+v; want 6 saves of %d bytes, 3 finished of %d", r, total, fin)
	}
	release, err := st.Lock("held")
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	n, bytes, err := DeleteFinished(st, r)
	if n != 2 || bytes != fin-int64(len(st.data["held"])) {
		t.Fatalf("DeleteFinished deleted %d saves of %d bytes", n, bytes)
	}
	if !errors.Is(err, store.ErrInUse) {
		t.Fatalf("the held save: err %v, want ErrInUse", err)
	}
	for _, id := range []string{"a", "b", "held", "plain"} {
		if _, ok := st.data[id]; !ok {
			t.Errorf("save %s was deleted", id)
		}
	}
	for _, id := range []string{"done1", "done2"} {
		if _, ok := st.data[id]; ok {
			t.Errorf("finished save %s is still there", id)
		}
	}
}

// A Citadel game's save says its variant in the header, and the Continue
// list names it; a bad variant in a header is refused.
func TestSaveHeaderNamesTheVariant(t *testing.T) {
	m, err := loadMap("standard", "")
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.New(m, rules.Config{Players: []string{"Alice", "Bob"}, Seed: 4, Variant: rules.Citadel})
	if err != nil {
		t.Fatal(err)
	}
	st := newMem()
	s := New(st, "c", g, "standard", false)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	l, err := Unfinished(st)
	if err != nil || len(l) != 1 || l[0].Variant != "citadel" {
		t.Fatalf("Unfinished = %+v, %v", l, err)
	}
	if label := l[0].Label(time.Now()); !strings.Contains(label, " — Citadel, ") {
		t.Errorf("the Continue label %q does not name the variant", label)
	}
	plain, _ := example(t, newMem(), "p", 0)
	if v := plain.Game().Variant(); v != rules.Plain {
		t.Fatalf("the example game is variant %q", v)
	}
	bad := bytes.Replace(st.data["c"], []byte(`"variant":"citadel"`), []byte(`"variant":"winter"`), 1)
	if bytes.Equal(bad, st.data["c"]) {
		t.Fatal("the save's header holds no variant to spoil")
	}
	if _, _, _, err := gamefile.Decode(bad); err == nil || !strings.Contains(err.Error(), "variant") {
		t.Fatalf("a header naming the variant winter: %v", err)
	}
}
