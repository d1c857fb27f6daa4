package live

import (
	"context"
	"net/url"
	"sync/atomic"
	"time"

	"notrueking/remote"
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
