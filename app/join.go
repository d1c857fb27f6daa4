package app

import (
	"strings"
	"time"

	"notrueking/internal/version"
	"notrueking/live"
	"notrueking/remote"
	"notrueking/ui"
)

// Joining a game hosted elsewhere (notrueking join LINK): the window is a
// device. Its table reads and acts on a remote.Client — what the host sent
// its seats — exactly as it does a game at its own screen; the host runs
// the engine, its files and its bots. The window follows every change the
// host tells (another player's move, a bot's, an undo) as the hosting
// window follows its devices', shows who is connected, and the curtain
// only when it holds several seats.

// joinWait is the window while it joins: connecting, then waiting for the
// host to admit it, or why it could not join.
type joinWait struct {
	still
	dial *live.Dialing
	msg  string
}

// startJoin dials the host of o.Join from a goroutine of its own (the
// window keeps drawing) and shows the wait.
func startJoin(a *App) Scene {
	o := a.opts
	prefs := o.Prefs
	key := SeatTokenKey(o.Join)
	token := ""
	if prefs != nil && key != "" {
		token, _, _ = prefs.Get(key)
	}
	name := o.JoinName
	if name == "" {
		name = defaultDeviceName()
	}
	co := remote.ClientOptions{Name: name, Seat: o.JoinSeat, Token: token, Build: version.Get().Short(),
		SaveToken: func(t string) {
			if prefs != nil && key != "" {
				prefs.Set(key, t)
			}
		}}
	return &joinWait{dial: live.Dial(o.Join, co, 15*time.Second)}
}

// SeatTokenKey is the setting (store.Prefs) that keeps a device's seat
// token for the game a link joins: one per room code ("" for a link that
// does not read). The window and `join -bot` keep it there.
func SeatTokenKey(link string) string {
	_, room, err := remote.ParseLink(link)
	if err != nil {
		return ""
	}
	return "seat-" + strings.ToLower(room)
}

// defaultDeviceName is the name a device gives the host when -name is
// not given.
func defaultDeviceName() string {
	return "Player"
}

func (w *joinWait) Show(*Context) Shown {
	text := "Joining " + w.dial.Link() + " …"
	if cl := w.dial.Client(); cl != nil {
		if s := cl.Waiting(); s != "" {
			text = s
		}
	}
	if f := w.dial.Failed(); f != "" {
		text = "Could not join: " + f
	}
	if w.msg != "" {
		text = w.msg
	}
	return Shown{Widgets: []ui.Widget{
		{R: ui.Rect{W: ui.BaseW, H: ui.BaseH}, Kind: ui.WPanel, Fill: ui.ColBG},
		{R: ui.Rect{X: 300, Y: 300, W: 1000, H: 260}, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: ui.ColGold},
		{R: ui.Rect{X: 320, Y: 330, W: 960, H: 50}, Kind: ui.WText, Text: "Joining a game on the network", Size: 34, Bold: true, Align: ui.AlignCenter, Ink: ui.ColGold},
		{R: ui.Rect{X: 320, Y: 410, W: 960, H: 90}, Kind: ui.WText, Text: strings.Join(ui.WrapText(text, 20, 960, 0), "\n"), Size: 20, Align: ui.AlignCenter, Ink: ui.ColText, Tip: text},
	}}
}

// Tick: once the host sent the game, it goes on the table.
func (w *joinWait) Tick(_ time.Time, c *Context) bool {
	cl := w.dial.Client()
	if cl == nil {
		return w.dial.Failed() != ""
	}
	if err := cl.Err(); err != nil && !cl.Ready() {
		w.msg = "Could not join: " + err.Error()
		return true
	}
	if !cl.Ready() {
		return true // the waiting words may have come
	}
	_, at := beginJoined(c, cl)
	c.GoTo(at)
	return true
}

// beginJoined puts the joined game on the table: the client is what the
// table reads and acts on; no match runs here.
func beginJoined(c *Context, cl *remote.Client) (*live.Game, Scene) {
	o := c.app.gameOptions(0, false)
	lg := live.Join(cl, c.app.opts.Join, o)
	return lg, begin(lg)
}
