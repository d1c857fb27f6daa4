package ui

import (
	"math"
	"testing"
	"time"

	"notrueking/maps"
)

// finger feeds a Gestures tick by tick on a clock of its own (ticks of
// 1/60 s): no test here waits for real time.
type finger struct {
	g   Gestures
	now time.Time
}

func newFinger() *finger { return &finger{now: time.Date(2026, 11, 29, 1, 0, 0, 0, time.UTC)} }

// tick advances the clock by one frame and feeds the fingers down.
func (f *finger) tick(ts ...Touch) (Input, bool) {
	f.now = f.now.Add(time.Second / 60)
	return f.g.Update(f.now, ts)
}

// wait holds the fingers where they are for d.
func (f *finger) wait(d time.Duration, ts ...Touch) (in Input) {
	for end := f.now.Add(d); f.now.Before(end); {
		in, _ = f.tick(ts...)
	}
	return in
}

func TestGesturesIdleSaysNothing(t *testing.T) {
	f := newFinger()
	if in, ok := f.tick(); ok || in.Touch {
		t.Fatalf("no finger, yet the gestures speak: %+v", in)
	}
}

func TestGesturesTapIsAClickWhereItLifts(t *testing.T) {
	f := newFinger()
	in, ok := f.tick(Touch{ID: 3, X: 100, Y: 200})
	if !ok || !in.Touch || !in.Down || in.Click {
		t.Fatalf("a finger down: %+v ok=%v; want Touch, Down, no click yet", in, ok)
	}
	if x, y := in.HoverAt(); x >= 0 || y >= 0 {
		t.Errorf("a finger down hovers at (%v,%v); a tap shows no tooltip", x, y)
	}
	f.tick(Touch{ID: 3, X: 104, Y: 203}) // a finger wobbles, within the slop
	in, ok = f.tick()
	if !ok || !in.Click || in.Down || in.X != 104 || in.Y != 203 {
		t.Fatalf("the lift of a tap: %+v; want a whole click at (104,203)", in)
	}
	if in.PanX != 0 || in.PanY != 0 || in.Zoom != 0 || in.Hold {
		t.Errorf("a tap panned, zoomed or held: %+v", in)
	}
	if in, ok := f.tick(); ok || in.Click {
		t.Errorf("the tick after a tap still speaks: %+v", in)
	}
}

func TestGesturesDragPansAndDoesNotClick(t *testing.T) {
	f := newFinger()
	f.tick(Touch{ID: 1, X: 100, Y: 100})
	in, _ := f.tick(Touch{ID: 1, X: 106, Y: 104}) // within the slop: no pan yet
	if in.PanX != 0 || in.PanY != 0 {
		t.Errorf("a move within the slop panned by (%v,%v)", in.PanX, in.PanY)
	}
	in, _ = f.tick(Touch{ID: 1, X: 130, Y: 110}) // past it: the whole move so far
	if in.PanX != 30 || in.PanY != 10 {
		t.Errorf("the first move past the slop panned by (%v,%v), want (30,10)", in.PanX, in.PanY)
	}
	in, _ = f.tick(Touch{ID: 1, X: 125, Y: 150})
	if in.PanX != -5 || in.PanY != 40 {
		t.Errorf("the next move panned by (%v,%v), want (-5,40)", in.PanX, in.PanY)
	}
	if in.GestX != 100 || in.GestY != 100 {
		t.Errorf("the drag began at (%v,%v), want (100,100)", in.GestX, in.GestY)
	}
	// Held still after a drag: no long press either.
	in = f.wait(time.Second, Touch{ID: 1, X: 125, Y: 150})
	if in.Hold {
		t.Error("a finger that dragged and then rested asks for a tooltip")
	}
	in, _ = f.tick()
	if in.Click || in.Hold {
		t.Errorf("the lift after a drag: %+v; want no click and no tooltip", in)
	}
}

func TestGesturesSlopIsSettable(t *testing.T) {
	f := newFinger()
	f.g.Slop = 40
	f.tick(Touch{ID: 1, X: 100, Y: 100})
	f.tick(Touch{ID: 1, X: 130, Y: 100})
	if in, _ := f.tick(); !in.Click {
		t.Errorf("a 30 px wobble under a 40 px slop is no tap: %+v", in)
	}
}

func TestGesturesPinchZoomsAboutItsCentre(t *testing.T) {
	f := newFinger()
	f.tick(Touch{ID: 1, X: 100, Y: 100})
	in, _ := f.tick(Touch{ID: 1, X: 100, Y: 100}, Touch{ID: 2, X: 200, Y: 100})
	if in.Zoom != 0 {
		t.Errorf("the second finger's first tick zoomed by %v (no distance to compare yet)", in.Zoom)
	}
	// The fingers spread from 100 to 200 apart about (150,100).
	in, _ = f.tick(Touch{ID: 1, X: 50, Y: 100}, Touch{ID: 2, X: 250, Y: 100})
	if math.Abs(in.Zoom-2) > 1e-9 || in.ZoomX != 150 || in.ZoomY != 100 {
		t.Errorf("a spread from 100 to 200 px: zoom %v about (%v,%v), want 2 about (150,100)", in.Zoom, in.ZoomX, in.ZoomY)
	}
	if in.PanX != 0 || in.PanY != 0 {
		t.Errorf("a pinch about a still centre panned by (%v,%v)", in.PanX, in.PanY)
	}
	// Listed the other way round, then pinched in and moved down 20.
	in, _ = f.tick(Touch{ID: 2, X: 200, Y: 120}, Touch{ID: 1, X: 100, Y: 120})
	if math.Abs(in.Zoom-0.5) > 1e-9 || in.ZoomX != 150 || in.ZoomY != 120 || in.PanX != 0 || in.PanY != 20 {
		t.Errorf("a pinch in, moving down: %+v; want zoom 0.5 about (150,120), pan (0,20)", in)
	}
	in, _ = f.tick()
	if in.Click || in.Hold {
		t.Errorf("the lift of a pinch clicked or held: %+v", in)
	}
}

func TestGesturesSecondFingerCancelsTheTap(t *testing.T) {
	f := newFinger()
	f.tick(Touch{ID: 1, X: 100, Y: 100})
	f.tick(Touch{ID: 1, X: 100, Y: 100}, Touch{ID: 2, X: 140, Y: 100})
	// The second finger lifts, then the first, neither having moved.
	in, _ := f.tick(Touch{ID: 1, X: 100, Y: 100})
	if in.PanX != 0 || in.PanY != 0 {
		t.Errorf("the finger left of a pinch jumped: pan (%v,%v)", in.PanX, in.PanY)
	}
	in = f.wait(time.Second, Touch{ID: 1, X: 100, Y: 100})
	if in.Hold {
		t.Error("a finger left after a second one came down asks for a tooltip")
	}
	if in, _ := f.tick(); in.Click {
		t.Errorf("two fingers down and up made a click: %+v", in)
	}
}

func TestGesturesFingerLeftOfAPinchDrags(t *testing.T) {
	f := newFinger()
	f.tick(Touch{ID: 1, X: 100, Y: 100}, Touch{ID: 2, X: 200, Y: 100})
	f.tick(Touch{ID: 1, X: 90, Y: 100}, Touch{ID: 2, X: 210, Y: 100})
	f.tick(Touch{ID: 2, X: 210, Y: 100})
	in, _ := f.tick(Touch{ID: 2, X: 215, Y: 130})
	if in.PanX != 5 || in.PanY != 30 {
		t.Errorf("the finger left of a pinch moved (5,30) and panned (%v,%v)", in.PanX, in.PanY)
	}
}

func TestGesturesTapAfterAPinch(t *testing.T) {
	f := newFinger()
	f.tick(Touch{ID: 1, X: 100, Y: 100}, Touch{ID: 2, X: 200, Y: 100})
	f.tick(Touch{ID: 1, X: 80, Y: 100}, Touch{ID: 2, X: 220, Y: 100})
	f.tick()
	f.tick(Touch{ID: 3, X: 300, Y: 400})
	in, _ := f.tick()
	if !in.Click || in.X != 300 || in.Y != 400 {
		t.Errorf("a tap after a pinch: %+v; want a click at (300,400)", in)
	}
	if in.GestX != 300 || in.GestY != 400 {
		t.Errorf("the tap's gesture began at (%v,%v), the pinch's start kept", in.GestX, in.GestY)
	}
}

func TestGesturesLongPressShowsTheTooltipAndDoesNotClick(t *testing.T) {
	f := newFinger()
	f.tick(Touch{ID: 1, X: 400, Y: 300})
	in := f.wait(LongPress-50*time.Millisecond, Touch{ID: 1, X: 401, Y: 300})
	if in.Hold {
		t.Fatalf("a tooltip asked for before the long press (%v)", LongPress)
	}
	in = f.wait(100*time.Millisecond, Touch{ID: 1, X: 401, Y: 300})
	if !in.Hold || in.X != 401 || in.Y != 300 {
		t.Fatalf("a finger held still %v: %+v; want Hold at (401,300)", LongPress, in)
	}
	if x, y := in.HoverAt(); x != 401 || y != 300 {
		t.Errorf("a long press hovers at (%v,%v), want the finger's (401,300)", x, y)
	}
	in, _ = f.tick()
	if in.Click || !in.Hold {
		t.Fatalf("the lift of a long press: %+v; want no click, the tooltip kept", in)
	}
	// The tooltip stays (the finger no longer covers it) …
	for range 3 {
		if in, ok := f.tick(); !ok || !in.Hold || in.X != 401 || in.Click {
			t.Fatalf("after a long press's lift: %+v ok=%v; want its tooltip kept", in, ok)
		}
	}
	if !f.g.Active() {
		t.Error("a kept tooltip is not Active: the mouse would take the pointer back")
	}
	// … until the next finger comes down, which taps as usual.
	in, _ = f.tick(Touch{ID: 2, X: 10, Y: 20})
	if in.Hold {
		t.Error("the next finger down still shows the long press's tooltip")
	}
	if in, _ := f.tick(); !in.Click || in.X != 10 {
		t.Errorf("a tap after a long press: %+v", in)
	}
	// Forget drops a kept tooltip (a mouse moved).
	f.tick(Touch{ID: 4, X: 50, Y: 50})
	f.wait(LongPress+time.Second/30, Touch{ID: 4, X: 50, Y: 50})
	f.tick()
	f.g.Forget()
	if in, ok := f.tick(); ok || in.Hold {
		t.Errorf("after Forget the long press's tooltip stays: %+v", in)
	}
}

// TestGesturesStallIsNoLongPress: a window that stalls for two seconds
// between the ticks that see a tapping finger (a slow frame) still
// taps; held on over ticks, the finger makes a long press as usual.
func TestGesturesStallIsNoLongPress(t *testing.T) {
	f := newFinger()
	f.tick(Touch{ID: 1, X: 100, Y: 100})
	f.now = f.now.Add(2 * time.Second)
	if in, _ := f.tick(Touch{ID: 1, X: 100, Y: 100}); in.Hold {
		t.Fatal("one stalled tick made a long press")
	}
	if in, _ := f.tick(); !in.Click || in.Hold {
		t.Errorf("a tap through a stall: %+v; want a click", in)
	}
	f.tick(Touch{ID: 2, X: 100, Y: 100})
	f.now = f.now.Add(2 * time.Second)
	f.tick(Touch{ID: 2, X: 100, Y: 100})
	if in := f.wait(LongPress, Touch{ID: 2, X: 100, Y: 100}); !in.Hold {
		t.Error("held on after a stall, no long press")
	}
}

func TestGesturesMoveAfterLongPressDrags(t *testing.T) {
	f := newFinger()
	f.tick(Touch{ID: 1, X: 100, Y: 100})
	if in := f.wait(LongPress+time.Second/30, Touch{ID: 1, X: 100, Y: 100}); !in.Hold {
		t.Fatal("no long press")
	}
	in, _ := f.tick(Touch{ID: 1, X: 160, Y: 100})
	if in.Hold || in.PanX != 60 {
		t.Errorf("a long press then a move: %+v; want a pan of 60 and the tooltip gone", in)
	}
	if in, _ := f.tick(); in.Click || in.Hold {
		t.Errorf("its lift: %+v; want neither click nor tooltip", in)
	}
}

// TestCameraTouchPanAndPinch drives a camera with the gestures' input: a
// pinch zooms keeping the map point under its centre, a drag pans, both
// only for a gesture that began on the board, and a tap is left to the
// caller (a click, not taken).
func TestCameraTouchPanAndPinch(t *testing.T) {
	m, err := maps.Standard()
	if err != nil {
		t.Fatal(err)
	}
	v := NewCamera(m)
	v.SetViewport(Rect{X: 8, Y: 58, W: 960, H: 834})
	f := newFinger()
	cx, cy := 480.0, 470.0
	gx, gy := v.Geom().ToGrid(cx, cy)
	feed := func(ts ...Touch) (changed, took bool, clicked int) {
		in, _ := f.tick(ts...)
		return v.Handle(in, false)
	}
	// Zoomed in four times: the (tall) map is wider than the viewport, so
	// nothing clamps it.
	feed(Touch{ID: 1, X: cx - 25, Y: cy}, Touch{ID: 2, X: cx + 25, Y: cy})
	if ch, _, _ := feed(Touch{ID: 1, X: cx - 100, Y: cy}, Touch{ID: 2, X: cx + 100, Y: cy}); !ch {
		t.Fatal("a pinch out did not change the view")
	}
	if z := v.Zoom(); math.Abs(z-4) > 1e-9 {
		t.Errorf("a pinch from 50 to 200 px zoomed to %.3f, want 4", z)
	}
	if gx2, gy2 := v.Geom().ToGrid(cx, cy); math.Hypot(gx2-gx, gy2-gy) > 1e-9 {
		t.Errorf("the map point under the pinch's centre moved: (%.3f,%.3f) → (%.3f,%.3f)", gx, gy, gx2, gy2)
	}
	feed()
	ox, oy := v.Geom().X, v.Geom().Y
	feed(Touch{ID: 3, X: cx, Y: cy})
	feed(Touch{ID: 3, X: cx + 40, Y: cy + 30})
	_, took, clicked := feed()
	if dx, dy := v.Geom().X-ox, v.Geom().Y-oy; math.Hypot(dx-40, dy-30) > 1e-9 {
		t.Errorf("a drag of (40,30) moved the board by (%.1f,%.1f)", dx, dy)
	}
	if took || clicked >= 0 {
		t.Errorf("a drag's lift took the press or clicked territory %d", clicked)
	}
	// A drag that began off the board (on a panel) does not pan it.
	ox, oy = v.Geom().X, v.Geom().Y
	feed(Touch{ID: 4, X: 1200, Y: 300})
	feed(Touch{ID: 4, X: 900, Y: 300})
	feed(Touch{ID: 4, X: 700, Y: 300})
	feed()
	if v.Geom().X != ox || v.Geom().Y != oy {
		t.Error("a drag that began off the board panned it")
	}
	// A tap on the board: a whole click the caller takes (not the camera).
	feed(Touch{ID: 5, X: cx, Y: cy})
	in, _ := f.tick()
	if _, took, clicked := v.Handle(in, false); took || clicked >= 0 || !in.Click || in.Down {
		t.Errorf("a tap: took %v clicked %d input %+v; want a whole click left to the caller", took, clicked, in)
	}
}
