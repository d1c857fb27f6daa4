package ui

import (
	"math"
	"time"
)

// Touch is one finger on the screen: the id the platform gives it while
// it stays down, and where it is (base coordinates).
type Touch struct {
	ID   int
	X, Y float64
}

// LongPress is how long a finger stays down without moving before it
// asks for the tooltip of what lies under it (a mouse's hover).
const LongPress = 500 * time.Millisecond

// maxTickGap is the most time one tick adds to a finger's hold: a window
// that stalls (a slow frame) does not turn a tap into a long press.
const maxTickGap = 100 * time.Millisecond

// DefaultTapSlop is how far (base pixels) a finger may move and still tap
// when Gestures.Slop is not set.
const DefaultTapSlop = 12.0

// Gestures recognises what the fingers on a touch screen mean, tick by
// tick, as the pointer's part of an Input:
//
//   - a tap (one finger down and up without moving past the slop, before
//     the long press, no second finger meanwhile) is a click where it
//     lifted: Click without Down, on the tick it lifts;
//   - one finger moving past the slop drags: PanX, PanY each tick (the
//     board pans, nothing is clicked);
//   - two fingers pinch: Zoom is the change of their distance this tick,
//     about their midpoint (ZoomX, ZoomY), and the midpoint's move pans;
//     a second finger cancels the first one's tap and long press until
//     every finger has lifted;
//   - a finger held still for LongPress asks for the tooltip under it
//     (Hold), which stays after it lifts until the next finger comes
//     down; a long press is no click. A tick counts at most maxTickGap
//     of the hold, so a window that stalls under a tapping finger does
//     not make the tap a long press.
//
// While fingers speak the Input has Touch set: nothing is hovered except
// where Hold asks.
type Gestures struct {
	// Slop is how far a finger may move and still tap (base pixels; 0:
	// DefaultTapSlop). The app sets it from the window's scale.
	Slop float64

	on             bool          // a gesture is in progress (a finger is or was down)
	last           time.Time     // the tick before
	hold           time.Duration // how long the one finger has been held still: each tick's time, at most maxTickGap
	sx, sy         float64       // where
	lx, ly         float64       // the one finger's last position
	moved, multi   bool          // it dragged; a second finger came down
	held           bool          // the long press fired
	pinch          [2]int        // the ids of the two fingers pinching
	pd, pcx, pcy   float64       // their distance and midpoint last tick (pd 0: no pinch yet)
	stuck          bool          // a long press's tooltip stays after the lift
	stuckX, stuckY float64
}

// Active reports whether a gesture is in progress or a long press's
// tooltip stays: the fingers, not a mouse, own the pointer.
func (g *Gestures) Active() bool { return g.on || g.stuck }

// Forget drops a long press's lasting tooltip (a mouse moved: it owns
// the pointer again).
func (g *Gestures) Forget() {
	if !g.on {
		g.stuck = false
	}
}

func (g *Gestures) slop() float64 {
	if g.Slop > 0 {
		return g.Slop
	}
	return DefaultTapSlop
}

// Update takes the fingers down now (ts, in any order) and returns the
// pointer's part of this tick's input: X, Y, Click, Down, PanX, PanY,
// Zoom, ZoomX, ZoomY, Hold, GestX, GestY, with Touch set. ok is false
// when no finger speaks (no gesture, no tooltip kept): the mouse's input
// stands.
func (g *Gestures) Update(now time.Time, ts []Touch) (in Input, ok bool) {
	if len(ts) == 0 {
		if !g.on {
			if g.stuck {
				return Input{Touch: true, Hold: true, X: g.stuckX, Y: g.stuckY, GestX: g.sx, GestY: g.sy}, true
			}
			return Input{}, false
		}
		// Every finger lifted: the gesture ends here.
		in = Input{Touch: true, X: g.lx, Y: g.ly, GestX: g.sx, GestY: g.sy}
		switch {
		case g.held:
			in.Hold = true
			g.stuck, g.stuckX, g.stuckY = true, g.lx, g.ly
		case !g.moved && !g.multi:
			in.Click = true
		}
		g.on = false
		return in, true
	}
	if !g.on {
		// The first finger of a new gesture.
		f := ts[0]
		*g = Gestures{Slop: g.Slop, on: true, last: now, sx: f.X, sy: f.Y, lx: f.X, ly: f.Y}
	}
	dt := min(max(now.Sub(g.last), 0), maxTickGap)
	g.last = now
	in = Input{Touch: true, Down: true, GestX: g.sx, GestY: g.sy}
	if len(ts) >= 2 {
		g.multi, g.held = true, false
		a, b, ok := g.pinchPair(ts)
		d := math.Hypot(b.X-a.X, b.Y-a.Y)
		cx, cy := (a.X+b.X)/2, (a.Y+b.Y)/2
		if ok && g.pd > 0 && d > 0 {
			in.PanX, in.PanY = cx-g.pcx, cy-g.pcy
			if f := d / g.pd; f != 1 {
				in.Zoom, in.ZoomX, in.ZoomY = f, cx, cy
			}
		}
		g.pinch, g.pd, g.pcx, g.pcy = [2]int{a.ID, b.ID}, d, cx, cy
		in.X, in.Y = cx, cy
		g.lx, g.ly = cx, cy
		return in, true
	}
	// One finger.
	f := ts[0]
	in.X, in.Y = f.X, f.Y
	if g.pd > 0 {
		// A pinch lost a finger: the one left drags on from where it is.
		g.pd, g.lx, g.ly, g.moved = 0, f.X, f.Y, true
		return in, true
	}
	if !g.moved && !g.multi && math.Hypot(f.X-g.sx, f.Y-g.sy) > g.slop() {
		g.moved, g.held = true, false
		in.PanX, in.PanY = f.X-g.sx, f.Y-g.sy
	} else if g.moved {
		in.PanX, in.PanY = f.X-g.lx, f.Y-g.ly
	}
	g.lx, g.ly = f.X, f.Y
	g.hold += dt
	if !g.moved && !g.multi && (g.held || g.hold >= LongPress) {
		g.held = true
		in.Hold = true
	}
	return in, true
}

// pinchPair is the two fingers that pinch: the same two as last tick
// where both are still down (ok), else the first two.
func (g *Gestures) pinchPair(ts []Touch) (a, b Touch, ok bool) {
	var fa, fb bool
	for _, t := range ts {
		switch t.ID {
		case g.pinch[0]:
			a, fa = t, true
		case g.pinch[1]:
			b, fb = t, true
		}
	}
	if fa && fb && g.pd > 0 {
		return a, b, true
	}
	return ts[0], ts[1], false
}
