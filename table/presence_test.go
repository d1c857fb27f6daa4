package table

import (
	"strings"
	"testing"
	"time"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestPresenceShown: a remote seat's row carries "on" or "away" with the
// device's name in its tooltip ("wait" before any device came), and while the game waits on a seat whose
// device is away the prompt says who and for how long; seats at this
// screen carry no tag.
func TestPresenceShown(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	u := New(rules.DeskOf(g, 1), Options{})
	ta := g.ToAct()
	now := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)
	ps := make([]Presence, 3)
	ps[ta] = Presence{Remote: true, Device: "Ann's phone", AwaySince: now.Add(-65 * time.Second)}
	ps[2] = Presence{Remote: true, Device: "Cy's laptop", Connected: true}
	if ta == 2 {
		t.Fatal("the test wants another seat than 2 to act")
	}
	tags := func() map[string]string {
		out := map[string]string{}
		for _, w := range u.Widgets(u.Layout()) {
			if w.Kind == ui.WBox && (w.Text == "on" || w.Text == "away" || w.Text == "wait") {
				out[w.Text] = w.Tip
			}
		}
		return out
	}
	if len(tags()) != 0 {
		t.Fatal("tags before any presence was set")
	}
	u.Attendance().Set(ps, now)
	got := tags()
	if !strings.Contains(got["away"], "Ann's phone") || !strings.Contains(got["away"], "away 1:05") || !strings.Contains(got["on"], "Cy's laptop") {
		t.Fatalf("the tags: %q", got)
	}
	prompt := ""
	for _, w := range u.Widgets(u.Layout()) {
		if w.R == u.Layout().Prompt && w.Kind == ui.WText {
			prompt = w.Text
		}
	}
	if !strings.HasSuffix(prompt, "'s device is away 1:05") {
		t.Fatalf("the prompt while the seat to act is away: %q", prompt)
	}
	ps[ta] = Presence{Remote: true}
	u.Attendance().Set(ps, now)
	if got := tags(); !strings.Contains(got["wait"], "waits for a device") || got["away"] != "" {
		t.Fatalf("a seat no device has taken yet: %q", got)
	}
	for _, w := range u.Widgets(u.Layout()) {
		if w.R == u.Layout().Prompt && w.Kind == ui.WText && !strings.Contains(w.Text, "to join") {
			t.Fatalf("the prompt before the seat's device came: %q", w.Text)
		}
	}
}

// TestTurnTimeShown: in a game played at several devices, a table that
// does not hold the seat to act says whose turn it is and for how long;
// the time counts from when that seat's turn began, NoteTurn says when
// its second changes, and a table holding the seat to act adds nothing.
func TestTurnTimeShown(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	ta := g.ToAct()
	other := (ta + 1) % 3
	prompt := func(u *Table) string {
		for _, w := range u.Widgets(u.Layout()) {
			if w.R == u.Layout().Prompt && w.Kind == ui.WText {
				return w.Text
			}
		}
		return ""
	}
	now := time.Date(2026, 11, 29, 2, 0, 0, 0, time.UTC)
	ps := []Presence{{Remote: true, Connected: true}, {Remote: true, Connected: true}, {Remote: true, Connected: true}}
	u := New(rules.DeskOf(g, other), Options{})
	u.Attendance().NoteTurn(now)
	if p := prompt(u); strings.Contains(p, "turn for") {
		t.Fatalf("a game at one screen (no presence) shows a turn's time: %q", p)
	}
	u.Attendance().Set(ps, now)
	u.Attendance().NoteTurn(now)
	name := g.Config().Players[ta]
	if p := prompt(u); !strings.HasSuffix(p, " — "+name+"'s turn for 0:00") {
		t.Fatalf("the prompt at the turn's start: %q", p)
	}
	if u.Attendance().NoteTurn(now.Add(400 * time.Millisecond)) {
		t.Fatal("a redraw asked within the same second")
	}
	if !u.Attendance().NoteTurn(now.Add(65*time.Second)) || !strings.HasSuffix(prompt(u), name+"'s turn for 1:05") {
		t.Fatalf("after 65 s: %q", prompt(u))
	}
	mine := New(rules.DeskOf(g, ta), Options{})
	mine.Attendance().Set(ps, now)
	mine.Attendance().NoteTurn(now.Add(65 * time.Second))
	if p := prompt(mine); strings.Contains(p, "turn for") {
		t.Fatalf("the table of the seat to act shows its own time: %q", p)
	}
}
