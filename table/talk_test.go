package table

import (
	"errors"
	"strings"
	"testing"

	"notrueking/feed"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// said is what a table's talk sent through its game.
type said struct {
	from, to rules.Seat
	text     string
}

// talkTable is a table of a device that holds seat 1 of a four-player
// game, with talk: the lines it says are recorded.
func talkTable(t *testing.T) (*Table, *[]said) {
	t.Helper()
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	u := New(rules.DeskOf(g, 1), Options{Seed: 3})
	u.Reveal(1)
	var out []said
	u.Talk().Set(func(from, to rules.Seat, text string) error {
		if strings.Contains(text, "refuse") {
			return errors.New("too fast")
		}
		out = append(out, said{from, to, text})
		return nil
	}, nil, nil)
	return u, &out
}

// shows reports whether the table's widgets show s.
func shows(u *Table, s string) bool { return ui.Shows(u.Widgets(u.Layout()), s) }

// The talk shows the table's lines and the whispers of the seat shown,
// never another pair's whisper; lines that come while the log is in view
// are counted on the Talk button until it is opened.
func TestTalkShowsWhatTheSeatMayRead(t *testing.T) {
	u, _ := talkTable(t)
	u.Talk().Hear(feed.TalkLine{N: 1, From: 0, To: -1, Name: "Ann", Text: "hello all"})
	u.Talk().Hear(feed.TalkLine{N: 2, From: 0, To: 1, Name: "Ann", Text: "psst Ben"})
	u.Talk().Hear(feed.TalkLine{N: 3, From: 2, To: 3, Name: "Cy", Text: "between Cy and Di"})
	u.Talk().Hear(feed.TalkLine{N: 1, From: 0, To: -1, Name: "Ann", Text: "hello all"}) // told twice: kept once
	if got := u.Talk().Unread(); got != 2 {
		t.Fatalf("unread %d, want 2 (the table's line and Ben's whisper)", got)
	}
	if !shows(u, "Talk (2)") {
		t.Fatal("the log's title bar does not offer Talk (2)")
	}
	u.Do(ui.Command{Kind: ui.CmdTalk, N: 1})
	if u.Talk().Unread() != 0 {
		t.Fatal("opening the talk leaves lines unread")
	}
	if !shows(u, "Ann: hello all") || !shows(u, "Ann → Ben (whisper): psst Ben") {
		t.Fatalf("the talk does not show the table's line and Ben's whisper: %+v", u.Talk().Lines())
	}
	if shows(u, "between Cy and Di") || len(u.Talk().Lines()) != 2 {
		t.Fatalf("a whisper between two other seats is on Ben's screen: %+v", u.Talk().Lines())
	}
	u.Do(ui.Command{Kind: ui.CmdTalk, N: 0})
	if !shows(u, "Talk") || shows(u, "Ann: hello all") {
		t.Fatal("Log did not bring the log back")
	}
}

// A line is typed on the table (every key goes to it while it is written:
// H types an h, it asks no hint), goes to the table or, after To, to one
// seat in a whisper; Enter sends; a refusal stays on the message line and
// keeps the draft.
func TestTalkWritesAndSends(t *testing.T) {
	u, out := talkTable(t)
	u.Do(ui.Command{Kind: ui.CmdTalk, N: 1})
	u.Do(ui.Command{Kind: ui.CmdTalkWrite})
	if !u.Talk().Typing() {
		t.Fatal("Write did not start a line")
	}
	k := u.Keys(ui.Input{Chars: []rune("hi\x07 all"), Keys: []ui.Key{ui.KeyH}})
	if len(k.Rest) != 0 || k.Played {
		t.Fatalf("keys while writing went elsewhere: %+v", k)
	}
	u.Keys(ui.Input{Chars: []rune("x")})
	u.Keys(ui.Input{Backspace: true})
	u.Keys(ui.Input{Enter: true})
	if len(*out) != 1 || (*out)[0] != (said{1, -1, "hi all"}) {
		t.Fatalf("said %+v, want Ben's \"hi all\" to the table (control characters dropped)", *out)
	}
	// To: the next seat that is not Ben's own: Ann (0), then Cy (2).
	u.Do(ui.Command{Kind: ui.CmdTalkTo})
	if !shows(u, "Whisper: Ann") {
		t.Fatal("To did not choose Ann")
	}
	u.Do(ui.Command{Kind: ui.CmdTalkTo})
	u.Keys(ui.Input{Chars: []rune("only you")})
	u.Do(ui.Command{Kind: ui.CmdTalkSend})
	if len(*out) != 2 || (*out)[1] != (said{1, 2, "only you"}) {
		t.Fatalf("said %+v, want a whisper from Ben to Cy", *out)
	}
	u.Keys(ui.Input{Chars: []rune("refuse me")})
	u.Keys(ui.Input{Enter: true})
	if st := u.State(); !st.Refusal || !strings.Contains(st.Message, "too fast") || len(*out) != 2 || !shows(u, "refuse me") {
		t.Fatalf("a refused line: message %q, said %+v", st.Message, *out)
	}
	u.Keys(ui.Input{Escape: true})
	if u.Talk().Typing() {
		t.Fatal("Esc did not stop writing")
	}
}

// A spectator's screen (no seat shown) reads the table's talk and cannot
// write; a game at one screen has no Talk button.
func TestTalkOfSpectatorsAndOneScreen(t *testing.T) {
	u, out := talkTable(t)
	u.Reveal(-1)
	u.Talk().Hear(feed.TalkLine{N: 1, From: 0, To: -1, Name: "Ann", Text: "hello"})
	u.Talk().Hear(feed.TalkLine{N: 2, From: 0, To: 1, Name: "Ann", Text: "psst-only-ben"})
	u.Do(ui.Command{Kind: ui.CmdTalk, N: 1})
	if !shows(u, "Ann: hello") || shows(u, "psst-only-ben") || shows(u, "Write a line") {
		t.Fatalf("a spectator's talk: %+v", u.Talk().Lines())
	}
	u.Do(ui.Command{Kind: ui.CmdTalkWrite})
	if u.Talk().Typing() || len(*out) != 0 || !u.State().Refusal {
		t.Fatal("a spectator could start a line")
	}
	g, _ := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 3)
	one := New(rules.HotSeat(g), Options{Seed: 3})
	if one.Talk().On() || shows(one, "Talk") {
		t.Fatal("a hot-seat table offers talk")
	}
}
