package render

import (
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/rules"
)

// The keys go through the same input snapshot and handle as the window.

func TestKeysLiftTheCurtain(t *testing.T) {
	for _, in := range []input{{Enter: true}, {Keys: []string{"Space"}}} {
		f := newFake(testMap())
		a := curtainApp(t, f, 1)
		b, ok := findWidget(a.ws, func(w Widget) bool { return w.Kind == WButton })
		if !ok || b.Key != "Enter" {
			t.Fatalf("the curtain's button %+v does not show Enter", b)
		}
		a.handle(in)
		if a.scene != sceneTable || a.tbl.shown != 0 {
			t.Fatalf("%+v: scene %d showing seat %d, want the table for seat 0", in, a.scene, a.tbl.shown)
		}
	}
}

func TestKeysPressNumberedButtonsAndEscCancels(t *testing.T) {
	m := testMap()
	f := newFake(m)
	foot := rules.Action{Seat: 0, Verb: rules.VMuster, Unit: board.Footman, From: tx(m, "winterfell"), To: rules.None}
	ship := rules.Action{Seat: 0, Verb: rules.VMuster, Unit: board.Ship, From: tx(m, "winterfell"), To: tx(m, "port-of-winterfell")}
	f.legal = []rules.Action{foot, ship, {Seat: 0, Verb: rules.VDone}}
	a := tableApp(t, f)
	a.tbl.refresh()
	a.clickOn(Target{Kind: TTerritory, Terr: 0})
	a.rebuild()
	if len(a.tbl.chooser) != 2 {
		t.Fatalf("chooser %v", a.tbl.chooser)
	}
	// Every button shows a key.
	for _, w := range a.ws {
		if w.Kind == WButton && w.Key == "" {
			t.Errorf("button %q shows no key", w.Text)
		}
	}
	a.handle(input{Escape: true})
	if len(a.tbl.chooser) != 0 || len(f.applied) != 0 {
		t.Fatalf("Esc left the chooser %v (applied %v)", a.tbl.chooser, f.applied)
	}
	a.clickOn(Target{Kind: TTerritory, Terr: 0})
	a.rebuild()
	var key string
	for _, w := range a.ws {
		if w.T.Action != nil && *w.T.Action == ship {
			key = w.Key
		}
	}
	if key == "" {
		t.Fatal("the ship's button shows no key")
	}
	a.handle(input{Keys: []string{key}})
	if len(f.applied) != 1 || f.applied[0] != ship {
		t.Fatalf("key %s applied %v, want the ship", key, f.applied)
	}
}

func TestKeysMoveDialog(t *testing.T) {
	f, mv := moveFake()
	a := tableApp(t, f)
	a.tbl.refresh()
	a.clickOn(Target{Kind: TTerritory, Terr: 0})
	a.clickOn(Target{Kind: TTerritory, Terr: 1})
	a.rebuild()
	a.handle(input{Keys: []string{"Left"}}) // footmen row: 2 → 1
	a.handle(input{Keys: []string{"Down"}}) // knights row
	a.handle(input{Keys: []string{"Left"}}) // knights 1 → 0
	a.handle(input{Keys: []string{"Left"}}) // not below zero
	if a.tbl.moveUnits != mv(1, 0).Units {
		t.Fatalf("counts %v after the arrow keys, want 1 footman", a.tbl.moveUnits)
	}
	a.handle(input{Enter: true})
	if len(f.applied) != 1 || f.applied[0] != mv(1, 0) {
		t.Fatalf("Enter applied %v, want 1 footman", f.applied)
	}
}

func TestKeysStartScreen(t *testing.T) {
	var got []string
	var gotMap string
	ng := func(mapName string, players []string, _ uint64) (play, error) {
		gotMap, got = mapName, players
		return playOf(newFake(testMap())), nil
	}
	a, err := newApp(Options{}, ng)
	if err != nil {
		t.Fatal(err)
	}
	a.start.setMaps([]mapChoice{{ID: "standard", Label: "Standard", Min: 2, Max: 4}, {ID: "nine", Label: "Nine", Min: 2, Max: 9}}, "")
	a.rebuild()
	a.handle(input{Keys: []string{"Down"}})
	a.handle(input{Keys: []string{"Right"}})
	a.handle(input{Keys: []string{"Right"}})
	a.handle(input{Keys: []string{"Left"}})
	if a.start.mapID() != "nine" || a.start.n != 5 {
		t.Fatalf("map %s, %d players; want nine, 5", a.start.mapID(), a.start.n)
	}
	a.handle(input{Enter: true})
	if gotMap != "nine" || len(got) != 5 {
		t.Fatalf("Enter started %q with %v", gotMap, got)
	}
}

func TestKeysHelpAndFullscreen(t *testing.T) {
	m := testMap()
	f := newFake(m)
	f.legal = []rules.Action{{Seat: 0, Verb: rules.VDone}}
	a := tableApp(t, f)
	full := 0
	a.fullscreen = func() { full++ }
	a.handle(input{Keys: []string{"F11"}})
	if full != 1 {
		t.Fatalf("F11 toggled fullscreen %d times", full)
	}
	a.handle(input{Keys: []string{"F1"}})
	if !a.help {
		t.Fatal("F1 did not open the help")
	}
	for _, want := range []string{"F11", "Esc", "Maester", "Marshal", "Lord", "Muster", "Move", "Combat", "loyalty", "Ranks"} {
		if !hasText(a.ws[a.modal:], want) {
			t.Errorf("the help does not mention %q", want)
		}
	}
	for _, k := range helpKeys {
		if !hasText(a.ws[a.modal:], k[0]) {
			t.Errorf("the help lacks the key %q", k[0])
		}
	}
	// The table under the help takes no key and no click.
	a.handle(input{Keys: []string{"1"}})
	done, _ := findWidget(a.ws[:a.modal], func(w Widget) bool { return w.T.Action != nil })
	a.handle(input{X: done.R.X + 2, Y: done.R.Y + 2, Click: true})
	if len(f.applied) != 0 {
		t.Fatalf("the table under the help applied %v", f.applied)
	}
	a.handle(input{Escape: true})
	if a.help {
		t.Fatal("Esc did not close the help")
	}
	a.handle(input{Keys: []string{"F1"}})
	a.handle(input{Keys: []string{"F1"}})
	if a.help {
		t.Fatal("F1 did not close the help")
	}
	// The ? button opens it too.
	q, ok := findWidget(a.ws, func(w Widget) bool { return w.T.Cmd.Kind == CmdHelp })
	if !ok || q.Key != "F1" {
		t.Fatalf("no ? button showing F1: %+v", q)
	}
	a.handle(input{X: q.R.X + 2, Y: q.R.Y + 2, Click: true})
	if !a.help {
		t.Fatal("the ? button did not open the help")
	}
	// Digit 1 now presses the Done button.
	a.handle(input{Escape: true})
	a.handle(input{Keys: []string{"1"}})
	if len(f.applied) != 1 || f.applied[0].Verb != rules.VDone {
		t.Fatalf("key 1 applied %v, want done", f.applied)
	}
}

// TestTooltipsStayClear: on real tables (both maps, 4 and 9 players), every
// widget with a tooltip shows it inside the window, clear of the message
// line and of the panel the widget lies in; slots, house names, ranks,
// loyalty tokens, house cards and units all explain themselves.
func TestTooltipsStayClear(t *testing.T) {
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		a, _ := midGame(t, tc, 60, 5)
		l := a.layout()
		kinds := map[string]bool{}
		for i, w := range a.ws {
			if w.Tip == "" {
				continue
			}
			switch {
			case w.T.Kind == TSlot:
				kinds["slot"] = true
			case strings.Contains(w.Tip, " ranks "):
				kinds["rank"] = true
			case strings.Contains(w.Tip, "loyalty card"):
				kinds["loyalty"] = true
			case strings.HasPrefix(w.Tip, "House "):
				kinds["house"] = true
			}
			x, y := center(w.R)
			if tipIndex(a.ws, x, y) != i {
				continue // covered by another widget
			}
			box := tooltipFor(a.ws, i, l.Message)
			r := box[0].R
			if r.X < 0 || r.Y < 0 || r.X+r.W > BaseW || r.Y+r.H > BaseH {
				t.Errorf("%s: tip of %q at %+v leaves the window", tc.mapName, w.Text, r)
			}
			if overlap(r, l.Message) > 0 {
				t.Errorf("%s: tip of %q at %+v covers the message line", tc.mapName, w.Text, r)
			}
			if p := panelOf(a.ws, i); p != w.R && overlap(r, p) > 0 {
				t.Errorf("%s: tip of %q at %+v covers its panel %+v", tc.mapName, w.Text, r, p)
			}
			if overlap(r, w.R) > 0 {
				t.Errorf("%s: tip of %q covers the widget", tc.mapName, w.Text)
			}
		}
		for _, k := range []string{"slot", "rank", "loyalty", "house"} {
			if !kinds[k] {
				t.Errorf("%s: no %s has a tooltip", tc.mapName, k)
			}
		}
		// A territory's tooltip names its units and keeps off the message line.
		for tr := range a.tbl.m.Territories {
			for _, w := range a.tbl.tooltip(tr, l.Message.X+20, l.Message.Y-5, l.Message) {
				if overlap(w.R, l.Message) > 0 {
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
	if !strings.Contains(cardTip(board.Card{Name: "Asha", Strength: 1, Swords: 1, Effect: "asha"}, "Greyjoy"), "move") {
		t.Error("a house card's tooltip does not explain its effect")
	}
}

// TestHelpFitsItsPanel: every text of the help overlay lies inside its
// panel, the keys' rows apart, for every scene's list of keys (the list
// grows with every tool; it once ran off the panel's foot).
func TestHelpFitsItsPanel(t *testing.T) {
	for _, sc := range []scene{sceneStart, sceneTable, sceneReplay, sceneSpectate, sceneSandbox} {
		ws := helpWidgets(sc)
		panel := ws[1].R
		var rows []Rect
		for _, w := range ws[2:] {
			if w.Kind != WText {
				continue
			}
			lines := float64(strings.Count(w.Text, "\n") + 1)
			bottom := w.R.Y + lines*w.Size*1.15
			if w.R.X < panel.X || w.R.X+w.R.W > panel.X+panel.W || w.R.Y < panel.Y || bottom > panel.Y+panel.H {
				t.Errorf("scene %d: %q (%v, %v lines) runs off the help panel %v", sc, w.Text, w.R, lines, panel)
			}
			if w.R.X == panel.X+180 {
				rows = append(rows, Rect{w.R.X, w.R.Y, w.R.W, lines * w.Size * 1.15})
			}
		}
		for i := 1; i < len(rows); i++ {
			if rows[i].Y < rows[i-1].Y+rows[i-1].H {
				t.Errorf("scene %d: key rows %d and %d overlap", sc, i-1, i)
			}
		}
	}
}
