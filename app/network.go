package app

import (
	"time"

	"notrueking/hosting"
	"notrueking/live"
	"notrueking/ui"
)

// A game played over the network, seen from the window (package hosting):
// the network panel (F4, Tools → Network…) over the table, the curtain or
// the start screen's new hosted game.

// netScene is the network panel over the scene under it: the join link
// and its QR code, what the link is and what it is not, each seat's player
// and device, and the host's buttons (hosting.Panel).
type netScene struct {
	under Scene
	lg    *live.Game
}

func (s *netScene) Show(c *Context) Shown {
	sh := s.under.Show(c)
	cl, link := s.lg.Client()
	sh.Over = append(overlayPanel(hosting.PanelRect, "Playing over the network", ui.CmdNetPanel), hosting.Panel(s.lg.Table(), s.lg.Hosting(), cl, link)...)
	return sh
}

// Keys: Esc and F4 close.
func (s *netScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	for _, k := range in.Pressed() {
		if k == ui.KeyEsc || k == ui.KeyF4 {
			c.GoTo(s.under)
			return nil, true
		}
	}
	return nil, false
}

// Do: Close closes; the seats' buttons hand seats over.
func (s *netScene) Do(cmd ui.Command, c *Context) {
	switch cmd.Kind {
	case ui.CmdNetPanel, ui.CmdCancel:
		c.GoTo(s.under)
	default:
		s.lg.NetDo(cmd)
	}
}

func (s *netScene) Click(ui.Target, *Context) {}

// Tick: the game under it goes on (bots and devices move), as under the
// help; the panel redraws when a device comes or goes.
func (s *netScene) Tick(now time.Time, c *Context) bool {
	return s.under.Tick(now, c.under(func(sc Scene) { s.under = sc }))
}
