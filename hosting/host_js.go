//go:build js

package hosting

import (
	"errors"
	"time"

	"notrueking/rules"
	"notrueking/session"
	"notrueking/table"
	"notrueking/ui"
)

// A web page cannot listen for other devices: its build has no host (the
// server's code stays out of the page's module). Start says so; no
// Hosting is ever made, so its methods below are never called.

// Page is nothing a web page serves.
type Page = any

// Hosting is never made in a web page.
type Hosting struct{}

// Start refuses: a web page cannot host a game.
func Start(*session.Match, *session.Files, []rules.Seat, Options) (*Hosting, error) {
	return nil, errors.New("a web page cannot host a game: host it from the desktop program or with notrueking host, and join it here")
}

func (*Hosting) Close()                                           {}
func (*Hosting) Presence() []table.Presence                       { return nil }
func (*Hosting) Changed(time.Time) bool                           { return false }
func (*Hosting) Do(ui.Command) error                              { return errors.New("a web page hosts no game") }
func (*Hosting) Admission(*table.Table) []ui.Widget               { return nil }
func (*Hosting) Chip(*table.Table) ui.Widget                      { return ui.Widget{} }
func (*Hosting) panel(*table.Table, ui.Rect, ui.Rect) []ui.Widget { return nil }
