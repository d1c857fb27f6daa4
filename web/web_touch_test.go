//go:build !js

package main

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// phone makes the page's tab a phone: a 390×844 viewport (CSS pixels) at
// a device scale of 2, mobile, with touch events and no mouse.
func (p *page) phone() {
	p.run("emulate a phone",
		emulation.SetDeviceMetricsOverride(390, 844, 2, true),
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
// fingers once a frame, so a finger must stay put at least one).
func (p *page) frames(n int) {
	p.t.Helper()
	st, _ := p.state()
	p.wait("frames", func(s webState) bool { return s.Frames >= st.Frames+n })
}

// tap taps the middle of the target with id: a finger down, held until
// the game has read it (a frame), up — well under the long press,
// unless a frame takes half a second.
func (p *page) tap(st webState, id string) {
	p.t.Helper()
	for _, tg := range st.Targets {
		if tg.ID == id {
			pt := [2]float64{tg.X + tg.W/2, tg.Y + tg.H/2}
			p.touch("tap "+id, input.TouchStart, pt)
			p.frames(1)
			p.touch("lift "+id, input.TouchEnd)
			return
		}
	}
	p.t.Fatalf("no target %q on the %s screen: %+v", id, st.Scene, st.Targets)
}

// TestBrowserTouchPhone plays a hot-seat game on a phone's screen by
// taps only: start, each seat lifts its curtain and confirms its loyalty
// card as dealt; then a pinch on the board zooms it, a drag does not
// click, and a long press on the board shows the tooltip of the
// territory under the finger (kept after the lift until the next tap).
func TestBrowserTouchPhone(t *testing.T) {
	p := newPage(t, "")
	p.phone()
	p.run("open the page", chromedp.Navigate(p.url+"?players=3&names=Ann,Ben,Cy"))
	st := p.wait("the quick game's curtain", func(s webState) bool { return s.Frames > 0 && s.Scene == "curtain" })
	p.shot("phone-curtain")
	for seat := 0; seat < 3; seat++ {
		st = p.wait("a curtain", func(s webState) bool { return s.Scene == "curtain" && s.Actions == seat })
		p.tap(st, "curtain")
		st = p.wait("the table", func(s webState) bool { return s.Scene == "table" })
		if seat == 0 {
			p.shot("phone-table")
		}
		p.tap(st, "confirm-arrange")
		st = p.wait("the card confirmed", func(s webState) bool { return s.Actions == seat+1 })
	}
	st = p.wait("the next seat's table", func(s webState) bool {
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
	// A tap elsewhere takes the tooltip away.
	p.touch("tap", input.TouchStart, [2]float64{cx - 30, cy - 30})
	p.frames(1)
	p.touch("lift", input.TouchEnd)
	p.wait("the tooltip gone", func(s webState) bool { return s.Tip == "" })
	p.checkNoProblems()

}
