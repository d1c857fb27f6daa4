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

// SetPresence says who plays each seat from another device (nil: nobody:
// a game at one screen), as of now (the prompt's "away for" counts from
// it).
func (u *Table) SetPresence(ps []Presence, now time.Time) {
	u.presence, u.presenceAt = ps, now
}

// PresenceList is the presence set last (SetPresence).
func (u *Table) PresenceList() []Presence { return u.presence }

// presenceOf is seat s's presence (the zero value: not remote).
func (u *Table) presenceOf(s rules.Seat) Presence {
	if s >= 0 && int(s) < len(u.presence) {
		return u.presence[s]
	}
	return Presence{}
}

// awayFor says how long a seat's device has been away ("" when it is
// connected or not remote): "away 1:05", "not joined yet".
func (u *Table) awayFor(s rules.Seat) string {
	p := u.presenceOf(s)
	switch {
	case !p.Remote || p.Connected:
		return ""
	case p.AwaySince.IsZero():
		return "not joined yet"
	}
	d := max(u.presenceAt.Sub(p.AwaySince), 0).Round(time.Second)
	return fmt.Sprintf("away %d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

// NoteTurn tells the table the time in a game played at several devices:
// the prompt then says how long the seat to act has been at it when this
// table does not hold that seat ("— Ben's turn for 0:42"). It reports
// whether that time, in seconds, changed (a redraw is due).
func (u *Table) NoteTurn(now time.Time) bool {
	ta := u.pos.eng.ToAct()
	before := u.turnFor()
	if ta != u.turnSeat || u.turnSince.IsZero() {
		u.turnSeat, u.turnSince = ta, now
	}
	u.turnAt = now
	return u.turnFor() != before
}

// turnFor is how long the seat to act has been at it, as the prompt says
// it ("" when this table holds that seat, or the game is at one screen).
func (u *Table) turnFor() string {
	ta := u.pos.eng.ToAct()
	if u.presence == nil || ta < 0 || ta != u.turnSeat || u.turnSince.IsZero() || u.pos.eng.Holds(ta) {
		return ""
	}
	d := max(u.turnAt.Sub(u.turnSince), 0).Truncate(time.Second)
	return fmt.Sprintf("%d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

// waitingText is what the prompt adds while the game waits on a seat
// whose device is away ("— Ben's device is away 1:05"), or on another
// seat of a game played at several devices ("— Ben's turn for 0:42").
func (u *Table) waitingText() string {
	ta := u.pos.eng.ToAct()
	a := u.awayFor(ta)
	if a == "" {
		if t := u.turnFor(); t != "" {
			return fmt.Sprintf(" — %s's turn for %s", u.pos.seatName(ta), t)
		}
		return ""
	}
	if a == "not joined yet" {
		return fmt.Sprintf(" — waiting for %s to join", u.pos.seatName(ta))
	}
	return fmt.Sprintf(" — %s's device is %s", u.pos.seatName(ta), a)
}

// presenceTag is the small tag beside a remote seat's name: "on" while
// its device is connected, "away" else; nil for a seat that is not
// remote.
func (u *Table) presenceTag(s rules.Seat, r ui.Rect, name string) *ui.Widget {
	p := u.presenceOf(s)
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
		w.Tip = fmt.Sprintf("%s plays from %s, which is not connected (%s). The game waits for it when it is %s's turn; the host may hand the seat to a bot.", name, dev, u.awayFor(s), name)
	}
	return &w
}
