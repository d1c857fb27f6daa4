package table

import (
	"slices"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/maps"
	"notrueking/rules"
	"notrueking/ui"
)

func TestBoardHitTest(t *testing.T) {
	m := tabletest.Map()
	const A, B, C, D = 0, 1, 2, 3
	// 12×8 grid in a 240×200 box: cells of 20 px, centred vertically (y from 20).
	sh := ui.ShapesOf(m)
	g := ui.FitBoard(m.Grid.W, m.Grid.H, ui.Rect{X: 0, Y: 0, W: 240, H: 200})
	if g.Cell != 20 || g.X != 0 || g.Y != 20 {
		t.Fatalf("fitBoard = %+v, want cell 20 at (0,20)", g)
	}
	tests := []struct {
		name string
		x, y float64
		want int
	}{
		{"middle of A", 30, 60, A},
		{"middle of B", 150, 40, B},
		{"sea in the corner", 230, 170, C},
		{"port cell", 90, 140, D},
		{"above the map", 30, 10, -1},
		{"right of the map", 250, 60, -1},
		// Cell (5,3) is B with A to its left and A above? No: row 2 col 5 is A,
		// row 3 col 4 is A: the top-left corner of B's cell (5,3) is chamfered into A.
		{"chamfered corner goes to the neighbour", 5*20 + 2, 20 + 3*20 + 2, A},
		{"same cell away from the corner", 5*20 + 18, 20 + 3*20 + 18, B},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := g.TerritoryAt(sh, tc.x, tc.y); got != tc.want {
				t.Errorf("TerritoryAt(%v,%v) = %d, want %d", tc.x, tc.y, got, tc.want)
			}
		})
	}
	// Scaling: the same base point hit through a doubled scaler finds the same territory.
	sc := ui.NewScaler(3200, 1800)
	sg := ui.FitBoard(m.Grid.W, m.Grid.H, sc.Rect(ui.Rect{X: 0, Y: 0, W: 240, H: 200}))
	for _, tc := range tests {
		sx, sy := sc.ToScreen(tc.x, tc.y)
		if got := sg.TerritoryAt(sh, sx, sy); got != tc.want {
			t.Errorf("scaled: %s: TerritoryAt = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestSlotHitTestAndPlace(t *testing.T) {
	m := tabletest.Map()
	f := tabletest.New(m)
	place := rules.Action{Seat: 0, Verb: rules.VPlace, House: tabletest.House(m, "lannister"), Slot: rules.Lord}
	f.Legals = []rules.Action{place, {Seat: 0, Verb: rules.VPlace, House: tabletest.House(m, "stark"), Slot: rules.Maester}}
	u := New(f, Options{Seed: 1})
	u.Reveal(0)
	l := NewLayout(m.Grid.W, m.Grid.H, 2, 0)
	ws := u.panels.table(l)
	slot, ok := ui.Find(ws, func(w ui.Widget) bool {
		return w.T.Kind == ui.TSlot && w.T.House == tabletest.House(m, "lannister") && w.T.Slot == rules.Lord
	})
	if !ok {
		t.Fatal("no Lannister Lord slot widget")
	}
	if !slot.Hot {
		t.Error("a legal slot is not highlighted")
	}
	// Hit-test through a scaled window: screen point → base → widget.
	for _, size := range [][2]int{{1600, 900}, {1920, 1080}, {1280, 1000}} {
		sc := ui.NewScaler(size[0], size[1])
		cx, cy := slot.R.Center()
		sx, sy := sc.ToScreen(cx, cy)
		bx, by := sc.ToBase(sx, sy)
		got, _ := ui.HitTest(ws, bx, by)
		if got.Kind != ui.TSlot || got.House != tabletest.House(m, "lannister") || got.Slot != rules.Lord {
			t.Fatalf("window %v: hit %+v, want the Lannister Lord slot", size, got)
		}
	}
	cx, cy := slot.R.Center()
	got, _ := ui.HitTest(ws, cx, cy)
	u.click(got)
	if len(f.Applied) != 1 || f.Applied[0] != place {
		t.Fatalf("applied %v, want %v", f.Applied, place)
	}
}

func TestIllegalClickShowsEngineReason(t *testing.T) {
	m := tabletest.Map()
	f := tabletest.New(m)
	f.Legals = []rules.Action{{Seat: 0, Verb: rules.VPlace, House: tabletest.House(m, "stark"), Slot: rules.Maester}}
	f.CheckFn = func(a rules.Action) error {
		if a.House == tabletest.House(m, "lannister") {
			return errorString("House Lannister's Lord slot is taken")
		}
		return nil
	}
	u := New(f, Options{Seed: 1})
	u.Reveal(0)
	u.click(ui.Target{Kind: ui.TSlot, House: tabletest.House(m, "lannister"), Slot: rules.Lord})
	if len(f.Applied) != 0 {
		t.Fatalf("applied %v, want nothing", f.Applied)
	}
	if !u.msgErr || !strings.Contains(u.msg, "Lord slot is taken") {
		t.Fatalf("message %q (err %v), want the engine's reason", u.msg, u.msgErr)
	}
	// A click when it is not the shown seat's turn does nothing.
	f.Acting = 1
	u.click(ui.Target{Kind: ui.TSlot, House: tabletest.House(m, "stark"), Slot: rules.Maester})
	if len(f.Applied) != 0 {
		t.Fatal("a click applied an action for a seat that is not to act")
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

func TestMusterChooser(t *testing.T) {
	f, foot, ship := tabletest.MusterFake()
	m := f.M
	u := New(f, Options{Seed: 1})
	u.Reveal(0)
	hl, _ := u.highlights()
	if !hl[0] || hl[1] {
		t.Fatalf("highlights %v, want only Winterfell", hl)
	}
	u.click(ui.Target{Kind: ui.TTerritory, Terr: 0})
	if len(u.ch.items) != 2 {
		t.Fatalf("chooser has %d entries, want 2", len(u.ch.items))
	}
	ws := u.panels.table(NewLayout(m.Grid.W, m.Grid.H, 2, 0))
	b, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Action != nil && *w.T.Action == ship })
	if !ok {
		t.Fatal("no chooser button for the ship")
	}
	if !strings.Contains(b.Text, "Port of Winterfell") {
		t.Errorf("ship button says %q", b.Text)
	}
	bx, by := b.R.Center()
	tg, _ := ui.HitTest(ws, bx, by)
	u.click(tg)
	if len(f.Applied) != 1 || f.Applied[0] != ship {
		t.Fatalf("applied %v, want the ship", f.Applied)
	}
	// A single match applies at once.
	f.Legals = []rules.Action{foot}
	u.Refresh()
	u.click(ui.Target{Kind: ui.TTerritory, Terr: 0})
	if len(f.Applied) != 2 || f.Applied[1] != foot {
		t.Fatalf("applied %v, want the footman next", f.Applied)
	}
}

func TestMoveWithCounts(t *testing.T) {
	f, mv := tabletest.MoveFake()
	u := New(f, Options{Seed: 1})
	u.Reveal(0)
	u.click(ui.Target{Kind: ui.TTerritory, Terr: 0})
	if u.mv.from != 0 {
		t.Fatalf("source not selected (moveFrom %d)", u.mv.from)
	}
	hl, sel := u.highlights()
	if !hl[1] || hl[2] || sel != 0 {
		t.Fatalf("highlights %v sel %d, want Karhold lit and Winterfell selected", hl, sel)
	}
	u.click(ui.Target{Kind: ui.TTerritory, Terr: 1})
	if u.mv.units != mv(2, 1).Units {
		t.Fatalf("default counts %v, want all units", u.mv.units)
	}
	u.click(ui.CmdTarget(ui.Command{Kind: ui.CmdFewerUnits, Unit: board.Knight}))
	u.click(ui.CmdTarget(ui.Command{Kind: ui.CmdFewerUnits, Unit: board.Knight})) // not below zero
	u.click(ui.CmdTarget(ui.Command{Kind: ui.CmdMoveConfirm}))
	if len(f.Applied) != 1 || f.Applied[0] != mv(2, 0) {
		t.Fatalf("applied %v, want 2 footmen", f.Applied)
	}
}

func TestArrangeSwapShuffleConfirm(t *testing.T) {
	m := tabletest.Map()
	f := tabletest.New(m)
	f.Legals = []rules.Action{{Seat: 0, Verb: rules.VArrange, Order: tabletest.Order(m, "stark", "lannister")}, {Seat: 0, Verb: rules.VArrange, Order: tabletest.Order(m, "lannister", "stark")}}
	u := New(f, Options{Seed: 1})
	u.Reveal(0)
	if !slices.Equal(u.loyalty.houses, tabletest.Order(m, "stark", "lannister").Houses()) {
		t.Fatalf("initial arrangement %v", u.loyalty.houses)
	}
	u.click(ui.Target{Kind: ui.TToken, Index: 0})
	u.click(ui.Target{Kind: ui.TToken, Index: 1})
	if !slices.Equal(u.loyalty.houses, tabletest.Order(m, "lannister", "stark").Houses()) {
		t.Fatalf("after swap %v", u.loyalty.houses)
	}
	u.click(ui.CmdTarget(ui.Command{Kind: ui.CmdConfirmArrange}))
	if len(f.Applied) != 1 || f.Applied[0].Order != tabletest.Order(m, "lannister", "stark") {
		t.Fatalf("applied %v", f.Applied)
	}
}

func TestPublicWidgetsHoldNoSecrets(t *testing.T) {
	m := tabletest.Map()
	f := tabletest.New(m)
	u := New(f, Options{Seed: 1})
	l := NewLayout(m.Grid.W, m.Grid.H, 2, 0)
	ws := u.panels.table(l)
	for _, w := range ws {
		if strings.Contains(w.Text, "Eddard") {
			t.Fatalf("public table shows a card from seat 0's hand: %q", w.Text)
		}
	}
	u.Reveal(0)
	ws = u.panels.table(l)
	if _, ok := ui.Find(ws, func(w ui.Widget) bool { return strings.Contains(w.Text, "Eddard Stark") }); !ok {
		t.Fatal("seat 0's own hand is not shown after the curtain")
	}
}

func TestWidgetsStayOnCanvas(t *testing.T) {
	m := tabletest.Map()
	f := tabletest.New(m)
	u := New(f, Options{Seed: 1})
	u.Reveal(0)
	for n := 2; n <= 4; n++ {
		for _, w := range u.panels.table(NewLayout(70, 126, n, 0)) {
			if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > ui.BaseW+0.01 || w.R.Y+w.R.H > ui.BaseH+0.01 {
				t.Errorf("%d players: widget %q at %+v leaves the canvas", n, w.Text, w.R)
			}
		}
	}
}

func TestTooltipShowsPublicFacts(t *testing.T) {
	m := tabletest.Map()
	f := tabletest.New(m)
	u := New(f, Options{Seed: 1})
	ws := u.panels.tooltip(0, 100, 100, ui.Rect{})
	// The whole name leads, then the code a small board writes where the
	// name finds no room, as the board writes it.
	want := "Winterfell"
	if m.Territories[0].Code != "" {
		want += " (" + m.ShownCode(0) + ")"
	}
	if ws[1].Text != want {
		t.Errorf("tooltip's title is %q", ws[1].Text)
	}
	for _, want := range []string{"Winterfell", "1 crown", "1 barrel", "castle (defender +4)", "Held by Stark", "Stark: 2 footmen and 1 knight"} {
		if !ui.HasText(ws, want) {
			t.Errorf("tooltip lacks %q", want)
		}
	}
	// Near the bottom-right corner the box stays on the canvas.
	for _, w := range u.panels.tooltip(0, ui.BaseW-5, ui.BaseH-5, ui.Rect{}) {
		if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > ui.BaseW || w.R.Y+w.R.H > ui.BaseH {
			t.Errorf("tooltip widget %q at %+v leaves the canvas", w.Text, w.R)
		}
	}
}

func TestCardEffectChoices(t *testing.T) {
	m := tabletest.Map()
	f := tabletest.New(m)
	look := rules.Action{Seat: 0, Verb: rules.VLook, Target: 1}
	decline := rules.Action{Seat: 0, Verb: rules.VDecline}
	f.Legals = []rules.Action{look, decline}
	u := New(f, Options{Seed: 1})
	u.Reveal(0)
	l := NewLayout(m.Grid.W, m.Grid.H, 2, 0)
	ws := u.panels.table(l)
	b, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Action != nil && *w.T.Action == look })
	if !ok || !strings.Contains(b.Text, "Bob's hand") {
		t.Fatalf("no 'look at Bob's hand' button (got %q)", b.Text)
	}
	if _, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Action != nil && *w.T.Action == decline }); !ok {
		t.Fatal("no decline button")
	}
	// After looking: the peeked hand is listed and discards are buttons.
	v := f.Views[0]
	v.PeekSeat = 1
	v.Peek = []board.CardID{tabletest.Card(m, "tywin-lannister")}
	f.Views[0] = v
	disc := rules.Action{Seat: 0, Verb: rules.VDiscard, Card: tabletest.Card(m, "tywin-lannister")}
	f.Legals = []rules.Action{disc}
	u.Refresh()
	ws = u.panels.table(l)
	if !ui.HasText(ws, "Bob holds: Tywin Lannister") {
		t.Error("the peeked hand is not shown")
	}
	b, ok = ui.Find(ws, func(w ui.Widget) bool { return w.T.Action != nil && *w.T.Action == disc })
	if !ok || !strings.Contains(b.Text, "discard Tywin Lannister") {
		t.Fatalf("no discard button (got %q)", b.Text)
	}
	// Cersei: clicking an agent's slot removes it.
	rm := rules.Action{Seat: 0, Verb: rules.VRemove, House: tabletest.House(m, "lannister"), Slot: rules.Marshal}
	f.Legals = []rules.Action{rm, decline}
	u.Refresh()
	u.click(ui.Target{Kind: ui.TSlot, House: tabletest.House(m, "lannister"), Slot: rules.Marshal})
	if n := len(f.Applied); n == 0 || f.Applied[n-1] != rm {
		t.Fatalf("applied %v, want the removal", f.Applied)
	}
}

func TestLongHandShowsPlayableCardsFirst(t *testing.T) {
	m := tabletest.Map()
	f := tabletest.New(m)
	v := f.Views[0]
	v.Players = append([]rules.PlayerView(nil), v.Players...)
	var hand []board.CardID
	for i := 0; i < 14; i++ {
		hand = append(hand, tabletest.Card(m, "robb-stark")) // fillers (a scripted hand may repeat a card)
	}
	hand = append(hand, tabletest.Card(m, "tywin-lannister")) // the playable one, last in hand
	v.Players[0].Hand = hand
	f.Views[0] = v
	play := rules.Action{Seat: 0, Verb: rules.VPlay, Card: tabletest.Card(m, "tywin-lannister")}
	f.Legals = []rules.Action{play, {Seat: 0, Verb: rules.VPass}}
	u := New(f, Options{Seed: 1})
	u.Reveal(0)
	ws := u.panels.table(NewLayout(70, 126, 4, 0))
	b, ok := ui.Find(ws, func(w ui.Widget) bool { return w.T.Action != nil && *w.T.Action == play })
	if !ok {
		t.Fatal("the playable card is not shown as a button in a long hand")
	}
	if !strings.Contains(b.Text, "Tywin Lannister") {
		t.Errorf("play button says %q", b.Text)
	}
}

func TestRankFactsPluralises(t *testing.T) {
	got := rankFacts(rules.Rank{Crowns: 2, Castles: 1, Towns: 0, Barrels: 1})
	if want := "2 crowns, 1 castle, 0 towns, 1 barrel"; got != want {
		t.Errorf("rankFacts = %q, want %q", got, want)
	}
}

// TestLogColumn: on both maps, with 2 to 9 players, the board is as wide
// as its map at its height and the log has a column beside it, the whole
// height, showing 12 lines or more even under the tallest combat card;
// the panels beside each other never overlap (the log once showed 5
// lines at 1920×1080 beside a board half sea).
func TestLogColumn(t *testing.T) {
	for _, mp := range []string{"standard", "nine"} {
		m, err := maps.Load(mp)
		if err != nil {
			t.Fatal(err)
		}
		for n := 2; n <= 9; n++ {
			l := NewLayout(m.Grid.W, m.Grid.H, n, len(m.Houses))
			if !l.LogColumn() {
				t.Fatalf("%s, %d players: the log has no column", mp, n)
			}
			need := l.Board.H * float64(m.Grid.W) / float64(m.Grid.H)
			if l.Board.W < need || l.Board.W > need+20 {
				t.Errorf("%s, %d players: board %.0f wide, its map %.0f", mp, n, l.Board.W, need)
			}
			if got := logVisibleRows(l.Log.H); got < 12 {
				t.Errorf("%s, %d players: the log shows %d lines", mp, n, got)
			}
			if got := logVisibleRows(l.Log.H - l.Side.H - 6); got < 12 {
				t.Errorf("%s, %d players: under a combat card the log shows %d lines", mp, n, got)
			}
			rs := []ui.Rect{l.Board, l.Log, l.Houses, l.Players, l.Private, l.Actions, l.Message}
			for i := range rs {
				for j := range rs[:i] {
					if ui.Overlap(rs[i], rs[j]) > 0 {
						t.Errorf("%s, %d players: %v overlaps %v", mp, n, rs[i], rs[j])
					}
				}
			}
		}
	}
	// A wide map keeps the board wide and the log under the panels.
	if l := NewLayout(200, 100, 4, 5); l.LogColumn() || l.Board.W != 960 {
		t.Errorf("a wide map: board %v, log %v", l.Board, l.Log)
	}
}
