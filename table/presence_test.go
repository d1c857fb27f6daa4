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
	u.SetPresence(ps, now)
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
	u.SetPresence(ps, now)
	if got := tags(); !strings.Contains(got["wait"], "waits for a device") || got["away"] != "" {
		t.Fatalf("a seat no device has taken yet: %q", got)
	}
	for _, w := range u.Widgets(u.Layout()) {
		if w.R == u.Layout().Prompt && w.Kind == ui.WText && !strings.Contains(w.Text, "to join") {
			t.Fatalf("the prompt before the seat's device came: %q", w.Text)
		}
	}
}
