package app

import (
	"fmt"
	"image"
	"math"
	"math/rand"
	"notrueking/live"
	"notrueking/rules"
	"notrueking/start"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/internal/tabletest"
	"notrueking/render/rendertest"
	"notrueking/table"
	"notrueking/ui"
)

// TestFitCanvas: the canvas is shown at the largest whole factor the
// window holds, centred on whole pixels; a window smaller than the canvas
// shrinks it (never crops it).
func TestFitCanvas(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	tests := []struct {
		cw, ch, sw, sh int
		want           canvasFit
	}{
		{1280, 720, 1280, 720, canvasFit{1, 0, 0, true}},
		{1280, 720, 1920, 1080, canvasFit{1, 320, 180, true}},
		{1280, 720, 2560, 1440, canvasFit{2, 0, 0, true}},
		{1280, 720, 2560, 1600, canvasFit{2, 0, 80, true}},
		{1280, 720, 3840, 2160, canvasFit{3, 0, 0, true}},
		{1280, 720, 3000, 2000, canvasFit{2, 220, 280, true}},
		{1280, 720, 1281, 721, canvasFit{1, 0, 0, true}},
		{1920, 1080, 1920, 1080, canvasFit{1, 0, 0, true}},
		{1920, 1080, 2560, 1440, canvasFit{1, 320, 180, true}},
		{1920, 1080, 3840, 2160, canvasFit{2, 0, 0, true}},
		{1920, 1080, 1280, 720, canvasFit{2.0 / 3, 0, 0, false}},
		{1920, 1080, 1600, 1000, canvasFit{1600.0 / 1920, 0, 50, false}},
		{1280, 720, 1000, 720, canvasFit{1000.0 / 1280, 0, 78, false}},
	}
	for _, tc := range tests {
		got := fitCanvas(tc.cw, tc.ch, tc.sw, tc.sh)
		if math.Abs(got.Scale-tc.want.Scale) > 1e-9 || got.OX != tc.want.OX || got.OY != tc.want.OY || got.Whole != tc.want.Whole {
			t.Errorf("canvas %dx%d in %dx%d: %+v, want %+v", tc.cw, tc.ch, tc.sw, tc.sh, got, tc.want)
		}
	}
	// Any window: the canvas lies inside it, centred to the pixel; a whole
	// factor is the largest that fits.
	rng := rand.New(rand.NewSource(1))
	for range 2000 {
		c := Canvases[rng.Intn(len(Canvases))]
		sw, sh := 200+rng.Intn(5000), 200+rng.Intn(3000)
		f := fitCanvas(c[0], c[1], sw, sh)
		w, h := float64(c[0])*f.Scale, float64(c[1])*f.Scale
		if f.OX < 0 || f.OY < 0 || f.OX+w > float64(sw)+1e-6 || f.OY+h > float64(sh)+1e-6 {
			t.Fatalf("canvas %v in %dx%d: %+v crops", c, sw, sh, f)
		}
		if f.OX != math.Floor(f.OX) || f.OY != math.Floor(f.OY) || math.Abs(float64(sw)-w-2*f.OX) > 2.01 || math.Abs(float64(sh)-h-2*f.OY) > 2.01 {
			t.Fatalf("canvas %v in %dx%d: %+v is not centred on whole pixels", c, sw, sh, f)
		}
		k := f.Scale
		if f.Whole != (k >= 1) || (f.Whole && (k != math.Floor(k) || (k+1)*float64(c[0]) <= float64(sw) && (k+1)*float64(c[1]) <= float64(sh))) {
			t.Fatalf("canvas %v in %dx%d: %+v is not the largest whole factor", c, sw, sh, f)
		}
		if !f.Whole && w < float64(sw)-1 && h < float64(sh)-1 {
			t.Fatalf("canvas %v in %dx%d: %+v shrinks more than needed", c, sw, sh, f)
		}
		// The pointer maps back through the same placement.
		sc := f.scaler(c[0], c[1])
		if x, y := sc.ToScreen(ui.BaseW, ui.BaseH); math.Abs(x-(f.OX+w)) > 1e-6 || math.Abs(y-(f.OY+h)) > 1e-6 {
			t.Fatalf("canvas %v in %dx%d: the base canvas's corner lands at %.1f,%.1f", c, sw, sh, x, y)
		}
	}
}

func TestParseCanvas(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for s, want := range map[string][2]int{"1280x720": {1280, 720}, "1920X1080": {1920, 1080}, " 1920×1080 ": {1920, 1080}, "1600x900": {}, "720x1280": {}, "": {}, "1280x720x2": {}} {
		w, h, ok := ParseCanvas(s)
		if [2]int{w, h} != want || ok != (want[0] > 0) {
			t.Errorf("ParseCanvas(%q) = %d, %d, %v; want %v", s, w, h, ok, want)
		}
	}
}

// canvasApp is a table mid-game drawn on a fixed canvas.
func canvasApp(t *testing.T, cw, ch int) *App {
	a, _ := midGame(t, tableCase{"standard", 4}, 60, 7)
	a.opts.CanvasW, a.opts.CanvasH = cw, ch
	return a
}

// drawWindow is the app's picture in a window of w×h device pixels.
func drawWindow(a *App, w, h int) *image.RGBA {
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	a.win.dirty = true
	a.Draw(img)
	return rendertest.Snapshot(img)
}

// TestCanvasScalesByWholeFactor: with a 1280×720 canvas, the picture in a
// 2560×1440 window is the picture of a 1280×720 window with every pixel
// doubled; in a 1920×1080 window it is that picture centred on black.
func TestCanvasScalesByWholeFactor(t *testing.T) {
	needDisplay(t)
	a := canvasApp(t, 1280, 720)
	one := drawWindow(a, 1280, 720)
	two := drawWindow(a, 2560, 1440)
	if a.win.sc != (ui.Scaler{S: 1.6, OX: 0, OY: 0}) {
		t.Errorf("the pointer's scaler at 2× is %+v", a.win.sc)
	}
	bad := 0
	for y := 0; y < 1440 && bad < 5; y++ {
		for x := 0; x < 2560 && bad < 5; x++ {
			if c, w := two.RGBAAt(x, y), one.RGBAAt(x/2, y/2); c != w {
				t.Errorf("2× pixel %d,%d is %v, the 1× pixel %d,%d is %v", x, y, c, x/2, y/2, w)
				bad++
			}
		}
	}
	bars := drawWindow(a, 1920, 1080)
	saveShot(t, "canvas-1280-in-1920", bars)
	for y := 0; y < 1080 && bad < 10; y += 3 {
		for x := 0; x < 1920 && bad < 10; x += 3 {
			var w = ui.ColBlack
			if x >= 320 && x < 1600 && y >= 180 && y < 900 {
				w = one.RGBAAt(x-320, y-180)
			}
			if c := bars.RGBAAt(x, y); c != w {
				t.Errorf("pixel %d,%d in 1920×1080 is %v, want %v", x, y, c, w)
				bad++
			}
		}
	}
	// The layout is the canvas's whatever the window: the same picture.
	if a.win.present.canvas.Bounds() != image.Rect(0, 0, 1280, 720) || a.win.sceneImg.Bounds() != image.Rect(0, 0, 1280, 720) {
		t.Errorf("the canvas is %v, the scene %v", a.win.present.canvas.Bounds(), a.win.sceneImg.Bounds())
	}
}

// TestCanvasShrinksInASmallWindow: a 1920×1080 canvas in a 1280×720
// window is shown whole, shrunk (no crop): its corners' colours are the
// canvas's, not black.
func TestCanvasShrinksInASmallWindow(t *testing.T) {
	needDisplay(t)
	a := canvasApp(t, 1920, 1080)
	full := drawWindow(a, 1920, 1080)
	small := drawWindow(a, 1280, 720)
	saveShot(t, "canvas-1920-in-1280", small)
	for _, p := range [][2]int{{2, 2}, {1277, 2}, {2, 717}, {1277, 717}, {640, 360}} {
		c := small.RGBAAt(p[0], p[1])
		w := full.RGBAAt(p[0]*3/2, p[1]*3/2)
		d := math.Abs(float64(c.R)-float64(w.R)) + math.Abs(float64(c.G)-float64(w.G)) + math.Abs(float64(c.B)-float64(w.B))
		if d > 90 {
			t.Errorf("shrunk pixel %v is %v, the canvas's %v", p, c, w)
		}
	}
}

// TestCleanLayout: a clean table has no menu buttons and no key labels,
// and no tester badge; the buttons left are moves of the game and the
// few commands needed to play; the keys of what was left out still work
// (Ctrl+Z undoes, F1 opens help, a digit plays a move).
func TestCleanLayout(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	needed := map[ui.CmdKind]bool{ui.CmdNone: true, ui.CmdLift: true, ui.CmdCancel: true, ui.CmdShuffle: true, ui.CmdConfirmArrange: true,
		ui.CmdMoveConfirm: true, ui.CmdMoreUnits: true, ui.CmdFewerUnits: true, ui.CmdDismiss: true, ui.CmdPresent: true, ui.CmdAgain: true, ui.CmdLogEntry: true}
	kept := map[string]bool{}
	for _, tc := range tableCases {
		for _, steps := range []int{5, 60, 200} {
			a, g := midGame(t, tc, steps, 7)
			a.opts.Clean = true
			// The same game, a tester's: its badge is left out too.
			a.mgr.goTo(begin(live.OnDesk(rules.HotSeat(g), a.gameOptions(7, true))))
			a.rebuild()
			if is[*curtainScene](a) {
				a.handle(ui.Input{Enter: true})
			}
			a.cam = nil
			a.rebuild()
			where := fmt.Sprintf("%s, %d players, after %d actions", tc.mapName, tc.players, steps)
			for _, w := range a.f.ws {
				if w.Key != ui.KeyNone {
					t.Errorf("%s: %q shows key %s", where, w.Text, w.Key)
				}
				if w.R == table.TesterBadge {
					t.Errorf("%s: the tester badge %q is shown", where, w.Text)
				}
				if w.Kind == ui.WButton {
					if !needed[w.T.Cmd.Kind] || (w.T.Cmd.Kind == ui.CmdNone && w.T.Action == nil) {
						t.Errorf("%s: button %q (command %d) is no move", where, w.Text, w.T.Cmd.Kind)
					}
					kept[fmt.Sprint(w.T.Cmd.Kind)] = true
				}
			}
			if v := a.f.board.Camera; len(v.Controls()) != 0 {
				t.Errorf("%s: the board shows its zoom buttons", where)
			}
			// The keys of what was left out still work.
			n := g.Len()
			if g.CanUndo() == nil && atTable(a) {
				a.handle(ui.Input{Keys: []ui.Key{ui.KeyCtrlZ}})
				if g.Len() == n {
					a.handle(ui.Input{Keys: []ui.Key{ui.KeyCtrlZ}}) // it asked: another seat's decision
				}
				if g.Len() != n-1 && !g.CanRedo() {
					t.Errorf("%s: Ctrl+Z did not undo (%d actions, was %d)", where, g.Len(), n)
				}
			}
			a.handle(ui.Input{Keys: []ui.Key{ui.KeyF1}})
			if !helpOpen(a) {
				t.Errorf("%s: F1 did not open help", where)
			}
			a.handle(ui.Input{Escape: true})
		}
	}
	// Behind the curtain the table shows no menus either.
	a, _ := midGame(t, tableCase{"standard", 4}, 30, 7)
	a.opts.Clean = true
	toCurtain(a)
	if len(a.f.behind) == 0 {
		t.Fatal("no table behind the curtain")
	}
	for _, w := range a.f.behind {
		if w.Key != ui.KeyNone || (w.Kind == ui.WButton && menuCommands[w.T.Cmd.Kind]) {
			t.Errorf("behind the curtain: %q (key %q, command %d)", w.Text, w.Key, w.T.Cmd.Kind)
		}
	}
	// A digit plays a move button whose label is hidden.
	played := false
	for steps := 0; steps < 60 && !played; steps++ {
		a, g := midGame(t, tableCase{"standard", 3}, steps, 7)
		a.opts.Clean = true
		a.rebuild()
		for _, w := range a.f.keysOnly {
			if w.Key == ui.Key1 && w.T.Action != nil {
				n := g.Len()
				a.handle(ui.Input{Keys: []ui.Key{ui.Key1}})
				if g.Len() != n+1 {
					t.Errorf("key 1 (%q, its label hidden) did not play (%d actions, was %d)", w.Text, g.Len(), n)
				}
				played = true
				break
			}
		}
	}
	if !played {
		t.Error("no move button with key 1 in 60 positions")
	}
	t.Logf("buttons kept in the clean layout: %v", kept)
}

// TestLargeText: with -large-text, on both maps and three to nine
// players, no text is smaller than without it; every text grown fits its
// room at every window size the layout tests use (so texts overlap no
// more than the widgets, which stay apart: checked here with the grown
// rooms); a column's texts grow alike; and texts are larger on the whole
// (by an eighth on the standard map, whose table has room).
func TestLargeText(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	type key struct {
		kind ui.WKind
		text string
		x, y float64
	}
	texts := func(ws []ui.Widget) []ui.Widget {
		var out []ui.Widget
		for _, w := range ws {
			if w.Text != "" && w.Size > 0 && (w.Kind == ui.WText || w.Kind == ui.WButton || w.Kind == ui.WBox || w.Kind == ui.WField) {
				out = append(out, w)
			}
		}
		return out
	}
	for _, tc := range tableCases {
		var sumN, sumL, nN, nL float64
		for _, steps := range []int{5, 60, 200} {
			a, _ := midGame(t, tc, steps, 7)
			normal := map[key]float64{}
			for _, w := range texts(a.f.ws) {
				normal[key{w.Kind, w.Text, w.R.X, w.R.Y}] = w.Size
				sumN += w.Size
				nN++
			}
			a.opts.LargeText = true
			tbl(a).Log().SetLarge(true) // wrapped at the normal size before
			a.rebuild()
			p := a.p
			where := fmt.Sprintf("%s, %d players, after %d actions", tc.mapName, tc.players, steps)
			for _, w := range texts(a.f.ws) {
				sumL += w.Size
				nL++
				orig, ok := normal[key{w.Kind, w.Text, w.R.X, w.R.Y}]
				if ok && w.Size < orig {
					t.Errorf("%s: %q shrank to %.1f from %.1f", where, w.Text, w.Size, orig)
				}
				if ok && w.Size == orig {
					continue
				}
				bold := w.Bold || w.Kind == ui.WButton
				room := p.TextRoom(w)
				for _, sz := range windowSizes {
					s := ui.NewScaler(sz[0], sz[1]).S
					tw, th := p.Measure(w.Text, w.Size*s, bold, w.Size*s*1.2)
					hRoom := w.R.H * s
					if w.Kind != ui.WText {
						hRoom -= 4 * s
					}
					if tw > room*s+0.5 || th > hRoom+0.5 {
						t.Errorf("%s at %dx%d: %q at %.1f (was %.1f) is %.1f×%.1f px in room %.1f×%.1f", where, sz[0], sz[1], w.Text, w.Size, orig, tw, th, room*s, hRoom)
					}
				}
			}
			// The rooms grown for large text overlap no more than the
			// widgets did.
			ss := solid(a.f.ws, tbl(a).Layout())
			for i, w := range ss {
				for _, o := range ss[:i] {
					if ui.Overlap(w.R, o.R) > 0.01 && !labels(w, o) && !labels(o, w) {
						t.Errorf("%s: %q %+v overlaps %q %+v", where, w.Text, w.R, o.Text, o.R)
					}
				}
			}
		}
		r := (sumL / nL) / (sumN / nN)
		t.Logf("large text, %s with %d players: mean text size ×%.2f", tc.mapName, tc.players, r)
		// The nine-player table is packed (nine houses, nine loyalty
		// tokens a row): its texts have less room to grow.
		if tc.mapName == "standard" && r < 1.12 || r < 1.02 {
			t.Errorf("large text, %s with %d players: mean text size only ×%.2f", tc.mapName, tc.players, r)
		}
	}
}

// TestPresenterShots draws the presenter options as pictures to look at
// (NTK_SHOTS): both canvases, large text, the clean layout.
func TestPresenterShots(t *testing.T) {
	lookOnly(t)
	if shotsWanted() {
		// (The canvases are drawn by the canvas tests above.)
		for _, c := range Canvases {
			a := canvasApp(t, c[0], c[1])
			saveShot(t, fmt.Sprintf("canvas-%dx%d", c[0], c[1]), drawWindow(a, c[0], c[1]))
		}
	}
	a, _ := midGame(t, tableCase{"nine", 9}, 120, 3)
	a.opts.LargeText = true
	tbl(a).Log().SetLarge(true)
	look(t, a, "large-text-nine-9", 1920, 1080)
	a, _ = midGame(t, tableCase{"standard", 4}, 120, 3)
	a.opts.LargeText = true
	tbl(a).Log().SetLarge(true)
	look(t, a, "large-text-standard-4", 1920, 1080)
	a.opts.Clean = true
	a.cam = nil
	look(t, a, "clean-large-standard-4", 1920, 1080)
	a.do(ui.Command{Kind: ui.CmdHelp})
	look(t, a, "help-clean-large", 1280, 720)
	// The end screen and the start screen, large and clean.
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		e := rulesGame(t, tc.mapName, caseNames[:tc.players], 5)
		tabletest.PlayUntil(t, e, e, 5, func() bool { return false })
		end := mustApp(t, Options{LargeText: true, Clean: true}, nil)
		beginOn(end, rules.HotSeat(e), 5)
		look(t, end, fmt.Sprintf("end-clean-large-%s-%d", tc.mapName, tc.players), 1920, 1080)
	}
	st := mustApp(t, Options{LargeText: true, Clean: true}, nil)
	st.home.s.SetMaps(start.ShippedMaps(), "")
	look(t, st, "start-clean-large", 1920, 1080)
}
