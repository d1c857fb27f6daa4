package app

import (
	"fmt"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

func TestEndScreenRevealsAll(t *testing.T) {
	e := rulesGame(t, "standard", []string{"Ann", "Ben", "Cy"}, 5)
	a := curtainApp(t, rules.HotSeat(e), 5)
	tabletest.PlayUntil(t, e, e, 5, func() bool { return false })
	if !e.Over() {
		t.Fatal("game did not end")
	}
	moved(a)
	if !is[*endScene](a) {
		t.Fatalf("%T, want the end screen", a.mgr.cur)
	}
	v := e.View(rules.Public)
	for i, p := range v.Players {
		if !ui.HasText(a.f.ws, words.Count(p.Score, "point")) {
			t.Errorf("end screen lacks %s's score %d", p.Name, p.Score)
		}
		sum := 0
		for k, tk := range p.Loyalty {
			if table.Scores(v.Ranking, tk.House, k) {
				sum += tk.Value
			}
		}
		if sum != p.Score {
			t.Errorf("seat %d: the gold-framed tokens add up to %d, the engine scores %d", i, sum, p.Score)
		}
		for _, tk := range p.Loyalty {
			if tk.House == board.NoHouse {
				t.Fatalf("seat %d: a loyalty token is still hidden at game over", i)
			}
			if !ui.HasText(a.f.ws, fmt.Sprintf("%d\n%s", tk.Value, tabletest.HouseName(tbl(a).Map(), tk.House))) {
				t.Errorf("end screen lacks seat %d's token %s=%d", i, tabletest.HouseName(tbl(a).Map(), tk.House), tk.Value)
			}
		}
	}
	if v.TieBreak != "" && !ui.HasText(a.f.ws, v.TieBreak) {
		t.Errorf("end screen lacks the tie-break sentence %q", v.TieBreak)
	}
	var names []string
	for _, w := range v.Winners {
		names = append(names, v.Players[w].Name)
	}
	if !ui.HasText(a.f.ws, strings.Join(names, " and ")) {
		t.Errorf("end screen does not name the winners %v", names)
	}
	if haveDisplay() {
		look(t, a, "end", ui.BaseW, ui.BaseH)
	}
}

// TestSceneNames: the browser page (web/web_test.go) reads which scene is
// up by name: the scene under help and the Tools menu, "table" for the
// table in try mode or under a notice.
func TestSceneNames(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	a := mustApp(t, Options{Players: []string{"Ann", "Ben"}}, defaultNewGame)
	name := func(want string) {
		t.Helper()
		if got := a.mgr.name(); got != want {
			t.Errorf("%T is named %q, want %q", a.mgr.cur, got, want)
		}
	}
	name("start")
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF1}})
	name("start")
	a.handle(ui.Input{Escape: true})
	a.handle(ui.Input{Enter: true})
	name("curtain")
	a.handle(ui.Input{Enter: true})
	name("table")
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyF2}})
	name("table")
	a.handle(ui.Input{Escape: true})
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyT}})
	if !tryUp(a) {
		t.Fatalf("T at the table: %T, want try mode", a.mgr.cur)
	}
	name("table")
	a.handle(ui.Input{Keys: []ui.Key{ui.KeyT}})
	if !is[*tableScene](a) {
		t.Fatalf("T in try mode: %T, want the table", a.mgr.cur)
	}
}
