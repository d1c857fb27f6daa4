package rules

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"notrueking/internal/textcheck"
)

// MaxRecordSize caps a record file; readers of record files open them
// through internal/safefile with this cap, checked before reading.
const MaxRecordSize = 64 << 20

// RecordReader reads a record as a stream: NewRecordReader reads the header
// (map, seed, players), then each Next returns one action, so a caller can
// apply actions as they are read and memory does not grow with the file.
//
// A last line that was cut off — the file ends without a line end and that
// line does not read — is not an error: Next ends with io.EOF and Warning
// says which line was ignored. A last action line without a line end that
// does read is returned, and Warning says it may be incomplete (a record
// written by the program always ends its lines); when it then does not
// read on the map or the engine refuses it, replaying ignores it with a
// warning instead of failing. A bad line anywhere else is an error naming it.
type RecordReader struct {
	br       *bufio.Reader
	buf      []byte
	n        int // lines read so far
	hdr      Record
	mapLine  int
	seedLine int
	// variantLine is the line of the variant line (0: none, the plain game).
	variantLine int
	// scenarioLine is the line of a scenario header (0 when none).
	scenarioLine int
	// pending is the first action, read while looking for the header's end.
	pending     string
	pendingLine int
	hasPending  bool
	actions     int // actions seen so far
	// openLine is the line number of an action line read without a line
	// end (the file's last line), 0 when there is none.
	openLine int
	warning  string
	err      error // sticky: io.EOF or the first error
}

// NewRecordReader reads the header of the record in r (up to its first
// action) and returns a reader positioned at the first action. A UTF-8
// byte-order mark at the start and CRLF line ends are accepted. Errors name
// the line.
func NewRecordReader(r io.Reader) (*RecordReader, error) {
	rr := &RecordReader{br: bufio.NewReaderSize(r, 4096)}
	if err := rr.readHeader(); err != nil {
		rr.err = err
		return nil, err
	}
	return rr, nil
}

// Header returns the record's header: Map, MapSHA256, Seed, Players and
// Seats (no actions).
func (rr *RecordReader) Header() Record {
	h := rr.hdr
	h.Players = append([]string(nil), h.Players...)
	h.Seats = append([]string(nil), h.Seats...)
	return h
}

// MapLine is the line number of the record's map line, or of its
// scenario line for a record that starts from a scenario.
func (rr *RecordReader) MapLine() int { return rr.mapLine + rr.scenarioLine }

// Warning says which cut-off last line was ignored, once Next has returned
// io.EOF; "" when there was none.
func (rr *RecordReader) Warning() string { return rr.warning }

// Next returns the next action line (its words single-spaced; checked for
// a record seat, a verb and the shape of its arguments — its ids are read
// on the map when it is applied) and its line number (1-based), io.EOF after
// the last one, or an error naming the line that does not read. After an
// error every call returns the same error.
func (rr *RecordReader) Next() (string, int, error) {
	if rr.hasPending {
		rr.hasPending = false
		return rr.pending, rr.pendingLine, nil
	}
	if rr.err != nil {
		return "", 0, rr.err
	}
	for {
		line, complete, err := rr.readLine()
		if err != nil {
			rr.err = err
			return "", 0, err
		}
		a, isAction, err := rr.parseLine(line)
		if err != nil {
			if !complete {
				rr.torn(err)
				return "", 0, io.EOF
			}
			rr.err = err
			return "", 0, err
		}
		if isAction {
			if !complete {
				rr.open()
			}
			return a, rr.n, nil
		}
	}
}

// open notes that the action line just read (line rr.n) has no line end.
func (rr *RecordReader) open() {
	rr.openLine = rr.n
	rr.warning = fmt.Sprintf("line %d has no line end: the record may have been cut off while being written; its last action was read as it stands", rr.n)
}

// next is Next as an actionSource: open reports a last line without a
// line end.
func (rr *RecordReader) next() (text string, line int, open bool, err error) {
	text, line, err = rr.Next()
	return text, line, err == nil && line == rr.openLine, err
}

// ignoreOpen records that the open last line (line) could not be applied
// (err says why): it is ignored with a warning, as a cut-off line.
func (rr *RecordReader) ignoreOpen(line int, err error) {
	rr.warning = tornWarning(line, err)
}

// tornWarning is the warning for an open last line that does not read on
// the map or that the engine refuses.
func tornWarning(line int, err error) string {
	return tidyError(fmt.Sprintf("line %d: ignored the last line: it has no line end (the record was cut off while being written) and cannot be applied: %v", line, err))
}

// torn records a cut-off last line (one without a line end that does not
// read: err says why) as a warning and ends the input there.
func (rr *RecordReader) torn(err error) {
	rr.warning = fmt.Sprintf("line %d: ignored the last line: it has no line end (the record was cut off while being written) and does not read: %s",
		rr.n, strings.TrimPrefix(err.Error(), fmt.Sprintf("line %d: ", rr.n)))
	rr.err = io.EOF
}

// readLine reads the next line, without its line end, as text. complete is
// false for a last line without a line end. At the end of the input it
// returns io.EOF.
func (rr *RecordReader) readLine() (line string, complete bool, err error) {
	rr.buf = rr.buf[:0]
	for {
		chunk, err := rr.br.ReadSlice('\n')
		rr.buf = append(rr.buf, chunk...)
		content := len(rr.buf)
		if err == nil {
			content-- // the line end
		}
		if content > maxRecordLine {
			rr.n++
			return "", false, fmt.Errorf("line %d: line longer than %d bytes", rr.n, maxRecordLine)
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF:
			if len(rr.buf) == 0 {
				return "", false, io.EOF
			}
			rr.n++
			return rr.text(), false, nil
		case err != nil:
			return "", false, fmt.Errorf("reading record after line %d: %v", rr.n, err)
		}
		rr.n++
		rr.buf = rr.buf[:len(rr.buf)-1]
		return rr.text(), true, nil
	}
}

// text returns the line in rr.buf as a string, without a byte-order mark
// at the start of the file.
func (rr *RecordReader) text() string {
	b := rr.buf
	if rr.n == 1 {
		b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	}
	return string(b)
}

// readHeader reads lines up to the first action (kept as pending) or the
// end of the input, then checks that the header is whole.
func (rr *RecordReader) readHeader() error {
	for {
		line, complete, err := rr.readLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		a, isAction, err := rr.parseLine(line)
		if err != nil {
			if !complete {
				rr.torn(err)
				break
			}
			return err
		}
		if isAction {
			rr.pending, rr.pendingLine, rr.hasPending = a, rr.n, true
			if !complete {
				rr.open()
			}
			return nil
		}
	}
	rr.err = io.EOF
	return rr.headerWhole()
}

func (rr *RecordReader) headerWhole() error {
	if rr.scenarioLine > 0 {
		return nil
	}
	switch {
	case rr.mapLine == 0:
		return errors.New("record has no map line (want e.g. \"map standard\")")
	case !rr.haveSeed():
		return errors.New("record has no seed line (want e.g. \"seed 12345\")")
	case len(rr.hdr.Seats) == 0:
		return errors.New("record has no player lines (want e.g. \"player crown Alice\")")
	}
	return nil
}

// haveSeed says whether the seed line was read (seed 0 is a seed).
func (rr *RecordReader) haveSeed() bool { return rr.seedLine > 0 }

// parseLine reads one line: a comment or blank line (nothing), a header
// line (stored) or an action (returned with isAction). Errors name the line
// and quote at most a short, escaped part of it.
func (rr *RecordReader) parseLine(raw string) (a string, isAction bool, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("line %d: %s", rr.n, tidyError(err.Error()))
		}
	}()
	if !utf8.ValidString(raw) {
		return "", false, errors.New("not valid UTF-8 text")
	}
	line := strings.TrimSpace(raw)
	if line == "" || strings.HasPrefix(line, "#") {
		return "", false, nil
	}
	word, rest := splitWord(line)
	if rr.scenarioLine > 0 && (word == recMap || word == recSeed || word == recPlayer || word == recVariant) {
		return "", false, fmt.Errorf("a record that starts from a scenario (line %d) has no %s line: the scenario names the map, the seed, the variant and the players", rr.scenarioLine, word)
	}
	switch word {
	case recScenario:
		if rr.actions > 0 {
			return "", false, errors.New("the scenario line must come before the first action")
		}
		if rr.scenarioLine > 0 {
			return "", false, fmt.Errorf("second scenario line (the scenario is already %q)", rr.hdr.Scenario)
		}
		if rr.mapLine > 0 || rr.haveSeed() || len(rr.hdr.Seats) > 0 {
			return "", false, errors.New("a record starts either from a scenario line or from map, seed and player lines, not both")
		}
		if rest == "" {
			return "", false, errors.New("scenario line without a path (want \"scenario FILE\" or \"scenario FILE sha256 HASH\")")
		}
		name, sum, err := readMap(rest)
		if err != nil {
			return "", false, errors.New(strings.ReplaceAll(err.Error(), "map", "scenario"))
		}
		rr.hdr.Scenario, rr.hdr.ScenarioSHA256, rr.scenarioLine = name, sum, rr.n
	case recMap:
		if rr.actions > 0 {
			return "", false, errors.New("the map line must come before the first action")
		}
		if rr.mapLine > 0 {
			return "", false, fmt.Errorf("second map line (the map is already %q)", rr.hdr.Map)
		}
		if rest == "" {
			return "", false, errors.New("map line without a map name (want \"map standard\" or \"map FILE sha256 HASH\")")
		}
		name, sum, err := readMap(rest)
		if err != nil {
			return "", false, err
		}
		rr.hdr.Map, rr.hdr.MapSHA256, rr.mapLine = name, sum, rr.n
	case recSeed:
		if rr.actions > 0 {
			return "", false, errors.New("the seed line must come before the first action")
		}
		if rr.haveSeed() {
			return "", false, fmt.Errorf("second seed line (the seed is already %d)", rr.hdr.Seed)
		}
		s, err := strconv.ParseUint(rest, 10, 64)
		if err != nil {
			return "", false, fmt.Errorf("seed %q is not a whole number from 0 to %d", rest, uint64(1<<64-1))
		}
		rr.hdr.Seed, rr.seedLine = s, rr.n
	case recVariant:
		if rr.actions > 0 {
			return "", false, errors.New("the variant line must come before the first action")
		}
		if rr.variantLine > 0 {
			return "", false, fmt.Errorf("second variant line (the variant is already %q)", rr.hdr.Variant)
		}
		v, err := ParseVariant(rest)
		if err != nil || v == Plain {
			return "", false, fmt.Errorf("variant %s is not one this game knows (want \"variant citadel\", or no variant line for the plain game)", plain(rest))
		}
		rr.hdr.Variant, rr.variantLine = v, rr.n
	case recPlayer:
		if rr.actions > 0 {
			return "", false, errors.New("player lines must come before the first action")
		}
		id, name := splitWord(rest)
		if id == "" {
			return "", false, errors.New("player line without a seat id (want \"player SEAT NAME\", e.g. \"player crown Alice\")")
		}
		if err := checkSeatID(id); err != nil {
			return "", false, err
		}
		if name == "" {
			return "", false, fmt.Errorf("player %s has no name (want \"player %s NAME\")", plain(id), plain(id))
		}
		name, err := readText("player name", name)
		if err == nil {
			err = checkPlayerName("player name", name)
		}
		if err != nil {
			return "", false, err
		}
		for _, s := range rr.hdr.Seats {
			if s == id {
				return "", false, fmt.Errorf("seat %s is named twice", plain(id))
			}
		}
		rr.hdr.Seats = append(rr.hdr.Seats, id)
		rr.hdr.Players = append(rr.hdr.Players, name)
	default:
		if rr.scenarioLine > 0 {
			if err := checkActionLine(line, nil); err != nil {
				return "", false, err
			}
			rr.actions++
			return strings.Join(strings.Fields(line), " "), true, nil
		}
		if rr.mapLine == 0 {
			return "", false, fmt.Errorf("%q comes before the map line (a record starts with map, seed and player lines)", word)
		}
		if !rr.haveSeed() {
			return "", false, fmt.Errorf("%q comes before the seed line (a record starts with map, seed and player lines)", word)
		}
		if len(rr.hdr.Seats) == 0 {
			return "", false, fmt.Errorf("%q comes before any player line (a record starts with map, seed and player lines)", word)
		}
		if err := checkActionLine(line, rr.hdr.Seats); err != nil {
			return "", false, err
		}
		rr.actions++
		return strings.Join(strings.Fields(line), " "), true, nil
	}
	return "", false, nil
}

// readMap reads the rest of a map line: NAME, or NAME sha256 HASH for a map
// file (NAME plain or Go-quoted, HASH 64 hex digits, returned in lower
// case).
func readMap(rest string) (name, sum string, err error) {
	text := rest
	if strings.HasPrefix(rest, `"`) {
		q, qerr := strconv.QuotedPrefix(rest)
		if qerr != nil {
			return "", "", fmt.Errorf("map name %s is not a well-formed quoted string", plain(rest))
		}
		text = q
		after := strings.TrimSpace(rest[len(q):])
		if after != "" {
			word, h := splitWord(after)
			if word != mapHash {
				return "", "", fmt.Errorf("after the quoted map name comes %q; want nothing or \"sha256 HASH\"", after)
			}
			if sum, err = readHash(h); err != nil {
				return "", "", err
			}
		}
	} else if head, h, ok := cutHash(rest); ok {
		text = head
		if sum, err = readHash(h); err != nil {
			return "", "", err
		}
	}
	name, err = readText("map name", text)
	return name, sum, err
}

// mapHash is the word before a map file's hash on the map line.
const mapHash = "sha256"

// cutHash splits a plain map line rest "NAME sha256 HASH" into NAME and
// HASH; ok is false when the last but one word is not "sha256" or no name
// comes before it.
func cutHash(s string) (head, hash string, ok bool) {
	before, last := cutLastWord(s)
	if before == "" {
		return "", "", false
	}
	head, word := cutLastWord(before)
	if word != mapHash || head == "" {
		return "", "", false
	}
	return head, last, true
}

// cutLastWord splits a trimmed s into everything before its last word
// (trimmed) and that word.
func cutLastWord(s string) (before, last string) {
	i := strings.LastIndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return "", s
	}
	_, size := utf8.DecodeRuneInString(s[i:])
	return strings.TrimRightFunc(s[:i], unicode.IsSpace), s[i+size:]
}

// readHash checks a map file hash: 64 hex digits.
func readHash(h string) (string, error) {
	if len(h) != 64 || strings.Trim(strings.ToLower(h), "0123456789abcdef") != "" {
		return "", fmt.Errorf("map file hash %q is not a SHA-256 (64 hex digits)", h)
	}
	return strings.ToLower(h), nil
}

// MaxNameRunes bounds a player's name: 24 characters (Unicode code
// points, not bytes), which every screen has room for. Every way a name
// enters — the command line, the start screen, records, saves, scenarios —
// refuses a longer one with this reason (CheckPlayerName).
const MaxNameRunes = 24

// CheckPlayerName says why name cannot be a player's name, or nil: it must
// be valid UTF-8 text, not blank, at most MaxNameRunes characters, and hold
// none of the characters the program's name policy refuses
// (internal/textcheck: control, bidi-control, zero-width and other
// invisible characters that would make a name display as something it is
// not). Records, map files, the command line and the game window refuse
// the same names.
func CheckPlayerName(name string) error {
	if strings.TrimSpace(name) == "" {
		return errors.New("name is empty")
	}
	return checkPlayerName("name", name)
}

// CheckSeatName says why name cannot be the new name of a seat's player
// (a name action), or nil: CheckPlayerName's rules, and written with
// single spaces and none around it, as a record line reads it back.
func CheckSeatName(name string) error {
	if err := CheckPlayerName(name); err != nil {
		return err
	}
	if strings.Join(strings.Fields(name), " ") != name {
		return fmt.Errorf("name %s has spaces around it or several in a row", fragment(name))
	}
	return nil
}

// checkPlayerName is CheckPlayerName's text and length checks of a name
// that is not blank; what names it in the reason.
func checkPlayerName(what, name string) error {
	if err := checkNameText(what, name); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(name); n > MaxNameRunes {
		return fmt.Errorf("%s %s is %d characters long; a player's name holds at most %d", what, fragment(name), n, MaxNameRunes)
	}
	return nil
}

// checkNameText refuses text that is not valid UTF-8 or holds a character
// textcheck.Unsafe refuses; what names the text ("name", "player name",
// "map name").
func checkNameText(what, s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s %s is not valid UTF-8 text", what, fragment(s))
	}
	if r, kind, bad := textcheck.Unsafe(s, false); bad {
		return fmt.Errorf("%s %s contains %U, %s", what, fragment(s), r, kind)
	}
	return nil
}

// maxQuoted and maxQuotedBytes bound the piece of a record's text an
// error quotes: at most 60 runes, and at most 120 bytes once escaped.
const (
	maxQuoted      = 60
	maxQuotedBytes = 120
	// maxErrorBytes bounds a whole error message about a line.
	maxErrorBytes = 480
)

// fragment quotes s for an error message: %q-escaped, at most maxQuoted
// runes and about maxQuotedBytes bytes, with "..." after a cut.
func fragment(s string) string {
	if q := strconv.Quote(s); utf8.RuneCountInString(s) <= maxQuoted && len(q) <= maxQuotedBytes {
		return q
	}
	end := 0
	for n := 0; n < maxQuoted && end < len(s); n++ {
		_, size := utf8.DecodeRuneInString(s[end:])
		if len(strconv.Quote(s[:end+size])) > maxQuotedBytes {
			break
		}
		end += size
	}
	return strconv.Quote(s[:end]) + "..."
}

// plain returns s as it is when it is short and printable, else its
// fragment.
func plain(s string) string {
	if utf8.RuneCountInString(s) <= maxQuoted && strings.IndexFunc(s, func(r rune) bool { return !strconv.IsPrint(r) }) < 0 && utf8.ValidString(s) {
		return s
	}
	return fragment(s)
}

// tidyError makes an error message about a line safe to print: quoted
// strings longer than a fragment are cut (shortenQuotes), characters that
// are not printable are escaped, and the whole is cut at maxErrorBytes.
func tidyError(msg string) string {
	msg = textcheck.Escape(shortenQuotes(msg))
	if len(msg) > maxErrorBytes {
		end := maxErrorBytes
		for end > 0 && !utf8.RuneStart(msg[end]) {
			end--
		}
		msg = msg[:end] + "..."
	}
	return msg
}

// shortenQuotes replaces every Go-quoted string in msg that is longer than
// maxQuoted runes by its fragment, so an error never echoes a long line
// (the action parser quotes the whole line and its words).
func shortenQuotes(msg string) string {
	if len(msg) <= 2*maxQuoted {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:i])
		msg = msg[i:]
		q, err := strconv.QuotedPrefix(msg)
		if err != nil {
			b.WriteByte('"')
			msg = msg[1:]
			continue
		}
		if u, err := strconv.Unquote(q); err == nil && (utf8.RuneCountInString(u) > maxQuoted || len(q) > maxQuotedBytes) {
			b.WriteString(fragment(u))
		} else {
			b.WriteString(q)
		}
		msg = msg[len(q):]
	}
}
