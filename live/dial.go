package live

import (
	"context"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"notrueking/internal/version"
	"notrueking/remote"
	"notrueking/store"
	"notrueking/ui"
)

// Dialing is a host's link being dialed on a goroutine of its own (the
// window draws meanwhile): the client once connected, or why it could not
// connect.
type Dialing struct {
	link   string
	client atomic.Pointer[remote.Client]
	failed atomic.Pointer[string]
}

// Dial dials link with o, giving up after within.
func Dial(link string, o remote.ClientOptions, within time.Duration) *Dialing {
	d := &Dialing{link: link}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), within)
		defer cancel()
		cl, err := remote.Dial(ctx, link, o)
		if err != nil {
			s := err.Error()
			d.failed.Store(&s)
			return
		}
		d.client.Store(cl)
	}()
	return d
}

// Client is the client once connected (nil before, or when it failed).
func (d *Dialing) Client() *remote.Client { return d.client.Load() }

// Failed is why the link could not be dialed ("": it was not refused).
func (d *Dialing) Failed() string {
	if f := d.failed.Load(); f != nil {
		return *f
	}
	return ""
}

// Link is the link dialed.
func (d *Dialing) Link() string { return d.link }

// Where names the host dialed: "the game hosted at HOST:PORT".
func (d *Dialing) Where() string {
	if u, err := url.Parse(d.link); err == nil && u.Host != "" {
		return "the game hosted at " + u.Host
	}
	return "a game on the network"
}

// Close ends the client's link, if it connected.
func (d *Dialing) Close() {
	if cl := d.Client(); cl != nil {
		cl.Close()
	}
}

// Joining says how joining a game stands — dialing, waiting for the host
// to admit this device, why it could not join — and gives the client once
// the host has sent its table (nil before).
func (d *Dialing) Joining() (string, *remote.Client) {
	cl := d.Client()
	switch {
	case d.Failed() != "":
		return "Could not join: " + d.Failed(), nil
	case cl == nil:
	case cl.Err() != nil && !cl.Ready():
		return "Could not join: " + cl.Err().Error(), nil
	case cl.Ready():
		return "", cl
	case cl.Waiting() != "":
		return cl.Waiting(), nil
	}
	return "Joining " + d.link + " …", nil
}

// SeatTokenKey is the setting (store.Prefs) that keeps a device's seat
// token for the game a link joins: one per room code ("" for a link that
// does not read).
func SeatTokenKey(link string) string {
	_, room, err := remote.ParseLink(link)
	if err != nil {
		return ""
	}
	return "seat-" + strings.ToLower(room)
}

// JoinAs is how a device joins link: as name ("": "Player"), asking for
// seat (its conspiracy id; "": any free seat), with the seat token prefs
// keeps for that game (nil: none kept) — given back when it joins again —
// and the build it runs.
func JoinAs(link, name, seat string, prefs store.Prefs) remote.ClientOptions {
	if name == "" {
		name = "Player"
	}
	o := remote.ClientOptions{Name: name, Seat: seat, Build: version.Get().Short()}
	if key := SeatTokenKey(link); prefs != nil && key != "" {
		o.Token, _, _ = prefs.Get(key)
		o.SaveToken = func(t string) { prefs.Set(key, t) }
	}
	return o
}

// Widgets are the screen while the link is dialed: joining, and what the
// host said so far (Joining).
func (d *Dialing) Widgets() []ui.Widget {
	text, _ := d.Joining()
	return []ui.Widget{
		{R: ui.Rect{W: ui.BaseW, H: ui.BaseH}, Kind: ui.WPanel, Fill: ui.ColBG},
		{R: ui.Rect{X: 300, Y: 300, W: 1000, H: 260}, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: ui.ColGold},
		{R: ui.Rect{X: 320, Y: 330, W: 960, H: 50}, Kind: ui.WText, Text: "Joining a game on the network", Size: 34, Bold: true, Align: ui.AlignCenter, Ink: ui.ColGold},
		{R: ui.Rect{X: 320, Y: 410, W: 960, H: 90}, Kind: ui.WText, Text: strings.Join(ui.WrapText(text, 20, 960, 0), "\n"), Size: 20, Align: ui.AlignCenter, Ink: ui.ColText, Tip: text},
	}
}
