package render

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"notrueking/board"
	"notrueking/rules"
)

func TestScaler(t *testing.T) {
	tests := []struct {
		name         string
		w, h         int
		s, ox, oy    float64
		bx, by       float64 // a base point
		wantX, wantY float64 // where it lands on screen
	}{
		{"base size", 1600, 900, 1, 0, 0, 100, 50, 100, 50},
		{"double", 3200, 1800, 2, 0, 0, 100, 50, 200, 100},
		{"taller window letterboxes", 1600, 1200, 1, 0, 150, 100, 50, 100, 200},
		{"wider window pillarboxes", 2000, 900, 1, 200, 0, 0, 0, 200, 0},
		{"small", 800, 450, 0.5, 0, 0, 1600, 900, 800, 450},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := NewScaler(tc.w, tc.h)
			if sc.S != tc.s || sc.OX != tc.ox || sc.OY != tc.oy {
				t.Fatalf("NewScaler(%d,%d) = %+v, want S=%v OX=%v OY=%v", tc.w, tc.h, sc, tc.s, tc.ox, tc.oy)
			}
			x, y := sc.ToScreen(tc.bx, tc.by)
			if x != tc.wantX || y != tc.wantY {
				t.Fatalf("ToScreen = (%v,%v), want (%v,%v)", x, y, tc.wantX, tc.wantY)
			}
			if bx, by := sc.ToBase(x, y); bx != tc.bx || by != tc.by {
				t.Fatalf("ToBase(ToScreen) = (%v,%v), want (%v,%v)", bx, by, tc.bx, tc.by)
			}
		})
	}
}

func TestBoardHitTest(t *testing.T) {
	m := testMap()
	const A, B, C, D = 0, 1, 2, 3
	// 12×8 grid in a 240×200 box: cells of 20 px, centred vertically (y from 20).
	sh := newShapes(m)
	g := fitBoard(m.Grid.W, m.Grid.H, Rect{0, 0, 240, 200})
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
	sc := NewScaler(3200, 1800)
	sg := fitBoard(m.Grid.W, m.Grid.H, sc.Rect(Rect{0, 0, 240, 200}))
	for _, tc := range tests {
		sx, sy := sc.ToScreen(tc.x, tc.y)
		if got := sg.TerritoryAt(sh, sx, sy); got != tc.want {
			t.Errorf("scaled: %s: TerritoryAt = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func findWidget(ws []Widget, pred func(Widget) bool) (Widget, bool) {
	for _, w := range ws {
		if pred(w) {
			return w, true
		}
	}
	return Widget{}, false
}

func center(r Rect) (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

func TestSlotHitTestAndPlace(t *testing.T) {
	m := testMap()
	f := newFake(m)
	place := rules.Action{Seat: 0, Verb: rules.VPlace, House: hx(m, "lannister"), Slot: rules.Lord}
	f.legal = []rules.Action{place, {Seat: 0, Verb: rules.VPlace, House: hx(m, "stark"), Slot: rules.Maester}}
	u := newTableUI(f, f, 1)
	u.reveal(0)
	l := layoutTable(m.Grid.W, m.Grid.H, 2, 0)
	ws := u.tableWidgets(l)
	slot, ok := findWidget(ws, func(w Widget) bool {
		return w.T.Kind == TSlot && w.T.House == "lannister" && w.T.Slot == rules.Lord
	})
	if !ok {
		t.Fatal("no Lannister Lord slot widget")
	}
	if !slot.Hot {
		t.Error("a legal slot is not highlighted")
	}
	// Hit-test through a scaled window: screen point → base → widget.
	for _, size := range [][2]int{{1600, 900}, {1920, 1080}, {1280, 1000}} {
		sc := NewScaler(size[0], size[1])
		cx, cy := center(slot.R)
		sx, sy := sc.ToScreen(cx, cy)
		bx, by := sc.ToBase(sx, sy)
		got, _ := hitTest(ws, bx, by)
		if got.Kind != TSlot || got.House != "lannister" || got.Slot != rules.Lord {
			t.Fatalf("window %v: hit %+v, want the Lannister Lord slot", size, got)
		}
	}
	cx, cy := center(slot.R)
	got, _ := hitTest(ws, cx, cy)
	u.click(got)
	if len(f.applied) != 1 || f.applied[0] != place {
		t.Fatalf("applied %v, want %v", f.applied, place)
	}
}

func TestIllegalClickShowsEngineReason(t *testing.T) {
	m := testMap()
	f := newFake(m)
	f.legal = []rules.Action{{Seat: 0, Verb: rules.VPlace, House: hx(m, "stark"), Slot: rules.Maester}}
	f.check = func(a rules.Action) error {
		if a.House == hx(m, "lannister") {
			return errorString("House Lannister's Lord slot is taken")
		}
		return nil
	}
	u := newTableUI(f, f, 1)
	u.reveal(0)
	u.click(Target{Kind: TSlot, House: "lannister", Slot: rules.Lord})
	if len(f.applied) != 0 {
		t.Fatalf("applied %v, want nothing", f.applied)
	}
	if !u.msgErr || !strings.Contains(u.msg, "Lord slot is taken") {
		t.Fatalf("message %q (err %v), want the engine's reason", u.msg, u.msgErr)
	}
	// A click when it is not the shown seat's turn does nothing.
	f.toAct = 1
	u.click(Target{Kind: TSlot, House: "stark", Slot: rules.Maester})
	if len(f.applied) != 0 {
		t.Fatal("a click applied an action for a seat that is not to act")
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

func TestMusterChooser(t *testing.T) {
	m := testMap()
	f := newFake(m)
	foot := rules.Action{Seat: 0, Verb: rules.VMuster, Unit: board.Footman, From: tx(m, "winterfell"), To: rules.None}
	ship := rules.Action{Seat: 0, Verb: rules.VMuster, Unit: board.Ship, From: tx(m, "winterfell"), To: tx(m, "port-of-winterfell")}
	f.legal = []rules.Action{foot, ship, {Seat: 0, Verb: rules.VDone}}
	u := newTableUI(f, f, 1)
	u.reveal(0)
	hl, _ := u.highlights()
	if !hl[0] || hl[1] {
		t.Fatalf("highlights %v, want only Winterfell", hl)
	}
	u.click(Target{Kind: TTerritory, Terr: 0})
	if len(u.chooser) != 2 {
		t.Fatalf("chooser has %d entries, want 2", len(u.chooser))
	}
	ws := u.tableWidgets(layoutTable(m.Grid.W, m.Grid.H, 2, 0))
	b, ok := findWidget(ws, func(w Widget) bool { return w.T.Action != nil && *w.T.Action == ship })
	if !ok {
		t.Fatal("no chooser button for the ship")
	}
	if !strings.Contains(b.Text, "Port of Winterfell") {
		t.Errorf("ship button says %q", b.Text)
	}
	bx, by := center(b.R)
	tg, _ := hitTest(ws, bx, by)
	u.click(tg)
	if len(f.applied) != 1 || f.applied[0] != ship {
		t.Fatalf("applied %v, want the ship", f.applied)
	}
	// A single match applies at once.
	f.legal = []rules.Action{foot}
	u.refresh()
	u.click(Target{Kind: TTerritory, Terr: 0})
	if len(f.applied) != 2 || f.applied[1] != foot {
		t.Fatalf("applied %v, want the footman next", f.applied)
	}
}

func TestMoveWithCounts(t *testing.T) {
	f, mv := moveFake()
	u := newTableUI(f, f, 1)
	u.reveal(0)
	u.click(Target{Kind: TTerritory, Terr: 0})
	if u.moveFrom != 0 {
		t.Fatalf("source not selected (moveFrom %d)", u.moveFrom)
	}
	hl, sel := u.highlights()
	if !hl[1] || hl[2] || sel != 0 {
		t.Fatalf("highlights %v sel %d, want Karhold lit and Winterfell selected", hl, sel)
	}
	u.click(Target{Kind: TTerritory, Terr: 1})
	if u.moveUnits != mv(2, 1).Units {
		t.Fatalf("default counts %v, want all units", u.moveUnits)
	}
	u.click(cmdTarget(Command{Kind: CmdFewerUnits, Unit: board.Knight}))
	u.click(cmdTarget(Command{Kind: CmdFewerUnits, Unit: board.Knight})) // not below zero
	u.click(cmdTarget(Command{Kind: CmdMoveConfirm}))
	if len(f.applied) != 1 || f.applied[0] != mv(2, 0) {
		t.Fatalf("applied %v, want 2 footmen", f.applied)
	}
}

func TestArrangeSwapShuffleConfirm(t *testing.T) {
	m := testMap()
	f := newFake(m)
	f.legal = []rules.Action{{Seat: 0, Verb: rules.VArrange, Order: ord(m, "stark", "lannister")}, {Seat: 0, Verb: rules.VArrange, Order: ord(m, "lannister", "stark")}}
	u := newTableUI(f, f, 1)
	u.reveal(0)
	if strings.Join(u.arrange, ",") != "stark,lannister" {
		t.Fatalf("initial arrangement %v", u.arrange)
	}
	u.click(Target{Kind: TToken, Index: 0})
	u.click(Target{Kind: TToken, Index: 1})
	if strings.Join(u.arrange, ",") != "lannister,stark" {
		t.Fatalf("after swap %v", u.arrange)
	}
	u.click(cmdTarget(Command{Kind: CmdConfirmArrange}))
	if len(f.applied) != 1 || f.applied[0].Order != ord(m, "lannister", "stark") {
		t.Fatalf("applied %v", f.applied)
	}
}

func TestPublicWidgetsHoldNoSecrets(t *testing.T) {
	m := testMap()
	f := newFake(m)
	u := newTableUI(f, f, 1)
	l := layoutTable(m.Grid.W, m.Grid.H, 2, 0)
	ws := u.tableWidgets(l)
	for _, w := range ws {
		if strings.Contains(w.Text, "Eddard") {
			t.Fatalf("public table shows a card from seat 0's hand: %q", w.Text)
		}
	}
	u.reveal(0)
	ws = u.tableWidgets(l)
	if _, ok := findWidget(ws, func(w Widget) bool { return strings.Contains(w.Text, "Eddard Stark") }); !ok {
		t.Fatal("seat 0's own hand is not shown after the curtain")
	}
}

func TestWidgetsStayOnCanvas(t *testing.T) {
	m := testMap()
	f := newFake(m)
	u := newTableUI(f, f, 1)
	u.reveal(0)
	for n := 2; n <= 4; n++ {
		for _, w := range u.tableWidgets(layoutTable(70, 126, n, 0)) {
			if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > BaseW+0.01 || w.R.Y+w.R.H > BaseH+0.01 {
				t.Errorf("%d players: widget %q at %+v leaves the canvas", n, w.Text, w.R)
			}
		}
	}
}

func TestTooltipShowsPublicFacts(t *testing.T) {
	m := testMap()
	f := newFake(m)
	u := newTableUI(f, f, 1)
	ws := u.tooltip(0, 100, 100, Rect{})
	for _, want := range []string{"Winterfell", "1 crown", "1 barrel", "castle (defender +4)", "Held by Stark", "Stark: 2 footmen and 1 knight"} {
		if !hasText(ws, want) {
			t.Errorf("tooltip lacks %q", want)
		}
	}
	// Near the bottom-right corner the box stays on the canvas.
	for _, w := range u.tooltip(0, BaseW-5, BaseH-5, Rect{}) {
		if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > BaseW || w.R.Y+w.R.H > BaseH {
			t.Errorf("tooltip widget %q at %+v leaves the canvas", w.Text, w.R)
		}
	}
}

func TestStartScreenEditAndStart(t *testing.T) {
	var gotNames []string
	var gotSeed uint64
	var gotMap string
	ng := func(mapName string, players []string, seed uint64) (play, error) {
		gotMap, gotNames, gotSeed = mapName, players, seed
		f := newFake(testMap())
		f.legal = []rules.Action{{Seat: 0, Verb: rules.VArrange, Order: ord(f.m, "stark", "lannister")}}
		return playOf(f), nil
	}
	a, err := newApp(Options{Seed: 5, SeedSet: true}, ng)
	if err != nil {
		t.Fatal(err)
	}
	click := func(c Command) { t.Helper(); pressCmd(t, a, c) }
	click(Command{Kind: CmdPlayers, N: 3})
	click(Command{Kind: CmdEditName, N: 0})
	for i := 0; i < 5; i++ {
		a.handle(input{Backspace: true})
	}
	a.handle(input{Chars: []rune("Zed")})
	a.handle(input{Tab: true}) // to Bob
	a.handle(input{Backspace: true})
	if _, ok := findWidget(a.ws, func(w Widget) bool { return w.T.Cmd == Command{Kind: CmdEditName, N: 3} }); ok {
		t.Error("a fourth name field is shown for three players")
	}
	click(Command{Kind: CmdStart})
	if gotMap != "standard" || gotSeed != 5 || strings.Join(gotNames, ",") != "Zed,Bo,Carol" {
		t.Fatalf("new game: map %q seed %d names %v", gotMap, gotSeed, gotNames)
	}
	if a.scene != sceneCurtain || a.curtain != 0 {
		t.Fatalf("after Start: scene %d curtain %d, want the curtain for seat 0", a.scene, a.curtain)
	}
}

// A normal game's seed comes from the system's random source and is not
// shown until the end screen (rulings: "Secrets outside the table").
func TestNormalGameSeedIsSecret(t *testing.T) {
	var seeds []uint64
	var fake *fakeEngine
	ng := func(_ string, _ []string, seed uint64) (play, error) {
		seeds = append(seeds, seed)
		fake = newFake(testMap())
		return playOf(fake), nil
	}
	a, err := newApp(Options{}, ng)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := findWidget(a.ws, func(w Widget) bool { return w.Kind == WField && strings.Contains(strings.ToLower(w.Text), "seed") }); ok {
		t.Error("the start screen has a seed field in a normal game")
	}
	for i := 0; i < 2; i++ {
		a.scene = sceneStart
		a.handle(input{Enter: true})
	}
	if len(seeds) != 2 || seeds[0] == seeds[1] {
		t.Fatalf("two games drew seeds %v; want two different random seeds", seeds)
	}
	seed := strconv.FormatUint(seeds[1], 10)
	for _, sc := range []scene{sceneCurtain, sceneTable} {
		a.scene = sc
		a.rebuild()
		if hasText(a.ws, seed) || hasText(a.ws, "Tester") {
			t.Errorf("scene %d shows the seed or a tester mark during a normal game", sc)
		}
	}
	fake.over = true
	a.afterAction()
	a.rebuild()
	if a.scene != sceneEnd || !hasText(a.ws, "Seed "+seed) {
		t.Errorf("the end screen (scene %d) does not reveal the seed %s", a.scene, seed)
	}
}

func TestCardEffectChoices(t *testing.T) {
	m := testMap()
	f := newFake(m)
	look := rules.Action{Seat: 0, Verb: rules.VLook, Target: 1}
	decline := rules.Action{Seat: 0, Verb: rules.VDecline}
	f.legal = []rules.Action{look, decline}
	u := newTableUI(f, f, 1)
	u.reveal(0)
	l := layoutTable(m.Grid.W, m.Grid.H, 2, 0)
	ws := u.tableWidgets(l)
	b, ok := findWidget(ws, func(w Widget) bool { return w.T.Action != nil && *w.T.Action == look })
	if !ok || !strings.Contains(b.Text, "Bob's hand") {
		t.Fatalf("no 'look at Bob's hand' button (got %q)", b.Text)
	}
	if _, ok := findWidget(ws, func(w Widget) bool { return w.T.Action != nil && *w.T.Action == decline }); !ok {
		t.Fatal("no decline button")
	}
	// After looking: the peeked hand is listed and discards are buttons.
	v := f.views[0]
	v.PeekSeat = 1
	v.Peek = []board.Card{m.Houses[1].Deck[0]}
	f.views[0] = v
	disc := rules.Action{Seat: 0, Verb: rules.VDiscard, Card: cx(m, "tywin-lannister")}
	f.legal = []rules.Action{disc}
	u.refresh()
	ws = u.tableWidgets(l)
	if !hasText(ws, "Bob holds: Tywin Lannister") {
		t.Error("the peeked hand is not shown")
	}
	b, ok = findWidget(ws, func(w Widget) bool { return w.T.Action != nil && *w.T.Action == disc })
	if !ok || !strings.Contains(b.Text, "discard Tywin Lannister") {
		t.Fatalf("no discard button (got %q)", b.Text)
	}
	// Cersei: clicking an agent's slot removes it.
	rm := rules.Action{Seat: 0, Verb: rules.VRemove, House: hx(m, "lannister"), Slot: rules.Marshal}
	f.legal = []rules.Action{rm, decline}
	u.refresh()
	u.click(Target{Kind: TSlot, House: "lannister", Slot: rules.Marshal})
	if n := len(f.applied); n == 0 || f.applied[n-1] != rm {
		t.Fatalf("applied %v, want the removal", f.applied)
	}
}

func TestLongHandShowsPlayableCardsFirst(t *testing.T) {
	m := testMap()
	f := newFake(m)
	v := f.views[0]
	v.Players = append([]rules.PlayerView(nil), v.Players...)
	var hand []board.Card
	for i := 0; i < 14; i++ {
		hand = append(hand, board.Card{ID: fmt.Sprintf("filler-%d", i), Name: fmt.Sprintf("Filler %d", i), House: "stark", Strength: 1})
	}
	hand = append(hand, m.Houses[1].Deck[0]) // the playable one, last in hand
	v.Players[0].Hand = hand
	f.views[0] = v
	play := rules.Action{Seat: 0, Verb: rules.VPlay, Card: cx(m, "tywin-lannister")}
	f.legal = []rules.Action{play, {Seat: 0, Verb: rules.VPass}}
	u := newTableUI(f, f, 1)
	u.reveal(0)
	ws := u.tableWidgets(layoutTable(70, 126, 4, 0))
	b, ok := findWidget(ws, func(w Widget) bool { return w.T.Action != nil && *w.T.Action == play })
	if !ok {
		t.Fatal("the playable card is not shown as a button in a long hand")
	}
	if !strings.Contains(b.Text, "Tywin Lannister") {
		t.Errorf("play button says %q", b.Text)
	}
}

// TestFlowRectsKeepsEveryChoiceOnScreen guards the muster chooser of a
// four-player table: footman, a ship per sea or port, and a promotion must
// all be clickable even when the decision panel is short.
func TestFlowRectsKeepsEveryChoiceOnScreen(t *testing.T) {
	for _, tc := range []struct {
		name    string
		h       float64
		n       int
		minCols int
	}{
		{"fits one column", 200, 4, 1},
		{"five in a short panel", 150, 5, 2},
		{"twelve", 150, 12, 3},
		{"more than three columns' worth shrinks rows", 100, 12, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, y, w := 100.0, 50.0, 450.0
			rs := flowRects(x, y, w, tc.h, 32, tc.n)
			if len(rs) != tc.n {
				t.Fatalf("%d rects for %d choices", len(rs), tc.n)
			}
			cols := map[float64]bool{}
			for i, r := range rs {
				cols[r.X] = true
				if r.X < x || r.X+r.W > x+w+0.01 || r.Y < y || r.Y+r.H > y+tc.h+0.01 {
					t.Errorf("choice %d at %+v leaves the box", i, r)
				}
				if r.H < 16 {
					t.Errorf("choice %d is %v high: too small to click", i, r.H)
				}
				for j := 0; j < i; j++ {
					q := rs[j]
					if r.X < q.X+q.W && q.X < r.X+r.W && r.Y < q.Y+q.H && q.Y < r.Y+r.H {
						t.Errorf("choices %d and %d overlap", i, j)
					}
				}
			}
			if len(cols) < tc.minCols {
				t.Errorf("%d columns, want at least %d", len(cols), tc.minCols)
			}
		})
	}
}

func TestRankFactsPluralises(t *testing.T) {
	got := rankFacts(rules.Rank{Crowns: 2, Castles: 1, Towns: 0, Barrels: 1})
	if want := "2 crowns, 1 castle, 0 towns, 1 barrel"; got != want {
		t.Errorf("rankFacts = %q, want %q", got, want)
	}
}

// hx, tx and cx are the indexes of a house, territory and card of map m;
// ord is a loyalty arrangement of house ids.
func hx(m *board.Map, id string) int {
	h, ok := m.House(id)
	if !ok {
		panic("no house " + id)
	}
	return h
}

func tx(m *board.Map, id string) int {
	t, ok := m.Territory(id)
	if !ok {
		panic("no territory " + id)
	}
	return t
}

func cx(m *board.Map, id string) int {
	c, ok := m.Card(id)
	if !ok {
		panic("no card " + id)
	}
	return c
}

func ord(m *board.Map, ids ...string) rules.Arrangement {
	hs := make([]int, len(ids))
	for i, id := range ids {
		hs[i] = hx(m, id)
	}
	return rules.NewArrangement(hs)
}

// TestFitWindow: the first window fits the monitor with room for a title
// bar and a task bar, keeps the table's shape, and never grows.
func TestFitWindow(t *testing.T) {
	for _, c := range []struct{ mw, mh, w, h int }{
		{0, 0, 1600, 900},       // monitor unknown
		{1920, 1080, 1600, 900}, // fits with room to spare
		{3840, 2160, 1600, 900}, // never larger than asked
		{1280, 720, 1126, 633},  // 0.88 of the height
		{1366, 768, 1201, 675},
	} {
		w, h := fitWindow(1600, 900, c.mw, c.mh)
		if w != c.w || h != c.h {
			t.Errorf("monitor %dx%d: window %dx%d, want %dx%d", c.mw, c.mh, w, h, c.w, c.h)
		}
		if c.mw > 0 && (w > c.mw || h > c.mh) {
			t.Errorf("monitor %dx%d: window %dx%d does not fit", c.mw, c.mh, w, h)
		}
	}
}

// moveFake is a scripted engine whose legal actions are the moves of 1–2
// footmen and 0–1 knight from Winterfell to Karhold, and mv the move of
// fo footmen and kn knights.
func moveFake() (f *fakeEngine, mv func(fo, kn int) rules.Action) {
	m := testMap()
	f = newFake(m)
	mv = func(fo, kn int) rules.Action {
		a := rules.Action{Seat: 0, Verb: rules.VMove, From: tx(m, "winterfell"), To: tx(m, "karhold"), House: rules.None}
		a.Units[board.Footman], a.Units[board.Knight] = fo, kn
		return a
	}
	for fo := 0; fo <= 2; fo++ {
		for kn := 0; kn <= 1; kn++ {
			if fo+kn > 0 {
				f.legal = append(f.legal, mv(fo, kn))
			}
		}
	}
	return f, mv
}
