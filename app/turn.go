package app

import (
	"fmt"
	"time"

	"notrueking/words"
)

// Your turn, in a game played at several devices: when the seat to act
// becomes one this screen holds, the window says so beyond its table —
// the page changes its title and icon, plays a sound if the player asked
// for one and shows a notification if allowed (turn_js.go); the desktop
// window flashes its title while it is not in front (turn_native.go). A
// seat that waits sees on its prompt whose turn it is and for how long
// (table.Attendance.NoteTurn).

// turnTick notes the time on the table and tells the platform when this
// screen's turn begins or ends; it reports whether the prompt's time
// changed (a redraw).
func (lg *liveGame) turnTick(a *App, now time.Time) bool {
	u := lg.tbl
	changed := u.Attendance().NoteTurn(now)
	d := u.Game()
	ta := d.ToAct()
	mine := ta >= 0 && !d.Over() && d.Holds(ta)
	if mine != lg.myTurn {
		lg.myTurn = mine
		text := ""
		if mine {
			text = fmt.Sprintf("Your turn: %s (%s)", u.SeatName(ta), words.Title(u.SeatID(ta)))
		}
		a.signalTurn(mine, text)
	}
	return changed
}
