package table

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"unicode"

	"notrueking/feed"
	"notrueking/rules"
	"notrueking/ui"
)

// The table talk (for a remote evening): in a game played at several
// devices, a chat for the whole table and whispers between two seats,
// shown in the log's place — a Talk button on the log's title bar, a Talk
// tab on a phone — with the count of lines not yet read. The table only
// shows and writes: what it may show (a whisper only to its two seats)
// and where a line goes (the match, the host) are its game's (SetTalk).

// maxDraft is the longest line the table lets be typed (the game refuses
// longer ones: session.MaxTalk).
const maxDraft = 500

// Talk is the table's talk: the lines this screen was told, what is being
// written and to whom.
type Talk struct {
	t *Table
	// say sends a line from seat from to seat to (-1: the table); nil: a
	// game without talk (one screen: the players talk across the table).
	say func(from, to rules.Seat, text string) error
	// ask asks for a line in a dialog of the platform's (a page's prompt,
	// which a phone answers with its own keyboard); nil: typed on the
	// table.
	ask func(title string) (string, bool)
	// lines are the lines this screen may read, in their order; unread
	// the count that came while the talk was not in view.
	lines  []feed.TalkLine
	unread int
	// open: the log's place shows the talk (landscape; a phone's tab).
	open bool
	// draft is the line being written, typing whether keys go to it;
	// to the seat it goes to (-1: the whole table).
	draft  []rune
	typing bool
	to     rules.Seat
	// back is how many rows the view is scrolled back.
	back int
}

// Talk is the table's talk.
func (u *Table) Talk() *Talk { return &u.talk }

// Set gives the table its game's talk: say sends a line (nil: a game
// without talk), lines the history this screen may read (a reconnecting
// device's own), ask a platform's dialog to write a line in (nil: typed
// on the table).
func (k *Talk) Set(say func(from, to rules.Seat, text string) error, lines []feed.TalkLine, ask func(title string) (string, bool)) {
	k.say, k.ask, k.to = say, ask, -1
	k.lines = k.lines[:0]
	for _, l := range lines {
		k.hear(l, false)
	}
}

// On reports whether the game has table talk.
func (k *Talk) On() bool { return k.say != nil || len(k.lines) > 0 }

// Hear adds a line the game told: kept once (by its number), counted
// unread when the talk is not in view and another seat said it.
func (k *Talk) Hear(l feed.TalkLine) { k.hear(l, true) }

// Unread is the count of lines not read yet.
func (k *Talk) Unread() int { return k.unread }

// Lines are the lines the table may show now (the seat shown's whispers
// among them), oldest first.
func (k *Talk) Lines() []feed.TalkLine { return k.visible() }

// Typing reports whether the keys go to the line being written.
func (k *Talk) Typing() bool { return k.typing }

func (k *Talk) hear(l feed.TalkLine, counted bool) {
	i, found := slices.BinarySearchFunc(k.lines, l.N, func(x feed.TalkLine, n int) int { return x.N - n })
	if found {
		return
	}
	k.lines = slices.Insert(k.lines, i, l)
	if counted && !k.inView() && k.mayRead(l) && l.From != k.t.pos.shown {
		k.unread++
	}
}

// mayRead reports whether the screen may show l now: a line to the table,
// or a whisper from or to the seat shown (another seat's whispers stay
// hidden while the screen shows another seat, as its hand does).
func (k *Talk) mayRead(l feed.TalkLine) bool {
	s := k.t.pos.shown
	return !l.Whisper() || s >= 0 && (l.From == s || l.To == s)
}

func (k *Talk) visible() []feed.TalkLine {
	var out []feed.TalkLine
	for _, l := range k.lines {
		if k.mayRead(l) {
			out = append(out, l)
		}
	}
	return out
}

// inView reports whether the talk is on the screen.
func (k *Talk) inView() bool {
	if k.t.portrait {
		return k.t.tab == TabTalk
	}
	return k.open
}

// from is the seat this screen speaks as: the seat shown (-1: none, a
// spectator's screen only reads).
func (k *Talk) from() rules.Seat {
	if s := k.t.pos.shown; s >= 0 && k.t.pos.eng.Holds(s) {
		return s
	}
	return -1
}

// command carries out a talk command: show it or the log, the next
// recipient, start writing, send.
func (k *Talk) command(c ui.Command) {
	switch c.Kind {
	case ui.CmdTalk:
		k.open = c.N == 1
		if k.open {
			k.unread = 0
		} else {
			k.typing = false
		}
	case ui.CmdTalkTo:
		k.to = k.nextTo()
	case ui.CmdTalkWrite:
		k.write()
	case ui.CmdTalkSend:
		k.send()
	case ui.CmdLogScroll:
		k.back = max(0, k.back+c.N)
	}
}

// nextTo is the recipient after the one chosen: the table, then each
// other seat in turn.
func (k *Talk) nextTo() rules.Seat {
	n := rules.Seat(len(k.t.pos.seats))
	for s := k.to + 1; s < n; s++ {
		if s != k.from() {
			return s
		}
	}
	return -1
}

// toWords is who a line goes to, for its button.
func (k *Talk) toWords() string {
	if k.to < 0 {
		return "To: the table"
	}
	return "Whisper: " + k.t.pos.seatName(k.to)
}

// write starts writing a line: in the platform's dialog when it has one,
// else on the table (the keys go to the line until Enter or Esc).
func (k *Talk) write() {
	if k.from() < 0 {
		k.t.setMsg("Only a seat's player may talk here; a spectator reads the table's talk.", true)
		return
	}
	if k.ask != nil {
		title := "Say to the whole table"
		if k.to >= 0 {
			title = "Whisper to " + k.t.pos.seatName(k.to) + " (only they read it)"
		}
		if s, ok := k.ask(title); ok {
			k.draft = []rune(s)
			k.send()
		}
		return
	}
	k.typing = true
}

// send says the draft; a refusal is on the message line and the draft
// stays to be mended.
func (k *Talk) send() {
	text := strings.TrimSpace(string(k.draft))
	if text == "" {
		k.typing = false
		return
	}
	if k.say == nil || k.from() < 0 {
		k.t.setMsg("This game has no table talk: its players share one screen.", true)
		return
	}
	if err := k.say(k.from(), k.to, text); err != nil {
		k.t.setMsg("Not said: "+err.Error(), true)
		return
	}
	k.draft, k.back = k.draft[:0], 0
}

// keys takes one tick's keys while a line is written: letters into the
// draft, Backspace, Enter sends, Esc stops writing.
func (k *Talk) keys(in ui.Input) {
	for _, r := range in.Chars {
		if len(k.draft) < maxDraft && unicode.IsPrint(r) {
			k.draft = append(k.draft, r)
		}
	}
	if in.Backspace && len(k.draft) > 0 {
		k.draft = k.draft[:len(k.draft)-1]
	}
	switch {
	case in.Has(ui.KeyEnter):
		k.send()
	case in.Has(ui.KeyEsc):
		k.typing = false
	}
}

// whisperInk is a whisper's colour: violet, readable on the panels.
var whisperInk = color.RGBA{206, 170, 240, 255}

// lineWords are a line's words as shown: "Ann: …", "Ann → Ben (whisper): …".
func (k *Talk) lineWords(l feed.TalkLine) string {
	if l.Whisper() {
		return fmt.Sprintf("%s → %s (whisper): %s", l.Name, k.t.pos.seatName(l.To), l.Text)
	}
	return l.Name + ": " + l.Text
}

// widgets is the talk in r: its title with the way back to the log, the
// lines (newest at the bottom, whispers in violet), and the row that
// writes one: to whom, the line, Send.
func (k *Talk) widgets(r ui.Rect) []ui.Widget {
	k.unread = 0
	tap := max(k.t.Layout().Tap, 30)
	ws := ui.Panel(r, "")
	title := "Table talk"
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 12, Y: r.Y + 7, W: r.W - 110, H: 22}, Kind: ui.WText, Text: title, Size: 15, Bold: true, Ink: ui.ColGold,
		Tip: "Said to the whole table, or whispered to one player: a whisper reaches their device and yours, no one else's (never a spectator's). The host's save keeps the talk."})
	if !k.t.portrait {
		b := ui.Button(ui.Rect{X: r.X + r.W - 92, Y: r.Y + 5, W: 84, H: 24}, "Log", ui.CmdTarget(ui.Command{Kind: ui.CmdTalk, N: 0}))
		b.Tip, b.Size = "Back to the game's log.", 14
		ws = append(ws, b)
	}
	const size, rowH = 15.0, 20.0
	writeH := tap + 8
	if k.from() < 0 {
		writeH = 0
	}
	body := ui.Rect{X: r.X + 12, Y: r.Y + logHeadH, W: r.W - 24, H: r.H - logHeadH - writeH - 6}
	type row struct {
		text string
		ink  color.RGBA
	}
	var rows []row
	for _, l := range k.visible() {
		ink := ui.ColText
		if l.Whisper() {
			ink = whisperInk
		}
		for _, s := range ui.WrapText(k.lineWords(l), size, body.W, 12) {
			rows = append(rows, row{s, ink})
		}
	}
	vis := max(1, int(body.H/rowH))
	k.back = min(k.back, max(0, len(rows)-vis))
	end := len(rows) - k.back
	if len(rows) == 0 {
		ws = append(ws, ui.Text(ui.Rect{X: body.X, Y: body.Y, W: body.W, H: rowH * 2}, "Nothing said yet. Say something to the table, or whisper to one player.", size, ui.ColDim))
	}
	for i, rw := range rows[max(0, end-vis):end] {
		ws = append(ws, ui.Text(ui.Rect{X: body.X, Y: body.Y + float64(i)*rowH, W: body.W, H: rowH}, rw.text, size, rw.ink))
	}
	if writeH == 0 {
		return ws
	}
	// The row that writes: to whom, the line, Send.
	y := r.Y + r.H - tap - 6
	to := ui.Button(ui.Rect{X: r.X + 8, Y: y, W: 118, H: tap}, k.toWords(), ui.CmdTarget(ui.Command{Kind: ui.CmdTalkTo}))
	to.Size, to.Tip = 13, "Who the line goes to: the whole table, or one player in a whisper. Tap for the next."
	if k.to >= 0 {
		to.Fill = color.RGBA{96, 64, 128, 255}
	}
	send := ui.Button(ui.Rect{X: r.X + r.W - 8 - 64, Y: y, W: 64, H: tap}, "Send", ui.CmdTarget(ui.Command{Kind: ui.CmdTalkSend}))
	send.Disabled = len(k.draft) == 0
	field := ui.Rect{X: to.R.X + to.R.W + 6, Y: y, W: send.R.X - 6 - (to.R.X + to.R.W + 6), H: tap}
	text, ink := string(k.draft), ui.ColText
	switch {
	case k.typing:
		text += "|"
	case text == "":
		text, ink = "Write a line…", ui.ColDim
	}
	box := ui.Widget{R: field, Kind: ui.WBox, Text: text, Size: 14, Fill: ui.ColBG, Ink: ink, Edge: ui.ColEdge, T: ui.CmdTarget(ui.Command{Kind: ui.CmdTalkWrite}),
		Tip: "Click to write (Enter sends, Esc stops); at most 500 characters."}
	if k.typing {
		box.Edge = ui.ColGold
	}
	return append(ws, to, box, send)
}

// talkButton is the log's title-bar button that shows the talk, with its
// unread count.
func (k *Talk) button(r ui.Rect) ui.Widget {
	label := "Talk"
	if k.unread > 0 {
		label = fmt.Sprintf("Talk (%d)", k.unread)
	}
	b := ui.Button(r, label, ui.CmdTarget(ui.Command{Kind: ui.CmdTalk, N: 1}))
	b.Size, b.Tip = 14, "The table's talk: say something to everyone, or whisper to one player."
	b.Hot = k.unread > 0
	return b
}
