package app

import (
	"image"
	"reflect"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

func TestDrawStartScreen(t *testing.T) {
	needDisplay(t)
	a := mustApp(t, Options{Players: []string{"Ann", "Ben", "Cy"}, Seed: 42, SeedSet: true}, nil)
	img := shot(t, a, ui.BaseW, ui.BaseH)
	saveShot(t, "start", img)
	// The Start button is drawn in its colour where the layout puts it.
	b, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdStart })
	if !ok {
		t.Fatal("no Start button")
	}
	c := img.RGBAAt(int(b.R.X+6), int(b.R.Y+b.R.H/2))
	if c != ui.ColOK {
		t.Errorf("Start button pixel = %v, want %v", c, ui.ColOK)
	}
	// Three name fields; the typed seed marks a tester's game, in view.
	if nx := a.home.s.Next(); len(nx.Players) != 3 || !nx.SeedSet || nx.Seed != 42 || !ui.HasText(a.f.ws, "Tester's game — seed 42") {
		t.Errorf("start screen: %+v; want 3 players and a tester's game of seed 42", nx)
	}
	// The title is drawn: some gold pixels in the title band.
	gold := 0
	for x := 500; x < 1100; x++ {
		for y := 80; y < 140; y++ {
			if img.RGBAAt(x, y) == ui.ColGold {
				gold++
			}
		}
	}
	if gold < 200 {
		t.Errorf("only %d title pixels", gold)
	}
}

// warmUp draws a throwaway table once. Text/v2 fills its glyph caches on
// first use, and a picture drawn with cold caches differs in anti-aliasing
// from one drawn with warm caches; pixel-exact comparisons between two apps
// therefore start warm.
func warmUp(t *testing.T, m *board.Map) {
	t.Helper()
	shot(t, tableApp(t, tabletest.New(m)), ui.BaseW, ui.BaseH)
	shot(t, curtainApp(t, tabletest.New(m), 1), ui.BaseW, ui.BaseH)
}

// handIn is a scripted game on map m in which seat holder holds card in
// the views of the seats given (every seat's when none is).
func handIn(m *board.Map, holder rules.Seat, card board.CardID, seats ...rules.Seat) *tabletest.Engine {
	f := tabletest.New(m)
	if len(seats) == 0 {
		for s := range f.Views {
			seats = append(seats, s)
		}
	}
	for _, s := range seats {
		v := f.Views[s]
		v.Players = append([]rules.PlayerView(nil), v.Players...)
		v.Players[holder].Hand = []board.CardID{card}
		f.Views[s] = v
	}
	return f
}

// byCard is the picture pic draws for each of two cards of map m (after a
// warm-up): a picture that shows no secret is the same for both.
func byCard(t *testing.T, m *board.Map, pic func(board.CardID) *image.RGBA) (a, b *image.RGBA) {
	t.Helper()
	warmUp(t, m)
	return pic(tabletest.Card(m, m.Houses[0].Deck[0].ID)), pic(tabletest.Card(m, m.Houses[1].Deck[0].ID))
}

// TestDrawPublicTableHidesOtherHands: the table seat 0 sees is the same
// whatever seat 1 holds — its frame, what the painter is given, as data
// (equal frames draw equal pictures: TestDrawingIsDeterministic), and
// without -short its picture too — and differs when seat 0's own hand
// does.
func TestDrawPublicTableHidesOtherHands(t *testing.T) {
	needDisplay(t)
	m := tabletest.Map()
	// Seat 1 holds card A or B; seat 0 is looking.
	cardA, cardB := tabletest.Card(m, m.Houses[0].Deck[0].ID), tabletest.Card(m, m.Houses[1].Deck[0].ID)
	app := func(card board.CardID) *App { return tableApp(t, handIn(m, 1, card, 1)) }
	a := framed(app(cardA))
	if !reflect.DeepEqual(a, framed(app(cardB))) {
		t.Fatal("the table's frame seat 0 sees differs with the content of seat 1's hand")
	}
	// Sanity: seat 0's own hand does change the frame.
	own := tableApp(t, handIn(m, 0, cardB, 0))
	if reflect.DeepEqual(framed(own), a) {
		t.Fatal("changing the viewer's own hand did not change the frame (the test cannot see hands)")
	}
	// The Citadel's secrets of seat 1 (Dark Wings cards, a token it
	// uncovered, its aim) neither; seat 1's own table shows them.
	ca, cb := citadelPair(m, 1)
	if !reflect.DeepEqual(framed(tableApp(t, ca)), framed(tableApp(t, cb))) {
		t.Fatal("the table's frame seat 0 sees differs with seat 1's Dark Wings cards, uncovered token or aim")
	}
	ca.Acting, cb.Acting = 1, 1
	if reflect.DeepEqual(framed(tableApp(t, ca)), framed(tableApp(t, cb))) {
		t.Fatal("seat 1's own table is the same whatever its Citadel secrets (the test cannot see them)")
	}
	if testing.Short() {
		return
	}
	pa, pb := byCard(t, m, func(card board.CardID) *image.RGBA {
		return shot(t, app(card), ui.BaseW, ui.BaseH)
	})
	if string(pa.Pix) != string(pb.Pix) {
		t.Fatal("the table seat 0 sees differs with the content of seat 1's hand")
	}
	if string(shot(t, own, ui.BaseW, ui.BaseH).Pix) == string(pa.Pix) {
		t.Fatal("changing the viewer's own hand did not change the picture (the test cannot see hands)")
	}
}

// TestDrawCachedSceneMatchesFullDraw checks the Draw path (cached scene plus
// hover effects on top) against drawing everything at once.
func TestDrawCachedSceneMatchesFullDraw(t *testing.T) {
	needDisplay(t)
	e := rulesGame(t, "standard", []string{"Ann", "Ben"}, 9)
	tabletest.PlaySome(t, e, e, 2)
	a := curtainApp(t, rules.HotSeat(e), 9)
	a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
	a.rebuild()
	screen := ebiten.NewImage(ui.BaseW, ui.BaseH)
	defer screen.Deallocate()
	a.Draw(screen)
	// Hover a slot, then a territory (tooltip): only the overlay changes.
	slot, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Kind == ui.TSlot })
	if !ok {
		t.Fatal("no slot")
	}
	for _, pt := range [][2]float64{{slot.R.X + 10, slot.R.Y + 10}, {150, 300}} {
		a.handle(ui.Input{X: pt[0], Y: pt[1]})
		if !a.win.dirty || a.win.stale {
			t.Fatalf("a pointer move: dirty %v stale %v, want a redraw of the overlay only", a.win.dirty, a.win.stale)
		}
		a.Draw(screen)
		got := rendertest.Snapshot(screen)
		full := ebiten.NewImage(ui.BaseW, ui.BaseH)
		a.drawTo(full)
		want := rendertest.Snapshot(full)
		full.Deallocate()
		diff := 0
		for i := 0; i < len(got.Pix); i += 4 {
			for c := 0; c < 3; c++ {
				d := int(got.Pix[i+c]) - int(want.Pix[i+c])
				if d > 24 || d < -24 {
					diff++
					break
				}
			}
		}
		if diff > 200 {
			t.Errorf("pointer at %v: %d pixels differ between the cached and the full drawing", pt, diff)
		}
	}
	// Nothing changed: Draw does not redraw.
	a.handle(ui.Input{X: 150, Y: 300})
	if a.win.dirty {
		t.Error("an unchanged pointer asks for a redraw")
	}
}

// TestDrawCurtainShowsOnlyPublicFacts: behind the hand-off curtain the
// table stays in view for onlookers, but nothing of the next player's
// secrets. The frame is the same whatever the card in the seats' own
// views; without -short, the picture is the same whatever the card in
// every view, the public one too (so pictures are compared: that frame
// carries the public view, card and all, to the painter, which must not
// draw it).
func TestDrawCurtainShowsOnlyPublicFacts(t *testing.T) {
	needDisplay(t)
	m := tabletest.Map()
	curtains := map[bool][]painted{} // lifted or not: by card
	for _, card := range []board.CardID{tabletest.Card(m, m.Houses[0].Deck[0].ID), tabletest.Card(m, m.Houses[1].Deck[0].ID)} {
		a := curtainApp(t, handIn(m, 0, card, 0, 1), 1)
		curtains[false] = append(curtains[false], framed(a))
		a.press(ui.CmdTarget(ui.Command{Kind: ui.CmdLift}))
		a.rebuild()
		curtains[true] = append(curtains[true], framed(a))
	}
	if c := curtains[false]; !reflect.DeepEqual(c[0], c[1]) {
		t.Fatal("the curtain's frame differs with the content of the next player's hand")
	}
	if c := curtains[true]; reflect.DeepEqual(c[0], c[1]) {
		t.Fatal("the lifted curtain's frame is the same whatever the hand (the test cannot see hands)")
	}
	// The Citadel's secrets of the next player: its Dark Wings cards, the
	// token it uncovered, its aim.
	ca, cb := citadelPair(m, 0)
	if !reflect.DeepEqual(framed(curtainApp(t, ca, 1)), framed(curtainApp(t, cb, 1))) {
		t.Fatal("the curtain's frame differs with the next player's Dark Wings cards, uncovered token or aim")
	}
	if !testing.Short() {
		a, b := byCard(t, m, func(card board.CardID) *image.RGBA {
			return shot(t, curtainApp(t, handIn(m, 0, card), 1), ui.BaseW, ui.BaseH)
		})
		if string(a.Pix) != string(b.Pix) {
			t.Fatal("the curtain picture differs with the content of the next player's hand")
		}
	}
	// The board shows through: a land pixel is not the bare veil colour.
	img := shot(t, curtainApp(t, tabletest.New(m), 1), ui.BaseW, ui.BaseH)
	plain := image.NewRGBA(img.Rect)
	if string(img.Pix) == string(plain.Pix) {
		t.Fatal("the curtain drew nothing")
	}
	l := table.NewLayout(m.Grid.W, m.Grid.H, len(m.Conspiracies), 0)
	bx, by := int(l.Board.X+l.Board.W/2), int(l.Board.Y+l.Board.H/2)
	veil := img.RGBAAt(2, 2)
	if img.RGBAAt(bx, by) == veil {
		t.Errorf("board centre pixel %v equals the bare veil %v: the table is not drawn behind the curtain", img.RGBAAt(bx, by), veil)
	}
}

// Layout asks the monitor's scale factor only when the window's size
// changes or a second has passed, never every frame (an ask runs on the
// main thread), and uses 1 when the monitor gives none.
func TestDeviceScaleIsAskedRarely(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	asks, factor := 0, 2.0
	d := deviceScale{monitor: func() float64 { asks++; return factor }}
	t0 := time.Unix(1e9, 0)
	for i := 0; i < 120; i++ { // two seconds of frames at 60 Hz
		if s := d.factor(800, 600, t0.Add(time.Duration(i)*time.Second/60)); s != 2 {
			t.Fatalf("frame %d: scale %v, want 2", i, s)
		}
	}
	if asks != 2 {
		t.Errorf("asked %d times in two seconds at one size, want 2", asks)
	}
	factor = 1.5
	if s := d.factor(1024, 600, t0.Add(2*time.Second)); s != 1.5 || asks != 3 {
		t.Errorf("after a resize: scale %v after %d asks, want 1.5 after 3", s, asks)
	}
	factor = 0
	if s := d.factor(640, 480, t0.Add(2*time.Second)); s != 1 {
		t.Errorf("no monitor: scale %v, want 1", s)
	}
	// A clock that went back asks again rather than trusting an old answer.
	factor = 3
	if s := d.factor(640, 480, t0); s != 3 {
		t.Errorf("clock went back: scale %v, want 3", s)
	}
}
