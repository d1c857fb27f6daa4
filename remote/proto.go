// Package remote puts a network between a game and its devices: a host
// runs the one engine (a session.Match, with its files and bots) and
// serves it over WebSocket; a device that joins (a desktop window, a
// headless bot, later the browser page) is thin — it sends actions and
// receives only what its seats may know, as a rules.Desk and a
// rules.Actor the table reads and acts on as it does a game at its own
// screen.
//
// Messages are JSON text frames, each an object whose field "t" names its
// kind (docs/protocol.md lists every message, its fields and limits, with
// a sample session). Everything the host sends a device is built here,
// field by field, from what that device's seats may know: View(seat),
// EventText(e, seat), LegalFor(seat), the public history and that seat's
// undo state — never from an internal struct, never the history's action
// lines, the seed, the deck order, the redo stack or the save.
//
// The package imports no Ebitengine: the host runs headless, and the
// client compiles to WebAssembly.
package remote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"notrueking/board"
	"notrueking/feed"
	"notrueking/rules"
)

// Proto is the protocol's number: a hello that names another is refused,
// naming both.
const Proto = 2

// Limits of what a host reads from a device and keeps for it.
const (
	// MaxIn bounds a message from a device (bytes of one text frame).
	MaxIn = 8 << 10
	// MaxOut bounds a message from the host: a device reads no larger
	// frame (a full sync of a long nine-house game is well under it).
	MaxOut = 4 << 20
	// MaxName bounds a device's player name (characters).
	MaxName = 24
	// MaxSeats, MaxSpectators and MaxPending bound a game's connections:
	// its seats, the spectators and the devices waiting to be admitted.
	MaxSeats      = 9
	MaxSpectators = 16
	MaxPending    = 4
	// RatePerSecond and Burst bound how many messages a connection may
	// send: beyond them it is closed with a policy-violation code.
	RatePerSecond = 30
	Burst         = 30
	// SendQueue bounds the messages waiting to be written to one device:
	// a device that falls further behind is dropped and resyncs when it
	// reconnects.
	SendQueue = 64
)

// Kinds of message ("t").
const (
	// device → host
	KHello = "hello"
	KAct   = "act"
	KUndo  = "undo"
	KRedo  = "redo"
	KAsk   = "ask"
	KPing  = "ping"
	KBye   = "bye"
	KSay   = "say"
	// host → device
	KWelcome  = "welcome"
	KPending  = "pending"
	KRefused  = "refused"
	KSync     = "sync"
	KUpdate   = "update"
	KResult   = "result"
	KAnswer   = "answer"
	KPresence = "presence"
	KNotice   = "notice"
	KPong     = "pong"
	KTalk     = "talk"
)

// Hello is a device's first message: who it is and what it asks for. It
// must come within HelloWithin of the connection.
type Hello struct {
	T     string `json:"t"`
	Proto int    `json:"proto"`
	// Build is the device's build (internal/version), for the host's log.
	Build string `json:"build,omitempty"`
	// Name is the player's name (at most MaxName characters).
	Name string `json:"name"`
	// Room is the room code from the join link; Token the seat token an
	// earlier admission gave this device (hex), which takes its seat back
	// without asking.
	Room  string `json:"room,omitempty"`
	Token string `json:"token,omitempty"`
	// Seat is the seat asked for (its conspiracy id, "crown"); "" for any
	// seat waiting for a device. Watch asks to follow the game as a
	// spectator (the public table only).
	Seat  string `json:"seat,omitempty"`
	Watch bool   `json:"watch,omitempty"`
	// Device names the client (random, drawn once per client) and Try
	// numbers its connections from 1: a late hello of an older connection
	// of the same device never takes the seat from a newer one.
	Device string `json:"device,omitempty"`
	Try    int    `json:"try,omitempty"`
	// NewToken is, for a device without a token, the token it proposes
	// for the seat it asks for (128 bits, hex): admitted, it holds that
	// seat with it (the host keeps its hash), so a welcome lost on the way
	// costs nothing — the same hello again takes the seat back.
	NewToken string `json:"new_token,omitempty"`
}

// Act asks the host to apply an action of the device's seat: its record
// line (docs/records.md), chosen at (Epoch, Version). ID is the device's
// own number for the request: the Result names it.
type Act struct {
	T       string `json:"t"`
	ID      int64  `json:"id"`
	Epoch   uint64 `json:"epoch"`
	Version uint64 `json:"version"`
	Line    string `json:"line"`
}

// Undo and Redo ask to take back the device's seat's last decision, or to
// redo it (KUndo, KRedo), at (Epoch, Version).
type UndoRedo struct {
	T       string `json:"t"`
	ID      int64  `json:"id"`
	Epoch   uint64 `json:"epoch"`
	Version uint64 `json:"version"`
}

// Ask is a question the device's table asks now and then, answered by an
// Answer of the same ID: Q is "check" (Line: why would this action be
// refused), "preview" (Line: the combat a move would start), "combat" (N:
// the combat the N-th action decided), "viewat" (N, Seat: a held seat's or
// the public's view after N actions), "try" and "dest" (House, From, To,
// Units: try mode), "info" (Seat: what a held seat knows, for a bot
// playing it at the device: rules.Information, which holds no other
// seat's secret).
type Ask struct {
	T     string              `json:"t"`
	ID    int64               `json:"id"`
	Q     string              `json:"q"`
	Line  string              `json:"line,omitempty"`
	N     int                 `json:"n,omitempty"`
	Seat  rules.Seat          `json:"seat,omitempty"`
	House board.HouseID       `json:"house,omitempty"`
	From  board.TerrID        `json:"from,omitempty"`
	To    board.TerrID        `json:"to,omitempty"`
	Units [board.NumUnits]int `json:"units,omitzero"`
}

// Questions an Ask may put.
const (
	QCheck   = "check"
	QPreview = "preview"
	QCombat  = "combat"
	QViewAt  = "viewat"
	QTry     = "try"
	QDest    = "dest"
	QInfo    = "info"
)

// Ping keeps a quiet link alive (KPing, answered by KPong); Bye says the
// device leaves (KBye). Both are just {"t": …}.
type Ping struct {
	T string `json:"t"`
}

// Welcome admits a device: the seats it holds (none: a spectator), the
// names of every seat, the map, and the token that takes its seats back
// after a lost link or a host's restart (sent once, when first admitted;
// the device keeps it, the host keeps only its hash).
type Welcome struct {
	T     string       `json:"t"`
	Proto int          `json:"proto"`
	Epoch uint64       `json:"epoch"`
	Seats []rules.Seat `json:"seats"`
	Token string       `json:"token,omitempty"`
	// Players are the players' names, Conspiracies the seat ids, one per
	// seat.
	Players      []string `json:"players"`
	Conspiracies []string `json:"conspiracies"`
	Map          MapRef   `json:"map"`
	// Variant is the game's variant ("" for the plain game).
	Variant string `json:"variant,omitempty"`
	// Tester marks a tester's game (its seed was typed).
	Tester bool `json:"tester,omitempty"`
}

// MapRef says which map a game is played on: a shipped map's id and the
// SHA-256 of its file, or a map file's text (TOML) that the device loads
// as the host did.
type MapRef struct {
	ID     string `json:"id"`
	SHA256 string `json:"sha256"`
	TOML   string `json:"toml,omitempty"`
}

// Pending tells a device it waits for the host to admit it.
type Pending struct {
	T    string `json:"t"`
	Text string `json:"text"`
}

// Refused refuses a hello (wrong protocol, unknown room, a wrong token,
// the host said no, the game is full), with the reason; the host closes
// the connection after it.
type Refused struct {
	T    string `json:"t"`
	Text string `json:"text"`
	// Retry says the device may try again later (the host restarts, the
	// address is locked out for a while).
	Retry bool `json:"retry,omitempty"`
}

// State is the game at one version as a device's seats may know it, but
// its views (whole in a Sync, patched in an Update).
type State struct {
	// Logs are the log lines of each view (the public's, then each held
	// seat's), in the order of the views: a sync carries them all (From
	// 0), an update those added since the version before (or From alone,
	// when an undo shortened the log).
	Logs []LogDelta `json:"logs"`
	// ToAct, Over and Len are the game's.
	ToAct rules.Seat `json:"to_act"`
	Over  bool       `json:"over,omitempty"`
	Len   int        `json:"len"`
	// Legal is the legal actions of the held seat to act, as record lines
	// (none when no held seat is to act).
	Legal []string `json:"legal,omitempty"`
	// History is the public history (a sync: all of it; an update: the
	// entries from HistoryFrom on).
	History     []rules.PublicAction `json:"history,omitempty"`
	HistoryFrom int                  `json:"history_from"`
	// CanUndo is "" when the device's seats may take back the last
	// decision, else why not; CanRedo whether a redo of theirs waits.
	CanUndo string `json:"can_undo,omitempty"`
	CanRedo bool   `json:"can_redo,omitempty"`
}

// ViewPatch is the top-level members of a view, or elements of its lists,
// that changed (see Update.Patches).
type ViewPatch map[string]json.RawMessage

// LogDelta is a view's log lines from From on (the device cuts its copy
// at From, then adds Lines).
//
// A seat's log holds the public log's lines among its own: for a seat's
// view (not the public one, which comes first and is applied first) Mix,
// when set, says how the new lines interleave public ones — each entry
// n > 0 copies the next n lines of the public log (as it stands after
// this message), from PubFrom on and then on from where the last copy
// ended; n < 0 takes the next -n lines of Lines — so a line both logs
// hold travels once.
type LogDelta struct {
	From    int             `json:"from"`
	Lines   []rules.LogLine `json:"lines,omitempty"`
	PubFrom int             `json:"pub_from,omitempty"`
	Mix     []int           `json:"mix,omitempty"`
}

// Sync is the whole state a device's seats may know: after a welcome, a
// stale action, a gap in the versions, a reconnection.
type Sync struct {
	T       string `json:"t"`
	Epoch   uint64 `json:"epoch"`
	Version uint64 `json:"version"`
	// Views are the public view (first) and one per held seat, each
	// without its Log (State.Logs carries the lines).
	Views []rules.View `json:"views,omitempty"`
	State
}

// Update is one change of the game, as the device's seats may know it:
// the state at Version (Prev is the version it follows: a device whose
// version is not Prev asks for a sync by reconnecting), what happened —
// the events its seats may read, each with its words for the device
// (Events) — and who did it.
type Update struct {
	T       string `json:"t"`
	Epoch   uint64 `json:"epoch"`
	Version uint64 `json:"version"`
	Prev    uint64 `json:"prev"`
	// ID is the device's request this change answers (its Act, Undo or
	// Redo; 0 in the update sent to every other device): a device's own
	// action comes back as an Update with its ID, then its Result.
	ID int64 `json:"id,omitempty"`
	// How is HowAct (an action), HowUndo, HowRedo, HowName (a seat's
	// player named anew) or HowSeats (who plays a seat changed).
	How string `json:"how"`
	// Seat is the seat whose action it was (-1: none); Bot the level of
	// the bot that chose it ("" for a person).
	Seat rules.Seat `json:"seat"`
	Bot  string     `json:"bot,omitempty"`
	// WasCombat says a combat was under way before the change.
	WasCombat bool        `json:"was_combat,omitempty"`
	Events    []EventText `json:"events,omitempty"`
	// Patches are what changed in each of the device's views since the
	// version before, in the order of a sync's Views: the view's
	// top-level members (its JSON keys) whose value changed, each with its
	// new value (null: the member is now empty, and the view's JSON leaves
	// it out) — or, of a list that kept its length, the elements that
	// changed, each keyed "member.index" ("players.3"). A device sets
	// those members and elements of its copy of the view.
	Patches []ViewPatch `json:"patches,omitempty"`
	State
}

// What an Update's How says, on the wire: the client reads each as its
// feed.Kind (howKind).
const (
	HowAct   = "act"
	HowUndo  = "undo"
	HowRedo  = "redo"
	HowSeats = "seats"
	// HowName: a seat's player was named anew (Seat's; the events
	// have the name).
	HowName = "name"
)

// EventText is an event the device's seats may read and its words as the
// device reads them (for the private ones, in the seat's words).
type EventText struct {
	Event rules.Event `json:"e"`
	Text  string      `json:"text"`
}

// Result answers an Act, an Undo or a Redo: OK, or the engine's (or the
// host's) reason. Stale says the request named a version the game has
// left: a Sync follows. Events are what the device's own action caused
// (OK only), as in an Update.
type Result struct {
	T      string      `json:"t"`
	ID     int64       `json:"id"`
	OK     bool        `json:"ok"`
	Err    string      `json:"err,omitempty"`
	Stale  bool        `json:"stale,omitempty"`
	Events []EventText `json:"events,omitempty"`
}

// Answer answers an Ask: Err is the reason of a refusal (a check's, or
// why the question was not answered); Combat, View and Dest the answer
// of "preview"/"combat", "viewat" and "dest".
type Answer struct {
	T      string            `json:"t"`
	ID     int64             `json:"id"`
	Err    string            `json:"err,omitempty"`
	Combat *rules.CombatView `json:"combat,omitempty"`
	View   *rules.View       `json:"view,omitempty"`
	Dest   []board.TerrID    `json:"dest,omitempty"`
	// Info is a held seat's rules.Information as JSON ("info").
	Info json.RawMessage `json:"info,omitempty"`
}

// Presence says who plays each seat and whether their device is
// connected: every device's table shows it.
type Presence struct {
	T     string         `json:"t"`
	Seats []SeatPresence `json:"seats"`
	// Spectators is how many spectators follow the game.
	Spectators int `json:"spectators"`
}

// SeatPresence is one seat's player: Kind "host" (a person at the host's
// screen), "remote" (a device that joined) or a bot level's name; for a
// remote seat, the device's name, whether it is connected, and since when
// it is away (Unix milliseconds, 0 when connected or never came).
type SeatPresence struct {
	Seat      rules.Seat `json:"seat"`
	Kind      string     `json:"kind"`
	Device    string     `json:"device,omitempty"`
	Connected bool       `json:"connected"`
	AwaySince int64      `json:"away_since,omitempty"`
	// StandIn says the bot of Kind plays the seat while its device
	// (Device) is away.
	StandIn bool `json:"stand_in,omitempty"`
}

// Say is a device's line of table talk: to the whole table (To -1) or
// whispered to one seat. The host answers with a Result (its Err the
// refusal: a spectator, too fast, too long, nothing to say) and tells the
// line, as a Talk, to every device that may read it — the sayer's first.
type Say struct {
	T    string     `json:"t"`
	ID   int64      `json:"id"`
	To   rules.Seat `json:"to"`
	Text string     `json:"text"`
}

// Talk is table talk the host tells a device: a line as it is said, or,
// when it is welcomed (just before its sync), every line the device's
// seats may read (History: the device's talk anew). A whisper goes to its two seats' devices only, and
// a spectator reads the table's talk only, when the host lets it.
type Talk struct {
	T       string          `json:"t"`
	History bool            `json:"history,omitempty"`
	Lines   []feed.TalkLine `json:"lines"`
}

// TalkEvery and TalkBurst bound how fast one device may talk: a line every
// TalkEvery on average, TalkBurst at once; faster, the line is refused.
const (
	TalkEvery = 2 * time.Second
	TalkBurst = 5
)

// MaxTalkHistory bounds the lines a device is sent again after a sync:
// the latest.
const MaxTalkHistory = 300

// Notice is a line every device shows on its message bar ("Ann took back
// her move", "The host gave Torch to the easy bot").
type Notice struct {
	T    string `json:"t"`
	Text string `json:"text"`
}

// messages make the message of each kind, by who sends it: a device
// (Decode reads them) or a host (a client reads them).
var messages = map[string]struct {
	fromDevice bool
	make       func() any
}{
	KHello:    {true, func() any { return &Hello{} }},
	KAct:      {true, func() any { return &Act{} }},
	KUndo:     {true, func() any { return &UndoRedo{} }},
	KRedo:     {true, func() any { return &UndoRedo{} }},
	KAsk:      {true, func() any { return &Ask{} }},
	KPing:     {true, func() any { return &Ping{} }},
	KBye:      {true, func() any { return &Ping{} }},
	KPending:  {false, func() any { return &Pending{} }},
	KRefused:  {false, func() any { return &Refused{} }},
	KWelcome:  {false, func() any { return &Welcome{} }},
	KSync:     {false, func() any { return &Sync{} }},
	KUpdate:   {false, func() any { return &Update{} }},
	KResult:   {false, func() any { return &Result{} }},
	KAnswer:   {false, func() any { return &Answer{} }},
	KPresence: {false, func() any { return &Presence{} }},
	KNotice:   {false, func() any { return &Notice{} }},
	KPong:     {false, func() any { return &Ping{} }},
	KSay:      {true, func() any { return &Say{} }},
	KTalk:     {false, func() any { return &Talk{} }},
}

// newMessage is an empty message of kind k as a device (fromDevice) or a
// host sends it; false when that side sends no such kind.
func newMessage(k string, fromDevice bool) (any, bool) {
	m, ok := messages[k]
	if !ok || m.fromDevice != fromDevice {
		return nil, false
	}
	return m.make(), true
}

// kindOf reads a message's kind without decoding the rest.
type kindOf struct {
	T string `json:"t"`
}

// Decode reads one message from a device: a text frame of at most MaxIn
// bytes holding one JSON object of a kind a device may send, with no
// unknown field. It returns the message (*Hello, *Act, *UndoRedo, *Ask or
// *Ping) or a reason a person can read.
func Decode(data []byte) (any, error) {
	if len(data) > MaxIn {
		return nil, fmt.Errorf("a message of %d bytes: at most %d", len(data), MaxIn)
	}
	return decode(data)
}

// decode is Decode without the bound on the message's size.
func decode(data []byte) (any, error) {
	if !utf8.Valid(data) {
		return nil, errors.New("a message that is not UTF-8 text")
	}
	var k kindOf
	if err := json.Unmarshal(data, &k); err != nil {
		return nil, fmt.Errorf("a message that is not a JSON object: %v", err)
	}
	msg, ok := newMessage(k.T, true)
	switch {
	case k.T == "":
		return nil, errors.New(`a message without its kind ("t")`)
	case !ok:
		return nil, fmt.Errorf("a message of kind %q, which a device does not send", clip(k.T))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(msg); err != nil {
		return nil, fmt.Errorf("a %s message: %v", k.T, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("a %s message followed by more", k.T)
	}
	return msg, nil
}
