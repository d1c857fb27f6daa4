//go:build !js

package main

import (
	"math/rand"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserLongGame plays a three-player hot-seat game through the
// served page by clicks (random clicks on what the screen offers, and on
// the board) for 45 actions, closes the tab mid-game, opens the page in a
// new tab and continues the game at the same action. It takes minutes, so
// it runs only with NTK_BROWSER_LONG=1; NTK_SHOTS=DIR keeps its pictures.
func TestBrowserLongGame(t *testing.T) {
	if os.Getenv("NTK_BROWSER_LONG") == "" {
		t.Skip("a long game through the page: set NTK_BROWSER_LONG=1 to play it")
	}
	p := newPage(t, "")
	base := p.ctx
	p.run("blank", chromedp.Navigate("about:blank"))
	tab, cancelTab := chromedp.NewContext(base)
	p.ctx = tab
	p.run("open", chromedp.EmulateViewport(1600, 900), chromedp.Navigate(p.url))
	st := p.wait("start", func(s webState) bool { return s.Frames > 0 && s.Scene == "start" })
	p.click(st, "n:3", false)
	time.Sleep(300 * time.Millisecond)
	st, _ = p.state()
	p.click(st, "start", false)
	rng := rand.New(rand.NewSource(7))
	target := 45
	clicks := 0
	for st.Actions < target && clicks < 3000 {
		st, _ = p.state()
		clicks++
		switch st.Scene {
		case "curtain":
			p.click(st, "curtain", false)
		case "table":
			if rng.Intn(3) == 0 {
				x, y := 10+rng.Float64()*450, 60+rng.Float64()*820
				p.run("board", chromedp.MouseClickXY(x, y))
			} else {
				var ts []int
				for i, tg := range st.Targets {
					if !offGame(tg.ID) {
						ts = append(ts, i)
					}
				}
				tg := st.Targets[ts[rng.Intn(len(ts))]]
				p.run("click", chromedp.MouseClickXY(tg.X+tg.W/2, tg.Y+tg.H/2))
			}
		case "end":
			t.Log("game over")
			target = 0
		}
		time.Sleep(30 * time.Millisecond)
		if clicks%100 == 0 {
			s2, _ := p.state()
			t.Logf("clicks %d actions %d scene %s prompt %q msg %q", clicks, s2.Actions, s2.Scene, s2.Prompt, s2.Message)
			p.shot("play")
		}
	}
	st, _ = p.state()
	t.Logf("played %d actions in %d clicks; scene %s; prompt %q", st.Actions, clicks, st.Scene, st.Prompt)
	p.shot("before-close")
	save, n := st.Save, st.Actions
	cancelTab() // close the tab mid-game
	time.Sleep(time.Second)
	tab2, cancel2 := chromedp.NewContext(base)
	defer cancel2()
	p.ctx = tab2
	p.run("reopen", chromedp.EmulateViewport(1600, 900), chromedp.Navigate(p.url))
	st = p.wait("start", func(s webState) bool { return s.Frames > 0 && s.Scene == "start" })
	p.shot("reopened")
	p.click(st, "cont:"+save, false)
	st = p.wait("continued", func(s webState) bool { return s.Scene == "curtain" })
	p.shot("continued-curtain")
	p.click(st, "curtain", false)
	st = p.wait("table", func(s webState) bool { return s.Scene == "table" })
	p.shot("continued-table")
	if st.Actions != n || st.Save != save {
		t.Fatalf("continued at %d in %s, want %d in %s", st.Actions, st.Save, n, save)
	}
	t.Logf("continued at action %d: %q", st.Actions, st.Prompt)
	p.checkNoProblems()
}

// offGame reports whether a button leads away from playing the game (the
// tools, try mode, the sandbox, help, the presenter, the table of an
// earlier action), takes actions back or only deals the loyalty card
// again: the random player leaves those alone.
func offGame(id string) bool {
	switch id {
	case "shuffle", "undo", "redo", "tools", "try", "sandbox", "sandbox-play", "save-position", "help", "present", "fullscreen", "bot-pause":
		return true
	}
	return strings.HasPrefix(id, "seat-level:") || strings.HasPrefix(id, "log:")
}
