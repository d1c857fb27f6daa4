package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"notrueking/rules"
	"notrueking/session"
	"notrueking/ui"
)

// TestAppWritesOverlay: the app writes the overlay at the start of a game
// and again after each applied action (afterAction), through the table.
func TestAppWritesOverlay(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	p := filepath.Join(t.TempDir(), "o.json")
	g := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, 3)
	a := mustApp(t, Options{Overlay: p}, nil)
	beginWith(a, g, session.FilesOptions{})
	type overlayData struct {
		Actions int `json:"actions"`
		Acting  *struct {
			Name string `json:"name"`
		} `json:"acting"`
	}
	read := func() overlayData {
		t.Helper()
		var d overlayData
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	if d := read(); d.Actions != 0 || d.Acting == nil || d.Acting.Name != "Ann" {
		t.Fatalf("at the start the overlay says %+v", d)
	}
	a.handle(ui.Input{Enter: true}) // the curtain
	act := g.Legal()[0]
	a.press(ui.Target{Kind: ui.TButton, Action: &act})
	if g.Len() != 1 {
		t.Fatalf("the action was not applied (%d actions)", g.Len())
	}
	want, _, err := session.OverlayFiles(rules.DeskOf(g))
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); read().Actions != 1 || !bytes.Equal(data, want) {
		t.Errorf("after an action the overlay says %s, want %s", data, want)
	}
}
