package table

import (
	"fmt"
	"time"

	"notrueking/rules"
	"notrueking/ui"
)

// Presence is who plays a seat from another device, and whether that
// device is connected (a game hosted on the network): every table shows
// it, and while the game waits on a seat whose device is away, the prompt
// says who and for how long.
type Presence struct {
	// Remote says the seat is played from another device (false: at this
	// screen, or a bot).
	Remote bool
	// Device is the device's name ("" before any came).
	Device string
	// Connected says the device is connected now.
	Connected bool
	// AwaySince is when its link dropped (zero when connected, or when no
	// device ever took the seat).
	AwaySince time.Time
}

// Attendance is who plays each seat from another device (a game hosted
// on the network), and how long the seat to act has been at it: the
// players' tags, and the prompt's words while the game waits on a seat
// whose device is away or on another device's seat.
type Attendance struct {
	pos *position
	// list is each seat's presence, as of at (Set).
	list []Presence
	at   time.Time
	// turnSeat is the seat to act as NoteTurn last saw it, since
	// turnSince; turnAt the time NoteTurn was last told.
	turnSeat          rules.Seat
	turnSince, turnAt time.Time
}

// Set says who plays each seat from another device (nil: nobody: a game
// at one screen), as of now (the prompt's "away for" counts from it).
func (a *Attendance) Set(ps []Presence, now time.Time) {
	a.list, a.at = ps, now
}

// List is the presence set last (Set).
func (a *Attendance) List() []Presence { return a.list }

// of is seat s's presence (the zero value: not remote).
func (a *Attendance) of(s rules.Seat) Presence {
	if s >= 0 && int(s) < len(a.list) {
		return a.list[s]
	}
	return Presence{}
}

// awayFor says how long a seat's device has been away ("" when it is
// connected or not remote): "away 1:05", "not joined yet".
func (a *Attendance) awayFor(s rules.Seat) string {
	p := a.of(s)
	switch {
	case !p.Remote || p.Connected:
		return ""
	case p.AwaySince.IsZero():
		return "not joined yet"
	}
	d := max(a.at.Sub(p.AwaySince), 0).Round(time.Second)
	return fmt.Sprintf("away %d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

// NoteTurn tells the table the time in a game played at several devices:
// the prompt then says how long the seat to act has been at it when this
// table does not hold that seat ("— Ben's turn for 0:42"). It reports
// whether that time, in seconds, changed (a redraw is due).
func (a *Attendance) NoteTurn(now time.Time) bool {
	ta := a.pos.eng.ToAct()
	before := a.turnFor()
	if ta != a.turnSeat || a.turnSince.IsZero() {
		a.turnSeat, a.turnSince = ta, now
	}
	a.turnAt = now
	return a.turnFor() != before
}

// turnFor is how long the seat to act has been at it, as the prompt says
// it ("" when this table holds that seat, or the game is at one screen).
func (a *Attendance) turnFor() string {
	ta := a.pos.eng.ToAct()
	if a.list == nil || ta < 0 || ta != a.turnSeat || a.turnSince.IsZero() || a.pos.eng.Holds(ta) {
		return ""
	}
	d := max(a.turnAt.Sub(a.turnSince), 0).Truncate(time.Second)
	return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

// waitingText is what the prompt adds while the game waits on a seat
// whose device is away ("— Ben's device is away 1:05"), or on another
// seat of a game played at several devices ("— Ben's turn for 0:42").
func (a *Attendance) waitingText() string {
	ta := a.pos.eng.ToAct()
	away := a.awayFor(ta)
	if away == "" {
		if t := a.turnFor(); t != "" {
			return fmt.Sprintf(" — %s's turn for %s", a.pos.seatName(ta), t)
		}
		return ""
	}
	if away == "not joined yet" {
		return fmt.Sprintf(" — waiting for %s to join", a.pos.seatName(ta))
	}
	return fmt.Sprintf(" — %s's device is %s", a.pos.seatName(ta), away)
}

// tag is the small tag beside a remote seat's name: "on" while
// its device is connected, "away" else; nil for a seat that is not
// remote.
func (a *Attendance) tag(s rules.Seat, r ui.Rect, name string) *ui.Widget {
	p := a.of(s)
	if !p.Remote {
		return nil
	}
	w := ui.Widget{R: r, Kind: ui.WBox, Size: 12, Edge: ui.ColDim, Ink: ui.ColText}
	dev := "another device"
	if p.Device != "" {
		dev = fmt.Sprintf("the device %q", p.Device)
	}
	switch {
	case p.Connected:
		w.Text, w.Fill = "on", ui.ColOK
		w.Ink = ui.TextOn(w.Fill)
		w.Tip = fmt.Sprintf("%s plays from %s, connected now.", name, dev)
	case p.Device == "" && p.AwaySince.IsZero():
		w.Text, w.Fill = "wait", ui.ColPanelHi
		w.Tip = fmt.Sprintf("%s's seat waits for a device to join the game with its link.", name)
	default:
		w.Text, w.Fill = "away", ui.ColWarn
		w.Ink = ui.TextOn(w.Fill)
		w.Tip = fmt.Sprintf("%s plays from %s, which is not connected (%s). The game waits for it when it is %s's turn; the host may hand the seat to a bot.", name, dev, a.awayFor(s), name)
	}
	return &w
}
