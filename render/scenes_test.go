package render

import (
	"fmt"
	"notrueking/internal/tabletest"
	"notrueking/table"
	"strings"
	"testing"

	"notrueking/rules"
	"notrueking/ui"
	"notrueking/words"
)

func TestCombatPanelShowsBothSides(t *testing.T) {
	for seed := int64(1); seed < 40; seed++ {
		e, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy", "Di"}, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		tabletest.PlayUntil(t, e, e, seed, func() bool { return e.View(rules.Public).Combat != nil })
		v := e.View(rules.Public)
		if v.Combat == nil {
			continue
		}
		a := curtainApp(t, e, uint64(seed))
		a.clickOn(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
		a.rebuild()
		c := v.Combat
		for _, want := range []string{
			fmt.Sprintf("%s attacks: %d", tabletest.HouseName(a.tbl.Map(), c.Attacker), c.AttackerPower),
			fmt.Sprintf("%s defends: %d", tabletest.HouseName(a.tbl.Map(), c.Defender), c.DefenderPower),
			"Combat in " + tabletest.TerrName(a.tbl.Map(), c.Territory),
		} {
			if !ui.HasText(a.ws, want) {
				t.Errorf("combat panel lacks %q", want)
			}
		}
		for _, term := range append(append([]string{}, c.AttackerTerms...), c.DefenderTerms...) {
			if !ui.HasText(a.ws, term) {
				t.Errorf("combat panel lacks the term %q", term)
			}
		}
		if haveDisplay {
			saveShot(t, "combat", render(t, a, ui.BaseW, ui.BaseH))
		}
		return
	}
	t.Fatal("no combat in 40 random games")
}

func TestEndScreenRevealsAll(t *testing.T) {
	e, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	a := curtainApp(t, e, 5)
	tabletest.PlayUntil(t, e, e, 5, func() bool { return false })
	if !e.Over() {
		t.Fatal("game did not end")
	}
	a.afterAction()
	a.rebuild()
	if a.scene != sceneEnd {
		t.Fatalf("scene %d, want the end screen", a.scene)
	}
	v := e.View(rules.Public)
	for i, p := range v.Players {
		if !ui.HasText(a.ws, words.Count(p.Score, "point")) {
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
			if tk.House == "" {
				t.Fatalf("seat %d: a loyalty token is still hidden at game over", i)
			}
			if !ui.HasText(a.ws, fmt.Sprintf("%d\n%s", tk.Value, tabletest.HouseName(a.tbl.Map(), tk.House))) {
				t.Errorf("end screen lacks seat %d's token %s=%d", i, tk.House, tk.Value)
			}
		}
	}
	if v.TieBreak != "" && !ui.HasText(a.ws, v.TieBreak) {
		t.Errorf("end screen lacks the tie-break sentence %q", v.TieBreak)
	}
	var names []string
	for _, w := range v.Winners {
		names = append(names, v.Players[w].Name)
	}
	if !ui.HasText(a.ws, strings.Join(names, " and ")) {
		t.Errorf("end screen does not name the winners %v", names)
	}
	if haveDisplay {
		saveShot(t, "end", render(t, a, ui.BaseW, ui.BaseH))
	}
}

// TestEndScreenFitsNineHouses: at the end of a nine-player game on the
// nine-house map every ranking line, card and token of the end screen lies
// inside the window and none covers another.
func TestEndScreenFitsNineHouses(t *testing.T) {
	names := []string{"Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"}
	for _, tc := range []struct {
		mapName string
		players int
	}{{"nine", 9}, {"nine", 2}, {"standard", 4}} {
		e, err := tabletest.RulesGame(tc.mapName, names[:tc.players], 3)
		if err != nil {
			t.Fatal(err)
		}
		a := curtainApp(t, e, 3)
		tabletest.PlayUntil(t, e, e, 3, func() bool { return false })
		if !e.Over() {
			t.Fatalf("%s: game did not end", tc.mapName)
		}
		a.afterAction()
		a.rebuild()
		var shown []ui.Widget
		for _, w := range a.ws {
			if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > ui.BaseW+0.5 || w.R.Y+w.R.H > ui.BaseH+0.5 {
				t.Errorf("%s, %d players: %q at %v is outside the window", tc.mapName, tc.players, w.Text, w.R)
			}
			if w.Kind != ui.WPanel && w.Text != "" {
				shown = append(shown, w)
			}
		}
		for i, w := range shown {
			for _, o := range shown[i+1:] {
				if ui.Overlap(w.R, o.R) > 0 {
					t.Errorf("%s, %d players: %q at %v overlaps %q at %v", tc.mapName, tc.players, w.Text, w.R, o.Text, o.R)
				}
			}
		}
	}
}
