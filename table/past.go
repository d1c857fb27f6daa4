package table

import (
	"math"

	"notrueking/rules"
	"notrueking/ui"
)

// The past boards: a click on a log entry shows the table as it stood
// after that entry's action, read-only (nothing is played from the past),
// until Return or Esc.

// pastTable is the game as it stood after n actions, as the log panel's
// seat saw it then.
type pastTable struct {
	n         int
	pub, priv rules.View
}

// pastBoards is the table shown from the history (at; nil: the present)
// and the present's log, whose entries open it.
type pastBoards struct {
	t  *Table
	at *pastTable
	// present is the log of the present game as the log panel reads it
	// (the shown seat's, or the public one), kept at each refresh.
	present []rules.LogLine
}

// refresh runs at the end of the table's refresh: it keeps the present's log and,
// while the past is shown, puts the past's views on the table with no
// legal action.
func (pb *pastBoards) refresh() {
	pos := &pb.t.pos
	pb.present = pos.pub.Log
	if pos.shown >= 0 {
		pb.present = pos.priv.Log
	}
	if p := pb.at; p != nil {
		pos.pub, pos.priv, pos.legal = p.pub, p.priv, nil
	}
}

// show shows the table as it stood after n actions (n = the game's
// length returns to the present). It reads the engine's history (At) and
// changes nothing.
func (pb *pastBoards) show(n int) {
	u := pb.t
	if n >= u.pos.eng.Len() {
		pb.leave()
		return
	}
	pub, err := u.pos.eng.ViewAt(n, rules.Public)
	if err != nil {
		u.setMsg(err.Error(), true)
		return
	}
	seat := u.pos.logSeat()
	p := &pastTable{n: n, pub: pub, priv: pub}
	if seat >= 0 {
		if p.priv, err = u.pos.eng.ViewAt(n, seat); err != nil {
			u.setMsg(err.Error(), true)
			return
		}
	}
	u.resetLocal()
	pb.at = p
	u.setMsg(pastLabel(n), false)
	u.Refresh()
}

// leave returns the table to the present.
func (pb *pastBoards) leave() {
	u := pb.t
	if pb.at == nil {
		return
	}
	pb.at = nil
	u.setMsg("", false)
	u.Refresh()
}

// banner marks the table shown from the past, with a way back.
func (pb *pastBoards) banner(r ui.Rect) []ui.Widget {
	u := pb.t
	if pb.at == nil {
		return nil
	}
	// A frame round the whole window and a banner over the top bar: this
	// is not the game as it stands.
	c := ui.Canvas(u.portrait)
	bh := math.Max(34, u.panels.tap) // a finger's on a phone
	ws := []ui.Widget{{R: c.Inset(1), Kind: ui.WPanel, Edge: ui.ColWarn}, {R: r, Kind: ui.WPanel, Fill: ui.ColWarn, Edge: ui.ColGold}}
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 14, Y: r.Y + (r.H-26)/2, W: r.W - 200, H: 26}, Kind: ui.WText,
		Text: pastLabel(pb.at.n), Size: 20, Bold: true, Ink: ui.ColText})
	b := ui.Button(ui.Rect{X: r.X + r.W - 178, Y: r.Y + (r.H-bh)/2, W: 168, H: bh}, "Return", ui.CmdTarget(ui.Command{Kind: ui.CmdPresent}))
	b.Fill, b.Key, b.Tip = ui.ColOK, ui.KeyEsc, "Back to the table as it stands."
	return append(ws, b)
}

// refuse reports whether the past is shown, and then says on the message
// line that the table cannot be played from it.
func (pb *pastBoards) refuse() bool {
	if pb.at == nil {
		return false
	}
	pb.t.setMsg(pastLabel(pb.at.n)+" (the table cannot be played from the past)", true)
	return true
}
