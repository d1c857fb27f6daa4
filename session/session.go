// Package session plays a game with autosave: every action the engine
// accepts is saved, synchronously and atomically, into a store.Store before
// Apply returns. A save is the game's record (docs/records.md) with a
// comment header the start screen reads without replaying (players, round,
// time of the save); ParseRecord skips comments, so a save is also a record
// that "run" and "-load" take. The package imports no Ebitengine.
//
// Of the engine it uses only rules.New (through Replay), (*Game).Apply,
// (*Game).Actions, (*Game).Over, the history's Undo, Redo, CanUndo and
// CanRedo, RecordOf, ParseRecord, Replay and the Record fields, so the
// engine can change behind it.
package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"notrueking/board"
	"notrueking/bots"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/store"
)

// Meta is a save's summary, kept in its header.
type Meta struct {
	// Saved is when the save was written.
	Saved time.Time `json:"saved"`
	// Players are the player names in seat order.
	Players []string `json:"players"`
	// Round is the game's round when known (0 = unknown).
	Round int `json:"round,omitempty"`
	// Actions is the number of actions in the save.
	Actions int `json:"actions"`
	// Over says the game has ended: a finished game is not offered to
	// continue, but its save is kept.
	Over bool `json:"over,omitempty"`
	// Tester marks a tester's game: its seed was typed (-seed), so it is
	// no secret and the window shows it.
	Tester bool `json:"tester,omitempty"`
	// Start is, for a game that starts from a position (a scenario, the
	// sandbox) rather than from map, seed and players, that position as
	// the text of a scenario file (package scenarios); the save's record
	// then starts with "scenario " + StartRef.
	Start string `json:"start,omitempty"`
	// Seats says who plays each seat, in seat order: SeatHuman or a bot
	// level (bots.Levels: "random", "easy", "strong"), so a continued game
	// keeps its bots; omitted when every seat is human.
	Seats []string `json:"seats,omitempty"`
	// BotPauseMS is the table's pause between two bot moves, in
	// milliseconds (0: the app's default).
	BotPauseMS int `json:"bot_pause_ms,omitempty"`
}

// SeatHuman marks a seat played at the table in Meta.Seats.
const SeatHuman = "human"

// maxBotPause bounds Meta.BotPauseMS: a minute between two bot moves.
const maxBotPause = 60_000

// check refuses a header whose seats do not fit the record's players.
func (m Meta) check(players int) error {
	if len(m.Seats) > 0 && len(m.Seats) != players {
		return fmt.Errorf("the save's header names who plays %d seats, and its record has %d players", len(m.Seats), players)
	}
	for i, s := range m.Seats {
		if s == SeatHuman {
			continue
		}
		if _, err := bots.ParseLevel(s); err != nil {
			return fmt.Errorf("the save's header says seat %d is played by %q: not %s or a bot level (%s)", i+1, s, SeatHuman, strings.Join(bots.Levels(), ", "))
		}
	}
	if m.BotPauseMS < 0 || m.BotPauseMS > maxBotPause {
		return fmt.Errorf("the save's header asks a pause of %d ms between bot moves (0 to %d)", m.BotPauseMS, maxBotPause)
	}
	return nil
}

// Bots counts the seats Seats gives to a bot.
func (m Meta) Bots() int {
	n := 0
	for _, s := range m.Seats {
		if s != SeatHuman {
			n++
		}
	}
	return n
}

// StartRef is the scenario a save's record names when the save holds its
// start position itself (Meta.Start).
const StartRef = "(start of this save)"

// maxHeader bounds a save's header line: a start position (a scenario of
// at most scenarios.MaxFileSize bytes) as JSON, every byte escaped at worst.
const maxHeader = 6*scenarios.MaxFileSize + 64*1024

// headerPrefix starts the header line that holds Meta as JSON.
const headerPrefix = "# save "

// warning is the first line of every save: it holds every secret.
const warning = "# No True King save. SPOILER: it holds every secret of the game (hands, loyalty cards, deck order); do not show it to the players.\n"

// Encode writes a save: the warning, the Meta header and the record.
func Encode(rec rules.Record, m Meta) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(warning)
	j, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	b.WriteString(headerPrefix)
	b.Write(j)
	b.WriteByte('\n')
	if err := rec.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// ReadMeta reads the Meta header from the leading comment lines of a save;
// ok is false for a plain record (no header).
func ReadMeta(data []byte) (m Meta, ok bool) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, maxHeader)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "#") {
			return Meta{}, false
		}
		if j, found := strings.CutPrefix(line, headerPrefix); found {
			if json.Unmarshal([]byte(j), &m) != nil {
				return Meta{}, false
			}
			return m, true
		}
	}
	return Meta{}, false
}

// Decode reads a save or a plain record: the record, and its Meta when it
// has a header.
func Decode(data []byte) (rules.Record, Meta, bool, error) {
	rec, err := rules.ParseRecord(bytes.NewReader(data))
	if err != nil {
		return rules.Record{}, Meta{}, false, err
	}
	m, ok := ReadMeta(data)
	if err := m.check(len(rec.Players)); err != nil {
		return rules.Record{}, Meta{}, false, err
	}
	return rec, m, ok, nil
}

// Session is a game being played with autosave.
type Session struct {
	st      store.Store
	id      string
	g       *rules.Game
	mapName string
	// MapSum is the SHA-256 of the map file the game is played on ("" for
	// a shipped map): the save names it, and a changed file is refused
	// when the game is resumed.
	MapSum string
	tester bool
	// Round, when set, tells the round of the game for the header (the
	// app reads it from its view); nil leaves the round out.
	Round func(*rules.Game) int
	// Now is the clock (tests set it); nil = time.Now.
	Now func() time.Time
	// Start is, for a game that starts from a position, that position as
	// a scenario file's text (scenarios.Export), written into every save
	// (Meta.Start); nil for a game started with rules.New.
	Start []byte
	// Seats and BotPause are who plays each seat and the pause between
	// two bot moves, written into every save (Meta.Seats, Meta.BotPauseMS);
	// nil Seats: every seat is human.
	Seats    []string
	BotPause time.Duration

	saved   int // actions in the last durable save; -1 none
	err     error
	warning string
	meta    Meta
}

// New starts autosaving game g under save id of st. mapName is what the
// record names as its map (a shipped map's id, or a map file's path);
// "" takes the map's id. tester marks a game whose seed was typed. New
// writes nothing: call Save for the first save.
func New(st store.Store, id string, g *rules.Game, mapName string, tester bool) *Session {
	return &Session{st: st, id: id, g: g, mapName: mapName, tester: tester, saved: -1}
}

// Game returns the game.
func (s *Session) Game() *rules.Game { return s.g }

// ID returns the save id.
func (s *Session) ID() string { return s.id }

// Tester reports whether this is a tester's game.
func (s *Session) Tester() bool { return s.tester }

// Err is the problem of the last write, nil once a write succeeded: the
// screen keeps a banner up while it is not nil.
func (s *Session) Err() error { return s.err }

// Saved is the number of actions the store holds durably (-1 before the
// first successful save).
func (s *Session) Saved() int { return s.saved }

// Meta is the header of the last save written.
func (s *Session) Meta() Meta { return s.meta }

// Record is the game's record as the save holds it.
func (s *Session) Record() rules.Record {
	rec := rules.RecordOf(s.g)
	if s.mapName != "" {
		rec.Map, rec.MapSHA256 = s.mapName, s.MapSum
	}
	if len(s.Start) > 0 {
		// The actions since the start position (a position set up after
		// some actions, in a test, has those before it).
		rec.Scenario, rec.ScenarioSHA256 = StartRef, records.Sum(s.Start)
		rec.Actions = rec.Actions[s.g.Base():]
	}
	return rec
}

// Apply applies a. When the engine refuses it, Apply returns the engine's
// error and nothing changes or is written. When the engine accepts it, the
// game is saved before Apply returns; err is then nil even if the save
// failed: the game goes on, and Err tells the failure until a later save
// succeeds.
func (s *Session) Apply(a rules.Action) ([]rules.Event, error) {
	evs, err := s.g.Apply(a)
	if err != nil {
		return nil, err
	}
	s.Save()
	return evs, nil
}

// Save writes the game now (atomically, durably) and returns (and keeps
// for Err) the outcome.
func (s *Session) Save() error {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	rec := s.Record()
	m := Meta{Saved: now().Round(time.Second), Players: rec.Players, Actions: len(rec.Actions),
		Over: s.g.Over(), Tester: s.tester, Start: string(s.Start)}
	if seats := (Meta{Seats: s.Seats}); seats.Bots() > 0 && len(s.Seats) == len(rec.Players) {
		m.Seats, m.BotPauseMS = s.Seats, min(max(int(s.BotPause/time.Millisecond), 0), maxBotPause)
	}
	if s.Round != nil {
		m.Round = s.Round(s.g)
	}
	data, err := Encode(rec, m)
	if err == nil {
		err = s.st.Save(s.id, data)
	}
	if err != nil {
		s.err = fmt.Errorf("the game could not be saved: %v", err)
		return s.err
	}
	s.err, s.saved, s.meta = nil, len(rec.Actions), m
	return nil
}

// MapLoader loads a map by the name a record gives and, for a map file,
// the SHA-256 the record holds ("" for none): a file whose hash differs is
// refused (records.LoadMap).
type MapLoader func(name, sum string) (*board.Map, error)

// Resume replays save id of st and continues autosaving into it. A save
// the engine no longer accepts is refused with the reason (and kept).
func Resume(st store.Store, id string, load MapLoader) (*Session, error) {
	data, err := st.Load(id)
	if err != nil {
		return nil, err
	}
	rec, m, _, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("save %s: %v", id, err)
	}
	g, warning, err := replayFrom(rec, m, ".", load)
	if err != nil {
		return nil, fmt.Errorf("save %s: %v", id, err)
	}
	s := New(st, id, g, rec.Map, m.Tester)
	s.MapSum = rec.MapSHA256
	if m.Start != "" {
		s.Start = []byte(m.Start)
	}
	if m.Bots() > 0 {
		s.Seats, s.BotPause = m.Seats, time.Duration(m.BotPauseMS)*time.Millisecond
	}
	s.saved, s.meta, s.warning = len(rec.Actions), m, warning
	return s, nil
}

// Warning is what resuming found wrong but could work round: the save's
// last line was cut off while being written (rules.ReplayRecord); "" when
// nothing was.
func (s *Session) Warning() string { return s.warning }

// StartGame is the start position of a save that holds its own (its
// record names StartRef): a game at that position, checked against the
// record's hash of it.
func StartGame(rec rules.Record, m Meta) (*rules.Game, error) {
	if m.Start == "" {
		return nil, fmt.Errorf("the record starts from %s, and the file holds no start position", StartRef)
	}
	if got := records.Sum([]byte(m.Start)); got != rec.ScenarioSHA256 {
		return nil, fmt.Errorf("the save's start position does not match its record (sha256 %s, the record says %s)", got, rec.ScenarioSHA256)
	}
	return scenarios.Parse("the save's start position", []byte(m.Start), ".")
}

// replayFrom replays a record or save: from its start position when it
// has one (the save's own, Meta.Start, or a scenario file the record
// names relative to dir), otherwise from its map, seed and players.
func replayFrom(rec rules.Record, m Meta, dir string, load MapLoader) (g *rules.Game, warning string, err error) {
	switch rec.Scenario {
	case "":
		return Replay(rec, load)
	case StartRef:
		g, err = StartGame(rec, m)
	default:
		g, err = scenarios.LoadRef(dir, rec.Scenario, rec.ScenarioSHA256)
	}
	if err != nil {
		return nil, "", err
	}
	warning, err = rules.ReplayFrom(g, rec)
	if err != nil {
		return nil, "", err
	}
	return g, warning, nil
}

// Replay loads the record's map and replays it; warning says whether its
// last line was cut off (it is then ignored, or read as it stands).
func Replay(rec rules.Record, load MapLoader) (g *rules.Game, warning string, err error) {
	mp, err := load(rec.Map, rec.MapSHA256)
	if err != nil {
		return nil, "", fmt.Errorf("map %s: %v", rec.Map, err)
	}
	g, _, warning, err = rules.ReplayRecord(mp, rec)
	if err != nil {
		return nil, "", err
	}
	return g, warning, nil
}

// Summary is one save as the start screen lists it.
type Summary struct {
	ID string
	Meta
}

// Label is the Continue button's text, e.g.
// "Continue: Alice, Bob, Carol — round 2, 18:40" (a save from another day
// says "22 Nov 18:40").
func (s Summary) Label(now time.Time) string {
	t := s.Saved.Local()
	when := t.Format("15:04")
	if y, m, d := now.Local().Date(); t.Year() != y || t.Month() != m || t.Day() != d {
		when = t.Format("2 Jan 15:04")
		if t.Year() != y {
			when = t.Format("2 Jan 2006 15:04")
		}
	}
	label := "Continue: " + strings.Join(s.Players, ", ") + " — "
	switch n := s.Bots(); n {
	case 0:
	case 1:
		label += "1 bot, "
	default:
		label += fmt.Sprintf("%d bots, ", n)
	}
	if s.Round > 0 {
		label += fmt.Sprintf("round %d, ", s.Round)
	}
	return label + when
}

// Unfinished lists the saves of games not over, newest first, from their
// headers (no replay). Saves without a readable header are left out of the
// list, never removed.
func Unfinished(st store.Store) ([]Summary, error) {
	ents, err := st.List()
	if err != nil {
		return nil, err
	}
	var out []Summary
	var errs []error
	for _, e := range ents {
		data, err := st.Load(e.ID)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		m, ok := ReadMeta(data)
		if !ok || m.Over {
			continue
		}
		if m.Saved.IsZero() {
			m.Saved = e.Modified
		}
		out = append(out, Summary{ID: e.ID, Meta: m})
	}
	// Newest save first by the header's time (file times can be touched).
	sort.SliceStable(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out, errors.Join(errs...)
}

// CanUndo says whether Undo would take an action back, and if not, the
// engine's reason (nothing to undo, or hidden information has reached a
// player since).
func (s *Session) CanUndo() error { return s.g.CanUndo() }

// CanRedo says whether there is an undone action to redo.
func (s *Session) CanRedo() bool { return s.g.CanRedo() }

// Undo takes back the game's last action and saves the shorter game, so
// that the save never holds an action the table no longer shows: a game
// resumed from it stands where the players left it. When the engine
// refuses, nothing changes and nothing is written. As with Apply, a failed
// write does not undo the undo: Err tells it until a later save succeeds.
func (s *Session) Undo() error {
	if err := s.g.Undo(); err != nil {
		return err
	}
	s.Save()
	return nil
}

// Redo applies again the action last undone and saves the longer game.
func (s *Session) Redo() ([]rules.Event, error) {
	evs, err := s.g.Redo()
	if err != nil {
		return nil, err
	}
	s.Save()
	return evs, nil
}
