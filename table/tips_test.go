package table

import (
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/ui"
)

// TestTooltipsStayClear: on real tables (both maps, 4 and 9 players), every
// widget with a tooltip shows it inside the window, clear of the message
// line and of the panel the widget lies in; slots, house names, ranks,
// loyalty tokens, house cards and units all explain themselves.
func TestTooltipsStayClear(t *testing.T) {
	names := []string{"Alexandra", "Bartholomew", "Christabel", "Demetrius", "Evangeline", "Frederick", "Gwendolyn", "Hieronymus", "Isadora"}
	for _, tc := range []struct {
		mapName string
		players int
	}{{"standard", 4}, {"nine", 9}} {
		g, err := tabletest.RulesGame(tc.mapName, names[:tc.players], 5)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		tabletest.PlayUntil(t, g, g, 5, func() bool { n++; return n > 60 })
		u := New(rules.HotSeat(g), Options{Seed: 5})
		u.Reveal(g.ToAct())
		l := u.Layout()
		ws := u.Widgets(l)
		kinds := map[string]bool{}
		for i, w := range ws {
			if w.Tip == "" {
				continue
			}
			switch {
			case w.T.Kind == ui.TSlot:
				kinds["slot"] = true
			case strings.Contains(w.Tip, " ranks "):
				kinds["rank"] = true
			case strings.Contains(w.Tip, "loyalty card"):
				kinds["loyalty"] = true
			case strings.HasPrefix(w.Tip, "House "):
				kinds["house"] = true
			}
			x, y := w.R.Center()
			if ui.TipIndex(ws, x, y) != i {
				continue // covered by another widget
			}
			if clash := ui.TooltipClash(ws, i, l.Message); clash != "" {
				t.Errorf("%s: the tip of %q %s", tc.mapName, w.Text, clash)
			}
		}
		for _, k := range []string{"slot", "rank", "loyalty", "house"} {
			if !kinds[k] {
				t.Errorf("%s: no %s has a tooltip", tc.mapName, k)
			}
		}
		// A territory's tooltip names its units and keeps off the message line.
		for tr := range u.pos.m.NumTerritories() {
			for _, w := range u.panels.tooltip(tr, l.Message.X+20, l.Message.Y-5, l.Message) {
				if ui.Overlap(w.R, l.Message) > 0 {
					t.Fatalf("%s: territory tooltip %+v covers the message line", tc.mapName, w.R)
				}
			}
		}
	}
	for k := board.Unit(0); k < board.NumUnits; k++ {
		if unitTips[k] == "" {
			t.Errorf("unit %s has no explanation", k)
		}
	}
	if !strings.Contains(CardTip(board.Card{Name: "Asha", Strength: 1, Swords: 1, Effect: "asha"}, "Greyjoy"), "move") {
		t.Error("a house card's tooltip does not explain its effect")
	}
}
