package remote

import (
	"encoding/json"
	"errors"
	"fmt"
	"notrueking/bots"
	"notrueking/rules"
	"strings"
	"time"
	"unicode"
)

// What the host and the client share (the host's side is built only where
// a host can run: not in a web page).

// cleanName is a device's name as the host shows it and a game may take
// it (single spaces, a player's name: rules.CheckSeatName), or why not.
func cleanName(s string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "", errors.New("a device must say its player's name")
	}
	if n := len([]rune(s)); n > MaxName {
		return "", fmt.Errorf("a name of %d characters: at most %d", n, MaxName)
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return "", errors.New("a name with a control character")
		}
	}
	if err := rules.CheckSeatName(s); err != nil {
		return "", fmt.Errorf("the name: %v", err)
	}
	return s, nil
}

// marshal encodes a message the host built (never fails: plain data).
func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("remote: encoding a %T: %v", v, err))
	}
	return b
}

// Waits a host allows a device.
const (
	// HelloWithin is how long a new connection has to send its hello.
	HelloWithin = 10 * time.Second
	// Silence is how long a device may say nothing (it pings every
	// PingEvery) before the host drops it.
	Silence = 60 * time.Second
	// PingEvery is how often a device pings a quiet link.
	PingEvery = 20 * time.Second
	// maxGreeting bounds the connections that have not said hello yet.
	maxGreeting = 8
	// lockFails wrong room codes or tokens from one address within
	// lockFor lock it out for lockFor.
	lockFails = 5
	lockFor   = time.Minute
)

// AwayBot is the leaver rule: after After away, the bot of Level plays the
// seat. A zero After never hands a seat to a bot.
type AwayBot struct {
	After time.Duration
	Level string
}

// DefaultAwayBot is a hosted game's leaver rule unless the host sets one:
// two minutes is far longer than a phone's lost link takes to come back
// (it retries every 0.5 to 5 s) or a page's reload, and short enough that
// a closed phone does not stall the table for the evening; the easy bot
// plays sensibly without searching long.
var DefaultAwayBot = AwayBot{After: 2 * time.Minute, Level: "easy"}

// ParseAwayBot reads the leaver rule as flags give it: "DURATION,LEVEL"
// ("90s,easy"), a duration alone (the easy bot), or "off".
func ParseAwayBot(s string) (AwayBot, error) {
	s = strings.TrimSpace(s)
	if s == "off" || s == "0" {
		return AwayBot{}, nil
	}
	d, level, ok := strings.Cut(s, ",")
	if !ok {
		level = DefaultAwayBot.Level
	}
	after, err := time.ParseDuration(strings.TrimSpace(d))
	if err != nil || after <= 0 {
		return AwayBot{}, fmt.Errorf("%q: want DURATION,LEVEL (e.g. 2m,easy) or off", clip(s))
	}
	level = strings.TrimSpace(level)
	if _, err := bots.ParseLevel(level); err != nil {
		return AwayBot{}, err
	}
	return AwayBot{After: after, Level: level}, nil
}

// String is the rule as ParseAwayBot reads it.
func (a AwayBot) String() string {
	if a.After <= 0 {
		return "off"
	}
	return a.After.String() + "," + a.Level
}

// clip shortens s for a message quoting it.
func clip(s string) string {
	if len(s) > 24 {
		s = s[:24] + "…"
	}
	return s
}

// DefaultPort is the port a host listens on when none is given (another
// free one when it is taken).
const DefaultPort = "7373"
