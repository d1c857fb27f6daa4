//go:build !js

package main

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// phone makes the page's tab a phone: a 390×844 viewport (CSS pixels) at
// a device scale of 1 (a phone has 2 or 3; 1 keeps the software GPU of the
// tests quick enough for a tap to stay a tap), mobile, with touch events
// and no mouse.
func (p *page) phone() {
	p.run("emulate a phone",
		emulation.SetDeviceMetricsOverride(390, 844, 1, true),
		emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5),
	)
}

// touch dispatches one touch event with the fingers at pts (CSS pixels;
// a finger's id is its index).
func (p *page) touch(what string, typ input.TouchType, pts ...[2]float64) {
	p.t.Helper()
	tps := []*input.TouchPoint{}
	for i, pt := range pts {
		tps = append(tps, &input.TouchPoint{X: pt[0], Y: pt[1], ID: float64(i + 1)})
	}
	p.run(what, chromedp.ActionFunc(func(ctx context.Context) error {
		return input.DispatchTouchEvent(typ, tps).Do(ctx)
	}))
}

// frames waits until the game has drawn n more frames (it reads the
// fingers once a tick, so a finger must stay put at least one). It polls
// without pausing: a tap must lift well before the long press.
func (p *page) frames(n int) {
	p.t.Helper()
	st, _ := p.state()
	for end := time.Now().Add(time.Minute); time.Now().Before(end); {
		if s, ok := p.state(); ok && s.Frames >= st.Frames+n {
			return
		}
	}
	p.t.Fatalf("the game drew no frame in a minute")
}

// settle waits until the game draws frames quickly again (three in
// 150 ms: nothing left to paint), so that a tap is not held through a
// slow frame into a long press; it gives up after ten seconds (a loaded
// machine), and the tap is tried anyway.
func (p *page) settle() {
	p.t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); {
		st, _ := p.state()
		t0 := time.Now()
		for time.Since(t0) < 150*time.Millisecond {
			if s, ok := p.state(); ok && s.Frames >= st.Frames+3 {
				return
			}
		}
	}
}

// tapAt taps (x, y) CSS pixels: a finger down, held until the game has
// read it, up. A long press is half a second: a tap held longer (a
// frame that slow) is logged.
func (p *page) tapAt(what string, x, y float64) {
	p.t.Helper()
	p.settle()
	start := time.Now()
	p.touch(what, input.TouchStart, [2]float64{x, y})
	p.frames(1)
	p.touch(what, input.TouchEnd)
	if d := time.Since(start); d > 400*time.Millisecond {
		p.t.Logf("a tap (%s) held %v: near the long press (the machine is slow)", what, d)
	}
}

// tap taps the middle of the target with id: a finger down, held until
// the game has read it (a frame), up — well under the long press,
// unless a frame takes half a second.
func (p *page) tap(st webState, id string) {
	p.t.Helper()
	for _, tg := range st.Targets {
		if tg.ID == id || tg.ID == "" && tg.Text == id {
			p.tapAt("tap "+id, tg.X+tg.W/2, tg.Y+tg.H/2)
			return
		}
	}
	p.t.Fatalf("no target %q on the %s screen: %+v", id, st.Scene, st.Targets)
}

// TestBrowserTouchPhone plays a hot-seat game on a phone's screen
// (390×844, touch only) by taps: each seat lifts its curtain and confirms
// its loyalty card as dealt; then a pinch on the board zooms it, a drag
// does not click, a long press on the board shows the tooltip of the
// territory under the finger (kept after the lift until the next tap), a
// tap on the Houses tab shows the slots and a tap on a free one places an
// agent. Every button of the portrait table is at least 44 CSS px tall.
func TestBrowserTouchPhone(t *testing.T) {
	p := newPage(t, "")
	p.phone()
	p.run("open the page", chromedp.Navigate(p.url+"?players=3&names=Ann,Ben,Cy"))
	p.wait("the quick game's curtain", func(s webState) bool { return s.Frames > 0 && s.Scene == "curtain" })
	p.shot("phone-curtain")
	for seat := 0; seat < 3; seat++ {
		st := p.wait("a curtain", func(s webState) bool { return s.Scene == "curtain" && s.Actions == seat })
		for _, tg := range st.Targets {
			if tg.ID == "curtain" && tg.Kind == "button" && tg.H < 44 {
				t.Errorf("the curtain's button is %.0f CSS px tall, under a finger's 44", tg.H)
			}
		}
		p.tap(st, "curtain")
		st = p.wait("the table", func(s webState) bool { return s.Scene == "table" })
		if seat == 0 {
			p.shot("phone-table")
		}
		p.tap(st, "confirm-arrange")
		p.wait("the card confirmed", func(s webState) bool { return s.Actions == seat+1 })
	}
	st := p.wait("the next seat's table", func(s webState) bool {
		if s.Scene == "curtain" {
			for _, tg := range s.Targets {
				if tg.ID == "curtain" {
					return true
				}
			}
		}
		return s.Scene == "table"
	})
	if st.Scene == "curtain" {
		p.tap(st, "curtain")
		st = p.wait("the table", func(s webState) bool { return s.Scene == "table" && s.Board != nil })
	}
	for _, tg := range st.Targets {
		if tg.Kind == "button" && !strings.HasPrefix(tg.ID, "log") && tg.H < 44 {
			t.Errorf("the %q button (%s) is %.0f CSS px tall at 390×844, under a finger's 44", tg.Text, tg.ID, tg.H)
		}
	}
	if st.Board == nil || st.Zoom == 0 {
		t.Fatalf("the table shows no board: %+v", st)
	}
	if math.Abs(st.Zoom-1) > 1e-6 {
		t.Fatalf("the board starts at zoom %.3f, want 1 (fitted)", st.Zoom)
	}
	b := *st.Board
	cx, cy := b.X+b.W/2, b.Y+b.H/2
	n := st.Actions

	// A pinch: two fingers 40 px apart spread to 160 px about the
	// board's centre.
	p.touch("two fingers", input.TouchStart, [2]float64{cx - 20, cy}, [2]float64{cx + 20, cy})
	p.frames(1)
	for _, d := range []float64{40, 60, 80} {
		p.touch("spread", input.TouchMove, [2]float64{cx - d, cy}, [2]float64{cx + d, cy})
		p.frames(1)
	}
	p.touch("lift both", input.TouchEnd)
	st = p.wait("the pinch's zoom", func(s webState) bool { return s.Zoom > 1.5 })
	p.shot("phone-pinched")
	if st.Actions != n {
		t.Errorf("a pinch played an action: %d → %d", n, st.Actions)
	}
	zoom := st.Zoom

	// A drag on the board pans it: no click (the message stays), no zoom.
	msg := st.Message
	p.touch("a finger down", input.TouchStart, [2]float64{cx, cy})
	p.frames(1)
	for _, d := range []float64{15, 30, 45} {
		p.touch("drag", input.TouchMove, [2]float64{cx + d, cy + d})
		p.frames(1)
	}
	p.touch("lift", input.TouchEnd)
	p.frames(2)
	st, _ = p.state()
	if st.Message != msg || st.Actions != n || math.Abs(st.Zoom-zoom) > 1e-9 {
		t.Errorf("a drag on the board clicked or zoomed: message %q → %q, zoom %.3f → %.3f", msg, st.Message, zoom, st.Zoom)
	}

	// A long press on the board: the territory's tooltip, no click.
	p.touch("a finger held", input.TouchStart, [2]float64{cx, cy})
	st = p.wait("the long press's tooltip", func(s webState) bool { return s.Tip != "" })
	tip := st.Tip
	p.shot("phone-long-press")
	p.touch("lift", input.TouchEnd)
	p.frames(2)
	st, _ = p.state()
	if st.Tip != tip || st.Actions != n {
		t.Errorf("after the long press's lift: tooltip %q (was %q), %d actions (was %d)", st.Tip, tip, st.Actions, n)
	}
	if !strings.ContainsAny(tip, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		t.Errorf("the long press's tooltip says %q", tip)
	}
	// The Log tab shows the log's entries (a tap on one shows the table
	// then), the Players tab the conspiracies; a tap on the Houses tab
	// shows the houses' slots, and a tap on a free one places an agent.
	// (The log's entries in the pane, under the board: "Since you last
	// looked" over the board has entries too.)
	inPane := func(s webState) bool {
		for _, tg := range s.Targets {
			if strings.HasPrefix(tg.ID, "log:") && tg.Y > b.Y+b.H {
				return true
			}
		}
		return false
	}
	p.tap(st, "Log")
	st = p.wait("the Log tab", func(s webState) bool { return inPane(s) && s.Tip == "" })
	p.shot("phone-log")
	p.tap(st, "Players")
	st = p.wait("the Players tab", func(s webState) bool { return !inPane(s) })
	p.shot("phone-players")
	p.tap(st, "Houses")
	st = p.wait("the Houses tab", func(s webState) bool {
		for _, tg := range s.Targets {
			if tg.Kind == "slot" {
				return s.Tip == ""
			}
		}
		return false
	})
	for _, tg := range st.Targets {
		if tg.Kind == "slot" && tg.Text == "free" {
			if tg.H < 44 {
				t.Errorf("slot %s is %.0f CSS px tall, under a finger's 44", tg.ID, tg.H)
			}
			p.shot("phone-houses")
			p.tapAt("place an agent on "+tg.ID, tg.X+tg.W/2, tg.Y+tg.H/2)
			break
		}
	}
	p.wait("the agent placed", func(s webState) bool { return s.Actions == n+1 })
	p.checkNoProblems()

}
