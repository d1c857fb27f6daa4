package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"notrueking/feed"
	"notrueking/internal/textcheck"
	"notrueking/rules"
)

// Table talk: what the players of a hosted game say to the whole table or
// whisper to one seat. The match keeps it (Match.Say, Match.Talk), tells it
// as feed.Talk changes, and its save keeps every line as a comment line
// (TalkPrefix) beside the actions, so that a host killed and resumed, and a
// device that comes back, have it again. The save is the dealer's: it holds
// the whispers as it holds every hand. The -record file, the overlay and
// everything a spectator reads hold none.

// MaxTalk bounds a line of talk: 500 characters (Unicode code points).
const MaxTalk = 500

// MaxTalkLines bounds a game's talk: a game played over days is far under
// it, and a save stays small.
const MaxTalkLines = 5000

// TalkPrefix starts a line of talk in a save: the line's JSON follows.
const TalkPrefix = "# talk "

// CleanTalk is text a player typed as the table will read it — without
// control, bidi-control and invisible characters (textcheck.Strip), tabs
// and line breaks as spaces, trimmed — or why it cannot be said: empty, or
// over MaxTalk characters.
func CleanTalk(text string) (string, error) {
	text = strings.TrimSpace(textcheck.Strip(text))
	if text == "" {
		return "", errors.New("there is nothing to say")
	}
	if n := utf8.RuneCountInString(text); n > MaxTalk {
		return "", fmt.Errorf("a line of %d characters: at most %d", n, MaxTalk)
	}
	return text, nil
}

// checkTalk refuses a line the game could not have said: seats outside
// its n seats, a whisper to oneself, text CleanTalk would change.
func checkTalk(l feed.TalkLine, n int) error {
	switch {
	case l.From < 0 || int(l.From) >= n:
		return fmt.Errorf("there is no seat %d to speak", l.From)
	case l.To < -1 || int(l.To) >= n:
		return fmt.Errorf("there is no seat %d to whisper to", l.To)
	case l.To == l.From:
		return errors.New("a seat cannot whisper to itself")
	case rules.CheckPlayerName(l.Name) != nil:
		return fmt.Errorf("the speaker's name %q is no player's", l.Name)
	}
	if clean, err := CleanTalk(l.Text); err != nil || clean != l.Text {
		return errors.New("the text is not as the table reads it")
	}
	return nil
}

// encodeTalk is a talk line of a save (its JSON after TalkPrefix).
func encodeTalk(l feed.TalkLine) ([]byte, error) {
	j, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	return append(append([]byte(TalkPrefix), j...), '\n'), nil
}

// readTalk finds the talk lines of a save of a game of n seats, in order,
// and for each the number of the record's action lines (lines, 1-based
// line numbers) before it; a line that does not read, or that the game
// could not have said, is left out.
func readTalk(data []byte, n int, lines []int) (talk []feed.TalkLine, after []int) {
	line, acts := 0, 0
	for len(data) > 0 && len(talk) < MaxTalkLines {
		line++
		raw := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		for acts < len(lines) && lines[acts] < line {
			acts++
		}
		j, ok := bytes.CutPrefix(bytes.TrimSpace(raw), []byte(TalkPrefix[:len(TalkPrefix)-1]))
		if !ok {
			continue
		}
		var l feed.TalkLine
		if json.Unmarshal(bytes.TrimSpace(j), &l) != nil || checkTalk(l, n) != nil {
			continue
		}
		l.N = len(talk) + 1
		talk = append(talk, l)
		after = append(after, acts)
	}
	return talk, after
}
