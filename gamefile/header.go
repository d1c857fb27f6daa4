package gamefile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"notrueking/bots"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/store"
)

// Meta is a save's summary, kept in its header; Saved, Round, Actions and
// Over change as the game goes on, and the save's last status line, when
// it has one, gives them instead of the header (Actions counted on by the
// action lines after it).
type Meta struct {
	// Saved is when the save was last written.
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
	// level (bots.Levels: "random", "steady", "easy", "strong"), so a continued game
	// keeps its bots; omitted when every seat is human.
	Seats []string `json:"seats,omitempty"`
	// BotPauseMS is the table's pause between two bot moves, in
	// milliseconds (0: the app's default).
	BotPauseMS int `json:"bot_pause_ms,omitempty"`
	// Variant is the game's variant ("citadel"; omitted for the plain
	// game), so that the Continue list can say it without reading the
	// record (whose header or start position is what the game is played
	// from).
	Variant string `json:"variant,omitempty"`
	// Host is, for a game hosted on the network, what lets its devices
	// take their seats back after the host restarts (nil otherwise).
	Host *Host `json:"host,omitempty"`
}

// Host is what a hosted game's save keeps of its network seats: the room
// code of its join link, and per seat the SHA-256 (hex) of the token the
// admitted device holds ("" for none). The tokens themselves are never
// written: a save is readable by its owner only, yet still a spoiler, and
// a token would be a key.
type Host struct {
	Room   string   `json:"room"`
	Tokens []string `json:"tokens,omitempty"`
}

// MaxRoom bounds a room code's length.
const MaxRoom = 32

// check refuses a host part that does not fit the game's players.
func (h *Host) check(players int) error {
	if h == nil {
		return nil
	}
	if h.Room == "" || len(h.Room) > MaxRoom {
		return fmt.Errorf("the save's header names the room %q: 1 to %d letters and digits", h.Room, MaxRoom)
	}
	for _, r := range h.Room {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return fmt.Errorf("the save's header names the room %q: letters and digits only", h.Room)
		}
	}
	if len(h.Tokens) > players {
		return fmt.Errorf("the save's header keeps %d seat tokens for %d players", len(h.Tokens), players)
	}
	for i, t := range h.Tokens {
		if t == "" {
			continue
		}
		if len(t) != 64 || strings.Trim(t, "0123456789abcdef") != "" {
			return fmt.Errorf("the save's header keeps for seat %d a token hash that is not 64 hex digits", i+1)
		}
	}
	return nil
}

// SeatHuman marks a seat played at the table in Meta.Seats.
const SeatHuman = "human"

// SeatRemote marks a seat played by a device that joined the host over
// the network (Meta.Seats).
const SeatRemote = "remote"

// IsPerson reports whether who (a Meta.Seats entry) is a person's seat,
// here or at another device, rather than a bot's.
func IsPerson(who string) bool { return who == SeatHuman || who == SeatRemote || who == "" }

// BotLevels names the bot level playing each seat of seats (a Meta.Seats),
// "" for a person's; nil when seats is.
func BotLevels(seats []string) []string {
	if seats == nil {
		return nil
	}
	out := make([]string, len(seats))
	for i, s := range seats {
		if !IsPerson(s) {
			out[i] = s
		}
	}
	return out
}

// MaxBotPause bounds Meta.BotPauseMS: a minute between two bot moves.
const MaxBotPause = 60_000

// check refuses a header whose seats do not fit the record's players.
func (m Meta) check(players int) error {
	for i, p := range m.Players {
		if err := rules.CheckPlayerName(p); err != nil {
			return fmt.Errorf("the save's header names player %d wrongly: %v", i+1, err)
		}
	}
	if len(m.Seats) > 0 && len(m.Seats) != players {
		return fmt.Errorf("the save's header names who plays %d seats, and its record has %d players", len(m.Seats), players)
	}
	for i, s := range m.Seats {
		if s == SeatHuman || s == SeatRemote {
			continue
		}
		if _, err := bots.ParseLevel(s); err != nil {
			return fmt.Errorf("the save's header says seat %d is played by %q: not %s, %s or a bot level (%s)", i+1, s, SeatHuman, SeatRemote, strings.Join(bots.Levels(), ", "))
		}
	}
	if err := m.Host.check(players); err != nil {
		return err
	}
	if m.BotPauseMS < 0 || m.BotPauseMS > MaxBotPause {
		return fmt.Errorf("the save's header asks a pause of %d ms between bot moves (0 to %d)", m.BotPauseMS, MaxBotPause)
	}
	if v, err := rules.ParseVariant(m.Variant); err != nil || (v == rules.Plain && m.Variant != "") {
		return fmt.Errorf("the save's header names the variant %q: not one this game knows (%s)", m.Variant, strings.Join(rules.Variants()[1:], ", "))
	}
	return nil
}

// Bots counts the seats Seats gives to a bot.
func (m Meta) Bots() int {
	n := 0
	for _, s := range m.Seats {
		if !IsPerson(s) {
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

// StatusPrefix starts a status line: the facts of Meta that change with
// every action (saved, round, actions, over), as JSON. The session writes
// one after an action line when the time (to the second), the round or
// the end of the game changed, after an undo, and at least every
// statusEvery actions; the last one in the save, with the action lines
// after it counted, is current.
const StatusPrefix = "# status "

// StatusEvery bounds the action lines between two status lines, so that
// the last status line is always within the last tailPeek bytes of a save.
const StatusEvery = 64

// Status is what a status line holds.
type Status struct {
	Saved   time.Time `json:"saved"`
	Round   int       `json:"round,omitempty"`
	Actions int       `json:"actions"`
	Over    bool      `json:"over,omitempty"`
}

// Update brings m up to date with a status line.
func (m *Meta) Update(st Status) {
	m.Saved, m.Round, m.Actions, m.Over = st.Saved, st.Round, st.Actions, st.Over
}

// Bounded reads of a save for the list of saves (Unfinished): its first
// headPeek bytes hold its header (unless it holds a start position, then
// up to maxHeader more are read), its last tailPeek bytes its last status
// line and the action lines after it (at most statusEvery of some 40
// bytes).
const (
	headPeek = 64 << 10
	tailPeek = 16 << 10
)

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

// ReadMeta reads the Meta of a save: the header in its leading comment
// lines, brought up to date by the last status line among its last
// tailPeek bytes and the action lines after it; ok is false for a plain
// record (no header). A header line that does not read (not JSON, fields
// of the wrong kind, too long) is an error: the file is a save, and a
// save whose header is lost would lose its bots, its tester's mark and its
// start position.
func ReadMeta(data []byte) (m Meta, ok bool, err error) {
	m, ok, _, err = readHeader(data, true)
	if !ok || err != nil {
		return Meta{}, false, err
	}
	if st, found := lastStatus(tailOf(data)); found {
		m.Update(st)
	}
	return m, true, nil
}

// readHeader reads the Meta header from the leading comment lines of data,
// the whole save or (whole false) its beginning; more reports that the
// beginning ended before the header did.
func readHeader(data []byte, whole bool) (m Meta, ok, more bool, err error) {
	rest := bytes.TrimPrefix(data, []byte("\uFEFF"))
	for n := 1; len(rest) > 0; n++ {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else if !whole {
			return Meta{}, false, true, nil
		} else {
			rest = nil
		}
		long := len(line) > maxHeader
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line[0] != '#' {
			return Meta{}, false, false, nil
		}
		// The header is "# save {…}"; any other comment (even one that
		// starts "# save") is a comment.
		j, found := bytes.CutPrefix(line, []byte(headerPrefix))
		if found && !bytes.HasPrefix(bytes.TrimSpace(j), []byte("{")) {
			found = false
		}
		if !found {
			if long {
				return Meta{}, false, false, nil
			}
			continue
		}
		if long {
			return Meta{}, false, false, fmt.Errorf("line %d: the save's header is longer than %d bytes", n, maxHeader)
		}
		if err := json.Unmarshal(j, &m); err != nil {
			return Meta{}, false, false, fmt.Errorf("line %d: the save's header does not read: %v", n, err)
		}
		return m, true, false, nil
	}
	return Meta{}, false, !whole, nil
}

// tailOf is the last tailPeek bytes of a save, and whether they are all of
// it (else they may start inside a line).
func tailOf(data []byte) (tail []byte, all bool) {
	if len(data) <= tailPeek {
		return data, true
	}
	return data[len(data)-tailPeek:], false
}

// lastStatus finds the last status line that reads in tail, the end of a
// save (all: the whole save; else a first line that may be cut is
// skipped), and counts into its Actions the complete action lines after
// it.
func lastStatus(tail []byte, all bool) (st Status, found bool) {
	if !all {
		i := bytes.IndexByte(tail, '\n')
		if i < 0 {
			return Status{}, false
		}
		tail = tail[i+1:]
	}
	after := 0
	for len(tail) > 0 {
		end := len(tail)
		start := bytes.LastIndexByte(tail[:end-1], '\n') + 1
		raw := tail[start:end]
		line := bytes.TrimSpace(raw)
		tail = tail[:start]
		switch {
		case len(line) == 0:
		case line[0] != '#':
			if raw[len(raw)-1] == '\n' {
				after++ // a cut-off action line is left out, as Decode does
			}
		default:
			if j, ok := bytes.CutPrefix(line, []byte(StatusPrefix)); ok {
				var s Status
				if json.Unmarshal(j, &s) == nil {
					s.Actions += after
					return s, true
				}
			}
		}
	}
	return Status{}, false
}

// Decode reads a save or a plain record: the record, and its Meta when it
// has a header. The program ends every line of a save, so in a save (a
// file with a header) a last action line without a line end was cut off
// while being written: it is left out, and the record's Warning says so.
func Decode(data []byte) (rules.Record, Meta, bool, error) {
	rec, err := rules.ParseRecord(bytes.NewReader(data))
	if err != nil {
		return rules.Record{}, Meta{}, false, err
	}
	m, ok, err := ReadMeta(data)
	if err != nil {
		return rules.Record{}, Meta{}, false, err
	}
	if err := m.check(len(rec.Players)); err != nil {
		return rules.Record{}, Meta{}, false, err
	}
	if ok && rec.LastOpen && len(rec.Actions) > 0 {
		last := len(rec.Actions) - 1
		line := 0
		if last < len(rec.Lines) {
			line = rec.Lines[last]
			rec.Lines = rec.Lines[:last]
		}
		rec.Actions, rec.LastOpen = rec.Actions[:last], false
		rec.Warning = fmt.Sprintf("line %d: ignored the last line: it has no line end (the save was cut off while being written)", line)
	}
	return rec, m, ok, nil
}

// PeekMeta is ReadMeta of save id, reading its beginning (headPeek bytes,
// or up to a header of maxHeader bytes) and its end (tailPeek bytes).
func PeekMeta(st store.Store, id string) (Meta, bool, error) {
	n := headPeek
	head, err := st.ReadPart(id, 0, n)
	if err != nil {
		return Meta{}, false, err
	}
	m, ok, more, err := readHeader(head, len(head) < n)
	if more {
		// A long header (a start position): read up to its bound.
		n = len(warning) + maxHeader + 1
		if head, err = st.ReadPart(id, 0, n); err != nil {
			return Meta{}, false, err
		}
		m, ok, _, err = readHeader(head, true)
	}
	if err == nil && ok {
		err = m.check(len(m.Players))
	}
	if err != nil {
		return Meta{}, false, fmt.Errorf("save %s: %v", id, err)
	}
	if !ok {
		return Meta{}, false, nil
	}
	tail, all := tailOf(head)
	if len(head) >= n {
		// Not the whole save: its end.
		if tail, err = st.ReadPart(id, -tailPeek, tailPeek); err != nil {
			return Meta{}, false, err
		}
		all = len(tail) < tailPeek
	}
	if last, found := lastStatus(tail, all); found {
		m.Update(last)
	}
	return m, true, nil
}
