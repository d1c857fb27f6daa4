package rules

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"notrueking/board"
)

// Record is a whole game as text: the map it is played on, the seed of
// every random draw, the players in seat order and every action applied.
// A record replays to the identical game (Replay).
//
// The text form (see docs/records.md) is line based:
//
//	# No True King record
//	map standard
//	seed 12345
//	player crown Alice
//	player torch Bob Smith
//	crown arrange baratheon stark lannister greyjoy tyrell
//	...
//
// Lines starting with '#' are comments; blank lines are ignored. The
// header (map, seed, player lines) comes before the first action. A map or
// player name that plain text cannot hold is written Go-quoted
// (player torch " Bob").
type Record struct {
	// Map is the map name ("standard") or a map file path (relative to
	// the record's folder, '/'-separated).
	Map string
	// MapSHA256 is, for a map file, the SHA-256 of its content in hex
	// (lower case): replaying refuses a map file that has changed since.
	// It is "" for a shipped map, and for a map file in an old record.
	MapSHA256 string
	// Seed is Config.Seed.
	Seed uint64
	// Variant is Config.Variant: the header's "variant citadel" line,
	// none for the plain game (a record without one replays as before).
	Variant Variant
	// Players are the player names in seat order.
	Players []string
	// Seats are the seat ids (conspiracy ids) in seat order, one per
	// player; they must be the map's conspiracy ids in order.
	Seats []string
	// Actions are the actions in the order they were applied, as record
	// lines ("crown place stark lord"): reading an action's ids needs the
	// map, so a record holds the text and Replay reads it on the map.
	Actions []string
	// Lines is, for a parsed record, the line number (1-based) of each
	// action in its source; nil for a record built otherwise.
	Lines []int
	// Warning is, for a parsed record whose last line has no line end, the
	// warning naming it: ignored when it does not read, or read as it
	// stands (it may have been cut off); "" otherwise.
	Warning string
	// LastOpen reports that the last action line had no line end: when it
	// does not apply, ReplayRecord ignores it with a warning.
	LastOpen bool
	// Scenario is, for a record that starts from a scenario (package
	// scenarios) instead of a new game, the scenario file's path relative
	// to the record's folder ('/'-separated); the record then has no map,
	// seed or player lines and Map, Seed, Players and Seats are not
	// written (Seats, when set, still check the actions). ScenarioSHA256
	// is the file's SHA-256 ("" for none: a hand-written record).
	Scenario       string
	ScenarioSHA256 string
}

// Header keywords of a record file. A seat id may not be one of them.
const (
	recMap      = "map"
	recSeed     = "seed"
	recPlayer   = "player"
	recScenario = "scenario"
	recVariant  = "variant"
)

// maxRecordLine bounds one line of a record file.
const maxRecordLine = 64 * 1024

// ParseRecord reads a whole record; it is RecordReader's header and
// actions collected. Errors name the line and say what is wrong. A cut-off
// last line is ignored and named in the record's Warning. It checks the
// syntax only: whether the seat ids are the map's and the actions legal is
// for Replay to say. To replay a long record without holding it, use
// NewRecordReader and ReplayReader or RunRecordReader.
func ParseRecord(r io.Reader) (Record, error) {
	rr, err := NewRecordReader(r)
	if err != nil {
		return Record{}, err
	}
	rec := rr.Header()
	for {
		a, line, err := rr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return Record{}, err
		}
		rec.Actions = append(rec.Actions, a)
		rec.Lines = append(rec.Lines, line)
		rec.LastOpen = line == rr.openLine
	}
	rec.Warning = rr.Warning()
	return rec, nil
}

// checkActionLine checks what can be checked of an action line without the
// map: a seat id of the record, a verb and the shape of its arguments. The
// ids are read on the map by ParseAction when the record is replayed.
func checkActionLine(line string, seats []string) error {
	_, err := parseAction(nil, seats, line)
	return err
}

// splitWord splits s (already trimmed) into its first word and the trimmed rest.
func splitWord(s string) (word, rest string) {
	i := strings.IndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// checkSeatID says whether id can stand as a seat id in a record.
func checkSeatID(id string) error {
	switch {
	case id == "":
		return errors.New("empty seat id")
	case id == recMap || id == recSeed || id == recPlayer || id == recScenario || id == recVariant:
		return fmt.Errorf("seat id %q is a record keyword", id)
	case strings.HasPrefix(id, "#"):
		return fmt.Errorf("seat id %q starts with '#', which begins a comment", id)
	case strings.IndexFunc(id, unicode.IsSpace) >= 0:
		return fmt.Errorf("seat id %q contains a space", id)
	case !utf8.ValidString(id) || strings.IndexFunc(id, unicode.IsControl) >= 0:
		return fmt.Errorf("seat id %q contains a character that is not text", id)
	}
	return nil
}

// readText reads the rest of a map or player line: plain text (trimmed),
// or a Go-quoted string for text that plain form cannot hold (spaces
// around it, a leading quote). Either way the text may not hold control,
// bidi-control or zero-width characters (checkNameText).
func readText(what, s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		u, err := strconv.Unquote(s)
		if err != nil {
			return "", fmt.Errorf("%s %s is not a well-formed quoted string", what, plain(s))
		}
		if u == "" {
			return "", fmt.Errorf("%s is empty", what)
		}
		s = u
	}
	if err := checkNameText(what, s); err != nil {
		return "", err
	}
	return s, nil
}

// writeText is the inverse of readText: s plain when it reads back the
// same, else quoted.
func writeText(s string) string {
	if s == "" || strings.HasPrefix(s, `"`) || strings.TrimSpace(s) != s || !utf8.ValidString(s) ||
		strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return strconv.Quote(s)
	}
	return s
}

// writeMap renders the rest of the map line: the name (quoted when plain
// text would read back otherwise, e.g. a name ending in "sha256 X") and,
// for a map file, "sha256 HASH".
func writeMap(name, sum string) string {
	text := writeText(name)
	if !strings.HasPrefix(text, `"`) {
		if _, _, ok := cutHash(text); ok {
			text = strconv.Quote(name)
		}
	}
	if sum != "" {
		text += " " + mapHash + " " + sum
	}
	return text
}

// Write writes the record in the text form ParseRecord reads; a map or
// player name that plain text cannot hold (spaces around it, a leading
// quote) is written Go-quoted. It refuses (writing nothing) a record that
// would not read back the same: an empty name, a name with a control,
// bidi-control or zero-width character, a map hash that is not 64 hex
// digits, a seat id with a space, an action whose text does not parse.
func (r Record) Write(w io.Writer) error {
	if r.Scenario != "" {
		return r.writeScenario(w)
	}
	if r.Map == "" {
		return errors.New("cannot write record: map name is empty")
	}
	if err := checkNameText("map name", r.Map); err != nil {
		return fmt.Errorf("cannot write record: %v", err)
	}
	if r.MapSHA256 != "" {
		if h, err := readHash(r.MapSHA256); err != nil || h != r.MapSHA256 {
			return fmt.Errorf("cannot write record: map file hash %s is not 64 lower-case hex digits", fragment(r.MapSHA256))
		}
	}
	if len(r.Seats) != len(r.Players) {
		return fmt.Errorf("cannot write record: %d players but %d seat ids", len(r.Players), len(r.Seats))
	}
	if len(r.Seats) == 0 {
		return errors.New("cannot write record: no players")
	}
	var b strings.Builder
	b.WriteString("# No True King record\n")
	fmt.Fprintf(&b, "map %s\nseed %d\n", writeMap(r.Map, r.MapSHA256), r.Seed)
	if r.Variant != Plain {
		if r.Variant >= numVariants {
			return fmt.Errorf("cannot write record: unknown variant %d", int(r.Variant))
		}
		fmt.Fprintf(&b, "%s %s\n", recVariant, r.Variant)
	}
	for i, id := range r.Seats {
		if err := checkSeatID(id); err != nil {
			return fmt.Errorf("cannot write record: seat %d: %v", i+1, err)
		}
		for _, prev := range r.Seats[:i] {
			if prev == id {
				return fmt.Errorf("cannot write record: seat %s is named twice", id)
			}
		}
		if r.Players[i] == "" {
			return fmt.Errorf("cannot write record: seat %s: player name is empty", id)
		}
		if err := checkPlayerName("player name", r.Players[i]); err != nil {
			return fmt.Errorf("cannot write record: seat %s: %v", id, err)
		}
		fmt.Fprintf(&b, "player %s %s\n", id, writeText(r.Players[i]))
	}
	return writeActions(w, &b, r.Actions, r.Seats)
}

// writeScenario writes a record that starts from a scenario.
func (r Record) writeScenario(w io.Writer) error {
	if err := checkNameText("scenario path", r.Scenario); err != nil {
		return fmt.Errorf("cannot write record: %v", err)
	}
	if r.ScenarioSHA256 != "" {
		if h, err := readHash(r.ScenarioSHA256); err != nil || h != r.ScenarioSHA256 {
			return fmt.Errorf("cannot write record: scenario file hash %s is not 64 lower-case hex digits", fragment(r.ScenarioSHA256))
		}
	}
	var b strings.Builder
	b.WriteString("# No True King record\n")
	fmt.Fprintf(&b, "%s %s\n", recScenario, writeMap(r.Scenario, r.ScenarioSHA256))
	seats := r.Seats
	if len(seats) == 0 {
		seats = nil
	}
	return writeActions(w, &b, r.Actions, seats)
}

// writeActions appends the action lines to the record's header in b, each
// checked to read back as written (seats: the record's seat ids, nil when
// only their form can be checked), and writes it all to w.
func writeActions(w io.Writer, b *strings.Builder, actions, seats []string) error {
	for i, line := range actions {
		if err := checkActionLine(line, seats); err != nil || line != strings.Join(strings.Fields(line), " ") {
			if err == nil {
				err = errors.New("spacing differs from the record form")
			}
			return fmt.Errorf("cannot write record: action %d %q does not read back: %v", i+1, line, err)
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// String returns the record's text form, or a comment line naming the
// problem when it cannot be written.
func (r Record) String() string {
	var b strings.Builder
	if err := r.Write(&b); err != nil {
		return "# " + strings.ReplaceAll(err.Error(), "\n", " ") + "\n"
	}
	return b.String()
}

// RecordOf returns the record of a game so far. Its Map is the map's id
// (the name maps.Load takes for a shipped map); for a map loaded from a
// file set Map and MapSHA256 to the file's path relative to the record's
// folder and its hash (records.MapRef computes both).
func RecordOf(g *Game) Record {
	cfg := g.Config()
	lines := make([]string, len(g.actions))
	for i, a := range g.actions {
		lines[i] = a.Format(g.m)
	}
	return Record{
		Map:     g.Map().ID,
		Seed:    cfg.Seed,
		Variant: cfg.Variant,
		Players: cfg.Players,
		Seats:   g.Seats(),
		Actions: lines,
	}
}

// newFromRecord starts the record's game on m, checking that the record's
// seats are the map's conspiracy ids in order.
func newFromRecord(m *board.Map, r Record) (*Game, error) {
	if r.Scenario != "" {
		return nil, fmt.Errorf("record: it starts from scenario %s: load the scenario (package scenarios) and replay from it (ReplayFrom, RunRecordFrom)", fragment(r.Scenario))
	}
	if m == nil {
		return nil, errors.New("record: no map given")
	}
	if len(r.Seats) != 0 && len(r.Seats) != len(r.Players) {
		return nil, fmt.Errorf("record: %d players but %d seat ids", len(r.Players), len(r.Seats))
	}
	g, err := New(m, Config{Players: append([]string(nil), r.Players...), Seed: r.Seed, Variant: r.Variant})
	if err != nil {
		return nil, fmt.Errorf("record: %v", err)
	}
	if len(r.Seats) != 0 {
		want := g.Seats()
		for i, s := range r.Seats {
			if s != want[i] {
				return nil, fmt.Errorf("record: player %d (%s) sits as %q, but on the %s map seat %d is %q (seats are the map's conspiracies in order: %s)",
					i+1, r.Players[i], s, m.ID, i+1, want[i], strings.Join(want, ", "))
			}
		}
	}
	return g, nil
}

// actionError names the failing action of a record (its number n, from 1,
// its line when known, its text) and the engine's reason.
func actionError(n, line int, text string, err error) error {
	where := fmt.Sprintf("action %d", n)
	if line > 0 {
		where += fmt.Sprintf(" (line %d)", line)
	}
	return errors.New(tidyError(fmt.Sprintf("%s %q: %v", where, text, err)))
}

// actionSource yields a record's action lines one at a time with their
// line numbers (0 when unknown) and whether the line had no line end (only
// ever the last), then io.EOF.
type actionSource func() (text string, line int, open bool, err error)

// actionsOf is the actionSource of a record held in memory.
func actionsOf(r Record) actionSource {
	i := 0
	return func() (string, int, bool, error) {
		if i >= len(r.Actions) {
			return "", 0, false, io.EOF
		}
		a, line := r.Actions[i], 0
		if i < len(r.Lines) {
			line = r.Lines[i]
		}
		i++
		return a, line, r.LastOpen && i == len(r.Actions), nil
	}
}

// applyAll reads the action lines of next on g's map and applies them as
// they come. After each action it calls applied (when not nil) with the
// action's number, its text and its events; at the first action that does
// not read on the map or that the engine refuses it calls refused (when not
// nil) and returns the action's error — unless it is a last line without a
// line end (cut off while being written): then it calls ignored with the
// line and the reason and stops without an error. A line the reader
// refuses ends it with the reader's error.
func applyAll(g *Game, next actionSource, applied func(n int, text string, ev []Event) error, refused func(n int, text string, err error) error, ignored func(line int, err error)) error {
	for n := 1; ; n++ {
		text, line, open, err := next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		a, aerr := g.ParseAction(text)
		var ev []Event
		if aerr == nil {
			ev, aerr = g.Apply(a)
		}
		if aerr != nil && open {
			ignored(line, aerr)
			return nil
		}
		if aerr != nil {
			if refused != nil {
				if err := refused(n, text, aerr); err != nil {
					return err
				}
			}
			return actionError(n, line, text, aerr)
		}
		if applied != nil {
			if err := applied(n, text, ev); err != nil {
				return err
			}
		}
	}
}

// Replay plays the record on map m. It returns the game and every event
// (those of the setup first). At the first action the engine refuses it
// stops, returning the game as it was before that action, the events so far
// and an error naming the action's number, its line and the engine's reason.
// A last line without a line end that cannot be applied is ignored; use
// ReplayRecord to learn so.
func Replay(m *board.Map, r Record) (*Game, []Event, error) {
	g, events, _, err := ReplayRecord(m, r)
	return g, events, err
}

// ReplayRecord is Replay that also returns the record's warning: its
// Warning, or that its last line, which has no line end, was ignored
// because it cannot be applied (it was cut off while being written).
func ReplayRecord(m *board.Map, r Record) (*Game, []Event, string, error) {
	g, err := newFromRecord(m, r)
	if err != nil {
		return nil, nil, "", err
	}
	warning := r.Warning
	events := append([]Event(nil), g.st.Log...)
	err = applyAll(g, actionsOf(r), func(_ int, _ string, ev []Event) error {
		events = append(events, ev...)
		return nil
	}, nil, func(line int, err error) { warning = tornWarning(line, err) })
	return g, events, warning, err
}

// ReplayReader plays the record rr reads on map m, applying each action as
// it is read (the record is never held whole). It stops at the first line
// that does not read or action the engine refuses, returning the game as
// it was before it and an error naming the line (and the action's number
// and the engine's reason). A cut-off last line is ignored: rr.Warning
// says so.
func ReplayReader(m *board.Map, rr *RecordReader) (*Game, error) {
	g, err := newFromRecord(m, rr.Header())
	if err != nil {
		return nil, err
	}
	return g, applyAll(g, rr.next, nil, nil, rr.ignoreOpen)
}

// ReplayFrom plays the actions of record r on g, a game set up from the
// scenario the record names (r.Scenario): like Replay, it stops at the
// first action the engine refuses with an error naming it, and ignores a
// cut-off last line (the warning says so). g is changed.
func ReplayFrom(g *Game, r Record) (warning string, err error) {
	warning = r.Warning
	err = applyAll(g, actionsOf(r), nil, nil, func(line int, err error) { warning = tornWarning(line, err) })
	return warning, err
}

// ReplayReaderFrom is ReplayFrom on the record rr reads, applying each
// action as it is read; rr.Warning says whether a cut-off last line was
// ignored.
func ReplayReaderFrom(g *Game, rr *RecordReader) error {
	return applyAll(g, rr.next, nil, nil, rr.ignoreOpen)
}

// RunStep is one step of RunRecord (a line of the run command's output):
// an action and its events (N 0 is the setup), or the refusal of an action. Every event is there,
// private ones in the words of the seat they belong to.
type RunStep struct {
	N      int       `json:"n"`
	Action string    `json:"action"`
	Events []LogLine `json:"events"`
	Error  string    `json:"error,omitempty"`
}

// FinalState is what RunRecord returns (the last line of the run
// command's output): the state at the end of the record as the public
// view shows it (at game over everything is revealed). It is JSON for
// people and other programs: houses, territories and cards are named by
// their string ids.
type FinalState struct {
	// Variant is the optional rules in play ("citadel"; left out for the
	// plain game, whose JSON is as before the variant).
	Variant  string            `json:"variant,omitempty"`
	Over     bool              `json:"over"`
	Phase    Phase             `json:"phase"`
	Round    int               `json:"round"`
	Rounds   int               `json:"rounds"`
	Actions  int               `json:"actions"`
	Groups   []FinalGroup      `json:"groups"`
	Flags    map[string]string `json:"flags"`
	Control  map[string]string `json:"control"`
	Ranking  []FinalRank       `json:"ranking"`
	Players  []FinalPlayer     `json:"players"`
	Winners  []string          `json:"winners"`
	TieBreak string            `json:"tie_break,omitempty"`
}

// FinalGroup is a Group in FinalState.
type FinalGroup struct {
	House     string              `json:"house"`
	Territory string              `json:"territory"`
	Units     [board.NumUnits]int `json:"units"`
	Carried   int                 `json:"carried,omitempty"`
}

// FinalRank is a Rank in FinalState: its House (the string id) hides the
// Rank's number in the JSON.
type FinalRank struct {
	House string `json:"house"`
	Rank
}

// FinalToken is a Token in FinalState ("" house when hidden).
type FinalToken struct {
	House    string `json:"house"`
	Value    int    `json:"value"`
	Revealed bool   `json:"revealed"`
}

// FinalPlayer is one seat in FinalState.
type FinalPlayer struct {
	Seat      Seat           `json:"seat"`
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Score     int            `json:"score"`
	Revealed  int            `json:"revealed"`
	Loyalty   []FinalToken   `json:"loyalty"`
	HandSizes map[string]int `json:"hand_sizes"`
	Hand      []string       `json:"hand,omitempty"`
	// The Citadel variant's public counts (left out when 0): crystals,
	// ravens and Dark Wings cards held.
	Crystals int `json:"crystals,omitempty"`
	Ravens   int `json:"ravens,omitempty"`
	Wings    int `json:"wings,omitempty"`
}

// FinalStateOf summarises the game's public view for the runner, naming
// every house, territory and card by its id: the one place where the
// run command's JSON turns the view's numbers into names.
func FinalStateOf(g *Game) FinalState {
	v, m := g.View(Public), g.m
	house := func(h board.HouseID) string {
		if h < 0 {
			return ""
		}
		return m.HouseName(h)
	}
	f := FinalState{
		Variant:  v.Variant,
		Over:     g.Over(),
		Phase:    v.Phase,
		Round:    v.Round,
		Rounds:   v.Rounds,
		Actions:  len(g.actions),
		Groups:   []FinalGroup{},
		Flags:    map[string]string{},
		Control:  map[string]string{},
		Ranking:  []FinalRank{},
		Players:  []FinalPlayer{},
		Winners:  []string{},
		TieBreak: v.TieBreak,
	}
	for _, gr := range v.Groups {
		f.Groups = append(f.Groups, FinalGroup{House: house(gr.House), Territory: m.TerrName(gr.Territory), Units: gr.Units, Carried: gr.Carried})
	}
	sort.SliceStable(f.Groups, func(i, j int) bool {
		a, b := f.Groups[i], f.Groups[j]
		if a.Territory != b.Territory {
			return a.Territory < b.Territory
		}
		return a.House < b.House
	})
	for t := range m.NumTerritories() {
		if h := v.Flag(t); h >= 0 {
			f.Flags[m.TerrName(t)] = house(h)
		}
		if h := v.Controller(t); h >= 0 {
			f.Control[m.TerrName(t)] = house(h)
		}
	}
	for _, r := range v.Ranking {
		f.Ranking = append(f.Ranking, FinalRank{House: house(r.House), Rank: r})
	}
	seats := g.Seats()
	for _, p := range v.Players {
		fp := FinalPlayer{Seat: p.Seat, ID: p.ID, Name: p.Name, Score: p.Score,
			Loyalty: []FinalToken{}, HandSizes: map[string]int{}, Crystals: p.Crystals, Ravens: p.Ravens, Wings: p.Wings}
		for _, t := range p.Loyalty {
			fp.Loyalty = append(fp.Loyalty, FinalToken{House: house(t.House), Value: t.Value, Revealed: t.Revealed})
			if t.Revealed {
				fp.Revealed++
			}
		}
		for h, n := range p.HandSizes {
			if n > 0 {
				fp.HandSizes[house(board.HouseID(h))] = n
			}
		}
		for _, c := range p.Hand {
			fp.Hand = append(fp.Hand, m.CardName(c))
		}
		f.Players = append(f.Players, fp)
	}
	for _, w := range v.Winners {
		if w >= 0 && int(w) < len(seats) {
			f.Winners = append(f.Winners, seats[w])
		}
	}
	return f
}

// RunRecord replays the record on map m headlessly, handing each step to
// step as it is played: the setup's events (N 0), then each action with
// its events. At the first action the engine refuses it hands step the
// refusal (the RunStep's Error) and returns an error naming the action,
// its line and the reason. At the end it returns the FinalState. An error
// of step stops it and is returned. The steps are deterministic; the
// "run" command writes each as a line of JSON.
func RunRecord(m *board.Map, r Record, step func(RunStep) error) (FinalState, error) {
	return run(m, r, actionsOf(r), func(int, error) {}, step)
}

// RunRecordReader is RunRecord on the record rr reads, applying each
// action as it is read. A line that does not read stops it like a refused
// action, but without a step for it: the error names the line. A cut-off
// last line is ignored (rr.Warning says so) and the final state returned.
func RunRecordReader(m *board.Map, rr *RecordReader, step func(RunStep) error) (FinalState, error) {
	return run(m, rr.Header(), rr.next, rr.ignoreOpen, step)
}

// RunRecordFrom is RunRecordReader for a record that starts from a
// scenario: g is the game the scenario set up (the setup step, N 0, holds
// the events of its automatic steps, if any).
func RunRecordFrom(g *Game, rr *RecordReader, step func(RunStep) error) (FinalState, error) {
	return runGame(g, rr.next, rr.ignoreOpen, step)
}

func run(m *board.Map, hdr Record, next actionSource, ignored func(int, error), step func(RunStep) error) (FinalState, error) {
	g, err := newFromRecord(m, hdr)
	if err != nil {
		return FinalState{}, err
	}
	return runGame(g, next, ignored, step)
}

func runGame(g *Game, next actionSource, ignored func(int, error), step func(RunStep) error) (FinalState, error) {
	if err := step(RunStep{N: 0, Action: "", Events: g.ownLines(g.st.Log)}); err != nil {
		return FinalState{}, err
	}
	err := applyAll(g, next, func(n int, text string, ev []Event) error {
		return step(RunStep{N: n, Action: text, Events: g.ownLines(ev)})
	}, func(n int, text string, aerr error) error {
		return step(RunStep{N: n, Action: text, Events: []LogLine{}, Error: aerr.Error()})
	}, ignored)
	if err != nil {
		return FinalState{}, err
	}
	return FinalStateOf(g), nil
}
