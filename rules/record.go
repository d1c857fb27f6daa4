package rules

import (
	"bufio"
	"encoding/json"
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
	// Map is the map name ("standard") or a map file path.
	Map string
	// Seed is Config.Seed.
	Seed uint64
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
}

// Header keywords of a record file. A seat id may not be one of them.
const (
	recMap    = "map"
	recSeed   = "seed"
	recPlayer = "player"
)

// maxRecordLine bounds one line of a record file.
const maxRecordLine = 64 * 1024

// ParseRecord reads a record. Errors name the line and say what is wrong.
// It checks the syntax only: whether the seat ids are the map's and the
// actions legal is for Replay to say.
func ParseRecord(r io.Reader) (Record, error) {
	var rec Record
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxRecordLine)
	n := 0
	haveMap, haveSeed := false, false
	for sc.Scan() {
		n++
		raw := sc.Text()
		if !utf8.ValidString(raw) {
			return Record{}, fmt.Errorf("line %d: not valid UTF-8 text", n)
		}
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		word, rest := splitWord(line)
		switch word {
		case recMap:
			if len(rec.Actions) > 0 {
				return Record{}, fmt.Errorf("line %d: the map line must come before the first action", n)
			}
			if haveMap {
				return Record{}, fmt.Errorf("line %d: second map line (the map is already %q)", n, rec.Map)
			}
			if rest == "" {
				return Record{}, fmt.Errorf("line %d: map line without a map name (want \"map standard\" or \"map FILE\")", n)
			}
			name, err := readText("map name", rest)
			if err != nil {
				return Record{}, fmt.Errorf("line %d: %v", n, err)
			}
			rec.Map, haveMap = name, true
		case recSeed:
			if len(rec.Actions) > 0 {
				return Record{}, fmt.Errorf("line %d: the seed line must come before the first action", n)
			}
			if haveSeed {
				return Record{}, fmt.Errorf("line %d: second seed line (the seed is already %d)", n, rec.Seed)
			}
			s, err := strconv.ParseUint(rest, 10, 64)
			if err != nil {
				return Record{}, fmt.Errorf("line %d: seed %q is not a whole number from 0 to %d", n, rest, uint64(1<<64-1))
			}
			rec.Seed, haveSeed = s, true
		case recPlayer:
			if len(rec.Actions) > 0 {
				return Record{}, fmt.Errorf("line %d: player lines must come before the first action", n)
			}
			id, name := splitWord(rest)
			if id == "" {
				return Record{}, fmt.Errorf("line %d: player line without a seat id (want \"player SEAT NAME\", e.g. \"player crown Alice\")", n)
			}
			if err := checkSeatID(id); err != nil {
				return Record{}, fmt.Errorf("line %d: %v", n, err)
			}
			if name == "" {
				return Record{}, fmt.Errorf("line %d: player %s has no name (want \"player %s NAME\")", n, id, id)
			}
			name, err := readText("player name", name)
			if err != nil {
				return Record{}, fmt.Errorf("line %d: %v", n, err)
			}
			for _, s := range rec.Seats {
				if s == id {
					return Record{}, fmt.Errorf("line %d: seat %s is named twice", n, id)
				}
			}
			rec.Seats = append(rec.Seats, id)
			rec.Players = append(rec.Players, name)
		default:
			if !haveMap {
				return Record{}, fmt.Errorf("line %d: %q comes before the map line (a record starts with map, seed and player lines)", n, word)
			}
			if !haveSeed {
				return Record{}, fmt.Errorf("line %d: %q comes before the seed line (a record starts with map, seed and player lines)", n, word)
			}
			if len(rec.Seats) == 0 {
				return Record{}, fmt.Errorf("line %d: %q comes before any player line (a record starts with map, seed and player lines)", n, word)
			}
			if err := checkActionLine(line, rec.Seats); err != nil {
				return Record{}, fmt.Errorf("line %d: %v", n, err)
			}
			rec.Actions = append(rec.Actions, strings.Join(strings.Fields(line), " "))
			rec.Lines = append(rec.Lines, n)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return Record{}, fmt.Errorf("line %d: line longer than %d bytes", n+1, maxRecordLine)
		}
		return Record{}, fmt.Errorf("reading record after line %d: %v", n, err)
	}
	switch {
	case !haveMap:
		return Record{}, errors.New("record has no map line (want e.g. \"map standard\")")
	case !haveSeed:
		return Record{}, errors.New("record has no seed line (want e.g. \"seed 12345\")")
	case len(rec.Seats) == 0:
		return Record{}, errors.New("record has no player lines (want e.g. \"player crown Alice\")")
	}
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
	case id == recMap || id == recSeed || id == recPlayer:
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

// readText reads the rest of a map or player line: plain text (trimmed,
// without control characters), or a Go-quoted string for text that plain
// form cannot hold (spaces around it, tabs, line breaks, a leading quote).
func readText(what, s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		u, err := strconv.Unquote(s)
		if err != nil {
			return "", fmt.Errorf("%s %s is not a well-formed quoted string", what, s)
		}
		if u == "" {
			return "", fmt.Errorf("%s is empty", what)
		}
		return u, nil
	}
	if i := strings.IndexFunc(s, unicode.IsControl); i >= 0 {
		return "", fmt.Errorf("%s %q contains a control character; write it quoted (e.g. %s)", what, s, strconv.Quote(s))
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

// Write writes the record in the text form ParseRecord reads; a map or
// player name that plain text cannot hold (spaces around it, a tab or line
// break, invalid UTF-8, a leading quote) is written Go-quoted. It refuses
// (writing nothing) a record that would not read back the same: an empty
// name, a seat id with a space, an action whose text does not parse.
func (r Record) Write(w io.Writer) error {
	if r.Map == "" {
		return errors.New("cannot write record: map name is empty")
	}
	if len(r.Seats) != len(r.Players) {
		return fmt.Errorf("cannot write record: %d players but %d seat ids", len(r.Players), len(r.Seats))
	}
	if len(r.Seats) == 0 {
		return errors.New("cannot write record: no players")
	}
	var b strings.Builder
	b.WriteString("# No True King record\n")
	fmt.Fprintf(&b, "map %s\nseed %d\n", writeText(r.Map), r.Seed)
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
		fmt.Fprintf(&b, "player %s %s\n", id, writeText(r.Players[i]))
	}
	for i, line := range r.Actions {
		if err := checkActionLine(line, r.Seats); err != nil || line != strings.Join(strings.Fields(line), " ") {
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
// (the name maps.Load takes for a shipped map; set it to the file path for
// a map loaded from a file).
func RecordOf(g *Game) Record {
	cfg := g.Config()
	lines := make([]string, len(g.actions))
	for i, a := range g.actions {
		lines[i] = a.Format(g.m)
	}
	return Record{
		Map:     g.Map().ID,
		Seed:    cfg.Seed,
		Players: cfg.Players,
		Seats:   g.Seats(),
		Actions: lines,
	}
}

// newFromRecord starts the record's game on m, checking that the record's
// seats are the map's conspiracy ids in order.
func newFromRecord(m *board.Map, r Record) (*Game, error) {
	if m == nil {
		return nil, errors.New("record: no map given")
	}
	if len(r.Seats) != 0 && len(r.Seats) != len(r.Players) {
		return nil, fmt.Errorf("record: %d players but %d seat ids", len(r.Players), len(r.Seats))
	}
	g, err := New(m, Config{Players: append([]string(nil), r.Players...), Seed: r.Seed})
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

// actionError names the failing action of a record and the engine's reason.
func actionError(r Record, i int, err error) error {
	where := fmt.Sprintf("action %d", i+1)
	if i < len(r.Lines) && r.Lines[i] > 0 {
		where += fmt.Sprintf(" (line %d)", r.Lines[i])
	}
	return fmt.Errorf("%s %q: %v", where, strings.Join(strings.Fields(r.Actions[i]), " "), err)
}

// replayOne reads action i of the record on g's map and applies it.
func replayOne(g *Game, r Record, i int) ([]Event, error) {
	a, err := g.ParseAction(r.Actions[i])
	if err != nil {
		return nil, err
	}
	return g.Apply(a)
}

// Replay plays the record on map m. It returns the game and every event
// (those of the setup first). At the first action the engine refuses it
// stops, returning the game as it was before that action, the events so far
// and an error naming the action's number, its line and the engine's reason.
func Replay(m *board.Map, r Record) (*Game, []Event, error) {
	g, err := newFromRecord(m, r)
	if err != nil {
		return nil, nil, err
	}
	events := append([]Event(nil), g.S.Log...)
	for i := range r.Actions {
		ev, err := replayOne(g, r, i)
		if err != nil {
			return g, events, actionError(r, i, err)
		}
		events = append(events, ev...)
	}
	return g, events, nil
}

// RunStep is one line of the runner's output: an action and its events
// (N 0 is the setup), or the refusal of an action. Every event is there,
// private ones in the words of the seat they belong to.
type RunStep struct {
	N      int       `json:"n"`
	Action string    `json:"action"`
	Events []LogLine `json:"events"`
	Error  string    `json:"error,omitempty"`
}

// FinalState is the last line of the runner's output: the state at the
// end of the record as the public view shows it (at game over everything
// is revealed).
type FinalState struct {
	Over     bool              `json:"over"`
	Phase    Phase             `json:"phase"`
	Round    int               `json:"round"`
	Rounds   int               `json:"rounds"`
	Actions  int               `json:"actions"`
	Groups   []Group           `json:"groups"`
	Flags    map[string]string `json:"flags"`
	Control  map[string]string `json:"control"`
	Ranking  []Rank            `json:"ranking"`
	Players  []FinalPlayer     `json:"players"`
	Winners  []string          `json:"winners"`
	TieBreak string            `json:"tie_break,omitempty"`
}

// FinalPlayer is one seat in FinalState.
type FinalPlayer struct {
	Seat      int            `json:"seat"`
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Score     int            `json:"score"`
	Revealed  int            `json:"revealed"`
	Loyalty   []Token        `json:"loyalty"`
	HandSizes map[string]int `json:"hand_sizes"`
	Hand      []string       `json:"hand,omitempty"`
}

// FinalStateOf summarises the game's public view for the runner.
func FinalStateOf(g *Game) FinalState {
	v := g.View(Public)
	f := FinalState{
		Over:     g.Over(),
		Phase:    v.Phase,
		Round:    v.Round,
		Rounds:   v.Rounds,
		Actions:  len(g.actions),
		Groups:   append([]Group{}, v.Groups...),
		Flags:    v.Flags,
		Control:  v.Control,
		Ranking:  append([]Rank{}, v.Ranking...),
		Players:  []FinalPlayer{},
		Winners:  []string{},
		TieBreak: v.TieBreak,
	}
	if f.Flags == nil {
		f.Flags = map[string]string{}
	}
	if f.Control == nil {
		f.Control = map[string]string{}
	}
	sort.SliceStable(f.Groups, func(i, j int) bool {
		a, b := f.Groups[i], f.Groups[j]
		if a.Territory != b.Territory {
			return a.Territory < b.Territory
		}
		return a.House < b.House
	})
	seats := g.Seats()
	for _, p := range v.Players {
		fp := FinalPlayer{Seat: p.Seat, ID: p.ID, Name: p.Name, Score: p.Score,
			Loyalty: append([]Token{}, p.Loyalty...), HandSizes: p.HandSizes}
		if fp.HandSizes == nil {
			fp.HandSizes = map[string]int{}
		}
		for _, t := range p.Loyalty {
			if t.Revealed {
				fp.Revealed++
			}
		}
		for _, c := range p.Hand {
			fp.Hand = append(fp.Hand, c.ID)
		}
		f.Players = append(f.Players, fp)
	}
	for _, w := range v.Winners {
		if w >= 0 && w < len(seats) {
			f.Winners = append(f.Winners, seats[w])
		}
	}
	return f
}

// RunRecord replays the record on map m headlessly, writing one JSON object
// per line to stdout: the setup's events ({"n":0,...}), then each action
// with its events ({"n":1,"action":"crown arrange ...","events":[...]}),
// then {"final":{...}}, the FinalState. At the first action the engine
// refuses it writes {"n":…,"action":…,"error":reason} and returns an error
// naming the action, its line and the reason. The output is deterministic.
func RunRecord(m *board.Map, r Record, stdout io.Writer) error {
	g, err := newFromRecord(m, r)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(RunStep{N: 0, Action: "", Events: g.ownLines(g.S.Log)}); err != nil {
		return err
	}
	for i := range r.Actions {
		ev, aerr := replayOne(g, r, i)
		step := RunStep{N: i + 1, Action: strings.Join(strings.Fields(r.Actions[i]), " "), Events: g.ownLines(ev)}
		if aerr != nil {
			step.Events = []LogLine{}
			step.Error = aerr.Error()
		}
		if err := enc.Encode(step); err != nil {
			return err
		}
		if aerr != nil {
			return actionError(r, i, aerr)
		}
	}
	return enc.Encode(struct {
		Final FinalState `json:"final"`
	}{FinalStateOf(g)})
}
